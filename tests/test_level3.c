/* Differential tests of the Level 3 BLAS (Fortran entry points, all four types) against plain loops
   computed here in long double: every trans/uplo/side/diag combination, shapes that cross the
   register tile and the cache blocks, leading dimensions larger than the rows, alpha/beta in
   {0, 1, -1, random}, NaN where the reference must not read (C when beta = 0, A and B when
   alpha = 0, the unreferenced triangle, a unit diagonal, padding rows, the imaginary part of a
   Hermitian diagonal), guarded outputs, and the error exits through our own xerbla_.
   The program runs a second time with tiny NANOBLAS_MC/KC/NC so that every blocking boundary of
   the engine is crossed by small shapes. */
#include <complex.h>
#include <ctype.h>
#include <float.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/testutil.h"

typedef float complex fc;
typedef double complex dc;
typedef long double complex lc;

#define PROTOS(T, R, p)                                                                                \
    void p##gemm_(const char *, const char *, const int *, const int *, const int *, const T *,        \
                  const T *, const int *, const T *, const int *, const T *, T *, const int *, size_t, \
                  size_t);                                                                             \
    void p##symm_(const char *, const char *, const int *, const int *, const T *, const T *,          \
                  const int *, const T *, const int *, const T *, T *, const int *, size_t, size_t);   \
    void p##syrk_(const char *, const char *, const int *, const int *, const T *, const T *,          \
                  const int *, const T *, T *, const int *, size_t, size_t);                           \
    void p##syr2k_(const char *, const char *, const int *, const int *, const T *, const T *,         \
                   const int *, const T *, const int *, const T *, T *, const int *, size_t, size_t);  \
    void p##trmm_(const char *, const char *, const char *, const char *, const int *, const int *,    \
                  const T *, const T *, const int *, T *, const int *, size_t, size_t, size_t,         \
                  size_t);                                                                             \
    void p##trsm_(const char *, const char *, const char *, const char *, const int *, const int *,    \
                  const T *, const T *, const int *, T *, const int *, size_t, size_t, size_t, size_t);
#define PROTOS_C(T, R, p)                                                                              \
    void p##hemm_(const char *, const char *, const int *, const int *, const T *, const T *,          \
                  const int *, const T *, const int *, const T *, T *, const int *, size_t, size_t);   \
    void p##herk_(const char *, const char *, const int *, const int *, const R *, const T *,          \
                  const int *, const R *, T *, const int *, size_t, size_t);                           \
    void p##her2k_(const char *, const char *, const int *, const int *, const T *, const T *,         \
                   const int *, const T *, const int *, const R *, T *, const int *, size_t, size_t);
PROTOS(float, float, s)
PROTOS(double, double, d)
PROTOS(fc, float, c)
PROTOS(dc, double, z)
PROTOS_C(fc, float, c)
PROTOS_C(dc, double, z)

/* ---- our xerbla_: records the call instead of printing ---- */
static int xerbla_calls, xerbla_info;
static char xerbla_name[16];
static size_t xerbla_len;
void xerbla_(const char *name, const int *info, size_t len)
{
    xerbla_calls++;
    xerbla_info = *info;
    xerbla_len = len;
    memset(xerbla_name, 0, sizeof xerbla_name);
    memcpy(xerbla_name, name, len < 15 ? len : 15);
}

/* ---- element types ---- */
enum { TS, TD, TC, TZ };
static const char tchar[] = "SDCZ";
static const size_t esize[4] = {sizeof(float), sizeof(double), sizeof(fc), sizeof(dc)};
static int cplx(int t) { return t >= TC; }
static double eps(int t) { return (t == TS || t == TC) ? FLT_EPSILON : DBL_EPSILON; }

static dc get(int t, const void *p, size_t i)
{
    switch (t) {
    case TS: return ((const float *)p)[i];
    case TD: return ((const double *)p)[i];
    case TC: return ((const fc *)p)[i];
    default: return ((const dc *)p)[i];
    }
}
static void put(int t, void *p, size_t i, dc v)
{
    switch (t) {
    case TS: ((float *)p)[i] = (float)creal(v); break;
    case TD: ((double *)p)[i] = creal(v); break;
    case TC: ((fc *)p)[i] = (fc)v; break;
    default: ((dc *)p)[i] = v; break;
    }
}
static dc rnd(int t) { return cplx(t) ? CMPLX(tu_rand(), tu_rand()) : tu_rand(); }
static const dc NaN = CMPLX(NAN, NAN);

