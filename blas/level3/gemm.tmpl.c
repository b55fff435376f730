/* GEMM: the blocked engine (BLIS/Goto five loops over the kernel set's packing routines and
   micro-kernel) and the gemm driver, argument check and Fortran entry built on it. */
#include <stdlib.h>
#include "kernels/kernel.h"
#include "blas/level3/l3_internal.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

typedef NB_CAT(nb_gemm_kernel_, NB_P) l3_kernel;

void NB_INT(l3_scale)(size_t m, size_t n, nb_t beta, nb_t *c, size_t rsc, size_t csc)
{
    if (beta == 1)
        return;
    for (size_t j = 0; j < n; j++) {
        nb_t *cj = c + j * csc;
        if (beta == 0) {
            for (size_t i = 0; i < m; i++)
                cj[i * rsc] = 0;
        } else {
            for (size_t i = 0; i < m; i++)
                cj[i * rsc] *= beta;
        }
    }
}

/* Correct for any shape without workspace: used when the packing buffers cannot be allocated. */
static void gemm_unblocked(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                           nb_t *c, size_t rsc, size_t csc)
{
    for (size_t j = 0; j < n; j++)
        for (size_t i = 0; i < m; i++) {
            nb_t sum = 0;
            for (size_t l = 0; l < k; l++)
                sum += l3_at(a, i, l) * l3_at(b, l, j);
            nb_t *cij = &c[i * rsc + j * csc];
            *cij = beta == 0 ? alpha * sum : alpha * sum + beta * *cij;
        }
}

/* The two innermost loops: every MR x NR tile of an mb x nb block of C from the packed A block
   (mb x kb) and the packed B panel (kb x nb). jr outside ir: one B micro-panel (kb x NR) is
   reused by all the A micro-panels of the block while it sits in L1, the A micro-panels stream
   from L2, and consecutive tiles walk down the same NR columns of C (sequential streams that
   the hardware prefetchers follow; the micro-kernels also prefetch C, see ukr_avx512.h). */
static void macro_kernel(const l3_kernel *kr, size_t mb, size_t nb, size_t kb, nb_t alpha,
                         const nb_t *apack, const nb_t *bpack, nb_t beta, nb_t *c, size_t rsc,
                         size_t csc)
{
    size_t mr = (size_t)kr->mr, nr = (size_t)kr->nr, ax = l3_a_expand(kr->a_expand);
    for (size_t jr = 0; jr < nb; jr += nr) {
        int n_edge = (int)(nb - jr < nr ? nb - jr : nr);
        const nb_t *bp = bpack + jr * kb;
        for (size_t ir = 0; ir < mb; ir += mr) {
            int m_edge = (int)(mb - ir < mr ? mb - ir : mr);
            kr->ukr(kb, alpha, apack + ir * kb * ax, bp, beta, c + ir * rsc + jr * csc, rsc, csc, m_edge,
                    n_edge);
        }
    }
}

static size_t round_up(size_t x, size_t to) { return (x + to - 1) / to * to; }
static size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

/* ---- Packing workspace ----
   One buffer per OS thread that calls gemm (the thread that enters the engine; the pool workers
   of its team work in slices of it), shared by the four precisions: the cache is defined
   once, in the s instance of this template, and only declared in the others. State, all
   thread-local: the buffers, their sizes and busy flags. A call takes a cached buffer (growing
   it if it is too small) and gives it back at the end; a buffer of at most WS_KEEP bytes stays
   for the next call, a larger one is freed at once. The buffer of a thread is freed when the
   thread exits (pthread key destructor); the key is deleted when the library is unloaded, so
   that no destructor points into unmapped code (the buffers of threads still alive then are
   left to the process). A nested use on the same thread takes the second cached buffer (a third
   allocates a private one). Reusing the buffer saves the allocation and, where the allocator maps fresh
   memory for each call, its page faults (with glibc, whose mmap threshold adapts, perf showed
   page faults at 0.5% of a 1024^3 dgemm before and 0.3% after). Buffers of 2 MiB and more are
   2 MiB aligned and advised MADV_HUGEPAGE, fewer TLB misses on the packed blocks (measured on
   Zen 4 with transparent huge pages in madvise mode: +1-2% for 2048^3 dgemm, neutral for
   1024^3 dgemm and 2048^3 sgemm). */
void nb_gemm_ws_release(void *p);
void *nb_gemm_ws_acquire(size_t bytes);

#if NB_PREC == 1
#include <pthread.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define WS_HUGE ((size_t)2 << 20)
#define WS_KEEP ((size_t)64 << 20)

