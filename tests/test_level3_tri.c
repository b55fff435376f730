/* Differential tests of trmm and trsm (Fortran entry points, all four types) against plain loops
   computed here in double: every side/uplo/trans/diag, shapes that cross the register tile,
   the leaves and the cache blocks, small triangles against long B (LAPACK's shapes), zeros in
   B (the reference's zero-skip), NaN/Inf and signed zeros, 1 against 2 threads bitwise, and
   the error exits. Shared machinery: tests/level3_ref.h; like test_level3, the program runs a
   second time with tiny NANOBLAS_MC/KC/NC. */
#include "tests/level3_ref.h"

/* ---- trmm / trsm ---- */
static dc tri_val(const mat *a, int upper, int unit, int i, int j)
{
    if (!in_tri(upper, i, j))
        return 0;
    if (i == j && unit)
        return 1;
    return at(a, i, j);
}
static dc tri_op(const mat *a, int upper, int unit, char ta, int i, int j)
{
    if (ta == 'N')
        return tri_val(a, upper, unit, i, j);
    dc v = tri_val(a, upper, unit, j, i);
    return ta == 'C' ? conj(v) : v;
}

static int tri_zeros; /* tri_case puts zeros into B */
static void tri_case(int t, int solve, char side, char uplo, char ta, char diag, int m, int n, int ai)
{
    dc alpha = pick_scalar(t, ai);
    int left = side == 'L', upper = uplo == 'U', unit = diag == 'U', na = left ? m : n;
    mat a, b;
    mat_init(&a, t, na, na);
    mat_init(&b, t, m, n);
    if (alpha != 0) {
        /* well conditioned: |diagonal| in [1, 1.5], off-diagonal entries O(1/na) */
        for (int j = 0; j < na; j++)
            for (int i = 0; i < na; i++) {
                if (!in_tri(upper, i, j) || (i == j && unit))
                    continue;
                if (i != j) {
                    set(&a, i, j, rnd(t) * (solve ? 1.0 / na : 1.0));
                } else {
                    double mod = (1 + 0.5 * fabs(tu_rand())) * ((tu_next() & 1) ? 1 : -1);
                    double th = cplx(t) ? 3.14159 * tu_rand() : 0;
                    set(&a, i, i, CMPLX(mod * cos(th), mod * sin(th)));
                }
            }
        mat_fill(&b);
        if (tri_zeros) /* signed zeros to skip, scattered and whole columns / rows */
            for (int j = 0; j < n; j++)
                for (int i = 0; i < m; i++) {
                    if (tu_randint(0, 3) == 0 || (left ? j : i) % 7 == 3)
                        set(&b, i, j, (tu_next() & 1) ? 0.0 : -0.0);
                    else if (cplx(t) && tu_randint(0, 3) == 0) /* one half zero: not skipped */
                        set(&b, i, j, (tu_next() & 1) ? CMPLX(0.0, tu_rand()) : CMPLX(tu_rand(), 0.0));
                }
    }
    mat_snap(&b);
    expect e;
    exp_init(&e, &b);
    int quick = m == 0 || n == 0;
    if (solve && !quick && alpha != 0)
        e.got = calloc(b.n, sizeof(dc));
    xerbla_calls = 0;
    call_tri(t, solve, rcase(side), rcase(uplo), rcase(ta), rcase(diag), m, n, alpha, a.p, a.ld, b.p, b.ld);
    /* trmm: out = alpha*op(A)*B_in. trsm: residual op(A)*out against alpha*B_in. */
    dc *pt = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pt, na, na, tri_op(&a, upper, unit, ta, i_, j_));
        DENSE(pb, m, n, solve ? at(&b, i_, j_) : before(&b, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            dc s = 0;
            double mg = 0;
            if (alpha != 0)
                s = left ? dotp(na, pt + i, (size_t)na, pb + (size_t)j * m, 1, &mg)
                         : dotp(na, pb + i, (size_t)m, pt + (size_t)j * na, 1, &mg);
            if (alpha == 0) {
                exp_set(&e, &b, i, j, 0, 0);
            } else if (solve) {
                dc rhs = alpha * before(&b, i, j);
                exp_set(&e, &b, i, j, rhs, mg + A1(rhs));
                e.got[(size_t)j * b.ld + i] = s;
            } else {
                exp_set(&e, &b, i, j, alpha * s, mg * cabs(alpha));
            }
        }
    char ctx[200], s1[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c%c%c m=%d n=%d lda=%d ldb=%d alpha=%s", tchar[t],
             solve ? "TRSM" : "TRMM", side, uplo, ta, diag, m, n, a.ld, b.ld, scal_str(alpha, s1));
    check(ctx, &b, &e, tol_for(t, na));
    free(pt);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
}

