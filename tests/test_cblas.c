/* Differential test of the CBLAS interface: every cblas_* routine, in both layouts and all four
   precisions, against plain reference loops written here (row-major reference = the same math on
   row-major indices). Matrix storage is filled with NaN except the elements the routine may read,
   outputs sit in guarded buffers, beta == 0 outputs start as NaN. Error reporting is checked
   through this program's own cblas_xerbla: illegal arguments must give the positions the netlib
   CBLAS testers expect and leave every output untouched. */
#include <complex.h>
#include <float.h>
#include "tests/testutil.h"
#include "cblas.h"

typedef double complex zc;
extern int RowMajorStrg; /* exported by the library (reference CBLAS ABI) */

/* ---- the precision under test and its element storage ------------------------------------ */
static int P;                  /* 0..3: s d c z */
static const char PN[] = "sdcz";
static int cplx(void) { return P >= 2; }
static size_t esz(void) { return P == 0 ? 4 : P == 1 || P == 2 ? 8 : 16; }
static double eps(void) { return P == 0 || P == 2 ? FLT_EPSILON : DBL_EPSILON; }
static zc rnd(void) { return cplx() ? CMPLX(tu_rand(), tu_rand()) : tu_rand(); }
static zc cj(zc v) { return conj(v); }
#define ZNAN CMPLX(NAN, NAN)

typedef struct {
    tu_buf g;
    void *d;
    size_t n;
} buf;

static zc G(const buf *b, size_t i)
{
    switch (P) {
    case 0: return ((const float *)b->d)[i];
    case 1: return ((const double *)b->d)[i];
    case 2: return ((const float complex *)b->d)[i];
    default: return ((const double complex *)b->d)[i];
    }
}
static void S(buf *b, size_t i, zc v)
{
    switch (P) {
    case 0: ((float *)b->d)[i] = (float)creal(v); break;
    case 1: ((double *)b->d)[i] = creal(v); break;
    case 2: ((float complex *)b->d)[i] = (float complex)v; break;
    default: ((double complex *)b->d)[i] = v;
    }
}
static void *bnew(buf *b, size_t n, int nan_fill)
{
    b->n = n ? n : 1;
    b->d = tu_alloc(&b->g, b->n, esz());
    for (size_t i = 0; i < b->n; i++)
        S(b, i, nan_fill ? ZNAN : rnd());
    return b->d;
}
static zc *snap(const buf *b)
{
    zc *s = malloc(b->n * sizeof *s);
    for (size_t i = 0; i < b->n; i++)
        s[i] = G(b, i);
    return s;
}
/* Compares the whole buffer with want (untouched parts must equal their old values) and checks
   the guards. tol is relative to mag (the size of the terms). */
static int bcheck(const buf *b, const zc *want, double mag, int terms, const char *ctx)
{
    double tol = eps() * 16 * (terms + 4);
    if (!TU_CHECK(tu_guard_ok(&b->g), "%c %s: write outside the buffer", PN[P], ctx))
        return 0;
    for (size_t i = 0; i < b->n; i++) {
        zc got = G(b, i);
        if (!tu_closez(got, want[i], tol, mag))
            return TU_CHECK(0, "%c %s: element %zu got (%g,%g) want (%g,%g)", PN[P], ctx, i,
                            creal(got), cimag(got), creal(want[i]), cimag(want[i]));
    }
    tu_checks++;
    return 1;
}
static void bfree(buf *b) { tu_free(&b->g); }

/* ---- vectors and matrix storage ------------------------------------------------------------ */
static size_t vlen(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }
static size_t vi(int n, int inc, int k) { return inc > 0 ? (size_t)k * inc : (size_t)(n - 1 - k) * (size_t)(-inc); }
/* general matrix element (i, j) */
static size_t mi(int row, int i, int j, int ld) { return row ? (size_t)i * ld + j : (size_t)j * ld + i; }
static size_t msize(int row, int m, int n, int ld) { return (size_t)ld * (size_t)(row ? m : n); }

