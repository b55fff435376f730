/* ?trsm against LAPACK's RFP solver structure (?tfsm): the triangle split at M/2 rows (the
   larger half first when A is lower), ?trsm on the half solved first, ?gemm of the other rows on
   it (beta = alpha), ?trsm on the other half with alpha = 1. nanoblas splits its solves at the
   same row (blas/level3/trxm.tmpl.c, and the leaf loops' h in kernels/generic/tri_loops.h and
   tri_complex_loops.h), so the whole solve and the composition must agree bitwise (compared
   with ==, so signed zeros may differ): for s and d always, for c and z where both run the
   no-packing complex GEMM. LAPACK's RFP tester failed STFSM CFORM='T' L U T N 50 (ratio 42-58
   against 30) when they did not: the case is here, with an ill-conditioned triangle like the
   tester's, and so is CTFSM CFORM='N' L U C U 50, which failed on the generic set.
   Also a residual check of the whole solve, and guard zones. Every side, uplo, trans, diag;
   triangles of 33-129 (the leaves split inside the kernel: 33-64); alpha 1 and not. */
#include "tests/testutil.h"
#include <complex.h>

void strsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const float *, const float *, const int *, float *, const int *);
void dtrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double *, const double *, const int *, double *, const int *);
void sgemm_(const char *, const char *, const int *, const int *, const int *, const float *,
            const float *, const int *, const float *, const int *, const float *, float *, const int *);
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *);
void ctrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const float complex *, const float complex *, const int *, float complex *, const int *);
void ztrsm_(const char *, const char *, const char *, const char *, const int *, const int *,
            const double complex *, const double complex *, const int *, double complex *,
            const int *);
void cgemm_(const char *, const char *, const int *, const int *, const int *, const float complex *,
            const float complex *, const int *, const float complex *, const int *,
            const float complex *, float complex *, const int *);
void zgemm_(const char *, const char *, const int *, const int *, const int *, const double complex *,
            const double complex *, const int *, const double complex *, const int *,
            const double complex *, double complex *, const int *);

/* a random value of type T (complex: both parts) */
#define RVAL(T, cx, scale) ((T)((cx) ? (tu_rand() + I * tu_rand()) * (scale) : tu_rand() * (scale)))

