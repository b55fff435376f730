/* symv/hemv panels and syr/syr2 column updates for s, d, c, z: the shared plain-C loops
   (kernels/generic/l2sym_loops.h) compiled with the avx512 set's flags. No intrinsics, so no
   register budget to state: the compiler allocates the loops' few vector accumulators. */
#include "kernels/kernel.h"
#define NB_L2SYM_SUFFIX avx512
#define NB_L2SYM_VBYTES 64
#include "kernels/generic/l2sym_loops.h"
