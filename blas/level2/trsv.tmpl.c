/* Solves op(A)*x = b (x overwrites b) for a triangular matrix in full (xTRSV), band (xTBSV) or
   packed (xTPSV) storage. No test for singularity, as in the reference: a zero diagonal gives
   Inf/NaN. Loop orders are the reference's. */
#include "l2_common.h"
#include "blas/nb_trace.h"

static void l2_trsv(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    blasint n = s->n;
    if (n == 0)
        return;
    int nounit = nb_same(diag, 'N'), conj = nb_same(trans, 'C');
    nb_t *xs = x + nb_vstart(n, incx);
    if (nb_same(trans, 'N')) {
        /* column form: once x(j) is final, remove its contribution from the unsolved rows. Upper
           solves bottom-up, lower top-down. A zero x(j) skips the column (and its diagonal). */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? n - 1 - t : t;
            if (L2_AT(xs, j, incx) == 0)
                continue;
            const nb_t *col = l2_col(s, j);
            if (nounit)
                L2_AT(xs, j, incx) = L2_AT(xs, j, incx) / col[j];
            nb_t temp = L2_AT(xs, j, incx);
            blasint lo = s->upper ? l2_lo(s, j) : j + 1;
            blasint hi = s->upper ? j - 1 : l2_hi(s, j);
            if (incx == 1)
                for (blasint i = lo; i <= hi; i++)
                    xs[i] = xs[i] - temp * col[i];
            else
                for (blasint i = lo; i <= hi; i++)
                    L2_AT(xs, i, incx) = L2_AT(xs, i, incx) - temp * col[i];
        }
    } else {
        /* dot form: x(j) := (b(j) - sum of op(A(i,j))*x(i) over solved rows) / op(A(j,j)); upper
           runs j and i upward, lower downward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? t : n - 1 - t;
            const nb_t *col = l2_col(s, j);
            nb_t temp = L2_AT(xs, j, incx);
            if (s->upper) {
                for (blasint i = l2_lo(s, j); i < j; i++)
                    temp = temp - l2_op(col[i], conj) * L2_AT(xs, i, incx);
            } else {
                for (blasint i = l2_hi(s, j); i > j; i--)
                    temp = temp - l2_op(col[i], conj) * L2_AT(xs, i, incx);
            }
            if (nounit)
                temp = temp / l2_op(col[j], conj);
            L2_AT(xs, j, incx) = temp;
        }
    }
}

/* ---- full storage ------------------------------------------------------------------------ */
void NB_INT(trsv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_trsv(&s, trans, diag, x, incx);
}

blasint NB_INT(trsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
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

NB_EXPORT void NB_FN(trsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *a, const blasint *lda, nb_t *x, const blasint *incx,
                            nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d lda=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(trsv_check)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TRSV ", info);
        return;
    }
    NB_INT(trsv)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

/* ---- band storage ------------------------------------------------------------------------ */
void NB_INT(tbsv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_trsv(&s, trans, diag, x, incx);
}

blasint NB_INT(tbsv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
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

NB_EXPORT void NB_FN(tbsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const blasint *k, const nb_t *a, const blasint *lda, nb_t *x,
                            const blasint *incx, nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d k=%d lda=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *k, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tbsv_check)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TBSV ", info);
        return;
    }
    NB_INT(tbsv)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void NB_INT(tpsv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_trsv(&s, trans, diag, x, incx);
}

blasint NB_INT(tpsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
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

NB_EXPORT void NB_FN(tpsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *ap, nb_t *x, const blasint *incx, nb_strlen luplo,
                            nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%d incx=%d", NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tpsv_check)(*uplo, *trans, *diag, *n, ap, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TPSV ", info);
        return;
    }
    NB_INT(tpsv)(*uplo, *trans, *diag, *n, ap, x, *incx);
}
