/* Level 1 vector kernels (dot, axpy, scal, asum, nrm2, i?amax, rot, swap; s d c z) on contiguous operands: the table a kernel set fills for the ISA-agnostic drivers under blas/.
   Placeholder until the first kernels land: a set's entry is NB_L1_ENTRY(<set suffix>), which
   names the set's functions; a NULL entry means "no kernel, the driver's portable loop runs". */
#ifndef NB_L1_KERNELS_H
#define NB_L1_KERNELS_H

#include <stddef.h>

typedef struct {
    int reserved;
} nb_l1_kernels;

#define NB_L1_ENTRY(sfx) {0}

#endif
