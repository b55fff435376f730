/* x := op(A)*x for a triangular matrix in full (xTRMV), band (xTBMV) or packed (xTPMV) storage.
   One algorithm over l2_tri; the loop orders are the reference's (they decide the rounding of the
   dot-product forms and which zero elements of x skip a column). */
#include <stdlib.h>
#include <string.h>
#include "l2gen_common.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* tbmv 'N' on bands of at most TB_ROWS_K superdiagonals (or subdiagonals), row by row in place:
   x(i) takes the reference's terms in its order (its own scaling first, skipped where x(i) = 0,
   then the other columns' x(j) A(i,j) in the column loop's order, each skipped where x(j) = 0),
   kept in a register; the rows still to come hold the input, since upper runs i upward and lower
   downward. The column loop passed x from one column's kernel call to the next through memory
   (a store-forwarding chain a column; a call a column of 1-6 elements). Zen 5, n = 400,
   1 thread: s/d/c/z tbmv 1.4-1.8x faster at k = 1, 1.3-1.7x at k = 4, 1.0-1.4x at k = 6 (from
   1.3-1.5x OpenBLAS's time to 0.7-1.0x); at k = 8 the complex ones were slower by rows. The path
   depends on the shape only. */
#define TB_ROWS_K 6
static void tbmv_rows(const l2_tri *s, int nounit, nb_t *xs, blasint incx)
{
    blasint n = s->n, k = s->k;
    ptrdiff_t step = (ptrdiff_t)s->lda - 1; /* A(i, j) at row + j * step */
    for (blasint t = 0; t < n; t++) {
        blasint i = s->upper ? t : n - 1 - t;
        const nb_t *row = s->a + i + (s->upper ? k : 0);
        nb_t acc = L2_AT(xs, i, incx);
        if (nounit && acc != 0)
            acc = acc * row[i * step];
        if (s->upper)
            for (blasint j = i + 1; j <= i + k && j < n; j++) {
                nb_t tj = L2_AT(xs, j, incx);
                if (tj != 0)
                    acc = acc + tj * row[j * step];
            }
        else
            for (blasint j = i - 1; j >= i - k && j >= 0; j--) {
                nb_t tj = L2_AT(xs, j, incx);
                if (tj != 0)
                    acc = acc + tj * row[j * step];
            }
        L2_AT(xs, i, incx) = acc;
    }
}

/* Full storage, 'N', unit stride: the columns in groups of TR_GROUP. Group J first adds its
   columns to the rows outside it through gemv (rows above for upper, below for lower; skipping
   zero x(j), as the reference), reading x(J) while it still holds the input, then runs the
   reference's loop on its diagonal block. Every row of the group still gets its own scaling and
   its group's columns before the later groups' columns reach it: each element gets the
   reference's terms in the reference's order, except that lower adds a group's columns outside
   the group in ascending order where the reference descends (rounding only, as the blocked
   form). The column loop loaded and stored x once a column, in a kernel call a column: on the
   Sapphire Rapids-class guest, dtrmv 72 ran at 0.29x MKL that way, 0.4x grouped (1.4x faster). */
#define TR_GROUP L2_TR_GROUP

#if NB_COMPLEX /* the real types take trmv_n_rowblocks below */
/* A group's b x b diagonal block (b <= TR_GROUP) row by row, x(i) in a register: its own
   scaling (skipped where x(i) = 0), then the group's later columns in the reference's order
   (each skipped where x(j) = 0), as tbmv_rows; the rows still to come hold the input. Kernel
   calls of 0-7 elements a column, passing x through memory, cost more than the work. */
static inline void trmv_n_group_diag(int upper, int nounit, size_t b, const nb_t *a, size_t lda,
                                     nb_t *x)
{
    for (size_t t = 0; t < b; t++) {
        size_t i = upper ? t : b - 1 - t;
        nb_t acc = x[i];
        if (nounit && acc != 0)
            acc = acc * a[i + i * lda];
        if (upper)
            for (size_t j = i + 1; j < b; j++) {
                nb_t tj = x[j];
                if (tj != 0)
                    acc = acc + tj * a[i + j * lda];
            }
        else
            for (size_t j = i; j-- > 0;) {
                nb_t tj = x[j];
                if (tj != 0)
                    acc = acc + tj * a[i + j * lda];
            }
        x[i] = acc;
    }
}

static void trmv_n_grouped(const l2_tri *s, char diag, nb_t *x)
{
    size_t n = (size_t)s->n, lda = (size_t)s->lda, ng = (n + TR_GROUP - 1) / TR_GROUP;
    for (size_t t = 0; t < ng; t++) {
        size_t j0 = (s->upper ? t : ng - 1 - t) * TR_GROUP;
        size_t b = n - j0 < TR_GROUP ? n - j0 : TR_GROUP, j1 = j0 + b;
        const nb_t *acol = s->a + j0 * lda; /* A(0, j0) */
        if (s->upper && j0 > 0)
            l2k_gemv_n_skip0(j0, b, 1, acol, lda, x + j0, x);
        else if (!s->upper && j1 < n)
            l2k_gemv_n_skip0(n - j1, b, 1, acol + j1, lda, x + j0, x + j1);
        trmv_n_group_diag(s->upper, nb_same(diag, 'N'), b, acol + j0, lda, x + j0);
    }
}
#endif

#if !NB_COMPLEX
/* Real 'N' with unit stride, full or packed storage: the rows in blocks of up to TRN_MAXV
   vectors (the set's trn_cols / trn_tri, kernels/l2gen_kernels.h). A block's rows stay in
   registers: each row starts from its own scaling (skipped where x(i) = 0), takes its vector's
   triangle, then every column beyond the block in the reference's order (upper: ascending j;
   lower: descending), each skipped where x(j) = 0: every element gets the reference's terms in
   the reference's order. Upper walks the blocks downward from row 0 and lower upward from row
   n - 1, so the x(j) a block reads still hold the input; the rows left over (fewer than a
   vector: the last ones for upper, the first ones for lower, which reach only their own
   triangle) run the scalar loop last. On the Sapphire Rapids-class guest the column sweep of
   dtpmv 72 ran at 0.29x MKL, a kernel call and one load and store of x a column. */
#define TRN_MAXV 8
#define TRN_MAXVL 16 /* the lanes of the widest vector any set uses: 64 bytes of floats */


/* rows [i, i + b) scaled by their diagonal, into acc (the diagonal walked as trn_steps says:
   l2_col a row cost a quarter of dtpmv 72) */
static void trn_init(const l2_tri *s, int nounit, const nb_t *x, size_t i, size_t b, nb_t *acc)
{
    if (!nounit) {
        memcpy(acc, x + i, b * sizeof(nb_t));
        return;
    }
    ptrdiff_t st, ds, off = 0;
    const nb_t *d = l2_col(s, (blasint)i) + i;
    l2_col_steps(s, (blasint)i, 1, &st, &ds);
    for (size_t t = 0; t < b; t++, off += st + 1, st += ds) {
        nb_t v = x[i + t];
        acc[t] = v != 0 ? v * d[off] : v;
    }
}

/* the rows [j0, j0 + b) that reach no column outside them (fewer than a vector), as
   trmv_n_group_diag: in place too, the rows in the order that reads each x(j) before it is
   written */
static void trn_tail(const l2_tri *s, int nounit, const nb_t *xi, nb_t *xo, size_t j0, size_t b)
{
    for (size_t t = 0; t < b; t++) {
        size_t i = s->upper ? j0 + t : j0 + b - 1 - t;
        nb_t acc = xi[i];
        if (nounit && acc != 0)
            acc = acc * l2_col(s, (blasint)i)[i];
        if (s->upper) {
            for (size_t j = i + 1; j < j0 + b; j++)
                if (xi[j] != 0)
                    acc = acc + xi[j] * l2_col(s, (blasint)j)[i];
        } else {
            for (size_t j = i; j-- > j0;)
                if (xi[j] != 0)
                    acc = acc + xi[j] * l2_col(s, (blasint)j)[i];
        }
        xo[i] = acc;
    }
}

/* the triangles of the block's vectors [v0, v1) (rows from i0, first column of vector v at row
   iv + 1 upper, iv + vl - 2 lower, as the contract of trn_tri), four a call */
static void trn_tris(const l2_tri *s, size_t i0, size_t v0, size_t v1, size_t vl, nb_t *acc,
                     const nb_t *x)
{
    int dir = s->upper ? 1 : -1;
    for (size_t v = v0; v < v1; v += 4) {
        int k = v1 - v < 4 ? (int)(v1 - v) : 4;
        const nb_t *a[4];
        ptrdiff_t st[4], ds = 0;
        size_t jf = s->upper ? 1 : vl - 2; /* the first column, from the vector's first row */
        for (int q = 0; q < k; q++) {
            size_t iv = i0 + (v + (size_t)q) * vl, j = iv + jf;
            a[q] = l2_col(s, (blasint)j) + iv;
            l2_col_steps(s, (blasint)j, dir, &st[q], &ds);
        }
        L2K_TAB->NB_CAT(NB_P, trn_tri)(k, s->upper, acc + v * vl, a, st, ds,
                                       x + i0 + v * vl + jf, dir);
    }
}

/* Block b of the rows in whole vectors (upper from row 0 down, lower from row n - 1 up): its
   first row and vector count. The blocks depend on n only. */
static size_t trn_block_at(const l2_tri *s, size_t vl, size_t b, size_t *nv)
{
    size_t n = (size_t)s->n, m = n - n % vl, first = b * TRN_MAXV * vl;
    *nv = (m - first) / vl < TRN_MAXV ? (m - first) / vl : TRN_MAXV;
    return s->upper ? first : n - first - *nv * vl;
}

/* rows [i0, i0 + nv vl) of the result into xo, the input read from xi (xi == xo: in place, the
   blocks in order: every x(j) a block reads is still the input) */
static void trn_block(const l2_tri *s, int nounit, const nb_t *xi, nb_t *xo, size_t i0, size_t nv,
                      size_t vl)
{
    const size_t n = (size_t)s->n;
    nb_t acc[TRN_MAXV * TRN_MAXVL];
    ptrdiff_t st, ds;
    /* nv vectors of acc take ncols columns from column j (rows from row), in direction dir */
#define TRN_COLS(nv, ncols, accp, j, row, dir)                                                     \
    (l2_col_steps(s, (blasint)(j), dir, &st, &ds),                                                \
     L2K_TAB->NB_CAT(NB_P, trn_cols)(nv, ncols, accp, l2_col(s, (blasint)(j)) + (row), st, ds,   \
                                     xi + (j), dir))
    trn_init(s, nounit, xi, i0, nv * vl, acc);
    trn_tris(s, i0, 0, nv, vl, acc, xi);
    if (s->upper) {
        for (size_t v = 0; v + 1 < nv; v++) /* vector v + 1's columns, to the vectors above */
            TRN_COLS(v + 1, vl, acc, i0 + (v + 1) * vl, i0, 1);
        size_t j = i0 + nv * vl;
        if (j < n)
            TRN_COLS(nv, n - j, acc, j, i0, 1);
    } else {
        for (size_t v = nv; v-- > 1;) { /* vector v - 1's columns, to the vectors below */
            size_t iv = i0 + v * vl;
            TRN_COLS(nv - v, vl, acc + v * vl, iv - 1, iv, -1);
        }
        if (i0 > 0)
            TRN_COLS(nv, i0, acc, i0 - 1, i0, -1);
    }
#undef TRN_COLS
    memcpy(xo + i0, acc, nv * vl * sizeof(nb_t));
}

typedef struct {
    const l2_tri *s;
    int nounit;
    const nb_t *xi;
    nb_t *xo;
} trn_job;

/* Thread tid of nt: the blocks whose middle falls in its share of the work (a block's columns
   times its rows; only the speed depends on the split), and thread 0 the rows left over. */
static void trn_region(void *arg, int tid, int nt)
{
    const trn_job *j = arg;
    const l2_tri *s = j->s;
    const size_t n = (size_t)s->n, vl = (size_t)L2K_TAB->NB_CAT(NB_P, trn_vl)(), r = n % vl;
    const size_t nb = (n / vl + TRN_MAXV - 1) / TRN_MAXV;
    double total = 0.5 * (double)n * (double)(n + 1), before = 0;
    for (size_t b = 0, nv; b < nb; b++) {
        size_t i0 = trn_block_at(s, vl, b, &nv);
        double h = (double)(nv * vl), w = h * (s->upper ? (double)(n - i0) - 0.5 * h : (double)i0 + 0.5 * h);
        int owner = nt > 1 ? (int)((double)nt * (before + 0.5 * w) / total) : 0;
        before += w;
        if ((owner < nt ? owner : nt - 1) == tid)
            trn_block(s, j->nounit, j->xi, j->xo, i0, nv, vl);
    }
    if (tid == 0 && r) /* in place, after the blocks: their reads of these rows come first */
        trn_tail(s, j->nounit, j->xi, j->xo, s->upper ? n - r : 0, r);
}

/* whether the set's vectors fit trn_block's buffer (every set's do: at most 64 bytes) */
static int trn_fits(void)
{
    return L2K_TAB->NB_CAT(NB_P, trn_vl)() <= TRN_MAXVL;
}

/* x in place, one thread */
static void trmv_n_rowblocks(const l2_tri *s, int nounit, nb_t *x)
{
    trn_job j = {s, nounit, x, x};
    trn_region(&j, 0, 1);
}
#endif

static void l2_trmv(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    blasint n = s->n;
    if (n == 0)
        return;
    if (incx == 1 && n > TR_GROUP && nb_same(trans, 'N') &&
        (s->kind == L2_FULL || (!NB_COMPLEX && s->kind == L2_PACKED))) {
        if (!nb_rt.kset)
            nb_init();
#if NB_COMPLEX
        trmv_n_grouped(s, diag, x);
        return;
#else
        if (trn_fits()) {
            trmv_n_rowblocks(s, nb_same(diag, 'N'), x);
            return;
        }
#endif
    }
    if (s->kind == L2_BAND && s->k <= TB_ROWS_K && nb_same(trans, 'N')) {
        tbmv_rows(s, nb_same(diag, 'N'), x + nb_vstart(n, incx), incx);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    int nounit = nb_same(diag, 'N'), conj = nb_same(trans, 'C');
    nb_t *xs = x + nb_vstart(n, incx);
    if (nb_same(trans, 'N')) {
        /* axpy form: column j adds x(j)*A(:,j) to the other stored rows, then scales x(j). Upper
           runs j upward so that x(j) is still the input when it is used; lower runs downward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? t : n - 1 - t;
            nb_t temp = L2_AT(xs, j, incx);
            if (temp == 0)
                continue;
            const nb_t *col = l2_col(s, j);
            blasint lo = s->upper ? l2_lo(s, j) : j + 1, hi = s->upper ? j - 1 : l2_hi(s, j);
            if (incx == 1 && hi >= lo) /* contiguous: the set's vectorised axpy */
                l2k_axpy((size_t)(hi - lo + 1), temp, col + lo, xs + lo);
            else
                l2_axpy(lo, hi, temp, col, xs, incx);
            if (nounit)
                L2_AT(xs, j, incx) = L2_AT(xs, j, incx) * col[j];
        }
    } else {
        /* dot form: x(j) := op(A(j,j))*x(j) + sum of op(A(i,j))*x(i) over the rows not yet
           overwritten; upper walks j and i downward, lower upward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? n - 1 - t : t;
            const nb_t *col = l2_col(s, j);
            nb_t temp = L2_AT(xs, j, incx);
            if (nounit)
                temp = temp * l2_op(col[j], conj);
            if (s->upper && incx == 1) { /* contiguous: the set's dot (ascending, not descending) */
                blasint lo = l2_lo(s, j);
                temp = l2k_dot((size_t)(j - lo), temp, col + lo, xs + lo, conj);
            } else if (s->upper) {
                for (blasint i = j - 1, lo = l2_lo(s, j); i >= lo; i--)
                    temp = temp + l2_op(col[i], conj) * L2_AT(xs, i, incx);
            } else if (incx == 1) {
                blasint hi = l2_hi(s, j);
                temp = l2k_dot((size_t)(hi - j), temp, col + j + 1, xs + j + 1, conj);
            } else {
                temp = l2_dot(temp, j + 1, l2_hi(s, j), col, xs, incx, conj);
            }
            L2_AT(xs, j, incx) = temp;
        }
    }
}

