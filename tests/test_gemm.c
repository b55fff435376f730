/* Differential test of ?gemm (s and d thoroughly, c and z lightly) against a plain triple loop in
   long double, aimed at the edges of the kernel set in use (run once per set with
   NANOBLAS_ARCH=<set>):

   - m and n over every residue of the register tiles (MR x NR of avx512, avx2 and generic, plus
     the no-packing kernels' own tiles), k around the micro-kernel's unrolling and KC;
   - every driver path: the no-packing small path (all dims <= small_dim: 128 for d, 192 for s
     in the default tuning entry), m-skinny (m <= m_skinny, 128, K blocked by the driver's L2
     budget), n-skinny (n <= n_skinny, 64, A not transposed), the CBLAS shortcut for small legal
     calls, and the packed five-loop engine, with m across MC, k across KC (kc-1, kc, kc+1,
     2kc+1) and n across NC; the block sizes and the path limits are read at run time from
     nanoblas_get_config() (its gemm and tuning lines), so the boundary shapes follow the tuning
     entry in use (NANOBLAS_UARCH, NANOBLAS_TUNE);
   - the Fortran entry points and CBLAS in both layouts, every TRANSA/TRANSB in N, T, C;
   - leading dimensions larger than needed, with NaN in the padding of A and B (a read of it shows
     up in C) and a mix of finite values, -0.0 and signalling NaNs in the padding of C, which
     must be bitwise unchanged, as must A, B and the guard zones around every buffer;
   - alpha in {1, -1, 0, 0.5, random}, beta in {0, 1, -1, random}; beta = 0 with C full of NaN
     (must not be read), alpha = 0 with A and B full of NaN (must not be read), and a NaN placed
     in op(A) or op(B) that must reach exactly its row or column of C;
   - the same problem through ?gemm_ and cblas_?gemm (column-major) must agree bitwise.

   Tolerance per element: (k + 4) * eps * (|alpha| sum_l |a_il||b_lj| + |beta||c_ij|), doubled for
   complex types. The program then runs itself twice more with tiny/odd NANOBLAS_MC/KC/NC so that
   small shapes cross every blocking boundary of the engine many times.

   TEST_GEMM_SEED=<n> varies the random choices (default 1); failing cases print their parameters
   (the first 10 per pass), with the case number and seed. */
#include <ctype.h>
#include <float.h>
#include <stdarg.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/testutil.h"
#include "include/cblas.h"
#include "include/nanoblas.h"

typedef long double ldbl;

#define FPROTO(T, p)                                                                                   \
    void p##gemm_(const char *, const char *, const tint *, const tint *, const tint *, const T *,        \
                  const T *, const tint *, const T *, const tint *, const T *, T *, const tint *, size_t, \
                  size_t);
FPROTO(float, s)
FPROTO(double, d)
FPROTO(float _Complex, c)
FPROTO(double _Complex, z)

/* ---- our error handlers: a valid call must never reach them ---- */
static int xerbla_calls;
void xerbla_(const char *name, const tint *info, size_t len);
void xerbla_(const char *name, const tint *info, size_t len)
{
    (void)name, (void)info, (void)len;
    xerbla_calls++;
}
void cblas_xerbla(tint p, const char *rout, const char *form, ...)
{
    (void)p, (void)rout, (void)form;
    xerbla_calls++;
}

/* ---- element types ---- */
enum { TS, TD, TC, TZ };
static const char PCH[] = "sdcz";
static const size_t ESZ[4] = {sizeof(float), sizeof(double), 2 * sizeof(float), 2 * sizeof(double)};
static int cplx(int t) { return t >= TC; }
static ldbl eps_of(int t) { return (t == TS || t == TC) ? FLT_EPSILON : DBL_EPSILON; }

static void getv(int t, const void *p, size_t i, ldbl *re, ldbl *im)
{
    switch (t) {
    case TS: *re = ((const float *)p)[i], *im = 0; break;
    case TD: *re = ((const double *)p)[i], *im = 0; break;
    case TC: *re = ((const float *)p)[2 * i], *im = ((const float *)p)[2 * i + 1]; break;
    default: *re = ((const double *)p)[2 * i], *im = ((const double *)p)[2 * i + 1]; break;
    }
}
static void putv(int t, void *p, size_t i, double re, double im)
{
    switch (t) {
    case TS: ((float *)p)[i] = (float)re; break;
    case TD: ((double *)p)[i] = re; break;
    case TC: ((float *)p)[2 * i] = (float)re, ((float *)p)[2 * i + 1] = (float)im; break;
    default: ((double *)p)[2 * i] = re, ((double *)p)[2 * i + 1] = im; break;
    }
}
/* A signalling NaN in every real component of element i: an arithmetic pass over it (even
   1*x + 0) turns it quiet, so a write-back of an element that must not be touched shows. */
static void put_snan(int t, void *p, size_t i)
{
    int parts = cplx(t) ? 2 : 1;
    for (int q = 0; q < parts; q++) {
        if (t == TS || t == TC) {
            uint32_t bits = 0x7fa00001u;
            memcpy((char *)p + i * ESZ[t] + q * 4, &bits, 4);
        } else {
            uint64_t bits = 0x7ff4000000000001ull;
            memcpy((char *)p + i * ESZ[t] + q * 8, &bits, 8);
        }
    }
}

/* ---- block sizes of the kernel set in use (nanoblas_get_config text) ---- */
typedef struct {
    int mr, nr, mc, kc, nc;
} blk;
static blk BL[4];
static const char *kset_name;

