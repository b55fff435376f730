/* blas_suite_stream.c: the bandwidth bound of blas_suite's memory-bound rows, measured in the same
   run: STREAM-like loops over three arrays on 1..N threads (pthreads, each thread on its own
   slice, first-touch by that thread):
     read   s += a[i]              8 bytes per element
     copy   c[i] = a[i]           16 bytes
     triad  a[i] = b[i] + s c[i]  24 bytes
     read2  s += a[i] b[i]        16 bytes (two read streams, as dot's)
   counted as STREAM counts (no write-allocate traffic). A row's bound (blas_suite_report.c) is
   the best read figure (read, read2) for the routines that only read (dot, asum, nrm2, iamax,
   the matrix-vector products and solves), and the best of all four for those that also write
   (axpy, scal, rot, swap, copy, the rank updates): the copy is a glibc memcpy call (GCC turns
   the loop into one), whose non-temporal stores outrun every read loop (Sapphire Rapids guest:
   24.9 GB/s against 15.2 at 1 thread), a pattern no read-only routine can use. read2: at
   2 threads the one-stream read loop stayed at 22 GB/s while ddot's two streams reached 30.
   GCC's generic vectors (16 bytes: SSE2 on x86-64, NEON on arm64) with four independent
   accumulators, so that the loops run at load/store speed, not at the latency of one add. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_util.h"
#include "blas_suite.h"

typedef double v2d __attribute__((vector_size(16)));

struct stream_job {
    v2d *a, *b, *c;
    size_t n; /* vectors in this thread's slice */
    int kind, passes;
    pthread_barrier_t *bar;
    double *t; /* per pass: the time thread 0 saw between the barriers */
    v2d sink;
};

/* The loops, out of line: accumulators that live across the barrier and clock calls of the
   caller were kept on the stack, and the read loop ran at a third of the copy's speed. */
__attribute__((noinline)) static v2d read_loop(const v2d *a, size_t n4)
{
    v2d acc0 = {0, 0}, acc1 = acc0, acc2 = acc0, acc3 = acc0;
    for (size_t i = 0; i < n4; i += 4)
        acc0 += a[i], acc1 += a[i + 1], acc2 += a[i + 2], acc3 += a[i + 3];
    return acc0 + acc1 + acc2 + acc3;
}

__attribute__((noinline)) static v2d read2_loop(const v2d *a, const v2d *b, size_t n4)
{
    v2d acc0 = {0, 0}, acc1 = acc0, acc2 = acc0, acc3 = acc0;
    for (size_t i = 0; i < n4; i += 4)
        acc0 += a[i] * b[i], acc1 += a[i + 1] * b[i + 1], acc2 += a[i + 2] * b[i + 2],
            acc3 += a[i + 3] * b[i + 3];
    return acc0 + acc1 + acc2 + acc3;
}

__attribute__((noinline)) static void copy_loop(v2d *restrict c, const v2d *restrict a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = a[i];
}

__attribute__((noinline)) static void triad_loop(v2d *restrict a, const v2d *restrict b,
                                                 const v2d *restrict c, size_t n)
{
    const v2d s = {1e-9, 1e-9};
    for (size_t i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
}

static void *stream_thread(void *arg)
{
    struct stream_job *j = arg;
    v2d acc = {0, 0};
    for (size_t i = 0; i < j->n; i++) /* first touch by the thread that streams the slice */
        j->a[i] = (v2d){1, 1}, j->b[i] = (v2d){2, 2}, j->c[i] = (v2d){0, 0};
    for (int p = 0; p < j->passes; p++) {
        pthread_barrier_wait(j->bar);
        double t0 = now_s();
        size_t n4 = j->n & ~(size_t)3;
        if (j->kind == 0)
            acc += read_loop(j->a, n4);
        else if (j->kind == 3)
            acc += read2_loop(j->a, j->b, n4);
        else if (j->kind == 1)
            copy_loop(j->c, j->a, n4);
        else
            triad_loop(j->a, j->b, j->c, n4);
        pthread_barrier_wait(j->bar);
        if (j->t)
            j->t[p] = now_s() - t0;
    }
    j->sink = acc;
    return NULL;
}

/* GB/s of loop `kind` (0 read, 1 copy, 2 triad, 3 read2) on `threads` threads over three arrays of
   `bytes` bytes in all: the best of `passes` passes. 0 when memory or threads are missing. */
double suite_stream_gbs(int kind, int threads, size_t bytes, int passes)
{
    enum { MAXT = 256 };
    if (threads < 1 || threads > MAXT || passes < 1 || passes > 64 || kind < 0 || kind >= SUITE_NSTREAM)
        return 0;
    size_t per = bytes / 3 / sizeof(v2d) / (size_t)threads & ~(size_t)3;
    if (per < 4)
        per = 4;
    struct stream_job jobs[MAXT];
    pthread_t tid[MAXT];
    double t[64];
    pthread_barrier_t bar;
    pthread_barrier_init(&bar, NULL, (unsigned)threads);
    int ok = 1;
    memset(jobs, 0, sizeof jobs);
    for (int i = 0; i < threads && ok; i++) {
        struct stream_job *j = &jobs[i];
        j->n = per, j->kind = kind, j->passes = passes, j->bar = &bar, j->t = i ? NULL : t;
        /* huge pages as the rows' operands (blas_suite_worker.c) */
        if (!(j->a = bench_alloc_huge(per * sizeof(v2d))) ||
            !(j->b = bench_alloc_huge(per * sizeof(v2d))) ||
            !(j->c = bench_alloc_huge(per * sizeof(v2d))))
            ok = 0;
    }
    /* thread 0 is a new thread too, so that every slice is touched and streamed alike; a thread
       that cannot be started would leave the others at the barrier for good: give up then */
    for (int i = 0; i < threads && ok; i++)
        if (pthread_create(&tid[i], NULL, stream_thread, &jobs[i])) {
            fprintf(stderr, "blas_suite: cannot start a stream thread\n");
            exit(1);
        }
    for (int i = 0; i < threads && ok; i++)
        pthread_join(tid[i], NULL);
    for (int i = 0; i < threads; i++)
        free(jobs[i].a), free(jobs[i].b), free(jobs[i].c);
    pthread_barrier_destroy(&bar);
    if (!ok)
        return 0;
    double best = 1e30;
    for (int p = 0; p < passes; p++)
        best = t[p] < best ? t[p] : best;
    static const double bytes_per_vec[SUITE_NSTREAM] = {16, 32, 48, 32};
    return bytes_per_vec[kind] * (double)per * threads / best * 1e-9;
}
