/* ILP64 past 2^31: one program per integer convention (tests/ilp64/, built by the Makefile twice:
   with -DNANOBLAS_ILP64_SUFFIX against libnanoblas64.so.0, and with -DNANOBLAS_ILP64 against the
   unsuffixed libopenblas64.so.0). Each case has a dimension, an increment or a leading dimension
   above 2^31 (most above 2^32, so that a driver that kept 32 bits of it would read the wrong
   element or quick-return), while touching few elements: the operands live in large
   MAP_NORESERVE mappings of which only the touched pages are ever backed. The resident set is
   checked at the end (a driver that walked the whole span would fault it in).
     Level 1: axpy, dot (Fortran and CBLAS), scal, iamax, asum with increments of 2^31 + 3 and
              -(2^31 + 3); dot and axpy with n = 2^31 + 5 (increments 0: one element, n times).
     Level 2: gemv N and T, ger, trsv with lda = 2^32 + 5; gemv with incx = 2^31 + 1.
     Level 3: gemm (NN, TT) with lda, ldb, ldc above 2^32 on the small-problem path; cblas_dgemm
              row-major with such an lda; a 130 x 96 x 130 gemm whose C has ldc = 2^31 + 11 on the
              blocked engine; syrk with lda and ldc above 2^32. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include "cblas.h"

#ifndef NANOBLAS_ILP64
#error "build with -DNANOBLAS_ILP64 or -DNANOBLAS_ILP64_SUFFIX"
#endif
typedef CBLAS_INT bi;
_Static_assert(sizeof(bi) == 8, "64-bit BLAS integers");

/* The Fortran interface (the suffix header, when included, renames these to dgemm_64_ ...). */
void daxpy_(const bi *n, const double *alpha, const double *x, const bi *incx, double *y,
            const bi *incy);
double ddot_(const bi *n, const double *x, const bi *incx, const double *y, const bi *incy);
void dscal_(const bi *n, const double *alpha, double *x, const bi *incx);
bi idamax_(const bi *n, const double *x, const bi *incx);
double dasum_(const bi *n, const double *x, const bi *incx);
void dgemv_(const char *trans, const bi *m, const bi *n, const double *alpha, const double *a,
            const bi *lda, const double *x, const bi *incx, const double *beta, double *y,
            const bi *incy, size_t);
void dger_(const bi *m, const bi *n, const double *alpha, const double *x, const bi *incx,
           const double *y, const bi *incy, double *a, const bi *lda);
void dtrsv_(const char *uplo, const char *trans, const char *diag, const bi *n, const double *a,
            const bi *lda, double *x, const bi *incx, size_t, size_t, size_t);
void dgemm_(const char *ta, const char *tb, const bi *m, const bi *n, const bi *k,
            const double *alpha, const double *a, const bi *lda, const double *b, const bi *ldb,
            const double *beta, double *c, const bi *ldc, size_t, size_t);
void dsyrk_(const char *uplo, const char *trans, const bi *n, const bi *k, const double *alpha,
            const double *a, const bi *lda, const double *beta, double *c, const bi *ldc, size_t,
            size_t);

static int fails, checks;
static void check(const char *what, double got, double want)
{
    checks++;
    if (!(fabs(got - want) <= 1e-12 * (1 + fabs(want)))) {
        fails++;
        printf("FAIL %s: got %.17g, want %.17g\n", what, got, want);
    }
}

/* elems doubles, reserved only: pages are backed when first touched. */
static double *big(size_t elems)
{
    void *p = mmap(NULL, elems * sizeof(double), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        printf("mmap of %zu GiB failed\n", (elems * sizeof(double)) >> 30);
        exit(2);
    }
    return p;
}
static void unbig(double *p, size_t elems) { munmap(p, elems * sizeof(double)); }

