/* Differential test of the Level 1 BLAS (Fortran ABI, all four types, and the "sub" forms)
   against plain references written here in long double.

   Vector routines: every element of every guarded buffer is classified. Elements the routine
   updates are compared with the reference within a rounding bound; all others (gaps between
   strided elements, inputs) must come back bit for bit. Reductions are compared within a
   summation bound. Then the special cases the reference defines: quick returns, NaN/Inf
   propagation, nrm2 near overflow and underflow, the rotg/rotmg conventions, i?amax ties
   and NaN. Level 1 has no argument errors: our xerbla_ must never be called. */
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
static int P;
static const char PCH[4] = {'s', 'd', 'c', 'z'};
static const size_t ES[4] = {sizeof(float), sizeof(double), sizeof(float complex), sizeof(double complex)};
static int cplx(void) { return P >= 2; }
static double eps(void) { return (P == 0 || P == 2) ? 0x1p-24 : 0x1p-53; }

static void put(void *b, ptrdiff_t i, lc v)
{
    switch (P) {
    case 0: ((float *)b)[i] = (float)creall(v); break;
    case 1: ((double *)b)[i] = (double)creall(v); break;
    case 2: ((float complex *)b)[i] = CMPLXF((float)creall(v), (float)cimagl(v)); break;
    default: ((double complex *)b)[i] = CMPLX((double)creall(v), (double)cimagl(v)); break;
    }
}
static lc get(const void *b, ptrdiff_t i)
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
static scal_t mk(lc v)
{
    scal_t u;
    put(&u, 0, v);
    return u;
}
static lc rnd(void) { return cplx() ? tu_rand() + I * tu_rand() : tu_rand(); }
static long double abs1(lc v) { return fabsl(creall(v)) + fabsl(cimagl(v)); }
static int same_bits(const void *a, const void *b, ptrdiff_t i)
{
    return memcmp((const char *)a + i * ES[P], (const char *)b + i * ES[P], ES[P]) == 0;
}

/* ---- strided vectors ---- */
static size_t vlen(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }
/* buffer index of logical element k (reference convention for negative increments) */
static ptrdiff_t vpos(int n, int inc, int k) { return inc >= 0 ? (ptrdiff_t)k * inc : (ptrdiff_t)(n - 1 - k) * -inc; }
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
static void vec_new(vec *x, int n, int inc)
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
static void vec_free(vec *x)
{
    tu_free(&x->buf);
    free(x->orig);
    free(x->want);
    free(x->tol);
}
/* Every element as expected: tol < 0 (the default) unchanged bit for bit, tol == 0 exactly the
   wanted value, tol > 0 within tol of it; and the guards intact. */
static void vec_check(const vec *x, const char *what, int n, int incx, int incy)
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

/* ---- element-wise routines: axpy copy swap scal rot rotm ---- */
static const int NS[] = {-1, 0, 1, 2, 3, 7, 16, 33, 100, 1000};
static const int INCS[] = {1, 2, -1, -3, 0};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void set_want(vec *x, ptrdiff_t pos, lc v, double mag, int updates)
{
    x->want[pos] = v;
    x->tol[pos] = (2.0 + 2.0 * updates) * eps() * (mag > 1e-300 ? mag : 1e-300);
}

static void test_axpy(tint n, tint incx, tint incy, lc alpha)
{
    vec x, y;
    vec_new(&x, n, incx);
    vec_new(&y, n, incy);
    if (alpha == 0 && n > 0)
        put(x.v, VPAD, NAN), memcpy(x.orig, x.v, x.len * ES[P]), x.want[VPAD] = NAN; /* never read */
    scal_t a = mk(alpha);
    lc av = get(&a, 0);
    int *cnt = calloc(y.len, sizeof(int));
    double *mag = calloc(y.len, sizeof(double));
    for (int k = 0; k < n && av != 0; k++) {
        ptrdiff_t px = VP(n, incx, k), py = VP(n, incy, k);
        if (!cnt[py])
            mag[py] = (double)abs1(y.want[py]);
        y.want[py] += av * get(x.v, px);
        mag[py] += (double)(abs1(av) * abs1(get(x.v, px)));
        set_want(&y, py, y.want[py], mag[py], ++cnt[py]);
    }
    switch (P) {
    case 0: saxpy_(&n, &a, x.p, &incx, y.p, &incy); break;
    case 1: daxpy_(&n, &a, x.p, &incx, y.p, &incy); break;
    case 2: caxpy_(&n, &a, x.p, &incx, y.p, &incy); break;
    default: zaxpy_(&n, &a, x.p, &incx, y.p, &incy); break;
    }
    vec_check(&x, "axpy(x)", n, incx, incy);
    vec_check(&y, "axpy(y)", n, incx, incy);
    free(cnt), free(mag), vec_free(&x), vec_free(&y);
}

static void test_copy_swap(tint n, tint incx, tint incy, int swap)
{
    vec x, y;
    vec_new(&x, n, incx);
    vec_new(&y, n, incy);
    /* sequential semantics, also when an increment is 0 */
    for (int k = 0; k < n; k++) {
        ptrdiff_t px = VP(n, incx, k), py = VP(n, incy, k);
        lc t = x.want[px];
        if (swap)
            x.want[px] = y.want[py], x.tol[px] = 0;
        y.want[py] = t, y.tol[py] = 0;
    }
    void (*fc[4])(CI, cv, CI, void *, CI) = {scopy_, dcopy_, ccopy_, zcopy_};
    void (*fs[4])(CI, void *, CI, void *, CI) = {sswap_, dswap_, cswap_, zswap_};
    if (swap)
        fs[P](&n, x.p, &incx, y.p, &incy);
    else
        fc[P](&n, x.p, &incx, y.p, &incy);
    vec_check(&x, swap ? "swap(x)" : "copy(x)", n, incx, incy);
    vec_check(&y, swap ? "swap(y)" : "copy(y)", n, incx, incy);
    vec_free(&x), vec_free(&y);
}

