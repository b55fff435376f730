/* The subroutine forms of the Level 1 functions that the netlib libblas.so.3 also exports
   (the function value is stored through a last pointer argument; the CBLAS wrappers of the
   reference call these). */
#include "l1_internal.h"
#include "blas/nb_trace.h"

NB_EXPORT void NB_RFN(asumsub_)(const blasint *n, const nb_t *x, const blasint *incx, nb_r *asum)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    *asum = NB_RINT(asum)(*n, x, *incx);
}

NB_EXPORT void NB_RFN(nrm2sub_)(const blasint *n, const nb_t *x, const blasint *incx, nb_r *nrm2)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    *nrm2 = NB_RINT(nrm2)(*n, x, *incx);
}

NB_EXPORT void NB_IFN(amaxsub_)(const blasint *n, const nb_t *x, const blasint *incx, blasint *index)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    *index = NB_IINT(amax)(*n, x, *incx);
}

#if !NB_COMPLEX
NB_EXPORT void NB_FN(dotsub_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                              const blasint *incy, nb_t *dot)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    *dot = NB_INT(dot)(*n, x, *incx, y, *incy);
}
#else
NB_EXPORT void NB_FN(dotcsub_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                               const blasint *incy, nb_t *dot)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(dotc)(*n, x, *incx, y, *incy, dot);
}

NB_EXPORT void NB_FN(dotusub_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                               const blasint *incy, nb_t *dot)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(dotu)(*n, x, *incx, y, *incy, dot);
}
#endif

#if NB_PREC == 1
NB_EXPORT void sdsdotsub_(const blasint *n, const float *sb, const float *sx, const blasint *incx,
                          const float *sy, const blasint *incy, float *dot)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    *dot = nb_sdsdot(*n, *sb, sx, *incx, sy, *incy);
}

NB_EXPORT void dsdotsub_(const blasint *n, const float *sx, const blasint *incx, const float *sy,
                         const blasint *incy, double *dot)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    *dot = nb_dsdot(*n, sx, *incx, sy, *incy);
}
#elif NB_PREC == 3
NB_EXPORT void scabs1sub_(const float _Complex *z, float *abs)
{
    NB_TRACE0();
    *abs = nb_scabs1(*z);
}
#elif NB_PREC == 4
NB_EXPORT void dcabs1sub_(const double _Complex *z, double *abs)
{
    NB_TRACE0();
    *abs = nb_dcabs1(*z);
}
#endif