static void level1(void)
{
    const bi inc = ((bi)1 << 31) + 3, n = 3, one = 1, ninc = -inc;
    const size_t span = (size_t)(n - 1) * (size_t)inc + 1;
    double *x = big(span);
    double y[3] = {10, 20, 30}, y0[3] = {10, 20, 30};
    for (bi i = 0; i < n; i++)
        x[i * inc] = (double)(i + 1); /* 1 2 3 at 0, inc, 2 inc */
    double alpha = 2;
    daxpy_(&n, &alpha, x, &inc, y, &one);
    for (int i = 0; i < 3; i++)
        check("daxpy incx=2^31+3", y[i], y0[i] + 2.0 * (i + 1));
    /* a negative increment starts at the last element: x(1) is x[(n-1)|inc|] */
    for (int i = 0; i < 3; i++)
        y[i] = y0[i];
    daxpy_(&n, &alpha, x, &ninc, y, &one);
    for (int i = 0; i < 3; i++)
        check("daxpy incx=-(2^31+3)", y[i], y0[i] + 2.0 * (3 - i));
    check("ddot incx=2^31+3", ddot_(&n, x, &inc, y0, &one), 1 * 10 + 2 * 20 + 3 * 30);
    check("ddot incx=-(2^31+3)", ddot_(&n, x, &ninc, y0, &one), 3 * 10 + 2 * 20 + 1 * 30);
    check("cblas_ddot incx=2^31+3", cblas_ddot(n, x, inc, y0, 1), 140);
    check("cblas_ddot incy=-(2^31+3)", cblas_ddot(n, y0, 1, x, -inc), 100);
    check("dasum incx=2^31+3", dasum_(&n, x, &inc), 6);
    check("idamax incx=2^31+3", (double)idamax_(&n, x, &inc), 3);
    check("cblas_idamax incx=2^31+3", (double)cblas_idamax(n, x, inc), 2);
    dscal_(&n, &alpha, x, &inc);
    for (bi i = 0; i < n; i++)
        check("dscal incx=2^31+3", x[i * inc], 2.0 * (double)(i + 1));
    unbig(x, span);

    /* n above 2^31 with zero increments: the same element n times (32 bits of this n are
       negative: a truncating driver returns at once). Integer sums: exact. 2^31 iterations:
       seconds on a CPU, minutes under qemu (NB_TEST_EMULATOR, tests/run_arm.sh), left out there. */
    if (getenv("NB_TEST_EMULATOR"))
        return;
    const bi nbig = ((bi)1 << 31) + 5, zero = 0;
    double a = 1, b = 1, acc = 0;
    check("ddot n=2^31+5 incx=incy=0", ddot_(&nbig, &a, &zero, &b, &zero), (double)nbig);
    daxpy_(&nbig, &a, &b, &zero, &acc, &zero);
    check("daxpy n=2^31+5 incx=incy=0", acc, (double)nbig);
}

static void level2(void)
{
    const bi m = 4, n = 3, lda = ((bi)1 << 32) + 5, one = 1;
    const size_t span = (size_t)(n - 1) * (size_t)lda + (size_t)m;
    double *a = big(span);
    double x[4] = {1, -2, 3, 0.5}, y[4], want[4];
    for (bi j = 0; j < n; j++)
        for (bi i = 0; i < m; i++)
            a[i + j * lda] = (double)(1 + i + 10 * j);
    const double alpha = 1.5, beta = 0.5;
    /* y = alpha A x + beta y */
    for (int i = 0; i < 4; i++) {
        y[i] = i - 1.0;
        want[i] = beta * y[i];
        for (int j = 0; j < 3; j++)
            want[i] += alpha * a[i + j * lda] * x[j];
    }
    dgemv_("N", &m, &n, &alpha, a, &lda, x, &one, &beta, y, &one, 1);
    for (int i = 0; i < 4; i++)
        check("dgemv N lda=2^32+5", y[i], want[i]);
    /* y = alpha A**T x + beta y */
    for (int j = 0; j < 3; j++) {
        y[j] = j + 1.0;
        want[j] = beta * y[j];
        for (int i = 0; i < 4; i++)
            want[j] += alpha * a[i + j * lda] * x[i];
    }
    dgemv_("T", &m, &n, &alpha, a, &lda, x, &one, &beta, y, &one, 1);
    for (int j = 0; j < 3; j++)
        check("dgemv T lda=2^32+5", y[j], want[j]);
    /* A += alpha x y**T */
    double yy[3] = {2, -1, 4}, old[12];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 4; i++)
            old[i + 4 * j] = a[i + j * lda];
    dger_(&m, &n, &alpha, x, &one, yy, &one, a, &lda);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 4; i++)
            check("dger lda=2^32+5", a[i + j * lda], old[i + 4 * j] + alpha * x[i] * yy[j]);
    /* upper triangular solve with the 3 x 3 leading block: x = U \ b */
    double b[3] = {1, 2, 3}, u[9];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
            u[i + 3 * j] = a[i + j * lda];
    dtrsv_("U", "N", "N", &n, a, &lda, b, &one, 1, 1, 1);
    for (int i = 0; i < 3; i++) { /* U b_solved should give 1 2 3 back */
        double s = 0;
        for (int j = i; j < 3; j++)
            s += u[i + 3 * j] * b[j];
        check("dtrsv lda=2^32+5", s, i + 1.0);
    }
    unbig(a, span);

    /* a strided x: incx = 2^31 + 1 */
    const bi incx = ((bi)1 << 31) + 1;
    const size_t xspan = (size_t)(n - 1) * (size_t)incx + 1;
    double *xs = big(xspan), ad[12];
    for (int i = 0; i < 12; i++)
        ad[i] = i * 0.25 - 1;
    for (bi j = 0; j < n; j++)
        xs[j * incx] = (double)(2 * j + 1);
    for (int i = 0; i < 4; i++) {
        y[i] = 0;
        want[i] = 0;
        for (int j = 0; j < 3; j++)
            want[i] += ad[i + 4 * j] * (2 * j + 1);
    }
    const double one_d = 1, zero_d = 0;
    const bi four = 4;
    dgemv_("N", &m, &n, &one_d, ad, &four, xs, &incx, &zero_d, y, &one, 1);
    for (int i = 0; i < 4; i++)
        check("dgemv N incx=2^31+1", y[i], want[i]);
    unbig(xs, xspan);
}

