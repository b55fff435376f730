/* Differential tests of OpenBLAS's extensions (?axpby, i?amin, ?omatcopy, ?imatcopy, ?geadd,
   ?gemmt; Fortran and CBLAS forms, both layouts, all four types) against plain loops computed
   here in double complex, and of the info API (openblas_get_config/corename/num_procs).
   Outputs sit in guarded buffers filled with NaN: padding and the other triangle must stay
   bitwise unchanged, beta = 0 must overwrite NaN, alpha = 0 must not read NaN inputs. Illegal
   arguments must reach our xerbla_ / cblas_xerbla with the routine name and position and write
   nothing. gemmt runs sizes across the register tiles and cache blocks of its engine, with
   several threads, and once more in a child process with tiny NANOBLAS_MC/KC/NC. */
#include <complex.h>
#include <ctype.h>
#include <float.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cblas.h"
#include "nanoblas.h"
#include "tests/testutil.h"
#include "tests/typed.h"
#include "tests/ext_check.h"


/* ---- element types, stored values read and written as double complex ---- */
static const char tl[] = "sdcz";
static dc pick(int t, int cls) { return cls == 0 ? 0 : cls == 1 ? 1 : cls == 2 ? -1 : rnd(t); }
static dc opconj(dc v, int cj) { return cj ? conj(v) : v; }

/* Expected values: want[i] with magnitude mag[i] for the tolerance, mag < 0: unchanged. */
typedef struct {
    dc *want;
    double *mag;
} expect;
static void ex_init(expect *e, size_t n)
{
    e->want = calloc(n ? n : 1, sizeof(dc));
    e->mag = malloc((n ? n : 1) * sizeof(double));
    for (size_t i = 0; i < (n ? n : 1); i++)
        e->mag[i] = -1;
}
static void ex_free(expect *e) { free(e->want), free(e->mag); }
static void verify(const char *ctx, const vbuf *v, const expect *e, double tol)
{
    vb_verify(ctx, v, e->want, e->mag, tol);
}

/* Letters and layouts as CBLAS values; anything else becomes an illegal value (error tests). */
static CBLAS_TRANSPOSE cb_trans(char c)
{
    return c == 'N' ? CblasNoTrans : c == 'T' ? CblasTrans : c == 'C' ? CblasConjTrans
         : c == 'R' ? CblasConjNoTrans : (CBLAS_TRANSPOSE)99;
}
#define LAYOUT(row) ((row) == 1 ? CblasRowMajor : (row) == 0 ? CblasColMajor : (CBLAS_LAYOUT)99)

