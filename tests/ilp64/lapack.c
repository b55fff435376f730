/* LAPACK with 64-bit integers through the ILP64 libraries that carry it (mk/ilp64.mk): built with
   -DNANOBLAS_ILP64_SUFFIX against libopenblas64_.so.0 (every name suffixed 64_, Debian's
   liblapack64 renamed) and with -DNANOBLAS_ILP64 against libopenblas64.so.0 (unsuffixed).
   dgesv and dposv run nanoblas's own getrf/getrs/potrf/potrs under the reference drivers, with
   INTEGER pivots of 8 bytes; dgels runs the reference QR on nanoblas's BLAS; dgetrf reports an
   illegal argument through the program's own xerbla (INFO, 64-bit), and a singular matrix by INFO. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "cblas.h"

#ifndef NANOBLAS_ILP64
#error "build with -DNANOBLAS_ILP64 or -DNANOBLAS_ILP64_SUFFIX"
#endif
typedef CBLAS_INT bi;

/* suffixed by nanoblas_suffix64.h where it applies; LAPACK's own names need the suffix by hand */
#ifdef NANOBLAS_ILP64_SUFFIX
#define LAPACK(x) x##64_
#else
#define LAPACK(x) x
#endif
void LAPACK(dgesv_)(const bi *n, const bi *nrhs, double *a, const bi *lda, bi *ipiv, double *b,
                    const bi *ldb, bi *info);
void LAPACK(dposv_)(const char *uplo, const bi *n, const bi *nrhs, double *a, const bi *lda,
                    double *b, const bi *ldb, bi *info, size_t);
void LAPACK(dgels_)(const char *trans, const bi *m, const bi *n, const bi *nrhs, double *a,
                    const bi *lda, double *b, const bi *ldb, double *work, const bi *lwork, bi *info,
                    size_t);
void dgetrf_(const bi *m, const bi *n, double *a, const bi *lda, bi *ipiv, bi *info);

static int fails, checks;
static void check(const char *what, int ok)
{
    checks++;
    if (!ok) {
        fails++;
        printf("FAIL %s\n", what);
    }
}

static char xname[8];
static bi xinfo;
void xerbla_(const char *name, const bi *info, size_t len)
{
    snprintf(xname, sizeof xname, "%.*s", (int)(len < 7 ? len : 7), name);
    xinfo = *info;
}

int main(void)
{
    enum { N = 40 };
    static double a[N * N], a0[N * N], b[N], x[N];
    bi ipiv[N], n = N, one = 1, info = -99;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++)
            a0[i + N * j] = (i == j ? N : 0) + sin(1.0 + i * 7 + j * 3);
    for (int i = 0; i < N; i++)
        x[i] = i % 5 - 2.0;
    for (int i = 0; i < N; i++) {
        b[i] = 0;
        for (int j = 0; j < N; j++)
            b[i] += a0[i + N * j] * x[j];
    }
    memcpy(a, a0, sizeof a);
    LAPACK(dgesv_)(&n, &one, a, &n, ipiv, b, &n, &info);
    double err = 0;
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(b[i] - x[i]));
    int piv_ok = 1;
    for (int i = 0; i < N; i++)
        piv_ok &= ipiv[i] >= i + 1 && ipiv[i] <= N;
    check("dgesv info 0", info == 0);
    check("dgesv solution", err < 1e-12);
    check("dgesv pivots 64-bit, in range", piv_ok);

    /* SPD: A**T A + N I */
    static double s[N * N];
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            double t = (i == j) ? N : 0;
            for (int l = 0; l < N; l++)
                t += a0[l + N * i] * a0[l + N * j];
            s[i + N * j] = t;
        }
    for (int i = 0; i < N; i++) {
        b[i] = 0;
        for (int j = 0; j < N; j++)
            b[i] += s[i + N * j] * x[j];
    }
    info = -99;
    LAPACK(dposv_)("L", &n, &one, s, &n, b, &n, &info, 1);
    err = 0;
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(b[i] - x[i]));
    check("dposv info 0, solution", info == 0 && err < 1e-10);

    /* least squares, square and consistent: the same x */
    memcpy(a, a0, sizeof a);
    for (int i = 0; i < N; i++) {
        b[i] = 0;
        for (int j = 0; j < N; j++)
            b[i] += a0[i + N * j] * x[j];
    }
    double work[64 * N];
    bi lwork = 64 * N;
    info = -99;
    LAPACK(dgels_)("N", &n, &n, &one, a, &n, b, &n, work, &lwork, &info, 1);
    err = 0;
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(b[i] - x[i]));
    check("dgels info 0, solution", info == 0 && err < 1e-10);

    /* errors: LDA < M through our xerbla; M = -2^32 (0 in 32 bits) illegal too */
    bi m3 = 3, lda1 = 1, mneg = -((bi)1 << 32);
    info = 0;
    dgetrf_(&m3, &m3, a, &lda1, ipiv, &info);
    check("dgetrf LDA<M: INFO -4, xerbla DGETRF 4", info == -4 && strcmp(xname, "DGETRF") == 0 && xinfo == 4);
    info = 0;
    xinfo = 0;
    dgetrf_(&mneg, &m3, a, &m3, ipiv, &info);
    check("dgetrf M=-2^32: INFO -1", info == -1 && xinfo == 1);
    /* singular: a zero column */
    memcpy(a, a0, sizeof a);
    for (int i = 0; i < N; i++)
        a[i + N * 7] = 0;
    info = 0;
    dgetrf_(&n, &n, a, &n, ipiv, &info);
    check("dgetrf singular: INFO > 0", info > 0 && info <= N);

    printf("ilp64-lapack (%s): %d checks, %d failed\n",
#ifdef NANOBLAS_ILP64_SUFFIX
           "suffixed, libopenblas64_.so.0",
#else
           "unsuffixed, libopenblas64.so.0",
#endif
           checks, fails);
    return fails != 0;
}
