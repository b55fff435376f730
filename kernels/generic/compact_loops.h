/* Compact GEMM kernels in plain C (GCC vector extensions), compiled once per kernel set with its
   ISA flags (kernels/<isa>/compact_<isa>.c define CT_ISA, CT_VBYTES, CT_NREGS and include this
   file once; it includes itself once per type and format, defining nb_<p>gemm_compact_<isa>_p<P>
   of kernels/compact.h).

   The compact format puts element (i, j) of P matrices side by side, so P GEMMs at once are one
   "scalar" GEMM whose scalars are P-lane vectors: elementwise FMAs, no broadcasts, no shuffles.
   A tile function keeps mr x nr elements of C in registers over the whole k loop (complex: a
   real and an imaginary vector each) and walks a run of groups. Register budget, in vectors
   (NREGS = 32 on avx512, 16 on avx2 and generic):
     real, the set's own width: mr*nr accumulators + the smaller of mr, nr held + 1 streamed
       <= NREGS, mr, nr <= 8: 5x5 (31), 6x4, 8x3 ... on avx512; 4x3 (16), 5x2, 7x1 ... else;
     complex and the other formats (a narrower one runs in narrower registers, a wider one as
       P/W slices of the set's width): squares, 3x3 (26 of 32: 18 + 6 A + 2 B) or 4x4 (21)
       on avx512, 2x2 (14) or 3x3 (13) on 16 registers.
   The grid of tiles per matrix is chosen per call by a cycle model (ct_grid), among the
   squares only when the operands stream from beyond L2 (measured better there). Unit strides
   (A's and C's rows adjacent: column-major, A not transposed; the driver maps row-major to
   column-major) get those tiles with constant offsets; other strides the square tiles
   (*_strided). No tile keeps a vector on the stack in its k loop (tests/check_spills.py). */

#ifndef CT_T
/* ---- outer inclusion: the twelve (type, format) instances ---- */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "kernels/compact.h"

/* CT_KEEP(v): the including ISA file may make v a register value here (an empty asm with a
   register constraint): GCC otherwise folds the streamed load into each of its FMAs, loading
   it nr (or mr) times per k step; the 6x3 tile then issued 21 loads for 18 FMAs. */
#ifndef CT_KEEP
#define CT_KEEP(v) ((void)0)
#endif
#ifndef CT_PF_ON /* prefetch on (0: off, for measuring) */
#define CT_PF_ON 1
#endif
#ifndef CT_PF_BYTES /* prefetch distance */
#define CT_PF_BYTES 4096
#endif
#ifndef CT_PF_MIN /* no prefetch for calls whose operands take fewer bytes */
#define CT_PF_MIN (4 << 20)
#endif
#ifndef CT_PF_GROUP /* nor for groups (A, B and C of P matrices) of fewer bytes */
#define CT_PF_GROUP (8 << 10)
#endif
#define CT_CAT_(a, b) a##b
#define CT_CAT(a, b) CT_CAT_(a, b)
#define CT_NAME_(l, isa, p) nb_##l##gemm_compact_##isa##_p##p
#define CT_NAME2(l, isa, p) CT_NAME_(l, isa, p)
#define CT_NAME CT_NAME2(CT_L, CT_ISA, CT_P)
#define CT_TNAME_(l, isa, p, r, c) nb_##l##gemm_compact_##isa##_p##p##_##r##x##c
#define CT_TNAME2(l, isa, p, r, c) CT_TNAME_(l, isa, p, r, c)
#define CT_TNAME(r, c) CT_TNAME2(CT_L, CT_ISA, CT_P, r, c)
#define CT_H_(x, l, p) x##_##l##p /* file-local helpers of one instance */
#define CT_H2(x, l, p) CT_H_(x, l, p)
#define CT_H(x) CT_H2(x, CT_L, CT_P)
/* Unaligned vector access without aliasing questions: memcpy compiles to one vector move.
   Macros, not functions: no function passes a vector by value (its ABI differs between the
   sets' flags, and GCC warns about it). */
#define CT_LD(p) ({ CT_V ct_v_; memcpy(&ct_v_, (p), sizeof ct_v_); ct_v_; })
#define CT_ST(p, v) do { CT_V ct_s_ = (v); memcpy((p), &ct_s_, sizeof ct_s_); } while (0)
#define CT_INLINE static inline __attribute__((always_inline))
#define CT_SELF "kernels/generic/compact_loops.h"

