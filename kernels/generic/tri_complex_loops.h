/* The trsm / trmm leaf loops for complex types (the trsm_rows / trmm_rows entries of the kernel
   contract, kernels/kernel.h), register-blocked, in GCC vector extensions compiled per kernel
   set. A template: define TRIC_DOUBLE (1: z, 0: c), TRIC_SFX (the set) and TRIC_VB (vector
   bytes), then include; it defines nb_<p>trsm_rows_<sfx> and nb_<p>trmm_rows_<sfx> and
   undefines the three.

   Why register-blocked: the plain loops before (whole rows of B per (i, k) pair) loaded and
   stored a row of B for every two FMAs, and at order 16-64 ztrmm ran at half of OpenBLAS's
   speed with 77% of its time in them (Zen 3). Here a block of TRIC_RB rows x TRIC_NV vectors of
   columns stays in registers for the whole k loop; per k step and row: two broadcasts (Re and
   Im of M(i, k), straight from the dense triangle) and 2 * TRIC_NV FMAs.
   Register budget: TRIC_RB * TRIC_NV accumulators + 2 * TRIC_NV operand vectors (p and i*p) +
   2 broadcasts = 4*2 + 4 + 2 = 14 (avx2's 16 ymm; avx512, neon and sve have 32). objdump of
   the avx2 build: the k loop of a full block is 16 FMAs, 8 broadcasts and 4 loads a step, no
   stack access (tests/check_spills.py holds nb_[cz]tric_* strict). At m = 64 the leaf runs at
   about half of the FMA peak on Zen 3: each accumulator's two FMAs a step chain at the FMA
   rate, and the block's own triangle, the select rows and the per-tile operand rows take about a
   third of the time (two sums per row, one FMA each a step, measured no faster: 3 x 2 within the
   noise, 6 x 1 40% slower).

   A complex product p * l is p * Re(l) + (i*p) * Im(l), with i*p = (-Im p, Re p) per pair: the
   operand row p and i*p are formed once per k (trmm: p = alpha * B(k, :), as the reference
   forms its TEMP; trsm: p = X(k, :), the solved row), shared by every row of the block.

   The reference's semantics are kept element by element: a zero B(k, j) (both halves zero; the
   solved X(k, j) for trsm) skips its updates, so NaN/Inf in M do not reach that column, and the
   diagonal is applied only to a nonzero element. Rows k with a zero in the tile's columns run
   their updates through a select; the others without (the select would keep every new value).
   Each element sees the reference's k order (lower: trmm k descending, trsm ascending; upper is
   the mirror image, run through reflected row indices), and the same operations whichever
   vector lane or column tile holds it: columns past the last full tile are padded to a whole
   tile, not run by scalar code, so the result does not depend on where the driver cuts the
   columns (across thread counts, say). trsm divides by the reciprocal of M(k, k), computed once
   per call (the reference divides each element: results can differ from it in the last bit, as
   they do across libraries).

   B: element (i, j) at b[i*rs + j] (cs must be 1: the driver copies B to contiguous rows first
   when it is not). l: the dense triangle, l[i + k*ldl] = M(i, k); m <= NB_TRIC_MAXM. */
#include <stddef.h>
#include "kernels/kernel.h" /* NB_TRIC_MAXM */

#ifndef NB_TRI_COMPLEX_LOOPS_H
#define NB_TRI_COMPLEX_LOOPS_H
#define TRIC_NV 2 /* vectors of columns per tile */
#define TRIC_RB 4 /* rows per register block */
/* An empty asm that "uses" x, after the last FMA that reads it: the operands stay live, so GCC
   writes every FMA into its accumulator (vfmadd231) instead of into the dying multiplicand
   (vfmadd132), which sent the accumulators wandering between registers and one of them to the
   stack every k step (ukr_avx2.h has the same device). */
#if defined(__x86_64__) || defined(__i386__)
#define TRIC_KEEP(x) __asm__ volatile("" ::"x"(x))
#elif defined(__aarch64__)
#define TRIC_KEEP(x) __asm__ volatile("" ::"w"(x))
#else
#define TRIC_KEEP(x) ((void)0)
#endif
#define TRIC_CAT5_(a, b, c, d, e) a##b##c##d##e
#define TRIC_CAT5(a, b, c, d, e) TRIC_CAT5_(a, b, c, d, e)
#endif

