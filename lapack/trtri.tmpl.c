/* ?trtri and ?potri: the inverse of a triangular matrix, and of a Hermitian (symmetric) positive
   definite matrix from its Cholesky factor.

   trtri is recursive on halves. With the leading half inverted, the off-diagonal block of the
   inverse (upper: -inv(A11) A12 inv(A22); lower: -inv(A22) A21 inv(A11)) takes one trsm with the
   trailing half while it is still the original, and one trmm with the leading half now inverted;
   then the trailing half is inverted. The reference walks 64-column panels, each a rank-64 trmm
   and trsm behind a one-thread ?trti2 of its diagonal block; here nearly all the flops are in a
   few large trmm/trsm calls that nanoblas threads. Blocks of at most TRTRI_LEAF columns are
   inverted a column at a time, as ?trti2 does.
   INFO is the reference's: with DIAG = 'N', the first exactly zero diagonal entry, found before
   anything is written. potri is trtri followed by lauum (lauum.tmpl.c), as in the reference. */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "blas/level3/level3.h"
#include "lapack/lapack.h"

#define TRTRI_LEAF 32
#define A_(i, j) (a + (size_t)(i) + (size_t)(j) * (size_t)lda)

/* Upper: column j of inv(U) is -inv(U(0:j, 0:j)) U(0:j, j) / U(j, j), and the columns left of j
   already hold inv(U(0:j, 0:j)). The product runs over columns of that inverse (unit stride);
   entry k of the column is still the original when column k of the inverse reaches it. */
static void trtri_leaf_upper(int unit, blasint n, nb_t *a, blasint lda)
{
    for (blasint j = 0; j < n; j++) {
        nb_t *x = A_(0, j), ajj = -1;
        if (!unit) {
            *A_(j, j) = 1 / *A_(j, j);
            ajj = -*A_(j, j);
        }
        for (blasint k = 0; k < j; k++) {
            const nb_t *tk = A_(0, k);
            nb_t xk = x[k];
            for (blasint i = 0; i < k; i++)
                x[i] += xk * tk[i];
            x[k] = unit ? xk : xk * tk[k];
        }
        for (blasint i = 0; i < j; i++)
            x[i] *= ajj;
    }
}

/* Lower: the mirror image, from the last column back, with the trailing columns inverted. */
static void trtri_leaf_lower(int unit, blasint n, nb_t *a, blasint lda)
{
    for (blasint j = n - 1; j >= 0; j--) {
        nb_t *x = A_(0, j), ajj = -1;
        if (!unit) {
            *A_(j, j) = 1 / *A_(j, j);
            ajj = -*A_(j, j);
        }
        for (blasint k = n - 1; k > j; k--) {
            const nb_t *tk = A_(0, k);
            nb_t xk = x[k];
            for (blasint i = k + 1; i < n; i++)
                x[i] += xk * tk[i];
            x[k] = unit ? xk : xk * tk[k];
        }
        for (blasint i = j + 1; i < n; i++)
            x[i] *= ajj;
    }
}

static void trtri_rec(int upper, int unit, blasint n, nb_t *a, blasint lda)
{
    if (n <= TRTRI_LEAF) {
        if (upper)
            trtri_leaf_upper(unit, n, a, lda);
        else
            trtri_leaf_lower(unit, n, a, lda);
        return;
    }
    /* n1 a multiple of the leaf width, so the leaves are full ones */
    blasint n1 = (n / 2 + TRTRI_LEAF - 1) / TRTRI_LEAF * TRTRI_LEAF, n2 = n - n1;
    char d = unit ? 'U' : 'N';
    nb_t *a22 = A_(n1, n1);
    trtri_rec(upper, unit, n1, a, lda);
    if (upper) {
        /* A12 := A12 inv(A22) (A22 not yet inverted), then -inv(A11) times that */
        NB_INT(trsm)('R', 'U', 'N', d, n1, n2, 1, a22, lda, A_(0, n1), lda);
        NB_INT(trmm)('L', 'U', 'N', d, n1, n2, -1, a, lda, A_(0, n1), lda);
    } else {
        /* A21 := A21 inv(A11) (A11 inverted), then -inv(A22) times that by a solve with A22 */
        NB_INT(trmm)('R', 'L', 'N', d, n2, n1, 1, a, lda, A_(n1, 0), lda);
        NB_INT(trsm)('L', 'L', 'N', d, n2, n1, -1, a22, lda, A_(n1, 0), lda);
    }
    trtri_rec(upper, unit, n2, a22, lda);
}

blasint NB_INT(trtri)(char uplo, char diag, blasint n, nb_t *a, blasint lda)
{
    int unit = nb_same(diag, 'U');
    if (!unit)
        for (blasint i = 0; i < n; i++)
            if (*A_(i, i) == 0)
                return i + 1;
    if (n > 0)
        trtri_rec(nb_same(uplo, 'U'), unit, n, a, lda);
    return 0;
}

blasint NB_INT(potri)(char uplo, blasint n, nb_t *a, blasint lda)
{
    blasint info = NB_INT(trtri)(uplo, 'N', n, a, lda);
    if (info == 0)
        NB_INT(lauum)(uplo, n, a, lda);
    return info;
}

static int trtri_uplo_ok(char uplo) { return nb_same(uplo, 'U') || nb_same(uplo, 'L'); }

NB_EXPORT void NB_FN(trtri_)(const char *uplo, const char *diag, const blasint *n, nb_t *a,
                             const blasint *lda, blasint *info, nb_strlen luplo, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c diag=%c n=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(diag), *n, *lda);
    (void)luplo, (void)ldiag;
    *info = 0;
    if (!trtri_uplo_ok(*uplo))
        nb_lapack_illegal(NB_UP "TRTRI", 1, info);
    else if (!nb_same(*diag, 'N') && !nb_same(*diag, 'U'))
        nb_lapack_illegal(NB_UP "TRTRI", 2, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "TRTRI", 3, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "TRTRI", 5, info);
    else
        *info = NB_INT(trtri)(*uplo, *diag, *n, a, *lda);
}

NB_EXPORT void NB_FN(potri_)(const char *uplo, const blasint *n, nb_t *a, const blasint *lda,
                             blasint *info, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *lda);
    (void)luplo;
    *info = 0;
    if (!trtri_uplo_ok(*uplo))
        nb_lapack_illegal(NB_UP "POTRI", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "POTRI", 2, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "POTRI", 4, info);
    else
        *info = NB_INT(potri)(*uplo, *n, a, *lda);
}
