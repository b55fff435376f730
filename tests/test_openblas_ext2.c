/* Differential tests of OpenBLAS's further extensions against plain loops here (double complex):
   ?amax ?amin ?max ?min i?max i?min ?sum (Fortran and CBLAS), ?axpyc, the value-returning
   cblas_?dotu/?dotc, the complex-symmetric ?sbmv ?spr2 ?syr2, ?gemm3m (Fortran and CBLAS) and the
   Fortran info functions. Every exported routine is called. Inputs are NaN-poisoned where they
   must not be read (band padding, the other triangle, y with beta = 0), outputs sit in guarded
   buffers, increments include 0 and negative ones, and illegal arguments must reach xerbla_ /
   cblas_xerbla with OpenBLAS's routine name and position and write nothing. */
#include <complex.h>
#include <float.h>
#include <unistd.h>
#include "cblas.h"
#include "nanoblas.h"
#include "tests/testutil.h"
#include "tests/typed.h"
#include "tests/ext_check.h"

static const char tl[] = "sdcz";
/* |Re| + |Im| rounded as the library computes it (single precision for s and c) */
static double abs1_t(int t, dc v)
{
    if (t == TS || t == TC)
        return (double)(fabsf((float)creal(v)) + fabsf((float)cimag(v)));
    return a1(v);
}
/* element i of a vector of n at increment inc, in the reference's order */
static size_t pos(int n, int inc, int i)
{
    return inc < 0 ? (size_t)(n - 1 - i) * (size_t)-inc : (size_t)i * (size_t)inc;
}
static size_t span(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }

/* ---- reductions ---- */
enum { AMAX, AMIN, VMAX, VMIN, IMAX, IMIN, SUM, NKIND };
static const char *kname[] = {"amax", "amin", "max", "min", "imax", "imin", "sum"};

/* The library's answer: index kinds as the 1-based Fortran value (CBLAS: 0-based + 1 when the
   vector is searched). Value kinds in *val. cb: the CBLAS form (index kinds and sum only). */
static long call_reduce(int t, int kind, int cb, int n, const void *x, int incx, double *val)
{
    *val = 0;
    if (kind == SUM) {
        if (cb)
            *val = t == TS ? cblas_ssum(n, x, incx) : t == TD ? cblas_dsum(n, x, incx)
                 : t == TC ? cblas_scsum(n, x, incx) : cblas_dzsum(n, x, incx);
        else
            *val = t == TS ? ssum_(&n, x, &incx) : t == TD ? dsum_(&n, x, &incx)
                 : t == TC ? scsum_(&n, x, &incx) : dzsum_(&n, x, &incx);
        return 0;
    }
    if (kind == AMAX || kind == AMIN) {
        int mx = kind == AMAX;
        *val = t == TS ? (mx ? samax_(&n, x, &incx) : samin_(&n, x, &incx))
             : t == TD ? (mx ? damax_(&n, x, &incx) : damin_(&n, x, &incx))
             : t == TC ? (mx ? scamax_(&n, x, &incx) : scamin_(&n, x, &incx))
                       : (mx ? dzamax_(&n, x, &incx) : dzamin_(&n, x, &incx));
        return 0;
    }
    if (kind == VMAX || kind == VMIN) { /* real only */
        int mx = kind == VMAX;
        *val = t == TS ? (mx ? smax_(&n, x, &incx) : smin_(&n, x, &incx))
                       : (mx ? dmax_(&n, x, &incx) : dmin_(&n, x, &incx));
        return 0;
    }
    int mx = kind == IMAX;
    if (!cb) /* real only */
        return t == TS ? (mx ? ismax_(&n, x, &incx) : ismin_(&n, x, &incx))
                       : (mx ? idmax_(&n, x, &incx) : idmin_(&n, x, &incx));
    size_t i = t == TS ? (mx ? cblas_ismax(n, x, incx) : cblas_ismin(n, x, incx))
             : t == TD ? (mx ? cblas_idmax(n, x, incx) : cblas_idmin(n, x, incx))
             : t == TC ? (mx ? cblas_icmax(n, x, incx) : cblas_icmin(n, x, incx))
                       : (mx ? cblas_izmax(n, x, incx) : cblas_izmin(n, x, incx));
    return (n > 0 && incx > 0) ? (long)i + 1 : (long)i;
}

