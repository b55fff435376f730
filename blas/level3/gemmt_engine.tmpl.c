/* The triangular GEMM under syrk, herk, syr2k, her2k and ?gemmt: the triangle of C += alpha*A*B.

   A one-pass triangular engine on the kernel set's packing routines and micro-kernel: the
   blocked GEMM loops (B block packed once per column block and K block, A block per row block),
   with the row blocks limited to the triangle and, per register tile, three cases: inside the
   triangle -> the micro-kernel updates C in place; outside -> skipped; across the diagonal ->
   computed into a register-tile workspace of which only the triangle is added. Every operand is
   packed once, as in a GEMM, and only the tiles on the diagonal waste flops (about MR/2 rows per
   column: 1.6% of the triangle for n = 2000 in double, 3.2% in single with MR 64). On the
   SPR-class machine, one thread, n = k = 2000: dgemmt 1.06x and sgemmt 0.97x the speed of
   OpenBLAS 0.3.34's. The recursive form it replaced (halving the triangle so that everything
   off the diagonal was one large GEMM per level) packed A and B again at every level and ran
   those at 0.89x and 0.77x. Threads take strips of columns of equal area, each running the
   engine alone; results may differ between thread counts in the last bits (a strip boundary
   changes the K blocking an element sees), not between calls with the same count. Without
   workspace: one GEMM per column. */
#include <math.h>
#include "kernels/kernel.h"
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"

typedef NB_CAT(nb_gemm_kernel_, NB_P) tri_kernel;


static size_t round_up(size_t x, size_t to) { return (x + to - 1) / to * to; }
static size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

/* One register tile at global rows [i, i + m), columns [j, j + nc) against the triangle. */
enum { TILE_OUT, TILE_IN, TILE_CROSS };
static int tile_class(int upper, size_t i, size_t m, size_t j, size_t nc)
{
    if (upper)
        return i > j + nc - 1 ? TILE_OUT : i + m - 1 <= j ? TILE_IN : TILE_CROSS;
    return i + m - 1 < j ? TILE_OUT : i >= j + nc - 1 ? TILE_IN : TILE_CROSS;
}

/* The tiles of one packed A block (rows [i0, i0 + mb)) times one packed B block (columns
   [j0, j0 + nb)), K block of length kb, added to C (already scaled by beta). */
static void tri_macro(const tri_kernel *kr, int upper, size_t i0, size_t mb, size_t j0, size_t nb,
                      size_t kb, nb_t alpha, const nb_t *apack, const nb_t *bpack, nb_t *c,
                      size_t ldc, nb_t *tile)
{
    size_t mr = (size_t)kr->mr, nr = (size_t)kr->nr, ax = l3_a_expand(kr->a_expand);
    for (size_t jr = 0; jr < nb; jr += nr) {
        size_t ncols = min_sz(nr, nb - jr), j = j0 + jr;
        for (size_t ir = 0; ir < mb; ir += mr) {
            size_t mrows = min_sz(mr, mb - ir), i = i0 + ir;
            int cls = tile_class(upper, i, mrows, j, ncols);
            if (cls == TILE_OUT)
                continue;
            const nb_t *ap = apack + ir * kb * ax, *bp = bpack + jr * kb;
            if (cls == TILE_IN) {
                kr->ukr(kb, alpha, ap, bp, 1, c + i + j * ldc, 1, ldc, (int)mrows, (int)ncols);
                continue;
            }
            /* the tile's C columns are read only after the kernel: requested now, their misses
               overlap it (they were most of these tiles' time) */
            for (size_t q = 0; q < ncols; q++) {
                const char *cq = (const char *)(c + i + (j + q) * ldc);
                for (size_t o = 0; o < mrows * sizeof(nb_t); o += 64)
                    __builtin_prefetch(cq + o, 1);
                __builtin_prefetch(cq + mrows * sizeof(nb_t) - 1, 1);
            }
            kr->ukr(kb, alpha, ap, bp, 0, tile, 1, mr, (int)mrows, (int)ncols);
            /* column j + q's rows of the triangle are one run of the tile's rows, [p0, p1):
               added without a test per element, which the compiler vectorises (the test per
               element made these tiles 8% of a 2-thread dsyr2k 1488 x 32's samples, Zen 4) */
            for (size_t q = 0; q < ncols; q++) {
                size_t jq = j + q, p0 = 0, p1 = mrows;
                if (upper)
                    p1 = jq + 1 <= i ? 0 : min_sz(mrows, jq + 1 - i);
                else
                    p0 = jq <= i ? 0 : min_sz(mrows, jq - i);
                nb_t *restrict cq = c + i + jq * ldc;
                const nb_t *restrict tq = tile + q * mr;
                for (size_t p = p0; p < p1; p++)
                    cq[p] += tq[p];
            }
        }
    }
}

