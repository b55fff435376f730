/* The Level 1 vector kernels and their chunked, threaded drivers (blas/level1/, kernels/
   l1_kernels.h), all four types, against plain references written here:
   - every routine at sizes around each vector width (1..70), the kernels' block sizes, the
     fixed chunk (4096) and the threading threshold, with increments 1, -1, 2, -3 and 0 where
     legal, inside guard zones;
   - NaN and Inf at chosen positions (vector body, tail, chunk boundaries) propagate as in the
     reference; i?amax exact (first maximum, strict >, leading NaN stays, later NaN never wins);
   - bitwise equality of every result and every output buffer at 1, 2, 3, 4 and 7 threads (the
     program re-executes itself with NANOBLAS_OVERSUBSCRIBE=1, which the library reads at load,
     so that teams above the CPU count are really started). */
#include <complex.h>
#include <stddef.h>
#include <unistd.h>

#include "tests/testutil.h"

typedef long double complex lc;
typedef const void *cv;
#define CI const int *
void openblas_set_num_threads(int);
#define DECL4(T, s, d, c, z, ...) T s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
DECL4(void, saxpy_, daxpy_, caxpy_, zaxpy_, CI, cv, cv, CI, void *, CI);
DECL4(void, scopy_, dcopy_, ccopy_, zcopy_, CI, cv, CI, void *, CI);
DECL4(void, sswap_, dswap_, cswap_, zswap_, CI, void *, CI, void *, CI);
DECL4(void, sscal_, dscal_, cscal_, zscal_, CI, cv, void *, CI);
DECL4(int, isamax_, idamax_, icamax_, izamax_, CI, cv, CI);
void csscal_(CI, const float *, void *, CI), zdscal_(CI, const double *, void *, CI);
void srot_(CI, void *, CI, void *, CI, const float *, const float *);
void drot_(CI, void *, CI, void *, CI, const double *, const double *);
void csrot_(CI, void *, CI, void *, CI, const float *, const float *);
void zdrot_(CI, void *, CI, void *, CI, const double *, const double *);
float sdot_(CI, cv, CI, cv, CI), sdsdot_(CI, const float *, cv, CI, cv, CI);
double ddot_(CI, cv, CI, cv, CI), dsdot_(CI, cv, CI, cv, CI);
float complex cdotc_(CI, cv, CI, cv, CI), cdotu_(CI, cv, CI, cv, CI);
double complex zdotc_(CI, cv, CI, cv, CI), zdotu_(CI, cv, CI, cv, CI);
float sasum_(CI, cv, CI), scasum_(CI, cv, CI), snrm2_(CI, cv, CI), scnrm2_(CI, cv, CI);
double dasum_(CI, cv, CI), dzasum_(CI, cv, CI), dnrm2_(CI, cv, CI), dznrm2_(CI, cv, CI);
/* OpenBLAS's extensions on the same kernel tables */
DECL4(int, isamin_, idamin_, icamin_, izamin_, CI, cv, CI);
float samax_(CI, cv, CI), scamax_(CI, cv, CI), samin_(CI, cv, CI), scamin_(CI, cv, CI);
double damax_(CI, cv, CI), dzamax_(CI, cv, CI), damin_(CI, cv, CI), dzamin_(CI, cv, CI);
float smax_(CI, cv, CI), smin_(CI, cv, CI);
double dmax_(CI, cv, CI), dmin_(CI, cv, CI);
int ismax_(CI, cv, CI), ismin_(CI, cv, CI), idmax_(CI, cv, CI), idmin_(CI, cv, CI);
DECL4(void, saxpby_, daxpby_, caxpby_, zaxpby_, CI, cv, cv, CI, cv, void *, CI);
void caxpyc_(CI, cv, cv, CI, void *, CI), zaxpyc_(CI, cv, cv, CI, void *, CI);
void srotm_(CI, void *, CI, void *, CI, const float *), drotm_(CI, void *, CI, void *, CI, const double *);