#define CT_T float
#define CT_ESIZE 4
#define CT_CPLX 0
#define CT_L s
#define CT_P 4
#include CT_SELF
#define CT_P 8
#include CT_SELF
#define CT_P 16
#include CT_SELF
#undef CT_T
#undef CT_ESIZE
#undef CT_L

#define CT_T double
#define CT_ESIZE 8
#define CT_L d
#define CT_P 2
#include CT_SELF
#define CT_P 4
#include CT_SELF
#define CT_P 8
#include CT_SELF
#undef CT_T
#undef CT_ESIZE
#undef CT_L
#undef CT_CPLX

#define CT_T float
#define CT_ESIZE 4
#define CT_CPLX 1
#define CT_L c
#define CT_P 4
#include CT_SELF
#define CT_P 8
#include CT_SELF
#define CT_P 16
#include CT_SELF
#undef CT_T
#undef CT_ESIZE
#undef CT_L

#define CT_T double
#define CT_ESIZE 8
#define CT_L z
#define CT_P 2
#include CT_SELF
#define CT_P 4
#include CT_SELF
#define CT_P 8
#include CT_SELF
#undef CT_T
#undef CT_ESIZE
#undef CT_L
#undef CT_CPLX

#else
/* ---- inner inclusion: one (type, P) instance; CT_P is consumed (undefined at the end) ---- */

/* CT_W: lanes per vector, the format's P or the set's width if that is smaller (a format wider
   than the registers runs as P / W independent W-lane slices: lanes never interact, so slice q
   is the same GEMM on the values at offset q*W of every element). */
#if CT_P * CT_ESIZE > CT_VBYTES
#define CT_W (CT_VBYTES / CT_ESIZE)
#else
#define CT_W CT_P
#endif
/* CT_FITS(r, c): the tiles this instance has. Real types at the set's own width: any r x c up
   to 8 x 8 with r*c accumulators + the smaller side held + 1 streamed <= NREGS (5x5, 6x4, 8x3
   ... on avx512; 4x3, 5x2, 7x1 ... on 16 registers). Complex types and the other formats: the
   square CT_S x CT_S budget tile and its edges. */
#if !CT_CPLX
#if 16 + 4 + 1 <= CT_NREGS
#define CT_S 4
#else
#define CT_S 3
#endif
#else
#if 18 + 6 + 2 <= CT_NREGS
#define CT_S 3
#else
#define CT_S 2
#endif
#endif
#define CT_FITS_S(r, c) ((r) <= CT_S && (c) <= CT_S)
#if !CT_CPLX && CT_P * CT_ESIZE == CT_VBYTES
#define CT_FITS(r, c) ((r) * (c) + ((r) < (c) ? (r) : (c)) + 1 <= CT_NREGS)
#define CT_MAXT 8
#else
#define CT_FITS(r, c) CT_FITS_S(r, c)
#define CT_MAXT CT_S
#endif

#define CT_V CT_H(ct_v)
typedef CT_T CT_V __attribute__((vector_size(CT_W * CT_ESIZE)));
#define CT_E ((size_t)CT_P * (1 + CT_CPLX)) /* values per element */

/* What every tile of a call shares; strides in values. A tile function copies it to a local,
   which no store to C can alias, so the strides stay in registers; alpha and beta are read
   from the caller's copy, which a store to C might alias, so they are reloaded for each
   group's C update instead of occupying vector registers across the k loop (held there, they
   pushed an A value of the 4x4 and 3x3 tiles onto the stack). */
#define CT_TNAME_S(r, c) CT_CAT(CT_TNAME(r, c), _strided)
#define CT_TARGS CT_H(ct_targs)
typedef struct {
    size_t k, ars, acs, brs, bcs, crs, ccs, ags, bgs, cgs;
    CT_T alr, ali, ber, bei, sc; /* sc: -1 conjugates the sum (complex, conj(B)) */
} CT_TARGS;

/* One mr x nr tile of C over all of k. mr, nr (and conja) are constants in every caller, so
   the loops unroll and the accumulators stay in registers. */