#if TRIC_DOUBLE
#define TRIC_P z
#define TRIC_R double
#define TRIC_IT long long
#else
#define TRIC_P c
#define TRIC_R float
#define TRIC_IT int
#endif
#define TRIC_T TRIC_R _Complex
#define TRIC_FN(name) TRIC_CAT5(nb_, TRIC_P, name, _, TRIC_SFX)
#define V TRIC_FN(tric_v)
#define IV TRIC_FN(tric_iv)
#define VU TRIC_FN(tric_vu)
#define CPV ((int)(TRIC_VB / sizeof(TRIC_R) / 2)) /* complex numbers per vector */
#define COLS (TRIC_NV * CPV)                       /* columns per tile */
#define TRIC_UNROLL _Pragma("GCC unroll 8")

typedef TRIC_R V __attribute__((vector_size(TRIC_VB)));
typedef TRIC_IT IV __attribute__((vector_size(TRIC_VB)));
typedef V VU __attribute__((aligned(sizeof(TRIC_R)), __may_alias__));

static inline V TRIC_FN(tric_splat)(TRIC_R x)
{
    V v = {x};
    return __builtin_shuffle(v, (IV){0});
}
static inline IV TRIC_FN(tric_pairs)(void)
{
    IV pairs;
    for (int e = 0; e < (int)(TRIC_VB / sizeof(TRIC_R)); e++)
        pairs[e] = e ^ 1;
    return pairs;
}
/* i * x: (-Im, Re) per pair */
static inline V TRIC_FN(tric_rot)(V x)
{
    V sgn;
    for (int e = 0; e < (int)(TRIC_VB / sizeof(TRIC_R)); e++)
        sgn[e] = (e & 1) ? 1 : -1;
    return __builtin_shuffle(x, TRIC_FN(tric_pairs)()) * sgn;
}
/* all ones in the pairs where x is a nonzero complex number */
static inline IV TRIC_FN(tric_nz)(V x)
{
    IV nz = (IV)(x != 0);
    return nz | __builtin_shuffle(nz, TRIC_FN(tric_pairs)());
}
static inline V TRIC_FN(tric_sel)(IV mask, V a, V b)
{
    return (V)(((IV)a & mask) | ((IV)b & ~mask));
}
/* whether a tile row with these masks has a zero */
static inline unsigned char TRIC_FN(tric_any_zero)(const IV *nz)
{
    IV all = nz[0];
    for (int v = 1; v < TRIC_NV; v++)
        all &= nz[v];
    int z = 0;
    for (int e = 0; e < (int)(TRIC_VB / sizeof(TRIC_R)); e++)
        z |= all[e] == 0;
    return (unsigned char)z;
}
#define SPLAT TRIC_FN(tric_splat)
#define ROT TRIC_FN(tric_rot)
#define NZ TRIC_FN(tric_nz)
#define SEL TRIC_FN(tric_sel)

/* The operand rows of one tile: p[k][v] and i*p, the masks of the nonzero B(k, j) (trsm: of
   the solved X(k, j) before the division by M(k, k), as the reference tests it), and whether
   row k has a zero. */
typedef struct {
    V p[NB_TRIC_MAXM][TRIC_NV], ip[NB_TRIC_MAXM][TRIC_NV];
    IV nz[NB_TRIC_MAXM][TRIC_NV];
    unsigned char zero[NB_TRIC_MAXM];
} TRIC_FN(tric_ops);

/* M(i, k) in reflected coordinates (see the head comment): lb[TRIC_RS(up)*i + k*lcs], the row
   step a compile-time constant (up is one in every function below, and GCC keeps the block's
   broadcasts at constant offsets; a run-time step of -1 or 1 cost a pointer per row of the block,
   kept on the stack) */
typedef struct {
    const TRIC_T *lb;
    ptrdiff_t lcs;
} TRIC_FN(tric_tri);
#define TRIC_RS(up) ((up) ? (ptrdiff_t)-1 : (ptrdiff_t)1)
/* &M(i, k) */
#define TRIC_AT(t, up, i, k) ((t).lb + TRIC_RS(up) * (ptrdiff_t)(i) + (ptrdiff_t)(k) * (t).lcs)