/* ---- the current type: 0..3 = s d c z ---- */
static int P;
static const size_t ES[4] = {sizeof(float), sizeof(double), sizeof(float complex),
                             sizeof(double complex)};
static const char PCH[4] = {'s', 'd', 'c', 'z'};
static int cplx(void) { return P >= 2; }
static long double eps(void) { return (P == 0 || P == 2) ? 0x1p-24L : 0x1p-53L; }
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
static long double abs1(lc v) { return fabsl(creall(v)) + fabsl(cimagl(v)); }
static int nanl_(lc v) { return isnan(creall(v)) || isnan(cimagl(v)); }

/* logical element k of a strided vector (negative increments start at the far end) */
static ptrdiff_t pos(int n, int inc, int k)
{
    return inc >= 0 ? (ptrdiff_t)k * inc : (ptrdiff_t)(n - 1 - k) * -inc;
}
static size_t span(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }

/* ---- the routines, by operation, for the current type; the result of a reduction as lc ---- */
enum op { DOT, DOTC, ASUM, NRM2, AMAX, DSDOT, SDSDOT, AXPY, SCAL, RSCAL, ROT, SWAP, COPY,
          /* OpenBLAS's extensions: searches (index or value; OpenBLAS's rules, incx < 1 gives
             0, no negative walk), axpby (both scalars non-zero, beta 0, alpha 0), axpyc, and
             rotm with each flag */
          IAMIN, XAMAX, XAMIN, XMAX, XMIN, IXMAX, IXMIN, AXPBY, AXPBY_B0, AXPBY_A0, AXPYC,
          ROTM_N1, ROTM_Z, ROTM_P1, ROTM_N2, NOPS };
static const char *OPN[NOPS] = {"dot", "dotc", "asum", "nrm2", "iamax", "dsdot", "sdsdot",
                                "axpy", "scal", "rscal", "rot", "swap", "copy",
                                "iamin", "amax", "amin", "max", "min", "imax", "imin",
                                "axpby", "axpby(beta 0)", "axpby(alpha 0)", "axpyc",
                                "rotm(-1)", "rotm(0)", "rotm(1)", "rotm(-2)"};
static int is_search(enum op o) { return o >= IAMIN && o <= IXMIN; }
static int is_index(enum op o) { return o == AMAX || o == IAMIN || o == IXMAX || o == IXMIN; }
static int is_reduction(enum op o) { return o <= SDSDOT || is_search(o); }
static int is_rotm(enum op o) { return o >= ROTM_N1 && o <= ROTM_N2; }
static int op_valid(enum op o)
{
    if (o == DOTC || o == RSCAL || o == AXPYC)
        return cplx();
    if (o == DSDOT || o == SDSDOT)
        return P == 0;
    if (o == XMAX || o == XMIN || o == IXMAX || o == IXMIN || is_rotm(o))
        return !cplx();
    return 1;
}

static const double ALPHA[2] = {0.75, -0.375}, ROTCS[2] = {0.6, 0.8}, BETA[2] = {-0.5, 0.625};
/* rotm's H after the flag: h11, h21, h12, h22 */
static const double ROTMH[4] = {0.75, -0.375, 0.5, 1.25};
static double rotm_flag(enum op o) { return o == ROTM_N1 ? -1 : o == ROTM_Z ? 0 : o == ROTM_P1 ? 1 : -2; }

