/* Level 1 reductions by summation: dot (dotc/dotu), asum, sdsdot/dsdot, scabs1/dcabs1.
   Sums are in the working precision like the reference (sdsdot/dsdot in double), by the kernel
   set's vector kernels (kernels/l1_kernels.h) over fixed chunks (l1_internal.h): their rounding
   may differ from the reference's single running sum by the usual summation error, and is the
   same for any thread count. Strided operands are gathered into a stack buffer first. */
#include "l1_internal.h"
#include "blas/nb_trace.h"

/* One chunk's partial sum of x.y (conj: conj(x).y), with the kernel; strided operands are
   gathered a piece at a time and the pieces' sums added in order. */
typedef struct {
    const nb_t *x, *y;
    ptrdiff_t incx, incy;
    int conj;
    nb_t part[NB_L1_MAX_CHUNKS];
} dot_ctx;

/* The complex kernels start their sums at +0 and never give -0: the real 0 + sum keeps the
   same result for the real ones. */
static inline void dot_kernel(size_t n, const nb_t *x, const nb_t *y, int conj, nb_t *res)
{
#if NB_COMPLEX
    (conj ? NB_L1KP(dotc) : NB_L1KP(dotu))(n, x, y, res);
#else
    (void)conj;
    *res = (nb_t)0 + NB_L1KP(dot)(n, x, y);
#endif
}

static void dot_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    dot_ctx *t = vctx;
    if (t->incx == 1 && t->incy == 1) {
        dot_kernel(hi - lo, t->x + lo, t->y + lo, t->conj, &t->part[c]);
        return;
    }
    nb_t bx[NB_L1_PIECE], by[NB_L1_PIECE], sum = 0;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, t->incx, p, len, bx);
        nb_l1_gather(t->y, t->incy, p, len, by);
        nb_t r;
        dot_kernel(len, bx, by, t->conj, &r);
        sum += r;
    }
    t->part[c] = sum;
}

/* Reproducible for any thread count: fixed chunks, partials added in order (l1_internal.h).
   The kernels use several partial sums, so the rounding may differ from the reference's single
   running sum by the usual summation error. */
static void dot_driver(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy, int conj,
                       nb_t *res)
{
    nb_t sum = 0;
    if (n <= 0) {
        *res = sum;
        return;
    }
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    if (nch == 1 && incx == 1 && incy == 1) {
        dot_kernel(nn, x, y, conj, res);
        return;
    }
    dot_ctx t; /* the partials are written by the chunks: no zeroing of the array */
    t.x = x + nb_vstart(n, incx), t.y = y + nb_vstart(n, incy), t.incx = incx, t.incy = incy;
    t.conj = conj;
    nb_l1_run(nn, nb_l1_team(2 * NB_L1_NREAL * nn, nch), dot_chunk, &t);
    for (size_t c = 0; c < nch; c++)
        sum += t.part[c];
    *res = sum;
}

#if !NB_COMPLEX
nb_t NB_INT(dot)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy)
{
    nb_t r;
    dot_driver(n, x, incx, y, incy, 0, &r);
    return r;
}
#else
void NB_INT(dotc)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy, nb_t *res)
{
    dot_driver(n, x, incx, y, incy, 1, res);
}

void NB_INT(dotu)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy, nb_t *res)
{
    dot_driver(n, x, incx, y, incy, 0, res);
}
#endif

/* Sum of |x_i| (complex: |re| + |im|, the kernel over the 2n reals). A non-positive increment
   gives 0, as in the reference. */
typedef struct {
    const nb_t *x;
    ptrdiff_t incx;
    nb_r part[NB_L1_MAX_CHUNKS];
} asum_ctx;

static void asum_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    asum_ctx *t = vctx;
    if (t->incx == 1) {
        t->part[c] = NB_L1KR(asum)(NB_L1_NREAL * (hi - lo), (const nb_r *)(t->x + lo));
        return;
    }
    nb_t buf[NB_L1_PIECE];
    nb_r sum = 0;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, t->incx, p, len, buf);
        sum += NB_L1KR(asum)(NB_L1_NREAL * len, (const nb_r *)buf);
    }
    t->part[c] = sum;
}

