/* x := op(A)*x for a triangular matrix in full (xTRMV), band (xTBMV) or packed (xTPMV) storage.
   One algorithm over l2_tri; the loop orders are the reference's (they decide the rounding of the
   dot-product forms and which zero elements of x skip a column). */
#include "l2_common.h"
#include "blas/nb_trace.h"

static void l2_trmv(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    blasint n = s->n;
    if (n == 0)
        return;
    int nounit = nb_same(diag, 'N'), conj = nb_same(trans, 'C');
    nb_t *xs = x + nb_vstart(n, incx);
    if (nb_same(trans, 'N')) {
        /* axpy form: column j adds x(j)*A(:,j) to the other stored rows, then scales x(j). Upper
           runs j upward so that x(j) is still the input when it is used; lower runs downward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? t : n - 1 - t;
            nb_t temp = L2_AT(xs, j, incx);
            if (temp == 0)
                continue;
            const nb_t *col = l2_col(s, j);
            if (s->upper)
                l2_axpy(l2_lo(s, j), j - 1, temp, col, xs, incx);
            else
                l2_axpy(j + 1, l2_hi(s, j), temp, col, xs, incx);
            if (nounit)
                L2_AT(xs, j, incx) = L2_AT(xs, j, incx) * col[j];
        }
    } else {
        /* dot form: x(j) := op(A(j,j))*x(j) + sum of op(A(i,j))*x(i) over the rows not yet
           overwritten; upper walks j and i downward, lower upward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? n - 1 - t : t;
            const nb_t *col = l2_col(s, j);
            nb_t temp = L2_AT(xs, j, incx);
            if (nounit)
                temp = temp * l2_op(col[j], conj);
            if (s->upper) {
                for (blasint i = j - 1, lo = l2_lo(s, j); i >= lo; i--)
                    temp = temp + l2_op(col[i], conj) * L2_AT(xs, i, incx);
            } else {
                temp = l2_dot(temp, j + 1, l2_hi(s, j), col, xs, incx, conj);
            }
            L2_AT(xs, j, incx) = temp;
        }
    }
}

/* ---- full storage ------------------------------------------------------------------------ */
void NB_INT(trmv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_trmv(&s, trans, diag, x, incx);
}

blasint NB_INT(trmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
                           nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (lda < nb_max(1, n))
        return 6;
    if (incx == 0)
        return 8;
    return 0;
}

NB_EXPORT void NB_FN(trmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *a, const blasint *lda, nb_t *x, const blasint *incx,
                            nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d lda=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(trmv_check)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TRMV ", info);
        return;
    }
    NB_INT(trmv)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

/* ---- band storage ------------------------------------------------------------------------ */
void NB_INT(tbmv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_trmv(&s, trans, diag, x, incx);
}

blasint NB_INT(tbmv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
                           blasint lda, nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if ((int64_t)lda < (int64_t)k + 1)
        return 7;
    if (incx == 0)
        return 9;
    return 0;
}

NB_EXPORT void NB_FN(tbmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const blasint *k, const nb_t *a, const blasint *lda, nb_t *x,
                            const blasint *incx, nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d k=%d lda=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *k, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tbmv_check)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TBMV ", info);
        return;
    }
    NB_INT(tbmv)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void NB_INT(tpmv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_trmv(&s, trans, diag, x, incx);
}

blasint NB_INT(tpmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
                           blasint incx)
{
    (void)ap, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (incx == 0)
        return 7;
    return 0;
}

NB_EXPORT void NB_FN(tpmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *ap, nb_t *x, const blasint *incx, nb_strlen luplo,
                            nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tpmv_check)(*uplo, *trans, *diag, *n, ap, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TPMV ", info);
        return;
    }
    NB_INT(tpmv)(*uplo, *trans, *diag, *n, ap, x, *incx);
}
