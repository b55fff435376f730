/* Batch-reduce GEMM (nanoblas_{s,d,sb}brgemm, _offset, _strided) against a float64 reference:
   both layouts, every transpose, count 0 / 1 / many, m, n, k in {0, 1, odd, large-ish}, leading
   dimensions above the minimum, blocks that repeat (the same pointer, stride 0, overlapping
   strides, negative offsets from a base in the middle of the data), alpha/beta specials with
   NaN-poisoned C for beta == 0, guard zones around C and untouched padding, inputs unchanged,
   results independent of the thread count, and illegal arguments (cblas_xerbla with the routine
   name and position, nothing written).

   Error bound: every element is a sum of count*k products, plus one rounding of C per group of
   blocks when the operands are reduced in groups (at most count of them), so
   |c - c_ref| <= (count*(k+1) + 2) u |alpha| sum |a b| + (count + 2) u |beta c| with u the unit
   roundoff of the accumulation type (fp32 for s and bf16: bf16 products are exact in fp32). */
#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

enum { TS, TD, TB }; /* float, double, bf16 (fp32 C) */
enum { FADDR, FOFF, FSTRIDE };
static const char *tname[] = {"s", "d", "sb"}, *fname[] = {"addr", "offset", "strided"};

static uint16_t to_bf16(float f)
{
    uint16_t h;
    cblas_sbstobf16(1, &f, 1, &h, 1);
    return h;
}
static float from_bf16(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static size_t esz(int t) { return t == TS ? 4 : t == TD ? 8 : 2; }
static double get(int t, const void *p, size_t i)
{
    return t == TS ? ((const float *)p)[i] : t == TD ? ((const double *)p)[i]
                                                     : from_bf16(((const uint16_t *)p)[i]);
}
static void put(int t, void *p, size_t i, double v)
{
    if (t == TS)
        ((float *)p)[i] = (float)v;
    else if (t == TD)
        ((double *)p)[i] = v;
    else
        ((uint16_t *)p)[i] = to_bf16((float)v);
}

/* One operand's blocks: `pool` holds the data; block i starts at element start[i] of it. */
typedef struct {
    unsigned char *pool;
    size_t pool_n;
    long long *start;
} blocks;

/* Lays out `count` blocks of sz elements: distinct (with gaps), repeated (some blocks used
   twice), stride 0 or overlapping (strided form only). Returns the stride for the strided form. */
static long long layout_blocks(int t, int form, int alias, size_t sz, int count, blocks *bl)
{
    bl->start = malloc(((size_t)count + 1) * sizeof(long long));
    long long stride = (long long)sz + tu_randint(0, 3);
    if (alias == 1 && form == FSTRIDE)
        stride = 0;
    else if (alias == 2 && form == FSTRIDE)
        stride = sz > 2 ? (long long)sz / 2 : 1; /* overlapping blocks */
    size_t maxend = sz;
    for (int i = 0; i < count; i++) {
        long long s = (long long)i * stride;
        if (form != FSTRIDE && alias && i > 0 && tu_randint(0, 2) == 0)
            s = bl->start[tu_randint(0, i - 1)]; /* the same block again */
        bl->start[i] = s;
        if ((size_t)s + sz > maxend)
            maxend = (size_t)s + sz;
    }
    bl->pool_n = maxend + 1;
    bl->pool = malloc(bl->pool_n * esz(t));
    for (size_t i = 0; i < bl->pool_n; i++)
        put(t, bl->pool, i, tu_rand() * 2);
    return stride;
}

static int xe_calls, xe_info;
static char xe_rout[64];
void cblas_xerbla(int info, const char *rout, const char *form, ...)
{
    (void)form;
    xe_calls++;
    xe_info = info;
    snprintf(xe_rout, sizeof xe_rout, "%s", rout);
}

/* Calls routine (t, form) with everything explicit (the error tests pass illegal values). */
static void call(int t, int form, int lay, int ta, int tb, int m, int n, int k, double alpha,
                 const void *const *ap, const void *a, const long long *aoff, int lda, long long sa,
                 const void *const *bp, const void *b, const long long *boff, int ldb,
                 long long sb, double beta, void *c, int ldc, int count)
{
    CBLAS_LAYOUT L = (CBLAS_LAYOUT)lay;
    CBLAS_TRANSPOSE A = (CBLAS_TRANSPOSE)ta, B = (CBLAS_TRANSPOSE)tb;
    float fa = (float)alpha, fb = (float)beta;
    if (t == TS) {
        if (form == FADDR)
            nanoblas_sbrgemm(L, A, B, m, n, k, fa, (const float *const *)ap, lda,
                             (const float *const *)bp, ldb, fb, c, ldc, count);
        else if (form == FOFF)
            nanoblas_sbrgemm_offset(L, A, B, m, n, k, fa, a, aoff, lda, b, boff, ldb, fb, c, ldc,
                                    count);
        else
            nanoblas_sbrgemm_strided(L, A, B, m, n, k, fa, a, lda, sa, b, ldb, sb, fb, c, ldc,
                                     count);
    } else if (t == TD) {
        if (form == FADDR)
            nanoblas_dbrgemm(L, A, B, m, n, k, alpha, (const double *const *)ap, lda,
                             (const double *const *)bp, ldb, beta, c, ldc, count);
        else if (form == FOFF)
            nanoblas_dbrgemm_offset(L, A, B, m, n, k, alpha, a, aoff, lda, b, boff, ldb, beta, c,
                                    ldc, count);
        else
            nanoblas_dbrgemm_strided(L, A, B, m, n, k, alpha, a, lda, sa, b, ldb, sb, beta, c,
                                     ldc, count);
    } else {
        if (form == FADDR)
            nanoblas_sbbrgemm(L, A, B, m, n, k, fa, (const bfloat16 *const *)ap, lda,
                              (const bfloat16 *const *)bp, ldb, fb, c, ldc, count);
        else if (form == FOFF)
            nanoblas_sbbrgemm_offset(L, A, B, m, n, k, fa, a, aoff, lda, b, boff, ldb, fb, c, ldc,
                                     count);
        else
            nanoblas_sbbrgemm_strided(L, A, B, m, n, k, fa, a, lda, sa, b, ldb, sb, fb, c, ldc,
                                      count);
    }
}

/* One random problem; returns 1 if every check passed. out (optional) receives C. */
static int brg_case(int t, int form, int row, int ta, int tb, int m, int n, int k, int count,
                    double alpha, double beta, int alias, void *out)
{
    /* stored A: op N m x k, T k x m; column-major (r, c) at r + c*ld, row-major at r*ld + c */
    int ar = ta ? k : m, ac = ta ? m : k, br = tb ? n : k, bc = tb ? k : n;
    int lda = (row ? ac : ar) + tu_randint(0, 2), ldb = (row ? bc : br) + tu_randint(0, 2);
    int ldc = (row ? n : m) + tu_randint(0, 2);
    lda = lda < 1 ? 1 : lda, ldb = ldb < 1 ? 1 : ldb, ldc = ldc < 1 ? 1 : ldc;
    size_t asz = (size_t)lda * (size_t)(row ? ar : ac), bsz = (size_t)ldb * (size_t)(row ? br : bc);
    asz = asz ? asz : 1, bsz = bsz ? bsz : 1;
    blocks A, B;
    long long sa = layout_blocks(t, form, alias, asz, count, &A);
    long long sb = layout_blocks(t, form, alias, bsz, count, &B);
    int ct = t == TD ? TD : TS; /* C's type */
    size_t csz = (size_t)ldc * (size_t)(row ? m : n);
    tu_buf cb;
    void *c = tu_alloc(&cb, csz + 1, esz(ct));
    double *c0 = malloc((csz + 1) * sizeof(double));
    for (size_t i = 0; i < csz; i++) {
        c0[i] = beta == 0 ? NAN : tu_rand();
        put(ct, c, i, c0[i]);
        c0[i] = get(ct, c, i);
    }
    unsigned char *acopy = malloc(A.pool_n * esz(t)), *bcopy = malloc(B.pool_n * esz(t));
    memcpy(acopy, A.pool, A.pool_n * esz(t));
    memcpy(bcopy, B.pool, B.pool_n * esz(t));
    /* the three forms' arguments: pointers; offsets from a base in the middle (negative ones) */
    const void **ap = malloc(((size_t)count + 1) * sizeof(void *));
    const void **bp = malloc(((size_t)count + 1) * sizeof(void *));
    long long *aoff = malloc(((size_t)count + 1) * sizeof(long long));
    long long *boff = malloc(((size_t)count + 1) * sizeof(long long));
    size_t amid = A.pool_n / 2, bmid = B.pool_n / 2;
    for (int i = 0; i < count; i++) {
        ap[i] = A.pool + (size_t)A.start[i] * esz(t);
        bp[i] = B.pool + (size_t)B.start[i] * esz(t);
        aoff[i] = A.start[i] - (long long)amid;
        boff[i] = B.start[i] - (long long)bmid;
    }
    call(t, form, row ? CblasRowMajor : CblasColMajor, ta ? (tu_randint(0, 1) ? CblasTrans : CblasConjTrans) : CblasNoTrans,
         tb ? CblasTrans : CblasNoTrans, m, n, k, alpha, ap, form == FOFF ? A.pool + amid * esz(t) : A.pool,
         aoff, lda, sa, bp, form == FOFF ? B.pool + bmid * esz(t) : B.pool, boff, ldb, sb, beta,
         c, ldc, count);

    double u = t == TD ? 0x1p-53 : 0x1p-24;
    long bad = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double s = 0, mag = 0;
            for (int q = 0; q < count; q++) {
                size_t a0 = (size_t)A.start[q], b0 = (size_t)B.start[q];
                for (int l = 0; l < k; l++) {
                    int r1 = ta ? l : i, c1 = ta ? i : l, r2 = tb ? j : l, c2 = tb ? l : j;
                    size_t ia = row ? (size_t)r1 * lda + c1 : r1 + (size_t)c1 * lda;
                    size_t ib = row ? (size_t)r2 * ldb + c2 : r2 + (size_t)c2 * ldb;
                    double p = get(t, A.pool, a0 + ia) * get(t, B.pool, b0 + ib);
                    s += p, mag += fabs(p);
                }
            }
            size_t ic = row ? (size_t)i * ldc + j : i + (size_t)j * ldc;
            double want = alpha * s + (beta == 0 ? 0 : beta * c0[ic]);
            if (beta == 1 && (alpha == 0 || k == 0 || count == 0))
                want = c0[ic];
            double tol = ((double)count * (k + 1) + 2) * u * fabs(alpha) * mag +
                         (count + 2) * u * fabs(beta == 0 ? 0 : beta * c0[ic]);
            double got = get(ct, c, ic);
            if (!(fabs(got - want) <= tol) && bad++ < 3)
                fprintf(stderr, "%s %s %s %c%c %dx%dx%d count %d alias %d alpha %g beta %g (%d,%d): %.17g vs %.17g\n",
                        tname[t], fname[form], row ? "row" : "col", "NT"[ta], "NT"[tb], m, n, k,
                        count, alias, alpha, beta, i, j, got, want);
        }
    /* padding of C untouched (bitwise), inputs unchanged */
    for (int p = 0; p < (row ? m : n); p++)
        for (int q = row ? n : m; q < ldc; q++) {
            size_t ic = (size_t)p * ldc + q;
            double got = get(ct, c, ic);
            bad += !(got == c0[ic] || (isnan(got) && isnan(c0[ic])));
        }
    bad += memcmp(acopy, A.pool, A.pool_n * esz(t)) != 0;
    bad += memcmp(bcopy, B.pool, B.pool_n * esz(t)) != 0;
    int ok = TU_CHECK(bad == 0 && tu_guard_ok(&cb), "%s %s %s %c%c %dx%dx%d count %d alias %d alpha %g beta %g: %ld bad",
                      tname[t], fname[form], row ? "row" : "col", "NT"[ta], "NT"[tb], m, n, k, count,
                      alias, alpha, beta, bad);
    if (out)
        memcpy(out, c, csz * esz(ct));
    free(ap), free(bp), free(aoff), free(boff), free(acopy), free(bcopy), free(c0);
    free(A.pool), free(A.start), free(B.pool), free(B.start);
    tu_free(&cb);
    return ok;
}