nb_r NB_RINT(asum)(blasint n, const nb_t *x, blasint incx)
{
    nb_r sum = 0;
    if (n <= 0 || incx <= 0)
        return sum;
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    if (nch == 1 && incx == 1)
        return sum + NB_L1KR(asum)(NB_L1_NREAL * nn, (const nb_r *)x);
    asum_ctx t;
    t.x = x, t.incx = incx;
    nb_l1_run(nn, nb_l1_team(NB_L1_NREAL * nn, nch), asum_chunk, &t);
    for (size_t c = 0; c < nch; c++)
        sum += t.part[c];
    return sum;
}

#if NB_PREC == 1
/* Both extended-precision dots sum double products of the float inputs in double (the dsdot
   kernel), chunked like dot. */
typedef struct {
    const float *x, *y;
    ptrdiff_t incx, incy;
    double part[NB_L1_MAX_CHUNKS];
} dsdot_ctx;

static void dsdot_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    dsdot_ctx *t = vctx;
    if (t->incx == 1 && t->incy == 1) {
        t->part[c] = NB_L1K(dsdot)(hi - lo, t->x + lo, t->y + lo);
        return;
    }
    float bx[NB_L1_PIECE], by[NB_L1_PIECE];
    double sum = 0;
    for (size_t p = lo; p < hi; p += NB_L1_PIECE) {
        size_t len = hi - p < NB_L1_PIECE ? hi - p : NB_L1_PIECE;
        nb_l1_gather(t->x, t->incx, p, len, bx);
        nb_l1_gather(t->y, t->incy, p, len, by);
        sum += NB_L1K(dsdot)(len, bx, by);
    }
    t->part[c] = sum;
}

static double dot_float_in_double(double sum, blasint n, const float *x, blasint incx,
                                  const float *y, blasint incy)
{
    size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
    dsdot_ctx t;
    t.x = x + nb_vstart(n, incx), t.y = y + nb_vstart(n, incy), t.incx = incx, t.incy = incy;
    nb_l1_run(nn, nb_l1_team(2 * nn, nch), dsdot_chunk, &t);
    for (size_t c = 0; c < nch; c++)
        sum += t.part[c];
    return sum;
}

float nb_sdsdot(blasint n, float sb, const float *sx, blasint incx, const float *sy, blasint incy)
{
    if (n <= 0)
        return sb;
    return (float)dot_float_in_double((double)sb, n, sx, incx, sy, incy);
}

double nb_dsdot(blasint n, const float *sx, blasint incx, const float *sy, blasint incy)
{
    if (n <= 0)
        return 0.0;
    return dot_float_in_double(0.0, n, sx, incx, sy, incy);
}

NB_EXPORT float sdsdot_(const blasint *n, const float *sb, const float *sx, const blasint *incx,
                        const float *sy, const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    return nb_sdsdot(*n, *sb, sx, *incx, sy, *incy);
}

NB_EXPORT double dsdot_(const blasint *n, const float *sx, const blasint *incx, const float *sy,
                        const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    return nb_dsdot(*n, sx, *incx, sy, *incy);
}
#endif

#if NB_COMPLEX
/* scabs1 (from the c instance) / dcabs1 (from the z instance) */
#if NB_PREC == 3
#define NB_CABS1_INT nb_scabs1
#define NB_CABS1_F scabs1_
#else
#define NB_CABS1_INT nb_dcabs1
#define NB_CABS1_F dcabs1_
#endif
nb_r NB_CABS1_INT(nb_t z)
{
    return NB_FABS(NB_RE(z)) + NB_FABS(NB_IM(z));
}

NB_EXPORT nb_r NB_CABS1_F(const nb_t *z)
{
    NB_TRACE0();
    return NB_CABS1_INT(*z);
}
#endif

/* ---- Fortran entry points ---- */

#if !NB_COMPLEX
NB_EXPORT nb_t NB_FN(dot_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                           const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    return NB_INT(dot)(*n, x, *incx, y, *incy);
}
#else
/* gfortran returns COMPLEX function values in registers, exactly as C returns _Complex. */
NB_EXPORT nb_t NB_FN(dotc_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    nb_t r;
    NB_INT(dotc)(*n, x, *incx, y, *incy, &r);
    return r;
}

NB_EXPORT nb_t NB_FN(dotu_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    nb_t r;
    NB_INT(dotu)(*n, x, *incx, y, *incy, &r);
    return r;
}
#endif

NB_EXPORT nb_r NB_RFN(asum_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    return NB_RINT(asum)(*n, x, *incx);
}
