/* Rank-2k updates of a triangle, syr2k and her2k: two triangular GEMMs (gemmt_view, syrk.tmpl.c)
   after the triangle has been scaled by beta once. */
#include "blas/level3/l3_internal.h"
#include "blas/nb_trace.h"

/* The n x k operand view of op(X) (X n x k for 'N', k x n otherwise), unconjugated. */
static l3_view rank2k_view(const nb_t *x, blasint ldx, char trans)
{
    return nb_same(trans, 'N') ? l3_mk(x, 1, (size_t)ldx, 0) : l3_mk(x, (size_t)ldx, 1, 0);
}

/* Shared by syr2k and her2k: the only difference in their rules is which TRANS letters are legal. */
static blasint rank2k_check(char uplo, char trans, int trans_ok, blasint n, blasint k, blasint lda,
                            blasint ldb, blasint ldc)
{
    blasint nrowa = nb_same(trans, 'N') ? n : k;
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (!trans_ok)
        return 2;
    if (n < 0)
        return 3;
    if (k < 0)
        return 4;
    if (lda < nb_max(1, nrowa))
        return 7;
    if (ldb < nb_max(1, nrowa))
        return 9;
    if (ldc < nb_max(1, n))
        return 12;
    return 0;
}

blasint NB_INT(syr2k_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                            blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    /* 'C' means 'T' for real types; the complex symmetric update has no conjugate form. */
    int ok = nb_same(trans, 'N') || nb_same(trans, 'T') || (!NB_COMPLEX && nb_same(trans, 'C'));
    return rank2k_check(uplo, trans, ok, n, k, lda, ldb, ldc);
}

void NB_INT(syr2k)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                   const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    int upper = nb_same(uplo, 'U');
    l3_view av = rank2k_view(a, lda, trans), bv = rank2k_view(b, ldb, trans);
    if (alpha != 0 && NB_INT(gemmt_small)(upper, 0, 1, (size_t)n, (size_t)k, alpha, av, l3_trans(bv),
                                          beta, c, (size_t)ldc))
        return;
    NB_INT(l3_scale_tri)(upper, 0, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_trans(bv), c, (size_t)ldc);
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, bv, l3_trans(av), c, (size_t)ldc);
}

NB_EXPORT void NB_FN(syr2k_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                             const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                             const blasint *ldb, const nb_t *beta, nb_t *c, const blasint *ldc,
                             nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%d k=%d lda=%d ldb=%d ldc=%d", NB_TR_CH(uplo), NB_TR_CH(trans), *n,
             *k, *lda, *ldb, *ldc);
    (void)luplo, (void)ltrans;
    blasint info =
        NB_INT(syr2k_check)(*uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "SYR2K", info);
        return;
    }
    NB_INT(syr2k)(*uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

#if NB_COMPLEX
blasint NB_INT(her2k_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                            blasint lda, const nb_t *b, blasint ldb, nb_r beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    int ok = nb_same(trans, 'N') || nb_same(trans, 'C');
    return rank2k_check(uplo, trans, ok, n, k, lda, ldb, ldc);
}

void NB_INT(her2k)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                   const nb_t *b, blasint ldb, nb_r beta, nb_t *c, blasint ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    int upper = nb_same(uplo, 'U');
    /* op(X) is X ('N') or X**H ('C'): C += alpha*op(A)*op(B)**H + conj(alpha)*op(B)*op(A)**H. */
    int conj = !nb_same(trans, 'N');
    l3_view av = rank2k_view(a, lda, trans), bv = rank2k_view(b, ldb, trans);
    if (conj) {
        av = l3_conj(av);
        bv = l3_conj(bv);
    }
    if (alpha != 0 && NB_INT(gemmt_small)(upper, 1, 1, (size_t)n, (size_t)k, alpha, av,
                                          l3_conj(l3_trans(bv)), beta, c, (size_t)ldc))
        return;
    NB_INT(l3_scale_tri)(upper, 1, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_conj(l3_trans(bv)), c, (size_t)ldc);
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, NB_CONJ(alpha), bv, l3_conj(l3_trans(av)), c,
                       (size_t)ldc);
    for (blasint j = 0; j < n; j++)
        NB_IM(c[(size_t)j * ldc + j]) = 0;
}

NB_EXPORT void NB_FN(her2k_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                             const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                             const blasint *ldb, const nb_r *beta, nb_t *c, const blasint *ldc,
                             nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%d k=%d lda=%d ldb=%d ldc=%d", NB_TR_CH(uplo), NB_TR_CH(trans), *n,
             *k, *lda, *ldb, *ldc);
    (void)luplo, (void)ltrans;
    blasint info =
        NB_INT(her2k_check)(*uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "HER2K", info);
        return;
    }
    NB_INT(her2k)(*uplo, *trans, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}
#endif
