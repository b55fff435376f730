/* AVX-512 batch-reduce GEMM kernels, s and d (the contract is in kernels/brgemm.h).

   C = alpha * sum_i A_i B_i + beta * C with A_i read in place (column-major, contiguous columns)
   and B_i read in place (column-major, rs_b == 1, or transposed, cs_b == 1). Broadcast-B scheme,
   as the small kernel (small_avx512.h): per k step the tile's column of A_i is loaded (the last
   vector masked to the rows that exist: no read past A) and each B element broadcast from memory.
   The accumulators stay in registers across every block and every k step; C is read and written
   once per tile.

   Register budget (zmm, 32), tile shapes (vectors of rows x columns):
     4 x 6 (MR 64 s / 32 d): 24 accumulators + 4 A + 1 broadcast = 29
     3 x 8: 24 + 3 + 1 = 28
     2 x 12: 24 + 2 + 1 = 27
     1 x 12: 12 + 1 + 1 = 14
   The mask of the last row vector is in a k register. The B columns are addressed from at most
   four pointers, three columns each (p, p + cs, p + 2 cs: scaled-index addressing), so the k
   loop needs ~9 GPRs and no column offset is reloaded from the stack.
   Spill check (objdump -d build/kernels/avx512/brgemm_avx512.o; tests/check_spills.py with
   --strict brgemm): no vector register is stored to or loaded from the stack in any k loop.

   Tile shape: a tile reads its rows of every A_i and its columns of every B_i once, from L2
   when the blocks do not fit L1 (32 blocks of 64 x 64: 1 MiB of operands), so 2 x 12 moves the
   fewest bytes per FMA (64 * (1/NR + 1/MR)); but 4 x 6 does the fewest loads per FMA (10 per 24
   FMAs against 14) and measured faster: 32 blocks of 64 x 64 x 64 s 1.00-1.03x the speed of
   2 x 12 tiles, 64 x 128 x 32 1.07x (indicative: a shared machine). Rows go in blocks of 4
   vectors, the rest in one block of 3, 2 or 1 (5 = 3 + 2, 6 = 3 + 3: no 1-vector block, whose
   12 broadcasts per 12 FMAs make it load-bound, unless m itself is one vector). Columns are cut
   into as few tiles as the block's width allows, as even as possible (64 columns of 4 x 6 tiles:
   9 of 6 and 2 of 5, not 10 of 6 and a narrow one of 4 with too few accumulators to hide the FMA
   latency). Each (rows, width, B layout) is a constant-argument instance of one always_inline
   tile function, chosen by a switch once per tile.

   Prefetch: for d with B column-major, A's column BRG_PFD steps ahead is prefetched to L1 (d
   blocks are twice the bytes: 1.03x with it at 64 x 64 x 64 x 32; within noise for s, where it
   is off). A prefetch past the end of a block never faults.

   The file includes itself once per type (BRG_PASS 1: float, 2: double), so that one text
   serves both without a separate template header. */
#ifndef BRG_PASS
#include <immintrin.h>
#include "kernels/brgemm.h"

#define BRG_CAT_(a, b) a##b
#define BRG_CAT(a, b) BRG_CAT_(a, b)

#define BRG_PASS 1
#include "kernels/avx512/brgemm_avx512.c"
#undef BRG_PASS
#define BRG_PASS 2
#include "kernels/avx512/brgemm_avx512.c"
#undef BRG_PASS

#else /* ---- one pass per type ---- */

#if BRG_PASS == 1
#define bt float
#define bv __m512
#define bmask __mmask16
#define BVL 16
#define BV_ZERO() _mm512_setzero_ps()
#define BV_SET1(x) _mm512_set1_ps(x)
#define BV_MASKZ_LOADU(msk, p) _mm512_maskz_loadu_ps((msk), (p))
#define BV_LOADU(p) _mm512_loadu_ps(p)
#define BV_STOREU(p, v) _mm512_storeu_ps((p), (v))
#define BV_MASK_STOREU(p, msk, v) _mm512_mask_storeu_ps((p), (msk), (v))
#define BV_FMA(a, b, c) _mm512_fmadd_ps((a), (b), (c))
#define BV_MUL(a, b) _mm512_mul_ps((a), (b))
#define BRG(x) BRG_CAT(nb_sbrgemm_avx512, x)
#define BRG_ENTRY nb_sbrgemm_avx512
#else
#define bt double
#define bv __m512d
#define bmask __mmask8
#define BVL 8
#define BV_ZERO() _mm512_setzero_pd()
#define BV_SET1(x) _mm512_set1_pd(x)
#define BV_MASKZ_LOADU(msk, p) _mm512_maskz_loadu_pd((msk), (p))
#define BV_LOADU(p) _mm512_loadu_pd(p)
#define BV_STOREU(p, v) _mm512_storeu_pd((p), (v))
#define BV_MASK_STOREU(p, msk, v) _mm512_mask_storeu_pd((p), (msk), (v))
#define BV_FMA(a, b, c) _mm512_fmadd_pd((a), (b), (c))
#define BV_MUL(a, b) _mm512_mul_pd((a), (b))
#define BRG(x) BRG_CAT(nb_dbrgemm_avx512, x)
#define BRG_ENTRY nb_dbrgemm_avx512
#endif

