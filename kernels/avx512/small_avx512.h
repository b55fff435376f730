/* Template of the AVX-512 no-packing GEMM kernel (`small` in kernels/kernel.h), instantiated by
   dgemm_avx512.c and sgemm_avx512.c. Before including: NB_AVX512_DOUBLE, SMALL_MV and SMALL_NR
   (their product, 24, is the accumulator budget of a C tile), SMALL_NAME.

   C = alpha*A*B + beta*C with A column-major (a[i + l*lda]), B at b[l*rs_b + j*cs_b] and C
   column-major, all read in place. The rows of C are cut into blocks of 1..4 vectors (KVL rows
   each), each block into tiles of SMALL_TILE_NR(vectors) columns, and every tile is computed
   with the broadcast-B scheme: per k step the tile's A column is loaded (the last vector masked
   to the rows that exist when m is not a multiple of KVL, so no read goes past A) and each B
   element is broadcast. Every tile shape is a constant-argument instance of one always_inline
   function, so the accumulators stay in registers.

   Register budget (zmm, 32), per tile shape (vectors x columns):
     4 x 6: 24 accumulators + 4 A + 1 broadcast = 29
     3 x 8: 24 + 3 + 1 = 28
     2 x 8: 16 + 2 + 1 = 19 (2 x 12 would fit 27, but its 11 B column offsets + a, b, lda, rs_b
            and the counter exceed the 16 GPRs: GCC reloaded offsets from the stack every k step)
     1 x 8:  8 + 1 + 1 = 10 (one vector: bound by its broadcasts, not by registers)
   The masked variants keep their mask in k1; the C update needs the accumulators, beta and one
   temporary. Spill check (objdump -d of dgemm_avx512.o and sgemm_avx512.o, every innermost loop
   with FMAs and broadcasts, i.e. the k loops of all 270 tile instances per type: 4 block
   heights x up to 8 widths x 3 tail modes x 3 prefetch modes): no stack access in any k loop
   except one per type, the 3 x 7 n-edge tile with the A prefetch, which reloads one B column
   offset from the stack per k step (a load, no store). No accumulator is ever spilled.

   Structure, chosen for call overhead (the CBLAS front end sends every problem with all dims up
   to 128 (d) / 192 (s) straight here, so an 8x8x8 call is ~64 cycles of arithmetic):
   - one out-of-line "panel" function per (vectors, tail mode) pair runs a row block of C across
     a range of columns (whole tiles, then one n-edge tile picked by a switch), so a small call
     makes one indirect call per row block, not one per tile;
   - the entry cuts the rows into as few blocks as possible, as even as possible (5 vectors =
     3 + 2, 8 = 4 + 4): every block re-reads B, which is the streamed operand of the m-skinny
     calls; the columns into chunks whose B slice (k x chunk) stays in L1 while the row blocks
     of the chunk pass over it;
   - a tail of at most KVL/2 rows is computed with 256-bit FMAs (see SH_*);
   - the C update loads every C vector of the tile before it stores any (a masked store of one
     column's last rows spans the first rows of the next column when ldc is not a multiple of
     KVL, and a load behind such a store waits for it to retire instead of being forwarded:
     24x24x24 s went from 0.94x to 1.0x of OpenBLAS with this and the half tail);
   - prefetch (to L2) of the data the next tile needs, for the skinny calls only (k > SMALL_PF_MIN_K):
     A one tile height below the tile, same columns, when A's columns are >= 1 KiB apart (the
     driver's n-skinny path walks row blocks of a tall A from memory; each column slice is a few
     lines on its own page, which the hardware prefetchers do not follow: 4096x16x4096 1.6x
     faster); else B's next NR columns of the same rows when B is stored transposed with rows
     >= 1 KiB apart (m-skinny with op(B) = B^T: 16x4096x4096 d 1.7x faster). */
#include "kernels/avx512/avx512_types.h"