/* Two cached buffers per thread: the outer use (a GEMM, or a driver that holds workspace while it
   calls GEMMs: ?gemm3m's planes, the small gemmt's copies) takes the first free one, the nested
   GEMM the second, so that neither allocates per call (gemm3m at 1000 spent over 10% of its time
   in page faults of fresh mappings before). A third nested use allocates. */
#define WS_SLOTS 2
typedef struct {
    void *buf[WS_SLOTS];
    size_t size[WS_SLOTS];
    int busy[WS_SLOTS];
} ws_cache;
static __thread ws_cache ws;
static pthread_key_t ws_key;
static int ws_key_ok;
static pthread_once_t ws_once = PTHREAD_ONCE_INIT;

/* the exiting thread's cache (the key's value is its address) */
static void ws_free_at_exit(void *p)
{
    ws_cache *w = p;
    for (int i = 0; i < WS_SLOTS; i++)
        free(w->buf[i]), w->buf[i] = NULL, w->size[i] = 0;
}
static void ws_make_key(void) { ws_key_ok = pthread_key_create(&ws_key, ws_free_at_exit) == 0; }
__attribute__((destructor)) static void ws_unload(void)
{
    if (ws_key_ok)
        pthread_key_delete(ws_key);
    ws_key_ok = 0;
}

