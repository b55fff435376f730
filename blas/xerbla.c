/* xerbla_ and xerbla_array_: the reference error handlers. Each lives alone in this object so that
   a program (or a static link) that defines its own xerbla_ replaces ours cleanly. */
#include <stdio.h>
#include <string.h>
#include "nb_common.h"

NB_EXPORT void xerbla_(const char *srname, const blasint *info, nb_strlen len)
{
    size_t n = len;
    /* Trim the blank padding of the Fortran name, as the reference prints it. */
    while (n > 0 && srname[n - 1] == ' ')
        n--;
    fprintf(stderr, " ** On entry to %.*s parameter number %d had an illegal value\n", (int)n, srname,
            (int)*info);
    /* The reference stops the program here; a library must not, so it returns to the caller,
       which then returns without touching any output. */
}

NB_EXPORT void xerbla_array_(const char *srname_array, const blasint *srname_len, const blasint *info,
                             nb_strlen len)
{
    char name[33];
    size_t n = *srname_len > 0 ? (size_t)*srname_len : 0;
    (void)len;
    if (n > 32)
        n = 32;
    memcpy(name, srname_array, n);
    for (size_t i = n; i < 32; i++)
        name[i] = ' ';
    name[32] = 0;
    xerbla_(name, info, 32);
}

void nb_xerbla(const char *name, blasint info)
{
    /* A call through the exported symbol: with -fPIC and default visibility this goes through
       the PLT, so an xerbla_ defined by the program interposes ours. */
    xerbla_(name, &info, strlen(name));
}
