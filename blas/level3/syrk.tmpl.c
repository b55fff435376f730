/* Rank-k updates of a triangle, syrk and herk, on the triangular GEMM (gemmt_view,
   gemmt_engine.tmpl.c), which never touches the other triangle of C. */
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

void NB_INT(l3_scale_tri)(int upper, int herm, size_t n, nb_t beta, nb_t *c, size_t ldc)
{
    for (size_t j = 0; j < n; j++) {
        size_t i0 = upper ? 0 : j, i1 = upper ? j + 1 : n;
        nb_t *cj = c + j * ldc;
        if (beta == 0) {
            for (size_t i = i0; i < i1; i++)
                cj[i] = 0;
            continue;
        }
#if NB_COMPLEX
        if (herm) {
            /* beta is real here: scale both parts separately, as the reference's REAL*COMPLEX
               does, and keep only the real part of the diagonal (an imaginary NaN is dropped). */
            nb_r rbeta = NB_RE(beta);
            if (rbeta != 1)
                for (size_t i = i0; i < i1; i++)
                    cj[i] = rbeta * cj[i];
            cj[j] = NB_RE(cj[j]);
            continue;
        }
#else
        (void)herm;
#endif
        if (beta != 1)
            for (size_t i = i0; i < i1; i++)
                cj[i] *= beta;
    }
}

#if NB_COMPLEX
/* Hermitian results have an exactly real diagonal (the reference takes the real part). */
static void zero_diag_imag(size_t n, nb_t *c, size_t ldc)
{
    for (size_t j = 0; j < n; j++)
        NB_IM(c[j * ldc + j]) = 0;
}
#endif

/* The n x k operand view of op(A) for a rank-k update (A n x k for 'N', k x n otherwise). */
static l3_view rankk_view(const nb_t *a, blasint lda, char trans)
{
    return nb_same(trans, 'N') ? l3_mk(a, 1, (size_t)lda, 0) : l3_mk(a, (size_t)lda, 1, 0);
}

blasint NB_INT(syrk_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                           blasint lda, nb_t beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)beta, (void)c;
    blasint nrowa = nb_same(trans, 'N') ? n : k;
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    /* 'C' means 'T' for real types; the complex symmetric update has no conjugate form. */
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && (NB_COMPLEX || !nb_same(trans, 'C')))
        return 2;
    if (n < 0)
        return 3;
    if (k < 0)
        return 4;
    if (lda < nb_max(1, nrowa))
        return 7;
    if (ldc < nb_max(1, n))
        return 10;
    return 0;
}

void NB_INT(syrk)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                  nb_t beta, nb_t *c, blasint ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    int upper = nb_same(uplo, 'U');
    l3_view av = rankk_view(a, lda, trans);
    if (alpha != 0 && NB_INT(gemmt_small)(upper, 0, 0, (size_t)n, (size_t)k, alpha, av, l3_trans(av),
                                          beta, c, (size_t)ldc))
        return;
    NB_INT(l3_scale_tri)(upper, 0, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_trans(av), c, (size_t)ldc);
}

NB_EXPORT void NB_FN(syrk_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                            const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *beta,
                            nb_t *c, const blasint *ldc, nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans), *n, *k,
             *lda, *ldc);
    (void)luplo, (void)ltrans;
    blasint info = NB_INT(syrk_check)(*uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "SYRK ", info);
        return;
    }
    NB_INT(syrk)(*uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
}

#if NB_COMPLEX
blasint NB_INT(herk_check)(char uplo, char trans, blasint n, blasint k, nb_r alpha, const nb_t *a,
                           blasint lda, nb_r beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)beta, (void)c;
    blasint nrowa = nb_same(trans, 'N') ? n : k;
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'C'))
        return 2;
    if (n < 0)
        return 3;
    if (k < 0)
        return 4;
    if (lda < nb_max(1, nrowa))
        return 7;
    if (ldc < nb_max(1, n))
        return 10;
    return 0;
}

void NB_INT(herk)(char uplo, char trans, blasint n, blasint k, nb_r alpha, const nb_t *a, blasint lda,
                  nb_r beta, nb_t *c, blasint ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    int upper = nb_same(uplo, 'U');
    /* op(A) is A ('N') or A**H ('C'); the update is op(A) * op(A)**H. */
    l3_view av = nb_same(trans, 'N') ? l3_mk(a, 1, (size_t)lda, 0) : l3_mk(a, (size_t)lda, 1, 1);
    if (alpha != 0 && NB_INT(gemmt_small)(upper, 1, 0, (size_t)n, (size_t)k, alpha, av,
                                          l3_conj(l3_trans(av)), beta, c, (size_t)ldc))
        return;
    NB_INT(l3_scale_tri)(upper, 1, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_conj(l3_trans(av)), c, (size_t)ldc);
    zero_diag_imag((size_t)n, c, (size_t)ldc);
}

NB_EXPORT void NB_FN(herk_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                            const nb_r *alpha, const nb_t *a, const blasint *lda, const nb_r *beta,
                            nb_t *c, const blasint *ldc, nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans), *n, *k,
             *lda, *ldc);
    (void)luplo, (void)ltrans;
    blasint info = NB_INT(herk_check)(*uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "HERK ", info);
        return;
    }
    NB_INT(herk)(*uplo, *trans, *n, *k, *alpha, a, *lda, *beta, c, *ldc);
}
#endif
