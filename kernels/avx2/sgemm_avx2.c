/* sgemm kernels of the avx2 set (AVX2 + FMA only: Haswell .. Zen3): micro-kernel, packing and the
   no-packing small kernel, instantiated from the templates ukr_avx2.h, pack_avx2.h, small_avx2.h.

   Register tile: 16 x 6, broadcast-B. Budget (16 ymm): 2 x 6 = 12 accumulators + 2 A vectors
   + 1 broadcast = 15. 12 independent FMA chains >= 2 ports x 4 cycles latency.

   Measured (AMD EPYC Zen4 under KVM, core 1, taskset -c 1, 2048^3 NN, GFLOPS, medians of 3 calls,
   several interleaved rounds; the clock drifts by +-10% between minutes, so compare only within
   one round. Register-only ymm FMA loop: 106-116 GFLOPS fp32 in the same rounds):
     candidate        MC/KC     GFLOPS   OpenBLAS-Haswell same round
     16x6             192/680   94-96    102-104  (lead's default blocks)
     16x6             768/512   100-105  102-106  <- then (~0.9 of peak, ~1.0x OpenBLAS)
     24x4             768/512   91-94    102-106  (3 x 4 acc + 3 A + 1 bcast = 16; one
                                                   accumulator spill per 4 k steps, see below)
   Micro-kernel alone (packed operands, C updates, KC 512): ~108 GFLOPS = 93% of peak in a fast
   minute; the rest of the gap is packing (~3.5% of the time, memory-bound) and C traffic.
   Tried and rejected (no gain within the noise): k unroll 2 and 8 (4 kept), A prefetch distance
   0/8/16/24/32 k steps (16 kept), no A prefetch. Block sizes: KC 512, MC 768 best (KC 384..768,
   MC 768..2048 within ~2%; MC 256..320 and KC 1024 with small MC 3-10% slower). Since then the
   micro-kernel prefetches its B micro-panel (UKR_PFB_DIST in ukr_avx2.h) and the blocks come
   from the common rule of arch/blocking.c (384/680 on Zen 4; its grid puts 384/680 and 768/680
   within the noise of each other, 192/680 about 2% lower).

   Spill check (objdump -d build/kernels/avx2/sgemm_avx2.o, innermost loops containing FMAs):
   nb_sgemm_avx2_16x6: no stack access in the k loop (48 vfmadd231ps, 24 vbroadcastss, 8 loads,
   4 A and 2 B prefetches and 2 reg-reg moves per 4 k steps; re-checked after the B
   prefetch was added). Same remarks as dgemm_avx2.c for 24x4 and
   the small kernel's edge tiles.

   The 24x4 instances stay compiled so the comparison can be re-run: build kset_avx2.c with
   -DNB_AVX2_TUNE=1 to select them. */
#define NB_AVX2_DOUBLE 0
#include "kernels/avx2/avx2_vec.h"
#include "kernels/avx2/kernels_avx2.h"

#define UKR_MV 2
#define UKR_NR 6
#define UKR_NAME nb_sgemm_avx2_16x6
#include "kernels/avx2/ukr_avx2.h"
#undef UKR_MV
#undef UKR_NR
#undef UKR_NAME

#define UKR_MV 3
#define UKR_NR 4
#define UKR_NAME nb_sgemm_avx2_24x4
#include "kernels/avx2/ukr_avx2.h"
#undef UKR_MV
#undef UKR_NR
#undef UKR_NAME

#define PACK_MR 16
#define PACK_NR 6
#define PACK_A_NAME nb_spack_a_avx2_16
#define PACK_B_NAME nb_spack_b_avx2_6
#include "kernels/avx2/pack_avx2.h"
#undef PACK_MR
#undef PACK_NR
#undef PACK_A_NAME
#undef PACK_B_NAME

#define PACK_MR 24
#define PACK_NR 4
#define PACK_A_NAME nb_spack_a_avx2_24
#define PACK_B_NAME nb_spack_b_avx2_4
#include "kernels/avx2/pack_avx2.h"
#undef PACK_MR
#undef PACK_NR
#undef PACK_A_NAME
#undef PACK_B_NAME

#define SMALL_MV 2
#define SMALL_NR 6
#define SMALL_NAME nb_sgemm_small_avx2
#include "kernels/avx2/small_avx2.h"
