/* Batch-reduce GEMM kernels: C = beta*C + alpha * sum_i A_i B_i with the C tile's accumulators
   in registers across the whole reduction. The kernel-set field `brgemm` of kernels/kernel.h.
   PLACEHOLDER: filled in by the brgemm work (blas/ext/brgemm*). */
#ifndef NB_KERNEL_BRGEMM_H
#define NB_KERNEL_BRGEMM_H

typedef struct {
    int placeholder;
} nb_brgemm_kernels;

/* The `brgemm` entry of kernel set `isa` (generic, avx2, avx512). */
#define NB_BRGEMM_ENTRY(isa) {0}

#endif
