/* Without a program xerbla_, nanoblas's own prints the reference message and returns: the process
   must go on (a library never exits). Built for the ILP64 libraries too (override.c says how). */
#include <stdio.h>
#include <stddef.h>
#include "include/cblas.h"

typedef CBLAS_INT bint;
void dgemm_(const char *, const char *, const bint *, const bint *, const bint *, const double *,
            const double *, const bint *, const double *, const bint *, const double *, double *,
            const bint *, size_t, size_t);

int main(void)
{
    double a[4] = {1, 2, 3, 4}, c[4] = {7, 7, 7, 7}, one = 1;
    bint two = 2, lda1 = 1;
    dgemm_("N", "N", &two, &two, &two, &one, a, &lda1, a, &two, &one, c, &two, 1, 1);
    printf("still running, c[0]=%g\n", c[0]);
    return c[0] != 7;
}
