/* Rank-k updates of a triangle: the shared triangular GEMM (gemmt) and syrk / herk on top of it.
   Off-diagonal blocks of the triangle are plain GEMMs; each diagonal block is computed in full into
   a small workspace and only its triangle is added, so the other triangle of C is never touched. */
#include <math.h>
#include <stdlib.h>
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

/* A diagonal block of at most this order is computed in full into a workspace, of which only the
   triangle is added: the wasted half costs n * GEMMT_LEAF * k flops in all, 1/32 of a square
   syrk's at n = 2048. */
#define GEMMT_LEAF 64

/* The triangle of the n x n block at c: halves recursively, so that everything off the diagonal
   is one large GEMM per level (square-ish, at full engine speed), not a narrow column panel per
   step (the panel form ran dsyrk 2048 at 0.72x OpenBLAS on the SPR-class machine). */
static void gemmt_rec(int upper, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t *c,
                      size_t ldc, nb_t *tmp)
{
    if (n <= GEMMT_LEAF || !tmp) {
        size_t nb = tmp ? n : 1; /* without a workspace: 1 x 1 diagonal blocks */
        nb_t one;
        nb_t *t = tmp ? tmp : &one;
        for (size_t j0 = 0; j0 < n; j0 += nb) {
            size_t jb = n - j0 < nb ? n - j0 : nb;
            l3_view bj = l3_sub(b, 0, j0);
            if (!tmp) { /* the column's part strictly off the diagonal goes straight to C */
                if (upper)
                    NB_INT(gemm_view)(j0, 1, k, alpha, a, bj, 1, c + j0 * ldc, 1, ldc);
                else
                    NB_INT(gemm_view)(n - j0 - 1, 1, k, alpha, l3_sub(a, j0 + 1, 0), bj, 1,
                                      c + j0 + 1 + j0 * ldc, 1, ldc);
            }
            NB_INT(gemm_view)(jb, jb, k, alpha, l3_sub(a, j0, 0), bj, 0, t, 1, jb);
            for (size_t j = 0; j < jb; j++) {
                nb_t *cj = c + j0 + (j0 + j) * ldc;
                size_t i0 = upper ? 0 : j, i1 = upper ? j + 1 : jb;
                for (size_t i = i0; i < i1; i++)
                    cj[i] += t[i + j * jb];
            }
        }
        return;
    }
    /* split at a multiple of the leaf, so that the leaves are whole blocks */
    size_t h = (n / 2 + GEMMT_LEAF - 1) / GEMMT_LEAF * GEMMT_LEAF;
    gemmt_rec(upper, h, k, alpha, a, b, c, ldc, tmp);
    if (upper) /* rows [0, h), columns [h, n) */
        NB_INT(gemm_view)(h, n - h, k, alpha, a, l3_sub(b, 0, h), 1, c + h * ldc, 1, ldc);
    else /* rows [h, n), columns [0, h) */
        NB_INT(gemm_view)(n - h, h, k, alpha, l3_sub(a, h, 0), b, 1, c + h, 1, ldc);
    gemmt_rec(upper, n - h, k, alpha, l3_sub(a, h, 0), l3_sub(b, 0, h), c + h + h * ldc, ldc, tmp);
}

/* Columns [j0, j1) of the triangle on one thread: its triangle recursively and the rectangle
   between it and the far edge (above it for upper, below it for lower). */
static void gemmt_strip(int upper, size_t n, size_t j0, size_t j1, size_t k, nb_t alpha, l3_view a,
                        l3_view b, nb_t *c, size_t ldc)
{
    if (j1 <= j0)
        return;
    size_t w = j1 - j0, leaf = w < GEMMT_LEAF ? w : GEMMT_LEAF;
    nb_t *tmp = malloc(leaf * leaf * sizeof(nb_t)); /* NULL: the slow path without workspace */
    l3_view bj = l3_sub(b, 0, j0);
    if (upper && j0 > 0)
        NB_INT(gemm_view)(j0, w, k, alpha, a, bj, 1, c + j0 * ldc, 1, ldc);
    gemmt_rec(upper, w, k, alpha, l3_sub(a, j0, 0), bj, c + j0 + j0 * ldc, ldc, tmp);
    if (!upper && j1 < n)
        NB_INT(gemm_view)(n - j1, w, k, alpha, l3_sub(a, j1, 0), bj, 1, c + j1 + j0 * ldc, 1, ldc);
    free(tmp);
}

/* Where strip p of nt ends: the strips hold equal parts of the triangle's area (upper: columns
   [0, j) hold j^2/2, lower: (n^2 - (n-j)^2)/2), at multiples of the leaf. */
static size_t gemmt_bound(int upper, size_t n, int p, int nt)
{
    if (p >= nt)
        return n;
    double f = (double)p / nt, x = upper ? sqrt(f) : 1 - sqrt(1 - f);
    size_t j = (size_t)(x * (double)n) / GEMMT_LEAF * GEMMT_LEAF;
    return j < n ? j : n;
}

/* With a team, each thread takes a strip of columns of equal area and computes it alone (its
   GEMMs run single-threaded inside the region): no barrier between the many GEMMs of the
   recursion, whose small ones (the leaves and the levels above them) left the second core
   waiting (dsyrk 2048 scaled 1.6x on 2 cores that way). Results may then differ between thread
   counts in the last bits (a strip boundary changes which GEMM computes an element), not
   between calls with the same count. */
void NB_INT(gemmt_view)(int upper, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t *c,
                        size_t ldc)
{
    double flops = (NB_COMPLEX ? 4.0 : 1.0) * (double)n * (double)n * (double)k;
    int team = nb_threads_for(flops, n / (2 * GEMMT_LEAF));
    if (team <= 1) {
        gemmt_strip(upper, n, 0, n, k, alpha, a, b, c, ldc);
        return;
    }
#pragma omp parallel num_threads(team)
    {
        int p = NB_THREAD_NUM(), nt = NB_NUM_THREADS();
        gemmt_strip(upper, n, gemmt_bound(upper, n, p, nt), gemmt_bound(upper, n, p + 1, nt), k,
                    alpha, a, b, c, ldc);
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
    NB_INT(l3_scale_tri)(upper, 0, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    l3_view av = rankk_view(a, lda, trans);
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_trans(av), c, (size_t)ldc);
}

NB_EXPORT void NB_FN(syrk_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                            const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *beta,
                            nb_t *c, const blasint *ldc, nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%d k=%d lda=%d ldc=%d", NB_TR_CH(uplo), NB_TR_CH(trans), *n, *k,
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
    NB_INT(l3_scale_tri)(upper, 1, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    /* op(A) is A ('N') or A**H ('C'); the update is op(A) * op(A)**H. */
    l3_view av = nb_same(trans, 'N') ? l3_mk(a, 1, (size_t)lda, 0) : l3_mk(a, (size_t)lda, 1, 1);
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_conj(l3_trans(av)), c, (size_t)ldc);
    zero_diag_imag((size_t)n, c, (size_t)ldc);
}

NB_EXPORT void NB_FN(herk_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                            const nb_r *alpha, const nb_t *a, const blasint *lda, const nb_r *beta,
                            nb_t *c, const blasint *ldc, nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%d k=%d lda=%d ldc=%d", NB_TR_CH(uplo), NB_TR_CH(trans), *n, *k,
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
