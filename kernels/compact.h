/* Compact GEMM kernels (MKL's compact format: element (i, j) of P consecutive matrices stored
   side by side, so one vector holds P matrices' (i, j)). The kernel-set field `compact` of
   kernels/kernel.h. PLACEHOLDER: filled in by the compact work (blas/ext/compact*). */
#ifndef NB_KERNEL_COMPACT_H
#define NB_KERNEL_COMPACT_H

typedef struct {
    int placeholder;
} nb_compact_kernels;

/* The `compact` entry of kernel set `isa` (generic, avx2, avx512). */
#define NB_COMPACT_ENTRY(isa) {0}

#endif
