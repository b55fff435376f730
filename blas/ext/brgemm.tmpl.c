/* Batch-reduce GEMM, s and d (compiled for every precision; only the real ones have it):
     C = alpha * sum_{i < count} op(A_i) * op(B_i) + beta * C
   with the blocks given as pointer arrays (nanoblas_?brgemm), as offsets from one base
   (_offset) or by a constant stride (_strided). The kernel set's brgemm kernel
   (kernels/brgemm.h) keeps each register tile of C in registers across the whole reduction and
   reads A_i and B_i in place; this driver checks the arguments, maps a row-major call to the
   column-major one (C**T = op(B)**T op(A)**T, as the CBLAS layer does), copies transposed A
   blocks to column-major slices first (the kernel reads A by contiguous columns), and splits C
   across threads for large calls. Bad arguments go to cblas_xerbla with the routine name and
   the 1-based position in the prototype; nothing is written then. */
#include "blas/nb_template.h"

#if !NB_COMPLEX
#include "cblas/cblas_common.h"
#include "include/nanoblas.h"
#include "arch/cpu.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

void *nb_gemm_ws_acquire(size_t bytes);
void nb_gemm_ws_release(void *p);

typedef void (*brg_fn)(size_t, size_t, size_t, size_t, nb_t, const nb_brgemm_blocks *, size_t,
                       const nb_brgemm_blocks *, size_t, size_t, nb_t, nb_t *, size_t);

/* Workspace for transposed A blocks: enough for 32 blocks of 256 x 256 doubles. */
#define BRG_WS_BYTES ((size_t)16 << 20)

static brg_fn brg_kernel(void)
{
    if (!nb_rt.kset)
        nb_init();
    brg_fn f = nb_rt.kset ? nb_rt.kset->brgemm.NB_P : NULL;
    return f ? f : NB_CAT3(nb_, NB_P, brgemm_generic);
}

/* Blocks per group. The kernel reads every block once per register tile, so the operands of
   the whole reduction must stay in L2 between tiles: beyond half of L2 the blocks are reduced in
   groups that fit, each group's result added to C (beta for the first, 1 after). Within a group
   the accumulators stay in registers; the extra C updates cost one pass over C per group.
   (Without it, dbrgemm with 32 blocks of 64 x 64 x 64, 2 MiB of operands on a 2 MiB L2, would
   stream every A_i from L3 once per column tile.) The grouping depends on the shape and the
   cache only, never on the thread count. */
static size_t brg_group(size_t m, size_t n, size_t k, size_t count)
{
    size_t l2 = nb_cpu()->l2 ? nb_cpu()->l2 : (size_t)1 << 20;
    size_t per = (m + n) * k * sizeof(nb_t) + 1, g = l2 / 2 / per;
    return g < 1 ? 1 : g > count ? count : g;
}

/* C = beta * C on an m x n column-major block; beta == 0 writes zeros without reading C. */
static void brg_scale(size_t m, size_t n, nb_t beta, nb_t *c, size_t ldc)
{
    if (beta == 1)
        return;
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < m; i++)
            c[i + j * ldc] = beta == 0 ? 0 : beta * c[i + j * ldc];
}

/* The descriptor of blocks i0, i0 + 1, ... of d, every block moved by `add` elements. */
static nb_brgemm_blocks brg_from(const nb_brgemm_blocks *d, size_t i0, ptrdiff_t add)
{
    nb_brgemm_blocks r = *d;
    if (r.ptr)
        r.ptr += i0;
    else if (r.off)
        r.off += i0;
    else
        r.add += (ptrdiff_t)((long long)i0 * r.stride);
    r.add += add;
    return r;
}

/* What brg_run_region reads: brg_run's arguments and its choice of split. */
typedef struct {
    brg_fn kr;
    size_t m, n, k, count, lda, rs_b, cs_b, ldc, dim, step;
    nb_t alpha, beta;
    const nb_brgemm_blocks *a, *b;
    nb_t *c;
    int by_cols;
} brg_run_ctx;

