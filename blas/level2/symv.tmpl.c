/* y := alpha*A*x + beta*y for a symmetric (s, d: xSYMV, xSBMV, xSPMV) or Hermitian (c, z: xHEMV,
   xHBMV, xHPMV) matrix of which one triangle is stored in full, band or packed form. The real and
   complex routines are the same algorithm: for real types conjugation is the identity and the real
   part of the diagonal is the diagonal. */
#include "l2_sym.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
#define L2_FULL_MV hemv
#define L2_BAND_MV hbmv
#define L2_PACK_MV hpmv
#define L2_FULL_NAME NB_UP "HEMV "
#define L2_BAND_NAME NB_UP "HBMV "
#define L2_PACK_NAME NB_UP "HPMV "
#else
#define L2_FULL_MV symv
#define L2_BAND_MV sbmv
#define L2_PACK_MV spmv
#define L2_FULL_NAME NB_UP "SYMV "
#define L2_BAND_NAME NB_UP "SBMV "
#define L2_PACK_NAME NB_UP "SPMV "
#endif
#define L2_DRV(x) NB_INT(x)
#define L2_CHK(x) NB_INT(NB_CAT(x, _check))
#define L2_F77(x) NB_FN(NB_CAT(x, _))

/* The reference's loops, for when the work buffers cannot be allocated: one pass over the stored
   triangle, column by column; each off-diagonal A(i,j) contributes to y(i) through column j (axpy)
   and to y(j) through row j (dot). */
static void l2_symv_ref(const l2_tri *s, const nb_t *palpha, const nb_t *x, blasint incx,
                        const nb_t *beta, nb_t *y, blasint incy)
{
    blasint n = s->n;
    const nb_t alpha = *palpha;
    if (n == 0 || (alpha == 0 && *beta == 1))
        return;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (*beta != 1)
        l2_scale(n, beta, ys, incy);
    if (alpha == 0)
        return;
    for (blasint j = 0; j < n; j++) {
        const nb_t *col = l2_col(s, j);
        nb_t temp1 = alpha * L2_AT(xs, j, incx), temp2 = 0;
        nb_r diag = NB_RE(col[j]);
        blasint lo = s->upper ? l2_lo(s, j) : j + 1;
        blasint hi = s->upper ? j - 1 : l2_hi(s, j);
        if (!s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1);
        if (incx == 1 && incy == 1) {
            for (blasint i = lo; i <= hi; i++) {
                ys[i] = ys[i] + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * xs[i];
            }
        } else {
            for (blasint i = lo; i <= hi; i++) {
                L2_AT(ys, i, incy) = L2_AT(ys, i, incy) + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * L2_AT(xs, i, incx);
            }
        }
        if (s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1) + alpha * temp2;
        else
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp2;
    }
}

/* The diagonal tile of columns [j, j+nc), column j at cj and column c at nb_l2s_coloff(c - j,
   lda, lds) from it (kernels/l2sym_kernels.h; nc > 1 only for full and packed storage): w[i - r0] accumulates row i of A*x over the tile (w indexed by absolute
   row minus the block's first row r0). Only the real part of a Hermitian diagonal is read, as in
   the reference. */
static void l2s_tile(int upper, blasint j, blasint nc, const nb_t *cj, size_t lda, int lds,
                     const nb_t *x, nb_t *w, blasint r0)
{
    for (blasint c = j; c < j + nc; c++) {
        const nb_t *cc = cj + nb_l2s_coloff((size_t)(c - j), lda, lds);
        nb_t xc = x[c], t = 0;
        blasint lo = upper ? j : c + 1, hi = upper ? c : j + nc; /* off-diagonal rows */
        for (blasint i = lo; i < hi; i++) {
            w[i - r0] += cc[i] * xc;
            t += NB_CONJ(cc[i]) * x[i];
        }
        w[c - r0] += l2_rmul(NB_RE(cc[c]), xc) + t;
    }
}

/* l2s_tile for a full-storage tile of 4 columns, in scalar registers: as loops over a small
   array the sums went through the stack, and the vector add of them into w waited on a failed
   store forward. Element (r, c) of the tile: the stored one, or the conjugate of its mirror. */
