/* Differential test of the Level 2 BLAS (Fortran ABI, all four types) against dense references,
   at the small sizes where every shape, storage kind, stride and alpha/beta class is visited:
   xGEMV, xGBMV, xSYMV/xHEMV and their band and packed forms, the triangular products and solves
   in full, band and packed storage, xGER/xGERU/xGERC and the symmetric/Hermitian rank-1 and
   rank-2 updates; the illegal-argument reports through xerbla; and where a zero skips work (the
   reference BLAS 3.11's exceptional values). The blocked and threaded paths (sizes from the block
   up, bitwise equality across team sizes) are tests/test_level2_blocked.c. The references and
   checked buffers are tests/level2_ref.h. */
#include "tests/level2_ref.h"

/* ---- our xerbla_: records the call instead of printing ---- */
static char xb_name[8];
static int xb_info, xb_calls;
void xerbla_(const char *name, const tint *info, size_t len)
{
    size_t n = len < 7 ? len : 7;
    memcpy(xb_name, name, n);
    while (n > 0 && xb_name[n - 1] == ' ')
        n--;
    xb_name[n] = 0;
    xb_info = *info;
    xb_calls++;
}

static const int NS[] = {0, 1, 2, 3, 5, 17, 64, 65};
#define NNS ((int)(sizeof NS / sizeof NS[0]))

static void test_general(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    int t = 0;
    for (int im = 0; im < NNS; im++)
        for (int in = 0; in < NNS; in++)
            for (int it = 0; it < 3; it++, t++) {
                int m = NS[im], n = NS[in];
                if (!tu_sampled()) /* NB_TEST_SAMPLE: about one shape in N */
                    continue;
                /* alpha and beta walk through all 16 pairs of {0, 1, -1, random} */
                t_gen(0, m, n, 0, 0, TR[it], rnd_scalar(t % 4), rnd_scalar((t / 4) % 4));
                t_gen(0, m, n, 0, 0, TR[it], rnd(), rnd_scalar(t % 4));
                int ks[4] = {0, 1, 3, (m > n ? m : n) + 2};
                for (int a = 0; a < 4; a++)
                    for (int b = 0; b < 4; b++)
                        t_gen(1, m, n, ks[a], ks[b], TR[it], rnd_scalar((t + a) % 4),
                              rnd_scalar((t + b + a / 2) % 4));
            }
}

/* A random Hermitian (symmetric for real types) matrix, zero outside the band, real diagonal. It is
   stored in the triangle with NaN as the imaginary part of the diagonal, which must not be read. */
static zc *herm_new(const tri *s, cbuf *a, int fill)
{
    int n = s->n;
    zc *d = calloc((size_t)n * n + 1, sizeof(zc));
    for (int j = 0; j < n; j++)
        for (int i = 0; i <= j; i++) {
            if (!tri_has(s, s->upper ? i : j, s->upper ? j : i))
                continue;
            zc v = i == j ? creal(rnd()) : rnd();
            d[i + (size_t)j * n] = v;
            d[j + (size_t)i * n] = cj(v);
        }
    cb_new(a, tri_size(s));
    if (fill)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                if (tri_has(s, i, j))
                    put(a->p, tri_idx(s, i, j), i == j && cplx() ? CMPLX(creal(d[i + (size_t)j * n]), NAN)
                                                             : d[i + (size_t)j * n]);
    return d;
}

/* ---- xSYMV/xHEMV, xSBMV/xHBMV, xSPMV/xHPMV ---- */
static void t_symv(int kind, int upper, int n, int k, zc alpha, zc beta)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tri s = tri_new(kind, upper, n, k);
    int incx = rinc(), incy = rinc();
    cbuf a;
    vec x, y;
    zc *d = herm_new(&s, &a, alpha != 0);
    v_new(&x, n, incx);
    v_new(&y, n, incy);
    if (alpha != 0)
        v_fill(&x, 0);
    if (beta != 0)
        v_fill(&y, 0);
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    expect_mv(&y, d, n, n, &x, alpha, beta, n == 0 || (alpha == 0 && beta == 1));
    scalar al = sc(alpha), be = sc(beta);
    char u = cas(upper ? 'U' : 'L');
    if (kind == FULL)
        SYMV[P](&u, FI(n), &al, a.p, FI(s.lda), x.b.p, FI(incx), &be, y.b.p, FI(incy), 1);
    else if (kind == BAND)
        SBMV[P](&u, FI(n), FI(k), &al, a.p, FI(s.lda), x.b.p, FI(incx), &be, y.b.p, FI(incy), 1);
    else
        SPMV[P](&u, FI(n), &al, a.p, x.b.p, FI(incx), &be, y.b.p, FI(incy), 1);
    char what[96];
    snprintf(what, sizeof what, "%s symv/hemv n=%d k=%d uplo=%c incx=%d incy=%d", KIND[kind], n, k, u, incx,
             incy);
    double tol = tol_for(n);
    cb_check(&a, tol, what), cb_check(&x.b, tol, what), cb_check(&y.b, tol, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d);
}