/* Prefetch modes (PF): 0 none, 1 A, 2 B (see above). Only for k above SMALL_PF_MIN_K (32: the
   n-skinny driver's K blocks are 64 long, gemm_direct.tmpl.c) and
   strides of at least SMALL_PF_MIN_LDA bytes: the prefetches cost ~3% at 8x8x8 and ~4% in the
   m-skinny calls with A in place (64x4096x4096), where they fetch nothing new. */
#ifndef SMALL_PF_MIN_K
#define SMALL_PF_MIN_K 32
#endif
#define SMALL_PF_MIN_LDA 1024
#define SMALL_ACC (SMALL_MV * SMALL_NR)
#define SMALL_VMAX 4
#define SMALL_NRMAX 12
/* Columns per tile for a row block of mv vectors. */
#define SMALL_TILE_NR(mv) ((mv) <= 2 ? 8 : SMALL_ACC / (mv))

/* The last vector of a tile whose tail has at most KVL/2 rows is computed in 256-bit halves
   (MASKED == 2): on Zen 4 a zmm FMA takes both FMA pipes for a cycle and a ymm FMA one, so a
   half-empty zmm costs twice what it needs. The values stay in zmm variables; only their low
   halves are used (the casts cost no instruction). */
#if NB_AVX512_DOUBLE
#define SH_LO(x) _mm512_castpd512_pd256(x)
#define SH_UP(x) _mm512_castpd256_pd512(x)
#define SH_FMA(a, b, c) SH_UP(_mm256_fmadd_pd(SH_LO(a), SH_LO(b), SH_LO(c)))
#define SH_MUL(a, b) SH_UP(_mm256_mul_pd(SH_LO(a), SH_LO(b)))
#define SH_MASKZ_LOADU(msk, p) SH_UP(_mm256_maskz_loadu_pd((__mmask8)(msk), (p)))
#define SH_MASK_STOREU(p, msk, v) _mm256_mask_storeu_pd((p), (__mmask8)(msk), SH_LO(v))
#else
#define SH_LO(x) _mm512_castps512_ps256(x)
#define SH_UP(x) _mm512_castps256_ps512(x)
#define SH_FMA(a, b, c) SH_UP(_mm256_fmadd_ps(SH_LO(a), SH_LO(b), SH_LO(c)))
#define SH_MUL(a, b) SH_UP(_mm256_mul_ps(SH_LO(a), SH_LO(b)))
#define SH_MASKZ_LOADU(msk, p) SH_UP(_mm256_maskz_loadu_ps((__mmask8)(msk), (p)))
#define SH_MASK_STOREU(p, msk, v) _mm256_mask_storeu_ps((p), (__mmask8)(msk), SH_LO(v))
#endif

#define SMALL_CAT_(a, b) a##b
#define SMALL_CAT(a, b) SMALL_CAT_(a, b)
#define SMALL_PANEL(mv, msk) SMALL_CAT(SMALL_NAME, _panel_##mv##_##msk)
#define SMALL_PANEL_PF(mv, msk) SMALL_CAT(SMALL_NAME, _panelpf_##mv##_##msk)

/* One C tile of MV vectors by NR columns over the whole k; the last vector is full
   (MASKED == 0), masked by `last` (1), or masked by `last` and computed in 256 bits (2). */
