/* An element's value must not depend on the size of the call it is computed in, nor on where in
   that call it lies: LAPACK's eigensolvers (?geev, ?ggev3, ?gees) apply the same reflectors and
   rotations to more rows and columns when they also compute vectors, and compare the eigenvalues
   of both runs bitwise (xeigtst's "result 5" / "test 5"). Vector loops whose scalar tails fused
   other products than their lanes, column groups with another lane-sum tree than the last
   columns, and small strided gemv calls on the reference loops broke that on the avx2 and avx512
   sets (CEV/CVX/CGV failures that the reference BLAS does not have).

   For s, d, c and z, bitwise, on every kernel set this is run on (NANOBLAS_ARCH):
   - scal, axpy, rot (and csrot/zdrot): the first n elements of a length-n call against the same
     elements of a length n + e call, unit and non-unit stride; a strided call against a
     unit-stride one on the same values;
   - gemv 'N': the first m rows of y against those of a call with m + e rows;
   - gemv 'T'/'C': the columns of a call against the same columns inside a wider call that starts
     o columns earlier, unit and strided x and y (the strided call gathers, whatever its size);
   - ger/gerc: the first m rows of A against a call with m + e rows;
   - s/d gemm, all four transposes, k from 1 to past two K blocks of the packed engine (KC is at
     most 512 (d) / 1024 (s) on every set here; 1100 and 2100 cross it), m and n across the
     cut-offs of the no-packing paths (small, m-skinny, n-skinny) and the engine: the m x n block
     of a call against the same block of a call with m + 173 rows and n + 211 columns, which can
     take another path, another tile grid and another thread split;
   - s/d trsm side R, upper, no transpose (it recurses into GEMMs whose n is B's row count, and
     which the thread team splits by rows): the first m rows of B against a call with 2m rows. */
#include <complex.h>
#include <stdlib.h>
#include <string.h>

#include "tests/testutil.h"

typedef const void *cv;
#define CI const int *
#define DECL4(T, s, d, c, z, ...) T s(__VA_ARGS__), d(__VA_ARGS__), c(__VA_ARGS__), z(__VA_ARGS__)
DECL4(void, sscal_, dscal_, cscal_, zscal_, CI, cv, void *, CI);
DECL4(void, saxpy_, daxpy_, caxpy_, zaxpy_, CI, cv, cv, CI, void *, CI);
DECL4(void, sgemv_, dgemv_, cgemv_, zgemv_, const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *,
      CI, size_t);
void sger_(CI, CI, cv, cv, CI, cv, CI, void *, CI), dger_(CI, CI, cv, cv, CI, cv, CI, void *, CI);
void cgerc_(CI, CI, cv, cv, CI, cv, CI, void *, CI), zgerc_(CI, CI, cv, cv, CI, cv, CI, void *, CI);
void sgemm_(const char *, const char *, CI, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t,
            size_t);
void dgemm_(const char *, const char *, CI, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t,
            size_t);
void strsm_(const char *, const char *, const char *, const char *, CI, CI, cv, cv, CI, void *, CI,
            size_t, size_t, size_t, size_t);
void dtrsm_(const char *, const char *, const char *, const char *, CI, CI, cv, cv, CI, void *, CI,
            size_t, size_t, size_t, size_t);
void srot_(CI, void *, CI, void *, CI, const float *, const float *);
void drot_(CI, void *, CI, void *, CI, const double *, const double *);
void csrot_(CI, void *, CI, void *, CI, const float *, const float *);
void zdrot_(CI, void *, CI, void *, CI, const double *, const double *);

static const char PN[4] = {'s', 'd', 'c', 'z'};
static const size_t ES[4] = {4, 8, 8, 16};    /* element size */
static const size_t RS[4] = {4, 8, 4, 8};     /* real part size */

/* k random reals of type t's real kind at p */
static void fill(int t, void *p, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        if (RS[t] == 4)
            ((float *)p)[i] = (float)tu_rand();
        else
            ((double *)p)[i] = tu_rand();
    }
}
static size_t reals(int t, size_t elems) { return elems * ES[t] / RS[t]; }