static void test_sym_tri(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    int t = 0;
    for (int in = 0; in < NNS; in++)
        for (int upper = 0; upper < 2; upper++) {
            int n = NS[in];
            /* 17 and 40: bands wider than tbsv's grouped path needs (2 groups of 8) but narrower
               than n = 64, 65, so that rows reached by only some of a group's columns occur */
            int ks[6] = {0, 1, 3, n + 1, 17, 40};
            for (int kind = FULL; kind <= PACKED; kind++)
                for (int ik = 0; ik < (kind == BAND ? 6 : 1); ik++, t++) {
                    for (int r = 0; r < 4; r++)
                        t_symv(kind, upper, n, ks[ik], rnd_scalar((t + r) % 4), rnd_scalar((t + 3 * r) % 4));
                    for (int it = 0; it < 3; it++)
                        for (int unit = 0; unit < 2; unit++)
                            for (int solve = 0; solve < 2; solve++)
                                t_tri(solve, kind, upper, TR[it], unit, n, ks[ik]);
                }
        }
}

/* ---- xSYR/xHER, xSPR/xHPR (rank 1), xSYR2/xHER2, xSPR2/xHPR2 (rank 2) ---- */
static void t_syr(int rank2, int kind, int upper, int n, zc alpha)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tri s = tri_new(kind, upper, n, 0);
    int incx = rinc(), incy = rinc();
    cbuf a;
    vec x, y;
    if (!rank2)
        alpha = creal(alpha); /* her and hpr take a real alpha */
    zc *d = herm_new(&s, &a, 1);
    v_new(&x, n, incx);
    v_new(&y, rank2 ? n : 0, incy);
    if (alpha != 0) {
        v_fill(&x, 1);
        if (rank2)
            v_fill(&y, 1);
    }
    cb_snap(&a), cb_snap(&x.b), cb_snap(&y.b);
    if (n > 0 && alpha != 0)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) {
                if (!tri_has(&s, i, j))
                    continue;
                zc xi = v_get(&x, i), xj = v_get(&x, j), add;
                double mag;
                if (rank2) {
                    zc yi = v_get(&y, i), yj = v_get(&y, j);
                    add = alpha * xi * cj(yj) + cj(alpha) * yi * cj(xj);
                    mag = cabs(alpha) * (cabs(xi) * cabs(yj) + cabs(yi) * cabs(xj));
                } else {
                    add = alpha * xi * cj(xj);
                    mag = cabs(alpha) * cabs(xi) * cabs(xj);
                }
                zc want = d[i + (size_t)j * n] + add;
                /* the diagonal of a Hermitian result is exactly real, whatever its input imaginary
                   part (NaN here) and even where x(j) (and y(j)) are zero */
                int k = (i == j && cplx()) ? REALDIAG : VALUE;
                cb_expect(&a, (size_t)tri_idx(&s, i, j), want, cabs(d[i + (size_t)j * n]) + mag, k);
            }
    scalar al = rank2 ? sc(alpha) : sc_real(creal(alpha));
    char u = cas(upper ? 'U' : 'L');
    switch (kind * 2 + rank2) {
    case FULL * 2: SYR[P](&u, FI(n), &al, x.b.p, FI(incx), a.p, FI(s.lda), 1); break;
    case FULL * 2 + 1: SYR2[P](&u, FI(n), &al, x.b.p, FI(incx), y.b.p, FI(incy), a.p, FI(s.lda), 1); break;
    case PACKED * 2: SPR[P](&u, FI(n), &al, x.b.p, FI(incx), a.p, 1); break;
    default: SPR2[P](&u, FI(n), &al, x.b.p, FI(incx), y.b.p, FI(incy), a.p, 1); break;
    }
    char what[96];
    snprintf(what, sizeof what, "%s %s n=%d uplo=%c incx=%d incy=%d", KIND[kind], rank2 ? "syr2/her2" : "syr/her",
             n, u, incx, incy);
    cb_check(&a, tol_for(4), what), cb_check(&x.b, 0, what), cb_check(&y.b, 0, what);
    cb_free(&a), cb_free(&x.b), cb_free(&y.b);
    free(d);
}

static void test_updates(void)
{
    int t = 0;
    for (int im = 0; im < NNS; im++)
        for (int in = 0; in < NNS; in++, t++) {
            t_ger(0, NS[im], NS[in], rnd_scalar(t % 4));
            if (cplx())
                t_ger(1, NS[im], NS[in], rnd_scalar((t + 1) % 4));
        }
    /* columns around the vector loops' step sizes and cut-offs in every type (the avx2 ger's
       four-vector step from 512 bytes: 128 floats, 64 doubles; avx512's from 4096 bytes) */
    static const int MG[] = {127, 128, 129, 143, 1023, 1024, 1031};
    for (int im = 0; im < (int)(sizeof MG / sizeof MG[0]); im++) {
        t_ger(0, MG[im], 3, rnd_scalar(im % 2 ? 2 : 3)); /* -1 or random: never the quick return */
        if (cplx())
            t_ger(1, MG[im], 2, rnd_scalar(3));
    }
    for (int in = 0; in < NNS; in++)
        for (int upper = 0; upper < 2; upper++)
            for (int kind = FULL; kind <= PACKED; kind += PACKED - FULL)
                for (int r = 0; r < 4; r++, t++) {
                    t_syr(0, kind, upper, NS[in], rnd_scalar(r));
                    t_syr(1, kind, upper, NS[in], rnd_scalar((r + t) % 4));
                }
}

