/* bf16 GEMM with FEAT_BF16 (BFMMLA), C (fp32, column-major) = alpha * A * B + beta * C: the bf16
   kernel of the neon set, used only on CPUs whose hwcaps report bf16 (needs_arm_bf16; checked at
   load by arch/runtime.c). The functions carry their own target attribute (the Makefile also
   compiles this file with FLAGS_NEON_BF16), the rest of the set runs on any ARMv8-A CPU.

   BFMMLA vD.4s, vN.8h, vM.8h: vN holds 2 rows x 4 k of A, vM 2 columns x 4 k of B, and vD a
   2 x 2 block of C (row-major: c00 c01 c10 c11) += the 2 x 4 by 4 x 2 product: 16
   multiply-adds per instruction, four times an fp32 FMLA.
   Register tile: 8 x 12 of C = 4 row pairs x 6 column pairs = 24 accumulators; per k quad
   4 A vectors + 6 B vectors, B loaded one at a time and consumed by its 4 BFMMLAs:
   budget (32 x 128-bit): 24 + 4 A + 1-2 B = 29-30. 24 independent accumulation chains.
   Packed formats (zero-padded; mpad 8, npad 12, kpad 4): A in panels of 8 rows, per k quad the
   4 row pairs as 8 bf16 each (row 2p: k 0..3, row 2p+1: k 0..3); B in panels of 12 columns, per
   k quad the 6 column pairs likewise.

   Numerics (Arm ARM, BFDotAdd without FPCR.EBF; QEMU's vec_helper.c implements the same): each
   BFMMLA output is two BFDotAdd steps: the two products of a k pair are exact, their sum is
   rounded to odd, then added to the accumulator, rounded to odd; denormal inputs and results
   are flushed to zero, FPCR is ignored, NaNs come out as the default NaN. Round-to-odd errs by
   less than 1 ulp (2^-23 relative) but there is one rounding per k pair and one per pair sum,
   so a K-term dot product kept in one accumulator errs by at most K/2 * 2^-23 = K * 2^-24 of
   sum |a b| to first order: the bound of an fp32 FMA chain with round-to-nearest (K roundings of
   2^-24), which tests/test_bf16.c checks ((K + 2) * 2^-24 with alpha's rounding). To keep it for
   every K there is no K blocking: each C tile holds its whole dot products in registers and C
   is read and written once. Only values below 2^-126 (fp32 denormals) are handled differently
   from an IEEE fp32 computation. */
#include <arm_neon.h>
#include <string.h>
#include "kernels/neon/kernels_neon.h"

#if NB_NEON_HAVE_BF16

#define BF_MR NB_NEON_BF16_MR /* 8 */
#define BF_NR NB_NEON_BF16_NR /* 12 */
#define BF_MC 256             /* rows per block: 256 x K of packed A reused from L2 */
#define BF16_TARGET __attribute__((target("arch=armv8.2-a+bf16")))

void nb_sbgemm_pack_a_neon_bf16(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                                size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1)
{
    (void)mp;
    for (size_t ip = i0 / BF_MR; ip < i1 / BF_MR; ip++)
        for (size_t r = 0; r < kp / 4; r++) {
            unsigned short *dst = ap + (ip * (kp / 4) + r) * 4 * BF_MR;
            for (size_t ii = 0; ii < BF_MR; ii++) {
                size_t i = ip * BF_MR + ii;
                const unsigned short *src = p + i * rs;
                for (size_t q = 0; q < 4; q++) {
                    size_t l = 4 * r + q;
                    dst[ii * 4 + q] = i < m && l < k ? src[l * cs] : 0;
                }
            }
        }
}

void nb_sbgemm_pack_b_neon_bf16(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                                size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1)
{
    (void)np;
    for (size_t jp = j0 / BF_NR; jp < j1 / BF_NR; jp++)
        for (size_t r = 0; r < kp / 4; r++) {
            unsigned short *dst = bp + (jp * (kp / 4) + r) * 4 * BF_NR;
            for (size_t jj = 0; jj < BF_NR; jj++) {
                size_t j = jp * BF_NR + jj;
                const unsigned short *src = p + j * cs;
                for (size_t q = 0; q < 4; q++) {
                    size_t l = 4 * r + q;
                    dst[jj * 4 + q] = j < n && l < k ? src[l * rs] : 0;
                }
            }
        }
}

#define BF_LD(p) vreinterpretq_bf16_u16(vld1q_u16(p))
/* the 4 BFMMLAs of column pair cp, from one B vector. The empty asm (a compiler barrier for
   memory accesses) keeps GCC from hoisting all 6 B loads to the top of the k step: with them
   live at once the tile needs 34 registers and GCC kept 3 accumulators on the stack. */