/* x, y <- c x + s y, c y - s x (rot, csrot/zdrot), or the modified rotation of rotm. */
static void test_rot(tint n, tint incx, tint incy, int flag_or_rot)
{
    /* one element transformed n times by a random (non-orthogonal) H would overflow */
    if (flag_or_rot != 2 && incx == 0 && incy == 0 && n > 40)
        n = 40;
    vec x, y;
    vec_new(&x, n, incx);
    vec_new(&y, n, incy);
    double th = 3.2 * tu_rand(), c = cos(th), s = sin(th);
    double param[5] = {flag_or_rot, tu_rand(), tu_rand(), tu_rand(), tu_rand()};
    float c4 = (float)c, s4 = (float)s, param4[5];
    for (int i = 0; i < 5; i++)
        param4[i] = (float)param[i];
    long double h11 = P ? param[1] : param4[1], h21 = P ? param[2] : param4[2];
    long double h12 = P ? param[3] : param4[3], h22 = P ? param[4] : param4[4];
    long double cc = P == 0 || P == 2 ? c4 : c, ss = P == 0 || P == 2 ? s4 : s;
    int rotm = flag_or_rot != 2;
    if (rotm && flag_or_rot == 0)
        h11 = h22 = 1;
    if (rotm && flag_or_rot == 1)
        h12 = 1, h21 = -1;
    if (rotm && flag_or_rot == -2)
        h11 = h22 = 1, h12 = h21 = 0;
    if (!rotm)
        h11 = h22 = cc, h12 = ss, h21 = -ss;
    /* forward error bounds, propagated through repeated updates of one element (increment 0) */
    long double *ex = calloc(x.len, sizeof(long double)), *ey = calloc(y.len, sizeof(long double));
    for (int k = 0; k < n && flag_or_rot != -2; k++) {
        ptrdiff_t px = VP(n, incx, k), py = VP(n, incy, k);
        lc w = x.want[px], z = y.want[py];
        long double ew = ex[px], ez = ey[py];
        ex[px] = fabsl(h11) * ew + fabsl(h12) * ez + 2 * eps() * (fabsl(h11) * abs1(w) + fabsl(h12) * abs1(z));
        ey[py] = fabsl(h21) * ew + fabsl(h22) * ez + 2 * eps() * (fabsl(h21) * abs1(w) + fabsl(h22) * abs1(z));
        x.want[px] = h11 * w + h12 * z, x.tol[px] = 2 * (double)ex[px] + 1e-300;
        y.want[py] = h21 * w + h22 * z, y.tol[py] = 2 * (double)ey[py] + 1e-300;
    }
    if (!rotm) {
        switch (P) {
        case 0: srot_(&n, x.p, &incx, y.p, &incy, &c4, &s4); break;
        case 1: drot_(&n, x.p, &incx, y.p, &incy, &c, &s); break;
        case 2: csrot_(&n, x.p, &incx, y.p, &incy, &c4, &s4); break;
        default: zdrot_(&n, x.p, &incx, y.p, &incy, &c, &s); break;
        }
    } else if (P == 0) {
        srotm_(&n, x.p, &incx, y.p, &incy, param4);
    } else {
        drotm_(&n, x.p, &incx, y.p, &incy, param);
    }
    vec_check(&x, rotm ? "rotm(x)" : "rot(x)", n, incx, incy);
    vec_check(&y, rotm ? "rotm(y)" : "rot(y)", n, incx, incy);
    free(ex), free(ey), vec_free(&x), vec_free(&y);
}

/* scal (and csscal/zdscal when real_alpha); a non-positive increment leaves x alone. */
static void test_scal(tint n, tint incx, lc alpha, int real_alpha)
{
    vec x;
    vec_new(&x, n, incx);
    scal_t a = mk(alpha);
    lc av = get(&a, 0);
    float ar4 = (float)creall(alpha);
    double ar8 = (double)creall(alpha);
    if (real_alpha)
        av = P == 2 ? ar4 : ar8;
    for (int k = 0; k < n && incx > 0; k++) {
        ptrdiff_t p = VP(n, incx, k);
        set_want(&x, p, av * x.want[p], (double)(abs1(av) * abs1(x.want[p])), 1);
    }
    if (real_alpha && P == 2)
        csscal_(&n, &ar4, x.p, &incx);
    else if (real_alpha)
        zdscal_(&n, &ar8, x.p, &incx);
    else {
        void (*f[4])(CI, cv, void *, CI) = {sscal_, dscal_, cscal_, zscal_};
        f[P](&n, &a, x.p, &incx);
    }
    vec_check(&x, real_alpha ? "(s)scal" : "scal", n, incx, 0);
    vec_free(&x);
}

/* ---- reductions: dot(c/u) sdsdot dsdot asum nrm2 i?amax, with the sub forms ---- */
static lc call_dot(tint n, cv x, tint incx, cv y, tint incy, int conj)
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

