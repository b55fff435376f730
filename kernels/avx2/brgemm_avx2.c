/* AVX2 + FMA batch-reduce GEMM kernels, s and d (the contract is in kernels/brgemm.h).

   The scheme of brgemm_avx512.c on 16 ymm registers: broadcast-B, A_i and B_i read in place, the
   accumulators in registers across every block and k step, one C update per tile.
   Register budget (ymm, 16):
     2 vectors x 6 columns (MR 16 s / 8 d): 12 accumulators + 2 A + 1 broadcast = 15
     2 vectors x 5 columns with the m-edge mask: 10 + 2 + 1 + 1 mask = 14 (with 6 columns the
       mask would be the 16th live register and GCC spilled it: a stack load per k step)
     1 vector x 6 columns (+ mask): 6 + 1 + 1 (+ 1)
   B columns from two pointers, three columns each (p, p + cs, p + 2 cs). Spill check (objdump -d
   build/kernels/avx2/brgemm_avx2.o, tests/check_spills.py): no vector register on the stack in
   any k loop.
   Tile grid: rows in blocks of 2 vectors (the last one of 1 when their count is odd), columns in
   even tiles of at most 6 (5). The masked tail is a separate instance (MASKED): vmaskmov costs
   more than a plain load on some AVX2 CPUs. */
#ifndef BRG_PASS
#include <immintrin.h>
#include "kernels/brgemm.h"

#define BRG_CAT_(a, b) a##b
#define BRG_CAT(a, b) BRG_CAT_(a, b)

#define BRG_PASS 1
#include "kernels/avx2/brgemm_avx2.c"
#undef BRG_PASS
#define BRG_PASS 2
#include "kernels/avx2/brgemm_avx2.c"
#undef BRG_PASS

#else /* ---- one pass per type ---- */

