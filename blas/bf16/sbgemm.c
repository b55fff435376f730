/* bf16 GEMM, C (fp32) = alpha * op(A) * op(B) + beta * C with A and B in bf16, behind OpenBLAS's
   names (cblas_sbgemm, sbgemm_) and MKL's (cblas_gemm_bf16bf16f32 and its pack-once API).

   With a kernel set that has a bf16 kernel (amx), both operands are packed for it and a team
   splits the columns of C. Otherwise each K block of op(A) and op(B) is widened to fp32 (exact)
   and runs through the fp32 engine: products of two bf16 values are exact in fp32 and every sum
   is an fp32 sum, so either way this is "fp32 accumulation", threaded like sgemm. */
#define NB_PREC 1
#include <stdlib.h>
#include "blas/bf16/bf16.h"
#include "blas/level3/l3_internal.h"
#include "cblas/cblas_common.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "include/nanoblas.h"
#include "blas/nb_trace.h"

/* A bf16 operand as a strided view: element (i, l) at p[i*rs + l*cs]. */
typedef struct {
    const nb_bf16 *p;
    size_t rs, cs;
} bf16_view;

/* The packed-operand format of the pack-once API: a 64-byte header, then op(X) in column-major
   order (A: m x k, B: k x n) from byte 64. The format is ours to change: only get_size, pack and
   compute read it, and compute checks the header. */
typedef struct {
    uint32_t magic, identifier;
    uint64_t rows, cols;
} pack_header;
#define PACK_MAGIC 0x6e623136u /* "nb16" */
#define PACK_DATA 64           /* bytes before the data */

/* K block of the widening: the fp32 copies of op(A) and op(B) take (m + n) * kb * 4 bytes. */
#define SB_KB 512
#define SB_WIDEN_BYTES ((size_t)64 << 20)

static void widen(size_t rows, size_t cols, bf16_view v, float *dst)
{
    for (size_t j = 0; j < cols; j++)
        for (size_t i = 0; i < rows; i++)
            dst[i + j * rows] = nb_bf16_to_float(v.p[i * v.rs + j * v.cs]);
}

static size_t round_up(size_t x, size_t to) { return (x + to - 1) / to * to; }

void *nb_gemm_ws_acquire(size_t bytes);
void nb_gemm_ws_release(void *p);

/* What the regions of sbgemm_kernel read: the shape, the operands and the packed buffers. */
typedef struct {
    const nb_bf16_kernel *kr;
    size_t m, n, k, mp, np, kp;
    float alpha, beta;
    bf16_view a, b;
    float *c;
    size_t ldc;
    unsigned short *ap, *bp;
    const nb_bf16_src *src;
    int stream_b;
} sbgemm_ctx;

/* n-skinny: each thread streams its rows of A (whole mpad steps) against the shared packed B. */
static void sbgemm_rows_region(void *vctx, int tid, int nt)
{
    const sbgemm_ctx *t = vctx;
    const nb_bf16_kernel *kr = t->kr;
    size_t lo, hi;
    nb_split(t->m, (size_t)kr->mpad, nt, tid, &lo, &hi);
    if (hi <= lo)
        return;
    nb_bf16_src part = *t->src;
    part.a += lo * t->a.rs;
    kr->compute(hi - lo, t->n, t->k, t->alpha, NULL, t->bp, round_up(hi - lo, (size_t)kr->mpad),
                t->kp, t->beta, t->c + lo, t->ldc, 0, t->n, &part);
}

/* Each thread packs a share of both operands; every thread then reads all of them, hence the
   barrier before the column split of C. */
static void sbgemm_cols_region(void *vctx, int tid, int nt)
{
    const sbgemm_ctx *t = vctx;
    const nb_bf16_kernel *kr = t->kr;
    size_t step = (size_t)kr->npad, lo, hi;
    nb_split(t->mp, (size_t)kr->mpad, nt, tid, &lo, &hi);
    if (hi > lo)
        kr->pack_a(t->m, t->k, t->a.p, t->a.rs, t->a.cs, t->mp, t->kp, t->ap, lo, hi);
    nb_split(t->np, step, nt, tid, &lo, &hi);
    if (hi > lo && !t->stream_b)
        kr->pack_b(t->k, t->n, t->b.p, t->b.rs, t->b.cs, t->np, t->kp, t->bp, lo, hi);
    nb_barrier();
    nb_split(t->n, step, nt, tid, &lo, &hi);
    if (hi > lo)
        kr->compute(t->m, t->n, t->k, t->alpha, t->ap, t->stream_b ? NULL : t->bp, t->mp, t->kp,
                    t->beta, t->c, t->ldc, lo, hi, t->src);
}

