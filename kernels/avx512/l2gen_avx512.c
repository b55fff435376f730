/* Complex gemv / ger, per-column axpy / dot and bf16 gemv / dot: the shared plain-C loops
   (kernels/generic/l2gen_loops.h) compiled with the avx512 set's flags. No intrinsics, so no
   register budget to state: the compiler allocates the vector registers. */
#include "kernels/kernel.h"
#define NB_L2GEN_VBYTES 32
#define NB_L2GEN_NBYTES 64
#define NB_L2GEN_SUFFIX avx512
#define L2G_AXPY_VEC
#define L2G_KEEP(v) __asm__("" : "+v"(v)) /* l2gen_loops.h */
#include "kernels/generic/l2gen_loops.h"
