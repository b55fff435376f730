/* gemv_n / gemv_t / ger and the trsm / trmm leaf loops for s and d: the shared plain-C loops
   (kernels/generic/gemv_loops.h, tri_loops.h) compiled for AArch64 Advanced SIMD, where GCC
   vectorises them to 128-bit vectors (4 s / 2 d per register). */
#include "kernels/kernel.h"
#define NB_GEMV_SUFFIX neon
#include "kernels/generic/gemv_loops.h"
