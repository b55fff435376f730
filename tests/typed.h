/* Values of the four BLAS element types (s, d, c, z) read and written as double complex, for the
   tests that run one body over every type (test_level3, test_openblas_ext): element type t is
   TS, TD, TC or TZ, and a buffer is addressed in elements of that type. */
#ifndef NB_TESTS_TYPED_H
#define NB_TESTS_TYPED_H
#include <complex.h>
#include <float.h>
#include <math.h>
#include "tests/testutil.h"

typedef float complex fc;
typedef double complex dc;

enum { TS, TD, TC, TZ };
static const size_t esize[4] = {sizeof(float), sizeof(double), sizeof(fc), sizeof(dc)};
static inline int cplx(int t) { return t >= TC; }
static inline double eps(int t) { return (t == TS || t == TC) ? FLT_EPSILON : DBL_EPSILON; }

static inline dc get(int t, const void *p, size_t i)
{
    switch (t) {
    case TS: return ((const float *)p)[i];
    case TD: return ((const double *)p)[i];
    case TC: return ((const fc *)p)[i];
    default: return ((const dc *)p)[i];
    }
}
/* Stores v rounded to type t (the imaginary part is dropped for s and d). */
static inline void put(int t, void *p, size_t i, dc v)
{
    switch (t) {
    case TS: ((float *)p)[i] = (float)creal(v); break;
    case TD: ((double *)p)[i] = creal(v); break;
    case TC: ((fc *)p)[i] = (fc)v; break;
    default: ((dc *)p)[i] = v; break;
    }
}
static inline dc rnd(int t) { return cplx(t) ? CMPLX(tu_rand(), tu_rand()) : tu_rand(); }
static const dc NaN = CMPLX(NAN, NAN);
#endif
