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
static int P; /* 0..3: s d c z */
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
            return TU_CHECK(0, "%c %s: element %zu got (%g,%g) want (%g,%g)", PN[P], ctx, i, creal(got),
                            cimag(got), creal(want[i]), cimag(want[i]));
    }
    tu_checks++;
    return 1;
}
static void bfree(buf *b) { tu_free(&b->g); }

/* ---- vectors and matrix storage ------------------------------------------------------------ */
static size_t vlen(int n, int inc) { return n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(inc) : 1; }
static size_t vi(int n, int inc, int k)
{
    return inc > 0 ? (size_t)k * inc : (size_t)(n - 1 - k) * (size_t)(-inc);
}
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
#define RA(x) ((float)creal(x))

static void x_gemv(int L, int t, int m, int n, zc al, const void *a, int lda, const void *x, int ix, zc be,
                   void *y, int iy)
{
    float complex fa = (float complex)al, fb = (float complex)be;
    switch (P) {
    case 0: cblas_sgemv(L, t, m, n, RA(al), a, lda, x, ix, RA(be), y, iy); break;
    case 1: cblas_dgemv(L, t, m, n, creal(al), a, lda, x, ix, creal(be), y, iy); break;
    case 2: cblas_cgemv(L, t, m, n, &fa, a, lda, x, ix, &fb, y, iy); break;
    default: cblas_zgemv(L, t, m, n, &al, a, lda, x, ix, &be, y, iy);
    }
}
static void x_gbmv(int L, int t, int m, int n, int kl, int ku, zc al, const void *a, int lda, const void *x,
                   int ix, zc be, void *y, int iy)
{
    float complex fa = (float complex)al, fb = (float complex)be;
    switch (P) {
    case 0: cblas_sgbmv(L, t, m, n, kl, ku, RA(al), a, lda, x, ix, RA(be), y, iy); break;
    case 1: cblas_dgbmv(L, t, m, n, kl, ku, creal(al), a, lda, x, ix, creal(be), y, iy); break;
    case 2: cblas_cgbmv(L, t, m, n, kl, ku, &fa, a, lda, x, ix, &fb, y, iy); break;
    default: cblas_zgbmv(L, t, m, n, kl, ku, &al, a, lda, x, ix, &be, y, iy);
    }
}
/* symv/hemv (kind FULL), sbmv/hbmv (BAND), spmv/hpmv (PACK) */
static void x_hmv(int kind, int L, int u, int n, int k, zc al, const void *a, int lda, const void *x,
                  int ix, zc be, void *y, int iy)
{
    float complex fa = (float complex)al, fb = (float complex)be;
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
static void x_tri(int kind, int solve, int L, int u, int t, int d, int n, int k, const void *a, int lda,
                  void *x, int ix)
{
#define TRI_CALL(pfx)                                                                                      \
    if (kind == FULL)                                                                                      \
        solve ? cblas_##pfx##trsv(L, u, t, d, n, a, lda, x, ix)                                            \
              : cblas_##pfx##trmv(L, u, t, d, n, a, lda, x, ix);                                           \
    else if (kind == BAND)                                                                                 \
        solve ? cblas_##pfx##tbsv(L, u, t, d, n, k, a, lda, x, ix)                                         \
              : cblas_##pfx##tbmv(L, u, t, d, n, k, a, lda, x, ix);                                        \
    else                                                                                                   \
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
static void x_ger(int conjy, int L, int m, int n, zc al, const void *x, int ix, const void *y, int iy,
                  void *a, int lda)
{
    float complex fa = (float complex)al;
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
static void x_her2(int kind, int L, int u, int n, zc al, const void *x, int ix, const void *y, int iy,
                   void *a, int lda)
{
    float complex fa = (float complex)al;
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
static void x_gemm(int L, int ta, int tb, int m, int n, int k, zc al, const void *a, int lda, const void *b,
                   int ldb, zc be, void *c, int ldc)
{
    float complex fa = (float complex)al, fb = (float complex)be;
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
    float complex fa = (float complex)al, fb = (float complex)be;
    switch (P) {
    case 0: cblas_ssymm(L, s, u, m, n, RA(al), a, lda, b, ldb, RA(be), c, ldc); break;
    case 1: cblas_dsymm(L, s, u, m, n, creal(al), a, lda, b, ldb, creal(be), c, ldc); break;
    case 2: (herm ? cblas_chemm : cblas_csymm)(L, s, u, m, n, &fa, a, lda, b, ldb, &fb, c, ldc); break;
    default: (herm ? cblas_zhemm : cblas_zsymm)(L, s, u, m, n, &al, a, lda, b, ldb, &be, c, ldc);
    }
}
/* syrk/herk (two = 0) and syr2k/her2k (two = 1); herm only for complex. herk/her2k take a real
   beta (and herk a real alpha). */
static void x_rk(int two, int herm, int L, int u, int t, int n, int k, zc al, const void *a, int lda,
                 const void *b, int ldb, zc be, void *c, int ldc)
{
    float complex fa = (float complex)al, fb = (float complex)be;
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
static void x_trxm(int solve, int L, int s, int u, int t, int d, int m, int n, zc al, const void *a,
                   int lda, void *b, int ldb)
{
    float complex fa = (float complex)al;
    switch (P) {
    case 0: (solve ? cblas_strsm : cblas_strmm)(L, s, u, t, d, m, n, RA(al), a, lda, b, ldb); break;
    case 1: (solve ? cblas_dtrsm : cblas_dtrmm)(L, s, u, t, d, m, n, creal(al), a, lda, b, ldb); break;
    case 2: (solve ? cblas_ctrsm : cblas_ctrmm)(L, s, u, t, d, m, n, &fa, a, lda, b, ldb); break;
    default: (solve ? cblas_ztrsm : cblas_ztrmm)(L, s, u, t, d, m, n, &al, a, lda, b, ldb);
    }
}

/* ---- Level 2 ------------------------------------------------------------------------------- */
/* QUIRK: a row-major complex call that needs conj(A) (gemv/gbmv ConjTrans, hemv/hbmv/hpmv,
   her/hpr, her2/hpr2, gerc) runs on a unit-stride conjugated copy of the vector, so, as in the
   reference CBLAS, an increment of 0 for that vector is accepted when n > 0: x[0] is broadcast. */
static int mx1(int v) { return v > 1 ? v : 1; }
static int rows_of(int row, int m, int n) { return row ? n : m; } /* minimum ld of an m x n matrix */

static void t_gemv(int band)
{
    for (int li = 0; li < 2; li++)
        for (int ti = 0; ti < 3; ti++)
            for (int rep = 0; rep < 12; rep++) {
                int row = li, m = rsize(), n = rsize(), ix = rinc(), iy = rinc();
                if (row && cplx() && ti == 2 && rep == 5)
                    ix = 0, m = m ? m : 3; /* QUIRK (see above) */
                int kl = band ? tu_randint(0, 4) : 0, ku = band ? tu_randint(0, 4) : 0;
                int lda = (band ? kl + ku + 1 : mx1(rows_of(row, m, n))) + tu_randint(0, 2);
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
                        size_t o = band ? (row ? (size_t)i * lda + kl + j - i
                                               : (size_t)ku + i - j + (size_t)j * lda)
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
                                size_t o = band ? (row ? (size_t)r * lda + kl + c - r
                                                       : (size_t)ku + r - c + (size_t)c * lda)
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
                snprintf(ctx, sizeof ctx,
                         "%s row=%d t=%c m=%d n=%d kl=%d ku=%d lda=%d inc=%d,%d al=(%g,%g) be=(%g,%g)",
                         band ? "gbmv" : "gemv", row, t, m, n, kl, ku, lda, ix, iy, creal(al), cimag(al),
                         creal(be), cimag(be));
                bcheck(&y, wy, mag3(al, be), lx, ctx);
                bcheck(&x, wx, 1, 0, ctx);
                free(wy), free(wx), bfree(&a), bfree(&x), bfree(&y);
            }
}

/* symv/hemv, sbmv/hbmv, spmv/hpmv */
static void t_hmv(int kind)
{
    static const char *nm[3] = {"hemv", "hbmv", "hpmv"};
    for (int li = 0; li < 2; li++)
        for (int up = 0; up < 2; up++)
            for (int rep = 0; rep < 12; rep++) {
                int n = rsize(), k = kind == BAND ? tu_randint(0, 4) : 0, ix = rinc(), iy = rinc();
                if (li && cplx() && rep == 5)
                    ix = 0, n = n ? n : 3; /* QUIRK */
                int lda = (kind == BAND ? k + 1 : mx1(n)) + tu_randint(0, 2);
                smat s = {kind, li, up, n, k, lda};
                zc al = rscalar(rep + up), be = rscalar(rep / 2 + li);
                buf a, x, y;
                bnew(&a, ssize(&s), 1);
                if (al != 0)
                    sfill(&s, &a, 0, 0);
                bnew(&x, vlen(n, ix), al == 0);
                bnew(&y, vlen(n, iy), 0);
                if (be == 0)
                    for (int i = 0; i < n; i++)
                        S(&y, vi(n, iy, i), ZNAN);
                zc *wy = snap(&y), *wx = snap(&x);
                if (!(n == 0 || (al == 0 && be == 1)))
                    for (int i = 0; i < n; i++) {
                        size_t oy = vi(n, iy, i);
                        zc acc = be == 0 ? 0 : be * wy[oy];
                        if (al != 0) {
                            zc sum = 0;
                            for (int j = 0; j < n; j++)
                                if (abs(i - j) <= (kind == BAND ? k : n))
                                    sum += sym_el(&s, &a, i, j, cplx()) * G(&x, vi(n, ix, j));
                            acc += al * sum;
                        }
                        wy[oy] = acc;
                    }
                x_hmv(kind, LAYOUTS[li], up ? CblasUpper : CblasLower, n, k, al, a.d, lda, x.d, ix, be, y.d,
                      iy);
                snprintf(ctx, sizeof ctx, "%s row=%d up=%d n=%d k=%d lda=%d inc=%d,%d", nm[kind], li, up, n,
                         k, lda, ix, iy);
                bcheck(&y, wy, mag3(al, be), n, ctx);
                bcheck(&x, wx, 1, 0, ctx);
                free(wy), free(wx), bfree(&a), bfree(&x), bfree(&y);
            }
}

/* tr/tb/tp mv and sv: x = op(A)*x or solve op(A)*x = b */
static void t_tri(int kind, int solve)
{
    static const char *nm[2][3] = {{"trmv", "tbmv", "tpmv"}, {"trsv", "tbsv", "tpsv"}};
    for (int li = 0; li < 2; li++)
        for (int up = 0; up < 2; up++)
            for (int ti = 0; ti < 3; ti++)
                for (int unit = 0; unit < 2; unit++)
                    for (int rep = 0; rep < 4; rep++) {
                        int n = rsize(), k = kind == BAND ? tu_randint(0, 4) : 0, ix = rinc();
                        int lda = (kind == BAND ? k + 1 : mx1(n)) + tu_randint(0, 2);
                        smat s = {kind, li, up, n, k, lda};
                        char t = TCH[ti];
                        buf a, x;
                        bnew(&a, ssize(&s), 1);
                        sfill(&s, &a, 1, unit);
                        bnew(&x, vlen(n, ix), 0);
                        zc *w = snap(&x), *T = malloc(sizeof(zc) * (size_t)mx1(n * n)),
                           *v = malloc(sizeof(zc) * mx1(n));
                        for (int i = 0; i < n; i++) {
                            v[i] = w[vi(n, ix, i)];
                            for (int j = 0; j < n; j++) {
                                zc e = t == 'N' ? tri_el(&s, &a, i, j, unit) : tri_el(&s, &a, j, i, unit);
                                T[i * n + j] = t == 'C' ? cj(e) : e;
                            }
                        }
                        int lower = (up && t != 'N') || (!up && t == 'N');
                        for (int step = 0; step < n; step++) {
                            /* mv: rows in the order that leaves unread entries intact; sv: substitution */
                            int i = lower == solve ? step : n - 1 - step;
                            zc sum = 0;
                            for (int j = 0; j < n; j++)
                                if (j != i)
                                    sum += T[i * n + j] * v[j];
                            v[i] = solve ? (v[i] - sum) / T[i * n + i] : T[i * n + i] * v[i] + sum;
                        }
                        for (int i = 0; i < n; i++)
                            w[vi(n, ix, i)] = v[i];
                        x_tri(kind, solve, LAYOUTS[li], up ? CblasUpper : CblasLower, TRANS[ti],
                              unit ? CblasUnit : CblasNonUnit, n, k, a.d, lda, x.d, ix);
                        snprintf(ctx, sizeof ctx, "%s row=%d up=%d t=%c unit=%d n=%d k=%d lda=%d inc=%d",
                                 nm[solve][kind], li, up, t, unit, n, k, lda, ix);
                        bcheck(&x, w, 4, n, ctx);
                        free(w), free(T), free(v), bfree(&a), bfree(&x);
                    }
}

/* ger / geru (conjy = 0), gerc (conjy = 1) */
static void t_ger(int conjy)
{
    for (int li = 0; li < 2; li++)
        for (int rep = 0; rep < 20; rep++) {
            int row = li, m = rsize(), n = rsize(), ix = rinc(), iy = rinc();
            if (row && conjy && rep == 9)
                iy = 0, n = n ? n : 3; /* QUIRK */
            int lda = mx1(rows_of(row, m, n)) + tu_randint(0, 2);
            zc al = rscalar(rep);
            buf a, x, y;
            bnew(&a, msize(row, m, n, lda), 0);
            bnew(&x, vlen(m, ix), 0);
            bnew(&y, vlen(n, iy), 0);
            zc *w = snap(&a), *wx = snap(&x), *wy = snap(&y);
            if (!(m == 0 || n == 0 || al == 0))
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < n; j++) {
                        zc yj = G(&y, vi(n, iy, j));
                        w[mi(row, i, j, lda)] += al * G(&x, vi(m, ix, i)) * (conjy ? cj(yj) : yj);
                    }
            x_ger(conjy, LAYOUTS[li], m, n, al, x.d, ix, y.d, iy, a.d, lda);
            snprintf(ctx, sizeof ctx, "ger%s row=%d m=%d n=%d lda=%d inc=%d,%d", conjy ? "c" : "u", li, m,
                     n, lda, ix, iy);
            bcheck(&a, w, mag3(al, 1), 1, ctx);
            bcheck(&x, wx, 1, 0, ctx);
            bcheck(&y, wy, 1, 0, ctx);
            free(w), free(wx), free(wy), bfree(&a), bfree(&x), bfree(&y);
        }
}

/* syr/her, spr/hpr (two = 0) and syr2/her2, spr2/hpr2 (two = 1): the stored triangle is updated,
   a Hermitian diagonal comes out real; everything else must be left alone. */
static void t_her(int kind, int two)
{
    for (int li = 0; li < 2; li++)
        for (int up = 0; up < 2; up++)
            for (int rep = 0; rep < 12; rep++) {
                int n = rsize(), ix = rinc(), iy = rinc();
                if (li && cplx() && rep == 5)
                    ix = 0, iy = two ? 0 : iy, n = n ? n : 3; /* QUIRK */
                int lda = mx1(n) + tu_randint(0, 2);
                smat s = {kind, li, up, n, 0, lda};
                zc al = rscalar(rep);
                if (!two)
                    al = creal(al);
                buf a, x, y;
                bnew(&a, ssize(&s), 0);
                bnew(&x, vlen(n, ix), 0);
                bnew(&y, vlen(n, iy), 0);
                zc *w = snap(&a), *wx = snap(&x), *wy = snap(&y);
                if (!(n == 0 || al == 0))
                    for (int i = 0; i < n; i++)
                        for (int j = 0; j < n; j++) {
                            long o = soff(&s, i, j);
                            if (o < 0)
                                continue;
                            zc xi = wx[vi(n, ix, i)], xj = wx[vi(n, ix, j)];
                            zc yi = wy[vi(n, iy, i)], yj = wy[vi(n, iy, j)];
                            zc d = two ? al * xi * cj(yj) + cj(al) * yi * cj(xj) : al * xi * cj(xj);
                            w[o] += d;
                            if (i == j && cplx())
                                w[o] = creal(w[o]);
                        }
                if (two)
                    x_her2(kind, LAYOUTS[li], up ? CblasUpper : CblasLower, n, al, x.d, ix, y.d, iy, a.d,
                           lda);
                else
                    x_her(kind, LAYOUTS[li], up ? CblasUpper : CblasLower, n, creal(al), x.d, ix, a.d, lda);
                snprintf(ctx, sizeof ctx, "%s%s row=%d up=%d n=%d lda=%d inc=%d,%d",
                         kind == PACK ? "hpr" : "her", two ? "2" : "", li, up, n, lda, ix, iy);
                bcheck(&a, w, mag3(al, 1), 2, ctx);
                bcheck(&x, wx, 1, 0, ctx);
                bcheck(&y, wy, 1, 0, ctx);
                free(w), free(wx), free(wy), bfree(&a), bfree(&x), bfree(&y);
            }
}

/* ---- Level 3 ------------------------------------------------------------------------------- */
/* A general rows x cols operand: logical part random (unless skip), padding NaN. */
static void gfill(buf *b, int row, int rows, int cols, int ld, int skip)
{
    bnew(b, msize(row, rows, cols, ld), 1);
    if (!skip)
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                S(b, mi(row, i, j, ld), rnd());
}
/* An output C (m x n): random everywhere, the logical part (or the triangle when tri = 1, 2 for
   upper, lower) NaN when beta == 0. */
static void cfill(buf *c, int row, int m, int n, int ld, int nan_logical, int tri)
{
    bnew(c, msize(row, m, n, ld), 0);
    if (nan_logical)
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                if (!tri || (tri == 1 ? i <= j : i >= j))
                    S(c, mi(row, i, j, ld), ZNAN);
}

static void t_gemm(void)
{
    for (int li = 0; li < 2; li++)
        for (int ta = 0; ta < 3; ta++)
            for (int tb = 0; tb < 3; tb++)
                for (int rep = 0; rep < 8; rep++) {
                    int row = li, m = rsize(), n = rsize(), k = rsize();
                    if (rep == 7 && tu_randint(0, 3) == 0)
                        m = tu_randint(60, 140), n = tu_randint(60, 140), k = tu_randint(60, 140);
                    char tA = TCH[ta], tB = TCH[tb];
                    int ar = tA == 'N' ? m : k, ac = tA == 'N' ? k : m, br = tB == 'N' ? k : n,
                        bc = tB == 'N' ? n : k;
                    int lda = mx1(rows_of(row, ar, ac)) + tu_randint(0, 2),
                        ldb = mx1(rows_of(row, br, bc)) + tu_randint(0, 2);
                    int ldc = mx1(rows_of(row, m, n)) + tu_randint(0, 2);
                    zc al = rscalar(rep + ta), be = rscalar(rep + tb + li);
                    buf a, b, c;
                    gfill(&a, row, ar, ac, lda, al == 0);
                    gfill(&b, row, br, bc, ldb, al == 0);
                    cfill(&c, row, m, n, ldc, be == 0, 0);
                    zc *w = snap(&c);
                    if (!(m == 0 || n == 0 || ((al == 0 || k == 0) && be == 1)))
                        for (int i = 0; i < m; i++)
                            for (int j = 0; j < n; j++) {
                                size_t o = mi(row, i, j, ldc);
                                zc sum = 0;
                                if (al != 0)
                                    for (int l = 0; l < k; l++)
                                        sum += opel(&a, row, lda, tA, i, l) * opel(&b, row, ldb, tB, l, j);
                                w[o] = (be == 0 ? 0 : be * w[o]) + (al == 0 ? 0 : al * sum);
                            }
                    x_gemm(LAYOUTS[li], TRANS[ta], TRANS[tb], m, n, k, al, a.d, lda, b.d, ldb, be, c.d,
                           ldc);
                    snprintf(ctx, sizeof ctx, "gemm row=%d ta=%c tb=%c m=%d n=%d k=%d ld=%d,%d,%d", row, tA,
                             tB, m, n, k, lda, ldb, ldc);
                    bcheck(&c, w, mag3(al, be), k, ctx);
                    free(w), bfree(&a), bfree(&b), bfree(&c);
                }
}

/* symm (herm = 0) and hemm (herm = 1) */
static void t_symm(int herm)
{
    for (int li = 0; li < 2; li++)
        for (int side = 0; side < 2; side++)
            for (int up = 0; up < 2; up++)
                for (int rep = 0; rep < 8; rep++) {
                    int row = li, m = rsize(), n = rsize(), ka = side ? n : m;
                    int lda = mx1(ka) + tu_randint(0, 2), ldb = mx1(rows_of(row, m, n)) + tu_randint(0, 2);
                    int ldc = mx1(rows_of(row, m, n)) + tu_randint(0, 2);
                    smat s = {FULL, row, up, ka, 0, lda};
                    zc al = rscalar(rep + up), be = rscalar(rep + side + li);
                    buf a, b, c;
                    bnew(&a, ssize(&s), 1);
                    if (al != 0)
                        sfill(&s, &a, 0, 0);
                    gfill(&b, row, m, n, ldb, al == 0);
                    cfill(&c, row, m, n, ldc, be == 0, 0);
                    zc *w = snap(&c);
                    if (!(m == 0 || n == 0 || (al == 0 && be == 1)))
                        for (int i = 0; i < m; i++)
                            for (int j = 0; j < n; j++) {
                                size_t o = mi(row, i, j, ldc);
                                zc sum = 0;
                                if (al != 0)
                                    for (int l = 0; l < ka; l++)
                                        sum += side
                                                   ? G(&b, mi(row, i, l, ldb)) * sym_el(&s, &a, l, j, herm)
                                                   : sym_el(&s, &a, i, l, herm) * G(&b, mi(row, l, j, ldb));
                                w[o] = (be == 0 ? 0 : be * w[o]) + (al == 0 ? 0 : al * sum);
                            }
                    x_symm(herm, LAYOUTS[li], side ? CblasRight : CblasLeft, up ? CblasUpper : CblasLower,
                           m, n, al, a.d, lda, b.d, ldb, be, c.d, ldc);
                    snprintf(ctx, sizeof ctx, "%s row=%d side=%c up=%d m=%d n=%d ld=%d,%d,%d",
                             herm ? "hemm" : "symm", row, side ? 'R' : 'L', up, m, n, lda, ldb, ldc);
                    bcheck(&c, w, mag3(al, be), ka, ctx);
                    free(w), bfree(&a), bfree(&b), bfree(&c);
                }
}

/* syrk/herk (two = 0), syr2k/her2k (two = 1) */
static void t_rk(int two, int herm)
{
    for (int li = 0; li < 2; li++)
        for (int up = 0; up < 2; up++)
            for (int ti = 0; ti < 3; ti++)
                for (int rep = 0; rep < 6; rep++) {
                    char t = TCH[ti];
                    if ((herm && t == 'T') || (cplx() && !herm && t == 'C'))
                        continue; /* illegal combinations: see the error tests */
                    int row = li, n = rsize(), k = rsize();
                    int ar = t == 'N' ? n : k, ac = t == 'N' ? k : n;
                    int lda = mx1(rows_of(row, ar, ac)) + tu_randint(0, 2),
                        ldb = mx1(rows_of(row, ar, ac)) + tu_randint(0, 2);
                    int ldc = mx1(n) + tu_randint(0, 2);
                    zc al = rscalar(rep + up + ti), be = creal(rscalar(rep + li));
                    if (herm && !two)
                        al = creal(al);
                    if (!herm)
                        be = rscalar(rep + li);
                    buf a, b, c;
                    gfill(&a, row, ar, ac, lda, al == 0);
                    gfill(&b, row, ar, ac, ldb, al == 0 || !two);
                    cfill(&c, row, n, n, ldc, be == 0, up ? 1 : 2);
                    zc *w = snap(&c);
                    if (!(n == 0 || ((al == 0 || k == 0) && be == 1)))
                        for (int i = 0; i < n; i++)
                            for (int j = up ? i : 0; j < (up ? n : i + 1); j++) {
                                size_t o = mi(row, i, j, ldc);
                                zc sum = 0;
                                /* op(X)(i, l) with op = N or T/C */
#define OPX(X, ld, r, l) (t == 'N' ? G(X, mi(row, r, l, ld)) : G(X, mi(row, l, r, ld)))
#define CJH(v) (herm ? cj(v) : (v))
                                if (al != 0)
                                    for (int l = 0; l < k; l++) {
                                        zc ai = OPX(&a, lda, i, l), aj = OPX(&a, lda, j, l);
                                        if (t == 'N' && !two)
                                            sum += al * ai * CJH(aj);
                                        else if (!two)
                                            sum += al * CJH(ai) * aj;
                                        else {
                                            zc bi = OPX(&b, ldb, i, l), bj = OPX(&b, ldb, j, l);
                                            zc al2 = herm ? cj(al) : al;
                                            sum += t == 'N' ? al * ai * CJH(bj) + al2 * bi * CJH(aj)
                                                            : al * CJH(ai) * bj + al2 * CJH(bi) * aj;
                                        }
                                    }
#undef OPX
#undef CJH
                                zc old = (herm && i == j) ? creal(w[o]) : w[o];
                                w[o] = (be == 0 ? 0 : be * old) + sum;
                                if (herm && i == j)
                                    w[o] = creal(w[o]);
                            }
                    x_rk(two, herm, LAYOUTS[li], up ? CblasUpper : CblasLower, TRANS[ti], n, k, al, a.d,
                         lda, b.d, ldb, be, c.d, ldc);
                    snprintf(ctx, sizeof ctx, "%s%s row=%d up=%d t=%c n=%d k=%d ld=%d,%d,%d",
                             herm ? "her" : "syr", two ? "2k" : "k", row, up, t, n, k, lda, ldb, ldc);
                    bcheck(&c, w, mag3(al, be), 2 * k, ctx);
                    free(w), bfree(&a), bfree(&b), bfree(&c);
                }
}

/* trmm (solve = 0), trsm (solve = 1) */
static void t_trxm(int solve)
{
    for (int li = 0; li < 2; li++)
        for (int side = 0; side < 2; side++)
            for (int up = 0; up < 2; up++)
                for (int ti = 0; ti < 3; ti++)
                    for (int rep = 0; rep < 4; rep++) {
                        int unit = rep & 1, row = li, m = rsize(), n = rsize(), ka = side ? n : m;
                        int lda = mx1(ka) + tu_randint(0, 2),
                            ldb = mx1(rows_of(row, m, n)) + tu_randint(0, 2);
                        smat s = {FULL, row, up, ka, 0, lda};
                        zc al = rscalar(tu_randint(0, 7));
                        char t = TCH[ti];
                        buf a, b;
                        bnew(&a, ssize(&s), 1);
                        sfill(&s, &a, 1, unit);
                        cfill(&b, row, m, n, ldb, al == 0, 0);
                        zc *w = snap(&b), *T = malloc(sizeof(zc) * (size_t)mx1(ka * ka)),
                           *v = malloc(sizeof(zc) * mx1(ka));
                        for (int i = 0; i < ka; i++)
                            for (int j = 0; j < ka; j++) {
                                zc e = t == 'N' ? tri_el(&s, &a, i, j, unit) : tri_el(&s, &a, j, i, unit);
                                T[i * ka + j] = t == 'C' ? cj(e) : e;
                            }
                        /* side R works on rows of B with T transposed: x*T = b  <=>  T**T x**T = b**T */
                        int lower = (up && t != 'N') || (!up && t == 'N');
                        if (side)
                            lower = !lower;
                        for (int vec = 0; m && n && vec < (side ? m : n); vec++) {
                            for (int e = 0; e < ka; e++)
                                v[e] = al == 0 ? 0 : w[side ? mi(row, vec, e, ldb) : mi(row, e, vec, ldb)];
                            if (al != 0)
                                for (int step = 0; step < ka; step++) {
                                    int i = lower == solve ? step : ka - 1 - step;
                                    zc sum = 0, tii = T[i * ka + i];
                                    for (int j = 0; j < ka; j++)
                                        if (j != i)
                                            sum += (side ? T[j * ka + i] : T[i * ka + j]) * v[j];
                                    v[i] = solve ? (al * v[i] - sum) / tii : tii * v[i] + sum;
                                }
                            for (int e = 0; e < ka; e++)
                                w[side ? mi(row, vec, e, ldb) : mi(row, e, vec, ldb)] =
                                    (solve || al == 0) ? v[e] : al * v[e];
                        }
                        x_trxm(solve, LAYOUTS[li], side ? CblasRight : CblasLeft,
                               up ? CblasUpper : CblasLower, TRANS[ti], unit ? CblasUnit : CblasNonUnit, m,
                               n, al, a.d, lda, b.d, ldb);
                        snprintf(ctx, sizeof ctx, "%s row=%d side=%c up=%d t=%c unit=%d m=%d n=%d ld=%d,%d",
                                 solve ? "trsm" : "trmm", row, side ? 'R' : 'L', up, t, unit, m, n, lda,
                                 ldb);
                        bcheck(&b, w, mag3(al, 1) * 2, ka, ctx);
                        free(w), free(T), free(v), bfree(&a), bfree(&b);
                    }
}

/* ---- Level 1 (thin forwarding: a few shapes each) ------------------------------------------- */
static zc vget(const buf *b, int n, int inc, int k) { return G(b, vi(n, inc, k)); }

static void t_level1(void)
{
    static const int ns[] = {0, 1, 2, 7, 33};
    for (int ni = 0; ni < 5; ni++)
        for (int rep = 0; rep < 4; rep++) {
            int n = ns[ni], ix = rinc(), iy = rinc();
            zc al = rscalar(rep);
            buf x, y;
            bnew(&x, vlen(n, ix), 0);
            bnew(&y, vlen(n, iy), 0);
            zc *wx = snap(&x), *wy = snap(&y);
            double tol = eps() * 16 * (n + 4);
            snprintf(ctx, sizeof ctx, "level1 n=%d inc=%d,%d", n, ix, iy);

            /* dot products */
            zc du = 0, dc = 0;
            for (int k = 0; k < n; k++) {
                du += vget(&x, n, ix, k) * vget(&y, n, iy, k);
                dc += cj(vget(&x, n, ix, k)) * vget(&y, n, iy, k);
            }
            zc got_u, got_c;
            if (P == 0) {
                got_u = got_c = cblas_sdot(n, x.d, ix, y.d, iy);
                float sb = 0.25f;
                TU_CHECK(tu_close(cblas_sdsdot(n, sb, x.d, ix, y.d, iy), sb + creal(du), tol, n + 1),
                         "sdsdot %s", ctx);
                TU_CHECK(tu_close(cblas_dsdot(n, x.d, ix, y.d, iy), creal(du), DBL_EPSILON * 16 * (n + 4),
                                  n + 1),
                         "dsdot %s", ctx);
            } else if (P == 1) {
                got_u = got_c = cblas_ddot(n, x.d, ix, y.d, iy);
            } else if (P == 2) {
                float complex u, c;
                cblas_cdotu_sub(n, x.d, ix, y.d, iy, &u);
                cblas_cdotc_sub(n, x.d, ix, y.d, iy, &c);
                got_u = u, got_c = c;
            } else {
                double complex u, c;
                cblas_zdotu_sub(n, x.d, ix, y.d, iy, &u);
                cblas_zdotc_sub(n, x.d, ix, y.d, iy, &c);
                got_u = u, got_c = c;
            }
            TU_CHECK(tu_closez(got_u, du, tol, n + 1) && tu_closez(got_c, dc, tol, n + 1), "%c dot %s",
                     PN[P], ctx);

            /* asum, nrm2, i?amax (positive increments; the reference returns 0 for incx <= 0) */
            int px = abs(ix);
            double as = 0, nr = 0, best = -1;
            size_t imax = 0;
            for (int k = 0; k < n; k++) {
                zc v = G(&x, (size_t)k * px);
                double a1 = fabs(creal(v)) + fabs(cimag(v));
                as += a1, nr += creal(v) * creal(v) + cimag(v) * cimag(v);
                if (a1 > best)
                    best = a1, imax = (size_t)k;
            }
            nr = sqrt(nr);
            double gas, gnr;
            size_t gim, gneg;
            switch (P) {
            case 0:
                gas = cblas_sasum(n, x.d, px), gnr = cblas_snrm2(n, x.d, px),
                gim = cblas_isamax(n, x.d, px), gneg = cblas_isamax(n, x.d, -1);
                break;
            case 1:
                gas = cblas_dasum(n, x.d, px), gnr = cblas_dnrm2(n, x.d, px),
                gim = cblas_idamax(n, x.d, px), gneg = cblas_idamax(n, x.d, -1);
                break;
            case 2:
                gas = cblas_scasum(n, x.d, px), gnr = cblas_scnrm2(n, x.d, px),
                gim = cblas_icamax(n, x.d, px), gneg = cblas_icamax(n, x.d, -1);
                break;
            default:
                gas = cblas_dzasum(n, x.d, px), gnr = cblas_dznrm2(n, x.d, px),
                gim = cblas_izamax(n, x.d, px), gneg = cblas_izamax(n, x.d, -1);
            }
            TU_CHECK(tu_close(gas, as, tol, n + 1) && tu_close(gnr, nr, tol, n + 1), "%c asum/nrm2 %s",
                     PN[P], ctx);
            TU_CHECK(gim == imax && gneg == 0, "%c iamax %s: got %zu want %zu", PN[P], ctx, gim, imax);
            TU_CHECK(bcheck(&x, wx, 1, 0, ctx), "inputs changed");

            /* axpy, then swap, then scal, then copy: each against the reference of the previous state */
            zc *ex = snap(&x), *ey = snap(&y);
            if (n > 0 && al != 0)
                for (int k = 0; k < n; k++)
                    ey[vi(n, iy, k)] += al * ex[vi(n, ix, k)];
            float complex fa = (float complex)al;
            switch (P) {
            case 0: cblas_saxpy(n, (float)creal(al), x.d, ix, y.d, iy); break;
            case 1: cblas_daxpy(n, creal(al), x.d, ix, y.d, iy); break;
            case 2: cblas_caxpy(n, &fa, x.d, ix, y.d, iy); break;
            default: cblas_zaxpy(n, &al, x.d, ix, y.d, iy);
            }
            bcheck(&y, ey, mag3(al, 1), 1, "axpy");
            for (int k = 0; k < n; k++) {
                zc t = ex[vi(n, ix, k)];
                ex[vi(n, ix, k)] = ey[vi(n, iy, k)], ey[vi(n, iy, k)] = t;
            }
            switch (P) {
            case 0: cblas_sswap(n, x.d, ix, y.d, iy); break;
            case 1: cblas_dswap(n, x.d, ix, y.d, iy); break;
            case 2: cblas_cswap(n, x.d, ix, y.d, iy); break;
            default: cblas_zswap(n, x.d, ix, y.d, iy);
            }
            bcheck(&x, ex, 4, 1, "swap x");
            bcheck(&y, ey, 4, 1, "swap y");
            for (int k = 0; k < n; k++)
                ex[(size_t)k * px] *= al;
            switch (P) {
            case 0: cblas_sscal(n, (float)creal(al), x.d, px); break;
            case 1: cblas_dscal(n, creal(al), x.d, px); break;
            case 2: cblas_cscal(n, &fa, x.d, px); break;
            default: cblas_zscal(n, &al, x.d, px);
            }
            bcheck(&x, ex, 4, 1, "scal");
            if (cplx()) { /* csscal / zdscal with a real scalar */
                for (int k = 0; k < n; k++)
                    ex[(size_t)k * px] *= 0.5;
                P == 2 ? cblas_csscal(n, 0.5f, x.d, px) : cblas_zdscal(n, 0.5, x.d, px);
                bcheck(&x, ex, 4, 1, "csscal/zdscal");
            }
            for (int k = 0; k < n; k++)
                ey[vi(n, iy, k)] = ex[vi(n, ix, k)];
            switch (P) {
            case 0: cblas_scopy(n, x.d, ix, y.d, iy); break;
            case 1: cblas_dcopy(n, x.d, ix, y.d, iy); break;
            case 2: cblas_ccopy(n, x.d, ix, y.d, iy); break;
            default: cblas_zcopy(n, x.d, ix, y.d, iy);
            }
            bcheck(&y, ey, 4, 1, "copy");

            /* plane rotation with real c, s (srot/drot, csrot/zdrot) */
            double c = 0.6, s = -0.8;
            for (int k = 0; k < n; k++) {
                zc xv = ex[vi(n, ix, k)], yv = ey[vi(n, iy, k)];
                ex[vi(n, ix, k)] = c * xv + s * yv, ey[vi(n, iy, k)] = c * yv - s * xv;
            }
            switch (P) {
            case 0: cblas_srot(n, x.d, ix, y.d, iy, (float)c, (float)s); break;
            case 1: cblas_drot(n, x.d, ix, y.d, iy, c, s); break;
            case 2: cblas_csrot(n, x.d, ix, y.d, iy, (float)c, (float)s); break;
            default: cblas_zdrot(n, x.d, ix, y.d, iy, c, s);
            }
            bcheck(&x, ex, 4, 2, "rot x");
            bcheck(&y, ey, 4, 2, "rot y");

            /* modified rotation (real): every flag */
            if (!cplx()) {
                double prm[5] = {(double)(rep - 2), 0.5, -0.25, 0.75, 1.5};
                double h11 = prm[1], h21 = prm[2], h12 = prm[3], h22 = prm[4];
                if (prm[0] == 0)
                    h11 = h22 = 1;
                else if (prm[0] == 1)
                    h21 = -1, h12 = 1;
                for (int k = 0; k < n && prm[0] != -2; k++) {
                    zc xv = ex[vi(n, ix, k)], yv = ey[vi(n, iy, k)];
                    ex[vi(n, ix, k)] = h11 * xv + h12 * yv, ey[vi(n, iy, k)] = h21 * xv + h22 * yv;
                }
                if (P == 0) {
                    float fp[5] = {(float)prm[0], (float)prm[1], (float)prm[2], (float)prm[3],
                                   (float)prm[4]};
                    cblas_srotm(n, x.d, ix, y.d, iy, fp);
                } else {
                    cblas_drotm(n, x.d, ix, y.d, iy, prm);
                }
                bcheck(&x, ex, 4, 2, "rotm x");
                bcheck(&y, ey, 4, 2, "rotm y");
            }
            free(wx), free(wy), free(ex), free(ey), bfree(&x), bfree(&y);
        }

    /* rotg: [c s; -conj(s) c] [a; b] = [r; 0] with c real, c^2 + |s|^2 = 1 */
    for (int rep = 0; rep < 8; rep++) {
        zc a = rnd(), b = rep == 0 ? 0 : rnd(), s, r;
        double c;
        if (P == 0) {
            float fa = (float)creal(a), fb = (float)creal(b), fc, fs;
            cblas_srotg(&fa, &fb, &fc, &fs);
            r = fa, c = fc, s = fs, a = (float)creal(a), b = (float)creal(b);
        } else if (P == 1) {
            double da = creal(a), db = creal(b), dc, ds;
            cblas_drotg(&da, &db, &dc, &ds);
            r = da, c = dc, s = ds;
        } else if (P == 2) {
            float complex fa = (float complex)a, fb = (float complex)b, fs;
            float fc;
            cblas_crotg(&fa, &fb, &fc, &fs);
            r = fa, c = fc, s = fs, a = (float complex)a, b = (float complex)b;
        } else {
            double complex za = a, zb = b, zs;
            double zcv;
            cblas_zrotg(&za, &zb, &zcv, &zs);
            r = za, c = zcv, s = zs;
        }
        zc top = c * a + s * b, bot = -cj(s) * a + c * b;
        TU_CHECK(tu_close(c * c + creal(s * cj(s)), 1, eps() * 16, 1) && tu_closez(top, r, eps() * 16, 2) &&
                     tu_closez(bot, 0, eps() * 16, 2),
                 "%c rotg rep=%d", PN[P], rep);
    }

    /* rotmg: H from param maps (x1, y1) to (b1', 0) */
    if (!cplx())
        for (int rep = 0; rep < 8; rep++) {
            double d1 = 0.5 + tu_rand() * 0.4, d2 = 0.5 + tu_rand() * 0.4, x1 = tu_rand(), y1 = tu_rand(),
                   prm[5];
            if (rep == 0)
                y1 = 0;
            if (P == 0) {
                float fd1 = (float)d1, fd2 = (float)d2, fx1 = (float)x1, fp[5];
                x1 = fx1, y1 = (float)y1;
                cblas_srotmg(&fd1, &fd2, &fx1, (float)y1, fp);
                for (int i = 0; i < 5; i++)
                    prm[i] = fp[i];
                d1 = fx1; /* reuse: the new x1 */
            } else {
                double dx1 = x1;
                cblas_drotmg(&d1, &d2, &dx1, y1, prm);
                d1 = dx1;
            }
            double h11 = prm[1], h21 = prm[2], h12 = prm[3], h22 = prm[4];
            if (prm[0] == -2)
                h11 = h22 = 1, h12 = h21 = 0;
            else if (prm[0] == 0)
                h11 = h22 = 1;
            else if (prm[0] == 1)
                h21 = -1, h12 = 1;
            TU_CHECK(tu_close(h11 * x1 + h12 * y1, d1, eps() * 64, 4) &&
                         tu_close(h21 * x1 + h22 * y1, 0, eps() * 64, 4),
                     "%c rotmg rep=%d flag=%g", PN[P], rep, prm[0]);
        }
    if (P == 2) {
        float complex v = CMPLXF(-1.5f, 2.25f);
        TU_CHECK(cblas_scabs1(&v) == 3.75f, "scabs1");
    } else if (P == 3) {
        double complex v = CMPLX(-1.5, 2.25);
        TU_CHECK(cblas_dcabs1(&v) == 3.75, "dcabs1");
    }
}

/* ---- error reporting ------------------------------------------------------------------------ */
/* This program's cblas_xerbla replaces the library's: it records what the library reports. */
static int xe_calls, xe_info, xe_row;
static char xe_rout[32];
void cblas_xerbla(tint info, const char *rout, const char *form, ...)
{
    (void)form;
    xe_calls++;
    xe_info = info;
    xe_row = RowMajorStrg;
    snprintf(xe_rout, sizeof xe_rout, "%s", rout);
}
/* The position in the user's argument list, mapped back from a row-major report the way the
   netlib CBLAS testers' cblas_xerbla does it. */
static int user_position(int info, int row, const char *rout)
{
    static const struct {
        const char *key;
        int a, b, c, d;
    } swaps[] = {{"gemm", 4, 5, 9, 11}, {"symm", 4, 5, 0, 0}, {"hemm", 4, 5, 0, 0}, {"trmm", 6, 7, 0, 0},
                 {"trsm", 6, 7, 0, 0},  {"gemv", 3, 4, 0, 0}, {"gbmv", 3, 4, 5, 6}, {"ger", 2, 3, 6, 8}};
    if (!row)
        return info;
    for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++)
        if (strstr(rout, swaps[i].key)) {
            int *p = (int[]){swaps[i].a, swaps[i].b, swaps[i].c, swaps[i].d};
            for (int q = 0; q < 4; q++)
                if (p[q] && info == p[q])
                    return p[q ^ 1];
            return info;
        }
    if ((strstr(rout, "her2") || strstr(rout, "hpr2")) && !strstr(rout, "her2k"))
        return info == 6 ? 8 : info == 8 ? 6 : info;
    return info;
}

/* Operands of the illegal calls: small, filled with a sentinel that must survive. */
static double EA[64], EB[64], EC[64], EX[64], EY[64];
static void e_reset(void)
{
    for (int i = 0; i < 64; i++)
        EA[i] = EB[i] = EC[i] = EX[i] = EY[i] = 7.0;
    xe_calls = 0, xe_info = -1, xe_row = -1, xe_rout[0] = 0;
    RowMajorStrg = 0;
}
static void e_expect(const char *base, int pos, int row, int line)
{
    char want[32];
    snprintf(want, sizeof want, "cblas_%c%s", PN[P], base);
    int untouched = 1;
    for (int i = 0; i < 64; i++)
        untouched &= EA[i] == 7.0 && EB[i] == 7.0 && EC[i] == 7.0 && EX[i] == 7.0 && EY[i] == 7.0;
    TU_CHECK(xe_calls == 1 && !strcmp(xe_rout, want) && xe_row == row &&
                 user_position(xe_info, xe_row, xe_rout) == pos && untouched,
             "line %d %s: want pos %d row %d; got %d call(s) %s info %d RowMajorStrg %d untouched %d", line,
             want, pos, row, xe_calls, xe_rout, xe_info, xe_row, untouched);
}
/* ERR(routine name without type letter, expected user position, row flag expected, call) */
#define ERR(base, pos, row, call)                                                                          \
    do {                                                                                                   \
        e_reset();                                                                                         \
        call;                                                                                              \
        e_expect(base, pos, row, __LINE__);                                                                \
    } while (0)
#define BAD 0 /* an illegal enumeration value */

static void t_errors(void)
{
    const int C = CblasColMajor, R = CblasRowMajor, N = CblasNoTrans, T = CblasTrans, U = CblasUpper,
              NU = CblasNonUnit, Lf = CblasLeft;
    const int ConjT = CblasConjTrans;
    zc one = 1;
    const char *hemv = cplx() ? "hemv" : "symv", *hbmv = cplx() ? "hbmv" : "sbmv",
               *hpmv = cplx() ? "hpmv" : "spmv";
    const char *geru = cplx() ? "geru" : "ger", *gerc = cplx() ? "gerc" : "ger",
               *her = cplx() ? "her" : "syr";
    const char *hpr = cplx() ? "hpr" : "spr", *her2 = cplx() ? "her2" : "syr2",
               *hpr2 = cplx() ? "hpr2" : "spr2";

    /* gemv: both layouts; row-major M and N come back swapped (raw 4 for M) and are mapped */
    ERR("gemv", 1, 0, x_gemv(BAD, N, 0, 0, one, EA, 1, EX, 1, one, EY, 1));
    for (int row = 0; row < 2; row++) {
        int L = row ? R : C;
        ERR("gemv", 2, row, x_gemv(L, BAD, 0, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gemv", 2, row, x_gemv(L, AtlasConj, 0, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gemv", 3, row, x_gemv(L, N, -1, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gemv", 4, row, x_gemv(L, N, 0, -1, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gemv", 7, row, x_gemv(L, N, row ? 0 : 2, row ? 2 : 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gemv", 9, row, x_gemv(L, N, 0, 0, one, EA, 1, EX, 0, one, EY, 1));
        ERR("gemv", 12, row, x_gemv(L, ConjT, 0, 0, one, EA, 1, EX, 1, one, EY, 0));
        ERR("gemv", 12, row, x_gemv(L, ConjT, 2, 2, one, EA, 2, EX, 1, one, EY, 0));
        ERR("gbmv", 5, row, x_gbmv(L, N, 0, 0, -1, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gbmv", 6, row, x_gbmv(L, N, 2, 0, 0, -1, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gbmv", 9, row, x_gbmv(L, T, 0, 0, 1, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR("gbmv", 14, row, x_gbmv(L, ConjT, 1, 1, 0, 0, one, EA, 1, EX, 1, one, EY, 0));
        /* triangular family */
        for (int kind = 0; kind < 3; kind++)
            for (int solve = 0; solve < 2; solve++) {
                static const char *nm[2][3] = {{"trmv", "tbmv", "tpmv"}, {"trsv", "tbsv", "tpsv"}};
                const char *b = nm[solve][kind];
                int xpos = kind == FULL ? 9 : kind == BAND ? 10 : 8;
                ERR(b, 1, 0, x_tri(kind, solve, BAD, U, N, NU, 0, 0, EA, 1, EX, 1));
                ERR(b, 2, row, x_tri(kind, solve, L, BAD, N, NU, 0, 0, EA, 1, EX, 1));
                ERR(b, 3, row, x_tri(kind, solve, L, U, BAD, NU, 0, 0, EA, 1, EX, 1));
                ERR(b, 4, row, x_tri(kind, solve, L, U, N, BAD, 0, 0, EA, 1, EX, 1));
                ERR(b, 5, row, x_tri(kind, solve, L, U, N, NU, -1, 0, EA, 1, EX, 1));
                ERR(b, xpos, row, x_tri(kind, solve, L, U, ConjT, NU, 2, 0, EA, 2, EX, 0));
                if (kind == FULL)
                    ERR(b, 7, row, x_tri(kind, solve, L, U, T, NU, 2, 0, EA, 1, EX, 1));
                if (kind == BAND) {
                    ERR(b, 6, row, x_tri(kind, solve, L, U, N, NU, 0, -1, EA, 1, EX, 1));
                    ERR(b, 8, row, x_tri(kind, solve, L, U, N, NU, 0, 1, EA, 1, EX, 1));
                }
            }
        /* symmetric / Hermitian, rank updates: with n = 0 no conjugated copy is made, so the
           increments are checked as given (the reference's behaviour) */
        ERR(hemv, 2, row, x_hmv(FULL, L, BAD, 0, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR(hemv, 3, row, x_hmv(FULL, L, U, -1, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR(hemv, 6, row, x_hmv(FULL, L, U, 2, 0, one, EA, 1, EX, 1, one, EY, 1));
        ERR(hemv, 8, row, x_hmv(FULL, L, U, 0, 0, one, EA, 1, EX, 0, one, EY, 1));
        ERR(hemv, 11, row, x_hmv(FULL, L, U, 2, 0, one, EA, 2, EX, 1, one, EY, 0));
        ERR(hbmv, 4, row, x_hmv(BAND, L, U, 0, -1, one, EA, 1, EX, 1, one, EY, 1));
        ERR(hbmv, 7, row, x_hmv(BAND, L, U, 0, 1, one, EA, 1, EX, 1, one, EY, 1));
        ERR(hpmv, 7, row, x_hmv(PACK, L, U, 0, 0, one, EA, 1, EX, 0, one, EY, 1));
        ERR(hpmv, 10, row, x_hmv(PACK, L, U, 2, 0, one, EA, 1, EX, 1, one, EY, 0));
        ERR(geru, 1, 0, x_ger(0, BAD, 0, 0, one, EX, 1, EY, 1, EA, 1));
        ERR(geru, 2, row, x_ger(0, L, -1, 0, one, EX, 1, EY, 1, EA, 1));
        ERR(geru, 3, row, x_ger(0, L, 0, -1, one, EX, 1, EY, 1, EA, 1));
        ERR(gerc, 6, row, x_ger(1, L, 0, 0, one, EX, 0, EY, 1, EA, 1));
        ERR(gerc, 8, row, x_ger(1, L, 0, 0, one, EX, 1, EY, 0, EA, 1));
        ERR(gerc, 10, row, x_ger(1, L, row ? 0 : 2, row ? 2 : 0, one, EX, 1, EY, 1, EA, 1));
        ERR(her, 2, row, x_her(FULL, L, BAD, 0, 1, EX, 1, EA, 1));
        ERR(her, 3, row, x_her(FULL, L, U, -1, 1, EX, 1, EA, 1));
        ERR(her, 6, row, x_her(FULL, L, U, 0, 1, EX, 0, EA, 1));
        ERR(her, 8, row, x_her(FULL, L, U, 2, 1, EX, 1, EA, 1));
        ERR(hpr, 6, row, x_her(PACK, L, U, 0, 1, EX, 0, EA, 1));
        ERR(her2, 3, row, x_her2(FULL, L, U, -1, one, EX, 1, EY, 1, EA, 1));
        ERR(her2, 6, row, x_her2(FULL, L, U, 0, one, EX, 0, EY, 1, EA, 1));
        ERR(her2, 8, row, x_her2(FULL, L, U, 0, one, EX, 1, EY, 0, EA, 1));
        ERR(her2, 10, row, x_her2(FULL, L, U, 2, one, EX, 1, EY, 1, EA, 1));
        ERR(hpr2, 6, row, x_her2(PACK, L, U, 0, one, EX, 0, EY, 1, EA, 1));
        ERR(hpr2, 8, row, x_her2(PACK, L, U, 0, one, EX, 1, EY, 0, EA, 1));

        /* Level 3 */
        ERR("gemm", 2, row, x_gemm(L, BAD, N, 0, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("gemm", 3, row, x_gemm(L, N, BAD, 0, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("gemm", 4, row, x_gemm(L, N, N, -1, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("gemm", 5, row, x_gemm(L, N, T, 0, -1, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("gemm", 6, row, x_gemm(L, T, N, 0, 0, -1, one, EA, 1, EB, 1, one, EC, 1));
        ERR("gemm", 9, row, x_gemm(L, N, N, row ? 0 : 2, 0, row ? 2 : 0, one, EA, 1, EB, 2, one, EC, 2));
        ERR("gemm", 11, row, x_gemm(L, N, N, 0, row ? 2 : 0, row ? 0 : 2, one, EA, 1, EB, 1, one, EC, 2));
        ERR("gemm", 14, row, x_gemm(L, N, N, 2, 2, 0, one, EA, 2, EB, 2, one, EC, 1));
        ERR("symm", 2, row, x_symm(0, L, BAD, U, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("symm", 3, row, x_symm(0, L, Lf, BAD, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("symm", 4, row, x_symm(0, L, Lf, U, -1, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("symm", 5, row, x_symm(0, L, Lf, U, 0, -1, one, EA, 1, EB, 1, one, EC, 1));
        ERR("symm", 8, row, x_symm(0, L, Lf, U, 2, 0, one, EA, 1, EB, 2, one, EC, 2));
        ERR("symm", 10, row,
            x_symm(0, L, Lf, U, row ? 0 : 2, row ? 2 : 0, one, EA, row ? 1 : 2, EB, 1, one, EC, 2));
        ERR("symm", 13, row, x_symm(0, L, Lf, U, 2, 2, one, EA, 2, EB, 2, one, EC, 1));
        ERR("syrk", 2, row, x_rk(0, 0, L, BAD, N, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("syrk", 3, row, x_rk(0, 0, L, U, BAD, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("syrk", 4, row, x_rk(0, 0, L, U, N, -1, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("syrk", 5, row, x_rk(0, 0, L, U, N, 0, -1, one, EA, 1, EB, 1, one, EC, 1));
        ERR("syrk", 8, row, x_rk(0, 0, L, U, N, row ? 0 : 2, row ? 2 : 0, one, EA, 1, EB, 1, one, EC, 2));
        ERR("syrk", 11, row, x_rk(0, 0, L, U, N, 2, 0, one, EA, 2, EB, 2, one, EC, 1));
        ERR("syr2k", 10, row, x_rk(1, 0, L, U, T, row ? 2 : 0, row ? 0 : 2, one, EA, 2, EB, 1, one, EC, 2));
        ERR("syr2k", 13, row, x_rk(1, 0, L, U, N, 2, 0, one, EA, 2, EB, 2, one, EC, 1));
        if (cplx()) {
            ERR("syrk", 3, row, x_rk(0, 0, L, U, ConjT, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
            ERR("syr2k", 3, row, x_rk(1, 0, L, U, ConjT, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
            ERR("herk", 2, row, x_rk(0, 1, L, BAD, N, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
            ERR("herk", 8, row,
                x_rk(0, 1, L, U, ConjT, row ? 2 : 0, row ? 0 : 2, one, EA, 1, EB, 1, one, EC, 2));
            ERR("her2k", 13, row, x_rk(1, 1, L, U, N, 2, 0, one, EA, 2, EB, 2, one, EC, 1));
            ERR("hemm", 3, row, x_symm(1, L, Lf, BAD, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
            ERR("hemm", 5, row, x_symm(1, L, Lf, U, 0, -1, one, EA, 1, EB, 1, one, EC, 1));
        }
        for (int solve = 0; solve < 2; solve++) {
            const char *b = solve ? "trsm" : "trmm";
            ERR(b, 2, row, x_trxm(solve, L, BAD, U, N, NU, 0, 0, one, EA, 1, EB, 1));
            ERR(b, 3, row, x_trxm(solve, L, Lf, BAD, N, NU, 0, 0, one, EA, 1, EB, 1));
            ERR(b, 4, row, x_trxm(solve, L, Lf, U, BAD, NU, 0, 0, one, EA, 1, EB, 1));
            ERR(b, 5, row, x_trxm(solve, L, Lf, U, N, BAD, 0, 0, one, EA, 1, EB, 1));
            ERR(b, 6, row, x_trxm(solve, L, Lf, U, N, NU, -1, 0, one, EA, 1, EB, 1));
            ERR(b, 7, row, x_trxm(solve, L, Lf, U, N, NU, 0, -1, one, EA, 1, EB, 1));
            ERR(b, 10, row, x_trxm(solve, L, Lf, U, N, NU, 2, 0, one, EA, 1, EB, 2));
            ERR(b, 12, row,
                x_trxm(solve, L, Lf, U, N, NU, row ? 0 : 2, row ? 2 : 0, one, EA, row ? 1 : 2, EB, 1));
        }
    }
    ERR("gemm", 1, 0, x_gemm(BAD, N, N, 0, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
    ERR("trsm", 1, 0, x_trxm(1, BAD, Lf, U, N, NU, 0, 0, one, EA, 1, EB, 1));
    if (cplx()) { /* herk/her2k accept only N and C column-major */
        ERR("herk", 3, 0, x_rk(0, 1, C, U, T, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
        ERR("her2k", 3, 0, x_rk(1, 1, C, U, T, 0, 0, one, EA, 1, EB, 1, one, EC, 1));
    }

    /* the raw report of a row-major error, as the reference gives it (testers map it back) */
    e_reset();
    x_gemv(R, N, -1, 0, one, EA, 1, EX, 1, one, EY, 1);
    TU_CHECK(xe_info == 4 && xe_row == 1 && RowMajorStrg == 0,
             "gemv row-major M: raw info %d RowMajorStrg %d", xe_info, xe_row);
}

int main(void)
{
    tu_seed(20240611);
    for (P = 0; P < 4; P++) {
        t_level1();
        t_gemv(0);
        t_gemv(1);
        for (int kind = 0; kind < 3; kind++) {
            t_hmv(kind);
            t_tri(kind, 0);
            t_tri(kind, 1);
        }
        t_ger(0);
        if (cplx())
            t_ger(1);
        t_her(FULL, 0);
        t_her(PACK, 0);
        t_her(FULL, 1);
        t_her(PACK, 1);
        t_gemm();
        t_symm(0);
        if (cplx())
            t_symm(1);
        t_rk(0, 0);
        t_rk(1, 0);
        if (cplx()) {
            t_rk(0, 1);
            t_rk(1, 1);
        }
        t_trxm(0);
        t_trxm(1);
        t_errors();
    }
    return tu_finish("test_cblas");
}