/* ---- dispatch to the typed entry points; cb: 0 Fortran, 1 CBLAS ---- */
static void call_axpby(int t, int cb, int n, dc alpha, const void *x, int incx, dc beta, void *y,
                       int incy)
{
    scal al = sc(t, alpha), be = sc(t, beta);
    switch (t * 2 + cb) {
    case 0: saxpby_(&n, &al.s, x, &incx, &be.s, y, &incy); break;
    case 1: cblas_saxpby(n, al.s, x, incx, be.s, y, incy); break;
    case 2: daxpby_(&n, &al.d, x, &incx, &be.d, y, &incy); break;
    case 3: cblas_daxpby(n, al.d, x, incx, be.d, y, incy); break;
    case 4: caxpby_(&n, &al.c, x, &incx, &be.c, y, &incy); break;
    case 5: cblas_caxpby(n, &al.c, x, incx, &be.c, y, incy); break;
    case 6: zaxpby_(&n, &al.z, x, &incx, &be.z, y, &incy); break;
    default: cblas_zaxpby(n, &al.z, x, incx, &be.z, y, incy); break;
    }
}
/* 1-based index as the Fortran function returns it (CBLAS result + 1 when it is > 0 or valid) */
static long call_amin(int t, int cb, int n, const void *x, int incx)
{
    if (!cb)
        return t == TS ? isamin_(&n, x, &incx) : t == TD ? idamin_(&n, x, &incx)
             : t == TC ? icamin_(&n, x, &incx) : izamin_(&n, x, &incx);
    size_t i = t == TS ? cblas_isamin(n, x, incx) : t == TD ? cblas_idamin(n, x, incx)
             : t == TC ? cblas_icamin(n, x, incx) : cblas_izamin(n, x, incx);
    return (n > 0 && incx > 0) ? (long)i + 1 : (long)i;
}
static void call_omatcopy(int t, int cb, int row, char tr, int rows, int cols, dc alpha,
                          const void *a, int lda, void *b, int ldb)
{
    scal al = sc(t, alpha);
    char o = row == 1 ? 'R' : row == 0 ? 'C' : 'X';
    if (!cb) {
        switch (t) {
        case TS: somatcopy_(&o, &tr, &rows, &cols, &al.s, a, &lda, b, &ldb); break;
        case TD: domatcopy_(&o, &tr, &rows, &cols, &al.d, a, &lda, b, &ldb); break;
        case TC: comatcopy_(&o, &tr, &rows, &cols, &al.c, a, &lda, b, &ldb); break;
        default: zomatcopy_(&o, &tr, &rows, &cols, &al.z, a, &lda, b, &ldb); break;
        }
        return;
    }
    CBLAS_TRANSPOSE ct = cb_trans(tr);
    switch (t) {
    case TS: cblas_somatcopy(LAYOUT(row), ct, rows, cols, al.s, a, lda, b, ldb); break;
    case TD: cblas_domatcopy(LAYOUT(row), ct, rows, cols, al.d, a, lda, b, ldb); break;
    case TC: cblas_comatcopy(LAYOUT(row), ct, rows, cols, (float *)&al.c, a, lda, b, ldb); break;
    default: cblas_zomatcopy(LAYOUT(row), ct, rows, cols, (double *)&al.z, a, lda, b, ldb); break;
    }
}
static void call_imatcopy(int t, int cb, int row, char tr, int rows, int cols, dc alpha, void *a,
                          int lda, int ldb)
{
    scal al = sc(t, alpha);
    char o = row == 1 ? 'R' : row == 0 ? 'C' : 'X';
    if (!cb) {
        switch (t) {
        case TS: simatcopy_(&o, &tr, &rows, &cols, &al.s, a, &lda, &ldb); break;
        case TD: dimatcopy_(&o, &tr, &rows, &cols, &al.d, a, &lda, &ldb); break;
        case TC: cimatcopy_(&o, &tr, &rows, &cols, &al.c, a, &lda, &ldb); break;
        default: zimatcopy_(&o, &tr, &rows, &cols, &al.z, a, &lda, &ldb); break;
        }
        return;
    }
    CBLAS_TRANSPOSE ct = cb_trans(tr);
    switch (t) {
    case TS: cblas_simatcopy(LAYOUT(row), ct, rows, cols, al.s, a, lda, ldb); break;
    case TD: cblas_dimatcopy(LAYOUT(row), ct, rows, cols, al.d, a, lda, ldb); break;
    case TC: cblas_cimatcopy(LAYOUT(row), ct, rows, cols, (float *)&al.c, a, lda, ldb); break;
    default: cblas_zimatcopy(LAYOUT(row), ct, rows, cols, (double *)&al.z, a, lda, ldb); break;
    }
}
/* Fortran form: column-major only (row is ignored there) */
static void call_geadd(int t, int cb, int row, int m, int n, dc alpha, void *a, int lda, dc beta,
                       void *c, int ldc)
{
    scal al = sc(t, alpha), be = sc(t, beta);
    switch (t * 2 + cb) {
    case 0: sgeadd_(&m, &n, &al.s, a, &lda, &be.s, c, &ldc); break;
    case 1: cblas_sgeadd(LAYOUT(row), m, n, al.s, a, lda, be.s, c, ldc); break;
    case 2: dgeadd_(&m, &n, &al.d, a, &lda, &be.d, c, &ldc); break;
    case 3: cblas_dgeadd(LAYOUT(row), m, n, al.d, a, lda, be.d, c, ldc); break;
    case 4: cgeadd_(&m, &n, &al.c, a, &lda, &be.c, c, &ldc); break;
    case 5: cblas_cgeadd(LAYOUT(row), m, n, (float *)&al.c, a, lda, (float *)&be.c, c, ldc); break;
    case 6: zgeadd_(&m, &n, &al.z, a, &lda, &be.z, c, &ldc); break;
    default: cblas_zgeadd(LAYOUT(row), m, n, (double *)&al.z, a, lda, (double *)&be.z, c, ldc); break;
    }
}
static void call_gemmt(int t, int cb, int row, char uplo, char ta, char tb, int n, int k, dc alpha,
                       const void *a, int lda, const void *b, int ldb, dc beta, void *c, int ldc)
{
    scal al = sc(t, alpha), be = sc(t, beta);
    CBLAS_UPLO cu = uplo == 'U' ? CblasUpper : uplo == 'L' ? CblasLower : (CBLAS_UPLO)99;
    CBLAS_TRANSPOSE cta = cb_trans(ta), ctb = cb_trans(tb);
    switch (t * 2 + cb) {
    case 0: sgemmt_(&uplo, &ta, &tb, &n, &k, &al.s, a, &lda, b, &ldb, &be.s, c, &ldc); break;
    case 1: cblas_sgemmt(LAYOUT(row), cu, cta, ctb, n, k, al.s, a, lda, b, ldb, be.s, c, ldc); break;
    case 2: dgemmt_(&uplo, &ta, &tb, &n, &k, &al.d, a, &lda, b, &ldb, &be.d, c, &ldc); break;
    case 3: cblas_dgemmt(LAYOUT(row), cu, cta, ctb, n, k, al.d, a, lda, b, ldb, be.d, c, ldc); break;
    case 4: cgemmt_(&uplo, &ta, &tb, &n, &k, &al.c, a, &lda, b, &ldb, &be.c, c, &ldc); break;
    case 5: cblas_cgemmt(LAYOUT(row), cu, cta, ctb, n, k, &al.c, a, lda, b, ldb, &be.c, c, ldc); break;
    case 6: zgemmt_(&uplo, &ta, &tb, &n, &k, &al.z, a, &lda, b, &ldb, &be.z, c, &ldc); break;
    default: cblas_zgemmt(LAYOUT(row), cu, cta, ctb, n, k, &al.z, a, lda, b, ldb, &be.z, c, ldc); break;
    }
}
/* Element (i, j) of a matrix stored in layout row with leading dimension ld. */
static size_t ix2(int row, int i, int j, int ld)
{
    return row ? (size_t)i * (size_t)ld + (size_t)j : (size_t)i + (size_t)j * (size_t)ld;
}
static int fixed_pad = -1; /* >= 0: every leading dimension gets this padding */
static int rpad(void) { return fixed_pad >= 0 ? fixed_pad : tu_randint(0, 3); }
static char rtrans(void) { return "NTCR"[tu_randint(0, 3)]; }
static int isconj(int t, char tr) { return cplx(t) && (tr == 'C' || tr == 'R'); }
static int istrans(char tr) { return tr == 'T' || tr == 'C'; }
/* What OpenBLAS's kernels compute: beta == 0 and alpha == 0 drop their term unread. */
static dc combine(dc alpha, dc x, dc beta, dc y)
{
    dc r = 0;
    if (alpha != 0)
        r += alpha * x;
    if (beta != 0)
        r += beta * y;
    return r;
}

