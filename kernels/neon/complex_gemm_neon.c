/* cgemm and zgemm of the neon set: the 1m method (kernels/generic/gemm_1m_loops.h) on the real
   8x6 double and 16x6 float kernels (dgemm_neon.c, sgemm_neon.c): 4x6 and 8x6 complex tiles;
   and the no-packing small kernels (gemm_small_complex_loops.h) on 16-byte vectors, 2 vectors x
   4 columns (16 accumulators, 2 A, 2 broadcasts of 32 registers). */
#include "kernels/neon/kernels_neon.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "kernels/generic/gemm_small_complex_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, neon, nb_dgemm_neon_8x6, 8, 8, 6)
NB_GEMM_1M_DEFINE(c, float _Complex, float, neon, nb_sgemm_neon_16x6, 16, 16, 6)
NB_GEMM_SMALL_COMPLEX_DEFINE(z, double _Complex, double, long long, neon, 16, 2, 4)
NB_GEMM_SMALL_COMPLEX_DEFINE(c, float _Complex, float, int, neon, 16, 2, 4)
#define TRIC_DOUBLE 1
#define TRIC_SFX neon
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
#define TRIC_DOUBLE 0
#define TRIC_SFX neon
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
