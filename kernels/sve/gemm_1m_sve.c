/* cgemm and zgemm of the sve set: the 1m method (kernels/generic/gemm_1m_loops.h) on the real
   3-vector x 8 kernels (ukr_sve.h): MR = 3 * the lanes of this CPU's vectors, known at run time
   (svcntd / svcntw, one instruction), at most 3 * 32 doubles or 3 * 64 floats (2048-bit SVE);
   the complex tiles are MR/2 x 8 (kset_sve.c's vla_setup writes MR/2 into the table). */
#include <arm_sve.h>
#include "kernels/sve/kernels_sve.h"
#include "kernels/generic/gemm_1m_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, sve, nb_dgemm_sve_3vx8, 3 * svcntd(), 3 * 32, 8)
NB_GEMM_1M_DEFINE(c, float _Complex, float, sve, nb_sgemm_sve_3vx8, 3 * svcntw(), 3 * 64, 8)
