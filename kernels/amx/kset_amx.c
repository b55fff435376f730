/* The amx kernel set: the avx512 set's fp32/fp64 kernels plus bf16 GEMM on AMX tiles. */
#include "kernels/avx512/kernels_avx512.h"
#include "kernels/amx/kernels_amx.h"

const nb_kernel_set nb_kernels_amx = {
    .name = "amx",
    .s = NB_AVX512_ENTRY(s, 16 * NB_AVX512_S_MV, NB_AVX512_S_NR),
    .d = NB_AVX512_ENTRY(d, 8 * NB_AVX512_D_MV, NB_AVX512_D_NR),
    .c = NB_AVX512_C_1M_ENTRY,
    .z = NB_AVX512_Z_1M_ENTRY,
    .bf16 = {NB_AMX_PAD, NB_AMX_PAD, NB_AMX_PAD, nb_sbgemm_pack_a_amx, nb_sbgemm_pack_b_amx,
             nb_sbgemm_compute_amx, 0, NB_AMX_STREAM_M, 16},
    .compact = NB_COMPACT_ENTRY(avx512),
    .brgemm = NB_BRGEMM_ENTRY(avx512),
    .l1 = NB_L1_ENTRY(avx512),
    .l2gen = NB_L2GEN_ENTRY(avx512),
    .l2sym = NB_L2SYM_ENTRY(avx512),
};