/* One k step of a register block: acc[r] += sign * (p * M(i0 + r, k)) for the rows r < rr, with
   lk = &M(i0, k); through the select of row k's nonzero elements when sel. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_step)(
    V acc[TRIC_RB][TRIC_NV], const int up, const int rr, const int sign, const int sel,
    const TRIC_T *lk, const TRIC_FN(tric_ops) *o, size_t k)
{
    V p[TRIC_NV], ip[TRIC_NV];
    TRIC_UNROLL
    for (int v = 0; v < TRIC_NV; v++)
        p[v] = o->p[k][v], ip[v] = o->ip[k][v];
    TRIC_UNROLL
    for (int r = 0; r < TRIC_RB; r++) {
        if (r >= rr)
            break;
        TRIC_T lir = lk[TRIC_RS(up) * r];
        V lr = SPLAT(__real__ lir), li = SPLAT(__imag__ lir);
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            V x = sign > 0 ? acc[r][v] + p[v] * lr + ip[v] * li : acc[r][v] - p[v] * lr - ip[v] * li;
            acc[r][v] = sel ? SEL(o->nz[k][v], x, acc[r][v]) : x;
        }
        TRIC_KEEP(lr);
        TRIC_KEEP(li);
    }
    TRIC_UNROLL
    for (int v = 0; v < TRIC_NV; v++) {
        TRIC_KEEP(p[v]);
        TRIC_KEEP(ip[v]);
    }
}

/* trmm, one register block: rows [i0, i0 + rr) of the tile at bb (row i at bb + i*brs) become
   the rows of alpha*M*B; reads rows <= i0 + rr - 1, which are still the original B (blocks run
   bottom-up), and writes only its own rows. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_trmm_block)(
    const int up, const int rr, size_t i0, TRIC_FN(tric_tri) m, int unit, TRIC_T *bb,
    ptrdiff_t brs, const TRIC_FN(tric_ops) *o)
{
    V acc[TRIC_RB][TRIC_NV];
    /* the block's own triangle, k descending: row kk's diagonal, then its updates below it */
    TRIC_UNROLL
    for (int kk = TRIC_RB - 1; kk >= 0; kk--) {
        if (kk >= rr)
            continue;
        size_t k = i0 + (size_t)kk;
        const TRIC_T *lk = m.lb + (ptrdiff_t)k * m.lcs;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            V x = *(const VU *)(bb + (ptrdiff_t)k * brs + v * CPV);
            IV nz = o->nz[k][v];
            V p = o->p[k][v], ip = o->ip[k][v], d = p;
            if (!unit) {
                TRIC_T lkk = lk[TRIC_RS(up) * (ptrdiff_t)k];
                d = p * SPLAT(__real__ lkk) + ip * SPLAT(__imag__ lkk);
            }
            acc[kk][v] = SEL(nz, d, x);
            TRIC_UNROLL
            for (int r = kk + 1; r < TRIC_RB; r++) {
                if (r >= rr)
                    break;
                TRIC_T lik = lk[TRIC_RS(up) * (ptrdiff_t)(i0 + (size_t)r)];
                acc[r][v] = SEL(nz, acc[r][v] + p * SPLAT(__real__ lik) + ip * SPLAT(__imag__ lik),
                                acc[r][v]);
            }
        }
    }
    /* the rows above the block, k descending: runs of rows without a zero in a loop of their
       own (a loop that also held the select step kept its masks live and spilled) */
    for (size_t k = i0; k > 0;) {
        size_t e = k;
        while (e > 0 && !o->zero[e - 1])
            e--;
        for (size_t q = k; q-- > e;)
            TRIC_FN(tric_step)(acc, up, rr, 1, 0, TRIC_AT(m, up, i0, q), o, q);
        if (e == 0)
            break;
        TRIC_FN(tric_step)(acc, up, rr, 1, 1, TRIC_AT(m, up, i0, e - 1), o, e - 1);
        k = e - 1;
    }
    TRIC_UNROLL
    for (int r = 0; r < TRIC_RB; r++) {
        if (r >= rr)
            break;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++)
            *(VU *)(bb + (ptrdiff_t)(i0 + (size_t)r) * brs + v * CPV) = acc[r][v];
    }
}