static inline __attribute__((always_inline)) void SMALL_CAT(SMALL_NAME, _tile)(
    const int MV, const int NR, const int MASKED, const int PF, size_t k, kt alpha, const kt *a,
    size_t lda, const kt *b, size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc, kmask last)
{
    const int H = MV - 1; /* the vector that may be masked or halved */
    kv acc[SMALL_VMAX][SMALL_NRMAX];
#pragma GCC unroll 16
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++)
            acc[v][j] = KV_ZERO();

    for (size_t l = 0; l < k; l++, a += lda, b += rs_b) {
        kv av[SMALL_VMAX];
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++)
            av[v] = v < H || !MASKED ? KV_LOADU(a + v * KVL)
                    : MASKED == 1    ? KV_MASKZ_LOADU(last, a + v * KVL)
                                     : SH_MASKZ_LOADU(last, a + v * KVL);
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++)
            if (PF == 1)
                KPF_L2(a + (MV + v) * KVL);
        if (PF == 2)
            KPF_L2(b + NR);
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++) {
            kv bj = KV_SET1(b[j * cs_b]);
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++)
                acc[v][j] = v == H && MASKED == 2 ? SH_FMA(av[v], bj, acc[v][j])
                                                  : KV_FMA(av[v], bj, acc[v][j]);
        }
    }

    /* The C update rounds as the micro-kernel's (ukr_avx512.h) does, so that an element gets
       the same bits from either: beta 1: fma(alpha, acc, C); else alpha*acc, then
       fma(beta, C, that) unless beta is 0. */
    if (beta == 1) {
        kv valpha = KV_SET1(alpha);
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++) {
                const kt *cp = c + j * ldc + v * KVL;
                if (v < H || !MASKED)
                    acc[v][j] = KV_FMA(valpha, acc[v][j], KV_LOADU(cp));
                else if (MASKED == 1)
                    acc[v][j] = KV_FMA(valpha, acc[v][j], KV_MASKZ_LOADU(last, cp));
                else
                    acc[v][j] = SH_FMA(valpha, acc[v][j], SH_MASKZ_LOADU(last, cp));
            }
    } else {
    if (alpha != 1) {
        kv valpha = KV_SET1(alpha);
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++)
                acc[v][j] = v == H && MASKED == 2 ? SH_MUL(valpha, acc[v][j])
                                                  : KV_MUL(valpha, acc[v][j]);
    }
    /* beta == 0 must not read C: a NaN there is overwritten, not propagated. */
    if (beta != 0) {
        kv vbeta = KV_SET1(beta);
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++) {
                const kt *cp = c + j * ldc + v * KVL;
                if (v < H || !MASKED)
                    acc[v][j] = KV_FMA(vbeta, KV_LOADU(cp), acc[v][j]);
                else if (MASKED == 1)
                    acc[v][j] = KV_FMA(vbeta, KV_MASKZ_LOADU(last, cp), acc[v][j]);
                else
                    acc[v][j] = SH_FMA(vbeta, SH_MASKZ_LOADU(last, cp), acc[v][j]);
            }
    }
    }
#pragma GCC unroll 16
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++) {
            kt *cp = c + j * ldc + v * KVL;
            if (v < H || !MASKED)
                KV_STOREU(cp, acc[v][j]);
            else if (MASKED == 1)
                KV_MASK_STOREU(cp, last, acc[v][j]);
            else
                SH_MASK_STOREU(cp, last, acc[v][j]);
        }
}

/* Hides x's value from the optimiser: the column offsets (j * ldc, j * cs_b) are then recomputed
   per tile instead of being kept live across the panel loop (where they spill). */
#define SMALL_OPAQUE(x) __asm__("" : "+r"(x))

/* A row block of mv vectors across n columns: whole tiles of TNR columns, then the n edge. Two
   functions per (mv, tail mode): SMALL_PANEL without prefetch (the only one a small problem
   reaches: one body, a lean prologue) and SMALL_PANEL_PF, for the skinny calls, with one. */
#define SMALL_PANEL_DEF(mv, msk)                                                                 \
    static __attribute__((noinline)) void SMALL_PANEL(mv, msk)(                                  \
        size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b, size_t rs_b,         \
        size_t cs_b, kt beta, kt *c, size_t ldc, kmask last)                                     \
    {                                                                                            \
        enum { TNR = SMALL_TILE_NR(mv) };                                                        \
        SMALL_PANEL_BODY(mv, msk, 0)                                                             \
    }                                                                                            \
    static __attribute__((noinline)) void SMALL_PANEL_PF(mv, msk)(                               \
        size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b, size_t rs_b,         \
        size_t cs_b, kt beta, kt *c, size_t ldc, kmask last)                                     \
    {                                                                                            \
        enum { TNR = SMALL_TILE_NR(mv) };                                                        \
        if (lda * sizeof(kt) >= SMALL_PF_MIN_LDA)                                                \
            SMALL_PANEL_BODY(mv, msk, 1)                                                         \
        else                                                                                     \
            SMALL_PANEL_BODY(mv, msk, 2)                                                         \
    }