static void scal_t(int t, int n, const void *a, void *x, int inc)
{
    void (*f[4])(CI, cv, void *, CI) = {sscal_, dscal_, cscal_, zscal_};
    f[t](&n, a, x, &inc);
}
static void axpy_t(int t, int n, const void *a, const void *x, int incx, void *y, int incy)
{
    void (*f[4])(CI, cv, cv, CI, void *, CI) = {saxpy_, daxpy_, caxpy_, zaxpy_};
    f[t](&n, a, x, &incx, y, &incy);
}
static void rot_t(int t, int n, void *x, int inc, void *y, const void *c, const void *s)
{
    if (t == 0) srot_(&n, x, &inc, y, &inc, c, s);
    else if (t == 1) drot_(&n, x, &inc, y, &inc, c, s);
    else if (t == 2) csrot_(&n, x, &inc, y, &inc, c, s);
    else zdrot_(&n, x, &inc, y, &inc, c, s);
}
static void gemv_t(int t, char tr, int m, int n, const void *al, const void *a, int lda,
                   const void *x, int incx, const void *be, void *y, int incy)
{
    void (*f[4])(const char *, CI, CI, cv, cv, CI, cv, CI, cv, void *, CI, size_t) = {
        sgemv_, dgemv_, cgemv_, zgemv_};
    f[t](&tr, &m, &n, al, a, &lda, x, &incx, be, y, &incy, 1);
}
static void ger_t(int t, int m, int n, const void *al, const void *x, const void *y, void *a,
                  int lda)
{
    void (*f[4])(CI, CI, cv, cv, CI, cv, CI, void *, CI) = {sger_, dger_, cgerc_, zgerc_};
    int one = 1;
    f[t](&m, &n, al, x, &one, y, &one, a, &lda);
}

/* element i of a vector with stride inc */
#define AT(t, p, i, inc) ((char *)(p) + (size_t)(i) * (size_t)(inc) * ES[t])

static int same(int t, const void *p, int pinc, const void *q, int qinc, int n)
{
    for (int i = 0; i < n; i++)
        if (memcmp(AT(t, p, i, pinc), AT(t, q, i, qinc), ES[t]))
            return 0;
    return 1;
}

static void check_l1(int t, int n, int e, int inc)
{
    int big = n + e;
    size_t len = (size_t)big * (size_t)inc;
    unsigned char x1[96 * 3 * 16], x2[sizeof x1], y1[sizeof x1], y2[sizeof x1], al[16], c[8], s[8];
    fill(t, x1, reals(t, len)), fill(t, y1, reals(t, len)), fill(t, al, reals(t, 1));
    fill(t, c, 1), fill(t, s, 1);
    memcpy(x2, x1, len * ES[t]), memcpy(y2, y1, len * ES[t]);
    scal_t(t, n, al, x1, inc), scal_t(t, big, al, x2, inc);
    TU_CHECK(same(t, x1, inc, x2, inc, n), "%cscal n=%d of %d inc=%d: differs", PN[t], n, big, inc);
    axpy_t(t, n, al, y1, inc, x1, inc), axpy_t(t, big, al, y2, inc, x2, inc);
    TU_CHECK(same(t, x1, inc, x2, inc, n), "%caxpy n=%d of %d inc=%d: differs", PN[t], n, big, inc);
    rot_t(t, n, x1, inc, y1, c, s), rot_t(t, big, x2, inc, y2, c, s);
    TU_CHECK(same(t, x1, inc, x2, inc, n) && same(t, y1, inc, y2, inc, n),
             "%crot n=%d of %d inc=%d: differs", PN[t], n, big, inc);
}

/* A strided call against a unit-stride call on the same values (a strided path that computes
   otherwise than the kernels: zscal, ?axpy and ?rot did, so CHGEQZ's scaled rows, stride LDH,
   rounded otherwise than its columns). */
