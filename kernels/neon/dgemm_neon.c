/* dgemm kernels of the neon set (AArch64 Advanced SIMD): micro-kernel, packing and the
   no-packing small kernel.

   Register tile: 8 x 6 (MR 8 rows = 4 vectors of 2 doubles, NR 6 columns), lane-indexed FMLA:
   the 6 B values of a k step arrive in 3 vectors and each lane feeds one column
   (vfmaq_laneq_f64: fmla vD.2d, vA.2d, vB.d[lane]), so B needs no broadcast register per column.
   Register budget (32 x 128-bit v registers): 4 x 6 = 24 accumulators + 4 A + 3 B = 31.
   24 independent FMA chains >= 2 pipes x 4 cycles latency (Neoverse N1/V1/N2: 8 chains keep the
   pipes full), with 7 loads per 24 FMAs (2 load pipes: not load-bound).
   Alternatives considered: 4 x 12 (2 A + 6 B + 24 acc = 32, no free register), 12 x 4
   (6 A + 2 B + 24 acc = 32, likewise); 8 x 6 keeps one register spare.
   Spill check (aarch64-linux-gnu-objdump -d build-arm/kernels/neon/dgemm_neon.o): the k loop of
   nb_dgemm_neon_8x6 has no sp-based access (24 fmla, 7 ldr q per k step).
   Nor has any k loop of
   the small kernel's tiles (small_neon.h; B loads pinned per column, see there). Speed not
   measured: no ARM hardware here (qemu only checks correctness). */
#include <arm_neon.h>
#include "kernels/neon/kernels_neon.h"

#define D_MR 8
#define D_NR 6

/* acc[j][v] += A vector v * B lane (j % 2) of vector j / 2: literal lanes (the intrinsic needs a
   constant), one macro per column. */
#define D_COL(j, bv, ln)                                                                           \
    acc[j][0] = vfmaq_laneq_f64(acc[j][0], a0, bv, ln);                                            \
    acc[j][1] = vfmaq_laneq_f64(acc[j][1], a1, bv, ln);                                            \
    acc[j][2] = vfmaq_laneq_f64(acc[j][2], a2, bv, ln);                                            \
    acc[j][3] = vfmaq_laneq_f64(acc[j][3], a3, bv, ln);

void nb_dgemm_neon_8x6(size_t k, double alpha, const double *a, const double *b, double beta,
                       double *c, size_t rs_c, size_t cs_c, int m, int n)
{
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    float64x2_t acc[D_NR][4];
#pragma GCC unroll 8
    for (int j = 0; j < D_NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < 4; v++)
            acc[j][v] = vdupq_n_f64(0);
    for (size_t l = 0; l < k; l++, a += D_MR, b += D_NR) {
        __builtin_prefetch(a + 16 * D_MR);
        const float64x2_t a0 = vld1q_f64(a), a1 = vld1q_f64(a + 2), a2 = vld1q_f64(a + 4),
                          a3 = vld1q_f64(a + 6);
        const float64x2_t b0 = vld1q_f64(b), b1 = vld1q_f64(b + 2), b2 = vld1q_f64(b + 4);
        D_COL(0, b0, 0) D_COL(1, b0, 1) D_COL(2, b1, 0) D_COL(3, b1, 1) D_COL(4, b2, 0)
        D_COL(5, b2, 1)
    }
    /* alpha and beta at the store; beta == 0 never reads C */
    if (rs_c == 1 && m == D_MR && n == D_NR) {
#pragma GCC unroll 8
        for (int j = 0; j < D_NR; j++) {
            double *cj = c + j * cs_c;
#pragma GCC unroll 4
            for (int v = 0; v < 4; v++) {
                float64x2_t r = vmulq_n_f64(acc[j][v], alpha);
                if (beta != 0)
                    r = vfmaq_n_f64(r, vld1q_f64(cj + 2 * v), beta);
                vst1q_f64(cj + 2 * v, r);
            }
        }
        return;
    }
    double t[D_NR][D_MR];
#pragma GCC unroll 8
    for (int j = 0; j < D_NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < 4; v++)
            vst1q_f64(&t[j][2 * v], vmulq_n_f64(acc[j][v], alpha));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            double *cij = &c[i * rs_c + j * cs_c];
            *cij = beta == 0 ? t[j][i] : t[j][i] + beta * *cij;
        }
}

#define PK_T double
#define PK_MR D_MR
#define PK_NR D_NR
#define PK_A_NAME nb_dpack_a_neon
#define PK_B_NAME nb_dpack_b_neon
#include "kernels/neon/pack_neon.h"
#undef PK_T
#undef PK_MR
#undef PK_NR
#undef PK_A_NAME
#undef PK_B_NAME

#define SM_T double
#define SM_V float64x2_t
#define SM_VL 2
#define SM_LD vld1q_f64
#define SM_ST vst1q_f64
#define SM_DUP vdupq_n_f64
#define SM_FMA_N vfmaq_n_f64
#define SM_MUL_N vmulq_n_f64
#define SM_NAME nb_dgemm_small_neon
#include "kernels/neon/small_neon.h"