/* ---- illegal arguments: xerbla gets the reference name and position, nothing is written ----
   Each routine is described by its Fortran argument list, one letter per argument:
   t trans, u uplo, d diag, m n k, l kl, h ku, L lda, X incx, Y incy (the checked ones) and
   a alpha, b beta, A matrix, P packed matrix, x y vectors. */
typedef struct {
    const char *real, *cplx, *sig;
} routine;
static const routine ROUTINES[] = {
    {"GEMV", "GEMV", "tmnaALxXbyY"},  {"GBMV", "GBMV", "tmnlhaALxXbyY"}, {"SYMV", "HEMV", "unaALxXbyY"},
    {"SBMV", "HBMV", "unkaALxXbyY"},  {"SPMV", "HPMV", "unaPxXbyY"},     {"TRMV", "TRMV", "utdnALxX"},
    {"TRSV", "TRSV", "utdnALxX"},     {"TBMV", "TBMV", "utdnkALxX"},     {"TBSV", "TBSV", "utdnkALxX"},
    {"TPMV", "TPMV", "utdnPxX"},      {"TPSV", "TPSV", "utdnPxX"},       {"GER", "GERU", "mnaxXyYAL"},
    {"GER", "GERC", "mnaxXyYAL"},     {"SYR", "HER", "unaxXAL"},         {"SPR", "HPR", "unaxXP"},
    {"SYR2", "HER2", "unaxXyYAL"},    {"SPR2", "HPR2", "unaxXyYP"},
};
#define NROUT ((int)(sizeof ROUTINES / sizeof ROUTINES[0]))

typedef struct {
    char trans, uplo, diag;
    int m, n, kl, ku, k, lda, incx, incy;
} args;

/* Calls routine r with a; the matrix and the vectors are small valid buffers. */
static void call_routine(int r, args *a, void *mat, void *x, void *y)
{
    scalar one = sc(1), rone = sc_real(1);
    switch (r) {
    case 0: GEMV[P](&a->trans, FI(a->m), FI(a->n), &one, mat, FI(a->lda), x, FI(a->incx), &one, y, FI(a->incy), 1); break;
    case 1:
        GBMV[P](&a->trans, FI(a->m), FI(a->n), FI(a->kl), FI(a->ku), &one, mat, FI(a->lda), x, FI(a->incx), &one, y, FI(a->incy), 1);
        break;
    case 2: SYMV[P](&a->uplo, FI(a->n), &one, mat, FI(a->lda), x, FI(a->incx), &one, y, FI(a->incy), 1); break;
    case 3: SBMV[P](&a->uplo, FI(a->n), FI(a->k), &one, mat, FI(a->lda), x, FI(a->incx), &one, y, FI(a->incy), 1); break;
    case 4: SPMV[P](&a->uplo, FI(a->n), &one, mat, x, FI(a->incx), &one, y, FI(a->incy), 1); break;
    case 5: TRMV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), mat, FI(a->lda), y, FI(a->incx), 1, 1, 1); break;
    case 6: TRSV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), mat, FI(a->lda), y, FI(a->incx), 1, 1, 1); break;
    case 7: TBMV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), FI(a->k), mat, FI(a->lda), y, FI(a->incx), 1, 1, 1); break;
    case 8: TBSV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), FI(a->k), mat, FI(a->lda), y, FI(a->incx), 1, 1, 1); break;
    case 9: TPMV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), mat, y, FI(a->incx), 1, 1, 1); break;
    case 10: TPSV[P](&a->uplo, &a->trans, &a->diag, FI(a->n), mat, y, FI(a->incx), 1, 1, 1); break;
    case 11: GERU[P](FI(a->m), FI(a->n), &one, x, FI(a->incx), y, FI(a->incy), mat, FI(a->lda)); break;
    case 12: GERC[P](FI(a->m), FI(a->n), &one, x, FI(a->incx), y, FI(a->incy), mat, FI(a->lda)); break;
    case 13: SYR[P](&a->uplo, FI(a->n), &rone, x, FI(a->incx), mat, FI(a->lda), 1); break;
    case 14: SPR[P](&a->uplo, FI(a->n), &rone, x, FI(a->incx), mat, 1); break;
    case 15: SYR2[P](&a->uplo, FI(a->n), &one, x, FI(a->incx), y, FI(a->incy), mat, FI(a->lda), 1); break;
    default: SPR2[P](&a->uplo, FI(a->n), &one, x, FI(a->incx), y, FI(a->incy), mat, 1); break;
    }
}