/* One thread's share of C: a range of whole steps of columns (or rows), through the kernel. */
static void brg_run_region(void *vctx, int tid, int nt)
{
    const brg_run_ctx *t = vctx;
    size_t lo, hi;
    nb_split(t->dim, t->step, nt, tid, &lo, &hi);
    if (hi <= lo)
        return;
    if (t->by_cols) {
        nb_brgemm_blocks bs = brg_from(t->b, 0, (ptrdiff_t)(lo * t->cs_b));
        t->kr(t->m, hi - lo, t->k, t->count, t->alpha, t->a, t->lda, &bs, t->rs_b, t->cs_b,
              t->beta, t->c + lo * t->ldc, t->ldc);
    } else {
        nb_brgemm_blocks as = brg_from(t->a, 0, (ptrdiff_t)lo);
        t->kr(hi - lo, t->n, t->k, t->count, t->alpha, &as, t->lda, t->b, t->rs_b, t->cs_b,
              t->beta, t->c + lo, t->ldc);
    }
}

/* The kernel over all of C, the columns (or, for tall C, the rows) split across a team when the
   call is large. Every element's sum has the same order whatever the split (kernels/brgemm.h):
   results do not depend on the number of threads. */
static void brg_run(brg_fn kr, size_t m, size_t n, size_t k, size_t count, nb_t alpha,
                    const nb_brgemm_blocks *a, size_t lda, const nb_brgemm_blocks *b, size_t rs_b,
                    size_t cs_b, nb_t beta, nb_t *c, size_t ldc)
{
    /* columns in steps of 24 (whole tiles of 6, 8 or 12 columns), rows in steps of 64 (a row
       block of 4 AVX-512 vectors of s) */
    int by_cols = n >= m;
    size_t dim = by_cols ? n : m, step = by_cols ? 24 : 64;
    int team = nb_threads_for(2.0 * (double)m * (double)n * (double)k * (double)count,
                              (dim + step - 1) / step);
    if (team <= 1) {
        kr(m, n, k, count, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
        return;
    }
    brg_run_ctx ctx = {kr, m, n, k, count, lda, rs_b, cs_b, ldc, dim, step,
                       alpha, beta, a, b, c, by_cols};
    nb_parallel(team, brg_run_region, &ctx);
}

/* Without workspace: one element at a time, blocks then k, as the kernels sum. */
static void brg_loops(size_t m, size_t n, size_t k, size_t count, nb_t alpha, int ta,
                      const nb_brgemm_blocks *a, size_t lda, size_t rs_b, size_t cs_b,
                      const nb_brgemm_blocks *b, nb_t beta, nb_t *c, size_t ldc)
{
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < m; i++) {
            nb_t s = 0;
            for (size_t q = 0; q < count; q++) {
                const nb_t *ap = nb_brgemm_block(a, q, sizeof(nb_t));
                const nb_t *bp = nb_brgemm_block(b, q, sizeof(nb_t));
                for (size_t l = 0; l < k; l++)
                    s += (ta ? ap[l + i * lda] : ap[i + l * lda]) * bp[l * rs_b + j * cs_b];
            }
            nb_t *cij = &c[i + j * ldc];
            *cij = beta == 0 ? alpha * s : alpha * s + beta * *cij;
        }
}

/* The column-major problem: op(A_i) m x k (stored transposed when ta), op(B_i) k x n. Hidden;
   also the engine of the bf16 driver (blas/bf16/sbbrgemm.c). */
void NB_INT(brgemm_cm)(size_t m, size_t n, size_t k, size_t count, nb_t alpha, int ta,
                       const nb_brgemm_blocks *a, size_t lda, int tb, const nb_brgemm_blocks *b,
                       size_t ldb, nb_t beta, nb_t *c, size_t ldc);