static void check_l1_stride(int t, int n, int inc)
{
    size_t len = (size_t)n * (size_t)inc;
    unsigned char x1[96 * 3 * 16], y1[sizeof x1], xu[96 * 16], yu[sizeof xu], al[16], c[8], s[8];
    fill(t, x1, reals(t, len)), fill(t, y1, reals(t, len)), fill(t, al, reals(t, 1));
    fill(t, c, 1), fill(t, s, 1);
    for (int i = 0; i < n; i++)
        memcpy(AT(t, xu, i, 1), AT(t, x1, i, inc), ES[t]), memcpy(AT(t, yu, i, 1), AT(t, y1, i, inc), ES[t]);
    scal_t(t, n, al, x1, inc), scal_t(t, n, al, xu, 1);
    TU_CHECK(same(t, x1, inc, xu, 1, n), "%cscal n=%d inc=%d: differs from inc=1", PN[t], n, inc);
    axpy_t(t, n, al, y1, inc, x1, inc), axpy_t(t, n, al, yu, 1, xu, 1);
    TU_CHECK(same(t, x1, inc, xu, 1, n), "%caxpy n=%d inc=%d: differs from inc=1", PN[t], n, inc);
    rot_t(t, n, x1, inc, y1, c, s), rot_t(t, n, xu, 1, yu, c, s);
    TU_CHECK(same(t, x1, inc, xu, 1, n) && same(t, y1, inc, yu, 1, n),
             "%crot n=%d inc=%d: differs from inc=1", PN[t], n, inc);
}

static void check_l2(int t, int m, int n, int e, int o, int inc)
{
    int bm = m + e, bn = n + o, lda = bm + 3;
    static unsigned char a[(40 + 3) * (24 + 4) * 16], b[sizeof a];
    unsigned char x[64 * 3 * 16], y1[sizeof x], y2[sizeof x], al[16], be[16];
    fill(t, a, reals(t, (size_t)lda * (size_t)bn)), memcpy(b, a, (size_t)lda * (size_t)bn * ES[t]);
    fill(t, x, reals(t, 64 * 3)), fill(t, al, reals(t, 1)), fill(t, be, reals(t, 1));
    size_t ylen = 64 * 3 * ES[t];
    fill(t, y1, reals(t, 64 * 3)), memcpy(y2, y1, ylen);
    gemv_t(t, 'N', m, n, al, a, lda, x, inc, be, y1, inc);
    gemv_t(t, 'N', bm, n, al, a, lda, x, inc, be, y2, inc);
    TU_CHECK(same(t, y1, inc, y2, inc, m), "%cgemv N %d of %d rows, %d cols, inc %d: differs", PN[t],
             m, bm, n, inc);
    for (int ci = 0; ci < (t >= 2 ? 2 : 1); ci++) {
        char tr = ci ? 'C' : 'T';
        fill(t, y1, reals(t, 64 * 3)), memcpy(y2, y1, ylen);
        /* y2's element o + j starts as y1's element j */
        memmove(AT(t, y2, o, inc), y2, (size_t)n * (size_t)inc * ES[t]);
        gemv_t(t, tr, m, n, al, (char *)a + (size_t)o * (size_t)lda * ES[t], lda, x, inc, be, y1, inc);
        gemv_t(t, tr, m, bn, al, a, lda, x, inc, be, y2, inc);
        TU_CHECK(same(t, y1, inc, AT(t, y2, o, inc), inc, n),
                 "%cgemv %c %d cols at column %d of %d, %d rows, inc %d: differs", PN[t], tr, n, o, bn,
                 m, inc);
    }
    ger_t(t, m, n, al, x, y1, a, lda), ger_t(t, bm, n, al, x, y1, b, lda);
    int ok = 1;
    for (int j = 0; j < n; j++)
        ok &= same(t, (char *)a + (size_t)j * lda * ES[t], 1, (char *)b + (size_t)j * lda * ES[t], 1, m);
    TU_CHECK(ok, "%cger %d of %d rows, %d cols: differs", PN[t], m, bm, n);
}

/* ---- Level 3 (s and d only: t is 0 or 1) ---- */

