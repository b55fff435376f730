/* ?lauum: the product U U**H or L**H L of a triangular factor with its own conjugate transpose,
   written over the factor (the second step of ?potri).

   Recursive on halves, for upper (lower is the mirror image):
     [U11 U12] [U11**H    0  ]   [U11 U11**H + U12 U12**H   U12 U22**H]
     [ 0  U22] [U12**H U22**H] = [          .               U22 U22**H]
   so the leading half is its own product plus one herk/syrk with U12 (k = n/2), U12 takes one
   trmm with U22 (after the herk has read the original U12, before U22 is overwritten), and the
   trailing half is its own product. The reference runs 64-column panels, each a one-thread ?lauu2
   of its diagonal block next to a rank-64 trmm, gemm and herk; here nearly all the flops are in
   a few large Level 3 calls that nanoblas threads. Blocks of at most LAUUM_LEAF columns are done
   with plain loops.
   Complex: the diagonal of the factor is used as a complex number everywhere (|u_ii|**2 on the
   product's diagonal); the reference's ?lauu2 takes only its real part, which is the same for a
   Cholesky factor (real diagonal), the case lauum is meant for. */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "blas/level3/level3.h"
#include "lapack/lapack.h"

#define LAUUM_LEAF 32
#define A_(i, j) (a + (size_t)(i) + (size_t)(j) * (size_t)lda)

#if NB_COMPLEX
#define LAUUM_ABS2(x) (NB_RE(x) * NB_RE(x) + NB_IM(x) * NB_IM(x))
#define LAUUM_TRANS 'C'
#define LAUUM_RANKK(uplo, trans, n, k, a1, lda, a2) NB_INT(herk)(uplo, trans, n, k, 1, a1, lda, 1, a2, lda)
#else
#define LAUUM_ABS2(x) ((x) * (x))
#define LAUUM_TRANS 'T'
#define LAUUM_RANKK(uplo, trans, n, k, a1, lda, a2) NB_INT(syrk)(uplo, trans, n, k, 1, a1, lda, 1, a2, lda)
#endif

/* Upper: (i, j) = sum over k >= j of U(i, k) conj(U(j, k)), j >= i. Row i is done after the
   rows above it (which it no longer needs) and left to right, so each entry it reads (row i at
   or right of j, rows below i) is still the factor's. The diagonal is summed as real squares,
   so its imaginary part is exactly zero (a complex product would leave FMA residue there). */
static void lauum_leaf_upper(blasint n, nb_t *a, blasint lda)
{
    for (blasint i = 0; i < n; i++) {
        nb_r d = 0;
        for (blasint k = i; k < n; k++)
            d += LAUUM_ABS2(*A_(i, k));
        *A_(i, i) = d;
        for (blasint j = i + 1; j < n; j++) {
            nb_t s = 0;
            for (blasint k = j; k < n; k++)
                s += *A_(i, k) * NB_CONJ(*A_(j, k));
            *A_(i, j) = s;
        }
    }
}

/* Lower: (i, j) = sum over k >= i of conj(L(k, i)) L(k, j), i >= j; columns left to right, each
   top down, so the reads (column j at or below i, columns right of j) are still the factor's. */
static void lauum_leaf_lower(blasint n, nb_t *a, blasint lda)
{
    for (blasint j = 0; j < n; j++) {
        const nb_t *lj = A_(0, j);
        nb_r d = 0;
        for (blasint k = j; k < n; k++)
            d += LAUUM_ABS2(lj[k]);
        *A_(j, j) = d;
        for (blasint i = j + 1; i < n; i++) {
            const nb_t *li = A_(0, i);
            nb_t s = 0;
            for (blasint k = i; k < n; k++)
                s += NB_CONJ(li[k]) * lj[k];
            *A_(i, j) = s;
        }
    }
}

static void lauum_rec(int upper, blasint n, nb_t *a, blasint lda)
{
    if (n <= LAUUM_LEAF) {
        if (upper)
            lauum_leaf_upper(n, a, lda);
        else
            lauum_leaf_lower(n, a, lda);
        return;
    }
    blasint n1 = (n / 2 + LAUUM_LEAF - 1) / LAUUM_LEAF * LAUUM_LEAF, n2 = n - n1;
    nb_t *a22 = A_(n1, n1);
    lauum_rec(upper, n1, a, lda);
    if (upper) {
        LAUUM_RANKK('U', 'N', n1, n2, A_(0, n1), lda, a);
        NB_INT(trmm)('R', 'U', LAUUM_TRANS, 'N', n1, n2, 1, a22, lda, A_(0, n1), lda);
    } else {
        LAUUM_RANKK('L', LAUUM_TRANS, n1, n2, A_(n1, 0), lda, a);
        NB_INT(trmm)('L', 'L', LAUUM_TRANS, 'N', n2, n1, 1, a22, lda, A_(n1, 0), lda);
    }
    lauum_rec(upper, n2, a22, lda);
}

void NB_INT(lauum)(char uplo, blasint n, nb_t *a, blasint lda)
{
    if (n > 0)
        lauum_rec(nb_same(uplo, 'U'), n, a, lda);
}

NB_EXPORT void NB_FN(lauum_)(const char *uplo, const blasint *n, nb_t *a, const blasint *lda,
                             blasint *info, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *lda);
    (void)luplo;
    *info = 0;
    if (!nb_same(*uplo, 'U') && !nb_same(*uplo, 'L'))
        nb_lapack_illegal(NB_UP "LAUUM", 1, info);
    else if (*n < 0)
        nb_lapack_illegal(NB_UP "LAUUM", 2, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "LAUUM", 4, info);
    else
        NB_INT(lauum)(*uplo, *n, a, *lda);
}
