/* A program's own xerbla_ must be the one LAPACK inside libopenblas.so.0 calls (LAPACK's archived
   xerbla is left out of the library and nanoblas's is interposable). tests/check_openblas_abi.sh */
#include <stddef.h>
#include <stdio.h>

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);

static int reported_position;

void xerbla_(const char *name, const int *info, size_t name_len)
{
    (void)name_len;
    reported_position = *info;
    printf("program's xerbla_: %.5s argument %d\n", name, *info);
}

int main(void)
{
    int n = 2, nrhs = 1, bad_lda = 1, ipiv[2], info = 0;
    double a[4] = {0}, b[2] = {0};
    dgesv_(&n, &nrhs, a, &bad_lda, ipiv, b, &n, &info);
    printf("dgesv_ info = %d\n", info);
    return !(info == -4 && reported_position == 4);
}
