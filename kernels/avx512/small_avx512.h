/* Template of the AVX-512 no-packing GEMM kernel (`small` in kernels/kernel.h), instantiated by
   dgemm_avx512.c and sgemm_avx512.c. Before including: NB_AVX512_DOUBLE, SMALL_MV (most zmm
   vectors per column of a C tile), SMALL_NR (columns per C tile), SMALL_NAME.

   C = alpha*A*B + beta*C with A column-major (a[i + l*lda]), B at b[l*rs_b + j*cs_b] and C
   column-major. C is cut into tiles of up to SMALL_MV*KVL rows and SMALL_NR columns, each
   computed with the broadcast-B scheme straight from A and B: per k step the tile's A column is
   loaded (the last vector masked to the rows that exist, so no read goes past A) and each B
   element is broadcast. Every tile shape (vectors x columns) is its own fully unrolled function,
   selected by a switch, so that the accumulators stay in registers and edges cost no scalar
   code. Problems are small (the driver sends all dims <= ~96, or one dim skinny), so per-call
   work is kept to the tile loops: no buffers, no packing. */
#include "kernels/avx512/avx512_types.h"

#define SMALL_CAT_(a, b) a##b
#define SMALL_CAT(a, b) SMALL_CAT_(a, b)
#define SMALL_TILE(mv, nr) SMALL_CAT(SMALL_NAME, _tile_##mv##x##nr)

/* One C tile of MV vectors (the last masked by `last`) by NR columns, over the whole k. */
static inline __attribute__((always_inline)) void SMALL_CAT(SMALL_NAME, _tile)(
    const int MV, const int NR, size_t k, kt alpha, const kt *a, size_t lda, const kt *b,
    size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc, kmask last)
{
    kv acc[SMALL_MV][SMALL_NR];
#pragma GCC unroll 16
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++)
            acc[v][j] = KV_ZERO();

    /* C's masked tail rows are read now, not after the loop: a masked load that overlaps a
       masked store still in flight (the previous call wrote this C) cannot be forwarded and
       waits for that store to retire; issued here, the wait overlaps the k loop. They are
       parked in memory (the asm makes GCC keep them there rather than in registers, which
       the accumulators need) and read back with full-width loads, which forward normally.
       Only tiles of <= 2 vectors do this (with 3, GCC 12 then spills in the k loop); the
       dispatcher never gives a partial vector to a larger tile. */
    const int early = MV <= 2 && beta != 0 && last != kv_mask(KVL);
    kv tail[SMALL_NR];
    if (early) {
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
            tail[j] = KV_MASKZ_LOADU(last, c + j * ldc + (MV - 1) * KVL);
        __asm__("" : "+m"(tail));
    }
    const kmask full = kv_mask(KVL);
    for (size_t l = 0; l < k; l++, a += lda, b += rs_b) {
        kv av[SMALL_MV];
#pragma GCC unroll 8
        for (int v = 0; v < MV; v++)
            av[v] = v == MV - 1 ? KV_MASKZ_LOADU(last, a + v * KVL) : KV_LOADU(a + v * KVL);
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++) {
            kv bj = KV_SET1(b[j * cs_b]);
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++)
                acc[v][j] = KV_FMA(av[v], bj, acc[v][j]);
        }
    }

    kv valpha = KV_SET1(alpha), vbeta = KV_SET1(beta);
    if (alpha != 1) {
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++)
                acc[v][j] = KV_MUL(valpha, acc[v][j]);
    }
    /* beta == 0 must not read C: a NaN there is overwritten, not propagated. */
    if (beta == 0) {
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++)
                KV_MASK_STOREU(c + j * ldc + v * KVL, v == MV - 1 ? last : full, acc[v][j]);
    } else {
#pragma GCC unroll 16
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 8
            for (int v = 0; v < MV; v++) {
                kmask msk = v == MV - 1 ? last : full;
                kt *cp = c + j * ldc + v * KVL;
                kv old = (v == MV - 1 && early) ? tail[j] : KV_MASKZ_LOADU(msk, cp);
                kv r = KV_FMA(vbeta, old, acc[v][j]);
                KV_MASK_STOREU(cp, msk, r);
            }
    }
}

/* Out-of-line instances, one per shape. */
#define SMALL_DEF(mv, nr)                                                                        \
    static __attribute__((noinline)) void SMALL_TILE(mv, nr)(                                   \
        size_t k, kt alpha, const kt *a, size_t lda, const kt *b, size_t rs_b, size_t cs_b,     \
        kt beta, kt *c, size_t ldc, kmask last)                                                  \
    {                                                                                            \
        SMALL_CAT(SMALL_NAME, _tile)(mv, nr, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc, last); \
    }

#define SMALL_ROW(mv) \
    SMALL_DEF(mv, 1) SMALL_DEF(mv, 2) SMALL_DEF(mv, 3) SMALL_DEF(mv, 4) \
    SMALL_DEF(mv, 5) SMALL_DEF(mv, 6) SMALL_DEF(mv, 7) SMALL_DEF(mv, 8)
#define SMALL_PTRS(mv) \
    { SMALL_TILE(mv, 1), SMALL_TILE(mv, 2), SMALL_TILE(mv, 3), SMALL_TILE(mv, 4), \
      SMALL_TILE(mv, 5), SMALL_TILE(mv, 6), SMALL_TILE(mv, 7), SMALL_TILE(mv, 8) }

SMALL_ROW(1)
#if SMALL_MV >= 2
SMALL_ROW(2)
#endif
#if SMALL_MV >= 3
SMALL_ROW(3)
#endif
#if SMALL_MV >= 4
SMALL_ROW(4)
#endif

typedef void (*SMALL_CAT(SMALL_NAME, _fn))(size_t, kt, const kt *, size_t, const kt *, size_t,
                                            size_t, kt, kt *, size_t, kmask);

void SMALL_NAME(size_t m, size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b,
                size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc);

void SMALL_NAME(size_t m, size_t n, size_t k, kt alpha, const kt *a, size_t lda, const kt *b,
                size_t rs_b, size_t cs_b, kt beta, kt *c, size_t ldc)
{
    static const SMALL_CAT(SMALL_NAME, _fn) tiles[SMALL_MV][8] = {
        SMALL_PTRS(1),
#if SMALL_MV >= 2
        SMALL_PTRS(2),
#endif
#if SMALL_MV >= 3
        SMALL_PTRS(3),
#endif
#if SMALL_MV >= 4
        SMALL_PTRS(4),
#endif
    };
    const int partial = m % KVL != 0;
    size_t mv;
    /* k == 0 means C = beta*C: the zero accumulators must not meet an infinite alpha. */
    if (k == 0)
        alpha = 0;
    for (size_t j = 0; j < n; j += SMALL_NR) {
        size_t nr = n - j < SMALL_NR ? n - j : SMALL_NR;
        for (size_t i = 0, left = (m + KVL - 1) / KVL; i < m; left -= mv) {
            mv = left < SMALL_MV ? left : SMALL_MV;
            /* The partial vector goes to a tile of <= 2 vectors, which preloads C's tail. */
            if (partial && mv == left && mv > 2)
                mv = 1;
            size_t rows = mv * KVL < m - i ? mv * KVL : m - i;
            tiles[mv - 1][nr - 1](k, alpha, a + i, lda, b + j * cs_b, rs_b, cs_b, beta,
                                  c + i + j * ldc, ldc, kv_mask((ptrdiff_t)(rows - (mv - 1) * KVL)));
            i += rows;
        }
    }
}

#undef SMALL_ROW
#undef SMALL_PTRS
#undef SMALL_DEF
#undef SMALL_TILE
