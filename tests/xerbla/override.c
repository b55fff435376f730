/* A program with its own xerbla_ and cblas_xerbla: nanoblas must call these, not its own, write
   nothing to the outputs, and return. Built both against the shared and the static library. */
#include <stdio.h>
#include <string.h>
#include "include/cblas.h"

void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);

static char last_name[16];
static int last_info, calls;

void xerbla_(const char *name, const int *info, size_t len)
{
    snprintf(last_name, sizeof last_name, "%.*s", (int)(len < 15 ? len : 15), name);
    last_info = *info;
    calls++;
}

void cblas_xerbla(int info, const char *rout, const char *form, ...)
{
    (void)form;
    snprintf(last_name, sizeof last_name, "%s", rout);
    last_info = info;
    calls++;
}

int main(void)
{
    double a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4}, c[4] = {7, 7, 7, 7}, one = 1, zero = 0;
    int two = 2, bad = -1, ldc1 = 1, failures = 0;

    dgemm_("N", "N", &bad, &two, &two, &one, a, &two, b, &two, &zero, c, &two, 1, 1);
    if (calls != 1 || strcmp(last_name, "DGEMM ") != 0 || last_info != 3) {
        printf("FAIL: dgemm_ M<0 gave calls=%d name='%s' info=%d (want 1 'DGEMM ' 3)\n", calls,
               last_name, last_info);
        failures++;
    }
    dgemm_("N", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &ldc1, 1, 1);
    if (calls != 2 || last_info != 13) {
        printf("FAIL: dgemm_ LDC<M gave info=%d (want 13)\n", last_info);
        failures++;
    }
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, -1, 2, 1.0, a, 2, b, 2, 0.0, c, 2);
    if (calls != 3 || strcmp(last_name, "cblas_dgemm") != 0 || last_info != 5) {
        printf("FAIL: cblas_dgemm N<0 gave name='%s' info=%d (want cblas_dgemm 5)\n", last_name,
               last_info);
        failures++;
    }
    for (int i = 0; i < 4; i++)
        if (c[i] != 7) {
            printf("FAIL: output written on an error exit\n");
            failures++;
            break;
        }
    printf("xerbla override: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
