/* Batched GEMM: cblas_?gemm_batch, cblas_?gemm_batch_strided, their Fortran forms and the bf16
   versions, for all four types, against a loop of reference GEMMs in double (complex) arithmetic.
   Random groups (empty groups, zero sizes, every transpose pair per group, both layouts,
   alpha/beta specials, NaN-poisoned C where beta = 0, A/B pointers shared across entries), every
   operand in its own guarded allocation; bad arguments in one group: xerbla with the position,
   nothing written in any group; 1 and 2 threads. */
#include <complex.h>
#include "cblas.h"
#include "nanoblas.h"
#include "testutil.h"

typedef double complex zt;

/* The Fortran interfaces (MKL's names; no public C header declares them): arrays of one
   character per group, hidden lengths last. */
#define FB_DECL(p, T)                                                                              \
    void p##gemm_batch_(const char *, const char *, const tint *, const tint *, const tint *,       \
                        const T *, const T **, const tint *, const T **, const tint *, const T *,  \
                        T **, const tint *, const tint *, const tint *, size_t, size_t);            \
    void p##gemm_batch_strided_(const char *, const char *, const tint *, const tint *, const tint *, \
                                const T *, const T *, const tint *, const tint *, const T *,        \
                                const tint *, const tint *, const T *, T *, const tint *,            \
                                const tint *, const tint *, size_t, size_t);
FB_DECL(s, float)
FB_DECL(d, double)
FB_DECL(c, void)
FB_DECL(z, void)

/* A dimension as the Fortran interface takes it: the address of a tint holding the value. */
#define FI(v) (&(const tint){(v)})

/* ---- the four types behind one interface ---- */
static int T; /* 0 s, 1 d, 2 c, 3 z */
static const size_t esz[4] = {4, 8, 8, 16};
static const char *tname[4] = {"s", "d", "c", "z"};
static int cplx(void) { return T >= 2; }
static zt get(const void *p, size_t i)
{
    switch (T) {
    case 0: return ((const float *)p)[i];
    case 1: return ((const double *)p)[i];
    case 2: return ((const float complex *)p)[i];
    default: return ((const double complex *)p)[i];
    }
}
static void put(void *p, size_t i, zt v)
{
    switch (T) {
    case 0: ((float *)p)[i] = (float)creal(v); break;
    case 1: ((double *)p)[i] = creal(v); break;
    case 2: ((float complex *)p)[i] = (float complex)v; break;
    default: ((double complex *)p)[i] = v;
    }
}
static double eps(void) { return T == 0 || T == 2 ? 0x1p-23 : 0x1p-52; }
static zt rnd(void) { return cplx() ? tu_rand() + I * tu_rand() : tu_rand(); }

/* element (i, j) of op(X) for X stored with leading dimension ld in layout row (1: row-major) */
static zt op_at(const void *x, int ld, int tr, int row, int i, int j)
{
    int r = tr == CblasNoTrans ? i : j, c = tr == CblasNoTrans ? j : i;
    zt v = get(x, row ? (size_t)r * ld + c : (size_t)c * ld + r);
    return tr == CblasConjTrans ? conj(v) : v;
}

typedef struct {
    int ta, tb, m, n, k, lda, ldb, ldc;
    zt alpha, beta;
} shape;

static int rows_of(int tr, int row, int r, int c) { return (tr == CblasNoTrans) != row ? r : c; }
static size_t a_elems(const shape *s, int row)
{
    int r = rows_of(s->ta, row, s->m, s->k), c = rows_of(s->ta, row, s->k, s->m);
    (void)r;
    return (size_t)s->lda * (size_t)(c > 0 ? c : 1);
}
static size_t b_elems(const shape *s, int row)
{
    int c = rows_of(s->tb, row, s->n, s->k);
    return (size_t)s->ldb * (size_t)(c > 0 ? c : 1);
}
static size_t c_elems(const shape *s, int row) { return (size_t)s->ldc * (size_t)((row ? s->m : s->n) > 0 ? (row ? s->m : s->n) : 1); }