static int parse_config(void)
{
    const char *cfg = nanoblas_get_config();
    int found = 0;
    for (int t = 0; t < 4; t++) {
        char key[16];
        snprintf(key, sizeof key, "%cgemm: ", PCH[t]);
        const char *s = cfg;
        blk b = {8, 4, 128, 256, 4096}; /* fallback: the test still runs, but the check fails */
        while ((s = strstr(s, key)) != NULL) {
            if (s == cfg || s[-1] == '\n')
                break;
            s++;
        }
        if (s && sscanf(s + strlen(key), "MR %d NR %d MC %d KC %d NC %d", &b.mr, &b.nr, &b.mc, &b.kc,
                        &b.nc) == 5 &&
            b.mr > 0 && b.nr > 0 && b.mc > 0 && b.kc > 0 && b.nc > 0)
            found++;
        BL[t] = b;
    }
    return found == 4;
}

/* ---- failure accounting: every check counts, the first few failures are printed ---- */
static int max_print = 10, printed;
/* The driver's path limits (blas/level3/gemm_direct.tmpl.c takes them from the tuning entry,
   arch/tuning.h), read by parse_tuning() from the config's `tuning:` line so that every path and
   the boundaries between them are hit for the entry in use; the defaults here (the default
   entry's values) stand when the line cannot be read, and then only coverage shifts.
   The m-skinny L2 budget (m_skinny_l2_bytes) is not printed: 512 KiB is assumed, the value of
   every entry in arch/uarch.c today (NB_TUNE_DEFAULTS), unless NANOBLAS_TUNE sets it. It only
   places the k of the m-skinny cases around the K block; a different budget shifts coverage. */
static int lim_small_s = 192, lim_small_d = 128, lim_m_skinny = 128, lim_n_skinny = 64;
static size_t lim_l2_budget = (size_t)512 << 10;
static int l2_from_env;
static char tune_uarch[32] = "?";
#define DIRECT_M_SKINNY lim_m_skinny
#define DIRECT_N_SKINNY lim_n_skinny
#define DIRECT_L2_BUDGET lim_l2_budget
#define SMALL_DIM(t) (ESZ[t] == 8 || ESZ[t] == 16 ? lim_small_d : lim_small_s)
/* at least 1, for the ranges built from a limit that a tuning override set to 0 */
static int atl1(int v) { return v < 1 ? 1 : v; }

/* The line of nanoblas_get_config() that starts with `key`, or NULL. */
static const char *config_line(const char *cfg, const char *key)
{
    for (const char *s = cfg; (s = strstr(s, key)) != NULL; s++)
        if (s == cfg || s[-1] == '\n')
            return s;
    return NULL;
}

/* The path limits from `tuning: ... small_dim s S d D m_skinny M n_skinny N ...`; 1 when read. */
static int parse_tuning(void)
{
    const char *cfg = nanoblas_get_config();
    const char *u = config_line(cfg, "uarch: ");
    if (u)
        sscanf(u + 7, "%31s", tune_uarch);
    const char *line = config_line(cfg, "tuning: ");
    const char *eol = line ? strchr(line, '\n') : NULL;
    const char *f = line ? strstr(line, " small_dim s ") : NULL;
    int s = 0, d = 0, m = 0, n = 0;
    if (!f || (eol && f > eol) ||
        sscanf(f, " small_dim s %d d %d m_skinny %d n_skinny %d", &s, &d, &m, &n) != 4 || s < 0 ||
        d < 0 || m < 0 || n < 0)
        return 0;
    lim_small_s = s, lim_small_d = d, lim_m_skinny = m, lim_n_skinny = n;
    const char *env = getenv("NANOBLAS_TUNE"), *b = env ? strstr(env, "m_skinny_l2_bytes=") : NULL;
    if (b && (b == env || b[-1] == ',')) {
        char *end;
        unsigned long long v = strtoull(b + 18, &end, 10);
        if (end != b + 18 && (*end == ',' || !*end) && v > 0 && v <= 0xffffffffull)
            lim_l2_budget = (size_t)v, l2_from_env = 1;
    }
    return 1;
}

static uint64_t base_seed = 1;
static int pass_no;
static long case_no;