#if !CT_CPLX
CT_INLINE void CT_H(ct_body)(const int mr, const int nr, const CT_TARGS *t, const CT_TARGS *ab,
                             const CT_T *a, const CT_T *b, CT_T *c, const int conja,
                             const int unit)
{
    (void)conja;
    /* unit: A's rows and C's rows are adjacent elements (constant offsets, few registers) */
    const size_t ars = unit ? CT_E : t->ars, crs = unit ? CT_E : t->crs, bcs = t->bcs;
    CT_V acc[8][8];
#pragma GCC unroll 8
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
            acc[r][j] = (CT_V){0};
    for (size_t l = 0; l < t->k; l++, a += t->acs, b += t->brs) {
        CT_V h[8]; /* the smaller side of the step stays in registers, the other streams */
        if (mr <= nr) {
#pragma GCC unroll 8
            for (int r = 0; r < mr; r++)
                h[r] = CT_LD(a + r * ars);
#pragma GCC unroll 8
            for (int j = 0; j < nr; j++) {
                CT_V bv = CT_LD(b + j * bcs);
                CT_KEEP(bv);
#pragma GCC unroll 8
                for (int r = 0; r < mr; r++)
                    acc[r][j] += h[r] * bv;
            }
        } else {
#pragma GCC unroll 8
            for (int j = 0; j < nr; j++)
                h[j] = CT_LD(b + j * bcs);
#pragma GCC unroll 8
            for (int r = 0; r < mr; r++) {
                CT_V av = CT_LD(a + r * ars);
                CT_KEEP(av);
#pragma GCC unroll 8
                for (int j = 0; j < nr; j++)
                    acc[r][j] += av * h[j];
            }
        }
    }
    const CT_T alr = ab->alr, ber = ab->ber;
    if (ber == 0) {
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
#pragma GCC unroll 8
            for (int r = 0; r < mr; r++)
                CT_ST(c + r * crs + j * t->ccs, alr * acc[r][j]);
    } else {
#pragma GCC unroll 8
        for (int j = 0; j < nr; j++)
#pragma GCC unroll 8
            for (int r = 0; r < mr; r++) {
                CT_T *cp = c + r * crs + j * t->ccs;
                CT_ST(cp, alr * acc[r][j] + ber * CT_LD(cp));
            }
    }
}
#else
/* Complex: the real parts of an element at +0, the imaginary parts at +P. conja conjugates A;
   the caller folds conj(B) into conja and a conjugated sum (A conj(B) = conj(conj(A) B)), so
   the k loop has no sign work. */
CT_INLINE void CT_H(ct_body)(const int mr, const int nr, const CT_TARGS *t, const CT_TARGS *ab,
                             const CT_T *a, const CT_T *b, CT_T *c, const int conja,
                             const int unit)
{
    const size_t ars = unit ? CT_E : t->ars, crs = unit ? CT_E : t->crs, bcs = t->bcs;
    CT_V re[4][4], im[4][4];
#pragma GCC unroll 4
    for (int r = 0; r < mr; r++)
#pragma GCC unroll 4
        for (int j = 0; j < nr; j++)
            re[r][j] = im[r][j] = (CT_V){0};
    for (size_t l = 0; l < t->k; l++, a += t->acs, b += t->brs) {
        CT_V ar[4], ai[4];
#pragma GCC unroll 4
        for (int r = 0; r < mr; r++) {
            ar[r] = CT_LD(a + r * ars);
            ai[r] = CT_LD(a + r * ars + CT_P);
        }
#pragma GCC unroll 4
        for (int j = 0; j < nr; j++) {
            CT_V br = CT_LD(b + j * bcs), bi = CT_LD(b + j * bcs + CT_P);
#pragma GCC unroll 4
            for (int r = 0; r < mr; r++) {
                re[r][j] += ar[r] * br;
                im[r][j] += ar[r] * bi;
                if (conja) {
                    re[r][j] += ai[r] * bi;
                    im[r][j] -= ai[r] * br;
                } else {
                    re[r][j] -= ai[r] * bi;
                    im[r][j] += ai[r] * br;
                }
            }
        }
    }
    const CT_T alr = ab->alr, ali = ab->ali, ber = ab->ber, bei = ab->bei, sc = ab->sc;
    const int beta0 = ber == 0 && bei == 0;
#pragma GCC unroll 4
    for (int j = 0; j < nr; j++)
#pragma GCC unroll 4
        for (int r = 0; r < mr; r++) {
            CT_T *cp = c + r * crs + j * t->ccs;
            CT_V sr = re[r][j], si = sc * im[r][j];
            CT_V tr = alr * sr - ali * si, ti = alr * si + ali * sr;
            if (!beta0) {
                CT_V cr = CT_LD(cp), ci = CT_LD(cp + CT_P);
                tr += ber * cr - bei * ci;
                ti += ber * ci + bei * cr;
            }
            CT_ST(cp, tr);
            CT_ST(cp + CT_P, ti);
        }
}
#endif

