/* Shared by the Level 1 tests (test_level1.c: random differential tests; test_level1_special.c:
   the reference's special values and conventions): the routines under test, the current type,
   guarded strided vectors and their check. Level 1 has no argument errors: the xerbla_ here
   counts calls, and each test fails if it was ever called. */
#ifndef NB_TEST_LEVEL1_COMMON_H
#define NB_TEST_LEVEL1_COMMON_H
#include <complex.h>
#include <float.h>
#include <stddef.h>

#include "tests/testutil.h"
#include "nanoblas.h"

typedef long double complex lc;
typedef const void *cv;
#define CI const tint *

/* ---- the routines under test ---- */
#define DECL4(T, s, d, c, z, ...) T s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
DECL4(void, saxpy_, daxpy_, caxpy_, zaxpy_, CI, cv, cv, CI, void *, CI);
DECL4(void, scopy_, dcopy_, ccopy_, zcopy_, CI, cv, CI, void *, CI);
DECL4(void, sswap_, dswap_, cswap_, zswap_, CI, void *, CI, void *, CI);
DECL4(void, sscal_, dscal_, cscal_, zscal_, CI, cv, void *, CI);
void csscal_(CI, const float *, void *, CI), zdscal_(CI, const double *, void *, CI);
void srot_(CI, void *, CI, void *, CI, const float *, const float *);
void drot_(CI, void *, CI, void *, CI, const double *, const double *);
void csrot_(CI, void *, CI, void *, CI, const float *, const float *);
void zdrot_(CI, void *, CI, void *, CI, const double *, const double *);
void srotm_(CI, void *, CI, void *, CI, const float *), drotm_(CI, void *, CI, void *, CI, const double *);
void srotg_(float *, float *, float *, float *), drotg_(double *, double *, double *, double *);
void crotg_(float complex *, const float complex *, float *, float complex *);
void zrotg_(double complex *, const double complex *, double *, double complex *);
void srotmg_(float *, float *, float *, const float *, float *);
void drotmg_(double *, double *, double *, const double *, double *);
float sdot_(CI, cv, CI, cv, CI), sdsdot_(CI, const float *, cv, CI, cv, CI);
double ddot_(CI, cv, CI, cv, CI), dsdot_(CI, cv, CI, cv, CI);
float complex cdotc_(CI, cv, CI, cv, CI), cdotu_(CI, cv, CI, cv, CI);
double complex zdotc_(CI, cv, CI, cv, CI), zdotu_(CI, cv, CI, cv, CI);
float sasum_(CI, cv, CI), scasum_(CI, cv, CI), snrm2_(CI, cv, CI), scnrm2_(CI, cv, CI);
double dasum_(CI, cv, CI), dzasum_(CI, cv, CI), dnrm2_(CI, cv, CI), dznrm2_(CI, cv, CI);
DECL4(tint, isamax_, idamax_, icamax_, izamax_, CI, cv, CI);
float scabs1_(const float complex *);
double dcabs1_(const double complex *);
/* subroutine forms */
void sasumsub_(CI, cv, CI, float *), scasumsub_(CI, cv, CI, float *);
void dasumsub_(CI, cv, CI, double *), dzasumsub_(CI, cv, CI, double *);
void snrm2sub_(CI, cv, CI, float *), scnrm2sub_(CI, cv, CI, float *);
void dnrm2sub_(CI, cv, CI, double *), dznrm2sub_(CI, cv, CI, double *);
void sdotsub_(CI, cv, CI, cv, CI, float *), ddotsub_(CI, cv, CI, cv, CI, double *);
void sdsdotsub_(CI, const float *, cv, CI, cv, CI, float *), dsdotsub_(CI, cv, CI, cv, CI, double *);
void cdotcsub_(CI, cv, CI, cv, CI, float complex *), cdotusub_(CI, cv, CI, cv, CI, float complex *);
void zdotcsub_(CI, cv, CI, cv, CI, double complex *), zdotusub_(CI, cv, CI, cv, CI, double complex *);
DECL4(void, isamaxsub_, idamaxsub_, icamaxsub_, izamaxsub_, CI, cv, CI, tint *);
void scabs1sub_(const float complex *, float *), dcabs1sub_(const double complex *, double *);