static void reduce_case(int t, int kind, int cb, int n, int incx)
{
    /* cblas_icmax/izmax search the array as n reals of the real type (OpenBLAS's definition) */
    int rt = (kind == IMAX || kind == IMIN) && cb && cplx(t) ? t - 2 : t;
    vbuf x;
    size_t nx = span(n, incx);
    vb_init(&x, t, cplx(t) == cplx(rt) ? nx : (nx + 1) / 2);
    for (size_t i = 0; i < x.n; i++) {
        dc v = rnd(t);
        int kindv = tu_randint(0, 9);
        if (kindv == 0 && i > 0) /* ties, also with the sign flipped */
            v = (tu_randint(0, 1) ? -1 : 1) * get(t, x.p, i - 1);
        else if (kindv == 1 && kind != SUM)
            v = NaN;
        else if (kindv == 2 && kind != SUM)
            v = CMPLX(NAN, creal(v));
        put(t, x.p, i, v);
    }
    if (tu_randint(0, 7) == 0 && kind != SUM)
        put(t, x.p, 0, NaN); /* a NaN first stays the answer */
    vb_snap(&x);
    long want_i = 0;
    double want = 0, mag = 0;
    if (n > 0 && incx > 0) {
        int by_abs = kind == AMAX || kind == AMIN, mx = kind == AMAX || kind == VMAX || kind == IMAX;
        for (int i = 0; i < n; i++) {
            dc e = get(rt, x.p, (size_t)i * (size_t)incx);
            if (kind == SUM) {
                want += creal(e) + cimag(e), mag += a1(e);
                continue;
            }
            double v = by_abs ? abs1_t(rt, e) : creal(e);
            if (i == 0 || (mx ? v > want : v < want))
                want = v, want_i = i + 1;
        }
    }
    double got = 0;
    long got_i = call_reduce(t, kind, cb, n, x.p, incx, &got);
    char ctx[96];
    snprintf(ctx, sizeof ctx, "%s%c %s n=%d incx=%d", cb ? "cblas " : "", tl[t], kname[kind], n, incx);
    if (kind == IMAX || kind == IMIN)
        TU_CHECK(got_i == want_i, "%s: index %ld, want %ld", ctx, got_i, want_i);
    else if (kind == SUM)
        TU_CHECK(tu_close(got, want, (n + 2) * eps(t), mag), "%s: %.9g, want %.9g", ctx, got, want);
    else
        TU_CHECK((isnan(want) && isnan(got)) || got == want, "%s: %.9g, want %.9g", ctx, got, want);
    TU_CHECK(vb_unchanged(&x) && tu_guard_ok(&x.buf), "%s: x written", ctx);
    vb_free(&x);
}

static void reduce_cases(int t)
{
    static const int incs[] = {-2, -1, 0, 1, 1, 2, 3};
    for (int kind = 0; kind < NKIND; kind++)
        for (int cb = 0; cb < 2; cb++) {
            int real_only_f = !cb && (kind == VMAX || kind == VMIN || kind == IMAX || kind == IMIN);
            int fortran_only = cb && kind != IMAX && kind != IMIN && kind != SUM;
            if ((real_only_f && cplx(t)) || fortran_only)
                continue;
            for (int rep = 0; rep < tu_reps(60); rep++) {
                int n = rep < 3 ? rep - 1 : tu_randint(1, rep % 4 == 0 ? 300 : 20);
                reduce_case(t, kind, cb, n, incs[tu_randint(0, 6)]);
            }
        }
}