static args valid_args(int r)
{
    args a = {'N', 'U', 'N', 2, 2, 1, 1, 1, 2, 1, 1};
    if (r == 1)
        a.lda = a.kl + a.ku + 1;
    return a;
}
/* Makes the argument at 1-based position pos illegal (and returns 1), or returns 0 when that
   argument is not checked. */
static int break_arg(int r, args *a, int pos)
{
    switch (ROUTINES[r].sig[pos - 1]) {
    case 't': a->trans = "XA/"[tu_randint(0, 2)]; return 1;
    case 'u': a->uplo = "XN/"[tu_randint(0, 2)]; return 1;
    case 'd': a->diag = "XT/"[tu_randint(0, 2)]; return 1;
    case 'm': a->m = -tu_randint(1, 3); return 1;
    case 'n': a->n = -tu_randint(1, 3); return 1;
    case 'l': a->kl = -1; return 1;
    case 'h': a->ku = -1; return 1;
    case 'k': a->k = -1; return 1;
    case 'L': a->lda -= 1; return 1; /* one below the smallest legal value */
    case 'X': a->incx = 0; return 1;
    case 'Y': a->incy = 0; return 1;
    default: return 0;
    }
}

static void test_errors(void)
{
    cbuf mat, x, y;
    cb_new(&mat, 64), cb_new(&x, 64), cb_new(&y, 64);
    for (int i = 0; i < 64; i++)
        put(mat.p, i, rnd()), put(x.p, i, rnd()), put(y.p, i, rnd());
    cb_snap(&mat), cb_snap(&x), cb_snap(&y);
    for (int r = 0; r < NROUT; r++) {
        const routine *rt = &ROUTINES[r];
        char name[8];
        snprintf(name, sizeof name, "%c%s", PCH[P], cplx() ? rt->cplx : rt->real);
        int npos = (int)strlen(rt->sig), first = 0;
        for (int pos = 1; pos <= npos; pos++) {
            args a = valid_args(r);
            if (!break_arg(r, &a, pos))
                continue;
            if (!first)
                first = pos;
            xb_calls = 0, xb_name[0] = 0, xb_info = 0;
            call_routine(r, &a, mat.p, x.p, y.p);
            TU_CHECK(xb_calls == 1 && strcmp(xb_name, name) == 0 && xb_info == pos,
                     "%s with argument %d illegal: xerbla called %d times, last with %s %d", name, pos, xb_calls,
                     xb_name, xb_info);
            /* a later illegal argument does not change the reported position */
            for (int later = pos + 1; later <= npos; later++)
                if (break_arg(r, &a, later))
                    break;
            xb_calls = 0;
            call_routine(r, &a, mat.p, x.p, y.p);
            TU_CHECK(xb_calls == 1 && xb_info == pos, "%s with arguments %d and later illegal: got %d", name, pos,
                     xb_info);
        }
        cb_check(&mat, 0, name), cb_check(&x, 0, name), cb_check(&y, 0, name);
        /* the valid arguments themselves (with lowercase letters) raise nothing */
        args a = valid_args(r);
        a.trans = 'c', a.uplo = 'l', a.diag = 'u';
        xb_calls = 0;
        call_routine(r, &a, mat.p, x.p, y.p);
        TU_CHECK(xb_calls == 0 && first == 1, "%s: valid call reported error %d", name, xb_info);
        memcpy(mat.p, mat.orig, 64 * ES[P]), memcpy(x.p, x.orig, 64 * ES[P]), memcpy(y.p, y.orig, 64 * ES[P]);
    }
    cb_free(&mat), cb_free(&x), cb_free(&y);
}

/* ---- exceptional values: where the reference BLAS 3.11 skips work for a zero and where it does
   not, and its complex rounding of real*complex products (the tests above keep NaN and Inf away
   from the data that is read). */
