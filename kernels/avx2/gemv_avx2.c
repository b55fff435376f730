/* gemv_n / gemv_t for s and d, the shared plain-C loops (kernels/generic/gemv_loops.h) compiled
   with this kernel set's ISA flags. */
#include "kernels/kernel.h"
#define NB_GEMV_SUFFIX avx2
#define NB_GEMV_VBYTES 32
#include "kernels/generic/gemv_loops.h"