#define BRG_NRMAX 12
#ifndef BRG_PFD
#define BRG_PFD (BRG_PASS == 2 ? 8 : 0)
#endif
/* Columns per tile for a row block of mv vectors (the register budget above). */
#define BRG_TNR(mv) ((mv) == 4 ? 6 : (mv) == 3 ? 8 : 12)

/* One tile: MV row vectors (the last one masked by `last`, all ones when full) by NR columns of
   C, over every block. CS1: B transposed (columns adjacent), else rs_b == 1. */
static inline __attribute__((always_inline)) void BRG(_tile)(
    const int MV, const int NR, const int CS1, size_t k, size_t count, bt alpha,
    const nb_brgemm_blocks *a, size_t lda, ptrdiff_t a_add, const nb_brgemm_blocks *b,
    size_t rs_b, size_t cs_b, ptrdiff_t b_add, bt beta, bt *c, size_t ldc, bmask last)
{
    bv acc[4][BRG_NRMAX];
#pragma GCC unroll 12
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            acc[v][j] = BV_ZERO();

    for (size_t blk = 0; blk < count; blk++) {
        const bt *ap = (const bt *)nb_brgemm_block(a, blk, sizeof(bt)) + a_add;
        const bt *bp = (const bt *)nb_brgemm_block(b, blk, sizeof(bt)) + b_add;
        if (CS1) {
            /* row l of B_i: NR adjacent elements, constant displacements from one pointer */
            for (size_t l = 0; l < k; l++, ap += lda, bp += rs_b) {
                bv av[4];
#pragma GCC unroll 4
                for (int v = 0; v < MV; v++)
                    av[v] = v < MV - 1 ? BV_LOADU(ap + v * BVL) : BV_MASKZ_LOADU(last, ap + v * BVL);
#pragma GCC unroll 12
                for (int j = 0; j < NR; j++) {
                    bv bj = BV_SET1(bp[j]);
#pragma GCC unroll 4
                    for (int v = 0; v < MV; v++)
                        acc[v][j] = BV_FMA(av[v], bj, acc[v][j]);
                }
            }
        } else {
            /* column j of B_i at p[j / 3] + (j % 3) * cs_b: four pointers, one index register
               (cs_b, scaled by 1 or 2) */
            const size_t cs2 = 2 * cs_b;
            const bt *p0 = bp;
            const bt *p1 = NR > 3 ? p0 + 3 * cs_b : p0;
            const bt *p2 = NR > 6 ? p1 + 3 * cs_b : p0;
            const bt *p3 = NR > 9 ? p2 + 3 * cs_b : p0;
#pragma GCC unroll 2
            for (size_t l = 0; l < k; l++, ap += lda, p0++, p1++, p2++, p3++) {
                bv av[4];
#pragma GCC unroll 4
                for (int v = 0; v < MV; v++)
                    av[v] = v < MV - 1 ? BV_LOADU(ap + v * BVL) : BV_MASKZ_LOADU(last, ap + v * BVL);
                if (BRG_PFD)
#pragma GCC unroll 4
                    for (int v = 0; v < MV; v++)
                        _mm_prefetch((const char *)(ap + BRG_PFD * lda + v * BVL), _MM_HINT_T0);
#pragma GCC unroll 12
                for (int j = 0; j < NR; j++) {
                    const bt *pj = j < 3 ? p0 : j < 6 ? p1 : j < 9 ? p2 : p3;
                    int jj = j % 3;
                    bv bj = BV_SET1(jj == 0 ? pj[0] : jj == 1 ? pj[cs_b] : pj[cs2]);
#pragma GCC unroll 4
                    for (int v = 0; v < MV; v++)
                        acc[v][j] = BV_FMA(av[v], bj, acc[v][j]);
                }
            }
        }
    }

    if (alpha != 1) {
        bv valpha = BV_SET1(alpha);
#pragma GCC unroll 12
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
            for (int v = 0; v < MV; v++)
                acc[v][j] = BV_MUL(valpha, acc[v][j]);
    }
    /* beta == 0 must not read C. Every C vector is loaded before any is stored: a masked store of
       one column's last rows may overlap the next column's first rows, and a load behind it
       would wait for the store to retire (small_avx512.h). */
    if (beta != 0) {
        bv vbeta = BV_SET1(beta);
#pragma GCC unroll 12
        for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
            for (int v = 0; v < MV; v++) {
                const bt *cp = c + j * ldc + v * BVL;
                bv cv = v < MV - 1 ? BV_LOADU(cp) : BV_MASKZ_LOADU(last, cp);
                acc[v][j] = BV_FMA(vbeta, cv, acc[v][j]);
            }
    }
#pragma GCC unroll 12
    for (int j = 0; j < NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++) {
            bt *cp = c + j * ldc + v * BVL;
            if (v < MV - 1)
                BV_STOREU(cp, acc[v][j]);
            else
                BV_MASK_STOREU(cp, last, acc[v][j]);
        }
}

