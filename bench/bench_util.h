/* Helpers the benchmark programs share (gemm_bench.c, batch_bench.c, blas_bench.c): a monotonic
   clock, the splitmix64 stream their data comes from, a qsort comparator for medians, and the
   CPU's model and identity for the report banner. Header-only: each program is one executable. */
#ifndef NB_BENCH_UTIL_H
#define NB_BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static inline double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline uint64_t rng_next(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* An operand buffer of at least `bytes` bytes in whole 2 MiB transparent huge pages where the
   kernel grants them (madvise mode, as Debian ships it), NULL when memory runs out; free() frees
   it. In 4 KiB pages the physical placement of a buffer differs from process to process, and so
   do the conflict misses of an L2-size working set in a physically indexed L2: the same library
   in two processes differed by up to 1.35x at some rows. In huge pages each 2 MiB is physically
   contiguous, as NumPy's large arrays are (NumPy asks for huge pages on Linux). */
static inline void *bench_alloc_huge(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t cap = (bytes + huge - 1) / huge * huge;
    void *p = NULL;
    if (cap == 0 || posix_memalign(&p, huge, cap))
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, cap, MADV_HUGEPAGE); /* advice only: a refusal leaves 4 KiB pages */
#endif
    return p;
}

static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The CPU for the report banner's `cpu:` line, from the first occurrence of each field in
   /proc/cpuinfo: the "model name" line (x86; else an arm board's "Model" line) followed by the
   identity, on x86 `(vendor_id family F model M stepping S)`, on arm `(implementer I part P
   variant V revision R)` from the CPU implementer/part/variant/revision lines, as the kernel
   prints them (decimal on x86, hex on arm); "unknown" when nothing is found. The banner keeps
   the model name first: run_bench.sh and md_tables.py take the whole rest of the line. */
static inline void cpu_model(char *buf, size_t len)
{
    enum { NAME, BOARD, VENDOR, FAMILY, MODEL, STEPPING, IMPL, PART, VARIANT, REV, NFIELDS };
    static const char *const keys[NFIELDS] = {"model name", "Model",       "vendor_id",  "cpu family",
                                              "model",      "stepping",    "CPU implementer",
                                              "CPU part",   "CPU variant", "CPU revision"};
    char val[NFIELDS][128] = {{0}};
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        char *c = strchr(line, ':');
        if (!c)
            continue;
        char *k = c; /* the key: the text before ':' without its trailing blanks */
        while (k > line && (k[-1] == ' ' || k[-1] == '\t'))
            k--;
        *k = 0;
        for (c++; *c == ' ' || *c == '\t'; c++)
            ;
        c[strcspn(c, "\n")] = 0;
        for (int i = 0; i < NFIELDS; i++)
            if (!val[i][0] && *c && strcmp(line, keys[i]) == 0)
                snprintf(val[i], sizeof val[i], "%s", c);
    }
    if (f)
        fclose(f);
#define CPU_FIELD(i) (val[i][0] ? val[i] : "?")
    const char *name = val[NAME][0] ? val[NAME] : val[BOARD][0] ? val[BOARD] : "unknown";
    /* each field capped (a name of 120 characters and the numbers of 8 fit any real CPU), so that
       the whole line fits the callers' 256 bytes */
    if (val[VENDOR][0] || val[FAMILY][0])
        snprintf(buf, len, "%.120s (%.24s family %.8s model %.8s stepping %.8s)", name,
                 CPU_FIELD(VENDOR), CPU_FIELD(FAMILY), CPU_FIELD(MODEL), CPU_FIELD(STEPPING));
    else if (val[IMPL][0] || val[PART][0])
        snprintf(buf, len, "%.120s (implementer %.8s part %.8s variant %.8s revision %.8s)", name,
                 CPU_FIELD(IMPL), CPU_FIELD(PART), CPU_FIELD(VARIANT), CPU_FIELD(REV));
    else
        snprintf(buf, len, "%.120s", name);
#undef CPU_FIELD
}

#endif