/* Square structured storage (triangle of a full matrix, band, packed): offset of (i, j) or -1. */
enum { FULL, BAND, PACK };
typedef struct {
    int kind, row, up, n, k, ld;
} smat;
static long soff(const smat *s, int i, int j)
{
    if (s->up ? i > j : i < j)
        return -1;
    int n = s->n, k = s->k;
    switch (s->kind) {
    case FULL: return (long)mi(s->row, i, j, s->ld);
    case BAND:
        if (abs(i - j) > k)
            return -1;
        if (s->up)
            return s->row ? (long)i * s->ld + (j - i) : (long)k + i - j + (long)j * s->ld;
        return s->row ? (long)i * s->ld + k + j - i : (long)(i - j) + (long)j * s->ld;
    default:
        if (s->up)
            return s->row ? (long)i * n - (long)i * (i - 1) / 2 + (j - i) : i + (long)j * (j + 1) / 2;
        return s->row ? (long)i * (i + 1) / 2 + j : (long)(i - j) + (long)j * (2 * n - j + 1) / 2;
    }
}
static size_t ssize(const smat *s)
{
    return s->kind == PACK ? (size_t)s->n * (s->n + 1) / 2 : (size_t)s->ld * s->n;
}
/* Hermitian (complex) / symmetric (real) element from the stored triangle; herm=0: symmetric. */
static zc sym_el(const smat *s, const buf *a, int i, int j, int herm)
{
    long o = soff(s, i, j);
    if (o >= 0)
        return (i == j && herm) ? creal(G(a, o)) : G(a, o);
    o = soff(s, j, i);
    if (o < 0)
        return 0;
    return herm ? cj(G(a, o)) : G(a, o);
}
/* Triangular element (0 outside the triangle or band, 1 on a unit diagonal). */
static zc tri_el(const smat *s, const buf *a, int i, int j, int unit)
{
    if (i == j && unit)
        return 1;
    long o = soff(s, i, j);
    return o < 0 ? 0 : G(a, o);
}
/* Fill the stored elements (the rest stays NaN). Triangular matrices get a dominant diagonal
   and small off-diagonal entries so that solves stay well conditioned; a unit diagonal stays
   NaN (never read). */
static void sfill(const smat *s, buf *a, int tri, int unit)
{
    for (int j = 0; j < s->n; j++)
        for (int i = 0; i < s->n; i++) {
            long o = soff(s, i, j);
            if (o < 0 || (tri && unit && i == j))
                continue;
            zc v = rnd();
            if (tri)
                v = i == j ? v + (creal(v) >= 0 ? 2 : -2) : v / (s->n + 1);
            S(a, o, v);
        }
}

/* op(A)(i, j) for a general matrix: t = 'N', 'T', 'C' */
static zc opel(const buf *a, int row, int ld, char t, int i, int j)
{
    if (t == 'N')
        return G(a, mi(row, i, j, ld));
    zc v = G(a, mi(row, j, i, ld));
    return t == 'C' ? cj(v) : v;
}

static const int LAYOUTS[2] = {CblasColMajor, CblasRowMajor};
static const int TRANS[3] = {CblasNoTrans, CblasTrans, CblasConjTrans};
static const char TCH[3] = {'N', 'T', 'C'};
static const int SIZES[] = {0, 1, 2, 3, 5, 7, 13, 17, 33};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))
static int rsize(void) { return SIZES[tu_randint(0, NSIZES - 1)]; }
static zc rscalar(int k) /* 0, 1, -1, random */
{
    switch (k & 3) {
    case 0: return 0;
    case 1: return 1;
    case 2: return -1;
    default: return rnd();
    }
}
static int rinc(void)
{
    static const int incs[] = {1, 2, -1, -3};
    return incs[tu_randint(0, 3)];
}
static double mag3(zc a, zc b) { return cabs(a) + cabs(b) + 1; }
static char ctx[256];

