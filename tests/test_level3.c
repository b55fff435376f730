/* Differential tests of the Level 3 BLAS (Fortran entry points, all four types) against plain loops
   computed here in double: every trans/uplo/side/diag combination, shapes that cross the
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
#include "tests/typed.h"


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
static const char tchar[] = "SDCZ";

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
static void exp_set(expect *e, const mat *c, int i, int j, dc want, double mag)
{
    size_t idx = (size_t)j * c->ld + i;
    e->want[idx] = want;
    e->mag[idx] = mag;
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


static double A1(dc x) { return fabs(creal(x)) + fabs(cimag(x)); } /* >= |x| */

/* op(X)(i, j) for TRANS letter tr */
static dc op_at(const mat *x, char tr, int i, int j)
{
    tr = (char)toupper(tr);
    if (tr == 'N')
        return at(x, i, j);
    dc v = at(x, j, i);
    return (tr == 'C') ? conj(v) : v;
}

/* The values of an r x c expression in i_, j_ as a column-major array: the reference loops read
   their operands many times, so they are evaluated once. */
#define DENSE(ptr, r, c, expr)                                                   \
    do {                                                                         \
        ptr = malloc(sizeof(dc) * ((size_t)(r) * (size_t)(c) + 1));              \
        for (int j_ = 0; j_ < (c); j_++)                                         \
            for (int i_ = 0; i_ < (r); i_++)                                     \
                ptr[(size_t)j_ * (size_t)(r) + i_] = (expr);                     \
    } while (0)

/* sum x[l*incx] * y[l*incy] over l < k, and the sum of the magnitudes of the products in *mag */
static dc dotp(int k, const dc *x, size_t incx, const dc *y, size_t incy, double *mag)
{
    dc s = 0;
    double m = 0;
    for (int l = 0; l < k; l++) {
        dc u = x[l * incx], v = y[l * incy];
        s += (u) * (v);
        m += A1(u) * A1(v);
    }
    *mag += m;
    return s;
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
    case TC: { typedef fc T; typedef float R; (void)sizeof(T), (void)sizeof(R); CALL(c); } break;  \
    default: { typedef dc T; typedef double R; (void)sizeof(T), (void)sizeof(R); CALL(z); } break; \
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


static const char *scal_str(dc x, char *buf)
{
    sprintf(buf, "%.3g%+.3gi", creal(x), cimag(x));
    return buf;
}

/* ---- gemm ---- */
static void gemm_case(int t, char ta, char tb, int m, int n, int k, int ai, int bi)
{
    dc alpha = pick_scalar(t, ai), beta = pick_scalar(t, bi);
    int nota = ta == 'N', notb = tb == 'N';
    mat a, b, c;
    mat_init(&a, t, nota ? m : k, nota ? k : m);
    mat_init(&b, t, notb ? k : n, notb ? n : k);
    mat_init(&c, t, m, n);
    if (alpha != 0) {
        mat_fill(&a);
        mat_fill(&b);
    }
    if (beta != 0)
        mat_fill(&c);
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1);
    dc *pa = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pa, m, k, op_at(&a, ta, i_, j_));
        DENSE(pb, k, n, op_at(&b, tb, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            double mg = 0;
            dc s = alpha != 0 ? dotp(k, pa + i, (size_t)m, pb + (size_t)j * k, 1, &mg) : 0;
            dc w = alpha != 0 ? alpha * s : 0;
            mg *= cabs(alpha);
            if (beta != 0) {
                w += beta * before(&c, i, j);
                mg += A1(beta * before(&c, i, j));
            }
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_gemm(t, rcase(ta), rcase(tb), m, n, k, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%cGEMM %c%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=%s beta=%s",
             tchar[t], ta, tb, m, n, k, a.ld, b.ld, c.ld, scal_str(alpha, s1), scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, k));
    free(pa);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}

static const int dims[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 15, 16, 17, 23, 24, 25, 31, 33, 47, 65};
static int rdim(void) { return dims[tu_randint(0, (int)(sizeof dims / sizeof dims[0]) - 1)]; }
static int rdim_big(void) { return tu_randint(0, 3) ? rdim() : tu_randint(60, 140); }

