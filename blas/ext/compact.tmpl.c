/* MKL's compact interface (include/nanoblas_compact.h): mkl_?get_size_compact,
   mkl_?gepack_compact, mkl_?geunpack_compact, mkl_?gemm_compact, and mkl_get_format_compact
   (in the s instance). One source for s, d, c, z.

   Format (checked against MKL by tests/test_compact.c): P matrices per group, element (u, v) of
   the P matrices of group g at ((g*sd + v)*ld + u) * E values, E = P (real) or 2P (complex: the P
   real parts, then the P imaginary parts), u the index along the leading dimension (the row in
   column-major, the column in row-major), sd the number of stored columns (rows in row-major).
   P = (16, 32, 64 bytes for SSE, AVX, AVX512) / sizeof(real). The last group of a batch whose nm
   is not a multiple of P is padded with identity matrices, as MKL does; gemm computes every lane
   of every group (a padded lane is as cheap as a real one), unpack writes only the nm matrices.

   Errors: xerbla with the routine's name ("mkl_dgemm_compact") and the 1-based position of the
   first illegal argument; nothing is written. MKL itself checks nothing (it computes on). */
#include <limits.h>
#include "blas/nb_template.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"
#include "nanoblas_compact.h"
#include "blas/nb_trace.h"

#if NB_PREC == 1
typedef float cp_elem; /* the element type of the caller's matrices */
#elif NB_PREC == 2
typedef double cp_elem;
#elif NB_PREC == 3
typedef mkl_compact_complex_float cp_elem;
#else
typedef mkl_compact_complex_double cp_elem;
#endif
#define CP_NC (1 + NB_COMPLEX) /* reals per element */
#define CP_STR_(x) #x
#define CP_STR(x) CP_STR_(x)
#define CP_NAME(x) "mkl_" CP_STR(NB_P) x /* for xerbla: "mkl_dgemm_compact" */

_Static_assert(sizeof(cp_elem) == CP_NC * sizeof(nb_r), "complex element = two reals");

/* Pack length of `format` for this type, 0 if the format is not one of MKL's. */
static size_t lanes(int format)
{
    if (format < NB_COMPACT_SSE || format > NB_COMPACT_AVX512)
        return 0;
    return ((size_t)16 << (format - NB_COMPACT_SSE)) / sizeof(nb_r);
}

static size_t groups(size_t nm, size_t p) { return (nm + p - 1) / p; }

/* The compact kernels of the set in use; the generic set's for a set that has none. */
static const nb_compact_kernels *kernels(void)
{
    nb_init();
    const nb_compact_kernels *k = &nb_rt.kset->compact;
    return k->format ? k : &nb_kernels_generic.compact;
}

#if NB_PREC == 1
/* The native format of the kernel set in use: its registers hold P lanes of that format. */
NB_EXPORT MKL_COMPACT_PACK mkl_get_format_compact(void)
{
    return (MKL_COMPACT_PACK)kernels()->format;
}
#endif

/* Bytes for nm matrices of ld x sd elements: nm rounded up to whole groups. */
static long long get_size(const char *name, long long ld, long long sd, int format, long long nm)
{
    size_t p = lanes(format);
    int info = ld < 0 ? 1 : sd < 0 ? 2 : !p ? 3 : nm < 0 ? 4 : 0;
    if (info) {
        nb_xerbla(name, info);
        return 0;
    }
    long long per = (long long)(groups((size_t)nm, p) * p * sizeof(cp_elem)), s;
    if (__builtin_mul_overflow(ld, sd, &s) || __builtin_mul_overflow(s, per, &s))
        return LLONG_MAX;
    return s;
}

NB_EXPORT MKL_INT NB_CAT3(mkl_, NB_P, get_size_compact)(MKL_INT ld, MKL_INT sd,
                                                       MKL_COMPACT_PACK format, MKL_INT nm)
{
    NB_TRACE("ld=%" NB_TD " sd=%" NB_TD " nm=%" NB_TD, (blasint)ld, (blasint)sd, (blasint)nm);
    const char *name = CP_NAME("get_size_compact");
    long long s = get_size(name, ld, sd, (int)format, nm);
    if (s > NB_BLASINT_MAX) { /* MKL_INT cannot hold it: report nm as too large */
        nb_xerbla(name, 4);
        return 0;
    }
    return (MKL_INT)s;
}

