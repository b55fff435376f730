/* cgemm and zgemm of the avx2 set: the 1m method (kernels/generic/gemm_1m_loops.h) on the real
   8x6 double and 16x6 float kernels (dgemm_avx2.c, sgemm_avx2.c, whose register budgets hold):
   4x6 and 8x6 complex tiles; and the no-packing small kernels (gemm_small_complex_loops.h) on
   32-byte vectors, 2 vectors x 3 columns (16 ymm: 12 accumulators, 2 A, 2 broadcasts). */
#include "kernels/avx2/kernels_avx2.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "kernels/generic/gemm_small_complex_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, avx2, nb_dgemm_avx2_8x6, 8, 8, 6)
NB_GEMM_1M_DEFINE(c, float _Complex, float, avx2, nb_sgemm_avx2_16x6, 16, 16, 6)
NB_GEMM_SMALL_COMPLEX_DEFINE(z, double _Complex, double, long long, avx2, 32, 2, 3)
NB_GEMM_SMALL_COMPLEX_DEFINE(c, float _Complex, float, int, avx2, 32, 2, 3)
#define TRIC_DOUBLE 1
#define TRIC_SFX avx2
#define TRIC_VB 32
#include "kernels/generic/tri_complex_loops.h"
#define TRIC_DOUBLE 0
#define TRIC_SFX avx2
#define TRIC_VB 32
#include "kernels/generic/tri_complex_loops.h"
