/* Differential test of the Level 2 BLAS (Fortran ABI, all four types) against dense references
   written here: every banded, packed or triangular operand is expanded to a dense matrix and the
   result computed with plain loops in double (complex) arithmetic.

   Every buffer the library may touch is guarded, and every element of it is classified: an
   element the routine must produce is compared with the reference within a rounding bound, and
   every other element (padding rows, the other triangle, band corners, unit diagonals, vector
   gaps, inputs) must come back bit for bit unchanged. Elements that must not be read hold NaN,
   and y holds NaN when beta == 0, so reading them shows up as a NaN in the result. */
#include <complex.h>
#include <stddef.h>

#include <unistd.h>

#include "tests/testutil.h"

void openblas_set_num_threads(int);

typedef double complex zc;
typedef const void *cv;

/* ---- the routines under test, declared once per type with untyped numeric pointers ---- */
#define DECL4(s, d, c, z, ...) void s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
#define CI const int *
DECL4(sgemv_, dgemv_, cgemv_, zgemv_, const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
DECL4(sgbmv_, dgbmv_, cgbmv_, zgbmv_, const char *, CI, CI, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI,
      size_t);
DECL4(ssymv_, dsymv_, chemv_, zhemv_, const char *, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
DECL4(ssbmv_, dsbmv_, chbmv_, zhbmv_, const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t);
DECL4(sspmv_, dspmv_, chpmv_, zhpmv_, const char *, CI, cv, cv, cv, CI, cv, void *, CI, size_t);
DECL4(strmv_, dtrmv_, ctrmv_, ztrmv_, const char *, const char *, const char *, CI, cv, CI, void *, CI,
      size_t, size_t, size_t);
DECL4(strsv_, dtrsv_, ctrsv_, ztrsv_, const char *, const char *, const char *, CI, cv, CI, void *, CI,
      size_t, size_t, size_t);
DECL4(stbmv_, dtbmv_, ctbmv_, ztbmv_, const char *, const char *, const char *, CI, CI, cv, CI, void *,
      CI, size_t, size_t, size_t);
DECL4(stbsv_, dtbsv_, ctbsv_, ztbsv_, const char *, const char *, const char *, CI, CI, cv, CI, void *,
      CI, size_t, size_t, size_t);
DECL4(stpmv_, dtpmv_, ctpmv_, ztpmv_, const char *, const char *, const char *, CI, cv, void *, CI,
      size_t, size_t, size_t);
DECL4(stpsv_, dtpsv_, ctpsv_, ztpsv_, const char *, const char *, const char *, CI, cv, void *, CI,
      size_t, size_t, size_t);
DECL4(sger_, dger_, cgeru_, zgeru_, CI, CI, cv, cv, CI, cv, CI, void *, CI);
void cgerc_(CI, CI, cv, cv, CI, cv, CI, void *, CI), zgerc_(CI, CI, cv, cv, CI, cv, CI, void *, CI);
DECL4(ssyr_, dsyr_, cher_, zher_, const char *, CI, cv, cv, CI, void *, CI, size_t);
DECL4(sspr_, dspr_, chpr_, zhpr_, const char *, CI, cv, cv, CI, void *, size_t);
DECL4(ssyr2_, dsyr2_, cher2_, zher2_, const char *, CI, cv, cv, CI, cv, CI, void *, CI, size_t);
DECL4(sspr2_, dspr2_, chpr2_, zhpr2_, const char *, CI, cv, cv, CI, cv, CI, void *, size_t);

/* ---- our xerbla_: records the call instead of printing ---- */
static char xb_name[8];
static int xb_info, xb_calls;
void xerbla_(const char *name, const int *info, size_t len)
{
    size_t n = len < 7 ? len : 7;
    memcpy(xb_name, name, n);
    while (n > 0 && xb_name[n - 1] == ' ')
        n--;
    xb_name[n] = 0;
    xb_info = *info;
    xb_calls++;
}

/* ---- the current type: 0..3 = s d c z ---- */
static int P;
static const char PCH[4] = {'S', 'D', 'C', 'Z'};
static const size_t ES[4] = {sizeof(float), sizeof(double), sizeof(float complex), sizeof(double complex)};
static int cplx(void) { return P >= 2; }
static double eps(void) { return (P == 0 || P == 2) ? 0x1p-24 : 0x1p-53; }

static void put(void *b, ptrdiff_t i, zc v)
{
    switch (P) {
    case 0: ((float *)b)[i] = (float)creal(v); break;
    case 1: ((double *)b)[i] = creal(v); break;
    case 2: ((float complex *)b)[i] = CMPLXF((float)creal(v), (float)cimag(v)); break;
    default: ((double complex *)b)[i] = v; break;
    }
}
static zc get(const void *b, ptrdiff_t i)
{
    switch (P) {
    case 0: return ((const float *)b)[i];
    case 1: return ((const double *)b)[i];
    case 2: return ((const float complex *)b)[i];
    default: return ((const double complex *)b)[i];
    }
}
/* A scalar argument of the current type (or of its real type for the real alpha of her/hpr). */
typedef union {
    float f;
    double d;
    float complex c;
    double complex z;
} scalar;
/* a value of the current type, rounded so that the reference sees exactly what the library sees */
static zc rnd(void)
{
    double complex v = cplx() ? CMPLX(tu_rand(), tu_rand()) : tu_rand();
    scalar r;
    put(&r, 0, v);
    return get(&r, 0);
}
static zc rnd_scalar(int which) /* 0, 1, -1, random */
{
    static const double fixed[3] = {0, 1, -1};
    return which < 3 ? fixed[which] : rnd();
}
static zc cj(zc v) { return conj(v); }
static const zc ZNAN = CMPLX(NAN, NAN);
static char cas(char c) { return tu_randint(0, 1) ? c : (char)(c + 32); } /* random letter case */

static scalar sc(zc v)
{
    scalar s;
    put(&s, 0, v);
    return s;
}
static scalar sc_real(double v)
{
    scalar s;
    if (P == 0 || P == 2)
        s.f = (float)v;
    else
        s.d = v;
    return s;
}

/* ---- checked buffers ---- */
enum { UNTOUCHED, VALUE, REALDIAG, SOLVED };
typedef struct {
    tu_buf g;
    unsigned char *p; /* the payload, n elements of the current type */
    size_t n;
    unsigned char *orig; /* the payload as passed in */
    zc *want;            /* expected value where kind is VALUE or REALDIAG */
    double *scale;       /* sum of the magnitudes of the terms behind want */
    unsigned char *kind; /* what the routine must do with each element */
} cbuf;

static void cb_new(cbuf *b, size_t n)
{
    b->n = n;
    b->p = tu_alloc(&b->g, n ? n : 1, ES[P]);
    b->orig = malloc((n ? n : 1) * ES[P]);
    b->want = calloc(n ? n : 1, sizeof(zc));
    b->scale = calloc(n ? n : 1, sizeof(double));
    b->kind = calloc(n ? n : 1, 1);
    for (size_t i = 0; i < n; i++)
        put(b->p, (ptrdiff_t)i, ZNAN);
}
static void cb_free(cbuf *b)
{
    tu_free(&b->g);
    free(b->orig), free(b->want), free(b->scale), free(b->kind);
}
static void cb_snap(cbuf *b) { memcpy(b->orig, b->p, b->n * ES[P]); }
static void cb_expect(cbuf *b, size_t i, zc want, double scale, int kind)
{
    b->want[i] = want;
    b->scale[i] = scale;
    b->kind[i] = (unsigned char)kind;
}

static int close1(double got, double want, double bound)
{
    return isfinite(got) && fabs(got - want) <= bound;
}

/* Compares b with its expectation; what names the case in a failure message. */
static void cb_check(const cbuf *b, double tol, const char *what)
{
    int ok = tu_guard_ok(&b->g);
    size_t bad = 0;
    for (size_t i = 0; ok && i < b->n; i++) {
        zc got = get(b->p, (ptrdiff_t)i), want = b->want[i];
        double bound = tol * b->scale[i];
        switch (b->kind[i]) {
        case UNTOUCHED: ok = memcmp(b->p + i * ES[P], b->orig + i * ES[P], ES[P]) == 0; break;
        case VALUE: ok = close1(creal(got), creal(want), bound) && close1(cimag(got), cimag(want), bound); break;
        case REALDIAG: ok = close1(creal(got), creal(want), bound) && cimag(got) == 0; break;
        default: break; /* SOLVED: checked by the caller through the residual */
        }
        bad = i;
    }
    if (!TU_CHECK(ok, "%c%s: element %zu (kind %d) got (%g,%g) want (%g,%g)", PCH[P], what, bad,
                  b->n ? b->kind[bad] : 0, creal(get(b->p, (ptrdiff_t)bad)), cimag(get(b->p, (ptrdiff_t)bad)),
                  creal(b->want[bad]), cimag(b->want[bad])))
        fprintf(stderr, "    (guards %s)\n", tu_guard_ok(&b->g) ? "intact" : "overwritten");
}

/* A strided vector of len logical elements (reference layout for negative inc); the gaps hold NaN
   and must stay unchanged. */
typedef struct {
    cbuf b;
    int len, inc;
} vec;
static size_t vpos(const vec *v, int i) { return (size_t)(v->inc > 0 ? i * v->inc : (v->len - 1 - i) * -v->inc); }
static void v_new(vec *v, int len, int inc)
{
    v->len = len, v->inc = inc;
    cb_new(&v->b, len ? 1 + (size_t)(len - 1) * (size_t)abs(inc) : 1);
}
static zc v_get(const vec *v, int i) { return get(v->b.p, (ptrdiff_t)vpos(v, i)); }
static void v_set(vec *v, int i, zc x) { put(v->b.p, (ptrdiff_t)vpos(v, i), x); }
/* random contents; with zeros set, about one element in four is zero (exercises skip paths) */
static void v_fill(vec *v, int zeros)
{
    for (int i = 0; i < v->len; i++)
        v_set(v, i, (zeros && tu_randint(0, 3) == 0) ? 0 : rnd());
}

static const int NS[] = {0, 1, 2, 3, 5, 17, 64, 65};
#define NNS ((int)(sizeof NS / sizeof NS[0]))
static const int INCS[] = {1, 2, -1, -2};
static int rinc(void) { return INCS[tu_randint(0, 3)]; }

/* ---- the routines by type ---- */
static typeof(&sgemv_) const GEMV[4] = {sgemv_, dgemv_, cgemv_, zgemv_};
static typeof(&sgbmv_) const GBMV[4] = {sgbmv_, dgbmv_, cgbmv_, zgbmv_};
static typeof(&ssymv_) const SYMV[4] = {ssymv_, dsymv_, chemv_, zhemv_};
static typeof(&ssbmv_) const SBMV[4] = {ssbmv_, dsbmv_, chbmv_, zhbmv_};
static typeof(&sspmv_) const SPMV[4] = {sspmv_, dspmv_, chpmv_, zhpmv_};
static typeof(&strmv_) const TRMV[4] = {strmv_, dtrmv_, ctrmv_, ztrmv_};
static typeof(&strsv_) const TRSV[4] = {strsv_, dtrsv_, ctrsv_, ztrsv_};
static typeof(&stbmv_) const TBMV[4] = {stbmv_, dtbmv_, ctbmv_, ztbmv_};
static typeof(&stbsv_) const TBSV[4] = {stbsv_, dtbsv_, ctbsv_, ztbsv_};
static typeof(&stpmv_) const TPMV[4] = {stpmv_, dtpmv_, ctpmv_, ztpmv_};
static typeof(&stpsv_) const TPSV[4] = {stpsv_, dtpsv_, ctpsv_, ztpsv_};
static typeof(&sger_) const GERU[4] = {sger_, dger_, cgeru_, zgeru_};
static typeof(&sger_) const GERC[4] = {sger_, dger_, cgerc_, zgerc_}; /* real: ger is both */
static typeof(&ssyr_) const SYR[4] = {ssyr_, dsyr_, cher_, zher_};
static typeof(&sspr_) const SPR[4] = {sspr_, dspr_, chpr_, zhpr_};
static typeof(&ssyr2_) const SYR2[4] = {ssyr2_, dsyr2_, cher2_, zher2_};
static typeof(&sspr2_) const SPR2[4] = {sspr2_, dspr2_, chpr2_, zhpr2_};

/* op(A)(i,j) of a dense column-major matrix */
static zc op_el(const zc *a, int lda, int i, int j, char trans)
{
    switch (trans | 32) {
    case 'n': return a[i + (size_t)j * lda];
    case 't': return a[j + (size_t)i * lda];
    default: return cj(a[j + (size_t)i * lda]);
    }
}

/* Expectation for y := alpha*M*x + beta*y, M dense leny x lenx; quick: y must be left alone. */
static void expect_mv(vec *y, const zc *m, int leny, int lenx, const vec *x, zc alpha, zc beta, int quick)
{
    if (quick)
        return;
    for (int i = 0; i < leny; i++) {
        zc yi = v_get(y, i), s = beta == 0 ? 0 : beta * yi;
        double scale = beta == 0 ? 0 : cabs(beta) * cabs(yi);
        if (alpha != 0) {
            zc acc = 0;
            double mag = 0;
            for (int j = 0; j < lenx; j++) {
                acc += m[i + (size_t)j * leny] * v_get(x, j);
                mag += cabs(m[i + (size_t)j * leny]) * cabs(v_get(x, j));
            }
            s += alpha * acc;
            scale += cabs(alpha) * mag;
        }
        cb_expect(&y->b, vpos(y, i), s, scale, VALUE);
    }
}
static double tol_for(int terms) { return eps() * (terms + 4) * 8; }

/* ---- xGEMV, xGBMV ---- */
static void t_gen(int band, int m, int n, int kl, int ku, char trans, zc alpha, zc beta)
{
    int lda = (band ? kl + ku + 1 : (m > 1 ? m : 1)) + tu_randint(0, 2);
    int incx = rinc(), incy = rinc(), notr = (trans | 32) == 'n';
    int lenx = notr ? n : m, leny = notr ? m : n;
    zc *d = calloc((size_t)m * n + 1, sizeof(zc)), *op = calloc((size_t)m * n + 1, sizeof(zc));
    cbuf a;
    vec x, y;
    cb_new(&a, (size_t)lda * n);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            if (band && (i < j - ku || i > j + kl))
                continue;
            d[i + (size_t)j * m] = rnd();
            if (alpha != 0) /* with alpha == 0, A must not be read: it stays NaN */
                put(a.p, (band ? ku + i - j : i) + (ptrdiff_t)j * lda, d[i + (size_t)j * m]);
        }
    for (int j = 0; j < lenx; j++)
        for (int i = 0; i < leny; i++)
            op[i + (size_t)j * leny] = op_el(d, m, i, j, trans);
    v_new(&x, lenx, incx);
    v_new(&y, leny, incy);
    if (alpha != 0)
        v_fill(&x, 0);
    if (beta != 0)
        v_fill(&y, 0);
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    expect_mv(&y, op, leny, lenx, &x, alpha, beta, m == 0 || n == 0 || (alpha == 0 && beta == 1));
    scalar al = sc(alpha), be = sc(beta);
    char t = cas(trans);
    if (band)
        GBMV[P](&t, &m, &n, &kl, &ku, &al, a.p, &lda, x.b.p, &incx, &be, y.b.p, &incy, 1);
    else
        GEMV[P](&t, &m, &n, &al, a.p, &lda, x.b.p, &incx, &be, y.b.p, &incy, 1);
    char what[96];
    snprintf(what, sizeof what, "%s m=%d n=%d kl=%d ku=%d trans=%c incx=%d incy=%d", band ? "GBMV" : "GEMV", m,
             n, kl, ku, trans, incx, incy);
    double tol = tol_for(lenx);
    cb_check(&a, tol, what), cb_check(&x.b, tol, what), cb_check(&y.b, tol, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d), free(op);
}

static void test_general(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    int t = 0;
    for (int im = 0; im < NNS; im++)
        for (int in = 0; in < NNS; in++)
            for (int it = 0; it < 3; it++, t++) {
                int m = NS[im], n = NS[in];
                /* alpha and beta walk through all 16 pairs of {0, 1, -1, random} */
                t_gen(0, m, n, 0, 0, TR[it], rnd_scalar(t % 4), rnd_scalar((t / 4) % 4));
                t_gen(0, m, n, 0, 0, TR[it], rnd(), rnd_scalar(t % 4));
                int ks[4] = {0, 1, 3, (m > n ? m : n) + 2};
                for (int a = 0; a < 4; a++)
                    for (int b = 0; b < 4; b++)
                        t_gen(1, m, n, ks[a], ks[b], TR[it], rnd_scalar((t + a) % 4),
                              rnd_scalar((t + b + a / 2) % 4));
            }
}

/* ---- one triangle of an n x n matrix in full, band or packed storage ---- */
enum { FULL, BAND, PACKED };
typedef struct {
    int kind, upper, n, k, lda;
} tri;
static tri tri_new(int kind, int upper, int n, int k)
{
    tri s = {kind, upper, n, k, 0};
    if (kind == FULL)
        s.lda = (n > 1 ? n : 1) + tu_randint(0, 2);
    else if (kind == BAND)
        s.lda = k + 1 + tu_randint(0, 2);
    return s;
}
static size_t tri_size(const tri *s)
{
    return s->kind == PACKED ? (size_t)s->n * (s->n + 1) / 2 : (size_t)s->lda * s->n;
}
/* whether (i, j) is in the stored triangle (and band) */
static int tri_has(const tri *s, int i, int j)
{
    if (s->upper ? i > j : i < j)
        return 0;
    return s->kind != BAND || abs(i - j) <= s->k;
}
static ptrdiff_t tri_idx(const tri *s, int i, int j)
{
    switch (s->kind) {
    case FULL: return i + (ptrdiff_t)j * s->lda;
    case BAND: return (s->upper ? s->k + i - j : i - j) + (ptrdiff_t)j * s->lda;
    default:
        return s->upper ? i + (ptrdiff_t)j * (j + 1) / 2 : (i - j) + (ptrdiff_t)j * (2 * s->n - j + 1) / 2;
    }
}
static const char *KIND[3] = {"full", "band", "packed"};

/* A random Hermitian (symmetric for real types) matrix, zero outside the band, real diagonal. It is
   stored in the triangle with NaN as the imaginary part of the diagonal, which must not be read. */
static zc *herm_new(const tri *s, cbuf *a, int fill)
{
    int n = s->n;
    zc *d = calloc((size_t)n * n + 1, sizeof(zc));
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++) {
            if (!tri_has(s, s->upper ? i : j, s->upper ? j : i))
                continue;
            zc v = i == j ? creal(rnd()) : rnd();
            d[i + (size_t)j * n] = v;
            d[j + (size_t)i * n] = cj(v);
        }
    cb_new(a, tri_size(s));
    if (fill)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                if (tri_has(s, i, j))
                    put(a->p, tri_idx(s, i, j), i == j && cplx() ? CMPLX(creal(d[i + (size_t)j * n]), NAN)
                                                             : d[i + (size_t)j * n]);
    return d;
}