/* The tile functions: the same tile of ng consecutive groups (ng > 1 when a whole matrix is
   one tile: then one call does a whole task, with no per-group dispatch). Only those that
   CT_FITS are referenced (and emitted). */
#define CT_TILE_(name, r, cl, unit)                                                               \
    static __attribute__((noinline, noclone, unused)) void name(                                  \
        const CT_TARGS *targs, size_t ng, const CT_T *a, const CT_T *b, CT_T *c, int conja)       \
    {                                                                                             \
        const CT_TARGS t = *targs;                                                                \
        for (size_t g = 0; g < ng; g++, a += t.ags, b += t.bgs, c += t.cgs) {                     \
            if (CT_CPLX && conja)                                                                 \
                CT_H(ct_body)(r, cl, &t, targs, a, b, c, 1, unit);                                \
            else                                                                                  \
                CT_H(ct_body)(r, cl, &t, targs, a, b, c, 0, unit);                                \
        }                                                                                         \
    }
#define CT_TILE(r, cl) CT_TILE_(CT_TNAME(r, cl), r, cl, 1) CT_TILE_(CT_TNAME_S(r, cl), r, cl, 0)
#define CT_ROW(X, r) X(r, 1) X(r, 2) X(r, 3) X(r, 4) X(r, 5) X(r, 6) X(r, 7) X(r, 8)
#define CT_ALL(X) CT_ROW(X, 1) CT_ROW(X, 2) CT_ROW(X, 3) CT_ROW(X, 4) \
                  CT_ROW(X, 5) CT_ROW(X, 6) CT_ROW(X, 7) CT_ROW(X, 8)
CT_ALL(CT_TILE)
#undef CT_TILE

/* unit: the fast set (CT_FITS: A's and C's rows adjacent); else the strided set (CT_FITS_S) */
CT_INLINE void CT_H(ct_tile)(int unit, int mr, int nr, const CT_TARGS *t, size_t ng,
                             const CT_T *a, const CT_T *b, CT_T *c, int conja)
{
#define CT_CASE(r, cl)                                                                            \
    case r * 16 + cl:                                                                             \
        if (CT_FITS(r, cl) && unit)                                                               \
            CT_TNAME(r, cl)(t, ng, a, b, c, conja);                                               \
        else if (CT_FITS_S(r, cl) && !unit)                                                       \
            CT_TNAME_S(r, cl)(t, ng, a, b, c, conja);                                             \
        return;
    switch (mr * 16 + nr) { CT_ALL(CT_CASE) }
#undef CT_CASE
}

/* The tile grid of an m x n C: tm x tn nearly equal tiles, the cheapest by a cycle model per
   tile (per k step the larger of the FMA, load and FMA-latency bounds, plus the C update and
   the call): few large tiles, none of them latency-bound (2x2 keeps 4 FMA chains, half the
   FMA rate). A 5x5 C is one 5x5 tile, 8x8 three of 8x3 / 8x2, 32x32 44 of 8x3 on avx512. */
static double CT_H(ct_cost)(size_t r, size_t c, size_t k)
{
    double fma = (double)(r * c) * (CT_CPLX ? 2.0 : 0.5), ld = (double)(r + c) * (CT_CPLX ? 1.0 : 0.5);
    double step = fma > ld ? fma : ld;
    return (double)k * (step > 4.0 ? step : 4.0) + (double)(r * c) * (CT_CPLX ? 2.0 : 1.0) + 12.0;
}