/* ---- pack / unpack ---- */

typedef struct {
    const cp_elem *const *src; /* pack */
    cp_elem *const *dst;       /* unpack */
    nb_r *ap;
    size_t nu, nv, lda, ldap, p, nm;
} pack_job;

/* Element (u, v) of matrix g*P + q: caller's at u + v*lda, compact at ((g*nv + v)*ldap + u)*E + q. */
static void pack_tasks(void *ctx, size_t g0, size_t g1, int tid)
{
    (void)tid;
    const pack_job *j = ctx;
    const size_t e = j->p * CP_NC;
    for (size_t g = g0; g < g1; g++) {
        nb_r *grp = j->ap + g * j->nv * j->ldap * e;
        for (size_t q = 0; q < j->p; q++) {
            size_t mi = g * j->p + q;
            const nb_r *s = mi < j->nm ? (const nb_r *)j->src[mi] : NULL;
            for (size_t v = 0; v < j->nv; v++)
                for (size_t u = 0; u < j->nu; u++) {
                    nb_r *d = grp + (v * j->ldap + u) * e + q;
                    if (s) {
                        d[0] = s[(u + v * j->lda) * CP_NC];
                        if (NB_COMPLEX)
                            d[j->p] = s[(u + v * j->lda) * CP_NC + 1];
                    } else { /* padding: an identity matrix, as MKL writes */
                        d[0] = u == v ? 1 : 0;
                        if (NB_COMPLEX)
                            d[j->p] = 0;
                    }
                }
        }
    }
}

static void unpack_tasks(void *ctx, size_t g0, size_t g1, int tid)
{
    (void)tid;
    const pack_job *j = ctx;
    const size_t e = j->p * CP_NC;
    for (size_t g = g0; g < g1; g++) {
        const nb_r *grp = j->ap + g * j->nv * j->ldap * e;
        for (size_t q = 0; q < j->p && g * j->p + q < j->nm; q++) {
            nb_r *d = (nb_r *)j->dst[g * j->p + q];
            for (size_t v = 0; v < j->nv; v++)
                for (size_t u = 0; u < j->nu; u++) {
                    const nb_r *s = grp + (v * j->ldap + u) * e + q;
                    d[(u + v * j->lda) * CP_NC] = s[0];
                    if (NB_COMPLEX)
                        d[(u + v * j->lda) * CP_NC + 1] = s[j->p];
                }
        }
    }
}

/* Checks the arguments shared by pack and unpack (positions 1 layout, 2 rows, 3 columns,
   5 lda, 7 ldap, 8 format, 9 nm); fills the job. 0 if legal. */
static int pack_check(pack_job *j, MKL_LAYOUT layout, MKL_INT rows, MKL_INT cols, MKL_INT lda,
                      MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm)
{
    int row = layout == MKL_ROW_MAJOR;
    MKL_INT lead = row ? cols : rows;
    if (layout != MKL_ROW_MAJOR && layout != MKL_COL_MAJOR)
        return 1;
    if (rows < 0)
        return 2;
    if (cols < 0)
        return 3;
    if (lda < nb_max(1, lead))
        return 5;
    if (ldap < nb_max(1, lead))
        return 7;
    j->p = lanes((int)format);
    if (!j->p)
        return 8;
    if (nm < 0)
        return 9;
    j->nu = (size_t)lead, j->nv = (size_t)(row ? rows : cols);
    j->lda = (size_t)lda, j->ldap = (size_t)ldap, j->nm = (size_t)nm;
    return 0;
}

static void pack_run(pack_job *j, void (*fn)(void *, size_t, size_t, int))
{
    size_t ng = groups(j->nm, j->p), per = j->nu * j->nv * j->p;
    if (!ng || !per)
        return;
    int team = nb_threads_for_stream((double)ng * (double)per, ng);
    size_t chunk = per >= 4096 ? 1 : 4096 / per;
    nb_run_tasks(ng, chunk, team, fn, j);
}

