/* blas_suite: `make bench-blas` (bench/README.md). Every BLAS routine family, Level 1, 2 and 3,
   real and complex, timed in nanoblas, OpenBLAS, BLIS and MKL, at data sizes that sit in L1, in
   L2, in the last-level cache and in memory, at 1 thread and at all cores.

   One process per library: this coordinator starts one worker per library (the same executable,
   `--worker NAME PATH`, blas_suite_worker.c) and talks to it over pipes. A library loaded alone
   in its process cannot clash with another one's symbols or thread pool, and its allocations,
   affinity and environment are its own. The rows are interleaved: for each repetition, for each
   row, for each library (in an order drawn per row and repetition), the coordinator asks that
   library's worker to time the row; the figure is the median over the repetitions. A disturbance from elsewhere on
   the machine thus hits all libraries alike instead of one library's whole set of rows.

   --lib-env NAME:VAR=VALUE sets VAR in that library's worker alone (up to 4 per library): the
   same library twice, e.g. with NANOBLAS_ARCH or NANOBLAS_TUNE, compared within one run.

   Usage: blas_suite [--lib NAME=PATH]... [--lib-env NAME:VAR=VALUE]... [--quick] [--reps N]
     [--classes L1,L2,LLC,mem] [--threads 1,2] [--levels 1,2,3] [--types sdcz]
     [--only FAMILY,...] [--min-ms MS] [--settle-ms MS] [--l3-max-gflop G] [--csv FILE]
     [--fam-csv FILE] [--list] */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench_libs.h"
#include "bench_util.h"
#include "blas_suite.h"

const char *const suite_class_names[SUITE_NCLASS] = {"L1", "L2", "LLC", "mem"};

struct worker {
    pid_t pid;
    FILE *to, *from;
    char desc[512];
    int alive;
};
static struct worker workers[SUITE_MAXLIB];
static char lib_names[SUITE_MAXLIB][64], lib_paths[SUITE_MAXLIB][PATH_MAX];
#define SUITE_MAXENV 4
static char lib_envs[SUITE_MAXLIB][SUITE_MAXENV][256]; /* --lib-env: VAR=VALUE, "" unused */
static int nlibs;

/* "32K", "1024K", "32M" (sysfs cache sizes) in bytes; 0 if unreadable. */
static size_t read_size(const char *path)
{
    FILE *f = fopen(path, "r");
    char s[64] = "";
    if (!f)
        return 0;
    if (!fgets(s, sizeof s, f))
        s[0] = 0;
    fclose(f);
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    return (size_t)v * (*end == 'K' ? 1024 : *end == 'M' ? 1048576 : *end == 'G' ? 1073741824 : 1);
}

/* The data cache sizes of CPU 0: L1 data, L2 and the last level. sysfs first: glibc's sysconf
   reports what CPUID's leaf says, which on AMD guests has been the whole socket's L3 (256 MiB on
   this Zen 3 VM against the 32 MiB one core can use); sysconf when sysfs has nothing. */
/* The memory class's footprint that the machine's free memory holds: each worker keeps its
   buffers between rows (a matrix, two vectors, the drifting operand's copy: up to about 4 times
   the footprint), and the stream loops take twice the footprint while the workers hold theirs.
   A Sapphire Rapids guest reporting a 480 MiB last level asked for 1.9 GiB rows and 3.8 GiB
   stream arrays, and four workers outgrew its 24 GiB: the kernel killed one. 0: unknown. */
static double memory_class_cap(int libs)
{
    long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0 || libs < 1)
        return 0;
    return 0.75 * (double)pages * (double)page / (4.0 * libs + 2.0);
}