/* Columns [j0, j1) of the triangle of C += alpha*A*B (A n x k, B k x n views) on the calling
   thread. Returns 0, having done nothing, when the workspace cannot be allocated. K is cut into
   blocks of nearly equal length and MC/NC widen for short K blocks, as in the GEMM engine. */
static int tri_engine(int upper, size_t n, size_t j0, size_t j1, size_t k, nb_t alpha, l3_view a,
                      l3_view b, nb_t *c, size_t ldc)
{
    const tri_kernel *kr = &nb_rt.kset->NB_P;
    const nb_blocking bl = nb_rt.NB_P;
    size_t mr = (size_t)kr->mr, nr = (size_t)kr->nr, kc = bl.kc ? bl.kc : 1;
    size_t mc = round_up(bl.mc ? bl.mc : mr, mr), nc = round_up(bl.nc ? bl.nc : nr, nr);
    size_t kblocks = (k + kc - 1) / kc, kb_max = (k + kblocks - 1) / kblocks;
    if (kblocks > 1)
        kb_max = min_sz(round_up(kb_max, 8), kc);
    if (kb_max < kc) {
        mc = (mc * kc / kb_max) / mr * mr;
        nc = (nc * kc / kb_max) / nr * nr;
    }
    size_t a_bytes = round_up(mc * kb_max * sizeof(nb_t) * l3_a_expand(kr->a_expand), 64);
    size_t b_bytes = round_up(kb_max * min_sz(nc, round_up(j1 - j0, nr)) * sizeof(nb_t), 64);
    char *buf = nb_gemm_ws_acquire(a_bytes + b_bytes + mr * nr * sizeof(nb_t));
    if (!buf)
        return 0;
    nb_t *bpack = (nb_t *)buf, *apack = (nb_t *)(buf + b_bytes), *tile = (nb_t *)(buf + b_bytes + a_bytes);
    for (size_t jc = j0; jc < j1; jc += nc) {
        size_t nb = min_sz(nc, j1 - jc);
        /* the rows of the triangle in these columns */
        size_t r0 = upper ? 0 : jc, r1 = upper ? jc + nb : n;
        for (size_t pc = 0; pc < k; pc += kb_max) {
            size_t kb = min_sz(kb_max, k - pc);
            kr->pack_b(kb, nb, b.p + pc * b.rs + jc * b.cs, b.rs, b.cs, b.conj, bpack);
            for (size_t ic = r0; ic < r1; ic += mc) {
                size_t mb = min_sz(mc, r1 - ic);
                kr->pack_a(mb, kb, a.p + ic * a.rs + pc * a.cs, a.rs, a.cs, a.conj, apack);
                tri_macro(kr, upper, ic, mb, jc, nb, kb, alpha, apack, bpack, c, ldc, tile);
            }
        }
    }
    nb_gemm_ws_release(buf);
    return 1;
}

/* Where strip p of nt ends: equal parts of the cost, at multiples of the register tile width.
   A column costs its rows in the triangle (upper: columns [0, x) hold x^2/2 elements; lower:
   x n - x^2/2) plus `extra` rows for the register tiles across the diagonal, computed in full
   into a workspace and added back: with area alone the strip of many short columns took 10-30%
   longer (2-thread dsyr2k n 500-968, k 32, Zen 3, rdtsc per thread). The best `extra` measured
   64 rows on both avx2 (MR 8, Zen 3 and Zen 4) and avx512 (MR 32, Zen 4: 8 MR = 256 rows made
   dsyr2k 968 x 32 8% slower), so it is mostly a fixed cost per column: 64 + MR. */