static void test_dot(tint n, tint incx, tint incy)
{
    vec x, y;
    vec_new(&x, n, incx);
    vec_new(&y, n, incy);
    for (int conj = 0; conj <= cplx(); conj++) {
        lc want = 0;
        long double mag = 0;
        for (int k = 0; k < n; k++) {
            lc a = get(x.v, VP(n, incx, k)), b = get(y.v, VP(n, incy, k));
            want += (conj ? conjl(a) : a) * b;
            mag += abs1(a) * abs1(b);
        }
        lc got = call_dot(n, x.p, incx, y.p, incy, conj);
        TU_CHECK(tu_closez(got, want, (n + 2) * eps() * (double)mag, 1e-300), "%cdot n=%d incx=%d incy=%d conj=%d",
                 PCH[P], (int)n, (int)incx, (int)incy, conj);
    }
    if (P == 0) {
        /* sdsdot/dsdot: double accumulation of float products, so the bound is double's */
        float sb = (float)tu_rand(), r1, r2;
        double r3, r4;
        long double want = 0, mag = fabsl(sb);
        for (int k = 0; k < n; k++) {
            long double p = (long double)((const float *)x.v)[VP(n, incx, k)] *
                            ((const float *)y.v)[VP(n, incy, k)];
            want += p, mag += fabsl(p);
        }
        r1 = sdsdot_(&n, &sb, x.p, &incx, y.p, &incy);
        sdsdotsub_(&n, &sb, x.p, &incx, y.p, &incy, &r2);
        r3 = dsdot_(&n, x.p, &incx, y.p, &incy);
        dsdotsub_(&n, x.p, &incx, y.p, &incy, &r4);
        TU_CHECK(tu_close(r1, (double)(want + sb), 0x1p-24 * (double)mag + 1e-300, 1e-300) && r1 == r2,
                 "sdsdot n=%d incx=%d incy=%d", (int)n, (int)incx, (int)incy);
        TU_CHECK(tu_close(r3, (double)want, (n + 2) * 0x1p-53 * (double)mag + 1e-300, 1e-300) && r3 == r4,
                 "dsdot n=%d incx=%d incy=%d", (int)n, (int)incx, (int)incy);
    }
    vec_check(&x, "dot(x)", n, incx, incy);
    vec_check(&y, "dot(y)", n, incx, incy);
    vec_free(&x), vec_free(&y);
}

/* asum, nrm2 and i?amax of one vector, each checked against its sub form. */
static double call_real(int which, tint n, cv x, tint incx)
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
static int call_amax(tint n, cv x, tint incx)
{
    tint (*f[4])(CI, cv, CI) = {isamax_, idamax_, icamax_, izamax_};
    void (*fs[4])(CI, cv, CI, tint *) = {isamaxsub_, idamaxsub_, icamaxsub_, izamaxsub_};
    tint r = f[P](&n, x, &incx), rs = -7;
    fs[P](&n, x, &incx, &rs);
    TU_CHECK(r == rs, "i%camax: sub form differs", PCH[P]);
    return (int)r;
}
/* |re| + |im| in the working precision, as the library compares them */
static long double amax_key(cv x, ptrdiff_t i)
{
    switch (P) {
    case 0: return fabsf(((const float *)x)[i]);
    case 1: return fabs(((const double *)x)[i]);
    case 2: return fabsf(crealf(((const float complex *)x)[i])) + fabsf(cimagf(((const float complex *)x)[i]));
    default: return fabs(creal(((const double complex *)x)[i])) + fabs(cimag(((const double complex *)x)[i]));
    }
}

static void test_reductions(tint n, tint incx)
{
    vec x;
    vec_new(&x, n, incx);
    long double asum = 0, ssq = 0, best = -1;
    int ibest = 0;
    for (int k = 0; k < n; k++) {
        ptrdiff_t p = VP(n, incx, k);
        lc v = get(x.v, p);
        asum += abs1(v);
        ssq += creall(v) * creall(v) + cimagl(v) * cimagl(v);
        if (amax_key(x.v, p) > best)
            best = amax_key(x.v, p), ibest = k + 1;
    }
    /* asum and i?amax do nothing for incx <= 0; nrm2 (3.10+) walks a negative increment backwards */
    if (incx <= 0)
        asum = 0, ibest = 0;
    double got = call_real(0, n, x.p, incx);
    TU_CHECK(tu_close(got, (double)asum, (n + 2) * eps() * (double)asum, 1e-300), "%casum n=%d incx=%d", PCH[P], (int)n,
             (int)incx);
    got = call_real(1, n, x.p, incx);
    /* single precision sums in double (l1_norm.tmpl.c): the float result is within an ulp */
    double nrm_tol = (P == 0 || P == 2) ? 2 * eps() : (n + 4) * eps();
    TU_CHECK(tu_close(got, (double)sqrtl(ssq), nrm_tol * (double)sqrtl(ssq), 1e-300), "%cnrm2 n=%d incx=%d",
             PCH[P], (int)n, (int)incx);
    TU_CHECK(call_amax(n, x.p, incx) == ibest, "i%camax n=%d incx=%d: want %d", PCH[P], (int)n, (int)incx, ibest);
    vec_check(&x, "reductions", n, incx, 0);
    vec_free(&x);
}