/* ---- axpby ---- */
static void axpby_cases(int t)
{
    static const int incs[] = {-3, -1, 1, 2, 3};
    for (int rep = 0; rep < tu_reps(300); rep++) {
        int n = tu_randint(-1, 40), cb = rep & 1, ac = tu_randint(0, 3), bc = tu_randint(0, 3);
        int incx = tu_randint(0, 5) == 0 ? 0 : incs[tu_randint(0, 4)], incy = incs[tu_randint(0, 4)];
        dc alpha = pick(t, ac), beta = pick(t, bc);
        size_t nx = n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(incx) : 1;
        size_t ny = n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(incy) : 1;
        vbuf x, y;
        vb_init(&x, t, nx), vb_init(&y, t, ny);
        for (size_t i = 0; i < nx; i++)
            put(t, x.p, i, alpha != 0 ? rnd(t) : NaN);
        for (size_t i = 0; i < ny; i++)
            put(t, y.p, i, beta != 0 ? rnd(t) : NaN);
        vb_snap(&x), vb_snap(&y);
        expect e;
        ex_init(&e, ny);
        for (int i = 0; i < n; i++) {
            size_t px = incx < 0 ? (size_t)(n - 1 - i) * (size_t)-incx : (size_t)i * (size_t)incx;
            size_t py = incy < 0 ? (size_t)(n - 1 - i) * (size_t)-incy : (size_t)i * (size_t)incy;
            dc xv = vb_before(&x, px), yv = vb_before(&y, py);
            e.want[py] = combine(alpha, xv, beta, yv);
            e.mag[py] = a1(alpha) * a1(xv) + a1(beta) * a1(yv);
        }
        call_axpby(t, cb, n, alpha, x.p, incx, beta, y.p, incy);
        char ctx[96];
        snprintf(ctx, sizeof ctx, "%s%caxpby n=%d incx=%d incy=%d a%d b%d", cb ? "cblas_" : "", tl[t], n,
                 incx, incy, ac, bc);
        verify(ctx, &y, &e, 4 * eps(t));
        TU_CHECK(memcmp(x.p, x.snap, x.n * esize[t]) == 0, "%s: x modified", ctx);
        ex_free(&e), vb_free(&x), vb_free(&y);
    }
}

/* ---- i?amin ---- */
static double abs1_prec(int t, dc v)
{
    if (t == TS || t == TC) /* the library sums |re| + |im| in single precision */
        return (double)(fabsf((float)creal(v)) + fabsf((float)cimag(v)));
    return a1(v);
}
static void amin_cases(int t)
{
    for (int rep = 0; rep < tu_reps(300); rep++) {
        int n = tu_randint(-1, 50), incx = tu_randint(-1, 3), cb = rep & 1;
        size_t nx = n > 0 ? 1 + (size_t)(n - 1) * (size_t)abs(incx) : 1;
        vbuf x;
        vb_init(&x, t, nx);
        for (size_t i = 0; i < nx; i++) {
            dc v = rnd(t);
            int kind = tu_randint(0, 9);
            if (kind == 0 && i > 0) /* ties, also with the sign flipped */
                v = -get(t, x.p, i - (size_t)tu_randint(1, (int)(i < 3 ? i : 3)));
            else if (kind == 1)
                v = NaN;
            put(t, x.p, i, v);
        }
        long want = 0;
        if (n > 0 && incx > 0) {
            double vmin = abs1_prec(t, get(t, x.p, 0));
            want = 1;
            for (int i = 1; i < n; i++) {
                double v = abs1_prec(t, get(t, x.p, (size_t)i * (size_t)incx));
                if (v < vmin)
                    vmin = v, want = i + 1;
            }
        }
        long got = call_amin(t, cb, n, x.p, incx);
        TU_CHECK(got == want, "%si%camin n=%d incx=%d: got %ld want %ld", cb ? "cblas_" : "", tl[t], n,
                 incx, got, want);
        vb_free(&x);
    }
}