/* One operand array for every Level 3 check: L3_LD x L3_LD elements of the largest type. */
#define L3_LD 2100
#define L3_COLS 1100
static double *l3_a, *l3_b, *l3_c1, *l3_c2;

static void gemm_t(int t, char ta, char tb, int m, int n, int k, const void *al, const void *a,
                   int lda, const void *b, int ldb, const void *be, void *c, int ldc)
{
    if (t == 0)
        sgemm_(&ta, &tb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1);
    else
        dgemm_(&ta, &tb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1);
}

/* the m x n blocks of two column-major arrays with leading dimension ld, bitwise */
static int same_block(int t, const void *p, const void *q, int m, int n, int ld)
{
    for (int j = 0; j < n; j++)
        if (memcmp((const char *)p + (size_t)j * ld * ES[t], (const char *)q + (size_t)j * ld * ES[t],
                   (size_t)m * ES[t]))
            return 0;
    return 1;
}

static void set_scalar(int t, void *p, double v)
{
    if (t == 0)
        *(float *)p = (float)v;
    else
        *(double *)p = v;
}

/* C = alpha op(A) op(B) + beta C for m x n and (m + 173) x (n + 211), depth k; the common block
   must agree bitwise. ab selects alpha and beta (beta 1 is what the K blocks after the first and
   trsm's updates use; beta 0 must not read C). */
static void check_gemm(int t, char ta, char tb, int m, int n, int k, int ab)
{
    static const double albe[4][2] = {{0.7, 0.3}, {-1.0, 1.0}, {0.7, 1.0}, {1.3, 0.0}};
    int bm = m + 173, bn = n + 211, ld = L3_LD;
    unsigned char al[8], be[8];
    set_scalar(t, al, albe[ab][0]), set_scalar(t, be, albe[ab][1]);
    size_t celems = (size_t)ld * (size_t)bn;
    memcpy(l3_c1, l3_c2 + celems, celems * ES[t]); /* the saved initial C (see main) */
    memcpy(l3_c2, l3_c1, celems * ES[t]);
    /* A is m x k (or k x m), B k x n (or n x k): ld 2100 holds k = 2100 rows, 1100 columns
       hold every m, n + 211 and k <= 1100 */
    int lda = ld, ldb = ld;
    gemm_t(t, ta, tb, m, n, k, al, l3_a, lda, l3_b, ldb, be, l3_c1, ld);
    gemm_t(t, ta, tb, bm, bn, k, al, l3_a, lda, l3_b, ldb, be, l3_c2, ld);
    TU_CHECK(same_block(t, l3_c1, l3_c2, m, n, ld),
             "%cgemm %c%c m=%d n=%d k=%d alpha=%g beta=%g: differs inside %d x %d", PN[t], ta, tb, m,
             n, k, albe[ab][0], albe[ab][1], bm, bn);
}

/* B = B inv(A) (side R, upper, no transpose, non-unit) for B of m and of 2m rows, order n. */
static void check_trsm(int t, int m, int n)
{
    int ld = L3_LD, bm = 2 * m;
    unsigned char al[8];
    set_scalar(t, al, 0.9);
    /* A: upper triangle of the saved operand, diagonal made dominant */
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++) {
            double v = i == j ? 2.0 + 0.5 * tu_rand() : tu_rand() / n;
            if (t == 0)
                ((float *)l3_c1)[i + (size_t)j * ld] = (float)v;
            else
                l3_c1[i + (size_t)j * ld] = v;
        }
    for (int j = 0; j < n; j++) /* both B from the same values */
        memcpy((char *)l3_c2 + (size_t)j * ld * ES[t], (char *)l3_b + (size_t)j * ld * ES[t],
               (size_t)bm * ES[t]);
    for (int j = 0; j < n; j++)
        memcpy((char *)l3_a + (size_t)j * ld * ES[t], (char *)l3_b + (size_t)j * ld * ES[t],
               (size_t)bm * ES[t]);
    const char *f[4] = {"R", "U", "N", "N"};
    if (t == 0) {
        strsm_(f[0], f[1], f[2], f[3], &m, &n, al, l3_c1, &ld, l3_a, &ld, 1, 1, 1, 1);
        strsm_(f[0], f[1], f[2], f[3], &bm, &n, al, l3_c1, &ld, l3_c2, &ld, 1, 1, 1, 1);
    } else {
        dtrsm_(f[0], f[1], f[2], f[3], &m, &n, al, l3_c1, &ld, l3_a, &ld, 1, 1, 1, 1);
        dtrsm_(f[0], f[1], f[2], f[3], &bm, &n, al, l3_c1, &ld, l3_c2, &ld, 1, 1, 1, 1);
    }
    TU_CHECK(same_block(t, l3_a, l3_c2, m, n, ld), "%ctrsm RUNN m=%d of %d rows, order %d: differs",
             PN[t], m, bm, n);
}