static void test_gemm(int t, int full)
{
    const char *tr = "NTC";
    int cnt = 0;
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++)
            for (int r = 0; r < tu_reps(12); r++, cnt++)
                if (tu_sampled())
                    gemm_case(t, tr[x], tr[y], rdim(), rdim(), rdim(), cnt % 4, (cnt / 4) % 4);
    gemm_case(t, 'N', 'N', 129, 67, 130, 3, 3);
    gemm_case(t, 'T', 'C', 65, 130, 257, 3, 0);
    if (full) /* crosses the default KC; the small-block pass crosses MC and NC */
        gemm_case(t, "NTC"[t % 3], "CNT"[t % 3], 300, 200, 530, 3, 3);
}

/* ---- symm / hemm ---- */
static int in_tri(int upper, int i, int j) { return upper ? i <= j : i >= j; }

static dc sym_val(const mat *a, int upper, int herm, int i, int j)
{
    if (i == j && herm)
        return creal(at(a, i, i));
    if (in_tri(upper, i, j))
        return at(a, i, j);
    dc v = at(a, j, i);
    return herm ? conj(v) : v;
}

static void symm_case(int t, int herm, char side, char uplo, int m, int n, int ai, int bi)
{
    dc alpha = pick_scalar(t, ai), beta = pick_scalar(t, bi);
    int left = side == 'L', upper = uplo == 'U', na = left ? m : n;
    mat a, b, c;
    mat_init(&a, t, na, na);
    mat_init(&b, t, m, n);
    mat_init(&c, t, m, n);
    if (alpha != 0) {
        for (int j = 0; j < na; j++)
            for (int i = 0; i < na; i++)
                if (in_tri(upper, i, j))
                    set(&a, i, j, (i == j && herm) ? CMPLX(tu_rand(), NAN) : rnd(t));
        mat_fill(&b);
    }
    if (beta != 0)
        mat_fill(&c);
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = m == 0 || n == 0 || (alpha == 0 && beta == 1);
    dc *pa = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pa, na, na, sym_val(&a, upper, herm, i_, j_));
        DENSE(pb, m, n, at(&b, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            double mg = 0;
            dc s = 0;
            if (alpha != 0)
                s = left ? dotp(na, pa + i, (size_t)na, pb + (size_t)j * m, 1, &mg)
                         : dotp(na, pb + i, (size_t)m, pa + (size_t)j * na, 1, &mg);
            dc w = alpha != 0 ? alpha * s : 0;
            mg *= cabs(alpha);
            if (beta != 0) {
                w += beta * before(&c, i, j);
                mg += A1(beta * before(&c, i, j));
            }
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_symm(t, herm, rcase(side), rcase(uplo), m, n, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c m=%d n=%d lda=%d ldb=%d ldc=%d alpha=%s beta=%s", tchar[t],
             herm ? "HEMM" : "SYMM", side, uplo, m, n, a.ld, b.ld, c.ld, scal_str(alpha, s1),
             scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, na));
    free(pa);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}

static void test_symm(int t, int herm, int full)
{
    int cnt = 0;
    for (int s = 0; s < 2; s++)
        for (int u = 0; u < 2; u++)
            for (int r = 0; r < tu_reps(10); r++, cnt++)
                if (tu_sampled())
                    symm_case(t, herm, "LR"[s], "UL"[u], rdim_big(), rdim(), cnt % 4, (cnt / 4) % 4);
    /* B with at least 256 columns takes the expanded path (a full copy of A, panels of 512
       columns): one panel, and (double) two with a short second one; side R swaps the roles.
       Not again in the small-blocks pass: the panels do not depend on the GEMM's block sizes. */
    if (!full)
        return;
    symm_case(t, herm, 'L', 'U', 70, 260, 3, 3);
    if (t == TD) { /* the panel loop is the same code for every type */
        symm_case(t, herm, 'L', 'L', 530, 256, 3, 0);
        symm_case(t, herm, 'R', 'U', 257, 515, 2, 3);
    }
}

/* ---- syrk / herk / syr2k / her2k (kind 0..3) ---- */
static const char *rank_name[4] = {"SYRK", "HERK", "SYR2K", "HER2K"};

