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
#include "threading/nb_threads.h"

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
   against the whole width of B; a team of threads takes column ranges (whole NR tiles), each
   streaming its own part of B. Returns 0, having written nothing, if a transposed A cannot be
   copied. */
static int run_m_panels(const l3_kernel *kr, size_t m, size_t n, size_t k, size_t kb_max, nb_t alpha,
                        l3_view a, l3_view b, nb_t beta, nb_t *c, size_t ldc, int team)
{
    nb_t stack_buf[DIRECT_STACK_ELEMS];
    nb_t *buf = stack_buf;
    if (a.rs != 1 && m * kb_max > DIRECT_STACK_ELEMS) {
        buf = malloc(m * kb_max * sizeof(nb_t));
        if (!buf)
            return 0;
    }
    size_t nr = (size_t)kr->nr;
    (void)team; /* unused without OpenMP */
    for (size_t pc = 0; pc < k; pc += kb_max) {
        size_t kb = min_sz(kb_max, k - pc), lda;
        const nb_t *ap = colmajor_block(a, 0, pc, m, kb, buf, &lda);
        nb_t beta_pc = pc == 0 ? beta : (nb_t)1;
#pragma omp parallel num_threads(team) if (team > 1)
        {
            size_t j0, j1;
            nb_split(n, nr, NB_NUM_THREADS(), NB_THREAD_NUM(), &j0, &j1);
            if (j1 > j0)
                kr->small(m, j1 - j0, kb, alpha, ap, lda, b.p + pc * b.rs + j0 * b.cs, b.rs, b.cs,
                          beta_pc, c + j0 * ldc, ldc);
        }
    }
    if (buf != stack_buf)
        free(buf);
    return 1;
}

/* n-skinny: B (k x n) is the reused operand: K blocks sized so that one fits in half the
   budget, row blocks of A sized so that each fits in the other half; rows [m0, m1) only. */
static void run_n_panels(const l3_kernel *kr, size_t m0, size_t m1, size_t n, size_t k, nb_t alpha,
                         l3_view a, l3_view b, nb_t beta, nb_t *c, size_t ldc)
{
    size_t kb = min_sz(k, 512), mb = DIRECT_L2_BUDGET / 2 / (kb * sizeof(nb_t));
    mb = mb < 32 ? 32 : mb / 16 * 16;
    for (size_t pc = 0; pc < k; pc += kb) {
        size_t kk = min_sz(kb, k - pc);
        for (size_t ic = m0; ic < m1; ic += mb)
            kr->small(min_sz(mb, m1 - ic), n, kk, alpha, a.p + ic + pc * a.cs, a.cs, b.p + pc * b.rs,
                      b.rs, b.cs, pc == 0 ? beta : (nb_t)1, c + ic, ldc);
    }
}

int NB_INT(gemm_direct)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                        nb_t *c, size_t rsc, size_t csc, double flops)
{
    const l3_kernel *kr = &nb_rt.kset->NB_P;
    if (!kr->small || rsc != 1 || k == 0)
        return 0;
    const size_t e = sizeof(nb_t), nr = (size_t)kr->nr, mr = (size_t)kr->mr;

    if (m <= DIRECT_SMALL_DIM && n <= DIRECT_SMALL_DIM && k <= DIRECT_SMALL_DIM)
        return run_m_panels(kr, m, n, k, k, alpha, a, b, beta, c, csc, 1);

    if (m <= DIRECT_SKINNY_DIM) {
        size_t kb = DIRECT_L2_BUDGET / (m * e);
        kb = min_sz(kb < 64 ? 64 : kb, k);
        return run_m_panels(kr, m, n, k, kb, alpha, a, b, beta, c, csc,
                            nb_threads_for(flops, n / (2 * nr)));
    }

    if (n <= DIRECT_SKINNY_DIM / 4 && a.rs == 1) {
        int team = nb_threads_for(flops, m / (4 * mr));
        (void)team; /* unused without OpenMP */
#pragma omp parallel num_threads(team) if (team > 1)
        {
            size_t i0, i1;
            nb_split(m, mr, NB_NUM_THREADS(), NB_THREAD_NUM(), &i0, &i1);
            if (i1 > i0)
                run_n_panels(kr, i0, i1, n, k, alpha, a, b, beta, c, csc);
        }
        return 1;
    }
    return 0;
}
#endif