static void check_l3(void)
{
    size_t elems = (size_t)L3_LD * L3_COLS;
    l3_a = malloc(elems * 8), l3_b = malloc(elems * 8), l3_c1 = malloc(elems * 8);
    l3_c2 = malloc(2 * elems * 8);
    int have = l3_a && l3_b && l3_c1 && l3_c2;
    TU_CHECK(have, "level 3: out of memory");
    if (!have) {
        free(l3_a), free(l3_b), free(l3_c1), free(l3_c2);
        return;
    }
    static const int dims[] = {1, 5, 17, 64, 100, 257, 600};
    static const int ks[] = {1, 7, 64, 300, 513, 1100, 2100};
    static const char tr[2] = {'N', 'T'};
    int quick = tu_quick(), nd = (int)(sizeof dims / sizeof dims[0]);
    unsigned count = 0;
    for (int t = 0; t < 2; t++) {
        fill(t, l3_a, elems), fill(t, l3_b, elems);
        fill(t, l3_c2 + elems, elems); /* the initial C of every check_gemm */
        for (int ik = 0; ik < 7; ik++)
            for (int ta = 0; ta < 2; ta++)
                for (int tb = 0; tb < 2; tb++)
                    for (int im = 0; im < nd; im++)
                        for (int in = 0; in < nd; in++) {
                            int k = ks[ik], m = dims[im], n = dims[in];
                            if (k > L3_COLS && ta == 0) /* A m x k: k columns */
                                continue;
                            if (k > L3_COLS && tb == 1) /* B n x k */
                                continue;
                            count++;
                            /* quick: one pair in 9, and the wider call at most 2e7 multiply-adds
                               (the ARM runs are emulated: ~10^8 a second) */
                            if (quick && (count % 9 != 0 || (double)(m + 173) * (n + 211) * k > 2e7))
                                continue;
                            /* full: large volumes on one alpha/beta pair in two */
                            if (!quick && (double)m * n * k > 1e8 && count % 2)
                                continue;
                            check_gemm(t, tr[ta], tr[tb], m, n, k, (int)(count % 4));
                        }
        static const int tm[] = {5, 64, 300}, tn[] = {280, 513};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 2; j++)
                if (!quick || (i + j) % 2 == 0)
                    check_trsm(t, tm[i], tn[j]);
    }
    free(l3_a), free(l3_b), free(l3_c1), free(l3_c2);
}

int main(void)
{
    tu_seed(11);
    int step = tu_quick() ? 3 : 1;
    for (int t = 0; t < 4; t++) {
        for (int inc = 1; inc <= 2; inc++)
            for (int n = 1; n <= 70; n += step)
                for (int e = 1; e <= 26; e += 1 + (e > 8) * 4)
                    check_l1(t, n, e, inc);
        for (int inc = 2; inc <= 3; inc++)
            for (int n = 1; n <= 90; n += step)
                check_l1_stride(t, n, inc);
        for (int inc = 1; inc <= 3; inc += 2)
            for (int m = 1; m <= 40; m += step)
                for (int n = 1; n <= 13; n += 1 + (n > 5))
                    for (int e = 1; e <= 17; e += 4)
                        check_l2(t, m, n, e, 1 + (m + e) % 4, inc);
    }
    check_l3();
    return tu_finish("test_position");
}