static void random_tests(void)
{
    const lc alphas[] = {0, 1, -1, 0.75L - 0.5L * I};
    for (P = 0; P < 4; P++) {
        for (int in = 0; in < COUNT(NS); in++) {
            int n = NS[in];
            for (int ix = 0; ix < COUNT(INCS); ix++) {
                for (int iy = 0; iy < COUNT(INCS); iy++) {
                    int incx = INCS[ix], incy = INCS[iy];
                    for (int a = 0; a < COUNT(alphas); a++)
                        test_axpy(n, incx, incy, alphas[a]);
                    test_copy_swap(n, incx, incy, 0);
                    test_copy_swap(n, incx, incy, 1);
                    test_rot(n, incx, incy, 2);
                    for (int flag = -2; flag <= 1 && P < 2; flag++)
                        test_rot(n, incx, incy, flag);
                    test_dot(n, incx, incy);
                }
                /* incx = 3 too: a stride that is not in INCS for the two-vector routines */
                int incs1[] = {INCS[ix], 3};
                for (int j = 0; j < 2; j++) {
                    for (int a = 0; a < COUNT(alphas); a++) {
                        test_scal(n, incs1[j], alphas[a], 0);
                        if (cplx())
                            test_scal(n, incs1[j], alphas[a], 1);
                    }
                    test_reductions(n, incs1[j]);
                }
            }
        }
    }
}

/* ---- special values and conventions ---- */

/* A guarded vector of the current type from parallel lists of real and imaginary parts. */
static void *mkvec(tu_buf *b, int n, const double *re, const double *im)
{
    void *v = tu_alloc(b, (size_t)(n > 0 ? n : 1), ES[P]);
    for (int i = 0; i < n; i++)
        put(v, i, re[i] + (im ? im[i] : 0) * I);
    return v;
}

static void nrm2_case(int n, const double *re, const double *im, int inc)
{
    tu_buf b;
    void *v = mkvec(&b, n, re, im);
    int m = inc ? n : 3; /* incx == 0 counts x(1) m times */
    long double ssq = 0;
    for (int k = 0; k < m; k++) {
        lc e = get(v, inc ? vpos(n, inc, k) : 0);
        ssq += creall(e) * creall(e) + cimagl(e) * cimagl(e);
    }
    double want = (double)sqrtl(ssq), got = call_real(1, m, v, inc);
    if (P == 0 || P == 2)
        want = (float)want; /* the float result is what can be expected */
    TU_CHECK(tu_close(got, want, 4 * eps() * fabs(want) + 1e-44, 1e-300) && tu_guard_ok(&b),
             "%cnrm2 special (n=%d inc=%d, x0=%g): got %.17g want %.17g", PCH[P], m, inc, re[0], got, want);
    tu_free(&b);
}

static void special_nrm2(void)
{
    const double big[4] = {1e30, 1e300, 1e30, 1e300}, tiny[4] = {1e-30, 1e-300, 1e-30, 1e-300};
    const double dnorm[4] = {1e-40, 5e-324, 1e-40, 5e-324};
    for (P = 0; P < 4; P++) {
        double B = big[P], T = tiny[P];
        const double cases[][4] = {{B, B, B, B},     {T, T, T, T},      {3 * T, 4 * T, 0, 0}, {B, 1, T, -B},
                                   {T, 1, 0.5, -T},  {B, T, T, T},      {dnorm[P], dnorm[P], 0, 0},
                                   {NAN, 1, 2, 3},   {1, INFINITY, 2, 3}, {-INFINITY, 1, 0, 0},
                                   {INFINITY, NAN, 1, 1}, {NAN, INFINITY, 1, 1}, {B, NAN, 1, 1}, {T, NAN, 1, 1},
                                   {1, 2, 3, 4}};
        for (int c = 0; c < COUNT(cases); c++)
            for (int inc = -1; inc <= 1; inc++) {
                nrm2_case(4, cases[c], NULL, inc);
                if (cplx())
                    nrm2_case(2, cases[c], cases[c] + 2, inc);
            }
    }
}

/* dnrm2 and dznrm2 of mid-range vectors shorter than one vector of the avx2 and avx512 sets
   (at most 3 reals): the reference's sum of squares bit for bit, each square rounded before it
   is added, in order (the reference BLAS built for x86-64 has no FMA; with fused squares two of
   LAPACK's eigenvalue testers failed on avx512). x86-64 only: on AArch64 the reference itself
   fuses, and so does this file's loop. */
static void short_nrm2(void)
{
#if defined(__x86_64__) && !defined(__FMA__)
    const char *set = nanoblas_get_kernel_set();
    if (strcmp(set, "avx2") != 0 && strcmp(set, "avx512") != 0 && strcmp(set, "amx") != 0)
        return;
    for (int t = 0; t < 2000; t++) {
        double x[4];
        int nr = 1 + t % 3;
        tint n = t % 2 ? (nr + 1) / 2 : nr, one = 1;
        if (t % 2)
            nr = 2 * n;
        volatile double s = 0; /* volatile: each step rounded as written */
        for (int i = 0; i < nr; i++) {
            x[i] = tu_rand() * 1e3;
            volatile double sq = x[i] * x[i];
            s = s + sq;
        }
        double want = sqrt(s), got = t % 2 ? dznrm2_(&n, x, &one) : dnrm2_(&n, x, &one);
        TU_CHECK(got == want, "%snrm2 n=%d: %.17g, the reference's unfused sum gives %.17g", t % 2 ? "dz" : "d",
                 (int)n, got, want);
    }
#endif
}

