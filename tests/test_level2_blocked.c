/* Differential test of the Level 2 BLAS's blocked and threaded paths (all four types): the
   triangular products and solves around the block (64) and the blocking threshold (128), the
   band and packed products across the sweep threshold, gemv, gbmv and ger at sizes across the
   threading thresholds, every variant and strides +-1 and +-2,
   against the dense references of tests/level2_ref.h; bitwise equality of every routine whose
   work the library splits, with 1 thread against 2, 3, 4 and 7; and a zero x(j) skipping its
   column in the blocked triangular paths. The small-size cases, errors and exceptional values of
   the unblocked paths are tests/test_level2.c. */
#include "tests/level2_ref.h"

/* ---- the blocked and threaded paths: sizes around the block (64), the blocking threshold (128)
   and the threading thresholds, every variant, strides +-1 and +-2 (NB_TEST_QUICK: half the
   gemv/gbmv/ger size pairs; NB_TEST_SAMPLE: about one case in N; tests/testutil.h) ---- */
static void test_large(void)
{
    static const char TR[3] = {'N', 'T', 'C'};
    static const int TN[] = {127, 128, 129, 191, 300};
    int t = 0;
    for (int in = 0; in < (int)(sizeof TN / sizeof TN[0]); in++)
        for (int upper = 0; upper < 2; upper++)
            for (int it = 0; it < 3; it++)
                for (int unit = 0; unit < 2; unit++)
                    for (int solve = 0; solve < 2; solve++)
                        if (tu_sampled())
                            t_tri(solve, FULL, upper, TR[it], unit, TN[in], 0);
    /* tbmv / tpmv: copied and swept from 16384 stored elements (packed: n 181; band k 40: n 400),
       on a team above that; sizes on both sides, blocks of 64 cut at odd places; tpmv 'N' in
       column blocks of 256 (600: three, the last cut short), of n/16 from n 4096 (d only, the
       dense reference's memory) */
    static const int PN[] = {150, 181, 182, 300, 600}, BN[] = {390, 401, 700};
    for (int upper = 0; upper < 2; upper++)
        for (int it = 0; it < 3; it++)
            for (int unit = 0; unit < 2; unit++) {
                for (int in = 0; in < 5; in++)
                    if (tu_sampled() && (!tu_quick() || in % 2 == it % 2))
                        t_tri(0, PACKED, upper, TR[it], unit, PN[in], 0);
                if (P == 1 && it == 0 && !tu_quick() && tu_sampled())
                    t_tri(0, PACKED, upper, 'N', unit, 4133, 0);
                for (int in = 0; in < 3; in++)
                    if (tu_sampled() && (!tu_quick() || in % 2 == unit))
                        t_tri(0, BAND, upper, TR[it], unit, BN[in], in == 2 ? 130 : 40);
            }
    static const int GM[] = {63, 130, 257, 700};
    for (int im = 0; im < 4; im++)
        for (int in = 0; in < 4; in++, t++) {
            /* NB_TEST_QUICK: the pairs with in = im or im + 1 (mod 4), every size still as m and n */
            if ((tu_quick() && (in - im + 4) % 4 > 1) || !tu_sampled())
                continue;
            for (int it = 0; it < 3; it++)
                t_gen(0, GM[im], GM[(in + im) % 4], 0, 0, TR[it], rnd(), rnd_scalar(t % 4));
            t_gen(1, GM[im], GM[in], 5, 70, TR[t % 3], rnd(), rnd_scalar(t % 4));
            t_ger(0, GM[im], GM[in], rnd());
            if (cplx())
                t_ger(1, GM[im], GM[in], rnd());
        }
    /* real ger's long columns (4 KiB or more: the avx512 set's 32-byte path, gemv_loops.h) with
       a tail of 3, single precision included */
    if (!cplx())
        t_ger(0, 1027, 5, rnd());
}

