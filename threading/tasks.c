/* nb_run_tasks (threading/nb_threads.h): the shared counter of a dynamic schedule. */
#include "threading/nb_threads.h"

typedef struct {
    size_t ntasks, chunk;
    size_t next; /* the counter: one per call, in the caller's frame */
    void (*fn)(void *ctx, size_t t0, size_t t1, int tid);
    void *ctx;
} tasks_ctx;

/* Every thread draws chunks until the counter passes the end: no split by nt, so a region with
   fewer threads than asked for still runs every task. */
static void tasks_region(void *vctx, int tid, int nt)
{
    tasks_ctx *t = vctx;
    (void)nt;
    for (;;) {
        size_t t0 = __atomic_fetch_add(&t->next, t->chunk, __ATOMIC_RELAXED);
        if (t0 >= t->ntasks)
            break;
        t->fn(t->ctx, t0, t->ntasks - t0 < t->chunk ? t->ntasks : t0 + t->chunk, tid);
    }
}

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
    tasks_ctx t = {ntasks, chunk, 0, fn, ctx};
    nb_parallel(team, tasks_region, &t);
}
