/* Internal interface of threading/: how many threads a call may use, and the regions that use
   them. Drivers ask once per call; the answer is 1 inside a region of ours or of the program's
   own OpenMP, for small problems, and in a build without OpenMP; never more than the CPUs the
   process may use unless NANOBLAS_OVERSUBSCRIBE=1. */
#ifndef NB_THREADS_H
#define NB_THREADS_H

#include <stddef.h>

/* A parallel region on nanoblas's own thread pool (threading/pool.c): fn(ctx, tid, nt) runs on
   nt threads, tid 0 on the caller, 1 .. nt-1 on pool workers, and nb_parallel returns when all
   have returned. nt <= team: it is smaller when workers cannot be started (then possibly 1), so
   a region must split its work by nt, not by the team it asked for. team <= 1 calls fn(ctx, 0, 1)
   on the caller and nothing else. The pool, not libgomp's, because its waits yield the CPU after
   a short spin and sleep after a few milliseconds (docs/ARCHITECTURE.md, Threads). */
typedef void (*nb_region_fn)(void *ctx, int tid, int nt);
void nb_parallel(int team, nb_region_fn fn, void *ctx);

/* Inside a region: returns when every thread of the region has reached it. A no-op outside
   regions and in a region of one thread. A function that a region calls with its own (tid, nt),
   and that also runs serially from inside another region (a nested call), must call it only
   when nt > 1: there it would meet the outer region's threads. */
void nb_barrier(void);

/* 1 on a pool worker and on a thread inside nb_parallel: a call made there runs on one thread. */
int nb_in_region(void);

/* Threads for a call doing about `flops` floating-point operations, which can be split into at
   most `max_parts` independent parts (e.g. row blocks). Always >= 1. */
int nb_threads_for(double flops, size_t max_parts);

/* The same for a memory-bound Level 2 call touching `elems` matrix elements. */
int nb_threads_for_stream(double elems, size_t max_parts);

/* Splits [0, n) into nparts ranges whose boundaries are multiples of `align` (except n itself):
   range p is [*lo, *hi). Empty ranges are possible when n is small. */
static inline void nb_split(size_t n, size_t align, int nparts, int p, size_t *lo, size_t *hi)
{
    size_t units = (n + align - 1) / align, q = units / (size_t)nparts, r = units % (size_t)nparts;
    size_t u0 = (size_t)p * q + ((size_t)p < r ? (size_t)p : r);
    size_t u1 = u0 + q + ((size_t)p < r ? 1 : 0);
    *lo = u0 * align < n ? u0 * align : n;
    *hi = u1 * align < n ? u1 * align : n;
}

/* Dynamic task scheduling for irregular work (batched, compact and batch-reduce GEMM): tasks
   0 .. ntasks-1, of uneven cost, are handed out `chunk` at a time from a shared atomic counter,
   so a thread that drew cheap tasks takes more (equal flops are not equal time at tiny sizes).
   fn(ctx, t0, t1, tid) runs tasks [t0, t1) on thread tid of a region of at most `team` threads
   (team <= 1: the calling thread runs everything, in order). */
void nb_run_tasks(size_t ntasks, size_t chunk, int team,
                  void (*fn)(void *ctx, size_t t0, size_t t1, int tid), void *ctx);

#endif
