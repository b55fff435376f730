/* The avx2 kernel set. Placeholder: the generic kernels until the avx2 kernels land. */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"

#define NB_GENERIC_ENTRY(p, mr, nr) \
    { (mr), (nr), nb_##p##gemm_ukr_generic, nb_##p##pack_a_generic, nb_##p##pack_b_generic, NULL }

const nb_kernel_set nb_kernels_avx2 = {
    .name = "avx2",
    .s = NB_GENERIC_ENTRY(s, NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL),
    .d = NB_GENERIC_ENTRY(d, NB_GENERIC_MR_REAL, NB_GENERIC_NR_REAL),
    .c = NB_GENERIC_ENTRY(c, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
    .z = NB_GENERIC_ENTRY(z, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
};
