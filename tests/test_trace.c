/* The call trace (NANOBLAS_VERBOSE=2). The library reads the variable once at load, so every case
   runs this program again as a child ("--child") with the environment of the case and its stderr
   in a temporary file, which the parent then reads:
   - one line per call, in the documented pattern, with the exact keys and values of the call,
     for a Fortran, a CBLAS, a Level 1, a Level 2, a grouped batch and a strided batch call;
   - a nested exported call (a program's xerbla_ calling ddot_ from inside dgemm_'s argument
     check) prints once: only the outermost call;
   - a threaded dgemm_ prints one line (the library's worker threads do not trace);
   - two threads calling ddot_ at once give whole lines, none lost, none interleaved;
   - NANOBLAS_VERBOSE unset, 0 or 1: no trace line. */
#include <pthread.h>
#include <regex.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

void dgemm_(const char *ta, const char *tb, const int *m, const int *n, const int *k,
            const double *alpha, const double *a, const int *lda, const double *b, const int *ldb,
            const double *beta, double *c, const int *ldc, size_t la, size_t lb);
double ddot_(const int *n, const double *x, const int *incx, const double *y, const int *incy);
void dtrsv_(const char *uplo, const char *trans, const char *diag, const int *n, const double *a,
            const int *lda, double *x, const int *incx, size_t lu, size_t lt, size_t ld);
void sgemm_batch_strided_(const char *ta, const char *tb, const int *m, const int *n,
                          const int *k, const float *alpha, const float *a, const int *lda,
                          const int *stridea, const float *b, const int *ldb, const int *strideb,
                          const float *beta, float *c, const int *ldc, const int *stridec,
                          const int *batch_size, size_t la, size_t lb);

enum { THREAD_CALLS = 200, BIG = 192 };

/* ---- the child: the calls whose trace the parent checks ---- */

/* Replaces the library's xerbla_ (it calls the dynamic symbol): a BLAS call from inside another
   BLAS call's error report, the nesting that must not print a second line. */
static double xerbla_dot = -1;
void xerbla_(const char *name, const int *info, size_t len)
{
    (void)name, (void)info, (void)len;
    static const double v[3] = {1, 2, 3};
    const int n = 3, one = 1;
    xerbla_dot = ddot_(&n, v, &one, v, &one);
}

static void *dot_thread(void *arg)
{
    const int n = *(const int *)arg, one = 1;
    double x[16], s = 0;
    for (int i = 0; i < 16; i++)
        x[i] = i;
    for (int r = 0; r < THREAD_CALLS; r++)
        s += ddot_(&n, x, &one, x, &one);
    return (void *)(s > 0 ? arg : NULL);
}