/* Element (i, l) of the n x k operand op(X): X ('N'), X**T ('T'), or X**H ('C' of herk/her2k). */
static dc rank_op(const mat *x, char tr, int herm, int i, int l)
{
    if (tr == 'N')
        return at(x, i, l);
    return herm ? conj(at(x, l, i)) : at(x, l, i);
}

static void rank_case(int t, int kind, char uplo, char tr, int n, int k, int ai, int bi)
{
    int herm = kind & 1, two = kind >= 2, upper = uplo == 'U', notr = tr == 'N';
    dc alpha = (kind == 1) ? pick_real(ai) : pick_scalar(t, ai);
    dc beta = herm ? pick_real(bi) : pick_scalar(t, bi);
    mat a, b, c;
    mat_init(&a, t, notr ? n : k, notr ? k : n);
    mat_init(&b, t, notr ? n : k, notr ? k : n);
    mat_init(&c, t, n, n);
    if (alpha != 0) {
        mat_fill(&a);
        if (two)
            mat_fill(&b);
    }
    for (int j = 0; j < n && beta != 0; j++)
        for (int i = 0; i < n; i++)
            if (in_tri(upper, i, j))
                set(&c, i, j, (i == j && herm) ? CMPLX(tu_rand(), NAN) : rnd(t));
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = n == 0 || ((alpha == 0 || k == 0) && beta == 1);
    /* X = op(A), Y = op(B) (or op(A) for the rank-k forms), each n x k; Xc, Yc their conjugates
       for the Hermitian forms. Element (i,j) gets s1 = X_i . Yc_j and s2 = Y_i . Xc_j. */
    dc *px = NULL, *py = NULL, *pxc = NULL, *pyc = NULL;
    if (!quick && alpha != 0) {
        const mat *ym = two ? &b : &a;
        DENSE(px, n, k, rank_op(&a, tr, herm, i_, j_));
        DENSE(py, n, k, rank_op(ym, tr, herm, i_, j_));
        DENSE(pxc, n, k, herm ? conj(rank_op(&a, tr, herm, i_, j_)) : rank_op(&a, tr, herm, i_, j_));
        DENSE(pyc, n, k, herm ? conj(rank_op(ym, tr, herm, i_, j_)) : rank_op(ym, tr, herm, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < n; i++) {
            if (!in_tri(upper, i, j))
                continue;
            dc s1 = 0, s2 = 0;
            double mg = 0;
            if (alpha != 0) {
                s1 = dotp(k, px + i, (size_t)n, pyc + j, (size_t)n, &mg);
                if (two)
                    s2 = dotp(k, py + i, (size_t)n, pxc + j, (size_t)n, &mg);
            }
            dc w = 0;
            if (alpha != 0)
                w = alpha * s1 + (two ? (herm ? conj(alpha) : alpha) * s2 : 0);
            mg *= cabs(alpha);
            if (beta != 0) {
                dc cv = before(&c, i, j);
                if (herm && i == j)
                    cv = creal(cv);
                w += beta * cv;
                mg += A1(beta * cv);
            }
            if (herm && i == j)
                w = creal(w);
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_rank(t, kind, rcase(uplo), rcase(tr), n, k, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c n=%d k=%d lda=%d ldc=%d alpha=%s beta=%s", tchar[t],
             rank_name[kind], uplo, tr, n, k, a.ld, c.ld, scal_str(alpha, s1), scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, 2 * k));
    if (herm && !quick) { /* the reference leaves an exactly real diagonal */
        int nonreal = 0;
        for (int j = 0; j < n; j++)
            nonreal += cimag(at(&c, j, j)) != 0;
        TU_CHECK(nonreal == 0, "%s: %d diagonal elements not real", ctx, nonreal);
    }
    free(px);
    free(py);
    free(pxc);
    free(pyc);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}

static void test_rank(int t)
{
    for (int kind = 0; kind < 4; kind++) {
        if ((kind & 1) && !cplx(t))
            continue;
        /* real types accept 'C' as 'T'; complex symmetric ones have no 'C'; Hermitian ones no 'T' */
        const char *trs = (kind & 1) ? "NC" : cplx(t) ? "NT" : "NTC";
        int cnt = 0;
        for (int u = 0; u < 2; u++)
            for (const char *tr = trs; *tr; tr++)
                for (int r = 0; r < tu_reps(8); r++, cnt++)
                    if (tu_sampled())
                        rank_case(t, kind, "UL"[u], *tr, rdim_big(), rdim(), cnt % 4, (cnt / 4) % 4);
    }
}

/* ---- trmm / trsm ---- */
static dc tri_val(const mat *a, int upper, int unit, int i, int j)
{
    if (!in_tri(upper, i, j))
        return 0;
    if (i == j && unit)
        return 1;
    return at(a, i, j);
}
static dc tri_op(const mat *a, int upper, int unit, char ta, int i, int j)
{
    if (ta == 'N')
        return tri_val(a, upper, unit, i, j);
    dc v = tri_val(a, upper, unit, j, i);
    return ta == 'C' ? conj(v) : v;
}

static int tri_zeros; /* tri_case puts zeros into B */
static void tri_case(int t, int solve, char side, char uplo, char ta, char diag, int m, int n, int ai)
{
    dc alpha = pick_scalar(t, ai);
    int left = side == 'L', upper = uplo == 'U', unit = diag == 'U', na = left ? m : n;
    mat a, b;
    mat_init(&a, t, na, na);
    mat_init(&b, t, m, n);
    if (alpha != 0) {
        /* well conditioned: |diagonal| in [1, 1.5], off-diagonal entries O(1/na) */
        for (int j = 0; j < na; j++)
            for (int i = 0; i < na; i++) {
                if (!in_tri(upper, i, j) || (i == j && unit))
                    continue;
                if (i != j) {
                    set(&a, i, j, rnd(t) * (solve ? 1.0 / na : 1.0));
                } else {
                    double mod = (1 + 0.5 * fabs(tu_rand())) * ((tu_next() & 1) ? 1 : -1);
                    double th = cplx(t) ? 3.14159 * tu_rand() : 0;
                    set(&a, i, i, CMPLX(mod * cos(th), mod * sin(th)));
                }
            }
        mat_fill(&b);
        if (tri_zeros) /* signed zeros to skip, scattered and whole columns / rows */
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++)
                    if (tu_randint(0, 3) == 0 || (left ? j : i) % 7 == 3)
                        set(&b, i, j, (tu_next() & 1) ? 0.0 : -0.0);
    }
    mat_snap(&b);
    expect e;
    exp_init(&e, &b);
    int quick = m == 0 || n == 0;
    if (solve && !quick && alpha != 0)
        e.got = calloc(b.n, sizeof(dc));
    xerbla_calls = 0;
    call_tri(t, solve, rcase(side), rcase(uplo), rcase(ta), rcase(diag), m, n, alpha, a.p, a.ld, b.p, b.ld);
    /* trmm: out = alpha*op(A)*B_in. trsm: residual op(A)*out against alpha*B_in. */
    dc *pt = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pt, na, na, tri_op(&a, upper, unit, ta, i_, j_));
        DENSE(pb, m, n, solve ? at(&b, i_, j_) : before(&b, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            dc s = 0;
            double mg = 0;
            if (alpha != 0)
                s = left ? dotp(na, pt + i, (size_t)na, pb + (size_t)j * m, 1, &mg)
                         : dotp(na, pb + i, (size_t)m, pt + (size_t)j * na, 1, &mg);
            if (alpha == 0) {
                exp_set(&e, &b, i, j, 0, 0);
            } else if (solve) {
                dc rhs = alpha * before(&b, i, j);
                exp_set(&e, &b, i, j, rhs, mg + A1(rhs));
                e.got[(size_t)j * b.ld + i] = s;
            } else {
                exp_set(&e, &b, i, j, alpha * s, mg * cabs(alpha));
            }
        }
    char ctx[200], s1[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c%c%c m=%d n=%d lda=%d ldb=%d alpha=%s", tchar[t],
             solve ? "TRSM" : "TRMM", side, uplo, ta, diag, m, n, a.ld, b.ld, scal_str(alpha, s1));
    check(ctx, &b, &e, tol_for(t, na));
    free(pt);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
}

static void test_tri(int t)
{
    int cnt = 0;
    for (int solve = 0; solve < 2; solve++)
        for (int s = 0; s < 2; s++)
            for (int u = 0; u < 2; u++)
                for (int x = 0; x < 3; x++)
                    for (int d = 0; d < 2; d++)
                        for (int r = 0; r < tu_reps(3); r++, cnt++) {
                            if (!tu_sampled())
                                continue;
                            int mm = rdim_big(), nn = rdim();
                            if (s == 1) { int tmp = mm; mm = nn; nn = tmp; }
                            tri_case(t, solve, "LR"[s], "UL"[u], "NTC"[x], "NU"[d], mm, nn, cnt % 4);
                        }
}

void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);

