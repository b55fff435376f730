/* trmm and trsm. Every case is brought to the side-L form on views: X*op(A) = B is
   op(A)**T * X**T = B**T, so the triangular operand becomes a view M = op(A) or op(A)**T (a
   transposition swaps its strides and turns upper into lower) and B a plain or transposed view.
   The side-L problem is blocked along M: diagonal blocks run the unblocked column algorithm, and
   everything off the diagonal is one GEMM per block row. */
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"

/* A triangular operand in side-L form and the matrix it acts on. */
typedef struct {
    l3_view a;     /* M, m x m; only its triangle (and, unless unit, its diagonal) is read */
    int upper, unit;
    nb_t *b;       /* B, m x n, at b[i*rsb + j*csb] */
    size_t rsb, csb;
} tri_problem;

static tri_problem tri_setup(char side, char uplo, char transa, char diag, const nb_t *a, blasint lda,
                             nb_t *b, blasint ldb)
{
    int left = nb_same(side, 'L'), notrans = nb_same(transa, 'N');
    /* side L uses op(A), side R uses op(A)**T: the view is A transposed when exactly one of
       "side R" and "op transposes" holds. */
    int transposed = left != notrans;
    tri_problem t;
    t.a = transposed ? l3_mk(a, (size_t)lda, 1, 0) : l3_mk(a, 1, (size_t)lda, 0);
    t.a.conj = nb_same(transa, 'C');
    t.upper = nb_same(uplo, 'U') != transposed;
    t.unit = nb_same(diag, 'U');
    t.b = b;
    t.rsb = left ? 1 : (size_t)ldb;
    t.csb = left ? (size_t)ldb : 1;
    return t;
}

/* Moves the problem to the diagonal block starting at row/column i0. */
static tri_problem tri_block(tri_problem t, size_t i0)
{
    t.a = l3_sub(t.a, i0, i0);
    t.b += i0 * t.rsb;
    return t;
}

static void zero_b(tri_problem t, size_t m, size_t n)
{
    NB_INT(l3_scale)(m, n, 0, t.b, t.rsb, t.csb);
}

/* B = alpha*M*B, one column at a time, with the reference's column-oriented loop order. */
static void trmm_unblocked(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    for (size_t j = 0; j < n; j++) {
        nb_t *bj = t.b + j * t.csb;
        size_t rs = t.rsb;
        if (t.upper) {
            for (size_t k = 0; k < m; k++) {
                nb_t temp = bj[k * rs];
                if (temp == 0)
                    continue;
                temp *= alpha;
                for (size_t i = 0; i < k; i++)
                    bj[i * rs] += temp * l3_at(t.a, i, k);
                bj[k * rs] = t.unit ? temp : temp * l3_at(t.a, k, k);
            }
        } else {
            for (size_t k = m; k-- > 0;) {
                nb_t temp = bj[k * rs];
                if (temp == 0)
                    continue;
                temp *= alpha;
                bj[k * rs] = t.unit ? temp : temp * l3_at(t.a, k, k);
                for (size_t i = k + 1; i < m; i++)
                    bj[i * rs] += temp * l3_at(t.a, i, k);
            }
        }
    }
}

/* Solves M*X = alpha*B in place, one column at a time. */
static void trsm_unblocked(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    for (size_t j = 0; j < n; j++) {
        nb_t *bj = t.b + j * t.csb;
        size_t rs = t.rsb;
        if (alpha != 1)
            for (size_t i = 0; i < m; i++)
                bj[i * rs] *= alpha;
        if (t.upper) {
            for (size_t k = m; k-- > 0;) {
                if (bj[k * rs] == 0)
                    continue;
                if (!t.unit)
                    bj[k * rs] /= l3_at(t.a, k, k);
                nb_t temp = bj[k * rs];
                for (size_t i = 0; i < k; i++)
                    bj[i * rs] -= temp * l3_at(t.a, i, k);
            }
        } else {
            for (size_t k = 0; k < m; k++) {
                if (bj[k * rs] == 0)
                    continue;
                if (!t.unit)
                    bj[k * rs] /= l3_at(t.a, k, k);
                nb_t temp = bj[k * rs];
                for (size_t i = k + 1; i < m; i++)
                    bj[i * rs] -= temp * l3_at(t.a, i, k);
            }
        }
    }
}