/* The GEMM between the halves of a triangle split at reflected row hr (trsm_rows's h): rows
   [i0, i0 + rr) (rr <= 2) of the second half become C = alpha*C - M(rows, first half) *
   X(first half), computed as the no-packing complex kernel computes it (gemm_small_complex_loops.h,
   the path of the halves' ?gemm when every dimension is small, as in ?tfsm): the sums of
   M(i, k)*Re x(k, j) and M(i, k)*Im x(k, j) from zero over k ascending in the original (not
   reflected) order, combined, negated (GEMM's alpha = -1), then beta = alpha applied by its real
   and imaginary parts. A zero x(k, j) is skipped as the leaf skips it (for a finite M the same
   bits). Two rows at a time: the two sums double the accumulators. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_pre_step)(
    V P[2][TRIC_NV], V Q[2][TRIC_NV], const int up, const int rr, const int sel, const TRIC_T *lk,
    const TRIC_FN(tric_ops) *o, size_t k)
{
    TRIC_UNROLL
    for (int r = 0; r < 2; r++) {
        if (r >= rr)
            break;
        TRIC_T lir = lk[TRIC_RS(up) * r];
        V lr = SPLAT(__real__ lir), li = SPLAT(__imag__ lir);
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            V p = o->p[k][v], np = P[r][v] + p * lr, nq = Q[r][v] + p * li;
            P[r][v] = sel ? SEL(o->nz[k][v], np, P[r][v]) : np;
            Q[r][v] = sel ? SEL(o->nz[k][v], nq, Q[r][v]) : nq;
        }
    }
}
static inline __attribute__((always_inline)) void TRIC_FN(tric_trsm_pre)(
    const int up, const int rr, size_t i0, TRIC_FN(tric_tri) m, TRIC_T *bb, ptrdiff_t brs,
    const TRIC_FN(tric_ops) *o, size_t hr, TRIC_T alpha)
{
    V P[2][TRIC_NV], Q[2][TRIC_NV];
    TRIC_UNROLL
    for (int r = 0; r < 2; r++)
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++)
            P[r][v] = SPLAT(0), Q[r][v] = SPLAT(0);
    /* runs of rows without a zero apart, as in the blocks */
    for (size_t q = 0; q < hr;) {
        size_t e = q;
        while (e < hr && !o->zero[up ? hr - 1 - e : e])
            e++;
        for (; q < e; q++) {
            size_t k = up ? hr - 1 - q : q;
            TRIC_FN(tric_pre_step)(P, Q, up, rr, 0, TRIC_AT(m, up, i0, k), o, k);
        }
        if (e == hr)
            break;
        size_t k = up ? hr - 1 - e : e;
        TRIC_FN(tric_pre_step)(P, Q, up, rr, 1, TRIC_AT(m, up, i0, k), o, k);
        q = e + 1;
    }
    const TRIC_R ber = __real__ alpha, bei = __imag__ alpha;
    TRIC_UNROLL
    for (int r = 0; r < 2; r++) {
        if (r >= rr)
            break;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            VU *cp = (VU *)(bb + (ptrdiff_t)(i0 + (size_t)r) * brs + v * CPV);
            V y = *cp, out = -(P[r][v] + ROT(Q[r][v]));
            out += ber * y;
            if (bei != 0)
                out += bei * ROT(y);
            *cp = out;
        }
    }
}

