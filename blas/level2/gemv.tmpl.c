/* xGEMV and xGBMV: y := alpha*op(A)*x + beta*y for a general (gemv) or banded (gbmv) matrix. */
#include "l2_common.h"

/* The part both share: lengths of x and y for op, the reference's beta pass over y, and whether
   any work remains after it. */
static int l2_gen_prologue(char trans, blasint m, blasint n, nb_t alpha, nb_t beta, nb_t *y,
                           blasint incy, blasint *lenx, blasint *leny, nb_t **ys)
{
    int notrans = nb_same(trans, 'N');
    *lenx = notrans ? n : m;
    *leny = notrans ? m : n;
    *ys = y + nb_vstart(*leny, incy);
    if (beta != 1)
        l2_scale(*leny, beta, *ys, incy);
    return alpha != 0;
}

void NB_INT(gemv)(char trans, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                  const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1))
        return;
    blasint lenx, leny;
    nb_t *ys;
    if (!l2_gen_prologue(trans, m, n, alpha, beta, y, incy, &lenx, &leny, &ys))
        return;
    const nb_t *xs = x + nb_vstart(lenx, incx);
    if (nb_same(trans, 'N')) {
        /* column sweep: y += (alpha*x_j) * A(:,j), no test of x_j (reference 3.5+ propagates NaN) */
        for (blasint j = 0; j < n; j++)
            l2_axpy(0, m - 1, alpha * L2_AT(xs, j, incx), a + (ptrdiff_t)j * lda, ys, incy);
    } else {
        int conj = nb_same(trans, 'C');
        for (blasint j = 0; j < n; j++) {
            nb_t temp = l2_dot(0, 0, m - 1, a + (ptrdiff_t)j * lda, xs, incx, conj);
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp;
        }
    }
}

blasint NB_INT(gemv_check)(char trans, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                           const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'C'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (lda < nb_max(1, m))
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

NB_EXPORT void NB_FN(gemv_)(const char *trans, const blasint *m, const blasint *n, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen ltrans)
{
    (void)ltrans;
    blasint info = NB_INT(gemv_check)(*trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(NB_UP "GEMV ", info);
        return;
    }
    NB_INT(gemv)(*trans, *m, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

void NB_INT(gbmv)(char trans, blasint m, blasint n, blasint kl, blasint ku, nb_t alpha, const nb_t *a,
                  blasint lda, const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1))
        return;
    blasint lenx, leny;
    nb_t *ys;
    if (!l2_gen_prologue(trans, m, n, alpha, beta, y, incy, &lenx, &leny, &ys))
        return;
    const nb_t *xs = x + nb_vstart(lenx, incx);
    int notrans = nb_same(trans, 'N'), conj = nb_same(trans, 'C');
    for (blasint j = 0; j < n; j++) {
        /* band storage: A(i,j) sits in row ku+i-j of column j, for max(0,j-ku) <= i <= min(m-1,j+kl) */
        const nb_t *col = a + (ptrdiff_t)j * lda + ((ptrdiff_t)ku - j);
        blasint lo = nb_max(0, j - ku);
        blasint hi = (kl < m - 1 - j) ? j + kl : m - 1;
        if (notrans) {
            /* no test of x(j) == 0: the reference 3.11 binary propagates NaN/Inf of A here */
            l2_axpy(lo, hi, alpha * L2_AT(xs, j, incx), col, ys, incy);
        } else {
            nb_t temp = l2_dot(0, lo, hi, col, xs, incx, conj);
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp;
        }
    }
}

blasint NB_INT(gbmv_check)(char trans, blasint m, blasint n, blasint kl, blasint ku, nb_t alpha,
                           const nb_t *a, blasint lda, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                           blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'C'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (kl < 0)
        return 4;
    if (ku < 0)
        return 5;
    /* 64-bit sum: kl + ku + 1 may exceed INT_MAX */
    if ((int64_t)lda < (int64_t)kl + ku + 1)
        return 8;
    if (incx == 0)
        return 10;
    if (incy == 0)
        return 13;
    return 0;
}

NB_EXPORT void NB_FN(gbmv_)(const char *trans, const blasint *m, const blasint *n, const blasint *kl,
                            const blasint *ku, const nb_t *alpha, const nb_t *a, const blasint *lda,
                            const nb_t *x, const blasint *incx, const nb_t *beta, nb_t *y,
                            const blasint *incy, nb_strlen ltrans)
{
    (void)ltrans;
    blasint info =
        NB_INT(gbmv_check)(*trans, *m, *n, *kl, *ku, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(NB_UP "GBMV ", info);
        return;
    }
    NB_INT(gbmv)(*trans, *m, *n, *kl, *ku, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}