static void check(int ok, const char *ctx, const char *fmt, ...)
{
    tu_checks++;
    if (ok)
        return;
    tu_failures++;
    if (printed++ >= max_print) {
        if (printed == max_print + 1)
            fprintf(stderr, "FAIL ... (further failures of this pass not printed)\n");
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "FAIL [seed %llu pass %d case %ld set %s] %s: ", (unsigned long long)base_seed,
            pass_no, case_no, kset_name, ctx);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- matrices: element (i, j) of a rows x cols matrix at i + j*ld (column-major) or i*ld + j
   (row-major), in a guarded buffer; everything outside the matrix is padding ---- */
typedef struct {
    int t, row, rows, cols, ld;
    size_t n;
    tu_buf g;
    void *p;
    unsigned char *snap;
} gmat;

static size_t gidx(const gmat *x, int i, int j)
{
    return x->row ? (size_t)i * (size_t)x->ld + (size_t)j : (size_t)j * (size_t)x->ld + (size_t)i;
}
static int in_payload(const gmat *x, size_t idx)
{
    return (int)(idx % (size_t)x->ld) < (x->row ? x->cols : x->rows);
}
static void gmat_init(gmat *x, int t, int row, int rows, int cols, int pad)
{
    int inner = row ? cols : rows, outer = row ? rows : cols;
    x->t = t, x->row = row, x->rows = rows, x->cols = cols;
    x->ld = (inner > 1 ? inner : 1) + pad;
    x->n = (size_t)x->ld * (size_t)(outer > 0 ? outer : 0);
    if (x->n == 0)
        x->n = 1;
    x->p = tu_alloc(&x->g, x->n, ESZ[t]);
    for (size_t i = 0; i < x->n; i++)
        putv(t, x->p, i, NAN, NAN);
    x->snap = NULL;
}
static void gmat_fill(gmat *x)
{
    int c = cplx(x->t);
    for (int j = 0; j < x->cols; j++)
        for (int i = 0; i < x->rows; i++)
            putv(x->t, x->p, gidx(x, i, j), tu_rand(), c ? tu_rand() : 0);
}
static void gmat_snap(gmat *x)
{
    x->snap = malloc(x->n * ESZ[x->t]);
    memcpy(x->snap, x->p, x->n * ESZ[x->t]);
}
static void gmat_free(gmat *x)
{
    tu_free(&x->g);
    free(x->snap);
}
/* op(X)(i, l) as long double parts, X stored with trans letter tr */
static void op_get(const gmat *x, char tr, int i, int l, ldbl *re, ldbl *im)
{
    if (tr == 'N')
        getv(x->t, x->p, gidx(x, i, l), re, im);
    else {
        getv(x->t, x->p, gidx(x, l, i), re, im);
        if (tr == 'C')
            *im = -*im;
    }
}
static size_t op_idx(const gmat *x, char tr, int i, int l) { return tr == 'N' ? gidx(x, i, l) : gidx(x, l, i); }

/* ---- the calls ---- */
enum { IF_F77, IF_CCOL, IF_CROW };
static const char *IFN[] = {"f77", "cblas-col", "cblas-row"};

static CBLAS_TRANSPOSE cbt(char c) { return c == 'N' ? CblasNoTrans : c == 'T' ? CblasTrans : CblasConjTrans; }
static char rcase(char c) { return (tu_next() & 1) ? (char)tolower(c) : c; }

static void call_gemm(int t, int iface, char ta, char tb, tint m, tint n, tint k, const void *al,
                      const void *a, tint lda, const void *b, tint ldb, const void *be, void *c, tint ldc)
{
    if (iface == IF_F77) {
        char fa = rcase(ta), fb = rcase(tb);
        switch (t) {
        case TS: sgemm_(&fa, &fb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1); break;
        case TD: dgemm_(&fa, &fb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1); break;
        case TC: cgemm_(&fa, &fb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1); break;
        default: zgemm_(&fa, &fb, &m, &n, &k, al, a, &lda, b, &ldb, be, c, &ldc, 1, 1); break;
        }
        return;
    }
    CBLAS_LAYOUT lay = iface == IF_CROW ? CblasRowMajor : CblasColMajor;
    switch (t) {
    case TS:
        cblas_sgemm(lay, cbt(ta), cbt(tb), m, n, k, *(const float *)al, a, lda, b, ldb,
                    *(const float *)be, c, ldc);
        break;
    case TD:
        cblas_dgemm(lay, cbt(ta), cbt(tb), m, n, k, *(const double *)al, a, lda, b, ldb,
                    *(const double *)be, c, ldc);
        break;
    case TC: cblas_cgemm(lay, cbt(ta), cbt(tb), m, n, k, al, a, lda, b, ldb, be, c, ldc); break;
    default: cblas_zgemm(lay, cbt(ta), cbt(tb), m, n, k, al, a, lda, b, ldb, be, c, ldc); break;
    }
}

/* ---- one case ---- */
typedef struct {
    int t, iface;
    char ta, tb;
    int m, n, k;
    int pa, pb, pc; /* leading-dimension padding */
    int ai, bi;     /* scalar classes: alpha 1, -1, 0, 0.5, random; beta 0, 1, -1, random */
    int nan_ab;     /* place a NaN in op(A) and in op(B) */
    const char *tag;
} gcase;

static double macs; /* reference multiply-adds (complex counted as 4) */

static void pick_scalar(int t, int cls, int is_alpha, ldbl *re, ldbl *im, void *store)
{
    static const double av[] = {1, -1, 0, 0.5}, bv[] = {0, 1, -1};
    double r, i = 0;
    if (is_alpha ? cls < 4 : cls < 3)
        r = is_alpha ? av[cls] : bv[cls];
    else {
        r = 2 * tu_rand();
        i = cplx(t) ? 2 * tu_rand() : 0;
    }
    putv(t, store, 0, r, i);
    getv(t, store, 0, re, im); /* the values rounded to the type, as the library sees them */
}

static void run_case(const gcase *cs)
{
    const int t = cs->t, m = cs->m, n = cs->n, k = cs->k, cx = cplx(t);
    const int row = cs->iface == IF_CROW;
    const char ta = cs->ta, tb = cs->tb;
    if (!tu_sampled())
        return;
    case_no++;
    unsigned char alb[16], beb[16];
    ldbl alr, ali, ber, bei;
    pick_scalar(t, cs->ai, 1, &alr, &ali, alb);
    pick_scalar(t, cs->bi, 0, &ber, &bei, beb);
    const int a0 = alr == 0 && ali == 0, b0 = ber == 0 && bei == 0;

    gmat a, b, c;
    gmat_init(&a, t, row, ta == 'N' ? m : k, ta == 'N' ? k : m, cs->pa);
    gmat_init(&b, t, row, tb == 'N' ? k : n, tb == 'N' ? n : k, cs->pb);
    gmat_init(&c, t, row, m, n, cs->pc);
    if (!a0) {
        gmat_fill(&a);
        gmat_fill(&b);
    }
    int nan_i = -1, nan_j = -1;
    if (cs->nan_ab && !a0 && m > 0 && n > 0 && k > 0) {
        nan_i = tu_randint(0, m - 1), nan_j = tu_randint(0, n - 1);
        putv(t, a.p, op_idx(&a, ta, nan_i, tu_randint(0, k - 1)), NAN, 0);
        putv(t, b.p, op_idx(&b, tb, tu_randint(0, k - 1), nan_j), NAN, 0);
    }
    if (!b0)
        gmat_fill(&c);
    /* C's padding: finite values, -0.0 and signalling NaNs, all of which must stay bit for bit */
    for (size_t idx = 0; idx < c.n; idx++)
        if (!in_payload(&c, idx)) {
            switch (idx % 3) {
            case 0: putv(t, c.p, idx, tu_rand(), tu_rand()); break;
            case 1: putv(t, c.p, idx, -0.0, -0.0); break;
            default: put_snan(t, c.p, idx); break;
            }
        }
    if (m == 0 || n == 0) /* C is then empty, but its buffer is not: fill it anyway */
        for (size_t idx = 0; idx < c.n; idx++)
            putv(t, c.p, idx, tu_rand(), 0);
    gmat_snap(&a);
    gmat_snap(&b);
    gmat_snap(&c);

    /* ---- the reference: want and magnitude per element of C (column-major m x n) ---- */
    size_t mn = (size_t)m * (size_t)n;
    ldbl *wr = calloc(mn + 1, sizeof *wr), *wi = calloc(mn + 1, sizeof *wi);
    ldbl *mag = calloc(mn + 1, sizeof *mag);
    int use_ab = !a0 && k > 0 && mn > 0;
    if (use_ab) {
        size_t mk = (size_t)m * (size_t)k, kn = (size_t)k * (size_t)n;
        ldbl *Ar = malloc(mk * sizeof *Ar), *Ai = cx ? malloc(mk * sizeof *Ai) : NULL;
        ldbl *Br = malloc(kn * sizeof *Br), *Bi = cx ? malloc(kn * sizeof *Bi) : NULL;
        double *Am = malloc(mk * sizeof *Am), *Bm = malloc(kn * sizeof *Bm);
        for (int l = 0; l < k; l++)
            for (int i = 0; i < m; i++) {
                ldbl re, im;
                op_get(&a, ta, i, l, &re, &im);
                size_t q = (size_t)l * m + i;
                Ar[q] = re;
                if (cx)
                    Ai[q] = im;
                Am[q] = (double)(fabsl(re) + fabsl(im));
            }
        for (int j = 0; j < n; j++)
            for (int l = 0; l < k; l++) {
                ldbl re, im;
                op_get(&b, tb, l, j, &re, &im);
                size_t q = (size_t)j * k + l;
                Br[q] = re;
                if (cx)
                    Bi[q] = im;
                Bm[q] = (double)(fabsl(re) + fabsl(im));
            }
        double *sm = malloc((size_t)m * sizeof *sm);
        for (int j = 0; j < n; j++) {
            ldbl *sr = wr + (size_t)j * m, *si = wi + (size_t)j * m;
            for (int i = 0; i < m; i++)
                sm[i] = 0;
            for (int l = 0; l < k; l++) {
                size_t q = (size_t)j * k + l;
                const ldbl br = Br[q], *ar = Ar + (size_t)l * m;
                const double bm = Bm[q], *am = Am + (size_t)l * m;
                if (cx) {
                    const ldbl bi = Bi[q], *ai = Ai + (size_t)l * m;
                    for (int i = 0; i < m; i++) {
                        sr[i] += ar[i] * br - ai[i] * bi;
                        si[i] += ar[i] * bi + ai[i] * br;
                    }
                } else {
                    for (int i = 0; i < m; i++)
                        sr[i] += ar[i] * br;
                }
                for (int i = 0; i < m; i++)
                    sm[i] += am[i] * bm;
            }
            ldbl aabs = fabsl(alr) + fabsl(ali);
            for (int i = 0; i < m; i++) {
                ldbl r = sr[i], im = si[i];
                sr[i] = alr * r - ali * im;
                si[i] = alr * im + ali * r;
                mag[(size_t)j * m + i] = aabs * sm[i];
            }
        }
        free(sm);
        free(Ar), free(Ai), free(Br), free(Bi), free(Am), free(Bm);
        macs += (double)m * n * k * (cx ? 4 : 1);
    }
    if (!b0)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                ldbl cr, ci;
                getv(t, c.snap, gidx(&c, i, j), &cr, &ci);
                size_t q = (size_t)j * m + i;
                wr[q] += ber * cr - bei * ci;
                wi[q] += ber * ci + bei * cr;
                mag[q] += (fabsl(ber) + fabsl(bei)) * (fabsl(cr) + fabsl(ci));
            }

    /* ---- the call, and the same call through the other column-major interface ---- */
    xerbla_calls = 0;
    call_gemm(t, cs->iface, ta, tb, m, n, k, alb, a.p, a.ld, b.p, b.ld, beb, c.p, c.ld);
    void *c2 = NULL;
    if (cs->iface != IF_CROW) {
        c2 = malloc(c.n * ESZ[t]);
        memcpy(c2, c.snap, c.n * ESZ[t]);
        call_gemm(t, cs->iface == IF_F77 ? IF_CCOL : IF_F77, ta, tb, m, n, k, alb, a.p, a.ld, b.p,
                  b.ld, beb, c2, c.ld);
    }

    char ctx[240];
    snprintf(ctx, sizeof ctx,
             "%s %cgemm %s ta=%c tb=%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=%.4Lg%+.4Lgi "
             "beta=%.4Lg%+.4Lgi%s",
             cs->tag, PCH[t], IFN[cs->iface], ta, tb, m, n, k, a.ld, b.ld, c.ld, alr, ali, ber, bei,
             nan_i >= 0 ? " nan-in-A/B" : "");

    /* values */
    const ldbl tol = (ldbl)(k + 4) * eps_of(t) * (cx ? 2 : 1);
    long bad = 0;
    int bi_ = 0, bj_ = 0;
    ldbl bgr = 0, bgi = 0, bwr = 0, bwi = 0;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            size_t q = (size_t)j * m + i;
            ldbl gr, gi, wre = wr[q], wim = wi[q];
            getv(t, c.p, gidx(&c, i, j), &gr, &gi);
            int ok;
            if (i == nan_i || j == nan_j) /* a NaN in op(A) row i / op(B) column j reaches C */
                ok = isnan(gr) && (!cx || isnan(gi));
            else
                ok = !isnan(wre) && !isnan(wim) && fabsl(gr - wre) <= tol * mag[q] &&
                     fabsl(gi - wim) <= tol * mag[q];
            if (!ok && bad++ == 0)
                bi_ = i, bj_ = j, bgr = gr, bgi = gi, bwr = wre, bwi = wim;
        }
    check(bad == 0, ctx, "%ld wrong elements of C, first (%d,%d): got %.10Lg%+.10Lgi want %.10Lg%+.10Lgi tol %.3Lg", bad,
          bi_, bj_, bgr, bgi, bwr, bwi, tol * mag[(size_t)bj_ * m + bi_]);

    /* the padding of C, bitwise */
    long padbad = 0;
    size_t pfirst = 0;
    for (size_t idx = 0; idx < c.n; idx++)
        if ((m == 0 || n == 0 || !in_payload(&c, idx)) &&
            memcmp((char *)c.p + idx * ESZ[t], c.snap + idx * ESZ[t], ESZ[t]) != 0 && padbad++ == 0)
            pfirst = idx;
    check(padbad == 0, ctx, "%ld elements of C outside the m x n matrix changed, first at offset %zu",
          padbad, pfirst);
    check(tu_guard_ok(&c.g) && tu_guard_ok(&a.g) && tu_guard_ok(&b.g), ctx,
          "guard zone overwritten (C %d, A %d, B %d)", !tu_guard_ok(&c.g), !tu_guard_ok(&a.g),
          !tu_guard_ok(&b.g));
    check(memcmp(a.p, a.snap, a.n * ESZ[t]) == 0 && memcmp(b.p, b.snap, b.n * ESZ[t]) == 0, ctx,
          "A or B was modified");
    check(xerbla_calls == 0, ctx, "an error handler was called %d times", xerbla_calls);
    if (c2) {
        check(memcmp(c.p, c2, c.n * ESZ[t]) == 0, ctx, "?gemm_ and cblas_?gemm (column-major) differ bitwise");
        free(c2);
    }
    free(wr), free(wi), free(mag);
    gmat_free(&a);
    gmat_free(&b);
    gmat_free(&c);
}

