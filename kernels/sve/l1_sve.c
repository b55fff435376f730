/* The Level 1 kernels of the sve set: the shared plain-C loops (kernels/generic/l1_loops.h)
   compiled with this set's ISA flags, on 16-byte vectors. */
#include "kernels/l1_kernels.h"
#define NB_L1_SUFFIX sve
#define NB_L1_VBYTES 16
#include "kernels/generic/l1_loops.h"