static void cache_sizes(size_t *l1, size_t *l2, size_t *llc)
{
    *l1 = *l2 = *llc = 0;
    for (int i = 0; i < 8; i++) {
        char p[128], type[32] = "";
        snprintf(p, sizeof p, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
        FILE *f = fopen(p, "r");
        if (!f)
            break;
        if (!fgets(type, sizeof type, f))
            type[0] = 0;
        fclose(f);
        if (!strncmp(type, "Instruction", 11))
            continue;
        snprintf(p, sizeof p, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        size_t level = read_size(p);
        snprintf(p, sizeof p, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        size_t size = read_size(p);
        if (level == 1)
            *l1 = size;
        else if (level == 2)
            *l2 = size;
        else if (level >= 3 && size > *llc)
            *llc = size;
    }
    long v;
    if (!*l1 && (v = sysconf(_SC_LEVEL1_DCACHE_SIZE)) > 0)
        *l1 = (size_t)v;
    if (!*l2 && (v = sysconf(_SC_LEVEL2_CACHE_SIZE)) > 0)
        *l2 = (size_t)v;
    if (!*llc && (v = sysconf(_SC_LEVEL3_CACHE_SIZE)) > 0)
        *llc = (size_t)v;
    if (!*l1)
        *l1 = 32 << 10;
    if (!*l2)
        *l2 = 512 << 10;
    if (!*llc)
        *llc = *l2 * 4 > (32u << 20) ? *l2 * 4 : (32u << 20);
}

/* Only the worker being timed may run: the others are stopped (SIGSTOP) between their turns.
   A library's idle team keeps spinning on the cores for a while after a call (OpenBLAS's for
   about 2^28 cycles), and in another process it took the second core from the library being
   timed: at 2 threads every barrier then waited a time slice (dgemv 1440 ran at 2 GB/s instead
   of 58 alone). The stop is waited for, so no spinning thread is left when the next one runs. */
static void worker_run(int l, int run)
{
    struct worker *w = &workers[l];
    if (!w->alive)
        return;
    if (run) {
        kill(w->pid, SIGCONT);
        return;
    }
    int st;
    if (kill(w->pid, SIGSTOP) == 0)
        waitpid(w->pid, &st, WUNTRACED);
}

static int spawn(int l, const char *self)
{
    struct worker *w = &workers[l];
    int in[2], out[2];
    /* close-on-exec: no worker inherits another one's pipes (dup2 clears it on 0 and 1) */
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC))
        return 0;
    fflush(NULL);
    w->pid = fork();
    if (w->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        for (int e = 0; e < SUITE_MAXENV && lib_envs[l][e][0]; e++)
            putenv(lib_envs[l][e]);
        execl(self, self, "--worker", lib_names[l], lib_paths[l], (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    if (w->pid < 0) {
        close(in[1]), close(out[0]);
        return 0;
    }
    w->to = fdopen(in[1], "w");
    w->from = fdopen(out[0], "r");
    char line[600] = "";
    if (!w->to || !w->from || !fgets(line, sizeof line, w->from) || strncmp(line, "ok ", 3)) {
        fprintf(stderr, "blas_suite: %s (%s): %s -- skipped\n", lib_names[l], lib_paths[l],
                line[0] ? line : "worker did not start");
        return 0;
    }
    line[strcspn(line, "\n")] = 0;
    snprintf(w->desc, sizeof w->desc, "%.500s", line + 3);
    w->alive = 1;
    worker_run(l, 0);
    return 1;
}

/* The usable CPU a single-threaded request of repetition `rep` runs on, the same for every
   library: on the 2-core guest the scheduler kept some workers on one vCPU and some on the other
   for a whole run (sched_getcpu in each request), and four workers of one build then differed
   by 3-8% at the L1 and L2 rows, the first one listed slowest. Each repetition moves all of
   them to the next CPU, so every library's median mixes the same CPUs. -1: no CPU to pick. */
static int rep_cpu(int rep)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 1)
        return -1;
    int want = rep % CPU_COUNT(&set);
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set) && want-- == 0)
            return c;
    return -1;
}

/* One timing request; seconds per call, or < 0 (routine missing, worker gone). cpu >= 0: the
   worker times it on that CPU alone (single-threaded rows). */
static double request(int l, int op, long n, int threads, double min_ms, int cpu, long *calls)
{
    struct worker *w = &workers[l];
    char line[128];
    double s;
    *calls = 0;
    if (!w->alive)
        return -4;
    fprintf(w->to, "T %d %ld %d %.3f %d\n", op, n, threads, min_ms, cpu);
    if (fflush(w->to) || !fgets(line, sizeof line, w->from) ||
        sscanf(line, "R %lf %ld", &s, calls) != 2) {
        fprintf(stderr, "blas_suite: the %s worker stopped answering (at %s n=%ld) -- its "
                        "remaining rows show '-'\n", lib_names[l], suite_ops[op].sym, n);
        w->alive = 0;
        return -4;
    }
    if (s == -2)
        fprintf(stderr, "blas_suite: %s: out of memory at %s n=%ld\n", lib_names[l],
                suite_ops[op].sym, n);
    return s;
}

/* The size n of op whose data fill `bytes`; Level 3 is compute-bound, and past the caches its
   size only lengthens the run: its calls are capped at l3_gflop GFLOP each. */
