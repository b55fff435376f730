/* MKL's compact interface (include/nanoblas_compact.h): pack/unpack round trips and the packed
   layout element by element (identity padding, ld gaps untouched), gemm_compact against a plain
   reference for every type, layout, transpose and format (sizes 0/1/odd, ld > rows, alpha/beta
   specials, beta = 0 over NaN, nm not a multiple of P, guard zones), a threaded call against a
   one-thread call, illegal arguments, our native format against our kernel set, and
   interoperability with MKL where it is installed ($NB_MKL, else .venv/lib/libmkl_rt.so.3 from
   the repository root or next to the build): byte-identical packed buffers, pack with one library
   and compute with the other, get_size. MKL is a second opinion, not the reference: each interop
   case first checks MKL alone against the reference, and a case MKL itself gets wrong (MKL takes
   other code paths on AMD CPUs) is reported in one "note:" line and not counted; a format
   choice of MKL's that differs from ours is reported the same way. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <libgen.h>
#include <stdarg.h>
#include <unistd.h>
#if defined(__aarch64__)
#include <sys/prctl.h>
#endif
#include "cblas.h"
#include "nanoblas.h"
#include "nanoblas_compact.h"
#include "testutil.h"

static const char tname[] = "sdcz";
static size_t rsize(int t) { return t == 0 || t == 2 ? 4 : 8; }
static int cplx(int t) { return t >= 2; }
static size_t lanes(int t, int f) { return ((size_t)16 << (f - MKL_COMPACT_SSE)) / rsize(t); }
static double getr(int t, const void *p, size_t i)
{
    return rsize(t) == 4 ? (double)((const float *)p)[i] : ((const double *)p)[i];
}
static void setr(int t, void *p, size_t i, double v)
{
    if (rsize(t) == 4)
        ((float *)p)[i] = (float)v;
    else
        ((double *)p)[i] = v;
}

/* ---- calling either library: mkl != 0 calls MKL's symbol of the same name ---- */
static void *mkl;
#define CALL(use_mkl, fn, ...)                                                                    \
    ((use_mkl) ? ((__typeof__(&fn))dlsym(mkl, #fn))(__VA_ARGS__) : fn(__VA_ARGS__))

static int get_size(int lib, int t, int ld, int sd, int f, int nm)
{
    MKL_COMPACT_PACK F = (MKL_COMPACT_PACK)f;
    switch (t) {
    case 0: return CALL(lib, mkl_sget_size_compact, ld, sd, F, nm);
    case 1: return CALL(lib, mkl_dget_size_compact, ld, sd, F, nm);
    case 2: return CALL(lib, mkl_cget_size_compact, ld, sd, F, nm);
    default: return CALL(lib, mkl_zget_size_compact, ld, sd, F, nm);
    }
}
static void pack(int lib, int t, int lay, int r, int c, void **a, int lda, void *ap, int ldap,
                 int f, int nm)
{
    MKL_LAYOUT L = (MKL_LAYOUT)lay;
    MKL_COMPACT_PACK F = (MKL_COMPACT_PACK)f;
    switch (t) {
    case 0: CALL(lib, mkl_sgepack_compact, L, r, c, (const float *const *)a, lda, ap, ldap, F, nm); break;
    case 1: CALL(lib, mkl_dgepack_compact, L, r, c, (const double *const *)a, lda, ap, ldap, F, nm); break;
    case 2: CALL(lib, mkl_cgepack_compact, L, r, c, (const MKL_Complex8 *const *)a, lda, ap, ldap, F, nm); break;
    default: CALL(lib, mkl_zgepack_compact, L, r, c, (const MKL_Complex16 *const *)a, lda, ap, ldap, F, nm);
    }
}
static void unpack(int lib, int t, int lay, int r, int c, void **a, int lda, void *ap, int ldap,
                   int f, int nm)
{
    MKL_LAYOUT L = (MKL_LAYOUT)lay;
    MKL_COMPACT_PACK F = (MKL_COMPACT_PACK)f;
    switch (t) {
    case 0: CALL(lib, mkl_sgeunpack_compact, L, r, c, (float *const *)a, lda, ap, ldap, F, nm); break;
    case 1: CALL(lib, mkl_dgeunpack_compact, L, r, c, (double *const *)a, lda, ap, ldap, F, nm); break;
    case 2: CALL(lib, mkl_cgeunpack_compact, L, r, c, (MKL_Complex8 *const *)a, lda, ap, ldap, F, nm); break;
    default: CALL(lib, mkl_zgeunpack_compact, L, r, c, (MKL_Complex16 *const *)a, lda, ap, ldap, F, nm);
    }
}
typedef struct {
    int lay, ta, tb, m, n, k, lda, ldb, ldc, f, nm;
    double alpha[2], beta[2];
} gemm_case;
static void gemm(int lib, int t, const gemm_case *g, const void *a, const void *b, void *c)
{
    MKL_LAYOUT L = (MKL_LAYOUT)g->lay;
    MKL_TRANSPOSE A = (MKL_TRANSPOSE)g->ta, B = (MKL_TRANSPOSE)g->tb;
    MKL_COMPACT_PACK F = (MKL_COMPACT_PACK)g->f;
    MKL_Complex8 al8 = {(float)g->alpha[0], (float)g->alpha[1]}, be8 = {(float)g->beta[0], (float)g->beta[1]};
    MKL_Complex16 al16 = {g->alpha[0], g->alpha[1]}, be16 = {g->beta[0], g->beta[1]};
    switch (t) {
    case 0: CALL(lib, mkl_sgemm_compact, L, A, B, g->m, g->n, g->k, (float)g->alpha[0], a, g->lda, b, g->ldb, (float)g->beta[0], c, g->ldc, F, g->nm); break;
    case 1: CALL(lib, mkl_dgemm_compact, L, A, B, g->m, g->n, g->k, g->alpha[0], a, g->lda, b, g->ldb, g->beta[0], c, g->ldc, F, g->nm); break;
    case 2: CALL(lib, mkl_cgemm_compact, L, A, B, g->m, g->n, g->k, &al8, a, g->lda, b, g->ldb, &be8, c, g->ldc, F, g->nm); break;
    default: CALL(lib, mkl_zgemm_compact, L, A, B, g->m, g->n, g->k, &al16, a, g->lda, b, g->ldb, &be16, c, g->ldc, F, g->nm);
    }
}

/* ---- the packed layout, written independently of the library: element (u, v) of matrix
   g*P + q (u along the leading dimension) at ((g*sd + v)*ld + u)*E + q, imaginary part +P ---- */
static size_t at(int t, int f, size_t ld, size_t sd, size_t g, size_t u, size_t v, size_t q)
{
    size_t p = lanes(t, f);
    return ((g * sd + v) * ld + u) * p * (cplx(t) ? 2 : 1) + q;
}
static size_t groups_of(int t, int f, int nm) { return ((size_t)nm + lanes(t, f) - 1) / lanes(t, f); }

/* ---- xerbla capture ---- */
static int xe_calls, xe_info;
static char xe_name[40];
void xerbla_(const char *name, const int *info, size_t len)
{
    xe_calls++;
    xe_info = *info;
    snprintf(xe_name, sizeof xe_name, "%.*s", (int)len, name);
}

/* ---- pack / unpack round trips ---- */
typedef struct {
    int t, lay, rows, cols, lead, sd, lda, ldap, f, nm;
    size_t nc, msize, total; /* values per caller matrix (with its ld gaps), in the packed buffer */
} pack_case;

static pack_case pack_random(int t, int lay, int f)
{
    pack_case p;
    p.t = t, p.lay = lay, p.f = f;
    p.rows = tu_randint(0, 6), p.cols = tu_randint(0, 6);
    p.lead = lay == MKL_COL_MAJOR ? p.rows : p.cols, p.sd = lay == MKL_COL_MAJOR ? p.cols : p.rows;
    p.lda = (p.lead ? p.lead : 1) + tu_randint(0, 2);
    p.ldap = (p.lead ? p.lead : 1) + tu_randint(0, 2), p.nm = tu_randint(1, 2 * (int)lanes(t, f) + 3);
    p.nc = cplx(t) ? 2 : 1, p.msize = (size_t)p.lda * (size_t)p.sd * p.nc;
    p.total = groups_of(t, f, p.nm) * lanes(t, f) * (size_t)p.ldap * (size_t)p.sd * p.nc;
    return p;
}

/* Values of the packed buffer ap that differ from the layout model (the caller's matrices src,
   identity padding, the ld gaps still -777). */
static int pack_bad(const pack_case *p, void *const *src, const void *ap)
{
    int t = p->t, f = p->f, bad = 0;
    for (size_t g = 0; g < groups_of(t, f, p->nm); g++)
        for (size_t q = 0; q < lanes(t, f); q++)
            for (int v = 0; v < p->sd; v++)
                for (int u = 0; u < p->ldap; u++)
                    for (size_t part = 0; part < p->nc; part++) {
                        size_t mi = g * lanes(t, f) + q;
                        size_t i = at(t, f, (size_t)p->ldap, (size_t)p->sd, g, (size_t)u, (size_t)v, q) + part * lanes(t, f);
                        double want = u >= p->lead ? -777
                                      : mi < (size_t)p->nm ? getr(t, src[mi], ((size_t)u + (size_t)v * (size_t)p->lda) * p->nc + part)
                                      : (u == v && part == 0) ? 1 : 0; /* identity padding */
                        bad += getr(t, ap, i) != want;
                    }
    return bad;
}

/* Values of the unpacked matrices dst that are wrong: inside each matrix what the packed buffer
   ap holds there by the layout model (ap == NULL: the original src), the ld gaps still -555. */
static int unpack_bad(const pack_case *p, void *const *dst, tu_buf *dbuf, void *const *src, const void *ap)
{
    int t = p->t, bad = 0;
    size_t P = lanes(t, p->f);
    for (int q = 0; q < p->nm; q++) {
        for (int v = 0; v < p->sd; v++)
            for (int u = 0; u < p->lda; u++)
                for (size_t part = 0; part < p->nc; part++) {
                    size_t i = ((size_t)u + (size_t)v * (size_t)p->lda) * p->nc + part;
                    double want = u >= p->lead ? -555
                                  : ap ? getr(t, ap, at(t, p->f, (size_t)p->ldap, (size_t)p->sd, (size_t)q / P,
                                                        (size_t)u, (size_t)v, (size_t)q % P) + part * P)
                                       : getr(t, src[q], i);
                    bad += getr(t, dst[q], i) != want;
                }
        bad += !tu_guard_ok(&dbuf[q]);
    }
    return bad;
}

/* One library packs and unpacks: the buffer against the layout model, the round trip. */
static void test_pack(int t, int lay, int f)
{
    pack_case p = pack_random(t, lay, f);
    int bytes = get_size(0, t, p.ldap, p.sd, f, p.nm);
    TU_CHECK((size_t)bytes == p.total * rsize(t), "%c get_size %d, want %zu", tname[t], bytes, p.total * rsize(t));
    tu_buf pb, mb[64], ub[64];
    void *ap = tu_alloc(&pb, p.total, rsize(t)), *src[64], *dst[64];
    for (size_t i = 0; i < p.total; i++)
        setr(t, ap, i, -777); /* the ld gaps must keep this */
    for (int q = 0; q < p.nm; q++) {
        src[q] = tu_alloc(&mb[q], p.msize, rsize(t));
        dst[q] = tu_alloc(&ub[q], p.msize, rsize(t));
        for (size_t i = 0; i < p.msize; i++)
            setr(t, src[q], i, tu_rand()), setr(t, dst[q], i, -555);
    }
    pack(0, t, lay, p.rows, p.cols, src, p.lda, ap, p.ldap, f, p.nm);
    int bad = pack_bad(&p, src, ap);
    TU_CHECK(!bad && tu_guard_ok(&pb), "%c pack lay %d %dx%d lda %d ldap %d fmt %d nm %d: %d wrong",
             tname[t], lay, p.rows, p.cols, p.lda, p.ldap, f, p.nm, bad);
    unpack(0, t, lay, p.rows, p.cols, dst, p.lda, ap, p.ldap, f, p.nm);
    bad = unpack_bad(&p, dst, ub, src, NULL);
    TU_CHECK(!bad, "%c unpack lay %d %dx%d fmt %d nm %d: %d wrong", tname[t], lay, p.rows, p.cols, f, p.nm, bad);
    for (int q = 0; q < p.nm; q++)
        tu_free(&mb[q]), tu_free(&ub[q]);
    tu_free(&pb);
}

/* ---- gemm against the reference ---- */
typedef struct {
    int t;
    gemm_case g;
    size_t sa, sb, sc, na, nb, ncv; /* stored non-leading dims, value counts */
    tu_buf ba, bb, bc;
    void *a, *b, *c, *c0;
} gemm_setup;

/* op(X)(i, l) of lane (g, q): the stored (row, col), then (u, v) by layout. */
static double complex opval(const gemm_setup *s, const void *x, int trans, size_t ld, size_t sd,
                            size_t g, size_t q, size_t i, size_t l)
{
    size_t r = trans == MKL_NOTRANS ? i : l, c = trans == MKL_NOTRANS ? l : i;
    size_t u = s->g.lay == MKL_COL_MAJOR ? r : c, v = s->g.lay == MKL_COL_MAJOR ? c : r;
    size_t k = at(s->t, s->g.f, ld, sd, g, u, v, q);
    double re = getr(s->t, x, k), im = cplx(s->t) ? getr(s->t, x, k + lanes(s->t, s->g.f)) : 0;
    return re + I * (trans == MKL_CONJTRANS ? -im : im);
}

static void setup(gemm_setup *s, int t, const gemm_case *g)
{
    memset(s, 0, sizeof *s);
    s->t = t, s->g = *g;
    int col = g->lay == MKL_COL_MAJOR, ta = g->ta != MKL_NOTRANS, tb = g->tb != MKL_NOTRANS;
    /* stored A is m x k or k x m; sd = stored columns (col-major) or rows (row-major) */
    s->sa = (size_t)((col != ta) ? g->k : g->m);
    s->sb = (size_t)((col != tb) ? g->n : g->k);
    s->sc = (size_t)(col ? g->n : g->m);
    size_t ng = groups_of(t, g->f, g->nm), e = lanes(t, g->f) * (cplx(t) ? 2 : 1);
    s->na = ng * e * (size_t)g->lda * s->sa, s->nb = ng * e * (size_t)g->ldb * s->sb;
    s->ncv = ng * e * (size_t)g->ldc * s->sc;
    s->a = tu_alloc(&s->ba, s->na, rsize(t));
    s->b = tu_alloc(&s->bb, s->nb, rsize(t));
    s->c = tu_alloc(&s->bc, s->ncv, rsize(t));
    s->c0 = malloc(s->ncv * rsize(t) + 1);
    for (size_t i = 0; i < s->na; i++)
        setr(t, s->a, i, tu_rand());
    for (size_t i = 0; i < s->nb; i++)
        setr(t, s->b, i, tu_rand());
    for (size_t i = 0; i < s->ncv; i++) /* beta = 0 must not read C: NaN there */
        setr(t, s->c, i, g->beta[0] == 0 && g->beta[1] == 0 ? NAN : tu_rand());
    memcpy(s->c0, s->c, s->ncv * rsize(t));
}

static void teardown(gemm_setup *s)
{
    tu_free(&s->ba), tu_free(&s->bb), tu_free(&s->bc);
    free(s->c0);
}

/* Values of s->c (computed) that differ from the reference from s->a, s->b, s->c0: every lane of
   every group, every element outside m x n (the ld gap) unchanged; a guard zone overwritten
   counts one. */
static int gemm_bad(gemm_setup *s)
{
    const gemm_case *g = &s->g;
    int t = s->t, col = g->lay == MKL_COL_MAJOR;
    size_t p = lanes(t, g->f), ng = groups_of(t, g->f, g->nm);
    double complex al = g->alpha[0] + I * g->alpha[1], be = g->beta[0] + I * g->beta[1];
    double tol = (rsize(t) == 4 ? 2e-6 : 4e-15) * (g->k + 4);
    int bad = 0;
    unsigned char *touched = calloc(s->ncv + 1, 1);
    for (size_t gr = 0; gr < ng; gr++)
        for (size_t q = 0; q < p; q++)
            for (size_t i = 0; i < (size_t)g->m; i++)
                for (size_t j = 0; j < (size_t)g->n; j++) {
                    double complex sum = 0;
                    for (size_t l = 0; l < (size_t)g->k; l++)
                        sum += opval(s, s->a, g->ta, g->lda, s->sa, gr, q, i, l) *
                               opval(s, s->b, g->tb, g->ldb, s->sb, gr, q, l, j);
                    size_t ci = at(t, g->f, g->ldc, s->sc, gr, col ? i : j, col ? j : i, q);
                    double complex c0 = getr(t, s->c0, ci) + (cplx(t) ? I * getr(t, s->c0, ci + p) : 0);
                    double complex want = al * sum + (be == 0 ? 0 : be * c0);
                    if (g->k == 0 || al == 0)
                        want = be == 0 ? 0 : be * c0;
                    double complex got = getr(t, s->c, ci) + (cplx(t) ? I * getr(t, s->c, ci + p) : 0);
                    if (!cplx(t))
                        want = creal(want);
                    bad += !tu_closez(got, want, tol, cabs(want) + 1);
                    touched[ci] = 1;
                    if (cplx(t))
                        touched[ci + p] = 1;
                }
    for (size_t i = 0; i < s->ncv; i++)
        if (!touched[i])
            bad += memcmp((char *)s->c + i * rsize(t), (char *)s->c0 + i * rsize(t), rsize(t)) != 0;
    free(touched);
    return bad + !tu_guard_ok(&s->ba) + !tu_guard_ok(&s->bb) + !tu_guard_ok(&s->bc);
}

/* The case in one line (failure messages and notes). */
static const char *gemm_desc(const gemm_setup *s, char *buf, size_t len)
{
    const gemm_case *g = &s->g;
    snprintf(buf, len, "%c lay %d ta %d tb %d m %d n %d k %d ld %d %d %d fmt %d nm %d alpha %g%+gi beta %g%+gi",
             tname[s->t], g->lay, g->ta, g->tb, g->m, g->n, g->k, g->lda, g->ldb, g->ldc, g->f, g->nm,
             g->alpha[0], g->alpha[1], g->beta[0], g->beta[1]);
    return buf;
}

/* Our result in s->c must be the reference's: a failure. */
static void check_gemm(gemm_setup *s, const char *what)
{
    char d[200];
    int bad = gemm_bad(s);
    TU_CHECK(!bad, "%s %s: %d wrong", what, gemm_desc(s, d, sizeof d), bad);
}

static int pick_dim(void)
{
    static const int d[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 13};
    return d[tu_randint(0, 9)];
}

static gemm_case random_case(int t, int lay, int ta, int tb, int f)
{
    gemm_case g;
    g.lay = lay, g.ta = ta, g.tb = tb, g.f = f;
    g.m = pick_dim(), g.n = pick_dim(), g.k = pick_dim();
    int col = lay == MKL_COL_MAJOR, a_ld = (col != (ta != MKL_NOTRANS)) ? g.m : g.k;
    int b_ld = (col != (tb != MKL_NOTRANS)) ? g.k : g.n, c_ld = col ? g.m : g.n;
    g.lda = (a_ld ? a_ld : 1) + tu_randint(0, 2);
    g.ldb = (b_ld ? b_ld : 1) + tu_randint(0, 2);
    g.ldc = (c_ld ? c_ld : 1) + tu_randint(0, 2);
    g.nm = tu_randint(1, 2 * (int)lanes(t, f) + 1);
    static const double al[][2] = {{1, 0}, {0, 0}, {-0.75, 0}, {0.5, -1.25}};
    static const double bt[][2] = {{0, 0}, {1, 0}, {0.5, 0}, {-0.25, 0.75}};
    int ai = tu_randint(0, cplx(t) ? 3 : 2), bi = tu_randint(0, cplx(t) ? 3 : 2);
    memcpy(g.alpha, al[ai], sizeof g.alpha), memcpy(g.beta, bt[bi], sizeof g.beta);
    return g;
}

static void test_gemm(int t)
{
    static const int trans[] = {MKL_NOTRANS, MKL_TRANS, MKL_CONJTRANS};
    for (int lay = MKL_ROW_MAJOR; lay <= MKL_COL_MAJOR; lay++)
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                for (int f = MKL_COMPACT_SSE; f <= MKL_COMPACT_AVX512; f++)
                    for (int rep = 0; rep < 3; rep++) {
                        gemm_case g = random_case(t, lay, trans[a], trans[b], f);
                        gemm_setup s;
                        setup(&s, t, &g);
                        gemm(0, t, &g, s.a, s.b, s.c);
                        check_gemm(&s, "gemm");
                        teardown(&s);
                    }
}

/* Enough groups for a team (and groups of over 12 KiB in a call of over 4 MiB: the chunked,
   prefetching path): the result must equal a one-thread call bit for bit, and the reference. */
static void test_threads(int t)
{
    gemm_case g = {MKL_COL_MAJOR, MKL_NOTRANS, MKL_TRANS, 9, 8, 7, 9, 8, 9, MKL_COMPACT_AVX512, 4099, {0.5, 0.25}, {1, 0}};
    gemm_setup s;
    setup(&s, t, &g);
    int nt = nanoblas_get_num_threads();
    nanoblas_set_num_threads(1);
    gemm(0, t, &g, s.a, s.b, s.c);
    void *one = malloc(s.ncv * rsize(t));
    memcpy(one, s.c, s.ncv * rsize(t));
    memcpy(s.c, s.c0, s.ncv * rsize(t));
    nanoblas_set_num_threads(nt > 1 ? nt : 2);
    gemm(0, t, &g, s.a, s.b, s.c);
    nanoblas_set_num_threads(nt);
    TU_CHECK(memcmp(one, s.c, s.ncv * rsize(t)) == 0, "%c: threaded result differs from one thread", tname[t]);
    check_gemm(&s, "threaded gemm (groups in chunks, prefetch on)");
    teardown(&s);
    free(one);
}

/* ---- illegal arguments: xerbla(name, position), nothing written ---- */
static void expect_error(const char *name, int pos, const double *c, size_t n, const char *what)
{
    int ok = xe_calls == 1 && xe_info == pos && strcmp(xe_name, name) == 0;
    for (size_t i = 0; i < n; i++)
        ok &= c[i] == 7;
    TU_CHECK(ok, "%s: xerbla calls %d, %s %d (want %s %d) or output written", what, xe_calls,
             xe_name, xe_info, name, pos);
    xe_calls = 0, xe_name[0] = 0;
}

static void test_errors(void)
{
    enum { N = 4096 };
    static double a[N], b[N], c[N];
    for (size_t i = 0; i < N; i++)
        a[i] = b[i] = 1, c[i] = 7;
    const int C = MKL_COL_MAJOR, R = MKL_ROW_MAJOR, NT = MKL_NOTRANS, T = MKL_TRANS, F = MKL_COMPACT_AVX512;
    struct {
        int lay, ta, tb, m, n, k, lda, ldb, ldc, f, nm, want;
    } cases[] = {
        {0, NT, NT, 2, 2, 2, 2, 2, 2, F, 8, 1},
        {C, 0, NT, 2, 2, 2, 2, 2, 2, F, 8, 2},
        {C, NT, MKL_CONJ, 2, 2, 2, 2, 2, 2, F, 8, 3},
        {C, NT, NT, -1, 2, 2, 2, 2, 2, F, 8, 4},
        {C, NT, NT, 2, -1, 2, 2, 2, 2, F, 8, 5},
        {C, NT, NT, 2, 2, -1, 2, 2, 2, F, 8, 6},
        {C, NT, NT, 4, 2, 2, 3, 4, 4, F, 8, 9},
        {C, T, NT, 2, 2, 4, 3, 4, 4, F, 8, 9},
        {R, NT, NT, 4, 2, 3, 2, 2, 2, F, 8, 9},
        {C, NT, NT, 2, 2, 4, 2, 3, 2, F, 8, 11},
        {C, NT, T, 2, 5, 2, 2, 4, 2, F, 8, 11},
        {C, NT, NT, 3, 2, 2, 3, 2, 2, F, 8, 14},
        {R, NT, NT, 2, 3, 2, 2, 3, 2, F, 8, 14},
        {C, NT, NT, 0, 2, 2, 0, 2, 1, F, 8, 9},
        {C, NT, NT, 2, 2, 2, 2, 2, 2, 180, 8, 15},
        {C, NT, NT, 2, 2, 2, 2, 2, 2, F, -1, 16},
    };
    xe_calls = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        mkl_dgemm_compact((MKL_LAYOUT)cases[i].lay, (MKL_TRANSPOSE)cases[i].ta, (MKL_TRANSPOSE)cases[i].tb,
                          cases[i].m, cases[i].n, cases[i].k, 1.0, a, cases[i].lda, b, cases[i].ldb,
                          0.0, c, cases[i].ldc, (MKL_COMPACT_PACK)cases[i].f, cases[i].nm);
        expect_error("mkl_dgemm_compact", cases[i].want, c, N, "dgemm_compact case");
    }
    MKL_Complex16 one = {1, 0};
    mkl_zgemm_compact(MKL_COL_MAJOR, MKL_NOTRANS, MKL_NOTRANS, 2, 2, 2, &one, a, 1, b, 2, &one, c, 2, MKL_COMPACT_SSE, 2);
    expect_error("mkl_zgemm_compact", 9, c, N, "zgemm_compact lda");
    /* pack / unpack: 1 layout, 2 rows, 3 columns, 5 lda, 7 ldap, 8 format, 9 nm */
    const double *src[8];
    double *dst[8];
    for (int i = 0; i < 8; i++)
        src[i] = dst[i] = c + 64 * i;
    struct {
        int lay, r, cl, lda, ldap, f, nm, want;
    } pc[] = {{0, 2, 2, 2, 2, F, 8, 1}, {C, -1, 2, 2, 2, F, 8, 2}, {C, 2, -1, 2, 2, F, 8, 3},
              {C, 3, 2, 2, 3, F, 8, 5}, {R, 2, 3, 2, 3, F, 8, 5},  {C, 3, 2, 3, 2, F, 8, 7},
              {C, 2, 2, 2, 2, 184, 8, 8}, {C, 2, 2, 2, 2, F, -2, 9}};
    for (size_t i = 0; i < sizeof pc / sizeof *pc; i++) {
        mkl_dgepack_compact((MKL_LAYOUT)pc[i].lay, pc[i].r, pc[i].cl, src, pc[i].lda, c, pc[i].ldap,
                            (MKL_COMPACT_PACK)pc[i].f, pc[i].nm);
        expect_error("mkl_dgepack_compact", pc[i].want, c, N, "dgepack_compact case");
        mkl_dgeunpack_compact((MKL_LAYOUT)pc[i].lay, pc[i].r, pc[i].cl, dst, pc[i].lda, a, pc[i].ldap,
                              (MKL_COMPACT_PACK)pc[i].f, pc[i].nm);
        expect_error("mkl_dgeunpack_compact", pc[i].want, c, N, "dgeunpack_compact case");
    }
    TU_CHECK(mkl_sget_size_compact(-1, 2, MKL_COMPACT_AVX, 3) == 0, "get_size ld < 0");
    expect_error("mkl_sget_size_compact", 1, c, N, "get_size ld");
    TU_CHECK(mkl_cget_size_compact(2, 2, (MKL_COMPACT_PACK)7, 3) == 0, "get_size format");
    expect_error("mkl_cget_size_compact", 3, c, N, "get_size format");
    TU_CHECK(mkl_zget_size_compact(65536, 65536, MKL_COMPACT_SSE, 3) == 0, "get_size overflow");
    expect_error("mkl_zget_size_compact", 4, c, N, "get_size overflow");
    /* quick returns are not errors and write nothing */
    mkl_dgemm_compact(MKL_COL_MAJOR, MKL_NOTRANS, MKL_NOTRANS, 2, 2, 2, 1.0, a, 2, b, 2, 0.0, c, 2, MKL_COMPACT_AVX512, 0);
    mkl_dgemm_compact(MKL_COL_MAJOR, MKL_NOTRANS, MKL_NOTRANS, 0, 2, 2, 1.0, a, 1, b, 2, 0.0, c, 1, MKL_COMPACT_AVX512, 8);
    int ok = xe_calls == 0;
    for (size_t i = 0; i < N; i++)
        ok &= c[i] == 7;
    TU_CHECK(ok, "quick returns wrote or reported");
}

/* ---- MKL ---- */
static void open_mkl(void)
{
#if defined(__SANITIZE_ADDRESS__)
    /* the sanitizer runtime refuses RTLD_DEEPBIND, which MKL needs beside another BLAS */
    printf("test_compact: MKL interop skipped (sanitizer build)\n");
    return;
#endif
    char exe[4096], path[4096 + 64];
    const char *env = getenv("NB_MKL");
    const char *cands[4] = {env, ".venv/lib/libmkl_rt.so.3", "../.venv/lib/libmkl_rt.so.3", NULL};
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        snprintf(path, sizeof path, "%s/../../.venv/lib/libmkl_rt.so.3", dirname(exe));
        cands[3] = path;
    }
    for (int i = 0; i < 4 && !mkl; i++)
        if (cands[i] && access(cands[i], R_OK) == 0)
            mkl = dlopen(cands[i], RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!mkl || !dlsym(mkl, "mkl_dgemm_compact")) {
        printf("test_compact: MKL not found (set NB_MKL=/path/libmkl_rt.so): interop checks skipped\n");
        mkl = NULL;
        return;
    }
    void (*set_threads)(int) = (void (*)(int))dlsym(mkl, "MKL_Set_Num_Threads");
    if (set_threads)
        set_threads(1);
}

/* ---- MKL as a second opinion, never as the reference ----
   Every interop check first runs MKL alone on the same case and compares it with the reference
   here (the layout model, the plain loops). Where MKL itself is wrong (seen on AMD CPUs, where
   MKL runs other code paths than on Intel's), one note line says so and the case is not counted
   against nanoblas; nanoblas's own part of the case is still checked against the reference.
   Where MKL is right, any disagreement with nanoblas fails. */
static long mkl_notes;
static char cpu_text[200];
__attribute__((format(printf, 1, 2))) static void mkl_note(const char *fmt, ...)
{
    char what[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    mkl_notes++;
    printf("test_compact: note: MKL wrong on its own data for %s: not counted against nanoblas\n", what);
}

/* Layout interop: MKL's pack against the layout model and MKL's own round trip first; then our
   pack byte for byte equal to MKL's, our unpack of MKL's buffer, MKL's unpack of ours. */
static void test_pack_mkl(int t, int lay, int f)
{
    pack_case p = pack_random(t, lay, f);
    tu_buf mbuf, obuf, sb[64], db[64];
    void *apm = tu_alloc(&mbuf, p.total, rsize(t)), *apo = tu_alloc(&obuf, p.total, rsize(t));
    void *src[64], *dst[64];
    for (size_t i = 0; i < p.total; i++)
        setr(t, apm, i, -777), setr(t, apo, i, -777); /* the ld gaps must keep this */
    for (int q = 0; q < p.nm; q++) {
        src[q] = tu_alloc(&sb[q], p.msize, rsize(t));
        dst[q] = tu_alloc(&db[q], p.msize, rsize(t));
        for (size_t i = 0; i < p.msize; i++)
            setr(t, src[q], i, tu_rand());
    }
#define RESET_DST()                                                                               \
    for (int q = 0; q < p.nm; q++)                                                                \
        for (size_t i = 0; i < p.msize; i++)                                                      \
            setr(t, dst[q], i, -555);
    char d[160];
    snprintf(d, sizeof d, "%c lay %d %dx%d lda %d ldap %d fmt %d nm %d", tname[t], lay, p.rows, p.cols,
             p.lda, p.ldap, f, p.nm);
    /* MKL alone */
    pack(1, t, lay, p.rows, p.cols, src, p.lda, apm, p.ldap, f, p.nm);
    int mkl_pack = pack_bad(&p, src, apm) + !tu_guard_ok(&mbuf);
    RESET_DST();
    unpack(1, t, lay, p.rows, p.cols, dst, p.lda, apm, p.ldap, f, p.nm);
    int mkl_trip = unpack_bad(&p, dst, db, src, NULL);
    if (mkl_pack || mkl_trip)
        mkl_note("pack %s (MKL pack: %d values off the layout model, MKL's own round trip: %d wrong)", d,
                 mkl_pack, mkl_trip);
    /* ours, and ours with MKL's */
    pack(0, t, lay, p.rows, p.cols, src, p.lda, apo, p.ldap, f, p.nm);
    int bad = pack_bad(&p, src, apo);
    TU_CHECK(!bad && tu_guard_ok(&obuf), "our pack %s: %d wrong", d, bad);
    if (!mkl_pack)
        TU_CHECK(memcmp(apo, apm, p.total * rsize(t)) == 0, "our pack %s: not byte-identical to MKL's", d);
    RESET_DST();
    unpack(0, t, lay, p.rows, p.cols, dst, p.lda, apm, p.ldap, f, p.nm);
    bad = unpack_bad(&p, dst, db, src, apm); /* what MKL's buffer holds, right or wrong */
    TU_CHECK(!bad, "our unpack of MKL's packed buffer %s: %d wrong", d, bad);
    if (!mkl_pack && !mkl_trip) {
        RESET_DST();
        unpack(1, t, lay, p.rows, p.cols, dst, p.lda, apo, p.ldap, f, p.nm);
        bad = unpack_bad(&p, dst, db, src, NULL);
        TU_CHECK(!bad, "MKL's unpack of our packed buffer %s: %d wrong", d, bad);
    }
#undef RESET_DST
    for (int q = 0; q < p.nm; q++)
        tu_free(&sb[q]), tu_free(&db[q]);
    tu_free(&mbuf), tu_free(&obuf);
}

/* End to end across the libraries: pack A, B and C with one, compute with the other, unpack C
   with the first; compared with plain loops over the caller's matrices. */
static double complex plain(int t, int lay, const void *x, int ld, int r, int c)
{
    size_t i = (size_t)(lay == MKL_COL_MAJOR ? r + c * ld : r * ld + c) * (cplx(t) ? 2 : 1);
    return getr(t, x, i) + (cplx(t) ? I * getr(t, x, i + 1) : 0);
}

/* One chain on the caller's matrices A, B, C0 (C0 kept): pack with lib_pack, gemm with lib_gemm,
   unpack with lib_pack. Returns the number of wrong elements of C. */
static int chain_run(int t, const gemm_case *g, void *const *A, void *const *B, void *const *C0,
                     int lib_pack, int lib_gemm)
{
    int lay = g->lay, col = lay == MKL_COL_MAJOR, ta = g->ta != MKL_NOTRANS, tb = g->tb != MKL_NOTRANS, f = g->f;
    int ar = ta ? g->k : g->m, ac = ta ? g->m : g->k, br = tb ? g->n : g->k, bc = tb ? g->k : g->n;
    size_t nc = cplx(t) ? 2 : 1, es = rsize(t), sc = (size_t)g->ldc * (size_t)(col ? g->n : g->m) * nc;
    void *C[40];
    for (int q = 0; q < g->nm; q++)
        C[q] = malloc(sc * es), memcpy(C[q], C0[q], sc * es);
    void *ap = malloc((size_t)get_size(lib_pack, t, g->lda, col ? ac : ar, f, g->nm));
    void *bp = malloc((size_t)get_size(lib_pack, t, g->ldb, col ? bc : br, f, g->nm));
    void *cp = malloc((size_t)get_size(lib_pack, t, g->ldc, col ? g->n : g->m, f, g->nm));
    pack(lib_pack, t, lay, ar, ac, (void **)A, g->lda, ap, g->lda, f, g->nm);
    pack(lib_pack, t, lay, br, bc, (void **)B, g->ldb, bp, g->ldb, f, g->nm);
    pack(lib_pack, t, lay, g->m, g->n, C, g->ldc, cp, g->ldc, f, g->nm);
    gemm(lib_gemm, t, g, ap, bp, cp);
    unpack(lib_pack, t, lay, g->m, g->n, C, g->ldc, cp, g->ldc, f, g->nm);
    double complex al = g->alpha[0] + I * g->alpha[1], be = g->beta[0] + I * g->beta[1];
    double tol = (es == 4 ? 2e-6 : 4e-15) * (g->k + 4);
    int bad = 0;
    for (int q = 0; q < g->nm; q++) {
        for (int i = 0; i < g->m; i++)
            for (int j = 0; j < g->n; j++) {
                double complex sum = 0;
                for (int l = 0; l < g->k; l++) {
                    double complex x = ta ? plain(t, lay, A[q], g->lda, l, i) : plain(t, lay, A[q], g->lda, i, l);
                    double complex y = tb ? plain(t, lay, B[q], g->ldb, j, l) : plain(t, lay, B[q], g->ldb, l, j);
                    sum += (g->ta == MKL_CONJTRANS ? conj(x) : x) * (g->tb == MKL_CONJTRANS ? conj(y) : y);
                }
                double complex want = al * sum + be * plain(t, lay, C0[q], g->ldc, i, j);
                if (!cplx(t))
                    want = creal(want);
                bad += !tu_closez(plain(t, lay, C[q], g->ldc, i, j), want, tol, cabs(want) + 1);
            }
        free(C[q]);
    }
    free(ap), free(bp), free(cp);
    return bad;
}

/* lib_pack packs and unpacks, the other library computes. MKL's own chain (MKL pack, MKL gemm,
   MKL unpack) on the same case first: where it is wrong, a note, and our own chain instead. */
static void test_chain(int lib_pack, int t, int lay, int f)
{
    static const int trans[] = {MKL_NOTRANS, MKL_TRANS, MKL_CONJTRANS};
    gemm_case g = random_case(t, lay, trans[tu_randint(0, 2)], trans[tu_randint(0, 2)], f);
    g.m = tu_randint(1, 9), g.n = tu_randint(1, 9), g.k = tu_randint(1, 9), g.beta[0] = 0.5;
    int col = lay == MKL_COL_MAJOR, ta = g.ta != MKL_NOTRANS, tb = g.tb != MKL_NOTRANS;
    int ar = ta ? g.k : g.m, ac = ta ? g.m : g.k, br = tb ? g.n : g.k, bc = tb ? g.k : g.n;
    g.lda = (col ? ar : ac) + 1, g.ldb = (col ? br : bc) + 1, g.ldc = (col ? g.m : g.n) + 1;
    size_t nc = cplx(t) ? 2 : 1, es = rsize(t);
    size_t sa = (size_t)g.lda * (size_t)(col ? ac : ar) * nc, sb = (size_t)g.ldb * (size_t)(col ? bc : br) * nc;
    size_t sc = (size_t)g.ldc * (size_t)(col ? g.n : g.m) * nc;
    void *A[40], *B[40], *C0[40];
    for (int q = 0; q < g.nm; q++) {
        A[q] = malloc(sa * es), B[q] = malloc(sb * es), C0[q] = malloc(sc * es);
        for (size_t i = 0; i < sa; i++)
            setr(t, A[q], i, tu_rand());
        for (size_t i = 0; i < sb; i++)
            setr(t, B[q], i, tu_rand());
        for (size_t i = 0; i < sc; i++)
            setr(t, C0[q], i, tu_rand());
    }
    char d[160];
    snprintf(d, sizeof d, "%c lay %d ta %d tb %d %dx%dx%d fmt %d nm %d", tname[t], lay, g.ta, g.tb, g.m,
             g.n, g.k, f, g.nm);
    int mkl_bad = chain_run(t, &g, A, B, C0, 1, 1);
    int bad = chain_run(t, &g, A, B, C0, lib_pack, !lib_pack);
    if (!mkl_bad) {
        TU_CHECK(!bad, "chain %s pack, %s gemm: %s: %d wrong", lib_pack ? "MKL" : "our",
                 lib_pack ? "our" : "MKL", d, bad);
    } else {
        mkl_note("chain %s (MKL pack, MKL gemm, MKL unpack: %d wrong; %s pack, %s gemm: %d wrong)", d,
                 mkl_bad, lib_pack ? "MKL" : "our", lib_pack ? "our" : "MKL", bad);
        bad = chain_run(t, &g, A, B, C0, 0, 0);
        TU_CHECK(!bad, "chain our pack, our gemm: %s: %d wrong", d, bad);
    }
    for (int q = 0; q < g.nm; q++)
        free(A[q]), free(B[q]), free(C0[q]);
}

/* Our native format: one of MKL's three, the one of our kernel set's registers. Needs no MKL. */
static void test_format(void)
{
    const char *ks = nanoblas_get_kernel_set();
    int ours = mkl_get_format_compact(), want = 0;
    TU_CHECK(ours >= MKL_COMPACT_SSE && ours <= MKL_COMPACT_AVX512, "format %d is none of MKL's (kernel set %s)",
             ours, ks);
    if (!strcmp(ks, "avx512") || !strcmp(ks, "amx"))
        want = MKL_COMPACT_AVX512;
    else if (!strcmp(ks, "avx2"))
        want = MKL_COMPACT_AVX;
    else if (!strcmp(ks, "generic") || !strcmp(ks, "neon"))
        want = MKL_COMPACT_SSE;
#if defined(__aarch64__) && defined(PR_SVE_GET_VL)
    else if (!strcmp(ks, "sve")) { /* the vector length's: 16, 32, 64+ bytes */
        int vl = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);
        int bytes = vl < 0 ? 0 : vl & PR_SVE_VL_LEN_MASK;
        want = bytes >= 64 ? MKL_COMPACT_AVX512 : bytes >= 32 ? MKL_COMPACT_AVX : bytes ? MKL_COMPACT_SSE : 0;
    }
#endif
    if (want)
        TU_CHECK(ours == want, "format %d for kernel set %s, want %d", ours, ks, want);
}

static void test_mkl(void)
{
    /* The format: MKL's choice on this CPU may differ from ours (on AMD, MKL answers
       MKL_COMPACT_SSE whatever the vector width): reported, not a failure. Ours was checked by
       test_format against our kernel set. */
    const char *ks = nanoblas_get_kernel_set();
    int ours = mkl_get_format_compact(), theirs = CALL(1, mkl_get_format_compact);
    if (ours != theirs)
        printf("test_compact: note: MKL chooses format %d on this CPU (%s), nanoblas %d for its kernel set %s: "
               "a different choice, not a failure\n", theirs, cpu_text, ours, ks);
    /* get_size: the formula here, then MKL's answer */
    for (int t = 0; t < 4; t++)
        for (int f = MKL_COMPACT_SSE; f <= MKL_COMPACT_AVX512; f++)
            for (int nm = 0; nm <= 19; nm += 1 + nm / 4) {
                int ld = tu_randint(1, 9), sd = tu_randint(0, 9);
                size_t want = groups_of(t, f, nm) * lanes(t, f) * (size_t)ld * (size_t)sd * (cplx(t) ? 2 : 1) * rsize(t);
                int o = get_size(0, t, ld, sd, f, nm), m = get_size(1, t, ld, sd, f, nm);
                if ((size_t)m != want)
                    mkl_note("%c get_size(%d, %d, %d, %d) (MKL %d, want %zu)", tname[t], ld, sd, f, nm, m, want);
                TU_CHECK((size_t)o == want, "%c get_size(%d, %d, %d, %d): %d, want %zu (MKL %d)", tname[t], ld,
                         sd, f, nm, o, want, m);
            }
    static const int trans[] = {MKL_NOTRANS, MKL_TRANS, MKL_CONJTRANS};
    for (int t = 0; t < 4; t++)
        for (int lay = MKL_ROW_MAJOR; lay <= MKL_COL_MAJOR; lay++)
            for (int f = MKL_COMPACT_SSE; f <= MKL_COMPACT_AVX512; f++) {
                for (int rep = 0; rep < 2; rep++)
                    test_pack_mkl(t, lay, f);
                for (int rep = 0; rep < 2; rep++) {
                    test_chain(1, t, lay, f); /* MKL packs and unpacks, we compute */
                    test_chain(0, t, lay, f); /* the reverse */
                }
                /* both libraries computing on the same packed operands, laid out by the model: MKL
                   checked against the reference first (a note where it is wrong), ours always */
                for (int rep = 0; rep < 3; rep++) {
                    gemm_case g = random_case(t, lay, trans[tu_randint(0, 2)], trans[tu_randint(0, 2)], f);
                    if (g.beta[0] == 0 && g.beta[1] == 0)
                        g.beta[0] = 0.5; /* MKL may compute 0 * NaN in C's padding */
                    gemm_setup s;
                    setup(&s, t, &g);
                    gemm(1, t, &g, s.a, s.b, s.c);
                    int mkl_bad = gemm_bad(&s);
                    char d[200];
                    if (mkl_bad)
                        mkl_note("gemm %s (%d wrong)", gemm_desc(&s, d, sizeof d), mkl_bad);
                    memcpy(s.c, s.c0, s.ncv * rsize(t));
                    gemm(0, t, &g, s.a, s.b, s.c);
                    check_gemm(&s, "our gemm (on the layout MKL computed on)");
                    teardown(&s);
                }
            }
}

/* "AuthenticAMD family 25 model 1 (AMD EPYC)" from /proc/cpuinfo on x86; "aarch64, CPU
   implementer 0x41 part 0xd0c" on ARM (under qemu-user /proc/cpuinfo is the host's: not used). */
static void cpu_describe(char *buf, size_t len)
{
#if defined(__x86_64__) || defined(__i386__)
    static const char keys[4][16] = {"vendor_id", "model name", "cpu family", "model\t"};
#else
    static const char keys[4][20] = {"CPU implementer", "CPU part", "CPU variant", "CPU revision"};
#endif
    char line[512], vendor[64] = "", model[200] = "", fam[16] = "", mod[16] = "";
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f)) {
        char *v = strchr(line, ':');
        if (!v)
            continue;
        v += 1 + (v[1] == ' ');
        v[strcspn(v, "\n")] = 0;
        if (!strncmp(line, keys[0], strlen(keys[0])) && !vendor[0])
            snprintf(vendor, sizeof vendor, "%s", v);
        else if (!strncmp(line, keys[1], strlen(keys[1])) && !model[0])
            snprintf(model, sizeof model, "%s", v);
        else if (!strncmp(line, keys[2], strlen(keys[2])) && !fam[0])
            snprintf(fam, sizeof fam, "%s", v);
        else if (!strncmp(line, keys[3], strlen(keys[3])) && !mod[0])
            snprintf(mod, sizeof mod, "%s", v);
    }
    if (f)
        fclose(f);
