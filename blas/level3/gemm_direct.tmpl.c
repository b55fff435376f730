/* Shape-aware GEMM paths that skip the packing of one or both operands (seed 001): the kernel
   set's optional `small` kernel reads A (column-major, contiguous columns) and B (any strides) in
   place. Packing costs a read and a write of each operand; it pays only when the packed block is
   reused many times, which it is not when

   - every dimension is small: the whole problem fits in L1/L2 and the packing and its buffer
     would cost as much as the arithmetic;
   - m is small (16 x 4096 x 4096): A is the reused operand and is small; B is used by only
     a few row blocks of register tiles, so it is streamed once, in place, while A (one K block
     of it) stays in L2;
   - n is small (4096 x 16 x 4096): B is the reused operand and stays in L2; A is streamed once,
     one row block at a time, each block reused by the tiles across n while it sits in L1/L2.

   A stored transposed is packed by the kernel set's pack_a (small problems) or copied to
   column-major one K block at a time (m-skinny); the n-skinny path needs it column-major.
   Every path runs on the calling thread unless nb_threads_for gives a team (then a parallel
   region splits the columns, or the rows for n-skinny; the tile grid and the K order of every
   C element do not depend on the split). Complex types (the section at the end) use only the
   small path, on one thread. */
#include <stdlib.h>
#include "kernels/kernel.h"
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"

#if !NB_COMPLEX
typedef NB_CAT(nb_gemm_kernel_, NB_P) l3_kernel;

/* Where the direct paths take over from the packed engine is the tuning entry's call
   (arch/tuning.h: small_dim_s/d, m_skinny, n_skinny; the measurements behind the default entry's
   values are in docs/PERFORMANCE.md, "AMD EPYC Zen 4" and the Sapphire Rapids section). */
#define DIRECT_SMALL_DIM ((size_t)(sizeof(nb_t) == 4 ? nb_rt.tune.small_dim_s : nb_rt.tune.small_dim_d))
#define DIRECT_M_SKINNY ((size_t)nb_rt.tune.m_skinny)
#define DIRECT_N_SKINNY ((size_t)nb_rt.tune.n_skinny)
/* Below this m*n*k a call is far below the threading threshold (threading/, 4 Mflop): the
   front end's shortcut does not ask. */
#define DIRECT_TINY_VOLUME (64 * 64 * 64)
/* A transposed A of at most this many elements is copied element by element for the shortcut
   (pack_a writes MR-row panels, 4 to 8 times the data at 8x8). */
#define DIRECT_TINY_COPY 64
/* The packed engine's KC: every path here cuts K where the engine does (l3_kblock), so that an
   element of C gets the same bits whichever path computes it. */
#define DIRECT_KC ((size_t)nb_rt.NB_P.kc)
/* Stack space (elements) for a transposed or packed copy of A; larger copies use the heap. */
#define DIRECT_STACK_ELEMS 4096

static size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

/* A's m x k block at (i0, l0) as a column-major array: in place when its columns are contiguous
   (and, with `dense`, adjacent: lda == m), else copied into buf (m*k elements). */
static const nb_t *colmajor_block(l3_view a, size_t i0, size_t l0, size_t m, size_t k, int dense,
                                  nb_t *buf, size_t *lda)
{
    const nb_t *p = a.p + i0 * a.rs + l0 * a.cs;
    if (a.rs == 1 && (!dense || a.cs == m)) {
        *lda = a.cs;
        return p;
    }
    for (size_t l = 0; l < k; l++)
        for (size_t i = 0; i < m; i++)
            buf[i + l * m] = p[i * a.rs + l * a.cs];
    *lda = m;
    return buf;
}

/* C = alpha*A*B + beta*C by the small kernel in the engine's K blocks (kb long, the last one
   shorter; beta with the first only): A column-major at a (lda), B strided. */
static void small_kblocks(const l3_kernel *kr, size_t m, size_t n, size_t k, size_t kb, nb_t alpha,
                          const nb_t *a, size_t lda, const nb_t *b, size_t rs_b, size_t cs_b,
                          nb_t beta, nb_t *c, size_t ldc)
{
    for (size_t pc = 0; pc < k; pc += kb)
        kr->small(m, n, min_sz(kb, k - pc), alpha, a + pc * lda, lda, b + pc * rs_b, rs_b, cs_b,
                  pc == 0 ? beta : (nb_t)1, c, ldc);
}

