/* Shared helpers for the differential tests: deterministic random data, guarded buffers that catch
   out-of-bounds writes, tolerance comparison and failure accounting. Header-only on purpose:
   each test program is one translation unit plus this file. */
#ifndef NB_TESTUTIL_H
#define NB_TESTUTIL_H

#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

/* tint: the BLAS integer of the interface a program is built against. int, or int64_t for the
   ILP64 builds of the tests (Makefile: $(BUILD)/tests64/, -DNANOBLAS_ILP64_SUFFIX, where the
   suffix header also maps every BLAS name to its 64_ twin of libnanoblas64.so.0). */
#ifdef NANOBLAS_ILP64_SUFFIX
#ifndef NANOBLAS_ILP64
#define NANOBLAS_ILP64
#endif
#include "nanoblas_suffix64.h"
#endif
#ifdef NANOBLAS_ILP64
typedef int64_t tint;
#else
typedef int tint;
#endif

static long tu_checks = 0, tu_failures = 0;
static uint64_t tu_state = 0x9e3779b97f4a7c15ull;

static inline void tu_seed(uint64_t s) { tu_state = s * 0x9e3779b97f4a7c15ull + 1; }
static inline uint64_t tu_next(void)
{
    /* splitmix64: small, fast, good enough for test data */
    uint64_t z = (tu_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/* uniform in [-1, 1) */
static inline double tu_rand(void) { return (double)(tu_next() >> 11) * (2.0 / 9007199254740992.0) - 1.0; }
static inline int tu_randint(int lo, int hi) { return lo + (int)(tu_next() % (uint64_t)(hi - lo + 1)); }

/* A guarded buffer: GUARD elements of a sentinel pattern on each side of the payload. Writes
   outside the payload are detected by tu_guard_ok. Element size is given in bytes so one
   implementation serves every type. */
#define TU_GUARD 64
typedef struct {
    unsigned char *base;
    size_t n, esize;
} tu_buf;

static const unsigned char tu_sentinel = 0xA5;

static inline void *tu_alloc(tu_buf *b, size_t n, size_t esize)
{
    b->n = n;
    b->esize = esize;
    b->base = (unsigned char *)malloc((n + 2 * TU_GUARD) * esize + 1);
    if (!b->base) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    memset(b->base, tu_sentinel, (n + 2 * TU_GUARD) * esize);
    return b->base + TU_GUARD * esize;
}
static inline int tu_guard_ok(const tu_buf *b)
{
    size_t g = TU_GUARD * b->esize;
    for (size_t i = 0; i < g; i++)
        if (b->base[i] != tu_sentinel || b->base[g + b->n * b->esize + i] != tu_sentinel)
            return 0;
    return 1;
}
static inline void tu_free(tu_buf *b) { free(b->base); b->base = NULL; }

/* Record one check; on failure print the context (printf-style). Returns ok. */
#define TU_CHECK(ok, ...)                                                                          \
    (tu_checks++, (ok) ? 1 : (tu_failures++, fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__), \
                              fprintf(stderr, __VA_ARGS__), fputc('\n', stderr), 0))

/* Relative closeness with a NaN/Inf-aware comparison: both NaN counts as equal. */
static inline int tu_close(double got, double want, double tol, double scale)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got);
    if (isinf(want) || isinf(got))
        return got == want;
    return fabs(got - want) <= tol * (scale > 1.0 ? scale : 1.0);
}
static inline int tu_closez(double complex got, double complex want, double tol, double scale)
{
    return tu_close(creal(got), creal(want), tol, scale) && tu_close(cimag(got), cimag(want), tol, scale);
}

/* Reduced-size mode for emulated runs: the aarch64 tests under qemu (tests/run_arm.sh) run 10-30x
   slower than natively, and every program runs once per kernel set and emulated CPU. With
   NB_TEST_QUICK=1 in the environment, tu_reps() divides a count of random cases by TU_QUICK_DIV
   (at least 1 left) and tu_size() picks the smaller of two sizes; every case kind, edge shape
   and error case is still visited, only fewer random repetitions and smaller large problems.
   Unset or 0 (make check on x86): full size. */
#define TU_QUICK_DIV 8
static inline int tu_quick(void)
{
    static int quick = -1;
    if (quick < 0) {
        const char *s = getenv("NB_TEST_QUICK");
        quick = s && *s && strcmp(s, "0") != 0;
    }
    return quick;
}
static inline int tu_reps(int full)
{
    if (!tu_quick() || full <= 1)
        return full;
    int r = full / TU_QUICK_DIV;
    return r > 0 ? r : 1;
}
static inline int tu_size(int full, int quick) { return tu_quick() ? quick : full; }

/* Sampled mode, for the emulated CPUs whose runs cost several times more than the rest (tests/
   run_arm.sh: SVE at 256 and 512 bits, where qemu emulates every predicated lane): with
   NB_TEST_SAMPLE=N, tu_sampled() keeps about one case in N and the caller skips the others before
   computing anything. The choice hashes the case's running number, so no loop period (an edge
   residue, a transpose pair) lines up with the sample. The same programs run unsampled on the
   other emulated CPUs. Unset or 1: every case. Not thread-safe: call it from the main thread. */
static inline int tu_sampled(void)
{
    static int every = -1;
    static uint64_t count;
    if (every < 0) {
        const char *s = getenv("NB_TEST_SAMPLE");
        every = s && *s ? atoi(s) : 1;
        every = every < 1 ? 1 : every;
    }
    uint64_t h = (count++ + 1) * 0x9E3779B97F4A7C15ull;
    return every == 1 || (h >> 40) % (uint64_t)every == 0;
}

/* Print the summary line and return the process exit code. */
static inline int tu_finish(const char *name)
{
    printf("%s: %ld checks, %ld failed\n", name, tu_checks, tu_failures);
    return tu_failures ? 1 : 0;
}


/* Team sizes above the CPU count need NANOBLAS_OVERSUBSCRIBE=1 before the library initialises
   (it lifts the cap at the usable CPUs): the first run sets it and re-executes itself, through
   NB_TEST_EMULATOR (qemu) where set, so that the thread-count tests really form those teams.
   OMP_WAIT_POLICY defaults to PASSIVE there: teams of 7 on 2 cores sleep at barriers instead of
   spinning. If the exec fails the program goes on, capped, and says so. */
static inline void tu_reexec_oversubscribed(char **argv, const char *name)
{
    if (getenv("NANOBLAS_OVERSUBSCRIBE"))
        return;
    setenv("NANOBLAS_OVERSUBSCRIBE", "1", 1);
    setenv("OMP_WAIT_POLICY", "PASSIVE", 0);
    const char *emu = getenv("NB_TEST_EMULATOR");
    char self[4096];
    ssize_t len = emu && *emu ? readlink("/proc/self/exe", self, sizeof self - 1) : -1;
    if (len > 0) {
        self[len] = '\0';
        char *eargv[] = {(char *)emu, self, NULL};
        execv(emu, eargv);
    } else {
        execv("/proc/self/exe", argv);
    }
    fprintf(stderr, "%s: could not re-execute with NANOBLAS_OVERSUBSCRIBE=1; teams capped at the "
                    "usable CPUs\n", name);
}

#endif
