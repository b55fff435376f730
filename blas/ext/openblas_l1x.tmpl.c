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

/* The searches other than i?amax's: i?amin (smallest |x_i|, complex |Re| + |Im|) and, real
   only, i?max/i?min (largest/smallest value). Each chunk of the fixed chunks of
   blas/level1/l1_internal.h gets its first extreme over the elements that are not NaN from the
   kernel set (strided: gathered a piece at a time, pieces compared in order); the chunks are
   compared in order with the strict comparison, so the result is the first extreme, the same
   for any team. A NaN as element 1 is the answer (every comparison with it is false); otherwise
   element 1 is a candidate, so some chunk finds one. The value forms (?amin, ?max, ?min) ask
   the kernels for the value only (no scan for its position); a signed zero result is looked up
   by index, since -0 and +0 tie and the first one decides the sign. */
enum { EXT_AMIN, EXT_MAX, EXT_MIN };
#define EXT_NONE ((size_t)-1)

static inline nb_r ext_value(int kind, nb_t v)
{
#if NB_COMPLEX
    (void)kind;
    return abs1(v);
#else
    return kind == EXT_AMIN ? abs1(v) : v;
#endif
}

static inline int ext_better(int kind, nb_r a, nb_r b) { return kind == EXT_MAX ? a > b : a < b; }

static inline size_t ext_kernel(int kind, size_t n, const nb_t *x, nb_r *v, int want_index)
{
#if NB_COMPLEX
    (void)kind;
    return NB_L1K(NB_CAT3(i, NB_P, amin))(n, x, v, want_index); /* icamin, izamin */
#else
    if (kind == EXT_MAX)
        return NB_L1K(NB_CAT3(i, NB_P, max))(n, x, v, want_index);
    if (kind == EXT_MIN)
        return NB_L1K(NB_CAT3(i, NB_P, min))(n, x, v, want_index);
    return NB_L1K(NB_CAT3(i, NB_P, amin))(n, x, v, want_index);
#endif
}

typedef struct {
    const nb_t *x;
    size_t incx;
    int kind, want_index;
    size_t idx[NB_L1_MAX_CHUNKS];
    nb_r val[NB_L1_MAX_CHUNKS];
} ext_ctx;

static void ext_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    ext_ctx *t = vctx;
    if (t->incx == 1) {
        size_t k = ext_kernel(t->kind, hi - lo, t->x + lo, &t->val[c], t->want_index);
        t->idx[c] = k < hi - lo ? lo + k : EXT_NONE;
        return;
    }
    nb_t buf[NB_L1_PIECE];
    nb_r best = 0, v;
    size_t bi = EXT_NONE;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, (ptrdiff_t)t->incx, p, len, buf);
        size_t k = ext_kernel(t->kind, len, buf, &v, t->want_index);
        if (k < len && (bi == EXT_NONE || ext_better(t->kind, v, best)))
            best = v, bi = p + k;
    }
    t->idx[c] = bi, t->val[c] = best;
}

/* The first extreme over the chunks (x[0] not NaN, n >= 1, incx >= 1): its value, and in *idx
   its 0-based index (want_index) or some index. */
static nb_r ext_run(size_t nn, const nb_t *x, blasint incx, int kind, int want_index, size_t *idx)
{
    size_t nch = nb_l1_nchunks(nn);
    nb_r v;
    if (nch == 1 && incx == 1) {
        *idx = ext_kernel(kind, nn, x, &v, want_index);
        return v;
    }
    ext_ctx t;
    t.x = x, t.incx = (size_t)incx, t.kind = kind, t.want_index = want_index;
    nb_l1_run(nn, nch > 1 ? nb_l1_team(NB_L1_NREAL * nn, nch) : 1, ext_chunk, &t);
    nb_r best = 0;
    size_t bi = EXT_NONE;
    for (size_t c = 0; c < nch; c++)
        if (t.idx[c] != EXT_NONE && (bi == EXT_NONE || ext_better(kind, t.val[c], best)))
            best = t.val[c], bi = t.idx[c];
    *idx = bi;
    return best;
}