/* One K block of run_m_panels (A's block column-major at a, B's rows of the block at b), whose
   columns a team splits. */
typedef struct {
    const l3_kernel *kr;
    size_t m, n, kb, lda, rsb, csb, ldc;
    nb_t alpha, beta;
    const nb_t *a, *b;
    nb_t *c;
} m_panel_job;

static void m_panel_region(void *ctx, int tid, int nt)
{
    const m_panel_job *job = ctx;
    size_t j0, j1;
    nb_split(job->n, (size_t)job->kr->nr, nt, tid, &j0, &j1);
    if (j1 > j0)
        job->kr->small(job->m, j1 - j0, job->kb, job->alpha, job->a, job->lda,
                       job->b + j0 * job->csb, job->rsb, job->csb, job->beta,
                       job->c + j0 * job->ldc, job->ldc);
}

/* m-skinny and small problems: K blocks of kb columns (the engine's, l3_kblock; at most KC, so
   an A block of at most m_skinny x KC), each block of A (m x kb, in L2) swept
   against the whole width of B; a team of threads takes column ranges (whole NR tiles), each
   streaming its own part of B. Returns 0, having written nothing, if a transposed A cannot be
   copied. */
static int run_m_panels(const l3_kernel *kr, size_t m, size_t n, size_t k, size_t kb_max, nb_t alpha,
                        l3_view a, l3_view b, nb_t beta, nb_t *c, size_t ldc, int team)
{
    /* A block that stays in L2 while B streams is copied to adjacent columns when B is wide
       enough to reuse it: in place, m rows of a matrix with a large power-of-two lda put every
       column in the same few L2 sets, and the block was evicted before its next reuse (64 x 64 x
       2048 inside a 2048 x 2048 matrix, the leaves of dsyrk, ran at a third of the speed). */
    int dense = n > 2 * (size_t)kr->nr || a.rs != 1;
    nb_t stack_buf[DIRECT_STACK_ELEMS];
    nb_t *buf = stack_buf;
    if (dense && m * kb_max > DIRECT_STACK_ELEMS) {
        buf = malloc(m * kb_max * sizeof(nb_t));
        if (!buf)
            return 0;
    }
    for (size_t pc = 0; pc < k; pc += kb_max) {
        size_t kb = min_sz(kb_max, k - pc), lda;
        const nb_t *ap = colmajor_block(a, 0, pc, m, kb, dense, buf, &lda);
        nb_t beta_pc = pc == 0 ? beta : (nb_t)1;
        if (team == 1) {
            kr->small(m, n, kb, alpha, ap, lda, b.p + pc * b.rs, b.rs, b.cs, beta_pc, c, ldc);
            continue;
        }
        m_panel_job job = {.kr = kr, .m = m, .n = n, .kb = kb, .lda = lda, .rsb = b.rs,
                           .csb = b.cs, .ldc = ldc, .alpha = alpha, .beta = beta_pc, .a = ap,
                           .b = b.p + pc * b.rs, .c = c};
        nb_parallel(team, m_panel_region, &job);
    }
    if (buf != stack_buf)
        free(buf);
    return 1;
}

/* A small problem with A packed into MR-row panels (run_packed_a), whose columns a team
   splits. */
typedef struct {
    const l3_kernel *kr;
    size_t m, n, k, kb, ldc;
    nb_t alpha, beta;
    const nb_t *apack;
    l3_view b;
    nb_t *c;
} packed_a_job;

static void packed_a_region(void *ctx, int tid, int nt)
{
    const packed_a_job *job = ctx;
    const l3_kernel *kr = job->kr;
    size_t mr = (size_t)kr->mr, m = job->m, k = job->k, ldc = job->ldc;
    l3_view b = job->b;
    size_t j0, j1;
    nb_split(job->n, (size_t)kr->nr, nt, tid, &j0, &j1);
    for (size_t i = 0; i < m && j1 > j0; i += mr)
        small_kblocks(kr, min_sz(mr, m - i), j1 - j0, k, job->kb, job->alpha, job->apack + i * k,
                      mr, b.p + j0 * b.cs, b.rs, b.cs, job->beta, job->c + i + j0 * ldc, ldc);
}

/* Small problems whose A is not column-major (transposed): A packed once by the kernel set's
   pack_a (MR-row panels, each a column-major MR x k array with lda = MR, vectorised transposes)
   into buf, then one small-kernel call per panel; a team splits the columns. A scalar transposed
   copy cost about as much as the arithmetic up to 64^3. */