static lc call(enum op o, int n, void *x, int incx, void *y, int incy)
{
    union {
        float s[2];
        double d[2];
    } a;
    float fc = (float)ROTCS[0], fs = (float)ROTCS[1];
    if (P == 0 || P == 2)
        a.s[0] = (float)ALPHA[0], a.s[1] = (float)ALPHA[1];
    else
        a.d[0] = ALPHA[0], a.d[1] = ALPHA[1];
    switch (o) {
    case DOT:
        switch (P) {
        case 0: return sdot_(&n, x, &incx, y, &incy);
        case 1: return ddot_(&n, x, &incx, y, &incy);
        case 2: return cdotu_(&n, x, &incx, y, &incy);
        default: return zdotu_(&n, x, &incx, y, &incy);
        }
    case DOTC: return P == 2 ? cdotc_(&n, x, &incx, y, &incy) : zdotc_(&n, x, &incx, y, &incy);
    case ASUM:
        switch (P) {
        case 0: return sasum_(&n, x, &incx);
        case 1: return dasum_(&n, x, &incx);
        case 2: return scasum_(&n, x, &incx);
        default: return dzasum_(&n, x, &incx);
        }
    case NRM2:
        switch (P) {
        case 0: return snrm2_(&n, x, &incx);
        case 1: return dnrm2_(&n, x, &incx);
        case 2: return scnrm2_(&n, x, &incx);
        default: return dznrm2_(&n, x, &incx);
        }
    case AMAX:
        switch (P) {
        case 0: return isamax_(&n, x, &incx);
        case 1: return idamax_(&n, x, &incx);
        case 2: return icamax_(&n, x, &incx);
        default: return izamax_(&n, x, &incx);
        }
    case DSDOT: return dsdot_(&n, x, &incx, y, &incy);
    case SDSDOT: return sdsdot_(&n, &fs, x, &incx, y, &incy);
    case AXPY: (P == 0 ? saxpy_ : P == 1 ? daxpy_ : P == 2 ? caxpy_ : zaxpy_)(&n, &a, x, &incx, y, &incy); return 0;
    case SCAL: (P == 0 ? sscal_ : P == 1 ? dscal_ : P == 2 ? cscal_ : zscal_)(&n, &a, x, &incx); return 0;
    case RSCAL:
        if (P == 2)
            csscal_(&n, a.s, x, &incx);
        else
            zdscal_(&n, a.d, x, &incx);
        return 0;
    case ROT:
        switch (P) {
        case 0: srot_(&n, x, &incx, y, &incy, &fc, &fs); break;
        case 1: drot_(&n, x, &incx, y, &incy, &ROTCS[0], &ROTCS[1]); break;
        case 2: csrot_(&n, x, &incx, y, &incy, &fc, &fs); break;
        default: zdrot_(&n, x, &incx, y, &incy, &ROTCS[0], &ROTCS[1]); break;
        }
        return 0;
    case SWAP: (P == 0 ? sswap_ : P == 1 ? dswap_ : P == 2 ? cswap_ : zswap_)(&n, x, &incx, y, &incy); return 0;
    case COPY: (P == 0 ? scopy_ : P == 1 ? dcopy_ : P == 2 ? ccopy_ : zcopy_)(&n, x, &incx, y, &incy); return 0;
    case IAMIN: return (P == 0 ? isamin_ : P == 1 ? idamin_ : P == 2 ? icamin_ : izamin_)(&n, x, &incx);
    case XAMAX: return P == 0 ? samax_(&n, x, &incx) : P == 1 ? damax_(&n, x, &incx) : P == 2 ? scamax_(&n, x, &incx) : dzamax_(&n, x, &incx);
    case XAMIN: return P == 0 ? samin_(&n, x, &incx) : P == 1 ? damin_(&n, x, &incx) : P == 2 ? scamin_(&n, x, &incx) : dzamin_(&n, x, &incx);
    case XMAX: return P == 0 ? smax_(&n, x, &incx) : dmax_(&n, x, &incx);
    case XMIN: return P == 0 ? smin_(&n, x, &incx) : dmin_(&n, x, &incx);
    case IXMAX: return P == 0 ? ismax_(&n, x, &incx) : idmax_(&n, x, &incx);
    case IXMIN: return P == 0 ? ismin_(&n, x, &incx) : idmin_(&n, x, &incx);
    case AXPBY: case AXPBY_B0: case AXPBY_A0: {
        union {
            float s[2];
            double d[2];
        } b;
        if (P == 0 || P == 2)
            b.s[0] = o == AXPBY_B0 ? 0.0f : (float)BETA[0], b.s[1] = o == AXPBY_B0 ? 0.0f : (float)BETA[1];
        else
            b.d[0] = o == AXPBY_B0 ? 0.0 : BETA[0], b.d[1] = o == AXPBY_B0 ? 0.0 : BETA[1];
        if (o == AXPBY_A0)
            memset(&a, 0, sizeof a);
        (P == 0 ? saxpby_ : P == 1 ? daxpby_ : P == 2 ? caxpby_ : zaxpby_)(&n, &a, x, &incx, &b, y, &incy);
        return 0;
    }
    case AXPYC: (P == 2 ? caxpyc_ : zaxpyc_)(&n, &a, x, &incx, y, &incy); return 0;
    case ROTM_N1: case ROTM_Z: case ROTM_P1: case ROTM_N2: {
        float hs[5] = {(float)rotm_flag(o)};
        double hd[5] = {rotm_flag(o)};
        for (int k = 0; k < 4; k++)
            hs[k + 1] = (float)ROTMH[k], hd[k + 1] = ROTMH[k];
        if (P == 0)
            srotm_(&n, x, &incx, y, &incy, hs);
        else
            drotm_(&n, x, &incx, y, &incy, hd);
        return 0;
    }
    default: return 0;
    }
}