static void test_random(void)
{
    static const int dims[] = {0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 24, 31, 33, 47, 49, 64, 65};
    const int nd = sizeof dims / sizeof dims[0];
    static const int counts[] = {0, 1, 2, 3, 7, 32};
    static const double alphas[] = {1, -0.5, 0, 2}, betas[] = {0, 1, -1.5, 0.25};
    for (int r = 0; r < tu_reps(900); r++) {
        int t = r % 3, form = (r / 3) % 3, row = tu_randint(0, 1);
        int ta = tu_randint(0, 1), tb = tu_randint(0, 1);
        int m = dims[tu_randint(0, nd - 1)], n = dims[tu_randint(0, nd - 1)];
        int k = dims[tu_randint(0, nd - 1)], count = counts[tu_randint(0, 5)];
        if ((size_t)m * n * k * count > 400000)
            count = 2;
        brg_case(t, form, row, ta, tb, m, n, k, count, alphas[tu_randint(0, 3)],
                 betas[tu_randint(0, 3)], tu_randint(0, 2), NULL);
    }
    /* every combination once at a fixed odd shape, the brief's large-ish one */
    for (int t = 0; t < 3; t++)
        for (int form = 0; form < 3; form++)
            for (int row = 0; row < 2; row++)
                for (int ta = 0; ta < 2; ta++)
                    for (int tb = 0; tb < 2; tb++)
                        brg_case(t, form, row, ta, tb, 70, 50, 33, tu_size(7, 2), 1.25, 0.5, form == FSTRIDE, NULL);
    /* the benchmark shape and a few tile-grid edges */
    brg_case(TS, FSTRIDE, 0, 0, 0, 64, 64, 64, tu_size(32, 4), 1, 0, 0, NULL);
    brg_case(TD, FADDR, 0, 0, 0, 64, 64, 64, tu_size(32, 4), 1, 1, 1, NULL);
    brg_case(TS, FOFF, 0, 0, 1, 48, 100, 20, 5, -1, 2, 0, NULL);
    brg_case(TD, FSTRIDE, 0, 0, 1, 80, 13, 9, 4, 1, 0, 2, NULL);
    brg_case(TS, FADDR, 1, 1, 1, 129, 37, 11, 3, 0.5, 0, 1, NULL);
    /* operands beyond half of L2: reduced in groups of blocks (blas/ext/brgemm.tmpl.c) */
    brg_case(TS, FSTRIDE, 0, 0, 0, 128, 128, 128, tu_size(24, 10), 1, 0.5, 0, NULL);
    brg_case(TD, FOFF, 1, 1, 0, 120, 128, 128, tu_size(10, 5), -1, 0, 0, NULL);
    brg_case(TB, FADDR, 0, 0, 1, 100, 128, 128, 12, 1, 1, 0, NULL);
}