static int isnan_d(double v) { return v != v; }
static void test_exceptional(void)
{
    double inf = INFINITY, one = 1, zero = 0;
    tint two = 2, ione = 1, three = 3, kl = 1;
    /* gemv and gbmv: no test of x(j) == 0, so Inf*0 in column 1 gives NaN in y(0) */
    double a[4] = {1, 1, inf, 1}, x[2] = {1, 0}, y[2] = {NAN, NAN};
    dgemv_("N", &two, &two, &one, a, &two, x, &ione, &zero, y, &ione, 1);
    TU_CHECK(isnan_d(y[0]) && y[1] == 1, "DGEMV must not skip x(j) == 0: y = %g %g", y[0], y[1]);
    double ab[6] = {NAN, 1, 1, inf, 1, NAN};
    y[0] = y[1] = NAN;
    dgbmv_("N", &two, &two, &kl, &kl, &one, ab, &three, x, &ione, &zero, y, &ione, 1);
    TU_CHECK(isnan_d(y[0]) && y[1] == 1, "DGBMV must not skip x(j) == 0: y = %g %g", y[0], y[1]);
    /* trmv, trsv (no-transpose): a zero x(j) skips column j */
    double t[4] = {1, NAN, inf, 1}, xt[2] = {1, 0};
    dtrmv_("U", "N", "N", &two, t, &two, xt, &ione, 1, 1, 1);
    TU_CHECK(xt[0] == 1 && xt[1] == 0, "DTRMV skips x(j) == 0: x = %g %g", xt[0], xt[1]);
    xt[0] = 1, xt[1] = 0;
    dtrsv_("U", "N", "N", &two, t, &two, xt, &ione, 1, 1, 1);
    TU_CHECK(xt[0] == 1 && xt[1] == 0, "DTRSV skips x(j) == 0: x = %g %g", xt[0], xt[1]);
    /* the same skip on the grouped and blocked paths (columns in groups of 8, blocks of 64):
       zero x(j) at a group's first, middle and last column and in the first group, with NaN and
       Inf filling those columns' stored part; the other columns hold 1 on the diagonal, 0 in
       the zero x(j)'s rows (so that a solve keeps them zero) and 0.5/n elsewhere; x(j) = 1 */
    static const int tn[] = {20, 200};
    static const int zj[] = {0, 8, 11, 15, 63, 64, 130};
    for (int e = 0; e < 2; e++)
        for (int up = 0; up < 2; up++)
            for (int solve = 0; solve < 2; solve++) {
                tint nn = tn[e];
                double *ta = malloc((size_t)nn * nn * sizeof *ta), *tx = malloc((size_t)nn * sizeof *tx);
                int zero[200] = {0};
                for (int k = 0; k < 7; k++)
                    if (zj[k] < nn)
                        zero[zj[k]] = 1;
                for (int j = 0; j < nn; j++) {
                    tx[j] = zero[j] ? 0 : 1;
                    for (int i = 0; i < nn; i++) {
                        int stored = up ? i <= j : i >= j;
                        ta[i + (size_t)j * nn] = !stored ? NAN : zero[j] ? (i % 2 ? inf : NAN)
                                                 : i == j ? 1 : zero[i] ? 0 : 0.5 / nn;
                    }
                }
                if (solve)
                    dtrsv_(up ? "U" : "L", "N", "N", &nn, ta, &nn, tx, &ione, 1, 1, 1);
                else
                    dtrmv_(up ? "U" : "L", "N", "N", &nn, ta, &nn, tx, &ione, 1, 1, 1);
                int bad = 0;
                for (int i = 0; i < nn; i++)
                    bad += !(tx[i] > -1e300 && tx[i] < 1e300);
                TU_CHECK(bad == 0, "DTR%sV %s n=%d skips zero x(j): %d elements not finite", solve ? "S" : "M",
                         up ? "upper" : "lower", (int)nn, bad);
                free(ta), free(tx);
            }
    /* trsv tests x(j) before its division: with A(5,5) = Inf, x(5) becomes 0 but column 5 (Inf
       above the diagonal) is still subtracted, so the rows above become NaN (grouped path) */
    {
        tint nn = 20;
        double ta[400], tx[20];
        for (int i = 0; i < 400; i++)
            ta[i] = 0.01 * ((i * 7) % 13);
        for (int i = 0; i < 20; i++)
            ta[i * 21] = 1, tx[i] = 1 + i;
        for (int i = 0; i <= 5; i++)
            ta[i + 5 * 20] = inf;
        dtrsv_("U", "N", "N", &nn, ta, &nn, tx, &ione, 1, 1, 1);
        TU_CHECK(tx[5] == 0 && isnan_d(tx[4]) && isnan_d(tx[0]),
                 "DTRSV subtracts a column whose x(j) divides to 0: x(5) = %g, x(4) = %g", tx[5], tx[4]);
    }
    /* tbmv (no-transpose; the narrow bands run row by row): a zero x(j) skips column j, its
       diagonal scaling included, upper and lower; x(0) = 0 for lower with a NaN in column 0 */
    double tbu[4] = {NAN, 2, NAN, NAN}, xu[2] = {1, 0}; /* upper, k = 1: A(0,0) = 2 at [1] */
    dtbmv_("U", "N", "N", &two, &ione, tbu, &two, xu, &ione, 1, 1, 1);
    TU_CHECK(xu[0] == 2 && xu[1] == 0, "DTBMV upper skips x(j) == 0: x = %g %g", xu[0], xu[1]);
    double tbl[4] = {NAN, NAN, 3, NAN}, xl[2] = {0, 1}; /* lower, k = 1: A(1,1) = 3 at [2] */
    dtbmv_("L", "N", "N", &two, &ione, tbl, &two, xl, &ione, 1, 1, 1);
    TU_CHECK(xl[0] == 0 && xl[1] == 3, "DTBMV lower skips x(j) == 0: x = %g %g", xl[0], xl[1]);
    /* ger: a zero y(j) skips column j */
    double g[4] = {1, 1, 1, 1}, gx[2] = {inf, 1}, gy[2] = {0, 1};
    dger_(&two, &two, &one, gx, &ione, gy, &ione, g, &two);
    TU_CHECK(g[0] == 1 && g[1] == 1 && g[2] == inf && g[3] == 2, "DGER skips y(j) == 0: %g %g %g %g", g[0],
             g[1], g[2], g[3]);
    /* zher: alpha*conj(x) is a full complex product with (alpha, 0), so x = (Inf, 0) gives a NaN
       diagonal (a component-wise product would give Inf); the imaginary part is still zeroed */
    double complex h = CMPLX(1, NAN), hx = CMPLX(inf, 0);
    zher_("U", &ione, &one, &hx, &ione, &h, &ione, 1);
    TU_CHECK(isnan_d(creal(h)) && cimag(h) == 0, "ZHER diagonal: (%g,%g)", creal(h), cimag(h));
    /* zher with x(j) == 0 and zher2 with x(j) == y(j) == 0 still make the diagonal real */
    double complex h2[4] = {CMPLX(2, NAN), NAN, CMPLX(3, 4), CMPLX(5, NAN)}, hx2[2] = {0, 1}, hy2[2] = {0, 0};
    zher_("U", &two, &one, hx2, &ione, h2, &two, 1);
    TU_CHECK(creal(h2[0]) == 2 && cimag(h2[0]) == 0 && creal(h2[3]) == 6 && cimag(h2[3]) == 0,
             "ZHER diagonal with x(0) == 0: (%g,%g) (%g,%g)", creal(h2[0]), cimag(h2[0]), creal(h2[3]),
             cimag(h2[3]));
    double complex h3[1] = {CMPLX(7, NAN)}, zone = 1;
    zhpr2_("L", &ione, &zone, hy2, &ione, hy2, &ione, h3, 1);
    TU_CHECK(creal(h3[0]) == 7 && cimag(h3[0]) == 0, "ZHPR2 diagonal with x = y = 0: (%g,%g)", creal(h3[0]),
             cimag(h3[0]));
}