static size_t strip_bound(int upper, size_t n, size_t nr, double extra, int p, int nt)
{
    if (p >= nt)
        return n;
    double dn = (double)n, f = (double)p / nt;
    double total = dn * dn / 2 + extra * dn, x;
    if (upper) /* x^2/2 + extra x = f total */
        x = -extra + sqrt(extra * extra + 2 * f * total);
    else /* x n - x^2/2 + extra x = f total */
        x = (dn + extra) - sqrt((dn + extra) * (dn + extra) - 2 * f * total);
    size_t j = (size_t)(x < 0 ? 0 : x) / nr * nr;
    return j < n ? j : n;
}

/* Columns [j0, j1) one GEMV-shaped GEMM at a time: for when the engine has no workspace (each
   gemm_view then falls back to its own unblocked loops). */
static void tri_columns(int upper, size_t n, size_t j0, size_t j1, size_t k, nb_t alpha, l3_view a,
                        l3_view b, nb_t *c, size_t ldc)
{
    for (size_t j = j0; j < j1; j++) {
        size_t i0 = upper ? 0 : j, i1 = upper ? j + 1 : n;
        NB_INT(gemm_view)(i1 - i0, 1, k, alpha, l3_sub(a, i0, 0), l3_sub(b, 0, j), 1,
                          c + i0 + j * ldc, 1, ldc);
    }
}

static void tri_strip(int upper, size_t n, size_t j0, size_t j1, size_t k, nb_t alpha, l3_view a,
                      l3_view b, nb_t *c, size_t ldc)
{
    if (j1 > j0 && !tri_engine(upper, n, j0, j1, k, alpha, a, b, c, ldc))
        tri_columns(upper, n, j0, j1, k, alpha, a, b, c, ldc);
}

/* Small problems (n <= 32, k <= 64), the whole update in one call: the products into a tile on
   the stack by the set's no-packing GEMM (gemm_direct), in column blocks of GEMMT_SMALL_W that
   cover only the triangle's trapezoid, then C's triangle scaled by beta and the tile added in one
   pass. Packing was most of the time at n = k = 16 (zherk 0.41x OpenBLAS, zsyr2k 0.41x, one
   thread, Zen 3); the whole square product instead of the trapezoid, a separate pass scaling C,
   and per-call copies of the conjugated operands then took half of what was left (zherk 16 /
   32: 0.64 / 0.59x OpenBLAS). A rank-2k update's second product is the transpose (syr2k) or
   conjugate transpose (her2k) of its first, alpha*A*B**T or alpha*A*B**H: it computes that one
   over the whole square and adds T + T**T (T + T**H), one product instead of two. */
#define GEMMT_SMALL_N 32
#define GEMMT_SMALL_K 64
/* column blocks: 6 (two of the avx2/avx512 small tile's 3 columns) measured best of 4, 6, 12 and
   32 (the whole square) for zherk / zher2k 16 and 32 on Zen 3 (avx2) */
#define GEMMT_SMALL_W 6

/* beta * x as l3_scale_tri forms it (herm: beta real, scaling both parts; the caller then drops
   the diagonal's imaginary part) */
static nb_t scale_like_tri(nb_t x, nb_t beta, int herm)
{
#if NB_COMPLEX
    if (herm) {
        nb_r rbeta = NB_RE(beta);
        return rbeta != 1 ? rbeta * x : x;
    }
#else
    (void)herm;
#endif
    return beta != 1 ? x * beta : x;
}

/* t = alpha * A * B (A n x k, B k x n views) over the columns of the triangle's trapezoid
   (rank2: the whole square), on the no-packing kernel; 0 if gemm_direct declines (from the first
   block on: the others are smaller). Complex operands gemm_direct would copy per call are copied
   once into buf (2 n k elements). */