/* The kernel set's bf16 kernel (AMX): both operands packed once into padded buffers, then the
   columns of C split across the team in whole npad steps. Returns 0, having written nothing, if
   the buffers cannot be allocated. */
static int sbgemm_kernel(const nb_bf16_kernel *kr, size_t m, size_t n, size_t k, float alpha,
                         bf16_view a, bf16_view b, float beta, float *c, size_t ldc)
{
    size_t mp = round_up(m, (size_t)kr->mpad), np = round_up(n, (size_t)kr->npad);
    size_t kp = round_up(k, (size_t)kr->kpad);
    /* the calling thread's cached packing workspace (blas/level3/gemm.tmpl.c): no fresh pages
       per call (page faults were 5% of a 2048^3 call with malloc) */
    size_t a_bytes = (mp * kp * sizeof(unsigned short) + 63) / 64 * 64;
    void *ws = nb_gemm_ws_acquire(a_bytes + np * kp * sizeof(unsigned short));
    if (!ws)
        return 0;
    unsigned short *ap = ws, *bp = (unsigned short *)((char *)ws + a_bytes);
    size_t step = (size_t)kr->npad;
    nb_bf16_src src = {a.p, b.p, a.rs, a.cs, b.rs, b.cs};
    int stream_b = m <= (size_t)kr->stream_m, stream_a = kr->stream_m > 0 && n <= step;
    double speed = kr->speed_over_fp32 > 1 ? kr->speed_over_fp32 : 1;
    double work = 2.0 * (double)m * (double)n * (double)k / speed;
    int team = nb_threads_for(work, np / step);
    sbgemm_ctx ctx = {kr, m, n, k, mp, np, kp, alpha, beta, a, b, c, ldc, ap, bp, &src, stream_b};
    if (stream_a && !stream_b) {
        /* n-skinny: one column panel, so the team splits the rows; each thread streams its
           rows of A against the B packed once */
        kr->pack_b(k, n, b.p, b.rs, b.cs, np, kp, bp, 0, np);
        int rteam = nb_threads_for(work, mp / (size_t)kr->mpad);
        if (rteam <= 1) {
            kr->compute(m, n, k, alpha, NULL, bp, mp, kp, beta, c, ldc, 0, n, &src);
        } else {
            nb_parallel(rteam, sbgemm_rows_region, &ctx);
        }
    } else if (team <= 1 || stream_a) {
        if (!stream_a)
            kr->pack_a(m, k, a.p, a.rs, a.cs, mp, kp, ap, 0, mp);
        if (!stream_b)
            kr->pack_b(k, n, b.p, b.rs, b.cs, np, kp, bp, 0, np);
        kr->compute(m, n, k, alpha, stream_a ? NULL : ap, stream_b ? NULL : bp, mp, kp, beta, c,
                    ldc, 0, n, &src);
    } else {
        nb_parallel(team, sbgemm_cols_region, &ctx);
    }
    nb_gemm_ws_release(ws);
    return 1;
}

