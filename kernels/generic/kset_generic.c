/* The generic kernel set: portable C, correct on any CPU (kernels/generic/gemm_generic.tmpl.c). */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/generic/gemm_1m_loops.h"

#define NB_GENERIC_REAL_ENTRY(p)                                                                 \
    { NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL, nb_##p##gemm_ukr_generic, nb_##p##pack_a_generic,   \
      nb_##p##pack_b_generic, NULL, nb_##p##gemv_n_generic, nb_##p##gemv_t_generic, nb_##p##ger_generic, nb_##p##trsm_rows_generic, nb_##p##trmm_rows_generic }

NB_GEMV_DECLARE(generic)
NB_GEMM_1M_DECLARE(c, float _Complex, generic)
NB_GEMM_1M_DECLARE(z, double _Complex, generic)

const nb_kernel_set nb_kernels_generic = {
    .name = "generic",
    .s = NB_GENERIC_REAL_ENTRY(s),
    .d = NB_GENERIC_REAL_ENTRY(d),
    .c = NB_GEMM_1M_ENTRY(c, generic, NB_GENERIC_MR_REAL / 2, NB_GENERIC_NR_REAL),
    .z = NB_GEMM_1M_ENTRY(z, generic, NB_GENERIC_MR_REAL / 2, NB_GENERIC_NR_REAL),
    .compact = NB_COMPACT_ENTRY(generic),
    .brgemm = NB_BRGEMM_ENTRY(generic),
    .l1 = NB_L1_ENTRY(generic),
    .l2gen = NB_L2GEN_ENTRY(generic),
    .l2sym = NB_L2SYM_ENTRY(generic),
};