/* ---- ?axpyc and the value-returning dot products (complex) ---- */
static void axpyc_cases(int t)
{
    static const int incs[] = {-3, -1, 0, 1, 1, 2};
    for (int rep = 0; rep < tu_reps(200); rep++) {
        int n = tu_randint(-1, 30), incx = incs[tu_randint(0, 5)], incy = incs[tu_randint(0, 5)];
        dc alpha = rep % 9 == 0 ? 0 : rnd(t);
        vbuf x, y;
        vb_init(&x, t, span(n, incx)), vb_init(&y, t, span(n, incy));
        for (size_t i = 0; i < x.n; i++)
            put(t, x.p, i, alpha != 0 ? rnd(t) : NaN); /* alpha == 0: x not read */
        for (size_t i = 0; i < y.n; i++)
            put(t, y.p, i, rnd(t));
        vb_snap(&x), vb_snap(&y);
        dc *want = malloc(y.n * sizeof(dc));
        double *mag = malloc(y.n * sizeof(double));
        for (size_t i = 0; i < y.n; i++)
            want[i] = vb_before(&y, i), mag[i] = -1;
        for (int i = 0; n > 0 && alpha != 0 && i < n; i++) {
            size_t py = pos(n, incy, i);
            dc xv = vb_before(&x, pos(n, incx, i));
            mag[py] = (mag[py] < 0 ? a1(want[py]) : mag[py]) + a1(alpha) * a1(xv);
            want[py] += alpha * conj(xv);
        }
        scal al = sc(t, alpha);
        if (t == TC)
            caxpyc_(&n, &al.c, x.p, &incx, y.p, &incy);
        else
            zaxpyc_(&n, &al.z, x.p, &incx, y.p, &incy);
        char ctx[80];
        snprintf(ctx, sizeof ctx, "%caxpyc n=%d incx=%d incy=%d%s", tl[t], n, incx, incy, alpha == 0 ? " alpha=0" : "");
        vb_verify(ctx, &y, want, mag, 4 * eps(t));
        TU_CHECK(vb_unchanged(&x), "%s: x written", ctx);
        free(want), free(mag), vb_free(&x), vb_free(&y);
    }
}

static void dot_cases(int t)
{
    static const int incs[] = {-2, -1, 1, 2};
    for (int rep = 0; rep < tu_reps(100); rep++) {
        int n = tu_randint(-1, 40), incx = incs[tu_randint(0, 3)], incy = incs[tu_randint(0, 3)];
        vbuf x, y;
        vb_init(&x, t, span(n, incx)), vb_init(&y, t, span(n, incy));
        for (size_t i = 0; i < x.n; i++)
            put(t, x.p, i, rnd(t));
        for (size_t i = 0; i < y.n; i++)
            put(t, y.p, i, rnd(t));
        for (int cj = 0; cj < 2; cj++) {
            dc want = 0, got;
            double mag = 0;
            for (int i = 0; i < n; i++) {
                dc xv = get(t, x.p, pos(n, incx, i)), yv = get(t, y.p, pos(n, incy, i));
                want += (cj ? conj(xv) : xv) * yv, mag += a1(xv) * a1(yv);
            }
            if (t == TC)
                got = cj ? cblas_cdotc(n, x.p, incx, y.p, incy) : cblas_cdotu(n, x.p, incx, y.p, incy);
            else
                got = cj ? cblas_zdotc(n, x.p, incx, y.p, incy) : cblas_zdotu(n, x.p, incx, y.p, incy);
            TU_CHECK(tu_closez(got, want, (n + 2) * eps(t), mag), "cblas_%cdot%c n=%d incx=%d incy=%d", tl[t],
                     cj ? 'c' : 'u', n, incx, incy);
        }
        vb_free(&x), vb_free(&y);
    }
}