#define SMALL_PANEL_BODY(mv, msk, pf)                                                            \
    {                                                                                            \
        for (; n >= TNR; n -= TNR) {                                                             \
            SMALL_CAT(SMALL_NAME, _tile)(mv, TNR, msk, pf, k, alpha, a, lda, b, rs_b, cs_b, beta, \
                                         c, ldc, last);                                          \
            b += TNR * cs_b, c += TNR * ldc;                                                     \
            SMALL_OPAQUE(ldc);                                                                   \
        }                                                                                        \
        switch (n) {                                                                             \
            SMALL_EDGE(mv, msk, pf, 1) SMALL_EDGE(mv, msk, pf, 2) SMALL_EDGE(mv, msk, pf, 3)     \
            SMALL_EDGE(mv, msk, pf, 4) SMALL_EDGE(mv, msk, pf, 5) SMALL_EDGE(mv, msk, pf, 6)     \
            SMALL_EDGE(mv, msk, pf, 7) SMALL_EDGE(mv, msk, pf, 8) SMALL_EDGE(mv, msk, pf, 9)     \
            SMALL_EDGE(mv, msk, pf, 10) SMALL_EDGE(mv, msk, pf, 11)                              \
        default:                                                                                 \
            break;                                                                               \
        }                                                                                        \
    }
/* n-edge tile of nr columns (compiled only where nr < the panel's tile width). */
#define SMALL_EDGE(mv, msk, pf, nr)                                                              \
    case nr:                                                                                     \
        if (nr < TNR)                                                                            \
            SMALL_CAT(SMALL_NAME, _tile)(mv, nr < TNR ? nr : 1, msk, pf, k, alpha, a, lda, b,    \
                                         rs_b, cs_b, beta, c, ldc, last);                        \
        break;
#if SMALL_TILE_NR(1) > SMALL_NRMAX || SMALL_TILE_NR(2) > SMALL_NRMAX || SMALL_ACC > 24
#error "small_avx512.h: tile shapes beyond the register budget"
#endif

SMALL_PANEL_DEF(1, 0)
SMALL_PANEL_DEF(1, 1)
SMALL_PANEL_DEF(1, 2)
SMALL_PANEL_DEF(2, 0)
SMALL_PANEL_DEF(2, 1)
SMALL_PANEL_DEF(2, 2)
SMALL_PANEL_DEF(3, 0)
SMALL_PANEL_DEF(3, 1)
SMALL_PANEL_DEF(3, 2)
SMALL_PANEL_DEF(4, 0)
SMALL_PANEL_DEF(4, 1)
SMALL_PANEL_DEF(4, 2)

typedef void (*SMALL_CAT(SMALL_NAME, _fn))(size_t, size_t, kt, const kt *, size_t, const kt *,
                                            size_t, size_t, kt, kt *, size_t, kmask);

/* [prefetch][3 * (vectors - 1) + tail mode] */
static const SMALL_CAT(SMALL_NAME, _fn) SMALL_CAT(SMALL_NAME, _panels)[2][3 * SMALL_VMAX] = {
    {SMALL_PANEL(1, 0), SMALL_PANEL(1, 1), SMALL_PANEL(1, 2), SMALL_PANEL(2, 0),
     SMALL_PANEL(2, 1), SMALL_PANEL(2, 2), SMALL_PANEL(3, 0), SMALL_PANEL(3, 1),
     SMALL_PANEL(3, 2), SMALL_PANEL(4, 0), SMALL_PANEL(4, 1), SMALL_PANEL(4, 2)},
    {SMALL_PANEL_PF(1, 0), SMALL_PANEL_PF(1, 1), SMALL_PANEL_PF(1, 2), SMALL_PANEL_PF(2, 0),
     SMALL_PANEL_PF(2, 1), SMALL_PANEL_PF(2, 2), SMALL_PANEL_PF(3, 0), SMALL_PANEL_PF(3, 1),
     SMALL_PANEL_PF(3, 2), SMALL_PANEL_PF(4, 0), SMALL_PANEL_PF(4, 1), SMALL_PANEL_PF(4, 2)},
};