/* ---- full storage: blocked ---------------------------------------------------------------
   x := op(A) xo with xo a copy of the input, so every block of the result depends on the input
   only and a thread owns a fixed range of it (rows for 'N', columns for 'T'/'C') without waiting
   for any other. Block I of x gets its diagonal block first (the reference loops, in place: no
   other step has touched x[I] yet), then the off-diagonal blocks through gemv: 'N' as tall
   column sweeps over the thread's rows (skipping zero x(j), as the reference), 'T' as dots over
   whole column segments. */
static void trmv_range(const l2_tri *s, char trans, char diag, nb_t *x, const nb_t *xo, size_t r0,
                       size_t r1)
{
    size_t n = (size_t)s->n, lda = (size_t)s->lda, nblk = (n + L2_TRB - 1) / L2_TRB;
    int notrans = nb_same(trans, 'N'), conj = nb_same(trans, 'C');
    for (size_t t = 0; t < nblk; t++) {
        /* 'N' upper and 'T' lower walk the blocks upward, the others downward (reference order) */
        size_t jb = (notrans == s->upper) ? t : nblk - 1 - t;
        size_t j0 = jb * L2_TRB, b = n - j0 < L2_TRB ? n - j0 : L2_TRB, j1 = j0 + b;
        const nb_t *ajj = s->a + j0 + j0 * lda;
        if (j0 >= r0 && j0 < r1) {
            l2_tri d = l2_full(s->upper, (blasint)b, ajj, (blasint)lda);
            l2_trmv(&d, trans, diag, x + j0, 1);
        }
        if (notrans) {
            size_t lo = s->upper ? r0 : (r0 > j1 ? r0 : j1), hi = s->upper ? (r1 < j0 ? r1 : j0) : r1;
            if (lo < hi)
                l2k_gemv_n_skip0(hi - lo, b, 1, s->a + lo + j0 * lda, lda, xo + j0, x + lo);
        } else if (j0 >= r0 && j0 < r1) {
            if (s->upper)
                l2k_gemv_t(j0, b, 1, s->a + j0 * lda, lda, xo, x + j0, conj);
            else
                l2k_gemv_t(n - j1, b, 1, s->a + j1 + j0 * lda, lda, xo + j1, x + j0, conj);
        }
    }
}