/* ---- complex symmetric Level 2 ---- */
static dc pick_scalar(int t, int cls) { return cls == 0 ? 0 : cls == 1 ? 1 : rnd(t); }
static void fill_vec(vbuf *v, int n, int inc, int poison)
{
    for (int i = 0; i < n; i++)
        put(v->t, v->p, pos(n, inc, i), poison ? NaN : rnd(v->t));
}
static const int l2incs[] = {-2, -1, 1, 1, 2};

static void call_sbmv(int t, char uplo, int n, int k, dc alpha, const void *a, int lda, const void *x,
                      int incx, dc beta, void *y, int incy)
{
    scal al = sc(t, alpha), be = sc(t, beta);
    if (t == TC)
        csbmv_(&uplo, &n, &k, &al.c, a, &lda, x, &incx, &be.c, y, &incy);
    else
        zsbmv_(&uplo, &n, &k, &al.z, a, &lda, x, &incx, &be.z, y, &incy);
}
/* packed: ?spr2 (lda unused), else ?syr2 */
static void call_rank2(int t, int packed, char uplo, int n, dc alpha, const void *x, int incx, const void *y,
                       int incy, void *a, int lda)
{
    scal al = sc(t, alpha);
    if (packed)
        t == TC ? cspr2_(&uplo, &n, &al.c, x, &incx, y, &incy, a) : zspr2_(&uplo, &n, &al.z, x, &incx, y, &incy, a);
    else
        t == TC ? csyr2_(&uplo, &n, &al.c, x, &incx, y, &incy, a, &lda)
                : zsyr2_(&uplo, &n, &al.z, x, &incx, y, &incy, a, &lda);
}

static void sbmv_cases(int t)
{
    for (int rep = 0; rep < tu_reps(200); rep++) {
        int n = tu_randint(0, 12), k = tu_randint(0, 4), lda = k + 1 + tu_randint(0, 2), upper = rep & 1;
        int incx = l2incs[tu_randint(0, 4)], incy = l2incs[tu_randint(0, 4)];
        dc alpha = pick_scalar(t, tu_randint(0, 3) ? 2 : 0), beta = pick_scalar(t, tu_randint(0, 2));
        vbuf a, x, y;
        vb_init(&a, t, (size_t)lda * (size_t)n), vb_init(&x, t, span(n, incx)), vb_init(&y, t, span(n, incy));
        /* band storage: the unused corner and the lda padding stay NaN and must not be read */
        for (int j = 0; j < n; j++)
            for (int i = upper ? (j > k ? j - k : 0) : j; i <= (upper ? j : (j + k < n ? j + k : n - 1)); i++)
                put(t, a.p, (size_t)(upper ? k + i - j : i - j) + (size_t)j * (size_t)lda, rnd(t));
        fill_vec(&x, n, incx, alpha == 0);
        for (size_t i = 0; i < y.n; i++)
            put(t, y.p, i, rnd(t));
        fill_vec(&y, n, incy, beta == 0);
        vb_snap(&a), vb_snap(&x), vb_snap(&y);
        dc *want = calloc(y.n, sizeof(dc));
        double *mag = malloc(y.n * sizeof(double));
        for (size_t i = 0; i < y.n; i++)
            mag[i] = -1;
        for (int i = 0; i < n && !(alpha == 0 && beta == 1); i++) {
            dc sum = 0;
            double m = 0;
            for (int j = 0; j < n; j++) {
                int r = upper ? (i < j ? i : j) : (i > j ? i : j), c = i + j - r; /* stored (r, c) */
                if (abs(i - j) > k)
                    continue;
                dc av = vb_before(&a, (size_t)(upper ? k + r - c : r - c) + (size_t)c * (size_t)lda);
                dc xv = vb_before(&x, pos(n, incx, j));
                sum += av * xv, m += a1(av) * a1(xv);
            }
            size_t py = pos(n, incy, i);
            dc yv = vb_before(&y, py);
            want[py] = (beta != 0 ? beta * yv : 0) + (alpha != 0 ? alpha * sum : 0);
            mag[py] = (beta != 0 ? a1(beta) * a1(yv) : 0) + a1(alpha) * m;
        }
        call_sbmv(t, upper ? 'U' : 'L', n, k, alpha, a.p, lda, x.p, incx, beta, y.p, incy);
        char ctx[96];
        snprintf(ctx, sizeof ctx, "%csbmv uplo=%c n=%d k=%d lda=%d incx=%d incy=%d", tl[t], upper ? 'U' : 'L', n,
                 k, lda, incx, incy);
        vb_verify(ctx, &y, want, mag, 4.0 * (k + 4) * eps(t));
        TU_CHECK(vb_unchanged(&a) && vb_unchanged(&x), "%s: A or x written", ctx);
        free(want), free(mag), vb_free(&a), vb_free(&x), vb_free(&y);
    }
}

