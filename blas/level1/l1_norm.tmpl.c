/* Level 1 norms and searches: nrm2 (scnrm2/dznrm2) and i?amax. */
#include "l1_internal.h"
#include "blas/nb_trace.h"
#include <math.h>

static inline nb_r abs1(nb_t v)
{
#if NB_COMPLEX
    return NB_FABS(NB_RE(v)) + NB_FABS(NB_IM(v));
#else
    return NB_FABS(v);
#endif
}

#if NB_PREC == 1 || NB_PREC == 3
/* Single precision: the sum of squares in double, by the dsdot kernel (float products are exact
   in double, and no float's square over- or underflows there), then one square root rounded to
   float: within about half an ulp, as OpenBLAS's and the reference's snrm2. Blue's float
   accumulators (the double path below) lost 2.5-3.5 ulp on 100 elements (16 lanes on avx512), and
   LAPACK's xeigtstc cgd (CGV result 5, type 20 N=20) failed on the avx512 set with them. */
typedef struct {
    const nb_t *x;
    ptrdiff_t incx;
    double part[NB_L1_MAX_CHUNKS];
} snrm2_ctx;

static void snrm2_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    snrm2_ctx *t = vctx;
    if (t->incx == 1) {
        const float *v = (const float *)(t->x + lo);
        t->part[c] = NB_L1K(dsdot)(NB_L1_NREAL * (hi - lo), v, v);
        return;
    }
    nb_t buf[NB_L1_PIECE];
    double sum = 0;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, t->incx, p, len, buf);
        sum += NB_L1K(dsdot)(NB_L1_NREAL * len, (const float *)buf, (const float *)buf);
    }
    t->part[c] = sum;
}

/* The chunks' sums added in chunk order (the same bits for any team); incx as below. */
nb_r NB_RINT(nrm2)(blasint n, const nb_t *x, blasint incx)
{
    if (n <= 0)
        return 0;
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    snrm2_ctx t;
    t.x = x + nb_vstart(n, incx), t.incx = incx;
    nb_l1_run(nn, nb_l1_team(NB_L1_NREAL * nn, nch), snrm2_chunk, &t);
    double sum = 0;
    for (size_t c = 0; c < nch; c++)
        sum += t.part[c];
    return (float)sqrt(sum);
}
#else /* double precision: Blue's three accumulators in one pass */

/* Blue's scaling constants (see the reference dnrm2.f90, Anderson 2017): squares of values above
   TBIG are accumulated scaled by SBIG, squares of values below TSML scaled by SSML; the rest
   unscaled. None of the three sums can overflow or underflow destructively. */
#if NB_PREC == 1 || NB_PREC == 3
#define NRM2_TSML 0x1p-63f
#define NRM2_TBIG 0x1p52f
#define NRM2_SSML 0x1p75f
#define NRM2_SBIG 0x1p-76f
#define NRM2_HUGE 0x1.fffffep127f
#else
#define NRM2_TSML 0x1p-511
#define NRM2_TBIG 0x1p486
#define NRM2_SSML 0x1p537
#define NRM2_SBIG 0x1p-538
#define NRM2_HUGE 0x1.fffffffffffffp1023
#endif

/* The three sums: squares of the small values (scaled by SSML), of the medium ones, and of the
   big ones (scaled by SBIG); the kernels' acc[0..2]. NaN lands in amed. */
typedef struct {
    nb_r asml, amed, abig;
} nrm2_acc;

static nb_r nrm2_finish(const nrm2_acc *s)
{
    nb_r scl, sumsq;
    nb_r amed = s->amed, asml = s->asml, abig = s->abig;
    /* amed != amed: a NaN in the mid-range sum must be carried into the result. */
    int amed_counts = amed > 0 || amed > NRM2_HUGE || amed != amed;
    if (abig > 0) {
        if (amed_counts)
            abig = abig + (amed * NRM2_SBIG) * NRM2_SBIG;
        scl = 1 / NRM2_SBIG;
        sumsq = abig;
    } else if (asml > 0) {
        if (amed_counts) {
            nb_r ymin, ymax;
            amed = NB_SQRT(amed);
            asml = NB_SQRT(asml) / NRM2_SSML;
            if (asml > amed) {
                ymin = amed;
                ymax = asml;
            } else {
                ymin = asml;
                ymax = amed;
            }
            nb_r q = ymin / ymax;
            scl = 1;
            sumsq = ymax * ymax * (1 + q * q);
        } else {
            scl = 1 / NRM2_SSML;
            sumsq = asml;
        }
    } else {
        scl = 1;
        sumsq = amed;
    }
    return scl * NB_SQRT(sumsq);
}