typedef struct {
    const l2_tri *s;
    char trans, diag;
    nb_t *xc;
    const nb_t *xo;
    size_t n;
    int inc; /* l2_tri_split: the rows' work grows with their index */
} trmv_job;

static void trmv_region(void *arg, int tid, int nt)
{
    const trmv_job *j = arg;
    size_t lo, hi;
    l2_tri_split(j->n, j->inc, nt, tid, &lo, &hi);
    trmv_range(j->s, j->trans, j->diag, j->xc, j->xo, lo, hi);
}

static void trmv_blocked(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    size_t n = (size_t)s->n;
    int strided = incx != 1;
    nb_t *buf = malloc(n * (strided ? 2 : 1) * sizeof(nb_t));
    if (!buf) {
        l2_trmv(s, trans, diag, x, incx);
        return;
    }
    nb_t *xs = x + nb_vstart(s->n, incx), *xo = buf, *xc = strided ? buf + n : xs;
    for (size_t i = 0; i < n; i++)
        xo[i] = L2_AT(xs, i, incx);
    if (strided)
        for (size_t i = 0; i < n; i++)
            xc[i] = xo[i];
    int notrans = nb_same(trans, 'N');
    int team = nb_threads_for_stream(0.5 * (double)n * (double)n * (NB_COMPLEX ? 2.0 : 1.0),
                                     n / L2_TRB);
    if (team <= 1) {
        trmv_range(s, trans, diag, xc, xo, 0, n);
    } else {
        trmv_job j = {s, trans, diag, xc, xo, n, s->upper != notrans};
        nb_parallel(team, trmv_region, &j);
    }
    if (strided)
        for (size_t i = 0; i < n; i++)
            L2_AT(xs, i, incx) = xc[i];
    free(buf);
}