static void run_packed_a(const l3_kernel *kr, size_t m, size_t n, size_t k, size_t kb, nb_t alpha,
                         l3_view a, l3_view b, nb_t beta, nb_t *c, size_t ldc, int team, nb_t *buf)
{
    size_t mr = (size_t)kr->mr;
    kr->pack_a(m, k, a.p, a.rs, a.cs, a.conj, buf);
    if (team == 1) {
        for (size_t i = 0; i < m; i += mr)
            small_kblocks(kr, min_sz(mr, m - i), n, k, kb, alpha, buf + i * k, mr, b.p, b.rs, b.cs,
                          beta, c + i, ldc);
        return;
    }
    packed_a_job job = {.kr = kr, .m = m, .n = n, .k = k, .kb = kb, .ldc = ldc, .alpha = alpha,
                        .beta = beta, .apack = buf, .b = b, .c = c};
    nb_parallel(team, packed_a_region, &job);
}

/* run_packed_a with its buffer: on the stack when small, else on the heap (0 if that fails).
   Out of line, so that gemm_direct does not carry the stack frame. */
static __attribute__((noinline)) int run_packed_a_buf(const l3_kernel *kr, size_t m, size_t n,
                                                      size_t k, size_t kb, nb_t alpha, l3_view a,
                                                      l3_view b, nb_t beta, nb_t *c, size_t ldc,
                                                      int team)
{
    size_t mr = (size_t)kr->mr, elems = (m + mr - 1) / mr * mr * k;
    if (elems <= DIRECT_STACK_ELEMS) {
        nb_t buf[DIRECT_STACK_ELEMS] __attribute__((aligned(64)));
        run_packed_a(kr, m, n, k, kb, alpha, a, b, beta, c, ldc, team, buf);
        return 1;
    }
    nb_t *buf = NULL;
    if (posix_memalign((void **)&buf, 64, elems * sizeof(nb_t)) != 0 || !buf)
        return 0;
    run_packed_a(kr, m, n, k, kb, alpha, a, b, beta, c, ldc, team, buf);
    free(buf);
    return 1;
}

/* n-skinny: B (k x n) is the reused operand, A streams from memory once. The engine's K blocks
   (l3_kblock; they were DIRECT_N_KB = n_skinny_kb = 64 long before, which the results must not
   depend on: a 64-long block rounds C where the engine does not, so an element's bits changed
   with n); within one, row blocks of DIRECT_N_ROW_BYTES of each column (6 cache
   lines: two 3-vector tiles of the AVX-512 kernel), top to bottom, each swept across all n
   columns while it sits in L1/L2; rows [m0, m1) only. Every column of such a block is a separate
   page at large lda, which the hardware prefetchers do not follow: the kernel prefetches the
   block below the one it computes (see small_avx512.h), so memory and arithmetic overlap.
   The row block is the tuning entry's (n_skinny_row_bytes); the tuning entry's n_skinny_kb is
   no longer used (2000x32x500 d ran ~3-8% slower with the longer K blocks on Zen 5). */
#define DIRECT_N_ROW_BYTES ((size_t)nb_rt.tune.n_skinny_row_bytes)
static void run_n_panels(const l3_kernel *kr, size_t m0, size_t m1, size_t n, size_t k,
                         size_t kb_max, nb_t alpha, l3_view a, l3_view b, nb_t beta, nb_t *c,
                         size_t ldc)
{
    const size_t mb = DIRECT_N_ROW_BYTES / sizeof(nb_t);
    for (size_t pc = 0; pc < k; pc += kb_max) {
        size_t kb = min_sz(kb_max, k - pc);
        nb_t beta_pc = pc == 0 ? beta : (nb_t)1;
        for (size_t ic = m0; ic < m1; ic += mb)
            kr->small(min_sz(mb, m1 - ic), n, kb, alpha, a.p + ic + pc * a.cs, a.cs,
                      b.p + pc * b.rs, b.rs, b.cs, beta_pc, c + ic, ldc);
    }
}

/* An n-skinny problem whose rows a team splits (whole MR tiles), each running run_n_panels. */
typedef struct {
    const l3_kernel *kr;
    size_t m, n, k, kb, ldc;
    nb_t alpha, beta;
    l3_view a, b;
    nb_t *c;
} n_panel_job;