/* ---- case generation ---- */
static int pick(const int *v, int n) { return v[tu_randint(0, n - 1)]; }
#define PICK(arr) pick(arr, (int)(sizeof(arr) / sizeof(arr[0])))

static int rand_pad(void)
{
    int r = tu_randint(0, 15);
    return r < 4 ? 0 : r < 13 ? tu_randint(1, 7) : tu_randint(8, 40);
}

/* Random interface, transposes, padding and scalars; the shape is set by the caller. */
static gcase rand_case(int t, const char *tag, int m, int n, int k)
{
    gcase c;
    c.t = t, c.tag = tag, c.m = m, c.n = n, c.k = k;
    c.iface = tu_randint(0, 2);
    c.ta = "NTC"[tu_randint(0, 2)];
    c.tb = "NTC"[tu_randint(0, 2)];
    c.pa = rand_pad(), c.pb = rand_pad(), c.pc = rand_pad();
    int r = tu_randint(0, 19);
    c.ai = r < 6 ? 0 : r < 8 ? 1 : r < 10 ? 2 : r < 12 ? 3 : 4;
    r = tu_randint(0, 19);
    c.bi = r < 6 ? 0 : r < 11 ? 1 : r < 13 ? 2 : 3;
    c.nan_ab = tu_randint(0, 11) == 0;
    return c;
}