/* Level 1 reports no errors: any call is a failure. */
static int xb_calls;
void xerbla_(const char *name, const tint *info, size_t len)
{
    (void)name, (void)info, (void)len;
    xb_calls++;
}

/* ---- the current type: 0..3 = s d c z ---- */
static int P; /* the current type: see above */
static const char PCH[4] __attribute__((unused)) = {'s', 'd', 'c', 'z'};
static const size_t ES[4] __attribute__((unused)) = {sizeof(float), sizeof(double), sizeof(float complex), sizeof(double complex)};
static inline int cplx(void) { return P >= 2; }
static inline double eps(void) { return (P == 0 || P == 2) ? 0x1p-24 : 0x1p-53; }

static inline void put(void *b, ptrdiff_t i, lc v)
{
    switch (P) {
    case 0: ((float *)b)[i] = (float)creall(v); break;
    case 1: ((double *)b)[i] = (double)creall(v); break;
    case 2: ((float complex *)b)[i] = CMPLXF((float)creall(v), (float)cimagl(v)); break;
    default: ((double complex *)b)[i] = CMPLX((double)creall(v), (double)cimagl(v)); break;
    }
}
static inline lc get(const void *b, ptrdiff_t i)
{
    switch (P) {
    case 0: return ((const float *)b)[i];
    case 1: return ((const double *)b)[i];
    case 2: return ((const float complex *)b)[i];
    default: return ((const double complex *)b)[i];
    }
}
/* A scalar of the current type in a small buffer, to pass by pointer. */
typedef union {
    float s;
    double d;
    float complex c;
    double complex z;
} scal_t;
static inline scal_t mk(lc v)
{
    scal_t u;
    put(&u, 0, v);
    return u;
}
static inline lc rnd(void) { return cplx() ? tu_rand() + I * tu_rand() : tu_rand(); }
static inline long double abs1(lc v) { return fabsl(creall(v)) + fabsl(cimagl(v)); }
static inline int same_bits(const void *a, const void *b, ptrdiff_t i)
{
    return memcmp((const char *)a + i * ES[P], (const char *)b + i * ES[P], ES[P]) == 0;
}

/* ---- strided vectors ---- */
static inline size_t vlen(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }
/* buffer index of logical element k (reference convention for negative increments) */
static inline ptrdiff_t vpos(int n, int inc, int k) { return inc >= 0 ? (ptrdiff_t)k * inc : (ptrdiff_t)(n - 1 - k) * -inc; }
#define VP(n, inc, k) (VPAD + vpos(n, inc, k)) /* the same in a vec's whole buffer */

typedef struct {
    tu_buf buf;
    void *v;     /* the whole buffer */
    void *p;     /* the vector, VPAD elements in: what the library gets */
    void *orig;  /* its initial contents */
    lc *want;    /* expected contents */
    double *tol; /* allowed error per element, see vec_check */
    size_t len;
} vec;

/* The vector proper lies VPAD elements inside a guarded buffer of random data, so that an
   overrun shows as a changed element even when what it copies is another buffer's guard. */
#define VPAD 2
static inline void vec_new(vec *x, int n, int inc)
{
    x->len = vlen(n, inc) + 2 * VPAD;
    x->v = tu_alloc(&x->buf, x->len, ES[P]);
    x->p = (char *)x->v + VPAD * ES[P];
    x->orig = malloc(x->len * ES[P]);
    x->want = malloc(x->len * sizeof(lc));
    x->tol = malloc(x->len * sizeof(double));
    for (size_t i = 0; i < x->len; i++)
        put(x->v, (ptrdiff_t)i, rnd()), x->tol[i] = -1;
    memcpy(x->orig, x->v, x->len * ES[P]);
    for (size_t i = 0; i < x->len; i++)
        x->want[i] = get(x->v, (ptrdiff_t)i);
}
static inline void vec_free(vec *x)
{
    tu_free(&x->buf);
    free(x->orig);
    free(x->want);
    free(x->tol);
}
/* Every element as expected: tol < 0 (the default) unchanged bit for bit, tol == 0 exactly the
   wanted value, tol > 0 within tol of it; and the guards intact. */
