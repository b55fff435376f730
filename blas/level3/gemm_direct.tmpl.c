/* Shape-aware GEMM paths that skip the packing of one or both operands (seed 001): the kernel
   set's optional `small` kernel reads A (column-major, contiguous columns) and B (any strides) in
   place. Packing costs a read and a write of each operand; it pays only when the packed block is
   reused many times, which it is not when

   - every dimension is small: the whole problem fits in L1/L2 and the packing and its buffer
     would cost as much as the arithmetic;
   - m is small (16 x 4096 x 4096): A is the reused operand and is small; B is used by only
     ceil(m/MR) register tiles, so it is streamed once, in place, while A (one K block of it)
     stays in L2;
   - n is small (4096 x 16 x 4096): B is the reused operand and stays in L2; A is streamed once,
     one row block at a time, each block reused by the ceil(n/NR) tiles while it sits in L2.

   A stored transposed is copied to column-major first (small m or small problems only: the copy
   is then small next to the arithmetic). Only real types have `small` kernels so far. */
#include <stdlib.h>
#include "kernels/kernel.h"
#include "blas/level3/l3_internal.h"

#if !NB_COMPLEX
typedef NB_CAT(nb_gemm_kernel_, NB_P) l3_kernel;

/* Every dimension at most this: the no-packing kernel alone (chosen by measurement: packing starts
   to pay beyond it). */
#define DIRECT_SMALL_DIM 96
/* m (or n) at most this while the other two are large: the skinny paths. */
#define DIRECT_SKINNY_DIM 64
/* Working-set budget for the operand kept in L2 by the skinny paths (bytes). */
#define DIRECT_L2_BUDGET (384u << 10)
/* Stack space for a transposed A copy; larger copies use the heap. */
#define DIRECT_STACK_ELEMS 2304

static size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

/* A's m x k block at (i0, l0) as a column-major array: in place when its columns are contiguous,
   else copied into buf (m*k elements). */
static const nb_t *colmajor_block(l3_view a, size_t i0, size_t l0, size_t m, size_t k, nb_t *buf,
                                  size_t *lda)
{
    const nb_t *p = a.p + i0 * a.rs + l0 * a.cs;
    if (a.rs == 1) {
        *lda = a.cs;
        return p;
    }
    for (size_t l = 0; l < k; l++)
        for (size_t i = 0; i < m; i++)
            buf[i + l * m] = p[i * a.rs + l * a.cs];
    *lda = m;
    return buf;
}

/* m-skinny and small problems: K blocks of kb columns, each block of A (m x kb, in L2) swept
   against the whole width of B. */
static int run_m_panels(const l3_kernel *kr, size_t m, size_t n, size_t k, size_t kb_max, nb_t alpha,
                        l3_view a, l3_view b, nb_t beta, nb_t *c, size_t ldc)
{
    nb_t stack_buf[DIRECT_STACK_ELEMS];
    nb_t *buf = stack_buf;
    if (a.rs != 1 && m * kb_max > DIRECT_STACK_ELEMS) {
        buf = malloc(m * kb_max * sizeof(nb_t));
        if (!buf)
            return 0;
    }
    for (size_t pc = 0; pc < k; pc += kb_max) {
        size_t kb = min_sz(kb_max, k - pc), lda;
        const nb_t *ap = colmajor_block(a, 0, pc, m, kb, buf, &lda);
        kr->small(m, n, kb, alpha, ap, lda, b.p + pc * b.rs, b.rs, b.cs, pc == 0 ? beta : (nb_t)1, c,
                  ldc);
    }
    if (buf != stack_buf)
        free(buf);
    return 1;
}

int NB_INT(gemm_direct)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                        nb_t *c, size_t rsc, size_t csc)
{
    const l3_kernel *kr = &nb_rt.kset->NB_P;
    if (!kr->small || rsc != 1 || k == 0)
        return 0;
    const size_t e = sizeof(nb_t);

    if (m <= DIRECT_SMALL_DIM && n <= DIRECT_SMALL_DIM && k <= DIRECT_SMALL_DIM)
        return run_m_panels(kr, m, n, k, k, alpha, a, b, beta, c, csc);

    if (m <= DIRECT_SKINNY_DIM) {
        size_t kb = DIRECT_L2_BUDGET / (m * e);
        kb = kb < 64 ? 64 : kb;
        return run_m_panels(kr, m, n, k, min_sz(kb, k), alpha, a, b, beta, c, csc);
    }

    if (n <= DIRECT_SKINNY_DIM / 4 && a.rs == 1) {
        /* B (k x n) is the reused operand: K blocks sized so that one fits in half the budget,
           row blocks of A sized so that each fits in the other half. */
        size_t kb = min_sz(k, 512), mb = DIRECT_L2_BUDGET / 2 / (kb * e);
        mb = mb < 32 ? 32 : mb / 16 * 16;
        for (size_t pc = 0; pc < k; pc += kb) {
            size_t kk = min_sz(kb, k - pc);
            for (size_t ic = 0; ic < m; ic += mb)
                kr->small(min_sz(mb, m - ic), n, kk, alpha, a.p + ic + pc * a.cs, a.cs,
                          b.p + pc * b.rs, b.rs, b.cs, pc == 0 ? beta : (nb_t)1, c + ic, csc);
        }
        return 1;
    }
    return 0;
}
#endif