/* k: around the micro-kernels' unrolling (4) and C prefetch point (32), and around KC when the
   problem stays cheap. */
static int pick_k(int t, int m, int n)
{
    static const int ks[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 32, 33, 63, 64, 65, 97, 128};
    int kc = BL[t].kc;
    if ((double)m * n * (2.0 * kc + 1) <= 1.5e6 && tu_randint(0, 4) == 0) {
        int kk[] = {kc - 1, kc, kc + 1, 2 * kc + 1};
        int v = PICK(kk);
        return v < 0 ? 0 : v;
    }
    return PICK(ks);
}

static const int n_res[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 23, 24, 25,
                            31, 47, 48, 49, 95, 96, 97, 100, 101, 102};
static int pick_n(void) { return PICK(n_res); }

/* m: every value 1..129 (all residues mod 8, 16, 32, 64, both sides of 64 and 96) and a few larger */
static int pick_m(int t)
{
    const blk *b = &BL[t];
    if (tu_randint(0, 5))
        return tu_randint(1, 129);
    int big[] = {b->mr - 1, b->mr + 1, 2 * b->mr + 1, 3 * b->mr - 1, b->mc - 1, b->mc + 1, 2 * b->mc + 1,
                 191, 255, 257};
    int v = PICK(big);
    return v < 1 ? 1 : v;
}

