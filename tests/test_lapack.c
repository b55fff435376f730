/* nanoblas's own LAPACK routines (lapack/): ?getrf, ?getrs, ?laswp, ?potrf, ?potrs for s/d/c/z,
   through their Fortran symbols, on the kernel set NANOBLAS_ARCH selects.
   - getrf: P L U equals A to a backward-error bound; the pivots are legal and (real types) every
     |l_ij| <= 1, which holds only when each pivot is the column's largest; INFO is the first zero
     pivot for a matrix with a zero column; shapes around the leaf and split widths, tall and wide.
   - getrs (N, T, C), potrs: the residual of A X = B.
   - potrf (L, U): L L**H (U**H U) equals A; the other triangle is not written; INFO and the
     stored diagonal for a matrix whose k-th leading minor is not positive definite (or NaN).
   - laswp: bitwise against the reference's loop, for increments 1, -1, 2, -3 and k1 > 1.
   - 1, 2 and 3 threads give bitwise the same factors for s and d (their Level 3 calls are
     reproducible across teams). Not yet for c and z: ?trsm's team splits B's columns, and a
     complex GEMM on fewer columns may take the no-packing kernel instead of the 1m engine,
     whose rounding differs (ztrsm LLNU 100 x 100 differs between 1 and 2 threads; docs/API.md).
   - Guard zones around every matrix and between its columns (lda > m); illegal arguments give
     INFO = -position, call xerbla_ with the routine's name, and write nothing. */
#include "tests/typed.h"
#include "nanoblas.h"

#include "tests/lapack_decls.h"

static void getrf_t(int t, fint m, fint n, void *a, fint lda, fint *ipiv, fint *info)
{
    switch (t) {
    case TS: sgetrf_(&m, &n, a, &lda, ipiv, info); break;
    case TD: dgetrf_(&m, &n, a, &lda, ipiv, info); break;
    case TC: cgetrf_(&m, &n, a, &lda, ipiv, info); break;
    default: zgetrf_(&m, &n, a, &lda, ipiv, info); break;
    }
}
static void getrs_t(int t, char tr, fint n, fint nrhs, const void *a, fint lda, const fint *ipiv,
                    void *b, fint ldb, fint *info)
{
    switch (t) {
    case TS: sgetrs_(&tr, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1); break;
    case TD: dgetrs_(&tr, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1); break;
    case TC: cgetrs_(&tr, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1); break;
    default: zgetrs_(&tr, &n, &nrhs, a, &lda, ipiv, b, &ldb, info, 1); break;
    }
}
static void laswp_t(int t, fint n, void *a, fint lda, fint k1, fint k2, const fint *ipiv, fint incx)
{
    switch (t) {
    case TS: slaswp_(&n, a, &lda, &k1, &k2, ipiv, &incx); break;
    case TD: dlaswp_(&n, a, &lda, &k1, &k2, ipiv, &incx); break;
    case TC: claswp_(&n, a, &lda, &k1, &k2, ipiv, &incx); break;
    default: zlaswp_(&n, a, &lda, &k1, &k2, ipiv, &incx); break;
    }
}
static void potrf_t(int t, char uplo, fint n, void *a, fint lda, fint *info)
{
    switch (t) {
    case TS: spotrf_(&uplo, &n, a, &lda, info, 1); break;
    case TD: dpotrf_(&uplo, &n, a, &lda, info, 1); break;
    case TC: cpotrf_(&uplo, &n, a, &lda, info, 1); break;
    default: zpotrf_(&uplo, &n, a, &lda, info, 1); break;
    }
}
static void potrs_t(int t, char uplo, fint n, fint nrhs, const void *a, fint lda, void *b, fint ldb,
                    fint *info)
{
    switch (t) {
    case TS: spotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1); break;
    case TD: dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1); break;
    case TC: cpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1); break;
    default: zpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, info, 1); break;
    }
}

/* A column-major rows x cols matrix with leading dimension ld, in a guarded buffer; the rows
   between rows and ld hold a sentinel value that no routine may change. */