/* want = alpha op(A) op(B) + beta C (the reference; beta == 0 ignores C) */
static void ref_gemm(const shape *s, int row, const void *a, const void *b, const void *c, zt *want)
{
    for (int i = 0; i < s->m; i++)
        for (int j = 0; j < s->n; j++) {
            zt acc = 0;
            for (int l = 0; l < s->k; l++)
                acc += op_at(a, s->lda, s->ta, row, i, l) * op_at(b, s->ldb, s->tb, row, l, j);
            size_t ci = row ? (size_t)i * s->ldc + j : (size_t)j * s->ldc + i;
            zt old = get(c, ci);
            zt v = s->alpha == 0 ? 0 : s->alpha * acc;
            if (s->beta != 0)
                v += s->beta * old;
            want[ci] = v;
        }
}

static int check_c(const shape *s, int row, const void *c, const zt *want, const void *before,
                   const char *what)
{
    double tol = 8 * (s->k + 2) * eps();
    for (int i = 0; i < s->m; i++)
        for (int j = 0; j < s->n; j++) {
            size_t ci = row ? (size_t)i * s->ldc + j : (size_t)j * s->ldc + i;
            if (!tu_closez(get(c, ci), want[ci], tol, 4 * (s->k + 1)))
                return TU_CHECK(0, "%s %sgemm %s row=%d %c%c m=%d n=%d k=%d at (%d,%d): %g vs %g",
                                what, tname[T], "", row, "NTC"[s->ta - CblasNoTrans],
                                "NTC"[s->tb - CblasNoTrans], s->m, s->n, s->k, i, j,
                                creal(get(c, ci)), creal(want[ci]));
        }
    /* the padding rows between ld and the matrix are never written */
    size_t ne = c_elems(s, row), inner = row ? (size_t)s->n : (size_t)s->m;
    for (size_t e = 0; e < ne; e++)
        if (e % s->ldc >= inner && memcmp((const char *)c + e * esz[T],
                                          (const char *)before + e * esz[T], esz[T]))
            return TU_CHECK(0, "%s: padding of C written", what);
    return TU_CHECK(1, "%s", "");
}

static int rnd_trans(void)
{
    int t = tu_randint(0, cplx() ? 2 : 1);
    return CblasNoTrans + t;
}
static int rnd_dim(void)
{
    int r = tu_randint(0, 19);
    return r == 0 ? 0 : r == 1 ? 1 : r == 2 ? tu_randint(130, 210) : tu_randint(1, 40);
}
static zt rnd_special(int beta)
{
    switch (tu_randint(0, 4)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return beta ? 1 : -1;
    default: return rnd();
    }
}
static shape rnd_shape(int row)
{
    shape s;
    s.ta = rnd_trans(), s.tb = rnd_trans();
    s.m = rnd_dim(), s.n = rnd_dim(), s.k = rnd_dim();
    if ((long)s.m * s.n * s.k > 200000) /* keep the reference loop quick */
        s.k = tu_randint(0, 8);
    int ra = rows_of(s.ta, row, s.m, s.k), rb = rows_of(s.tb, row, s.k, s.n), rc = row ? s.n : s.m;
    s.lda = (ra > 1 ? ra : 1) + tu_randint(0, 2) * tu_randint(0, 3);
    s.ldb = (rb > 1 ? rb : 1) + tu_randint(0, 2) * tu_randint(0, 3);
    s.ldc = (rc > 1 ? rc : 1) + tu_randint(0, 2) * tu_randint(0, 3);
    s.alpha = rnd_special(0), s.beta = rnd_special(1);
    return s;
}

static void fill(void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(p, i, rnd());
}
static void fill_c(void *p, size_t n, zt beta)
{
    for (size_t i = 0; i < n; i++)
        put(p, i, beta == 0 ? NAN : rnd());
}

/* scalars of a group as the CBLAS call takes them (complex by pointer) */
typedef union {
    float f[2];
    double d[2];
} scal;
static void to_scal(scal *x, zt v)
{
    if (T == 0) x->f[0] = (float)creal(v);
    else if (T == 1) x->d[0] = creal(v);
    else if (T == 2) x->f[0] = (float)creal(v), x->f[1] = (float)cimag(v);
    else x->d[0] = creal(v), x->d[1] = cimag(v);
}

#define MAXG 6
#define MAXP 8

