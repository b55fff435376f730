/* xGEMV and xGBMV: y := alpha*op(A)*x + beta*y for a general (gemv) or banded (gbmv) matrix. */
#include <stdlib.h>
#include "l2gen_common.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* The part both share: lengths of x and y for op, the reference's beta pass over y, and whether
   any work remains after it. */
static int l2_gen_prologue(char trans, blasint m, blasint n, const nb_t *alpha, const nb_t *beta,
                           nb_t *y, blasint incy, blasint *lenx, blasint *leny, nb_t **ys)
{
    int notrans = nb_same(trans, 'N');
    *lenx = notrans ? n : m;
    *leny = notrans ? m : n;
    *ys = y + nb_vstart(*leny, incy);
    if (*beta != 1)
        l2_scale(*leny, beta, *ys, incy);
    return *alpha != 0;
}

/* One thread's share of y += alpha*op(A)*x: rows [lo, hi) of A for 'N', columns [lo, hi) for
   'T'/'C'. Unit-stride vectors use the kernel set's vectorised loops (l2gen_common.h); strided
   ones (small calls, or no memory for a copy) run the reference's loops (column sweep for 'N',
   one dot per column for 'T'). */
static void gemv_range(int notrans, int conj, blasint m, blasint n, const nb_t *alpha, const nb_t *a,
                       blasint lda, const nb_t *xs, blasint incx, nb_t *ys, blasint incy, blasint lo,
                       blasint hi)
{
    if (lo >= hi)
        return;
    if (incx == 1 && incy == 1) {
        if (notrans)
            l2k_gemv_n((size_t)(hi - lo), (size_t)n, *alpha, a + lo, (size_t)lda, xs, ys + lo);
        else
            l2k_gemv_t((size_t)m, (size_t)(hi - lo), *alpha, a + (ptrdiff_t)lo * lda, (size_t)lda, xs,
                       ys + lo, conj);
        return;
    }
    if (notrans) {
        /* column sweep: y += (alpha*x_j) * A(:,j), no test of x_j (reference 3.5+ propagates NaN) */
        for (blasint j = 0; j < n; j++)
            l2_axpy(lo, hi - 1, *alpha * L2_AT(xs, j, incx), a + (ptrdiff_t)j * lda, ys, incy);
    } else {
        for (blasint j = lo; j < hi; j++) {
            nb_t temp = l2_dot(0, 0, m - 1, a + (ptrdiff_t)j * lda, xs, incx, conj);
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + *alpha * temp;
        }
    }
}

typedef struct {
    int notrans, conj;
    blasint m, n;
    const nb_t *alpha;
    const nb_t *a;
    blasint lda;
    const nb_t *xs;
    blasint incx;
    nb_t *ys;
    blasint incy;
    size_t len, align;
} gemv_job;

static void gemv_region(void *arg, int tid, int nt)
{
    const gemv_job *j = arg;
    size_t lo, hi;
    nb_split(j->len, j->align, nt, tid, &lo, &hi);
    gemv_range(j->notrans, j->conj, j->m, j->n, j->alpha, j->a, j->lda, j->xs, j->incx, j->ys,
               j->incy, (blasint)lo, (blasint)hi);
}

/* Splits the rows ('N') or the columns of A across a team when A is large enough (threading/):
   each thread owns a range of y, so no two threads write the same element, and every element is
   computed in the same order whatever the split (ranges start at multiples of 64 rows or of 4
   columns, the kernel loops' own grouping), so results do not depend on the thread count. */
static void gemv_split(int notrans, int conj, blasint m, blasint n, const nb_t *alpha, const nb_t *a,
                       blasint lda, const nb_t *xs, blasint incx, nb_t *ys, blasint incy)
{
    size_t len = (size_t)(notrans ? m : n), align = notrans ? 64 : 4;
    /* A row range cuts every column into a short run (the loops restart per column group), so
       'N' counts its elements at half weight: on the SPR-class machine 2 threads were slower
       than 1 at 256 x 256 for 'N' (15.6 vs 18.3 GFLOPS) and 1.6x faster for 'T'. */
    double work = (double)m * (double)n * (notrans ? 0.5 : 1.0) * (NB_COMPLEX ? 2.0 : 1.0);
    int team = nb_threads_for_stream(work, len / align);
    if (team <= 1) {
        gemv_range(notrans, conj, m, n, alpha, a, lda, xs, incx, ys, incy, 0, (blasint)len);
        return;
    }
    gemv_job j = {notrans, conj, m, n, alpha, a, lda, xs, incx, ys, incy, len, align};
    nb_parallel(team, gemv_region, &j);
}

