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

#endif