static void CT_H(ct_grid)(int unit, size_t maxt, size_t m, size_t n, size_t k, size_t *tm,
                          size_t *tn)
{
    double best = -1;
    for (size_t r = 1; r <= maxt && r <= m; r++)
        for (size_t c = 1; c <= maxt && c <= n; c++) {
            if (unit ? !CT_FITS(r, c) : !CT_FITS_S(r, c))
                continue;
            size_t um = (m + r - 1) / r, un = (n + c - 1) / c; /* tiles of at most r x c */
            size_t rb = m / um, cb = n / un, rx = m % um, cx = n % un;
            /* rx rows of tiles are rb + 1 tall, the others rb; likewise columns */
            double cost = (double)rx * ((double)cx * CT_H(ct_cost)(rb + 1, cb + 1, k) +
                                        (double)(un - cx) * CT_H(ct_cost)(rb + 1, cb, k)) +
                          (double)(um - rx) * ((double)cx * CT_H(ct_cost)(rb, cb + 1, k) +
                                               (double)(un - cx) * CT_H(ct_cost)(rb, cb, k));
            if (best < 0 || cost < best)
                best = cost, *tm = um, *tn = un;
        }
}

/* C = beta * C (k == 0 or alpha == 0: A and B are not read; beta == 0 writes zeros). */
static void CT_H(ct_scale)(const nb_compact_gemm_args *p, size_t g0, size_t g1)
{
    const CT_T ber = (CT_T)p->beta[0], bei = (CT_T)p->beta[1];
    if (ber == 1 && bei == 0)
        return;
    const size_t crs = p->c_rs * CT_E, ccs = p->c_cs * CT_E, cgs = p->c_gs * CT_E;
    for (size_t g = g0; g < g1; g++)
        for (size_t j = 0; j < p->n; j++)
            for (size_t i = 0; i < p->m; i++) {
                CT_T *cp = (CT_T *)p->c + g * cgs + i * crs + j * ccs;
                if (ber == 0 && bei == 0) {
                    for (size_t q = 0; q < CT_E; q++)
                        cp[q] = 0;
                    continue;
                }
                for (size_t q = 0; q < CT_P; q += CT_W) {
                    if (!CT_CPLX) {
                        CT_ST(cp + q, ber * CT_LD(cp + q));
                    } else {
                        CT_V cr = CT_LD(cp + q), ci = CT_LD(cp + q + (CT_E - CT_P));
                        CT_ST(cp + q, ber * cr - bei * ci);
                        CT_ST(cp + q + (CT_E - CT_P), ber * ci + bei * cr);
                    }
                }
            }
}