/* ---- full storage ------------------------------------------------------------------------ */
void NB_INT(trmv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    if (!nb_rt.kset)
        nb_init();
    if (n >= L2_TR_MIN)
        trmv_blocked(&s, trans, diag, x, incx);
    else
        l2_trmv(&s, trans, diag, x, incx);
}

blasint NB_INT(trmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
                           nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (lda < nb_max(1, n))
        return 6;
    if (incx == 0)
        return 8;
    return 0;
}

NB_EXPORT void NB_FN(trmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *a, const blasint *lda, nb_t *x, const blasint *incx,
                            nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(trmv_check)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TRMV ", info);
        return;
    }
    NB_INT(trmv)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

/* ---- band and packed storage: column sweeps over a copy (packed 'N': column blocks, below) ---
   x := op(A) xo with xo a copy of the input, as in the blocked full-storage form, so that a thread
   owns a fixed range of the result. 'N': the thread's rows [r0, r1), swept column by column in the
   reference's order, adding xo(j) A(r0:r1, j) (the set's axpy is elementwise, so where a range
   starts never changes a value) and scaling x(j) by the diagonal where the reference does; 'T' and
   'C': the thread's columns, each one dot over xo. With unit stride the values are those of
   l2_trmv; with other strides, those of the contiguous kernels, for any team size. */
