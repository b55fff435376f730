/* ?laswp: row interchanges of a column-major matrix, as getrf's pivots are applied.
   The reference walks the pivots in the outer loop and 32 columns in the inner one, so every
   swap touches 64 cache lines lda apart. Here each column is one contiguous array: the pivots
   are applied to a column at a time, in the reference's order, so a column's rows stay in L1
   while its swaps run. Columns are independent, so a team splits them; the result does not
   depend on the split. */
#include "blas/nb_template.h"
#include "blas/nb_trace.h"
#include "lapack/lapack.h"
#include "threading/nb_threads.h"

typedef struct {
    nb_t *a;
    size_t lda, n;
    blasint first, count, step; /* 0-based first row, rows to visit, +1 or -1 */
    const blasint *ipiv;        /* the pivot of the first row visited; advanced by pstride */
    ptrdiff_t pstride;
} laswp_job;

static void laswp_columns(const laswp_job *w, size_t j0, size_t j1)
{
    for (size_t j = j0; j < j1; j++) {
        nb_t *col = w->a + j * w->lda;
        const blasint *p = w->ipiv;
        blasint i = w->first;
        for (blasint r = 0; r < w->count; r++, i += w->step, p += w->pstride) {
            blasint ip = *p - 1;
            if (ip != i) {
                nb_t t = col[i];
                col[i] = col[ip];
                col[ip] = t;
            }
        }
    }
}

static void laswp_region(void *ctx, int tid, int nt)
{
    const laswp_job *w = ctx;
    size_t lo, hi;
    nb_split(w->n, 8, nt, tid, &lo, &hi);
    laswp_columns(w, lo, hi);
}

void NB_INT(laswp)(blasint n, nb_t *a, blasint lda, blasint k1, blasint k2, const blasint *ipiv,
                   blasint incx)
{
    if (n <= 0 || incx == 0 || k2 < k1)
        return;
    laswp_job w;
    w.a = a, w.lda = (size_t)lda, w.n = (size_t)n, w.count = k2 - k1 + 1;
    if (incx > 0) {
        w.first = k1 - 1, w.step = 1, w.ipiv = ipiv + (k1 - 1), w.pstride = incx;
    } else {
        /* reference: the last row first, its pivot at IPIV(K1 + (K2 - K1) * |INCX|) */
        w.first = k2 - 1, w.step = -1;
        w.ipiv = ipiv + (k1 - 1) + (ptrdiff_t)(k2 - k1) * -(ptrdiff_t)incx;
        w.pstride = incx;
    }
    int team = nb_threads_for_stream(2.0 * (double)n * (double)w.count, (size_t)(n + 7) / 8);
    if (team <= 1)
        laswp_columns(&w, 0, w.n);
    else
        nb_parallel(team, laswp_region, &w);
}

NB_EXPORT void NB_FN(laswp_)(const blasint *n, nb_t *a, const blasint *lda, const blasint *k1,
                             const blasint *k2, const blasint *ipiv, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " lda=%" NB_TD " k1=%" NB_TD " k2=%" NB_TD " incx=%" NB_TD, *n, *lda, *k1, *k2, *incx);
    NB_INT(laswp)(*n, a, *lda, *k1, *k2, ipiv, *incx);
}