static const dc PAD = 12345.0 - 678.0 * I;
static void *mat_alloc(tu_buf *b, int t, fint rows, fint cols, fint ld)
{
    size_t n = (size_t)ld * (size_t)(cols > 0 ? cols : 1);
    void *p = tu_alloc(b, n, esize[t]);
    for (size_t i = 0; i < n; i++)
        put(t, p, i, PAD);
    for (fint j = 0; j < cols; j++)
        for (fint i = 0; i < rows; i++)
            put(t, p, (size_t)i + (size_t)j * ld, rnd(t));
    return p;
}
static int pad_ok(int t, const void *p, fint rows, fint cols, fint ld)
{
    for (fint j = 0; j < cols; j++)
        for (fint i = rows; i < ld; i++)
            if (get(t, p, (size_t)i + (size_t)j * ld) != (cplx(t) ? PAD : creal(PAD)))
                return 0;
    return 1;
}
static double max_abs(int t, const void *p, fint rows, fint cols, fint ld)
{
    double m = 0;
    for (fint j = 0; j < cols; j++)
        for (fint i = 0; i < rows; i++)
            m = fmax(m, cabs(get(t, p, (size_t)i + (size_t)j * ld)));
    return m;
}
#define AT(p, i, j, ld) get(t, p, (size_t)(i) + (size_t)(j) * (size_t)(ld))

/* ---- getrf -------------------------------------------------------------------------------- */
static void check_getrf(int t, fint m, fint n, fint lda, const char *tag)
{
    tu_buf ba, bo;
    void *a = mat_alloc(&ba, t, m, n, lda), *orig = tu_alloc(&bo, (size_t)lda * (n ? n : 1), esize[t]);
    memcpy(orig, a, (size_t)lda * (n ? n : 1) * esize[t]);
    fint k = m < n ? m : n, info = -99;
    fint *ipiv = malloc(sizeof(fint) * (size_t)(k + 1));
    ipiv[k] = -7;
    getrf_t(t, m, n, a, lda, ipiv, &info);
    int ok = info == 0 && tu_guard_ok(&ba) && pad_ok(t, a, m, n, lda) && ipiv[k] == -7;
    for (fint i = 0; i < k; i++)
        ok &= ipiv[i] >= i + 1 && ipiv[i] <= m;
    if (!cplx(t))
        for (fint j = 0; j < k; j++)
            for (fint i = j + 1; i < m; i++)
                ok &= fabs(creal(AT(a, i, j, lda))) <= 1.0;
    /* P L U, rows interchanged back in reverse order, against A */
    double err = 0, anorm = max_abs(t, orig, m, n, lda);
    dc *lu = malloc(sizeof(dc) * (size_t)m * (size_t)(n ? n : 1));
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < m; i++) {
            dc s = 0;
            for (fint p = 0; p <= (i < j ? i : j) && p < k; p++) {
                dc l = p == i ? 1 : AT(a, i, p, lda);
                s += l * AT(a, p, j, lda);
            }
            lu[i + (size_t)j * m] = s;
        }
    for (fint i = k - 1; i >= 0; i--)
        if (ipiv[i] - 1 != i)
            for (fint j = 0; j < n; j++) {
                dc x = lu[i + (size_t)j * m];
                lu[i + (size_t)j * m] = lu[ipiv[i] - 1 + (size_t)j * m];
                lu[ipiv[i] - 1 + (size_t)j * m] = x;
            }
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < m; i++)
            err = fmax(err, cabs(lu[i + (size_t)j * m] - AT(orig, i, j, lda)));
    double bound = 30.0 * eps(t) * (k > 0 ? k : 1) * (anorm > 0 ? anorm : 1);
    TU_CHECK(ok && err <= bound, "%cGETRF %s m=%d n=%d lda=%d: info %d, |PLU-A| %.3g (bound %.3g)%s",
             P[t], tag, m, n, lda, info, err, bound, ok ? "" : ", pivots/|L|/guards wrong");

    /* getrs on the square ones: residual of op(A) X = B */
    if (m == n && n > 0 && info == 0) {
        const char trs[3] = {'N', 'T', 'C'};
        for (int q = 0; q < 3; q++) {
            fint nrhs = 1 + (int)(tu_next() % 3), ldb = n + 2;
            tu_buf bb;
            void *b = mat_alloc(&bb, t, n, nrhs, ldb);
            dc *b0 = malloc(sizeof(dc) * (size_t)n * nrhs);
            for (fint j = 0; j < nrhs; j++)
                for (fint i = 0; i < n; i++)
                    b0[i + (size_t)j * n] = AT(b, i, j, ldb);
            fint info2 = -99;
            getrs_t(t, trs[q], n, nrhs, a, lda, ipiv, b, ldb, &info2);
            double res = 0, xn = max_abs(t, b, n, nrhs, ldb);
            for (fint j = 0; j < nrhs; j++)
                for (fint i = 0; i < n; i++) {
                    dc s = 0;
                    for (fint p = 0; p < n; p++) {
                        dc aa = q == 0 ? AT(orig, i, p, lda) : AT(orig, p, i, lda);
                        s += (q == 2 ? conj(aa) : aa) * AT(b, p, j, ldb);
                    }
                    res = fmax(res, cabs(s - b0[i + (size_t)j * n]));
                }
            double rb = 30.0 * eps(t) * n * anorm * (xn > 1 ? xn : 1) * n;
            TU_CHECK(info2 == 0 && res <= rb && tu_guard_ok(&bb) && pad_ok(t, b, n, nrhs, ldb),
                     "%cGETRS %c n=%d nrhs=%d: info %d, residual %.3g (bound %.3g)", P[t], trs[q], n,
                     nrhs, info2, res, rb);
            free(b0);
            tu_free(&bb);
        }
    }
    free(lu);
    free(ipiv);
    tu_free(&ba);
    tu_free(&bo);
}