static void tri_sweep(const l2_tri *s, char trans, char diag, nb_t *xc, const nb_t *xo, blasint r0,
                      blasint r1)
{
    blasint n = s->n, band = s->kind == L2_BAND ? s->k : n;
    int nounit = nb_same(diag, 'N'), conj = nb_same(trans, 'C'), pf = l2_band_pf_on(s);
    if (!nb_same(trans, 'N')) {
        for (blasint j = r0; j < r1; j++) {
            if (pf)
                l2_band_prefetch(s, j, 1);
            const nb_t *col = l2_col(s, j);
            nb_t temp = xo[j];
            if (nounit)
                temp = temp * l2_op(col[j], conj);
            if (s->upper) {
                blasint lo = l2_lo(s, j);
                xc[j] = l2k_dot((size_t)(j - lo), temp, col + lo, xo + lo, conj);
            } else {
                xc[j] = l2k_dot((size_t)(l2_hi(s, j) - j), temp, col + j + 1, xo + j + 1, conj);
            }
        }
        return;
    }
    /* the columns whose stored rows meet [r0, r1), in the reference's order */
    blasint first = s->upper ? r0 : nb_max(0, r0 - band);
    blasint last = s->upper ? (band < n - r1 ? r1 - 1 + band : n - 1) : r1 - 1;
    /* An upper band: four columns a kernel call (axpyb4, as gbmv) where their rows and
       diagonals all lie in [r0, r1) and no x(j) is zero. Rows j..j+2 take their diagonal
       factor before the call: each is scaled after its own column and before the later
       columns reach it, as in the column loop, so the values are the same. Not on a band
       larger than the last-level cache (see gemv.tmpl.c). */
    int b4 = s->kind == L2_BAND && s->upper && band >= 3 &&
             (double)n * (double)s->lda * (double)sizeof(nb_t) <= (double)nb_rt.llc;
#if !NB_COMPLEX
    /* a band of 8..W off-diagonals (W = 64 s, 32 d) where the set has a kernel for it: the
       columns whose W rows of partial sums lie inside [r0, r1), in registers ({s,d}tbmv_win,
       kernels/l2gen_kernels.h), at their place in the column order */
    const blasint w = NB_PREC == 1 ? 64 : 32;
    blasint wj = -1, wn = 0; /* the window's first column and its column count */
    if (s->kind == L2_BAND && band >= 8 && band <= w && r1 - r0 > 2 * w &&
        L2K_TAB->NB_CAT(NB_P, tbmv_win))
        wj = s->upper ? r0 + w : r1 - 1 - w, wn = r1 - r0 - w;
#endif
    for (blasint t = first; t <= last; t++) {
        blasint j = s->upper ? t : first + last - t;
#if !NB_COMPLEX
        if (j == wj) {
            L2K_TAB->NB_CAT(NB_P, tbmv_win)(s->upper, nounit, (size_t)band, (size_t)wn,
                                            s->a + (ptrdiff_t)j * s->lda, s->lda, xo + j, xc + j);
            t += wn - 1;
            continue;
        }
#endif
        if (b4 && j - band >= nb_max(0, r0) && j + 3 < r1 && j + 3 <= last &&
            xo[j] != 0 && xo[j + 1] != 0 && xo[j + 2] != 0 && xo[j + 3] != 0) {
            nb_t t4[4] = {xo[j], xo[j + 1], xo[j + 2], xo[j + 3]};
            for (int c = 0; c < 4 && pf; c++)
                l2_band_prefetch(s, j + c, 1);
            for (int c = 0; c < 3 && nounit; c++)
                xc[j + c] = xc[j + c] * l2_col(s, j + c)[j + c];
            L2K_TAB->NB_CAT(NB_P, axpyb4)((size_t)band, t4, l2_col(s, j) + (j - band),
                                          (size_t)s->lda - 1, xc + (j - band));
            if (nounit)
                xc[j + 3] = xc[j + 3] * l2_col(s, j + 3)[j + 3];
            t += 3;
            continue;
        }
        nb_t temp = xo[j];
        if (pf)
            l2_band_prefetch(s, j, s->upper ? 1 : -1);
        if (temp == 0) /* the reference skips the column, Inf and NaN in it included */
            continue;
        const nb_t *col = l2_col(s, j);
        blasint lo = nb_max(s->upper ? l2_lo(s, j) : j + 1, r0);
        blasint hi = s->upper ? nb_min(j - 1, r1 - 1) : nb_min(l2_hi(s, j), r1 - 1);
        if (hi >= lo)
            l2k_axpy((size_t)(hi - lo + 1), temp, col + lo, xc + lo);
        if (nounit && j >= r0 && j < r1)
            xc[j] = xc[j] * col[j];
    }
}

