/* xerbla_array_: the reference entry for callers that hold the routine name as a character array
   (C and other languages). Forwards to xerbla_ so a program's own xerbla_ sees the call. */
#include <string.h>
#include "nb_common.h"

void xerbla_(const char *srname, const blasint *info, nb_strlen len);

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