static int child(void)
{
    static double a[BIG * BIG], b[BIG * BIG], c[BIG * BIG];
    static float fa[64], fb[64], fc[64];
    for (int i = 0; i < BIG * BIG; i++)
        a[i] = b[i] = 1.0 / (1 + i % 7);
    const double one = 1, zero = 0;
    int m = 3, n = 4, k = 5, lda = 3, ldb = 4, ldc = 3, inc1 = 1, inc2 = 2, n7 = 7;
    dgemm_("n", "T", &m, &n, &k, &one, a, &lda, b, &ldb, &zero, c, &ldc, 1, 1);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, 2, 3, 4, 1.0f, fa, 4, fb, 4, 0.0f, fc, 3);
    if (ddot_(&n7, a, &inc1, b, &inc2) <= 0)
        return 1;
    int n5 = 5;
    dtrsv_("l", "t", "u", &n5, a, &n5, c, &inc1, 1, 1, 1);
    /* two groups: 2 x (2x3x4 N,N) and 3 x (4x2x3 T,N) */
    const CBLAS_TRANSPOSE ta[2] = {CblasNoTrans, CblasTrans}, tb[2] = {CblasNoTrans, CblasNoTrans};
    const int bm[2] = {2, 4}, bn[2] = {3, 2}, bk[2] = {4, 3}, blda[2] = {2, 3}, bldb[2] = {4, 3},
              bldc[2] = {2, 4}, gsize[2] = {2, 3};
    const double alphas[2] = {1, 1}, betas[2] = {0, 0};
    const double *pa[5] = {a, a + 100, a + 200, a + 300, a + 400};
    const double *pb[5] = {b, b + 100, b + 200, b + 300, b + 400};
    double *pc[5] = {c, c + 100, c + 200, c + 300, c + 400};
    cblas_dgemm_batch(CblasColMajor, ta, tb, bm, bn, bk, alphas, pa, blda, pb, bldb, betas, pc,
                      bldc, 2, gsize);
    const float fone = 1, fzero = 0;
    int s2 = 2, s16 = 16, s4 = 4, s8 = 8, bs = 3;
    sgemm_batch_strided_("N", "N", &s2, &s2, &s2, &fone, fa, &s2, &s4, fb, &s2, &s8, &fzero, fc,
                         &s2, &s16, &bs, 1, 1);
    /* nested: dgemm_ with m = -1 reports through xerbla_ above, which calls ddot_ */
    int bad = -1;
    dgemm_("N", "N", &bad, &n, &k, &one, a, &lda, b, &ldb, &zero, c, &ldc, 1, 1);
    if (xerbla_dot != 14)
        return 2;
    /* large enough for the library's thread team (when it has one) */
    int big = BIG;
    dgemm_("N", "N", &big, &big, &big, &one, a, &big, b, &big, &zero, c, &big, 1, 1);
    pthread_t th[2];
    int tn[2] = {11, 13};
    for (int t = 0; t < 2; t++)
        if (pthread_create(&th[t], NULL, dot_thread, &tn[t]) != 0)
            return 3;
    for (int t = 0; t < 2; t++) {
        void *r;
        pthread_join(th[t], &r);
        if (!r)
            return 4;
    }
    return 0;
}

/* ---- the parent ---- */

