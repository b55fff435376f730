/* bf16: the conversions bit-exact against scalar references (all 2^16 bf16 values, edge and
   random fp32 and fp64 values, ties, NaN), cblas_sbgemm / cblas_gemm_bf16bf16f32 / the
   pack-once API / sbgemm_ against a float64 reference on the widened inputs (all layouts and
   transposes, odd K, alpha/beta specials, NaN-poisoned C for beta = 0, guard zones), sbgemv and
   sbdot, and illegal arguments (reported, nothing written).

   Error bound of the GEMMs: every product of two bf16 values is exact in fp32 and the K-term
   sum is an fp32 sum, so |c - c_ref| <= gamma_K * |alpha| * sum_l |a_il b_lj| + eps32 * |beta c|
   with gamma_K = K * 2^-24 / (1 - K * 2^-24) (the standard bound for recursive summation); the
   test allows (K + 2) * 2^-24 relative to that sum. */
#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

/* ---- scalar references ---- */
static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* Nearest bf16 to a finite double, ties to even, by comparing distances to the two bf16 values
   around it (double arithmetic: the differences are exact, the values being close). */
static uint16_t ref_round(double d)
{
    if (isnan(d))
        return (uint16_t)((signbit(d) ? 0x8000 : 0) | 0x7fc0);
    double a = fabs(d);
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    if (a >= (double)u2f(0x7f7f8000u)) /* from halfway between the largest bf16 and 2^128 (a
                                            tie, to the even Inf) up: Inf */
        return (uint16_t)(sign | 0x7f80);
    /* lo: the largest bf16 <= a, by scanning the top bits of a's fp32 truncation */
    float t = (float)a;
    if ((double)t > a)
        t = nextafterf(t, 0);
    uint16_t lo = (uint16_t)(f2u(t) >> 16), hi = (uint16_t)(lo + 1);
    double dl = a - (double)u2f((uint32_t)lo << 16), dh = (double)u2f((uint32_t)hi << 16) - a;
    uint16_t r = dl < dh ? lo : dh < dl ? hi : (lo & 1 ? hi : lo);
    return (uint16_t)(sign | r);
}

