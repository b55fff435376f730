/* Level 2 symmetric/Hermitian kernels (symv/hemv column panels, syr/syr2/her/her2 updates): the table a kernel set fills for the ISA-agnostic drivers under blas/.
   Placeholder until the first kernels land: a set's entry is NB_L2SYM_ENTRY(<set suffix>), which
   names the set's functions; a NULL entry means "no kernel, the driver's portable loop runs". */
#ifndef NB_L2SYM_KERNELS_H
#define NB_L2SYM_KERNELS_H

#include <stddef.h>

typedef struct {
    int reserved;
} nb_l2sym_kernels;

#define NB_L2SYM_ENTRY(sfx) {0}

#endif