static void n_panel_region(void *ctx, int tid, int nt)
{
    const n_panel_job *job = ctx;
    size_t i0, i1;
    nb_split(job->m, (size_t)job->kr->mr, nt, tid, &i0, &i1);
    if (i1 > i0)
        run_n_panels(job->kr, i0, i1, job->n, job->k, job->kb, job->alpha, job->a, job->b,
                     job->beta, job->c, job->ldc);
}

int NB_INT(gemm_direct)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                        nb_t *c, size_t rsc, size_t csc, double flops)
{
    const l3_kernel *kr = &nb_rt.kset->NB_P;
    if (!kr->small || rsc != 1 || k == 0)
        return 0;
    const size_t nr = (size_t)kr->nr, mr = (size_t)kr->mr;
    /* the engine's K blocks (l3_kblock): a K block here may not be longer or shorter */
    const size_t kb = l3_kblock(k, DIRECT_KC);

    if (m <= DIRECT_SMALL_DIM && n <= DIRECT_SMALL_DIM && k <= DIRECT_SMALL_DIM) {
        int team = nb_threads_for(flops, n / (2 * nr));
        if (a.rs == 1) {
            if (team == 1 && kb == k) {
                kr->small(m, n, k, alpha, a.p, a.cs, b.p, b.rs, b.cs, beta, c, csc);
                return 1;
            }
            return run_m_panels(kr, m, n, k, kb, alpha, a, b, beta, c, csc, team);
        }
        return run_packed_a_buf(kr, m, n, k, kb, alpha, a, b, beta, c, csc, team);
    }

    /* m-skinny streams B in place: only with contiguous columns. A transposed B (rows
       contiguous) read in place walks lda-strided lines, a new page per k step: 64x4096x4096 NT
       ran at 0.52-0.64x OpenBLAS that way; the engine packs it. */
    if (m <= DIRECT_M_SKINNY && b.rs == 1) {
        return run_m_panels(kr, m, n, k, kb, alpha, a, b, beta, c, csc,
                            nb_threads_for(flops, n / (2 * nr)));
    }

    if (n <= DIRECT_N_SKINNY && a.rs == 1) {
        int team = nb_threads_for(flops, m / (4 * mr));
        if (team == 1) {
            run_n_panels(kr, 0, m, n, k, kb, alpha, a, b, beta, c, csc);
            return 1;
        }
        n_panel_job job = {.kr = kr, .m = m, .n = n, .k = k, .kb = kb, .ldc = csc, .alpha = alpha,
                           .beta = beta, .a = a, .b = b, .c = c};
        nb_parallel(team, n_panel_region, &job);
        return 1;
    }
    return 0;
}

/* gemm_tiny with A transposed: A copied to column-major on the stack, then the small kernel;
   0 (nothing done) when the copy does not fit. Out of line, so that the common case does not
   carry its stack frame. */
static __attribute__((noinline)) int tiny_trans_a(const l3_kernel *kr, char transa, size_t m,
                                                  size_t n, size_t k, nb_t alpha, const nb_t *a,
                                                  size_t lda, const nb_t *b, size_t rs_b,
                                                  size_t cs_b, nb_t beta, nb_t *c, size_t ldc)
{
    if (m * k <= DIRECT_TINY_COPY) {
        /* a plain transposed copy: pack_a's panels are MR rows tall (zero padding) */
        nb_t t[DIRECT_TINY_COPY];
        for (size_t l = 0; l < k; l++)
            for (size_t i = 0; i < m; i++)
                t[i + l * m] = a[l + i * lda];
        kr->small(m, n, k, alpha, t, m, b, rs_b, cs_b, beta, c, ldc);
        return 1;
    }
    size_t mr = (size_t)kr->mr;
    if ((m + mr - 1) / mr * mr * k > DIRECT_STACK_ELEMS)
        return 0;
    nb_t buf[DIRECT_STACK_ELEMS] __attribute__((aligned(64)));
    run_packed_a(kr, m, n, k, k, alpha, l3_op(a, (blasint)lda, transa), l3_mk(b, rs_b, cs_b, 0),
                 beta, c, ldc, 1, buf);
    return 1;
}

/* The CBLAS front end's shortcut (cblas_level3.tmpl.c): a column-major call (after its row-major
   mapping) with all of m, n, k in [1, DIRECT_SMALL_DIM], alpha != 0, legal leading dimensions
   and one thread's worth of work goes straight to the kernel set's small kernel (A transposed:
   copied or packed on the stack first, if it fits); for any other call, including an illegal
   one (which the caller then reports), it returns 0 having done nothing. At 8x8x8 every layer
   costs as much as the arithmetic (cblas -> gemm -> gemm_view -> gemm_direct -> kernel took
   ~30 of ~55 ns): this path is one call to here and one to the kernel. */