/* A strided x or y is copied to contiguous buffers (O(m + n) against O(mn) work), on the stack
   up to GEMV_STACK elements, so every call runs the vectorised loops: with the reference loops
   for small strided calls, an element's value depended on the call's size and strides (LAPACK's
   eigensolvers apply a reflector stored in a row, incx = lda, to more columns when they also
   compute vectors, and must get the same eigenvalues). */
#define GEMV_STACK 256

void NB_INT(gemv)(char trans, blasint m, blasint n, const nb_t *alpha, const nb_t *a, blasint lda,
                  const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy)
{
    if (m == 0 || n == 0 || (*alpha == 0 && *beta == 1))
        return;
    blasint lenx, leny;
    nb_t *ys;
    if (!l2_gen_prologue(trans, m, n, alpha, beta, y, incy, &lenx, &leny, &ys))
        return;
    if (!nb_rt.kset)
        nb_init();
    const nb_t *xs = x + nb_vstart(lenx, incx);
    int notrans = nb_same(trans, 'N'), conj = nb_same(trans, 'C');
    if (incx == 1 && incy == 1) {
        gemv_split(notrans, conj, m, n, alpha, a, lda, xs, incx, ys, incy);
        return;
    }
    nb_t stack[GEMV_STACK], *buf = stack;
    size_t need = (size_t)lenx + (size_t)leny;
    if (need > GEMV_STACK)
        buf = malloc(need * sizeof(nb_t));
    if (!buf) { /* no memory: in place, on the reference's loops */
        gemv_split(notrans, conj, m, n, alpha, a, lda, xs, incx, ys, incy);
        return;
    }
    nb_t *xc = buf, *yc = buf + lenx;
    for (blasint i = 0; i < lenx; i++)
        xc[i] = L2_AT(xs, i, incx);
    for (blasint i = 0; i < leny; i++)
        yc[i] = L2_AT(ys, i, incy);
    gemv_split(notrans, conj, m, n, alpha, a, lda, xc, 1, yc, 1);
    for (blasint i = 0; i < leny; i++)
        L2_AT(ys, i, incy) = yc[i];
    if (buf != stack)
        free(buf);
}

