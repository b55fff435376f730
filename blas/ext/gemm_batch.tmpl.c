/* Batched GEMM, MKL's and OpenBLAS's interfaces: cblas_?gemm_batch / ?gemm_batch_ (groups of
   same-shaped problems, pointer arrays) and cblas_?gemm_batch_strided / ?gemm_batch_strided_ (one
   shape, operands at fixed strides).

   Execution (seed 001, IrGEMM):
   - every argument of every group is checked before anything is computed, so an illegal group
     reports through xerbla and nothing is written anywhere;
   - each group gets a plan, computed once: its column-major form (a row-major group is the
     transposed problem, C**T = op(B)**T op(A)**T), and the path every problem of it takes:
     nothing, C = beta*C, the kernel set's no-packing small kernel straight on the caller's
     operands (A transposed: copied to column-major first, which costs less than the kernel's
     strided reads), or the full GEMM driver for large problems;
   - the problems are cut into tasks of about BATCH_TASK_FLOPS (many tiny problems per task, a
     large one alone), and a team takes the tasks from a shared counter (nb_run_tasks): equal
     flops are not equal time at these sizes, so a static split would leave a thread idle;
   - while one problem is computed, the next one's operands are requested from memory: each
     problem has its own allocations, which the hardware prefetchers do not follow from one to
     the next.
   C matrices of different entries must not overlap (as MKL requires); A and B may be shared. A
   strided batch whose C entries overlap (stridec too small) runs in order on one thread. */
#include <stdlib.h>
#include <string.h>
#include "blas/level3/l3_internal.h"
#include "cblas/cblas_common.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

typedef NB_CAT3(nb_gemm_kernel_, NB_P, ) batch_kernel;

/* Work per task: ~50 us of arithmetic on one core, long enough that the counter is cold,
   short enough that two threads finish within a few percent of each other. */
#define BATCH_TASK_FLOPS 2.0e6
/* Flop-equivalents of the fixed cost of one problem (call, plan lookup, edge handling). */
#define BATCH_CALL_FLOPS 400.0
/* Problems whose operands take up to this many bytes get the next one prefetched: 10x10x10
   dgemm with its own allocations 99 -> 92 ns per problem; at 20x20x20 it measured level
   (465 ns either way) and the extra instructions cost 25% when the data was already cached.
   Pointer-array batches only: strided ones lie back to back, which the hardware prefetcher
   follows (strided 10000 x 8^3 d 0.8x with the prefetch, s 0.92x), while the IrGEMM mix
   (sizes 10-40, separate allocations) ran 1.37x faster with it on Zen 5. */
#define BATCH_PREFETCH_BYTES 3072

enum { PATH_NONE, PATH_SCALE, PATH_SMALL, PATH_SMALL_TA, PATH_GEMM };

/* One group's plan, in column-major terms (swap: a row-major group, A and B exchanged). */
typedef struct {
    char ta, tb;
    int swap, path;
    size_t m, n, k, lda, ldb, ldc;
    nb_t alpha, beta;
    size_t first, count;     /* the group's problems: global indices [first, first + count) */
    size_t task0, per_task;  /* its first task and problems per task */
} batch_plan;

/* Where the operands of problem i are: pointer arrays, or base + i*stride. */
typedef struct {
    const nb_t *const *a_arr, *const *b_arr;
    nb_t *const *c_arr;
    const nb_t *a, *b;
    nb_t *c;
    size_t sa, sb, sc;
} batch_src;

typedef struct {
    const batch_plan *plan;
    size_t ngroups;
    batch_src src;
} batch_job;

static inline const nb_t *src_a(const batch_src *s, size_t i) { return s->a_arr ? s->a_arr[i] : s->a + i * s->sa; }
static inline const nb_t *src_b(const batch_src *s, size_t i) { return s->b_arr ? s->b_arr[i] : s->b + i * s->sb; }
static inline nb_t *src_c(const batch_src *s, size_t i) { return s->c_arr ? s->c_arr[i] : s->c + i * s->sc; }

/* Requests the lines of a rows x cols column-major block into the caches: one linear range
   (the block is prefetched only when its columns are contiguous, ld == rows; strided tiny
   blocks are rare and per-column prefetching cost more than it saved). */