/* The column-major computation on views; C at c[i + j*ldc]. */
static void sbgemm_views(size_t m, size_t n, size_t k, float alpha, bf16_view a, bf16_view b,
                         float beta, float *c, size_t ldc)
{
    if (m == 0 || n == 0)
        return;
    if (alpha == 0 || k == 0) {
        nb_sl3_scale(m, n, beta, c, 1, ldc);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    const nb_bf16_kernel *kr = &nb_rt.bf16;
    if (kr->compute && sbgemm_kernel(kr, m, n, k, alpha, a, b, beta, c, ldc))
        return;
    size_t kb = SB_WIDEN_BYTES / (4 * (m + n));
    kb = kb > SB_KB ? SB_KB : kb < 16 ? 16 : kb;
    kb = kb > k ? k : kb;
    float *wa = malloc(m * kb * sizeof(float)), *wb = malloc(kb * n * sizeof(float));
    if (!wa || !wb) { /* no workspace: one K step at a time through the smallest buffers */
        free(wa), free(wb);
        kb = 1;
        wa = malloc(m * sizeof(float)), wb = malloc(n * sizeof(float));
        if (!wa || !wb) {
            free(wa), free(wb);
            for (size_t j = 0; j < n; j++)
                for (size_t i = 0; i < m; i++) {
                    float s = 0;
                    for (size_t l = 0; l < k; l++)
                        s += nb_bf16_to_float(a.p[i * a.rs + l * a.cs]) *
                             nb_bf16_to_float(b.p[l * b.rs + j * b.cs]);
                    float *cij = &c[i + j * ldc];
                    *cij = beta == 0 ? alpha * s : alpha * s + beta * *cij;
                }
            return;
        }
    }
    for (size_t pc = 0; pc < k; pc += kb) {
        size_t kk = k - pc < kb ? k - pc : kb;
        widen(m, kk, (bf16_view){a.p + pc * a.cs, a.rs, a.cs}, wa);
        widen(kk, n, (bf16_view){b.p + pc * b.rs, b.rs, b.cs}, wb);
        nb_sgemm_view(m, n, kk, alpha, l3_mk(wa, 1, m, 0), l3_mk(wb, 1, kk, 0), pc == 0 ? beta : 1,
                      c, 1, ldc);
    }
    free(wa), free(wb);
}

/* op(X) of a stored operand as a view. rows_op x cols_op is the shape of op(X). */
static bf16_view stored_view(int row_major, int trans, const nb_bf16 *p, size_t ld)
{
    /* column-major X(i, l) at p[i + l*ld]; row-major at p[i*ld + l]; op = T swaps i and l */
    int unit_rows = row_major == trans; /* op(X)(i, l) at p[i + l*ld] */
    return unit_rows ? (bf16_view){p, 1, ld} : (bf16_view){p, ld, 1};
}

/* C = alpha*op(A)*op(B) + beta*C in either layout, with A and B already as views of op(A)
   (m x k) and op(B) (k x n). A row-major C is computed as C**T = op(B)**T op(A)**T. */
static void sbgemm_layout(int row_major, size_t m, size_t n, size_t k, float alpha, bf16_view a,
                          bf16_view b, float beta, float *c, size_t ldc)
{
    if (row_major)
        sbgemm_views(n, m, k, alpha, (bf16_view){b.p, b.cs, b.rs}, (bf16_view){a.p, a.cs, a.rs},
                     beta, c, ldc);
    else
        sbgemm_views(m, n, k, alpha, a, b, beta, c, ldc);
}

/* The dimension checks of the column-major call, in the reference dgemm's order, numbered in the
   CBLAS list (m 4, n 5, k 6, lda 9, ldb 11, ldc 14). pa / pb: a packed operand, whose leading
   dimension is not checked. ta / tb: op is a transpose. */
static int sb_check_col(int pa, int pb, int ta, int tb, blasint m, blasint n, blasint k, blasint lda, blasint ldb,
                        blasint ldc)
{
    if (m < 0)
        return 4;
    if (n < 0)
        return 5;
    if (k < 0)
        return 6;
    if (!pa && lda < nb_max(1, ta ? k : m))
        return 9;
    if (!pb && ldb < nb_max(1, tb ? n : k))
        return 11;
    if (ldc < nb_max(1, m))
        return 14;
    return 0;
}

/* Checks common to every entry point, reported as cblas_dgemm reports them (netlib CBLAS): layout
   1, transa 2, transb 3 as the caller passed them; the rest on the equivalent column-major call,
   which for a row-major call is C**T = op(B)**T op(A)**T (m/n, A/B and lda/ldb exchanged), so
   that a row-major call gets the exchanged call's position (an illegal n is 4, lda 11), which
   the reference cblas_xerbla's "gemm" row-major table (applied while RowMajorStrg is set) maps
   back to the caller's argument. Packed operands (trans == CblasPacked) have no leading
   dimension to check. Returns 0 or that position. */
static int sb_check(int layout, blasint transa, blasint transb, blasint m, blasint n, blasint k, blasint lda, blasint ldb,
                    blasint ldc, int allow_packed)
{
    int row = layout == CblasRowMajor;
    if (!row && layout != CblasColMajor)
        return 1;
    int pa = allow_packed && transa == CblasPacked, pb = allow_packed && transb == CblasPacked;
    if (!pa && transa != CblasNoTrans && transa != CblasTrans && transa != CblasConjTrans)
        return 2;
    if (!pb && transb != CblasNoTrans && transb != CblasTrans && transb != CblasConjTrans)
        return 3;
    int ta = transa != CblasNoTrans, tb = transb != CblasNoTrans;
    return row ? sb_check_col(pb, pa, tb, ta, n, m, k, ldb, lda, ldc)
               : sb_check_col(pa, pb, ta, tb, m, n, k, lda, ldb, ldc);
}

/* Reports a position of sb_check (or another CBLAS position) for a call in `layout`:
   RowMajorStrg is set for a row-major call, as the reference does, except for an illegal layout. */
static void sb_report(int layout, int info, const char *name)
{
    nb_cb_error(layout == CblasRowMajor && info != 1, info, name);
}

/* For the batch interfaces (sbgemm_batch.c): the checks (sb_check's positions) and the
   computation of one legal call. */
int nb_sbgemm_check(int layout, int transa, int transb, blasint m, blasint n, blasint k, blasint lda, blasint ldb,
                    blasint ldc)
{
    return sb_check(layout, transa, transb, m, n, k, lda, ldb, ldc, 0);
}
void nb_sbgemm_run(int layout, int transa, int transb, blasint m, blasint n, blasint k, float alpha,
                   const nb_bf16 *a, blasint lda, const nb_bf16 *b, blasint ldb, float beta, float *c,
                   blasint ldc)
{
    int row = layout == CblasRowMajor;
    sbgemm_layout(row, (size_t)m, (size_t)n, (size_t)k, alpha,
                  stored_view(row, transa != CblasNoTrans, a, (size_t)lda),
                  stored_view(row, transb != CblasNoTrans, b, (size_t)ldb), beta, c, (size_t)ldc);
}

static void sb_cblas(const char *name, int layout, int transa, int transb, blasint m, blasint n, blasint k,
                     float alpha, const nb_bf16 *a, blasint lda, const nb_bf16 *b, blasint ldb, float beta,
                     float *c, blasint ldc)
{
    int info = sb_check(layout, transa, transb, m, n, k, lda, ldb, ldc, 0);
    if (info) {
        sb_report(layout, info, name);
        return;
    }
    int row = layout == CblasRowMajor;
    sbgemm_layout(row, (size_t)m, (size_t)n, (size_t)k, alpha,
                  stored_view(row, transa != CblasNoTrans, a, (size_t)lda),
                  stored_view(row, transb != CblasNoTrans, b, (size_t)ldb), beta, c, (size_t)ldc);
}

NB_EXPORT void cblas_sbgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                            const CBLAS_TRANSPOSE transb, const blasint m, const blasint n, const blasint k,
                            const float alpha, const nb_bf16 *a, const blasint lda, const nb_bf16 *b,
                            const blasint ldb, const float beta, float *c, const blasint ldc)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc);
    sb_cblas("cblas_sbgemm", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

NB_EXPORT void cblas_gemm_bf16bf16f32(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                                      const CBLAS_TRANSPOSE transb, const blasint m, const blasint n,
                                      const blasint k, const float alpha, const nb_bf16 *a,
                                      const blasint lda, const nb_bf16 *b, const blasint ldb,
                                      const float beta, float *c, const blasint ldc)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc);
    sb_cblas("cblas_gemm_bf16bf16f32", layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta,
             c, ldc);
}

