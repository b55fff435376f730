/* CBLAS forms of OpenBLAS's further extensions (the Fortran forms and the definitions are in
   blas/ext/openblas_l1x.tmpl.c and openblas_l23x.tmpl.c). Types as in OpenBLAS's cblas.h:
     cblas_ssum cblas_dsum cblas_scsum cblas_dzsum     the ?sum functions
     cblas_i?max cblas_i?min (s d c z)                 0-based index, 0 when n < 1 or incx < 1
     cblas_cdotu cblas_cdotc cblas_zdotu cblas_zdotc   dot products returned by value
                                                       (openblas_complex_float/double)
     cblas_cgemm3m cblas_zgemm3m                       cblas_?gemm
   cblas_icmax/izmax/icmin/izmin: OpenBLAS builds these from its real i?max/i?min source without
   the complex flag, so they search the first n REAL numbers of the interleaved array with stride
   incx (counted in reals), i.e. cblas_ismax((float *)x) - checked against Debian's OpenBLAS
   0.3.21. Programs written for OpenBLAS get the same answer here; there is no complex meaning. */
#include "cblas_common.h"
#include "blas/level1/level1.h"
#include "blas/level3/level3.h"
#include "blas/nb_trace.h"
#include "blas/ext/openblas_ext_int.h"

#define NB_CB_R(x) NB_CAT3(cblas_, NB_RP, x) /* cblas_ssum ... cblas_dzsum */
#define NB_CB_I(x) NB_CAT3(cblas_, NB_IP, x) /* cblas_ismax ... cblas_izmax */

NB_EXPORT nb_r NB_CB_R(sum)(const blasint n, NB_CVEC x, const blasint incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, n, incx);
    return NB_INT(sum_x)(n, (const nb_t *)x, incx);
}

/* Index searches: real data of the current precision's real type (see the top comment). */
static CBLAS_INDEX zero_based(blasint i) { return i > 0 ? (CBLAS_INDEX)(i - 1) : 0; }

NB_EXPORT CBLAS_INDEX NB_CB_I(max)(const blasint n, NB_CVEC x, const blasint incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, n, incx);
    return zero_based(NB_REAL_INT(imax_x)(n, (const nb_r *)x, incx));
}

NB_EXPORT CBLAS_INDEX NB_CB_I(min)(const blasint n, NB_CVEC x, const blasint incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, n, incx);
    return zero_based(NB_REAL_INT(imin_x)(n, (const nb_r *)x, incx));
}

#if NB_COMPLEX
NB_EXPORT nb_t NB_CBLAS(dotu)(const blasint n, const void *x, const blasint incx, const void *y,
                              const blasint incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, n, incx, incy);
    nb_t r;
    NB_INT(dotu)(n, x, incx, y, incy, &r);
    return r;
}

NB_EXPORT nb_t NB_CBLAS(dotc)(const blasint n, const void *x, const blasint incx, const void *y,
                              const blasint incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, n, incx, incy);
    nb_t r;
    NB_INT(dotc)(n, x, incx, y, incy, &r);
    return r;
}

/* cblas_?gemm's checks, positions and row-major mapping, then the 3M driver. */
NB_EXPORT void NB_CBLAS(gemm3m)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                                const CBLAS_TRANSPOSE TransB, const blasint M, const blasint N, const blasint K,
                                NB_CSCAL alpha, NB_CVEC A, const blasint lda, NB_CVEC B, const blasint ldb,
                                NB_CSCAL beta, NB_VEC C, const blasint ldc)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(TransA), NB_TR_E(TransB), M, N, K, lda, ldb, ldc);
    NB_INT(cblas_gemm_named)(NB_CB_NAME(gemm3m), 1, layout, TransA, TransB, M, N, K, alpha, A, lda, B,
                             ldb, beta, C, ldc);
}
#endif
