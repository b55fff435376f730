/* Rank-1 update of a general matrix: A := alpha*x*y**T + A (xGER, xGERU) or alpha*x*y**H + A
   (xGERC). */
#include "l2_common.h"

static void l2_ger(blasint m, blasint n, nb_t alpha, const nb_t *x, blasint incx, const nb_t *y,
                   blasint incy, nb_t *a, blasint lda, int conj)
{
    if (m == 0 || n == 0 || alpha == 0)
        return;
    const nb_t *xs = x + nb_vstart(m, incx), *ys = y + nb_vstart(n, incy);
    for (blasint j = 0; j < n; j++) {
        nb_t yj = L2_AT(ys, j, incy);
        if (yj == 0) /* the reference skips the column for a zero y(j) */
            continue;
        nb_t temp = alpha * l2_op(yj, conj);
        nb_t *col = a + (ptrdiff_t)j * lda;
        if (incx == 1)
            for (blasint i = 0; i < m; i++)
                col[i] = col[i] + xs[i] * temp;
        else
            for (blasint i = 0; i < m; i++)
                col[i] = col[i] + L2_AT(xs, i, incx) * temp;
    }
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
    void NB_INT(name)(blasint m, blasint n, nb_t alpha, const nb_t *x, blasint incx, const nb_t *y, \
                      blasint incy, nb_t *a, blasint lda)                                          \
    {                                                                                              \
        l2_ger(m, n, alpha, x, incx, y, incy, a, lda, conj);                                       \
    }                                                                                              \
    blasint NB_INT(NB_CAT(name, _check))(blasint m, blasint n, nb_t alpha, const nb_t *x,          \
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
        blasint info = l2_ger_check(*m, *n, *incx, *incy, *lda);                                   \
        if (info) {                                                                                \
            nb_xerbla(NB_UP NAME, info);                                                           \
            return;                                                                                \
        }                                                                                          \
        l2_ger(*m, *n, *alpha, x, *incx, y, *incy, a, *lda, conj);                                 \
    }

#if NB_COMPLEX
L2_GER_ROUTINES(geru, "GERU ", 0)
L2_GER_ROUTINES(gerc, "GERC ", 1)
#else
L2_GER_ROUTINES(ger, "GER  ", 0)
#endif
