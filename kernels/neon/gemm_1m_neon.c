/* cgemm and zgemm of the neon set: the 1m method (kernels/generic/gemm_1m_loops.h) on the real
   8x6 double and 16x6 float kernels (dgemm_neon.c, sgemm_neon.c): 4x6 and 8x6 complex tiles. */
#include "kernels/neon/kernels_neon.h"
#include "kernels/generic/gemm_1m_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, neon, nb_dgemm_neon_8x6, 8, 8, 6)
NB_GEMM_1M_DEFINE(c, float _Complex, float, neon, nb_sgemm_neon_16x6, 16, 16, 6)
