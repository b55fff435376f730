/* Level 2 general and triangular kernels (complex gemv/ger, bf16 gemv/dot): the table a kernel set fills for the ISA-agnostic drivers under blas/.
   Placeholder until the first kernels land: a set's entry is NB_L2GEN_ENTRY(<set suffix>), which
   names the set's functions; a NULL entry means "no kernel, the driver's portable loop runs". */
#ifndef NB_L2GEN_KERNELS_H
#define NB_L2GEN_KERNELS_H

#include <stddef.h>

typedef struct {
    int reserved;
} nb_l2gen_kernels;

#define NB_L2GEN_ENTRY(sfx) {0}

#endif
