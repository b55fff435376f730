/* gemv_n / gemv_t / ger and the trsm / trmm leaf loops for s and d: the shared plain-C loops
   (kernels/generic/gemv_loops.h, tri_loops.h) compiled with the sve set's flags. GCC
   vectorises them as vector-length-agnostic SVE loops (whilelo-predicated, no scalar tail), so
   they are correct at any vector length. */
#include "kernels/kernel.h"
#define NB_GEMV_SUFFIX sve
#include "kernels/generic/gemv_loops.h"