#define DEFINE_CASE(T, p, cx)                                                                          \
    static void p##trsm_call(char side, char uplo, char tr, char diag, int m, int n, T alpha,      \
                             const T *a, int lda, T *b, int ldb)                                   \
    {                                                                                              \
        char s[2] = {side, 0}, u[2] = {uplo, 0}, t[2] = {tr, 0}, d[2] = {diag, 0};                 \
        p##trsm_(s, u, t, d, &m, &n, &alpha, a, &lda, b, &ldb);                                    \
    }                                                                                              \
    static void p##gemm_call(char ta, char tb, int m, int n, int k, T alpha, const T *a, int lda,  \
                             const T *b, int ldb, T beta, T *c, int ldc)                           \
    {                                                                                              \
        char x[2] = {ta, 0}, y[2] = {tb, 0};                                                       \
        p##gemm_(x, y, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc);                      \
    }                                                                                              \
    static void p##case(char side, char uplo, char tr, char diag, int na, int nb,                  \
                        double complex alpha_d, int illcond, int zeros)                            \
    {                                                                                              \
        int left = side == 'L', lower = uplo == 'L', m = left ? na : nb, n = left ? nb : na;       \
        int lda = na + tu_randint(0, 3), ldb = m + tu_randint(0, 3);                               \
        T alpha = (T)alpha_d;                                                                      \
        alpha_d = (double complex)alpha;                                                           \
        tu_buf ba, b1b, b2b;                                                                       \
        T *a = tu_alloc(&ba, (size_t)lda * na, sizeof(T));                                         \
        T *x1 = tu_alloc(&b1b, (size_t)ldb * n, sizeof(T)), *x2 = tu_alloc(&b2b, (size_t)ldb * n, sizeof(T)); \
        T *b0 = malloc(sizeof(T) * (size_t)ldb * n);                                               \
        for (int j = 0; j < na; j++)                                                               \
            for (int i = 0; i < lda; i++) {                                                        \
                int in = lower ? i >= j : i <= j;                                                  \
                T v = i == j ? (T)((1 + 0.5 * fabs(tu_rand())) * ((tu_next() & 1) ? 1 : -1))       \
                             : RVAL(T, cx, 1 / (illcond ? sqrt(na) : na));                        \
                if (illcond && i == j && tu_randint(0, 7) == 0)                                    \
                    v *= (T)1e-4; /* small pivots: condition ~1e4-1e5, as in the RFP tester */    \
                a[i + (size_t)j * lda] = in && i < na ? v : (T)NAN; /* the other triangle unread */ \
            }                                                                                      \
        for (size_t q = 0; q < (size_t)ldb * n; q++) {                                             \
            int i = (int)(q % (size_t)ldb), j = (int)(q / (size_t)ldb);                            \
            b0[q] = i >= m ? (T)NAN : zeros && ((left ? i : j) % 5 == 2 || tu_randint(0, 4) == 0)  \
                                          ? (T)0 : RVAL(T, cx, 1);                                \
        }                                                                                          \
        memcpy(x1, b0, sizeof(T) * (size_t)ldb * n);                                               \
        memcpy(x2, b0, sizeof(T) * (size_t)ldb * n);                                               \
        p##trsm_call(side, uplo, tr, diag, m, n, alpha, a, lda, x1, ldb);                          \
        /* op(A) upper solves the last rows first (side L), op(A) lower the last columns first    \
           (side R); [0, h) is "top", [h, na) "bottom" */                                          \
        int h = lower ? na - na / 2 : na / 2, opupper = lower == (tr != 'N');                      \
        int bottom_first = left ? opupper : !opupper;                                              \
        int f0 = bottom_first ? h : 0, fn = bottom_first ? na - h : h;                             \
        int s0 = bottom_first ? 0 : h, sn = bottom_first ? h : na - h;                             \
        const T *aff = a + f0 + (size_t)f0 * lda, *ass = a + s0 + (size_t)s0 * lda;                \
        /* op(A)(rows r, cols c) as a ?gemm operand: A(r, c) plain, A(c, r) transposed */          \
        const T *asf = tr == 'N' ? a + s0 + (size_t)f0 * lda : a + f0 + (size_t)s0 * lda;         \
        const T *afs = tr == 'N' ? a + f0 + (size_t)s0 * lda : a + s0 + (size_t)f0 * lda;         \
        if (left) {                                                                                \
            p##trsm_call(side, uplo, tr, diag, fn, n, alpha, aff, lda, x2 + f0, ldb);              \
            p##gemm_call(tr, 'N', sn, n, fn, -1, asf, lda, x2 + f0, ldb, alpha, x2 + s0, ldb);     \
            p##trsm_call(side, uplo, tr, diag, sn, n, 1, ass, lda, x2 + s0, ldb);                  \
        } else {                                                                                   \
            p##trsm_call(side, uplo, tr, diag, m, fn, alpha, aff, lda, x2 + (size_t)f0 * ldb, ldb); \
            p##gemm_call('N', tr, m, sn, fn, -1, x2 + (size_t)f0 * ldb, ldb, afs, lda, alpha,       \
                         x2 + (size_t)s0 * ldb, ldb);                                              \
            p##trsm_call(side, uplo, tr, diag, m, sn, 1, ass, lda, x2 + (size_t)s0 * ldb, ldb);    \
        }                                                                                          \
        long diff = 0;                                                                             \
        double worst = 0, xmax = 0;                                                                \
        for (int j = 0; j < n; j++)                                                                \
            for (int i = 0; i < m; i++) {                                                          \
                T u = x1[i + (size_t)j * ldb], w = x2[i + (size_t)j * ldb];                        \
                diff += !(u == w);                                                               \
                xmax = fmax(xmax, cabs((double complex)u));                                        \
            }                                                                                      \
        /* residual of the whole solve: op(A)*X - alpha*B (side L) or X*op(A) - alpha*B */         \
        for (int j = 0; j < n; j++)                                                                \
            for (int i = 0; i < m; i++) {                                                          \
                double complex r = -alpha_d * (double complex)b0[i + (size_t)j * ldb];            \
                for (int k = 0; k < na; k++) {                                                     \
                    int ar = left ? i : k, ac = left ? k : j; /* op(A)(ar, ac) */                  \
                    int ri = tr == 'N' ? ar : ac, ci = tr == 'N' ? ac : ar;                        \
                    if (lower ? ri < ci : ri > ci)                                                 \
                        continue;                                                                  \
                    double complex av = ri == ci && diag == 'U' ? 1 : (double complex)a[ri + (size_t)ci * lda]; \
                    if (tr == 'C')                                                                 \
                        av = conj(av);                                                             \
                    r += av * (double complex)(left ? x1[k + (size_t)j * ldb] : x1[i + (size_t)k * ldb]); \
                }                                                                                  \
                worst = fmax(worst, cabs(r));                                                      \
            }                                                                                      \
        double eps = sizeof(T) == (cx ? 8 : 4) ? 6e-8 : 1.1e-16;                                   \
        /* complex: bitwise where both sides run the no-packing complex GEMM kernel, which the  \
           leaf's split reproduces (side L, order <= 64, few columns); the 1m engine rounds       \
           otherwise (complex GEMM's bits still depend on its path), and side R complex splits  \
           in the driver through views whose GEMM may take the other path than ?gemm's call */  \
        int exact = !cx || (left && na <= 64 && nb <= 33);                                         \
        TU_CHECK(!exact || diff == 0, #p "trsm %c%c%c%c %dx%d alpha %g%+gi%s%s: %ld elements differ from "  \
                 "the ?tfsm-style split", side, uplo, tr, diag, m, n, creal(alpha_d), cimag(alpha_d), \
                 illcond ? " illcond" : "",                                                        \
                 zeros ? " zeros" : "", diff);                                                    \
        TU_CHECK(worst <= 64 * na * eps * (1 + xmax), #p "trsm %c%c%c%c %dx%d: residual %g (max|X| %g)", \
                 side, uplo, tr, diag, m, n, worst, xmax);                                         \
        TU_CHECK(tu_guard_ok(&b1b) && tu_guard_ok(&b2b) && tu_guard_ok(&ba),                       \
                 #p "trsm %c%c%c%c %dx%d: guard zone written", side, uplo, tr, diag, m, n);        \
        tu_free(&ba), tu_free(&b1b), tu_free(&b2b), free(b0);                                      \
    }