/* A zero column zc: INFO = zc + 1 (nothing below it can be nonzero after the updates). */
static void check_getrf_singular(int t, fint n, fint zc)
{
    tu_buf ba;
    void *a = mat_alloc(&ba, t, n, n, n);
    for (fint i = 0; i < n; i++)
        put(t, a, (size_t)i + (size_t)zc * n, 0);
    fint *ipiv = malloc(sizeof(fint) * (size_t)n), info = -99;
    getrf_t(t, n, n, a, n, ipiv, &info);
    TU_CHECK(info == zc + 1 && tu_guard_ok(&ba), "%cGETRF singular n=%d zero column %d: info %d",
             P[t], n, zc + 1, info);
    free(ipiv);
    tu_free(&ba);
}

/* ---- potrf -------------------------------------------------------------------------------- */
/* A Hermitian positive definite matrix M M**H / n + I in both triangles. */
static void *hpd_alloc(tu_buf *b, int t, fint n, fint lda)
{
    void *a = mat_alloc(b, t, n, n, lda);
    dc *m = malloc(sizeof(dc) * (size_t)n * n);
    for (size_t i = 0; i < (size_t)n * n; i++)
        m[i] = rnd(t);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++) {
            dc s = i == j ? 1 : 0;
            for (fint p = 0; p < n; p++)
                s += m[i + (size_t)p * n] * conj(m[j + (size_t)p * n]) / n;
            if (i == j)
                s = creal(s);
            put(t, a, (size_t)i + (size_t)j * lda, s);
        }
    free(m);
    return a;
}

