/* ?getrf and ?getrs: LU factorisation with partial pivoting, and the solve with its factors.

   getrf is recursive (the form of reference ?getrf2, applied to the whole matrix instead of to
   64-column panels): the left half of the columns is factored, its pivots and L11 are applied to
   the right half (laswp, trsm), the trailing block takes one GEMM with k = n/2, the right half
   is factored, and its pivots are applied back to the left half. So nearly all the flops are in
   a few large GEMMs, which nanoblas threads, instead of in the reference's n/64 rank-64 updates
   behind a one-thread panel. Columns narrower than GETRF_LEAF are factored one column at a time
   by Level 1/2 calls. The pivots are the reference's: the first entry of largest |re| + |im|
   (i?amax) in the column. */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "blas/level1/level1.h"
#include "blas/level2/level2.h"
#include "blas/level3/level3.h"
#include "lapack/lapack.h"
#include <float.h>

#ifndef GETRF_LEAF
#define GETRF_LEAF 8
#endif
#define A_(i, j) (a + (size_t)(i) + (size_t)(j) * (size_t)lda)

#if NB_COMPLEX
#define GETRF_GERU NB_INT(geru)
#define GETRF_ABS(x) ((nb_r)__builtin_hypot(NB_RE(x), NB_IM(x)))
#else
#define GETRF_GERU NB_INT(ger)
#define GETRF_ABS(x) __builtin_fabs(x)
#endif
#if NB_PREC == 1 || NB_PREC == 3
#define GETRF_SFMIN FLT_MIN /* lamch('S') on IEEE machines */
#else
#define GETRF_SFMIN DBL_MIN
#endif

/* Column-at-a-time LU of an m x n block (n <= GETRF_LEAF or m <= GETRF_LEAF), as ?getf2. */
static blasint getrf_leaf(blasint m, blasint n, nb_t *a, blasint lda, blasint *ipiv)
{
    blasint info = 0, kmax = nb_min(m, n);
    for (blasint j = 0; j < kmax; j++) {
        blasint p = j + NB_IINT(amax)(m - j, A_(j, j), 1) - 1;
        ipiv[j] = p + 1;
        nb_t piv = *A_(p, j);
        if (piv != 0) {
            if (p != j)
                NB_INT(swap)(n, A_(j, 0), lda, A_(p, 0), lda);
            if (j + 1 < m) {
                if (GETRF_ABS(piv) >= GETRF_SFMIN) {
                    const nb_t rpiv = (nb_t)1 / piv;
                    NB_INT(scal)(m - j - 1, &rpiv, A_(j + 1, j), 1);
                } else {
                    for (blasint i = j + 1; i < m; i++)
                        *A_(i, j) /= piv;
                }
            }
        } else if (info == 0) {
            info = j + 1;
        }
        const nb_t mone = -1;
        if (j + 1 < m && j + 1 < n)
            GETRF_GERU(m - j - 1, n - j - 1, &mone, A_(j + 1, j), 1, A_(j, j + 1), lda, A_(j + 1, j + 1), lda);
    }
    return info;
}

static blasint getrf_rec(blasint m, blasint n, nb_t *a, blasint lda, blasint *ipiv)
{
    if (n > m) {
        /* wide: factor the leading m x m block, then apply it to the columns right of it */
        blasint info = getrf_rec(m, m, a, lda, ipiv);
        NB_INT(laswp)(n - m, A_(0, m), lda, 1, m, ipiv, 1);
        NB_INT(trsm)('L', 'L', 'N', 'U', m, n - m, 1, a, lda, A_(0, m), lda);
        return info;
    }
    if (n <= GETRF_LEAF)
        return getrf_leaf(m, n, a, lda, ipiv);
    /* n1 a multiple of the leaf width, so the leaves are full ones */
    blasint n1 = (n / 2 + GETRF_LEAF - 1) / GETRF_LEAF * GETRF_LEAF, n2 = n - n1;
    blasint info = getrf_rec(m, n1, a, lda, ipiv);
    NB_INT(laswp)(n2, A_(0, n1), lda, 1, n1, ipiv, 1);
    NB_INT(trsm)('L', 'L', 'N', 'U', n1, n2, 1, a, lda, A_(0, n1), lda);
    NB_INT(gemm)('N', 'N', m - n1, n2, n1, -1, A_(n1, 0), lda, A_(0, n1), lda, 1, A_(n1, n1), lda);
    blasint info2 = getrf_rec(m - n1, n2, A_(n1, n1), lda, ipiv + n1);
    if (info == 0 && info2 > 0)
        info = info2 + n1;
    for (blasint i = n1; i < n; i++) /* n <= m here */
        ipiv[i] += n1;
    NB_INT(laswp)(n1, a, lda, n1 + 1, n, ipiv, 1);
    return info;
}

blasint NB_INT(getrf)(blasint m, blasint n, nb_t *a, blasint lda, blasint *ipiv)
{
    if (m == 0 || n == 0)
        return 0;
    return getrf_rec(m, n, a, lda, ipiv);
}

void NB_INT(getrs)(char trans, blasint n, blasint nrhs, const nb_t *a, blasint lda,
                   const blasint *ipiv, nb_t *b, blasint ldb)
{
    if (n == 0 || nrhs == 0)
        return;
    if (nb_same(trans, 'N')) {
        NB_INT(laswp)(nrhs, b, ldb, 1, n, ipiv, 1);
        NB_INT(trsm)('L', 'L', 'N', 'U', n, nrhs, 1, a, lda, b, ldb);
        NB_INT(trsm)('L', 'U', 'N', 'N', n, nrhs, 1, a, lda, b, ldb);
    } else {
        NB_INT(trsm)('L', 'U', trans, 'N', n, nrhs, 1, a, lda, b, ldb);
        NB_INT(trsm)('L', 'L', trans, 'U', n, nrhs, 1, a, lda, b, ldb);
        NB_INT(laswp)(nrhs, b, ldb, 1, n, ipiv, -1);
    }
}

NB_EXPORT void NB_FN(getrf_)(const blasint *m, const blasint *n, nb_t *a, const blasint *lda,
                             blasint *ipiv, blasint *info)
{
    NB_TRACE("m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD, *m, *n, *lda);
    *info = 0;
    if (*m < 0)
        nb_lapack_illegal(NB_UP "GETRF", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "GETRF", 2, info);
    else if (*lda < nb_max(1, *m))
        nb_lapack_illegal(NB_UP "GETRF", 4, info);
    else
        *info = NB_INT(getrf)(*m, *n, a, *lda, ipiv);
}

NB_EXPORT void NB_FN(getrs_)(const char *trans, const blasint *n, const blasint *nrhs, const nb_t *a,
                             const blasint *lda, const blasint *ipiv, nb_t *b, const blasint *ldb,
                             blasint *info, nb_strlen ltrans)
{
    NB_TRACE("trans=%c n=%" NB_TD " nrhs=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD, NB_TR_CH(trans), *n, *nrhs, *lda, *ldb);
    (void)ltrans;
    *info = 0;
    if (!nb_same(*trans, 'N') && !nb_same(*trans, 'T') && !nb_same(*trans, 'C'))
        nb_lapack_illegal(NB_UP "GETRS", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "GETRS", 2, info);
    else if (*nrhs < 0)
        nb_lapack_illegal(NB_UP "GETRS", 3, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "GETRS", 5, info);
    else if (*ldb < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "GETRS", 8, info);
    else
        NB_INT(getrs)(nb_toupper(*trans), *n, *nrhs, a, *lda, ipiv, b, *ldb);
}