/* A small triangle against a long B (LAPACK's dlarfb/getrs/potrs shapes: the leaf loops over
   all of B, threads on columns), every side/uplo/trans/diag, with and without zeros in B. */
static void test_tri_small(int t)
{
    int cnt = 0;
    for (int solve = 0; solve < 2; solve++)
        for (int s = 0; s < 2; s++)
            for (int u = 0; u < 2; u++)
                for (int x = 0; x < 3; x++)
                    for (int d = 0; d < 2; d++)
                        for (int z = 0; z < 2; z++, cnt++) {
                            if (!tu_sampled())
                                continue;
                            int order = cnt % 5 == 0 ? tu_randint(1, 17) : tu_randint(1, 130);
                            int other = tu_randint(200, 700);
                            tri_zeros = z;
                            tri_case(t, solve, "LR"[s], "UL"[u], "NTC"[x], "NU"[d], s ? other : order,
                                     s ? order : other, cnt % 4);
                            tri_zeros = 0;
                        }
}

/* Real types, exact properties of the skip of zero B(k, j) (side L: the reference's) and of NaN:
   a zero column of B stays bitwise what it was (signed zeros) with NaN and Inf in the triangle,
   a NaN in B(k, j) gives NaN in row k of column j; and side R / side L results are bitwise the
   same at 1 and 2 threads. The zero column holds for a triangle of one leaf (order <= 64, the
   register-blocked loops of kernels/generic/tri_loops.h): larger ones run their off-diagonal
   blocks as GEMM, which multiplies the zeros by the NaN. */