/* ---- references, in long double, in the reference's element order; complex products by
   their parts (the Fortran rules: no C99 NaN recovery) ---- */
static lc mul(lc a, lc b)
{
    if (!cplx())
        return creall(a) * creall(b);
    long double ar = creall(a), ai = cimagl(a), br = creall(b), bi = cimagl(b);
    return CMPLXL(ar * br - ai * bi, ar * bi + ai * br);
}
static lc alpha_t(void) /* alpha rounded to the type */
{
    lc a = cplx() ? CMPLXL(ALPHA[0], ALPHA[1]) : ALPHA[0];
    return (P == 0 || P == 2) ? CMPLXL((float)creall(a), (float)cimagl(a)) : a;
}
static long double rot_t(int k) { return (P == 0 || P == 2) ? (float)ROTCS[k] : ROTCS[k]; }
static long double rotmh_t(int k) { return P == 0 ? (float)ROTMH[k] : ROTMH[k]; }
static lc beta_t(void)
{
    lc b = cplx() ? CMPLXL(BETA[0], BETA[1]) : BETA[0];
    return (P == 0 || P == 2) ? CMPLXL((float)creall(b), (float)cimagl(b)) : b;
}
static long double abs1_t(lc v) /* |re| + |im| rounded as the type computes it */
{
    if (P == 2)
        return (float)(fabsf((float)creall(v)) + fabsf((float)cimagl(v)));
    if (P == 3)
        return fabs((double)creall(v)) + fabs((double)cimagl(v));
    return fabsl(creall(v));
}

/* X, Y: the whole buffers as lc; returns a reduction's value, updates X, Y in place; *mag gets
   the sum of the magnitudes of the terms (the scale of the rounding error). */
