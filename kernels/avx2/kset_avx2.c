/* The avx2 kernel set (AVX2 + FMA, 16 ymm registers: Haswell .. Zen3, and any later x86 CPU).
   Real types have their own kernels (dgemm_avx2.c, sgemm_avx2.c); complex types run on them
   through the 1m method (complex_gemm_avx2.c). */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/avx2/kernels_avx2.h"
#include "kernels/generic/gemm_1m_loops.h"

/* NB_AVX2_TUNE=1 (compile-time, for re-measuring) selects the 12x4 / 24x4 candidate tiles. */
#ifndef NB_AVX2_TUNE
#define NB_AVX2_TUNE 0
#endif

#define NB_AVX2_GEMV(p) nb_##p##gemv_n_avx2, nb_##p##gemv_t_avx2, nb_##p##ger_avx2, \
    nb_##p##trsm_rows_avx2, nb_##p##trmm_rows_avx2
NB_GEMV_DECLARE(avx2)
NB_GEMM_1M_DECLARE(c, float _Complex, avx2)
NB_GEMM_1M_DECLARE(z, double _Complex, avx2)

const nb_kernel_set nb_kernels_avx2 = {
    .name = "avx2",
#if NB_AVX2_TUNE == 1
    .s = {24, 4, nb_sgemm_avx2_24x4, nb_spack_a_avx2_24, nb_spack_b_avx2_4, nb_sgemm_small_avx2, NB_AVX2_GEMV(s)},
    .d = {12, 4, nb_dgemm_avx2_12x4, nb_dpack_a_avx2_12, nb_dpack_b_avx2_4, nb_dgemm_small_avx2, NB_AVX2_GEMV(d)},
#else
    .s = {16, 6, nb_sgemm_avx2_16x6, nb_spack_a_avx2_16, nb_spack_b_avx2_6, nb_sgemm_small_avx2, NB_AVX2_GEMV(s)},
    .d = {8, 6, nb_dgemm_avx2_8x6, nb_dpack_a_avx2_8, nb_dpack_b_avx2_6, nb_dgemm_small_avx2, NB_AVX2_GEMV(d)},
#endif
    .c = NB_GEMM_1M_ENTRY(c, avx2, 8, 6),
    .z = NB_GEMM_1M_ENTRY(z, avx2, 4, 6),
    .compact = NB_COMPACT_ENTRY(avx2),
    .brgemm = NB_BRGEMM_ENTRY(avx2),
    .l1 = NB_L1_ENTRY(avx2),
    .l2gen = NB_L2GEN_ENTRY(avx2),
    .l2sym = NB_L2SYM_ENTRY(avx2),
};
