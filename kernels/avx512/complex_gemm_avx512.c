/* cgemm and zgemm of the avx512 set (and of amx, which shares its fp32/fp64 kernels): the 1m
   method (kernels/generic/gemm_1m_loops.h) on the real MR x NR kernels of dgemm_avx512.c and
   sgemm_avx512.c (register budgets stated there): MR/2 x NR complex tiles; and the no-packing
   small kernels (gemm_small_complex_loops.h) on 64-byte vectors, 2 vectors x 3 columns (12
   accumulators, 2 A, 2 broadcasts of 32 zmm: at 4 columns GCC spilled one accumulator in the
   k loop, with the epilogue's alpha/beta/sign vectors held across it). */
#include "kernels/avx512/kernels_avx512.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "kernels/generic/gemm_small_complex_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, avx512, nb_dgemm_avx512_ukr, 8 * NB_AVX512_D_MV,
                  8 * NB_AVX512_D_MV, NB_AVX512_D_NR)
NB_GEMM_1M_DEFINE(c, float _Complex, float, avx512, nb_sgemm_avx512_ukr, 16 * NB_AVX512_S_MV,
                  16 * NB_AVX512_S_MV, NB_AVX512_S_NR)
NB_GEMM_SMALL_COMPLEX_DEFINE(z, double _Complex, double, long long, avx512, 64, 2, 3)
NB_GEMM_SMALL_COMPLEX_DEFINE(c, float _Complex, float, int, avx512, 64, 2, 3)
#define TRIC_DOUBLE 1
#define TRIC_SFX avx512
#define TRIC_VB 64
#include "kernels/generic/tri_complex_loops.h"
#define TRIC_DOUBLE 0
#define TRIC_SFX avx512
#define TRIC_VB 64
#include "kernels/generic/tri_complex_loops.h"