static void rank2_cases(int t)
{
    for (int rep = 0; rep < tu_reps(300); rep++) {
        int n = tu_randint(0, 12), upper = rep & 1, packed = (rep >> 1) & 1;
        int lda = packed ? 0 : n + tu_randint(0, 2) + (n == 0);
        int incx = l2incs[tu_randint(0, 4)], incy = l2incs[tu_randint(0, 4)];
        dc alpha = pick_scalar(t, tu_randint(0, 5) ? 2 : 0);
        size_t na = packed ? (size_t)n * (size_t)(n + 1) / 2 : (size_t)lda * (size_t)n;
        vbuf a, x, y;
        vb_init(&a, t, na), vb_init(&x, t, span(n, incx)), vb_init(&y, t, span(n, incy));
        /* (i, j) of the triangle -> its place in A; the rest of a full A stays NaN */
        size_t *at = malloc(sizeof(size_t) * (size_t)(n * n + 1));
        size_t next = 0;
        for (int j = 0; j < n; j++)
            for (int i = upper ? 0 : j; i <= (upper ? j : n - 1); i++) {
                at[i + j * n] = packed ? next++ : (size_t)i + (size_t)j * (size_t)lda;
                put(t, a.p, at[i + j * n], rnd(t));
            }
        fill_vec(&x, n, incx, alpha == 0), fill_vec(&y, n, incy, alpha == 0);
        vb_snap(&a), vb_snap(&x), vb_snap(&y);
        dc *want = calloc(a.n, sizeof(dc));
        double *mag = malloc(a.n * sizeof(double));
        for (size_t i = 0; i < a.n; i++)
            mag[i] = -1;
        for (int j = 0; j < n && alpha != 0; j++)
            for (int i = upper ? 0 : j; i <= (upper ? j : n - 1); i++) {
                dc xi = vb_before(&x, pos(n, incx, i)), xj = vb_before(&x, pos(n, incx, j));
                dc yi = vb_before(&y, pos(n, incy, i)), yj = vb_before(&y, pos(n, incy, j));
                dc av = vb_before(&a, at[i + j * n]);
                want[at[i + j * n]] = av + alpha * xi * yj + alpha * yi * xj;
                mag[at[i + j * n]] = a1(av) + a1(alpha) * (a1(xi) * a1(yj) + a1(yi) * a1(xj));
            }
        call_rank2(t, packed, upper ? 'U' : 'L', n, alpha, x.p, incx, y.p, incy, a.p, lda);
        char ctx[96];
        snprintf(ctx, sizeof ctx, "%c%s uplo=%c n=%d lda=%d incx=%d incy=%d%s", tl[t], packed ? "spr2" : "syr2",
                 upper ? 'U' : 'L', n, lda, incx, incy, alpha == 0 ? " alpha=0" : "");
        vb_verify(ctx, &a, want, mag, 8 * eps(t));
        TU_CHECK(vb_unchanged(&x) && vb_unchanged(&y), "%s: x or y written", ctx);
        free(at), free(want), free(mag), vb_free(&a), vb_free(&x), vb_free(&y);
    }
}

