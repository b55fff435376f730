/* OpenBLAS's vector and matrix-add extensions: ?axpby (y = alpha*x + beta*y), i?amin (index of
   the smallest |x_i|) and ?geadd (C = alpha*A + beta*C), with their Fortran entry points. The
   CBLAS forms are in cblas/cblas_ext.tmpl.c; the matrix copies in openblas_ext_matcopy.tmpl.c.

   Special values follow OpenBLAS's kernels (checked against Debian's OpenBLAS 0.3.21): a zero
   beta overwrites the output without reading it (NaN or Inf there does not survive), a zero
   alpha does not read x or A (NaN there does not reach the output). "Zero" for a complex scalar
   means both parts zero. */
#include "blas/level1/l1_internal.h"
#include "blas/ext/openblas_ext_int.h"
#include "blas/nb_trace.h"

#define NB_BLASINT_MAX_ ((blasint)(((unsigned long long)1 << (8 * sizeof(blasint) - 1)) - 1))

static inline int is_zero(nb_t v) { return NB_RE(v) == 0 && NB_IM(v) == 0; }

typedef struct {
    const nb_t *x;
    nb_t *y;
    nb_t alpha, beta;
} axpby_ctx;

static void axpby_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    axpby_ctx *t = vctx;
    (void)c;
    NB_L1KP(axpby)(hi - lo, t->alpha, t->x + lo, t->beta, t->y + lo);
}

/* Unit stride: the kernel set's loop (kernels/l1_kernels.h; one loop per special case) over
   the fixed chunks of blas/level1/l1_internal.h, a team when long (each element has one
   owner: the split changes no bit). */
void NB_INT(axpby)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                   blasint incy)
{
    if (n <= 0)
        return;
    const int a0 = is_zero(alpha), b0 = is_zero(beta);
    if (incx == 1 && incy == 1) {
        size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
        axpby_ctx t = {x, y, alpha, beta};
        size_t reals = (size_t)(1 + !a0 + !b0) * NB_L1_NREAL * nn;
        nb_l1_run(nn, nch > 1 ? nb_l1_team(reals, nch) : 1, axpby_chunk, &t);
        return;
    }
    /* Strided: the reference element order (negative increments walk from the far end), which
       decides the result when incy is 0. */
    NB_L1_FOR2(n, incx, incy, ix, iy) {
        if (b0)
            y[iy] = a0 ? (nb_t)0 : alpha * x[ix];
        else
            y[iy] = a0 ? beta * y[iy] : alpha * x[ix] + beta * y[iy];
    }
}

/* i?amin: blas/ext/openblas_l1x.tmpl.c (the kernel set's searches, as ?amin). */

/* Argument positions of the Fortran routine: m 1, n 2, lda 5, ldc 8 (the first illegal one). */
blasint NB_INT(geadd_check)(blasint m, blasint n, blasint lda, blasint ldc)
{
    if (m < 0)
        return 1;
    if (n < 0)
        return 2;
    if (lda < nb_max(1, m))
        return 5;
    if (ldc < nb_max(1, m))
        return 8;
    return 0;
}

typedef struct {
    size_t m, n, lda, ldc;
    const nb_t *a;
    nb_t *c;
    nb_t alpha, beta;
} geadd_ctx;

/* A contiguous range of columns per thread: each column is one independent axpby, so the
   split changes no bit. */
static void geadd_region(void *vctx, int tid, int nt)
{
    const geadd_ctx *t = vctx;
    size_t lo, hi;
    nb_split(t->n, 1, nt, tid, &lo, &hi);
    for (size_t j = lo; j < hi; j++)
        NB_L1KP(axpby)(t->m, t->alpha, t->a + j * t->lda, t->beta, t->c + j * t->ldc);
}

void NB_INT(geadd)(blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda, nb_t beta, nb_t *c,
                   blasint ldc)
{
    if (m <= 0 || n <= 0)
        return;
    const int a0 = is_zero(alpha), b0 = is_zero(beta);
    if (a0 && NB_RE(beta) == 1 && NB_IM(beta) == 0)
        return;
    size_t mm = (size_t)m, nn = (size_t)n;
    /* one contiguous vector (one column, or packed columns): axpby's chunks and team */
    if ((n == 1 || (lda == m && ldc == m)) && mm * nn <= (size_t)NB_BLASINT_MAX_) {
        NB_INT(axpby)((blasint)(mm * nn), alpha, a, 1, beta, c, 1);
        return;
    }
    /* columns: the kernel set's axpby loop down each; whole columns to each thread */
    int team = nn > 1 ? nb_l1_team((size_t)(1 + !a0 + !b0) * NB_L1_NREAL * mm * nn, nn) : 1;
    if (team <= 1) {
        for (size_t j = 0; j < nn; j++)
            NB_L1KP(axpby)(mm, alpha, a + j * (size_t)lda, beta, c + j * (size_t)ldc);
        return;
    }
    geadd_ctx ctx = {mm, nn, (size_t)lda, (size_t)ldc, a, c, alpha, beta};
    nb_parallel(team, geadd_region, &ctx);
}

/* ---- Fortran entry points ---- */

NB_EXPORT void NB_FN(axpby_)(const blasint *n, const nb_t *alpha, const nb_t *x, const blasint *incx,
                             const nb_t *beta, nb_t *y, const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(axpby)(*n, *alpha, x, *incx, *beta, y, *incy);
}

NB_EXPORT blasint NB_IFN(amin_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_IINT(amin)(*n, x, *incx);
}

NB_EXPORT void NB_FN(geadd_)(const blasint *m, const blasint *n, const nb_t *alpha, const nb_t *a,
                             const blasint *lda, const nb_t *beta, nb_t *c, const blasint *ldc)
{
    NB_TRACE("m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, *m, *n, *lda, *ldc);
    blasint info = NB_INT(geadd_check)(*m, *n, *lda, *ldc);
    if (info) {
        nb_xerbla(NB_UP "GEADD ", info);
        return;
    }
    NB_INT(geadd)(*m, *n, *alpha, a, *lda, *beta, c, *ldc);
}