/* ---- xSYMV/xHEMV, xSBMV/xHBMV, xSPMV/xHPMV ---- */
static void t_symv(int kind, int upper, int n, int k, zc alpha, zc beta)
{
    tri s = tri_new(kind, upper, n, k);
    int incx = rinc(), incy = rinc();
    cbuf a;
    vec x, y;
    zc *d = herm_new(&s, &a, alpha != 0);
    v_new(&x, n, incx);
    v_new(&y, n, incy);
    if (alpha != 0)
        v_fill(&x, 0);
    if (beta != 0)
        v_fill(&y, 0);
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    expect_mv(&y, d, n, n, &x, alpha, beta, n == 0 || (alpha == 0 && beta == 1));
    scalar al = sc(alpha), be = sc(beta);
    char u = cas(upper ? 'U' : 'L');
    if (kind == FULL)
        SYMV[P](&u, &n, &al, a.p, &s.lda, x.b.p, &incx, &be, y.b.p, &incy, 1);
    else if (kind == BAND)
        SBMV[P](&u, &n, &k, &al, a.p, &s.lda, x.b.p, &incx, &be, y.b.p, &incy, 1);
    else
        SPMV[P](&u, &n, &al, a.p, x.b.p, &incx, &be, y.b.p, &incy, 1);
    char what[96];
    snprintf(what, sizeof what, "%s symv/hemv n=%d k=%d uplo=%c incx=%d incy=%d", KIND[kind], n, k, u, incx,
             incy);
    double tol = tol_for(n);
    cb_check(&a, tol, what), cb_check(&x.b, tol, what), cb_check(&y.b, tol, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d);
}