/* A row block of mv vectors across all n columns, for one B layout: even column tiles. */
#define BRG_ROWS_DEF(mv, cs1)                                                                     \
    static __attribute__((noinline)) void BRG(_rows_##mv##_##cs1)(                               \
        size_t n, size_t k, size_t count, bt alpha, const nb_brgemm_blocks *a, size_t lda,        \
        ptrdiff_t a_add, const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, bt beta, bt *c,     \
        size_t ldc, bmask last)                                                                  \
    {                                                                                            \
        size_t tiles = (n + BRG_TNR(mv) - 1) / BRG_TNR(mv), base = n / tiles, big = n % tiles;   \
        size_t j = 0;                                                                            \
        for (size_t t = 0; t < tiles; t++) {                                                     \
            size_t w = base + (t < big);                                                         \
            ptrdiff_t b_add = (ptrdiff_t)(j * cs_b);                                             \
            bt *ct = c + j * ldc;                                                                \
            switch (w) {                                                                         \
                BRG_W(mv, cs1, 1) BRG_W(mv, cs1, 2) BRG_W(mv, cs1, 3) BRG_W(mv, cs1, 4)          \
                BRG_W(mv, cs1, 5) BRG_W(mv, cs1, 6) BRG_W(mv, cs1, 7) BRG_W(mv, cs1, 8)          \
                BRG_W(mv, cs1, 9) BRG_W(mv, cs1, 10) BRG_W(mv, cs1, 11) BRG_W(mv, cs1, 12)       \
            default:                                                                             \
                break;                                                                           \
            }                                                                                    \
            j += w;                                                                              \
        }                                                                                        \
    }
#define BRG_W(mv, cs1, nr)                                                                        \
    case nr:                                                                                     \
        if (nr <= BRG_TNR(mv))                                                                   \
            BRG(_tile)(mv, nr <= BRG_TNR(mv) ? nr : 1, cs1, k, count, alpha, a, lda, a_add, b,    \
                       rs_b, cs_b, b_add, beta, ct, ldc, last);                                   \
        break;

BRG_ROWS_DEF(1, 0)
BRG_ROWS_DEF(1, 1)
BRG_ROWS_DEF(2, 0)
BRG_ROWS_DEF(2, 1)
BRG_ROWS_DEF(3, 0)
BRG_ROWS_DEF(3, 1)
BRG_ROWS_DEF(4, 0)
BRG_ROWS_DEF(4, 1)

typedef void (*BRG(_rows_fn))(size_t, size_t, size_t, bt, const nb_brgemm_blocks *, size_t,
                               ptrdiff_t, const nb_brgemm_blocks *, size_t, size_t, bt, bt *,
                               size_t, bmask);
static const BRG(_rows_fn) BRG(_rows)[4][2] = {
    {BRG(_rows_1_0), BRG(_rows_1_1)},
    {BRG(_rows_2_0), BRG(_rows_2_1)},
    {BRG(_rows_3_0), BRG(_rows_3_1)},
    {BRG(_rows_4_0), BRG(_rows_4_1)},
};

void BRG_ENTRY(size_t m, size_t n, size_t k, size_t count, bt alpha, const nb_brgemm_blocks *a,
               size_t lda, const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, bt beta, bt *c,
               size_t ldc)
{
    size_t nv = (m + BVL - 1) / BVL, tail = m - (nv - 1) * BVL;
    bmask full = (bmask)~(bmask)0, last = (bmask)(tail == BVL ? full : (1u << tail) - 1);
    int cs1 = rs_b != 1;
    /* row blocks of 4 vectors; the rest in one block of 3, 2 or 1 (5 = 3 + 2, 6 = 3 + 3) */
    size_t i = 0, left = nv;
    while (left > 0) {
        size_t mv = left == 5 || left == 6 ? 3 : left >= 4 ? 4 : left;
        left -= mv;
        BRG(_rows)[mv - 1][cs1](n, k, count, alpha, a, lda, (ptrdiff_t)i, b, rs_b, cs_b, beta,
                                c + i, ldc, left == 0 ? last : full);
        i += mv * BVL;
    }
}

#undef bt
#undef bv
#undef bmask
#undef BRG_ROWS_DEF
#undef BRG_W
#undef BRG_TNR
#undef BRG_NRMAX
#undef BRG_PFD
#undef BRG
#undef BRG_ENTRY
#undef BVL
#undef BV_ZERO
#undef BV_SET1
#undef BV_MASKZ_LOADU
#undef BV_LOADU
#undef BV_STOREU
#undef BV_MASK_STOREU
#undef BV_FMA
#undef BV_MUL
#endif
