/* Level 1 norms and searches: nrm2 (scnrm2/dznrm2) and i?amax. */
#include "l1_internal.h"
#include "blas/nb_trace.h"

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

typedef struct {
    nb_r asml, amed, abig;
    int notbig;
} nrm2_acc;

/* Adds one |value|. NaN fails every comparison and lands in amed, from where it propagates. */
static inline void nrm2_add(nrm2_acc *s, nb_r ax)
{
    if (ax > NRM2_TBIG) {
        nb_r t = ax * NRM2_SBIG;
        s->abig += t * t;
        s->notbig = 0;
    } else if (ax < NRM2_TSML) {
        /* Once a big value was seen the small ones cannot matter. */
        if (s->notbig) {
            nb_r t = ax * NRM2_SSML;
            s->asml += t * t;
        }
    } else {
        s->amed += ax * ax;
    }
}

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

/* The reference 3.11 nrm2 walks a negative increment backwards and, for incx == 0, counts x(1)
   n times; only n <= 0 returns 0. Complex parts enter as two separate reals. */
nb_r NB_RINT(nrm2)(blasint n, const nb_t *x, blasint incx)
{
    if (n <= 0)
        return 0;
    nrm2_acc s = {0, 0, 0, 1};
    ptrdiff_t ix = nb_vstart(n, incx);
    for (blasint i = 0; i < n; i++, ix += incx) {
        nrm2_add(&s, NB_FABS(NB_RE(x[ix])));
#if NB_COMPLEX
        nrm2_add(&s, NB_FABS(NB_IM(x[ix])));
#endif
    }
    return nrm2_finish(&s);
}

/* Index (1-based) of the first maximum of |x_i| (complex: |re| + |im|). A strict > comparison
   as in the reference: a NaN never becomes the maximum, except a leading one, which then stays
   (nothing compares greater than NaN). */
static inline nb_r abs1(nb_t v)
{
#if NB_COMPLEX
    return NB_FABS(NB_RE(v)) + NB_FABS(NB_IM(v));
#else
    return NB_FABS(v);
#endif
}

blasint NB_IINT(amax)(blasint n, const nb_t *x, blasint incx)
{
    if (n < 1 || incx <= 0)
        return 0;
    blasint best = 1;
    nb_r vmax = abs1(x[0]);
    const nb_t *p = x;
    for (blasint i = 2; i <= n; i++) {
        p += incx;
        nb_r v = abs1(*p);
        if (v > vmax) {
            best = i;
            vmax = v;
        }
    }
    return best;
}

/* ---- Fortran entry points ---- */

NB_EXPORT nb_r NB_RFN(nrm2_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_RINT(nrm2)(*n, x, *incx);
}

NB_EXPORT blasint NB_IFN(amax_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_IINT(amax)(*n, x, *incx);
}