static void check_potrf(int t, char uplo, fint n, fint lda)
{
    tu_buf ba, bo;
    void *a = hpd_alloc(&ba, t, n, lda), *orig = tu_alloc(&bo, (size_t)lda * (n ? n : 1), esize[t]);
    memcpy(orig, a, (size_t)lda * (n ? n : 1) * esize[t]);
    int lower = uplo == 'L';
    fint info = -99;
    potrf_t(t, uplo, n, a, lda, &info);
    int untouched = 1;
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            if ((lower ? i < j : i > j) && AT(a, i, j, lda) != AT(orig, i, j, lda))
                untouched = 0;
    double err = 0, anorm = max_abs(t, orig, n, n, lda);
    for (fint j = 0; j < n; j++)
        for (fint i = lower ? j : 0; lower ? i < n : i <= j; i++) {
            dc s = 0; /* (L L**H)(i, j) or (U**H U)(i, j) */
            for (fint p = 0; p <= (i < j ? i : j); p++)
                s += lower ? AT(a, i, p, lda) * conj(AT(a, j, p, lda)) : conj(AT(a, p, i, lda)) * AT(a, p, j, lda);
            err = fmax(err, cabs(s - AT(orig, i, j, lda)));
        }
    double bound = 30.0 * eps(t) * (n ? n : 1) * anorm;
    TU_CHECK(info == 0 && err <= bound && untouched && tu_guard_ok(&ba) && pad_ok(t, a, n, n, lda),
             "%cPOTRF %c n=%d lda=%d: info %d, |LL**H-A| %.3g (bound %.3g)%s", P[t], uplo, n, lda,
             info, err, bound, untouched ? "" : ", other triangle written");
    if (n > 0 && info == 0) {
        fint nrhs = 1 + (int)(tu_next() % 4), ldb = n + 1, info2 = -99;
        tu_buf bb;
        void *b = mat_alloc(&bb, t, n, nrhs, ldb);
        dc *b0 = malloc(sizeof(dc) * (size_t)n * nrhs);
        for (fint j = 0; j < nrhs; j++)
            for (fint i = 0; i < n; i++)
                b0[i + (size_t)j * n] = AT(b, i, j, ldb);
        potrs_t(t, uplo, n, nrhs, a, lda, b, ldb, &info2);
        double res = 0, xn = max_abs(t, b, n, nrhs, ldb);
        for (fint j = 0; j < nrhs; j++)
            for (fint i = 0; i < n; i++) {
                dc s = 0;
                for (fint p = 0; p < n; p++) /* orig holds both triangles */
                    s += AT(orig, i, p, lda) * AT(b, p, j, ldb);
                res = fmax(res, cabs(s - b0[i + (size_t)j * n]));
            }
        double rb = 30.0 * eps(t) * n * anorm * (xn > 1 ? xn : 1) * n;
        TU_CHECK(info2 == 0 && res <= rb && tu_guard_ok(&bb), "%cPOTRS %c n=%d nrhs=%d: residual %.3g (bound %.3g)",
                 P[t], uplo, n, nrhs, res, rb);
        free(b0);
        tu_free(&bb);
    }
    tu_free(&ba);
    tu_free(&bo);
}

/* The identity with A(k, k) = bad (-1 or NaN): INFO = k + 1 and A(k, k) holds bad. */
static void check_potrf_not_pd(int t, char uplo, fint n, fint k, double bad)
{
    tu_buf ba;
    void *a = tu_alloc(&ba, (size_t)n * n, esize[t]);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            put(t, a, (size_t)i + (size_t)j * n, i == j ? (i == k ? bad : 1.0) : 0.0);
    fint info = -99;
    potrf_t(t, uplo, n, a, n, &info);
    double d = creal(AT(a, k, k, n));
    TU_CHECK(info == k + 1 && (isnan(bad) ? isnan(d) : d == bad) && tu_guard_ok(&ba),
             "%cPOTRF %c n=%d, leading minor %d not positive definite: info %d, A(k,k) %g", P[t], uplo,
             n, k + 1, info, d);
    tu_free(&ba);
}

