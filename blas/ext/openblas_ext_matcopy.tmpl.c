/* OpenBLAS's scaled matrix copies: ?omatcopy (B = alpha*op(A)) and ?imatcopy (the same in place),
   with their Fortran entry points (CBLAS forms in cblas/cblas_ext.tmpl.c).

   Both take the storage order as their first argument ('C' column-major, 'R' row-major). A
   row-major rows x cols matrix is the column-major cols x rows one in the same memory, and
   op(A) maps the same way, so everything below works on column-major m x n operands.
   trans: 'N', 'T', 'R' (conjugate without transpose), 'C' (conjugate transpose); for real types
   'R' is 'N' and 'C' is 'T'. alpha == 0 writes zeros without reading A (OpenBLAS's kernels do the
   same: NaN in A does not reach B). Empty matrices are legal and do nothing (OpenBLAS >= 0.3.26;
   older versions called xerbla for rows or cols == 0). */
#include <stdlib.h>
#include <string.h>
#include "blas/level1/l1_internal.h"
#include "blas/ext/openblas_ext_int.h"
#include "blas/nb_trace.h"

static inline nb_t scaled(nb_t v, nb_t alpha, int conj)
{
#if NB_COMPLEX
    if (conj)
        v = NB_CONJ(v);
#else
    (void)conj;
#endif
    return alpha * v;
}

static int is_trans(char t) { return nb_same(t, 'T') || nb_same(t, 'C'); }
static int is_conj(char t) { return NB_COMPLEX && (nb_same(t, 'C') || nb_same(t, 'R')); }

/* The unit of the split of A's columns across threads: a multiple of every register block and
   tile of the kernels (kernels/generic/l1_loops.h), so that threads write whole tiles of B. */
#define MAT_COLS 64

typedef struct {
    size_t m, n, lda, ldb;
    const nb_t *a;
    nb_t *b;
    nb_t alpha;
    int trans, conj;
} omat_ctx;

static void omat_part(const omat_ctx *t, size_t j0, size_t j1)
{
    if (t->trans)
        NB_L1KP(omatt)(t->m, j1 - j0, t->alpha, t->a + j0 * t->lda, t->lda, t->b + j0, t->ldb,
                       t->conj);
    else
        NB_L1KP(omatn)(t->m, j1 - j0, t->alpha, t->a + j0 * t->lda, t->lda, t->b + j0 * t->ldb,
                       t->ldb, t->conj);
}

/* A contiguous range of whole MAT_COLS blocks per thread (only the last block is short). */
static void omat_region(void *vctx, int tid, int nt)
{
    const omat_ctx *t = vctx;
    size_t lo, hi;
    nb_split(t->n, MAT_COLS, nt, tid, &lo, &hi);
    if (hi > lo)
        omat_part(t, lo, hi);
}

/* B = alpha*op(A) for a column-major m x n A; B is m x n, or n x m when trans: the kernel set's
   copies (no transpose: column by column; transpose: L1 tiles of register-transposed blocks),
   with a team over blocks of MAT_COLS columns of A for large matrices (each element of B has one
   writer). In place (a == b, lda == ldb, no transpose) works: every element is read before it
   is written. */
static void omat_cm(size_t m, size_t n, nb_t alpha, const nb_t *a, size_t lda, int trans, int conj,
                    nb_t *b, size_t ldb)
{
    omat_ctx t = {m, n, lda, ldb, a, b, alpha, trans, conj};
    size_t nblk = (n + MAT_COLS - 1) / MAT_COLS;
    int team = nblk > 1 ? nb_l1_team(2 * NB_L1_NREAL * m * n, nblk) : 1;
    if (team <= 1) {
        omat_part(&t, 0, n);
        return;
    }
    nb_parallel(team, omat_region, &t);
}

/* Column-major shape and leading-dimension minima of a call. */
static void cm_shape(char order, blasint rows, blasint cols, size_t *m, size_t *n)
{
    int col = nb_same(order, 'C');
    *m = (size_t)(col ? rows : cols);
    *n = (size_t)(col ? cols : rows);
}