static void level3(void)
{
    const bi m = 4, n = 3, k = 3;
    const bi lda = ((bi)1 << 32) + 5, ldb = ((bi)1 << 32) + 9, ldc = ((bi)1 << 32) + 11;
    const size_t sa = (size_t)2 * (size_t)lda + 8, sb = (size_t)2 * (size_t)ldb + 8,
                 sc = (size_t)2 * (size_t)ldc + 8;
    double *a = big(sa), *b = big(sb), *c = big(sc);
    /* A m x k, B k x n, C m x n, column j at j*ld */
    for (bi j = 0; j < k; j++)
        for (bi i = 0; i < m; i++)
            a[i + j * lda] = (double)(i - j) + 0.5;
    for (bi j = 0; j < n; j++)
        for (bi i = 0; i < k; i++)
            b[i + j * ldb] = (double)(i * j) - 1;
    const double alpha = 2, beta = -1;
    double want[12];
    for (bi j = 0; j < n; j++)
        for (bi i = 0; i < m; i++) {
            c[i + j * ldc] = (double)(i + j);
            double s = 0;
            for (bi l = 0; l < k; l++)
                s += a[i + l * lda] * b[l + j * ldb];
            want[i + 4 * j] = alpha * s + beta * c[i + j * ldc];
        }
    dgemm_("N", "N", &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    for (bi j = 0; j < n; j++)
        for (bi i = 0; i < m; i++)
            check("dgemm NN lda,ldb,ldc>2^32", c[i + j * ldc], want[i + 4 * j]);
    /* C (3 x 3) = A**T B**T: op(A)(i, l) = a[l + i lda], op(B)(l, j) = b[j + l ldb] */
    const bi m2 = 3, n2 = 3;
    double want2[9];
    const bi k3 = 3;
    for (bi j = 0; j < n2; j++)
        for (bi i = 0; i < m2; i++) {
            double s = 0;
            for (bi l = 0; l < k3; l++)
                s += a[l + i * lda] * b[j + l * ldb];
            c[i + j * ldc] = 1;
            want2[i + 3 * j] = alpha * s + beta;
        }
    dgemm_("T", "T", &m2, &n2, &k3, &alpha, a, &lda, b, &ldb, &beta, c, &ldc, 1, 1);
    for (bi j = 0; j < n2; j++)
        for (bi i = 0; i < m2; i++)
            check("dgemm TT lda,ldb,ldc>2^32", c[i + j * ldc], want2[i + 3 * j]);

    /* CBLAS row-major: A m x k with rows lda apart (3 rows of a), B k x n contiguous */
    double bb[9], cc[9], want3[9];
    for (int i = 0; i < 9; i++)
        bb[i] = i * 0.5 - 2, cc[i] = i;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0;
            for (int l = 0; l < 3; l++)
                s += a[i * lda + l] * bb[l * 3 + j];
            want3[i * 3 + j] = alpha * s + beta * cc[i * 3 + j];
        }
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 3, 3, 3, alpha, a, lda, bb, 3, beta, cc,
                3);
    for (int i = 0; i < 9; i++)
        check("cblas_dgemm row-major lda>2^32", cc[i], want3[i]);

    /* syrk: C (3 x 3 upper) = alpha A A**T + beta C, A 3 x 3 with lda > 2^32 */
    const bi ns = 3, ks = 3;
    double ws[9];
    for (bi j = 0; j < ns; j++)
        for (bi i = 0; i <= j; i++) {
            double s = 0;
            for (bi l = 0; l < ks; l++)
                s += a[i + l * lda] * a[j + l * lda];
            c[i + j * ldc] = 0.5;
            ws[i + 3 * j] = alpha * s + beta * 0.5;
        }
    dsyrk_("U", "N", &ns, &ks, &alpha, a, &lda, &beta, c, &ldc, 1, 1);
    for (bi j = 0; j < ns; j++)
        for (bi i = 0; i <= j; i++)
            check("dsyrk lda,ldc>2^32", c[i + j * ldc], ws[i + 3 * j]);
    unbig(a, sa);
    unbig(b, sb);
    unbig(c, sc);

    /* the blocked engine: 130 x 96 x 130 (above the small-problem limits), C's columns 2^31 + 11
       apart (a 1.6 TiB reservation, 96 columns touched). Not under qemu (NB_TEST_EMULATOR): qemu
       user mode keeps page descriptors for a guest mapping, gigabytes for this one. */
    if (getenv("NB_TEST_EMULATOR"))
        return;
    const bi me = 130, ne = 96, ke = 130, lde = 130, ldce = ((bi)1 << 31) + 11;
    const size_t sce = (size_t)(ne - 1) * (size_t)ldce + (size_t)me;
    double *ce = big(sce), *ae = malloc(sizeof(double) * 130 * 130),
           *be = malloc(sizeof(double) * 130 * 96);
    if (!ae || !be)
        exit(2);
    for (int i = 0; i < 130 * 130; i++)
        ae[i] = (double)((i * 7) % 11) - 5;
    for (int i = 0; i < 130 * 96; i++)
        be[i] = (double)((i * 5) % 13) - 6;
    for (bi j = 0; j < ne; j++)
        for (bi i = 0; i < me; i++)
            ce[i + j * ldce] = 1;
    const double one = 1;
    dgemm_("N", "N", &me, &ne, &ke, &one, ae, &lde, be, &ke, &one, ce, &ldce, 1, 1);
    int bad = 0;
    for (bi j = 0; j < ne; j++)
        for (bi i = 0; i < me; i++) {
            double s = 1;
            for (bi l = 0; l < ke; l++)
                s += ae[i + l * 130] * be[l + j * 130];
            bad += ce[i + j * ldce] != s; /* integers: exact */
        }
    check("dgemm 130x96x130 ldc=2^31+11 (blocked engine): wrong elements", bad, 0);
    unbig(ce, sce);
    free(ae);
    free(be);
}

int main(void)
{
    level1();
    level2();
    level3();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    /* a few hundred touched pages plus the library: far below this (under qemu the RSS is the
       emulator's, its page descriptors for the reservations included: not checked there) */
    if (!getenv("NB_TEST_EMULATOR"))
        check("max RSS below 256 MiB (MiB)", ru.ru_maxrss / 1024 < 256 ? 0 : (double)ru.ru_maxrss / 1024,
              0);
    printf("ilp64-large (%s): max RSS %ld MiB; %d checks, %d failed\n",
#ifdef NANOBLAS_ILP64_SUFFIX
           "suffixed",
#else
           "unsuffixed",
#endif
           ru.ru_maxrss / 1024, checks, fails);
    return fails != 0;
}