/* ---- ?gemm3m ---- */
static CBLAS_TRANSPOSE cbt(char c)
{
    return c == 'N' ? CblasNoTrans : c == 'T' ? CblasTrans : c == 'C' ? CblasConjTrans : (CBLAS_TRANSPOSE)99;
}
static void call_gemm3m(int t, int cb, int row, char ta, char tb, int m, int n, int k, dc alpha, const void *a,
                        int lda, const void *b, int ldb, dc beta, void *c, int ldc)
{
    scal al = sc(t, alpha), be = sc(t, beta);
    CBLAS_LAYOUT lay = row == 1 ? CblasRowMajor : row == 0 ? CblasColMajor : (CBLAS_LAYOUT)99;
    if (!cb)
        t == TC ? cgemm3m_(&ta, &tb, &m, &n, &k, &al.c, a, &lda, b, &ldb, &be.c, c, &ldc)
                : zgemm3m_(&ta, &tb, &m, &n, &k, &al.z, a, &lda, b, &ldb, &be.z, c, &ldc);
    else
        t == TC ? cblas_cgemm3m(lay, cbt(ta), cbt(tb), m, n, k, &al.c, a, lda, b, ldb, &be.c, c, ldc)
                : cblas_zgemm3m(lay, cbt(ta), cbt(tb), m, n, k, &al.z, a, lda, b, ldb, &be.z, c, ldc);
}
static size_t ix2(int row, int i, int j, int ld)
{
    return row ? (size_t)i * (size_t)ld + (size_t)j : (size_t)i + (size_t)j * (size_t)ld;
}
static void gemm3m_cases(int t)
{
    for (int rep = 0; rep < tu_reps(120); rep++) {
        int cb = rep & 1, row = cb && ((rep >> 1) & 1), big = rep % 10 == 0;
        int m = tu_randint(0, big ? 90 : 12), n = tu_randint(0, big ? 90 : 12), k = tu_randint(0, big ? 90 : 12);
        if (rep == 1) /* past the 3M driver's 768 blocks in m and k (run with NANOBLAS_TUNE=gemm3m_min=1) */
            m = 1030, n = 5, k = 1029;
        char ta = "NTC"[tu_randint(0, 2)], tb = "NTC"[tu_randint(0, 2)];
        dc alpha = pick_scalar(t, tu_randint(0, 4) ? 2 : 0), beta = pick_scalar(t, tu_randint(0, 2));
        int ar = ta == 'N' ? m : k, ac = ta == 'N' ? k : m, br = tb == 'N' ? k : n, bc = tb == 'N' ? n : k;
        int lda = (row ? ac : ar) + tu_randint(0, 2), ldb = (row ? bc : br) + tu_randint(0, 2), ldc = (row ? n : m) + tu_randint(0, 2);
        lda += lda < 1, ldb += ldb < 1, ldc += ldc < 1;
        vbuf a, b, c;
        vb_init(&a, t, (size_t)lda * (size_t)(row ? ar : ac)), vb_init(&b, t, (size_t)ldb * (size_t)(row ? br : bc));
        vb_init(&c, t, (size_t)ldc * (size_t)(row ? m : n));
        for (int i = 0; i < ar; i++)
            for (int j = 0; j < ac; j++)
                put(t, a.p, ix2(row, i, j, lda), alpha != 0 ? rnd(t) : NaN);
        for (int i = 0; i < br; i++)
            for (int j = 0; j < bc; j++)
                put(t, b.p, ix2(row, i, j, ldb), alpha != 0 ? rnd(t) : NaN);
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                put(t, c.p, ix2(row, i, j, ldc), beta != 0 ? rnd(t) : NaN);
        vb_snap(&c);
        dc *want = calloc(c.n, sizeof(dc));
        double *mag = malloc(c.n * sizeof(double));
        for (size_t i = 0; i < c.n; i++)
            mag[i] = -1;
        int quick = (alpha == 0 || k == 0) && beta == 1;
        for (int i = 0; i < m && !quick; i++)
            for (int j = 0; j < n; j++) {
                dc sum = 0;
                double s = 0;
                for (int l = 0; l < k && alpha != 0; l++) {
                    dc av = get(t, a.p, ta == 'N' ? ix2(row, i, l, lda) : ix2(row, l, i, lda));
                    dc bv = get(t, b.p, tb == 'N' ? ix2(row, l, j, ldb) : ix2(row, j, l, ldb));
                    av = ta == 'C' ? conj(av) : av, bv = tb == 'C' ? conj(bv) : bv;
                    sum += av * bv, s += a1(av) * a1(bv);
                }
                size_t pc = ix2(row, i, j, ldc);
                dc cv = vb_before(&c, pc);
                want[pc] = (alpha != 0 ? alpha * sum : 0) + (beta != 0 ? beta * cv : 0);
                mag[pc] = a1(alpha) * s + (beta != 0 ? a1(beta) * a1(cv) : 0);
            }
        call_gemm3m(t, cb, row, ta, tb, m, n, k, alpha, a.p, lda, b.p, ldb, beta, c.p, ldc);
        char ctx[112];
        snprintf(ctx, sizeof ctx, "%s%cgemm3m %s ta=%c tb=%c m=%d n=%d k=%d", cb ? "cblas_" : "", tl[t],
                 row ? "row" : "col", ta, tb, m, n, k);
        vb_verify(ctx, &c, want, mag, 8.0 * (k + 4) * eps(t));
        free(want), free(mag), vb_free(&a), vb_free(&b), vb_free(&c);
    }
}