typedef struct {
    const l2_tri *s;
    char trans, diag;
    nb_t *xc;
    const nb_t *xo;
} sweep_job;

/* Rows ('N') or columns of equal work, in whole L2_TRB blocks: a band's rows all hold about
   k + 1 elements; a packed triangle's are split as the full triangle's. */
static void sweep_region(void *arg, int tid, int nt)
{
    const sweep_job *j = arg;
    size_t n = (size_t)j->s->n, lo, hi;
    if (j->s->kind == L2_BAND) {
        size_t blocks = (n + L2_TRB - 1) / L2_TRB;
        lo = blocks * (size_t)tid / (size_t)nt * L2_TRB, hi = blocks * (size_t)(tid + 1) / (size_t)nt * L2_TRB;
        hi = hi > n ? n : hi;
    } else {
        l2_tri_split(n, j->s->upper != nb_same(j->trans, 'N'), nt, tid, &lo, &hi);
    }
    tri_sweep(j->s, j->trans, j->diag, j->xc, j->xo, (blasint)lo, (blasint)hi);
}

/* ---- packed 'N': column blocks summed after -----------------------------------------------
   The row split above has every thread read a part of every column; from memory two threads ran
   no faster than one there (ztpmv 0.49x OpenBLAS at 2 threads on Zen 5). Here a thread sweeps
   whole columns of its blocks, in the reference's order, into the block's own partial vector,
   and the rows are then summed: x(i) = d(i) + the partials of the blocks in the reference's
   column order, d(i) = x(i) A(i,i) (x(i) where the reference skips the scaling: unit diagonal
   or x(i) = 0). The blocks depend on n only, so no value depends on the team; the values differ
   from the reference's running sum in rounding only. At most TP_BLOCKS blocks of at least
   TP_BLOCK_MIN columns, so the partials take at most TP_BLOCKS vectors of n. */
#define TP_BLOCKS 16
#define TP_BLOCK_MIN 256

/* Past about the L2's size the row blocks' reads, a short segment of every column a block,
   fall behind tp_blocked's column sweeps: on the Sapphire Rapids-class guest (L2 2 MiB, 1
   thread) s/d tpmv at 200 and 504 ran 1.1-2.2x faster by rows, 720 (2 MiB of d) 0.9x, s 1448
   (4 MiB) 0.74x, and from the last-level cache and memory at half the speed. 1 MiB: under
   Zen 4's L2 too. Past it too the column sweeps take four columns a call (tp_four): below it
   ztpmv 176 (250 KiB) ran 0.85x as fast that way on a Zen 3 guest, from L3 1.2-1.9x faster. */
#define TRN_PACKED_MAX ((double)(1u << 20))