/* Fortran: the gemm argument list and positions, reported as SBGEMM. */
NB_EXPORT void sbgemm_(const char *transa, const char *transb, const blasint *m, const blasint *n,
                       const blasint *k, const float *alpha, const nb_bf16 *a, const blasint *lda,
                       const nb_bf16 *b, const blasint *ldb, const float *beta, float *c,
                       const blasint *ldc, nb_strlen la, nb_strlen lb)
{
    NB_TRACE("transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(transa),
             NB_TR_CH(transb), *m, *n, *k, *lda, *ldb, *ldc);
    (void)la, (void)lb;
    blasint info = nb_sgemm_check(*transa, *transb, *m, *n, *k, *alpha, NULL, *lda, NULL, *ldb,
                                  *beta, c, *ldc);
    if (info) {
        nb_xerbla("SBGEMM", info);
        return;
    }
    int ta = !nb_same(*transa, 'N'), tb = !nb_same(*transb, 'N');
    sbgemm_views((size_t)*m, (size_t)*n, (size_t)*k, *alpha, stored_view(0, ta, a, (size_t)*lda),
                 stored_view(0, tb, b, (size_t)*ldb), *beta, c, (size_t)*ldc);
}

/* ---- MKL's pack-once API ---- */

NB_EXPORT size_t cblas_gemm_bf16bf16f32_pack_get_size(const CBLAS_IDENTIFIER identifier,
                                                      const blasint m, const blasint n, const blasint k)
{
    NB_TRACE("identifier=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD, NB_TR_E(identifier), m, n, k);
    if (m < 0 || n < 0 || k < 0 || (identifier != CblasAMatrix && identifier != CblasBMatrix))
        return 0;
    size_t elems = identifier == CblasAMatrix ? (size_t)m * (size_t)k : (size_t)k * (size_t)n;
    return PACK_DATA + elems * sizeof(nb_bf16);
}

NB_EXPORT void cblas_gemm_bf16bf16f32_pack(const CBLAS_LAYOUT layout, const CBLAS_IDENTIFIER identifier,
                                           const CBLAS_TRANSPOSE trans, const blasint m, const blasint n,
                                           const blasint k, const nb_bf16 *src, const blasint ld,
                                           nb_bf16 *dest)
{
    NB_TRACE("layout=%s identifier=%c trans=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " ld=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(identifier), NB_TR_E(trans), m, n, k, ld);
    const char *name = "cblas_gemm_bf16bf16f32_pack";
    int row = layout == CblasRowMajor, is_a = identifier == CblasAMatrix;
    int t = trans != CblasNoTrans;
    int info = 0;
    if (!row && layout != CblasColMajor)
        info = 1;
    else if (!is_a && identifier != CblasBMatrix)
        info = 2;
    else if (trans != CblasNoTrans && trans != CblasTrans && trans != CblasConjTrans)
        info = 3;
    else if (m < 0)
        info = 4;
    else if (n < 0)
        info = 5;
    else if (k < 0)
        info = 6;
    else {
        blasint r = is_a ? m : k, cl = is_a ? k : n; /* op(X) is r x cl */
        blasint ld_min = row ? (t ? r : cl) : (t ? cl : r);
        if (ld < nb_max(1, ld_min))
            info = 8;
    }
    /* The positions are the caller's in either layout, with RowMajorStrg left 0: the reference
       row-major table would take this name for gemm's and exchange 4/5 (m, n here, which a
       row-major call does not exchange). */
    if (info) {
        nb_cb_error(0, info, name);
        return;
    }
    size_t r = (size_t)(is_a ? m : k), cl = (size_t)(is_a ? k : n);
    pack_header h = {PACK_MAGIC, (uint32_t)identifier, r, cl};
    memcpy(dest, &h, sizeof h);
    nb_bf16 *d = dest + PACK_DATA / sizeof(nb_bf16);
    bf16_view v = stored_view(row, t, src, (size_t)ld);
    for (size_t j = 0; j < cl; j++)
        for (size_t i = 0; i < r; i++)
            d[i + j * r] = v.p[i * v.rs + j * v.cs];
}

/* The view of a packed operand, or NULL data if the header does not describe an r x cl
   operand of that identifier. */
static bf16_view packed_view(const nb_bf16 *p, int identifier, size_t r, size_t cl)
{
    pack_header h;
    memcpy(&h, p, sizeof h);
    if (h.magic != PACK_MAGIC || h.identifier != (uint32_t)identifier || h.rows != r || h.cols != cl)
        return (bf16_view){NULL, 0, 0};
    return (bf16_view){p + PACK_DATA / sizeof(nb_bf16), 1, r};
}

NB_EXPORT void cblas_gemm_bf16bf16f32_compute(const CBLAS_LAYOUT layout, const blasint transa,
                                              const blasint transb, const blasint m, const blasint n,
                                              const blasint k, const float alpha, const nb_bf16 *a,
                                              const blasint lda, const nb_bf16 *b, const blasint ldb,
                                              const float beta, float *c, const blasint ldc)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), m, n, k, lda, ldb, ldc);
    const char *name = "cblas_gemm_bf16bf16f32_compute";
    int info = sb_check(layout, transa, transb, m, n, k, lda, ldb, ldc, 1);
    int row = layout == CblasRowMajor;
    bf16_view va = {0}, vb = {0};
    if (!info) {
        va = transa == CblasPacked ? packed_view(a, CblasAMatrix, (size_t)m, (size_t)k)
                                   : stored_view(row, transa != CblasNoTrans, a, (size_t)lda);
        vb = transb == CblasPacked ? packed_view(b, CblasBMatrix, (size_t)k, (size_t)n)
                                   : stored_view(row, transb != CblasNoTrans, b, (size_t)ldb);
        /* a packed buffer made for another shape or operand (a_array 8, b 10: positions the
           row-major table leaves alone) */
        info = !va.p ? 8 : !vb.p ? 10 : 0;
    }
    if (info) {
        sb_report(layout, info, name);
        return;
    }
    sbgemm_layout(row, (size_t)m, (size_t)n, (size_t)k, alpha, va, vb, beta, c, (size_t)ldc);
}