/* trmv/tpmv and trsv/tpsv 'N' with unit stride (real types: row blocks of up to eight vectors,
   each vector's triangle under a lane mask, the rows left over by the scalar loop; trmv.tmpl.c,
   trsv.tmpl.c), at sizes around each set's vector (2-16 elements), eight vectors and 64-row
   blocks: a quarter of x(j) zero, with NaN and Inf filling those columns' stored part, diagonal
   included (the reference skips the column and its scaling or division); for the solves those
   rows hold 0 off the diagonal, so that x(j) stays zero; NaN outside the stored triangle of full
   storage, and on a unit diagonal; guard zones around x. The solves are checked by their
   residual. */
void openblas_set_num_threads(int n);

static void test_tri_rows(void)
{
    static const int NR[] = {4, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 47, 48, 49, 63, 64, 65,
                             72, 80, 97, 104, 127, 129, 150, 191};
    const double inf = __builtin_inf();
    for (size_t e = 0; e < sizeof NR / sizeof *NR; e++)
        for (int c = 0; c < 8; c++) {
            int packed = c & 1, up = (c >> 1) & 1, unit = (c >> 2) & 1;
            for (int solve = 0; solve < 2; solve++) {
                if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh) */
                    continue;
                int n = NR[e], lda = n + tu_randint(0, 2);
                size_t la = packed ? (size_t)n * (n + 1) / 2 : (size_t)lda * n;
                tu_buf ba, bx;
                void *a = tu_alloc(&ba, la, ES[P]), *x = tu_alloc(&bx, (size_t)n, ES[P]);
                zc *d = calloc((size_t)n * n, sizeof(zc)), *x0 = calloc((size_t)n, sizeof(zc));
                for (size_t i = 0; i < la; i++)
                    put(a, (ptrdiff_t)i, NAN);
                for (int j = 0; j < n; j++)
                    x0[j] = tu_randint(0, 3) == 0 ? 0 : rnd();
                for (int j = 0; j < n; j++)
                    for (int i = up ? 0 : j; i <= (up ? j : n - 1); i++) {
                        zc v = x0[j] == 0 ? ((i + j) % 2 ? inf : NAN)
                               : i == j ? (unit ? NAN : (1.5 + 0.5 * tu_rand()) * (tu_randint(0, 1) ? 1 : -1))
                               : solve && x0[i] == 0 ? 0 : rnd() * (4.0 / n);
                        size_t at = packed ? (up ? (size_t)j * (j + 1) / 2 + i
                                                 : (size_t)j * n - (size_t)j * (j + 1) / 2 + i)
                                           : (size_t)i + (size_t)j * lda;
                        put(a, (ptrdiff_t)at, v);
                        scalar r;
                        put(&r, 0, v);
                        d[i + (size_t)j * n] = i == j && unit ? 1 : get(&r, 0);
                    }
                for (int j = 0; j < n; j++)
                    put(x, j, x0[j]);
                char u = up ? 'U' : 'L', t = 'N', dg = unit ? 'U' : 'N';
                if (packed)
                    (solve ? TPSV[P] : TPMV[P])(&u, &t, &dg, FI(n), a, x, FI(1), 1, 1, 1);
                else
                    (solve ? TRSV[P] : TRMV[P])(&u, &t, &dg, FI(n), a, FI(lda), x, FI(1), 1, 1, 1);
                int bad = -1;
                for (int i = 0; i < n && bad < 0; i++) {
                    /* trmv: want = op(A) x0 against x; trsv: op(A) x against b = x0 */
                    const zc *v = solve ? NULL : x0;
                    zc want = 0, xi = solve ? get(x, i) : x0[i];
                    double mag = 0;
                    if (xi != 0)
                        want = xi * d[i + (size_t)i * n], mag = cabs(want);
                    for (int j = up ? i + 1 : 0; j < (up ? n : i); j++) {
                        zc xj = v ? v[j] : get(x, j);
                        if (xj != 0)
                            want += xj * d[i + (size_t)j * n], mag += cabs(xj * d[i + (size_t)j * n]);
                    }
                    zc got = solve ? x0[i] : get(x, i);
                    mag += solve ? cabs(got) : 0;
                    if (!(cabs(got - want) <= 8 * eps() * (n + 4) * (mag + 1e-30)) ||
                        (solve && x0[i] == 0 && get(x, i) != 0))
                        bad = i;
                }
                TU_CHECK(bad < 0 && tu_guard_ok(&bx), "%cT%s%s rows n=%d uplo=%c diag=%c: %s at %d",
                         PCH[P], packed ? "P" : "R", solve ? "SV" : "MV", n, u, dg,
                         bad < 0 ? "guard zone written" : "wrong value", bad);
                free(d), free(x0), tu_free(&ba), tu_free(&bx);
            }
        }
    /* A quotient of zero (an Inf on the diagonal) still removes its column: the reference tests
       x(j) before the division. Column 100's Inf in rows 0 and 40 (its other rows 0.01) must
       reach row 40 as NaN, and row 41 not: packed (the column loop), full storage at 120 (groups
       of 8, gemv for the other rows) and 150 (blocks of 64), at 1 and 2 threads. */
    if (P == 1) {
        tint one = 1;
        for (int c = 0; c < 4; c++) { /* packed 120, full 120, full 150, full 150 at 2 threads */
            tint nn = c < 2 ? 120 : 150;
            int packed = c == 0;
            openblas_set_num_threads(c == 3 ? 2 : 1);
            size_t la = packed ? (size_t)nn * (nn + 1) / 2 : (size_t)nn * nn;
            double *ta = malloc(la * sizeof *ta), tx[150];
            for (int j = 0; j < nn; j++)
                for (int i = 0; i <= j; i++) {
                    size_t at = packed ? (size_t)j * (j + 1) / 2 + i : (size_t)i + (size_t)j * nn;
                    ta[at] = i == j ? (j == 100 ? inf : 1) : j == 100 && (i == 0 || i == 40) ? inf : 0.01;
                }
            for (int i = 0; i < nn; i++)
                tx[i] = 1;
            if (packed)
                dtpsv_("U", "N", "N", &nn, ta, tx, &one, 1, 1, 1);
            else
                dtrsv_("U", "N", "N", &nn, ta, &nn, tx, &one, 1, 1, 1);
            TU_CHECK(tx[100] == 0 && isnan(tx[40]) && isfinite(tx[41]) && isfinite(tx[110]),
                     "DT%sSV n=%d: a column whose x(j) divides to 0 is still removed: x(100) = %g, "
                     "x(40) = %g, x(41) = %g", packed ? "P" : "R", (int)nn, tx[100], tx[40], tx[41]);
            free(ta);
        }
        openblas_set_num_threads(0);
    }
}