typedef struct {
    const l2_tri *s;
    int nounit;
    const nb_t *xo;
    nb_t *xc, *part; /* part: block b's partial at part + b n, indexed by row */
    size_t cb, nb;   /* block width, block count */
    int four;        /* columns four at a time (tp_four): from TRN_PACKED_MAX bytes */
} tp_job;

/* the rows [*r0, *r1) that block b's columns reach */
static void tp_rows(const tp_job *j, size_t b, size_t *r0, size_t *r1)
{
    size_t n = (size_t)j->s->n, c0 = b * j->cb, c1 = c0 + j->cb < n ? c0 + j->cb : n;
    *r0 = j->s->upper ? 0 : c0 + 1;
    *r1 = j->s->upper ? c1 - 1 : n;
}

/* Columns jj .. jj+3 (upper) or jj .. jj-3 (lower), in that order, where none of their x is
   zero: the rows all four reach in one axpy4 call (four streams of A at once, see the kernel),
   the 1-3 rows only the later ones reach after it, each row still updated in column order. */
static int tp_four(const tp_job *j, size_t jj, nb_t *p)
{
    const l2_tri *s = j->s;
    size_t n = (size_t)s->n;
    int up = s->upper;
    nb_t t4[4];
    const nb_t *c4[4];
    for (int c = 0; c < 4; c++) {
        size_t col = up ? jj + (size_t)c : jj - (size_t)c;
        if ((t4[c] = j->xo[col]) == 0)
            return 0;
        c4[c] = l2_col(s, (blasint)col);
    }
    if (up) {
        l2k_axpy4(jj, t4, c4, p); /* rows [0, jj) */
        for (size_t c = 1; c < 4; c++)
            l2k_axpy(c, t4[c], c4[c] + jj, p + jj);
    } else {
        l2k_axpy4(n - jj - 1, t4, (const nb_t *const[4]){c4[0] + jj + 1, c4[1] + jj + 1,
                                                         c4[2] + jj + 1, c4[3] + jj + 1},
                  p + jj + 1); /* rows [jj + 1, n) */
        for (size_t c = 1; c < 4; c++)
            l2k_axpy(c, t4[c], c4[c] + jj + 1 - c, p + jj + 1 - c);
    }
    return 1;
}

static void tp_block(const tp_job *j, size_t b)
{
    const l2_tri *s = j->s;
    size_t n = (size_t)s->n, c0 = b * j->cb, c1 = c0 + j->cb < n ? c0 + j->cb : n, r0, r1;
    nb_t *p = j->part + b * n;
    tp_rows(j, b, &r0, &r1);
    if (r1 > r0)
        memset(p + r0, 0, (r1 - r0) * sizeof(nb_t));
    for (size_t t = c0; t < c1; t++) {
        size_t jj = s->upper ? t : c0 + c1 - 1 - t;
        if (j->four && t + 4 <= c1 && tp_four(j, jj, p)) {
            t += 3;
            continue;
        }
        nb_t temp = j->xo[jj];
        if (temp == 0) /* the reference skips the column, Inf and NaN in it included */
            continue;
        const nb_t *col = l2_col(s, (blasint)jj);
        size_t lo = s->upper ? 0 : jj + 1, hi = s->upper ? jj : n; /* rows [lo, hi) */
        if (hi > lo)
            l2k_axpy(hi - lo, temp, col + lo, p + lo);
    }
}

/* blocks to threads by their share of the stored elements (only the speed depends on it) */
static int tp_owner(const tp_job *j, size_t b, int nt)
{
    double n = (double)j->s->n, before = 0, w = 0, total = 0;
    for (size_t k = 0; k < j->nb; k++) {
        double c0 = (double)(k * j->cb), c1 = c0 + (double)j->cb < n ? c0 + (double)j->cb : n;
        double wk = j->s->upper ? c1 * c1 - c0 * c0 : (n - c0) * (n - c0) - (n - c1) * (n - c1);
        if (k < b)
            before += wk;
        else if (k == b)
            w = wk;
        total += wk;
    }
    int o = (int)((double)nt * (before + 0.5 * w) / total);
    return o < nt ? o : nt - 1;
}

static void tp_region(void *arg, int tid, int nt)
{
    const tp_job *j = arg;
    const l2_tri *s = j->s;
    for (size_t b = 0; b < j->nb; b++)
        if (tp_owner(j, b, nt) == tid)
            tp_block(j, b);
    if (nt > 1)
        nb_barrier();
    size_t lo, hi;
    nb_split((size_t)s->n, 64, nt, tid, &lo, &hi);
    for (size_t i = lo; i < hi; i++) {
        nb_t d = j->xo[i];
        j->xc[i] = j->nounit && d != 0 ? d * l2_col(s, (blasint)i)[i] : d;
    }
    for (size_t t = 0; t < j->nb; t++) {
        size_t b = s->upper ? t : j->nb - 1 - t, r0, r1;
        tp_rows(j, b, &r0, &r1);
        r0 = r0 > lo ? r0 : lo, r1 = r1 < hi ? r1 : hi;
        const nb_t *p = j->part + b * (size_t)s->n;
        for (size_t i = r0; i < r1; i++)
            j->xc[i] = j->xc[i] + p[i];
    }
}

