/* Portable C GEMM kernels (the s and d instances): the micro-kernel and the two packing routines
   of the kernel contract (kernels/kernel.h). Correct on any CPU and the oracle for the ISA kernel
   sets, so clarity comes before speed; the register tile still lets the compiler keep the
   accumulators in registers and vectorise the inner loop. Complex types run on these through the
   1m method (complex_gemm_generic.c), as in every other set. */
#include "blas/nb_template.h"
#include "kernels/generic/generic.h"

#if !NB_COMPLEX
#define MR NB_GENERIC_MR_REAL
#define NR NB_GENERIC_NR_REAL

static inline nb_t conj_if(nb_t x, int conj)
{
    (void)conj;
    return x;
}

/* C's update rounded as the SIMD kernels round it, beta == 1: fma(alpha, acc, C), else
   fma(beta, C, alpha*acc); fused where the target has a fast FMA (AArch64, where GCC would
   otherwise contract alpha*acc + beta*C either way), unfused where it has none (x86-64's base
   ISA). The trsm leaves' split (kernels/generic/tri_loops.h) computes the same. */
#if !NB_COMPLEX && NB_PREC == 1 && defined(__FP_FAST_FMAF)
#define GENERIC_UPDATE(al, acc, be, c) ((be) == 1 ? __builtin_fmaf(al, acc, c) : __builtin_fmaf(be, c, (al) * (acc)))
#elif !NB_COMPLEX && NB_PREC == 2 && defined(__FP_FAST_FMA)
#define GENERIC_UPDATE(al, acc, be, c) ((be) == 1 ? __builtin_fma(al, acc, c) : __builtin_fma(be, c, (al) * (acc)))
#else
#define GENERIC_UPDATE(al, acc, be, c) ((al) * (acc) + (be) * (c))
#endif

void NB_INT(gemm_ukr_generic)(size_t k, nb_t alpha, const nb_t *a, const nb_t *b, nb_t beta, nb_t *c,
                              size_t rs_c, size_t cs_c, int m, int n)
{
    nb_t acc[NR][MR];
    for (int j = 0; j < NR; j++)
        for (int i = 0; i < MR; i++)
            acc[j][i] = 0;

    for (size_t l = 0; l < k; l++) {
        const nb_t *al = a + l * MR;
        const nb_t *bl = b + l * NR;
        for (int j = 0; j < NR; j++) {
            nb_t bj = bl[j];
            for (int i = 0; i < MR; i++)
                acc[j][i] += al[i] * bj;
        }
    }

    /* beta == 0 must not read C: a NaN already there is overwritten. */
    if (beta == 0) {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++)
                c[i * rs_c + j * cs_c] = alpha * acc[j][i];
    } else {
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                nb_t *cij = &c[i * rs_c + j * cs_c];
                *cij = GENERIC_UPDATE(alpha, acc[j][i], beta, *cij);
            }
    }
}

void NB_INT(pack_a_generic)(size_t m, size_t k, const nb_t *src, size_t rs, size_t cs, int conj,
                            nb_t *dst)
{
    for (size_t p = 0; p < m; p += MR) {
        size_t rows = m - p < MR ? m - p : MR;
        for (size_t l = 0; l < k; l++) {
            const nb_t *col = src + p * rs + l * cs;
            size_t i = 0;
            for (; i < rows; i++)
                dst[i] = conj_if(col[i * rs], conj);
            for (; i < MR; i++)
                dst[i] = 0;
            dst += MR;
        }
    }
}

void NB_INT(pack_b_generic)(size_t k, size_t n, const nb_t *src, size_t rs, size_t cs, int conj,
                            nb_t *dst)
{
    for (size_t q = 0; q < n; q += NR) {
        size_t cols = n - q < NR ? n - q : NR;
        for (size_t l = 0; l < k; l++) {
            const nb_t *row = src + l * rs + q * cs;
            size_t j = 0;
            for (; j < cols; j++)
                dst[j] = conj_if(row[j * cs], conj);
            for (; j < NR; j++)
                dst[j] = 0;
            dst += NR;
        }
    }
}
#endif
