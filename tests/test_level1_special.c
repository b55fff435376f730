/* The Level 1 BLAS's special cases as the reference defines them (Fortran ABI, all four types):
   quick returns, NaN/Inf propagation, nrm2 near overflow and underflow and on vectors shorter
   than a SIMD vector, the rotg/rotmg conventions, i?amax ties and NaN. The random differential
   tests are in test_level1.c; the helpers in level1_common.h. */
#include "tests/level1_common.h"

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

/* Long vectors (the kernels' blocks of 16 vectors are summed on the guess that every value is
   medium or zero, and summed again in full where one is not): one big, tiny, NaN or Inf value
   among medium ones at the start, middle or end, tiny values alone or among zeros. With the
   guess kept for every block, the big value overflows and the tiny ones underflow. */
static void long_nrm2(void)
{
    const double big[4] = {1e30, 1e300, 1e30, 1e300}, tiny[4] = {1e-30, 1e-300, 1e-30, 1e-300};
    static const int ns[] = {200, 1000, 9001};
    for (P = 0; P < 4; P++)
        for (int in = 0; in < COUNT(ns); in++)
            for (int pat = 0; pat < 6; pat++)
                for (int at = 0; at < 3; at++) {
                    int n = cplx() ? ns[in] / 2 : ns[in], nr = cplx() ? 2 * n : n;
                    int pos = at == 0 ? 0 : at == 1 ? nr / 2 : nr - 1;
                    double *re = malloc((size_t)nr * sizeof *re);
                    for (int i = 0; i < nr; i++)
                        re[i] = pat == 1 ? tiny[P] * (1 + i % 3) : pat == 2 ? 0 : 1 + i % 3;
                    re[pos] = pat == 0 ? big[P] : pat == 1 ? 1 : pat == 2 ? tiny[P] : pat == 3 ? NAN
                            : pat == 4 ? INFINITY : tiny[P];
                    tu_buf b;
                    void *v = tu_alloc(&b, (size_t)n, ES[P]);
                    long double ssq = 0;
                    for (int i = 0; i < n; i++) {
                        double r = cplx() ? re[2 * i] : re[i], m = cplx() ? re[2 * i + 1] : 0;
                        put(v, i, CMPLX(r, m)); /* r + m*I would make 0*Inf a NaN real part */
                        ssq += (long double)r * r + (long double)m * m;
                    }
                    tint tn = n, one = 1;
                    double want = (double)sqrtl(ssq), got = call_real(1, tn, v, one);
                    if (P == 0 || P == 2)
                        want = (float)want;
                    int ok = pat == 3 ? got != got : pat == 4 ? got == INFINITY
                                                              : tu_close(got, want, (nr + 4) * eps() * want, 1e-300);
                    TU_CHECK(ok && tu_guard_ok(&b), "%cnrm2 n=%d pattern %d at %d: got %.17g want %.17g", PCH[P],
                             n, pat, pos, got, want);
                    tu_free(&b), free(re);
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
    special_nrm2();
    long_nrm2();
    short_nrm2();
    special_amax();
    special_elementwise();
    special_rotg();
    special_rotmg();
    TU_CHECK(xb_calls == 0, "xerbla_ was called %d times", xb_calls);
    return tu_finish("test_level1_special");
}
