/* OpenBLAS's further Level 1 extensions, Fortran entry points: ?amax/?amin (largest/smallest
   |x_i|; complex |Re| + |Im|: samax_ damax_ scamax_ dzamax_, ...amin_), ?max/?min (largest/
   smallest value, real only), i?max/i?min (1-based index of that value, real only), ?sum (plain
   sum; complex: the sum of Re + Im over all elements: ssum_ dsum_ scsum_ dzsum_) and, complex
   only, ?axpyc (y += alpha*conj(x)). The CBLAS forms are in cblas/cblas_ext2.tmpl.c.

   Definitions are those of OpenBLAS's portable C kernels (kernel/arm/{amax,max,imax,sum,zsum}.c
   semantics, written anew here), which its ARM, POWER and RISC-V builds use:
   - n < 1 or incx < 1: the result is 0 (no negative-increment walk, unlike ?asum).
   - The search starts with element 1 and moves only on a strict comparison, so ties keep the
     first index, and a NaN is never chosen unless it is element 1 (then it stays: every later
     comparison with it is false).
   Debian's OpenBLAS 0.3.21 on x86-64 (assembly kernels) differs: its i?max/i?min may return a
   NaN's index at any position, ?amax/?max with incx = 0 return the value of x(1) instead of 0,
   and its scsum_/dzsum_ return wrong values (not the sum of the parts); see docs/API.md.

   ?axpyc follows OpenBLAS's ?axpy interface: n < 1 or alpha == 0 returns without reading x;
   negative increments walk from the far end as in the reference. */
#include "blas/level1/l1_internal.h"
#include "blas/ext/openblas_ext_int.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
static inline nb_r abs1(nb_t v) { return NB_FABS(NB_RE(v)) + NB_FABS(NB_IM(v)); }
#else
static inline nb_r abs1(nb_t v) { return NB_FABS(v); }
#endif

/* The extreme of |x_i| (by_abs) or x_i over the vector: its 1-based index, and its value in
   *val. 0 and *val = 0 when n < 1 or incx < 1. */
static blasint extreme(blasint n, const nb_t *x, blasint incx, int by_abs, int want_max, nb_r *val)
{
    *val = 0;
    if (n < 1 || incx < 1)
        return 0;
    blasint best = 1;
#if NB_COMPLEX
    (void)by_abs; /* complex vectors are compared by |Re| + |Im| only */
    nb_r v0 = abs1(x[0]);
#else
    nb_r v0 = by_abs ? abs1(x[0]) : x[0];
#endif
    const nb_t *p = x;
    for (blasint i = 2; i <= n; i++) {
        p += incx;
#if NB_COMPLEX
        nb_r v = abs1(*p);
#else
        nb_r v = by_abs ? abs1(*p) : *p;
#endif
        if (want_max ? v > v0 : v < v0) {
            best = i;
            v0 = v;
        }
    }
    *val = v0;
    return best;
}

/* The first maximum of |x_i| is i?amax's (the same strict > and NaN rules): its vector kernels,
   chunks and team (blas/level1/l1_norm.tmpl.c); the value is read back from the element. */
nb_r NB_INT(amax_x)(blasint n, const nb_t *x, blasint incx)
{
    if (n < 1 || incx < 1)
        return 0;
    blasint i = NB_IINT(amax)(n, x, incx);
    return abs1(x[(ptrdiff_t)(i - 1) * incx]);
}

nb_r NB_INT(amin_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r v;
    extreme(n, x, incx, 1, 0, &v);
    return v;
}

/* A complex element adds (Re + Im): the sum of the 2n reals. Unit stride: the kernel set's sum
   over the fixed chunks of blas/level1/l1_internal.h, chunks added in order (the same bits for
   any team); strided: OpenBLAS's order. */
typedef struct {
    const nb_t *x;
    nb_r part[NB_L1_MAX_CHUNKS];
} sum_ctx;

static void sum_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    sum_ctx *t = vctx;
    t->part[c] = NB_L1KR(sum)(NB_L1_NREAL * (hi - lo), (const nb_r *)(t->x + lo));
}

nb_r NB_INT(sum_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r s = 0;
    if (n < 1 || incx < 1)
        return s;
    if (incx == 1) {
        size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
        sum_ctx t;
        t.x = x;
        nb_l1_run(nn, nch > 1 ? nb_l1_team(NB_L1_NREAL * nn, nch) : 1, sum_chunk, &t);
        for (size_t c = 0; c < nch; c++)
            s += t.part[c];
        return s;
    }
    const nb_t *p = x;
    for (blasint i = 0; i < n; i++, p += incx)
#if NB_COMPLEX
        s += NB_RE(*p) + NB_IM(*p);
#else
        s += *p;
#endif
    return s;
}

#if !NB_COMPLEX
nb_r NB_INT(max_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r v;
    extreme(n, x, incx, 0, 1, &v);
    return v;
}

nb_r NB_INT(min_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r v;
    extreme(n, x, incx, 0, 0, &v);
    return v;
}

blasint NB_INT(imax_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r v;
    return extreme(n, x, incx, 0, 1, &v);
}

blasint NB_INT(imin_x)(blasint n, const nb_t *x, blasint incx)
{
    nb_r v;
    return extreme(n, x, incx, 0, 0, &v);
}
#else
void NB_INT(axpyc)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n < 1 || alpha == 0)
        return;
    if (incx == 1 && incy == 1) {
        for (size_t i = 0; i < (size_t)n; i++)
            y[i] = y[i] + alpha * NB_CONJ(x[i]);
        return;
    }
    /* the reference's element order, which decides the result when incy is 0 */
    NB_L1_FOR2(n, incx, incy, ix, iy) y[iy] = y[iy] + alpha * NB_CONJ(x[ix]);
}
#endif

/* ---- Fortran entry points (functions return the real type: float for s and sc) ---- */

NB_EXPORT nb_r NB_RFN(amax_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(amax_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_RFN(amin_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(amin_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_RFN(sum_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(sum_x)(*n, x, *incx);
}

#if !NB_COMPLEX
NB_EXPORT nb_r NB_FN(max_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(max_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_FN(min_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(min_x)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(max_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(imax_x)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(min_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_INT(imin_x)(*n, x, *incx);
}
#else
NB_EXPORT void NB_FN(axpyc_)(const blasint *n, const nb_t *alpha, const nb_t *x, const blasint *incx,
                             nb_t *y, const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    NB_INT(axpyc)(*n, *alpha, x, *incx, y, *incy);
}
#endif