DEFINE_CASE(float, s, 0)
DEFINE_CASE(double, d, 0)
DEFINE_CASE(float complex, c, 1)
DEFINE_CASE(double complex, z, 1)

int main(void)
{
    tu_seed(20261128);
    const int orders[] = {33, 40, 47, 50, 63, 64, 65, 100, 128, 129};
    const int others[] = {1, 5, 16, 33, 70};
    const double complex alphas[] = {1, 0.75, -3, 0.5 - 0.25 * I};
    const char sides[] = "LR", uplos[] = "UL", trs[] = "NTC", diags[] = "NU";
    for (int o = 0; o < (int)(sizeof orders / sizeof *orders); o++)
        for (int si = 0; si < 2; si++)
            for (int ui = 0; ui < 2; ui++)
                for (int ti = 0; ti < 3; ti++)
                    for (int di = 0; di < 2; di++) {
                        if (!tu_sampled())
                            continue;
                        int nb = others[tu_randint(0, 4)];
                        double complex al = alphas[tu_randint(0, 3)];
                        int zeros = tu_randint(0, 3) == 0;
                        scase(sides[si], uplos[ui], trs[ti], diags[di], orders[o], nb, al, 0, zeros);
                        dcase(sides[si], uplos[ui], trs[ti], diags[di], orders[o], nb, al, 0, zeros);
                        ccase(sides[si], uplos[ui], trs[ti], diags[di], orders[o], nb, al, 0, zeros);
                        zcase(sides[si], uplos[ui], trs[ti], diags[di], orders[o], nb, al, 0, zeros);
                    }
    /* the RFP tester's failing case: STFSM CFORM='T' SIDE='L' UPLO='U' TRANS='T' DIAG='N' 50 x 50
       (ill-conditioned triangle), and its neighbours */
    for (int rep = 0; rep < tu_reps(8); rep++) {
        scase('L', 'U', 'T', 'N', 50, 50, rep % 2 ? 0.5 : 1, 1, 0);
        scase('R', 'L', 'N', 'N', 50, 50, 1, 1, 0);
        dcase('L', 'U', 'T', 'N', 50, 50, 1, 1, 0);
        /* CTFSM CFORM='N' SIDE='L' UPLO='U' TRANS='C' DIAG='U' 50 x 50 (ratio 30-35 on the generic set) */
        ccase('L', 'U', 'C', 'U', 50, 50, rep % 2 ? 1 : 0.5 + 0.5 * I, 1, 0);
    }
    return tu_finish("test_trsm_split");
}
