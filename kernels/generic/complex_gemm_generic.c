/* cgemm and zgemm of the generic set: the 1m method (gemm_1m_loops.h) on the portable real
   kernels (gemm_generic.tmpl.c), and the no-packing small kernels (gemm_small_complex_loops.h)
   on 16-byte vectors (SSE2 / Advanced SIMD, the base ISA), 2 vectors x 4 columns. */
#include "kernels/generic/generic.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "kernels/generic/gemm_small_complex_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, generic, nb_dgemm_ukr_generic, NB_GENERIC_MR_REAL,
                  NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL)
NB_GEMM_1M_DEFINE(c, float _Complex, float, generic, nb_sgemm_ukr_generic, NB_GENERIC_MR_REAL,
                  NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL)
NB_GEMM_SMALL_COMPLEX_DEFINE(z, double _Complex, double, long long, generic, 16, 2, 4)
NB_GEMM_SMALL_COMPLEX_DEFINE(c, float _Complex, float, int, generic, 16, 2, 4)
#define TRIC_DOUBLE 1
#define TRIC_SFX generic
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
#define TRIC_DOUBLE 0
#define TRIC_SFX generic
#define TRIC_VB 16
#include "kernels/generic/tri_complex_loops.h"