static void test_conversions(void)
{
    /* widening: all 2^16 values, exact; and back again unchanged (NaNs become quiet) */
    long bad = 0;
    for (uint32_t h = 0; h < 65536; h++) {
        uint16_t in = (uint16_t)h, back;
        float f;
        double d;
        cblas_sbf16tos(1, &in, 1, &f, 1);
        cblas_dbf16tod(1, &in, 1, &d, 1);
        bad += f2u(f) != h << 16;
        bad += !(d == (double)u2f(h << 16) || (isnan(d) && isnan(f)));
        cblas_sbstobf16(1, &f, 1, &back, 1);
        int nan = (h & 0x7fff) > 0x7f80;
        bad += nan ? back != (in | 0x0040) : back != in;
        cblas_sbdtobf16(1, &d, 1, &back, 1);
        bad += nan ? ((back & 0x7fff) <= 0x7f80 || (back & 0x8000) != (in & 0x8000)) : back != in;
    }
    TU_CHECK(bad == 0, "bf16 -> fp32/fp64 -> bf16 over all 2^16 values: %ld wrong", bad);

    /* fp32 -> bf16: edge values, every tie pattern and random bits */
    uint32_t edge[] = {0, 0x80000000u, 1, 0x807fffffu, 0x00008000u, 0x00018000u, 0x00017fffu,
                       0x3f808000u, 0x3f818000u, 0x3f80ffffu, 0x7f7fffffu, 0x7f7f7fffu, 0x7f7f8000u,
                       0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u, 0xff812345u, 0x007fffffu};
    bad = 0;
    for (size_t i = 0; i < sizeof edge / sizeof edge[0] + 2000000; i++) {
        uint32_t u = i < sizeof edge / sizeof edge[0] ? edge[i] : (uint32_t)tu_next();
        if (i >= sizeof edge / sizeof edge[0] && i % 4 == 0)
            u = (u & 0xffff0000u) | 0x8000u; /* an exact tie */
        float f = u2f(u);
        uint16_t got;
        cblas_sbstobf16(1, &f, 1, &got, 1);
        uint16_t want = isnan(f) ? (uint16_t)((u >> 16) | 0x40) : ref_round((double)f);
        if (isinf(f))
            want = (uint16_t)(u >> 16);
        if (got != want && bad++ < 5)
            fprintf(stderr, "fp32 %08x -> bf16 %04x, want %04x\n", u, got, want);
    }
    TU_CHECK(bad == 0, "fp32 -> bf16: %ld wrong", bad);

    /* fp64 -> bf16, one rounding: random doubles, values just above and below fp32 ties (a
       double rounding through fp32 would land on the tie and round it to even) */
    bad = 0;
    for (int i = 0; i < 2000000; i++) {
        double d;
        if (i % 3 == 0) {
            uint64_t u = tu_next();
            memcpy(&d, &u, 8);
            if (!isfinite(d) || fabs(d) > 1e39 || (fabs(d) < 1e-40 && d != 0))
                d = tu_rand() * 1e3;
        } else {
            /* a bf16 tie point t and t +- a tiny amount below fp32's resolution */
            uint32_t t = ((uint32_t)tu_next() & 0x7f7f0000u) | 0x8000u;
            double tie = (double)u2f(t);
            d = tie * (1 + (i % 3 == 1 ? 1 : -1) * 0x1p-40);
            if (tu_next() & 1)
                d = -d;
        }
        uint16_t got;
        cblas_sbdtobf16(1, &d, 1, &got, 1);
        uint16_t want = ref_round(d);
        if (got != want && bad++ < 5)
            fprintf(stderr, "fp64 %.17g -> bf16 %04x, want %04x\n", d, got, want);
    }
    double specials[] = {0.0, -0.0, INFINITY, -INFINITY, 1e300, -1e300, 1e-300, -1e-300, 3.4e38};
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        uint16_t got;
        cblas_sbdtobf16(1, &specials[i], 1, &got, 1);
        uint16_t want = isinf(specials[i]) || fabs(specials[i]) > 3.4e38
                            ? (uint16_t)(signbit(specials[i]) ? 0xff80 : 0x7f80)
                            : ref_round(specials[i]);
        bad += got != want;
    }
    double qn = NAN, sn;
    uint64_t snb = 0x7ff0000000000001ull;
    memcpy(&sn, &snb, 8);
    uint16_t g1, g2;
    cblas_sbdtobf16(1, &qn, 1, &g1, 1);
    cblas_sbdtobf16(1, &sn, 1, &g2, 1);
    bad += (g1 & 0x7fc0) != 0x7fc0 || (g2 & 0x7fc0) != 0x7fc0;
    TU_CHECK(bad == 0, "fp64 -> bf16: %ld wrong", bad);

    /* strides, negative ones walking from the end as in BLAS */
    float src[6] = {1, 2, 3, 4, 5, 6};
    uint16_t dst[6] = {0};
    cblas_sbstobf16(3, src, 2, dst, -2); /* src 1, 3, 5 -> dst[4], dst[2], dst[0] */
    TU_CHECK(dst[4] == 0x3f80 && dst[2] == 0x4040 && dst[0] == 0x40a0 && dst[1] == 0,
             "strided conversion: %04x %04x %04x", dst[4], dst[2], dst[0]);
}

/* ---- GEMM ---- */
static uint16_t rnd_bf16(void)
{
    float f = (float)tu_rand() * 4;
    uint16_t h;
    cblas_sbstobf16(1, &f, 1, &h, 1);
    return h;
}
static double wid(uint16_t h) { return (double)u2f((uint32_t)h << 16); }

enum { API_OPENBLAS, API_MKL, API_MKL_PACKED, API_FORTRAN };
void sbgemm_(const char *, const char *, const int *, const int *, const int *, const float *,
             const uint16_t *, const int *, const uint16_t *, const int *, const float *, float *,
             const int *, size_t, size_t);

/* One random problem through one interface; checks every element against the float64 reference
   with the documented bound, and the guard zones. */