/* ---- matrices in guarded buffers; everything not explicitly filled holds NaN ---- */
typedef struct {
    int t, rows, cols, ld;
    size_t n;
    tu_buf buf;
    void *p;
    unsigned char *snap;
} mat;

static void mat_init(mat *m, int t, int rows, int cols)
{
    m->t = t;
    m->rows = rows;
    m->cols = cols;
    m->ld = (rows > 1 ? rows : 1) + tu_randint(0, 2); /* often padded: padding must not be read */
    m->n = (size_t)m->ld * (size_t)(cols > 0 ? cols : 0);
    if (m->n == 0)
        m->n = 1;
    m->p = tu_alloc(&m->buf, m->n, esize[t]);
    for (size_t i = 0; i < m->n; i++)
        put(t, m->p, i, NaN);
    m->snap = NULL;
}
static dc at(const mat *m, int i, int j) { return get(m->t, m->p, (size_t)j * m->ld + i); }
static void set(mat *m, int i, int j, dc v) { put(m->t, m->p, (size_t)j * m->ld + i, v); }
static void mat_fill(mat *m)
{
    for (int j = 0; j < m->cols; j++)
        for (int i = 0; i < m->rows; i++)
            set(m, i, j, rnd(m->t));
}
static void mat_snap(mat *m)
{
    m->snap = malloc(m->n * esize[m->t]);
    memcpy(m->snap, m->p, m->n * esize[m->t]);
}
/* Value before the call (from the snapshot). */
static dc before(const mat *m, int i, int j) { return get(m->t, m->snap, (size_t)j * m->ld + i); }
static void mat_free(mat *m)
{
    tu_free(&m->buf);
    free(m->snap);
}
static int untouched(const mat *m) { return memcmp(m->p, m->snap, m->n * esize[m->t]) == 0; }

/* Expected result per element of an output buffer: mag < 0 means "must be bitwise unchanged". */
typedef struct {
    dc *want, *got; /* got: optional replacement of the buffer's values (residual checks) */
    double *mag;
} expect;
static void exp_init(expect *e, const mat *c)
{
    e->want = calloc(c->n, sizeof(dc));
    e->got = NULL;
    e->mag = malloc(c->n * sizeof(double));
    for (size_t i = 0; i < c->n; i++)
        e->mag[i] = -1;
}
static void exp_set(expect *e, const mat *c, int i, int j, lc want, long double mag)
{
    size_t idx = (size_t)j * c->ld + i;
    e->want[idx] = (dc)want;
    e->mag[idx] = (double)mag;
}
static void exp_free(expect *e)
{
    free(e->want);
    free(e->got);
    free(e->mag);
}

/* One check per call: every element against its expectation, the guards, no xerbla. */
static void check(const char *ctx, const mat *c, const expect *e, double tol)
{
    long bad = 0;
    size_t first = 0;
    for (size_t idx = 0; idx < c->n; idx++) {
        int ok;
        if (e->mag[idx] < 0) {
            ok = memcmp((const char *)c->p + idx * esize[c->t], c->snap + idx * esize[c->t],
                        esize[c->t]) == 0;
        } else {
            dc got = e->got ? e->got[idx] : get(c->t, c->p, idx);
            dc want = e->want[idx];
            ok = isfinite(creal(want)) && isfinite(cimag(want)) && tu_closez(got, want, tol, e->mag[idx]);
        }
        if (!ok && bad++ == 0)
            first = idx;
    }
    dc g = get(c->t, c->p, first), w = e->want[first];
    TU_CHECK(bad == 0, "%s: %ld bad elements, first (%d,%d) got %.8g%+.8gi want %.8g%+.8gi%s", ctx, bad,
             (int)(first % (size_t)c->ld), (int)(first / (size_t)c->ld), creal(g), cimag(g), creal(w),
             cimag(w), e->mag[first] < 0 ? " (must be untouched)" : "");
    TU_CHECK(tu_guard_ok(&c->buf), "%s: guard overwritten", ctx);
    TU_CHECK(xerbla_calls == 0, "%s: xerbla called (info %d)", ctx, xerbla_info);
}

