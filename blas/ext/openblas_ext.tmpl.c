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

static inline int is_zero(nb_t v) { return NB_RE(v) == 0 && NB_IM(v) == 0; }

void NB_INT(axpby)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                   blasint incy)
{
    if (n <= 0)
        return;
    const int a0 = is_zero(alpha), b0 = is_zero(beta);
    if (incx == 1 && incy == 1) {
        /* One loop per case, so that each vectorises without a branch per element. */
        size_t nn = (size_t)n;
        if (b0 && a0)
            for (size_t i = 0; i < nn; i++)
                y[i] = 0;
        else if (b0)
            for (size_t i = 0; i < nn; i++)
                y[i] = alpha * x[i];
        else if (a0)
            for (size_t i = 0; i < nn; i++)
                y[i] = beta * y[i];
        else
            for (size_t i = 0; i < nn; i++)
                y[i] = alpha * x[i] + beta * y[i];
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

#if NB_COMPLEX
static inline nb_r abs1(nb_t v) { return NB_FABS(NB_RE(v)) + NB_FABS(NB_IM(v)); }
#else
static inline nb_r abs1(nb_t v) { return NB_FABS(v); }
#endif

/* The first index of the smallest |x_i| (complex: |Re| + |Im|, as i?amax). A NaN compares false,
   so it is never chosen unless it is the first element (OpenBLAS's generic kernel; its x86
   assembly kernels may instead return a NaN's index). */
blasint NB_IINT(amin)(blasint n, const nb_t *x, blasint incx)
{
    if (n < 1 || incx <= 0)
        return 0;
    blasint best = 1;
    nb_r vmin = abs1(x[0]);
    const nb_t *p = x;
    for (blasint i = 2; i <= n; i++) {
        p += incx;
        nb_r v = abs1(*p);
        if (v < vmin) {
            best = i;
            vmin = v;
        }
    }
    return best;
}

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

void NB_INT(geadd)(blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda, nb_t beta, nb_t *c,
                   blasint ldc)
{
    if (m <= 0 || n <= 0)
        return;
    const int a0 = is_zero(alpha), b0 = is_zero(beta);
    if (a0 && NB_RE(beta) == 1 && NB_IM(beta) == 0)
        return;
    for (size_t j = 0; j < (size_t)n; j++) {
        const nb_t *aj = a + j * (size_t)lda;
        nb_t *cj = c + j * (size_t)ldc;
        size_t mm = (size_t)m;
        if (b0 && a0)
            for (size_t i = 0; i < mm; i++)
                cj[i] = 0;
        else if (b0)
            for (size_t i = 0; i < mm; i++)
                cj[i] = alpha * aj[i];
        else if (a0)
            for (size_t i = 0; i < mm; i++)
                cj[i] = beta * cj[i];
        else
            for (size_t i = 0; i < mm; i++)
                cj[i] = alpha * aj[i] + beta * cj[i];
    }
}

/* ---- Fortran entry points ---- */

NB_EXPORT void NB_FN(axpby_)(const blasint *n, const nb_t *alpha, const nb_t *x, const blasint *incx,
                             const nb_t *beta, nb_t *y, const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    NB_INT(axpby)(*n, *alpha, x, *incx, *beta, y, *incy);
}

NB_EXPORT blasint NB_IFN(amin_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_IINT(amin)(*n, x, *incx);
}

NB_EXPORT void NB_FN(geadd_)(const blasint *m, const blasint *n, const nb_t *alpha, const nb_t *a,
                             const blasint *lda, const nb_t *beta, nb_t *c, const blasint *ldc)
{
    NB_TRACE("m=%d n=%d lda=%d ldc=%d", *m, *n, *lda, *ldc);
    blasint info = NB_INT(geadd_check)(*m, *n, *lda, *ldc);
    if (info) {
        nb_xerbla(NB_UP "GEADD ", info);
        return;
    }
    NB_INT(geadd)(*m, *n, *alpha, a, *lda, *beta, c, *ldc);
}