/* Runs the child with NANOBLAS_VERBOSE = verbose (NULL: unset); its stderr into buf. */
static int run_child(const char *self, const char *verbose, char *buf, size_t cap)
{
    char path[] = "/tmp/nb_test_trace_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    unlink(path);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, 2);
        if (verbose)
            setenv("NANOBLAS_VERBOSE", verbose, 1);
        else
            unsetenv("NANOBLAS_VERBOSE");
        /* Under an emulator without binfmt_misc (tests/run_arm.sh: qemu-aarch64) the program
           cannot exec itself directly: the emulator named here runs it again. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        if (emu && *emu)
            execlp(emu, emu, self, "--child", (char *)NULL);
        else
            execl("/proc/self/exe", self, "--child", (char *)NULL);
        _exit(127);
    }
    int status = -1;
    waitpid(pid, &status, 0);
    ssize_t got = pread(fd, buf, cap - 1, 0);
    close(fd);
    buf[got > 0 ? got : 0] = '\0';
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The trace lines ("nanoblas: " and a symbol; the configuration text of level 1 starts with
   "nanoblas configuration"), split in place. */
static int trace_lines(char *buf, char **lines, int max)
{
    int n = 0;
    for (char *s = strtok(buf, "\n"); s; s = strtok(NULL, "\n"))
        if (strncmp(s, "nanoblas: ", 10) == 0 && n < max)
            lines[n++] = s;
    return n;
}

static char out[1 << 20];
static char *lines[4096];

static void check_no_trace(const char *self, const char *verbose)
{
    int rc = run_child(self, verbose, out, sizeof out);
    TU_CHECK(rc == 0, "child with NANOBLAS_VERBOSE=%s exited with %d", verbose ? verbose : "(unset)",
             rc);
    int n = trace_lines(out, lines, 4096);
    TU_CHECK(n == 0, "NANOBLAS_VERBOSE=%s: %d trace lines, first: %s", verbose ? verbose : "(unset)",
             n, n ? lines[0] : "");
}

static void check_trace(const char *self)
{
    int rc = run_child(self, "2", out, sizeof out);
    TU_CHECK(rc == 0, "child with NANOBLAS_VERBOSE=2 exited with %d", rc);
    int n = trace_lines(out, lines, 4096);

    /* the pattern of the documentation (and of the swap tests): every line, whole */
    regex_t re;
    int rc_re = regcomp(&re, "^nanoblas: ([^ ]+) .* set=[^ ]+ time=[0-9]+\\.[0-9][0-9]us$",
                        REG_EXTENDED);
    TU_CHECK(rc_re == 0, "regcomp failed");
    char set_part[64];
    snprintf(set_part, sizeof set_part, " set=%s time=", nanoblas_get_kernel_set());
    for (int i = 0; i < n && rc_re == 0; i++) {
        TU_CHECK(regexec(&re, lines[i], 0, NULL, 0) == 0, "line %d not in the pattern: %s", i,
                 lines[i]);
        TU_CHECK(strstr(lines[i], set_part) != NULL, "line %d lacks '%s': %s", i, set_part,
                 lines[i]);
    }
    if (rc_re == 0)
        regfree(&re);

    /* the calls in order; the two threads' ddot_ lines come last, in any order */
    static const char *const want[] = {
        "nanoblas: dgemm_ transa=N transb=T m=3 n=4 k=5 lda=3 ldb=4 ldc=3",
        "nanoblas: cblas_sgemm layout=row transa=N transb=T m=2 n=3 k=4 lda=4 ldb=4 ldc=3",
        "nanoblas: ddot_ n=7 incx=1 incy=2",
        "nanoblas: dtrsv_ uplo=L trans=T diag=U n=5 lda=5 incx=1",
        "nanoblas: cblas_dgemm_batch layout=col group_count=2 batch_size=5 group_size=2,3 "
        "transa=N,T transb=N,N m=2,4 n=3,2 k=4,3 lda=2,3 ldb=4,3 ldc=2,4",
        "nanoblas: sgemm_batch_strided_ transa=N transb=N m=2 n=2 k=2 lda=2 stridea=4 ldb=2 "
        "strideb=8 ldc=2 stridec=16 batch_size=3",
        "nanoblas: dgemm_ transa=N transb=N m=-1 n=4 k=5 lda=3 ldb=4 ldc=3",
        "nanoblas: dgemm_ transa=N transb=N m=192 n=192 k=192 lda=192 ldb=192 ldc=192",
    };
    const int nwant = (int)(sizeof want / sizeof *want);
    TU_CHECK(n == nwant + 2 * THREAD_CALLS, "%d trace lines, want %d", n, nwant + 2 * THREAD_CALLS);
    for (int i = 0; i < nwant && i < n; i++) {
        size_t len = strlen(want[i]);
        TU_CHECK(strncmp(lines[i], want[i], len) == 0 && strncmp(lines[i] + len, " set=", 5) == 0,
                 "trace line %d:\n  got  %s\n  want %s set=...", i, lines[i], want[i]);
    }
    int by_n[2] = {0, 0}, other = 0;
    const char *first_other = "";
    for (int i = nwant; i < n; i++) {
        if (strncmp(lines[i], "nanoblas: ddot_ n=11 incx=1 incy=1 set=", 39) == 0)
            by_n[0]++;
        else if (strncmp(lines[i], "nanoblas: ddot_ n=13 incx=1 incy=1 set=", 39) == 0)
            by_n[1]++;
        else if (other++ == 0)
            first_other = lines[i];
    }
    TU_CHECK(by_n[0] == THREAD_CALLS && by_n[1] == THREAD_CALLS && other == 0,
             "threads: %d and %d ddot_ lines (want %d each), %d others, first: %s", by_n[0],
             by_n[1], THREAD_CALLS, other, first_other);
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    check_trace(argv[0]);
    check_no_trace(argv[0], NULL);
    check_no_trace(argv[0], "0");
    check_no_trace(argv[0], "1");
    printf("test_trace: %ld checks, %ld failed (kernel set %s)\n", tu_checks, tu_failures,
           nanoblas_get_kernel_set());
    return tu_failures != 0;
}
