/* Private helpers of the symmetric/Hermitian Level 2 templates (symv, syr, syr2): splitting the
   columns of a stored triangle into blocks of about equal stored area, and copying strided vectors
   to contiguous ones so that the kernel set's loops (kernels/l2sym_kernels.h) apply. */
#ifndef NB_L2_SYM_H
#define NB_L2_SYM_H

#include <stdlib.h>
#include "l2_common.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"

/* symv's column blocks: at most L2S_MAXB. Two from L2S_MINAREA stored elements each (n 256), then
   twice as many each time the area doubles past 2 * L2S_GROWAREA per block: every block's buffer
   is summed once more at the end, and a 1-thread call pays for that too, so beyond the two a team
   of two needs, blocks grow with the problem. Their number and bounds depend on the shape only,
   never on the team, which is what makes the result the same for every thread count
   (symv.tmpl.c). At 65536 (4 blocks from n 724, 16 from n 1448) a 2-thread dsymv sweep of n
   2000 down to 1000 (lda 2000, Zen 4 guest) took 126 ms against OpenBLAS's 110; at 262144 (4
   from n 1448, 8 from 2048) 111: the per-block sums were read across the two cores. */
#define L2S_MAXB 16
#define L2S_MINAREA 16384.0
#define L2S_GROWAREA 262144.0
/* What a column costs symv beyond its elements, in elements: the tile on the diagonal, the
   kernel call and its last partial vector. Blocks of equal area but many short columns took
   20-35% longer than blocks of few long ones (2-thread dsymv, n 700-1000, lda 1000, Zen 3);
   with this term the two threads' halves finish within a few percent of each other. */
#define L2S_COLCOST 128.0

/* The kernel entries of the current type. */
#define L2S_K(op) (nb_rt.kset->l2sym.NB_CAT(NB_P, op))

static inline blasint l2s_len(const l2_tri *s, blasint j)
{
    if (s->kind != L2_BAND) /* the common case without l2_lo/l2_hi's switch: symv calls it O(n) */
        return s->upper ? j + 1 : s->n - j;
    return l2_hi(s, j) - l2_lo(s, j) + 1;
}

/* Stored elements of the triangle (exact in a double up to 2**53). */
static inline double l2s_area(const l2_tri *s)
{
    if (s->kind != L2_BAND)
        return (double)s->n * ((double)s->n + 1) / 2;
    double total = 0;
    for (blasint j = 0; j < s->n; j++)
        total += (double)l2s_len(s, j);
    return total;
}

/* The rank updates' column prefetch distance in bytes (0: none). A triangle larger than the
   last-level cache comes from memory on every call, one that fits may be there from the call
   before: only the first is prefetched (by default; the tests lower l2_rank_pf_min to take the
   path at their sizes), as far ahead as the tuning entry says. */
static inline int l2s_rank_pf(const l2_tri *s, size_t elem, int complex)
{
    double min = nb_rt.tune.l2_rank_pf_min > 0 ? nb_rt.tune.l2_rank_pf_min : (double)nb_rt.llc;
    if (l2s_area(s) * (double)elem <= min)
        return 0;
    return (int)(complex ? nb_rt.tune.l2_rank_pf_cplx : nb_rt.tune.l2_rank_pf_real);
}

/* Splits columns [0, n) into at most nparts non-empty blocks of about equal cost, a column
   costing its stored elements plus `percol`, inner bounds multiples of align: block b is
   [bounds[b], bounds[b+1]). `total` is the area (l2s_area). Returns the number of blocks (>= 1
   for n >= 1); bounds needs nparts + 1 entries. */
static inline int l2s_split(const l2_tri *s, int nparts, blasint align, double total,
                            double percol, blasint *bounds)
{
    int k = 1;
    double cum = 0;
    total += percol * (double)s->n;
    bounds[0] = 0;
    for (blasint j = 0; j < s->n && k < nparts; j++) {
        if (j > 0 && j % align == 0 && cum * nparts >= total * k)
            bounds[k++] = j;
        cum += (double)l2s_len(s, j) + percol;
    }
    bounds[k] = s->n;
    return k;
}

/* dst[0..n) := logical elements 0..n-1 of the strided vector (vs, inc). */
static inline void l2s_gather(blasint n, const nb_t *vs, blasint inc, nb_t *dst)
{
    for (blasint i = 0; i < n; i++)
        dst[i] = L2_AT(vs, i, inc);
}

/* Runs fn(ctx, c0, c1) on column ranges [c0, c1) of about equal stored area, on a team sized for
   that area. For the rank updates, where every element is updated on its own, so any split
   gives the same result. */
#define L2S_MAXTEAM 64
typedef struct {
    void (*fn)(void *, blasint, blasint);
    void *ctx;
    const blasint *bounds;
    int np;
} l2s_cols_job;

static inline void l2s_cols_region(void *arg, int tid, int nt)
{
    const l2s_cols_job *j = arg;
    for (int b = tid; b < j->np; b += nt)
        j->fn(j->ctx, j->bounds[b], j->bounds[b + 1]);
}

static inline void l2s_run_cols(const l2_tri *s, void (*fn)(void *, blasint, blasint), void *ctx)
{
    double area = l2s_area(s);
    int team = nb_threads_for_stream(area, (size_t)s->n / 4 + 1);
    if (team <= 1) {
        fn(ctx, 0, s->n);
        return;
    }
    blasint bounds[L2S_MAXTEAM + 1];
    int np = l2s_split(s, team < L2S_MAXTEAM ? team : L2S_MAXTEAM, 4, area, 0, bounds);
    l2s_cols_job j = {fn, ctx, bounds, np};
    nb_parallel(np, l2s_cols_region, &j);
}

#endif
