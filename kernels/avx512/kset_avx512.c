/* The avx512 kernel set: AVX-512 kernels for s and d (dgemm_avx512.c, sgemm_avx512.c); c and z run
   on them through the 1m method (complex_gemm_avx512.c). */
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/avx512/kernels_avx512.h"

const nb_kernel_set nb_kernels_avx512 = {
    .name = "avx512",
    .s = NB_AVX512_ENTRY(s, 16 * NB_AVX512_S_MV, NB_AVX512_S_NR),
    .d = NB_AVX512_ENTRY(d, 8 * NB_AVX512_D_MV, NB_AVX512_D_NR),
    .c = NB_AVX512_C_1M_ENTRY,
    .z = NB_AVX512_Z_1M_ENTRY,
    .bf16 = NB_AVX512BF16_ENTRY,
    .compact = NB_COMPACT_ENTRY(avx512),
    .brgemm = NB_BRGEMM_ENTRY(avx512),
    .l1 = NB_L1_ENTRY(avx512),
    .l2gen = NB_L2GEN_ENTRY(avx512),
    .l2sym = NB_L2SYM_ENTRY(avx512),
};