NB_EXPORT void NB_CAT3(mkl_, NB_P, gepack_compact)(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns,
                                                  const cp_elem *const *a, MKL_INT lda, nb_r *ap,
                                                  MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm)
{
    NB_TRACE("layout=%s rows=%" NB_TD " columns=%" NB_TD " lda=%" NB_TD " ldap=%" NB_TD " nm=%" NB_TD, NB_TR_LAYOUT(layout), (blasint)rows,
             (blasint)columns, (blasint)lda, (blasint)ldap, (blasint)nm);
    pack_job j = {0};
    int info = pack_check(&j, layout, rows, columns, lda, ldap, format, nm);
    if (info) {
        nb_xerbla(CP_NAME("gepack_compact"), info);
        return;
    }
    j.src = a, j.ap = ap;
    pack_run(&j, pack_tasks);
}

NB_EXPORT void NB_CAT3(mkl_, NB_P, geunpack_compact)(MKL_LAYOUT layout, MKL_INT rows,
                                                    MKL_INT columns, cp_elem *const *a,
                                                    MKL_INT lda, const nb_r *ap, MKL_INT ldap,
                                                    MKL_COMPACT_PACK format, MKL_INT nm)
{
    NB_TRACE("layout=%s rows=%" NB_TD " columns=%" NB_TD " lda=%" NB_TD " ldap=%" NB_TD " nm=%" NB_TD, NB_TR_LAYOUT(layout), (blasint)rows,
             (blasint)columns, (blasint)lda, (blasint)ldap, (blasint)nm);
    pack_job j = {0};
    int info = pack_check(&j, layout, rows, columns, lda, ldap, format, nm);
    if (info) {
        nb_xerbla(CP_NAME("geunpack_compact"), info);
        return;
    }
    j.dst = a, j.ap = (nb_r *)ap;
    pack_run(&j, unpack_tasks);
}

/* ---- gemm ---- */

typedef struct {
    nb_compact_gemm_fn fn;
    nb_compact_gemm_args args;
} gemm_job;

static void gemm_tasks(void *ctx, size_t g0, size_t g1, int tid)
{
    (void)tid;
    const gemm_job *j = ctx;
    j->fn(&j->args, g0, g1);
}

/* Strides (in elements) of op(X), r x c, column-major with leading dimension ld: (i, l) at
   i*rs + l*cs; gs the elements of one group (ld times the stored columns). */
static void view(int trans, size_t r, size_t c, size_t ld, size_t *rs, size_t *cs, size_t *gs)
{
    *rs = trans ? ld : 1;
    *cs = trans ? 1 : ld;
    *gs = ld * (trans ? r : c);
}

static int trans_ok(MKL_TRANSPOSE t)
{
    return t == MKL_NOTRANS || t == MKL_TRANS || t == MKL_CONJTRANS;
}

#if NB_COMPLEX
#define CP_SCALAR const cp_elem *
#define CP_RE(x) (((const nb_r *)(x))[0])
#define CP_IM(x) (((const nb_r *)(x))[1])
#else
#define CP_SCALAR nb_r
#define CP_RE(x) (x)
#define CP_IM(x) ((nb_r)0)
#endif