#if BRG_PASS == 1
#define bt float
#define bv __m256
#define BVL 8
#define BV_ZERO() _mm256_setzero_ps()
#define BV_SET1(x) _mm256_set1_ps(x)
#define BV_LOADU(p) _mm256_loadu_ps(p)
#define BV_STOREU(p, v) _mm256_storeu_ps((p), (v))
#define BV_MASKLOAD(p, mk) _mm256_maskload_ps((p), (mk))
#define BV_MASKSTORE(p, mk, v) _mm256_maskstore_ps((p), (mk), (v))
#define BV_FMA(a, b, c) _mm256_fmadd_ps((a), (b), (c))
#define BV_MUL(a, b) _mm256_mul_ps((a), (b))
#define BV_MASK(cnt) \
    _mm256_cmpgt_epi32(_mm256_set1_epi32(cnt), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
#define BRG(x) BRG_CAT(nb_sbrgemm_avx2, x)
#define BRG_ENTRY nb_sbrgemm_avx2
#else
#define bt double
#define bv __m256d
#define BVL 4
#define BV_ZERO() _mm256_setzero_pd()
#define BV_SET1(x) _mm256_set1_pd(x)
#define BV_LOADU(p) _mm256_loadu_pd(p)
#define BV_STOREU(p, v) _mm256_storeu_pd((p), (v))
#define BV_MASKLOAD(p, mk) _mm256_maskload_pd((p), (mk))
#define BV_MASKSTORE(p, mk, v) _mm256_maskstore_pd((p), (mk), (v))
#define BV_FMA(a, b, c) _mm256_fmadd_pd((a), (b), (c))
#define BV_MUL(a, b) _mm256_mul_pd((a), (b))
#define BV_MASK(cnt) \
    _mm256_cmpgt_epi64(_mm256_set1_epi64x(cnt), _mm256_setr_epi64x(0, 1, 2, 3))
#define BRG(x) BRG_CAT(nb_dbrgemm_avx2, x)
#define BRG_ENTRY nb_dbrgemm_avx2
#endif

#define BRG_TNR 6
/* Columns per tile of a row block of mv vectors, masked or not (the budget above). */
#define BRG_TNR_OF(mv, msk) ((mv) == 2 && (msk) ? 5 : 6)

/* One tile: MV row vectors (the last one masked by mk when MASKED) by NR columns of C, over
   every block. CS1: B transposed (columns adjacent), else rs_b == 1. */
static inline __attribute__((always_inline)) void BRG(_tile)(
    const int MV, const int NR, const int MASKED, const int CS1, size_t k, size_t count, bt alpha,
    const nb_brgemm_blocks *a, size_t lda, ptrdiff_t a_add, const nb_brgemm_blocks *b,
    size_t rs_b, size_t cs_b, ptrdiff_t b_add, bt beta, bt *c, size_t ldc, __m256i mk)
{
    bv acc[2][BRG_TNR];
#pragma GCC unroll 6
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 2
        for (int v = 0; v < MV; v++)
            acc[v][j] = BV_ZERO();

    for (size_t blk = 0; blk < count; blk++) {
        const bt *ap = (const bt *)nb_brgemm_block(a, blk, sizeof(bt)) + a_add;
        const bt *p0 = (const bt *)nb_brgemm_block(b, blk, sizeof(bt)) + b_add;
        /* column j of B_i: p0 + j (CS1), else (j < 3 ? p0 : p1) + (j % 3) * cs_b */
        const size_t cs2 = 2 * cs_b, step = CS1 ? rs_b : 1;
        const bt *p1 = !CS1 && NR > 3 ? p0 + 3 * cs_b : p0;
#pragma GCC unroll 2
        for (size_t l = 0; l < k; l++, ap += lda, p0 += step, p1 += step) {
            bv av[2];
#pragma GCC unroll 2
            for (int v = 0; v < MV; v++)
                av[v] = MASKED && v == MV - 1 ? BV_MASKLOAD(ap + v * BVL, mk)
                                              : BV_LOADU(ap + v * BVL);
#pragma GCC unroll 6
            for (int j = 0; j < NR; j++) {
                const bt *pj = j < 3 ? p0 : p1;
                int jj = j % 3;
                bv bj = CS1 ? BV_SET1(p0[j])
                            : BV_SET1(jj == 0 ? pj[0] : jj == 1 ? pj[cs_b] : pj[cs2]);
#pragma GCC unroll 2
                for (int v = 0; v < MV; v++)
                    acc[v][j] = BV_FMA(av[v], bj, acc[v][j]);
            }
        }
    }

    /* alpha and beta enter registers only now: GCC otherwise broadcasts them before the k loop
       and keeps them live there, which spilled an A vector of the 2 x 5 masked tile */
    __asm__ volatile("" : "+x"(alpha), "+x"(beta));
    const bv va = BV_SET1(alpha), vb = BV_SET1(beta);
#pragma GCC unroll 6
    for (int j = 0; j < NR; j++) {
        bt *cj = c + j * ldc;
#pragma GCC unroll 2
        for (int v = 0; v < MV; v++) {
            bv r = BV_MUL(acc[v][j], va);
            if (MASKED && v == MV - 1) {
                if (beta != 0) /* beta == 0 must not read C */
                    r = BV_FMA(BV_MASKLOAD(cj + v * BVL, mk), vb, r);
                BV_MASKSTORE(cj + v * BVL, mk, r);
            } else {
                if (beta != 0)
                    r = BV_FMA(BV_LOADU(cj + v * BVL), vb, r);
                BV_STOREU(cj + v * BVL, r);
            }
        }
    }
}

/* A row block of mv vectors across all n columns (even tiles of at most 6). */
#define BRG_ROWS_DEF(mv, msk, cs1)                                                                \
    static __attribute__((noinline)) void BRG(_rows_##mv##_##msk##_##cs1)(                       \
        size_t n, size_t k, size_t count, bt alpha, const nb_brgemm_blocks *a, size_t lda,        \
        ptrdiff_t a_add, const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, bt beta, bt *c,     \
        size_t ldc, __m256i mk)                                                                  \
    {                                                                                            \
        size_t tnr = BRG_TNR_OF(mv, msk), tiles = (n + tnr - 1) / tnr, j = 0;                  \
        size_t base = n / tiles, big = n % tiles;                                                \
        for (size_t t = 0; t < tiles; t++) {                                                     \
            size_t w = base + (t < big);                                                         \
            ptrdiff_t b_add = (ptrdiff_t)(j * cs_b);                                             \
            bt *ct = c + j * ldc;                                                                \
            switch (w) {                                                                         \
                BRG_W(mv, msk, cs1, 1) BRG_W(mv, msk, cs1, 2) BRG_W(mv, msk, cs1, 3)             \
                BRG_W(mv, msk, cs1, 4) BRG_W(mv, msk, cs1, 5) BRG_W(mv, msk, cs1, 6)             \
            default:                                                                             \
                break;                                                                           \
            }                                                                                    \
            j += w;                                                                              \
        }                                                                                        \
    }
#define BRG_W(mv, msk, cs1, nr)                                                                   \
    case nr:                                                                                     \
        if (nr <= BRG_TNR_OF(mv, msk))                                                           \
            BRG(_tile)(mv, nr <= BRG_TNR_OF(mv, msk) ? nr : 1, msk, cs1, k, count, alpha, a, lda, \
                       a_add, b, rs_b, cs_b, b_add, beta, ct, ldc, mk);                          \
        break;

BRG_ROWS_DEF(1, 0, 0)
BRG_ROWS_DEF(1, 0, 1)
BRG_ROWS_DEF(1, 1, 0)
BRG_ROWS_DEF(1, 1, 1)
BRG_ROWS_DEF(2, 0, 0)
BRG_ROWS_DEF(2, 0, 1)
BRG_ROWS_DEF(2, 1, 0)
BRG_ROWS_DEF(2, 1, 1)

typedef void (*BRG(_rows_fn))(size_t, size_t, size_t, bt, const nb_brgemm_blocks *, size_t,
                               ptrdiff_t, const nb_brgemm_blocks *, size_t, size_t, bt, bt *,
                               size_t, __m256i);
/* [vectors - 1][masked][cs1] */
static const BRG(_rows_fn) BRG(_rows)[2][2][2] = {
    {{BRG(_rows_1_0_0), BRG(_rows_1_0_1)}, {BRG(_rows_1_1_0), BRG(_rows_1_1_1)}},
    {{BRG(_rows_2_0_0), BRG(_rows_2_0_1)}, {BRG(_rows_2_1_0), BRG(_rows_2_1_1)}},
};

void BRG_ENTRY(size_t m, size_t n, size_t k, size_t count, bt alpha, const nb_brgemm_blocks *a,
               size_t lda, const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, bt beta, bt *c,
               size_t ldc)
{
    size_t nv = (m + BVL - 1) / BVL, tail = m - (nv - 1) * BVL;
    __m256i mk = BV_MASK((int)tail);
    int cs1 = rs_b != 1;
    for (size_t i = 0, left = nv; left > 0;) {
        size_t mv = left >= 2 ? 2 : 1;
        left -= mv;
        int masked = left == 0 && tail != BVL;
        BRG(_rows)[mv - 1][masked][cs1](n, k, count, alpha, a, lda, (ptrdiff_t)i, b, rs_b, cs_b,
                                        beta, c + i, ldc, mk);
        i += mv * BVL;
    }
}

#undef bt
#undef bv
#undef BRG_ROWS_DEF
#undef BRG_W
#undef BRG_TNR
#undef BRG_TNR_OF
#undef BRG
#undef BRG_ENTRY
#undef BVL
#undef BV_ZERO
#undef BV_SET1
#undef BV_LOADU
#undef BV_STOREU
#undef BV_MASKLOAD
#undef BV_MASKSTORE
#undef BV_FMA
#undef BV_MUL
#undef BV_MASK
#endif
