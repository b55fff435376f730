/* The Level 1 kernels of the avx512 set: the shared plain-C loops (kernels/generic/l1_loops.h)
   compiled with this set's ISA flags, on 64-byte vectors. */
#include "kernels/l1_kernels.h"
#define NB_L1_SUFFIX avx512
#define NB_L1_VBYTES 64
#include "kernels/generic/l1_loops.h"