static int small_product(int upper, int rank2, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b,
                         nb_t *t, nb_t *buf)
{
#if NB_COMPLEX
    if (a.rs != 1 || a.conj) {
        NB_INT(l3_copy_colmajor)(a, n, k, buf);
        a = l3_mk(buf, 1, n, 0);
    }
    if (b.conj) {
        NB_INT(l3_copy_colmajor)(b, k, n, buf + n * k);
        b = l3_mk(buf + n * k, 1, k, 0);
    }
#else
    (void)buf;
#endif
    size_t w = rank2 ? n : GEMMT_SMALL_W;
    for (size_t j0 = 0; j0 < n; j0 += w) {
        size_t wb = min_sz(w, n - j0);
        size_t r0 = rank2 || upper ? 0 : j0, r1 = rank2 || !upper ? n : j0 + wb;
        double flops = (NB_COMPLEX ? 8.0 : 2.0) * (double)(r1 - r0) * (double)wb * (double)k;
        if (!NB_INT(gemm_direct)(r1 - r0, wb, k, alpha, l3_sub(a, r0, 0), l3_sub(b, 0, j0), 0,
                                 t + r0 + j0 * n, 1, n, flops))
            return 0;
    }
    return 1;
}

int NB_INT(gemmt_small)(int upper, int herm, int rank2, size_t n, size_t k, nb_t alpha, l3_view a,
                        l3_view b, nb_t beta, nb_t *c, size_t ldc)
{
    if (n > GEMMT_SMALL_N || k > GEMMT_SMALL_K || k == 0)
        return 0;
    nb_t t[GEMMT_SMALL_N * GEMMT_SMALL_N];
    nb_t *buf = NULL;
#if NB_COMPLEX
    buf = nb_gemm_ws_acquire(2 * n * k * sizeof(nb_t));
    if (!buf)
        return 0;
#endif
    int ok = small_product(upper, rank2, n, k, alpha, a, b, t, buf);
    if (buf)
        nb_gemm_ws_release(buf);
    if (!ok)
        return 0;
    for (size_t j = 0; j < n; j++) {
        size_t i0 = upper ? 0 : j, i1 = upper ? j + 1 : n;
        nb_t *cj = c + j * ldc;
        const nb_t *tj = t + j * n;
        for (size_t i = i0; i < i1; i++) {
            nb_t u = tj[i];
            if (rank2) /* the second product is T**T (syr2k) or T**H (her2k) */
                u += herm ? NB_CONJ(t[j + i * n]) : t[j + i * n];
            cj[i] = (beta == 0 ? 0 : scale_like_tri(cj[i], beta, herm)) + u;
        }
#if NB_COMPLEX
        if (herm)
            NB_IM(cj[j]) = 0;
#endif
    }
    return 1;
}

/* One gemmt_view call, whose triangle a team splits into strips of equal area. */
typedef struct {
    int upper;
    size_t n, nr, k, ldc;
    double extra; /* strip_bound's per-column cost */
    nb_t alpha;
    l3_view a, b;
    nb_t *c;
} gemmt_job;

static void gemmt_region(void *ctx, int tid, int nt)
{
    const gemmt_job *job = ctx;
    int upper = job->upper;
    size_t n = job->n, nr = job->nr;
    tri_strip(upper, n, strip_bound(upper, n, nr, job->extra, tid, nt),
              strip_bound(upper, n, nr, job->extra, tid + 1, nt), job->k, job->alpha, job->a,
              job->b, job->c, job->ldc);
}

/* The triangle of C += alpha*A*B for the n x k view A and the k x n view B (l3_internal.h). */
void NB_INT(gemmt_view)(int upper, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t *c,
                          size_t ldc)
{
    if (!nb_rt.kset)
        nb_init();
    size_t nr = (size_t)nb_rt.kset->NB_P.nr;
    double flops = (NB_COMPLEX ? 4.0 : 1.0) * (double)n * (double)n * (double)k;
    int team = nb_threads_for(flops, n / 128); /* strips of at least ~128 columns */
    if (team <= 1) {
        tri_strip(upper, n, 0, n, k, alpha, a, b, c, ldc);
        return;
    }
    gemmt_job job = {.upper = upper, .n = n, .nr = nr, .k = k, .ldc = ldc,
                     .extra = 64.0 + nb_rt.kset->NB_P.mr, .alpha = alpha,
                     .a = a, .b = b, .c = c};
    nb_parallel(team, gemmt_region, &job);
}