void NB_INT(brgemm_cm)(size_t m, size_t n, size_t k, size_t count, nb_t alpha, int ta,
                       const nb_brgemm_blocks *a, size_t lda, int tb, const nb_brgemm_blocks *b,
                       size_t ldb, nb_t beta, nb_t *c, size_t ldc)
{
    if (m == 0 || n == 0)
        return;
    if (alpha == 0 || k == 0 || count == 0) { /* A and B are not read */
        brg_scale(m, n, beta, c, ldc);
        return;
    }
    brg_fn kr = brg_kernel();
    size_t rs_b = tb ? ldb : 1, cs_b = tb ? 1 : ldb;
    if (k == 1) /* one row of B: either stride serves, and the kernels want a unit one */
        rs_b = 1;
    size_t grp = brg_group(m, n, k, count);
    if (!ta) {
        for (size_t i0 = 0; i0 < count; i0 += grp) {
            size_t cnt = count - i0 < grp ? count - i0 : grp;
            nb_brgemm_blocks as = brg_from(a, i0, 0), bs = brg_from(b, i0, 0);
            brg_run(kr, m, n, k, cnt, alpha, &as, lda, &bs, rs_b, cs_b, i0 == 0 ? beta : 1, c,
                    ldc);
        }
        return;
    }
    /* op(A_i) = A_i**T: copy slices of kc columns of op(A_i) (m x kc, column-major) for as many
       blocks as the workspace holds, and reduce over them; later slices add to C (beta 1). */
    size_t cap = BRG_WS_BYTES / sizeof(nb_t), kc = cap / m;
    kc = kc < 1 ? 1 : kc > k ? k : kc;
    size_t per = m * kc, nb = cap / per;
    nb = nb < 1 ? 1 : nb > grp ? grp : nb;
    nb_t *ws = nb_gemm_ws_acquire(nb * per * sizeof(nb_t));
    if (!ws) {
        brg_loops(m, n, k, count, alpha, 1, a, lda, rs_b, cs_b, b, beta, c, ldc);
        return;
    }
    int first = 1;
    for (size_t l0 = 0; l0 < k; l0 += kc) {
        size_t kk = k - l0 < kc ? k - l0 : kc;
        for (size_t i0 = 0; i0 < count; i0 += nb) {
            size_t cnt = count - i0 < nb ? count - i0 : nb;
            for (size_t q = 0; q < cnt; q++) {
                const nb_t *src = (const nb_t *)nb_brgemm_block(a, i0 + q, sizeof(nb_t)) + l0;
                nb_t *dst = ws + q * m * kk;
                for (size_t i = 0; i < m; i++) /* op(A)(i, l) = A(l, i): read columns of A */
                    for (size_t l = 0; l < kk; l++)
                        dst[i + l * m] = src[l + i * lda];
            }
            nb_brgemm_blocks as = {NULL, ws, NULL, (long long)(m * kk), 0};
            nb_brgemm_blocks bs = brg_from(b, i0, (ptrdiff_t)(l0 * rs_b));
            brg_run(kr, m, n, kk, cnt, alpha, &as, m, &bs, rs_b, cs_b, first ? beta : 1, c, ldc);
            first = 0;
        }
    }
    nb_gemm_ws_release(ws);
}

#if NB_PREC == 1
/* Argument checks shared by the s, d and bf16 entry points. pos: the 1-based positions of the A
   array (pointer or offset array; 0 when the form has none), lda, the B array, ldb, ldc and
   count in the prototype. Returns 0 or the position of the first bad argument. */
int nb_brgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, const void *a_arr,
                    blasint lda, const void *b_arr, blasint ldb, blasint ldc, blasint count, const int pos[6]);
int nb_brgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, const void *a_arr,
                    blasint lda, const void *b_arr, blasint ldb, blasint ldc, blasint count, const int pos[6])
{
    int row = layout == CblasRowMajor;
    if (!row && layout != CblasColMajor)
        return 1;
    if (transa != CblasNoTrans && transa != CblasTrans && transa != CblasConjTrans)
        return 2;
    if (transb != CblasNoTrans && transb != CblasTrans && transb != CblasConjTrans)
        return 3;
    if (m < 0)
        return 4;
    if (n < 0)
        return 5;
    if (k < 0)
        return 6;
    int ta = transa != CblasNoTrans, tb = transb != CblasNoTrans;
    blasint a_ld_min = row ? (ta ? m : k) : (ta ? k : m);
    blasint b_ld_min = row ? (tb ? k : n) : (tb ? n : k);
    if (pos[0] && count > 0 && !a_arr)
        return pos[0];
    if (lda < nb_max(1, a_ld_min))
        return pos[1];
    if (pos[2] && count > 0 && !b_arr)
        return pos[2];
    if (ldb < nb_max(1, b_ld_min))
        return pos[3];
    if (ldc < nb_max(1, row ? n : m))
        return pos[4];
    if (count < 0)
        return pos[5];
    return 0;
}
#else
int nb_brgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, const void *a_arr,
                    blasint lda, const void *b_arr, blasint ldb, blasint ldc, blasint count, const int pos[6]);
