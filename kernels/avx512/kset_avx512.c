/* The avx512 kernel set: AVX-512 kernels for s and d (dgemm_avx512.c, sgemm_avx512.c); c and z
   still use the generic kernels. */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/avx512/kernels_avx512.h"

#define NB_GENERIC_ENTRY(p, mr, nr) \
    { (mr), (nr), nb_##p##gemm_ukr_generic, nb_##p##pack_a_generic, nb_##p##pack_b_generic, NULL }
#define NB_AVX512_ENTRY(p, mr, nr)                                                            \
    { (mr), (nr), nb_##p##gemm_avx512_ukr, nb_##p##pack_a_avx512, nb_##p##pack_b_avx512,      \
      nb_##p##gemm_small_avx512, nb_##p##gemv_n_avx512, nb_##p##gemv_t_avx512, nb_##p##ger_avx512,          \
      nb_##p##trsm_rows_avx512, nb_##p##trmm_rows_avx512 }

NB_GEMV_DECLARE(avx512)

const nb_kernel_set nb_kernels_avx512 = {
    .name = "avx512",
    .s = NB_AVX512_ENTRY(s, 16 * NB_AVX512_S_MV, NB_AVX512_S_NR),
    .d = NB_AVX512_ENTRY(d, 8 * NB_AVX512_D_MV, NB_AVX512_D_NR),
    .c = NB_GENERIC_ENTRY(c, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
    .z = NB_GENERIC_ENTRY(z, NB_GENERIC_MR_COMPLEX, NB_GENERIC_NR_COMPLEX),
};
