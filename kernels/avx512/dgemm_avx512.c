/* fp64 AVX-512 GEMM kernels: micro-kernel 32x6, packing, no-packing small kernel (the code is
   in the templates ukr_avx512.h, pack_avx512.h, small_avx512.h; this file picks the shapes).

   Register budget (broadcast-B, VL = 8): micro-kernel 32x6 = (32/8)*6 = 24 accumulators
   + 4 A loads + 1 broadcast = 29 of 32 zmm; its n-edge instances 32x6_n2 / _n4 (the last
   tile of a B block with 1-2 / 3-4 columns) 8 / 16 accumulators. Small kernel: tiles up to
   24x8 = 24 + 3 + 1 = 28. objdump of the built object: no loads or stores relative to rsp/rbp
   inside any k loop (micro-kernel main and tail loops of all three instances, all 24
   small-kernel tile shapes; tests/check_spills.py --strict covers the _n2/_n4 names).

   Tile choice, measured on the 2-core Zen 4 (EPYC, L1d 32 KiB, L2 1 MiB), taskset -c 0,
   register-only zmm FMA peak 58.5 GFLOPS fp64. Micro-kernel over a packed L2-resident A block
   (MC 192, KC 256), NC 1024, ldc 1024, medians of 7-9 interleaved runs, in GFLOPS:
     24x8 52.6-53.2   16x14 50.5-52.6   16x12 50.2-51.9   32x6 53.5-54.3   (in L1: all 56-57)
   Whole dgemm 2048^3 through the library, same run as OpenBLAS 0.3.21 (52.6-53.3):
     24x8 51.4   16x12 49.7   32x6 52.0.
   32x6 wins mostly on the C update: 6 columns of a power-of-two ldc compete for one L1 set
   (8 ways), 8 to 14 columns thrash it. Prefetching C 32 k steps before the end (not at the
   start) and B 16 steps ahead was worth 1-2 GFLOPS on every shape. Later (ukr_avx512.h):
   every line of the C tile is requested (first and last element of a column left the middle
   lines of the 4-5 it spans to the hardware), a long loop also requests it into L2 at the start
   (2048^3: +1-3% over the same kernel without, medians of 9 interleaved samples), and the
   stores have their own loops for beta = 0 / beta = 1 / alpha = 1 (no multiply by 1).
   A prefetch distance 4 / 8 / 16 k steps and C requested 1..16 tiles ahead for small k measured
   the same. The objdump statement above was re-checked after these changes (GCC 12.2, -O2).

   Re-measured on a 2-core Sapphire Rapids-class Xeon (KVM; L1d 48 KiB, L2 2 MiB), where the
   register-only zmm FMA loop sustains 113-120 GFLOPS fp64 for seconds. Candidate tiles built
   as separate libraries and timed in one gemm_bench run (interleaved medians, d / s):
     1024^3  32x6 90.4 / 174.9   24x8 90.7 / 169.3   16x14 87.4 / 176.4
     2048^3  32x6 84.5 / 174.2   24x8 82.7 / 169.8   16x14 85.2 / 168.1
     4096^3  32x6 89.4 / 175.6   24x8 87.8 / 177.2   16x14 84.7 / 179.1
   level within the run-to-run spread (+-3%), so 32x6 / 64x6 stay. The k loop alone, A and B
   in L1 (k = 128, no C traffic to speak of): 32x6 96-99, 24x8 95-97, 16x14 95, 16x12 90-96,
   8x24 with {1to8} embedded broadcasts 93, i.e. 83-86% of the FMA-only rate: on this machine
   the loads (4 + 6 per 24 FMAs) cost ~15% that no tile shape recovers, and the whole dgemm
   runs at 70-75% of the FMA-only figure, as MKL 2026.0 does (72-75%). Prefetch distances
   (A 2 / 4 / 8 k steps, B prefetch on / off) measured level too (+-3%, 4096^3 noisier). */
#include "kernels/avx512/kernels_avx512.h"
#define NB_AVX512_DOUBLE 1

#define UKR_MV NB_AVX512_D_MV
#define UKR_NR NB_AVX512_D_NR
#define UKR_NAME nb_dgemm_avx512_ukr
#define UKR_N2_NAME nb_dgemm_avx512_32x6_n2
#define UKR_N4_NAME nb_dgemm_avx512_32x6_n4
#include "kernels/avx512/ukr_nedge_avx512.h"

#define PACK_MR (NB_AVX512_D_MV * 8)
#define PACK_NR NB_AVX512_D_NR
#define PACK_A_NAME nb_dpack_a_avx512
#define PACK_B_NAME nb_dpack_b_avx512
#include "kernels/avx512/pack_avx512.h"

#define SMALL_MV 3
#define SMALL_NR 8
#define SMALL_NAME nb_dgemm_small_avx512
#include "kernels/avx512/small_avx512.h"