/* One chunk's three Blue accumulators, by the kernel over the chunk's reals (complex parts enter
   as two separate reals, as in the reference). */
typedef struct {
    const nb_t *x;
    ptrdiff_t incx;
    nb_r part[NB_L1_MAX_CHUNKS][3];
} nrm2_ctx;

static void nrm2_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    nrm2_ctx *t = vctx;
    if (t->incx == 1) {
        NB_L1KR(nrm2)(NB_L1_NREAL * (hi - lo), (const nb_r *)(t->x + lo), t->part[c]);
        return;
    }
    nb_t buf[NB_L1_PIECE];
    nb_r acc[3], *sum = t->part[c];
    sum[0] = sum[1] = sum[2] = 0;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, t->incx, p, len, buf);
        NB_L1KR(nrm2)(NB_L1_NREAL * len, (const nb_r *)buf, acc);
        sum[0] += acc[0], sum[1] += acc[1], sum[2] += acc[2];
    }
}

/* The reference 3.11 nrm2 walks a negative increment backwards and, for incx == 0, counts x(1)
   n times; only n <= 0 returns 0. The chunks' accumulators are added in chunk order (the same
   bits for any team), then the reference's finish step. A small value seen after a big one
   still lands in the small sum, which the finish step ignores once the big sum is non-zero. */
nb_r NB_RINT(nrm2)(blasint n, const nb_t *x, blasint incx)
{
    if (n <= 0)
        return 0;
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    nrm2_ctx t; /* the partials are written by the chunks */
    t.x = x + nb_vstart(n, incx), t.incx = incx;
    nb_l1_run(nn, nb_l1_team(NB_L1_NREAL * nn, nch), nrm2_chunk, &t);
    nrm2_acc s = {0, 0, 0};
    for (size_t c = 0; c < nch; c++)
        s.asml += t.part[c][0], s.amed += t.part[c][1], s.abig += t.part[c][2];
    return nrm2_finish(&s);
}
#endif /* single / double precision */

/* Index (1-based) of the first maximum of |x_i| (complex: |re| + |im|). A strict > comparison
   as in the reference: a NaN never becomes the maximum, except a leading one, which then stays
   (nothing compares greater than NaN). The kernel gives each chunk's first maximum over its
   non-NaN elements (-1: none); chunks are compared in order with strict >. */
typedef struct {
    const nb_t *x;
    size_t incx;
    size_t idx[NB_L1_MAX_CHUNKS];
    nb_r val[NB_L1_MAX_CHUNKS];
} amax_ctx;

static inline size_t amax_kernel(size_t n, const nb_t *x, nb_r *v)
{
    return NB_L1K(NB_CAT3(i, NB_P, amax))(n, x, v); /* isamax .. izamax */
}

static void amax_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    amax_ctx *t = vctx;
    if (t->incx == 1) {
        t->idx[c] = lo + amax_kernel(hi - lo, t->x + lo, &t->val[c]);
        return;
    }
    nb_t buf[NB_L1_PIECE];
    nb_r best = -1, v;
    size_t bi = lo;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, (ptrdiff_t)t->incx, p, len, buf);
        size_t k = amax_kernel(len, buf, &v);
        if (v > best)
            best = v, bi = p + k;
    }
    t->idx[c] = bi, t->val[c] = best;
}

blasint NB_IINT(amax)(blasint n, const nb_t *x, blasint incx)
{
    if (n < 1 || incx <= 0)
        return 0;
    if (abs1(x[0]) != abs1(x[0])) /* a leading NaN stays the answer */
        return 1;
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    amax_ctx t;
    t.x = x, t.incx = (size_t)incx;
    nb_l1_run(nn, nb_l1_team(NB_L1_NREAL * nn, nch), amax_chunk, &t);
    nb_r best = -1;
    size_t bi = 0;
    for (size_t c = 0; c < nch; c++)
        if (t.val[c] > best)
            best = t.val[c], bi = t.idx[c];
    return (blasint)bi + 1;
}

/* ---- Fortran entry points ---- */

NB_EXPORT nb_r NB_RFN(nrm2_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_RINT(nrm2)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(amax_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_IINT(amax)(*n, x, *incx);
}
