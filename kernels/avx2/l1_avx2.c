/* The Level 1 kernels of the avx2 set: the shared plain-C loops (kernels/generic/l1_loops.h)
   compiled with this set's ISA flags, on 32-byte vectors. */
#include "kernels/l1_kernels.h"
#define NB_L1_SUFFIX avx2
#define NB_L1_VBYTES 32
#include "kernels/generic/l1_loops.h"
