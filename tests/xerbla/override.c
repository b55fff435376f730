/* A program with its own xerbla_ and cblas_xerbla: nanoblas must call these, not its own, write
   nothing to the outputs, and return. Built both against the shared and the static library, and
   for the ILP64 libraries (tests/check_xerbla.sh): with -DNANOBLAS_ILP64_SUFFIX every name below
   is its 64_ twin (xerbla_ is xerbla_64_, the handler libnanoblas64 calls), with -DNANOBLAS_ILP64
   the unsuffixed names of libopenblas64.so.0; INFO and every integer are then 64-bit. */
#include <stdio.h>
#include <string.h>
#include "include/cblas.h"

typedef CBLAS_INT bint;
void dgemm_(const char *, const char *, const bint *, const bint *, const bint *, const double *,
            const double *, const bint *, const double *, const bint *, const double *, double *,
            const bint *, size_t, size_t);

static char last_name[16];
static bint last_info;
static int calls;

void xerbla_(const char *name, const bint *info, size_t len)
{
    snprintf(last_name, sizeof last_name, "%.*s", (int)(len < 15 ? len : 15), name);
    last_info = *info;
    calls++;
}

void cblas_xerbla(bint info, const char *rout, const char *form, ...)
{
    (void)form;
    snprintf(last_name, sizeof last_name, "%s", rout);
    last_info = info;
    calls++;
}

int main(void)
{
    double a[4] = {1, 2, 3, 4}, b[4] = {1, 2, 3, 4}, c[4] = {7, 7, 7, 7}, one = 1, zero = 0;
    bint two = 2, bad = -1, ldc1 = 1;
    int failures = 0;

    dgemm_("N", "N", &bad, &two, &two, &one, a, &two, b, &two, &zero, c, &two, 1, 1);
    if (calls != 1 || strcmp(last_name, "DGEMM ") != 0 || last_info != 3) {
        printf("FAIL: dgemm_ M<0 gave calls=%d name='%s' info=%d (want 1 'DGEMM ' 3)\n", calls,
               last_name, (int)last_info);
        failures++;
    }
    dgemm_("N", "N", &two, &two, &two, &one, a, &two, b, &two, &zero, c, &ldc1, 1, 1);
    if (calls != 2 || last_info != 13) {
        printf("FAIL: dgemm_ LDC<M gave info=%d (want 13)\n", (int)last_info);
        failures++;
    }
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, -1, 2, 1.0, a, 2, b, 2, 0.0, c, 2);
    if (calls != 3 || strcmp(last_name, "cblas_dgemm") != 0 || last_info != 5) {
        printf("FAIL: cblas_dgemm N<0 gave name='%s' info=%d (want cblas_dgemm 5)\n", last_name,
               (int)last_info);
        failures++;
    }
#ifdef NANOBLAS_ILP64
    /* 64-bit values whose low 32 bits mislead: M = -2^32 (0 in 32 bits) is illegal; LDA = 2^32 + 2
       (2 in 32 bits) with M = 3 is legal, and so is nothing to report for it */
    bint mneg = -((bint)1 << 32), three = 3, ldbig = ((bint)1 << 32) + 2;
    int before = calls;
    dgemm_("N", "N", &mneg, &two, &two, &one, a, &two, b, &two, &zero, c, &two, 1, 1);
    if (calls != before + 1 || last_info != 3) {
        printf("FAIL: dgemm_ M=-2^32 gave calls=%d info=%d (want one call, 3)\n", calls - before,
               (int)last_info);
        failures++;
    }
    before = calls;
    /* legal but with alpha = 0 and beta = 1: a quick return that reads nothing */
    dgemm_("N", "N", &three, &two, &two, &zero, a, &ldbig, b, &two, &one, c, &ldbig, 1, 1);
    if (calls != before) {
        printf("FAIL: dgemm_ LDA=LDC=2^32+2 reported info=%d (legal)\n", (int)last_info);
        failures++;
    }
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, mneg, 1.0, a, 2, b, 2, 0.0, c, 2);
    if (calls != before + 1 || strcmp(last_name, "cblas_dgemm") != 0 || last_info != 6) {
        printf("FAIL: cblas_dgemm K=-2^32 gave name='%s' info=%d (want cblas_dgemm 6)\n", last_name,
               (int)last_info);
        failures++;
    }
#endif
    for (int i = 0; i < 4; i++)
        if (c[i] != 7) {
            printf("FAIL: output written on an error exit\n");
            failures++;
            break;
        }
    printf("xerbla override: %s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
