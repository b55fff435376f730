/* trmm and trsm. Every case is brought to the side-L form on views: X*op(A) = B is
   op(A)**T * X**T = B**T, so the triangular operand becomes a view M = op(A) or op(A)**T (a
   transposition swaps its strides and turns upper into lower) and B a plain or transposed view.
   The side-L problem is halved recursively along M: diagonal blocks of TRI_LEAF rows run the
   unblocked column algorithm, and everything off the diagonal is one GEMM per split. */
#include "blas/level3/l3_internal.h"
#define NB_TRI_PLAIN_ONLY /* the kernel sets have the register-blocked loops */
#include "kernels/generic/tri_loops.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* A triangular operand in side-L form and the matrix it acts on. */
typedef struct {
    l3_view a;     /* M, m x m; only its triangle (and, unless unit, its diagonal) is read */
    int upper, unit;
    int lower_a;   /* A itself (not the view) is lower triangular: where ?tfsm splits (trsm_split) */
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
    t.lower_a = nb_same(uplo, 'L');
    t.b = b;
    t.rsb = left ? 1 : (size_t)ldb;
    t.csb = left ? (size_t)ldb : 1;
    return t;
}

/* Diagonal blocks of at most TRI_LEAF rows run the leaf loops (tri_leaf); everything else is
   GEMM, the recursion splitting M at multiples of TRI_SPLIT (trmm; trsm splits as ?tfsm does,
   trsm_split below). The blocked form before (64-row
   block rows, one GEMM each) left 1/32 of dtrsm 2048's flops in the scalar loops, which then took
   most of its time: 0.30x OpenBLAS. Real types have the kernel sets' register-blocked leaf loops
   (kernels/generic/tri_loops.h), about as fast per flop as the small GEMMs they replace, so their
   leaves are 64 rows: a triangle of order 64 or less (LAPACK's dlarfb/getrs/potrs shapes, a few
   dozen rows against thousands of columns) is then one pass over B instead of a recursion whose
   16-row leaves and tiny GEMMs each go over all of B. Complex types have register-blocked leaves
   too (kernels/generic/tri_complex_loops.h), and 64-row leaves since: ztrsm 64 x 64 on one
   thread of Zen 3 went from 0.87x OpenBLAS (16-row plain loops) to 1.07x. */
#define TRI_LEAF (NB_COMPLEX ? NB_TRIC_MAXM : NB_TRI_MAXM)
#define TRI_SPLIT 16
#define TRI_LEAF_WEIGHT 3

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

/* The leaf loops (plain C shared with the kernel sets, which compile them with their ISA flags
   for s and d): kernels/generic/tri_loops.h. Complex types use this instance. */
NB_TRI_ROWS_PLAIN(nb_t, static, trsm_rows, trmm_rows)

/* The leaf works on a copy of B in chunks of TRI_CHUNK columns, stored as rows TRI_LDB apart:
   not a multiple of 4 KiB, so that loads of row k and stores to row i do not alias in the
   store buffer (in place, rows of a 256 x 256 matrix are 2 KiB apart, and dtrsm RUT 256 spent
   45% of its time in the leaf, at about 1 GFLOPS). */
#define TRI_CHUNK 32
#define TRI_LDB (TRI_CHUNK + 8)

/* Whether m rows rs elements apart fall into enough distinct sets of a 4 KiB-periodic L1 (64
   sets of 64-byte lines) for the leaf to work on them in place: rows 2 KiB apart, say, use 2
   sets, and 32 of them thrash an 8-way L1 (dtrmm side R with ldb = 2048, order 32: 4.9 GFLOPS in
   place against 33 at ldb = 1500). The others go through the copy. */
static int rows_spread(size_t rs, size_t m)
{
    size_t lines = (rs * sizeof(nb_t) / 64) % 64, g = 64;
    while (lines) { /* g = gcd(lines, 64): the rows take 64 / g sets */
        size_t r = g % lines;
        g = lines;
        lines = r;
    }
    return 64 / g >= m / 2;
}