static void test_tri(int t)
{
    int cnt = 0;
    for (int solve = 0; solve < 2; solve++)
        for (int s = 0; s < 2; s++)
            for (int u = 0; u < 2; u++)
                for (int x = 0; x < 3; x++)
                    for (int d = 0; d < 2; d++)
                        for (int r = 0; r < tu_reps(3); r++, cnt++) {
                            if (!tu_sampled())
                                continue;
                            int mm = rdim_big(), nn = rdim();
                            if (s == 1) { int tmp = mm; mm = nn; nn = tmp; }
                            tri_case(t, solve, "LR"[s], "UL"[u], "NTC"[x], "NU"[d], mm, nn, cnt % 4);
                        }
}

void openblas_set_num_threads(int n);
int openblas_get_num_threads(void);

/* A small triangle against a long B (LAPACK's dlarfb/getrs/potrs shapes: the leaf loops over
   all of B, threads on columns), every side/uplo/trans/diag, with and without zeros in B. */
static void test_tri_small(int t)
{
    int cnt = 0;
    for (int solve = 0; solve < 2; solve++)
        for (int s = 0; s < 2; s++)
            for (int u = 0; u < 2; u++)
                for (int x = 0; x < 3; x++)
                    for (int d = 0; d < 2; d++)
                        for (int z = 0; z < 2; z++, cnt++) {
                            if (!tu_sampled())
                                continue;
                            /* NB_TEST_QUICK (qemu, where this loop was most of the program's
                               time): B of 40-160, triangles still crossing one leaf (64) */
                            int order = cnt % 5 == 0 ? tu_randint(1, 17) : tu_randint(1, tu_size(130, 90));
                            int other = tu_size(tu_randint(200, 700), tu_randint(40, 160));
                            tri_zeros = z;
                            tri_case(t, solve, "LR"[s], "UL"[u], "NTC"[x], "NU"[d], s ? other : order,
                                     s ? order : other, cnt % 4);
                            tri_zeros = 0;
                        }
}

/* Exact properties of the skip of zero B(k, j) (side L: the reference's) and of NaN:
   a zero column of B stays bitwise what it was (signed zeros) with NaN and Inf in the triangle
   (and an Inf on a non-unit diagonal),
   a NaN in B(k, j) gives NaN in row k of column j; and side R / side L results are bitwise the
   same at 1 and 2 threads. The zero column holds for a triangle of one leaf (order <= 64, the
   register-blocked loops of kernels/generic/tri_loops.h; for complex types as well, those of
   kernels/generic/tri_complex_loops.h): larger ones run their off-diagonal blocks as
   GEMM, which multiplies the zeros by the NaN. */
