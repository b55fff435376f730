/* The internal error path of every Fortran-ABI routine. Separate from xerbla.c so that a static
   link against libnanoblas.a with the program's own xerbla_ never pulls our xerbla_ object. */
#include <string.h>
#include "nb_common.h"

void xerbla_(const char *srname, const blasint *info, nb_strlen len);

void nb_xerbla(const char *name, blasint info)
{
    /* A call through the exported symbol: with -fPIC and default visibility this goes through
       the PLT, so an xerbla_ defined by the program interposes ours. */
    xerbla_(name, &info, strlen(name));
}
