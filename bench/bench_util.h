/* Helpers the benchmark programs share (gemm_bench.c, batch_bench.c): a monotonic clock, the
   splitmix64 stream their data comes from, a qsort comparator for medians, and the CPU's model
   line for the report banner. Header-only: each program is one executable. */
#ifndef NB_BENCH_UTIL_H
#define NB_BENCH_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
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

static inline int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The "model name" (x86) or "Model" (arm) line of /proc/cpuinfo, else "unknown". */
static inline void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *c = strchr(line, ':');
        if (c && (!strncmp(line, "model name", 10) || !strncmp(line, "Model", 5))) {
            for (c++; *c == ' ' || *c == '\t'; c++)
                ;
            c[strcspn(c, "\n")] = 0;
            snprintf(buf, len, "%s", c);
            break;
        }
    }
    fclose(f);
}

#endif