static l3_view b_rows(tri_problem t, size_t i0)
{
    return l3_mk(t.b + i0 * t.rsb, t.rsb, t.csb, 0);
}

/* B = alpha*M*B. Upper M goes top-down and lower M bottom-up, so that the rows of B a block row
   reads besides its own are still the original ones. */
static void trmm_left(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    for (size_t step = 0; step < m; step += L3_NB) {
        size_t i0, ib;
        if (t.upper) {
            i0 = step;
            ib = m - i0 < L3_NB ? m - i0 : L3_NB;
        } else {
            ib = m - step < L3_NB ? m - step : L3_NB;
            i0 = m - step - ib;
        }
        size_t i1 = i0 + ib;
        trmm_unblocked(tri_block(t, i0), ib, n, alpha);
        nb_t *bi = t.b + i0 * t.rsb;
        if (t.upper && i1 < m)
            NB_INT(gemm_view)(ib, n, m - i1, alpha, l3_sub(t.a, i0, i1), b_rows(t, i1), 1, bi, t.rsb,
                              t.csb);
        else if (!t.upper && i0 > 0)
            NB_INT(gemm_view)(ib, n, i0, alpha, l3_sub(t.a, i0, 0), b_rows(t, 0), 1, bi, t.rsb, t.csb);
    }
}

/* Solves M*X = alpha*B. Upper M goes bottom-up and lower M top-down: each block row first
   subtracts the contribution of the rows already solved (one GEMM), then solves its diagonal block. */
static void trsm_left(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    for (size_t step = 0; step < m; step += L3_NB) {
        size_t i0, ib;
        if (t.upper) {
            ib = m - step < L3_NB ? m - step : L3_NB;
            i0 = m - step - ib;
        } else {
            i0 = step;
            ib = m - i0 < L3_NB ? m - i0 : L3_NB;
        }
        size_t i1 = i0 + ib;
        nb_t *bi = t.b + i0 * t.rsb;
        nb_t diag_alpha = alpha;
        if (t.upper && i1 < m) {
            NB_INT(gemm_view)(ib, n, m - i1, -1, l3_sub(t.a, i0, i1), b_rows(t, i1), alpha, bi, t.rsb,
                              t.csb);
            diag_alpha = 1;
        } else if (!t.upper && i0 > 0) {
            NB_INT(gemm_view)(ib, n, i0, -1, l3_sub(t.a, i0, 0), b_rows(t, 0), alpha, bi, t.rsb, t.csb);
            diag_alpha = 1;
        }
        trsm_unblocked(tri_block(t, i0), ib, n, diag_alpha);
    }
}

/* The columns of B (in side-L form) are independent problems: a team of threads takes column
   ranges, each running the whole blocked algorithm (its GEMMs then run on that thread alone). */
static void tri_columns(void (*run)(tri_problem, size_t, size_t, nb_t), tri_problem t, size_t m,
                        size_t n, nb_t alpha)
{
    double flops = (NB_COMPLEX ? 4.0 : 1.0) * (double)m * (double)m * (double)n;
    int team = nb_threads_for(flops, n / 16);
    if (team <= 1) {
        run(t, m, n, alpha);
        return;
    }
#pragma omp parallel num_threads(team)
    {
        size_t j0, j1;
        nb_split(n, 8, NB_NUM_THREADS(), NB_THREAD_NUM(), &j0, &j1);
        tri_problem part = t;
        part.b += j0 * t.csb;
        if (j1 > j0)
            run(part, m, j1 - j0, alpha);
    }
}