static void test_tri_special(int t)
{
    if (cplx(t))
        return;
    char ctx[160];
    for (int solve = 0; solve < 2; solve++)
        for (int u = 0; u < 2; u++)
            for (int x = 0; x < 2; x++)
                for (int d = 0; d < 2; d++) {
                    int upper = u == 0, unit = d == 1;
                    int m = tu_randint(2, 64), n = tu_randint(200, 400), jz = tu_randint(0, n - 1),
                        jn = (jz + 1 + tu_randint(0, n - 2)) % n, kn = tu_randint(0, m - 1);
                    mat a, b;
                    mat_init(&a, t, m, m);
                    mat_init(&b, t, m, n);
                    for (int j = 0; j < m; j++)
                        for (int i = 0; i < m; i++)
                            if (in_tri(upper, i, j) && !(i == j && unit))
                                set(&a, i, j, i == j ? 1 + 0.5 * fabs(tu_rand()) : tu_rand() / m);
                    if (m > 2) { /* NaN and Inf off the diagonal, in the referenced triangle */
                        set(&a, upper ? 0 : m - 1, upper ? m - 1 : 0, NaN);
                        set(&a, upper ? 0 : 1, upper ? 1 : 0, INFINITY);
                    }
                    mat_fill(&b);
                    for (int i = 0; i < m; i++)
                        set(&b, i, jz, (i & 1) ? -0.0 : 0.0);
                    set(&b, kn, jn, NaN);
                    mat_snap(&b);
                    call_tri(t, solve, 'L', "UL"[u], "NT"[x], "NU"[d], m, n, 1.0, a.p, a.ld, b.p, b.ld);
                    snprintf(ctx, sizeof ctx, "%c%s L%c%c%c m=%d n=%d special values", tchar[t],
                             solve ? "TRSM" : "TRMM", "UL"[u], "NT"[x], "NU"[d], m, n);
                    size_t es = esize[t];
                    TU_CHECK(memcmp((char *)b.p + (size_t)jz * b.ld * es, b.snap + (size_t)jz * b.ld * es,
                                    (size_t)m * es) == 0,
                             "%s: zero column %d changed", ctx, jz);
                    TU_CHECK(isnan(creal(at(&b, kn, jn))), "%s: NaN at (%d, %d) lost", ctx, kn, jn);
                    TU_CHECK(tu_guard_ok(&b.buf), "%s: guard overwritten", ctx);
                    mat_free(&a);
                    mat_free(&b);
                }
    /* thread-count independence (the columns split at multiples of 8, not of the panels) */
    static const struct { char side, uplo, ta, diag; int m, n; } th[] = {
        {'R', 'U', 'T', 'N', 1500, 32}, {'R', 'L', 'T', 'U', 1500, 32}, {'R', 'L', 'N', 'U', 1499, 32},
        {'R', 'U', 'N', 'N', 1501, 64}, {'L', 'L', 'N', 'U', 64, 1503}, {'L', 'U', 'T', 'N', 100, 1500},
        {'R', 'L', 'N', 'N', 1500, 100},
    };
    for (int solve = 0; solve < 2; solve++)
        for (size_t c = 0; c < sizeof th / sizeof th[0]; c++) {
            int na = th[c].side == 'L' ? th[c].m : th[c].n;
            mat a, b;
            mat_init(&a, t, na, na);
            mat_init(&b, t, th[c].m, th[c].n);
            for (int j = 0; j < na; j++)
                for (int i = 0; i < na; i++)
                    set(&a, i, j, i == j ? 1 + 0.5 * fabs(tu_rand()) : tu_rand() / na);
            mat_fill(&b);
            for (int j = 0; j < th[c].n; j += 37) /* a few zeros: the select paths too */
                set(&b, j % th[c].m, j, 0.0);
            mat_snap(&b);
            size_t bytes = b.n * esize[t];
            void *one = malloc(bytes);
            int saved = openblas_get_num_threads();
            for (int nt = 1; nt <= 2; nt++) {
                memcpy(b.p, b.snap, bytes);
                openblas_set_num_threads(nt);
                call_tri(t, solve, th[c].side, th[c].uplo, th[c].ta, th[c].diag, th[c].m, th[c].n, 0.75,
                         a.p, a.ld, b.p, b.ld);
                if (nt == 1)
                    memcpy(one, b.p, bytes);
            }
            openblas_set_num_threads(saved);
            TU_CHECK(memcmp(one, b.p, bytes) == 0, "%c%s %c%c%c%c %dx%d: 2 threads differ from 1 bitwise",
                     tchar[t], solve ? "TRSM" : "TRMM", th[c].side, th[c].uplo, th[c].ta, th[c].diag,
                     th[c].m, th[c].n);
            free(one);
            mat_free(&a);
            mat_free(&b);
        }
}