/* ---- triangular: xTRMV xTBMV xTPMV (solve = 0), xTRSV xTBSV xTPSV (solve = 1) ---- */
static void t_tri(int solve, int kind, int upper, char trans, int unit, int n, int k)
{
    tri s = tri_new(kind, upper, n, k);
    int incx = rinc();
    int offdiag = kind == BAND ? k : n - 1;
    /* off-diagonal entries shrink with their number so that solutions stay of moderate size */
    double shrink = offdiag > 1 ? 1.0 / offdiag : 1.0;
    zc *d = calloc((size_t)n * n + 1, sizeof(zc));
    cbuf a;
    vec x;
    cb_new(&a, tri_size(&s));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
            if (!tri_has(&s, i, j))
                continue;
            zc v = i != j ? rnd() * shrink : unit ? 1 : (1.5 + 0.5 * tu_rand()) * (tu_randint(0, 1) ? 1 : -1);
            if (i == j && !unit && cplx())
                v *= cexp(I * tu_rand() * 3);
            scalar rounded;
            put(&rounded, 0, v);
            v = get(&rounded, 0);
            d[i + (size_t)j * n] = v;
            if (!(i == j && unit)) /* a unit diagonal is not read: it stays NaN */
                put(a.p, tri_idx(&s, i, j), v);
        }
    v_new(&x, n, incx);
    v_fill(&x, 1);
    cb_snap(&a), cb_snap(&x.b);
    for (int i = 0; i < n; i++) {
        if (solve) {
            cb_expect(&x.b, vpos(&x, i), 0, 0, SOLVED);
            continue;
        }
        zc acc = 0;
        double mag = 0;
        for (int j = 0; j < n; j++) {
            zc t = op_el(d, n, i, j, trans);
            acc += t * v_get(&x, j);
            mag += cabs(t) * cabs(v_get(&x, j));
        }
        cb_expect(&x.b, vpos(&x, i), acc, mag, VALUE);
    }
    zc *b = calloc((size_t)n + 1, sizeof(zc));
    for (int i = 0; i < n; i++)
        b[i] = v_get(&x, i);
    char u = cas(upper ? 'U' : 'L'), t = cas(trans), dg = cas(unit ? 'U' : 'N');
    switch (kind * 2 + solve) {
    case FULL * 2: TRMV[P](&u, &t, &dg, &n, a.p, &s.lda, x.b.p, &incx, 1, 1, 1); break;
    case FULL * 2 + 1: TRSV[P](&u, &t, &dg, &n, a.p, &s.lda, x.b.p, &incx, 1, 1, 1); break;
    case BAND * 2: TBMV[P](&u, &t, &dg, &n, &k, a.p, &s.lda, x.b.p, &incx, 1, 1, 1); break;
    case BAND * 2 + 1: TBSV[P](&u, &t, &dg, &n, &k, a.p, &s.lda, x.b.p, &incx, 1, 1, 1); break;
    case PACKED * 2: TPMV[P](&u, &t, &dg, &n, a.p, x.b.p, &incx, 1, 1, 1); break;
    default: TPSV[P](&u, &t, &dg, &n, a.p, x.b.p, &incx, 1, 1, 1); break;
    }
    char what[96];
    snprintf(what, sizeof what, "%s %s n=%d k=%d uplo=%c trans=%c diag=%c incx=%d", KIND[kind],
             solve ? "trsv" : "trmv", n, k, u, t, dg, incx);
    double tol = tol_for(n);
    cb_check(&a, tol, what), cb_check(&x.b, tol, what);
    if (solve) {
        /* componentwise backward error: |b - op(A)*x| <= tol * (|op(A)|*|x| + |b|) */
        int ok = 1, bad = 0;
        for (int i = 0; i < n && ok; i++) {
            zc r = -b[i];
            double mag = cabs(b[i]);
            for (int j = 0; j < n; j++) {
                zc t2 = op_el(d, n, i, j, trans), xj = v_get(&x, j);
                r += t2 * xj;
                mag += cabs(t2) * cabs(xj);
            }
            ok = isfinite(creal(r)) && isfinite(cimag(r)) && cabs(r) <= tol * mag;
            bad = i;
        }
        TU_CHECK(ok, "%c%s: residual too large at row %d", PCH[P], what, bad);
    }
    cb_free(&a), cb_free(&x.b);
    free(d), free(b);
}

