/* Internal interface of threading/: how many threads a call may use. Drivers ask once per call;
   the answer is 1 inside another OpenMP parallel region, for small problems, on a forked child's
   thread whose libgomp pool did not survive the fork (threads.c), and in a build without OpenMP;
   never more than the CPUs the process may use unless NANOBLAS_OVERSUBSCRIBE=1. An answer > 1
   marks the calling thread as the owner of a libgomp pool (a child forked from it cannot use
   that pool), so the thread that asks must be the one that opens the region. */
#ifndef NB_THREADS_H
#define NB_THREADS_H

#include <stddef.h>

/* Thread index and team size inside a parallel region (0 and 1 in a build without OpenMP). */
#ifdef _OPENMP
#include <omp.h>
#define NB_THREAD_NUM() omp_get_thread_num()
#define NB_NUM_THREADS() omp_get_num_threads()
#else
#define NB_THREAD_NUM() 0
#define NB_NUM_THREADS() 1
#endif

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
   fn(ctx, t0, t1, tid) runs tasks [t0, t1) on thread tid of a team of `team` (team <= 1, or a
   build without OpenMP: the calling thread runs everything, in order). */
void nb_run_tasks(size_t ntasks, size_t chunk, int team,
                  void (*fn)(void *ctx, size_t t0, size_t t1, int tid), void *ctx);

#endif