static void *ws_alloc(size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, bytes >= WS_HUGE ? WS_HUGE : 64, bytes) != 0)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= WS_HUGE)
        (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

void *nb_gemm_ws_acquire(size_t bytes)
{
    if (bytes >= WS_HUGE)
        bytes = round_up(bytes, WS_HUGE);
    int i = 0;
    while (i < WS_SLOTS && ws.busy[i])
        i++;
    if (i == WS_SLOTS || bytes > WS_KEEP)
        return ws_alloc(bytes);
    if (ws.size[i] < bytes) {
        pthread_once(&ws_once, ws_make_key);
        free(ws.buf[i]);
        ws.buf[i] = ws_alloc(bytes);
        ws.size[i] = ws.buf[i] ? bytes : 0;
        if (ws_key_ok)
            pthread_setspecific(ws_key, &ws);
        if (!ws.buf[i])
            return NULL;
    }
    ws.busy[i] = 1;
    return ws.buf[i];
}

void nb_gemm_ws_release(void *p)
{
    for (int i = 0; i < WS_SLOTS; i++)
        if (p == ws.buf[i] && ws.busy[i]) {
            ws.busy[i] = 0;
            return;
        }
    free(p);
}
#endif

typedef struct {
    const l3_kernel *kr;
    size_t mr, nr, mc, kc, nc;
} engine_cfg;

static engine_cfg engine_config(void)
{
    engine_cfg g;
    g.kr = &nb_rt.kset->NB_P;
    const nb_blocking bl = nb_rt.NB_P;
    g.mr = (size_t)g.kr->mr, g.nr = (size_t)g.kr->nr;
    /* Defensive against odd overrides: every block size at least one tile, MC/NC whole tiles. */
    g.mc = round_up(bl.mc ? bl.mc : g.mr, g.mr), g.nc = round_up(bl.nc ? bl.nc : g.nr, g.nr);
    g.kc = bl.kc ? bl.kc : 1;
    return g;
}

/* The five loops over an m x n x k problem with a team of `team` threads (1 = no parallel
   region), arranged as a grid of tm x tn (team = tm * tn, thread_grid): B blocks are packed once
   per team, cooperatively (each thread packs a share of the NR-wide micro-panels), and shared;
   each thread owns a range of rows of C (its m-way, aligned to MR), and within every B block a
   range of its columns (its n-way, aligned to NR), and packs its own A blocks (the tn threads of
   one m-way pack the same A: duplicated work of 1 / (the columns of its range) relative to
   the arithmetic, which is why m-ways are preferred). Every C element stays on the same tile
   grid and the same K order whatever the team and the grid, so results do not depend on the
   thread count. Returns 0 if the workspace could not be allocated.

   K is cut into ceil(k / KC) blocks of nearly equal length (multiples of 8 but the last): k = 2048
   with KC 336 gives 6 x 296 + 272 rather than 6 x 336 + 32, whose last short block would pay a
   whole C update for 32 k steps. The blocking rules size the packed blocks in bytes (A block:
   MC x KC, B block: KC x NC), so when the K blocks are shorter than KC the engine widens MC and NC
   in proportion (same bytes): for small k (4096 x 4096 x 16) the A block then spans whole columns
   of C, which the micro-kernel streams top to bottom (1.3-1.4x over MC 192 there, d and s).
   None of this depends on the team size. */
/* What every thread of one engine call shares. */
typedef struct {
    const engine_cfg *g;
    size_t m, n, k, mc, nc, kb_max, a_bytes, b_bytes;
    nb_t alpha, beta;
    l3_view a, b;
    nb_t *c;
    size_t rsc, csc;
    int tm, tn;
    void *buf;
} engine_job;

/* Thread t of a team of nt (1: the caller alone, outside any parallel region, where the
   barriers are no-ops). */
static void engine_thread(const engine_job *e, int t, int nt)
{
    const engine_cfg *g = e->g;
    size_t mr = g->mr, nr = g->nr, m = e->m, n = e->n, k = e->k, mc = e->mc, nc = e->nc;
    const int team = e->tm * e->tn;
    /* a team smaller than asked for (the pool gives fewer threads when it cannot start them)
       runs as one column: every thread its own rows */
    int gm = nt == team ? e->tm : nt, gn = nt == team ? e->tn : 1;
    nb_t *bpack = (nb_t *)e->buf;
    nb_t *apack = (nb_t *)((char *)e->buf + e->b_bytes + (size_t)t * e->a_bytes);
    l3_view a = e->a, b = e->b;
    size_t m0, m1;
    nb_split(m, mr, gm, t % gm, &m0, &m1);
    for (size_t jc = 0; jc < n; jc += nc) {
        size_t nb = min_sz(nc, n - jc);
        for (size_t pc = 0; pc < k; pc += e->kb_max) {
            size_t kb = min_sz(e->kb_max, k - pc);
            /* beta applies once: later K blocks accumulate onto the result of the first. */
            nb_t beta_pc = pc == 0 ? e->beta : (nb_t)1;
            size_t q0, q1;
            nb_split(nb, nr, nt, t, &q0, &q1);
            if (q1 > q0)
                g->kr->pack_b(kb, q1 - q0, b.p + pc * b.rs + (jc + q0) * b.cs, b.rs, b.cs, b.conj,
                              bpack + q0 * kb);
            if (nt > 1)
                nb_barrier();
            size_t j0, j1;
            nb_split(nb, nr, gn, t / gm, &j0, &j1);
            for (size_t ic = m0; ic < m1 && j1 > j0; ic += mc) {
                size_t mb = min_sz(mc, m1 - ic);
                g->kr->pack_a(mb, kb, a.p + ic * a.rs + pc * a.cs, a.rs, a.cs, a.conj, apack);
                macro_kernel(g->kr, mb, j1 - j0, kb, e->alpha, apack, bpack + j0 * kb, beta_pc,
                             e->c + ic * e->rsc + (jc + j0) * e->csc, e->rsc, e->csc);
            }
            /* the next B block overwrites the shared buffer */
            if (nt > 1)
                nb_barrier();
        }
    }
}

static void engine_region(void *ctx, int tid, int nt)
{
    engine_thread((const engine_job *)ctx, tid, nt);
}

static int engine(const engine_cfg *g, size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b,
                  nb_t beta, nb_t *c, size_t rsc, size_t csc, int tm, int tn)
{
    const int team = tm * tn;
    size_t mr = g->mr, nr = g->nr, kc = g->kc;
    size_t kb_max = l3_kblock(k, kc);
    size_t mc = g->mc, nc = g->nc;
    if (kb_max < kc) {
        mc = (mc * kc / kb_max) / mr * mr;
        nc = (nc * kc / kb_max) / nr * nr;
    }
    size_t m_part = round_up((m + (size_t)tm - 1) / (size_t)tm, mr);
    mc = min_sz(mc, m_part);
    size_t a_bytes = round_up(mc * kb_max * sizeof(nb_t) * l3_a_expand(g->kr->a_expand), 64);
    size_t b_bytes = round_up(kb_max * min_sz(nc, round_up(n, nr)) * sizeof(nb_t), 64);
    size_t ws_bytes = b_bytes + (size_t)team * a_bytes;
    void *buf = nb_gemm_ws_acquire(ws_bytes);
    if (!buf)
        return 0;
    engine_job e = {g, m, n, k, mc, nc, kb_max, a_bytes, b_bytes, alpha, beta, a, b, c, rsc, csc,
                    tm, tn, buf};
    /* one thread: no parallel region at all (a region of one cost libgomp about 1 us of
       allocation and futex calls, most of a 4x4x4 zgemm; the direct call depends on no runtime) */
    if (team <= 1)
        engine_thread(&e, 0, 1);
    else
        nb_parallel(team, engine_region, &e);
    nb_gemm_ws_release(buf);
    return 1;
}

/* The most m-ways (each at least thread_m_tiles MR tiles of rows) and n-ways (each at least
   thread_n_tiles NR tiles of a B block's columns) an m x n problem splits into. */
static void grid_limits(const engine_cfg *g, size_t m, size_t n, size_t *m_max, size_t *n_max)
{
    size_t mt = nb_rt.tune.thread_m_tiles ? nb_rt.tune.thread_m_tiles : 1;
    size_t nt = nb_rt.tune.thread_n_tiles ? nb_rt.tune.thread_n_tiles : 1;
    *m_max = m / (mt * g->mr), *n_max = min_sz(n, g->nc) / (nt * g->nr);
    *m_max = *m_max ? *m_max : 1, *n_max = *n_max ? *n_max : 1;
}

/* The grid for a team of `team` threads: tm m-ways by tn n-ways within grid_limits, tm * tn <=
   team as large as possible, and of the grids that reach it the one with the most m-ways. */
static void thread_grid(const engine_cfg *g, size_t m, size_t n, int team, int *tm, int *tn)
{
    size_t m_max, n_max, best_m = 1, best_n = 1;
    grid_limits(g, m, n, &m_max, &n_max);
    for (size_t i = min_sz((size_t)team, m_max); i >= 1; i--) {
        size_t j = min_sz((size_t)team / i, n_max);
        if (i * j > best_m * best_n)
            best_m = i, best_n = j;
    }
    *tm = (int)best_m, *tn = (int)best_n;
}

void NB_INT(gemm_view)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                       nb_t *c, size_t rsc, size_t csc)
{
    if (m == 0 || n == 0)
        return;
    if (alpha == 0 || k == 0) {
        NB_INT(l3_scale)(m, n, beta, c, rsc, csc);
        return;
    }
    if (csc == 1 && rsc != 1) {
        /* C stored transposed (row-major: trsm/trmm side R, symm side R): compute C**T =
           op(B)**T op(A)**T instead, so that the kernels store whole columns; the engine's
           strided stores ran dtrsm RUT 2048 at 0.76x OpenBLAS. Every element keeps its products
           and K order. */
        NB_INT(gemm_view)(n, m, k, alpha, l3_trans(b), l3_trans(a), beta, c, 1, rsc);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    double flops = (NB_COMPLEX ? 8.0 : 2.0) * (double)m * (double)n * (double)k;
    if (NB_INT(gemm_direct)(m, n, k, alpha, a, b, beta, c, rsc, csc, flops))
        return;
    engine_cfg g = engine_config();
    int tm, tn;
    size_t m_max, n_max;
    grid_limits(&g, m, n, &m_max, &n_max);
    thread_grid(&g, m, n, nb_threads_for(flops, m_max * n_max), &tm, &tn);
    if (!engine(&g, m, n, k, alpha, a, b, beta, c, rsc, csc, tm, tn))
        gemm_unblocked(m, n, k, alpha, a, b, beta, c, rsc, csc);
}

blasint NB_INT(gemm_check)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                           const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                           blasint ldc)
{
    (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    int nota = nb_same(transa, 'N'), notb = nb_same(transb, 'N');
    blasint nrowa = nota ? m : k, nrowb = notb ? k : n;
    if (!nota && !nb_same(transa, 'C') && !nb_same(transa, 'T'))
        return 1;
    if (!notb && !nb_same(transb, 'C') && !nb_same(transb, 'T'))
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if (lda < nb_max(1, nrowa))
        return 8;
    if (ldb < nb_max(1, nrowb))
        return 10;
    if (ldc < nb_max(1, m))
        return 13;
    return 0;
}

void NB_INT(gemm)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha, const nb_t *a,
                  blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    if (m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    NB_INT(gemm_view)((size_t)m, (size_t)n, (size_t)k, alpha, l3_op(a, lda, transa),
                      l3_op(b, ldb, transb), beta, c, 1, (size_t)ldc);
}

NB_EXPORT void NB_FN(gemm_)(const char *transa, const char *transb, const blasint *m, const blasint *n,
                            const blasint *k, const nb_t *alpha, const nb_t *a, const blasint *lda,
                            const nb_t *b, const blasint *ldb, const nb_t *beta, nb_t *c,
                            const blasint *ldc, nb_strlen ltransa, nb_strlen ltransb)
{
    NB_TRACE("transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(transa),
             NB_TR_CH(transb), *m, *n, *k, *lda, *ldb, *ldc);
    (void)ltransa, (void)ltransb;
    blasint info =
        NB_INT(gemm_check)(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "GEMM ", info);
        return;
    }
    NB_INT(gemm)(*transa, *transb, *m, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}