static inline __attribute__((always_inline)) void l2s_tile4_u(int upper, const nb_t *c0,
                                                              size_t lda, int lds, const nb_t *x,
                                                              nb_t *w)
{
    const nb_t *col[4] = {c0, c0 + nb_l2s_coloff(1, lda, lds), c0 + nb_l2s_coloff(2, lda, lds),
                          c0 + nb_l2s_coloff(3, lda, lds)};
#define TE(r, c) ((upper ? (r) < (c) : (r) > (c)) ? col[c][r] : NB_CONJ(col[r][c]))
#define TD(r) l2_rmul(NB_RE(col[r][r]), x[r])
    nb_t s0 = TD(0) + TE(0, 1) * x[1] + TE(0, 2) * x[2] + TE(0, 3) * x[3];
    nb_t s1 = TE(1, 0) * x[0] + TD(1) + TE(1, 2) * x[2] + TE(1, 3) * x[3];
    nb_t s2 = TE(2, 0) * x[0] + TE(2, 1) * x[1] + TD(2) + TE(2, 3) * x[3];
    nb_t s3 = TE(3, 0) * x[0] + TE(3, 1) * x[1] + TE(3, 2) * x[2] + TD(3);
#undef TE
#undef TD
    w[0] += s0, w[1] += s1, w[2] += s2, w[3] += s3;
}

/* Tile of columns and rows [j, j+4): c0 points at A(j, j), x at x(j), w at row j's sum. */
static void l2s_tile4(int upper, const nb_t *c0, size_t lda, int lds, const nb_t *x, nb_t *w)
{
    if (upper)
        l2s_tile4_u(1, c0, lda, lds, x, w);
    else
        l2s_tile4_u(0, c0, lda, lds, x, w);
}

/* The rows of band columns [j, j+nc) outside the panel's rows [lo, hi): a band column starts
   (upper) or ends (lower) one row later than the one before, so the panel takes the rows all nc
   columns share and the few left (at most 3 + 2 + 1) run here. */
static void l2s_band_edges(const l2_tri *s, blasint j, blasint nc, blasint lo, blasint hi,
                           const nb_t *x, nb_t *w, blasint r0)
{
    for (blasint c = j; c < j + nc; c++) {
        const nb_t *cc = l2_col(s, c);
        blasint e0 = s->upper ? l2_lo(s, c) : hi, e1 = s->upper ? lo : l2_hi(s, c) + 1;
        nb_t xc = x[c], t = 0;
        for (blasint i = e0; i < e1; i++) {
            w[i - r0] += cc[i] * xc;
            t += NB_CONJ(cc[i]) * x[i];
        }
        w[c - r0] += t;
    }
}

/* Block [c0, c1) of columns: w[0 .. r1-r0) := the block's share of A*x, rows [r0, r1). Four
   columns a kernel call: full storage's share one lda; packed columns grow or shrink by one
   element each (the kernel's lds); band columns are lda - 1 apart in l2_col's terms, and the
   kernel takes the rows they share (band widths of 3 and more: the diagonal tile must lie in
   the band). Four columns a call read and write the partial sums w a quarter as often as one:
   on Zen 5 (1 thread) dspmv 1.5x and chpmv/zhpmv 1.9x faster from memory, 1.2-1.6x from L2 and
   L3; at k = 32 dsbmv 1.4-1.6x, ssbmv 1.15-1.2x, zhbmv 1.2-1.4x from L2 to memory. The tile on
   the diagonal runs here, the rows beyond it in the kernel, which reads each stored element
   once for both products. */
/* Band storage, four columns a call: the next group's columns (contiguous, 4 lda elements)
   are prefetched L2S_BAND_PF bytes ahead, since the panel's four interleaved streams outran the
   hardware prefetcher (dsbmv from memory 0.84x a column at a time without it, 1.45x with it;
   Zen 5). Not where the CPU's entry turns software prefetch off (l1_prefetch 0): on the
   Sapphire Rapids guest, k = 32, d/c/z sbmv/hbmv from memory ran 1.03-1.15x faster without it
   (ssbmv 0.94-1.03x). chbmv stays a column at a time: four ran it 0.8x as fast at k = 32 from
   L2 to memory. */
#define L2S_BAND_PF 4096
/* Full storage of a real type: 8 columns a kernel call, which reads x and the partial sums once
   per 8 columns (kernels/l2sym_kernels.h; sets without an 8-column panel split it in two). On
   the Zen 4 guest, dsytrd's calls (n 2000 down to 1000, lda 2000, the trailing matrix moving
   down the diagonal), 1 thread 312 -> 270 ms (OpenBLAS 300), 2 threads 133 -> 126. Complex
   panels keep 4. */