/* ---- omatcopy / imatcopy ---- */
static void matcopy_case(int t, int inplace, int cb, int row, char tr, int rows, int cols, int ac)
{
    dc alpha = pick(t, ac);
    int tp = istrans(tr), cj = isconj(t, tr);
    int brows = tp ? cols : rows, bcols = tp ? rows : cols;
    int lda = (row ? cols : rows) + rpad(), ldb = (row ? bcols : brows) + rpad();
    lda = lda < 1 ? 1 : lda, ldb = ldb < 1 ? 1 : ldb;
    size_t na = (size_t)lda * (size_t)(row ? rows : cols), nb = (size_t)ldb * (size_t)(row ? brows : bcols);
    vbuf a, b;
    vb_init(&a, t, inplace ? (na > nb ? na : nb) : na);
    vb_init(&b, t, inplace ? 1 : nb);
    vbuf *out = inplace ? &a : &b;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++)
            put(t, a.p, ix2(row, i, j, lda), alpha != 0 ? rnd(t) : NaN);
    vb_snap(&a), vb_snap(&b);
    expect e;
    ex_init(&e, out->n);
    if (inplace) /* A's elements that are not B's may hold anything afterwards */
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                e.mag[ix2(row, i, j, lda)] = -2;
    for (int i = 0; i < brows; i++)
        for (int j = 0; j < bcols; j++) {
            dc v = opconj(vb_before(&a, tp ? ix2(row, j, i, lda) : ix2(row, i, j, lda)), cj);
            size_t pb = ix2(row, i, j, ldb);
            e.want[pb] = alpha != 0 ? alpha * v : 0;
            e.mag[pb] = a1(alpha) * a1(v);
        }
    if (inplace)
        call_imatcopy(t, cb, row, tr, rows, cols, alpha, a.p, lda, ldb);
    else
        call_omatcopy(t, cb, row, tr, rows, cols, alpha, a.p, lda, b.p, ldb);
    for (size_t i = 0; i < out->n; i++) /* don't-care entries: accept what is there */
        if (e.mag[i] < -1.5)
            e.mag[i] = 0, e.want[i] = get(t, out->p, i);
    char ctx[128];
    snprintf(ctx, sizeof ctx, "%s%c%cmatcopy %s trans=%c %dx%d lda=%d ldb=%d alpha%d", cb ? "cblas_" : "",
             tl[t], inplace ? 'i' : 'o', row ? "row" : "col", tr, rows, cols, lda, ldb, ac);
    verify(ctx, out, &e, 2 * eps(t));
    if (!inplace)
        TU_CHECK(memcmp(a.p, a.snap, a.n * esize[t]) == 0, "%s: A modified", ctx);
    ex_free(&e), vb_free(&a), vb_free(&b);
}
static void matcopy_cases(int t)
{
    for (int rep = 0; rep < tu_reps(240); rep++) {
        int big = rep % 6 == 0; /* across the 32 x 32 transpose tiles */
        int rows = tu_randint(0, big ? 80 : 9), cols = tu_randint(0, big ? 80 : 9);
        int inplace = (rep >> 1) & 1, cb = rep & 1, row = tu_randint(0, 1);
        if (rep % 17 == 0) /* square with lda == ldb: the in-place swap path */
            cols = rows;
        matcopy_case(t, inplace, cb, row, rtrans(), rows, cols, tu_randint(0, 3));
    }
}

/* The kernel-table copies (omatn/omatt, kernels/generic/l1_loops.h) at sizes across their
   register blocks (one vector's width square: 2..16 elements), their tiles (32, 16 for complex
   double), the 64-column blocks of a team and the threading threshold; square in place with
   lda == ldb (the tile-pair swap) and without. */
static void matcopy_big_cases(int t)
{
    static const int SZ[][2] = {{17, 33}, {33, 17}, {64, 65}, {97, 31}, {130, 129}, {256, 256},
                                {300, 301}, {301, 301}};
    int nsz = tu_quick() ? 4 : (int)(sizeof SZ / sizeof *SZ);
    for (int k = 0; k < nsz; k++)
        for (int tr = 0; tr < 4; tr++)
            for (int inplace = 0; inplace < 2; inplace++) {
                fixed_pad = (k + tr) % 3 == 0 ? 0 : -1;
                matcopy_case(t, inplace, k & 1, (k >> 1) & 1, "NTCR"[tr], SZ[k][0], SZ[k][1],
                             tr == 1 ? 2 : 3);
                fixed_pad = -1;
            }
    for (int n = 31; n <= 97; n += 33) /* square, lda == ldb, tiles and a partial one */
        for (int tr = 0; tr < 4; tr++) {
            fixed_pad = tr & 1;
            matcopy_case(t, 1, 0, 0, "NTCR"[tr], n, n, 3);
            fixed_pad = -1;
        }
}

/* Every element of omatcopy/imatcopy/geadd has one writer computing it the same way: 2 and 3
   threads give the bits of 1 thread (sizes above the threading threshold). */
