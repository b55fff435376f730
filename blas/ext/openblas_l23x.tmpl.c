/* OpenBLAS's complex-symmetric Level 2 extensions and ?gemm3m, Fortran entry points (complex
   only; the real precisions compile to nothing):
     ?sbmv   y := alpha*A*x + beta*y, A n x n complex symmetric band (k super-diagonals)
     ?spr2   A := alpha*x*y**T + alpha*y*x**T + A, A complex symmetric packed
     ?syr2   the same, A in full storage (one triangle referenced)
     ?gemm3m the ?gemm operation with three real matrix products instead of four
             (blas/level3/gemm3m.tmpl.c, which says where it runs ?gemm instead, and its accuracy)
   Argument lists are those of the real ssbmv/sspr2/ssyr2 with complex scalars and vectors;
   nothing is conjugated (A**T, not A**H). The loops are the reference's real algorithms in complex
   arithmetic: y is scaled by beta first (beta == 0 stores zeros without reading y), alpha == 0
   then returns; a rank-2 column whose x(j) and y(j) are both zero is skipped. Negative
   increments walk from the far end. Errors: xerbla with OpenBLAS's names (CSBMV, CSPR2, CSYR2,
   CGEMM3M) and the position of the first illegal argument, nothing written. The CBLAS form of
   ?gemm3m is in cblas/cblas_ext2.tmpl.c. */
#include "blas/level2/l2_common.h"
#include "blas/level3/level3.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX

/* Positions: uplo 1, n 2, k 3, lda 6, incx 8, incy 11. */
static blasint sbmv_check(char uplo, blasint n, blasint k, blasint lda, blasint incx, blasint incy)
{
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (n < 0)
        return 2;
    if (k < 0)
        return 3;
    if (lda < k + 1)
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

void NB_INT(sbmv_sym)(int upper, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                      const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    if (n == 0 || (alpha == 0 && beta == 1))
        return;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (beta != 1)
        l2_scale(n, &beta, ys, incy);
    if (alpha == 0)
        return;
    for (blasint j = 0; j < n; j++) {
        const nb_t *col = a + (size_t)j * (size_t)lda; /* band column j: row i is col[k + i - j] (upper) or col[i - j] (lower) */
        nb_t temp1 = alpha * L2_AT(xs, j, incx), temp2 = 0;
        if (upper) {
            for (blasint i = j > k ? j - k : 0; i < j; i++) {
                nb_t aij = col[k + i - j];
                L2_AT(ys, i, incy) = L2_AT(ys, i, incy) + temp1 * aij;
                temp2 = temp2 + aij * L2_AT(xs, i, incx);
            }
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + temp1 * col[k] + alpha * temp2;
        } else {
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + temp1 * col[0];
            blasint hi = n - 1 - j > k ? j + k : n - 1;
            for (blasint i = j + 1; i <= hi; i++) {
                nb_t aij = col[i - j];
                L2_AT(ys, i, incy) = L2_AT(ys, i, incy) + temp1 * aij;
                temp2 = temp2 + aij * L2_AT(xs, i, incx);
            }
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp2;
        }
    }
}

/* The rank-2 update of one triangle; packed (ld == 0) or full storage with leading dimension ld. */
void NB_INT(syr2_sym)(int upper, blasint n, nb_t alpha, const nb_t *x, blasint incx, const nb_t *y,
                      blasint incy, nb_t *a, blasint ld)
{
    if (n == 0 || alpha == 0)
        return;
    const nb_t *xs = x + nb_vstart(n, incx), *ys = y + nb_vstart(n, incy);
    size_t packed = 0; /* start of column j in packed storage */
    for (blasint j = 0; j < n; j++) {
        blasint lo = upper ? 0 : j, hi = upper ? j : n - 1;
        /* col[i] is element (i, j) */
        nb_t *col = ld ? a + (size_t)j * (size_t)ld : a + packed - (size_t)lo;
        packed += (size_t)(hi - lo + 1);
        nb_t xj = L2_AT(xs, j, incx), yj = L2_AT(ys, j, incy);
        if (xj == 0 && yj == 0)
            continue;
        nb_t temp1 = alpha * yj, temp2 = alpha * xj;
        for (blasint i = lo; i <= hi; i++)
            col[i] = col[i] + L2_AT(xs, i, incx) * temp1 + L2_AT(ys, i, incy) * temp2;
    }
}

/* Positions of ?syr2 (full) and ?spr2 (packed, no lda): uplo 1, n 2, incx 5, incy 7, lda 9. */
static blasint syr2_check(char uplo, blasint n, blasint incx, blasint incy, int full, blasint lda)
{
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    if (incy == 0)
        return 7;
    if (full && lda < nb_max(1, n))
        return 9;
    return 0;
}

/* ---- Fortran entry points ---- */

NB_EXPORT void NB_FN(sbmv_)(const char *uplo, const blasint *n, const blasint *k, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *k, *lda, *incx, *incy);
    (void)luplo;
    blasint info = sbmv_check(*uplo, *n, *k, *lda, *incx, *incy);
    if (info) {
        nb_xerbla(NB_UP "SBMV ", info);
        return;
    }
    NB_INT(sbmv_sym)(nb_same(*uplo, 'U'), *n, *k, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

NB_EXPORT void NB_FN(spr2_)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *x,
                            const blasint *incx, const nb_t *y, const blasint *incy, nb_t *ap,
                            nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *incy);
    (void)luplo;
    blasint info = syr2_check(*uplo, *n, *incx, *incy, 0, 0);
    if (info) {
        nb_xerbla(NB_UP "SPR2 ", info);
        return;
    }
    NB_INT(syr2_sym)(nb_same(*uplo, 'U'), *n, *alpha, x, *incx, y, *incy, ap, 0);
}

NB_EXPORT void NB_FN(syr2_)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *x,
                            const blasint *incx, const nb_t *y, const blasint *incy, nb_t *a,
                            const blasint *lda, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *incy, *lda);
    (void)luplo;
    blasint info = syr2_check(*uplo, *n, *incx, *incy, 1, *lda);
    if (info) {
        nb_xerbla(NB_UP "SYR2 ", info);
        return;
    }
    NB_INT(syr2_sym)(nb_same(*uplo, 'U'), *n, *alpha, x, *incx, y, *incy, a, *lda);
}

NB_EXPORT void NB_FN(gemm3m_)(const char *transa, const char *transb, const blasint *m,
                              const blasint *n, const blasint *k, const nb_t *alpha, const nb_t *a,
                              const blasint *lda, const nb_t *b, const blasint *ldb,
                              const nb_t *beta, nb_t *c, const blasint *ldc, nb_strlen ltransa,
                              nb_strlen ltransb)
{
    NB_TRACE("transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(transa),
             NB_TR_CH(transb), *m, *n, *k, *lda, *ldb, *ldc);
    (void)ltransa, (void)ltransb;
    blasint info =
        NB_INT(gemm_check)(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "GEMM3M ", info);
        return;
    }
    NB_INT(gemm3m)(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int nb_openblas_l23x_real_unused;
#endif