/* Makes the column-major problem the library solves m x n whatever the interface (a row-major
   call is solved as C**T = op(B)**T op(A)**T, an n x m problem whose A is B), and, when
   a_notrans >= 0, that problem's A not transposed (1) or transposed (0). */
static void force_shape(gcase *c, int m, int n, int a_notrans)
{
    char *tr = c->iface == IF_CROW ? &c->tb : &c->ta;
    if (c->iface == IF_CROW)
        c->m = n, c->n = m;
    else
        c->m = m, c->n = n;
    if (a_notrans == 1)
        *tr = 'N';
    else if (a_notrans == 0 && *tr == 'N')
        *tr = (tu_next() & 1) ? 'T' : 'C';
}

/* Kernel-set tile residues: every m against a random n, every n against a random m, and the full
   grid of small m x n (the no-packing path and the engine's edge tiles). */
static void phase_residues(int t, int full)
{
    for (int m = 1; m <= 129; m++)
        for (int r = 0; r < (full ? 2 : 1); r++) {
            int n = pick_n();
            gcase c = rand_case(t, "res-m", m, n, pick_k(t, m, n));
            run_case(&c);
        }
    const blk *b = &BL[t];
    int extra_m[] = {b->mr - 1, b->mr, b->mr + 1, 2 * b->mr - 1, 2 * b->mr, 2 * b->mr + 1,
                     b->mc - 1, b->mc, b->mc + 1, b->mc + b->mr - 1, 2 * b->mc + 1};
    for (size_t q = 0; q < sizeof extra_m / sizeof extra_m[0]; q++) {
        int m = extra_m[q] < 1 ? 1 : extra_m[q], n = pick_n();
        gcase c = rand_case(t, "res-m2", m, n, pick_k(t, m, n));
        run_case(&c);
    }
    int extra_n[] = {b->nr - 1, b->nr, b->nr + 1, 2 * b->nr - 1, 2 * b->nr + 1, 8 * b->nr + 1};
    for (size_t q = 0; q < sizeof n_res / sizeof n_res[0] + sizeof extra_n / sizeof extra_n[0]; q++)
        for (int r = 0; r < (full ? 3 : 1); r++) {
            int n = q < sizeof n_res / sizeof n_res[0] ? n_res[q] : extra_n[q - sizeof n_res / sizeof n_res[0]];
            n = n < 1 ? 1 : n;
            int m = pick_m(t);
            gcase c = rand_case(t, "res-n", m, n, pick_k(t, m, n));
            run_case(&c);
        }
    /* small grid: m 1..17 x n 1..13 and the engine's m 65..129 x n 1..13, 17 */
    for (int m = 1; m <= 17; m++)
        for (int n = 1; n <= 13; n++) {
            gcase c = rand_case(t, "grid", m, n, pick_k(t, m, n));
            run_case(&c);
        }
    /* the engine's edge tiles: m beyond the small and m-skinny limits (every residue of the
       largest MR), n small with the problem's A transposed so that the n-skinny path (which
       needs A not transposed) is not taken */
    if (full)
        for (int m = DIRECT_M_SKINNY + 1; m <= DIRECT_M_SKINNY + 65; m++)
            for (int n = 1; n <= 14; n++) {
                int nn = n == 14 ? 17 : n;
                int ks[] = {1, 3, 8, 33, 97, 100, SMALL_DIM(t) + 1};
                gcase c = rand_case(t, "grid-engine", m, nn, PICK(ks));
                force_shape(&c, m, nn, 0);
                run_case(&c);
            }
}

/* The no-packing path: every dimension at most SMALL_DIM. */
static void phase_direct(int t)
{
    int lim = atl1(SMALL_DIM(t));
    for (int r = 0; r < 40; r++) {
        int hi = r < 20 && lim > 64 ? 64 : lim; /* most calls small enough for the CBLAS shortcut */
        gcase c = rand_case(t, "small", tu_randint(1, hi), tu_randint(1, hi), tu_randint(0, hi));
        run_case(&c);
    }
    for (int r = 0; r < 12; r++) { /* just above: m or n or k = lim + 1 */
        int d[3] = {tu_randint(1, lim), tu_randint(1, lim), tu_randint(1, lim)};
        d[r % 3] = lim + 1;
        gcase c = rand_case(t, "small-edge", d[0], d[1], d[2]);
        run_case(&c);
    }
}

/* m-skinny (m <= m_skinny, n or k large): the driver blocks K by an L2 budget (m_skinny_l2_bytes,
   512 KiB assumed, see DIRECT_L2_BUDGET) / (m * esize), at least 64 (gemm_direct.tmpl.c); k is
   taken around that block when it is affordable. A narrow n keeps the work under the threading
   threshold (the one-thread branch), a wide one over it (a team splits the columns). */