/* One random group call through cblas_?gemm_batch (fortran: ?gemm_batch_, column-major). */
static void group_case(int fortran)
{
    int row = fortran ? 0 : tu_randint(0, 1);
    tint ng = tu_randint(0, MAXG);
    shape sh[MAXG];
    tint gsize[MAXG];
    int total = 0;
    for (int g = 0; g < ng; g++) {
        sh[g] = rnd_shape(row);
        gsize[g] = tu_randint(0, 4) == 0 ? 0 : tu_randint(1, MAXP);
        total += gsize[g];
    }
    tu_buf ab[MAXG * MAXP], bb[MAXG * MAXP], cb[MAXG * MAXP];
    void *A[MAXG * MAXP], *B[MAXG * MAXP], *C[MAXG * MAXP], *before[MAXG * MAXP];
    zt *want[MAXG * MAXP];
    int idx = 0;
    for (int g = 0; g < ng; g++)
        for (int p = 0; p < gsize[g]; p++, idx++) {
            const shape *s = &sh[g];
            size_t na = a_elems(s, row), nb = b_elems(s, row), nc = c_elems(s, row);
            A[idx] = tu_alloc(&ab[idx], na, esz[T]), fill(A[idx], na);
            B[idx] = tu_alloc(&bb[idx], nb, esz[T]), fill(B[idx], nb);
            C[idx] = tu_alloc(&cb[idx], nc, esz[T]), fill_c(C[idx], nc, s->beta);
            if (p > 0 && tu_randint(0, 3) == 0) /* shared operands across entries */
                A[idx] = A[idx - 1];
            if (p > 0 && tu_randint(0, 3) == 0)
                B[idx] = B[idx - 1];
            before[idx] = malloc(nc * esz[T]);
            memcpy(before[idx], C[idx], nc * esz[T]);
            want[idx] = malloc(nc * sizeof(zt));
            for (size_t e = 0; e < nc; e++)
                want[idx][e] = get(C[idx], e);
            ref_gemm(s, row, A[idx], B[idx], C[idx], want[idx]);
        }
    CBLAS_TRANSPOSE ta[MAXG], tb[MAXG];
    tint m[MAXG], n[MAXG], k[MAXG], lda[MAXG], ldb[MAXG], ldc[MAXG];
    scal al[MAXG], be[MAXG];
    char fa[MAXG], fb[MAXG];
    for (int g = 0; g < ng; g++) {
        ta[g] = (CBLAS_TRANSPOSE)sh[g].ta, tb[g] = (CBLAS_TRANSPOSE)sh[g].tb;
        fa[g] = "NTC"[sh[g].ta - CblasNoTrans], fb[g] = "ntc"[sh[g].tb - CblasNoTrans];
        m[g] = sh[g].m, n[g] = sh[g].n, k[g] = sh[g].k;
        lda[g] = sh[g].lda, ldb[g] = sh[g].ldb, ldc[g] = sh[g].ldc;
        to_scal(&al[g], sh[g].alpha), to_scal(&be[g], sh[g].beta);
    }
    /* alpha/beta arrays of the element type: pack the scalars contiguously */
    unsigned char alv[MAXG * 16], bev[MAXG * 16];
    for (int g = 0; g < ng; g++)
        memcpy(alv + g * esz[T], &al[g], esz[T]), memcpy(bev + g * esz[T], &be[g], esz[T]);
    CBLAS_LAYOUT lay = row ? CblasRowMajor : CblasColMajor;
    if (!fortran) {
        switch (T) {
        case 0: cblas_sgemm_batch(lay, ta, tb, m, n, k, (float *)alv, (const float **)A, lda, (const float **)B, ldb, (float *)bev, (float **)C, ldc, ng, gsize); break;
        case 1: cblas_dgemm_batch(lay, ta, tb, m, n, k, (double *)alv, (const double **)A, lda, (const double **)B, ldb, (double *)bev, (double **)C, ldc, ng, gsize); break;
        case 2: cblas_cgemm_batch(lay, ta, tb, m, n, k, alv, (const void **)A, lda, (const void **)B, ldb, bev, C, ldc, ng, gsize); break;
        default: cblas_zgemm_batch(lay, ta, tb, m, n, k, alv, (const void **)A, lda, (const void **)B, ldb, bev, C, ldc, ng, gsize);
        }
    } else {
        switch (T) {
        case 0: sgemm_batch_(fa, fb, m, n, k, (float *)alv, (const float **)A, lda, (const float **)B, ldb, (float *)bev, (float **)C, ldc, &ng, gsize, 1, 1); break;
        case 1: dgemm_batch_(fa, fb, m, n, k, (double *)alv, (const double **)A, lda, (const double **)B, ldb, (double *)bev, (double **)C, ldc, &ng, gsize, 1, 1); break;
        case 2: cgemm_batch_(fa, fb, m, n, k, (void *)alv, (const void **)A, lda, (const void **)B, ldb, (void *)bev, C, ldc, &ng, gsize, 1, 1); break;
        default: zgemm_batch_(fa, fb, m, n, k, (void *)alv, (const void **)A, lda, (const void **)B, ldb, (void *)bev, C, ldc, &ng, gsize, 1, 1);
        }
    }
    idx = 0;
    for (int g = 0; g < ng; g++)
        for (int p = 0; p < gsize[g]; p++, idx++) {
            check_c(&sh[g], row, C[idx], want[idx], before[idx], fortran ? "fortran batch" : "batch");
            TU_CHECK(tu_guard_ok(&cb[idx]), "batch: guard zone of C written (group %d)", g);
            tu_free(&ab[idx]), tu_free(&bb[idx]), tu_free(&cb[idx]);
            free(before[idx]), free(want[idx]);
        }
    (void)total;
}