static lc reference(enum op o, int n, lc *X, int incx, lc *Y, int incy, long double *mag)
{
    lc s = 0;
    *mag = 0;
    lc al = alpha_t();
    long double c = rot_t(0), sn = rot_t(1), zero = 0;
    if (n <= 0)
        return o == SDSDOT ? (float)ROTCS[1] : 0;
    for (int k = 0; k < n; k++) {
        ptrdiff_t i = pos(n, incx, k), j = pos(n, incy, k);
        switch (o) {
        case DOT: s += mul(X[i], Y[j]), *mag += abs1(X[i]) * abs1(Y[j]); break;
        case DOTC: s += mul(conjl(X[i]), Y[j]), *mag += abs1(X[i]) * abs1(Y[j]); break;
        case DSDOT: case SDSDOT: s += mul(X[i], Y[j]), *mag += abs1(X[i]) * abs1(Y[j]); break;
        case ASUM: if (incx > 0) s += abs1(X[i]), *mag += abs1(X[i]); break;
        case NRM2: {
            long double r = creall(X[i]), m = cimagl(X[i]);
            s += r * r + m * m, *mag += r * r + m * m;
            break;
        }
        case AMAX: break;
        case AXPY: Y[j] = Y[j] + mul(al, X[i]); break;
        case SCAL: if (incx > 0) X[i] = mul(al, X[i]); break;
        case RSCAL: if (incx > 0) X[i] = CMPLXL(creall(al) * creall(X[i]), creall(al) * cimagl(X[i])); break;
        case ROT: {
            lc cx, cy, sx, sy; /* (c, 0) * v and (s, 0) * v with the zero terms */
            cx = CMPLXL(creall(X[i]) * c - cimagl(X[i]) * zero, creall(X[i]) * zero + cimagl(X[i]) * c);
            cy = CMPLXL(creall(Y[j]) * c - cimagl(Y[j]) * zero, creall(Y[j]) * zero + cimagl(Y[j]) * c);
            sx = CMPLXL(creall(X[i]) * sn - cimagl(X[i]) * zero, creall(X[i]) * zero + cimagl(X[i]) * sn);
            sy = CMPLXL(creall(Y[j]) * sn - cimagl(Y[j]) * zero, creall(Y[j]) * zero + cimagl(Y[j]) * sn);
            if (!cplx())
                cx = creall(cx), cy = creall(cy), sx = creall(sx), sy = creall(sy);
            X[i] = cx + sy, Y[j] = cy - sx;
            break;
        }
        case SWAP: { lc t = X[i]; X[i] = Y[j]; Y[j] = t; break; }
        case AXPBY: Y[j] = mul(al, X[i]) + mul(beta_t(), Y[j]); break;
        case AXPBY_B0: Y[j] = mul(al, X[i]); break;
        case AXPBY_A0: Y[j] = mul(beta_t(), Y[j]); break;
        case AXPYC: Y[j] = Y[j] + mul(al, conjl(X[i])); break;
        case ROTM_N1: case ROTM_Z: case ROTM_P1: {
            long double w = creall(X[i]), z = creall(Y[j]);
            long double h11 = o == ROTM_Z ? 1 : rotmh_t(0), h21 = o == ROTM_P1 ? -1 : rotmh_t(1);
            long double h12 = o == ROTM_P1 ? 1 : rotmh_t(2), h22 = o == ROTM_Z ? 1 : rotmh_t(3);
            X[i] = w * h11 + z * h12, Y[j] = w * h21 + z * h22;
            break;
        }
        case COPY: Y[j] = X[i]; break;
        default: break;
        }
    }
    if (o == NRM2)
        s = sqrtl(creall(s)), *mag = sqrtl(*mag);
    if (o == SDSDOT)
        s += (float)ROTCS[1], *mag += 1;
    if (is_search(o)) { /* OpenBLAS's rules: element 1 first, strict comparison */
        if (incx <= 0)
            return 0;
        int best = 0, by_abs = o == IAMIN || o == XAMAX || o == XAMIN;
        int mx = o == XAMAX || o == XMAX || o == IXMAX;
        long double v = by_abs ? abs1_t(X[0]) : creall(X[0]);
        for (int k = 1; k < n; k++) {
            long double u = by_abs ? abs1_t(X[(ptrdiff_t)k * incx]) : creall(X[(ptrdiff_t)k * incx]);
            if (mx ? u > v : u < v)
                best = k, v = u;
        }
        return is_index(o) ? best + 1 : v;
    }
    if (o == AMAX) {
        if (incx <= 0)
            return 0;
        int best = 0;
        long double v = abs1_t(X[0]);
        for (int k = 1; k < n; k++)
            if (abs1_t(X[(ptrdiff_t)k * incx]) > v)
                best = k, v = abs1_t(X[(ptrdiff_t)k * incx]);
        return best + 1;
    }
    return s;
}

