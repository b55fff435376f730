/* A program written for OpenBLAS: compiled against Debian's libopenblas-dev headers and linked
 * with -lopenblas alone (BLAS, CBLAS, LAPACK and OpenBLAS's own API from one library), then run
 * unchanged on nanoblas's libopenblas.so.0 by run_swap.sh. Writes the workloads.py output format
 * (see there) so that compare.py checks it against the same program on Debian's OpenBLAS.
 *   openblas_client OUTFILE */
#define _GNU_SOURCE
#include <cblas.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void dgesv_(const int *n, const int *nrhs, double *a, const int *lda, int *ipiv, double *b,
            const int *ldb, int *info);
void dpotrf_(const char *uplo, const int *n, double *a, const int *lda, int *info, size_t uplo_len);

enum { N = 240, K = 170 };

static void begin(const char *name)
{
    char line[128];
    int len = snprintf(line, sizeof line, "nanoblas-test: begin %s\n", name);
    if (write(2, line, (size_t)len) < 0) { /* stderr gone: nothing to report to */ }
}

/* deterministic values in [-1, 1) from a 64-bit LCG */
static double next_value(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / 4503599627370496.0 - 1.0;
}

static void print_values(FILE *out, const char *name, const char *rtol, const double *v, size_t count)
{
    fprintf(out, "%s cmp %s", name, rtol);
    for (size_t i = 0; i < count; i++) fprintf(out, " %.17g,0", v[i]);
    fputc('\n', out);
}

int main(int argc, char **argv)
{
    if (argc != 2) { fprintf(stderr, "usage: openblas_client OUTFILE\n"); return 2; }
    FILE *out = fopen(argv[1], "w");
    if (!out) { perror(argv[1]); return 1; }
    unsigned long long seed = 8;
    double *a = malloc(sizeof(double) * N * K), *b = malloc(sizeof(double) * K * N);
    double *c = malloc(sizeof(double) * N * N), *m = malloc(sizeof(double) * N * N);
    double *rhs = malloc(sizeof(double) * N), *proj = malloc(sizeof(double) * N);
    int *ipiv = malloc(sizeof(int) * N);
    if (!a || !b || !c || !m || !rhs || !proj || !ipiv) { fprintf(stderr, "out of memory\n"); return 1; }
    for (size_t i = 0; i < (size_t)N * K; i++) { a[i] = next_value(&seed); b[i] = next_value(&seed); }
    for (size_t i = 0; i < N; i++) rhs[i] = next_value(&seed);

    openblas_set_num_threads(2);
    begin("c_dgemm");
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, K, 1.0, a, K, b, N, 0.0, c, N);
    for (size_t i = 0; i < N; i++) proj[i] = c[i * N] + c[i * N + N / 2] - 0.5 * c[i * N + N - 1];
    print_values(out, "c_dgemm", "1e-12", proj, N);

    begin("c_dgesv");
    for (size_t i = 0; i < (size_t)N * N; i++) m[i] = c[i] / K;
    for (size_t i = 0; i < N; i++) m[i * N + i] += 4.0;
    int n = N, one = 1, info = -1;
    dgesv_(&n, &one, m, &n, ipiv, rhs, &n, &info);
    print_values(out, "c_dgesv", "1e-10", rhs, N);

    begin("c_dsyrk");  /* m = a a^T / K + I: its Cholesky factor is unique */
    cblas_dsyrk(CblasColMajor, CblasLower, CblasNoTrans, N, K, 1.0 / K, a, N, 0.0, m, N);
    for (size_t i = 0; i < N; i++) m[i * N + i] += 1.0;
    print_values(out, "c_dsyrk", "1e-12", m, N);
    begin("c_dpotrf");
    int info2 = -1;
    dpotrf_("L", &n, m, &n, &info2, 1);
    for (size_t i = 0; i < N; i++) proj[i] = m[i * N + i];
    print_values(out, "c_dpotrf", "1e-11", proj, N);
    begin("end");
    fprintf(out, "c_info max 0 %d\n", abs(info) + abs(info2));
    /* a build without threads (openblas_get_parallel() == 0: OpenBLAS's serial build, nanoblas
       configured --disable-openmp) stays at one thread whatever is asked; a threaded one reports
       the 2 asked for, or (nanoblas) the usable CPUs when the affinity mask allows fewer */
    int got = openblas_get_num_threads(), usable = 0;
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        usable = CPU_COUNT(&set);
#endif
    int thr_ok = openblas_get_parallel() ? got == 2 || (usable >= 1 && usable < 2 && got == usable) : got == 1;
    fprintf(out, "c_threads max 0 %d\n", !thr_ok);

    char *config = openblas_get_config();
    fprintf(out, "# config %s\n", config ? config : "(null)");
    FILE *maps = fopen("/proc/self/maps", "r");
    char line[4096], last[4096] = "";
    while (maps && fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path) continue;
        path[strcspn(path, "\n")] = 0;
        const char *base = strrchr(path, '/') + 1;
        if (strncmp(base, "lib", 3) == 0 && (strstr(base, "blas") || strstr(base, "lapack"))
            && strcmp(path, last) != 0) {
            fprintf(out, "# lib %s\n", path);
            snprintf(last, sizeof last, "%s", path);
        }
    }
    if (maps) fclose(maps);
    free(a); free(b); free(c); free(m); free(rhs); free(proj); free(ipiv);
    return fclose(out) == 0 ? 0 : 1;
}