void CT_NAME(const nb_compact_gemm_args *p, size_t g0, size_t g1)
{
    if (p->k == 0 || (p->alpha[0] == 0 && p->alpha[1] == 0)) {
        CT_H(ct_scale)(p, g0, g1);
        return;
    }
    const size_t m = p->m, n = p->n;
    CT_TARGS t = {p->k,
                  p->a_rs * CT_E, p->a_cs * CT_E, p->b_rs * CT_E, p->b_cs * CT_E,
                  p->c_rs * CT_E, p->c_cs * CT_E, p->a_gs * CT_E, p->b_gs * CT_E, p->c_gs * CT_E,
                  (CT_T)p->alpha[0], (CT_T)p->alpha[1], (CT_T)p->beta[0], (CT_T)p->beta[1],
                  p->conj_b ? (CT_T)-1 : (CT_T)1};
    /* nearly equal tiles: tm of them, the first xm one row taller */
    const int unit = t.ars == CT_E && t.crs == CT_E;
    /* Operands beyond the caches (over CT_PF_MIN bytes): tiles of at most CT_S x CT_S. With the
       data streaming from L3 or memory, 4x4 tiles kept sizes 6-8 level with MKL where 7x3 and
       8x3 tiles lost 3-10% (A/B builds, nm = 16384); from L2 the large tiles are 1.1-1.2x. */
    const size_t gbytes = (t.ags + t.bgs + t.cgs) * sizeof(CT_T);
    const int streaming = (double)gbytes * (double)p->ngroups > (double)CT_PF_MIN;
    size_t tm = 1, tn = 1;
    CT_H(ct_grid)(unit, streaming ? CT_S : CT_MAXT, m, n, t.k, &tm, &tn);
    const size_t bm = m / tm, xm = m % tm, bn = n / tn, xn = n % tn;
    const int conja = p->conj_a ^ p->conj_b;
    const CT_T *a = (const CT_T *)p->a, *b = (const CT_T *)p->b;
    CT_T *c = (CT_T *)p->c;
    if (tm == 1 && tn == 1) { /* one tile per matrix: the tile function walks the groups */
        for (size_t q = 0; q < CT_P; q += CT_W)
            CT_H(ct_tile)(unit, (int)m, (int)n, &t, g1 - g0, a + g0 * t.ags + q, b + g0 * t.bgs + q,
                          c + g0 * t.cgs + q, conja);
        return;
    }
    /* Groups are taken gc at a time (about 24 KiB of A, B and C: they stay in L1 while every
       tile of them is computed), so each tile function call covers gc groups and its set-up
       (strides, pointers) is paid once per gc groups, not once per group: the 3 calls of an
       8x8 C cost more than its k loops did. */
    const size_t gc = gbytes >= 24576 ? 1 : 24576 / gbytes;
    /* Software prefetch of the groups at least CT_PF_BYTES ahead, spread evenly over the tiles
       of a chunk (a few lines per call, so the fill buffers never flood): A, B and C stream
       from memory once, and with the hardware prefetchers alone the core waited on each new
       group: 1.05-1.3x at dgemm sizes 8-32 with nm = 16384. Only for groups of more than
       CT_PF_GROUP bytes in calls of more than CT_PF_MIN: the instructions (one per line, a
       share that grows as the matrices shrink) cost up to 5% at size 6, whose data came from
       L3 fast enough without them, and ~15% at sizes 6-8 from L2. */
    const size_t ntiles = tm * tn * (CT_P / CT_W), pf_bytes = CT_PF_BYTES;
    const size_t dist = pf_bytes > gc * gbytes ? (pf_bytes + gbytes - 1) / gbytes : gc;
    const int pf_on = CT_PF_ON && streaming && gbytes > CT_PF_GROUP;
    for (size_t g = g0; g < g1; g += gc) {
        const size_t gn = g1 - g < gc ? g1 - g : gc;
        const CT_T *ag = a + g * t.ags, *bg = b + g * t.bgs;
        CT_T *cg = c + g * t.cgs;
        /* addresses as integers: the prefetched groups may lie past the last one (no access) */
        uintptr_t qa = (uintptr_t)ag + dist * t.ags * sizeof(CT_T);
        uintptr_t qb = (uintptr_t)bg + dist * t.bgs * sizeof(CT_T);
        uintptr_t qc = (uintptr_t)cg + dist * t.cgs * sizeof(CT_T);
        const int pf = pf_on && g + dist + gn <= p->ngroups;
        const size_t pfa = (gn * t.ags * sizeof(CT_T) / 64 + ntiles - 1) / ntiles;
        const size_t pfb = (gn * t.bgs * sizeof(CT_T) / 64 + ntiles - 1) / ntiles;
        const size_t pfc = (gn * t.cgs * sizeof(CT_T) / 64 + ntiles - 1) / ntiles;
        for (size_t q = 0; q < CT_P; q += CT_W) /* one slice unless the format is wider */
            for (size_t jt = 0, j0 = 0; jt < tn; jt++) {
                const int nr = (int)(bn + (jt < xn));
                for (size_t it = 0, i0 = 0; it < tm; it++) {
                    const int mr = (int)(bm + (it < xm));
                    if (pf) {
                        for (size_t x = 0; x < pfa; x++, qa += 64)
                            __builtin_prefetch((const void *)qa, 0, 3);
                        for (size_t x = 0; x < pfb; x++, qb += 64)
                            __builtin_prefetch((const void *)qb, 0, 3);
                        for (size_t x = 0; x < pfc; x++, qc += 64)
                            __builtin_prefetch((const void *)qc, 1, 3);
                    }
                    CT_H(ct_tile)(unit, mr, nr, &t, gn, ag + q + i0 * t.ars, bg + q + j0 * t.bcs,
                                  cg + q + i0 * t.crs + j0 * t.ccs, conja);
                    i0 += (size_t)mr;
                }
                j0 += (size_t)nr;
            }
    }
}

#undef CT_TARGS
#undef CT_W
#undef CT_S
#undef CT_FITS
#undef CT_FITS_S
#undef CT_MAXT
#undef CT_V
#undef CT_E
#undef CT_P
#endif
