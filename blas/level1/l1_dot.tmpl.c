/* Level 1 reductions by summation: dot (dotc/dotu), asum, sdsdot/dsdot, scabs1/dcabs1.
   Sums are in the working precision like the reference (sdsdot/dsdot in double). Unit-stride
   paths use NB_L1_LANES partial sums, so their rounding may differ from the reference's single
   running sum by the usual summation error; strided paths keep the reference order. */
#include "l1_internal.h"
#include "blas/nb_trace.h"

/* Sum of the partial sums, in a fixed pairwise order. */
static inline nb_t combine_lanes(const nb_t *acc)
{
    return ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
}

#if !NB_COMPLEX
nb_t NB_INT(dot)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy)
{
    nb_t sum = 0;
    if (n <= 0)
        return sum;
    if (incx == 1 && incy == 1) {
        nb_t acc[NB_L1_LANES] = {0};
        size_t i = 0, nn = (size_t)n;
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
            for (int k = 0; k < NB_L1_LANES; k++)
                acc[k] += x[i + k] * y[i + k];
        sum = combine_lanes(acc);
        for (; i < nn; i++)
            sum += x[i] * y[i];
        return sum;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy)
        sum += x[ix] * y[iy];
    return sum;
}
#else
/* conj selects dotc (conjugate x) or dotu. The products use the Fortran complex rules. */
static inline nb_t dot_complex(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy,
                               int conj)
{
    nb_t sum = 0;
    if (n <= 0)
        return sum;
    if (incx == 1 && incy == 1) {
        nb_t acc[NB_L1_LANES] = {0};
        size_t i = 0, nn = (size_t)n;
        if (conj) {
            for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
                for (int k = 0; k < NB_L1_LANES; k++)
                    acc[k] += NB_CONJ(x[i + k]) * y[i + k];
        } else {
            for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
                for (int k = 0; k < NB_L1_LANES; k++)
                    acc[k] += x[i + k] * y[i + k];
        }
        sum = combine_lanes(acc);
        for (; i < nn; i++)
            sum += (conj ? NB_CONJ(x[i]) : x[i]) * y[i];
        return sum;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy)
        sum += (conj ? NB_CONJ(x[ix]) : x[ix]) * y[iy];
    return sum;
}

nb_t NB_INT(dotc)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy)
{
    return dot_complex(n, x, incx, y, incy, 1);
}

nb_t NB_INT(dotu)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy)
{
    return dot_complex(n, x, incx, y, incy, 0);
}
#endif

/* Sum of |x_i| (complex: |re| + |im|). A non-positive increment gives 0, as in the reference. */
nb_r NB_RINT(asum)(blasint n, const nb_t *x, blasint incx)
{
    nb_r sum = 0;
    if (n <= 0 || incx <= 0)
        return sum;
    const nb_r *v = (const nb_r *)x;
    if (incx == 1) {
        /* A complex vector is 2n contiguous reals here. */
        size_t i = 0, nn = (NB_COMPLEX ? 2 : 1) * (size_t)n;
        nb_r acc[NB_L1_LANES] = {0};
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
            for (int k = 0; k < NB_L1_LANES; k++)
                acc[k] += NB_FABS(v[i + k]);
        sum = ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7]));
        for (; i < nn; i++)
            sum += NB_FABS(v[i]);
        return sum;
    }
    for (size_t i = 0, ix = 0; i < (size_t)n; i++, ix += (size_t)incx) {
#if NB_PREC == 3
        sum = sum + NB_FABS(NB_RE(x[ix])) + NB_FABS(NB_IM(x[ix]));
#elif NB_PREC == 4
        /* dzasum adds DCABS1(x), scasum the two parts one by one */
        sum += NB_FABS(NB_RE(x[ix])) + NB_FABS(NB_IM(x[ix]));
#else
        sum += NB_FABS(x[ix]);
#endif
    }
    return sum;
}

#if NB_PREC == 1
/* Both extended-precision dots accumulate double products of the float inputs in the reference
   order (the reference does not unroll them). */
static double dot_float_in_double(double sum, blasint n, const float *x, blasint incx, const float *y,
                                  blasint incy)
{
    NB_L1_FOR2(n, incx, incy, ix, iy)
        sum += (double)x[ix] * (double)y[iy];
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
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    return nb_sdsdot(*n, *sb, sx, *incx, sy, *incy);
}

NB_EXPORT double dsdot_(const blasint *n, const float *sx, const blasint *incx, const float *sy,
                        const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
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
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    return NB_INT(dot)(*n, x, *incx, y, *incy);
}
#else
/* gfortran returns COMPLEX function values in registers, exactly as C returns _Complex. */
NB_EXPORT nb_t NB_FN(dotc_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    return NB_INT(dotc)(*n, x, *incx, y, *incy);
}

NB_EXPORT nb_t NB_FN(dotu_)(const blasint *n, const nb_t *x, const blasint *incx, const nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    return NB_INT(dotu)(*n, x, *incx, y, *incy);
}
#endif

NB_EXPORT nb_r NB_RFN(asum_)(const blasint *n, const nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    return NB_RINT(asum)(*n, x, *incx);
}