/* ---- laswp -------------------------------------------------------------------------------- */
static void check_laswp(int t, fint n, fint m, fint k1, fint k2, fint incx)
{
    fint lda = m + 1, np = k1 + (k2 - k1) * abs(incx);
    fint *ipiv = malloc(sizeof(fint) * (size_t)np);
    for (fint i = 0; i < np; i++)
        ipiv[i] = 1 + (int)(tu_next() % (uint64_t)m);
    tu_buf ba;
    void *a = mat_alloc(&ba, t, m, n, lda);
    dc *want = malloc(sizeof(dc) * (size_t)lda * n);
    for (size_t i = 0; i < (size_t)lda * n; i++)
        want[i] = get(t, a, i);
    /* the reference's loop */
    fint ix = incx > 0 ? k1 : k1 + (k1 - k2) * incx, i1 = incx > 0 ? k1 : k2, step = incx > 0 ? 1 : -1;
    for (fint i = i1, c = 0; c <= k2 - k1; c++, i += step, ix += incx) {
        fint ip = ipiv[ix - 1];
        if (ip != i)
            for (fint j = 0; j < n; j++) {
                dc x = want[i - 1 + (size_t)j * lda];
                want[i - 1 + (size_t)j * lda] = want[ip - 1 + (size_t)j * lda];
                want[ip - 1 + (size_t)j * lda] = x;
            }
    }
    laswp_t(t, n, a, lda, k1, k2, ipiv, incx);
    int ok = tu_guard_ok(&ba);
    for (size_t i = 0; i < (size_t)lda * n; i++)
        ok &= get(t, a, i) == (cplx(t) ? want[i] : creal(want[i]));
    TU_CHECK(ok, "%cLASWP n=%d m=%d k1=%d k2=%d incx=%d differs from the reference loop", P[t], n, m,
             k1, k2, incx);
    free(want);
    free(ipiv);
    tu_free(&ba);
}

/* ---- the same bits on any team ------------------------------------------------------------- */
static void check_threads(int t, fint n)
{
    tu_buf b0, b1;
    void *a0 = mat_alloc(&b0, t, n, n, n);
    void *p0 = hpd_alloc(&b1, t, n, n);
    size_t bytes = (size_t)n * n * esize[t];
    void *a1 = malloc(bytes), *p1 = malloc(bytes), *ra = malloc(bytes), *rp = malloc(bytes);
    fint *piv = malloc(sizeof(fint) * (size_t)n), *piv1 = malloc(sizeof(fint) * (size_t)n), info;
    const int teams[3] = {1, 2, 3};
    for (int q = 0; q < 3; q++) {
        nanoblas_set_num_threads(teams[q]);
        memcpy(a1, a0, bytes), memcpy(p1, p0, bytes);
        getrf_t(t, n, n, a1, n, q ? piv1 : piv, &info);
        potrf_t(t, 'L', n, p1, n, &info);
        if (q == 0) {
            memcpy(ra, a1, bytes), memcpy(rp, p1, bytes);
            continue;
        }
        TU_CHECK(!memcmp(ra, a1, bytes) && !memcmp(piv, piv1, sizeof(fint) * (size_t)n),
                 "%cGETRF n=%d: %d threads differ from 1 bitwise", P[t], n, teams[q]);
        TU_CHECK(!memcmp(rp, p1, bytes), "%cPOTRF n=%d: %d threads differ from 1 bitwise", P[t], n,
                 teams[q]);
    }
    nanoblas_set_num_threads(0);
    free(a1), free(p1), free(ra), free(rp), free(piv), free(piv1);
    tu_free(&b0);
    tu_free(&b1);
}