static void test_sym_tri(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    int t = 0;
    for (int in = 0; in < NNS; in++)
        for (int upper = 0; upper < 2; upper++) {
            int n = NS[in];
            int ks[4] = {0, 1, 3, n + 1};
            for (int kind = FULL; kind <= PACKED; kind++)
                for (int ik = 0; ik < (kind == BAND ? 4 : 1); ik++, t++) {
                    for (int r = 0; r < 4; r++)
                        t_symv(kind, upper, n, ks[ik], rnd_scalar((t + r) % 4), rnd_scalar((t + 3 * r) % 4));
                    for (int it = 0; it < 3; it++)
                        for (int unit = 0; unit < 2; unit++)
                            for (int solve = 0; solve < 2; solve++)
                                t_tri(solve, kind, upper, TR[it], unit, n, ks[ik]);
                }
        }
}

/* ---- xGER, xGERU, xGERC ---- */
static void t_ger(int conjy, int m, int n, zc alpha)
{
    int lda = (m > 1 ? m : 1) + tu_randint(0, 2), incx = rinc(), incy = rinc();
    cbuf a;
    vec x, y;
    cb_new(&a, (size_t)lda * n);
    v_new(&x, m, incx);
    v_new(&y, n, incy);
    if (alpha != 0) /* with alpha == 0 nothing is read: x and y stay NaN */
        v_fill(&x, 1), v_fill(&y, 1);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++)
            put(a.p, i + (ptrdiff_t)j * lda, rnd());
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    if (m > 0 && n > 0 && alpha != 0)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                ptrdiff_t p = i + (ptrdiff_t)j * lda;
                zc aij = get(a.p, p), xi = v_get(&x, i), yj = v_get(&y, j);
                cb_expect(&a, (size_t)p, aij + alpha * xi * (conjy ? cj(yj) : yj),
                          cabs(aij) + cabs(alpha) * cabs(xi) * cabs(yj), VALUE);
            }
    scalar al = sc(alpha);
    (conjy ? GERC : GERU)[P](&m, &n, &al, x.b.p, &incx, y.b.p, &incy, a.p, &lda);
    char what[96];
    snprintf(what, sizeof what, "%s m=%d n=%d incx=%d incy=%d", conjy ? "GERC" : "GER(U)", m, n, incx, incy);
    cb_check(&a, tol_for(2), what), cb_check(&x.b, 0, what), cb_check(&y.b, 0, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
}

