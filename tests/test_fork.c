/* Threads after fork() and the cap on the team size (docs/API.md, Threads).

   fork: nanoblas's pool (threading/pool.c) is per thread that opens regions, and a child has
   none of its parent's workers. Every child, grandchild and thread started in a child must use
   the full count and compute the right result, whether or not the parent had run a team (its
   workers parked) before the fork, and must not hang. (Under libgomp's teams, which nanoblas used
   before the pool, a child forked after a team hung in its next team: the library then had to
   fall back to one thread there.) What a call "uses" is counted in /proc/self/task: the pool
   keeps a team's workers parked after the region, so the first call that runs on t threads
   leaves t - 1 more OS threads behind, whatever the machine's load (timings would not tell 1
   from 2 threads on a busy 2-core box). So each check below is the first team of its thread.

   cap: OMP_NUM_THREADS=1000 (or the other variables, or the setter) gives at most as many threads
   as the process may use; NANOBLAS_OVERSUBSCRIBE=1 lifts that. The library reads the environment
   at load, so these run in a fresh copy of this program (--cap-probe), as test_threads does. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

static int N;                  /* the cube size of the "big" dgemm: threaded whenever allowed */
static double *A, *B, *REF, *ABSREF;
static int full;               /* the count this process starts with: what every child must use */
static int want_full;          /* `full` where there is a team to count (2 or more), else 0: any */

/* OS threads of this process. qemu user-mode emulation (tests/run_arm.sh) runs one of its own. */
static int os_threads(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    const char *emu = getenv("NB_TEST_EMULATOR");
    return emu && *emu && n > 1 ? n - 1 : n;
}

/* CPUs the process may use, as the library counts them (OpenMP's count where OMP_PLACES binds
   threads). */
static int usable_cpus(void)
{
#ifdef _OPENMP
    return omp_get_num_procs();
#else
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
#endif
}

/* One N^3 dgemm on the calling thread, checked against the reference; returns how many threads
   it ran on (the OS threads it left behind, plus the caller). */
static int big_dgemm(const char *who)
{
    int before = os_threads();
    double *c = malloc((size_t)N * N * sizeof *c);
    for (size_t i = 0; i < (size_t)N * N; i++)
        c[i] = NAN; /* beta = 0: never read */
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, A, N, B, N, 0.0, c, N);
    int after = os_threads();
    long bad = 0;
    for (size_t i = 0; i < (size_t)N * N; i++)
        bad += !(fabs(c[i] - REF[i]) <= 64 * N * 2.2e-16 * ABSREF[i]);
    TU_CHECK(bad == 0, "%s: %d^3 dgemm has %ld wrong elements", who, N, bad);
    free(c);
    return after - before + 1;
}

/* The count a call from this thread uses is the count nanoblas_get_num_threads reports, and is
   `want` (0: any). */
static void check_uses(const char *who, int want)
{
    int said = nanoblas_get_num_threads(), used = big_dgemm(who);
    TU_CHECK(said == used, "%s: nanoblas_get_num_threads() says %d, a big dgemm ran on %d thread(s)", who,
             said, used);
    if (want)
        TU_CHECK(used == want, "%s: a big dgemm ran on %d thread(s), want %d", who, used, want);
}

/* Runs fn in a forked child under a watchdog; the child's failed checks make it exit non-zero. */
static void in_child(const char *who, void (*fn)(void))
{
    static int depth; /* 0 here, 1 in a child, 2 in a grandchild */
    fflush(stdout), fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        /* a hang ends the child, not the test run; a child outlives its own child's watchdog, so
           the one that hung is the one named */
        depth++;
        alarm((unsigned)(tu_quick() ? 300 : 30) * (depth == 1 ? 2 : 1));
        tu_failures = 0;
        fn();
        fflush(stdout), fflush(stderr);
        _exit(tu_failures ? 1 : 0);
    }
    if (!TU_CHECK(pid > 0, "%s: fork failed", who))
        return;
    int status = 0;
    waitpid(pid, &status, 0);
    TU_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: %s", who,
             WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM ? "hung (watchdog fired)"
             : WIFSIGNALED(status)                              ? "killed by a signal"
                                                                : "failed (messages above)");
}