#define L2S_FULL8(s) (!NB_COMPLEX && (s)->kind == L2_FULL)
#define L2S_BAND_COLWISE (NB_COMPLEX && sizeof(nb_r) == 4)
static void l2s_block(const l2_tri *s, const nb_t *x, blasint c0, blasint c1, blasint r0,
                      blasint r1, nb_t *w)
{
    for (blasint i = 0; i < r1 - r0; i++)
        w[i] = 0;
    int band = s->kind == L2_BAND;
    blasint g = band && (s->k < 3 || L2S_BAND_COLWISE) ? 1 : L2S_FULL8(s) ? 8 : 4;
    for (blasint j = c0; j < c1; j += g) {
        blasint nc = nb_min(g, c1 - j);
        const nb_t *cj = l2_col(s, j);
        /* l2_col's distance from column j to j+1, and how it changes from one column to the next */
        size_t lda = s->kind == L2_FULL ? (size_t)s->lda
                     : band             ? (size_t)s->lda - 1
                     : s->upper         ? (size_t)j + 1
                                        : (size_t)(s->n - j - 1);
        int lds = s->kind != L2_PACKED ? 0 : s->upper ? 1 : -1;
        blasint lo = s->upper ? l2_lo(s, j + nc - 1) : j + nc;
        blasint hi = s->upper ? j : l2_hi(s, j) + 1;
        if (band && g == 4 && nb_rt.tune.l1_prefetch) {
            const char *pf = (const char *)(s->a + (size_t)(j + 4) * (size_t)s->lda) + L2S_BAND_PF;
            for (size_t o = 0; o < 4 * (size_t)s->lda * sizeof(nb_t); o += 64) {
                __builtin_prefetch(pf + o);
                __asm__(""); /* keeps the loop (l2_band_prefetch_col in l2_common.h says why) */
            }
        }
        if (lo < hi)
            L2S_K(symv)((size_t)(hi - lo), (size_t)nc, (const nb_r *)(cj + lo), lda, lds,
                        (const nb_r *)(x + lo), (const nb_r *)(x + j), (nb_r *)(w + (lo - r0)),
                        (nb_r *)(w + (j - r0)));
        if (band && nc > 1)
            l2s_band_edges(s, j, nc, lo, hi, x, w, r0);
        /* after the kernel: the tile's elements share cache lines with the rows next to it, which
           the kernel's vector loads bring in; run first, the scalar tile waited for each miss
           (7-8% of a 1-thread dsymv at n 700-1000 from L3) */
        if (nc == 4) {
            l2s_tile4(s->upper, cj + j, lda, lds, x + j, w + (j - r0));
        } else if (nc == 8) { /* two tiles and the 4 x 4 block between them */
            const nb_t *c4 = cj + 4 * lda; /* column j + 4 */
            l2s_tile4(s->upper, cj + j, lda, 0, x + j, w + (j - r0));
            if (s->upper)
                L2S_K(symv)(4, 4, (const nb_r *)(c4 + j), lda, 0, (const nb_r *)(x + j),
                            (const nb_r *)(x + j + 4), (nb_r *)(w + (j - r0)),
                            (nb_r *)(w + (j + 4 - r0)));
            else
                L2S_K(symv)(4, 4, (const nb_r *)(cj + j + 4), lda, 0, (const nb_r *)(x + j + 4),
                            (const nb_r *)(x + j), (nb_r *)(w + (j + 4 - r0)),
                            (nb_r *)(w + (j - r0)));
            l2s_tile4(s->upper, c4 + j + 4, lda, 0, x + j + 4, w + (j + 4 - r0));
        } else
            l2s_tile(s->upper, j, nc, cj, lda, lds, x, w, r0);
    }
}

/* Rows [lo, hi) of y := beta*y + alpha*(sum over blocks b, in order, of block b's rows). */
static void l2s_reduce(int nb, const blasint *r0, const blasint *r1, nb_t *const *w, nb_t *sum,
                       blasint lo, blasint hi, const nb_t *palpha, const nb_t *pbeta, nb_t *ys,
                       blasint incy)
{
    const nb_t alpha = *palpha, beta = *pbeta;
    const nb_t *src = w[0];
    if (nb > 1) {
        /* restrict: the buffers are disjoint, which lets the compiler vectorise the sums */
        nb_t *restrict out = sum;
        for (blasint i = lo; i < hi; i++)
            out[i] = 0;
        for (int b = 0; b < nb; b++) {
            const nb_t *restrict wb = w[b] - r0[b];
            for (blasint i = nb_max(lo, r0[b]); i < nb_min(hi, r1[b]); i++)
                out[i] += wb[i];
        }
        src = sum;
    }
    /* beta tested once, not per element; unit stride apart so it vectorises */
    if (beta == 0) { /* y is not read: NaN there is discarded, as in the reference */
        for (blasint i = lo; i < hi; i++)
            L2_AT(ys, i, incy) = alpha * src[i];
    } else if (incy == 1) {
        for (blasint i = lo; i < hi; i++)
            ys[i] = beta * ys[i] + alpha * src[i];
    } else {
        for (blasint i = lo; i < hi; i++)
            L2_AT(ys, i, incy) = beta * L2_AT(ys, i, incy) + alpha * src[i];
    }
}