/* ---- xSYR/xHER, xSPR/xHPR (rank 1), xSYR2/xHER2, xSPR2/xHPR2 (rank 2) ---- */
static void t_syr(int rank2, int kind, int upper, int n, zc alpha)
{
    tri s = tri_new(kind, upper, n, 0);
    int incx = rinc(), incy = rinc();
    cbuf a;
    vec x, y;
    if (!rank2)
        alpha = creal(alpha); /* her and hpr take a real alpha */
    zc *d = herm_new(&s, &a, 1);
    v_new(&x, n, incx);
    v_new(&y, rank2 ? n : 0, incy);
    if (alpha != 0) {
        v_fill(&x, 1);
        if (rank2)
            v_fill(&y, 1);
    }
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    if (n > 0 && alpha != 0)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                if (!tri_has(&s, i, j))
                    continue;
                zc xi = v_get(&x, i), xj = v_get(&x, j), add;
                double mag;
                if (rank2) {
                    zc yi = v_get(&y, i), yj = v_get(&y, j);
                    add = alpha * xi * cj(yj) + cj(alpha) * yi * cj(xj);
                    mag = cabs(alpha) * (cabs(xi) * cabs(yj) + cabs(yi) * cabs(xj));
                } else {
                    add = alpha * xi * cj(xj);
                    mag = cabs(alpha) * cabs(xi) * cabs(xj);
                }
                zc want = d[i + (size_t)j * n] + add;
                /* the diagonal of a Hermitian result is exactly real, whatever its input imaginary
                   part (NaN here) and even where x(j) (and y(j)) are zero */
                int k = (i == j && cplx()) ? REALDIAG : VALUE;
                cb_expect(&a, (size_t)tri_idx(&s, i, j), want, cabs(d[i + (size_t)j * n]) + mag, k);
            }
    scalar al = rank2 ? sc(alpha) : sc_real(creal(alpha));
    char u = cas(upper ? 'U' : 'L');
    switch (kind * 2 + rank2) {
    case FULL * 2: SYR[P](&u, &n, &al, x.b.p, &incx, a.p, &s.lda, 1); break;
    case FULL * 2 + 1: SYR2[P](&u, &n, &al, x.b.p, &incx, y.b.p, &incy, a.p, &s.lda, 1); break;
    case PACKED * 2: SPR[P](&u, &n, &al, x.b.p, &incx, a.p, 1); break;
    default: SPR2[P](&u, &n, &al, x.b.p, &incx, y.b.p, &incy, a.p, 1); break;
    }
    char what[96];
    snprintf(what, sizeof what, "%s %s n=%d uplo=%c incx=%d incy=%d", KIND[kind], rank2 ? "syr2/her2" : "syr/her",
             n, u, incx, incy);
    cb_check(&a, tol_for(4), what), cb_check(&x.b, 0, what), cb_check(&y.b, 0, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d);
}

static void test_updates(void)
{
    int t = 0;
    for (int im = 0; im < NNS; im++)
        for (int in = 0; in < NNS; in++, t++) {
            t_ger(0, NS[im], NS[in], rnd_scalar(t % 4));
            if (cplx())
                t_ger(1, NS[im], NS[in], rnd_scalar((t + 1) % 4));
        }
    for (int in = 0; in < NNS; in++)
        for (int upper = 0; upper < 2; upper++)
            for (int kind = FULL; kind <= PACKED; kind += PACKED - FULL)
                for (int r = 0; r < 4; r++, t++) {
                    t_syr(0, kind, upper, NS[in], rnd_scalar(r));
                    t_syr(1, kind, upper, NS[in], rnd_scalar((r + t) % 4));
                }
}

/* ---- illegal arguments: xerbla gets the reference name and position, nothing is written ----
   Each routine is described by its Fortran argument list, one letter per argument:
   t trans, u uplo, d diag, m n k, l kl, h ku, L lda, X incx, Y incy (the checked ones) and
   a alpha, b beta, A matrix, P packed matrix, x y vectors. */