static inline void prefetch_block(const nb_t *p, size_t rows, size_t cols, size_t ld, int write)
{
    if (ld != rows)
        return;
    const char *b = (const char *)p, *e = (const char *)(p + rows * cols);
    /* the empty asm keeps the loop: GCC 12 deleted a loop of prefetches alone as one with no
       effect, and with it this whole function */
    for (; b < e; b += 64) {
        write ? __builtin_prefetch(b, 1, 3) : __builtin_prefetch(b, 0, 3);
        __asm__("");
    }
}

static void prefetch_problem(const batch_plan *g, const batch_src *s, size_t i)
{
    const nb_t *a = src_a(s, i), *b = src_b(s, i);
    if (g->swap) {
        const nb_t *t = a;
        a = b, b = t;
    }
    prefetch_block(a, g->ta == 'N' ? g->m : g->k, g->ta == 'N' ? g->k : g->m, g->lda, 0);
    prefetch_block(b, g->tb == 'N' ? g->k : g->n, g->tb == 'N' ? g->n : g->k, g->ldb, 0);
    if (g->beta != 0)
        prefetch_block(src_c(s, i), g->m, g->n, g->ldc, 1);
}

/* Problems [i0, i1) of group g. buf: scratch for a transposed A (PATH_SMALL_TA), m*k elements. */
static void run_problems(const batch_plan *g, const batch_src *s, size_t i0, size_t i1, nb_t *buf)
{
    const batch_kernel *kr = &nb_rt.kset->NB_P;
    size_t rs_b = g->tb == 'N' ? 1 : g->ldb, cs_b = g->tb == 'N' ? g->ldb : 1;
    size_t bytes = (g->m * g->k + g->k * g->n + g->m * g->n) * sizeof(nb_t);
    int pf = g->path >= PATH_SMALL && g->path != PATH_GEMM && bytes <= BATCH_PREFETCH_BYTES &&
             (s->a_arr || s->b_arr || s->c_arr);
    for (size_t i = i0; i < i1; i++) {
        const nb_t *a = src_a(s, i), *b = src_b(s, i);
        nb_t *c = src_c(s, i);
        if (g->swap) {
            const nb_t *t = a;
            a = b, b = t;
        }
        if (pf && i + 1 < i1)
            prefetch_problem(g, s, i + 1);
        switch (g->path) {
        case PATH_NONE:
            break;
        case PATH_SCALE:
            NB_INT(l3_scale)(g->m, g->n, g->beta, c, 1, g->ldc);
            break;
        case PATH_SMALL:
            kr->small(g->m, g->n, g->k, g->alpha, a, g->lda, b, rs_b, cs_b, g->beta, c, g->ldc);
            break;
        case PATH_SMALL_TA:
            /* rows of op(A) are A's contiguous columns: read them in order (the other loop
               order, and the set's pack_a with its MR-row zero padding, were 15-20% slower on
               the TN/TT IrGEMM mix) */
            for (size_t r = 0; r < g->m; r++)
                for (size_t l = 0; l < g->k; l++)
                    buf[r + l * g->m] = a[l + r * g->lda];
            kr->small(g->m, g->n, g->k, g->alpha, buf, g->m, b, rs_b, cs_b, g->beta, c, g->ldc);
            break;
        default:
            NB_INT(gemm_view)(g->m, g->n, g->k, g->alpha, l3_op(a, (blasint)g->lda, g->ta),
                              l3_op(b, (blasint)g->ldb, g->tb), g->beta, c, 1, g->ldc);
        }
    }
}

/* The group of task t: the last group whose first task is <= t (binary search; a group with
   no problems has the same first task as the next one, so it is never the answer). */