#if defined(__x86_64__) || defined(__i386__)
    if (vendor[0])
        snprintf(buf, len, "%.40s family %.8s model %.8s (%.100s)", vendor, fam, mod, model);
#else
    if (vendor[0])
        snprintf(buf, len, "aarch64, CPU implementer %.16s part %.16s variant %.8s revision %.8s", vendor, model,
                 fam, mod);
#endif
    else
        snprintf(buf, len, "%s", "CPU not described by /proc/cpuinfo");
}

int main(void)
{
    tu_seed(20261123);
    for (int t = 0; t < 4; t++)
        for (int lay = MKL_ROW_MAJOR; lay <= MKL_COL_MAJOR; lay++)
            for (int f = MKL_COMPACT_SSE; f <= MKL_COMPACT_AVX512; f++)
                for (int rep = 0; rep < 4; rep++)
                    test_pack(t, lay, f);
    for (int t = 0; t < 4; t++) {
        test_gemm(t);
        test_threads(t);
    }
    test_errors();
    test_format();
    cpu_describe(cpu_text, sizeof cpu_text);
    open_mkl();
    if (mkl)
        test_mkl();
    char notes[96] = "";
    if (mkl && mkl_notes)
        snprintf(notes, sizeof notes, "; MKL wrong on its own data in %ld case(s), not counted", mkl_notes);
    printf("test_compact: %ld checks, %ld failed (kernel set %s, format %d%s%s; %s)\n", tu_checks,
           tu_failures, nanoblas_get_kernel_set(), (int)mkl_get_format_compact(),
           mkl ? ", MKL interop checked" : "", notes, cpu_text);
    return tu_failures != 0;
}
