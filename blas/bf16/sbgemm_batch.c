/* bf16 batched GEMM under OpenBLAS's names: cblas_sbgemm_batch (groups, pointer arrays) and
   cblas_sbgemm_batch_strided. Every group is checked before anything is computed (nothing is
   written when one is illegal); the problems are then handed out to the team from a shared
   counter (nb_run_tasks), each computed by the single-call driver (sbgemm.c), which runs one
   thread inside the team. */
#define NB_PREC 1 /* cblas_common.h is a type template; these routines are fp32-valued */
#include <stdlib.h>
#include "blas/bf16/bf16.h"
#include "cblas/cblas_common.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

int nb_sbgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, blasint lda, blasint ldb,
                    blasint ldc);
void nb_sbgemm_run(int layout, int transa, int transb, blasint m, blasint n, blasint k, float alpha,
                   const nb_bf16 *a, blasint lda, const nb_bf16 *b, blasint ldb, float beta, float *c,
                   blasint ldc);

typedef struct {
    int layout;
    const CBLAS_TRANSPOSE *ta, *tb;
    const blasint *m, *n, *k, *lda, *ldb, *ldc, *gsize;
    const float *alpha, *beta;
    const nb_bf16 *const *a, *const *b;
    float *const *c;
    blasint ngroups;
    size_t *first; /* first problem of each group, ngroups + 1 entries */
} sb_groups;

static void run_group_tasks(void *ctx, size_t t0, size_t t1, int tid)
{
    (void)tid;
    const sb_groups *g = ctx;
    blasint gi = 0;
    for (size_t t = t0; t < t1; t++) {
        while (g->first[gi + 1] <= t)
            gi++;
        nb_sbgemm_run(g->layout, g->ta[gi], g->tb[gi], g->m[gi], g->n[gi], g->k[gi], g->alpha[gi],
                      g->a[t], g->lda[gi], g->b[t], g->ldb[gi], g->beta[gi], g->c[t], g->ldc[gi]);
    }
}

NB_EXPORT void cblas_sbgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                                  const CBLAS_TRANSPOSE *transb_array, const blasint *m_array,
                                  const blasint *n_array, const blasint *k_array,
                                  const float *alpha_array, const nb_bf16 **a_array,
                                  const blasint *lda_array, const nb_bf16 **b_array,
                                  const blasint *ldb_array, const float *beta_array, float **c_array,
                                  const blasint *ldc_array, const blasint group_count,
                                  const blasint *group_size)
{
    NB_TRACE_GROUPS(.layout = NB_TR_LAYOUT(layout), .transa = transa_array, .transb = transb_array,
                    .m = m_array, .n = n_array, .k = k_array, .lda = lda_array,
                    .ldb = ldb_array, .ldc = ldc_array, .group_count = group_count,
                    .group_size = group_size);
    /* Errors as cblas_sbgemm's (and cblas_dgemm's): an entry of an array is reported by the
       array's position; a row-major group by the exchanged column-major call's, RowMajorStrg
       set (n_array 4, lda_array 11, ...), which the reference "gemm" table maps back. */
    const char *name = "cblas_sbgemm_batch";
    if (layout != CblasRowMajor && layout != CblasColMajor)
        NB_CB_FAIL(0, 1, name);
    const int row = layout == CblasRowMajor;
    if (group_count < 0)
        NB_CB_FAIL(row, 15, name);
    for (blasint gi = 0; gi < group_count; gi++) {
        if (group_size[gi] < 0)
            NB_CB_FAIL(row, 16, name);
        int e = nb_sbgemm_check(layout, transa_array[gi], transb_array[gi], m_array[gi],
                                n_array[gi], k_array[gi], lda_array[gi], ldb_array[gi],
                                ldc_array[gi]);
        if (e)
            NB_CB_FAIL(row, e, name);
    }
    size_t *first = malloc(((size_t)group_count + 1) * sizeof *first);
    if (!first)
        return; /* out of memory before anything was written */
    double flops = 0;
    first[0] = 0;
    for (blasint gi = 0; gi < group_count; gi++) {
        first[gi + 1] = first[gi] + (size_t)group_size[gi];
        flops += 2.0 * m_array[gi] * (double)n_array[gi] * k_array[gi] * group_size[gi];
    }
    sb_groups g = {layout, transa_array, transb_array, m_array, n_array, k_array, lda_array,
                   ldb_array, ldc_array, group_size, alpha_array, beta_array,
                   (const nb_bf16 *const *)a_array, (const nb_bf16 *const *)b_array,
                   (float *const *)c_array, group_count, first};
    if (!nb_rt.kset)
        nb_init();
    /* the kernels run many times faster than fp32: size the team for the time, not the flops */
    double speed = nb_rt.bf16.speed_over_fp32 > 1 ? nb_rt.bf16.speed_over_fp32 : 1;
    size_t total = first[group_count];
    nb_run_tasks(total, 1, nb_threads_for(flops / speed, total), run_group_tasks, &g);
    free(first);
}

