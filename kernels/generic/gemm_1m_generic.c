/* cgemm and zgemm of the generic set: the 1m method (gemm_1m_loops.h) on the portable real
   kernels (gemm_generic.tmpl.c). */
#include "kernels/generic/generic.h"
#include "kernels/generic/gemm_1m_loops.h"

NB_GEMM_1M_DEFINE(z, double _Complex, double, generic, nb_dgemm_ukr_generic, NB_GENERIC_MR_REAL,
                  NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL)
NB_GEMM_1M_DEFINE(c, float _Complex, float, generic, nb_sgemm_ukr_generic, NB_GENERIC_MR_REAL,
                  NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL)