typedef struct {
    const char *real, *cplx, *sig;
} routine;
static const routine ROUTINES[] = {
    {"GEMV", "GEMV", "tmnaALxXbyY"},  {"GBMV", "GBMV", "tmnlhaALxXbyY"}, {"SYMV", "HEMV", "unaALxXbyY"},
    {"SBMV", "HBMV", "unkaALxXbyY"},  {"SPMV", "HPMV", "unaPxXbyY"},     {"TRMV", "TRMV", "utdnALxX"},
    {"TRSV", "TRSV", "utdnALxX"},     {"TBMV", "TBMV", "utdnkALxX"},     {"TBSV", "TBSV", "utdnkALxX"},
    {"TPMV", "TPMV", "utdnPxX"},      {"TPSV", "TPSV", "utdnPxX"},       {"GER", "GERU", "mnaxXyYAL"},
    {"GER", "GERC", "mnaxXyYAL"},     {"SYR", "HER", "unaxXAL"},         {"SPR", "HPR", "unaxXP"},
    {"SYR2", "HER2", "unaxXyYAL"},    {"SPR2", "HPR2", "unaxXyYP"},
};
#define NROUT ((int)(sizeof ROUTINES / sizeof ROUTINES[0]))

typedef struct {
    char trans, uplo, diag;
    int m, n, kl, ku, k, lda, incx, incy;
} args;

/* Calls routine r with a; the matrix and the vectors are small valid buffers. */
static void call_routine(int r, args *a, void *mat, void *x, void *y)
{
    scalar one = sc(1), rone = sc_real(1);
    switch (r) {
    case 0: GEMV[P](&a->trans, &a->m, &a->n, &one, mat, &a->lda, x, &a->incx, &one, y, &a->incy, 1); break;
    case 1:
        GBMV[P](&a->trans, &a->m, &a->n, &a->kl, &a->ku, &one, mat, &a->lda, x, &a->incx, &one, y, &a->incy, 1);
        break;
    case 2: SYMV[P](&a->uplo, &a->n, &one, mat, &a->lda, x, &a->incx, &one, y, &a->incy, 1); break;
    case 3: SBMV[P](&a->uplo, &a->n, &a->k, &one, mat, &a->lda, x, &a->incx, &one, y, &a->incy, 1); break;
    case 4: SPMV[P](&a->uplo, &a->n, &one, mat, x, &a->incx, &one, y, &a->incy, 1); break;
    case 5: TRMV[P](&a->uplo, &a->trans, &a->diag, &a->n, mat, &a->lda, y, &a->incx, 1, 1, 1); break;
    case 6: TRSV[P](&a->uplo, &a->trans, &a->diag, &a->n, mat, &a->lda, y, &a->incx, 1, 1, 1); break;
    case 7: TBMV[P](&a->uplo, &a->trans, &a->diag, &a->n, &a->k, mat, &a->lda, y, &a->incx, 1, 1, 1); break;
    case 8: TBSV[P](&a->uplo, &a->trans, &a->diag, &a->n, &a->k, mat, &a->lda, y, &a->incx, 1, 1, 1); break;
    case 9: TPMV[P](&a->uplo, &a->trans, &a->diag, &a->n, mat, y, &a->incx, 1, 1, 1); break;
    case 10: TPSV[P](&a->uplo, &a->trans, &a->diag, &a->n, mat, y, &a->incx, 1, 1, 1); break;
    case 11: GERU[P](&a->m, &a->n, &one, x, &a->incx, y, &a->incy, mat, &a->lda); break;
    case 12: GERC[P](&a->m, &a->n, &one, x, &a->incx, y, &a->incy, mat, &a->lda); break;
    case 13: SYR[P](&a->uplo, &a->n, &rone, x, &a->incx, mat, &a->lda, 1); break;
    case 14: SPR[P](&a->uplo, &a->n, &rone, x, &a->incx, mat, 1); break;
    case 15: SYR2[P](&a->uplo, &a->n, &one, x, &a->incx, y, &a->incy, mat, &a->lda, 1); break;
    default: SPR2[P](&a->uplo, &a->n, &one, x, &a->incx, y, &a->incy, mat, 1); break;
    }
}

static args valid_args(int r)
{
    args a = {'N', 'U', 'N', 2, 2, 1, 1, 1, 2, 1, 1};
    if (r == 1)
        a.lda = a.kl + a.ku + 1;
    return a;
}
/* Makes the argument at 1-based position pos illegal (and returns 1), or returns 0 when that
   argument is not checked. */
static int break_arg(int r, args *a, int pos)
{
    switch (ROUTINES[r].sig[pos - 1]) {
    case 't': a->trans = "XA/"[tu_randint(0, 2)]; return 1;
    case 'u': a->uplo = "XN/"[tu_randint(0, 2)]; return 1;
    case 'd': a->diag = "XT/"[tu_randint(0, 2)]; return 1;
    case 'm': a->m = -tu_randint(1, 3); return 1;
    case 'n': a->n = -tu_randint(1, 3); return 1;
    case 'l': a->kl = -1; return 1;
    case 'h': a->ku = -1; return 1;
    case 'k': a->k = -1; return 1;
    case 'L': a->lda -= 1; return 1; /* one below the smallest legal value */
    case 'X': a->incx = 0; return 1;
    case 'Y': a->incy = 0; return 1;
    default: return 0;
    }
}