static blasint matcopy_check(char order, char trans, blasint rows, blasint cols, blasint lda,
                             blasint ldb, blasint ldb_pos)
{
    int col = nb_same(order, 'C');
    if (!col && !nb_same(order, 'R'))
        return 1;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'R') && !nb_same(trans, 'C'))
        return 2;
    if (rows < 0)
        return 3;
    if (cols < 0)
        return 4;
    blasint arows = col ? rows : cols, brows = is_trans(trans) ? (col ? cols : rows) : arows;
    if (lda < nb_max(1, arows))
        return 7;
    if (ldb < nb_max(1, brows))
        return ldb_pos;
    return 0;
}

blasint NB_INT(omatcopy_check)(char order, char trans, blasint rows, blasint cols, blasint lda,
                               blasint ldb)
{
    return matcopy_check(order, trans, rows, cols, lda, ldb, 9);
}

blasint NB_INT(imatcopy_check)(char order, char trans, blasint rows, blasint cols, blasint lda,
                               blasint ldb)
{
    return matcopy_check(order, trans, rows, cols, lda, ldb, 8);
}

void NB_INT(omatcopy)(char order, char trans, blasint rows, blasint cols, nb_t alpha, const nb_t *a,
                      blasint lda, nb_t *b, blasint ldb)
{
    size_t m, n;
    cm_shape(order, rows, cols, &m, &n);
    if (m && n)
        omat_cm(m, n, alpha, a, (size_t)lda, is_trans(trans), is_conj(trans), b, (size_t)ldb);
}

/* In place without workspace, for when none can be allocated: the packed m x n matrix becomes
   the packed n x m transpose by following the cycles of the permutation k -> k*n mod (mn - 1)
   (element i + j*m moves to j + i*n), each cycle moved once from its smallest index. */
static void transpose_packed_cycles(size_t m, size_t n, nb_t *x)
{
    size_t last = m * n - 1;
    if (last < 2)
        return;
    for (size_t s = 1; s < last; s++) {
        size_t k = s;
        do
            k = (size_t)((unsigned __int128)k * n % last);
        while (k > s);
        if (k != s) /* an index below s is on the cycle: it was moved already */
            continue;
        nb_t carry = x[s];
        k = s;
        do {
            k = (size_t)((unsigned __int128)k * n % last);
            nb_t t = x[k];
            x[k] = carry;
            carry = t;
        } while (k != s);
    }
}

/* Copies an m x n column-major block from leading dimension ld_from to ld_to in the same memory
   (overlapping): forwards when the columns move down in memory, backwards when they move up, so
   that no element is overwritten before it is read. */
static void restride(size_t m, size_t n, nb_t *x, size_t ld_from, size_t ld_to)
{
    if (ld_from == ld_to)
        return;
    if (ld_to < ld_from) {
        for (size_t j = 0; j < n; j++)
            for (size_t i = 0; i < m; i++)
                x[i + j * ld_to] = x[i + j * ld_from];
    } else {
        for (size_t j = n; j-- > 0;)
            for (size_t i = m; i-- > 0;)
                x[i + j * ld_to] = x[i + j * ld_from];
    }
}

static void scale_block(size_t m, size_t n, nb_t alpha, int conj, nb_t *x, size_t ld)
{
    omat_cm(m, n, alpha, x, ld, 0, conj, x, ld);
}