/* ---- children of a process that never ran a team ---- */

static void grandchild(void) { check_uses("grandchild", want_full); }

static void clean_child(void)
{
    /* its own child first, while it has run no team either */
    in_child("grandchild of a clean child", grandchild);
    check_uses("child of a clean parent", want_full);
    /* it has workers parked now: its child starts its own */
    in_child("grandchild after the child's team", grandchild);
}

static void clean_child_setter(void)
{
    nanoblas_set_num_threads(1);
    TU_CHECK(nanoblas_get_num_threads() == 1, "clean child, set 1: says %d", nanoblas_get_num_threads());
    check_uses("clean child after set_num_threads(1)", 1);
    nanoblas_set_num_threads(2);
    check_uses("clean child after set_num_threads(2)", full >= 2 ? 2 : 0);
}

/* ---- children of a process that ran a team (its workers parked at the fork) ---- */

static void *fresh_thread(void *arg)
{
    (void)arg;
    check_uses("new thread in a child after the parent's team", want_full);
    return NULL;
}

static void team_child(void)
{
    /* the forking thread's pool is the parent's, whose workers the child lacks: a new one */
    in_child("grandchild after the parent's team", grandchild);
    check_uses("child after the parent's team", want_full);
    pthread_t t;
    if (TU_CHECK(pthread_create(&t, NULL, fresh_thread, NULL) == 0, "pthread_create"))
        pthread_join(t, NULL);
}

/* ---- the cap, in a fresh process ---- */

/* --cap-probe SET: prints the initial count, the OS threads after a big dgemm, the count after
   nanoblas_set_num_threads(SET), and the usable CPUs. */
static int cap_probe(int set)
{
    int initial = nanoblas_get_num_threads();
    int used = big_dgemm("cap probe");
    nanoblas_set_num_threads(set);
    printf("%d %d %d %d\n", initial, used, nanoblas_get_num_threads(), usable_cpus());
    return tu_failures != 0;
}

/* Runs this program as a cap probe in this environment without its thread variables, plus
   `extra`; returns 0 and the four numbers. */
extern char **environ;
static int run_cap_probe(char *const extra[], int set, int out[4])
{
    char *envp[256];
    int ne = 0;
    for (char **e = environ; *e && ne < 200; e++)
        if (!strstr(*e, "_NUM_THREADS=") && strncmp(*e, "NANOBLAS_OVERSUBSCRIBE=", 23) != 0)
            envp[ne++] = *e;
    for (int i = 0; extra[i] && ne < 255; i++)
        envp[ne++] = extra[i];
    envp[ne] = NULL;
    int fd[2];
    if (pipe(fd))
        return -1;
    fflush(stdout), fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]), close(fd[1]);
        char arg[16];
        snprintf(arg, sizeof arg, "%d", set);
        /* under an emulator without binfmt_misc (tests/run_arm.sh) the emulator runs us again */
        const char *emu = getenv("NB_TEST_EMULATOR");
        char self[4096];
        ssize_t n = emu && *emu ? readlink("/proc/self/exe", self, sizeof self - 1) : -1;
        if (n > 0) {
            self[n] = '\0';
            char *eargv[] = {(char *)emu, self, "--cap-probe", arg, NULL};
            execve(emu, eargv, envp);
        } else {
            char *argv[] = {"test_fork", "--cap-probe", arg, NULL};
            execve("/proc/self/exe", argv, envp);
        }
        _exit(127);
    }
    close(fd[1]);
    char buf[128] = {0};
    ssize_t got = 0;
    while (pid > 0 && got < (ssize_t)sizeof buf - 1) {
        ssize_t r = read(fd[0], buf + got, sizeof buf - 1 - got);
        if (r <= 0)
            break;
        got += r;
    }
    close(fd[0]);
    int status = 0;
    if (pid > 0)
        waitpid(pid, &status, 0);
    if (got <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return sscanf(buf, "%d %d %d %d", &out[0], &out[1], &out[2], &out[3]) == 4 ? 0 : -1;
}

