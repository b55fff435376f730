/* Prints what nanoblas detected and chose on this machine (the same text NANOBLAS_VERBOSE=1 shows). */
#include <stdio.h>
#include "include/nanoblas.h"

int main(void)
{
    fputs(nanoblas_get_config(), stdout);
    return 0;
}
