/* Differential tests of the Level 3 BLAS (Fortran entry points, all four types) against plain loops
   computed here in double: every trans/uplo/side/diag combination, shapes that cross the
   register tile and the cache blocks, leading dimensions larger than the rows, alpha/beta in
   {0, 1, -1, random}, NaN where the reference must not read (C when beta = 0, A and B when
   alpha = 0, the unreferenced triangle, a unit diagonal, padding rows, the imaginary part of a
   Hermitian diagonal), guarded outputs, and the error exits through our own xerbla_.
   The program runs a second time with tiny NANOBLAS_MC/KC/NC so that every blocking boundary of
   the engine is crossed by small shapes. */
#include "tests/level3_ref.h"

/* ---- gemm ---- */
static void gemm_case(int t, char ta, char tb, int m, int n, int k, int ai, int bi)
{
    dc alpha = pick_scalar(t, ai), beta = pick_scalar(t, bi);
    int nota = ta == 'N', notb = tb == 'N';
    mat a, b, c;
    mat_init(&a, t, nota ? m : k, nota ? k : m);
    mat_init(&b, t, notb ? k : n, notb ? n : k);
    mat_init(&c, t, m, n);
    if (alpha != 0) {
        mat_fill(&a);
        mat_fill(&b);
    }
    if (beta != 0)
        mat_fill(&c);
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1);
    dc *pa = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pa, m, k, op_at(&a, ta, i_, j_));
        DENSE(pb, k, n, op_at(&b, tb, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            double mg = 0;
            dc s = alpha != 0 ? dotp(k, pa + i, (size_t)m, pb + (size_t)j * k, 1, &mg) : 0;
            dc w = alpha != 0 ? alpha * s : 0;
            mg *= cabs(alpha);
            if (beta != 0) {
                w += beta * before(&c, i, j);
                mg += A1(beta * before(&c, i, j));
            }
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_gemm(t, rcase(ta), rcase(tb), m, n, k, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%cGEMM %c%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=%s beta=%s",
             tchar[t], ta, tb, m, n, k, a.ld, b.ld, c.ld, scal_str(alpha, s1), scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, k));
    free(pa);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}


static void test_gemm(int t, int full)
{
    const char *tr = "NTC";
    int cnt = 0;
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++)
            for (int r = 0; r < tu_reps(12); r++, cnt++)
                if (tu_sampled())
                    gemm_case(t, tr[x], tr[y], rdim(), rdim(), rdim(), cnt % 4, (cnt / 4) % 4);
    /* the fixed shapes too are sampled (NB_TEST_SAMPLE, qemu at 512-bit SVE: they were most of
       the run; every other run keeps them) */
    if (tu_sampled())
        gemm_case(t, 'N', 'N', 129, 67, 130, 3, 3);
    if (tu_sampled())
        gemm_case(t, 'T', 'C', 65, 130, 257, 3, 0);
    if (full && tu_sampled()) /* crosses the default KC; the small-block pass crosses MC and NC */
        gemm_case(t, "NTC"[t % 3], "CNT"[t % 3], 300, 200, 530, 3, 3);
}

/* ---- symm / hemm ---- */

static dc sym_val(const mat *a, int upper, int herm, int i, int j)
{
    if (i == j && herm)
        return creal(at(a, i, i));
    if (in_tri(upper, i, j))
        return at(a, i, j);
    dc v = at(a, j, i);
    return herm ? conj(v) : v;
}