static void test_tri_special(int t)
{
    char ctx[160];
    for (int solve = 0; solve < 2; solve++)
        for (int u = 0; u < 2; u++)
            for (int x = 0; x < 2; x++)
                for (int d = 0; d < 2; d++) {
                    int upper = u == 0, unit = d == 1;
                    int m = tu_randint(2, 64), n = tu_randint(200, 400), jz = tu_randint(0, n - 1),
                        jn = (jz + 1 + tu_randint(0, n - 2)) % n, kn = tu_randint(0, m - 1);
                    mat a, b;
                    mat_init(&a, t, m, m);
                    mat_init(&b, t, m, n);
                    for (int j = 0; j < m; j++)
                        for (int i = 0; i < m; i++)
                            if (in_tri(upper, i, j) && !(i == j && unit))
                                set(&a, i, j, i == j ? 1 + 0.5 * fabs(tu_rand()) : tu_rand() / m);
                    if (m > 2) { /* NaN and Inf off the diagonal, in the referenced triangle */
                        set(&a, upper ? 0 : m - 1, upper ? m - 1 : 0, NaN);
                        set(&a, upper ? 0 : 1, upper ? 1 : 0, INFINITY);
                    }
                    if (!unit) /* times a zero B(k, j) it would give NaN: skipped too */
                        set(&a, kn, kn, INFINITY);
                    mat_fill(&b);
                    for (int i = 0; i < m; i++)
                        set(&b, i, jz, (i & 1) ? -0.0 : 0.0);
                    set(&b, kn, jn, NaN);
                    mat_snap(&b);
                    call_tri(t, solve, 'L', "UL"[u], "NT"[x], "NU"[d], m, n, 1.0, a.p, a.ld, b.p, b.ld);
                    snprintf(ctx, sizeof ctx, "%c%s L%c%c%c m=%d n=%d special values", tchar[t],
                             solve ? "TRSM" : "TRMM", "UL"[u], "NT"[x], "NU"[d], m, n);
                    size_t es = esize[t];
                    TU_CHECK(memcmp((char *)b.p + (size_t)jz * b.ld * es, b.snap + (size_t)jz * b.ld * es,
                                    (size_t)m * es) == 0,
                             "%s: zero column %d changed", ctx, jz);
                    TU_CHECK(isnan(creal(at(&b, kn, jn))), "%s: NaN at (%d, %d) lost", ctx, kn, jn);
                    TU_CHECK(tu_guard_ok(&b.buf), "%s: guard overwritten", ctx);
                    mat_free(&a);
                    mat_free(&b);
                }
    /* thread-count independence (the columns split at multiples of 8, not of the panels) */
    static const struct { char side, uplo, ta, diag; int m, n; } th[] = {
        {'R', 'U', 'T', 'N', 1500, 32}, {'R', 'L', 'T', 'U', 1500, 32}, {'R', 'L', 'N', 'U', 1499, 32},
        {'R', 'U', 'N', 'N', 1501, 64}, {'L', 'L', 'N', 'U', 64, 1503}, {'L', 'U', 'T', 'N', 100, 1500},
        {'R', 'L', 'N', 'N', 1500, 100},
    };
    for (int solve = 0; solve < 2; solve++)
        for (size_t c = 0; c < sizeof th / sizeof th[0]; c++) {
            if (!tu_sampled()) /* NB_TEST_SAMPLE: at SVE 512 bits these were most of the run */
                continue;
            int na = th[c].side == 'L' ? th[c].m : th[c].n;
            mat a, b;
            mat_init(&a, t, na, na);
            mat_init(&b, t, th[c].m, th[c].n);
            for (int j = 0; j < na; j++)
                for (int i = 0; i < na; i++)
                    set(&a, i, j, i == j ? 1 + 0.5 * fabs(tu_rand()) : tu_rand() / na);
            mat_fill(&b);
            for (int j = 0; j < th[c].n; j += 37) /* a few zeros: the select paths too */
                set(&b, j % th[c].m, j, 0.0);
            mat_snap(&b);
            size_t bytes = b.n * esize[t];
            void *one = malloc(bytes);
            int saved = openblas_get_num_threads();
            for (int nt = 1; nt <= 2; nt++) {
                memcpy(b.p, b.snap, bytes);
                openblas_set_num_threads(nt);
                call_tri(t, solve, th[c].side, th[c].uplo, th[c].ta, th[c].diag, th[c].m, th[c].n, 0.75,
                         a.p, a.ld, b.p, b.ld);
                if (nt == 1)
                    memcpy(one, b.p, bytes);
            }
            openblas_set_num_threads(saved);
            TU_CHECK(memcmp(one, b.p, bytes) == 0, "%c%s %c%c%c%c %dx%d: 2 threads differ from 1 bitwise",
                     tchar[t], solve ? "TRSM" : "TRMM", th[c].side, th[c].uplo, th[c].ta, th[c].diag,
                     th[c].m, th[c].n);
            free(one);
            mat_free(&a);
            mat_free(&b);
        }
}

/* ---- error exits ---- */
static void test_errors(int t)
{
    l3_errors_begin(t);
    void *c = err_c.p;
    char what[80];

    static const struct { char side, uplo, ta, diag; int m, n, lda, ldb, info; } tr[] = {
        {'X', 'U', 'N', 'N', 2, 2, 2, 2, 1}, {'L', 'X', 'N', 'N', 2, 2, 2, 2, 2},
        {'L', 'U', 'X', 'N', 2, 2, 2, 2, 3}, {'L', 'U', 'N', 'X', 2, 2, 2, 2, 4},
        {'r', 'l', 't', 'u', -1, 2, 2, 2, 5}, {'L', 'U', 'C', 'N', 2, -1, 2, 2, 6},
        {'L', 'U', 'N', 'N', 3, 2, 2, 3, 9}, {'R', 'U', 'N', 'N', 2, 3, 2, 2, 9},
        {'L', 'U', 'N', 'N', 2, 2, 2, 1, 11}, {'X', 'X', 'X', 'X', -1, -1, 0, 0, 1},
        {'L', 'U', 'N', 'N', 0, 2, 1, 1, 0},
    };
    for (int solve = 0; solve < 2; solve++)
        for (size_t i = 0; i < sizeof tr / sizeof tr[0]; i++) {
            call_tri(t, solve, tr[i].side, tr[i].uplo, tr[i].ta, tr[i].diag, tr[i].m, tr[i].n, 1, err_ab,
                     tr[i].lda, c, tr[i].ldb);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], solve ? "TRSM" : "TRMM", i);
            expect_error(t, solve ? "TRSM" : "TRMM", tr[i].info, what);
        }
    l3_errors_end(t);
}

static void run_all(int full)
{
    (void)full;
    for (int t = TS; t <= TZ; t++) {
        test_tri(t);
        test_tri_small(t);
        test_tri_special(t);
        test_errors(t);
    }
}

int main(int argc, char **argv) { return l3_main(argc, argv, run_all, "test_level3_tri"); }