/* ---- dispatch: one wrapper per routine family, scalars as zc -------------------------------- */
#define FA float complex fa = (float complex)al; (void)fa
#define FB float complex fb = (float complex)be; (void)fb
#define RA(x) ((float)creal(x))

static void x_gemv(int L, int t, int m, int n, zc al, const void *a, int lda, const void *x,
                   int ix, zc be, void *y, int iy)
{
    FA; FB;
    switch (P) {
    case 0: cblas_sgemv(L, t, m, n, RA(al), a, lda, x, ix, RA(be), y, iy); break;
    case 1: cblas_dgemv(L, t, m, n, creal(al), a, lda, x, ix, creal(be), y, iy); break;
    case 2: cblas_cgemv(L, t, m, n, &fa, a, lda, x, ix, &fb, y, iy); break;
    default: cblas_zgemv(L, t, m, n, &al, a, lda, x, ix, &be, y, iy);
    }
}
static void x_gbmv(int L, int t, int m, int n, int kl, int ku, zc al, const void *a, int lda,
                   const void *x, int ix, zc be, void *y, int iy)
{
    FA; FB;
    switch (P) {
    case 0: cblas_sgbmv(L, t, m, n, kl, ku, RA(al), a, lda, x, ix, RA(be), y, iy); break;
    case 1: cblas_dgbmv(L, t, m, n, kl, ku, creal(al), a, lda, x, ix, creal(be), y, iy); break;
    case 2: cblas_cgbmv(L, t, m, n, kl, ku, &fa, a, lda, x, ix, &fb, y, iy); break;
    default: cblas_zgbmv(L, t, m, n, kl, ku, &al, a, lda, x, ix, &be, y, iy);
    }
}
/* symv/hemv (kind FULL), sbmv/hbmv (BAND), spmv/hpmv (PACK) */
static void x_hmv(int kind, int L, int u, int n, int k, zc al, const void *a, int lda,
                  const void *x, int ix, zc be, void *y, int iy)
{
    FA; FB;
    double ra = creal(al), rb = creal(be);
    if (kind == FULL) {
        switch (P) {
        case 0: cblas_ssymv(L, u, n, (float)ra, a, lda, x, ix, (float)rb, y, iy); break;
        case 1: cblas_dsymv(L, u, n, ra, a, lda, x, ix, rb, y, iy); break;
        case 2: cblas_chemv(L, u, n, &fa, a, lda, x, ix, &fb, y, iy); break;
        default: cblas_zhemv(L, u, n, &al, a, lda, x, ix, &be, y, iy);
        }
    } else if (kind == BAND) {
        switch (P) {
        case 0: cblas_ssbmv(L, u, n, k, (float)ra, a, lda, x, ix, (float)rb, y, iy); break;
        case 1: cblas_dsbmv(L, u, n, k, ra, a, lda, x, ix, rb, y, iy); break;
        case 2: cblas_chbmv(L, u, n, k, &fa, a, lda, x, ix, &fb, y, iy); break;
        default: cblas_zhbmv(L, u, n, k, &al, a, lda, x, ix, &be, y, iy);
        }
    } else {
        switch (P) {
        case 0: cblas_sspmv(L, u, n, (float)ra, a, x, ix, (float)rb, y, iy); break;
        case 1: cblas_dspmv(L, u, n, ra, a, x, ix, rb, y, iy); break;
        case 2: cblas_chpmv(L, u, n, &fa, a, x, ix, &fb, y, iy); break;
        default: cblas_zhpmv(L, u, n, &al, a, x, ix, &be, y, iy);
        }
    }
}
/* tr/tb/tp mv (solve = 0) and sv (solve = 1) */
static void x_tri(int kind, int solve, int L, int u, int t, int d, int n, int k, const void *a,
                  int lda, void *x, int ix)
{
#define TRI_CALL(pfx)                                                                              \
    if (kind == FULL)                                                                              \
        solve ? cblas_##pfx##trsv(L, u, t, d, n, a, lda, x, ix)                                    \
              : cblas_##pfx##trmv(L, u, t, d, n, a, lda, x, ix);                                   \
    else if (kind == BAND)                                                                         \
        solve ? cblas_##pfx##tbsv(L, u, t, d, n, k, a, lda, x, ix)                                 \
              : cblas_##pfx##tbmv(L, u, t, d, n, k, a, lda, x, ix);                                \
    else                                                                                           \
        solve ? cblas_##pfx##tpsv(L, u, t, d, n, a, x, ix) : cblas_##pfx##tpmv(L, u, t, d, n, a, x, ix);
    switch (P) {
    case 0: TRI_CALL(s) break;
    case 1: TRI_CALL(d) break;
    case 2: TRI_CALL(c) break;
    default: TRI_CALL(z)
    }
#undef TRI_CALL
}
/* ger / geru (conjy = 0) and gerc (conjy = 1; real types: ger) */
static void x_ger(int conjy, int L, int m, int n, zc al, const void *x, int ix, const void *y,
                  int iy, void *a, int lda)
{
    FA;
    switch (P) {
    case 0: cblas_sger(L, m, n, RA(al), x, ix, y, iy, a, lda); break;
    case 1: cblas_dger(L, m, n, creal(al), x, ix, y, iy, a, lda); break;
    case 2: (conjy ? cblas_cgerc : cblas_cgeru)(L, m, n, &fa, x, ix, y, iy, a, lda); break;
    default: (conjy ? cblas_zgerc : cblas_zgeru)(L, m, n, &al, x, ix, y, iy, a, lda);
    }
}
/* syr/her (FULL), spr/hpr (PACK); alpha real */
static void x_her(int kind, int L, int u, int n, double al, const void *x, int ix, void *a, int lda)
{
    if (kind == FULL) {
        switch (P) {
        case 0: cblas_ssyr(L, u, n, (float)al, x, ix, a, lda); break;
        case 1: cblas_dsyr(L, u, n, al, x, ix, a, lda); break;
        case 2: cblas_cher(L, u, n, (float)al, x, ix, a, lda); break;
        default: cblas_zher(L, u, n, al, x, ix, a, lda);
        }
    } else {
        switch (P) {
        case 0: cblas_sspr(L, u, n, (float)al, x, ix, a); break;
        case 1: cblas_dspr(L, u, n, al, x, ix, a); break;
        case 2: cblas_chpr(L, u, n, (float)al, x, ix, a); break;
        default: cblas_zhpr(L, u, n, al, x, ix, a);
        }
    }
}
static void x_her2(int kind, int L, int u, int n, zc al, const void *x, int ix, const void *y,
                   int iy, void *a, int lda)
{
    FA;
    if (kind == FULL) {
        switch (P) {
        case 0: cblas_ssyr2(L, u, n, RA(al), x, ix, y, iy, a, lda); break;
        case 1: cblas_dsyr2(L, u, n, creal(al), x, ix, y, iy, a, lda); break;
        case 2: cblas_cher2(L, u, n, &fa, x, ix, y, iy, a, lda); break;
        default: cblas_zher2(L, u, n, &al, x, ix, y, iy, a, lda);
        }
    } else {
        switch (P) {
        case 0: cblas_sspr2(L, u, n, RA(al), x, ix, y, iy, a); break;
        case 1: cblas_dspr2(L, u, n, creal(al), x, ix, y, iy, a); break;
        case 2: cblas_chpr2(L, u, n, &fa, x, ix, y, iy, a); break;
        default: cblas_zhpr2(L, u, n, &al, x, ix, y, iy, a);
        }
    }
}
static void x_gemm(int L, int ta, int tb, int m, int n, int k, zc al, const void *a, int lda,
                   const void *b, int ldb, zc be, void *c, int ldc)
{
    FA; FB;
    switch (P) {
    case 0: cblas_sgemm(L, ta, tb, m, n, k, RA(al), a, lda, b, ldb, RA(be), c, ldc); break;
    case 1: cblas_dgemm(L, ta, tb, m, n, k, creal(al), a, lda, b, ldb, creal(be), c, ldc); break;
    case 2: cblas_cgemm(L, ta, tb, m, n, k, &fa, a, lda, b, ldb, &fb, c, ldc); break;
    default: cblas_zgemm(L, ta, tb, m, n, k, &al, a, lda, b, ldb, &be, c, ldc);
    }
}
/* symm (herm = 0) / hemm (herm = 1, complex only) */
static void x_symm(int herm, int L, int s, int u, int m, int n, zc al, const void *a, int lda,
                   const void *b, int ldb, zc be, void *c, int ldc)
{
    FA; FB;
    switch (P) {
    case 0: cblas_ssymm(L, s, u, m, n, RA(al), a, lda, b, ldb, RA(be), c, ldc); break;
    case 1: cblas_dsymm(L, s, u, m, n, creal(al), a, lda, b, ldb, creal(be), c, ldc); break;
    case 2: (herm ? cblas_chemm : cblas_csymm)(L, s, u, m, n, &fa, a, lda, b, ldb, &fb, c, ldc); break;
    default: (herm ? cblas_zhemm : cblas_zsymm)(L, s, u, m, n, &al, a, lda, b, ldb, &be, c, ldc);
    }
}
/* syrk/herk (two = 0) and syr2k/her2k (two = 1); herm only for complex. herk/her2k take a real
   beta (and herk a real alpha). */
