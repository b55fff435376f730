/* An element's value must not depend on the size of the call it is computed in, nor on where in
   that call it lies: LAPACK's eigensolvers (?geev, ?ggev3, ?gees) apply the same reflectors and
   rotations to more rows and columns when they also compute vectors, and compare the eigenvalues
   of both runs bitwise (xeigtst's "result 5" / "test 5"). Vector loops whose scalar tails fused
   other products than their lanes, column groups with another lane-sum tree than the last
   columns, and small strided gemv calls on the reference loops broke that on the avx2 and avx512
   sets (CEV/CVX/CGV failures that the reference BLAS does not have).

   For s, d, c and z, bitwise, on every kernel set this is run on (NANOBLAS_ARCH):
   - scal, axpy, rot (and csrot/zdrot): the first n elements of a length-n call against the same
     elements of a length n + e call, unit and non-unit stride;
   - gemv 'N': the first m rows of y against those of a call with m + e rows;
   - gemv 'T'/'C': the columns of a call against the same columns inside a wider call that starts
     o columns earlier, unit and strided x and y (the strided call gathers, whatever its size);
   - ger/gerc: the first m rows of A against a call with m + e rows. */
#include <complex.h>
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

int main(void)
{
    tu_seed(11);
    int step = tu_quick() ? 3 : 1;
    for (int t = 0; t < 4; t++) {
        for (int inc = 1; inc <= 2; inc++)
            for (int n = 1; n <= 70; n += step)
                for (int e = 1; e <= 26; e += 1 + (e > 8) * 4)
                    check_l1(t, n, e, inc);
        for (int inc = 1; inc <= 3; inc += 2)
            for (int m = 1; m <= 40; m += step)
                for (int n = 1; n <= 13; n += 1 + (n > 5))
                    for (int e = 1; e <= 17; e += 4)
                        check_l2(t, m, n, e, 1 + (m + e) % 4, inc);
    }
    return tu_finish("test_position");
}