static double tol_for(int t, int k) { return 8.0 * (k + 4) * eps(t); }
static char rcase(char c) { return (tu_next() & 1) ? (char)tolower(c) : c; }
static dc pick_scalar(int t, int idx)
{
    static const double fixed[3] = {0, 1, -1};
    return idx < 3 ? fixed[idx] : rnd(t);
}
/* Real scalars for herk/her2k: same four classes. */
static double pick_real(int idx) { return idx < 3 ? (double[]){0, 1, -1}[idx] : tu_rand() * 2; }

#define LCONJ(x) conjl(x)
static lc L(dc x) { return (lc)x; }
static long double A1(lc x) { return cabsl(x); }

/* op(X)(i, j) for TRANS letter tr */
static dc op_at(const mat *x, char tr, int i, int j)
{
    tr = (char)toupper(tr);
    if (tr == 'N')
        return at(x, i, j);
    dc v = at(x, j, i);
    return (tr == 'C') ? conj(v) : v;
}

/* ---- dispatch to the typed Fortran entry points ---- */
#define DISPATCH(CALL)                                                                 \
    switch (t) {                                                                       \
    case TS: { typedef float T; typedef float R; (void)sizeof(R); CALL(s); } break;    \
    case TD: { typedef double T; typedef double R; (void)sizeof(R); CALL(d); } break;  \
    case TC: { typedef fc T; typedef float R; (void)sizeof(R); CALL(c); } break;       \
    default: { typedef dc T; typedef double R; (void)sizeof(R); CALL(z); } break;      \
    }
#define DISPATCH_C(CALL)                                                               \
    switch (t) {                                                                       \
    case TC: { typedef fc T; typedef float R; CALL(c); } break;                        \
    default: { typedef dc T; typedef double R; CALL(z); } break;                       \
    }

static void call_gemm(int t, char ta, char tb, int m, int n, int k, dc alpha, const void *a, int lda,
                      const void *b, int ldb, dc beta, void *c, int ldc)
{
#define CALL(p) T al = (T)alpha, be = (T)beta; p##gemm_(&ta, &tb, &m, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    DISPATCH(CALL)
#undef CALL
}
static void call_symm(int t, int herm, char side, char uplo, int m, int n, dc alpha, const void *a,
                      int lda, const void *b, int ldb, dc beta, void *c, int ldc)
{
#define CALL(p) T al = (T)alpha, be = (T)beta; p##symm_(&side, &uplo, &m, &n, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
#define CALLH(p) T al = (T)alpha, be = (T)beta; p##hemm_(&side, &uplo, &m, &n, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    if (herm) {
        DISPATCH_C(CALLH)
    } else {
        DISPATCH(CALL)
    }
#undef CALL
#undef CALLH
}
/* kind: 0 syrk, 1 herk, 2 syr2k, 3 her2k */
static void call_rank(int t, int kind, char uplo, char tr, int n, int k, dc alpha, const void *a, int lda,
                      const void *b, int ldb, dc beta, void *c, int ldc)
{
#define SYRK(p) T al = (T)alpha, be = (T)beta; p##syrk_(&uplo, &tr, &n, &k, &al, a, &lda, &be, c, &ldc, 1, 1)
#define HERK(p) R al = (R)creal(alpha), be = (R)creal(beta); p##herk_(&uplo, &tr, &n, &k, &al, a, &lda, &be, c, &ldc, 1, 1)
#define SYR2K(p) T al = (T)alpha, be = (T)beta; p##syr2k_(&uplo, &tr, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
#define HER2K(p) T al = (T)alpha; R be = (R)creal(beta); p##her2k_(&uplo, &tr, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    switch (kind) {
    case 0: DISPATCH(SYRK) break;
    case 1: DISPATCH_C(HERK) break;
    case 2: DISPATCH(SYR2K) break;
    default: DISPATCH_C(HER2K) break;
    }
#undef SYRK
#undef HERK
#undef SYR2K
#undef HER2K
}
static void call_tri(int t, int solve, char side, char uplo, char ta, char diag, int m, int n, dc alpha,
                     const void *a, int lda, void *b, int ldb)
{
#define TRMM(p) T al = (T)alpha; p##trmm_(&side, &uplo, &ta, &diag, &m, &n, &al, a, &lda, b, &ldb, 1, 1, 1, 1)
#define TRSM(p) T al = (T)alpha; p##trsm_(&side, &uplo, &ta, &diag, &m, &n, &al, a, &lda, b, &ldb, 1, 1, 1, 1)
    if (solve) {
        DISPATCH(TRSM)
    } else {
        DISPATCH(TRMM)
    }
#undef TRMM
#undef TRSM
}

