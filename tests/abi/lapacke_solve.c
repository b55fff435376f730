/* LAPACKE through -lopenblas (tests/check_lapacke.sh): a row-major LAPACKE_dgesv and a
   column-major LAPACKE_zpotrf + zpotrs, each checked by its residual, and an illegal argument
   (LAPACKE's own check: the layout, reported as argument 1; and n < 0 passed to LAPACK, whose
   INFO comes back shifted by the layout argument) returned, not fatal. Prints "lapacke ok". */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <lapacke.h>

int main(void)
{
    enum { N = 40 };
    static double a[N * N], a0[N * N], b[N], b0[N];
    lapack_int ipiv[N], bad = 0;
    unsigned s = 7;
    for (int i = 0; i < N * N; i++) {
        s = s * 1103515245u + 12345u;
        a[i] = a0[i] = (double)(s >> 8) / (1 << 24) - 0.5 + (i % (N + 1) == 0 ? N : 0);
    }
    for (int i = 0; i < N; i++)
        b[i] = b0[i] = i - 3.5;
    lapack_int info = LAPACKE_dgesv(LAPACK_ROW_MAJOR, N, 1, a, N, ipiv, b, 1);
    double r = 0;
    for (int i = 0; i < N; i++) {
        double t = -b0[i];
        for (int j = 0; j < N; j++)
            t += a0[i * N + j] * b[j]; /* row major */
        r = fmax(r, fabs(t));
    }
    if (info != 0 || !(r < 1e-10)) {
        printf("LAPACKE_dgesv: info %d, residual %g\n", (int)info, r);
        bad = 1;
    }
    /* Hermitian positive definite: I*N + a small Hermitian part */
    static double complex h[N * N], h0[N * N], x[N];
    for (int j = 0; j < N; j++)
        for (int i = 0; i <= j; i++) {
            double complex v = i == j ? N : 0.3 / (1 + i + j) + 0.1 * I * (i - j) / N;
            h[i + j * N] = v, h[j + i * N] = conj(v);
        }
    for (int i = 0; i < N * N; i++)
        h0[i] = h[i];
    for (int i = 0; i < N; i++)
        x[i] = 1 + I * i;
    info = LAPACKE_zpotrf(LAPACK_COL_MAJOR, 'U', N, h, N);
    lapack_int info2 = LAPACKE_zpotrs(LAPACK_COL_MAJOR, 'U', N, 1, h, N, x, N);
    r = 0;
    for (int i = 0; i < N; i++) {
        double complex t = -(1 + I * i);
        for (int j = 0; j < N; j++)
            t += h0[i + j * N] * x[j];
        r = fmax(r, cabs(t));
    }
    if (info != 0 || info2 != 0 || !(r < 1e-10)) {
        printf("LAPACKE_zpotrf/zpotrs: info %d %d, residual %g\n", (int)info, (int)info2, r);
        bad = 1;
    }
    if ((info = LAPACKE_dgesv(12345, N, 1, a, N, ipiv, b, 1)) != -1) {
        printf("LAPACKE_dgesv with a bad layout: info %d, want -1\n", (int)info);
        bad = 1;
    }
    if ((info = LAPACKE_dgesv_work(LAPACK_COL_MAJOR, -1, 1, a, N, ipiv, b, N)) != -2) {
        printf("LAPACKE_dgesv_work with n = -1: info %d, want -2\n", (int)info);
        bad = 1;
    }
    puts(bad ? "lapacke FAILED" : "lapacke ok");
    return bad;
}