static void x_rk(int two, int herm, int L, int u, int t, int n, int k, zc al, const void *a,
                 int lda, const void *b, int ldb, zc be, void *c, int ldc)
{
    FA; FB;
    double ra = creal(al), rb = creal(be);
    if (herm && P == 2)
        two ? cblas_cher2k(L, u, t, n, k, &fa, a, lda, b, ldb, (float)rb, c, ldc)
            : cblas_cherk(L, u, t, n, k, (float)ra, a, lda, (float)rb, c, ldc);
    else if (herm)
        two ? cblas_zher2k(L, u, t, n, k, &al, a, lda, b, ldb, rb, c, ldc)
            : cblas_zherk(L, u, t, n, k, ra, a, lda, rb, c, ldc);
    else if (two) {
        switch (P) {
        case 0: cblas_ssyr2k(L, u, t, n, k, (float)ra, a, lda, b, ldb, (float)rb, c, ldc); break;
        case 1: cblas_dsyr2k(L, u, t, n, k, ra, a, lda, b, ldb, rb, c, ldc); break;
        case 2: cblas_csyr2k(L, u, t, n, k, &fa, a, lda, b, ldb, &fb, c, ldc); break;
        default: cblas_zsyr2k(L, u, t, n, k, &al, a, lda, b, ldb, &be, c, ldc);
        }
    } else {
        switch (P) {
        case 0: cblas_ssyrk(L, u, t, n, k, (float)ra, a, lda, (float)rb, c, ldc); break;
        case 1: cblas_dsyrk(L, u, t, n, k, ra, a, lda, rb, c, ldc); break;
        case 2: cblas_csyrk(L, u, t, n, k, &fa, a, lda, &fb, c, ldc); break;
        default: cblas_zsyrk(L, u, t, n, k, &al, a, lda, &be, c, ldc);
        }
    }
}
static void x_trxm(int solve, int L, int s, int u, int t, int d, int m, int n, zc al,
                   const void *a, int lda, void *b, int ldb)
{
    FA;
    switch (P) {
    case 0: (solve ? cblas_strsm : cblas_strmm)(L, s, u, t, d, m, n, RA(al), a, lda, b, ldb); break;
    case 1: (solve ? cblas_dtrsm : cblas_dtrmm)(L, s, u, t, d, m, n, creal(al), a, lda, b, ldb); break;
    case 2: (solve ? cblas_ctrsm : cblas_ctrmm)(L, s, u, t, d, m, n, &fa, a, lda, b, ldb); break;
    default: (solve ? cblas_ztrsm : cblas_ztrmm)(L, s, u, t, d, m, n, &al, a, lda, b, ldb);
    }
}


