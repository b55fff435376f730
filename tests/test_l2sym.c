/* Differential test of the symmetric/Hermitian Level 2 routines (symv/hemv, sbmv/hbmv, spmv/hpmv,
   syr/her, spr/hpr, syr2/her2, spr2/hpr2; s, d, c, z) against references written here as the
   reference BLAS's loops over the stored triangle, in double complex arithmetic, so NaN reaches
   the same elements it reaches in the reference (no skip of x(j) == 0 in symv; the skip of columns
   with x(j) == 0, and y(j) == 0 for syr2, in the rank updates).

   Every element the routine must not write (the other triangle, band corners, padding rows, vector
   gaps, guard zones) must come back bit for bit; elements it must not read hold NaN (the other
   triangle, the imaginary part of a Hermitian diagonal, y when beta == 0).
   Then the results of each routine at sizes above the blocking and threading thresholds must be
   bitwise the same at 1, 2, 3, 4 and 7 threads (the program re-executes itself with
   NANOBLAS_OVERSUBSCRIBE=1 so that teams larger than the CPU count are really formed). */
#include <complex.h>
#include <stddef.h>
#include <unistd.h>

#include "tests/testutil.h"
#include "include/nanoblas.h"

typedef double complex zc;
typedef const void *cv;
#define CI const int *
#define DECL4(s, d, c, z, ...) void s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
DECL4(ssymv_, dsymv_, chemv_, zhemv_, const char *, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
DECL4(ssbmv_, dsbmv_, chbmv_, zhbmv_, const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
DECL4(sspmv_, dspmv_, chpmv_, zhpmv_, const char *, CI, cv, cv, cv, CI, cv, void *, CI, size_t);
DECL4(ssyr_, dsyr_, cher_, zher_, const char *, CI, cv, cv, CI, void *, CI, size_t);
DECL4(sspr_, dspr_, chpr_, zhpr_, const char *, CI, cv, cv, CI, void *, size_t);
DECL4(ssyr2_, dsyr2_, cher2_, zher2_, const char *, CI, cv, cv, CI, cv, CI, void *, CI, size_t);
DECL4(sspr2_, dspr2_, chpr2_, zhpr2_, const char *, CI, cv, cv, CI, cv, CI, void *, size_t);

static int P; /* 0..3 = s d c z */
static const size_t ES[4] = {4, 8, 8, 16};
static int cplx(void) { return P >= 2; }
static double eps(void) { return (P == 0 || P == 2) ? 0x1p-24 : 0x1p-53; }
static void put(void *b, size_t i, zc v)
{
    switch (P) {
    case 0: ((float *)b)[i] = (float)creal(v); break;
    case 1: ((double *)b)[i] = creal(v); break;
    case 2: ((float complex *)b)[i] = CMPLXF((float)creal(v), (float)cimag(v)); break;
    default: ((double complex *)b)[i] = v; break;
    }
}
static zc get(const void *b, size_t i)
{
    switch (P) {
    case 0: return ((const float *)b)[i];
    case 1: return ((const double *)b)[i];
    case 2: return ((const float complex *)b)[i];
    default: return ((const double complex *)b)[i];
    }
}
static zc rnd(void)
{
    double complex v = cplx() ? CMPLX(tu_rand(), tu_rand()) : tu_rand(), r[1];
    put(r, 0, v); /* rounded to the type, so the reference sees what the library sees */
    return get(r, 0);
}
static const zc ZNAN = CMPLX(NAN, NAN);

/* ---- storage: index of A(i, j) in the array, or -1 when not stored ---- */
enum { FULL, BAND, PACK };
typedef struct {
    int kind, up, n, k, lda;
} stor;
static long sidx(const stor *s, int i, int j)
{
    if (s->up ? i > j : i < j)
        return -1;
    if (s->kind == BAND) {
        if (s->up ? j - i > s->k : i - j > s->k)
            return -1;
        return (long)j * s->lda + (s->up ? s->k + i - j : i - j);
    }
    if (s->kind == PACK)
        return s->up ? (long)j * (j + 1) / 2 + i : (long)j * s->n - (long)j * (j - 1) / 2 + (i - j);
    return (long)j * s->lda + i;
}
static size_t ssize(const stor *s)
{
    return s->kind == PACK ? (size_t)s->n * (s->n + 1) / 2 : (size_t)s->lda * s->n;
}
/* stored elements random (a Hermitian diagonal gets NaN as imaginary part: never read), the rest NaN */
static void sfill(const stor *s, void *a)
{
    size_t len = ssize(s);
    for (size_t e = 0; e < len; e++)
        put(a, e, ZNAN);
    for (int j = 0; j < s->n; j++)
        for (int i = 0; i < s->n; i++) {
            long e = sidx(s, i, j);
            if (e >= 0)
                put(a, (size_t)e, i == j && cplx() ? CMPLX(creal(rnd()), NAN) : rnd());
        }
}

/* ---- calls, by family ---- */
static void call_mv(const stor *s, const void *al, const void *a, const void *x, int incx,
                    const void *be, void *y, int incy)
{
    const char *u = s->up ? "U" : "L";
    int n = s->n, k = s->k, lda = s->lda;
    typedef void (*full_f)(const char *, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
    typedef void (*band_f)(const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
    typedef void (*pack_f)(const char *, CI, cv, cv, cv, CI, cv, void *, CI, size_t);
    static const full_f fu[4] = {ssymv_, dsymv_, chemv_, zhemv_};
    static const band_f ba[4] = {ssbmv_, dsbmv_, chbmv_, zhbmv_};
    static const pack_f pa[4] = {sspmv_, dspmv_, chpmv_, zhpmv_};
    if (s->kind == FULL)
        fu[P](u, &n, al, a, &lda, x, &incx, be, y, &incy, 1);
    else if (s->kind == BAND)
        ba[P](u, &n, &k, al, a, &lda, x, &incx, be, y, &incy, 1);
    else
        pa[P](u, &n, al, a, x, &incx, be, y, &incy, 1);
}
/* rank 1 (y == NULL; alpha real for c, z) or rank 2 update */
static void call_r(const stor *s, const void *al, const void *x, int incx, const void *y, int incy,
                   void *a)
{
    const char *u = s->up ? "U" : "L";
    int n = s->n, lda = s->lda;
    typedef void (*r1_f)(const char *, CI, cv, cv, CI, void *, CI, size_t);
    typedef void (*p1_f)(const char *, CI, cv, cv, CI, void *, size_t);
    typedef void (*r2_f)(const char *, CI, cv, cv, CI, cv, CI, void *, CI, size_t);
    typedef void (*p2_f)(const char *, CI, cv, cv, CI, cv, CI, void *, size_t);
    static const r1_f r1[4] = {ssyr_, dsyr_, cher_, zher_};
    static const p1_f p1[4] = {sspr_, dspr_, chpr_, zhpr_};
    static const r2_f r2[4] = {ssyr2_, dsyr2_, cher2_, zher2_};
    static const p2_f p2[4] = {sspr2_, dspr2_, chpr2_, zhpr2_};
    if (!y && s->kind == FULL)
        r1[P](u, &n, al, x, &incx, a, &lda, 1);
    else if (!y)
        p1[P](u, &n, al, x, &incx, a, 1);
    else if (s->kind == FULL)
        r2[P](u, &n, al, x, &incx, y, &incy, a, &lda, 1);
    else
        p2[P](u, &n, al, x, &incx, y, &incy, a, 1);
}

/* element i of a strided vector of n elements in a buffer */
static size_t vpos(int n, int inc, int i) { return (size_t)(inc > 0 ? i * inc : (i - n + 1) * inc); }
static size_t vlen(int n, int inc) { return n ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }

/* got vs want within tol * scale; a NaN anywhere in want must be a NaN somewhere in got */
static int agree(zc got, zc want, double scale, double tol)
{
    int wn = isnan(creal(want)) || isnan(cimag(want)), gn = isnan(creal(got)) || isnan(cimag(got));
    if (wn || gn)
        return wn && gn;
    return cabs(got - want) <= tol * (scale > 1e-30 ? scale : 1e-30) + 1e-300;
}

/* ---- symv family: one case ---- */
static void case_mv(const stor *s, int incx, int incy, zc alpha, zc beta, int xnan)
{
    int n = s->n;
    tu_buf ba, bx, by;
    size_t es = ES[P], la = ssize(s), lx = vlen(n, incx), ly = vlen(n, incy);
    void *a = tu_alloc(&ba, la, es), *x = tu_alloc(&bx, lx, es), *y = tu_alloc(&by, ly, es);
    sfill(s, a);
    for (size_t e = 0; e < lx; e++)
        put(x, e, rnd());
    for (size_t e = 0; e < ly; e++)
        put(y, e, beta == 0 ? ZNAN : rnd()); /* gaps random too: they must survive */
    if (xnan && n > 0)
        put(x, vpos(n, incx, tu_randint(0, n - 1)), ZNAN);
    unsigned char *y0 = malloc(ly * es);
    memcpy(y0, y, ly * es);
    zc *want = calloc((size_t)n + 1, sizeof(zc));
    double *scale = calloc((size_t)n + 1, sizeof(double));
    /* the reference: y := beta*y, then column j: axpy into y, dot into y(j) */
    for (int i = 0; i < n; i++) {
        zc yi = get(y, vpos(n, incy, i));
        want[i] = beta == 0 ? 0 : beta * yi;
        scale[i] = beta == 0 ? 0 : cabs(beta) * cabs(yi);
    }
    if (alpha != 0)
        for (int j = 0; j < n; j++) {
            zc xj = get(x, vpos(n, incx, j)), t1 = alpha * xj, t2 = 0;
            for (int i = 0; i < n; i++) {
                long e = sidx(s, i, j);
                if (e < 0 || i == j)
                    continue;
                zc aij = get(a, (size_t)e), xi = get(x, vpos(n, incx, i));
                want[i] += t1 * aij, t2 += conj(aij) * xi;
                scale[i] += cabs(t1) * cabs(aij), scale[j] += cabs(alpha) * cabs(aij) * cabs(xi);
            }
            double d = creal(get(a, (size_t)sidx(s, j, j)));
            want[j] += t1 * d + alpha * t2, scale[j] += cabs(t1) * fabs(d);
        }
    zc al, be;
    put(&al, 0, alpha), put(&be, 0, beta);
    call_mv(s, &al, a, x, incx, &be, y, incy);
    const unsigned char *yb = y;
    int ok = tu_guard_ok(&ba) && tu_guard_ok(&bx) && tu_guard_ok(&by);
    for (size_t e = 0; e < ly && ok; e++) /* gaps bitwise, elements by value */
        if (n == 0 || (e % (size_t)abs(incy)) != 0)
            ok = memcmp(yb + e * es, y0 + e * es, es) == 0;
    for (int i = 0; i < n && ok; i++)
        ok = agree(get(y, vpos(n, incy, i)), want[i], scale[i], 8 * eps() * (n + 4));
    TU_CHECK(ok, "%cmv kind=%d %c n=%d k=%d incx=%d incy=%d alpha=(%g,%g) beta=(%g,%g) xnan=%d",
             "sdcz"[P], s->kind, s->up ? 'U' : 'L', n, s->k, incx, incy, creal(alpha),
             cimag(alpha), creal(beta), cimag(beta), xnan);
    free(want), free(scale), free(y0);
    tu_free(&ba), tu_free(&bx), tu_free(&by);
}

/* ---- rank updates: one case (y == NULL: rank 1, alpha real for c, z) ---- */
static void case_r(const stor *s, int rank2, int incx, int incy, zc alpha, int zeros)
{
    int n = s->n;
    tu_buf ba, bx, by;
    size_t es = ES[P], la = ssize(s), lx = vlen(n, incx), ly = vlen(n, incy);
    void *a = tu_alloc(&ba, la, es), *x = tu_alloc(&bx, lx, es), *y = tu_alloc(&by, ly, es);
    if (!rank2)
        alpha = creal(alpha);
    sfill(s, a);
    for (size_t e = 0; e < lx; e++)
        put(x, e, rnd());
    for (size_t e = 0; e < ly; e++)
        put(y, e, rnd());
    for (int z = 0; z < zeros && n > 0; z++) { /* skipped columns; NaN in a row they would read */
        int j = tu_randint(0, n - 1);
        put(x, vpos(n, incx, j), 0);
        if (rank2)
            put(y, vpos(n, incy, j), 0);
        if (z == 1)
            put(x, vpos(n, incx, tu_randint(0, n - 1)), ZNAN);
    }
    unsigned char *a0 = malloc(la * es + 1);
    memcpy(a0, a, la * es);
    zc *want = malloc((la + 1) * sizeof(zc));
    double *scale = calloc(la + 1, sizeof(double));
    for (size_t e = 0; e < la; e++)
        want[e] = get(a, e), scale[e] = isnan(cimag(want[e])) ? fabs(creal(want[e])) : cabs(want[e]);
    for (int j = 0; j < n && alpha != 0; j++) {
        zc xj = get(x, vpos(n, incx, j)), yj = rank2 ? get(y, vpos(n, incy, j)) : 0;
        size_t d = (size_t)sidx(s, j, j);
        if (xj == 0 && yj == 0) {
            if (cplx())
                want[d] = creal(want[d]);
            continue;
        }
        zc t1 = rank2 ? alpha * conj(yj) : alpha * conj(xj), t2 = rank2 ? conj(alpha * xj) : 0;
        for (int i = 0; i < n; i++) {
            long e = sidx(s, i, j);
            if (e < 0 || (i == j && cplx()))
                continue;
            zc xi = get(x, vpos(n, incx, i)), yi = rank2 ? get(y, vpos(n, incy, i)) : 0;
            want[e] += xi * t1 + (rank2 ? yi * t2 : 0);
            scale[e] += cabs(xi) * cabs(t1) + cabs(yi) * cabs(t2);
        }
        if (cplx()) {
            want[d] = creal(want[d]) + creal(xj * t1 + yj * t2);
            scale[d] += cabs(xj) * cabs(t1) + cabs(yj) * cabs(t2);
        }
    }
    zc al;
    double ar = creal(alpha);
    float af = (float)ar;
    put(&al, 0, alpha);
    call_r(s, rank2 ? (cv)&al : (P == 0 || P == 2) ? (cv)&af : (cv)&ar, x, incx, rank2 ? y : NULL,
           incy, a);
    int ok = tu_guard_ok(&ba) && tu_guard_ok(&bx) && tu_guard_ok(&by);
    const unsigned char *ab = a;
    for (int j = 0; j < n && ok; j++)
        for (int i = 0; i < n && ok; i++) {
            long e = sidx(s, i, j);
            if (e >= 0)
                ok = agree(get(a, (size_t)e), want[e], scale[e], 8 * eps() * 4) &&
                     (i != j || !cplx() || alpha == 0 || cimag(get(a, (size_t)e)) == 0);
        }
    for (size_t e = 0; e < la && ok; e++) { /* not stored: bitwise unchanged */
        int stored = s->kind == PACK || /* full storage here: rank updates have no band form */
                     sidx(s, (int)(e % (size_t)s->lda), (int)(e / (size_t)s->lda)) == (long)e;
        if (!stored)
            ok = memcmp(ab + e * es, a0 + e * es, es) == 0;
    }
    TU_CHECK(ok, "%cr%d kind=%d %c n=%d incx=%d incy=%d alpha=(%g,%g) zeros=%d", "sdcz"[P],
             rank2 + 1, s->kind, s->up ? 'U' : 'L', n, incx, incy, creal(alpha), cimag(alpha),
             zeros);
    free(a0), free(want), free(scale);
    tu_free(&ba), tu_free(&bx), tu_free(&by);
}

static const int INCS[] = {1, 1, -1, 2, -3};
static int rinc(void) { return INCS[tu_randint(0, 4)]; }
static zc rspecial(void) /* 0, 1, -1 or random */
{
    int w = tu_randint(0, 5);
    return w == 0 ? 0 : w == 1 ? 1 : w == 2 ? -1 : rnd();
}
static stor mkstor(int kind, int up, int n)
{
    stor s = {kind, up, n, 0, 0};
    if (kind == BAND)
        s.k = tu_randint(0, 3) == 0 ? n + tu_randint(0, 2) : tu_randint(0, n < 9 ? n : 9);
    s.lda = kind == BAND ? s.k + 1 + tu_randint(0, 2) : (n > 1 ? n : 1) + tu_randint(0, 2);
    return s;
}

static void differential(void)
{
    /* quick runs take the first two: 520 has long columns in every type (4096 bytes and more in
       double, complex and double complex: the rank updates' stepped, prefetching loop) */
    static const int big[] = {100, 520, 255, 257, 1100};
    int nsmall = tu_size(71, 40), nbig = tu_quick() ? 2 : 5;
    for (int t = 0; t < nsmall + nbig; t++) {
        int n = t < nsmall ? t : big[t - nsmall];
        for (int kind = FULL; kind <= PACK; kind++)
            for (int up = 0; up < 2; up++) {
                if (!tu_sampled())
                    continue;
                stor s = mkstor(kind, up, n);
                int reps = t < nsmall ? 3 : 1;
                for (int r = 0; r < reps; r++)
                    case_mv(&s, rinc(), rinc(), rspecial(), rspecial(), tu_randint(0, 5) == 0);
                if (kind == BAND)
                    continue;
                for (int r = 0; r < reps; r++) {
                    case_r(&s, 0, rinc(), 1, rspecial(), tu_randint(0, 2));
                    case_r(&s, 1, rinc(), rinc(), rspecial(), tu_randint(0, 2));
                }
            }
    }
}

/* ---- the same results at every thread count ---- */
static void threads_case(int fam, const stor *s, int incx, int incy)
{
    static const int teams[] = {1, 2, 3, 4, 7};
    size_t es = ES[P], la = ssize(s), lx = vlen(s->n, incx), ly = vlen(s->n, incy);
    void *a = malloc(la * es), *x = malloc(lx * es), *y = malloc(ly * es);
    void *a1 = malloc(la * es), *y1 = malloc(ly * es), *first = malloc((fam ? la : ly) * es);
    sfill(s, a);
    for (size_t e = 0; e < lx; e++)
        put(x, e, rnd());
    for (size_t e = 0; e < ly; e++)
        put(y, e, rnd());
    zc al, be;
    double ar = 0.75;
    float af = 0.75f;
    put(&al, 0, cplx() ? CMPLX(0.75, -0.25) : 0.75), put(&be, 0, cplx() ? CMPLX(0.5, 0.5) : 0.5);
    for (int ti = 0; ti < 5; ti++) {
        nanoblas_set_num_threads(teams[ti]);
        memcpy(a1, a, la * es), memcpy(y1, y, ly * es);
        if (fam == 0)
            call_mv(s, &al, a, x, incx, &be, y1, incy);
        else
            call_r(s, fam == 2 ? (cv)&al : (P == 0 || P == 2) ? (cv)&af : (cv)&ar, x, incx,
                   fam == 2 ? y : NULL, incy, a1);
        void *out = fam ? a1 : y1;
        if (ti == 0)
            memcpy(first, out, (fam ? la : ly) * es);
        else
            TU_CHECK(memcmp(first, out, (fam ? la : ly) * es) == 0,
                     "%c fam=%d kind=%d %c n=%d: %d threads differ from 1", "sdcz"[P], fam,
                     s->kind, s->up ? 'U' : 'L', s->n, teams[ti]);
    }
    nanoblas_set_num_threads(0);
    free(a), free(x), free(y), free(a1), free(y1), free(first);
}

static void thread_counts(void)
{
    static const int sizes[] = {300, 700, 1500};
    int nsz = tu_quick() ? 2 : 3;
    for (int si = 0; si < nsz; si++)
        for (int kind = FULL; kind <= PACK; kind++)
            for (int up = 0; up < 2; up++) {
                if (!tu_sampled())
                    continue;
                stor s = {kind, up, sizes[si], kind == BAND ? sizes[si] / 8 : 0, 0};
                s.lda = kind == BAND ? s.k + 2 : s.n + 1;
                threads_case(0, &s, si == 1 ? -2 : 1, si == 2 ? 3 : 1);
                if (kind != BAND) {
                    threads_case(1, &s, 1, 1);
                    threads_case(2, &s, si == 1 ? 2 : 1, 1);
                }
            }
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_l2sym");
    for (P = 0; P < 4; P++) {
        tu_seed(1000 + (uint64_t)P);
        differential();
        thread_counts();
    }
    printf("test_l2sym: %ld checks, %ld failed\n", tu_checks, tu_failures);
    return tu_failures != 0;
}