/* trsm, one register block: rows [i0, i0 + rr) of the tile solved against the rows above it
   (from row hr: a split triangle's second half), whose solutions are in o (blocks run
   top-down); the block's solutions go into o as well. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_trsm_block)(
    const int up, const int rr, size_t i0, TRIC_FN(tric_tri) m, const TRIC_T *inv, TRIC_T *bb,
    ptrdiff_t brs, TRIC_FN(tric_ops) *o, size_t hr)
{
    V acc[TRIC_RB][TRIC_NV];
    TRIC_UNROLL
    for (int r = 0; r < TRIC_RB; r++) {
        if (r >= rr)
            break;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++)
            acc[r][v] = *(const VU *)(bb + (ptrdiff_t)(i0 + (size_t)r) * brs + v * CPV);
    }
    /* the solved rows above (of its half), k ascending (runs without a zero as in trmm) */
    for (size_t k = hr; k < i0;) {
        size_t e = k;
        while (e < i0 && !o->zero[e])
            e++;
        for (size_t q = k; q < e; q++)
            TRIC_FN(tric_step)(acc, up, rr, -1, 0, TRIC_AT(m, up, i0, q), o, q);
        if (e == i0)
            break;
        TRIC_FN(tric_step)(acc, up, rr, -1, 1, TRIC_AT(m, up, i0, e), o, e);
        k = e + 1;
    }
    /* the block's own triangle, k ascending: row kk's diagonal, then its updates below it */
    TRIC_UNROLL
    for (int kk = 0; kk < TRIC_RB; kk++) {
        if (kk >= rr)
            break;
        size_t k = i0 + (size_t)kk;
        const TRIC_T *lk = m.lb + (ptrdiff_t)k * m.lcs;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            IV nz = NZ(acc[kk][v]);
            o->nz[k][v] = nz;
            if (inv) {
                V x = acc[kk][v];
                acc[kk][v] = SEL(nz, x * SPLAT(__real__ inv[k]) + ROT(x) * SPLAT(__imag__ inv[k]), x);
            }
            V p = acc[kk][v], ip = ROT(p);
            o->p[k][v] = p, o->ip[k][v] = ip;
            TRIC_UNROLL
            for (int r = kk + 1; r < TRIC_RB; r++) {
                if (r >= rr)
                    break;
                TRIC_T lik = lk[TRIC_RS(up) * (ptrdiff_t)(i0 + (size_t)r)];
                acc[r][v] = SEL(nz, acc[r][v] - p * SPLAT(__real__ lik) - ip * SPLAT(__imag__ lik),
                                acc[r][v]);
            }
            *(VU *)(bb + (ptrdiff_t)k * brs + v * CPV) = p;
        }
        o->zero[k] = TRIC_FN(tric_any_zero)(o->nz[k]);
    }
}

/* One tile of COLS columns at bb (rows brs apart, reflected), all m rows. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_trmm_tile)(
    const int up, size_t m, TRIC_FN(tric_tri) tri, int unit, TRIC_T alpha, TRIC_T *bb,
    ptrdiff_t brs, TRIC_FN(tric_ops) *o)
{
    const V ar = SPLAT(__real__ alpha), ai = SPLAT(__imag__ alpha);
    for (size_t k = 0; k < m; k++) {
        const TRIC_T *xk = bb + (ptrdiff_t)k * brs;
        TRIC_UNROLL
        for (int v = 0; v < TRIC_NV; v++) {
            V x = *(const VU *)(xk + v * CPV), p = x * ar + ROT(x) * ai;
            o->p[k][v] = p, o->ip[k][v] = ROT(p), o->nz[k][v] = NZ(x);
        }
        o->zero[k] = TRIC_FN(tric_any_zero)(o->nz[k]);
    }
    size_t top = (m - 1) / TRIC_RB * TRIC_RB; /* the last block's first row */
    for (size_t i0 = top + TRIC_RB; i0-- > 0;) {
        if (i0 % TRIC_RB)
            continue;
        size_t rr = m - i0 < TRIC_RB ? m - i0 : TRIC_RB;
        switch (rr) {
        case 4: TRIC_FN(tric_trmm_block)(up, 4, i0, tri, unit, bb, brs, o); break;
        case 3: TRIC_FN(tric_trmm_block)(up, 3, i0, tri, unit, bb, brs, o); break;
        case 2: TRIC_FN(tric_trmm_block)(up, 2, i0, tri, unit, bb, brs, o); break;
        default: TRIC_FN(tric_trmm_block)(up, 1, i0, tri, unit, bb, brs, o); break;
        }
    }
}

/* The GEMM part for all rows [h, m) of a tile; a function of its own per direction (in one with
   the blocks, GCC spilled in their loops). */