static void test_cap(void)
{
    char *omp[] = {"OMP_NUM_THREADS=1000", NULL};
    char *all[] = {"NANOBLAS_NUM_THREADS=1000", "OPENBLAS_NUM_THREADS=1000", "OMP_NUM_THREADS=1000", NULL};
    char *env[] = {"OMP_NUM_THREADS=1000,4", NULL};
    char *const *capped[] = {omp, all, env};
    for (size_t i = 0; i < sizeof capped / sizeof capped[0]; i++) {
        int r[4];
        if (!TU_CHECK(run_cap_probe(capped[i], 1000, r) == 0, "cap probe %s failed", capped[i][0]))
            continue;
        int cpus = r[3];
        printf("  %s...: count %d, a %d^3 dgemm ran on %d OS threads, set_num_threads(1000) -> %d (%d usable CPUs)\n",
               capped[i][0], r[0], N, r[1], r[2], cpus);
        TU_CHECK(r[0] >= 1 && r[0] <= cpus, "%s: starts at %d threads, %d usable CPUs", capped[i][0], r[0], cpus);
        TU_CHECK(r[1] >= 1 && r[1] <= cpus, "%s: a big dgemm left %d OS threads, %d usable CPUs", capped[i][0],
                 r[1], cpus);
        TU_CHECK(r[2] >= 1 && r[2] <= cpus, "%s: set_num_threads(1000) gives %d, %d usable CPUs", capped[i][0],
                 r[2], cpus);
    }
    /* the escape hatch for tests that oversubscribe on purpose */
    char *over[] = {"OMP_NUM_THREADS=4", "NANOBLAS_OVERSUBSCRIBE=1", NULL};
    int r[4];
    if (TU_CHECK(run_cap_probe(over, 8, r) == 0, "oversubscribe probe failed")) {
        printf("  NANOBLAS_OVERSUBSCRIBE=1 OMP_NUM_THREADS=4: count %d, dgemm on %d OS threads, set 8 -> %d\n",
               r[0], r[1], r[2]);
#ifdef _OPENMP
        TU_CHECK(r[0] == 4 && r[1] == 4 && r[2] == 8,
                 "NANOBLAS_OVERSUBSCRIBE=1: count %d, %d OS threads, set 8 -> %d; want 4, 4, 8", r[0], r[1], r[2]);
#else
        TU_CHECK(r[0] == 1 && r[1] == 1 && r[2] == 1, "sequential build: %d %d %d threads", r[0], r[1], r[2]);
#endif
    }
}

int main(int argc, char **argv)
{
    N = tu_size(500, 160);
    tu_seed(11);
    A = malloc((size_t)N * N * sizeof *A), B = malloc((size_t)N * N * sizeof *B);
    REF = calloc((size_t)N * N, sizeof *REF), ABSREF = calloc((size_t)N * N, sizeof *ABSREF);
    for (size_t i = 0; i < (size_t)N * N; i++)
        A[i] = tu_rand(), B[i] = tu_rand();
    for (int j = 0; j < N; j++)
        for (int l = 0; l < N; l++) {
            double b = B[l + (size_t)j * N];
            for (int i = 0; i < N; i++) {
                REF[i + (size_t)j * N] += A[i + (size_t)l * N] * b;
                ABSREF[i + (size_t)j * N] += fabs(A[i + (size_t)l * N] * b);
            }
        }
    if (argc > 2 && strcmp(argv[1], "--cap-probe") == 0)
        return cap_probe(atoi(argv[2]));

    /* No team has run here yet. */
    full = nanoblas_get_num_threads();
    want_full = full >= 2 ? full : 0;
    if (full < 2)
        printf("test_fork: %d thread available (one CPU, a thread variable of 1, or a build without OpenMP): "
               "the children's full-count checks are skipped, their results are still checked\n",
               full);

    in_child("child of a clean parent", clean_child);
    in_child("clean child with the setter", clean_child_setter);

    /* Now this process runs a team (its workers stay parked), then forks. */
    int used = big_dgemm("parent");
    TU_CHECK(used == full, "parent: a big dgemm ran on %d threads, count %d", used, full);
    in_child("child after the parent's team", team_child);

    test_cap();
    printf("test_fork: %ld checks, %ld failed (kernel set %s, %d threads, %d^3 dgemm)\n", tu_checks, tu_failures,
           nanoblas_get_kernel_set(), full, N);
    return tu_failures != 0;
}