static void phase_m_skinny(int t)
{
    static const int ms[] = {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 127, 128};
    for (int r = 0; r < 16; r++) {
        int m = r < 6 ? atl1(DIRECT_M_SKINNY - r / 2) : PICK(ms);
        if (m > DIRECT_M_SKINNY) /* an entry with a smaller limit */
            m = tu_randint(1, atl1(DIRECT_M_SKINNY));
        int n = r % 2 ? tu_randint(1, 30) : tu_randint(SMALL_DIM(t) + 1, SMALL_DIM(t) + 160);
        size_t kb = DIRECT_L2_BUDGET / ((size_t)m * ESZ[t]);
        kb = kb < 64 ? 64 : kb; /* the driver's floor */
        int k;
        if (kb <= 1600) {
            int ks[] = {(int)kb - 1, (int)kb, (int)kb + 1, 2 * (int)kb + 1};
            k = PICK(ks);
        } else
            k = tu_randint(97, 700);
        gcase c = rand_case(t, "m-skinny", m, n, k);
        force_shape(&c, m, n, -1);
        run_case(&c);
    }
}

/* n-skinny (n <= n_skinny, m and k large, A not transposed in the column-major problem): K
   blocks and row blocks of a few cache lines per column (the tuning entry's n_skinny_kb and
   n_skinny_row_bytes). */
static void phase_n_skinny(int t)
{
    static const int ks[] = {97, 200, 255, 256, 257, 513, 1025};
    for (int r = 0; r < 12; r++) {
        int n = r < 4 ? atl1(DIRECT_N_SKINNY - r / 2) : tu_randint(1, atl1(DIRECT_N_SKINNY));
        int m = r < 3 ? DIRECT_M_SKINNY + 1 + r : tu_randint(DIRECT_M_SKINNY + 1, 600);
        gcase c = rand_case(t, "n-skinny", m, n, PICK(ks));
        force_shape(&c, m, n, r % 3 != 2 ? 1 : -1); /* the path needs A not transposed */
        run_case(&c);
    }
}

/* The packed engine: m across MC, k across KC, n across NC, every transpose pair. */
static void phase_engine(int t, int full)
{
    const blk *b = &BL[t];
    if (full)
        for (int r = 0; r < 2; r++) {
            gcase c = rand_case(t, "packed", 300, 200, 700);
            run_case(&c);
        }
    for (int x = 0; x < 9; x++) {
        int kk = b->kc + 1 > 97 ? b->kc + 1 : 97 + tu_randint(0, 2 * b->kc);
        gcase c = rand_case(t, "packed-trans", DIRECT_M_SKINNY + 1 + tu_randint(0, 60),
                            DIRECT_N_SKINNY + 1 + tu_randint(0, 40), kk);
        c.ta = "NTC"[x % 3], c.tb = "NTC"[x / 3];
        run_case(&c);
    }
    int ms[] = {b->mc - 1, b->mc, b->mc + 1, 2 * b->mc + 1};
    int ks[] = {b->kc - 1, b->kc, b->kc + 1, 2 * b->kc + 1};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            int m = ms[i] > DIRECT_M_SKINNY ? ms[i] : DIRECT_M_SKINNY + 1 + ms[i];
            int n = tu_randint(DIRECT_N_SKINNY + 1, DIRECT_N_SKINNY + 40);
            gcase c = rand_case(t, "mc-kc", m, n, ks[j] > 0 ? ks[j] : 1);
            force_shape(&c, m, n, -1);
            run_case(&c);
        }
    int ns[] = {b->nc - 1, b->nc, b->nc + 1, b->nc + b->nr + 1, 2 * b->nc + 1};
    for (int i = 0; i < 5; i++) {
        int n = ns[i] > DIRECT_N_SKINNY ? ns[i] : DIRECT_N_SKINNY + 1 + ns[i];
        int m = tu_randint(DIRECT_M_SKINNY + 1, DIRECT_M_SKINNY + 80);
        int k = (double)m * n * (b->kc + 1) < 4e6 ? b->kc + 1 : tu_randint(1, 40);
        gcase c = rand_case(t, "nc", m, n, k);
        force_shape(&c, m, n, -1);
        run_case(&c);
    }
}

static void phase_quick(int t)
{
    int shapes[][3] = {{0, 5, 3}, {5, 0, 3}, {0, 0, 0}, {7, 9, 0}, {DIRECT_M_SKINNY + 1, 13, 0}};
    for (int s = 0; s < 5; s++) {
        gcase c = rand_case(t, "quick", shapes[s][0], shapes[s][1], shapes[s][2]);
        run_case(&c);
    }
}

/* complex types: fewer cases, the same edges of their (engine-only) path */
static void phase_complex(int t, int full)
{
    const blk *b = &BL[t];
    for (int r = 0; r < (full ? 50 : 25); r++) {
        int m = tu_randint(0, 3) ? tu_randint(1, 20) : tu_randint(21, 21 + 2 * b->mc);
        int n = tu_randint(0, 3) ? tu_randint(1, 13) : tu_randint(14, 40);
        int k = tu_randint(0, 3) ? tu_randint(0, 20) : tu_randint(21, 80);
        gcase c = rand_case(t, "cplx", m, n, k);
        run_case(&c);
    }
    int ks[] = {b->kc - 1, b->kc + 1, 2 * b->kc + 1};
    for (int r = 0; r < 3; r++) {
        int m = r == 0 ? b->mc + 1 : tu_randint(1, b->mc + 9), k = ks[r] > 0 ? ks[r] : 1;
        int n = tu_randint(1, 25);
        if ((double)m * n * k > 2e6)
            n = 1 + (int)(2e6 / ((double)m * k));
        gcase c = rand_case(t, "cplx-kc", m, n, k);
        force_shape(&c, m, n, -1);
        run_case(&c);
    }
    { /* n across NC */
        gcase c = rand_case(t, "cplx-nc", 0, 0, tu_randint(1, 9));
        force_shape(&c, tu_randint(1, 9), b->nc + tu_randint(1, 2 * b->nr), -1);
        run_case(&c);
    }
    phase_quick(t);
}