#define TRIC_PRE_FN(name, up)                                                                      \
    static __attribute__((noinline, noclone)) void TRIC_FN(name)(                                  \
        size_t m, TRIC_FN(tric_tri) tri, TRIC_T *bb, ptrdiff_t brs, const TRIC_FN(tric_ops) *o,     \
        size_t h, TRIC_T alpha)                                                                    \
    {                                                                                              \
        size_t i0 = h;                                                                             \
        for (; i0 + 2 <= m; i0 += 2)                                                               \
            TRIC_FN(tric_trsm_pre)(up, 2, i0, tri, bb, brs, o, h, alpha);                          \
        if (i0 < m)                                                                                \
            TRIC_FN(tric_trsm_pre)(up, 1, i0, tri, bb, brs, o, h, alpha);                          \
    }
TRIC_PRE_FN(tric_trsm_pre_lo, 0)
TRIC_PRE_FN(tric_trsm_pre_up, 1)
#undef TRIC_PRE_FN

/* Rows [i0, i1) in blocks; hr: where their rectangle starts. */
#define TRIC_TRSM_ROWS(i0_, i1)                                                                    \
    for (size_t i0 = (i0_); i0 < (i1); i0 += TRIC_RB) {                                            \
        switch ((i1) - i0 < TRIC_RB ? (i1) - i0 : TRIC_RB) {                                       \
        case 4: TRIC_FN(tric_trsm_block)(up, 4, i0, tri, inv, bb, brs, o, hr); break;             \
        case 3: TRIC_FN(tric_trsm_block)(up, 3, i0, tri, inv, bb, brs, o, hr); break;             \
        case 2: TRIC_FN(tric_trsm_block)(up, 2, i0, tri, inv, bb, brs, o, hr); break;             \
        default: TRIC_FN(tric_trsm_block)(up, 1, i0, tri, inv, bb, brs, o, hr); break;            \
        }                                                                                          \
    }
/* h (reflected) > 0: the first h rows as a triangle of their own, the GEMM of the others on
   them, then the others as a triangle of their own. */
static inline __attribute__((always_inline)) void TRIC_FN(tric_trsm_tile)(
    const int up, const int split, size_t m, TRIC_FN(tric_tri) tri, const TRIC_T *inv, TRIC_T *bb,
    ptrdiff_t brs, TRIC_FN(tric_ops) *o, size_t h, TRIC_T alpha)
{
    size_t hr = 0;
    if (!split) {
        TRIC_TRSM_ROWS(0, m)
        return;
    }
    TRIC_TRSM_ROWS(0, h)
    if (up)
        TRIC_FN(tric_trsm_pre_up)(m, tri, bb, brs, o, h, alpha);
    else
        TRIC_FN(tric_trsm_pre_lo)(m, tri, bb, brs, o, h, alpha);
    hr = h;
    TRIC_TRSM_ROWS(h, m)
}
#undef TRIC_TRSM_ROWS

/* Reflected coordinates: upper triangles run as lower ones with rows and columns counted from
   the end (then the reference's k order for upper is the lower order): B's rows and the
   triangle's through negative strides. */
static void TRIC_FN(tric_reflect_b)(size_t m, TRIC_T **b, ptrdiff_t *brs)
{
    *b += (ptrdiff_t)(m - 1) * *brs;
    *brs = -*brs;
}

/* Runs `solve` (1: trsm, 0: trmm) over the full tiles of the n columns and over the rest padded
   to a tile on the stack; one function per (solve, up) pair below (all four inlined into one
   function made it too large for GCC's variable tracking in the -g build). */