/* s/d tbsv and tbmv 'N' with unit stride on bands of 8..W off-diagonals (W = 64 s, 32 d) and n > 2W
   (the avx512 and avx2 sets' register-window kernels, kernels/{avx512,avx2}/tband_*.c, the
   avx2 one in ceil(k / lanes) vectors: every count of them here; the column loop elsewhere):
   residual checks at band widths and orders around the kernels' limits, and the
   skip of a zero x(j) with NaN filling that column's off-diagonal part (b zero in the first rows
   the solve meets), guard elements around x. */
static void tbsv_window_case(int mv, int sp, int up, int unit, int zero, int n, int k, int lda)
{
    double *ab = malloc((size_t)lda * n * sizeof *ab), *b = malloc((size_t)n * sizeof *b);
    double *x = malloc((size_t)(n + 2) * sizeof *x);
    float *abf = malloc((size_t)lda * n * sizeof *abf), *xf = malloc((size_t)(n + 2) * sizeof *xf);
    for (int j = 0; j < n; j++)
        for (int r = 0; r < lda; r++) {
            int i = up ? j + r - k : j + r, diag = up ? r == k : r == 0;
            int dead = zero && (up ? j >= n - 40 : j < 40) && !diag; /* never read: a skip */
            double v = i < 0 || i >= n || r > k || dead ? NAN
                       : diag ? (unit ? NAN : 2 + tu_rand()) : (tu_rand() - 0.5) / k;
            abf[r + (size_t)j * lda] = (float)v;
            ab[r + (size_t)j * lda] = sp ? (double)(float)v : v;
        }
    for (int i = 0; i < n; i++) { /* zero: the first 40 rows solved hold 0 */
        int early = up ? i >= n - 40 : i < 40;
        b[i] = zero && early ? 0 : sp ? (double)(float)(tu_rand() - 0.5) : tu_rand() - 0.5;
        x[1 + i] = b[i], xf[1 + i] = (float)b[i];
    }
    x[0] = x[n + 1] = xf[0] = xf[n + 1] = 7; /* guards */
    tint nn = n, kk = k, ld = lda, one = 1;
    const char *u = up ? "U" : "L", *dg = unit ? "U" : "N";
    if (sp) {
        (mv ? stbmv_ : stbsv_)(u, "N", dg, &nn, &kk, abf, &ld, xf + 1, &one, 1, 1, 1);
        for (int i = 0; i < n + 2; i++)
            x[i] = xf[i];
    } else {
        (mv ? dtbmv_ : dtbsv_)(u, "N", dg, &nn, &kk, ab, &ld, x + 1, &one, 1, 1, 1);
    }
    double worst = 0;
    int finite = 1;
    for (int i = 0; i < n && mv; i++) { /* x = A b, the columns of zero b(j) skipped */
        double r = -x[1 + i], mag = fabs(x[1 + i]);
        int j0 = up ? i : (i > k ? i - k : 0), j1 = up ? (i + k < n ? i + k : n - 1) : i;
        for (int j = j0; j <= j1; j++) {
            if (b[j] == 0)
                continue;
            double aij = i == j && unit ? 1 : ab[(up ? k + i - j : i - j) + (size_t)j * lda];
            r += aij * b[j], mag += fabs(aij * b[j]);
        }
        finite &= isfinite(x[1 + i]);
        if (mag > 0 && fabs(r) / mag > worst)
            worst = fabs(r) / mag;
    }
    for (int i = 0; i < n && !mv; i++) {
        double r = -b[i], mag = fabs(b[i]);
        int j0 = up ? i : (i > k ? i - k : 0), j1 = up ? (i + k < n ? i + k : n - 1) : i;
        for (int j = j0; j <= j1; j++) {
            if (x[1 + j] == 0)
                continue;
            double aij = i == j && unit ? 1 : ab[(up ? k + i - j : i - j) + (size_t)j * lda];
            r += aij * x[1 + j], mag += fabs(aij * x[1 + j]);
        }
        finite &= isfinite(x[1 + i]);
        if (mag > 0 && fabs(r) / mag > worst)
            worst = fabs(r) / mag;
    }
    TU_CHECK(finite && worst < (sp ? 1e-5 : 1e-13) && x[0] == 7 && x[n + 1] == 7,
             "%cTB%sV %c N %c n=%d k=%d lda=%d zero=%d: backward error %.2e, finite %d",
             sp ? 'S' : 'D', mv ? "M" : "S",
             up ? 'U' : 'L', unit ? 'U' : 'N', n, k, lda, zero, worst, finite);
    free(ab), free(b), free(x), free(abf), free(xf);
}

static void test_tbsv_window(void)
{
    static const int cases[][3] = {{0, 65, 8},   {0, 66, 9},   {0, 97, 17},  {0, 200, 31},
                                   {0, 150, 32}, {0, 100, 33}, {0, 300, 24}, {1, 129, 8},
                                   {1, 140, 33}, {1, 300, 63}, {1, 260, 64}, {1, 200, 65},
                                   {1, 129, 32}, {1, 100, 16}, {0, 120, 27}, {0, 90, 13},
                                   {1, 150, 20}, {1, 160, 44}, {1, 180, 52}, {1, 140, 57}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int up = 0; up < 2; up++)
            for (int unit = 0; unit < 2; unit++)
                for (int zero = 0; zero < 2; zero++)
                    for (int mv = 0; mv < 2; mv++)
                        tbsv_window_case(mv, cases[c][0], up, unit, zero, cases[c][1], cases[c][2],
                                         cases[c][2] + 1 + (int)(c % 2));
}

int main(void)
{
    tu_seed(2024);
    for (P = 0; P < 4; P++) {
        test_errors();
        test_general();
        test_sym_tri();
        test_updates();
        test_tri_rows();
    }
    test_exceptional();
    test_tbsv_window();
    return tu_finish("test_level2");
}