static void matcopy_threads(int t)
{
    const int m = 300, n = 301, lda = 303, ldb = 305;
    size_t na = (size_t)lda * 305, es = esize[t];
    vbuf a, b;
    vb_init(&a, t, na), vb_init(&b, t, na);
    for (size_t i = 0; i < na; i++)
        put(t, a.p, i, rnd(t)), put(t, b.p, i, rnd(t));
    vb_snap(&a), vb_snap(&b);
    unsigned char *one = malloc(2 * na * es);
    dc alpha = rnd(t), beta = rnd(t);
    for (int op = 0; op < 6; op++) {
        char tr = "NTCR"[op & 3];
        for (int th = 1; th <= 3; th++) {
            memcpy(a.p, a.snap, na * es), memcpy(b.p, b.snap, na * es);
            openblas_set_num_threads(th);
            if (op < 4)
                call_omatcopy(t, 0, 0, tr, m, n, alpha, a.p, lda, b.p, ldb);
            else if (op == 4)
                call_imatcopy(t, 0, 0, 'T', m, m, alpha, a.p, lda, lda);
            else
                call_geadd(t, 0, 0, m, n, alpha, a.p, lda, beta, b.p, ldb);
            if (th == 1)
                memcpy(one, a.p, na * es), memcpy(one + na * es, b.p, na * es);
            else
                TU_CHECK(!memcmp(one, a.p, na * es) && !memcmp(one + na * es, b.p, na * es),
                         "%c%s %c %dx%d: %d threads differ from 1 thread", tl[t],
                         op < 4 ? "omatcopy" : op == 4 ? "imatcopy" : "geadd", tr, m, n, th);
        }
    }
    openblas_set_num_threads(0);
    free(one), vb_free(&a), vb_free(&b);
}

/* ---- geadd ---- */
static void geadd_cases(int t)
{
    for (int rep = 0; rep < tu_reps(200); rep++) {
        int cb = rep & 1, row = cb ? tu_randint(0, 1) : 0, m = tu_randint(0, 30), n = tu_randint(0, 30);
        int ac = tu_randint(0, 3), bc = tu_randint(0, 3);
        dc alpha = pick(t, ac), beta = pick(t, bc);
        int lda = (row ? n : m) + rpad(), ldc = (row ? n : m) + rpad();
        lda = lda < 1 ? 1 : lda, ldc = ldc < 1 ? 1 : ldc;
        vbuf a, c;
        vb_init(&a, t, (size_t)lda * (size_t)(row ? m : n)), vb_init(&c, t, (size_t)ldc * (size_t)(row ? m : n));
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                put(t, a.p, ix2(row, i, j, lda), alpha != 0 ? rnd(t) : NaN);
                put(t, c.p, ix2(row, i, j, ldc), beta != 0 ? rnd(t) : NaN);
            }
        vb_snap(&a), vb_snap(&c);
        expect e;
        ex_init(&e, c.n);
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                size_t pc = ix2(row, i, j, ldc);
                dc av = vb_before(&a, ix2(row, i, j, lda)), cv = vb_before(&c, pc);
                if (alpha == 0 && beta == 1)
                    continue; /* quick return: unchanged */
                e.want[pc] = combine(alpha, av, beta, cv);
                e.mag[pc] = a1(alpha) * a1(av) + a1(beta) * a1(cv);
            }
        call_geadd(t, cb, row, m, n, alpha, a.p, lda, beta, c.p, ldc);
        char ctx[96];
        snprintf(ctx, sizeof ctx, "%s%cgeadd %s %dx%d a%d b%d", cb ? "cblas_" : "", tl[t], row ? "row" : "col",
                 m, n, ac, bc);
        verify(ctx, &c, &e, 4 * eps(t));
        ex_free(&e), vb_free(&a), vb_free(&c);
    }
}
/* ---- gemmt ---- */
static void gemmt_case(int t, int cb, int row, char uplo, char ta, char tb, int n, int k, int ac, int bc)
{
    dc alpha = pick(t, ac), beta = pick(t, bc);
    int nota = !istrans(ta), notb = !istrans(tb);
    int ar = nota ? n : k, acl = nota ? k : n, br = notb ? k : n, bcl = notb ? n : k; /* as stored */
    int lda = (row ? acl : ar) + rpad(), ldb = (row ? bcl : br) + rpad(), ldc = n + rpad();
    lda = lda < 1 ? 1 : lda, ldb = ldb < 1 ? 1 : ldb, ldc = ldc < 1 ? 1 : ldc;
    vbuf a, b, c;
    vb_init(&a, t, (size_t)lda * (size_t)(row ? ar : acl));
    vb_init(&b, t, (size_t)ldb * (size_t)(row ? br : bcl));
    vb_init(&c, t, (size_t)ldc * (size_t)n);
    for (int i = 0; i < ar; i++)
        for (int j = 0; j < acl; j++)
            put(t, a.p, ix2(row, i, j, lda), alpha != 0 ? rnd(t) : NaN);
    for (int i = 0; i < br; i++)
        for (int j = 0; j < bcl; j++)
            put(t, b.p, ix2(row, i, j, ldb), alpha != 0 ? rnd(t) : NaN);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int tri = uplo == 'U' ? i <= j : i >= j;
            put(t, c.p, ix2(row, i, j, ldc), tri && beta == 0 ? NaN : rnd(t));
        }
    vb_snap(&c);
    /* op(A) (n x k) and op(B) (k x n) once, as dense column-major arrays */
    dc *pa = malloc(sizeof(dc) * ((size_t)n * (size_t)k + 1)), *pb = malloc(sizeof(dc) * ((size_t)n * (size_t)k + 1));
    for (int i = 0; i < n; i++)
        for (int l = 0; l < k; l++) {
            pa[(size_t)l * n + i] = opconj(get(t, a.p, nota ? ix2(row, i, l, lda) : ix2(row, l, i, lda)), isconj(t, ta));
            pb[(size_t)i * k + l] = opconj(get(t, b.p, notb ? ix2(row, l, i, ldb) : ix2(row, i, l, ldb)), isconj(t, tb));
        }
    expect e;
    ex_init(&e, c.n);
    int quick = (alpha == 0 || k == 0) && beta == 1;
    for (int j = 0; j < n && !quick; j++)
        for (int i = uplo == 'U' ? 0 : j; i < (uplo == 'U' ? j + 1 : n); i++) {
            dc sum = 0;
            double mag = 0;
            for (int l = 0; alpha != 0 && l < k; l++) {
                sum += pa[(size_t)l * n + i] * pb[(size_t)j * k + l];
                mag += a1(pa[(size_t)l * n + i]) * a1(pb[(size_t)j * k + l]);
            }
            size_t pc = ix2(row, i, j, ldc);
            dc cv = vb_before(&c, pc);
            e.want[pc] = combine(alpha, sum, beta, cv);
            e.mag[pc] = a1(alpha) * mag + a1(beta) * a1(cv);
        }
    call_gemmt(t, cb, row, uplo, ta, tb, n, k, alpha, a.p, lda, b.p, ldb, beta, c.p, ldc);
    char ctx[128];
    snprintf(ctx, sizeof ctx, "%s%cgemmt %s uplo=%c ta=%c tb=%c n=%d k=%d a%d b%d", cb ? "cblas_" : "", tl[t],
             row ? "row" : "col", uplo, ta, tb, n, k, ac, bc);
    verify(ctx, &c, &e, 8.0 * (k + 4) * eps(t));
    free(pa), free(pb), ex_free(&e), vb_free(&a), vb_free(&b), vb_free(&c);
}
static void gemmt_cases(int t)
{
    static const int sizes[] = {0, 1, 2, 7, 63, 64, 65, 129, 150};
    for (int rep = 0; rep < tu_reps(120); rep++) {
        int cb = rep & 1, row = cb ? (rep >> 1) & 1 : 0;
        int n = rep < 18 ? sizes[rep % 9] : tu_randint(0, 40), k = tu_randint(0, rep % 5 == 0 ? 90 : 20);
        gemmt_case(t, cb, row, (rep >> 2) & 1 ? 'U' : 'L', rtrans(), rtrans(), n, k, tu_randint(0, 3),
                   tu_randint(0, 3));
    }
}
/* MC and KC of the dgemm blocking in use, from the "dgemm: MR .. NR .. MC .. KC .. NC .." line of
   nanoblas_get_config(): they follow this CPU's caches (KC 64-1024, MC up to 4096), so no fixed
   size is sure to cross them. 0 when the line is missing. */
