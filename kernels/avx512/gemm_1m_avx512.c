/* cgemm and zgemm of the avx512 set (and of amx, which shares its fp32/fp64 kernels): the 1m
   method (kernels/generic/gemm_1m_loops.h) on the real MR x NR kernels of dgemm_avx512.c and
   sgemm_avx512.c (register budgets stated there): MR/2 x NR complex tiles. */
#include "kernels/avx512/kernels_avx512.h"
#include "kernels/generic/gemm_1m_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, avx512, nb_dgemm_avx512_ukr, 8 * NB_AVX512_D_MV,
                  8 * NB_AVX512_D_MV, NB_AVX512_D_NR)
NB_GEMM_1M_DEFINE(c, float _Complex, float, avx512, nb_sgemm_avx512_ukr, 16 * NB_AVX512_S_MV,
                  16 * NB_AVX512_S_MV, NB_AVX512_S_NR)
