/* Batch-reduce GEMM with bf16 blocks and fp32 C (nanoblas_sbbrgemm, _offset, _strided):
     C = alpha * sum_i op(A_i) * op(B_i) + beta * C.
   Slices of the blocks are widened to fp32 (exact) into the workspace, column-major op(A_i)
   (m x kc) and op(B_i) (kc x n), and reduced by the fp32 batch-reduce driver
   (nb_sbrgemm_cm, blas/ext/brgemm.tmpl.c), so its kernels and threads serve bf16 too. Products
   of two bf16 values are exact in fp32 and every sum is an fp32 sum: the accuracy of
   cblas_sbgemm (docs/API.md). Groups of blocks (1 MiB of fp32, so that a group stays in L2 while
   the kernel reduces it) are widened and reduced in turn, later groups adding to C. */
#define NB_PREC 1
#include "blas/bf16/bf16.h"
#include "blas/nb_template.h"
#include "cblas/cblas_common.h"
#include "include/nanoblas.h"
#include "kernels/kernel.h"
#include "blas/nb_trace.h"

void *nb_gemm_ws_acquire(size_t bytes);
void nb_gemm_ws_release(void *p);
void nb_sbrgemm_cm(size_t m, size_t n, size_t k, size_t count, float alpha, int ta,
                   const nb_brgemm_blocks *a, size_t lda, int tb, const nb_brgemm_blocks *b,
                   size_t ldb, float beta, float *c, size_t ldc);
int nb_brgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, const void *a_arr,
                    blasint lda, const void *b_arr, blasint ldb, blasint ldc, blasint count, const int pos[6]);

/* fp32 copies of the blocks, in groups of up to this size (and K slices when a single block is
   larger): a group stays in L2 while the kernel reduces it (blas/ext/brgemm.tmpl.c). */
#define SBB_WS_BYTES ((size_t)1 << 20)

/* op(X)(r, l) of a bf16 block into dst[r + l*rows] for l in [l0, l0 + cols): X stored
   column-major, transposed when t. */
static void widen(const nb_bf16 *x, size_t ld, int t, size_t rows, size_t l0, size_t cols,
                  float *dst)
{
    for (size_t l = 0; l < cols; l++)
        for (size_t r = 0; r < rows; r++)
            dst[r + l * rows] = nb_bf16_to_float(t ? x[(l0 + l) + r * ld] : x[r + (l0 + l) * ld]);
}

/* The column-major problem (after the row-major mapping): op(A_i) m x k, op(B_i) k x n. */
static void sbb_cm(size_t m, size_t n, size_t k, size_t count, float alpha, int ta,
                   const nb_brgemm_blocks *a, size_t lda, int tb, const nb_brgemm_blocks *b,
                   size_t ldb, float beta, float *c, size_t ldc)
{
    if (m == 0 || n == 0)
        return;
    if (alpha == 0 || k == 0 || count == 0) { /* C = beta * C, blocks not read */
        nb_brgemm_blocks none = {NULL, NULL, NULL, 0, 0};
        nb_sbrgemm_cm(m, n, k, 0, alpha, 0, &none, m, 0, &none, k, beta, c, ldc);
        return;
    }
    size_t cap = SBB_WS_BYTES / sizeof(float), kc = cap / (m + n);
    kc = kc < 1 ? 1 : kc > k ? k : kc;
    size_t per = (m + n) * kc, nb = cap / per;
    nb = nb < 1 ? 1 : nb > count ? count : nb;
    float *ws = nb_gemm_ws_acquire(nb * per * sizeof(float));
    if (!ws) { /* no memory: one K step of one block at a time, through two small buffers */
        kc = 1, nb = 1, per = m + n;
        ws = nb_gemm_ws_acquire(per * sizeof(float));
        if (!ws)
            return; /* cannot happen short of exhausting memory; C is left as it was */
    }
    int first = 1;
    for (size_t l0 = 0; l0 < k; l0 += kc) {
        size_t kk = k - l0 < kc ? k - l0 : kc;
        for (size_t i0 = 0; i0 < count; i0 += nb) {
            size_t cnt = count - i0 < nb ? count - i0 : nb;
            float *wa = ws, *wb = ws + cnt * m * kk;
            for (size_t q = 0; q < cnt; q++) {
                widen(nb_brgemm_block(a, i0 + q, sizeof(nb_bf16)), lda, ta, m, l0, kk,
                      wa + q * m * kk);
                /* op(B)(l, j) = op(B)**T (j, l): widen the n x kk transpose, then read it
                   transposed (the fp32 driver takes B with either stride) */
                widen(nb_brgemm_block(b, i0 + q, sizeof(nb_bf16)), ldb, !tb, n, l0, kk,
                      wb + q * n * kk);
            }
            nb_brgemm_blocks as = {NULL, wa, NULL, (long long)(m * kk), 0};
            nb_brgemm_blocks bs = {NULL, wb, NULL, (long long)(n * kk), 0};
            nb_sbrgemm_cm(m, n, kk, cnt, alpha, 0, &as, m, 1, &bs, n, first ? beta : 1, c, ldc);
            first = 0;
        }
    }
    nb_gemm_ws_release(ws);
}