NB_EXPORT void NB_CAT3(mkl_, NB_P, gemm_compact)(MKL_LAYOUT layout, MKL_TRANSPOSE transa,
                                                MKL_TRANSPOSE transb, MKL_INT m, MKL_INT n,
                                                MKL_INT k, CP_SCALAR alpha, const nb_r *a,
                                                MKL_INT ldap, const nb_r *b, MKL_INT ldbp,
                                                CP_SCALAR beta, nb_r *c, MKL_INT ldcp,
                                                MKL_COMPACT_PACK format, MKL_INT nm)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " ldap=%" NB_TD " ldbp=%" NB_TD " ldcp=%" NB_TD " nm=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(transa), NB_TR_E(transb), (blasint)m, (blasint)n, (blasint)k,
             (blasint)ldap, (blasint)ldbp, (blasint)ldcp, (blasint)nm);
    int row = layout == MKL_ROW_MAJOR, ta = transa != MKL_NOTRANS, tb = transb != MKL_NOTRANS;
    /* leading dimensions: the stored rows (column-major) or columns (row-major) */
    MKL_INT lda_min = (row ? !ta : ta) ? k : m, ldb_min = (row ? !tb : tb) ? n : k;
    size_t p = lanes((int)format);
    int info = 0;
    if (layout != MKL_ROW_MAJOR && layout != MKL_COL_MAJOR)
        info = 1;
    else if (!trans_ok(transa))
        info = 2;
    else if (!trans_ok(transb))
        info = 3;
    else if (m < 0)
        info = 4;
    else if (n < 0)
        info = 5;
    else if (k < 0)
        info = 6;
    else if (ldap < nb_max(1, lda_min))
        info = 9;
    else if (ldbp < nb_max(1, ldb_min))
        info = 11;
    else if (ldcp < nb_max(1, row ? n : m))
        info = 14;
    else if (!p)
        info = 15;
    else if (nm < 0)
        info = 16;
    if (info) {
        nb_xerbla(CP_NAME("gemm_compact"), info);
        return;
    }
    size_t ng = groups((size_t)nm, p);
    if (m == 0 || n == 0 || ng == 0)
        return;
    gemm_job j;
    nb_compact_gemm_args *g = &j.args;
    j.fn = kernels()->gemm[NB_PREC - 1][format - NB_COMPACT_SSE];
    /* Row-major C = op(A) op(B) is column-major C**T = op(B)**T op(A)**T on the same buffers:
       swap the operands, so that the kernels see one layout (and their unit-stride tiles
       serve row-major NN as well as column-major NN). */
    int sw = row;
    g->m = (size_t)(sw ? n : m), g->n = (size_t)(sw ? m : n), g->k = (size_t)k;
    g->ngroups = ng;
    g->a = sw ? b : a, g->b = sw ? a : b, g->c = c;
    view(sw ? tb : ta, g->m, g->k, (size_t)(sw ? ldbp : ldap), &g->a_rs, &g->a_cs, &g->a_gs);
    view(sw ? ta : tb, g->k, g->n, (size_t)(sw ? ldap : ldbp), &g->b_rs, &g->b_cs, &g->b_gs);
    view(0, g->m, g->n, (size_t)ldcp, &g->c_rs, &g->c_cs, &g->c_gs);
    g->alpha[0] = CP_RE(alpha), g->alpha[1] = CP_IM(alpha);
    g->beta[0] = CP_RE(beta), g->beta[1] = CP_IM(beta);
    int ca = NB_COMPLEX && transa == MKL_CONJTRANS, cb = NB_COMPLEX && transb == MKL_CONJTRANS;
    g->conj_a = sw ? cb : ca;
    g->conj_b = sw ? ca : cb;
    /* One task = one group; a chunk of groups of at least ~64 Kflop keeps the shared counter
       off the profile at tiny sizes, and at least 8 chunks per thread balance the team. */
    double per = (NB_COMPLEX ? 8.0 : 2.0) * (double)m * (double)n * (double)k * (double)p;
    /* the team follows the flops or, for the small sizes that stream their operands from L3
       (memory-bound: 16384 4x4 problems are 2 Mflop but 25 MB), the elements touched */
    double elems = (double)((m * (size_t)k + (size_t)k * n + 2 * m * (size_t)n) * p) * (double)ng;
    int team = nb_threads_for(per * (double)ng, ng), team_mem = nb_threads_for_stream(elems, ng);
    team = team > team_mem ? team : team_mem;
    size_t chunk = per >= 65536.0 ? 1 : (size_t)(65536.0 / (per + 1.0)) + 1;
    size_t cap = ng / (8 * (size_t)team);
    if (team > 1 && chunk > cap)
        chunk = cap ? cap : 1;
    nb_run_tasks(ng, chunk, team, gemm_tasks, &j);
}
