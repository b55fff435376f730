/* The neon kernel set (AArch64 Advanced SIMD, 32 x 128-bit registers: any ARMv8-A CPU).
   Real types have their own kernels (dgemm_neon.c 8 x 6, sgemm_neon.c 16 x 6, register budgets
   stated there); complex types run on them through the 1m method (complex_gemm_neon.c); bf16
   through BFMMLA where the CPU has FEAT_BF16 (sbgemm_neon_bf16.c, built only when the compiler
   knows +bf16); compact GEMM from the shared vector-extension loops at P = 4 s / 2 d
   (compact_neon.c); batch-reduce GEMM the generic kernel. */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/neon/kernels_neon.h"
#include "kernels/generic/gemm_1m_loops.h"

#define NB_NEON_GEMV(p) nb_##p##gemv_n_neon, nb_##p##gemv_t_neon, nb_##p##ger_neon, \
    nb_##p##trsm_rows_neon, nb_##p##trmm_rows_neon
NB_GEMV_DECLARE(neon)
NB_GEMM_1M_DECLARE(c, float _Complex, neon)
NB_GEMM_1M_DECLARE(z, double _Complex, neon)

const nb_kernel_set nb_kernels_neon = {
    .name = "neon",
    .s = {16, 6, nb_sgemm_neon_16x6, nb_spack_a_neon, nb_spack_b_neon, nb_sgemm_small_neon, NB_NEON_GEMV(s)},
    .d = {8, 6, nb_dgemm_neon_8x6, nb_dpack_a_neon, nb_dpack_b_neon, nb_dgemm_small_neon, NB_NEON_GEMV(d)},
    .c = NB_GEMM_1M_ENTRY(c, neon, 8, 6),
    .z = NB_GEMM_1M_ENTRY(z, neon, 4, 6),
#if NB_NEON_HAVE_BF16
    /* BFMMLA tiles of 8 x 12, k in steps of 4. speed_over_fp32 1: not measured (no ARM hardware
       here), so the team is sized as for the fp32 flops. */
    .bf16 = {.mpad = NB_NEON_BF16_MR, .npad = NB_NEON_BF16_NR, .kpad = 4,
             .pack_a = nb_sbgemm_pack_a_neon_bf16, .pack_b = nb_sbgemm_pack_b_neon_bf16,
             .compute = nb_sbgemm_compute_neon_bf16, .speed_over_fp32 = 1, .needs_arm_bf16 = 1},
#endif
    .compact = NB_COMPACT_ENTRY(neon),
    .brgemm = NB_BRGEMM_ENTRY(generic),
    .l1 = NB_L1_ENTRY(neon),
    .l2gen = NB_L2GEN_ENTRY(neon),
    .l2sym = NB_L2SYM_ENTRY(neon),
};