static void special_amax(void)
{
    const struct {
        int n, want;
        double re[4], im[4];
    } real_cases[] = {{3, 1, {NAN, 1, 5}, {0}},         {3, 3, {1, NAN, 5}, {0}},
                      {4, 2, {1, INFINITY, NAN, -INFINITY}, {0}}, {2, 1, {3, -3}, {0}},
                      {3, 1, {-0.0, 0, 0}, {0}},         {1, 1, {NAN}, {0}},
                      {0, 0, {1}, {0}}},
      cplx_cases[] = {{2, 1, {1, 2}, {2, 1}}, {2, 2, {3, 0}, {0, -4}}, {2, 1, {NAN, 1}, {0, 0}},
                      {3, 3, {1, 0, 2}, {0, NAN, 0}}, {2, 2, {1, -INFINITY}, {1, 0}}};
    for (P = 0; P < 4; P++) {
        int nc = cplx() ? COUNT(cplx_cases) : COUNT(real_cases);
        for (int c = 0; c < nc; c++) {
            int n = cplx() ? cplx_cases[c].n : real_cases[c].n;
            int want = cplx() ? cplx_cases[c].want : real_cases[c].want;
            tu_buf b;
            void *v = mkvec(&b, n, cplx() ? cplx_cases[c].re : real_cases[c].re, cplx() ? cplx_cases[c].im : NULL);
            int got = call_amax(n, v, 1);
            TU_CHECK(got == want, "i%camax special case %d: got %d want %d", PCH[P], c, got, want);
            TU_CHECK(call_amax(n, v, 0) == 0 && call_amax(n, v, -1) == 0, "i%camax incx <= 0 must give 0", PCH[P]);
            TU_CHECK(call_real(0, n, v, 0) == 0 && call_real(0, n, v, -1) == 0, "%casum incx <= 0", PCH[P]);
            tu_free(&b);
        }
    }
}

/* Reference conventions of scal, axpy, dot, asum and the complex-by-real products. */
static int bits_eq(lc got, double re, double im)
{
    double complex g = (double complex)got;
    int ok_re = (isnan(re) && isnan(creal(g))) || (creal(g) == re && signbit(creal(g)) == signbit(re));
    int ok_im = (isnan(im) && isnan(cimag(g))) || (cimag(g) == im && signbit(cimag(g)) == signbit(im));
    return ok_re && ok_im;
}

static void special_elementwise(void)
{
    tint n3 = 3, n1 = 1, one = 1;
    for (P = 0; P < 4; P++) {
        tu_buf b, b2;
        const double re[3] = {NAN, INFINITY, -1}, im[3] = {1, 0, 2};
        /* alpha = 0 still multiplies (3.11): NaN and Inf give NaN, -1 gives -0 */
        void *x = mkvec(&b, 3, re, cplx() ? im : NULL);
        scal_t a = mk(0);
        void (*fs[4])(CI, cv, void *, CI) = {sscal_, dscal_, cscal_, zscal_};
        fs[P](&n3, &a, x, &one);
        TU_CHECK(cplx() ? bits_eq(get(x, 0), NAN, NAN) && bits_eq(get(x, 1), NAN, NAN) && bits_eq(get(x, 2), -0.0, 0)
                        : bits_eq(get(x, 0), NAN, 0) && bits_eq(get(x, 1), NAN, 0) && bits_eq(get(x, 2), -0.0, 0),
                 "%cscal alpha=0 must multiply", PCH[P]);
        /* alpha = 1 returns at once: NaN payloads and Inf stay exactly */
        tu_free(&b);
        x = mkvec(&b, 3, re, cplx() ? im : NULL);
        unsigned char before[48];
        memcpy(before, x, 3 * ES[P]);
        a = mk(1);
        fs[P](&n3, &a, x, &one);
        TU_CHECK(memcmp(before, x, 3 * ES[P]) == 0 && tu_guard_ok(&b), "%cscal alpha=1 must not touch x", PCH[P]);
        /* axpy with alpha = 0 never reads x; dot and asum propagate NaN and Inf*0 */
        const double ones[3] = {1, 1, 0};
        void *y = mkvec(&b2, 3, ones, NULL);
        memcpy(before, y, 3 * ES[P]);
        a = mk(0);
        void (*fa[4])(CI, cv, cv, CI, void *, CI) = {saxpy_, daxpy_, caxpy_, zaxpy_};
        fa[P](&n3, &a, x, &one, y, &one);
        TU_CHECK(memcmp(before, y, 3 * ES[P]) == 0 && tu_guard_ok(&b2), "%caxpy alpha=0 must not read x", PCH[P]);
        TU_CHECK(isnan(creall(call_dot(2, x, 1, y, 1, 0))) && isnan((double)call_real(0, 3, x, 1)),
                 "%cdot/asum must propagate NaN", PCH[P]);
        tu_free(&b), tu_free(&b2);
        if (!cplx())
            continue;
        /* The reference's Fortran complex arithmetic: (2,0)*(Inf,1) = (Inf, NaN); csscal/zdscal scale
           the parts separately; csrot/zdrot form full products with (c,0), so c=1, s=0 turns
           (Inf,0) into (Inf, NaN). */
        const double xr[1] = {INFINITY}, xi[1] = {1};
        x = mkvec(&b, 1, xr, xi);
        a = mk(2);
        fs[P](&n1, &a, x, &one);
        TU_CHECK(bits_eq(get(x, 0), INFINITY, NAN), "%cscal Fortran product", PCH[P]);
        tu_free(&b);
        const double sr[3] = {INFINITY, 5, INFINITY}, si[3] = {1, 5, 1};
        x = mkvec(&b, 3, sr, si);
        float a4 = 2;
        double a8 = 2;
        tint n2 = 2, two = 2;
        for (int inc = 1; inc <= 2; inc++) {
            if (P == 2)
                csscal_(inc == 1 ? &n1 : &n2, &a4, x, inc == 1 ? &one : &two);
            else
                zdscal_(inc == 1 ? &n1 : &n2, &a8, x, inc == 1 ? &one : &two);
        }
        TU_CHECK(bits_eq(get(x, 0), INFINITY, 4) && bits_eq(get(x, 1), 5, 5) && bits_eq(get(x, 2), INFINITY, 2),
                 "%cscal by a real must scale the parts", P == 2 ? 'c' : 'z');
        tu_free(&b);
        /* 40 elements, so that the vector loops (up to 2 x 8 complex a pass) meet the Infs too */
        double xr2[40], xi2[40], yr2[40], yi2[40];
        for (int k = 0; k < 40; k++)
            xr2[k] = (k % 7 == 0 || k == 39) ? INFINITY : 1, xi2[k] = k % 7 == 0 || k == 39 ? 0 : 1,
            yr2[k] = 1, yi2[k] = 1;
        tint n40 = 40;
        x = mkvec(&b, 40, xr2, xi2);
        y = mkvec(&b2, 40, yr2, yi2);
        float c4 = 1, s4 = 0;
        double c8 = 1, s8 = 0;
        if (P == 2)
            csrot_(&n40, x, &one, y, &one, &c4, &s4);
        else
            zdrot_(&n40, x, &one, y, &one, &c8, &s8);
        int rot_ok = tu_guard_ok(&b) && tu_guard_ok(&b2);
        for (int k = 0; k < 40; k++)
            rot_ok &= xr2[k] == INFINITY ? bits_eq(get(x, k), INFINITY, NAN) : bits_eq(get(x, k), 1, 1);
        TU_CHECK(rot_ok, "%crot (c,0) products", P == 2 ? 'c' : 'z');
        tu_free(&b), tu_free(&b2);
    }
    /* sdsdot/dsdot accumulate in double: 1e8 + 1 - 1e8 is 1 there and 0 in float */
    tu_buf b;
    P = 0;
    const double xv[3] = {1e8, 1, -1e8}, yv[3] = {1, 1, 1};
    tu_buf bo;
    float *x = mkvec(&b, 3, xv, NULL), *y = mkvec(&bo, 3, yv, NULL), sb = 0.5f;
    TU_CHECK(sdsdot_(&n3, &sb, x, &one, y, &one) == 1.5f && dsdot_(&n3, x, &one, y, &one) == 1.0,
             "sdsdot/dsdot must accumulate in double");
    tu_free(&b), tu_free(&bo);
    /* cabs1 */
    float complex zc = CMPLXF(-3, 4);
    double complex zz = CMPLX(5, -0.5);
    float r4;
    double r8;
    scabs1sub_(&zc, &r4);
    dcabs1sub_(&zz, &r8);
    TU_CHECK(scabs1_(&zc) == 7 && r4 == 7 && dcabs1_(&zz) == 5.5 && r8 == 5.5, "scabs1/dcabs1");
}

