/* nb_run_tasks (threading/nb_threads.h): the shared counter of a dynamic schedule. */
#include "threading/nb_threads.h"

void nb_run_tasks(size_t ntasks, size_t chunk, int team,
                  void (*fn)(void *ctx, size_t t0, size_t t1, int tid), void *ctx)
{
    if (chunk < 1)
        chunk = 1;
    if (team <= 1 || ntasks <= chunk) {
        if (ntasks)
            fn(ctx, 0, ntasks, 0);
        return;
    }
    size_t next = 0; /* the counter: one per call, on this stack frame */
#pragma omp parallel num_threads(team)
    {
        int tid = NB_THREAD_NUM();
        for (;;) {
            size_t t0 = __atomic_fetch_add(&next, chunk, __ATOMIC_RELAXED);
            if (t0 >= ntasks)
                break;
            fn(ctx, t0, ntasks - t0 < chunk ? ntasks : t0 + chunk, tid);
        }
    }
}