typedef struct {
    const l2_tri *s;
    const nb_t *xs;
    const blasint *bounds, *r0, *r1;
    nb_t *const *w;
    nb_t *sum;
    int nb;
    blasint n;
    const nb_t *alpha, *beta;
    nb_t *ys;
    blasint incy;
} symv_job;

/* The row where the reduction's work up to it (rows times the blocks covering them) reaches
   `target`, rounded down to a multiple of 16: for a lower triangle the bottom rows are covered by
   every block and the top ones by few, so an even split of the rows is not an even split of the
   work. */
static blasint l2s_reduce_cut(const symv_job *j, double target)
{
    double done = 0;
    blasint i = 0;
    while (i < j->n) {
        blasint next = j->n; /* the next row where the coverage changes */
        int cover = 0;
        for (int b = 0; b < j->nb; b++) {
            if (j->r0[b] <= i && i < j->r1[b])
                cover++;
            if (j->r0[b] > i && j->r0[b] < next)
                next = j->r0[b];
            if (j->r1[b] > i && j->r1[b] < next)
                next = j->r1[b];
        }
        double seg = (double)cover * (double)(next - i);
        if (cover > 0 && done + seg >= target) {
            blasint at = i + (blasint)((target - done) / cover);
            return at & ~(blasint)15;
        }
        done += seg;
        i = next;
    }
    return j->n;
}

/* Thread t runs a contiguous run of blocks (the blocks' costs are equal by construction,
   l2s_split's per-column term); then each thread sums its own range of rows. Which thread runs a
   block does not change the result: each block has its own buffer. */
static void symv_region(void *arg, int t, int nt)
{
    const symv_job *j = arg;
    for (int b = t * j->nb / nt; b < (t + 1) * j->nb / nt; b++)
        l2s_block(j->s, j->xs, j->bounds[b], j->bounds[b + 1], j->r0[b], j->r1[b], j->w[b]);
    nb_barrier();
    double work = 0;
    for (int b = 0; b < j->nb; b++)
        work += (double)(j->r1[b] - j->r0[b]);
    blasint lo = t == 0 ? 0 : l2s_reduce_cut(j, work * t / nt);
    blasint hi = t == nt - 1 ? j->n : l2s_reduce_cut(j, work * (t + 1) / nt);
    if (hi > lo)
        l2s_reduce(j->nb, j->r0, j->r1, j->w, j->sum, lo, hi, j->alpha, j->beta, j->ys, j->incy);
}

/* y := alpha*A*x + beta*y. Orders up to 4 (band: 16) and bands narrower than 8 take the
   reference's loops: the blocks' set-up and the per-column kernel calls were most of the time
   there (Zen 5, n = 400, 1 thread: s/d/c/z sbmv/hbmv at k = 1 3-5x, k = 4 1.5-2x faster by the
   loops; level at k = 8; the blocks 1.4-2.7x faster from k = 16). The path depends on the shape
   alone, never on the team. Otherwise the columns are cut into blocks (l2s_split) that depend on the shape
   only; each block accumulates its share of A*x into a buffer of its own, and the buffers are
   summed in block order, so the result is bitwise the same whatever team runs the blocks. */