static long row_size(int op, double bytes, double l3_gflop)
{
    const struct suite_op *o = &suite_ops[op];
    long n = suite_size_for(o, bytes);
    while (o->level == 3 && n > 8 && suite_flops(o, n) > l3_gflop * 1e9)
        n -= 8;
    return n;
}

static int in_list(const char *list, const char *word) /* whole word of a comma list */
{
    size_t len = strlen(word);
    for (const char *f = list; (f = strstr(f, word)); f++)
        if ((f == list || f[-1] == ',') && (f[len] == ',' || !f[len]))
            return 1;
    return 0;
}

static int usable_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: blas_suite [--lib NAME=PATH]... [--lib-env NAME:VAR=VALUE]... [--quick] [--reps N]\n"
            "  [--classes L1,L2,LLC,mem] [--threads 1,2] [--levels 1,2,3] [--types sdcz]\n"
            "  [--only FAMILY,...] [--min-ms MS] [--settle-ms MS] [--l3-max-gflop G] [--csv FILE]\n"
            "  [--fam-csv FILE] [--list]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "--worker"))
        suite_worker_main(argv[2], argv[3]);
    int quick = 0, reps = 0, list_only = 0, ncpu = usable_cpus();
    double min_ms = 0, settle_ms = 20, l3_gflop = 0;
    const char *classes = NULL, *levels = "1,2,3", *types = "sdcz", *only = NULL;
    const char *csv_path = NULL, *fam_path = NULL;
    static struct suite_run R;
    R.threads[0] = 1, R.threads[1] = ncpu, R.nthreads = ncpu > 1 ? 2 : 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quick"))
            quick = 1;
        else if (!strcmp(a, "--list"))
            list_only = 1;
        else if (!v)
            usage();
        else if (!strcmp(a, "--lib") && nlibs < SUITE_MAXLIB && strchr(v, '=')) {
            const char *eq = strchr(v, '=');
            snprintf(lib_names[nlibs], sizeof lib_names[0], "%.*s", (int)(eq - v), v);
            snprintf(lib_paths[nlibs++], sizeof lib_paths[0], "%s", eq + 1);
        } else if (!strcmp(a, "--lib-env") && strchr(v, ':') && strchr(strchr(v, ':'), '=')) {
            const char *colon = strchr(v, ':');
            int l = 0, e = 0;
            while (l < nlibs && (strlen(lib_names[l]) != (size_t)(colon - v) ||
                                 strncmp(lib_names[l], v, (size_t)(colon - v))))
                l++;
            while (l < nlibs && e < SUITE_MAXENV && lib_envs[l][e][0])
                e++;
            if (l == nlibs || e == SUITE_MAXENV) {
                fprintf(stderr, "blas_suite: --lib-env %s: no such --lib before it, or too many\n", v);
                exit(2);
            }
            snprintf(lib_envs[l][e], sizeof lib_envs[l][e], "%s", colon + 1);
        } else if (!strcmp(a, "--reps"))
            reps = atoi(v);
        else if (!strcmp(a, "--classes"))
            classes = v;
        else if (!strcmp(a, "--threads")) {
            R.nthreads = 0;
            for (const char *s = v; s && *s && R.nthreads < SUITE_MAXT; s = strchr(s, ','), s = s ? s + 1 : s)
                if (atoi(s) > 0)
                    R.threads[R.nthreads++] = atoi(s);
        } else if (!strcmp(a, "--levels"))
            levels = v;
        else if (!strcmp(a, "--types"))
            types = v;
        else if (!strcmp(a, "--only"))
            only = v;
        else if (!strcmp(a, "--min-ms"))
            min_ms = atof(v);
        else if (!strcmp(a, "--settle-ms"))
            settle_ms = atof(v);
        else if (!strcmp(a, "--l3-max-gflop"))
            l3_gflop = atof(v);
        else if (!strcmp(a, "--csv"))
            csv_path = v;
        else if (!strcmp(a, "--fam-csv"))
            fam_path = v;
        else
            usage();
        if (strcmp(a, "--quick") && strcmp(a, "--list"))
            i++;
    }
    /* --quick: the two cache classes, 3 repetitions, short samples, small Level 3 calls */
    if (!classes)
        classes = quick ? "L1,L2" : "L1,L2,LLC,mem";
    if (reps < 1)
        reps = quick ? 3 : 5;
    if (min_ms <= 0)
        min_ms = quick ? 3 : 5;
    if (l3_gflop <= 0)
        l3_gflop = quick ? 0.2 : 1;
    if (R.nthreads < 1)
        usage();
    int has_nb = 0;
    for (int l = 0; l < nlibs; l++)
        has_nb |= !strcmp(lib_names[l], "nanoblas");
    if (!has_nb && nlibs < SUITE_MAXLIB) { /* this build's nanoblas, first */
        memmove(lib_names[1], lib_names[0], sizeof lib_names[0] * (size_t)nlibs);
        memmove(lib_paths[1], lib_paths[0], sizeof lib_paths[0] * (size_t)nlibs);
        snprintf(lib_names[0], sizeof lib_names[0], "nanoblas");
        bench_default_nanoblas(lib_paths[0], sizeof lib_paths[0]);
        nlibs++;
    }

    char cpu[256];
    cpu_model(cpu, sizeof cpu);
    R.cpu = cpu;
    size_t l1, l2, llc;
    cache_sizes(&l1, &l2, &llc);
    /* a class's data take half its cache (the rest holds the library's own data, the code and
       the stack); memory: four times the last level, and at least 64 MiB */
    double foot[SUITE_NCLASS] = {l1 / 2.0, l2 / 2.0, llc / 2.0,
                                 4.0 * llc > 64.0 * 1048576 ? 4.0 * llc : 64.0 * 1048576};
    double mem_cap = memory_class_cap(nlibs);
    int mem_capped = mem_cap > 0 && foot[SUITE_MEM] > mem_cap;
    if (mem_capped) {
        foot[SUITE_MEM] = mem_cap;
        fprintf(stderr, "blas_suite: memory-class rows cut to %.0f MiB (free memory for %d workers)%s\n",
                mem_cap / 1048576, nlibs,
                mem_cap < 2.0 * llc ? ", under twice the last level: part of their data may sit in it" : "");
    }
    int maxt = 1;
    for (int t = 0; t < R.nthreads; t++)
        maxt = R.threads[t] > maxt ? R.threads[t] : maxt;

    /* the rows, ordered by level, type, family, class and threads (the worker's buffers change
       precision rarely then) */
    R.rows = calloc((size_t)suite_nops * SUITE_NCLASS * SUITE_MAXT, sizeof *R.rows);
    if (!R.rows)
        return 1;
    for (int lv = 1; lv <= 3; lv++) {
        char lvs[2] = {(char)('0' + lv), 0};
        if (!in_list(levels, lvs))
            continue;
        for (const char *tp = "sdcz"; *tp; tp++)
            for (int op = 0; op < suite_nops; op++) {
                const struct suite_op *o = &suite_ops[op];
                /* --only takes families (gemv_N, symv/hemv) and routines (dsymv, zgemv_N) */
                char name[48];
                const char *suffix = o->sym ? strchr(o->family, '_') : NULL;
                snprintf(name, sizeof name, "%s%s", o->sym ? o->sym + 6 : "", suffix ? suffix : "");
                if (o->level != lv || o->type != *tp || !o->sym || !strchr(types, o->type) ||
                    (only && !in_list(only, o->family) && !in_list(only, o->sym + 6) &&
                     !in_list(only, name)))
                    continue;
                for (int c = 0; c < SUITE_NCLASS; c++) {
                    if (!in_list(classes, suite_class_names[c]))
                        continue;
                    long n = row_size(op, foot[c], l3_gflop);
                    for (int t = 0; t < R.nthreads; t++) {
                        struct suite_row *row = &R.rows[R.nrows++];
                        row->op = op, row->cls = c, row->n = n, row->threads = R.threads[t];
                    }
                }
            }
    }
    char *h = R.header;
    size_t left = sizeof R.header;
    bench_append(&h, &left, "# cpu: %s; %d usable cpus\n", cpu, ncpu);
    bench_append(&h, &left, "# caches (cpu0, sysfs): L1d %zu KiB, L2 %zu KiB, last level %zu KiB\n",
                 l1 >> 10, l2 >> 10, llc >> 10);
    bench_append(&h, &left, "# size classes (bytes the call touches):");
    for (int c = 0; c < SUITE_NCLASS; c++)
        bench_append(&h, &left, " %s %.0f KiB%s", suite_class_names[c], foot[c] / 1024,
                     c + 1 < SUITE_NCLASS ? ";" : mem_capped ? " (cut to fit free memory)\n" : "\n");
    bench_append(&h, &left, "# sizes n per class (L1/L2/LLC/mem), double precision: ");
    for (int op = 0; op < suite_nops; op++)
        if (suite_ops[op].type == 'd' && suite_ops[op].sym) {
            bench_append(&h, &left, "%s", suite_ops[op].family);
            for (int c = 0; c < SUITE_NCLASS; c++)
                bench_append(&h, &left, "%c%ld", c ? '/' : ' ', row_size(op, foot[c], l3_gflop));
            bench_append(&h, &left, "; ");
        }
    bench_append(&h, &left, "(s/c/z: the same bytes; Level 3 capped at %.2g GFLOP a call)\n", l3_gflop);
    fputs(R.header, stderr);
    if (list_only) {
        for (int i = 0; i < R.nrows; i++)
            printf("%s (%s) %s n=%ld threads=%d\n", suite_ops[R.rows[i].op].sym,
                   suite_ops[R.rows[i].op].family, suite_class_names[R.rows[i].cls], R.rows[i].n,
                   R.rows[i].threads);
        return 0;
    }

    /* every library's pool sized for the largest count before it loads; each worker then sets
       the row's count through the library's own call */
    char tv[16];
    snprintf(tv, sizeof tv, "%d", maxt);
    static const char *const envs[] = {"OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                                       "BLIS_NUM_THREADS", "NANOBLAS_NUM_THREADS"};
    for (size_t i = 0; i < sizeof envs / sizeof envs[0]; i++)
        setenv(envs[i], tv, 1);
    signal(SIGPIPE, SIG_IGN); /* a dead worker shows as a failed request, not a killed run */
    char self[PATH_MAX];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0)
        return 1;
    self[sl] = 0;
    for (int l = 0; l < nlibs; l++) {
        if (!spawn(l, self))
            continue;
        R.names[R.nlibs] = lib_names[l];
        R.descs[R.nlibs] = workers[l].desc;
        if (R.nlibs != l) { /* keep the started workers contiguous */
            workers[R.nlibs] = workers[l];
            memcpy(lib_names[R.nlibs], lib_names[l], sizeof lib_names[0]);
            R.names[R.nlibs] = lib_names[R.nlibs];
            R.descs[R.nlibs] = workers[R.nlibs].desc;
        }
        fprintf(stderr, "# lib %s: %s\n", lib_names[R.nlibs], workers[R.nlibs].desc);
        R.nlibs++;
    }
    if (!R.nlibs)
        return 1;
    R.nb = -1;
    for (int l = 0; l < R.nlibs; l++)
        if (!strcmp(R.names[l], "nanoblas"))
            R.nb = l;
    R.reps = reps;

    /* the stream bound, before the rows and again after them (the best of both: a bound
       measured while the machine was busy would flatter every row) */
    size_t mem_bytes = (size_t)(2 * foot[SUITE_MEM]) > ((size_t)256 << 20) ? (size_t)(2 * foot[SUITE_MEM])
                                                                            : ((size_t)256 << 20);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            /* the rows */
            double *samples = malloc(sizeof(double) * (size_t)R.nrows * SUITE_MAXLIB * (size_t)reps);
            long *calls = calloc((size_t)R.nrows * SUITE_MAXLIB, sizeof(long));
            if (!samples || !calls)
                return 1;
            double t0 = now_s(), last = 0;
            long total = (long)reps * R.nrows, done = 0;
            int prev_threads = 1;
            for (int rep = 0; rep < reps; rep++)
                for (int i = 0; i < R.nrows; i++, done++) {
                    struct suite_row *row = &R.rows[i];
                    /* Each repetition on freshly allocated operands: on a virtual machine the
                       pages a worker happens to get set its speed for as long as it keeps them
                       (the same library loaded as five workers read 20 and 27 GB/s from memory,
                       119 and 160-183 GB/s from L1, the whole run long, on the Zen 4 guest);
                       new pages per repetition turn that into noise that the median absorbs. */
                    if (i == 0 && rep > 0)
                        for (int l = 0; l < R.nlibs; l++)
                            if (workers[l].alive)
                                fprintf(workers[l].to, "N\n"), fflush(workers[l].to);
                    double el = now_s() - t0;
                    if (el - last >= 5 || i == 0) {
                        fprintf(stderr, "blas_suite: rep %d/%d, row %d/%d (%s %s %dt), %.0f s, ~%.0f s left\n",
                                rep + 1, reps, i + 1, R.nrows, suite_ops[row->op].sym + 6,
                                suite_class_names[row->cls], row->threads, el,
                                done ? el / (double)done * (double)(total - done) : 0.0);
                        last = el;
                    }
                    /* the libraries in an order drawn for this row and repetition (a fixed
                       seed, the same in every run): with the order only rotated by repetition,
                       each library was timed right after the same other one in nearly every
                       sample, and a build timed after OpenBLAS or MKL ran 0.88-0.96x of a copy
                       of itself timed after it (family geomeans at one thread, Zen 3 guest) */
                    int order[SUITE_MAXLIB];
                    uint64_t seed = 0x0dde5eedull + (uint64_t)i * 7919u + (uint64_t)rep * 104729u;
                    for (int j = 0; j < R.nlibs; j++)
                        order[j] = j;
                    for (int j = R.nlibs - 1; j > 0; j--) {
                        int s = (int)(rng_next(&seed) % (uint64_t)(j + 1)), t = order[j];
                        order[j] = order[s], order[s] = t;
                    }
                    for (int j = 0; j < R.nlibs; j++) {
                        int l = order[j];
                        /* a library's idle team may still spin on the cores after its turn:
                           a pause lets it go to sleep before the next library's multi-threaded
                           sample (and after one, before a single-threaded one) */
                        if ((row->threads > 1 || prev_threads > 1) && settle_ms > 0)
                            usleep((useconds_t)(settle_ms * 1000));
                        long c;
                        worker_run(l, 1);
                        samples[((size_t)i * SUITE_MAXLIB + (size_t)l) * (size_t)reps + (size_t)rep] =
                            request(l, row->op, row->n, row->threads, min_ms,
                                    row->threads == 1 ? rep_cpu(rep) : -1, &c);
                        calls[(size_t)i * SUITE_MAXLIB + (size_t)l] = c;
                        worker_run(l, 0);
                        prev_threads = row->threads;
                    }
                }
            fprintf(stderr, "blas_suite: %d rows x %d libraries x %d repetitions in %.0f s\n",
                    R.nrows, R.nlibs, reps, now_s() - t0);
            for (int i = 0; i < R.nrows; i++)
                for (int l = 0; l < R.nlibs; l++) {
                    double *s = &samples[((size_t)i * SUITE_MAXLIB + (size_t)l) * (size_t)reps];
                    int bad = 0;
                    for (int r = 0; r < reps; r++)
                        bad |= s[r] <= 0;
                    qsort(s, (size_t)reps, sizeof *s, cmp_double);
                    R.rows[i].sec[l] = bad ? -1 : s[reps / 2];
                    R.rows[i].calls[l] = calls[(size_t)i * SUITE_MAXLIB + (size_t)l];
                }
            free(samples), free(calls);
        }
        if (pass == 1 && settle_ms > 0) /* the last library's team goes to sleep */
            usleep((useconds_t)(settle_ms * 10000));
        for (int t = 0; t < R.nthreads; t++)
            for (int c = SUITE_LLC; c <= SUITE_MEM; c++)
                for (int k = 0; k < SUITE_NSTREAM; k++) {
                    double g = suite_stream_gbs(k, R.threads[t], c == SUITE_MEM ? mem_bytes : llc / 2,
                                                c == SUITE_MEM ? 5 : 20);
                    if (g > R.stream[k][c][t])
                        R.stream[k][c][t] = g;
                    if (g > R.bound[c][t])
                        R.bound[c][t] = g;
                    if ((k == 0 || k == 3) && g > R.bound_read[c][t])
                        R.bound_read[c][t] = g;
                }
        if (pass == 0)
            fprintf(stderr, "blas_suite: stream bound %.1f GB/s at 1 thread, %.1f at %d (memory; "
                            "read-only rows %.1f, %.1f)\n",
                    R.bound[SUITE_MEM][0], R.bound[SUITE_MEM][R.nthreads - 1], R.threads[R.nthreads - 1],
                    R.bound_read[SUITE_MEM][0], R.bound_read[SUITE_MEM][R.nthreads - 1]);
    }
    for (int l = 0; l < R.nlibs; l++) {
        if (workers[l].alive) {
            worker_run(l, 1);
            fputs("Q\n", workers[l].to);
            fflush(workers[l].to);
        }
        fclose(workers[l].to), fclose(workers[l].from);
        waitpid(workers[l].pid, NULL, 0);
    }
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL, *fam = fam_path ? fopen(fam_path, "w") : NULL;
    if ((csv_path && !csv) || (fam_path && !fam))
        fprintf(stderr, "blas_suite: cannot write %s: %s\n", csv && fam_path ? fam_path : csv_path,
                strerror(errno));
    suite_report(&R, csv, fam);
    if (csv)
        fclose(csv);
    if (fam)
        fclose(fam);
    free(R.rows);
    return 0;
}