typedef struct {
    int layout, ta, tb;
    blasint m, n, k, lda, ldb, ldc;
    float alpha, beta;
    const nb_bf16 *a, *b;
    float *c;
    size_t sa, sb, sc;
} sb_strided;

static void run_strided_tasks(void *ctx, size_t t0, size_t t1, int tid)
{
    (void)tid;
    const sb_strided *s = ctx;
    for (size_t t = t0; t < t1; t++)
        nb_sbgemm_run(s->layout, s->ta, s->tb, s->m, s->n, s->k, s->alpha, s->a + t * s->sa,
                      s->lda, s->b + t * s->sb, s->ldb, s->beta, s->c + t * s->sc, s->ldc);
}

NB_EXPORT void cblas_sbgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                                          const CBLAS_TRANSPOSE transb, const blasint m, const blasint n,
                                          const blasint k, const float alpha, const nb_bf16 *a,
                                          const blasint lda, const blasint stridea, const nb_bf16 *b,
                                          const blasint ldb, const blasint strideb, const float beta,
                                          float *c, const blasint ldc, const blasint stridec,
                                          const blasint batch_size)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " stridea=%" NB_TD " ldb=%" NB_TD " strideb=%" NB_TD " "
             "ldc=%" NB_TD " stridec=%" NB_TD " batch_size=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(transa),
             NB_TR_E(transb), m, n, k, lda, stridea, ldb, strideb, ldc, stridec, batch_size);
    /* The caller's positions in either layout, RowMajorStrg left 0: the reference row-major table
       would take this name for gemm's and exchange 9 and 11 (lda and b here; ldb is 12).
       nb_sbgemm_check numbers as cblas_sbgemm (row-major: the exchanged call's m 4 ... ldb 11,
       mapped back here); lda 9, ldb 11, ldc 14 there are 9, 12, 16 here. */
    const char *name = "cblas_sbgemm_batch_strided";
    blasint e = nb_sbgemm_check(layout, transa, transb, m, n, k, lda, ldb, ldc);
    if (layout == CblasRowMajor)
        e = nb_cb_gemm_swap(e);
    e = e == 11 ? 12 : e == 14 ? 16 : e;
    if (!e)
        e = stridea < 0 ? 10 : strideb < 0 ? 13 : stridec < 0 ? 17 : batch_size < 0 ? 18 : 0;
    if (e)
        NB_CB_FAIL(0, e, name);
    if (!nb_rt.kset)
        nb_init();
    sb_strided s = {layout, transa, transb, m, n, k, lda, ldb, ldc, alpha, beta, a, b, c,
                    (size_t)stridea, (size_t)strideb, (size_t)stridec};
    double speed = nb_rt.bf16.speed_over_fp32 > 1 ? nb_rt.bf16.speed_over_fp32 : 1;
    double flops = 2.0 * m * (double)n * k * batch_size / speed;
    /* entries whose C blocks overlap run in order on one thread */
    size_t span = (size_t)(layout == CblasRowMajor ? m : n) * (size_t)ldc;
    int team = (size_t)stridec < span && m > 0 && n > 0 ? 1 : nb_threads_for(flops, (size_t)batch_size);
    nb_run_tasks((size_t)batch_size, 1, team, run_strided_tasks, &s);
}