/* ---- error exits: expected routine name and argument position, outputs untouched ---- */
static mat err_c;
static dc err_ab[256]; /* operand storage large enough for every shape below, never written */

static void expect_error(int t, const char *name, int info, const char *what)
{
    char want[8];
    snprintf(want, sizeof want, "%c%-5s", tchar[t], name);
    if (info == 0)
        TU_CHECK(xerbla_calls == 0, "%s: unexpected xerbla (info %d)", what, xerbla_info);
    else
        TU_CHECK(xerbla_calls == 1 && xerbla_info == info && xerbla_len == 6 &&
                     memcmp(xerbla_name, want, 6) == 0,
                 "%s: xerbla calls %d name '%s' info %d, want '%s' %d", what, xerbla_calls, xerbla_name,
                 xerbla_info, want, info);
    TU_CHECK(untouched(&err_c), "%s: output written", what);
    xerbla_calls = 0;
}

static void test_errors(int t)
{
    mat_init(&err_c, t, 8, 8);
    mat_fill(&err_c);
    mat_snap(&err_c);
    void *c = err_c.p;
    char what[80];
    xerbla_calls = 0;

    static const struct { char ta, tb; int m, n, k, lda, ldb, ldc, info; } ge[] = {
        {'X', 'N', 2, 2, 2, 2, 2, 2, 1},  {'N', '/', 2, 2, 2, 2, 2, 2, 2},  {'n', 'N', -1, 2, 2, 2, 2, 2, 3},
        {'N', 't', 2, -1, 2, 2, 2, 2, 4}, {'c', 'N', 2, 2, -1, 2, 2, 2, 5}, {'N', 'N', 2, 2, 2, 1, 2, 2, 8},
        {'T', 'N', 2, 2, 3, 2, 3, 2, 8},  {'N', 'N', 2, 2, 2, 2, 1, 2, 10}, {'N', 'C', 2, 3, 2, 2, 2, 2, 10},
        {'N', 'N', 2, 2, 2, 2, 2, 1, 13}, {'X', 'X', -1, -1, -1, 0, 0, 0, 1}, {'N', 'N', -1, -1, 2, 0, 0, 0, 3},
        {'n', 't', 0, 0, 0, 0, 1, 1, 8},  {'n', 't', 0, 0, 0, 1, 1, 1, 0},  {'N', 'N', 2, 2, 2, 2, 2, 2, 0},
    };
    for (size_t i = 0; i < sizeof ge / sizeof ge[0]; i++) {
        /* the valid ones use alpha = 0, beta = 1: a quick return that must not write either */
        call_gemm(t, ge[i].ta, ge[i].tb, ge[i].m, ge[i].n, ge[i].k, 0, err_ab, ge[i].lda, err_ab, ge[i].ldb,
                  1, c, ge[i].ldc);
        snprintf(what, sizeof what, "%cGEMM error case %zu", tchar[t], i);
        expect_error(t, "GEMM", ge[i].info, what);
    }

    static const struct { char side, uplo; int m, n, lda, ldb, ldc, info; } sy[] = {
        {'X', 'U', 2, 2, 2, 2, 2, 1}, {'L', 'X', 2, 2, 2, 2, 2, 2}, {'L', 'U', -1, 2, 2, 2, 2, 3},
        {'l', 'u', 2, -1, 2, 2, 2, 4}, {'L', 'U', 3, 2, 2, 3, 3, 7}, {'R', 'L', 2, 3, 2, 2, 2, 7},
        {'L', 'U', 2, 2, 2, 1, 2, 9},  {'r', 'l', 2, 3, 3, 2, 1, 12}, {'X', 'X', -1, -1, 0, 0, 0, 1},
    };
    for (int herm = 0; herm <= cplx(t); herm++)
        for (size_t i = 0; i < sizeof sy / sizeof sy[0]; i++) {
            call_symm(t, herm, sy[i].side, sy[i].uplo, sy[i].m, sy[i].n, 1, err_ab, sy[i].lda, err_ab,
                      sy[i].ldb, 0, c, sy[i].ldc);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], herm ? "HEMM" : "SYMM", i);
            expect_error(t, herm ? "HEMM" : "SYMM", sy[i].info, what);
        }

    /* info for {syrk, herk, syr2k, her2k}; -1 marks a legal call (not made) */
    static const struct { char uplo, tr; int n, k, lda, ldb, ldc, info[4]; } rk[] = {
        {'X', 'N', 2, 2, 2, 2, 2, {1, 1, 1, 1}},     {'U', 'X', 2, 2, 2, 2, 2, {2, 2, 2, 2}},
        {'U', 'T', 2, 2, 2, 2, 2, {-1, 2, -1, 2}},   {'L', 'C', 2, 2, 2, 2, 2, {2, -1, 2, -1}},
        {'U', 'N', -1, 2, 2, 2, 2, {3, 3, 3, 3}},    {'l', 'n', 2, -1, 2, 2, 2, {4, 4, 4, 4}},
        {'U', 'N', 3, 2, 2, 3, 3, {7, 7, 7, 7}},     {'U', 'N', 3, 2, 3, 2, 3, {-1, -1, 9, 9}},
        {'U', 'N', 3, 2, 3, 3, 2, {10, 10, 12, 12}}, {'X', 'X', -1, -1, 0, 0, 0, {1, 1, 1, 1}},
    };
    for (int kind = 0; kind < 4; kind++) {
        if ((kind & 1) && !cplx(t))
            continue;
        for (size_t i = 0; i < sizeof rk / sizeof rk[0]; i++) {
            int info = rk[i].info[kind];
            if (rk[i].tr == 'C' && kind % 2 == 0 && !cplx(t))
                info = -1; /* 'C' is 'T' for real syrk/syr2k */
            if (info < 0)
                continue;
            call_rank(t, kind, rk[i].uplo, rk[i].tr, rk[i].n, rk[i].k, 1, err_ab, rk[i].lda, err_ab,
                      rk[i].ldb, 0, c, rk[i].ldc);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], rank_name[kind], i);
            expect_error(t, rank_name[kind], info, what);
        }
    }

    static const struct { char side, uplo, ta, diag; int m, n, lda, ldb, info; } tr[] = {
        {'X', 'U', 'N', 'N', 2, 2, 2, 2, 1}, {'L', 'X', 'N', 'N', 2, 2, 2, 2, 2},
        {'L', 'U', 'X', 'N', 2, 2, 2, 2, 3}, {'L', 'U', 'N', 'X', 2, 2, 2, 2, 4},
        {'r', 'l', 't', 'u', -1, 2, 2, 2, 5}, {'L', 'U', 'C', 'N', 2, -1, 2, 2, 6},
        {'L', 'U', 'N', 'N', 3, 2, 2, 3, 9}, {'R', 'U', 'N', 'N', 2, 3, 2, 2, 9},
        {'L', 'U', 'N', 'N', 2, 2, 2, 1, 11}, {'X', 'X', 'X', 'X', -1, -1, 0, 0, 1},
        {'L', 'U', 'N', 'N', 0, 2, 1, 1, 0},
    };
    for (int solve = 0; solve < 2; solve++)
        for (size_t i = 0; i < sizeof tr / sizeof tr[0]; i++) {
            call_tri(t, solve, tr[i].side, tr[i].uplo, tr[i].ta, tr[i].diag, tr[i].m, tr[i].n, 1, err_ab,
                     tr[i].lda, c, tr[i].ldb);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], solve ? "TRSM" : "TRMM", i);
            expect_error(t, solve ? "TRSM" : "TRMM", tr[i].info, what);
        }
    TU_CHECK(tu_guard_ok(&err_c.buf), "%c error cases: guard overwritten", tchar[t]);
    mat_free(&err_c);
}