void NB_INT(imatcopy)(char order, char trans, blasint rows, blasint cols, nb_t alpha, nb_t *a,
                      blasint lda, blasint ldb)
{
    size_t m, n, la = (size_t)lda, lb = (size_t)ldb;
    cm_shape(order, rows, cols, &m, &n);
    if (!m || !n)
        return;
    const int conj = is_conj(trans);
    if (!is_trans(trans)) {
        /* scale where the element is, then move it: each pass reads before it writes */
        if (lb > la) {
            restride(m, n, a, la, lb);
            scale_block(m, n, alpha, conj, a, lb);
        } else {
            scale_block(m, n, alpha, conj, a, la);
            restride(m, n, a, la, lb);
        }
        return;
    }
    if (m == n && la == lb && n <= 64) { /* small square: swap across the diagonal in one pass */
        const int zero = NB_RE(alpha) == 0 && NB_IM(alpha) == 0;
        for (size_t j = 0; j < n; j++) {
            for (size_t i = 0; i < j; i++) {
                nb_t upper = a[i + j * la], lower = a[j + i * la];
                a[i + j * la] = zero ? (nb_t)0 : scaled(lower, alpha, conj);
                a[j + i * la] = zero ? (nb_t)0 : scaled(upper, alpha, conj);
            }
            a[j + j * la] = zero ? (nb_t)0 : scaled(a[j + j * la], alpha, conj);
        }
        return;
    }
    if (m == n && la == lb) {
        /* square: tiles of SQ x SQ. A diagonal tile goes through a buffer; a pair I < J:
           buf = op(A_IJ), then A_IJ = op(A_JI) (the kernel, from the other tile), A_JI = buf */
        enum { SQ = 32 };
        nb_t buf[SQ * SQ];
        for (size_t j0 = 0; j0 < n; j0 += SQ) {
            size_t nj = n - j0 < SQ ? n - j0 : SQ;
            for (size_t i0 = 0; i0 <= j0; i0 += SQ) {
                size_t mi = n - i0 < SQ ? n - i0 : SQ;
                NB_L1KP(omatt)(mi, nj, alpha, a + i0 + j0 * la, la, buf, nj, conj);
                if (i0 != j0)
                    NB_L1KP(omatt)(nj, mi, alpha, a + j0 + i0 * la, la, a + i0 + j0 * la, la, conj);
                for (size_t c = 0; c < mi; c++)
                    memcpy(a + j0 + (i0 + c) * la, buf + c * nj, nj * sizeof(nb_t));
            }
        }
        return;
    }
    nb_t *tmp = malloc(m * n * sizeof(nb_t));
    if (tmp) {
        omat_cm(m, n, alpha, a, la, 1, conj, tmp, n);
        for (size_t j = 0; j < m; j++)
            for (size_t i = 0; i < n; i++)
                a[i + j * lb] = tmp[i + j * n];
        free(tmp);
        return;
    }
    /* no workspace: pack (ld m <= lda), transpose the packed matrix in place, spread to ldb */
    restride(m, n, a, la, m);
    scale_block(m, n, alpha, conj, a, m);
    transpose_packed_cycles(m, n, a);
    restride(n, m, a, n, lb);
}

/* ---- Fortran entry points ---- */

NB_EXPORT void NB_FN(omatcopy_)(const char *order, const char *trans, const blasint *rows,
                                const blasint *cols, const nb_t *alpha, const nb_t *a,
                                const blasint *lda, nb_t *b, const blasint *ldb, nb_strlen lorder,
                                nb_strlen ltrans)
{
    NB_TRACE("order=%c trans=%c rows=%" NB_TD " cols=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD,
             NB_TR_CH(order), NB_TR_CH(trans), *rows, *cols, *lda, *ldb);
    (void)lorder, (void)ltrans;
    blasint info = NB_INT(omatcopy_check)(*order, *trans, *rows, *cols, *lda, *ldb);
    if (info) {
        nb_xerbla(NB_UP "OMATCOPY", info);
        return;
    }
    NB_INT(omatcopy)(*order, *trans, *rows, *cols, *alpha, a, *lda, b, *ldb);
}

NB_EXPORT void NB_FN(imatcopy_)(const char *order, const char *trans, const blasint *rows,
                                const blasint *cols, const nb_t *alpha, nb_t *a, const blasint *lda,
                                const blasint *ldb, nb_strlen lorder, nb_strlen ltrans)
{
    NB_TRACE("order=%c trans=%c rows=%" NB_TD " cols=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD,
             NB_TR_CH(order), NB_TR_CH(trans), *rows, *cols, *lda, *ldb);
    (void)lorder, (void)ltrans;
    blasint info = NB_INT(imatcopy_check)(*order, *trans, *rows, *cols, *lda, *ldb);
    if (info) {
        nb_xerbla(NB_UP "IMATCOPY", info);
        return;
    }
    NB_INT(imatcopy)(*order, *trans, *rows, *cols, *alpha, a, *lda, *ldb);
}