/* 0 where the partials cannot be allocated (the caller then sweeps rows) */
static int tp_blocked(const l2_tri *s, char diag, const nb_t *xo, nb_t *xc, int team)
{
    size_t n = (size_t)s->n, cb = (n + TP_BLOCKS - 1) / TP_BLOCKS;
    cb = cb < TP_BLOCK_MIN ? TP_BLOCK_MIN : cb;
    tp_job j = {s, nb_same(diag, 'N'), xo, xc, NULL, cb, (n + cb - 1) / cb,
                0.5 * (double)n * (double)(n + 1) * sizeof(nb_t) > TRN_PACKED_MAX};
    /* the thread's cached GEMM workspace: the partials of ztpmv 1440 (138 KiB) were a fresh
       mapping from malloc, its page faults each call */
    if (!(j.part = nb_gemm_ws_acquire(j.nb * n * sizeof(nb_t))))
        return 0;
    if (team <= 1)
        tp_region(&j, 0, 1);
    else
        nb_parallel(team, tp_region, &j);
    nb_gemm_ws_release(j.part);
    return 1;
}


/* From this many stored elements (a size, not a team: the path, and so the values for a strided
   x, must not depend on the thread count) the copy and the sweeps replace the in-place loops. */
#define L2_SWEEP_MIN 16384

static void trmv_swept(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    size_t n = (size_t)s->n;
    double elems = s->kind == L2_BAND ? (double)n * ((double)s->k + 1) : 0.5 * (double)n * (double)(n + 1);
    int rows = s->kind == L2_BAND && s->k <= TB_ROWS_K && nb_same(trans, 'N'); /* tbmv_rows */
    nb_t *buf = elems >= L2_SWEEP_MIN && !rows ? malloc(n * (incx != 1 ? 2 : 1) * sizeof(nb_t)) : NULL;
    if (!buf) {
        l2_trmv(s, trans, diag, x, incx);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    nb_t *xs = x + nb_vstart(s->n, incx), *xo = buf, *xc = incx != 1 ? buf + n : xs;
    for (size_t i = 0; i < n; i++)
        xo[i] = L2_AT(xs, i, incx);
    if (incx != 1)
        memcpy(xc, xo, n * sizeof(nb_t));
    int team = nb_threads_for_stream(elems * (NB_COMPLEX ? 2.0 : 1.0), n / L2_TRB);
    /* Real packed 'N' up to TRN_PACKED_MAX bytes: the row blocks of trn_region over the copy,
       the threads on blocks of rows. */
#if !NB_COMPLEX
    if (s->kind == L2_PACKED && nb_same(trans, 'N') && elems * sizeof(nb_t) <= TRN_PACKED_MAX &&
        trn_fits()) {
        trn_job j = {s, nb_same(diag, 'N'), xo, xc};
        if (team <= 1)
            trn_region(&j, 0, 1);
        else
            nb_parallel(team, trn_region, &j);
    } else
#endif
    if (s->kind == L2_PACKED && nb_same(trans, 'N') && tp_blocked(s, diag, xo, xc, team)) {
        /* done */
    } else if (team <= 1) {
        tri_sweep(s, trans, diag, xc, xo, 0, s->n);
    } else {
        sweep_job j = {s, trans, diag, xc, xo};
        nb_parallel(team, sweep_region, &j);
    }
    if (incx != 1)
        for (size_t i = 0; i < n; i++)
            L2_AT(xs, i, incx) = xc[i];
    free(buf);
}

/* ---- band storage ------------------------------------------------------------------------ */
void NB_INT(tbmv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    trmv_swept(&s, trans, diag, x, incx);
}

blasint NB_INT(tbmv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
                           blasint lda, nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if ((int64_t)lda < (int64_t)k + 1)
        return 7;
    if (incx == 0)
        return 9;
    return 0;
}

NB_EXPORT void NB_FN(tbmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const blasint *k, const nb_t *a, const blasint *lda, nb_t *x,
                            const blasint *incx, nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *k, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tbmv_check)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TBMV ", info);
        return;
    }
    NB_INT(tbmv)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void NB_INT(tpmv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    trmv_swept(&s, trans, diag, x, incx);
}

blasint NB_INT(tpmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
                           blasint incx)
{
    (void)ap, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (incx == 0)
        return 7;
    return 0;
}

NB_EXPORT void NB_FN(tpmv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *ap, nb_t *x, const blasint *incx, nb_strlen luplo,
                            nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tpmv_check)(*uplo, *trans, *diag, *n, ap, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TPMV ", info);
        return;
    }
    NB_INT(tpmv)(*uplo, *trans, *diag, *n, ap, x, *incx);
}