/* ---- bitwise equality across team sizes: every routine whose work the library splits, at sizes
   above its threading threshold, run with 1 thread and then 2, 3, 4 and 7 ---- */
static void fill_rand(void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(p, (ptrdiff_t)i, rnd());
}
/* an n x n triangle-friendly matrix: large diagonal, small off-diagonal entries */
static void fill_tri(void *p, int n, int lda)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < lda; i++)
            put(p, i + (ptrdiff_t)j * lda, i == j ? 2 + creal(rnd()) : rnd() / n);
}
static void run_case(int c, int n, void *a, int lda, void *x, void *y, int incx)
{
    static const char TR[3] = {'N', 'T', 'C'};
    char up = c & 1 ? 'U' : 'L', tr = TR[(c >> 1) % 3], dg = c & 8 ? 'U' : 'N';
    scalar al = sc(CMPLX(0.75, -0.25)), be = sc(CMPLX(0.5, 0.125));
    int m = n - 37, one = 1, kl = 20, ku = n / 4, k = n / 3, ldb = kl + ku + 1, ldk = k + 1;
    switch (c >> 4) {
    case 0: GEMV[P](&tr, &m, &n, &al, a, &lda, x, &incx, &be, y, &one, 1); break;
    case 1: (c & 1 ? GERC : GERU)[P](&m, &n, &al, x, &incx, y, &one, a, &lda); break;
    case 2: TRMV[P](&up, &tr, &dg, &n, a, &lda, x, &incx, 1, 1, 1); break;
    case 3: TRSV[P](&up, &tr, &dg, &n, a, &lda, x, &incx, 1, 1, 1); break;
    case 4: GBMV[P](&tr, &m, &n, &kl, &ku, &al, a, &ldb, x, &incx, &be, y, &one, 1); break;
    case 5: TBMV[P](&up, &tr, &dg, &n, &k, a, &ldk, x, &incx, 1, 1, 1); break;
    default: TPMV[P](&up, &tr, &dg, &n, a, x, &incx, 1, 1, 1); break;
    }
}
static void test_threads(void)
{
    static const int TEAMS[] = {2, 3, 4, 7};
    /* trsv splits from 4096 rows: that size for d only (one solve per direction), to bound
       the memory the test takes; under an emulator (NB_TEST_QUICK) only the first size */
    int sizes[3] = {700, tu_size(P == 1 ? 1900 : 1100, 0), tu_size(P == 1 ? 4100 : 0, 0)};
    for (int is = 0; is < 3 && sizes[is]; is++)
        for (int c = 0; c < 112; c++) {
            int r = c >> 4; /* gemv, ger, trmv, trsv, gbmv, tbmv, tpmv */
            if ((r < 2 || r == 4) && (c & 8)) /* gemv / ger / gbmv: no diag bit */
                continue;
            if (r == 1 && (c & 6))
                continue;
            if (is == 2 && c != 48 && c != 51) /* trsv 'L' 'N' and 'U' 'T' at 4100 */
                continue;
            if (!tu_sampled())
                continue;
            int n = sizes[is], lda = n + 3, incx = (c & 4) && (r >= 2 || r == 4) ? -2 : 1;
            size_t na = (size_t)lda * n, nx = (size_t)n * 2 + 2;
            char *a0 = malloc(na * ES[P]), *x0 = malloc(nx * ES[P]), *y0 = malloc(nx * ES[P]);
            char *a = malloc(na * ES[P]), *x = malloc(nx * ES[P]), *y = malloc(nx * ES[P]);
            char *ra = malloc(na * ES[P]), *rx = malloc(nx * ES[P]), *ry = malloc(nx * ES[P]);
            if ((c >> 4) == 3)
                fill_tri(a0, n, lda);
            else
                fill_rand(a0, na);
            fill_rand(x0, nx), fill_rand(y0, nx);
            for (size_t i = 0; i < nx; i += 5) /* zeros exercise the skip paths */
                put(x0, (ptrdiff_t)i, 0);
            for (int ti = -1; ti < 4; ti++) {
                openblas_set_num_threads(ti < 0 ? 1 : TEAMS[ti]);
                memcpy(a, a0, na * ES[P]), memcpy(x, x0, nx * ES[P]), memcpy(y, y0, nx * ES[P]);
                run_case(c, n, a, lda, x, y, incx);
                if (ti < 0) {
                    memcpy(ra, a, na * ES[P]), memcpy(rx, x, nx * ES[P]), memcpy(ry, y, nx * ES[P]);
                    continue;
                }
                int same = !memcmp(ra, a, na * ES[P]) && !memcmp(rx, x, nx * ES[P]) &&
                           !memcmp(ry, y, nx * ES[P]);
                TU_CHECK(same, "%c case %d (routine %d) n=%d: %d threads differ from 1", PCH[P], c, c >> 4,
                         n, TEAMS[ti]);
            }
            openblas_set_num_threads(0);
            free(a0), free(x0), free(y0), free(a), free(x), free(y), free(ra), free(rx), free(ry);
        }
}