/* ---- Level 2 ------------------------------------------------------------------------------- */
static int rows_of(int row, int m, int n) { return row ? n : m; } /* minimum ld of an m x n matrix */

static void t_gemv(int band)
{
    for (int li = 0; li < 2; li++)
        for (int ti = 0; ti < 3; ti++)
            for (int rep = 0; rep < 6; rep++) {
                int row = li, m = rsize(), n = rsize(), ix = rinc(), iy = rinc();
                int kl = band ? tu_randint(0, 4) : 0, ku = band ? tu_randint(0, 4) : 0;
                int lda = (band ? kl + ku + 1 : nb_max1(rows_of(row, m, n))) + tu_randint(0, 2);
                zc al = rscalar(rep + ti), be = rscalar(rep / 2 + li);
                char t = TCH[ti];
                int lx = t == 'N' ? n : m, ly = t == 'N' ? m : n;
                buf a, x, y;
                bnew(&a, msize(row, m, n, lda), 1);
                bnew(&x, vlen(lx, ix), al == 0);
                bnew(&y, vlen(ly, iy), 0);
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < n; j++) {
                        if (al == 0 || (band && (j - i > ku || i - j > kl)))
                            continue;
                        size_t o = band ? (row ? (size_t)i * lda + kl + j - i : (size_t)ku + i - j + (size_t)j * lda)
                                        : mi(row, i, j, lda);
                        S(&a, o, rnd());
                    }
                if (be == 0)
                    for (int i = 0; i < ly; i++)
                        S(&y, vi(ly, iy, i), ZNAN);
                zc *wy = snap(&y), *wx = snap(&x);
                if (!(m == 0 || n == 0 || (al == 0 && be == 1)))
                    for (int i = 0; i < ly; i++) {
                        size_t oy = vi(ly, iy, i);
                        zc acc = be == 0 ? 0 : be * wy[oy];
                        if (al != 0) {
                            zc sum = 0;
                            for (int j = 0; j < lx; j++) {
                                int r = t == 'N' ? i : j, c = t == 'N' ? j : i;
                                if (band && (c - r > ku || r - c > kl))
                                    continue;
                                size_t o = band ? (row ? (size_t)r * lda + kl + c - r : (size_t)ku + r - c + (size_t)c * lda)
                                                : mi(row, r, c, lda);
                                zc v = G(&a, o);
                                sum += (t == 'C' ? cj(v) : v) * G(&x, vi(lx, ix, j));
                            }
                            acc += al * sum;
                        }
                        wy[oy] = acc;
                    }
                if (band)
                    x_gbmv(LAYOUTS[row], TRANS[ti], m, n, kl, ku, al, a.d, lda, x.d, ix, be, y.d, iy);
                else
                    x_gemv(LAYOUTS[row], TRANS[ti], m, n, al, a.d, lda, x.d, ix, be, y.d, iy);
                snprintf(ctx, sizeof ctx, "%s row=%d t=%c m=%d n=%d kl=%d ku=%d lda=%d inc=%d,%d al=(%g,%g) be=(%g,%g)",
                         band ? "gbmv" : "gemv", row, t, m, n, kl, ku, lda, ix, iy, creal(al), cimag(al), creal(be), cimag(be));
                bcheck(&y, wy, mag3(al, be), lx, ctx);
                bcheck(&x, wx, 1, 0, ctx);
                free(wy), free(wx), bfree(&a), bfree(&x), bfree(&y);
            }
}