static void test_errors(void)
{
    cbuf mat, x, y;
    cb_new(&mat, 64), cb_new(&x, 64), cb_new(&y, 64);
    for (int i = 0; i < 64; i++)
        put(mat.p, i, rnd()), put(x.p, i, rnd()), put(y.p, i, rnd());
    cb_snap(&mat), cb_snap(&x), cb_snap(&y);
    for (int r = 0; r < NROUT; r++) {
        const routine *rt = &ROUTINES[r];
        char name[8];
        snprintf(name, sizeof name, "%c%s", PCH[P], cplx() ? rt->cplx : rt->real);
        int npos = (int)strlen(rt->sig), first = 0;
        for (int pos = 1; pos <= npos; pos++) {
            args a = valid_args(r);
            if (!break_arg(r, &a, pos))
                continue;
            if (!first)
                first = pos;
            xb_calls = 0, xb_name[0] = 0, xb_info = 0;
            call_routine(r, &a, mat.p, x.p, y.p);
            TU_CHECK(xb_calls == 1 && strcmp(xb_name, name) == 0 && xb_info == pos,
                     "%s with argument %d illegal: xerbla called %d times, last with %s %d", name, pos, xb_calls,
                     xb_name, xb_info);
            /* a later illegal argument does not change the reported position */
            for (int later = pos + 1; later <= npos; later++)
                if (break_arg(r, &a, later))
                    break;
            xb_calls = 0;
            call_routine(r, &a, mat.p, x.p, y.p);
            TU_CHECK(xb_calls == 1 && xb_info == pos, "%s with arguments %d and later illegal: got %d", name, pos,
                     xb_info);
        }
        cb_check(&mat, 0, name), cb_check(&x, 0, name), cb_check(&y, 0, name);
        /* the valid arguments themselves (with lowercase letters) raise nothing */
        args a = valid_args(r);
        a.trans = 'c', a.uplo = 'l', a.diag = 'u';
        xb_calls = 0;
        call_routine(r, &a, mat.p, x.p, y.p);
        TU_CHECK(xb_calls == 0 && first == 1, "%s: valid call reported error %d", name, xb_info);
        memcpy(mat.p, mat.orig, 64 * ES[P]), memcpy(x.p, x.orig, 64 * ES[P]), memcpy(y.p, y.orig, 64 * ES[P]);
    }
    cb_free(&mat), cb_free(&x), cb_free(&y);
}

/* ---- exceptional values: where the reference BLAS 3.11 skips work for a zero and where it does
   not, and its complex rounding of real*complex products (the tests above keep NaN and Inf away
   from the data that is read). */
static int isnan_d(double v) { return v != v; }
static void test_exceptional(void)
{
    double inf = INFINITY, one = 1, zero = 0;
    int two = 2, ione = 1, three = 3, kl = 1;
    /* gemv and gbmv: no test of x(j) == 0, so Inf*0 in column 1 gives NaN in y(0) */
    double a[4] = {1, 1, inf, 1}, x[2] = {1, 0}, y[2] = {NAN, NAN};
    dgemv_("N", &two, &two, &one, a, &two, x, &ione, &zero, y, &ione, 1);
    TU_CHECK(isnan_d(y[0]) && y[1] == 1, "DGEMV must not skip x(j) == 0: y = %g %g", y[0], y[1]);
    double ab[6] = {NAN, 1, 1, inf, 1, NAN};
    y[0] = y[1] = NAN;
    dgbmv_("N", &two, &two, &kl, &kl, &one, ab, &three, x, &ione, &zero, y, &ione, 1);
    TU_CHECK(isnan_d(y[0]) && y[1] == 1, "DGBMV must not skip x(j) == 0: y = %g %g", y[0], y[1]);
    /* trmv, trsv (no-transpose): a zero x(j) skips column j */
    double t[4] = {1, NAN, inf, 1}, xt[2] = {1, 0};
    dtrmv_("U", "N", "N", &two, t, &two, xt, &ione, 1, 1, 1);
    TU_CHECK(xt[0] == 1 && xt[1] == 0, "DTRMV skips x(j) == 0: x = %g %g", xt[0], xt[1]);
    xt[0] = 1, xt[1] = 0;
    dtrsv_("U", "N", "N", &two, t, &two, xt, &ione, 1, 1, 1);
    TU_CHECK(xt[0] == 1 && xt[1] == 0, "DTRSV skips x(j) == 0: x = %g %g", xt[0], xt[1]);
    /* ger: a zero y(j) skips column j */
    double g[4] = {1, 1, 1, 1}, gx[2] = {inf, 1}, gy[2] = {0, 1};
    dger_(&two, &two, &one, gx, &ione, gy, &ione, g, &two);
    TU_CHECK(g[0] == 1 && g[1] == 1 && g[2] == inf && g[3] == 2, "DGER skips y(j) == 0: %g %g %g %g", g[0],
             g[1], g[2], g[3]);
    /* zher: alpha*conj(x) is a full complex product with (alpha, 0), so x = (Inf, 0) gives a NaN
       diagonal (a component-wise product would give Inf); the imaginary part is still zeroed */
    double complex h = CMPLX(1, NAN), hx = CMPLX(inf, 0);
    zher_("U", &ione, &one, &hx, &ione, &h, &ione, 1);
    TU_CHECK(isnan_d(creal(h)) && cimag(h) == 0, "ZHER diagonal: (%g,%g)", creal(h), cimag(h));
    /* zher with x(j) == 0 and zher2 with x(j) == y(j) == 0 still make the diagonal real */
    double complex h2[4] = {CMPLX(2, NAN), NAN, CMPLX(3, 4), CMPLX(5, NAN)}, hx2[2] = {0, 1}, hy2[2] = {0, 0};
    zher_("U", &two, &one, hx2, &ione, h2, &two, 1);
    TU_CHECK(creal(h2[0]) == 2 && cimag(h2[0]) == 0 && creal(h2[3]) == 6 && cimag(h2[3]) == 0,
             "ZHER diagonal with x(0) == 0: (%g,%g) (%g,%g)", creal(h2[0]), cimag(h2[0]), creal(h2[3]),
             cimag(h2[3]));
    double complex h3[1] = {CMPLX(7, NAN)}, zone = 1;
    zhpr2_("L", &ione, &zone, hy2, &ione, hy2, &ione, h3, 1);
    TU_CHECK(creal(h3[0]) == 7 && cimag(h3[0]) == 0, "ZHPR2 diagonal with x = y = 0: (%g,%g)", creal(h3[0]),
             cimag(h3[0]));
}

/* ---- the blocked and threaded paths: sizes around the block (64), the blocking threshold (128)
   and the threading thresholds, every variant, strides +-1 and +-2 ---- */
static void test_large(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    static const int TN[] = {127, 128, 129, 191, 300};
    int t = 0;
    for (int in = 0; in < (int)(sizeof TN / sizeof TN[0]); in++)
        for (int upper = 0; upper < 2; upper++)
            for (int it = 0; it < 3; it++)
                for (int unit = 0; unit < 2; unit++)
                    for (int solve = 0; solve < 2; solve++)
                        t_tri(solve, FULL, upper, TR[it], unit, TN[in], 0);
    static const int GM[] = {63, 130, 257, 700};
    for (int im = 0; im < 4; im++)
        for (int in = 0; in < 4; in++, t++) {
            for (int it = 0; it < 3; it++)
                t_gen(0, GM[im], GM[(in + im) % 4], 0, 0, TR[it], rnd(), rnd_scalar(t % 4));
            t_gen(1, GM[im], GM[in], 5, 70, TR[t % 3], rnd(), rnd_scalar(t % 4));
            t_ger(0, GM[im], GM[in], rnd());
            if (cplx())
                t_ger(1, GM[im], GM[in], rnd());
        }
}