/* ---- illegal arguments: one xerbla call with the name and position, nothing written ---- */
static void want_error(const char *ctx, const char *name, int pos, vbuf *out)
{
    TU_CHECK(xb_calls == 1 && xb_info == pos && strcmp(xb_name, name) == 0,
             "%s: xerbla calls %d '%s' %d, want '%s' %d", ctx, xb_calls, xb_name, xb_info, name, pos);
    TU_CHECK(vb_unchanged(out) && tu_guard_ok(&out->buf), "%s: output written", ctx);
    xb_calls = 0;
    memcpy(out->p, out->snap, out->n * esize[out->t]);
}
static void error_cases(int t)
{
    char up = t == TC ? 'C' : 'Z', nm[32], ctx[64];
    vbuf a, o;
    vb_init(&a, t, 200), vb_init(&o, t, 200);
    for (size_t i = 0; i < 200; i++)
        put(t, a.p, i, rnd(t)), put(t, o.p, i, rnd(t));
    vb_snap(&a), vb_snap(&o);
    /* sbmv {uplo, n, k, lda, incx, incy, position} */
    static const int sb[][7] = {{'X', 2, 1, 2, 1, 1, 1}, {'U', -1, 1, 2, 1, 1, 2}, {'L', 2, -1, 2, 1, 1, 3},
                                {'U', 2, 1, 1, 1, 1, 6}, {'L', 2, 0, 0, 1, 1, 6},  {'U', 2, 1, 2, 0, 1, 8},
                                {'L', 2, 1, 2, 1, 0, 11}, {'X', -1, -1, 0, 0, 0, 1}};
    for (size_t i = 0; i < sizeof sb / sizeof sb[0]; i++) {
        call_sbmv(t, (char)sb[i][0], sb[i][1], sb[i][2], 2, a.p, sb[i][3], a.p, sb[i][4], 3, o.p, sb[i][5]);
        snprintf(nm, sizeof nm, "%cSBMV", up), snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
        want_error(ctx, nm, sb[i][6], &o);
    }
    /* syr2 (lda > 0) / spr2 (lda 0) {uplo, n, incx, incy, lda, position} */
    static const int r2[][6] = {{'X', 2, 1, 1, 2, 1}, {'U', -1, 1, 1, 2, 2}, {'L', 2, 0, 1, 2, 5},
                                {'U', 2, 1, 0, 2, 7}, {'L', 3, 1, 1, 2, 9}, {'U', 0, 1, 1, 0, 9},
                                {'X', 2, 1, 1, 0, 1}, {'U', -2, 1, 1, 0, 2}, {'L', 2, 0, 0, 0, 5},
                                {'U', 2, -1, 0, 0, 7}};
    for (size_t i = 0; i < sizeof r2 / sizeof r2[0]; i++) {
        /* case 5, {'U', 0, .., lda 0}, is the full form: lda < max(1, n) */
        int full = r2[i][4] > 0 || i == 5;
        call_rank2(t, !full, (char)r2[i][0], r2[i][1], 2, a.p, r2[i][2], a.p, r2[i][3], o.p, r2[i][4]);
        snprintf(nm, sizeof nm, "%c%s", up, full ? "SYR2" : "SPR2"), snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
        want_error(ctx, nm, r2[i][5], &o);
    }
    /* gemm3m {cb, row, ta, tb, m, n, k, lda, ldb, ldc, position} */
    static const int gm[][11] = {
        {0, 0, 'X', 'N', 2, 2, 2, 2, 2, 2, 1}, {0, 0, 'N', 'R', 2, 2, 2, 2, 2, 2, 2},
        {0, 0, 'N', 'N', -1, 2, 2, 2, 2, 2, 3}, {0, 0, 'N', 'N', 2, -1, 2, 2, 2, 2, 4},
        {0, 0, 'N', 'N', 2, 2, -1, 2, 2, 2, 5}, {0, 0, 'N', 'N', 3, 2, 2, 2, 2, 3, 8},
        {0, 0, 'N', 'T', 2, 3, 2, 2, 2, 2, 10}, {0, 0, 'C', 'N', 3, 2, 2, 2, 2, 2, 13},
        {1, 2, 'N', 'N', 2, 2, 2, 2, 2, 2, 1},  {1, 0, 'X', 'N', 2, 2, 2, 2, 2, 2, 2},
        {1, 0, 'N', 'X', 2, 2, 2, 2, 2, 2, 3},  {1, 0, 'N', 'N', -1, 2, 2, 2, 2, 2, 4},
        {1, 0, 'N', 'N', 3, 2, 2, 2, 2, 3, 9},  {1, 0, 'N', 'N', 2, 2, 2, 2, 2, 1, 14},
    };
    for (size_t i = 0; i < sizeof gm / sizeof gm[0]; i++) {
        const int *g = gm[i];
        call_gemm3m(t, g[0], g[1], (char)g[2], (char)g[3], g[4], g[5], g[6], 2, a.p, g[7], a.p, g[8], 3, o.p, g[9]);
        snprintf(nm, sizeof nm, g[0] ? "cblas_%cgemm3m" : "%cGEMM3M", g[0] ? tl[t] : up);
        snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
        want_error(ctx, nm, g[10], &o);
    }
    TU_CHECK(vb_unchanged(&a), "%c errors: input modified", up);
    vb_free(&a), vb_free(&o);
}

/* ---- the Fortran info forms ---- */
static void info_cases(void)
{
    TU_CHECK(openblas_get_num_procs_() == openblas_get_num_procs(), "openblas_get_num_procs_");
    TU_CHECK(goto_get_num_procs() == openblas_get_num_procs(), "goto_get_num_procs");
    TU_CHECK(openblas_get_num_threads_() == openblas_get_num_threads(), "openblas_get_num_threads_");
    TU_CHECK(openblas_get_parallel_() == openblas_get_parallel(), "openblas_get_parallel_");
}

int main(void)
{
    tu_seed(11);
    for (int t = TS; t <= TZ; t++) {
        reduce_cases(t);
        if (cplx(t)) {
            axpyc_cases(t);
            dot_cases(t);
            sbmv_cases(t);
            rank2_cases(t);
            gemm3m_cases(t);
            error_cases(t);
        }
    }
    info_cases();
    return tu_finish("test_openblas_ext2");
}