static void symm_case(int t, int herm, char side, char uplo, int m, int n, int ai, int bi)
{
    dc alpha = pick_scalar(t, ai), beta = pick_scalar(t, bi);
    int left = side == 'L', upper = uplo == 'U', na = left ? m : n;
    mat a, b, c;
    mat_init(&a, t, na, na);
    mat_init(&b, t, m, n);
    mat_init(&c, t, m, n);
    if (alpha != 0) {
        for (int j = 0; j < na; j++)
            for (int i = 0; i < na; i++)
                if (in_tri(upper, i, j))
                    set(&a, i, j, (i == j && herm) ? CMPLX(tu_rand(), NAN) : rnd(t));
        mat_fill(&b);
    }
    if (beta != 0)
        mat_fill(&c);
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = m == 0 || n == 0 || (alpha == 0 && beta == 1);
    dc *pa = NULL, *pb = NULL;
    if (!quick && alpha != 0) {
        DENSE(pa, na, na, sym_val(&a, upper, herm, i_, j_));
        DENSE(pb, m, n, at(&b, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < m; i++) {
            double mg = 0;
            dc s = 0;
            if (alpha != 0)
                s = left ? dotp(na, pa + i, (size_t)na, pb + (size_t)j * m, 1, &mg)
                         : dotp(na, pb + i, (size_t)m, pa + (size_t)j * na, 1, &mg);
            dc w = alpha != 0 ? alpha * s : 0;
            mg *= cabs(alpha);
            if (beta != 0) {
                w += beta * before(&c, i, j);
                mg += A1(beta * before(&c, i, j));
            }
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_symm(t, herm, rcase(side), rcase(uplo), m, n, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c m=%d n=%d lda=%d ldb=%d ldc=%d alpha=%s beta=%s", tchar[t],
             herm ? "HEMM" : "SYMM", side, uplo, m, n, a.ld, b.ld, c.ld, scal_str(alpha, s1),
             scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, na));
    free(pa);
    free(pb);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}

static void test_symm(int t, int herm, int full)
{
    int cnt = 0;
    for (int s = 0; s < 2; s++)
        for (int u = 0; u < 2; u++)
            for (int r = 0; r < tu_reps(10); r++, cnt++)
                if (tu_sampled())
                    symm_case(t, herm, "LR"[s], "UL"[u], rdim_big(), rdim(), cnt % 4, (cnt / 4) % 4);
    /* B with at least 256 columns takes the expanded path (a full copy of A, panels of 512
       columns): one panel, and (double) two with a short second one; side R swaps the roles.
       Not again in the small-blocks pass: the panels do not depend on the GEMM's block sizes. */
    if (!full || !tu_sampled())
        return;
    symm_case(t, herm, 'L', 'U', 70, 260, 3, 3);
    if (t == TD) { /* the panel loop is the same code for every type */
        symm_case(t, herm, 'L', 'L', 530, 256, 3, 0);
        symm_case(t, herm, 'R', 'U', 257, 515, 2, 3);
    }
}

/* ---- syrk / herk / syr2k / her2k (kind 0..3) ---- */
static const char *rank_name[4] = {"SYRK", "HERK", "SYR2K", "HER2K"};

/* Element (i, l) of the n x k operand op(X): X ('N'), X**T ('T'), or X**H ('C' of herk/her2k). */
static dc rank_op(const mat *x, char tr, int herm, int i, int l)
{
    if (tr == 'N')
        return at(x, i, l);
    return herm ? conj(at(x, l, i)) : at(x, l, i);
}

static void rank_case(int t, int kind, char uplo, char tr, int n, int k, int ai, int bi)
{
    int herm = kind & 1, two = kind >= 2, upper = uplo == 'U', notr = tr == 'N';
    dc alpha = (kind == 1) ? pick_real(ai) : pick_scalar(t, ai);
    dc beta = herm ? pick_real(bi) : pick_scalar(t, bi);
    mat a, b, c;
    mat_init(&a, t, notr ? n : k, notr ? k : n);
    mat_init(&b, t, notr ? n : k, notr ? k : n);
    mat_init(&c, t, n, n);
    if (alpha != 0) {
        mat_fill(&a);
        if (two)
            mat_fill(&b);
    }
    for (int j = 0; j < n && beta != 0; j++)
        for (int i = 0; i < n; i++)
            if (in_tri(upper, i, j))
                set(&c, i, j, (i == j && herm) ? CMPLX(tu_rand(), NAN) : rnd(t));
    mat_snap(&c);
    expect e;
    exp_init(&e, &c);
    int quick = n == 0 || ((alpha == 0 || k == 0) && beta == 1);
    /* X = op(A), Y = op(B) (or op(A) for the rank-k forms), each n x k; Xc, Yc their conjugates
       for the Hermitian forms. Element (i,j) gets s1 = X_i . Yc_j and s2 = Y_i . Xc_j. */
    dc *px = NULL, *py = NULL, *pxc = NULL, *pyc = NULL;
    if (!quick && alpha != 0) {
        const mat *ym = two ? &b : &a;
        DENSE(px, n, k, rank_op(&a, tr, herm, i_, j_));
        DENSE(py, n, k, rank_op(ym, tr, herm, i_, j_));
        DENSE(pxc, n, k, herm ? conj(rank_op(&a, tr, herm, i_, j_)) : rank_op(&a, tr, herm, i_, j_));
        DENSE(pyc, n, k, herm ? conj(rank_op(ym, tr, herm, i_, j_)) : rank_op(ym, tr, herm, i_, j_));
    }
    for (int j = 0; j < n && !quick; j++)
        for (int i = 0; i < n; i++) {
            if (!in_tri(upper, i, j))
                continue;
            dc s1 = 0, s2 = 0;
            double mg = 0;
            if (alpha != 0) {
                s1 = dotp(k, px + i, (size_t)n, pyc + j, (size_t)n, &mg);
                if (two)
                    s2 = dotp(k, py + i, (size_t)n, pxc + j, (size_t)n, &mg);
            }
            dc w = 0;
            if (alpha != 0)
                w = alpha * s1 + (two ? (herm ? conj(alpha) : alpha) * s2 : 0);
            mg *= cabs(alpha);
            if (beta != 0) {
                dc cv = before(&c, i, j);
                if (herm && i == j)
                    cv = creal(cv);
                w += beta * cv;
                mg += A1(beta * cv);
            }
            if (herm && i == j)
                w = creal(w);
            exp_set(&e, &c, i, j, w, mg);
        }
    xerbla_calls = 0;
    call_rank(t, kind, rcase(uplo), rcase(tr), n, k, alpha, a.p, a.ld, b.p, b.ld, beta, c.p, c.ld);
    char ctx[200], s1[40], s2[40];
    snprintf(ctx, sizeof ctx, "%c%s %c%c n=%d k=%d lda=%d ldc=%d alpha=%s beta=%s", tchar[t],
             rank_name[kind], uplo, tr, n, k, a.ld, c.ld, scal_str(alpha, s1), scal_str(beta, s2));
    check(ctx, &c, &e, tol_for(t, 2 * k));
    if (herm && !quick) { /* the reference leaves an exactly real diagonal */
        int nonreal = 0;
        for (int j = 0; j < n; j++)
            nonreal += cimag(at(&c, j, j)) != 0;
        TU_CHECK(nonreal == 0, "%s: %d diagonal elements not real", ctx, nonreal);
    }
    free(px);
    free(py);
    free(pxc);
    free(pyc);
    exp_free(&e);
    mat_free(&a);
    mat_free(&b);
    mat_free(&c);
}

static void test_rank(int t)
{
    for (int kind = 0; kind < 4; kind++) {
        if ((kind & 1) && !cplx(t))
            continue;
        /* real types accept 'C' as 'T'; complex symmetric ones have no 'C'; Hermitian ones no 'T' */
        const char *trs = (kind & 1) ? "NC" : cplx(t) ? "NT" : "NTC";
        int cnt = 0;
        for (int u = 0; u < 2; u++)
            for (const char *tr = trs; *tr; tr++)
                for (int r = 0; r < tu_reps(8); r++, cnt++)
                    if (tu_sampled())
                        rank_case(t, kind, "UL"[u], *tr, rdim_big(), rdim(), cnt % 4, (cnt / 4) % 4);
        /* the fused rank-2k form ([A B] x [B A]**T at depth 2k: n > 32, k <= 128) with a random
           (complex: nonreal) alpha, every uplo and trans (sampled as the fixed gemm shapes) */
        if (kind >= 2)
            for (int u = 0; u < 2; u++)
                for (const char *tr = trs; *tr; tr++)
                    if (tu_sampled())
                        rank_case(t, kind, "UL"[u], *tr, 70, 33, 3, 3);
    }
}

/* ---- error exits: expected routine name and argument position, outputs untouched ---- */
static void test_errors(int t)
{
    l3_errors_begin(t);
    void *c = err_c.p;
    char what[80];

    static const struct { char ta, tb; int m, n, k, lda, ldb, ldc, info; } ge[] = {
        {'X', 'N', 2, 2, 2, 2, 2, 2, 1},  {'N', '/', 2, 2, 2, 2, 2, 2, 2},  {'n', 'N', -1, 2, 2, 2, 2, 2, 3},
        {'N', 't', 2, -1, 2, 2, 2, 2, 4}, {'c', 'N', 2, 2, -1, 2, 2, 2, 5}, {'N', 'N', 2, 2, 2, 1, 2, 2, 8},
        {'T', 'N', 2, 2, 3, 2, 3, 2, 8},  {'N', 'N', 2, 2, 2, 2, 1, 2, 10}, {'N', 'C', 2, 3, 2, 2, 2, 2, 10},
        {'N', 'N', 2, 2, 2, 2, 2, 1, 13}, {'X', 'X', -1, -1, -1, 0, 0, 0, 1}, {'N', 'N', -1, -1, 2, 0, 0, 0, 3},
        {'n', 't', 0, 0, 0, 0, 1, 1, 8},  {'n', 't', 0, 0, 0, 1, 1, 1, 0},  {'N', 'N', 2, 2, 2, 2, 2, 2, 0},
    };
    for (size_t i = 0; i < sizeof ge / sizeof ge[0]; i++) {
        /* the valid ones use alpha = 0, beta = 1: a quick return that must not write either */
        call_gemm(t, ge[i].ta, ge[i].tb, ge[i].m, ge[i].n, ge[i].k, 0, err_ab, ge[i].lda, err_ab, ge[i].ldb,
                  1, c, ge[i].ldc);
        snprintf(what, sizeof what, "%cGEMM error case %zu", tchar[t], i);
        expect_error(t, "GEMM", ge[i].info, what);
    }

    static const struct { char side, uplo; int m, n, lda, ldb, ldc, info; } sy[] = {
        {'X', 'U', 2, 2, 2, 2, 2, 1}, {'L', 'X', 2, 2, 2, 2, 2, 2}, {'L', 'U', -1, 2, 2, 2, 2, 3},
        {'l', 'u', 2, -1, 2, 2, 2, 4}, {'L', 'U', 3, 2, 2, 3, 3, 7}, {'R', 'L', 2, 3, 2, 2, 2, 7},
        {'L', 'U', 2, 2, 2, 1, 2, 9},  {'r', 'l', 2, 3, 3, 2, 1, 12}, {'X', 'X', -1, -1, 0, 0, 0, 1},
    };
    for (int herm = 0; herm <= cplx(t); herm++)
        for (size_t i = 0; i < sizeof sy / sizeof sy[0]; i++) {
            call_symm(t, herm, sy[i].side, sy[i].uplo, sy[i].m, sy[i].n, 1, err_ab, sy[i].lda, err_ab,
                      sy[i].ldb, 0, c, sy[i].ldc);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], herm ? "HEMM" : "SYMM", i);
            expect_error(t, herm ? "HEMM" : "SYMM", sy[i].info, what);
        }

    /* info for {syrk, herk, syr2k, her2k}; -1 marks a legal call (not made) */
    static const struct { char uplo, tr; int n, k, lda, ldb, ldc, info[4]; } rk[] = {
        {'X', 'N', 2, 2, 2, 2, 2, {1, 1, 1, 1}},     {'U', 'X', 2, 2, 2, 2, 2, {2, 2, 2, 2}},
        {'U', 'T', 2, 2, 2, 2, 2, {-1, 2, -1, 2}},   {'L', 'C', 2, 2, 2, 2, 2, {2, -1, 2, -1}},
        {'U', 'N', -1, 2, 2, 2, 2, {3, 3, 3, 3}},    {'l', 'n', 2, -1, 2, 2, 2, {4, 4, 4, 4}},
        {'U', 'N', 3, 2, 2, 3, 3, {7, 7, 7, 7}},     {'U', 'N', 3, 2, 3, 2, 3, {-1, -1, 9, 9}},
        {'U', 'N', 3, 2, 3, 3, 2, {10, 10, 12, 12}}, {'X', 'X', -1, -1, 0, 0, 0, {1, 1, 1, 1}},
    };
    for (int kind = 0; kind < 4; kind++) {
        if ((kind & 1) && !cplx(t))
            continue;
        for (size_t i = 0; i < sizeof rk / sizeof rk[0]; i++) {
            int info = rk[i].info[kind];
            if (rk[i].tr == 'C' && kind % 2 == 0 && !cplx(t))
                info = -1; /* 'C' is 'T' for real syrk/syr2k */
            if (info < 0)
                continue;
            call_rank(t, kind, rk[i].uplo, rk[i].tr, rk[i].n, rk[i].k, 1, err_ab, rk[i].lda, err_ab,
                      rk[i].ldb, 0, c, rk[i].ldc);
            snprintf(what, sizeof what, "%c%s error case %zu", tchar[t], rank_name[kind], i);
            expect_error(t, rank_name[kind], info, what);
        }
    }

    l3_errors_end(t);
}

static void run_all(int full)
{
    for (int t = TS; t <= TZ; t++) {
        test_gemm(t, full);
        test_symm(t, 0, full);
        if (cplx(t))
            test_symm(t, 1, full);
        test_rank(t);
        test_errors(t);
    }
}

int main(int argc, char **argv) { return l3_main(argc, argv, run_all, "test_level3"); }
