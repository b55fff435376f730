/* Differential test of the Level 1 BLAS (Fortran ABI, all four types, and the "sub" forms)
   against plain references written here in long double, on random sizes, increments and
   scalars. Every element of every guarded buffer is classified: elements the routine updates
   are compared with the reference within a rounding bound; all others (gaps between strided
   elements, inputs) must come back bit for bit. Reductions are compared within a summation
   bound. The special values and conventions (quick returns, NaN/Inf, nrm2 near overflow and
   underflow, rotg/rotmg, i?amax ties) are in test_level1_special.c. */
#include "tests/level1_common.h"

/* ---- element-wise routines: axpy copy swap scal rot rotm ---- */
static const int NS[] = {-1, 0, 1, 2, 3, 7, 16, 33, 100, 1000};
static const int INCS[] = {1, 2, -1, -3, 0};

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
        /* unit-stride copies whose chunks exceed four pages: the streaming copy's page loop
           (copy_stream_min=1 in tests/run_all.sh) with its head and tail */
        for (int n = 20005; n <= 70001; n += 49996)
            test_copy_swap(n, 1, 1, 0);
    }
}


int main(void)
{
    tu_seed(1);
    random_tests();
    TU_CHECK(xb_calls == 0, "xerbla_ was called %d times", xb_calls);
    return tu_finish("test_level1");
}