int NB_INT(gemm_tiny)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                      const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                      blasint ldc)
{
    if (!nb_rt.kset)
        nb_init();
    /* m - 1 in a wider type: m = INT_MIN must not overflow (it is rejected later, as illegal) */
    const size_t dim = DIRECT_SMALL_DIM;
    if ((size_t)((long long)m - 1) >= dim || (size_t)((long long)n - 1) >= dim ||
        (size_t)((long long)k - 1) >= dim || alpha == 0 || lda < (transa == 'N' ? m : k) ||
        ldc < m || ldb < (transb == 'N' ? k : n))
        return 0;
    const l3_kernel *kr = &nb_rt.kset->NB_P;
    /* one K block of the engine's only (a longer k: gemm_direct splits it) */
    if (!kr->small || l3_kblock((size_t)k, DIRECT_KC) != (size_t)k)
        return 0;
    /* the same team as gemm_direct's small path would choose */
    if ((size_t)m * (size_t)n * (size_t)k > DIRECT_TINY_VOLUME &&
        nb_threads_for(2.0 * m * n * k, (size_t)n / (2 * (size_t)kr->nr)) > 1)
        return 0;
    size_t rs_b = 1, cs_b = (size_t)ldb;
    if (transb != 'N')
        rs_b = (size_t)ldb, cs_b = 1;
    if (transa == 'N') {
        kr->small((size_t)m, (size_t)n, (size_t)k, alpha, a, (size_t)lda, b, rs_b, cs_b, beta, c,
                  (size_t)ldc);
        return 1;
    }
    return tiny_trans_a(kr, transa, (size_t)m, (size_t)n, (size_t)k, alpha, a, (size_t)lda, b,
                        rs_b, cs_b, beta, c, (size_t)ldc);
}
#else /* complex */

/* Complex problems whose every dimension is at most this go to the set's no-packing kernel
   (kernels/generic/gemm_small_complex_loops.h; its stack pads hold k <= 128). Where the packed
   1m engine overtakes it: docs/PERFORMANCE.md (complex GEMM). */
#define DIRECT_SMALL_DIM_COMPLEX ((size_t)64)


/* The m x n view x as a column-major array (leading dimension m), conjugated if x is: reading
   along x's contiguous dimension, one loop per case (l3_at's per-element conjugation test made
   the copy as slow as a 16^3 product). */
void NB_INT(l3_copy_colmajor)(l3_view x, size_t m, size_t n, nb_t *dst)
{
    if (x.rs == 1) {
        for (size_t j = 0; j < n; j++) {
            const nb_t *col = x.p + j * x.cs;
            nb_t *d = dst + j * m;
            if (x.conj)
                for (size_t i = 0; i < m; i++)
                    d[i] = NB_CONJ(col[i]);
            else
                for (size_t i = 0; i < m; i++)
                    d[i] = col[i];
        }
        return;
    }
    for (size_t i = 0; i < m; i++) { /* row i of x is contiguous when cs == 1 */
        const nb_t *row = x.p + i * x.rs;
        if (x.conj)
            for (size_t j = 0; j < n; j++)
                dst[i + j * m] = NB_CONJ(row[j * x.cs]);
        else
            for (size_t j = 0; j < n; j++)
                dst[i + j * m] = row[j * x.cs];
    }
}

/* The small kernel reads A column-major with contiguous columns and B with any strides, neither
   conjugated: op(A) otherwise, and a conjugated op(B), are copied (conjugated) into the calling
   thread's GEMM workspace first, m*k and k*n elements, at most 64 KiB each in double complex.
   One thread: a call this small is below the threading threshold. */