/* equal, or both NaN (in some part), or both the same infinity; else within tol */
static int close_lc(lc got, lc want, long double tol)
{
    long double g[2] = {creall(got), cimagl(got)}, w[2] = {creall(want), cimagl(want)};
    if (nanl_(want) || nanl_(got))
        return nanl_(want) && nanl_(got);
    for (int k = 0; k < 2; k++) {
        if (isinf(w[k]) || isinf(g[k])) {
            if (g[k] != w[k])
                return 0;
        } else if (fabsl(g[k] - w[k]) > tol) {
            return 0;
        }
    }
    return 1;
}
static int same_lc(lc a, lc b)
{
    long double x[4] = {creall(a), cimagl(a), creall(b), cimagl(b)};
    for (int k = 0; k < 2; k++)
        if (!((x[k] == x[k + 2] && signbit(x[k]) == signbit(x[k + 2])) ||
              (isnan(x[k]) && isnan(x[k + 2]))))
            return 0;
    return 1;
}

/* ---- one case: run, compare with the reference, then every team size bit for bit ---- */
static const int TEAMS[] = {2, 3, 4, 7};
typedef struct {
    int k;    /* logical element of x */
    double v; /* its value (the real part; imaginary 0.5) */
} special;

static int nan_fill;
static void run_case(enum op o, int n, int incx, int incy, const special *sp, int nsp, int teams)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    size_t lx = span(n, incx), ly = span(n, incy), es = ES[P];
    tu_buf bx, by;
    void *x = tu_alloc(&bx, lx, es), *y = tu_alloc(&by, ly, es);
    lc *X = malloc(lx * sizeof(lc)), *Y = malloc(ly * sizeof(lc));
    for (size_t i = 0; i < lx; i++)
        put(x, (ptrdiff_t)i, cplx() ? CMPLXL(tu_rand(), tu_rand()) : tu_rand());
    for (size_t i = 0; i < ly; i++)
        put(y, (ptrdiff_t)i, cplx() ? CMPLXL(tu_rand(), tu_rand()) : tu_rand());
    if (nan_fill) /* every element of x NaN but the specials */
        for (int k = 0; k < n; k++)
            put(x, pos(n, incx, k), cplx() ? CMPLXL(0.5, __builtin_nan("")) : __builtin_nan(""));
    for (int s = 0; s < nsp; s++)
        if (sp[s].k < n)
            put(x, pos(n, incx, sp[s].k), cplx() ? CMPLXL(sp[s].v, 0.5) : sp[s].v);
    void *x0 = malloc(lx * es), *y0 = malloc(ly * es), *x1 = malloc(lx * es), *y1 = malloc(ly * es);
    memcpy(x0, x, lx * es), memcpy(y0, y, ly * es);
    for (size_t i = 0; i < lx; i++)
        X[i] = get(x, (ptrdiff_t)i);
    for (size_t i = 0; i < ly; i++)
        Y[i] = get(y, (ptrdiff_t)i);
    long double mag;
    lc want = reference(o, n, X, incx, Y, incy, &mag);

    openblas_set_num_threads(1);
    lc r1 = call(o, n, x, incx, y, incy);
    memcpy(x1, x, lx * es), memcpy(y1, y, ly * es);
    const char *what = OPN[o];
    long double e = eps(), tol = 4 * e * ((long double)n + 4) * (mag > 1 ? mag : 1);
    if (is_search(o) && !is_index(o))
        TU_CHECK(close_lc(r1, want, 0), "%c%s n=%d incx=%d: %Lg, want %Lg", PCH[P], what, n, incx,
                 creall(r1), creall(want));
    else if (is_index(o))
        TU_CHECK(creall(r1) == creall(want), "%c%s n=%d incx=%d: %d, want %d", PCH[P], what, n,
                 incx, (int)creall(r1), (int)creall(want));
    else if (is_reduction(o))
        TU_CHECK(close_lc(r1, want, o == DSDOT ? 1e-12L * (mag + 1) : tol),
                 "%c%s n=%d incx=%d incy=%d: (%Lg, %Lg), want (%Lg, %Lg)", PCH[P], what, n, incx,
                 incy, creall(r1), cimagl(r1), creall(want), cimagl(want));
    else {
        int bad = 0;
        for (size_t i = 0; i < lx && !bad; i++)
            bad = !close_lc(get(x, (ptrdiff_t)i), X[i], 8 * e * (abs1(X[i]) + 2));
        for (size_t i = 0; i < ly && !bad; i++)
            bad = !close_lc(get(y, (ptrdiff_t)i), Y[i], 8 * e * (abs1(Y[i]) + 2) * (incy == 0 ? n : 1));
        TU_CHECK(!bad, "%c%s n=%d incx=%d incy=%d: vectors differ from the reference", PCH[P],
                 what, n, incx, incy);
    }
    TU_CHECK(tu_guard_ok(&bx) && tu_guard_ok(&by), "%c%s n=%d incx=%d incy=%d: guard zone written",
             PCH[P], what, n, incx, incy);
    for (int t = 0; t < teams; t++) {
        memcpy(x, x0, lx * es), memcpy(y, y0, ly * es);
        openblas_set_num_threads(TEAMS[t]);
        lc r = call(o, n, x, incx, y, incy);
        TU_CHECK(same_lc(r, r1) && !memcmp(x, x1, lx * es) && !memcmp(y, y1, ly * es),
                 "%c%s n=%d incx=%d incy=%d: %d threads differ from 1 thread", PCH[P], what, n,
                 incx, incy, TEAMS[t]);
    }
    openblas_set_num_threads(1);
    free(X), free(Y), free(x0), free(y0), free(x1), free(y1);
    tu_free(&bx), tu_free(&by);
}

