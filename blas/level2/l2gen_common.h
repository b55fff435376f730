/* The kernel set's Level 2 loops seen from a type-generic template (gemv, ger, trmv, trsv and
   their band and packed forms): one name per operation whatever nb_t is. Real gemv_n / gemv_t /
   ger come from the set's gemm table (kernels/kernel.h), complex ones and the per-column
   axpy / dot from its l2gen table (kernels/l2gen_kernels.h). All vectors contiguous. */
#ifndef NB_L2GEN_COMMON_H
#define NB_L2GEN_COMMON_H

#include "l2_common.h"
#include "kernels/kernel.h"

#define L2K_TAB (&nb_rt.kset->l2gen)

/* y[0..m) += alpha * A x, A m x n */
static inline void l2k_gemv_n(size_t m, size_t n, nb_t alpha, const nb_t *a, size_t lda,
                              const nb_t *x, nb_t *y)
{
    if (m == 0 || n == 0)
        return;
#if NB_COMPLEX
    L2K_TAB->NB_CAT(NB_P, gemv_n)(m, n, NB_CAT(NB_KPASS_, NB_P)(alpha), a, lda, x, y);
#else
    nb_rt.kset->NB_P.gemv_n(m, n, alpha, a, lda, x, y);
#endif
}

/* y[0..n) += alpha * op(A)**T x, A m x n, op = conj when conj (complex only) */
static inline void l2k_gemv_t(size_t m, size_t n, nb_t alpha, const nb_t *a, size_t lda,
                              const nb_t *x, nb_t *y, int conj)
{
    if (n == 0)
        return;
#if NB_COMPLEX
    L2K_TAB->NB_CAT(NB_P, gemv_t)(m, n, NB_CAT(NB_KPASS_, NB_P)(alpha), a, lda, x, y, conj);
#else
    (void)conj;
    nb_rt.kset->NB_P.gemv_t(m, n, alpha, a, lda, x, y);
#endif
}

/* A += alpha * x op(y)**T, skipping columns with y[j] == 0 */
static inline void l2k_ger(size_t m, size_t n, const nb_t *alpha, const nb_t *x, const nb_t *y, nb_t *a,
                           size_t lda, int conj)
{
#if NB_COMPLEX
    L2K_TAB->NB_CAT(NB_P, ger)(m, n, NB_CAT(NB_KFROM_, NB_P)(alpha), x, y, a, lda, conj);
#else
    (void)conj;
    nb_rt.kset->NB_P.ger(m, n, *alpha, x, y, a, lda);
#endif
}

/* y[0..n) += t * x (t by address for c: NB_KARG in kernels/scalar_pass.h) */
static inline void l2k_axpy(size_t n, nb_t t, const nb_t *x, nb_t *y)
{
    L2K_TAB->NB_CAT(NB_P, axpy)(n, NB_CAT(NB_KPASS_, NB_P)(t), x, y);
}

/* y[0..len) += t[c] * a[c][0..len), c = 0..3 in order */
static inline void l2k_axpy4(size_t len, const nb_t *t, const nb_t *const *a, nb_t *y)
{
    L2K_TAB->NB_CAT(NB_P, axpy4)(len, t, a, y);
}

/* acc + sum of op(x[i]) * y[i] */
static inline nb_t l2k_dot(size_t n, nb_t acc, const nb_t *x, const nb_t *y, int conj)
{
    return L2K_TAB->NB_CAT(NB_P, dot)(n, acc, x, y, conj);
}

/* gemv_n that skips the columns where x[j] == 0, as the reference's column sweeps of trmv and
   trsv do (an Inf or NaN in such a column must not reach y): the runs of non-zero x[j] go to
   the kernel, so the skip costs one scan of x. */
static inline void l2k_gemv_n_skip0(size_t m, size_t n, nb_t alpha, const nb_t *a, size_t lda,
                                    const nb_t *x, nb_t *y)
{
    size_t j = 0;
    while (j < n) {
        while (j < n && x[j] == 0)
            j++;
        size_t j1 = j;
        while (j1 < n && x[j1] != 0)
            j1++;
        l2k_gemv_n(m, j1 - j, alpha, a + j * lda, lda, x + j, y);
        j = j1;
    }
}

/* gemv_n over the columns with live[j] != 0 only: trsv's, where live[j] says that x(j) was
   non-zero before its division (the reference's test), so that a quotient of zero still removes
   its column (0 times an Inf there gives NaN) and a skipped one never does */
static inline void l2k_gemv_n_live(size_t m, size_t n, nb_t alpha, const nb_t *a, size_t lda,
                                   const nb_t *x, const unsigned char *live, nb_t *y)
{
    size_t j = 0;
    while (j < n) {
        while (j < n && !live[j])
            j++;
        size_t j1 = j;
        while (j1 < n && live[j1])
            j1++;
        l2k_gemv_n(m, j1 - j, alpha, a + j * lda, lda, x + j, y);
        j = j1;
    }
}

/* Full or packed storage: the offset from column j's element in a row to the next column's in
   direction dir (+1, -1), and how it changes a column (the row-block trmv and trsv, trn_cols in
   kernels/l2gen_kernels.h) */
static inline void l2_col_steps(const l2_tri *s, blasint j, int dir, ptrdiff_t *step,
                                ptrdiff_t *dstep)
{
    ptrdiff_t n = s->n, jj = j;
    if (s->kind == L2_FULL)
        *step = dir * s->lda, *dstep = 0;
    else if (s->upper)
        *step = dir > 0 ? jj + 1 : -jj, *dstep = 1;
    else
        *step = dir > 0 ? n - jj - 1 : -(n - jj), *dstep = -1;
}

/* Triangular blocking (trmv, trsv in full storage): diagonal blocks of L2_TRB x L2_TRB run the
   reference loops, everything off the diagonal is gemv. 64 keeps the serial diagonal work of a
   solve at 64/n of the total and a block of x in L1. Below L2_TR_MIN the plain loops win. */
#define L2_TRB 64
#define L2_TR_MIN 128
/* Inside a block (and below L2_TR_MIN), trmv and trsv 'N' in full storage with unit stride take
   their columns in groups of this many: gemv for the rows outside the group, the group's own
   triangle row by row (trmv.tmpl.c, trsv.tmpl.c). */
#define L2_TR_GROUP 8

/* Part p of nparts of [0, n) in whole blocks of L2_TRB, balanced for work growing with the
   index (inc) or shrinking with it, as the rows of a triangle do. Which thread gets a block
   never changes its arithmetic, so the split only decides speed. */
static inline void l2_tri_split(size_t n, int inc, int nparts, int p, size_t *lo, size_t *hi)
{
    size_t b[2];
    for (int e = 0; e < 2; e++) {
        double f = (double)(p + e) / nparts, q = inc ? __builtin_sqrt(f) : 1 - __builtin_sqrt(1 - f);
        size_t v = (size_t)(q * (double)n / L2_TRB + 0.5) * L2_TRB;
        b[e] = p + e == nparts || v > n ? n : v;
    }
    *lo = b[0], *hi = b[1];
}

#endif