static size_t group_of_task(const batch_plan *plan, size_t ngroups, size_t t)
{
    size_t lo = 0, hi = ngroups;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (plan[mid].task0 <= t)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static void run_tasks(void *ctx, size_t t0, size_t t1, int tid)
{
    (void)tid;
    const batch_job *job = ctx;
    nb_t *buf = NULL;
    size_t buf_elems = 0;
    for (size_t t = t0; t < t1; t++) {
        const batch_plan *g = &job->plan[group_of_task(job->plan, job->ngroups, t)];
        size_t i0 = g->first + (t - g->task0) * g->per_task, end = g->first + g->count;
        size_t i1 = end - i0 < g->per_task ? end : i0 + g->per_task;
        if (g->path == PATH_SMALL_TA && buf_elems < g->m * g->k) {
            free(buf);
            buf_elems = g->m * g->k;
            buf = malloc(buf_elems * sizeof(nb_t));
            if (!buf) { /* no scratch: the general driver reads A in place */
                buf_elems = 0;
                batch_plan h = *g;
                h.path = PATH_GEMM;
                run_problems(&h, &job->src, i0, i1, NULL);
                continue;
            }
        }
        run_problems(g, &job->src, i0, i1, buf);
    }
    free(buf);
}

/* The plan of one legal group (column-major view, problem indices from `first`). */
static batch_plan make_plan(int row, char ta, char tb, blasint m, blasint n, blasint k,
                            nb_t alpha, blasint lda, blasint ldb, nb_t beta, blasint ldc,
                            size_t first, size_t count)
{
    batch_plan g;
    memset(&g, 0, sizeof g);
    g.swap = row;
    g.ta = row ? tb : ta, g.tb = row ? ta : tb;
    g.m = (size_t)(row ? n : m), g.n = (size_t)(row ? m : n), g.k = (size_t)k;
    g.lda = (size_t)(row ? ldb : lda), g.ldb = (size_t)(row ? lda : ldb), g.ldc = (size_t)ldc;
    g.alpha = alpha, g.beta = beta;
    g.first = first, g.count = count;
    const batch_kernel *kr = &nb_rt.kset->NB_P;
    size_t small_dim = sizeof(nb_t) == 4 ? 192 : 128;
    if (g.m == 0 || g.n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        g.path = PATH_NONE;
    else if (alpha == 0 || k == 0)
        g.path = PATH_SCALE;
    else if (!NB_COMPLEX && kr->small && g.m <= small_dim && g.n <= small_dim && g.k <= small_dim)
        g.path = g.ta == 'N' ? PATH_SMALL : PATH_SMALL_TA;
    else
        g.path = PATH_GEMM;
    double f = 2.0 * (double)g.m * (double)g.n * (double)g.k + BATCH_CALL_FLOPS;
    g.per_task = f >= BATCH_TASK_FLOPS ? 1 : (size_t)(BATCH_TASK_FLOPS / f);
    return g;
}

/* Runs the planned groups; team sized for the total work. serial: in order, one thread. */
static void run_batch(batch_plan *plan, size_t ngroups, batch_src src, int serial)
{
    size_t ntasks = 0;
    double flops = 0;
    for (size_t gi = 0; gi < ngroups; gi++) {
        batch_plan *g = &plan[gi];
        g->task0 = ntasks;
        ntasks += (g->count + g->per_task - 1) / g->per_task;
        flops += (2.0 * (double)g->m * (double)g->n * (double)g->k + BATCH_CALL_FLOPS) *
                 (double)g->count;
    }
    batch_job job = {plan, ngroups, src};
    int team = serial ? 1 : nb_threads_for(flops, ntasks);
    nb_run_tasks(ntasks, 1, team, run_tasks, &job);
}

/* 0 or the position (within the group's own arguments: 1 transa, 2 transb, 3 m, 4 n, 5 k,
   6 lda, 7 ldb, 8 ldc) of the first illegal one of a column-major group, in the reference
   ?gemm's order. */
static int check_group(char ta, char tb, blasint m, blasint n, blasint k, blasint lda,
                       blasint ldb, blasint ldc)
{
    if (!ta)
        return 1;
    if (!tb)
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    /* rows of A, B and C as stored */
    if (lda < nb_max(1, ta == 'N' ? m : k))
        return 6;
    if (ldb < nb_max(1, tb == 'N' ? k : n))
        return 7;
    if (ldc < nb_max(1, m))
        return 8;
    return 0;
}

/* A row-major group checked as the reference CBLAS checks a row-major gemm: the enumerations as
   passed (1 transa, 2 transb), the rest on the exchanged column-major call C**T = op(B)**T op(A)**T
   (check_group's numbering of that call: 3 is its m, the caller's n; 6 its lda, the caller's
   ldb ...). */
static int check_group_exchanged(char ta, char tb, blasint m, blasint n, blasint k, blasint lda,
                                 blasint ldb, blasint ldc)
{
    if (!ta)
        return 1;
    if (!tb)
        return 2;
    return check_group(tb, ta, n, m, k, ldb, lda, ldc);
}
/* check_group_exchanged's number as the caller's argument (m and n, lda and ldb exchanged back). */
static int unexchange(int e)
{
    return e == 3 ? 4 : e == 4 ? 3 : e == 6 ? 7 : e == 7 ? 6 : e;
}

static char fortran_trans(char c)
{
    c = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
    return c == 'N' || c == 'T' || c == 'C' ? c : 0;
}

/* The group interface for both front ends. tr*: the trans letters (0 if illegal), one per
   group; pos[]: the caller's argument positions of transa, transb, m, n, k, lda, ldb, ldc,
   group_count, group_size. Returns after reporting the first illegal argument.
   Errors (an entry of an array is reported by the array's position): a CBLAS row-major call
   reports as cblas_?gemm does (netlib CBLAS): RowMajorStrg set, the enumerations at their own
   positions, the rest checked on the exchanged column-major call and reported at that call's
   position (an illegal n_array entry is 4, lda_array 11), which the reference cblas_xerbla's
   "gemm" row-major table maps back to the caller's argument. */
static void gemm_batch_groups(const char *name, int fortran, int row, const char *tra,
                              const char *trb, const blasint *m, const blasint *n,
                              const blasint *k, const nb_t *alpha, const nb_t *const *a,
                              const blasint *lda, const nb_t *const *b, const blasint *ldb,
                              const nb_t *beta, nb_t *const *c, const blasint *ldc,
                              blasint group_count, const blasint *group_size, const int *pos)
{
    const int rms = !fortran && row; /* RowMajorStrg for the report */
    if (group_count < 0) {
        fortran ? nb_xerbla(name, pos[8]) : nb_cb_error(rms, pos[8], name);
        return;
    }
    for (blasint gi = 0; gi < group_count; gi++) {
        if (group_size[gi] < 0) {
            fortran ? nb_xerbla(name, pos[9]) : nb_cb_error(rms, pos[9], name);
            return;
        }
        int e = row ? check_group_exchanged(tra[gi], trb[gi], m[gi], n[gi], k[gi], lda[gi], ldb[gi],
                                            ldc[gi])
                    : check_group(tra[gi], trb[gi], m[gi], n[gi], k[gi], lda[gi], ldb[gi], ldc[gi]);
        if (e) {
            fortran ? nb_xerbla(name, pos[e - 1]) : nb_cb_error(rms, pos[e - 1], name);
            return;
        }
    }
    if (!nb_rt.kset)
        nb_init();
    batch_plan one, *plan = group_count <= 1 ? &one : malloc((size_t)group_count * sizeof *plan);
    batch_src src = {a, b, c, NULL, NULL, NULL, 0, 0, 0};
    size_t first = 0;
    if (!plan) { /* out of memory for the plans: each group on its own */
        for (blasint gi = 0; gi < group_count; gi++) {
            one = make_plan(row, tra[gi], trb[gi], m[gi], n[gi], k[gi], alpha[gi], lda[gi],
                            ldb[gi], beta[gi], ldc[gi], first, (size_t)group_size[gi]);
            first += (size_t)group_size[gi];
            run_batch(&one, 1, src, 0);
        }
        return;
    }
    for (blasint gi = 0; gi < group_count; gi++) {
        plan[gi] = make_plan(row, tra[gi], trb[gi], m[gi], n[gi], k[gi], alpha[gi], lda[gi],
                             ldb[gi], beta[gi], ldc[gi], first, (size_t)group_size[gi]);
        first += (size_t)group_size[gi];
    }
    if (group_count > 0)
        run_batch(plan, (size_t)group_count, src, 0);
    if (plan != &one)
        free(plan);
}

/* The pointer-array arguments of the CBLAS prototype (void for complex types, as MKL has them). */
#if NB_COMPLEX
#define NB_CPTRS const void **
#define NB_PTRS void **
#else
#define NB_CPTRS const nb_t **
#define NB_PTRS nb_t **
#endif

/* Trans letters of a group API call: at most 64 groups on the stack, else the heap. */
#define BATCH_STACK_GROUPS 64

NB_EXPORT void NB_CBLAS(gemm_batch)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                                    const CBLAS_TRANSPOSE *transb_array, const blasint *m_array,
                                    const blasint *n_array, const blasint *k_array, NB_CVEC alpha_array,
                                    NB_CPTRS a_array, const blasint *lda_array,
                                    NB_CPTRS b_array, const blasint *ldb_array,
                                    NB_CVEC beta_array, NB_PTRS c_array, const blasint *ldc_array,
                                    const blasint group_count, const blasint *group_size)
{
    NB_TRACE_GROUPS(.layout = NB_TR_LAYOUT(layout), .transa = transa_array, .transb = transb_array,
                    .m = m_array, .n = n_array, .k = k_array, .lda = lda_array,
                    .ldb = ldb_array, .ldc = ldc_array, .group_count = group_count,
                    .group_size = group_size);
    static const int pos[10] = {2, 3, 4, 5, 6, 9, 11, 14, 15, 16};
    const char *name = NB_CB_NAME(gemm_batch);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    if (group_count < 0)
        NB_CB_FAIL(row, 15, name);
    char st[2 * BATCH_STACK_GROUPS] = {0}, *tr = st;
    if (group_count > BATCH_STACK_GROUPS && !(tr = malloc(2 * (size_t)group_count)))
        return; /* cannot even decode the arguments: out of memory, nothing written */
    for (blasint gi = 0; gi < group_count; gi++) {
        tr[gi] = nb_cb_trans(transa_array[gi]);
        tr[group_count + gi] = nb_cb_trans(transb_array[gi]);
    }
    gemm_batch_groups(name, 0, row, tr, tr + group_count, m_array, n_array, k_array,
                      (const nb_t *)alpha_array, (const nb_t *const *)a_array, lda_array,
                      (const nb_t *const *)b_array, ldb_array, (const nb_t *)beta_array,
                      (nb_t *const *)c_array, ldc_array, group_count, group_size, pos);
    if (tr != st)
        free(tr);
}

NB_EXPORT void NB_FN(gemm_batch_)(const char *transa_array, const char *transb_array,
                                  const blasint *m_array, const blasint *n_array,
                                  const blasint *k_array, const nb_t *alpha_array,
                                  const nb_t **a_array, const blasint *lda_array,
                                  const nb_t **b_array, const blasint *ldb_array,
                                  const nb_t *beta_array, nb_t **c_array, const blasint *ldc_array,
                                  const blasint *group_count, const blasint *group_size,
                                  nb_strlen la, nb_strlen lb)
{
    NB_TRACE_GROUPS(.transa = transa_array, .transb = transb_array, .trans_chars = 1,
                    .m = m_array, .n = n_array, .k = k_array, .lda = lda_array,
                    .ldb = ldb_array, .ldc = ldc_array, .group_count = *group_count,
                    .group_size = group_size);
    (void)la, (void)lb;
    static const int pos[10] = {1, 2, 3, 4, 5, 8, 10, 13, 14, 15};
    const char *name = NB_UP "GEMM_BATCH";
    blasint ng = *group_count;
    if (ng < 0) {
        nb_xerbla(name, 14);
        return;
    }
    char st[2 * BATCH_STACK_GROUPS] = {0}, *tr = st;
    if (ng > BATCH_STACK_GROUPS && !(tr = malloc(2 * (size_t)ng)))
        return;
    for (blasint gi = 0; gi < ng; gi++) {
        tr[gi] = fortran_trans(transa_array[gi]);
        tr[ng + gi] = fortran_trans(transb_array[gi]);
    }
    gemm_batch_groups(name, 1, 0, tr, tr + ng, m_array, n_array, k_array, alpha_array,
                      (const nb_t *const *)a_array, lda_array, (const nb_t *const *)b_array,
                      ldb_array, beta_array, (nb_t *const *)c_array, ldc_array, ng, group_size,
                      pos);
    if (tr != st)
        free(tr);
}

/* The strided interface for both front ends; pos: positions of transa, transb, m, n, k, lda,
   ldb, ldc, then stridea, strideb, stridec, batch_size.
   Errors: the caller's positions in either layout (a row-major call checked in the order of the
   exchanged column-major call, as the group form), RowMajorStrg left 0: the reference cblas_xerbla
   would take cblas_?gemm_batch_strided for gemm and exchange 9 and 11 (lda and b here; ldb is 12),
   so no row-major table may apply. */
static void gemm_batch_strided(const char *name, int fortran, int row, char ta, char tb,
                               blasint m, blasint n, blasint k, nb_t alpha, const nb_t *a,
                               blasint lda, blasint sa, const nb_t *b, blasint ldb, blasint sb,
                               nb_t beta, nb_t *c, blasint ldc, blasint sc, blasint count,
                               const int *pos)
{
    int e = row ? unexchange(check_group_exchanged(ta, tb, m, n, k, lda, ldb, ldc))
                : check_group(ta, tb, m, n, k, lda, ldb, ldc);
    e = e ? pos[e - 1] : sa < 0 ? pos[8] : sb < 0 ? pos[9] : sc < 0 ? pos[10] : count < 0 ? pos[11] : 0;
    if (e) {
        fortran ? nb_xerbla(name, e) : nb_cb_error(0, e, name);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    batch_plan g = make_plan(row, ta, tb, m, n, k, alpha, lda, ldb, beta, ldc, 0, (size_t)count);
    batch_src src = {NULL, NULL, NULL, a, b, c, (size_t)sa, (size_t)sb, (size_t)sc};
    /* entries whose C blocks overlap: in order, on one thread */
    size_t c_span = (size_t)(row ? m : n) * (size_t)ldc;
    int serial = count > 1 && (size_t)sc < c_span && m > 0 && n > 0;
    run_batch(&g, 1, src, serial);
}

NB_EXPORT void NB_CBLAS(gemm_batch_strided)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                                            const CBLAS_TRANSPOSE transb, const blasint m, const blasint n,
                                            const blasint k, NB_CSCAL alpha, NB_CVEC a, const blasint lda,
                                            const blasint stridea, NB_CVEC b, const blasint ldb,
                                            const blasint strideb, NB_CSCAL beta, NB_VEC c,
                                            const blasint ldc, const blasint stridec, const blasint batch_size)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " stridea=%" NB_TD " ldb=%" NB_TD " strideb=%" NB_TD " "
             "ldc=%" NB_TD " stridec=%" NB_TD " batch_size=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(transa),
             NB_TR_E(transb), m, n, k, lda, stridea, ldb, strideb, ldc, stridec, batch_size);
    static const int pos[12] = {2, 3, 4, 5, 6, 9, 12, 16, 10, 13, 17, 18};
    const char *name = NB_CB_NAME(gemm_batch_strided);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    gemm_batch_strided(name, 0, row, nb_cb_trans(transa), nb_cb_trans(transb), m, n, k,
                       NB_SCALAR(alpha), (const nb_t *)a, lda, stridea, (const nb_t *)b, ldb,
                       strideb, NB_SCALAR(beta), (nb_t *)c, ldc, stridec, batch_size, pos);
}