/* tbmv 'N' on the narrow bands where the avx512 set sweeps each thread's rows on a register
   window (kernels/{avx512,avx2}/tband_*.c, k <= 32 d / 64 s): bitwise the same on every team, the
   window's columns starting and ending with each thread's range; zeros in x for the skips */
static void test_tbmv_window_threads(void)
{
    static const int TEAMS[] = {2, 3, 4, 7}, KS[] = {8, 20, 32, 60};
    for (int ik = 0; ik < 4; ik++)
        for (int c = 0; c < 4; c++) {
            if (!tu_sampled())
                continue;
            int up = c & 1, unit = c >> 1, k = KS[ik], n = tu_size(30011, 3001), ld = k + 1;
            size_t na = (size_t)ld * n;
            char *a = malloc(na * ES[P]), *x0 = malloc((size_t)n * ES[P]);
            char *x = malloc((size_t)n * ES[P]), *rx = malloc((size_t)n * ES[P]);
            fill_rand(a, na), fill_rand(x0, (size_t)n);
            for (int i = 0; i < n; i += 7)
                put(x0, i, 0);
            tint nn = n, kk = k, ldk = ld, one = 1;
            char u = up ? 'U' : 'L', t = 'N', dg = unit ? 'U' : 'N';
            for (int ti = -1; ti < 4; ti++) {
                openblas_set_num_threads(ti < 0 ? 1 : TEAMS[ti]);
                memcpy(x, x0, (size_t)n * ES[P]);
                TBMV[P](&u, &t, &dg, &nn, &kk, a, &ldk, x, &one, 1, 1, 1);
                if (ti < 0) {
                    memcpy(rx, x, (size_t)n * ES[P]);
                    continue;
                }
                TU_CHECK(!memcmp(rx, x, (size_t)n * ES[P]),
                         "%cTBMV %c N %c n=%d k=%d: %d threads differ from 1",
                         PCH[P], u, dg, n, k, TEAMS[ti]);
            }
            openblas_set_num_threads(0);
            free(a), free(x0), free(x), free(rx);
        }
}

/* ---- exceptional values in the blocked triangular paths: a zero x(j) skips column j there too
   (the column's Inf sits in an off-diagonal block, handled by gemv) ---- */