static void run_pass(int full)
{
    for (int t = TS; t <= TD; t++) {
        phase_residues(t, full);
        phase_engine(t, full);
        phase_quick(t);
        if (full) {
            phase_direct(t);
            phase_m_skinny(t);
            phase_n_skinny(t);
        }
    }
    for (int t = TC; t <= TZ; t++)
        phase_complex(t, full);
}

/* ---- passes with small block sizes: a fresh process, since the library reads them at load ---- */
static int run_child(const char *self, int pass, const char *mc, const char *kc, const char *nc,
                     long *checks, long *fails)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char fd[16], ps[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        snprintf(ps, sizeof ps, "%d", pass);
        close(fds[0]);
        setenv("NANOBLAS_MC", mc, 1);
        setenv("NANOBLAS_KC", kc, 1);
        setenv("NANOBLAS_NC", nc, 1);
        /* Under an emulator without binfmt_misc (tests/run_arm.sh: qemu-aarch64) the program
           cannot exec itself directly: the emulator named here runs it again. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        if (emu && *emu)
            execlp(emu, emu, self, "--pass", ps, fd, (char *)NULL);
        else
            execl("/proc/self/exe", self, "--pass", ps, fd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    int got = f && fscanf(f, "%ld %ld", checks, fails) == 2;
    if (f)
        fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    return got && WIFEXITED(status) ? 0 : -1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *sd = getenv("TEST_GEMM_SEED");
    if (sd && *sd)
        base_seed = strtoull(sd, NULL, 0);
    int child = argc > 3 && strcmp(argv[1], "--pass") == 0;
    pass_no = child ? atoi(argv[2]) : 0;
    tu_seed(base_seed * 7919 + (uint64_t)pass_no);
    kset_name = nanoblas_get_kernel_set();
    int cfg_ok = parse_config();
    check(cfg_ok, "config", "could not read the gemm block sizes from nanoblas_get_config()");
    if (!parse_tuning()) {
        if (!child)
            printf("test_gemm: note: no readable 'tuning: ... small_dim s S d D m_skinny M n_skinny N' "
                   "line in nanoblas_get_config(); the path limits stay at the default entry's\n");
    }
    if (!child)
        printf("test_gemm: path limits (uarch %s): small_dim s %d d %d, m_skinny %d, n_skinny %d, "
               "m-skinny L2 budget %zu KiB%s\n",
               tune_uarch, lim_small_s, lim_small_d, lim_m_skinny, lim_n_skinny, lim_l2_budget >> 10,
               l2_from_env ? " (NANOBLAS_TUNE)" : " (assumed: the library does not print it)");

    double t0 = now();
    /* NB_TEST_QUICK (emulated runs): only the two passes with small block sizes below, whose
       cases (sized from MC/KC/NC) stay small; the default sizes make pass 0 ~10x their cost. */
    if (child || !tu_quick())
        run_pass(!child);
    double dt = now() - t0;
    printf("test_gemm: pass %d (s MR %d NR %d MC %d KC %d NC %d, d MR %d NR %d MC %d KC %d NC %d): "
           "%ld cases, %.0f M reference MACs, %.1f s\n",
           pass_no, BL[TS].mr, BL[TS].nr, BL[TS].mc, BL[TS].kc, BL[TS].nc, BL[TD].mr, BL[TD].nr,
           BL[TD].mc, BL[TD].kc, BL[TD].nc, case_no, macs / 1e6, dt);

    if (child) {
        fflush(stdout);
        FILE *f = fdopen(atoi(argv[3]), "w");
        if (f) {
            fprintf(f, "%ld %ld\n", tu_checks, tu_failures);
            fclose(f);
        }
        return tu_failures ? 1 : 0;
    }
    /* MC and NC of 1 round up to one register tile; the second pass uses sizes that are not
       multiples of the tile (rounded up by the library) and a KC that is not a multiple of 4. */
    static const char *blocks[][3] = {{"1", "5", "1"}, {"100", "37", "50"}};
    for (int p = 0; p < 2; p++) {
        long ch = 0, fl = 0;
        int rc = run_child(argv[0], p + 1, blocks[p][0], blocks[p][1], blocks[p][2], &ch, &fl);
        tu_checks += ch;
        tu_failures += fl;
        check(rc == 0, "child", "the pass with NANOBLAS_MC/KC/NC = %s/%s/%s did not finish", blocks[p][0],
              blocks[p][1], blocks[p][2]);
    }
    printf("test_gemm: seed %llu, %.1f s in all\n", (unsigned long long)base_seed, now() - t0);
    printf("test_gemm: %ld checks, %ld failed (kernel set %s)\n", tu_checks, tu_failures, kset_name);
    return tu_failures ? 1 : 0;
}