static int inc_legal(enum op o, int inc) { return inc != 0 || o == DOT || o == DOTC || o == DSDOT || o == SDSDOT || o == NRM2 || o == AXPY || o == COPY || o == ASUM || o == AMAX || o == SCAL || is_search(o) || o == AXPBY || o == AXPBY_B0 || o == AXPBY_A0 || o == AXPYC; }

static void sweep_type(void)
{
    static const int INCS[][2] = {{1, 1}, {-1, -1}, {2, -3}, {-3, 1}, {0, 1}, {1, 2}};
    static const int MID[] = {127, 128, 129, 255, 256, 257, 511, 513, 1023, 1024, 1025, 1029,
                              2047, 2049, 4095, 4096, 4097, 8191, 8192, 8193, 12289};
    /* NB_TEST_QUICK (qemu, where this program ran 8 minutes a set): the chunk and threshold
       edges only, one large size, the first three increment pairs */
    static const int MID_QUICK[] = {127, 129, 4095, 4096, 4097, 8193};
    const int *mid = tu_quick() ? MID_QUICK : MID;
    size_t nmid = tu_quick() ? sizeof MID_QUICK / sizeof *MID_QUICK : sizeof MID / sizeof *MID;
    int big_n[] = {65537, 65535, 131073, 300001};
    size_t nbig = tu_quick() ? 1 : sizeof big_n / sizeof *big_n;
    for (int o = 0; o < NOPS; o++) {
        if (!op_valid((enum op)o))
            continue;
        for (int c = 0; c < (tu_quick() ? 3 : 6); c++) {
            int ix = INCS[c][0], iy = INCS[c][1];
            if (!inc_legal((enum op)o, ix))
                continue;
            /* every tail of a 64-element block; NB_TEST_QUICK: every n to 17, then every
               other n, the parity alternating with the operation and the increments */
            for (int n = 0; n <= 70; n++)
                if (!tu_quick() || n <= 17 || (n + o + c) % 2 == 0)
                    run_case((enum op)o, n, ix, iy, NULL, 0, 0);
            for (size_t k = 0; k < nmid; k++)
                run_case((enum op)o, mid[k], ix, iy, NULL, 0, mid[k] >= 8192 ? 4 : 0);
            /* NB_TEST_QUICK: the long vector under one increment pair per operation, in turn */
            if (c <= 2 && (!tu_quick() || c == o % 3))
                for (size_t k = 0; k < nbig; k++)
                    run_case((enum op)o, big_n[k], ix, iy, NULL, 0, 4);
        }
    }
}