static void gemm_case(int api, int row, int ta, int tb, int m, int n, int k, float alpha, float beta)
{
    if (api == API_FORTRAN)
        row = 0;
    int ar = row ? (ta ? k : m) : (ta ? k : m), ac = ta ? m : k; /* op(A) m x k stored */
    int br = tb ? n : k, bc = tb ? k : n;
    /* stored shapes: column-major X stored r x c with ld >= r; row-major stored r x c, ld >= c */
    int lda = (row ? ac : ar) + tu_randint(0, 3), ldb = (row ? bc : br) + tu_randint(0, 3);
    int ldc = (row ? n : m) + tu_randint(0, 3);
    lda = lda < 1 ? 1 : lda, ldb = ldb < 1 ? 1 : ldb, ldc = ldc < 1 ? 1 : ldc;
    size_t asz = (size_t)lda * (row ? ar : ac), bsz = (size_t)ldb * (row ? br : bc);
    size_t csz = (size_t)ldc * (row ? m : n);
    uint16_t *a = malloc((asz + 1) * 2), *b = malloc((bsz + 1) * 2);
    tu_buf cb;
    float *c = tu_alloc(&cb, csz + 1, sizeof(float));
    float *c0 = malloc((csz + 1) * sizeof(float));
    for (size_t i = 0; i < asz; i++)
        a[i] = rnd_bf16();
    for (size_t i = 0; i < bsz; i++)
        b[i] = rnd_bf16();
    for (size_t i = 0; i < csz; i++)
        c0[i] = beta == 0 ? NAN : (float)tu_rand();
    memcpy(c, c0, csz * sizeof(float));
    /* element (i, l) of op(A), (l, j) of op(B), (i, j) of C */
#define AOP(i, l) (row ? (ta ? a[(size_t)(l) * lda + (i)] : a[(size_t)(i) * lda + (l)]) \
                       : (ta ? a[(l) + (size_t)(i) * lda] : a[(i) + (size_t)(l) * lda]))
#define BOP(l, j) (row ? (tb ? b[(size_t)(j) * ldb + (l)] : b[(size_t)(l) * ldb + (j)]) \
                       : (tb ? b[(j) + (size_t)(l) * ldb] : b[(l) + (size_t)(j) * ldb]))