#define BF_COLS(cp)                                                                                \
    {                                                                                              \
        __asm__ volatile("" ::: "memory");                                                         \
        bfloat16x8_t bv = BF_LD(b + 8 * (cp));                                                     \
        acc[0][cp] = vbfmmlaq_f32(acc[0][cp], a0, bv);                                             \
        acc[1][cp] = vbfmmlaq_f32(acc[1][cp], a1, bv);                                             \
        acc[2][cp] = vbfmmlaq_f32(acc[2][cp], a2, bv);                                             \
        acc[3][cp] = vbfmmlaq_f32(acc[3][cp], a3, bv);                                             \
    }

/* One 8 x 12 tile over the k quads [0, quads) of the packed panels, into C rows [0, mb) and
   columns [0, nb); beta == 0 does not read C. */
BF16_TARGET static void tile_8x12(size_t quads, const unsigned short *a, const unsigned short *b,
                                  float alpha, float beta, float *c, size_t ldc, size_t mb,
                                  size_t nb)
{
    float32x4_t acc[4][6];
#pragma GCC unroll 4
    for (int p = 0; p < 4; p++)
#pragma GCC unroll 6
        for (int q = 0; q < 6; q++)
            acc[p][q] = vdupq_n_f32(0);
    for (size_t r = 0; r < quads; r++, a += 4 * BF_MR, b += 4 * BF_NR) {
        const bfloat16x8_t a0 = BF_LD(a), a1 = BF_LD(a + 8), a2 = BF_LD(a + 16),
                           a3 = BF_LD(a + 24);
        BF_COLS(0) BF_COLS(1) BF_COLS(2) BF_COLS(3) BF_COLS(4) BF_COLS(5)
    }
    /* acc[p][q] = C(2p, 2q), C(2p, 2q+1), C(2p+1, 2q), C(2p+1, 2q+1): the even lanes of two row
       pairs are 4 rows of column 2q, the odd lanes those of column 2q+1 */
    float t[BF_NR][BF_MR];
#pragma GCC unroll 6
    for (int q = 0; q < 6; q++) {
        vst1q_f32(&t[2 * q][0], vmulq_n_f32(vuzp1q_f32(acc[0][q], acc[1][q]), alpha));
        vst1q_f32(&t[2 * q][4], vmulq_n_f32(vuzp1q_f32(acc[2][q], acc[3][q]), alpha));
        vst1q_f32(&t[2 * q + 1][0], vmulq_n_f32(vuzp2q_f32(acc[0][q], acc[1][q]), alpha));
        vst1q_f32(&t[2 * q + 1][4], vmulq_n_f32(vuzp2q_f32(acc[2][q], acc[3][q]), alpha));
    }
    if (mb == BF_MR) {
        for (size_t j = 0; j < nb; j++) {
            float *cj = c + j * ldc;
            float32x4_t r0 = vld1q_f32(&t[j][0]), r1 = vld1q_f32(&t[j][4]);
            if (beta != 0) {
                r0 = vfmaq_n_f32(r0, vld1q_f32(cj), beta);
                r1 = vfmaq_n_f32(r1, vld1q_f32(cj + 4), beta);
            }
            vst1q_f32(cj, r0);
            vst1q_f32(cj + 4, r1);
        }
        return;
    }
    for (size_t j = 0; j < nb; j++)
        for (size_t i = 0; i < mb; i++) {
            float *cij = c + i + j * ldc;
            *cij = beta == 0 ? t[j][i] : t[j][i] + beta * *cij;
        }
}

void nb_sbgemm_compute_neon_bf16(size_t m, size_t n, size_t k, float alpha,
                                 const unsigned short *ap, const unsigned short *bp, size_t mp,
                                 size_t kp, float beta, float *c, size_t ldc, size_t j0, size_t j1,
                                 const nb_bf16_src *src)
{
    (void)k, (void)mp, (void)src; /* stream_m is 0: both operands always come packed */
    const size_t quads = kp / 4;
    for (size_t ic = 0; ic < m; ic += BF_MC) {
        size_t ie = m - ic < BF_MC ? m : ic + BF_MC;
        for (size_t j = j0; j < j1; j += BF_NR) {
            const unsigned short *b = bp + (j / BF_NR) * quads * 4 * BF_NR;
            size_t nb = j1 - j < BF_NR ? j1 - j : BF_NR;
            if (n - j < nb)
                nb = n - j;
            for (size_t i = ic; i < ie; i += BF_MR) {
                const unsigned short *a = ap + (i / BF_MR) * quads * 4 * BF_MR;
                size_t mb = m - i < BF_MR ? m - i : BF_MR;
                tile_8x12(quads, a, b, alpha, beta, c + i + j * ldc, ldc, mb, nb);
            }
        }
    }
}

#endif
