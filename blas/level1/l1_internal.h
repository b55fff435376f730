/* Helpers private to the Level 1 templates. */
#ifndef NB_L1_INTERNAL_H
#define NB_L1_INTERNAL_H

#include "level1.h"

/* Real-typed abs and sqrt of the working precision: the generic __builtin_fabs would widen a float
   to double, and sums would then round differently from the reference's single precision. */
#if NB_PREC == 1 || NB_PREC == 3
#define NB_FABS(v) __builtin_fabsf(v)
#define NB_SQRT(v) __builtin_sqrtf(v)
#define NB_COPYSIGN(m, s) __builtin_copysignf(m, s)
#else
#define NB_FABS(v) __builtin_fabs(v)
#define NB_SQRT(v) __builtin_sqrt(v)
#define NB_COPYSIGN(m, s) __builtin_copysign(m, s)
#endif

/* Independent partial sums for the unit-stride reductions: without -ffast-math the compiler may
   not reorder one running sum, but it can vectorise this many separate ones. */
#define NB_L1_LANES 8

/* Walks two strided vectors in the reference order (negative increments start at the far end). */
#define NB_L1_FOR2(n, incx, incy, ix, iy)                                                        \
    for (ptrdiff_t ix = nb_vstart(n, incx), iy = nb_vstart(n, incy), nb_l1_i_ = 0; nb_l1_i_ < (n); \
         nb_l1_i_++, ix += (incx), iy += (incy))

#if NB_COMPLEX
/* Mixed real/complex arithmetic as the reference computes it: gfortran promotes the real operand
   to (x, +0) and does the full complex operation, so 0 * Inf and 0 * NaN terms appear (a NaN can
   leak into the other part) and signed zeros follow. C would scale the parts separately.
   cmul_real: a * (x, 0) by the plain product; cdiv_real: a / (x, 0) by the range-reduced
   (Smith) division of -fcx-fortran-rules, whose |x| >= |0| branch is always the one taken. */
static inline nb_t nb_l1_cplx(nb_r re, nb_r im)
{
    nb_t z;
    __real__ z = re;
    __imag__ z = im;
    return z;
}

static inline nb_t cmul_real(nb_t a, nb_r x)
{
    const nb_r zero = 0;
    return nb_l1_cplx(NB_RE(a) * x - NB_IM(a) * zero, NB_RE(a) * zero + NB_IM(a) * x);
}

static inline nb_t cdiv_real(nb_t a, nb_r x)
{
    const nb_r zero = 0;
    nb_r ratio = zero / x;
    nb_r den = zero * ratio + x;
    return nb_l1_cplx((NB_IM(a) * ratio + NB_RE(a)) / den, (NB_IM(a) - NB_RE(a) * ratio) / den);
}
#endif

#endif