blasint NB_INT(gemv_check)(char trans, blasint m, blasint n, const nb_t *alpha, const nb_t *a,
                           blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                           blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'C'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (lda < nb_max(1, m))
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

NB_EXPORT void NB_FN(gemv_)(const char *trans, const blasint *m, const blasint *n, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen ltrans)
{
    NB_TRACE("trans=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(trans), *m, *n, *lda, *incx,
             *incy);
    (void)ltrans;
    blasint info = NB_INT(gemv_check)(*trans, *m, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
    if (info) {
        nb_xerbla(NB_UP "GEMV ", info);
        return;
    }
    NB_INT(gemv)(*trans, *m, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
}

/* gbmv on rows [r0, r1) of y ('N') or on columns [r0, r1) ('T', 'C'), the reference's loop:
   each element of y sees the same operations in the same order wherever a range starts (the
   set's axpy is elementwise), so a split across threads never changes a value. */
typedef struct {
    int notrans, conj;
    blasint m, n, kl, ku, lda, incx, incy;
    const nb_t *alpha;
    const nb_t *a, *xs;
    nb_t *ys;
} gbmv_job;

/* 'N' on bands of at most 3 diagonals runs row by row: y(i) takes its terms in the column
   order, as in the column loop, but stays in a register, where the column loop passed each y(i)
   from one column's kernel call to the next through memory (a store-forwarding chain a column)
   and paid a call a column of 1-3 elements. Zen 5, n = 400, kl = ku = 1, 1 thread: d/s gbmv
   2.1-2.6x, c/z 1.5x faster (0.6-1.0x OpenBLAS's time); from 5 diagonals the columns, four a
   call (axpyb4), were faster. The path depends on the shape only. */
#define GBMV_ROWS_MAX 3
static void gbmv_range(const gbmv_job *g, blasint r0, blasint r1)
{
    blasint j0 = r0, j1 = r1 - 1, kl = g->kl, ku = g->ku;
    const nb_t alpha = *g->alpha;
    if (g->notrans) /* the columns whose band meets rows [r0, r1) */
        j0 = nb_max(0, r0 - kl), j1 = ku < g->n - r1 ? r1 - 1 + ku : g->n - 1;
    int pf = l2_band_pf_size(g->n, g->lda); /* l2_common.h */
    /* 'N' with unit incy: four whole band columns a kernel call (axpyb4) where none is cut by
       the matrix's edges or the range's; the values are those of the column-by-column loop.
       Zen 5, kl = ku = 32, 1 thread: s/d/c 1.2-1.6x from L2 and L3, z 1.0-1.2x. Not on a band
       larger than the last-level cache: from memory its four column streams ran 2 threads at
       0.85-0.95x the one stream of the column loop (z 0.8x). */
    blasint len = kl + ku + 1, full_lo = nb_max(0, r0) + ku, full_hi = nb_min(g->m, r1) - 1 - kl;
    if (g->notrans && len <= GBMV_ROWS_MAX) {
        for (blasint i = r0; i < r1; i++) {
            blasint jlo = nb_max(0, i - kl), jhi = nb_min(g->n - 1, i + ku);
            nb_t acc = L2_AT(g->ys, i, g->incy);
            const nb_t *ai = g->a + ((ptrdiff_t)ku + i); /* A(i, j) at ai[j * (lda - 1)] */
            for (blasint j = jlo; j <= jhi; j++)
                acc = acc + (alpha * L2_AT(g->xs, j, g->incx)) * ai[(ptrdiff_t)j * (g->lda - 1)];
            L2_AT(g->ys, i, g->incy) = acc;
        }
        return;
    }
    int b4 = g->notrans && g->incy == 1 && len >= 4 &&
             (double)g->n * (double)g->lda * (double)sizeof(nb_t) <= (double)nb_rt.llc;
    for (blasint j = j0; j <= j1; j++) {
        if (b4 && j >= full_lo && j + 3 <= full_hi && j + 3 <= j1) {
            if (pf)
                for (int c = 0; c < 4; c++)
                    l2_band_prefetch_col(g->a, g->lda, j + c, 1);
            nb_t t[4];
            for (int c = 0; c < 4; c++)
                t[c] = alpha * L2_AT(g->xs, j + c, g->incx);
            L2K_TAB->NB_CAT(NB_P, axpyb4)((size_t)len, t, g->a + (ptrdiff_t)j * g->lda,
                                          (size_t)g->lda - 1, g->ys + (j - ku));
            j += 3;
            continue;
        }
        /* the one-column step's prefetch only where the CPU's entry keeps software prefetch:
           on the Sapphire Rapids guest (l1_prefetch 0) gbmv from memory, kl = ku = 32, ran
           1.02-1.21x faster without it (s/d/c/z); the four-column step kept it there (c/z
           from L3 0.81-0.94x without) */
        if (pf && nb_rt.tune.l1_prefetch)
            l2_band_prefetch_col(g->a, g->lda, j, 1);
        /* band storage: A(i,j) sits in row ku+i-j of column j, for max(0,j-ku) <= i <= min(m-1,j+kl) */
        const nb_t *col = g->a + (ptrdiff_t)j * g->lda + ((ptrdiff_t)ku - j);
        blasint lo = nb_max(0, j - ku);
        blasint hi = (kl < g->m - 1 - j) ? j + kl : g->m - 1;
        if (g->notrans) {
            lo = nb_max(lo, r0), hi = nb_min(hi, r1 - 1);
            /* no test of x(j) == 0: the reference 3.11 binary propagates NaN/Inf of A here */
            nb_t t = alpha * L2_AT(g->xs, j, g->incx);
            if (g->incy == 1 && hi >= lo)
                l2k_axpy((size_t)(hi - lo + 1), t, col + lo, g->ys + lo);
            else
                l2_axpy(lo, hi, t, col, g->ys, g->incy);
        } else {
            nb_t temp = g->incx == 1 && hi >= lo
                            ? l2k_dot((size_t)(hi - lo + 1), 0, col + lo, g->xs + lo, g->conj)
                            : l2_dot(0, lo, hi, col, g->xs, g->incx, g->conj);
            L2_AT(g->ys, j, g->incy) = L2_AT(g->ys, j, g->incy) + alpha * temp;
        }
    }
}

/* Ranges of equal length in blocks of 64 (a row of a band holds about kl + ku + 1 elements
   wherever it is), so that no two threads share a cache line of y. */
static void gbmv_region(void *arg, int tid, int nt)
{
    const gbmv_job *g = arg;
    size_t len = (size_t)(g->notrans ? g->m : g->n), blocks = (len + 63) / 64;
    size_t lo = blocks * (size_t)tid / (size_t)nt * 64, hi = blocks * (size_t)(tid + 1) / (size_t)nt * 64;
    gbmv_range(g, (blasint)lo, (blasint)(hi < len ? hi : len));
}

void NB_INT(gbmv)(char trans, blasint m, blasint n, blasint kl, blasint ku, const nb_t *alpha,
                  const nb_t *a, blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                  blasint incy)
{
    if (m == 0 || n == 0 || (*alpha == 0 && *beta == 1))
        return;
    blasint lenx, leny;
    nb_t *ys;
    if (!l2_gen_prologue(trans, m, n, alpha, beta, y, incy, &lenx, &leny, &ys))
        return;
    if (!nb_rt.kset)
        nb_init();
    int notrans = nb_same(trans, 'N');
    gbmv_job g = {notrans, nb_same(trans, 'C'), m, n, kl, ku, lda, incx, incy, alpha, a,
                  x + nb_vstart(lenx, incx), ys};
    /* stored elements: at most kl + ku + 1 per column, and no more than the matrix's */
    double band = (double)kl + (double)ku + 1, elems = (double)n * (band < m ? band : (double)m);
    blasint len = notrans ? m : n;
    int team = nb_threads_for_stream(elems * (NB_COMPLEX ? 2.0 : 1.0), (size_t)len / 64);
    if (team <= 1)
        gbmv_range(&g, 0, len);
    else
        nb_parallel(team, gbmv_region, &g);
}

blasint NB_INT(gbmv_check)(char trans, blasint m, blasint n, blasint kl, blasint ku, const nb_t *alpha,
                           const nb_t *a, blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                           blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'C'))
        return 1;
    if (m < 0)
        return 2;
    if (n < 0)
        return 3;
    if (kl < 0)
        return 4;
    if (ku < 0)
        return 5;
    /* 64-bit sum: kl + ku + 1 may exceed INT_MAX */
    if ((int64_t)lda < (int64_t)kl + ku + 1)
        return 8;
    if (incx == 0)
        return 10;
    if (incy == 0)
        return 13;
    return 0;
}

NB_EXPORT void NB_FN(gbmv_)(const char *trans, const blasint *m, const blasint *n, const blasint *kl,
                            const blasint *ku, const nb_t *alpha, const nb_t *a, const blasint *lda,
                            const nb_t *x, const blasint *incx, const nb_t *beta, nb_t *y,
                            const blasint *incy, nb_strlen ltrans)
{
    NB_TRACE("trans=%c m=%" NB_TD " n=%" NB_TD " kl=%" NB_TD " ku=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(trans), *m, *n, *kl,
             *ku, *lda, *incx, *incy);
    (void)ltrans;
    blasint info =
        NB_INT(gbmv_check)(*trans, *m, *n, *kl, *ku, alpha, a, *lda, x, *incx, beta, y, *incy);
    if (info) {
        nb_xerbla(NB_UP "GBMV ", info);
        return;
    }
    NB_INT(gbmv)(*trans, *m, *n, *kl, *ku, alpha, a, *lda, x, *incx, beta, y, *incy);
}