static void dgemm_blocks(int *mc, int *kc)
{
    const char *cfg = nanoblas_get_config(), *s = cfg;
    int mr, nr, nc;
    *mc = *kc = 0;
    while (s && (s = strstr(s, "dgemm: ")) != NULL && s != cfg && s[-1] != '\n')
        s++;
    if (!s || sscanf(s + 7, "MR %d NR %d MC %d KC %d NC %d", &mr, &nr, mc, kc, &nc) != 5)
        *mc = *kc = 0;
}

/* Large enough for a team of threads and several strips; run with 1 and 3 threads. */
static void gemmt_threaded(void)
{
    int saved = nanoblas_get_num_threads();
    for (int nt = 1; nt <= 3; nt += 2) {
        nanoblas_set_num_threads(nt);
        gemmt_case(TD, 0, 0, 'L', 'N', 'T', 300, 200, 3, 3);
        gemmt_case(TS, 1, 1, 'U', 'T', 'N', 257, 100, 3, 0);
        gemmt_case(TZ, 1, 0, 'U', 'C', 'N', 200, 64, 3, 3);
    }
    /* across MC and KC of the real blocking, whatever this CPU's caches made them */
    int mc, kc, n = 450, k = 400, nmax = tu_size(1200, 600);
    dgemm_blocks(&mc, &kc);
    TU_CHECK(mc > 0 && kc > 0, "no dgemm blocking line in nanoblas_get_config()");
    n = mc + 7 > n ? mc + 7 : n, k = kc + 9 > k ? kc + 9 : k;
    if (n > nmax) {
        printf("test_openblas_ext: dgemm MC %d: the real-blocking gemmt case (n = %d) stays below it\n", mc, nmax);
        n = nmax;
    }
    gemmt_case(TD, 1, 1, 'L', 'T', 'T', n, k, 3, 3);
    nanoblas_set_num_threads(saved);
}