/* ---- bitwise equality across team sizes: every routine whose work the library splits, at sizes
   above its threading threshold, run with 1 thread and then 2, 3, 4 and 7 ---- */
static void fill_rand(void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(p, (ptrdiff_t)i, rnd());
}
/* an n x n triangle-friendly matrix: large diagonal, small off-diagonal entries */
static void fill_tri(void *p, int n, int lda)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            put(p, i + (ptrdiff_t)j * lda, i == j ? 2 + creal(rnd()) : rnd() / n);
}
static void run_case(int c, int n, void *a, int lda, void *x, void *y, int incx)
{
    static const char TR[3] = {'N', 'T', 'C'};
    char up = c & 1 ? 'U' : 'L', tr = TR[(c >> 1) % 3], dg = c & 8 ? 'U' : 'N';
    scalar al = sc(CMPLX(0.75, -0.25)), be = sc(CMPLX(0.5, 0.125));
    int m = n - 37, one = 1;
    switch (c >> 4) {
    case 0: GEMV[P](&tr, &m, &n, &al, a, &lda, x, &incx, &be, y, &one, 1); break;
    case 1: (c & 1 ? GERC : GERU)[P](&m, &n, &al, x, &incx, y, &one, a, &lda); break;
    case 2: TRMV[P](&up, &tr, &dg, &n, a, &lda, x, &incx, 1, 1, 1); break;
    default: TRSV[P](&up, &tr, &dg, &n, a, &lda, x, &incx, 1, 1, 1); break;
    }
}
static void test_threads(void)
{
    static const int TEAMS[] = {2, 3, 4, 7};
    /* trsv splits from 4096 rows: that size for d only (one solve per direction), to bound
       the memory the test takes; under an emulator (NB_TEST_QUICK) only the first size */
    int sizes[3] = {700, tu_size(P == 1 ? 1900 : 1100, 0), tu_size(P == 1 ? 4100 : 0, 0)};
    for (int is = 0; is < 3 && sizes[is]; is++)
        for (int c = 0; c < 64; c++) {
            if ((c >> 4) < 2 && (c & 8)) /* gemv / ger: no diag bit */
                continue;
            if ((c >> 4) == 1 && (c & 6))
                continue;
            if (is == 2 && c != 48 && c != 51) /* trsv 'L' 'N' and 'U' 'T' at 4100 */
                continue;
            int n = sizes[is], lda = n + 3, incx = (c & 4) && (c >> 4) >= 2 ? -2 : 1;
            size_t na = (size_t)lda * n, nx = (size_t)n * 2 + 2;
            char *a0 = malloc(na * ES[P]), *x0 = malloc(nx * ES[P]), *y0 = malloc(nx * ES[P]);
            char *a = malloc(na * ES[P]), *x = malloc(nx * ES[P]), *y = malloc(nx * ES[P]);
            char *ra = malloc(na * ES[P]), *rx = malloc(nx * ES[P]), *ry = malloc(nx * ES[P]);
            if ((c >> 4) == 3)
                fill_tri(a0, n, lda);
            else
                fill_rand(a0, na);
            fill_rand(x0, nx), fill_rand(y0, nx);
            for (size_t i = 0; i < nx; i += 5) /* zeros exercise the skip paths */
                put(x0, (ptrdiff_t)i, 0);
            for (int ti = -1; ti < 4; ti++) {
                openblas_set_num_threads(ti < 0 ? 1 : TEAMS[ti]);
                memcpy(a, a0, na * ES[P]), memcpy(x, x0, nx * ES[P]), memcpy(y, y0, nx * ES[P]);
                run_case(c, n, a, lda, x, y, incx);
                if (ti < 0) {
                    memcpy(ra, a, na * ES[P]), memcpy(rx, x, nx * ES[P]), memcpy(ry, y, nx * ES[P]);
                    continue;
                }
                int same = !memcmp(ra, a, na * ES[P]) && !memcmp(rx, x, nx * ES[P]) &&
                           !memcmp(ry, y, nx * ES[P]);
                TU_CHECK(same, "%c case %d (routine %d) n=%d: %d threads differ from 1", PCH[P], c, c >> 4,
                         n, TEAMS[ti]);
            }
            openblas_set_num_threads(0);
            free(a0), free(x0), free(y0), free(a), free(x), free(y), free(ra), free(rx), free(ry);
        }
}

/* ---- exceptional values in the blocked triangular paths: a zero x(j) skips column j there too
   (the column's Inf sits in an off-diagonal block, handled by gemv) ---- */
static void test_exceptional_blocked(void)
{
    int n = 200, one = 1;
    double *a = calloc((size_t)n * n, sizeof(double)), *x = malloc((size_t)n * sizeof(double));
    for (int lower = 0; lower < 2; lower++)
        for (int solve = 0; solve < 2; solve++) {
            for (int i = 0; i < n * n; i++)
                a[i] = 0;
            for (int i = 0; i < n; i++)
                a[i + (size_t)i * n] = 1, x[i] = 1;
            int r = lower ? 199 : 0, cidx = lower ? 10 : 150;
            a[r + (size_t)cidx * n] = INFINITY;
            x[cidx] = 0;
            if (solve)
                dtrsv_(lower ? "L" : "U", "N", "N", &n, a, &n, x, &one, 1, 1, 1);
            else
                dtrmv_(lower ? "L" : "U", "N", "N", &n, a, &n, x, &one, 1, 1, 1);
            TU_CHECK(x[r] == 1 && x[cidx] == 0, "D%s %c blocked: zero x(j) must skip column j: x = %g",
                     solve ? "TRSV" : "TRMV", lower ? 'L' : 'U', x[r]);
        }
    free(a), free(x);
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_level2");
    tu_seed(2024);
    for (P = 0; P < 4; P++) {
        test_errors();
        test_general();
        test_sym_tri();
        test_updates();
        test_large();
        test_threads();
    }
    test_exceptional();
    test_exceptional_blocked();
    return tu_finish("test_level2");
}