/* ---- rotg, rotmg ---- */

/* Real rotg on (a, b): the special cases exactly, the rest through the defining identities
   (c a + s b = r, c b - s a = 0, c^2 + s^2 = 1, r takes the sign of the larger of a, b) and the
   reconstruction of c, s from z. Done in double for d, in float for s. */
static void rotg_real_case(double a, double b)
{
    tu_buf g;
    double v[4];
    if (P == 0) {
        float *w = tu_alloc(&g, 4, sizeof(float));
        w[0] = (float)a, w[1] = (float)b, a = w[0], b = w[1];
        srotg_(&w[0], &w[1], &w[2], &w[3]);
        for (int i = 0; i < 4; i++)
            v[i] = w[i];
    } else {
        double *w = tu_alloc(&g, 4, sizeof(double));
        w[0] = a, w[1] = b;
        drotg_(&w[0], &w[1], &w[2], &w[3]);
        memcpy(v, w, sizeof v);
    }
    double r = v[0], z = v[1], c = v[2], s = v[3], tol = 8 * eps();
    int ok = tu_guard_ok(&g);
    tu_free(&g);
    if (isnan(a) || isnan(b)) {
        ok = ok && (b == 0 ? c == 1 && s == 0 : a == 0 ? c == 0 && s == 1 : isnan(r) && isnan(c) && isnan(s));
    } else if (b == 0) {
        ok = ok && c == 1 && s == 0 && r == a && z == 0;
    } else if (a == 0) {
        ok = ok && c == 0 && s == 1 && r == b && z == 1;
    } else {
        double big = fabs(a) > fabs(b) ? a : b, sc = fmax(fabs(a), fabs(b));
        ok = ok && signbit(r) == signbit(big) && fabs(c * a + s * b - r) <= tol * sc &&
             fabs(c * b - s * a) <= tol * sc && fabs(c * c + s * s - 1) <= tol;
        /* z: s when |a| > |b|, else 1/c (or 1 when c == 0) */
        double zc = fabs(z) < 1 ? sqrt(1 - z * z) : z == 1 ? 0 : 1 / z;
        double zs = fabs(z) < 1 ? z : z == 1 ? 1 : sqrt(1 - zc * zc);
        ok = ok && fabs(fabs(zc) - fabs(c)) <= 1e3 * tol && fabs(fabs(zs) - fabs(s)) <= 1e3 * tol &&
             (fabs(a) > fabs(b) ? z == s : c == 0 ? z == 1 : fabs(z - 1 / c) <= tol * fabs(z));
    }
    TU_CHECK(ok, "%crotg(%g, %g) -> r=%g z=%g c=%g s=%g", PCH[P], a, b, r, z, c, s);
}