static void l2_symv(const l2_tri *s, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *beta,
                    nb_t *y, blasint incy)
{
    blasint n = s->n;
    if (n == 0 || (*alpha == 0 && *beta == 1))
        return;
    if (*alpha == 0) {
        l2_scale(n, beta, y + nb_vstart(n, incy), incy);
        return;
    }
    if (n <= (s->kind == L2_BAND ? 16 : 4) || (s->kind == L2_BAND && s->k < 8)) {
        l2_symv_ref(s, alpha, x, incx, beta, y, incy);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    double total = l2s_area(s);
    /* a power of two: the blocks then fall evenly on teams of 2, 4, 8 and 16 */
    int want = total >= 2 * L2S_MINAREA ? 2 : 1;
    while (want < L2S_MAXB && 2 * want * L2S_GROWAREA <= total)
        want *= 2;
    blasint bounds[L2S_MAXB + 1], r0[L2S_MAXB], r1[L2S_MAXB];
    int nb = l2s_split(s, want, 4, total, L2S_COLCOST, bounds);
    size_t len = (size_t)(incx != 1 ? n : 0) + (size_t)(nb > 1 ? n : 0);
    for (int b = 0; b < nb; b++) { /* the rows block b's columns reach */
        r0[b] = s->upper ? l2_lo(s, bounds[b]) : bounds[b];
        r1[b] = s->upper ? bounds[b + 1] : l2_hi(s, bounds[b + 1] - 1) + 1;
        len += (size_t)(r1[b] - r0[b]);
    }
    /* small calls take their buffers from the stack: malloc and free were a third of a 1 x 1
       chemv's time */
    nb_t stackbuf[256];
    nb_t *mem = len <= 256 ? stackbuf : malloc(len * sizeof(nb_t)), *w[L2S_MAXB];
    if (!mem) {
        l2_symv_ref(s, alpha, x, incx, beta, y, incy);
        return;
    }
    nb_t *p = mem, *sum = NULL;
    for (int b = 0; b < nb; b++)
        w[b] = p, p += r1[b] - r0[b];
    if (nb > 1)
        sum = p, p += n;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (incx != 1)
        l2s_gather(n, xs, incx, p), xs = p;
    /* two FMAs per stored element, where gemv has one: a team pays from half gemv's size */
    int team = nb_threads_for_stream(2 * total, (size_t)nb);
    if (team <= 1) {
        for (int b = 0; b < nb; b++)
            l2s_block(s, xs, bounds[b], bounds[b + 1], r0[b], r1[b], w[b]);
        l2s_reduce(nb, r0, r1, w, sum, 0, n, alpha, beta, ys, incy);
    } else {
        symv_job j = {s, xs, bounds, r0, r1, w, sum, nb, n, alpha, beta, ys, incy};
        nb_parallel(team, symv_region, &j);
    }
    if (mem != stackbuf)
        free(mem);
}

/* ---- full storage ------------------------------------------------------------------------ */
void L2_DRV(L2_FULL_MV)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda, const nb_t *x,
                blasint incx, const nb_t *beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_FULL_MV)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda,
                                   const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (lda < nb_max(1, n))
        return 5;
    if (incx == 0)
        return 7;
    if (incy == 0)
        return 10;
    return 0;
}

NB_EXPORT void L2_F77(L2_FULL_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *a,
                            const blasint *lda, const nb_t *x, const blasint *incx, const nb_t *beta,
                            nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *lda, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_FULL_MV)(*uplo, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
    if (info) {
        nb_xerbla(L2_FULL_NAME, info);
        return;
    }
    L2_DRV(L2_FULL_MV)(*uplo, *n, alpha, a, *lda, x, *incx, beta, y, *incy);
}

/* ---- band storage ------------------------------------------------------------------------ */
void L2_DRV(L2_BAND_MV)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a, blasint lda,
                const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_BAND_MV)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a,
                                   blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                                   blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (k < 0)
        return 3;
    if ((int64_t)lda < (int64_t)k + 1)
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

NB_EXPORT void L2_F77(L2_BAND_MV)(const char *uplo, const blasint *n, const blasint *k, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *k, *lda, *incx,
             *incy);
    (void)luplo;
    blasint info =
        L2_CHK(L2_BAND_MV)(*uplo, *n, *k, alpha, a, *lda, x, *incx, beta, y, *incy);
    if (info) {
        nb_xerbla(L2_BAND_NAME, info);
        return;
    }
    L2_DRV(L2_BAND_MV)(*uplo, *n, *k, alpha, a, *lda, x, *incx, beta, y, *incy);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void L2_DRV(L2_PACK_MV)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x, blasint incx,
                const nb_t *beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_PACK_MV)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x,
                                   blasint incx, const nb_t *beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)ap, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 6;
    if (incy == 0)
        return 9;
    return 0;
}

NB_EXPORT void L2_F77(L2_PACK_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *ap,
                            const nb_t *x, const blasint *incx, const nb_t *beta, nb_t *y,
                            const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_PACK_MV)(*uplo, *n, alpha, ap, x, *incx, beta, y, *incy);
    if (info) {
        nb_xerbla(L2_PACK_NAME, info);
        return;
    }
    L2_DRV(L2_PACK_MV)(*uplo, *n, alpha, ap, x, *incx, beta, y, *incy);
}