/* 1-based index of the first extreme; 0 when n < 1 or incx < 1. */
static blasint ext_search(blasint n, const nb_t *x, blasint incx, int kind)
{
    if (n < 1 || incx < 1)
        return 0;
    nb_r v0 = ext_value(kind, x[0]);
    if (v0 != v0)
        return 1;
    size_t i;
    ext_run((size_t)n, x, incx, kind, 1, &i);
    return (blasint)i + 1;
}

/* The extreme's value, that of the element the search picks (0 when n < 1 or incx < 1). */
static nb_r ext_val(blasint n, const nb_t *x, blasint incx, int kind)
{
    if (n < 1 || incx < 1)
        return 0;
    nb_r v0 = ext_value(kind, x[0]);
    if (v0 != v0)
        return v0;
    size_t i;
    nb_r v = ext_run((size_t)n, x, incx, kind, 0, &i);
    if (kind != EXT_AMIN && v == 0) /* which zero: the first one's */
        return ext_value(kind, x[(ptrdiff_t)(ext_search(n, x, incx, kind) - 1) * incx]);
    return v;
}

/* i?amin: the first smallest |x_i| (declared in openblas_ext_int.h; Fortran entry in
   openblas_ext.tmpl.c). */
blasint NB_IINT(amin)(blasint n, const nb_t *x, blasint incx)
{
    return ext_search(n, x, incx, EXT_AMIN);
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
    return ext_val(n, x, incx, EXT_AMIN);
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
    return ext_val(n, x, incx, EXT_MAX);
}

nb_r NB_INT(min_x)(blasint n, const nb_t *x, blasint incx)
{
    return ext_val(n, x, incx, EXT_MIN);
}

blasint NB_INT(imax_x)(blasint n, const nb_t *x, blasint incx)
{
    return ext_search(n, x, incx, EXT_MAX);
}

blasint NB_INT(imin_x)(blasint n, const nb_t *x, blasint incx)
{
    return ext_search(n, x, incx, EXT_MIN);
}
#else
typedef struct {
    const nb_t *x;
    nb_t *y;
    nb_t alpha;
} axpyc_ctx;

static void axpyc_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    axpyc_ctx *t = vctx;
    (void)c;
    NB_L1KP(axpyc)(hi - lo, t->alpha, t->x + lo, t->y + lo);
}

void NB_INT(axpyc)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n < 1 || alpha == 0)
        return;
    if (incx == 1 && incy == 1) { /* the kernel set's loop, fixed chunks, a team when long */
        size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
        axpyc_ctx t = {x, y, alpha};
        nb_l1_run(nn, nch > 1 ? nb_l1_team(6 * nn, nch) : 1, axpyc_chunk, &t);
        return;
    }
    /* the reference's element order, which decides the result when incy is 0 */
    NB_L1_FOR2(n, incx, incy, ix, iy) y[iy] = y[iy] + alpha * NB_CONJ(x[ix]);
}
#endif

/* ---- Fortran entry points (functions return the real type: float for s and sc) ---- */

NB_EXPORT nb_r NB_RFN(amax_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(amax_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_RFN(amin_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(amin_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_RFN(sum_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(sum_x)(*n, x, *incx);
}

#if !NB_COMPLEX
NB_EXPORT nb_r NB_FN(max_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(max_x)(*n, x, *incx);
}

NB_EXPORT nb_r NB_FN(min_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(min_x)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(max_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(imax_x)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(min_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_INT(imin_x)(*n, x, *incx);
}
#else
NB_EXPORT void NB_FN(axpyc_)(const blasint *n, const nb_t *alpha, const nb_t *x, const blasint *incx,
                             nb_t *y, const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(axpyc)(*n, *alpha, x, *incx, y, *incy);
}
#endif
