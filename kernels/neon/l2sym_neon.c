/* symv/hemv panels and syr/syr2 column updates for s, d, c, z: the shared plain-C loops
   (kernels/generic/l2sym_loops.h) compiled with the neon set's flags. No intrinsics, so no
   register budget to state: the compiler allocates the loops' few vector accumulators. */
#include "kernels/kernel.h"
#define NB_L2SYM_SUFFIX neon
#include "kernels/generic/l2sym_loops.h"