/* Solves split where LAPACK's RFP solver ?tfsm splits its triangle: M/2 rows from the top, the
   larger half first when A is lower (a transposition keeps the index order). ?tfsm is two ?trsm
   calls on the halves and a ?gemm between them; splitting there, down to leaves of at most
   TRSM_LEAF rows, makes ?trsm on the whole triangle compute the same sums in the same order
   (real GEMM's bits do not depend on the shape or the operands' layout), so the two agree.
   LAPACK's RFP tester compares them on ill-conditioned triangles (condition ~1e5 in single precision), where two
   valid summation orders differ by more than its threshold: with splits at multiples of 16 and
   64-row leaves, STFSM 'T' L U T N 50 failed at ratio 42-58 on every kernel set (OpenBLAS 0.3.21
   fails it too, 38.4). A real leaf of TRSM_LEAF to TRI_LEAF rows stays one pass over B: the
   kernel's loops compute the split themselves (trsm_rows's h) and keep the reference's skip of a
   zero B(k, j), which a GEMM would multiply by a NaN in M. */
#define TRSM_LEAF 32
static size_t trsm_split(tri_problem t, size_t m) { return t.lower_a ? m - m / 2 : m / 2; }

/* A leaf (m <= TRI_LEAF): B = alpha*M*B (solve == 0) or M*X = alpha*B solved in place. M's
   triangle is first copied into a dense array (any view strides and conjugation become unit
   stride): on the stack for s and d (32 KiB for d, with the copy of B below and the leaf loops'
   panel about 60 KiB in all) and for complex leaves of up to TRI_LEAF_STACK rows; larger complex
   leaves (their triangle alone 64 KiB in z) take it and B's copy from the thread's GEMM
   workspace. Returns 0, having done nothing, when that cannot be allocated (the caller then
   splits the triangle further). */
#define TRI_LEAF_STACK (NB_COMPLEX ? 16 : TRI_LEAF)
static int tri_leaf(tri_problem t, size_t m, size_t n, nb_t alpha, int solve)
{
    nb_t l_stack[TRI_LEAF_STACK * TRI_LEAF_STACK], buf_stack[TRI_LEAF_STACK * TRI_LDB];
    nb_t *l = l_stack, *buf = buf_stack, *ws = NULL;
    size_t ldl = TRI_LEAF_STACK;
    const NB_CAT(nb_gemm_kernel_, NB_P) *kr = &nb_rt.kset->NB_P;
    size_t h = solve && m > TRSM_LEAF ? trsm_split(t, m) : 0;
    /* contiguous rows (side R) split here too: their in-place leaves of 33-64 rows ran at 0.75-0.8x
       the two 32-row halves and a GEMM (strsm/dtrsm 2000 x 50-64, Zen 5) */
    if (h && (!kr->trsm_rows || t.csb == 1))
        return 0;
    if (m > TRI_LEAF_STACK) {
        ws = nb_gemm_ws_acquire((TRI_LEAF * TRI_LEAF + TRI_LEAF * TRI_LDB) * sizeof(nb_t));
        if (!ws)
            return 0;
        l = ws, buf = ws + TRI_LEAF * TRI_LEAF, ldl = TRI_LEAF;
    }
    for (size_t k = 0; k < m; k++)
        for (size_t i = t.upper ? 0 : k; i < (t.upper ? k + 1 : m); i++)
            l[i + k * ldl] = l3_at(t.a, i, k);
    if (solve && alpha != 1) { /* with a split, the rows solved first only (the others: trsm_rows) */
        size_t i0 = h && t.upper ? h : 0, i1 = h && !t.upper ? h : m;
        NB_INT(l3_scale)(i1 - i0, n, alpha, t.b + i0 * t.rsb, t.rsb, t.csb);
    }
    int rows_contiguous = t.csb == 1;
    /* rows of B contiguous (side R): the register-blocked loops store each element once, in
       place, no copy; columns contiguous (side L): the real loops transpose panels of a few
       columns through registers, the complex ones take B through the copy below. */
    if (kr->trsm_rows && kr->trmm_rows &&
        (rows_contiguous ? rows_spread(t.rsb, m)
                         : !NB_COMPLEX && t.rsb == 1 && rows_spread(t.csb, 16))) { /* a panel: <= 16 columns */
        if (solve)
            kr->trsm_rows(l, ldl, m, t.upper, t.unit, alpha, h, t.b, t.rsb, t.csb, n);
        else
            kr->trmm_rows(l, ldl, m, t.upper, t.unit, alpha, t.b, t.rsb, t.csb, n);
        if (ws)
            nb_gemm_ws_release(ws);
        return 1;
    }
    for (size_t j0 = 0; j0 < n; j0 += TRI_CHUNK) {
        size_t jb = n - j0 < TRI_CHUNK ? n - j0 : TRI_CHUNK;
        nb_t *b0 = t.b + j0 * t.csb;
        if (rows_contiguous) {
            for (size_t i = 0; i < m; i++)
                for (size_t j = 0; j < jb; j++)
                    buf[i * TRI_LDB + j] = b0[i * t.rsb + j];
        } else {
            for (size_t j = 0; j < jb; j++)
                for (size_t i = 0; i < m; i++)
                    buf[i * TRI_LDB + j] = b0[i * t.rsb + j * t.csb];
        }
        if (kr->trsm_rows && solve)
            kr->trsm_rows(l, ldl, m, t.upper, t.unit, alpha, h, buf, TRI_LDB, 1, jb);
        else if (kr->trmm_rows && !solve)
            kr->trmm_rows(l, ldl, m, t.upper, t.unit, alpha, buf, TRI_LDB, 1, jb);
        else if (solve)
            trsm_rows(l, ldl, m, t.upper, t.unit, buf, TRI_LDB, jb);
        else
            trmm_rows(l, ldl, m, t.upper, t.unit, alpha, buf, TRI_LDB, jb);
        if (rows_contiguous) {
            for (size_t i = 0; i < m; i++)
                for (size_t j = 0; j < jb; j++)
                    b0[i * t.rsb + j] = buf[i * TRI_LDB + j];
        } else {
            for (size_t j = 0; j < jb; j++)
                for (size_t i = 0; i < m; i++)
                    b0[i * t.rsb + j * t.csb] = buf[i * TRI_LDB + j];
        }
    }
    if (ws)
        nb_gemm_ws_release(ws);
    return 1;
}

