/* Without a program xerbla_, nanoblas's own prints the reference message and returns: the process
   must go on (a library never exits). */
#include <stdio.h>
#include <stddef.h>

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

int main(void)
{
    double a[4] = {1, 2, 3, 4}, c[4] = {7, 7, 7, 7}, one = 1;
    int two = 2, lda1 = 1;
    dgemm_("N", "N", &two, &two, &two, &one, a, &lda1, a, &two, &one, c, &two, 1, 1);
    printf("still running, c[0]=%g\n", c[0]);
    return c[0] != 7;
}