/* Complex rotg: c real in [0,1], c a + s b = r, -conj(s) a + c b = 0, c^2 + |s|^2 = 1, r has the
   phase of a (a != 0) or is |b| (a == 0), r = a when b == 0. */
static void rotg_cplx_case(double complex a, double complex b)
{
    tu_buf g, gc;
    double complex r, s;
    double c;
    if (P == 2) {
        float complex *w = tu_alloc(&g, 3, sizeof(float complex));
        float *cc = tu_alloc(&gc, 1, sizeof(float));
        w[0] = (float complex)a, w[1] = (float complex)b, a = w[0], b = w[1];
        crotg_(&w[0], &w[1], cc, &w[2]);
        r = w[0], s = w[2], c = *cc;
    } else {
        double complex *w = tu_alloc(&g, 3, sizeof(double complex));
        double *cc = tu_alloc(&gc, 1, sizeof(double));
        w[0] = a, w[1] = b;
        zrotg_(&w[0], &w[1], cc, &w[2]);
        r = w[0], s = w[2], c = *cc;
    }
    int okb = tu_guard_ok(&gc);
    tu_free(&gc);
    int ok = okb && tu_guard_ok(&g);
    tu_free(&g);
    double tol = 16 * eps(), sc = fmax(cabs(a), cabs(b));
    if (isnan(creal(a)) || isnan(creal(b))) {
        ok = ok && (b == 0 ? c == 1 && s == 0 : isnan(creal(r)) || isnan(cimag(r)));
    } else if (b == 0) {
        ok = ok && c == 1 && s == 0 && r == a;
    } else if (a == 0) {
        ok = ok && c == 0 && cimag(r) == 0 && fabs(creal(r) - cabs(b)) <= tol * sc && cabs(s * b - r) <= tol * sc;
    } else {
        /* scale before forming products so that extreme inputs stay representable */
        double complex as = a / sc, bs = b / sc, rs = r / sc;
        ok = ok && c >= 0 && c <= 1 && cabs(c * as + s * bs - rs) <= tol && cabs(-conj(s) * as + c * bs) <= tol &&
             fabs(c * c + creal(s * conj(s)) - 1) <= tol && cabs(r / cabs(r) - a / cabs(a)) <= tol;
    }
    TU_CHECK(ok, "%crotg((%g,%g), (%g,%g)) -> r=(%g,%g) c=%g s=(%g,%g)", PCH[P], creal(a), cimag(a), creal(b),
             cimag(b), creal(r), cimag(r), c, creal(s), cimag(s));
}

static void special_rotg(void)
{
    for (P = 0; P < 4; P++) {
        double B = P % 2 ? 1e300 : 1e30, T = P % 2 ? 1e-300 : 1e-30;
        const double vals[] = {0, 1, -1, 3, -4, 0.5, B, -B, T, -T, 1 / B, NAN};
        for (int i = 0; i < COUNT(vals); i++)
            for (int j = 0; j < COUNT(vals); j++) {
                if (!cplx())
                    rotg_real_case(vals[i], vals[j]);
                else
                    rotg_cplx_case(vals[i] + vals[(i + 3) % COUNT(vals)] * I * (i % 2),
                                   vals[j] + vals[(j + 5) % COUNT(vals)] * I * (j % 3 != 0));
            }
        for (int k = 0; k < 300; k++) {
            double e1 = ldexp(1, tu_randint(-40, 40)), e2 = ldexp(1, tu_randint(-40, 40));
            if (!cplx())
                rotg_real_case(tu_rand() * e1, tu_rand() * e2);
            else
                rotg_cplx_case((tu_rand() + tu_rand() * I) * e1, (tu_rand() + tu_rand() * I) * e2);
        }
    }
    /* the exact values of the conventions */
    P = 1;
    double w[4] = {3, 4};
    drotg_(&w[0], &w[1], &w[2], &w[3]);
    TU_CHECK(w[0] == 5 && w[2] == 0.6 && w[3] == 0.8 && fabs(w[1] - 1 / 0.6) < 1e-15, "drotg(3,4)");
    double w2[4] = {-4, 3};
    drotg_(&w2[0], &w2[1], &w2[2], &w2[3]);
    TU_CHECK(w2[0] == -5 && w2[2] == 0.8 && w2[3] == -0.6 && w2[1] == -0.6, "drotg(-4,3)");
    double complex za = 0, zb = CMPLX(3, 4), zs;
    double zc;
    zrotg_(&za, &zb, &zc, &zs);
    TU_CHECK(za == 5 && zc == 0 && zs == CMPLX(0.6, -0.8), "zrotg(0,(3,4))");
}

/* rotmg: the flag conventions, and for random and badly scaled inputs the invariant
   d1' (H w)_1^2 + d2' (H w)_2^2 = d1 w_1^2 + d2 w_2^2 for every w, with H (x1, y1) = (x1', 0),
   d1', d2' rescaled into [gam^-2, gam^2], and rotm applying the same H. */
