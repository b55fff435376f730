/* dgemm kernels of the avx2 set (AVX2 + FMA only: Haswell .. Zen3): micro-kernel, packing and the
   no-packing small kernel, instantiated from the templates ukr_avx2.h, pack_avx2.h, small_avx2.h.

   Register tile: 8 x 6, broadcast-B. Budget (16 ymm): 2 x 6 = 12 accumulators + 2 A vectors
   + 1 broadcast = 15. 12 independent FMA chains >= 2 ports x 4 cycles latency.

   Measured (AMD EPYC Zen4 under KVM, core 1, taskset -c 1, 2048^3 NN, GFLOPS, medians of 3 calls,
   several interleaved rounds; the clock of this VM drifts by +-10% between minutes, so compare
   only within one round. Register-only ymm FMA loop: 55-58 GFLOPS fp64 in the same rounds):
     candidate        MC/KC     GFLOPS   OpenBLAS-Haswell same round
     8x6              192/336   40-47    43-48   (lead's default blocks)
     8x6              768/512   50-52    49-50   <- then (~0.9 of peak, ~1.02x OpenBLAS)
     12x4             384/256   45.5     47-50   (3 x 4 acc + 3 A + 1 bcast = 16: no free ymm;
                                                  also one accumulator spill per 4 k steps in
                                                  GCC 12's code, see below)
   4x12 broadcast-A was not measured (same 12-accumulator budget; not done for lack of time).
   Block sizes: KC 512, MC 768 (NC = the default, > n here) were best among KC 192..768 x
   MC 96..2048; the plateau is flat (KC 256..512 with MC >= 384 within ~3%).
   Since then the micro-kernel prefetches its B micro-panel (UKR_PFB_DIST in ukr_avx2.h), which
   removed most of the penalty of small MC (2048^3, ratio to OpenBLAS-Haswell, medians of 9:
   MC/KC 128/512 0.906 -> 0.969, 96/512 0.890 -> 0.933, 768/768 unchanged), and the blocks
   come from the common rule of arch/blocking.c (384/336 on Zen 4; the grid there puts it
   within the noise of 768/512).

   n-edge tiles (n <= 2, n <= 4) run nb_dgemm_avx2_8x6_n2 / _n4, the same loop on fewer columns
   (ukr_avx2.h); they are checked for spills like the full tile.

   Spill check (objdump -d build/kernels/avx2/dgemm_avx2.o, innermost loops containing FMAs):
   nb_dgemm_avx2_8x6: no stack access in the k loop (48 vfmadd231pd, 24 vbroadcastsd, 8 loads,
   4 A and 3 B prefetches and 2 reg-reg moves per 4 k steps; re-checked after the B
   prefetch was added). nb_dgemm_avx2_12x4 (candidate only): one
   accumulator store+reload per 4 k steps. Small kernel: the full 8x6 tile loop is clean; m-edge
   tiles re-read their mask from the stack on purpose (see small_avx2.h), the masked 8x6 tile
   still spills one accumulator per 2 k steps and some n-edge tiles reload a column offset
   (GPR) from the stack: edges only.

   The 12x4 instances stay compiled so the comparison can be re-run: build kset_avx2.c with
   -DNB_AVX2_TUNE=1 to select them. */
#define NB_AVX2_DOUBLE 1
#include "kernels/avx2/avx2_vec.h"
#include "kernels/avx2/kernels_avx2.h"

#define UKR_MV 2
#define UKR_NR 6
#define UKR_NAME nb_dgemm_avx2_8x6
#include "kernels/avx2/ukr_avx2.h"
#undef UKR_MV
#undef UKR_NR
#undef UKR_NAME

#define UKR_MV 3
#define UKR_NR 4
#define UKR_NAME nb_dgemm_avx2_12x4
#include "kernels/avx2/ukr_avx2.h"
#undef UKR_MV
#undef UKR_NR
#undef UKR_NAME

#define PACK_MR 8
#define PACK_NR 6
#define PACK_A_NAME nb_dpack_a_avx2_8
#define PACK_B_NAME nb_dpack_b_avx2_6
#include "kernels/avx2/pack_avx2.h"
#undef PACK_MR
#undef PACK_NR
#undef PACK_A_NAME
#undef PACK_B_NAME

#define PACK_MR 12
#define PACK_NR 4
#define PACK_A_NAME nb_dpack_a_avx2_12
#define PACK_B_NAME nb_dpack_b_avx2_4
#include "kernels/avx2/pack_avx2.h"
#undef PACK_MR
#undef PACK_NR
#undef PACK_A_NAME
#undef PACK_B_NAME

#define SMALL_MV 2
#define SMALL_NR 6
#define SMALL_NAME nb_dgemm_small_avx2
#include "kernels/avx2/small_avx2.h"
