/* CBLAS Level 1: direct calls of the internal drivers (vectors have no layout, and Level 1 has no
   argument checks: the drivers quick-return as the reference does). Complex dot products return
   through a pointer; cblas_i?amax return the 0-based index. */
#include "cblas_common.h"
#include "blas/level1/level1.h"
#include "blas/nb_trace.h"

#define NB_CB_R(x) NB_CAT3(cblas_, NB_RP, x) /* cblas_sasum ... cblas_scasum, cblas_dzasum */
#define NB_CB_I(x) NB_CAT3(cblas_, NB_IP, x) /* cblas_isamax ... cblas_izamax */

NB_EXPORT nb_r NB_CB_R(asum)(const blasint N, NB_CVEC X, const blasint incX)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, N, incX);
    return NB_RINT(asum)(N, X, incX);
}

NB_EXPORT nb_r NB_CB_R(nrm2)(const blasint N, NB_CVEC X, const blasint incX)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, N, incX);
    return NB_RINT(nrm2)(N, X, incX);
}

NB_EXPORT CBLAS_INDEX NB_CB_I(amax)(const blasint N, NB_CVEC X, const blasint incX)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, N, incX);
    const blasint i = NB_IINT(amax)(N, X, incX);
    return i > 0 ? (CBLAS_INDEX)(i - 1) : 0;
}

NB_EXPORT void NB_CBLAS(axpy)(const blasint N, NB_CSCAL alpha, NB_CVEC X, const blasint incX, NB_VEC Y,
                              const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    const nb_t al = NB_SCALAR(alpha);
    NB_INT(axpy)(N, &al, X, incX, Y, incY);
}

NB_EXPORT void NB_CBLAS(copy)(const blasint N, NB_CVEC X, const blasint incX, NB_VEC Y, const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(copy)(N, X, incX, Y, incY);
}

NB_EXPORT void NB_CBLAS(swap)(const blasint N, NB_VEC X, const blasint incX, NB_VEC Y, const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(swap)(N, X, incX, Y, incY);
}

NB_EXPORT void NB_CBLAS(scal)(const blasint N, NB_CSCAL alpha, NB_VEC X, const blasint incX)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, N, incX);
    const nb_t al = NB_SCALAR(alpha);
    NB_INT(scal)(N, &al, X, incX);
}

#if !NB_COMPLEX
NB_EXPORT nb_t NB_CBLAS(dot)(const blasint N, const nb_t *X, const blasint incX, const nb_t *Y,
                             const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    return NB_INT(dot)(N, X, incX, Y, incY);
}

NB_EXPORT void NB_CBLAS(rot)(const blasint N, nb_t *X, const blasint incX, nb_t *Y, const blasint incY,
                             const nb_t c, const nb_t s)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(rot)(N, X, incX, Y, incY, c, s);
}

NB_EXPORT void NB_CBLAS(rotg)(nb_t *a, nb_t *b, nb_t *c, nb_t *s)
{
    NB_TRACE0();
    NB_INT(rotg)(a, b, c, s);
}

NB_EXPORT void NB_CBLAS(rotm)(const blasint N, nb_t *X, const blasint incX, nb_t *Y, const blasint incY,
                              const nb_t *P)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(rotm)(N, X, incX, Y, incY, P);
}

NB_EXPORT void NB_CBLAS(rotmg)(nb_t *d1, nb_t *d2, nb_t *b1, const nb_t b2, nb_t *P)
{
    NB_TRACE0();
    NB_INT(rotmg)(d1, d2, b1, &b2, P);
}
#else
NB_EXPORT void NB_CBLAS(dotu_sub)(const blasint N, const void *X, const blasint incX, const void *Y,
                                  const blasint incY, void *dotu)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(dotu)(N, X, incX, Y, incY, dotu);
}

NB_EXPORT void NB_CBLAS(dotc_sub)(const blasint N, const void *X, const blasint incX, const void *Y,
                                  const blasint incY, void *dotc)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_INT(dotc)(N, X, incX, Y, incY, dotc);
}

NB_EXPORT void NB_CBLAS(rotg)(void *a, void *b, nb_r *c, void *s)
{
    NB_TRACE0();
    NB_INT(rotg)(a, b, c, s);
}

/* csscal / zdscal and csrot / zdrot: real scalars */
NB_EXPORT void NB_CAT3(cblas_, NB_SP, scal)(const blasint N, const nb_r alpha, void *X, const blasint incX)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, N, incX);
    NB_SINT(scal)(N, alpha, X, incX);
}

NB_EXPORT void NB_CAT3(cblas_, NB_SP, rot)(const blasint N, void *X, const blasint incX, void *Y,
                                           const blasint incY, const nb_r c, const nb_r s)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    NB_SINT(rot)(N, X, incX, Y, incY, c, s);
}
#endif

/* The mixed-precision functions exist once; each goes with the precision of its arguments. */
#if NB_PREC == 1
NB_EXPORT float cblas_sdsdot(const blasint N, const float alpha, const float *X, const blasint incX,
                             const float *Y, const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    return nb_sdsdot(N, alpha, X, incX, Y, incY);
}

NB_EXPORT double cblas_dsdot(const blasint N, const float *X, const blasint incX, const float *Y,
                             const blasint incY)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, N, incX, incY);
    return nb_dsdot(N, X, incX, Y, incY);
}
#elif NB_PREC == 3
NB_EXPORT float cblas_scabs1(const void *c)
{
    NB_TRACE0();
    float _Complex v;
    memcpy(&v, c, sizeof v);
    return nb_scabs1(v);
}
#elif NB_PREC == 4
NB_EXPORT double cblas_dcabs1(const void *z)
{
    NB_TRACE0();
    double _Complex v;
    memcpy(&v, z, sizeof v);
    return nb_dcabs1(v);
}
#endif
