/* sgemm kernels of the neon set (AArch64 Advanced SIMD): micro-kernel, packing and the
   no-packing small kernel.

   Register tile: 16 x 6 (MR 16 rows = 4 vectors of 4 floats, NR 6 columns), lane-indexed FMLA:
   the 6 B values of a k step arrive in one q register (columns 0-3, vfmaq_laneq_f32) and one
   d register (columns 4-5, vfmaq_lane_f32), each lane feeding the 4 FMAs of its column.
   Register budget (32 x 128-bit v registers): 4 x 6 = 24 accumulators + 4 A + 2 B = 30.
   24 independent FMA chains >= 2 pipes x 4 cycles latency, 6 loads per 24 FMAs.
   (16 x 7 would need 28 accumulators + 4 A + 2 B = 34; 8 x 12 = 24 acc + 2 A + 3 B = 29 has the
   same FMA/load ratio with a B panel twice as wide; 16 x 6 matches the dgemm tile's shape in
   rows of vectors, so both share the same packing code and blocking rule.)
   Spill check (aarch64-linux-gnu-objdump -d build-arm/kernels/neon/sgemm_neon.o): the k loop of
   nb_sgemm_neon_16x6 has no sp-based access (24 fmla, 6 loads per k step).
   Nor has any k loop of
   the small kernel's tiles (small_neon.h; B loads pinned per column, see there). Speed not
   measured: no ARM hardware here (qemu only checks correctness). */
#include <arm_neon.h>
#include "kernels/neon/kernels_neon.h"

#define S_MR 16
#define S_NR 6

#define S_COLQ(j, ln)                                                                              \
    acc[j][0] = vfmaq_laneq_f32(acc[j][0], a0, b0, ln);                                            \
    acc[j][1] = vfmaq_laneq_f32(acc[j][1], a1, b0, ln);                                            \
    acc[j][2] = vfmaq_laneq_f32(acc[j][2], a2, b0, ln);                                            \
    acc[j][3] = vfmaq_laneq_f32(acc[j][3], a3, b0, ln);
#define S_COLD(j, ln)                                                                              \
    acc[j][0] = vfmaq_lane_f32(acc[j][0], a0, b1, ln);                                             \
    acc[j][1] = vfmaq_lane_f32(acc[j][1], a1, b1, ln);                                             \
    acc[j][2] = vfmaq_lane_f32(acc[j][2], a2, b1, ln);                                             \
    acc[j][3] = vfmaq_lane_f32(acc[j][3], a3, b1, ln);

void nb_sgemm_neon_16x6(size_t k, float alpha, const float *a, const float *b, float beta,
                        float *c, size_t rs_c, size_t cs_c, int m, int n)
{
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    float32x4_t acc[S_NR][4];
#pragma GCC unroll 8
    for (int j = 0; j < S_NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < 4; v++)
            acc[j][v] = vdupq_n_f32(0);
    for (size_t l = 0; l < k; l++, a += S_MR, b += S_NR) {
        __builtin_prefetch(a + 16 * S_MR);
        const float32x4_t a0 = vld1q_f32(a), a1 = vld1q_f32(a + 4), a2 = vld1q_f32(a + 8),
                          a3 = vld1q_f32(a + 12);
        const float32x4_t b0 = vld1q_f32(b);
        const float32x2_t b1 = vld1_f32(b + 4);
        S_COLQ(0, 0) S_COLQ(1, 1) S_COLQ(2, 2) S_COLQ(3, 3) S_COLD(4, 0) S_COLD(5, 1)
    }
    /* alpha and beta at the store; beta == 0 never reads C */
    if (rs_c == 1 && m == S_MR && n == S_NR) {
#pragma GCC unroll 8
        for (int j = 0; j < S_NR; j++) {
            float *cj = c + j * cs_c;
#pragma GCC unroll 4
            for (int v = 0; v < 4; v++) {
                float32x4_t r = vmulq_n_f32(acc[j][v], alpha);
                if (beta != 0)
                    r = vfmaq_n_f32(r, vld1q_f32(cj + 4 * v), beta);
                vst1q_f32(cj + 4 * v, r);
            }
        }
        return;
    }
    float t[S_NR][S_MR];
#pragma GCC unroll 8
    for (int j = 0; j < S_NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < 4; v++)
            vst1q_f32(&t[j][4 * v], vmulq_n_f32(acc[j][v], alpha));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            float *cij = &c[i * rs_c + j * cs_c];
            *cij = beta == 0 ? t[j][i] : t[j][i] + beta * *cij;
        }
}

#define PK_T float
#define PK_MR S_MR
#define PK_NR S_NR
#define PK_A_NAME nb_spack_a_neon
#define PK_B_NAME nb_spack_b_neon
#include "kernels/neon/pack_neon.h"
#undef PK_T
#undef PK_MR
#undef PK_NR
#undef PK_A_NAME
#undef PK_B_NAME

#define SM_T float
#define SM_V float32x4_t
#define SM_VL 4
#define SM_LD vld1q_f32
#define SM_ST vst1q_f32
#define SM_DUP vdupq_n_f32
#define SM_FMA_N vfmaq_n_f32
#define SM_MUL_N vmulq_n_f32
#define SM_NAME nb_sgemm_small_neon
#include "kernels/neon/small_neon.h"