static blasint tri_check(char side, char uplo, char transa, char diag, blasint m, blasint n,
                         blasint lda, blasint ldb)
{
    blasint nrowa = nb_same(side, 'L') ? m : n;
    if (!nb_same(side, 'L') && !nb_same(side, 'R'))
        return 1;
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 2;
    if (!nb_same(transa, 'N') && !nb_same(transa, 'T') && !nb_same(transa, 'C'))
        return 3;
    if (!nb_same(diag, 'U') && !nb_same(diag, 'N'))
        return 4;
    if (m < 0)
        return 5;
    if (n < 0)
        return 6;
    if (lda < nb_max(1, nrowa))
        return 9;
    if (ldb < nb_max(1, m))
        return 11;
    return 0;
}

blasint NB_INT(trmm_check)(char side, char uplo, char transa, char diag, blasint m, blasint n,
                           nb_t alpha, const nb_t *a, blasint lda, nb_t *b, blasint ldb)
{
    (void)alpha, (void)a, (void)b;
    return tri_check(side, uplo, transa, diag, m, n, lda, ldb);
}

blasint NB_INT(trsm_check)(char side, char uplo, char transa, char diag, blasint m, blasint n,
                           nb_t alpha, const nb_t *a, blasint lda, nb_t *b, blasint ldb)
{
    (void)alpha, (void)a, (void)b;
    return tri_check(side, uplo, transa, diag, m, n, lda, ldb);
}

void NB_INT(trmm)(char side, char uplo, char transa, char diag, blasint m, blasint n, nb_t alpha,
                  const nb_t *a, blasint lda, nb_t *b, blasint ldb)
{
    if (m == 0 || n == 0)
        return;
    tri_problem t = tri_setup(side, uplo, transa, diag, a, lda, b, ldb);
    size_t mm = nb_same(side, 'L') ? (size_t)m : (size_t)n, nn = nb_same(side, 'L') ? (size_t)n : (size_t)m;
    if (alpha == 0)
        zero_b(t, mm, nn);
    else
        tri_columns(trmm_left, t, mm, nn, alpha);
}

void NB_INT(trsm)(char side, char uplo, char transa, char diag, blasint m, blasint n, nb_t alpha,
                  const nb_t *a, blasint lda, nb_t *b, blasint ldb)
{
    if (m == 0 || n == 0)
        return;
    tri_problem t = tri_setup(side, uplo, transa, diag, a, lda, b, ldb);
    size_t mm = nb_same(side, 'L') ? (size_t)m : (size_t)n, nn = nb_same(side, 'L') ? (size_t)n : (size_t)m;
    if (alpha == 0)
        zero_b(t, mm, nn);
    else
        tri_columns(trsm_left, t, mm, nn, alpha);
}

NB_EXPORT void NB_FN(trmm_)(const char *side, const char *uplo, const char *transa, const char *diag,
                            const blasint *m, const blasint *n, const nb_t *alpha, const nb_t *a,
                            const blasint *lda, nb_t *b, const blasint *ldb, nb_strlen lside,
                            nb_strlen luplo, nb_strlen ltransa, nb_strlen ldiag)
{
    (void)lside, (void)luplo, (void)ltransa, (void)ldiag;
    blasint info = NB_INT(trmm_check)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
    if (info) {
        nb_xerbla(NB_UP "TRMM ", info);
        return;
    }
    NB_INT(trmm)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}

NB_EXPORT void NB_FN(trsm_)(const char *side, const char *uplo, const char *transa, const char *diag,
                            const blasint *m, const blasint *n, const nb_t *alpha, const nb_t *a,
                            const blasint *lda, nb_t *b, const blasint *ldb, nb_strlen lside,
                            nb_strlen luplo, nb_strlen ltransa, nb_strlen ldiag)
{
    (void)lside, (void)luplo, (void)ltransa, (void)ldiag;
    blasint info = NB_INT(trsm_check)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
    if (info) {
        nb_xerbla(NB_UP "TRSM ", info);
        return;
    }
    NB_INT(trsm)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}
