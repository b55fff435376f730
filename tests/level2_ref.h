/* The Level 2 differential tests' shared half (tests/test_level2.c, tests/test_level2_blocked.c):
   the routines under test, values of the current type, checked buffers and strided vectors, and
   the dense-reference drivers every size goes through (xGEMV/xGBMV, the triangular products and
   solves, xGER). Every banded, packed or triangular operand is expanded to a dense matrix and the
   result computed with plain loops in double (complex) arithmetic.

   Every buffer the library may touch is guarded, and every element of it is classified: an
   element the routine must produce is compared with the reference within a rounding bound, and
   every other element (padding rows, the other triangle, band corners, unit diagonals, vector
   gaps, inputs) must come back bit for bit unchanged. Elements that must not be read hold NaN,
   and y holds NaN when beta == 0, so reading them shows up as a NaN in the result.

   Header-only like testutil.h: its functions are static inline so that a program that uses only
   some of them builds without warnings. */
#ifndef NB_LEVEL2_REF_H
#define NB_LEVEL2_REF_H

#include <complex.h>
#include <stddef.h>

#include <unistd.h>

#include "tests/testutil.h"

void openblas_set_num_threads(int);

typedef double complex zc;
typedef const void *cv;

/* ---- the routines under test, declared once per type with untyped numeric pointers ---- */
#define DECL4(s, d, c, z, ...) void s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
#define CI const tint *
/* A dimension as the Fortran interface takes it: the address of a tint holding the value (the
   tests keep int variables; tint is 64-bit in the ILP64 build of the tests). */
#define FI(v) (&(const tint){(v)})
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

/* ---- the current type: 0..3 = s d c z ---- */
static int P;
static const char PCH[4] = {'S', 'D', 'C', 'Z'};
static const size_t ES[4] = {sizeof(float), sizeof(double), sizeof(float complex), sizeof(double complex)};
static inline int cplx(void) { return P >= 2; }
static inline double eps(void) { return (P == 0 || P == 2) ? 0x1p-24 : 0x1p-53; }

static inline void put(void *b, ptrdiff_t i, zc v)
{
    switch (P) {
    case 0: ((float *)b)[i] = (float)creal(v); break;
    case 1: ((double *)b)[i] = creal(v); break;
    case 2: ((float complex *)b)[i] = CMPLXF((float)creal(v), (float)cimag(v)); break;
    default: ((double complex *)b)[i] = v; break;
    }
}
static inline zc get(const void *b, ptrdiff_t i)
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
static inline zc rnd(void)
{
    double complex v = cplx() ? CMPLX(tu_rand(), tu_rand()) : tu_rand();
    scalar r;
    put(&r, 0, v);
    return get(&r, 0);
}
static inline zc rnd_scalar(int which) /* 0, 1, -1, random */
{
    static const double fixed[3] = {0, 1, -1};
    return which < 3 ? fixed[which] : rnd();
}
static inline zc cj(zc v) { return conj(v); }
static const zc ZNAN = CMPLX(NAN, NAN);
static inline char cas(char c) { return tu_randint(0, 1) ? c : (char)(c + 32); } /* random letter case */

static inline scalar sc(zc v)
{
    scalar s;
    put(&s, 0, v);
    return s;
}
static inline scalar sc_real(double v)
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

static inline void cb_new(cbuf *b, size_t n)
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
static inline void cb_free(cbuf *b)
{
    tu_free(&b->g);
    free(b->orig), free(b->want), free(b->scale), free(b->kind);
}
static inline void cb_snap(cbuf *b) { memcpy(b->orig, b->p, b->n * ES[P]); }
static inline void cb_expect(cbuf *b, size_t i, zc want, double scale, int kind)
{
    b->want[i] = want;
    b->scale[i] = scale;
    b->kind[i] = (unsigned char)kind;
}

static inline int close1(double got, double want, double bound)
{
    return isfinite(got) && fabs(got - want) <= bound;
}

/* Compares b with its expectation; what names the case in a failure message. */
static inline void cb_check(const cbuf *b, double tol, const char *what)
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
static inline size_t vpos(const vec *v, int i) { return (size_t)(v->inc > 0 ? i * v->inc : (v->len - 1 - i) * -v->inc); }
static inline void v_new(vec *v, int len, int inc)
{
    v->len = len, v->inc = inc;
    cb_new(&v->b, len ? 1 + (size_t)(len - 1) * (size_t)abs(inc) : 1);
}
static inline zc v_get(const vec *v, int i) { return get(v->b.p, (ptrdiff_t)vpos(v, i)); }
static inline void v_set(vec *v, int i, zc x) { put(v->b.p, (ptrdiff_t)vpos(v, i), x); }
/* random contents; with zeros set, about one element in four is zero (exercises skip paths) */
static inline void v_fill(vec *v, int zeros)
{
    for (int i = 0; i < v->len; i++)
        v_set(v, i, (zeros && tu_randint(0, 3) == 0) ? 0 : rnd());
}