static void rotmg_case(double d1, double d2, double x1, double y1)
{
    tu_buf gp, gd;
    double p[5], d[3], h[4];
    if (P == 0) {
        float *pp = tu_alloc(&gp, 5, 4), *dd = tu_alloc(&gd, 3, 4), fy = (float)y1;
        dd[0] = (float)d1, dd[1] = (float)d2, dd[2] = (float)x1;
        d1 = dd[0], d2 = dd[1], x1 = dd[2], y1 = fy;
        for (int i = 0; i < 5; i++)
            pp[i] = 7;
        srotmg_(&dd[0], &dd[1], &dd[2], &fy, pp);
        for (int i = 0; i < 5; i++)
            p[i] = pp[i];
        for (int i = 0; i < 3; i++)
            d[i] = dd[i];
    } else {
        double *pp = tu_alloc(&gp, 5, 8), *dd = tu_alloc(&gd, 3, 8);
        dd[0] = d1, dd[1] = d2, dd[2] = x1;
        for (int i = 0; i < 5; i++)
            pp[i] = 7;
        drotmg_(&dd[0], &dd[1], &dd[2], &y1, pp);
        memcpy(p, pp, sizeof p), memcpy(d, dd, sizeof d);
    }
    int ok = tu_guard_ok(&gp) && tu_guard_ok(&gd);
    tu_free(&gp), tu_free(&gd);
    double flag = p[0];
    if (d1 < 0) {
        ok = ok && flag == -1 && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0 && d[0] == 0 && d[1] == 0 &&
             d[2] == 0;
    } else if (d2 * y1 == 0) {
        ok = ok && flag == -2 && p[1] == 7 && p[4] == 7 && d[0] == d1 && d[1] == d2 && d[2] == x1;
    } else if (flag == -1 && d[0] == 0 && d[1] == 0) {
        ok = ok && p[1] == 0 && p[2] == 0 && p[3] == 0 && p[4] == 0; /* the reference's fallback */
    } else {
        /* h = (h11, h21, h12, h22) with the implicit elements of flags 0 and 1 */
        h[0] = flag == 0 ? 1 : p[1], h[1] = flag == 1 ? -1 : p[2];
        h[2] = flag == 1 ? 1 : p[3], h[3] = flag == 0 ? 1 : p[4];
        ok = ok && (flag == -1 || flag == 0 || flag == 1) && (flag != 0 || (p[1] == 7 && p[4] == 7)) &&
             (flag != 1 || (p[2] == 7 && p[3] == 7));
        double tol = 64 * eps();
        for (int k = 0; k < 3 && ok; k++) {
            double w1 = k == 0 ? x1 : k == 1, w2 = k == 0 ? y1 : k == 2;
            long double u = (long double)h[0] * w1 + (long double)h[2] * w2, v = (long double)h[1] * w1 + (long double)h[3] * w2;
            long double lhs = d[0] * u * u + d[1] * v * v, rhs = (long double)d1 * w1 * w1 + (long double)d2 * w2 * w2;
            long double scale = fabsl(d[0] * u * u) + fabsl(d[1] * v * v) + fabsl(rhs);
            ok = fabsl(lhs - rhs) <= tol * scale;
            if (k == 0)
                ok = ok && fabsl(v) <= tol * (fabs(h[1] * x1) + fabs(h[3] * y1)) && fabsl(u - d[2]) <= tol * fabsl(u);
        }
        const double rg = P ? 5.9604645e-8 : 5.96046e-8, gs = P ? 16777216.0 : 1.67772e7;
        ok = ok && (d[0] == 0 || (d[0] > rg && d[0] < gs)) && (d[1] == 0 || (fabs(d[1]) > rg && fabs(d[1]) < gs));
        /* rotm with this param maps (x1, y1) to (x1', ~0) */
        tint n1 = 1, one = 1;
        if (ok && P == 0) {
            float pf[5], xf = (float)x1, yf = (float)y1;
            for (int i = 0; i < 5; i++)
                pf[i] = (float)p[i];
            srotm_(&n1, &xf, &one, &yf, &one, pf);
            ok = fabs(xf - d[2]) <= tol * fabs(d[2]) && fabs(yf) <= tol * (fabs(h[1] * x1) + fabs(h[3] * y1));
        } else if (ok) {
            double xd = x1, yd = y1;
            drotm_(&n1, &xd, &one, &yd, &one, p);
            ok = fabs(xd - d[2]) <= tol * fabs(d[2]) && fabs(yd) <= tol * (fabs(h[1] * x1) + fabs(h[3] * y1));
        }
    }
    TU_CHECK(ok, "%crotmg(%g, %g, %g, %g) -> flag %g [%g %g %g %g] d1=%g d2=%g x1=%g", PCH[P], d1, d2, x1, y1, flag,
             p[1], p[2], p[3], p[4], d[0], d[1], d[2]);
}

static void special_rotmg(void)
{
    for (P = 0; P < 2; P++) {
        rotmg_case(-1, 2, 3, 4);
        rotmg_case(1, 2, 3, 0);
        rotmg_case(1, 0, 3, 4);
        rotmg_case(0, 2, 3, 4);
        rotmg_case(2, 1, 0, 4);
        for (int k = 0; k < 2000; k++) {
            /* scales that need no, one or several rescaling steps for d1 and d2 */
            double d1 = ldexp(1 + tu_rand() * 0.5, tu_randint(-60, 60)), d2 = ldexp(1 + tu_rand() * 0.5, tu_randint(-60, 60));
            double x1 = tu_rand() * ldexp(1, tu_randint(-20, 20)), y1 = tu_rand() * ldexp(1, tu_randint(-20, 20));
            rotmg_case(k % 7 ? d1 : -d1, k % 11 ? d2 : -d2, x1, y1);
        }
    }
}

int main(void)
{
    tu_seed(1);
    random_tests();
    special_nrm2();
    short_nrm2();
    special_amax();
    special_elementwise();
    special_rotg();
    special_rotmg();
    TU_CHECK(xb_calls == 0, "xerbla_ was called %d times", xb_calls);
    return tu_finish("test_level1");
}
