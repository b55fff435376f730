/* fp32 AVX-512 GEMM kernels: micro-kernel 64x6, packing, no-packing small kernel (the code is
   in the templates ukr_avx512.h, pack_avx512.h, small_avx512.h; this file picks the shapes).

   Register budget (broadcast-B, VL = 16): micro-kernel 64x6 = (64/16)*6 = 24 accumulators
   + 4 A loads + 1 broadcast = 29 of 32 zmm; n-edge instances 64x6_n2 / _n4 8 / 16 (see
   dgemm_avx512.c). Small kernel: tiles up to 48x8 = 24 + 3 + 1 = 28.
   objdump of the built object: no loads or stores relative to rsp/rbp inside any k loop
   (micro-kernel main and tail loops, all 24 small-kernel tile shapes).

   Tile choice, measured on the 2-core Zen 4 (EPYC, L1d 32 KiB, L2 1 MiB), taskset -c 0,
   register-only zmm FMA peak 117 GFLOPS fp32. Whole sgemm 2048^3 through the library
   (MC 192, KC 256), in the same run as OpenBLAS 0.3.21 (97.1-99.1 GFLOPS):
     48x8 97.3   32x12 98.6   64x6 101.8
   (1024^3, KC 256: 48x8 92.1, 32x12 95.8, 64x6 93.7 against OpenBLAS 88.9-93.7.) 64x6 for
   the same reason as dgemm's 32x6: fewest C columns per tile in one L1 set for
   power-of-two ldc. The later changes of the shared templates (C prefetch into L2, separate
   store loops, packing) are described in dgemm_avx512.c; the objdump statement above was
   re-checked after them (GCC 12.2, -O2). On the Sapphire Rapids-class machine 64x6, 48x8 and
   32x14 measured level in one interleaved run (numbers in dgemm_avx512.c). tests/check_spills.py
   (make check) repeats the objdump check on every build. */
#include "kernels/avx512/kernels_avx512.h"
#define NB_AVX512_DOUBLE 0

#define UKR_MV NB_AVX512_S_MV
#define UKR_NR NB_AVX512_S_NR
#define UKR_NAME nb_sgemm_avx512_ukr
#define UKR_N2_NAME nb_sgemm_avx512_64x6_n2
#define UKR_N4_NAME nb_sgemm_avx512_64x6_n4
#include "kernels/avx512/ukr_nedge_avx512.h"

#define PACK_MR (NB_AVX512_S_MV * 16)
#define PACK_NR NB_AVX512_S_NR
#define PACK_A_NAME nb_spack_a_avx512
#define PACK_B_NAME nb_spack_b_avx512
#include "kernels/avx512/pack_avx512.h"

#define SMALL_MV 3
#define SMALL_NR 8
#define SMALL_NAME nb_sgemm_small_avx512
#include "kernels/avx512/small_avx512.h"