static const int INCS[] = {1, 2, -1, -2};
static inline int rinc(void) { return INCS[tu_randint(0, 3)]; }

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
static inline zc op_el(const zc *a, int lda, int i, int j, char trans)
{
    switch (trans | 32) {
    case 'n': return a[i + (size_t)j * lda];
    case 't': return a[j + (size_t)i * lda];
    default: return cj(a[j + (size_t)i * lda]);
    }
}

/* Expectation for y := alpha*M*x + beta*y, M dense leny x lenx; quick: y must be left alone. */
static inline void expect_mv(vec *y, const zc *m, int leny, int lenx, const vec *x, zc alpha, zc beta, int quick)
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
static inline double tol_for(int terms) { return eps() * (terms + 4) * 8; }

/* ---- xGEMV, xGBMV ---- */
static inline void t_gen(int band, int m, int n, int kl, int ku, char trans, zc alpha, zc beta)
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
        GBMV[P](&t, FI(m), FI(n), FI(kl), FI(ku), &al, a.p, FI(lda), x.b.p, FI(incx), &be, y.b.p, FI(incy), 1);
    else
        GEMV[P](&t, FI(m), FI(n), &al, a.p, FI(lda), x.b.p, FI(incx), &be, y.b.p, FI(incy), 1);
    char what[96];
    snprintf(what, sizeof what, "%s m=%d n=%d kl=%d ku=%d trans=%c incx=%d incy=%d", band ? "GBMV" : "GEMV", m,
             n, kl, ku, trans, incx, incy);
    double tol = tol_for(lenx);
    cb_check(&a, tol, what), cb_check(&x.b, tol, what), cb_check(&y.b, tol, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d), free(op);
}

/* ---- one triangle of an n x n matrix in full, band or packed storage ---- */
enum { FULL, BAND, PACKED };
typedef struct {
    int kind, upper, n, k, lda;
} tri;
static inline tri tri_new(int kind, int upper, int n, int k)
{
    tri s = {kind, upper, n, k, 0};
    if (kind == FULL)
        s.lda = (n > 1 ? n : 1) + tu_randint(0, 2);
    else if (kind == BAND)
        s.lda = k + 1 + tu_randint(0, 2);
    return s;
}
static inline size_t tri_size(const tri *s)
{
    return s->kind == PACKED ? (size_t)s->n * (s->n + 1) / 2 : (size_t)s->lda * s->n;
}
/* whether (i, j) is in the stored triangle (and band) */
static inline int tri_has(const tri *s, int i, int j)
{
    if (s->upper ? i > j : i < j)
        return 0;
    return s->kind != BAND || abs(i - j) <= s->k;
}
static inline ptrdiff_t tri_idx(const tri *s, int i, int j)
{
    switch (s->kind) {
    case FULL: return i + (ptrdiff_t)j * s->lda;
    case BAND: return (s->upper ? s->k + i - j : i - j) + (ptrdiff_t)j * s->lda;
    default:
        return s->upper ? i + (ptrdiff_t)j * (j + 1) / 2 : (i - j) + (ptrdiff_t)j * (2 * s->n - j + 1) / 2;
    }
}
static const char *KIND[3] = {"full", "band", "packed"};

/* ---- triangular: xTRMV xTBMV xTPMV (solve = 0), xTRSV xTBSV xTPSV (solve = 1) ---- */
static inline void t_tri(int solve, int kind, int upper, char trans, int unit, int n, int k)
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
    case FULL * 2: TRMV[P](&u, &t, &dg, FI(n), a.p, FI(s.lda), x.b.p, FI(incx), 1, 1, 1); break;
    case FULL * 2 + 1: TRSV[P](&u, &t, &dg, FI(n), a.p, FI(s.lda), x.b.p, FI(incx), 1, 1, 1); break;
    case BAND * 2: TBMV[P](&u, &t, &dg, FI(n), FI(k), a.p, FI(s.lda), x.b.p, FI(incx), 1, 1, 1); break;
    case BAND * 2 + 1: TBSV[P](&u, &t, &dg, FI(n), FI(k), a.p, FI(s.lda), x.b.p, FI(incx), 1, 1, 1); break;
    case PACKED * 2: TPMV[P](&u, &t, &dg, FI(n), a.p, x.b.p, FI(incx), 1, 1, 1); break;
    default: TPSV[P](&u, &t, &dg, FI(n), a.p, x.b.p, FI(incx), 1, 1, 1); break;
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

/* ---- xGER, xGERU, xGERC ---- */
static inline void t_ger(int conjy, int m, int n, zc alpha)
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
    (conjy ? GERC : GERU)[P](FI(m), FI(n), &al, x.b.p, FI(incx), y.b.p, FI(incy), a.p, FI(lda));
    char what[96];
    snprintf(what, sizeof what, "%s m=%d n=%d incx=%d incy=%d", conjy ? "GERC" : "GER(U)", m, n, incx, incy);
    cb_check(&a, tol_for(2), what), cb_check(&x.b, 0, what), cb_check(&y.b, 0, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
}

#endif