/* The same call with 1 and with 2 threads: bitwise equal (and large enough to be split). */
static void test_threads(void)
{
    int saved = nanoblas_get_num_threads();
    for (int t = 0; t < 2; t++)
        for (int shape = 0; shape < 2; shape++) {
            int m = shape ? 300 : 90, n = shape ? 70 : 260, k = 40, count = 12;
            size_t csz = (size_t)(m + 2) * n * 8;
            void *c1 = malloc(csz), *c2 = malloc(csz);
            uint64_t st = tu_state;
            nanoblas_set_num_threads(1);
            brg_case(t, FSTRIDE, 0, 0, shape, m, n, k, count, 1, 0.5, 0, c1);
            tu_state = st; /* the same data and leading dimensions */
            nanoblas_set_num_threads(2);
            brg_case(t, FSTRIDE, 0, 0, shape, m, n, k, count, 1, 0.5, 0, c2);
            TU_CHECK(memcmp(c1, c2, (size_t)m * n * (t == TD ? 8 : 4)) == 0,
                     "%s %dx%dx%d x%d: 1 and 2 threads differ", tname[t], m, n, k, count);
            free(c1), free(c2);
        }
    nanoblas_set_num_threads(saved);
}

/* Illegal arguments: one cblas_xerbla call with the routine's name and the position; C not
   written. Positions: addr (a 8, lda 9, b 10, ldb 11, ldc 14, count 15), offset (a_offsets 9,
   lda 10, b_offsets 12, ldb 13, ldc 16, count 17), strided (lda 9, ldb 12, ldc 16, count 17). */
