/* A consumer of an installed nanoblas (tests/check_install.sh): built with the flags that
   `pkg-config nanoblas` and CMake's find_package(nanoblas) give, it must find the headers under
   include/nanoblas and link the library. The same source for the ILP64 packages (nanoblas64.pc,
   nanoblas::nanoblas64): their flags make CBLAS_INT 64-bit and cblas_dgemm cblas_dgemm64_. */
#include <cblas.h>
#include <nanoblas.h>
#include <math.h>
#include <stdio.h>

int main(void)
{
    /* Column-major C (2x2) = A (2x3) * B (3x2): [1 3 5; 2 4 6] * [1 4; 2 5; 3 6]. */
    const double a[6] = {1, 2, 3, 4, 5, 6};
    const double b[6] = {1, 2, 3, 4, 5, 6};
    const double expected[4] = {22, 28, 49, 64};
    double c[4] = {-1, -1, -1, -1};
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 3, 1.0, a, 2, b, 3, 0.0, c, 2);
    int bad = 0;
    for (int i = 0; i < 4; i++) bad += fabs(c[i] - expected[i]) > 1e-12;
    printf("installed nanoblas %s%s: cblas_dgemm %s\n", NANOBLAS_VERSION,
           sizeof(CBLAS_INT) == 8 ? " (ILP64)" : "", bad ? "WRONG" : "ok");
    return bad != 0;
}