/* ---- illegal arguments: one xerbla call with the name and position, nothing written ---- */
static void want_error(const char *ctx, const char *name, int pos, vbuf *out)
{
    TU_CHECK(xb_calls == 1 && xb_info == pos && strcmp(xb_name, name) == 0,
             "%s: xerbla calls %d '%s' %d, want '%s' %d", ctx, xb_calls, xb_name, xb_info, name, pos);
    TU_CHECK(memcmp(out->p, out->snap, out->n * esize[out->t]) == 0 && tu_guard_ok(&out->buf),
             "%s: output written", ctx);
    xb_calls = 0;
    memcpy(out->p, out->snap, out->n * esize[out->t]); /* one failure must not cascade */
}
static void error_cases(int t)
{
    char up = (char)toupper(tl[t]), nm[32], ctx[64];
    vbuf a, b;
    vb_init(&a, t, 400), vb_init(&b, t, 400);
    for (size_t i = 0; i < 400; i++)
        put(t, a.p, i, rnd(t)), put(t, b.p, i, rnd(t));
    vb_snap(&a), vb_snap(&b);
    /* {cb, row, trans, rows, cols, lda, ldb, position}; row 2: illegal order */
    static const int mc[][8] = {
        {0, 2, 'N', 3, 3, 3, 3, 1}, {0, 0, 'X', 3, 3, 3, 3, 2}, {0, 0, 'N', -1, 3, 3, 3, 3},
        {0, 0, 'N', 3, -1, 3, 3, 4}, {0, 0, 'N', 4, 3, 3, 4, 7},  {0, 1, 'N', 3, 4, 3, 4, 7},
        {0, 0, 'T', 4, 3, 4, 2, 9},  {0, 1, 'T', 3, 4, 4, 2, 9},  {0, 0, 'N', 0, 0, 0, 1, 7},
        {1, 2, 'N', 3, 3, 3, 3, 1}, {1, 0, 'X', 3, 3, 3, 3, 2}, {1, 0, 'N', -1, 3, 3, 3, 3},
        {1, 1, 'N', 3, 4, 3, 4, 7},  {1, 0, 'C', 4, 3, 4, 2, 9},
    };
    for (size_t i = 0; i < sizeof mc / sizeof mc[0]; i++)
        for (int inplace = 0; inplace < 2; inplace++) {
            const int *c = mc[i];
            int pos = inplace && c[7] == 9 ? 8 : c[7];
            if (inplace)
                call_imatcopy(t, c[0], c[1], (char)c[2], c[3], c[4], 2, b.p, c[5], c[6]);
            else
                call_omatcopy(t, c[0], c[1], (char)c[2], c[3], c[4], 2, a.p, c[5], b.p, c[6]);
            snprintf(nm, sizeof nm, c[0] ? "cblas_%c%cmatcopy" : "%c%cMATCOPY", c[0] ? tl[t] : up,
                     inplace ? (c[0] ? 'i' : 'I') : (c[0] ? 'o' : 'O'));
            snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
            want_error(ctx, nm, pos, &b);
        }
    /* geadd {cb, row, m, n, lda, ldc, position} */
    static const int gc[][7] = {
        {0, 0, -1, 2, 2, 2, 1}, {0, 0, 2, -1, 2, 2, 2}, {0, 0, 3, 2, 2, 3, 5}, {0, 0, 3, 2, 3, 2, 8},
        {0, 0, 0, 2, 0, 1, 5},  {1, 2, 2, 2, 2, 2, 1},  {1, 0, -1, 2, 2, 2, 2}, {1, 1, 2, -1, 2, 2, 3},
        {1, 1, 2, 3, 2, 3, 6},  {1, 0, 3, 2, 3, 2, 9},
    };
    for (size_t i = 0; i < sizeof gc / sizeof gc[0]; i++) {
        const int *c = gc[i];
        call_geadd(t, c[0], c[1], c[2], c[3], 2, a.p, c[4], 3, b.p, c[5]);
        snprintf(nm, sizeof nm, c[0] ? "cblas_%cgeadd" : "%cGEADD", c[0] ? tl[t] : up);
        snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
        want_error(ctx, nm, c[6], &b);
    }
    /* gemmt {cb, row, uplo, ta, tb, n, k, lda, ldb, ldc, position} */
    static const int tc[][11] = {
        {0, 0, 'X', 'N', 'N', 3, 2, 3, 2, 3, 1},  {0, 0, 'U', 'X', 'N', 3, 2, 3, 2, 3, 2},
        {0, 0, 'U', 'N', 'X', 3, 2, 3, 2, 3, 3},  {0, 0, 'U', 'N', 'N', -1, 2, 3, 2, 3, 4},
        {0, 0, 'L', 'N', 'N', 3, -1, 3, 2, 3, 5}, {0, 0, 'L', 'N', 'N', 3, 2, 2, 2, 3, 8},
        {0, 0, 'L', 'T', 'N', 3, 2, 1, 2, 3, 8},  {0, 0, 'L', 'N', 'N', 3, 2, 3, 1, 3, 10},
        {0, 0, 'L', 'N', 'C', 3, 2, 3, 2, 3, 10}, {0, 0, 'U', 'R', 'R', 3, 2, 3, 2, 2, 13},
        {1, 2, 'U', 'N', 'N', 3, 2, 3, 2, 3, 1},  {1, 0, 'X', 'N', 'N', 3, 2, 3, 2, 3, 2},
        {1, 1, 'U', 'X', 'N', 3, 2, 3, 2, 3, 3},  {1, 1, 'U', 'N', 'X', 3, 2, 3, 2, 3, 4},
        {1, 0, 'U', 'N', 'N', -1, 2, 3, 2, 3, 5}, {1, 1, 'U', 'N', 'N', 3, -1, 3, 2, 3, 6},
        {1, 1, 'U', 'N', 'N', 3, 2, 1, 3, 3, 9},  {1, 1, 'U', 'T', 'N', 3, 2, 2, 3, 3, 9},
        {1, 0, 'L', 'N', 'N', 3, 2, 3, 1, 3, 11}, {1, 1, 'L', 'N', 'N', 3, 2, 2, 2, 3, 11},
        {1, 1, 'L', 'N', 'T', 3, 2, 2, 2, 2, 14},
    };
    for (size_t i = 0; i < sizeof tc / sizeof tc[0]; i++) {
        const int *c = tc[i];
        call_gemmt(t, c[0], c[1], (char)c[2], (char)c[3], (char)c[4], c[5], c[6], 2, a.p, c[7], a.p, c[8], 3,
                   b.p, c[9]);
        snprintf(nm, sizeof nm, c[0] ? "cblas_%cgemmt" : "%cGEMMT", c[0] ? tl[t] : up);
        snprintf(ctx, sizeof ctx, "%s case %zu", nm, i);
        want_error(ctx, nm, c[10], &b);
    }
    TU_CHECK(memcmp(a.p, a.snap, a.n * esize[t]) == 0, "%c errors: input modified", up);
    vb_free(&a), vb_free(&b);
}