static void sbb_entry(const char *name, const int pos[6], const void *a_arr, const void *b_arr,
                      int layout, int transa, int transb, blasint m, blasint n, blasint k, float alpha,
                      const nb_brgemm_blocks *a, blasint lda, const nb_brgemm_blocks *b, blasint ldb,
                      float beta, float *c, blasint ldc, blasint count)
{
    int info = nb_brgemm_check(layout, transa, transb, m, n, k, a_arr, lda, b_arr, ldb, ldc,
                               count, pos);
    if (info) {
        nb_cb_error(0, info, name);
        return;
    }
    int ta = transa != CblasNoTrans, tb = transb != CblasNoTrans;
    if (layout == CblasRowMajor) /* C**T = op(B)**T op(A)**T */
        sbb_cm((size_t)n, (size_t)m, (size_t)k, (size_t)count, alpha, tb, b, (size_t)ldb, ta, a,
               (size_t)lda, beta, c, (size_t)ldc);
    else
        sbb_cm((size_t)m, (size_t)n, (size_t)k, (size_t)count, alpha, ta, a, (size_t)lda, tb, b,
               (size_t)ldb, beta, c, (size_t)ldc);
}

NB_EXPORT void nanoblas_sbbrgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                 CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k, float alpha,
                                 const bfloat16 *const *a_array, blasint lda,
                                 const bfloat16 *const *b_array, blasint ldb, float beta, float *c,
                                 blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {8, 9, 10, 11, 14, 15};
    nb_brgemm_blocks a = {(const void *const *)a_array, NULL, NULL, 0, 0};
    nb_brgemm_blocks b = {(const void *const *)b_array, NULL, NULL, 0, 0};
    sbb_entry("nanoblas_sbbrgemm", pos, a_array, b_array, layout, transa, transb, m, n, k, alpha,
              &a, lda, &b, ldb, beta, c, ldc, count);
}

NB_EXPORT void nanoblas_sbbrgemm_offset(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                        CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k, float alpha,
                                        const bfloat16 *a, const long long *a_offsets, blasint lda,
                                        const bfloat16 *b, const long long *b_offsets, blasint ldb,
                                        float beta, float *c, blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {9, 10, 12, 13, 16, 17};
    nb_brgemm_blocks av = {NULL, a, a_offsets, 0, 0}, bv = {NULL, b, b_offsets, 0, 0};
    sbb_entry("nanoblas_sbbrgemm_offset", pos, a_offsets, b_offsets, layout, transa, transb, m, n,
              k, alpha, &av, lda, &bv, ldb, beta, c, ldc, count);
}

NB_EXPORT void nanoblas_sbbrgemm_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                                         CBLAS_TRANSPOSE transb, blasint m, blasint n, blasint k, float alpha,
                                         const bfloat16 *a, blasint lda, long long stride_a,
                                         const bfloat16 *b, blasint ldb, long long stride_b,
                                         float beta, float *c, blasint ldc, blasint count)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD " count=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc, count);
    static const int pos[6] = {0, 9, 0, 12, 16, 17};
    nb_brgemm_blocks av = {NULL, a, NULL, stride_a, 0}, bv = {NULL, b, NULL, stride_b, 0};
    sbb_entry("nanoblas_sbbrgemm_strided", pos, NULL, NULL, layout, transa, transb, m, n, k,
              alpha, &av, lda, &bv, ldb, beta, c, ldc, count);
}