static void run_all(int full)
{
    for (int t = TS; t <= TZ; t++) {
        test_gemm(t, full);
        test_symm(t, 0, full);
        if (cplx(t))
            test_symm(t, 1, full);
        test_rank(t);
        test_tri(t);
        test_tri_small(t);
        test_tri_special(t);
        test_errors(t);
    }
}

/* The same tests with tiny block sizes (set before the library loads, hence a new process), so
   that shapes of a few dozen cross every MC/KC/NC boundary. Returns 0 when it passed. */
static int run_small_blocks(const char *self)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        close(fds[0]);
        setenv("NB_TEST_LEVEL3_FD", fd, 1);
        setenv("NANOBLAS_MC", "13", 1);
        setenv("NANOBLAS_KC", "7", 1);
        setenv("NANOBLAS_NC", "11", 1);
        /* Under an emulator without binfmt_misc (tests/run_arm.sh: qemu-aarch64) the program
           cannot exec itself directly: the emulator named here runs it again. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        if (emu && *emu)
            execlp(emu, emu, self, "--small-blocks", (char *)NULL);
        else
            execl("/proc/self/exe", self, "--small-blocks", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    long checks = 0, failures = 0;
    FILE *f = fdopen(fds[0], "r");
    int got = f && fscanf(f, "%ld %ld", &checks, &failures) == 2;
    if (f)
        fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    tu_checks += checks;
    tu_failures += failures;
    return got && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    int small = argc > 1 && strcmp(argv[1], "--small-blocks") == 0;
    tu_seed(small ? 2 : 1);
    run_all(!small);
    if (small) {
        const char *fd = getenv("NB_TEST_LEVEL3_FD");
        if (fd) {
            FILE *f = fdopen(atoi(fd), "w");
            if (f) {
                fprintf(f, "%ld %ld\n", tu_checks, tu_failures);
                fclose(f);
            }
        }
        return tu_failures ? 1 : 0;
    }
    TU_CHECK(run_small_blocks(argv[0]) == 0, "the pass with NANOBLAS_MC/KC/NC = 13/7/11 failed");
    return tu_finish("test_level3");
}
