/* ?getri: the inverse of a general matrix from getrf's factors, A = P L U.

   inv(A) = inv(U) inv(L) P**T. U is inverted in place (trtri, recursive), then X = inv(U) inv(L)
   is found from X L = inv(U), column blocks from the right: a block of X is its columns of inv(U)
   less X's columns right of it times L's rows below the block (one GEMM, m = n), then a solve with
   the block's unit lower diagonal part (one trsm, m = n). Both are large calls that nanoblas
   threads; the reference does the same with 64-column blocks. The block's columns of L are read
   from a copy, because X overwrites them. Last, P**T: the columns are swapped back in reverse
   order of the pivots.
   Workspace: the caller's WORK where LWORK holds N x GETRI_NB elements (the optimal LWORK that
   a query returns), else nanoblas's own allocation, so the blocks (and the bits of the result)
   do not depend on LWORK; only if that allocation fails are the blocks as narrow as LWORK / N
   (>= 1, an argument check) makes them. WORK(1) gets the reference's values: N*NB on entry,
   before the argument checks, and on success the workspace the reference would have used
   (N*NB when N > NB, else N). */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "blas/level1/level1.h"
#include "blas/level3/level3.h"
#include "lapack/lapack.h"
#include <stdlib.h>

/* The reference's block width (ilaenv's answer), for WORK(1), and ours: 128 was no faster for
   dgetri 2000 on one thread, and at 64 a caller that asked for the optimal LWORK is spared the
   allocation. */
#define GETRI_NB 64
#define A_(i, j) (a + (size_t)(i) + (size_t)(j) * (size_t)lda)

/* X L = inv(U) for X, over inv(U) (upper triangle of a) and L (strictly lower), with w holding
   n x nb elements. */
static void getri_solve(blasint n, nb_t *a, blasint lda, nb_t *w, blasint nb)
{
    size_t ldw = (size_t)n;
    blasint j = (n - 1) / nb * nb; /* the narrow block, if any, is the rightmost one */
    for (; j >= 0; j -= nb) {
        blasint jb = nb_min(nb, n - j);
        /* w(0:n-j, 0:jb) = L(j:n, j:j+jb) below the diagonal; X's block starts as inv(U)'s */
        for (blasint c = 0; c < jb; c++) {
            nb_t *col = A_(0, j + c), *wc = w + (size_t)c * ldw;
            for (blasint i = j + c + 1; i < n; i++) {
                wc[i - j] = col[i];
                col[i] = 0;
            }
        }
        if (j + jb < n)
            NB_INT(gemm)('N', 'N', n, jb, n - j - jb, -1, A_(0, j + jb), lda, w + jb, (blasint)ldw,
                         1, A_(0, j), lda);
        NB_INT(trsm)('R', 'L', 'N', 'U', n, jb, 1, w, (blasint)ldw, A_(0, j), lda);
    }
}

blasint NB_INT(getri)(blasint n, nb_t *a, blasint lda, const blasint *ipiv, nb_t *work,
                      blasint lwork)
{
    if (n == 0)
        return 0;
    blasint info = NB_INT(trtri)('U', 'N', n, a, lda);
    if (info)
        return info;
    blasint nb = nb_min(GETRI_NB, n);
    size_t wsize = (size_t)n * (size_t)nb;
    nb_t *w = work, *own = NULL;
    if ((size_t)lwork < wsize && !(w = own = malloc(wsize * sizeof(nb_t)))) {
        w = work; /* narrower blocks in the caller's LWORK >= N elements */
        nb = lwork / n;
    }
    getri_solve(n, a, lda, w, nb);
    free(own);
    for (blasint j = n - 2; j >= 0; j--) {
        blasint jp = ipiv[j] - 1;
        if (jp != j)
            NB_INT(swap)(n, A_(0, j), 1, A_(0, jp), 1);
    }
    return 0;
}

NB_EXPORT void NB_FN(getri_)(const blasint *n, nb_t *a, const blasint *lda, const blasint *ipiv,
                             nb_t *work, const blasint *lwork, blasint *info)
{
    NB_TRACE("n=%" NB_TD " lda=%" NB_TD " lwork=%" NB_TD, *n, *lda, *lwork);
    /* the reference's N*NB, negative for N < 0 as there; 64-bit, where it would overflow */
    nb_t lwkopt = (nb_t)((double)*n * GETRI_NB);
    work[0] = lwkopt;
    *info = 0;
    if (*n < 0)
        nb_lapack_illegal(NB_UP "GETRI", 1, info);
    else if (*lda < nb_max(1, *n))
        nb_lapack_illegal(NB_UP "GETRI", 3, info);
    else if (*lwork < nb_max(1, *n) && *lwork != -1)
        nb_lapack_illegal(NB_UP "GETRI", 6, info);
    if (*info != 0 || *lwork == -1 || *n == 0)
        return;
    *info = NB_INT(getri)(*n, a, *lda, ipiv, work, *lwork);
    if (*info == 0)
        work[0] = *n > GETRI_NB ? lwkopt : (nb_t)*n;
}