/* ---- info API ---- */
static void info_cases(void)
{
    const char *cfg = openblas_get_config(), *core = openblas_get_corename();
    const char *set = nanoblas_get_kernel_set();
    char want[160];
    int maxt = 0;
    TU_CHECK(cfg && core && set, "info: NULL string");
    if (!cfg || !core || !set)
        return;
    snprintf(want, sizeof want, "OpenBLAS nanoblas-%s %s MAX_THREADS=", NANOBLAS_VERSION, set);
    TU_CHECK(strncmp(cfg, want, strlen(want)) == 0, "config '%s' does not start with '%s'", cfg, want);
    const char *rest = cfg + strlen(want);
    char word[32] = "";
    TU_CHECK(sscanf(rest, "%d %31s", &maxt, word) == 2 && maxt >= 1, "config '%s': MAX_THREADS", cfg);
    const char *thr = openblas_get_parallel() == 2 ? "USE_OPENMP" : "NO_THREADING";
    TU_CHECK(strcmp(word, thr) == 0, "config '%s': threading word '%s', want %s", cfg, word, thr);
    TU_CHECK(strchr(rest, '\n') == NULL, "config '%s': one line", cfg);
    TU_CHECK(strcmp(core, set) == 0, "corename '%s' != kernel set '%s'", core, set);
    TU_CHECK(openblas_get_config() == cfg, "config string not static");
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    TU_CHECK(openblas_get_num_procs() > 0 && openblas_get_num_procs() == (int)online,
             "num_procs %d, online %ld", openblas_get_num_procs(), online);
    /* threadpoolctl's view: version is word 2 */
    char w1[32], w2[32];
    TU_CHECK(sscanf(cfg, "%31s %31s", w1, w2) == 2 && strcmp(w2, "nanoblas-" NANOBLAS_VERSION) == 0,
             "config '%s': second word", cfg);
}

/* gemmt again with tiny GEMM block sizes (read at load, hence a new process), so that small
   shapes cross every MC/KC/NC boundary of its engine. Returns 0 when that pass passed. */
static int run_small_blocks(const char *self)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        close(fds[0]);
        setenv("NB_TEST_EXT_FD", fd, 1);
        setenv("NANOBLAS_MC", "13", 1);
        setenv("NANOBLAS_KC", "7", 1);
        setenv("NANOBLAS_NC", "11", 1);
        const char *emu = getenv("NB_TEST_EMULATOR"); /* tests/run_arm.sh: qemu without binfmt */
        if (emu && *emu)
            execlp(emu, emu, self, "--small-blocks", (char *)NULL);
        else
            execl("/proc/self/exe", self, "--small-blocks", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    long checks = 0, failures = 0;
    FILE *f = fdopen(fds[0], "r");
    int got = f && fscanf(f, "%ld %ld", &checks, &failures) == 2;
    if (f)
        fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    tu_checks += checks, tu_failures += failures;
    return got && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    int small = argc > 1 && strcmp(argv[1], "--small-blocks") == 0;
    tu_seed(small ? 9 : 8);
    if (small) {
        for (int t = TS; t <= TZ; t++)
            gemmt_cases(t);
        gemmt_threaded();
        const char *fd = getenv("NB_TEST_EXT_FD");
        FILE *f = fd ? fdopen(atoi(fd), "w") : NULL;
        if (f)
            fprintf(f, "%ld %ld\n", tu_checks, tu_failures), fclose(f);
        return tu_failures ? 1 : 0;
    }
    for (int t = TS; t <= TZ; t++) {
        axpby_cases(t);
        amin_cases(t);
        matcopy_cases(t);
        matcopy_big_cases(t);
        matcopy_threads(t);
        geadd_cases(t);
        gemmt_cases(t);
        error_cases(t);
    }
    gemmt_threaded();
    info_cases();
    TU_CHECK(run_small_blocks(argv[0]) == 0, "the gemmt pass with NANOBLAS_MC/KC/NC = 13/7/11 failed");
    return tu_finish("test_openblas_ext");
}