static void test_exceptional_blocked(void)
{
    int n = 200, one = 1;
    double *a = calloc((size_t)n * n, sizeof(double)), *x = malloc((size_t)n * sizeof(double));
    for (int lower = 0; lower < 2; lower++)
        for (int solve = 0; solve < 2; solve++) {
            for (int i = 0; i < n * n; i++)
                a[i] = 0;
            for (int i = 0; i < n; i++)
                a[i + (size_t)i * n] = 1, x[i] = 1;
            int r = lower ? 199 : 0, cidx = lower ? 10 : 150;
            a[r + (size_t)cidx * n] = INFINITY;
            x[cidx] = 0;
            if (solve)
                dtrsv_(lower ? "L" : "U", "N", "N", &n, a, &n, x, &one, 1, 1, 1);
            else
                dtrmv_(lower ? "L" : "U", "N", "N", &n, a, &n, x, &one, 1, 1, 1);
            TU_CHECK(x[r] == 1 && x[cidx] == 0, "D%s %c blocked: zero x(j) must skip column j: x = %g",
                     solve ? "TRSV" : "TRMV", lower ? 'L' : 'U', x[r]);
        }
    free(a), free(x);
    /* the swept band and packed products (packed n 200 by row blocks and n 700 in column
       blocks, n 600 with 40 off-diagonals); mid = 0..3: the column away from the edges, at each
       place in a group of four columns (trmv.tmpl.c's axpyb4 and axpy4 calls) */
    for (int lower = 0; lower < 2; lower++)
        for (int packed = 0; packed < 3; packed++)
            for (int mid = -1; mid < (packed == 1 ? 0 : 4); mid++) {
                int nn = packed ? (packed == 1 ? 200 : 700) : 600, k = 40, ld = k + 1;
                int cidx = lower ? (packed ? 10 : nn - 1 - k) : (packed ? 150 : k);
                if (mid >= 0)
                    cidx = 300 + mid;
                int r = mid >= 0 ? (lower ? cidx + 5 : cidx - 5) : lower ? nn - 1 : 0;
                size_t na = packed ? (size_t)nn * (nn + 1) / 2 : (size_t)ld * nn;
                double *ab = calloc(na, sizeof(double)), *xv = malloc((size_t)nn * sizeof(double));
                for (int i = 0; i < nn; i++) {
                    xv[i] = 1;
                    ab[packed ? (lower ? (size_t)i * (2 * nn - i + 1) / 2
                                       : (size_t)i * (i + 1) / 2 + i)
                              : (size_t)i * ld + (lower ? 0 : k)] = 1;
                }
                /* A(r, cidx) = Inf, in the column that x(cidx) = 0 must skip */
                size_t at = packed ? (lower ? (size_t)cidx * (2 * nn - cidx + 1) / 2
                                                  + (size_t)(r - cidx)
                                            : (size_t)cidx * (cidx + 1) / 2 + (size_t)r)
                                   : (size_t)cidx * ld + (size_t)(lower ? r - cidx : k + r - cidx);
                ab[at] = INFINITY;
                /* and A(cidx, cidx) = Inf: the reference skips x(cidx)'s scaling too */
                ab[packed ? (lower ? (size_t)cidx * (2 * nn - cidx + 1) / 2
                                   : (size_t)cidx * (cidx + 1) / 2 + cidx)
                          : (size_t)cidx * ld + (lower ? 0 : k)] = INFINITY;
                xv[cidx] = 0;
                if (packed)
                    dtpmv_(lower ? "L" : "U", "N", "N", &nn, ab, xv, &one, 1, 1, 1);
                else
                    dtbmv_(lower ? "L" : "U", "N", "N", &nn, &k, ab, &ld, xv, &one, 1, 1, 1);
                /* row r sums x(j) A(r, j) over the other columns j of its band row: 1 (diagonal)
                   where it is alone, else finite, never Inf or NaN */
                TU_CHECK(isfinite(xv[r]) && (mid >= 0 || xv[r] == 1) && xv[cidx] == 0,
                         "D%s %c swept (column %d): zero x(j) must skip column j: x = %g",
                         packed ? "TPMV" : "TBMV", lower ? 'L' : 'U', cidx, xv[r]);
                free(ab), free(xv);
            }
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_level2_blocked");
    tu_seed(2025);
    for (P = 0; P < 4; P++) {
        test_large();
        test_threads();
        test_tbmv_window_threads();
    }
    test_exceptional_blocked();
    return tu_finish("test_level2_blocked");
}
