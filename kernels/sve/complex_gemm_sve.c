/* cgemm and zgemm of the sve set: the 1m method (kernels/generic/gemm_1m_loops.h) on the real
   3-vector x 8 kernels (ukr_sve.h): MR = 3 * the lanes of this CPU's vectors, known at run time
   (svcntd / svcntw, one instruction), at most 3 * 32 doubles or 3 * 64 floats (2048-bit SVE);
   the complex tiles are MR/2 x 8 (kset_sve.c's vla_setup writes MR/2 into the table). The
   no-packing small kernels (gemm_small_complex_loops.h) are fixed-width code, so they use the
   Advanced SIMD 16-byte vectors every SVE CPU has: 2 vectors x 4 columns, 20 of 32 registers. */
#include <arm_sve.h>
#include "kernels/sve/kernels_sve.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "kernels/generic/gemm_small_complex_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, sve, nb_dgemm_sve_3vx8, 3 * svcntd(), 3 * 32, 8)
NB_GEMM_1M_DEFINE(c, float _Complex, float, sve, nb_sgemm_sve_3vx8, 3 * svcntw(), 3 * 64, 8)
NB_GEMM_SMALL_COMPLEX_DEFINE(z, double _Complex, double, long long, sve, 16, 2, 4)
NB_GEMM_SMALL_COMPLEX_DEFINE(c, float _Complex, float, int, sve, 16, 2, 4)
#define TRIC_DOUBLE 1
#define TRIC_SFX sve
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
#define TRIC_DOUBLE 0
#define TRIC_SFX sve
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
