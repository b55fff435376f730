/* Rank-1 update of a general matrix: A := alpha*x*y**T + A (xGER, xGERU) or alpha*x*y**H + A
   (xGERC). */
#include <stdlib.h>
#include "l2gen_common.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* Columns [lo, hi) of the update. Contiguous x and y use the kernel set's vectorised loop
   (l2gen_common.h); the rest the reference's. */
static void ger_range(blasint m, const nb_t *alpha, const nb_t *xs, blasint incx, const nb_t *ys,
                      blasint incy, nb_t *a, blasint lda, int conj, blasint lo, blasint hi)
{
    if (lo >= hi)
        return;
    if (incx == 1 && incy == 1) {
        l2k_ger((size_t)m, (size_t)(hi - lo), alpha, xs, ys + lo, a + (ptrdiff_t)lo * lda, (size_t)lda,
                conj);
        return;
    }
    for (blasint j = lo; j < hi; j++) {
        nb_t yj = L2_AT(ys, j, incy);
        if (yj == 0) /* the reference skips the column for a zero y(j) */
            continue;
        nb_t temp = *alpha * l2_op(yj, conj);
        nb_t *col = a + (ptrdiff_t)j * lda;
        for (blasint i = 0; i < m; i++)
            col[i] = col[i] + L2_AT(xs, i, incx) * temp;
    }
}

typedef struct {
    blasint m, n;
    const nb_t *alpha;
    const nb_t *xs;
    blasint incx;
    const nb_t *ys;
    blasint incy;
    nb_t *a;
    blasint lda;
    int conj;
} ger_job;

static void ger_region(void *arg, int tid, int nt)
{
    const ger_job *j = arg;
    size_t lo, hi;
    nb_split((size_t)j->n, 4, nt, tid, &lo, &hi);
    ger_range(j->m, j->alpha, j->xs, j->incx, j->ys, j->incy, j->a, j->lda, j->conj, (blasint)lo,
              (blasint)hi);
}

/* Columns split across a team when A is large (threading/): each element of A is updated by one
   thread, with the same arithmetic whatever the split. */
static void ger_split(blasint m, blasint n, const nb_t *alpha, const nb_t *xs, blasint incx, const nb_t *ys,
                      blasint incy, nb_t *a, blasint lda, int conj)
{
    int team = nb_threads_for_stream((double)m * (double)n * (NB_COMPLEX ? 2.0 : 1.0), (size_t)n / 4);
    if (team <= 1) {
        ger_range(m, alpha, xs, incx, ys, incy, a, lda, conj, 0, n);
        return;
    }
    ger_job j = {m, n, alpha, xs, incx, ys, incy, a, lda, conj};
    nb_parallel(team, ger_region, &j);
}

static void l2_ger(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                   blasint incy, nb_t *a, blasint lda, int conj)
{
    if (m == 0 || n == 0 || *alpha == 0)
        return;
    if (!nb_rt.kset)
        nb_init();
    const nb_t *xs = x + nb_vstart(m, incx), *ys = y + nb_vstart(n, incy);
    nb_t *buf = NULL;
    /* strided vectors of a large update are copied once, so the vectorised loop applies */
    if ((incx != 1 || incy != 1) && (double)m * (double)n >= 4096)
        buf = malloc(((size_t)m + (size_t)n) * sizeof(nb_t));
    if (!buf) {
        ger_split(m, n, alpha, xs, incx, ys, incy, a, lda, conj);
        return;
    }
    for (blasint i = 0; i < m; i++)
        buf[i] = L2_AT(xs, i, incx);
    for (blasint j = 0; j < n; j++)
        buf[m + j] = L2_AT(ys, j, incy);
    ger_split(m, n, alpha, buf, 1, buf + m, 1, a, lda, conj);
    free(buf);
}

static blasint l2_ger_check(blasint m, blasint n, blasint incx, blasint incy, blasint lda)
{
    if (m < 0)
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    if (incy == 0)
        return 7;
    if (lda < nb_max(1, m))
        return 9;
    return 0;
}

/* The exported routines differ only in the name and in conjugating y. */
#define L2_GER_ROUTINES(name, NAME, conj)                                                          \
    void NB_INT(name)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y, \
                      blasint incy, nb_t *a, blasint lda)                                          \
    {                                                                                              \
        l2_ger(m, n, alpha, x, incx, y, incy, a, lda, conj);                                       \
    }                                                                                              \
    blasint NB_INT(NB_CAT(name, _check))(blasint m, blasint n, const nb_t *alpha, const nb_t *x,          \
                                         blasint incx, const nb_t *y, blasint incy, nb_t *a,       \
                                         blasint lda)                                              \
    {                                                                                              \
        (void)alpha, (void)x, (void)y, (void)a;                                                    \
        return l2_ger_check(m, n, incx, incy, lda);                                                \
    }                                                                                              \
    NB_EXPORT void NB_FN(NB_CAT(name, _))(const blasint *m, const blasint *n, const nb_t *alpha,   \
                                          const nb_t *x, const blasint *incx, const nb_t *y,       \
                                          const blasint *incy, nb_t *a, const blasint *lda)        \
    {                                                                                              \
        NB_TRACE("m=%" NB_TD " n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, *m, *n, *incx, *incy, *lda);                  \
        blasint info = l2_ger_check(*m, *n, *incx, *incy, *lda);                                   \
        if (info) {                                                                                \
            nb_xerbla(NB_UP NAME, info);                                                           \
            return;                                                                                \
        }                                                                                          \
        l2_ger(*m, *n, alpha, x, *incx, y, *incy, a, *lda, conj);                                 \
    }

#if NB_COMPLEX
L2_GER_ROUTINES(geru, "GERU ", 0)
L2_GER_ROUTINES(gerc, "GERC ", 1)
#else
L2_GER_ROUTINES(ger, "GER  ", 0)
#endif
