/* xerbla_: the reference error handler. It lives alone in this object so that a program that
   defines its own xerbla_ replaces ours cleanly, also in a static link. */
#include <stdio.h>
#include <string.h>
#include "nb_common.h"

NB_EXPORT void xerbla_(const char *srname, const blasint *info, nb_strlen len)
{
    size_t n = len;
    /* Trim the blank padding of the Fortran name, as the reference prints it. */
    while (n > 0 && srname[n - 1] == ' ')
        n--;
    fprintf(stderr, " ** On entry to %.*s parameter number %" NB_TD " had an illegal value\n", (int)n,
            srname, *info);
    /* The reference stops the program here; a library must not, so it returns to the caller,
       which then returns without touching any output. */
}