NB_EXPORT void NB_FN(gemm_batch_strided_)(const char *transa, const char *transb, const blasint *m,
                                          const blasint *n, const blasint *k, const nb_t *alpha,
                                          const nb_t *a, const blasint *lda, const blasint *stridea,
                                          const nb_t *b, const blasint *ldb, const blasint *strideb,
                                          const nb_t *beta, nb_t *c, const blasint *ldc,
                                          const blasint *stridec, const blasint *batch_size,
                                          nb_strlen la, nb_strlen lb)
{
    NB_TRACE("transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " stridea=%" NB_TD " ldb=%" NB_TD " strideb=%" NB_TD " ldc=%" NB_TD " "
             "stridec=%" NB_TD " batch_size=%" NB_TD, NB_TR_CH(transa), NB_TR_CH(transb), *m, *n, *k, *lda,
             *stridea, *ldb, *strideb, *ldc, *stridec, *batch_size);
    (void)la, (void)lb;
    static const int pos[12] = {1, 2, 3, 4, 5, 8, 11, 15, 9, 12, 16, 17};
    gemm_batch_strided(NB_UP "GEMM_BATCH_STRIDED", 1, 0, fortran_trans(*transa),
                       fortran_trans(*transb), *m, *n, *k, *alpha, a, *lda, *stridea, b, *ldb,
                       *strideb, *beta, c, *ldc, *stridec, *batch_size, pos);
}