static l3_view b_rows(tri_problem t, size_t i0)
{
    return l3_mk(t.b + i0 * t.rsb, t.rsb, t.csb, 0);
}

/* Splits m in two at a multiple of the leaf. */
static size_t tri_half(size_t m) { return (m / 2 + TRI_SPLIT - 1) / TRI_SPLIT * TRI_SPLIT; }

/* B = alpha*M*B, recursively on halves: [X1; X2] = alpha*[M11 0; M21 M22] [B1; B2] (lower) is
   X2 = alpha*(M22*B2 + M21*B1) first (it reads the original B1), then X1 = alpha*M11*B1; upper is
   the mirror image (X1 first, then X2). */
/* Below TRI_L2_ROWS rows the recursion goes on in column blocks of B of TRI_L2_COLS: each
   level of the recursion reads and writes all of its part of B, so a block small enough for L2
   (256 x 256 doubles, 512 KiB, with the 256-row triangle beside it) saves the lower levels' passes
   over memory. */
#define TRI_L2_ROWS 256
#define TRI_L2_COLS 256

static void trmm_left(tri_problem t, size_t m, size_t n, nb_t alpha);
static void trsm_left(tri_problem t, size_t m, size_t n, nb_t alpha);

/* Runs `run` on column blocks of B when the problem has become L2-sized in rows; 0 otherwise. */
static int tri_col_blocks(void (*run)(tri_problem, size_t, size_t, nb_t), tri_problem t, size_t m,
                          size_t n, nb_t alpha)
{
    if (m > TRI_L2_ROWS || n <= TRI_L2_COLS)
        return 0;
    for (size_t j0 = 0; j0 < n; j0 += TRI_L2_COLS) {
        tri_problem part = t;
        part.b += j0 * t.csb;
        run(part, m, n - j0 < TRI_L2_COLS ? n - j0 : TRI_L2_COLS, alpha);
    }
    return 1;
}

static void trmm_left(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    if (tri_col_blocks(trmm_left, t, m, n, alpha))
        return;
    if (m <= TRI_LEAF && tri_leaf(t, m, n, alpha, 0))
        return;
    size_t h = tri_half(m);
    tri_problem t2 = tri_block(t, h);
    if (t.upper) {
        trmm_left(t, h, n, alpha);
        NB_INT(gemm_view)(h, n, m - h, alpha, l3_sub(t.a, 0, h), b_rows(t, h), 1, t.b, t.rsb, t.csb);
        trmm_left(t2, m - h, n, alpha);
    } else {
        trmm_left(t2, m - h, n, alpha);
        NB_INT(gemm_view)(m - h, n, h, alpha, l3_sub(t.a, h, 0), b_rows(t, 0), 1, t2.b, t.rsb, t.csb);
        trmm_left(t, h, n, alpha);
    }
}

/* Solves M*X = alpha*B recursively: lower M solves the top half, subtracts its contribution
   from the bottom half (one GEMM, which also applies alpha there) and solves the bottom half;
   upper M goes bottom half first. */
