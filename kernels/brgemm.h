/* Batch-reduce GEMM kernels: C = alpha * sum_i A_i B_i + beta * C with the C tile's
   accumulators in registers across the whole reduction (every block i and every k step), then one
   update of C. The kernel-set field `brgemm` of kernels/kernel.h; the drivers are
   blas/ext/brgemm.tmpl.c (s, d) and blas/bf16/sbbrgemm.c (bf16 widened to fp32).

   Blocks are given by an nb_brgemm_blocks descriptor, so one kernel serves the three forms of the
   API without converting them: block i starts at
     ptr[i] + add                     (address form: an array of pointers)
     base + off[i] + add              (offset form)
     base + i * stride + add          (strided form; any stride, overlapping blocks included)
   in elements of the kernel's type. `add` moves every block by the same amount: the drivers use it
   to hand a kernel a sub-range of the rows of A or of the columns of B (threads, K slices).

   Kernel contract (`s` for float, `d` for double):
     kr(m, n, k, count, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc)
   computes C[m x n] = alpha * sum_{i < count} A_i * B_i + beta * C for m, n, k, count >= 1 with
   A_i column-major with contiguous columns (element (r, l) at A_i[r + l*lda]), B_i strided with
   rs_b == 1 or cs_b == 1 (element (l, j) at B_i[l*rs_b + j*cs_b]) and C column-major
   (c[r + j*ldc]). Operands are read in place; no read goes past the m rows of a column of A.
   beta == 0 never reads C (NaN there is overwritten). For each element the sum runs over the
   blocks in order and over l inside a block, whatever the tiling: results do not depend on how a
   driver splits C. */
#ifndef NB_KERNEL_BRGEMM_H
#define NB_KERNEL_BRGEMM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    const void *const *ptr; /* address form, else NULL */
    const void *base;       /* offset and strided forms */
    const long long *off;   /* offset form, else NULL */
    long long stride;       /* strided form */
    ptrdiff_t add;
} nb_brgemm_blocks;

/* Start of block i, for elements of esize bytes (an inline function so that kernels compute it
   once per block, outside their k loops). Integer arithmetic on the address: the offset and
   strided forms may point anywhere relative to `base`, and only the resulting address must be a
   valid one. */
static inline const void *nb_brgemm_block(const nb_brgemm_blocks *b, size_t i, size_t esize)
{
    const char *p;
    long long e;
    if (b->ptr) /* the caller's array holds float * or double *: read the pointer bytes */
        memcpy(&p, (const char *)b->ptr + i * sizeof(const void *), sizeof p), e = 0;
    else
        p = (const char *)b->base, e = b->off ? b->off[i] : (long long)i * b->stride;
    return (const void *)((uintptr_t)p + (uintptr_t)((e + (long long)b->add) * (long long)esize));
}

#define NB_BRGEMM_KERNEL_TYPE(T, p)                                                               \
    typedef void (*nb_##p##brgemm_fn)(size_t m, size_t n, size_t k, size_t count, T alpha,        \
                                      const nb_brgemm_blocks *a, size_t lda,                      \
                                      const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, T beta, \
                                      T *c, size_t ldc);
NB_BRGEMM_KERNEL_TYPE(float, s)
NB_BRGEMM_KERNEL_TYPE(double, d)

typedef struct {
    nb_sbrgemm_fn s;
    nb_dbrgemm_fn d;
} nb_brgemm_kernels;

#define NB_BRGEMM_DECLARE(isa)                                                                    \
    void nb_sbrgemm_##isa(size_t, size_t, size_t, size_t, float, const nb_brgemm_blocks *,         \
                          size_t, const nb_brgemm_blocks *, size_t, size_t, float, float *,       \
                          size_t);                                                                \
    void nb_dbrgemm_##isa(size_t, size_t, size_t, size_t, double, const nb_brgemm_blocks *,        \
                          size_t, const nb_brgemm_blocks *, size_t, size_t, double, double *,     \
                          size_t);
NB_BRGEMM_DECLARE(generic)
NB_BRGEMM_DECLARE(avx2)
NB_BRGEMM_DECLARE(avx512)

/* The `brgemm` entry of kernel set `isa` (generic, avx2, avx512). */
#define NB_BRGEMM_ENTRY(isa) {nb_sbrgemm_##isa, nb_dbrgemm_##isa}

#endif