/* ---- illegal arguments ---------------------------------------------------------------------- */
static void check_errors(int t)
{
    double a[16], b[16], keep[16];
    fint ipiv[4] = {1, 2, 3, 4}, info;
    for (int i = 0; i < 16; i++)
        a[i] = b[i] = keep[i] = i + 1;
    struct {
        const char *name;
        int pos;
    } got[8];
    int k = 0;
#define CALL(expr, nm, want)                                                                       \
    do {                                                                                           \
        xe_info = 0, info = 0;                                                                     \
        expr;                                                                                      \
        char full[8];                                                                              \
        snprintf(full, sizeof full, "%c%s", P[t], nm);                                            \
        TU_CHECK(info == -(want) && xe_info == (want) && !strcmp(xe_name, full) &&                  \
                     !memcmp(a, keep, sizeof a) && !memcmp(b, keep, sizeof b),                     \
                 "%s: want info %d and xerbla(%s, %d), got info %d, xerbla(%s, %d)", full, -(want), \
                 full, want, info, xe_name, xe_info);                                              \
        got[k].name = nm, got[k].pos = want, k = (k + 1) % 8;                                      \
    } while (0)
    CALL(getrf_t(t, -1, 2, a, 2, ipiv, &info), "GETRF", 1);
    CALL(getrf_t(t, 2, -1, a, 2, ipiv, &info), "GETRF", 2);
    CALL(getrf_t(t, 3, 2, a, 2, ipiv, &info), "GETRF", 4);
    CALL(getrs_t(t, 'X', 2, 1, a, 2, ipiv, b, 2, &info), "GETRS", 1);
    CALL(getrs_t(t, 'N', -1, 1, a, 2, ipiv, b, 2, &info), "GETRS", 2);
    CALL(getrs_t(t, 'N', 2, -1, a, 2, ipiv, b, 2, &info), "GETRS", 3);
    CALL(getrs_t(t, 'T', 2, 1, a, 1, ipiv, b, 2, &info), "GETRS", 5);
    CALL(getrs_t(t, 'C', 2, 1, a, 2, ipiv, b, 1, &info), "GETRS", 8);
    CALL(potrf_t(t, 'X', 2, a, 2, &info), "POTRF", 1);
    CALL(potrf_t(t, 'L', -1, a, 2, &info), "POTRF", 2);
    CALL(potrf_t(t, 'U', 3, a, 2, &info), "POTRF", 4);
    CALL(potrs_t(t, 'X', 2, 1, a, 2, b, 2, &info), "POTRS", 1);
    CALL(potrs_t(t, 'L', -2, 1, a, 2, b, 2, &info), "POTRS", 2);
    CALL(potrs_t(t, 'L', 2, -1, a, 2, b, 2, &info), "POTRS", 3);
    CALL(potrs_t(t, 'U', 2, 1, a, 1, b, 2, &info), "POTRS", 5);
    CALL(potrs_t(t, 'U', 2, 1, a, 2, b, 1, &info), "POTRS", 7);
#undef CALL
    (void)got;
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_lapack");
    static const fint dims[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 40, 65, 100};
    const int nd = (int)(sizeof dims / sizeof dims[0]);
    for (int t = TS; t <= TZ; t++) {
        tu_seed(100 + t);
        check_errors(t);
        for (int i = 0; i < nd; i++)
            for (int j = 0; j < nd; j++)
                if (!tu_quick() || (i + j) % 3 == 0)
                    check_getrf(t, dims[i], dims[j], dims[i] + (j & 1) * 3 + 1, "small");
        check_getrf(t, tu_size(300, 150), tu_size(260, 140), tu_size(303, 151), "tall");
        check_getrf(t, tu_size(180, 120), tu_size(400, 200), tu_size(180, 120), "wide");
        check_getrf(t, tu_size(290, 160), tu_size(290, 160), tu_size(297, 165), "square");
        for (int zc = 0; zc < 3; zc++)
            check_getrf_singular(t, 70, zc == 0 ? 0 : zc == 1 ? 37 : 69);
        for (int u = 0; u < 2; u++) {
            char uplo = u ? 'U' : 'L';
            for (int i = 0; i < nd; i++)
                check_potrf(t, uplo, dims[i], dims[i] + 2 * (i & 1) + (dims[i] == 0));
            check_potrf(t, uplo, tu_size(260, 130), tu_size(263, 131));
            check_potrf_not_pd(t, uplo, 90, 0, -1.0);
            check_potrf_not_pd(t, uplo, 90, 40, -1.0);
            check_potrf_not_pd(t, uplo, 90, 70, NAN);
            check_potrf_not_pd(t, uplo, 20, 19, 0.0);
        }
        const fint incs[] = {1, -1, 2, -3};
        for (int q = 0; q < 4; q++) {
            check_laswp(t, 5, 40, 1, 40, incs[q]);
            check_laswp(t, 1000, 64, 3, 50, incs[q]); /* a team splits 1000 columns */
            check_laswp(t, 3, 10, 4, 4, incs[q]);
        }
        if (!cplx(t))
            check_threads(t, tu_size(400, 200));
    }
    return tu_finish("test_lapack");
}