static inline __attribute__((always_inline)) void TRIC_FN(tric_run)(
    const int solve, const int up, const int split, const TRIC_T *l, size_t ldl, size_t m,
    int unit, TRIC_T alpha, size_t h, TRIC_T *b, size_t rs, size_t n)
{
    size_t hr = h && up ? m - h : h; /* the split in reflected rows: the half solved first */
    TRIC_FN(tric_ops) ops __attribute__((aligned(64)));
    TRIC_T inv[NB_TRIC_MAXM];
    TRIC_FN(tric_tri) tri = {l, (ptrdiff_t)ldl};
    if (up)
        tri.lb = l + (m - 1) + (m - 1) * ldl, tri.lcs = -(ptrdiff_t)ldl;
    if (solve && !unit)
        for (size_t k = 0; k < m; k++)
            inv[k] = (TRIC_T)1 / *TRIC_AT(tri, up, k, k);
    for (size_t j = 0; j < n; j += COLS) {
        TRIC_T pad[NB_TRIC_MAXM * COLS], *bt = b + j;
        ptrdiff_t brs = (ptrdiff_t)rs;
        size_t w = n - j < COLS ? n - j : COLS;
        if (w < COLS) {
            for (size_t i = 0; i < m; i++)
                for (size_t c = 0; c < COLS; c++)
                    pad[i * COLS + c] = c < w ? b[i * rs + j + c] : 0;
            bt = pad, brs = COLS;
        }
        if (up)
            TRIC_FN(tric_reflect_b)(m, &bt, &brs);
        if (solve)
            TRIC_FN(tric_trsm_tile)(up, split, m, tri, unit ? NULL : inv, bt, brs, &ops, hr, alpha);
        else
            TRIC_FN(tric_trmm_tile)(up, m, tri, unit, alpha, bt, brs, &ops);
        if (w < COLS)
            for (size_t i = 0; i < m; i++)
                for (size_t c = 0; c < w; c++)
                    b[i * rs + j + c] = pad[i * COLS + c];
    }
}

/* The split solves are functions of their own: in one with the unsplit blocks, GCC spilled an
   accumulator in their loops (avx512). */
#define TRIC_RUN_FN(name, solve, up, split)                                                        \
    /* noclone: a clone (.constprop) would escape the spill check's names */                      \
    static __attribute__((noinline, noclone)) void TRIC_FN(name)(                                  \
        const TRIC_T *l, size_t ldl, size_t m, int unit, TRIC_T alpha, size_t h, TRIC_T *b,        \
        size_t rs, size_t n)                                                                       \
    {                                                                                              \
        TRIC_FN(tric_run)(solve, up, split, l, ldl, m, unit, alpha, h, b, rs, n);                 \
    }
TRIC_RUN_FN(tric_trsm_lo, 1, 0, 0)
TRIC_RUN_FN(tric_trsm_up, 1, 1, 0)
TRIC_RUN_FN(tric_trsm_split_lo, 1, 0, 1)
TRIC_RUN_FN(tric_trsm_split_up, 1, 1, 1)
TRIC_RUN_FN(tric_trmm_lo, 0, 0, 0)
TRIC_RUN_FN(tric_trmm_up, 0, 1, 0)
#undef TRIC_RUN_FN

void TRIC_FN(trsm_rows)(const TRIC_T *l, size_t ldl, size_t m, int upper, int unit, TRIC_T alpha,
                        size_t h, TRIC_T *b, size_t rs, size_t cs, size_t n)
{
    (void)cs;
    if (h > 0 && h < m && upper)
        TRIC_FN(tric_trsm_split_up)(l, ldl, m, unit, alpha, h, b, rs, n);
    else if (h > 0 && h < m)
        TRIC_FN(tric_trsm_split_lo)(l, ldl, m, unit, alpha, h, b, rs, n);
    else if (upper)
        TRIC_FN(tric_trsm_up)(l, ldl, m, unit, alpha, 0, b, rs, n);
    else
        TRIC_FN(tric_trsm_lo)(l, ldl, m, unit, alpha, 0, b, rs, n);
}

void TRIC_FN(trmm_rows)(const TRIC_T *l, size_t ldl, size_t m, int upper, int unit, TRIC_T alpha,
                        TRIC_T *b, size_t rs, size_t cs, size_t n)
{
    (void)cs;
    if (upper)
        TRIC_FN(tric_trmm_up)(l, ldl, m, unit, alpha, 0, b, rs, n);
    else
        TRIC_FN(tric_trmm_lo)(l, ldl, m, unit, alpha, 0, b, rs, n);
}

#undef SPLAT
#undef ROT
#undef NZ
#undef SEL
#undef TRIC_UNROLL
#undef COLS
#undef CPV
#undef VU
#undef IV
#undef V
#undef TRIC_FN
#undef TRIC_T
#undef TRIC_IT
#undef TRIC_R
#undef TRIC_P
#undef TRIC_DOUBLE
#undef TRIC_SFX
#undef TRIC_VB