static inline void vec_check(const vec *x, const char *what, int n, int incx, int incy)
{
    int ok = tu_guard_ok(&x->buf);
    ptrdiff_t bad = -1;
    for (size_t i = 0; ok && i < x->len; i++) {
        ptrdiff_t k = (ptrdiff_t)i;
        ok = x->tol[i] < 0 ? same_bits(x->v, x->orig, k) : tu_closez(get(x->v, k), x->want[i], x->tol[i], 1);
        if (!ok)
            bad = k;
    }
    TU_CHECK(ok, "%c%s n=%d incx=%d incy=%d: element %td wrong or guard overwritten", PCH[P], what, n, incx,
             incy, bad);
}
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- the reductions, each checked against its sub form ---- */
static inline lc call_dot(tint n, cv x, tint incx, cv y, tint incy, int conj)
{
    lc r, rs;
    switch (P) {
    case 0: { float v; r = sdot_(&n, x, &incx, y, &incy); sdotsub_(&n, x, &incx, y, &incy, &v); rs = v; } break;
    case 1: { double v; r = ddot_(&n, x, &incx, y, &incy); ddotsub_(&n, x, &incx, y, &incy, &v); rs = v; } break;
    case 2: {
        float complex v;
        r = conj ? cdotc_(&n, x, &incx, y, &incy) : cdotu_(&n, x, &incx, y, &incy);
        (conj ? cdotcsub_ : cdotusub_)(&n, x, &incx, y, &incy, &v);
        rs = v;
    } break;
    default: {
        double complex v;
        r = conj ? zdotc_(&n, x, &incx, y, &incy) : zdotu_(&n, x, &incx, y, &incy);
        (conj ? zdotcsub_ : zdotusub_)(&n, x, &incx, y, &incy, &v);
        rs = v;
    } break;
    }
    TU_CHECK(r == rs || (r != r && rs != rs), "%cdot%s: sub form differs", PCH[P], conj ? "c" : "u");
    return r;
}

/* asum, nrm2 and i?amax of one vector, each checked against its sub form. */
static inline double call_real(int which, tint n, cv x, tint incx)
{
    float f = 0, fs = 0;
    double d = 0, ds = 0;
    switch (P * 2 + which) {
    case 0: f = sasum_(&n, x, &incx), sasumsub_(&n, x, &incx, &fs); break;
    case 1: f = snrm2_(&n, x, &incx), snrm2sub_(&n, x, &incx, &fs); break;
    case 2: d = dasum_(&n, x, &incx), dasumsub_(&n, x, &incx, &ds); break;
    case 3: d = dnrm2_(&n, x, &incx), dnrm2sub_(&n, x, &incx, &ds); break;
    case 4: f = scasum_(&n, x, &incx), scasumsub_(&n, x, &incx, &fs); break;
    case 5: f = scnrm2_(&n, x, &incx), scnrm2sub_(&n, x, &incx, &fs); break;
    case 6: d = dzasum_(&n, x, &incx), dzasumsub_(&n, x, &incx, &ds); break;
    default: d = dznrm2_(&n, x, &incx), dznrm2sub_(&n, x, &incx, &ds); break;
    }
    if (P == 0 || P == 2) {
        TU_CHECK(memcmp(&f, &fs, sizeof f) == 0, "%c %s: sub form differs", PCH[P], which ? "nrm2" : "asum");
        return f;
    }
    TU_CHECK(memcmp(&d, &ds, sizeof d) == 0, "%c %s: sub form differs", PCH[P], which ? "nrm2" : "asum");
    return d;
}
static inline int call_amax(tint n, cv x, tint incx)
{
    tint (*f[4])(CI, cv, CI) = {isamax_, idamax_, icamax_, izamax_};
    void (*fs[4])(CI, cv, CI, tint *) = {isamaxsub_, idamaxsub_, icamaxsub_, izamaxsub_};
    tint r = f[P](&n, x, &incx), rs = -7;
    fs[P](&n, x, &incx, &rs);
    TU_CHECK(r == rs, "i%camax: sub form differs", PCH[P]);
    return (int)r;
}

#endif
