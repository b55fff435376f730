/* The generic kernel set: portable C, correct on any CPU (kernels/generic/gemm_generic.tmpl.c). */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"

#define NB_GENERIC_ENTRY(p, mr, nr) \
    { (mr), (nr), nb_##p##gemm_ukr_generic, nb_##p##pack_a_generic, nb_##p##pack_b_generic, NULL }
#define NB_GENERIC_REAL_ENTRY(p)                                                                 \
    { NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL, nb_##p##gemm_ukr_generic, nb_##p##pack_a_generic,   \
      nb_##p##pack_b_generic, NULL, nb_##p##gemv_n_generic, nb_##p##gemv_t_generic, nb_##p##ger_generic, nb_##p##trsm_rows_generic, nb_##p##trmm_rows_generic }

NB_GEMV_DECLARE(generic)

const nb_kernel_set nb_kernels_generic = {
    .name = "generic",
    .s = NB_GENERIC_REAL_ENTRY(s),
    .d = NB_GENERIC_REAL_ENTRY(d),
    .c = NB_GENERIC_ENTRY(c, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
    .z = NB_GENERIC_ENTRY(z, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
    .compact = NB_COMPACT_ENTRY(generic),
    .brgemm = NB_BRGEMM_ENTRY(generic),
    .l1 = NB_L1_ENTRY(generic),
    .l2gen = NB_L2GEN_ENTRY(generic),
    .l2sym = NB_L2SYM_ENTRY(generic),
};
