/* blas_suite_worker.c: one library's process in blas_suite. The coordinator runs this executable
   as `blas_suite --worker NAME PATH` with a pipe on stdin and one on stdout; the worker dlopens
   only its library (so no two BLAS share a process: no symbol clashes, no two thread pools
   competing inside one address space, each library's own allocator and affinity settings), then
   answers timing requests (protocol in blas_suite.h) until it reads "Q" or EOF.

   Operands are kept between requests and only grow: a request never pays for filling its data,
   and the next library's worker times the same values (same seed). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_libs.h"
#include "bench_util.h"
#include "blas_suite.h"

/* A growing operand buffer and what it holds: values of precision `as` ('f' float, 'd' double)
   in its first `filled` bytes. */
struct buf {
    void *p;
    size_t cap, filled;
    char as;
};
enum { BA, BB, BC, BX, BY, BB0, BX0, NB };
static struct buf bufs[NB];

/* Makes buffer i hold at least `bytes` of values of the precision of type t, uniform in [-scale,
   scale) from a stream seeded by i, identical in every worker, so that all libraries time the
   same values. Matrices (A, B, C) hold entries of size 1e-3, vectors entries of size 1
   (blas_suite_ops.c says why). The rows come ordered by type, so refills are rare; a refill
   writes only what the call needs. Returns 0 when memory runs out. */
static int fill_for(int i, size_t bytes, char t)
{
    struct buf *b = &bufs[i];
    double scale = i <= BC || i == BB0 ? 1e-3 : 1.0;
    char want = t == 's' || t == 'c' ? 'f' : 'd';
    if (bytes == 0)
        return 1;
    if (bytes > b->cap) {
        free(b->p);
        b->cap = b->filled = 0;
        b->p = NULL;
        size_t cap = (bytes + ((size_t)2 << 20) - 1) & ~(((size_t)2 << 20) - 1);
        if (!(b->p = bench_alloc_huge(cap)))
            return 0;
        b->cap = cap;
    }
    if (b->as == want && b->filled >= bytes)
        return 1;
    uint64_t s = 0x5eed0000u + (uint64_t)i;
    if (want == 'f')
        for (size_t k = 0; k < bytes / 4; k++)
            ((float *)b->p)[k] = (float)(scale * ((double)(rng_next(&s) >> 11) * 0x1p-52 - 1.0));
    else
        for (size_t k = 0; k < bytes / 8; k++)
            ((double *)b->p)[k] = scale * ((double)(rng_next(&s) >> 11) * 0x1p-52 - 1.0);
    b->as = want;
    b->filled = bytes;
    return 1;
}

/* Times op at size n: an untimed warm-up call, then batches of calls until min_s has been timed;
   the batch doubles while it is short, so that the clock's cost stays below 1% of a batch. The
   drifting routines restore their operand before each batch, untimed, and keep batches to 8
   calls (their growth over 8 calls stays within a factor 2, see blas_suite_ops.c). */
static double time_op(const struct suite_op *op, void *fn, long n, double min_s, long *calls_out)
{
    struct suite_need w = suite_need_for(op, n);
    const char t = op->type;
    int lvl3 = op->level == 3;
    if (!fill_for(BA, w.a, t) || !fill_for(BB, w.b, t) || !fill_for(BC, w.c, t) ||
        !fill_for(BX, w.x, t) || !fill_for(BY, w.y, t))
        return -2;
    if (op->drift && !(lvl3 ? fill_for(BB0, w.b, t) : fill_for(BX0, w.x, t)))
        return -2;
    struct suite_bufs b = {bufs[BA].p, bufs[BB].p, bufs[BC].p, bufs[BX].p,
                           bufs[BY].p, bufs[BB0].p, bufs[BX0].p};
    if (op->diag)
        suite_set_diag(op, n, &b);
    void *dst = lvl3 ? b.b : b.x, *src = lvl3 ? b.b0 : b.x0;
    size_t restore = lvl3 ? w.b : w.x;
    if (op->drift)
        memcpy(dst, src, restore);
    suite_call(op, fn, n, &b);
    double total = 0;
    long calls = 0, batch = 1, cap = op->drift ? 8 : 1L << 24;
    while (total < min_s) {
        if (op->drift)
            memcpy(dst, src, restore);
        double t0 = now_s();
        for (long i = 0; i < batch; i++)
            suite_call(op, fn, n, &b);
        double dt = now_s() - t0;
        total += dt, calls += batch;
        if (dt < min_s / 16 && batch < cap)
            batch *= 2;
    }
    *calls_out = calls;
    return total / (double)calls;
}

void suite_worker_main(const char *name, const char *path)
{
    /* line-buffered replies: the coordinator waits for each one */
    setvbuf(stdout, NULL, _IOLBF, 0);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        printf("fail cannot load %s: %s\n", path, dlerror());
        exit(1);
    }
    struct bench_setter setter = bench_find_setter(h);
    char desc[512];
    int is_nb;
    char *end = bench_describe_lib(h, desc, sizeof desc, &is_nb);
    snprintf(end, sizeof desc - (size_t)(end - desc), "threads via %s",
             setter.name ? setter.name : "environment only");
    printf("ok %s\n", desc);
    void **fns = calloc((size_t)suite_nops, sizeof *fns);
    if (!fns)
        exit(1);
    for (int i = 0; i < suite_nops; i++)
        fns[i] = suite_ops[i].sym ? dlsym(h, suite_ops[i].sym) : NULL;
    char line[256];
    int cur_threads = -1;
    while (fgets(line, sizeof line, stdin)) {
        int op, threads, cpu = -1;
        long n;
        double min_ms;
        if (line[0] == 'Q')
            break;
        if (line[0] == 'N') { /* a new repetition: new pages (blas_suite.c says why) */
            for (int i = 0; i < NB; i++) {
                free(bufs[i].p);
                bufs[i].p = NULL, bufs[i].cap = bufs[i].filled = 0, bufs[i].as = 0;
            }
            continue;
        }
        if (sscanf(line, "T %d %ld %d %lf %d", &op, &n, &threads, &min_ms, &cpu) < 4 || op < 0 ||
            op >= suite_nops || n < 1) {
            printf("R -3 0\n");
            continue;
        }
        if (!fns[op]) {
            printf("R -1 0\n");
            continue;
        }
        if (threads != cur_threads) {
            bench_set_threads(&setter, threads);
            cur_threads = threads;
        }
        long calls = 0;
        /* a single-threaded request on the CPU the coordinator names for this repetition, the
           calling thread alone pinned and released after it (blas_suite.c, rep_cpu), so that
           a team the library starts later is not confined to it */
        cpu_set_t all, one;
        int pinned = cpu >= 0 && cpu < CPU_SETSIZE && sched_getaffinity(0, sizeof all, &all) == 0;
        if (pinned) {
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            pinned = sched_setaffinity(0, sizeof one, &one) == 0;
        }
        double s = time_op(&suite_ops[op], fns[op], n, min_ms * 1e-3, &calls);
        if (pinned)
            sched_setaffinity(0, sizeof all, &all);
        printf("R %.6e %ld\n", s, calls);
    }
    (void)name;
    exit(0);
}
