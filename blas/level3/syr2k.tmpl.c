/* Rank-2k updates of a triangle, syr2k and her2k: two triangular GEMMs (gemmt_view, syrk.tmpl.c)
   after the triangle has been scaled by beta once. */
#include <string.h>
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* The n x k operand view of op(X) (X n x k for 'N', k x n otherwise), unconjugated. */
static l3_view rank2k_view(const nb_t *x, blasint ldx, char trans)
{
    return nb_same(trans, 'N') ? l3_mk(x, 1, (size_t)ldx, 0) : l3_mk(x, (size_t)ldx, 1, 0);
}

/* The fused form below copies both operands (2 x n x 2k elements): up to these bounds. Beyond
   2k = 256 (about one K block of the engine) the engine passes over C once per K block anyway. */
#define RANK2K_FUSE_MAXK 128
#define RANK2K_FUSE_MAXELEMS ((size_t)4 << 20)

/* Rows [i0, i1) of the fused form's operands: left = [s1 A, s2 B], right = [B, A]. */
typedef struct {
    size_t n, k;
    nb_t s1, s2;
    l3_view a, b;
    nb_t *left, *right; /* both n x 2k, column-major, leading dimension n */
} fuse_copy_job;

static void fuse_copy(const fuse_copy_job *j, size_t i0, size_t i1)
{
    size_t n = j->n, k = j->k;
    if (j->a.rs == 1 && j->b.rs == 1 && !j->a.conj && !j->b.conj) {
        /* contiguous columns ('N', LAPACK's case): loops the compiler vectorises; the general
           one below, with its runtime strides, ran scalar and took a fifth of dsyr2k
           968 x 32's time on the Zen 4 guest */
        for (size_t l = 0; l < k; l++) {
            const nb_t *restrict ac = j->a.p + l * j->a.cs, *restrict bc = j->b.p + l * j->b.cs;
            nb_t *restrict l1 = j->left + l * n, *restrict l2 = j->left + (k + l) * n;
            memcpy(j->right + l * n + i0, bc + i0, (i1 - i0) * sizeof(nb_t));
            memcpy(j->right + (k + l) * n + i0, ac + i0, (i1 - i0) * sizeof(nb_t));
            nb_t s1 = j->s1, s2 = j->s2;
            for (size_t i = i0; i < i1; i++)
                l1[i] = s1 * ac[i], l2[i] = s2 * bc[i];
        }
        return;
    }
    for (size_t l = 0; l < k; l++) {
        const nb_t *ac = j->a.p + l * j->a.cs, *bc = j->b.p + l * j->b.cs;
        nb_t *l1 = j->left + l * n, *l2 = j->left + (k + l) * n;
        nb_t *r1 = j->right + l * n, *r2 = j->right + (k + l) * n;
        for (size_t i = i0; i < i1; i++) {
            nb_t av = l3_conj_if(ac[i * j->a.rs], j->a.conj);
            nb_t bv = l3_conj_if(bc[i * j->b.rs], j->b.conj);
            l1[i] = j->s1 * av, l2[i] = j->s2 * bv;
            r1[i] = bv, r2[i] = av;
        }
    }
}

static void fuse_copy_region(void *ctx, int tid, int nt)
{
    const fuse_copy_job *j = ctx;
    size_t i0, i1;
    nb_split(j->n, 8, nt, tid, &i0, &i1);
    fuse_copy(j, i0, i1);
}

/* The triangle of C += alpha*(s1*op(A))*op(B)**T + alpha*(s2*op(B))*op(A)**T (**H with herm) as one
   triangular GEMM of depth 2k, [s1 A, s2 B] times [B, A]**T: two GEMMs of depth k read and write the
   triangle of C twice, and with k = 32 (LAPACK's sytrd/hetrd panels) that traffic is most of the
   time. 0 (nothing done) when the copy is too large or cannot be allocated. */
static int rank2k_fused(int upper, int herm, size_t n, size_t k, nb_t alpha, nb_t s1, l3_view a,
                        nb_t s2, l3_view b, nb_t *c, size_t ldc)
{
    size_t k2 = 2 * k;
    if (k > RANK2K_FUSE_MAXK || n * k2 > RANK2K_FUSE_MAXELEMS)
        return 0;
    nb_t *left = nb_gemm_ws_acquire(2 * n * k2 * sizeof(nb_t)); /* cached: no page faults */
    if (!left)
        return 0;
    fuse_copy_job job = {n, k, s1, s2, a, b, left, left + n * k2};
    int team = nb_threads_for_stream((double)(2 * n * k2), n / 64);
    if (team > 1)
        nb_parallel(team, fuse_copy_region, &job);
    else
        fuse_copy(&job, 0, n);
    nb_t *right = job.right;
    l3_view rt = l3_trans(l3_mk(right, 1, n, 0));
    NB_INT(gemmt_view)(upper, n, k2, alpha, l3_mk(left, 1, n, 0), herm ? l3_conj(rt) : rt, c, ldc);
    nb_gemm_ws_release(left);
    return 1;
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
    if (rank2k_fused(upper, 0, (size_t)n, (size_t)k, alpha, 1, av, 1, bv, c, (size_t)ldc))
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_trans(bv), c, (size_t)ldc);
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, bv, l3_trans(av), c, (size_t)ldc);
}

NB_EXPORT void NB_FN(syr2k_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                             const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                             const blasint *ldb, const nb_t *beta, nb_t *c, const blasint *ldc,
                             nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans), *n,
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
    if (!rank2k_fused(upper, 1, (size_t)n, (size_t)k, 1, alpha, av, NB_CONJ(alpha), bv, c,
                      (size_t)ldc)) {
        NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, av, l3_conj(l3_trans(bv)), c,
                           (size_t)ldc);
        NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, NB_CONJ(alpha), bv,
                           l3_conj(l3_trans(av)), c, (size_t)ldc);
    }
    for (blasint j = 0; j < n; j++)
        NB_IM(c[(size_t)j * ldc + j]) = 0;
}

NB_EXPORT void NB_FN(her2k_)(const char *uplo, const char *trans, const blasint *n, const blasint *k,
                             const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                             const blasint *ldb, const nb_r *beta, nb_t *c, const blasint *ldc,
                             nb_strlen luplo, nb_strlen ltrans)
{
    NB_TRACE("uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans), *n,
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