#define CIDX(i, j) (row ? (size_t)(i) * ldc + (j) : (i) + (size_t)(j) * ldc)
    CBLAS_LAYOUT lay = row ? CblasRowMajor : CblasColMajor;
    CBLAS_TRANSPOSE tra = ta ? CblasTrans : CblasNoTrans, trb = tb ? CblasTrans : CblasNoTrans;
    if (api == API_OPENBLAS)
        cblas_sbgemm(lay, tra, trb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    else if (api == API_MKL)
        cblas_gemm_bf16bf16f32(lay, tra, trb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    else if (api == API_FORTRAN) {
        char cta = ta ? 'T' : 'N', ctb = tb ? 'T' : 'N';
        sbgemm_(&cta, &ctb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    } else {
        /* pack whichever operands the case says (both, A only or B only) */
        int pa = tu_randint(0, 2) != 1, pb = !pa || tu_randint(0, 1);
        uint16_t *ap = NULL, *bp = NULL;
        if (pa) {
            ap = malloc(cblas_gemm_bf16bf16f32_pack_get_size(CblasAMatrix, m, n, k));
            cblas_gemm_bf16bf16f32_pack(lay, CblasAMatrix, tra, m, n, k, a, lda, ap);
        }
        if (pb) {
            bp = malloc(cblas_gemm_bf16bf16f32_pack_get_size(CblasBMatrix, m, n, k));
            cblas_gemm_bf16bf16f32_pack(lay, CblasBMatrix, trb, m, n, k, b, ldb, bp);
        }
        cblas_gemm_bf16bf16f32_compute(lay, pa ? CblasPacked : (int)tra, pb ? CblasPacked : (int)trb,
                                       m, n, k, alpha, pa ? ap : a, lda, pb ? bp : b, ldb, beta, c,
                                       ldc);
        free(ap), free(bp);
    }
    long bad = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0, mag = 0;
            for (int l = 0; l < k; l++) {
                double p = wid(AOP(i, l)) * wid(BOP(l, j));
                s += p, mag += fabs(p);
            }
            double cv = c0[CIDX(i, j)];
            double want = beta == 0 ? alpha * s : alpha * s + beta * cv;
            double tol = (k + 2) * 0x1p-24 * fabs(alpha) * mag + 0x1p-23 * fabs(beta == 0 ? 0 : beta * cv);
            double got = c[CIDX(i, j)];
            if (!(fabs(got - want) <= tol) && bad++ < 3)
                fprintf(stderr, "api %d %s %c%c %dx%dx%d alpha %g beta %g (%d,%d): %.9g vs %.9g\n", api,
                        row ? "row" : "col", "NT"[ta], "NT"[tb], m, n, k, alpha, beta, i, j, got, want);
        }
    /* the padding of C (between rows/columns) is untouched */
    for (int p = 0; p < (row ? m : n); p++)
        for (int q = row ? n : m; q < ldc; q++)
            bad += f2u(c[(size_t)p * ldc + q]) != f2u(c0[(size_t)p * ldc + q]);
    TU_CHECK(bad == 0 && tu_guard_ok(&cb), "bf16 gemm api %d %s %c%c %dx%dx%d: %ld bad", api,
             row ? "row" : "col", "NT"[ta], "NT"[tb], m, n, k, bad);
    free(a), free(b), free(c0);
    tu_free(&cb);
}

static void test_gemm(void)
{
    static const int dims[] = {0, 1, 2, 3, 7, 15, 16, 17, 31, 33, 63, 64, 65, 100, 129};
    const int nd = sizeof dims / sizeof dims[0];
    static const float alphas[] = {1, -0.5f, 0, 2}, betas[] = {0, 1, -1.5f, 0.25f};
    for (int r = 0; r < tu_reps(600); r++) {
        int api = r % 4, row = tu_randint(0, 1), ta = tu_randint(0, 1), tb = tu_randint(0, 1);
        int m = dims[tu_randint(0, nd - 1)], n = dims[tu_randint(0, nd - 1)];
        int k = r % 5 == 0 ? tu_randint(1, 9) * 2 + 1 : dims[tu_randint(0, nd - 1)]; /* odd K */
        gemm_case(api, row, ta, tb, m, n, k, alphas[tu_randint(0, 3)], betas[tu_randint(0, 3)]);
    }
    /* large enough for the blocked engine and its threads */
    gemm_case(API_OPENBLAS, 0, 0, 0, 300, 257, tu_size(700, 150), 1, 0);
    gemm_case(API_MKL, 1, 1, 0, 211, 333, tu_size(1029, 130), 0.5f, 1);
    gemm_case(API_MKL_PACKED, 0, 1, 1, 260, 190, tu_size(515, 130), 1, -1);
    /* more rows than one AMX row block (B packed up front, not streamed), and n <= 32 (A
       streamed) */
    gemm_case(API_OPENBLAS, 0, 1, 0, 600, 131, tu_size(1100, 150), 1, 0.5f);
    gemm_case(API_OPENBLAS, 1, 0, 1, 700, 20, 333, -1, 0);
    gemm_case(API_MKL, 0, 0, 0, 3001, 17, tu_size(1000, 150), 1, 2); /* n-skinny, rows split across a team */
}

/* ---- sbgemv, sbdot ---- */
static void test_level12(void)
{
    long bad = 0;
    for (int r = 0; r < tu_reps(200); r++) {
        int row = tu_randint(0, 1), t = tu_randint(0, 1);
        int m = tu_randint(0, 70), n = tu_randint(0, 70), lda = (row ? n : m) + tu_randint(1, 3);
        int incx = tu_randint(0, 1) ? 1 : -2, incy = tu_randint(0, 1) ? 1 : 3;
        int lenx = t ? m : n, leny = t ? n : m;
        uint16_t *a = malloc(((size_t)lda * (row ? m : n) + 1) * 2);
        uint16_t *x = malloc(((size_t)lenx * abs(incx) + 1) * 2);
        float *y = malloc(((size_t)leny * abs(incy) + 1) * 4), *y0 = malloc(((size_t)leny * abs(incy) + 1) * 4);
        for (size_t i = 0; i < (size_t)lda * (row ? m : n); i++)
            a[i] = rnd_bf16();
        for (size_t i = 0; i < (size_t)lenx * abs(incx); i++)
            x[i] = rnd_bf16();
        float beta = r % 3 == 0 ? 0 : 0.5f, alpha = r % 7 == 0 ? 0 : 1.25f;
        for (size_t i = 0; i < (size_t)leny * abs(incy); i++)
            y0[i] = beta == 0 ? NAN : (float)tu_rand();
        memcpy(y, y0, (size_t)leny * abs(incy) * 4);
        cblas_sbgemv(row ? CblasRowMajor : CblasColMajor, t ? CblasTrans : CblasNoTrans, m, n, alpha, a,
                     lda, x, incx, beta, y, incy);
        for (int i = 0; i < leny; i++) {
            double s = 0, mag = 0;
            for (int l = 0; l < lenx; l++) {
                /* op(A)(i, l) */
                int ri = t ? l : i, ci = t ? i : l; /* A(ri, ci) */
                double av = wid(row ? a[(size_t)ri * lda + ci] : a[ri + (size_t)ci * lda]);
                double p = av * wid(x[(incx > 0 ? l : lenx - 1 - l) * abs(incx)]);
                s += p, mag += fabs(p);
            }
            size_t yi = (size_t)(incy > 0 ? i : leny - 1 - i) * abs(incy);
            double want = alpha * s + (beta == 0 ? 0 : beta * y0[yi]);
            if (m == 0 || n == 0)
                want = y0[yi]; /* quick return: y untouched */
            int ok = (isnan(want) && isnan(y[yi])) || fabs(y[yi] - want) <= (lenx + 2) * 0x1p-24 * fabs(alpha) * mag + 0x1p-23 * fabs(want);
            if (!ok && bad++ < 3)
                fprintf(stderr, "sbgemv %s %c %dx%d inc %d,%d alpha %g beta %g: y[%d] %g vs %g\n",
                        row ? "row" : "col", "NT"[t], m, n, incx, incy, alpha, beta, i, y[yi], want);
        }
        free(a), free(x), free(y), free(y0);
    }
    TU_CHECK(bad == 0, "sbgemv: %ld wrong elements", bad);
    uint16_t x[50], y[50];
    double s = 0;
    for (int i = 0; i < 50; i++)
        x[i] = rnd_bf16(), y[i] = rnd_bf16();
    for (int i = 0; i < 25; i++)
        s += wid(x[2 * i]) * wid(y[49 - i]);
    float d = cblas_sbdot(25, x, 2, y + 25, -1);
    TU_CHECK(fabs(d - s) <= 30 * 0x1p-24 * 25 * 16, "sbdot: %g vs %g", d, s);
}

/* ---- illegal arguments: reported with the routine and position, nothing written ---- */
static int xe_calls, xe_info;
static char xe_rout[40];
void cblas_xerbla(int info, const char *rout, const char *form, ...)
{
    (void)form;
    xe_calls++;
    xe_info = info;
    snprintf(xe_rout, sizeof xe_rout, "%s", rout);
}
static int xe_fortran_info;
static char xe_fortran_name[8];
void xerbla_(const char *name, const int *info, size_t len)
{
    xe_fortran_info = *info;
    memcpy(xe_fortran_name, name, len < 7 ? len : 7);
}

static void test_errors(void)
{
    uint16_t a[64] = {0}, b[64] = {0};
    float c[64];
    for (int i = 0; i < 64; i++)
        c[i] = 7;
    struct {
        int layout, ta, tb, m, n, k, lda, ldb, ldc, want;
    } cases[] = {
        {0, CblasNoTrans, CblasNoTrans, 2, 2, 2, 2, 2, 2, 1},
        {CblasColMajor, 0, CblasNoTrans, 2, 2, 2, 2, 2, 2, 2},
        {CblasColMajor, CblasNoTrans, 7, 2, 2, 2, 2, 2, 2, 3},
        {CblasColMajor, CblasNoTrans, CblasNoTrans, -1, 2, 2, 2, 2, 2, 4},
        {CblasColMajor, CblasNoTrans, CblasNoTrans, 2, -1, 2, 2, 2, 2, 5},
        {CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, -1, 2, 2, 2, 6},
        {CblasColMajor, CblasNoTrans, CblasNoTrans, 4, 2, 2, 3, 4, 4, 9},
        /* row-major lda: the raw number of the exchanged column-major call, as cblas_dgemm
           passes it with RowMajorStrg set (netlib's cblas_xerbla maps it back to 9) */
        {CblasRowMajor, CblasNoTrans, CblasNoTrans, 4, 2, 3, 2, 2, 2, 11},
        {CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 4, 2, 3, 2, 11},
        {CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 3, 2, 2, 3, 2, 14},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int api = 0; api < 3; api++) {
            xe_calls = 0;
            if (api == 0)
                cblas_sbgemm(cases[i].layout, cases[i].ta, cases[i].tb, cases[i].m, cases[i].n,
                             cases[i].k, 1, a, cases[i].lda, b, cases[i].ldb, 0, c, cases[i].ldc);
            else if (api == 1)
                cblas_gemm_bf16bf16f32(cases[i].layout, cases[i].ta, cases[i].tb, cases[i].m,
                                       cases[i].n, cases[i].k, 1, a, cases[i].lda, b, cases[i].ldb, 0,
                                       c, cases[i].ldc);
            else
                cblas_gemm_bf16bf16f32_compute(cases[i].layout, cases[i].ta, cases[i].tb, cases[i].m,
                                               cases[i].n, cases[i].k, 1, a, cases[i].lda, b,
                                               cases[i].ldb, 0, c, cases[i].ldc);
            TU_CHECK(xe_calls == 1 && xe_info == cases[i].want, "case %zu api %d: %d calls, position %d (%s), want %d",
                     i, api, xe_calls, xe_info, xe_rout, cases[i].want);
        }
    /* a packed buffer of another shape is refused */
    uint16_t *ap = malloc(cblas_gemm_bf16bf16f32_pack_get_size(CblasAMatrix, 3, 3, 3));
    cblas_gemm_bf16bf16f32_pack(CblasColMajor, CblasAMatrix, CblasNoTrans, 3, 3, 3, a, 3, ap);
    xe_calls = 0;
    cblas_gemm_bf16bf16f32_compute(CblasColMajor, CblasPacked, CblasNoTrans, 4, 3, 3, 1, ap, 4, b, 3,
                                   0, c, 4);
    TU_CHECK(xe_calls == 1 && xe_info == 8, "mismatched packed A: %d calls, position %d", xe_calls, xe_info);
    free(ap);
    xe_calls = 0;
    cblas_sbgemv(CblasColMajor, CblasNoTrans, 3, 2, 1, a, 2, b, 1, 0, c, 1);
    TU_CHECK(xe_calls == 1 && xe_info == 7, "sbgemv lda: position %d", xe_info);
    int m = 2, n = -1, k = 2, ld = 2;
    float one = 1;
    char t = 'N';
    sbgemm_(&t, &t, &m, &n, &k, &one, a, &ld, b, &ld, &one, c, &ld, 1, 1);
    TU_CHECK(xe_fortran_info == 4 && memcmp(xe_fortran_name, "SBGEMM", 6) == 0, "sbgemm_ n < 0: %d %.6s",
             xe_fortran_info, xe_fortran_name);
    long touched = 0;
    for (int i = 0; i < 64; i++)
        touched += c[i] != 7;
    TU_CHECK(touched == 0, "illegal calls wrote %ld elements of C", touched);
}

int main(void)
{
    tu_seed(16);
    const char *deny = getenv("NANOBLAS_AMX_DENY");
    if (deny && *deny == '1')
        TU_CHECK(strcmp(nanoblas_get_kernel_set(), "amx") != 0 &&
                     strstr(nanoblas_get_config(), "amx permission: refused"),
                 "AMX permission refused, yet kernel set %s", nanoblas_get_kernel_set());
    test_conversions();
    test_level12();
    test_gemm();
    test_errors();
    const char *cfg = strstr(nanoblas_get_config(), "bf16 gemm: ");
    int len = cfg ? (int)strcspn(cfg, "\n") : 0;
    printf("test_bf16: %ld checks, %ld failed (kernel set %s, %.*s)\n", tu_checks, tu_failures,
           nanoblas_get_kernel_set(), len, cfg ? cfg : "");
    return tu_failures != 0;
}