#endif

#define BRG_NAME(sfx) ("nanoblas_" NB_LP "brgemm" sfx)

/* Checks, then the column-major problem (row-major: C**T = op(B)**T op(A)**T, A and B swapped). */
static void brg_entry(const char *name, const int pos[6], const void *a_arr, const void *b_arr,
                      int layout, int transa, int transb, blasint m, blasint n, blasint k, nb_t alpha,
                      const nb_brgemm_blocks *a, blasint lda, const nb_brgemm_blocks *b, blasint ldb,
                      nb_t beta, nb_t *c, blasint ldc, blasint count)
{
    int info = nb_brgemm_check(layout, transa, transb, m, n, k, a_arr, lda, b_arr, ldb, ldc,
                               count, pos);
    if (info) {
        nb_cb_error(0, info, name); /* positions are already the user's, in either layout */
        return;
    }
    int ta = transa != CblasNoTrans, tb = transb != CblasNoTrans;
    if (layout == CblasRowMajor)
        NB_INT(brgemm_cm)((size_t)n, (size_t)m, (size_t)k, (size_t)count, alpha, tb, b,
                          (size_t)ldb, ta, a, (size_t)lda, beta, c, (size_t)ldc);
    else
        NB_INT(brgemm_cm)((size_t)m, (size_t)n, (size_t)k, (size_t)count, alpha, ta, a,
                          (size_t)lda, tb, b, (size_t)ldb, beta, c, (size_t)ldc);
}

NB_EXPORT void NB_CAT(nanoblas_, NB_FN(brgemm))(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                                 CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
                                                 nb_t alpha, const nb_t *const *a_array, blasint lda,
                                                 const nb_t *const *b_array, blasint ldb, nb_t beta,
                                                 nb_t *c, blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {8, 9, 10, 11, 14, 15};
    nb_brgemm_blocks a = {(const void *const *)a_array, NULL, NULL, 0, 0};
    nb_brgemm_blocks b = {(const void *const *)b_array, NULL, NULL, 0, 0};
    brg_entry(BRG_NAME(""), pos, a_array, b_array, layout, transa, transb, m, n, k, alpha, &a,
              lda, &b, ldb, beta, c, ldc, count);
}

NB_EXPORT void NB_CAT(nanoblas_, NB_FN(brgemm_offset))(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
    nb_t alpha, const nb_t *a, const long long *a_offsets, blasint lda, const nb_t *b,
    const long long *b_offsets, blasint ldb, nb_t beta, nb_t *c, blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {9, 10, 12, 13, 16, 17};
    nb_brgemm_blocks av = {NULL, a, a_offsets, 0, 0}, bv = {NULL, b, b_offsets, 0, 0};
    brg_entry(BRG_NAME("_offset"), pos, a_offsets, b_offsets, layout, transa, transb, m, n, k,
              alpha, &av, lda, &bv, ldb, beta, c, ldc, count);
}

NB_EXPORT void NB_CAT(nanoblas_, NB_FN(brgemm_strided))(
    CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k,
    nb_t alpha, const nb_t *a, blasint lda, long long stride_a, const nb_t *b, blasint ldb,
    long long stride_b, nb_t beta, nb_t *c, blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {0, 9, 0, 12, 16, 17};
    nb_brgemm_blocks av = {NULL, a, NULL, stride_a, 0}, bv = {NULL, b, NULL, stride_b, 0};
    brg_entry(BRG_NAME("_strided"), pos, NULL, NULL, layout, transa, transb, m, n, k, alpha, &av,
              lda, &bv, ldb, beta, c, ldc, count);
}
#endif