/* Bytes of B (k x chunk) a column chunk may occupy while the row blocks pass over it: half L1. */
#define SMALL_B_CHUNK_BYTES (16u << 10)

/* More than SMALL_VMAX vectors of rows: nb row blocks, as even as possible (the first `big` ones
   one vector taller; the masked vector, if any, in the last), under column chunks. */
static __attribute__((noinline)) void SMALL_CAT(SMALL_NAME, _blocks)(
    size_t pf, size_t nv, size_t mode, kmask last, size_t n, size_t k, kt alpha, const kt *a,
    size_t lda, const kt *b, size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc)
{
    size_t nb = (nv + SMALL_VMAX - 1) / SMALL_VMAX, base = nv / nb, big = nv % nb;
    size_t chunk = SMALL_B_CHUNK_BYTES / (k * sizeof(kt) + 1) / 24 * 24;
    if (chunk < 24)
        chunk = 24;
    for (size_t j = 0; j < n; j += chunk) {
        size_t w = n - j < chunk ? n - j : chunk, i = 0;
        for (size_t r = 0; r < nb; r++) {
            size_t v = base + (r < big);
            size_t idx = 3 * (v - 1) + (r == nb - 1 ? mode : 0);
            SMALL_CAT(SMALL_NAME, _panels)[pf][idx](w, k, alpha, a + i, lda, b + j * cs_b, rs_b,
                                                    cs_b, beta, c + i + j * ldc, ldc, last);
            i += v * KVL;
        }
    }
}

void SMALL_NAME(size_t m, size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b,
                size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc);

void SMALL_NAME(size_t m, size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b,
                size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc)
{
    /* k == 0 means C = beta*C: the zero accumulators must not meet an infinite alpha. */
    if (k == 0)
        alpha = 0;
    size_t nv = (m + KVL - 1) / KVL, tail = m - (nv - 1) * KVL;
    kmask last = (kmask)((2u << (tail - 1)) - 1); /* lanes [0, tail), tail in [1, KVL] */
    size_t mode = tail == KVL ? 0 : tail > KVL / 2 ? 1 : 2; /* full, masked, half */
    size_t pf = k > SMALL_PF_MIN_K && (lda * sizeof(kt) >= SMALL_PF_MIN_LDA ||
                                       (cs_b == 1 && rs_b * sizeof(kt) >= SMALL_PF_MIN_LDA));
    if (nv <= SMALL_VMAX) /* one row block: the column order does not matter */
        SMALL_CAT(SMALL_NAME, _panels)[pf][3 * (nv - 1) + mode](n, k, alpha, a, lda, b, rs_b, cs_b,
                                                                beta, c, ldc, last);
    else
        SMALL_CAT(SMALL_NAME, _blocks)(pf, nv, mode, last, n, k, alpha, a, lda, b, rs_b, cs_b, beta,
                                       c, ldc);
}

#undef SMALL_B_CHUNK_BYTES
#undef SMALL_EDGE
#undef SMALL_PANEL_DEF
#undef SMALL_PANEL_BODY
#undef SMALL_PF_MIN_K
#undef SMALL_PF_MIN_LDA
#undef SMALL_PANEL
#undef SMALL_PANEL_PF
#undef SMALL_OPAQUE
#undef SMALL_TILE_NR
#undef SMALL_NRMAX
#undef SMALL_VMAX
#undef SMALL_ACC
#undef SH_LO
#undef SH_UP
#undef SH_FMA
#undef SH_MUL
#undef SH_MASKZ_LOADU
#undef SH_MASK_STOREU