static void trsm_left(tri_problem t, size_t m, size_t n, nb_t alpha)
{
    if (tri_col_blocks(trsm_left, t, m, n, alpha))
        return;
    if (m <= TRI_LEAF && tri_leaf(t, m, n, alpha, 1))
        return;
    size_t h = trsm_split(t, m);
    tri_problem t2 = tri_block(t, h);
    if (t.upper) {
        trsm_left(t2, m - h, n, alpha);
        NB_INT(gemm_view)(h, n, m - h, -1, l3_sub(t.a, 0, h), b_rows(t, h), alpha, t.b, t.rsb, t.csb);
        trsm_left(t, h, n, 1);
    } else {
        trsm_left(t, h, n, alpha);
        NB_INT(gemm_view)(m - h, n, h, -1, l3_sub(t.a, h, 0), b_rows(t, 0), alpha, t2.b, t.rsb, t.csb);
        trsm_left(t2, m - h, n, 1);
    }
}

/* One tri_columns call, whose columns of B a team splits. */
typedef struct {
    void (*run)(tri_problem, size_t, size_t, nb_t);
    tri_problem t;
    size_t m, n;
    nb_t alpha;
} tri_columns_job;

static void tri_columns_region(void *ctx, int tid, int nt)
{
    const tri_columns_job *job = ctx;
    size_t j0, j1;
    /* Where one thread would cut B into TRI_L2_COLS-column blocks (tri_col_blocks), the team
       cuts at the same places: each block is then the same GEMM and leaf calls on any team,
       so the bits are too (ctrmm RLNN 1500 x 100 on avx512 differed between 1 and 2 threads
       when the threads' blocks began at column 752 instead of 768). */
    size_t align = job->m <= TRI_L2_ROWS && job->n > TRI_L2_COLS ? TRI_L2_COLS : 8;
    nb_split(job->n, align, nt, tid, &j0, &j1);
    tri_problem part = job->t;
    part.b += j0 * part.csb;
    if (j1 > j0)
        job->run(part, job->m, j1 - j0, job->alpha);
}

/* The columns of B (in side-L form) are independent problems: a team of threads takes column
   ranges, each running the whole blocked algorithm (its GEMMs then run on that thread alone). */
static void tri_columns(void (*run)(tri_problem, size_t, size_t, nb_t), tri_problem t, size_t m,
                        size_t n, nb_t alpha)
{
    double flops = (NB_COMPLEX ? 4.0 : 1.0) * (double)m * (double)m * (double)n;
    /* A triangle of one leaf is one pass of the leaf loops over B, which run at a third or a
       quarter of GEMM's rate and end no GEMM that would have threaded on its own: weighted so
       that LAPACK's order-32 trmm against 1500 columns (1.5 Mflop, the dlarfb of dsyevd) gets
       two threads. */
    if (!NB_COMPLEX && m <= TRI_LEAF)
        flops *= TRI_LEAF_WEIGHT;
    /* Complex problems of order <= 128 ran at about half of GEMM's rate (32-row leaves and
       short-K GEMMs), so two threads paid from about half the flops: ztrmm / ztrsm 88 x 88 on 2
       threads of Zen 3 0.56 / 0.59x OpenBLAS on one thread, 0.83 / 0.99x with the weight. */
    if (NB_COMPLEX && m <= 128)
        flops *= 2;
    int team = nb_threads_for(flops, n / 16);
    if (team <= 1) {
        run(t, m, n, alpha);
        return;
    }
    tri_columns_job job = {.run = run, .t = t, .m = m, .n = n, .alpha = alpha};
    nb_parallel(team, tri_columns_region, &job);
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
    NB_TRACE("side=%c uplo=%c transa=%c diag=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD, NB_TR_CH(side),
             NB_TR_CH(uplo), NB_TR_CH(transa), NB_TR_CH(diag), *m, *n, *lda, *ldb);
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
    NB_TRACE("side=%c uplo=%c transa=%c diag=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD, NB_TR_CH(side),
             NB_TR_CH(uplo), NB_TR_CH(transa), NB_TR_CH(diag), *m, *n, *lda, *ldb);
    (void)lside, (void)luplo, (void)ltransa, (void)ldiag;
    blasint info = NB_INT(trsm_check)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
    if (info) {
        nb_xerbla(NB_UP "TRSM ", info);
        return;
    }
    NB_INT(trsm)(*side, *uplo, *transa, *diag, *m, *n, *alpha, a, *lda, b, *ldb);
}
