/* ?potrf and ?potrs: Cholesky factorisation of a Hermitian (symmetric) positive definite matrix,
   and the solve with its factor.

   potrf is recursive: the leading half is factored, the off-diagonal block takes one trsm and the
   trailing half one herk/syrk with k = n/2, then the trailing half is factored. The reference
   runs n/64 panels, each a one-thread factorisation of its 64 x 64 diagonal block followed by a
   rank-64 update; here the updates are a few large Level 3 calls that nanoblas threads. Blocks
   of at most POTRF_LEAF columns are factored column by column, as ?potf2 does (left-looking).
   INFO is the reference's: the order of the first leading minor that is not positive definite,
   with that minor's diagonal entry left as the non-positive (or NaN) value computed for it. */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "blas/level3/level3.h"
#include "lapack/lapack.h"
#include <math.h>

#define POTRF_LEAF 32
#define A_(i, j) (a + (size_t)(i) + (size_t)(j) * (size_t)lda)

#define POTRF_SQRT(x) (sizeof(nb_r) == sizeof(float) ? (nb_r)sqrtf((float)(x)) : (nb_r)sqrt((double)(x)))
#if NB_COMPLEX
#define POTRF_ABS2(x) (NB_RE(x) * NB_RE(x) + NB_IM(x) * NB_IM(x))
#else
#define POTRF_ABS2(x) ((x) * (x))
#endif

/* Lower: column j of L from row j of L (left-looking). A non-positive or NaN pivot stops. */
static blasint potrf_leaf_lower(blasint n, nb_t *a, blasint lda)
{
    for (blasint j = 0; j < n; j++) {
        nb_r ajj = NB_RE(*A_(j, j));
        for (blasint k = 0; k < j; k++)
            ajj -= POTRF_ABS2(*A_(j, k));
        if (!(ajj > 0)) {
            *A_(j, j) = ajj;
            return j + 1;
        }
        ajj = POTRF_SQRT(ajj);
        *A_(j, j) = ajj;
        nb_r r = 1 / ajj;
        for (blasint i = j + 1; i < n; i++) {
            nb_t s = *A_(i, j);
            for (blasint k = 0; k < j; k++)
                s -= *A_(i, k) * NB_CONJ(*A_(j, k));
            *A_(i, j) = s * r;
        }
    }
    return 0;
}

/* Upper: row j of U from column j of U. */
static blasint potrf_leaf_upper(blasint n, nb_t *a, blasint lda)
{
    for (blasint j = 0; j < n; j++) {
        nb_r ajj = NB_RE(*A_(j, j));
        for (blasint k = 0; k < j; k++)
            ajj -= POTRF_ABS2(*A_(k, j));
        if (!(ajj > 0)) {
            *A_(j, j) = ajj;
            return j + 1;
        }
        ajj = POTRF_SQRT(ajj);
        *A_(j, j) = ajj;
        nb_r r = 1 / ajj;
        for (blasint i = j + 1; i < n; i++) {
            nb_t s = *A_(j, i);
            for (blasint k = 0; k < j; k++)
                s -= NB_CONJ(*A_(k, j)) * *A_(k, i);
            *A_(j, i) = s * r;
        }
    }
    return 0;
}

#if NB_COMPLEX
#define POTRF_TRANS 'C'
#define POTRF_RANKK(uplo, trans, n, k, a1, lda, a2) NB_INT(herk)(uplo, trans, n, k, -1, a1, lda, 1, a2, lda)
#else
#define POTRF_TRANS 'T'
#define POTRF_RANKK(uplo, trans, n, k, a1, lda, a2) NB_INT(syrk)(uplo, trans, n, k, -1, a1, lda, 1, a2, lda)
#endif

static blasint potrf_rec(int lower, blasint n, nb_t *a, blasint lda)
{
    if (n <= POTRF_LEAF)
        return lower ? potrf_leaf_lower(n, a, lda) : potrf_leaf_upper(n, a, lda);
    blasint n1 = (n / 2 + POTRF_LEAF - 1) / POTRF_LEAF * POTRF_LEAF, n2 = n - n1;
    blasint info = potrf_rec(lower, n1, a, lda);
    if (info)
        return info;
    if (lower) {
        /* A21 = A21 L11**-H; A22 -= A21 A21**H */
        NB_INT(trsm)('R', 'L', POTRF_TRANS, 'N', n2, n1, 1, a, lda, A_(n1, 0), lda);
        POTRF_RANKK('L', 'N', n2, n1, A_(n1, 0), lda, A_(n1, n1));
    } else {
        /* A12 = U11**-H A12; A22 -= A12**H A12 */
        NB_INT(trsm)('L', 'U', POTRF_TRANS, 'N', n1, n2, 1, a, lda, A_(0, n1), lda);
        POTRF_RANKK('U', POTRF_TRANS, n2, n1, A_(0, n1), lda, A_(n1, n1));
    }
    info = potrf_rec(lower, n2, A_(n1, n1), lda);
    return info ? info + n1 : 0;
}

blasint NB_INT(potrf)(char uplo, blasint n, nb_t *a, blasint lda)
{
    return n == 0 ? 0 : potrf_rec(nb_same(uplo, 'L'), n, a, lda);
}

void NB_INT(potrs)(char uplo, blasint n, blasint nrhs, const nb_t *a, blasint lda, nb_t *b,
                   blasint ldb)
{
    if (n == 0 || nrhs == 0)
        return;
    if (nb_same(uplo, 'L')) {
        NB_INT(trsm)('L', 'L', 'N', 'N', n, nrhs, 1, a, lda, b, ldb);
        NB_INT(trsm)('L', 'L', POTRF_TRANS, 'N', n, nrhs, 1, a, lda, b, ldb);
    } else {
        NB_INT(trsm)('L', 'U', POTRF_TRANS, 'N', n, nrhs, 1, a, lda, b, ldb);
        NB_INT(trsm)('L', 'U', 'N', 'N', n, nrhs, 1, a, lda, b, ldb);
    }
}

static int potrf_uplo_ok(char uplo) { return nb_same(uplo, 'U') || nb_same(uplo, 'L'); }

NB_EXPORT void NB_FN(potrf_)(const char *uplo, const blasint *n, nb_t *a, const blasint *lda,
                             blasint *info, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *lda);
    (void)luplo;
    *info = 0;
    if (!potrf_uplo_ok(*uplo))
        nb_lapack_illegal(NB_UP "POTRF", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "POTRF", 2, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "POTRF", 4, info);
    else
        *info = NB_INT(potrf)(*uplo, *n, a, *lda);
}

NB_EXPORT void NB_FN(potrs_)(const char *uplo, const blasint *n, const blasint *nrhs, const nb_t *a,
                             const blasint *lda, nb_t *b, const blasint *ldb, blasint *info,
                             nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " nrhs=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD, NB_TR_CH(uplo), *n, *nrhs, *lda, *ldb);
    (void)luplo;
    *info = 0;
    if (!potrf_uplo_ok(*uplo))
        nb_lapack_illegal(NB_UP "POTRS", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "POTRS", 2, info);
    else if (*nrhs < 0)
        nb_lapack_illegal(NB_UP "POTRS", 3, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "POTRS", 5, info);
    else if (*ldb < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "POTRS", 7, info);
    else
        NB_INT(potrs)(*uplo, *n, *nrhs, a, *lda, b, *ldb);
}
