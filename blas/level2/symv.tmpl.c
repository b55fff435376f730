/* y := alpha*A*x + beta*y for a symmetric (s, d: xSYMV, xSBMV, xSPMV) or Hermitian (c, z: xHEMV,
   xHBMV, xHPMV) matrix of which one triangle is stored in full, band or packed form. The real and
   complex routines are the same algorithm: for real types conjugation is the identity and the real
   part of the diagonal is the diagonal. */
#include "l2_common.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
#define L2_FULL_MV hemv
#define L2_BAND_MV hbmv
#define L2_PACK_MV hpmv
#define L2_FULL_NAME NB_UP "HEMV "
#define L2_BAND_NAME NB_UP "HBMV "
#define L2_PACK_NAME NB_UP "HPMV "
#else
#define L2_FULL_MV symv
#define L2_BAND_MV sbmv
#define L2_PACK_MV spmv
#define L2_FULL_NAME NB_UP "SYMV "
#define L2_BAND_NAME NB_UP "SBMV "
#define L2_PACK_NAME NB_UP "SPMV "
#endif
#define L2_DRV(x) NB_INT(x)
#define L2_CHK(x) NB_INT(NB_CAT(x, _check))
#define L2_F77(x) NB_FN(NB_CAT(x, _))

/* One pass over the stored triangle, column by column: each off-diagonal A(i,j) contributes to
   y(i) through column j (axpy) and to y(j) through row j (dot), as the reference does. */
static void l2_symv(const l2_tri *s, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                    blasint incy)
{
    blasint n = s->n;
    if (n == 0 || (alpha == 0 && beta == 1))
        return;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (beta != 1)
        l2_scale(n, beta, ys, incy);
    if (alpha == 0)
        return;
    for (blasint j = 0; j < n; j++) {
        const nb_t *col = l2_col(s, j);
        nb_t temp1 = alpha * L2_AT(xs, j, incx), temp2 = 0;
        nb_r diag = NB_RE(col[j]);
        blasint lo = s->upper ? l2_lo(s, j) : j + 1;
        blasint hi = s->upper ? j - 1 : l2_hi(s, j);
        if (!s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1);
        if (incx == 1 && incy == 1) {
            for (blasint i = lo; i <= hi; i++) {
                ys[i] = ys[i] + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * xs[i];
            }
        } else {
            for (blasint i = lo; i <= hi; i++) {
                L2_AT(ys, i, incy) = L2_AT(ys, i, incy) + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * L2_AT(xs, i, incx);
            }
        }
        if (s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1) + alpha * temp2;
        else
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp2;
    }
}

/* ---- full storage ------------------------------------------------------------------------ */
void L2_DRV(L2_FULL_MV)(char uplo, blasint n, nb_t alpha, const nb_t *a, blasint lda, const nb_t *x,
                blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_FULL_MV)(char uplo, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                                   const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (lda < nb_max(1, n))
        return 5;
    if (incx == 0)
        return 7;
    if (incy == 0)
        return 10;
    return 0;
}

NB_EXPORT void L2_F77(L2_FULL_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *a,
                            const blasint *lda, const nb_t *x, const blasint *incx, const nb_t *beta,
                            nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d lda=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *lda, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_FULL_MV)(*uplo, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_FULL_NAME, info);
        return;
    }
    L2_DRV(L2_FULL_MV)(*uplo, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

/* ---- band storage ------------------------------------------------------------------------ */
void L2_DRV(L2_BAND_MV)(char uplo, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_BAND_MV)(char uplo, blasint n, blasint k, nb_t alpha, const nb_t *a,
                                   blasint lda, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                                   blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (k < 0)
        return 3;
    if ((int64_t)lda < (int64_t)k + 1)
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

NB_EXPORT void L2_F77(L2_BAND_MV)(const char *uplo, const blasint *n, const blasint *k, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d k=%d lda=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *k, *lda, *incx,
             *incy);
    (void)luplo;
    blasint info =
        L2_CHK(L2_BAND_MV)(*uplo, *n, *k, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_BAND_NAME, info);
        return;
    }
    L2_DRV(L2_BAND_MV)(*uplo, *n, *k, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void L2_DRV(L2_PACK_MV)(char uplo, blasint n, nb_t alpha, const nb_t *ap, const nb_t *x, blasint incx,
                nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_PACK_MV)(char uplo, blasint n, nb_t alpha, const nb_t *ap, const nb_t *x,
                                   blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)ap, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 6;
    if (incy == 0)
        return 9;
    return 0;
}

NB_EXPORT void L2_F77(L2_PACK_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *ap,
                            const nb_t *x, const blasint *incx, const nb_t *beta, nb_t *y,
                            const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_PACK_MV)(*uplo, *n, *alpha, ap, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_PACK_NAME, info);
        return;
    }
    L2_DRV(L2_PACK_MV)(*uplo, *n, *alpha, ap, x, *incx, *beta, y, *incy);
}