/* One strided call; stride 0 for A or B (one operand for all), C blocks apart or overlapping
   (stridec 0: the entries accumulate into one C in order). */
static void strided_case(int fortran)
{
    int row = fortran ? 0 : tu_randint(0, 1);
    shape s = rnd_shape(row);
    while ((long)s.m * s.n * s.k > 20000) /* keep the reference quick: draw again */
        s = rnd_shape(row);
    int count = tu_randint(0, 6);
    size_t na = a_elems(&s, row), nb = b_elems(&s, row), nc = c_elems(&s, row);
    int sa = tu_randint(0, 4) == 0 ? 0 : (int)na + tu_randint(0, 5);
    int sb = tu_randint(0, 4) == 0 ? 0 : (int)nb + tu_randint(0, 5);
    int sc = tu_randint(0, 5) == 0 ? 0 : (int)nc + tu_randint(0, 5);
    if (sc == 0 && s.beta == 0)
        s.beta = 1; /* accumulate: a NaN C would stay NaN only in the first entry */
    size_t ta_n = (size_t)sa * (count > 0 ? count - 1 : 0) + na;
    size_t tb_n = (size_t)sb * (count > 0 ? count - 1 : 0) + nb;
    size_t tc_n = (size_t)sc * (count > 0 ? count - 1 : 0) + nc;
    tu_buf ab, bb, cb;
    void *A = tu_alloc(&ab, ta_n, esz[T]), *B = tu_alloc(&bb, tb_n, esz[T]);
    void *C = tu_alloc(&cb, tc_n, esz[T]);
    fill(A, ta_n), fill(B, tb_n), fill_c(C, tc_n, s.beta);
    void *before = malloc(tc_n * esz[T]);
    memcpy(before, C, tc_n * esz[T]);
    zt *want = malloc(tc_n * sizeof(zt));
    for (size_t e = 0; e < tc_n; e++)
        want[e] = get(C, e);
    /* the reference, entry by entry in order, on a working copy (overlapping C accumulates) */
    void *work = malloc(tc_n * esz[T]);
    memcpy(work, C, tc_n * esz[T]);
    for (int i = 0; i < count; i++) {
        zt *w = malloc(nc * sizeof(zt));
        void *ci = (char *)work + (size_t)i * sc * esz[T];
        for (size_t e = 0; e < nc; e++)
            w[e] = get(ci, e);
        ref_gemm(&s, row, (char *)A + (size_t)i * sa * esz[T], (char *)B + (size_t)i * sb * esz[T],
                 ci, w);
        for (size_t e = 0; e < nc; e++)
            put(ci, e, w[e]), want[(size_t)i * sc + e] = w[e];
        free(w);
    }
    scal al, be;
    to_scal(&al, s.alpha), to_scal(&be, s.beta);
    CBLAS_LAYOUT lay = row ? CblasRowMajor : CblasColMajor;
    CBLAS_TRANSPOSE ta = (CBLAS_TRANSPOSE)s.ta, tb = (CBLAS_TRANSPOSE)s.tb;
    char fa = "ntc"[s.ta - CblasNoTrans], fb = "NTC"[s.tb - CblasNoTrans];
    if (!fortran) {
        switch (T) {
        case 0: cblas_sgemm_batch_strided(lay, ta, tb, s.m, s.n, s.k, al.f[0], A, s.lda, sa, B, s.ldb, sb, be.f[0], C, s.ldc, sc, count); break;
        case 1: cblas_dgemm_batch_strided(lay, ta, tb, s.m, s.n, s.k, al.d[0], A, s.lda, sa, B, s.ldb, sb, be.d[0], C, s.ldc, sc, count); break;
        case 2: cblas_cgemm_batch_strided(lay, ta, tb, s.m, s.n, s.k, &al, A, s.lda, sa, B, s.ldb, sb, &be, C, s.ldc, sc, count); break;
        default: cblas_zgemm_batch_strided(lay, ta, tb, s.m, s.n, s.k, &al, A, s.lda, sa, B, s.ldb, sb, &be, C, s.ldc, sc, count);
        }
    } else {
        switch (T) {
        case 0: sgemm_batch_strided_(&fa, &fb, FI(s.m), FI(s.n), FI(s.k), al.f, A, FI(s.lda), FI(sa), B, FI(s.ldb), FI(sb), be.f, C, FI(s.ldc), FI(sc), FI(count), 1, 1); break;
        case 1: dgemm_batch_strided_(&fa, &fb, FI(s.m), FI(s.n), FI(s.k), al.d, A, FI(s.lda), FI(sa), B, FI(s.ldb), FI(sb), be.d, C, FI(s.ldc), FI(sc), FI(count), 1, 1); break;
        case 2: cgemm_batch_strided_(&fa, &fb, FI(s.m), FI(s.n), FI(s.k), (void *)&al, A, FI(s.lda), FI(sa), B, FI(s.ldb), FI(sb), (void *)&be, C, FI(s.ldc), FI(sc), FI(count), 1, 1); break;
        default: zgemm_batch_strided_(&fa, &fb, FI(s.m), FI(s.n), FI(s.k), (void *)&al, A, FI(s.lda), FI(sa), B, FI(s.ldb), FI(sb), (void *)&be, C, FI(s.ldc), FI(sc), FI(count), 1, 1);
        }
    }
    for (int i = count - 1; i >= 0; i--) { /* overlapping entries: the last one wins */
        void *ci = (char *)C + (size_t)i * sc * esz[T];
        int ok = check_c(&s, row, ci, want + (size_t)i * sc, (char *)before + (size_t)i * sc * esz[T],
                         fortran ? "fortran strided" : "strided");
        if (!ok || sc == 0)
            break;
    }
    TU_CHECK(tu_guard_ok(&cb), "strided: guard zone of C written");
    tu_free(&ab), tu_free(&bb), tu_free(&cb);
    free(before), free(want), free(work);
}

#include "batch_cases.h"

int main(void)
{
    tu_seed(61);
    for (T = 0; T < 4; T++) {
        for (int threads = 1; threads <= 2; threads++) {
            nanoblas_set_num_threads(threads);
            for (int r = 0; r < tu_reps(60); r++)
                group_case(r % 4 == 3);
            for (int r = 0; r < tu_reps(60); r++)
                strided_case(r % 4 == 3);
        }
        nanoblas_set_num_threads(2);
        many_small_case();
        TU_CHECK(xe_calls == 0, "%sgemm batch: a legal call reported an error (%s, %d)", tname[T],
                 xe_rout, xe_info);
        error_cases();
    }
    bf16_cases();
    char what[80];
    snprintf(what, sizeof what, "test_batch (kernel set %s)", nanoblas_get_kernel_set());
    return tu_finish(what);
}