int NB_INT(gemm_direct)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                        nb_t *c, size_t rsc, size_t csc, double flops)
{
    const NB_CAT(nb_gemm_kernel_, NB_P) *kr = &nb_rt.kset->NB_P;
    const size_t dim = DIRECT_SMALL_DIM_COMPLEX;
    if (!kr->small || rsc != 1 || k == 0 || m > dim || n > dim || k > dim ||
        nb_threads_for(flops, 2) > 1)
        return 0;
    int copy_a = a.rs != 1 || a.conj, copy_b = b.conj;
    nb_t *buf = NULL;
    if (copy_a || copy_b) {
        buf = nb_gemm_ws_acquire(((copy_a ? m * k : 0) + (copy_b ? k * n : 0)) * sizeof(nb_t));
        if (!buf)
            return 0;
    }
    const nb_t *ap = a.p, *bp = b.p;
    size_t lda = a.cs, rs_b = b.rs, cs_b = b.cs;
    nb_t *next = buf;
    if (copy_a) {
        NB_INT(l3_copy_colmajor)(a, m, k, next);
        ap = next, lda = m, next += m * k;
    }
    if (copy_b) {
        NB_INT(l3_copy_colmajor)(b, k, n, next);
        bp = next, rs_b = 1, cs_b = k;
    }
    kr->small(m, n, k, alpha, ap, lda, bp, rs_b, cs_b, beta, c, csc);
    if (buf)
        nb_gemm_ws_release(buf);
    return 1;
}

/* gemm_tiny with op(A) transposed or conjugated, or op(B) conjugated: those operands copied to
   column-major on the stack first (0, nothing done, when they do not fit). Out of line, so that
   the plain case does not carry its frame. */
#define TINY_COPY_ELEMS 1024
static __attribute__((noinline)) int tiny_copied(const NB_CAT(nb_gemm_kernel_, NB_P) *kr,
                                                 char transa, char transb, size_t m, size_t n,
                                                 size_t k, nb_t alpha, const nb_t *a, size_t lda,
                                                 const nb_t *b, size_t ldb, nb_t beta, nb_t *c,
                                                 size_t ldc)
{
    int copy_a = transa != 'N', copy_b = transb == 'C';
    if ((copy_a ? m * k : 0) + (copy_b ? k * n : 0) > TINY_COPY_ELEMS)
        return 0;
    nb_t buf[TINY_COPY_ELEMS];
    l3_view av = l3_op(a, (blasint)lda, transa), bv = l3_op(b, (blasint)ldb, transb);
    const nb_t *ap = a, *bp = b;
    size_t rs_b = bv.rs, cs_b = bv.cs, ld_a = lda;
    if (copy_a)
        NB_INT(l3_copy_colmajor)(av, m, k, buf), ap = buf, ld_a = m;
    if (copy_b) {
        nb_t *bb = buf + (copy_a ? m * k : 0);
        NB_INT(l3_copy_colmajor)(bv, k, n, bb), bp = bb, rs_b = 1, cs_b = k;
    }
    kr->small(m, n, k, alpha, ap, ld_a, bp, rs_b, cs_b, beta, c, ldc);
    return 1;
}

/* The CBLAS shortcut (as for the real types below it, which see): a legal column-major call
   (op(A) transposed or conjugated, or op(B) conjugated: through a stack copy up to 1024
   elements), every dimension in [1, DIRECT_SMALL_DIM_COMPLEX], alpha != 0
   and one thread's worth of work goes straight to the small kernel; 0 for any other call. At 4^3
   the layers in between took 46% of a cgemm call. */
int NB_INT(gemm_tiny)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                      const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                      blasint ldc)
{
    if (!nb_rt.kset)
        nb_init();
    const size_t dim = DIRECT_SMALL_DIM_COMPLEX;
    const NB_CAT(nb_gemm_kernel_, NB_P) *kr = &nb_rt.kset->NB_P;
    if ((size_t)((long long)m - 1) >= dim || (size_t)((long long)n - 1) >= dim ||
        (size_t)((long long)k - 1) >= dim || alpha == 0 || lda < (transa == 'N' ? m : k) ||
        ldc < m || ldb < (transb == 'N' ? k : n) || !kr->small)
        return 0;
    if ((size_t)m * (size_t)n * (size_t)k > 32 * 32 * 32 && nb_threads_for(8.0 * m * n * k, 2) > 1)
        return 0;
    if (transa != 'N' || transb == 'C')
        return tiny_copied(kr, transa, transb, (size_t)m, (size_t)n, (size_t)k, alpha, a,
                           (size_t)lda, b, (size_t)ldb, beta, c, (size_t)ldc);
    size_t rs_b = transb == 'N' ? 1 : (size_t)ldb, cs_b = transb == 'N' ? (size_t)ldb : 1;
    kr->small((size_t)m, (size_t)n, (size_t)k, alpha, a, (size_t)lda, b, rs_b, cs_b, beta, c,
              (size_t)ldc);
    return 1;
}
#endif