/* NaN and Inf at chosen places: first element, inside the vector body, in the tail, on a
   chunk boundary, in a later chunk; several at once. */
static void specials_type(void)
{
    const double nan = __builtin_nan(""), inf = __builtin_inf();
    static const int NSP[] = {1, 5, 37, 4099, 1029, 70001};
    for (size_t t = 0; t < (tu_quick() ? 4 : sizeof NSP / sizeof NSP[0]); t++) {
        int n = NSP[t];
        /* Positions 1 and 8 sit in the first vector block whatever n is: the vectors longer
           than a block (64) take the other positions only. */
        const int ks[] = {0, n / 2, n - 1, 4096, 1, 8};
        size_t nks = n > 64 ? 4 : sizeof ks / sizeof ks[0];
        for (size_t a = 0; a < nks; a++) {
            special sets[][3] = {{{ks[a], nan}}, {{ks[a], inf}}, {{ks[a], -inf}},
                                 {{ks[a], inf}, {n - 1, -inf}}, {{ks[a], nan}, {n / 3, 5.0}},
                                 {{ks[a], 3.0}, {n - 1, nan}, {0, nan}},
                                 /* ties: the first of equal extremes */
                                 {{ks[a], 0.0}, {n - 1, -0.0}, {n / 3, 0.0}},
                                 {{n - 1, inf}, {ks[a], inf}, {n / 2, -inf}}};
            const int cnt[] = {1, 1, 1, 2, 2, 3, 3, 3};
            for (size_t s = 0; s < sizeof cnt / sizeof cnt[0]; s++)
                for (int o = 0; o < NOPS; o++)
                    /* the element-wise operations only up to 4099: past that a special
                       value is one more element of the same loops */
                    if (op_valid((enum op)o) && o != COPY && o != SWAP &&
                        (n <= 8192 || is_reduction((enum op)o))) {
                        run_case((enum op)o, n, 1, 1, sets[s], cnt[s], n > 8192 ? 2 : 0);
                        run_case((enum op)o, n, -2, 1, sets[s], cnt[s], 0);
                        if (is_search((enum op)o))
                            run_case((enum op)o, n, 2, 1, sets[s], cnt[s], 0);
                    }
        }
    }
}

/* The searches over vectors of NaN with a few numbers: chunks (and the kernels' blocks) with no
   candidate at all, a candidate only in the last chunk, element 1 the only number. */
static void nan_chunks_type(void)
{
    nan_fill = 1;
    static const int NS[] = {9000, 70001}; /* NB_TEST_QUICK: 9000 (three chunks) only */
    for (size_t t = 0; t < (tu_quick() ? 1 : sizeof NS / sizeof *NS); t++) {
        int n = NS[t];
        special sets[][2] = {{{0, 2.0}, {0, 2.0}}, {{0, 2.0}, {n - 1, 0.25}}, {{0, 0.25}, {n - 1, 2.0}},
                             {{0, -__builtin_inf()}, {n - 2, -__builtin_inf()}},
                             {{0, __builtin_inf()}, {5000, __builtin_inf()}}};
        for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
            for (int o = IAMIN; o <= IXMIN; o++)
                if (op_valid((enum op)o)) {
                    run_case((enum op)o, n, 1, 1, sets[s], 2, 4);
                    run_case((enum op)o, n, 3, 1, sets[s], 2, 2);
                }
    }
    nan_fill = 0;
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_l1_repro");
    tu_seed(18);
    for (P = 0; P < 4; P++) {
        sweep_type();
        specials_type();
        nan_chunks_type();
    }
    return tu_finish("test_l1_repro");
}
