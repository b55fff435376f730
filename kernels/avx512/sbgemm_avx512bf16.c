/* bf16 GEMM with AVX512_BF16 (VDPBF16PS), C (fp32, column-major) = alpha * A * B + beta * C:
   the bf16 kernel of the avx512 set, used only on CPUs that have AVX512_BF16 (arch/runtime.c
   decides at load; the functions carry their own target attribute, the rest of the set runs on
   any AVX-512 CPU).

   Register budget (32 zmm): a 64 x 6 tile of C in 24 accumulators (4 vectors of 16 rows x 6
   columns), 4 vectors of A and 1 broadcast of B per k-pair: 29 live. Each VDPBF16PS adds, per
   fp32 lane, the two products of a k-pair: twice the flops of an fp32 FMA.
   Packed formats (zero-padded): A in panels of 64 rows, per k-pair r the 64 pairs
   (A(i, 2r), A(i, 2r+1)) as 128 bf16; B in panels of 6 columns, per k-pair the 6 pairs
   (B(2r, j), B(2r+1, j)), each broadcast as one 32-bit value.
   Blocking: K blocks of 512 (the A panel chunk, 64 KiB, from L2; the B chunk, 6 KiB, in L1),
   row blocks of 256 (an A block of 256 KiB stays in L2 across the columns). */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include "kernels/kernel.h"
#include "kernels/avx512/kernels_avx512.h"

#define BF_MR 64
#define BF_NR 6
#define BF_KC 512
#define BF_MC 256
#define BF16_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512bf16")))

void nb_sbgemm_pack_a_avx512bf16(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                                 size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1)
{
    (void)mp;
    for (size_t ip = i0 / BF_MR; ip < i1 / BF_MR; ip++)
        for (size_t r = 0; r < kp / 2; r++) {
            unsigned short *dst = ap + (ip * (kp / 2) + r) * 2 * BF_MR;
            size_t l = 2 * r;
            for (size_t ii = 0; ii < BF_MR; ii++) {
                size_t i = ip * BF_MR + ii;
                dst[2 * ii] = i < m && l < k ? p[i * rs + l * cs] : 0;
                dst[2 * ii + 1] = i < m && l + 1 < k ? p[i * rs + (l + 1) * cs] : 0;
            }
        }
}

void nb_sbgemm_pack_b_avx512bf16(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                                 size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1)
{
    (void)np;
    for (size_t jp = j0 / BF_NR; jp < j1 / BF_NR; jp++)
        for (size_t r = 0; r < kp / 2; r++) {
            unsigned short *dst = bp + (jp * (kp / 2) + r) * 2 * BF_NR;
            size_t l = 2 * r;
            for (size_t jj = 0; jj < BF_NR; jj++) {
                size_t j = jp * BF_NR + jj;
                dst[2 * jj] = j < n && l < k ? p[l * rs + j * cs] : 0;
                dst[2 * jj + 1] = j < n && l + 1 < k ? p[(l + 1) * rs + j * cs] : 0;
            }
        }
}

/* One 64 x 6 tile over the k-pairs [0, pairs) of the packed panels, into C rows [0, mb) and
   columns [0, nb): alpha*acc + beta*C on the first K block (beta == 0: C not read), else C +
   alpha*acc. */
BF16_TARGET static void tile_64x6(size_t pairs, const unsigned short *a, const unsigned short *b,
                                  float alpha, float beta, int first, float *c, size_t ldc,
                                  size_t mb, size_t nb)
{
    /* the loops over the tile are unrolled so that the accumulators stay in registers */
    __m512 acc[4][BF_NR];
#pragma GCC unroll 4
    for (int q = 0; q < 4; q++)
#pragma GCC unroll 6
        for (int j = 0; j < BF_NR; j++)
            acc[q][j] = _mm512_setzero_ps();
    for (size_t r = 0; r < pairs; r++) {
        __m512bh a0 = (__m512bh)_mm512_loadu_si512(a), a1 = (__m512bh)_mm512_loadu_si512(a + 32);
        __m512bh a2 = (__m512bh)_mm512_loadu_si512(a + 64), a3 = (__m512bh)_mm512_loadu_si512(a + 96);
#pragma GCC unroll 6
        for (int j = 0; j < BF_NR; j++) {
            int32_t pair;
            memcpy(&pair, b + 2 * j, sizeof pair);
            __m512bh bj = (__m512bh)_mm512_set1_epi32(pair);
            acc[0][j] = _mm512_dpbf16_ps(acc[0][j], a0, bj);
            acc[1][j] = _mm512_dpbf16_ps(acc[1][j], a1, bj);
            acc[2][j] = _mm512_dpbf16_ps(acc[2][j], a2, bj);
            acc[3][j] = _mm512_dpbf16_ps(acc[3][j], a3, bj);
        }
        a += 2 * BF_MR;
        b += 2 * BF_NR;
    }
    __m512 va = _mm512_set1_ps(alpha), vb = _mm512_set1_ps(beta);
#pragma GCC unroll 6
    for (size_t j = 0; j < nb; j++)
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++) {
            size_t lo = (size_t)q * 16;
            if (lo >= mb)
                break;
            __mmask16 mk = mb - lo >= 16 ? 0xffff : (__mmask16)((1u << (mb - lo)) - 1);
            float *cq = c + j * ldc + lo;
            __m512 v = _mm512_mul_ps(va, acc[q][j]);
            if (!first)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mk, cq));
            else if (beta != 0)
                v = _mm512_fmadd_ps(vb, _mm512_maskz_loadu_ps(mk, cq), v);
            _mm512_mask_storeu_ps(cq, mk, v);
        }
}

void nb_sbgemm_compute_avx512bf16(size_t m, size_t n, size_t k, float alpha,
                                  const unsigned short *ap, const unsigned short *bp, size_t mp,
                                  size_t kp, float beta, float *c, size_t ldc, size_t j0, size_t j1,
                                  const nb_bf16_src *src)
{
    (void)k, (void)mp, (void)src; /* stream_m is 0: both operands always come packed */
    for (size_t pc = 0; pc < kp; pc += BF_KC) {
        size_t kb = kp - pc < BF_KC ? kp - pc : BF_KC, r0 = pc / 2;
        for (size_t ic = 0; ic < m; ic += BF_MC) {
            size_t ie = m - ic < BF_MC ? m : ic + BF_MC;
            for (size_t j = j0; j < j1; j += BF_NR) {
                const unsigned short *b = bp + ((j / BF_NR) * (kp / 2) + r0) * 2 * BF_NR;
                size_t nb = j1 - j < BF_NR ? j1 - j : BF_NR;
                if (n - j < nb)
                    nb = n - j;
                for (size_t i = ic; i < ie; i += BF_MR) {
                    const unsigned short *a = ap + ((i / BF_MR) * (kp / 2) + r0) * 2 * BF_MR;
                    size_t mb = m - i < BF_MR ? m - i : BF_MR;
                    tile_64x6(kb / 2, a, b, alpha, beta, pc == 0, c + i + j * ldc, ldc, mb, nb);
                }
            }
        }
    }
}
