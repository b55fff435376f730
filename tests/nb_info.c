/* Prints what nanoblas detected and chose on this machine (the text NANOBLAS_VERBOSE=1 shows).
   `nb_info --sets` prints only the kernel sets this build and this CPU can run, one line. */
#include <stdio.h>
#include <string.h>
#include "include/nanoblas.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--sets") == 0) {
        puts(nanoblas_kernel_sets_available());
        return 0;
    }
    fputs(nanoblas_get_config(), stdout);
    return 0;
}