static void test_errors(void)
{
    double abuf[64] = {0}, bbuf[64] = {0}, cbuf[64];
    const void *ap[2] = {abuf, abuf}, *bp[2] = {bbuf, bbuf};
    long long off[2] = {0, 0};
    static const char *names[3][3] = {
        {"nanoblas_sbrgemm", "nanoblas_sbrgemm_offset", "nanoblas_sbrgemm_strided"},
        {"nanoblas_dbrgemm", "nanoblas_dbrgemm_offset", "nanoblas_dbrgemm_strided"},
        {"nanoblas_sbbrgemm", "nanoblas_sbbrgemm_offset", "nanoblas_sbbrgemm_strided"}};
    const int C = CblasColMajor, R = CblasRowMajor, N = CblasNoTrans, T = CblasTrans;
    struct {
        int lay, ta, tb, m, n, k, lda, ldb, ldc, count, null_a, null_b;
        int want[3]; /* addr, offset, strided */
    } cases[] = {
        {0, N, N, 2, 2, 2, 2, 2, 2, 1, 0, 0, {1, 1, 1}},
        {C, 0, N, 2, 2, 2, 2, 2, 2, 1, 0, 0, {2, 2, 2}},
        {C, N, 200, 2, 2, 2, 2, 2, 2, 1, 0, 0, {3, 3, 3}},
        {C, N, N, -1, 2, 2, 2, 2, 2, 1, 0, 0, {4, 4, 4}},
        {R, N, N, 2, -1, 2, 2, 2, 2, 1, 0, 0, {5, 5, 5}},
        {C, N, N, 2, 2, -1, 2, 2, 2, 1, 0, 0, {6, 6, 6}},
        {C, N, N, 2, 2, 2, 2, 2, 2, 1, 1, 0, {8, 9, 0}},
        {C, N, N, 3, 2, 2, 2, 2, 3, 1, 0, 0, {9, 10, 9}},     /* lda < m */
        {R, N, N, 2, 2, 3, 2, 3, 2, 1, 0, 0, {9, 10, 9}},     /* row-major lda < k */
        {C, T, N, 3, 2, 4, 3, 4, 3, 1, 0, 0, {9, 10, 9}},     /* transposed: lda < k */
        {C, N, N, 2, 2, 2, 2, 2, 2, 1, 0, 1, {10, 12, 0}},
        {C, N, N, 2, 2, 3, 2, 2, 2, 1, 0, 0, {11, 13, 12}},   /* ldb < k */
        {R, N, T, 2, 2, 3, 3, 2, 2, 1, 0, 0, {11, 13, 12}},   /* row-major B**T: ldb < k */
        {R, N, N, 2, 3, 2, 2, 3, 2, 1, 0, 0, {14, 16, 16}},   /* row-major ldc < n */
        {C, N, N, 2, 2, 2, 2, 2, 2, -1, 0, 0, {15, 17, 17}},
        {C, N, N, 2, 2, 2, 2, 2, 2, -1, 1, 1, {15, 17, 17}},  /* NULL arrays, count < 0 */
        {C, N, N, 2, 2, 2, 2, 2, 2, 0, 1, 1, {0, 0, 0}},      /* NULL arrays, count 0: legal */
        {C, N, N, 0, 0, 0, 1, 1, 1, 0, 0, 0, {0, 0, 0}},
    };
    for (int t = 0; t < 3; t++)
        for (int f = 0; f < 3; f++)
            for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                int want = cases[i].want[f];
                if (f == FSTRIDE && (cases[i].null_a || cases[i].null_b) && want == 0 &&
                    cases[i].count != 0)
                    continue; /* the strided form has no array to be NULL */
                for (int q = 0; q < 64; q++)
                    cbuf[q] = 7;
                xe_calls = 0;
                call(t, f, cases[i].lay, cases[i].ta, cases[i].tb, cases[i].m, cases[i].n,
                     cases[i].k, 1, cases[i].null_a ? NULL : ap, abuf,
                     cases[i].null_a ? NULL : off, cases[i].lda, 0, cases[i].null_b ? NULL : bp,
                     bbuf, cases[i].null_b ? NULL : off, cases[i].ldb, 0, 1, cbuf, cases[i].ldc,
                     cases[i].count);
                long touched = 0;
                for (int q = 0; q < 64; q++)
                    touched += cbuf[q] != 7;
                if (want)
                    TU_CHECK(xe_calls == 1 && xe_info == want && strcmp(xe_rout, names[t][f]) == 0 &&
                                 touched == 0,
                             "%s case %zu: %d calls, position %d (%s), want %d; %ld written",
                             names[t][f], i, xe_calls, xe_info, xe_rout, want, touched);
                else
                    TU_CHECK(xe_calls == 0 && touched == 0, "%s case %zu: %d xerbla calls, %ld written",
                             names[t][f], i, xe_calls, touched);
            }
}

int main(void)
{
    tu_seed(73);
    test_errors();
    test_random();
    test_threads();
    printf("test_brgemm: %ld checks, %ld failed (kernel set %s)\n", tu_checks, tu_failures,
           nanoblas_get_kernel_set());
    return tu_failures != 0;
}
