/* nanoblas's own inverse routines (lapack/trtri, lauum, getri): ?trtri, ?lauum, ?potri, ?getri
   for s/d/c/z, through their Fortran symbols, on the kernel set NANOBLAS_ARCH selects.
   - trtri (U/L, N/U), potri (U/L), getri: LAPACK's ratio |A X - I|_1 / (n |A|_1 |X|_1 eps) below
     30, so an ill-conditioned case does not fail and a wrong block does (a wrong sign, a missed
     swap give ratios ~1/eps); sizes around the 32-column leaf and the splits, lda > n.
   - lauum (U/L): U U**H or L**H L against the product in double complex; its diagonal is real.
   - What must not be written stays bitwise: the other triangle (trtri, lauum, potri), the
     diagonal with DIAG = 'U' (holding junk that would spoil the residual if read), the rows
     between n and lda, guard zones before and after every matrix and getri's WORK.
   - INFO: trtri's first exactly zero diagonal entry (A untouched), the same through potri, and
     getri's for getrf's factors of a matrix with a zero column; DIAG = 'U' ignores zeros.
   - getri's workspace: LWORK = -1 answers N*64 in WORK(1) and touches nothing else; the result
     does not depend on LWORK (>= N); WORK(1) afterwards as the reference (N*64 if N > 64, else N).
   - Illegal arguments: INFO = -position and xerbla_ with the routine's name, nothing written.
   - 1 and 2 threads give bitwise the same inverses for s and d (their Level 3 calls are
     reproducible across teams; c and z are not yet, see tests/test_lapack.c). */
#include "tests/typed.h"
#include "nanoblas.h"

#include "tests/lapack_decls.h"

#define DISPATCH(t, call, ...)                                                                     \
    switch (t) {                                                                                   \
    case TS: s##call(__VA_ARGS__); break;                                                          \
    case TD: d##call(__VA_ARGS__); break;                                                          \
    case TC: c##call(__VA_ARGS__); break;                                                          \
    default: z##call(__VA_ARGS__); break;                                                          \
    }
static void getrf_t(int t, fint n, void *a, fint lda, fint *ipiv, fint *info)
{
    DISPATCH(t, getrf_, &n, &n, a, &lda, ipiv, info)
}
static void potrf_t(int t, char u, fint n, void *a, fint lda, fint *info)
{
    DISPATCH(t, potrf_, &u, &n, a, &lda, info, 1)
}
static void trtri_t(int t, char u, char d, fint n, void *a, fint lda, fint *info)
{
    DISPATCH(t, trtri_, &u, &d, &n, a, &lda, info, 1, 1)
}
static void lauum_t(int t, char u, fint n, void *a, fint lda, fint *info)
{
    DISPATCH(t, lauum_, &u, &n, a, &lda, info, 1)
}
static void potri_t(int t, char u, fint n, void *a, fint lda, fint *info)
{
    DISPATCH(t, potri_, &u, &n, a, &lda, info, 1)
}
static void getri_t(int t, fint n, void *a, fint lda, const fint *ipiv, void *w, fint lw, fint *info)
{
    DISPATCH(t, getri_, &n, a, &lda, ipiv, w, &lw, info)
}

/* A column-major n x n matrix with leading dimension lda in a guarded buffer; the rows between
   n and lda hold PAD, which no routine may change. */
static const dc PAD = 12345.0 - 678.0 * I;
#define AT(p, i, j, ld) get(t, p, (size_t)(i) + (size_t)(j) * (size_t)(ld))
static void *mat_alloc(tu_buf *b, int t, fint n, fint lda)
{
    size_t len = (size_t)lda * (size_t)(n > 0 ? n : 1);
    void *p = tu_alloc(b, len, esize[t]);
    for (size_t i = 0; i < len; i++)
        put(t, p, i, PAD);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            put(t, p, (size_t)i + (size_t)j * lda, rnd(t));
    return p;
}
static void *copy_of(int t, const void *a, fint n, fint lda)
{
    size_t bytes = (size_t)lda * (size_t)(n > 0 ? n : 1) * esize[t];
    return memcpy(malloc(bytes), a, bytes);
}
static int pad_ok(int t, const void *p, fint n, fint lda)
{
    for (fint j = 0; j < n; j++)
        for (fint i = n; i < lda; i++)
            if (AT(p, i, j, lda) != (cplx(t) ? PAD : creal(PAD)))
                return 0;
    return 1;
}
/* 1 where (i, j) is in the stored triangle: 'U', 'L' or 'F' (full) */
static int in_tri(char part, fint i, fint j) { return part == 'F' || (part == 'U' ? i <= j : i >= j); }
/* The entries outside `part` (and the diagonal too when skip_diag) equal orig's, bitwise. */
static int rest_same(int t, const void *a, const void *orig, fint n, fint lda, char part,
                     int skip_diag)
{
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++) {
            size_t off = ((size_t)i + (size_t)j * lda) * esize[t];
            if ((!in_tri(part, i, j) || (skip_diag && i == j)) &&
                memcmp((const char *)a + off, (const char *)orig + off, esize[t]))
                return 0;
        }
    return 1;
}
/* The `part` of a as a dense double complex n x n matrix, zeros elsewhere, ones on the diagonal
   when unit; 'H': the Hermitian matrix whose given triangle (U or L, second letter) is stored. */
static dc *dense(int t, const void *a, fint n, fint lda, char part, int unit)
{
    dc *m = calloc((size_t)n * n + 1, sizeof(dc));
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            if (in_tri(part, i, j))
                m[i + (size_t)j * n] = i == j && unit ? 1 : AT(a, i, j, lda);
    return m;
}
static dc *hermitian(int t, const void *a, fint n, fint lda, char uplo)
{
    dc *m = dense(t, a, n, lda, uplo, 0);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            if (!in_tri(uplo, i, j))
                m[i + (size_t)j * n] = conj(m[j + (size_t)i * n]);
    return m;
}
static double norm1(const dc *m, fint n)
{
    double r = 0;
    for (fint j = 0; j < n; j++) {
        double s = 0;
        for (fint i = 0; i < n; i++)
            s += cabs(m[i + (size_t)j * n]);
        r = fmax(r, s);
    }
    return r;
}
/* |A X - I|_1 / (n |A|_1 |X|_1 eps), LAPACK's test ratio for an inverse */
static double inv_ratio(int t, const dc *a, const dc *x, fint n)
{
    if (n == 0)
        return 0;
    dc *col = malloc(sizeof(dc) * (size_t)n);
    double r = 0;
    for (fint j = 0; j < n; j++) {
        for (fint i = 0; i < n; i++)
            col[i] = i == j ? -1 : 0;
        for (fint p = 0; p < n; p++) {
            dc xp = x[p + (size_t)j * n];
            if (xp != 0)
                for (fint i = 0; i < n; i++)
                    col[i] += a[i + (size_t)p * n] * xp;
        }
        double s = 0;
        for (fint i = 0; i < n; i++)
            s += cabs(col[i]);
        r = fmax(r, s);
    }
    free(col);
    double d = n * norm1(a, n) * norm1(x, n) * eps(t);
    return d > 0 ? r / d : (r == 0 ? 0 : INFINITY);
}

/* A triangular matrix whose inverse stays representable at n = 257 in single precision:
   diagonal entries of modulus 1..2, off-diagonal ones scaled by 1/sqrt(n). The other triangle
   holds random junk and, with DIAG = 'U', the diagonal too. */
static void make_tri(int t, void *a, fint n, fint lda, char uplo, int unit)
{
    double sc = 1 / sqrt(n > 0 ? n : 1);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++) {
            dc v = rnd(t);
            if (i == j && !unit)
                v = (1.5 + 0.5 * tu_rand()) * (cplx(t) ? v / cabs(v) : (creal(v) < 0 ? -1 : 1));
            else if (i == j)
                v = 1e3 * v;
            else if (in_tri(uplo, i, j))
                v *= sc;
            put(t, a, (size_t)i + (size_t)j * lda, v);
        }
}

#define RATIO_MAX 30.0

static void check_trtri(int t, char uplo, char diag, fint n, fint lda)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tu_buf ba;
    void *a = mat_alloc(&ba, t, n, lda);
    int unit = diag == 'U' || diag == 'u';
    char up = (char)(uplo & ~32);
    make_tri(t, a, n, lda, up, unit);
    void *orig = copy_of(t, a, n, lda);
    fint info = -99;
    trtri_t(t, uplo, diag, n, a, lda, &info);
    dc *ta = dense(t, orig, n, lda, up, unit), *tx = dense(t, a, n, lda, up, unit);
    double r = inv_ratio(t, ta, tx, n);
    int same = rest_same(t, a, orig, n, lda, up, unit);
    TU_CHECK(info == 0 && r < RATIO_MAX && same && pad_ok(t, a, n, lda) && tu_guard_ok(&ba),
             "%cTRTRI %c%c n=%d lda=%d: info %d, ratio %.3g%s", P[t], uplo, diag, n, lda, info, r,
             same ? "" : ", wrote outside the triangle (or the unit diagonal)");
    free(ta), free(tx), free(orig);
    tu_free(&ba);
}

static void check_lauum(int t, char uplo, fint n, fint lda)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tu_buf ba;
    void *a = mat_alloc(&ba, t, n, lda);
    void *orig = copy_of(t, a, n, lda);
    fint info = -99;
    lauum_t(t, uplo, n, a, lda, &info);
    dc *f = dense(t, orig, n, lda, uplo, 0);
    double ratio = 0; /* |error| / (n eps sum |terms|) per entry */
    int realdiag = 1;
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++) {
            if (!in_tri(uplo, i, j))
                continue;
            dc s = 0; /* (U U**H)(i, j) or (L**H L)(i, j) */
            double sabs = 0;
            for (fint k = 0; k < n; k++) {
                dc term = uplo == 'U' ? f[i + (size_t)k * n] * conj(f[j + (size_t)k * n])
                                      : conj(f[k + (size_t)i * n]) * f[k + (size_t)j * n];
                s += term, sabs += cabs(term);
            }
            double e = cabs(s - AT(a, i, j, lda));
            ratio = fmax(ratio, e == 0 ? 0 : e / (n * eps(t) * sabs));
            realdiag &= i != j || cimag(AT(a, i, j, lda)) == 0;
        }
    int same = rest_same(t, a, orig, n, lda, uplo, 0);
    TU_CHECK(info == 0 && ratio < 2 && realdiag && same && pad_ok(t, a, n, lda) && tu_guard_ok(&ba),
             "%cLAUUM %c n=%d lda=%d: info %d, error ratio %.3g%s%s", P[t], uplo, n, lda, info, ratio,
             realdiag ? "" : ", complex diagonal", same ? "" : ", other triangle written");
    free(f), free(orig);
    tu_free(&ba);
}

/* A Hermitian positive definite M M**H / n + I in both triangles. */
static void make_hpd(int t, void *a, fint n, fint lda)
{
    dc *m = malloc(sizeof(dc) * ((size_t)n * n + 1));
    for (size_t i = 0; i < (size_t)n * n; i++)
        m[i] = rnd(t);
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i <= j; i++) {
            dc s = i == j ? 1 : 0;
            for (fint p = 0; p < n; p++)
                s += m[i + (size_t)p * n] * conj(m[j + (size_t)p * n]) / n;
            put(t, a, (size_t)i + (size_t)j * lda, i == j ? creal(s) : s);
            put(t, a, (size_t)j + (size_t)i * lda, conj(s));
        }
    free(m);
}

static void check_potri(int t, char uplo, fint n, fint lda)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tu_buf ba;
    void *a = mat_alloc(&ba, t, n, lda);
    make_hpd(t, a, n, lda);
    void *orig = copy_of(t, a, n, lda);
    fint info = -99, info2 = -99;
    potrf_t(t, uplo, n, a, lda, &info);
    potri_t(t, uplo, n, a, lda, &info2);
    dc *ha = hermitian(t, orig, n, lda, uplo), *hx = hermitian(t, a, n, lda, uplo);
    double r = inv_ratio(t, ha, hx, n);
    int same = rest_same(t, a, orig, n, lda, uplo, 0);
    TU_CHECK(info == 0 && info2 == 0 && r < RATIO_MAX && same && pad_ok(t, a, n, lda) && tu_guard_ok(&ba),
             "%cPOTRI %c n=%d lda=%d: info %d, ratio %.3g%s", P[t], uplo, n, lda, info2, r,
             same ? "" : ", other triangle written");
    free(ha), free(hx), free(orig);
    tu_free(&ba);
}

/* getri with LWORK = N (nanoblas's own workspace) and with LWORK = 64 N (the caller's): the same
   bits either way, the residual, WORK(1) and WORK's guards. */
static void check_getri(int t, fint n, fint lda)
{
    if (!tu_sampled()) /* NB_TEST_SAMPLE (tests/run_arm.sh): about one case in N */
        return;
    tu_buf ba, bw;
    void *a = mat_alloc(&ba, t, n, lda);
    void *orig = copy_of(t, a, n, lda), *first = NULL;
    fint *ipiv = malloc(sizeof(fint) * (size_t)(n + 1)), info = -99;
    getrf_t(t, n, a, lda, ipiv, &info);
    void *lu = copy_of(t, a, n, lda);
    for (int q = 0; q < 2; q++) {
        fint lwork = q == 0 ? (n > 1 ? n : 1) : (n > 0 ? 64 * n : 1), info2 = -99;
        memcpy(a, lu, (size_t)lda * (size_t)(n > 0 ? n : 1) * esize[t]);
        void *w = tu_alloc(&bw, (size_t)lwork, esize[t]);
        getri_t(t, n, a, lda, ipiv, w, lwork, &info2);
        double w1 = creal(get(t, w, 0)), want = n > 64 ? 64.0 * n : n;
        dc *ma = dense(t, orig, n, lda, 'F', 0), *mx = dense(t, a, n, lda, 'F', 0);
        double r = inv_ratio(t, ma, mx, n);
        size_t bytes = (size_t)lda * (size_t)(n > 0 ? n : 1) * esize[t];
        int same = q == 0 || !memcmp(first, a, bytes);
        TU_CHECK(info == 0 && info2 == 0 && r < RATIO_MAX && w1 == want && same && pad_ok(t, a, n, lda) &&
                     tu_guard_ok(&ba) && tu_guard_ok(&bw),
                 "%cGETRI n=%d lda=%d lwork=%d: info %d, ratio %.3g, WORK(1) %g (want %g)%s", P[t], n,
                 lda, lwork, info2, r, w1, want, same ? "" : ", differs from LWORK = N");
        if (q == 0)
            first = copy_of(t, a, n, lda);
        free(ma), free(mx);
        tu_free(&bw);
    }
    free(first), free(lu), free(orig), free(ipiv);
    tu_free(&ba);
}

/* Zero diagonal entry k: trtri and potri report k + 1 and write nothing; with DIAG = 'U' the
   zero is not looked at. getri, on getrf's factors of a matrix with zero column k: getrf's INFO,
   A untouched and WORK(1) = N*64, the reference's values. */
static void check_singular(int t, fint n, fint k)
{
    tu_buf ba;
    fint lda = n + 1, info = -99;
    void *a = mat_alloc(&ba, t, n, lda);
    for (int u = 0; u < 2; u++) {
        char uplo = u ? 'U' : 'L';
        make_tri(t, a, n, lda, uplo, 0);
        put(t, a, (size_t)k + (size_t)k * lda, 0);
        void *orig = copy_of(t, a, n, lda);
        size_t bytes = (size_t)lda * n * esize[t];
        trtri_t(t, uplo, 'N', n, a, lda, &info);
        TU_CHECK(info == k + 1 && !memcmp(a, orig, bytes), "%cTRTRI %c n=%d zero A(%d,%d): info %d%s",
                 P[t], uplo, n, k + 1, k + 1, info, memcmp(a, orig, bytes) ? ", A written" : "");
        potri_t(t, uplo, n, a, lda, &info);
        TU_CHECK(info == k + 1 && !memcmp(a, orig, bytes), "%cPOTRI %c n=%d zero factor diagonal %d: info %d",
                 P[t], uplo, n, k + 1, info);
        trtri_t(t, uplo, 'U', n, a, lda, &info);
        TU_CHECK(info == 0 && pad_ok(t, a, n, lda), "%cTRTRI %cU n=%d zero A(%d,%d) not referenced: info %d",
                 P[t], uplo, n, k + 1, k + 1, info);
        free(orig);
    }
    for (fint j = 0; j < n; j++)
        for (fint i = 0; i < n; i++)
            put(t, a, (size_t)i + (size_t)j * lda, j == k ? 0 : rnd(t));
    fint *ipiv = malloc(sizeof(fint) * (size_t)n), info2 = -99;
    getrf_t(t, n, a, lda, ipiv, &info);
    void *orig = copy_of(t, a, n, lda);
    tu_buf bw;
    void *w = tu_alloc(&bw, (size_t)n, esize[t]);
    getri_t(t, n, a, lda, ipiv, w, n, &info2);
    TU_CHECK(info == k + 1 && info2 == info && !memcmp(a, orig, (size_t)lda * n * esize[t]) &&
                 creal(get(t, w, 0)) == 64.0 * n && tu_guard_ok(&bw) && tu_guard_ok(&ba),
             "%cGETRI n=%d zero column %d: getrf info %d, getri info %d, WORK(1) %g", P[t], n, k + 1,
             info, info2, creal(get(t, w, 0)));
    tu_free(&bw);
    free(orig), free(ipiv);
    tu_free(&ba);
}

/* LWORK = -1: WORK(1) = N*64 and nothing else happens (no xerbla, A and WORK(2:) untouched). */
static void check_query(int t, fint n)
{
    unsigned char a[64], keep[64], w[64], wkeep[64];
    fint ipiv[2] = {1, 2}, info = -99;
    for (int i = 0; i < 64; i++)
        a[i] = keep[i] = w[i] = wkeep[i] = (unsigned char)(i * 7 + 1);
    xe_info = 0;
    getri_t(t, n, a, n > 0 ? n : 1, ipiv, w, -1, &info);
    double w1 = creal(get(t, w, 0));
    TU_CHECK(info == 0 && xe_info == 0 && w1 == 64.0 * n && !memcmp(a, keep, sizeof a) &&
                 !memcmp(w + esize[t], wkeep + esize[t], sizeof w - esize[t]),
             "%cGETRI query n=%d: info %d, WORK(1) %g (want %g), xerbla %d", P[t], n, info, w1, 64.0 * n,
             xe_info);
}

/* ---- the same bits on any team ------------------------------------------------------------- */
static void check_threads(int t, fint n)
{
    tu_buf bt, bh, bg;
    void *tri = mat_alloc(&bt, t, n, n), *hpd = mat_alloc(&bh, t, n, n), *ge = mat_alloc(&bg, t, n, n);
    make_hpd(t, hpd, n, n);
    fint info, *ipiv = malloc(sizeof(fint) * (size_t)n);
    getrf_t(t, n, ge, n, ipiv, &info);
    size_t bytes = (size_t)n * n * esize[t];
    void *w = malloc(bytes), *res[2][7];
    const char *what[7] = {"TRTRI U", "TRTRI L", "POTRI U", "POTRI L", "LAUUM U", "LAUUM L", "GETRI"};
    for (int q = 0; q < 2; q++) {
        nanoblas_set_num_threads(q + 1);
        tu_seed(999 + t); /* the same triangular matrices on both passes */
        for (int k = 0; k < 7; k++) {
            void *a = res[q][k] = malloc(bytes);
            char uplo = k & 1 ? 'L' : 'U';
            if (k < 2) {
                make_tri(t, tri, n, n, uplo, 0);
                memcpy(a, tri, bytes), trtri_t(t, uplo, 'N', n, a, n, &info);
            } else if (k < 4) {
                memcpy(a, hpd, bytes), potrf_t(t, uplo, n, a, n, &info), potri_t(t, uplo, n, a, n, &info);
            } else if (k < 6) {
                memcpy(a, tri, bytes), lauum_t(t, uplo, n, a, n, &info);
            } else {
                memcpy(a, ge, bytes), getri_t(t, n, a, n, ipiv, w, n, &info);
            }
        }
    }
    for (int k = 0; k < 7; k++) {
        TU_CHECK(!memcmp(res[0][k], res[1][k], bytes), "%c%s n=%d: 2 threads differ from 1 bitwise",
                 P[t], what[k], n);
        free(res[0][k]), free(res[1][k]);
    }
    nanoblas_set_num_threads(0);
    free(w), free(ipiv);
    tu_free(&bt), tu_free(&bh), tu_free(&bg);
}

/* ---- illegal arguments ---------------------------------------------------------------------- */
static void check_errors(int t)
{
    double a[16], keep[16], w[16], wkeep[16];
    fint ipiv[4] = {1, 2, 3, 4}, info;
    for (int i = 0; i < 16; i++)
        a[i] = keep[i] = w[i] = wkeep[i] = i + 1;
#define CALL(expr, nm, want, w1)                                                                   \
    do {                                                                                           \
        xe_info = 0, info = 0;                                                                     \
        memcpy(w, wkeep, sizeof w);                                                                \
        expr;                                                                                      \
        char full[8];                                                                              \
        snprintf(full, sizeof full, "%c%s", P[t], nm);                                            \
        if (w1 != 0) /* getri writes WORK(1) = N*64 before its checks, as the reference */         \
            put(t, w, 0, get(t, wkeep, 0));                                                        \
        TU_CHECK(info == -(want) && xe_info == (want) && !strcmp(xe_name, full) &&                  \
                     !memcmp(a, keep, sizeof a) && !memcmp(w, wkeep, sizeof w),                    \
                 "%s: want info %d and xerbla(%s, %d), got info %d, xerbla(%s, %d)", full, -(want), \
                 full, want, info, xe_name, xe_info);                                              \
    } while (0)
    CALL(trtri_t(t, 'X', 'N', 2, a, 2, &info), "TRTRI", 1, 0);
    CALL(trtri_t(t, 'U', 'X', 2, a, 2, &info), "TRTRI", 2, 0);
    CALL(trtri_t(t, 'L', 'U', -1, a, 2, &info), "TRTRI", 3, 0);
    CALL(trtri_t(t, 'u', 'n', 3, a, 2, &info), "TRTRI", 5, 0);
    CALL(lauum_t(t, 'X', 2, a, 2, &info), "LAUUM", 1, 0);
    CALL(lauum_t(t, 'L', -1, a, 2, &info), "LAUUM", 2, 0);
    CALL(lauum_t(t, 'U', 3, a, 2, &info), "LAUUM", 4, 0);
    CALL(potri_t(t, 'X', 2, a, 2, &info), "POTRI", 1, 0);
    CALL(potri_t(t, 'U', -1, a, 2, &info), "POTRI", 2, 0);
    CALL(potri_t(t, 'l', 3, a, 2, &info), "POTRI", 4, 0);
    CALL(getri_t(t, -1, a, 2, ipiv, w, 4, &info), "GETRI", 1, 1);
    CALL(getri_t(t, 3, a, 2, ipiv, w, 4, &info), "GETRI", 3, 1);
    CALL(getri_t(t, 3, a, 3, ipiv, w, 2, &info), "GETRI", 6, 1);
    CALL(getri_t(t, 0, a, 1, ipiv, w, 0, &info), "GETRI", 6, 1);
    CALL(getri_t(t, 2, a, 2, ipiv, w, -2, &info), "GETRI", 6, 1);
#undef CALL
    /* WORK(1) = N*64 even then (here N = 3) */
    getri_t(t, 3, a, 3, ipiv, w, 2, &info);
    TU_CHECK(creal(get(t, w, 0)) == 192.0, "%cGETRI illegal LWORK: WORK(1) %g, the reference writes 192",
             P[t], creal(get(t, w, 0)));
    /* N = 0: nothing to do, INFO = 0 */
    fint z = -99;
    xe_info = 0;
    trtri_t(t, 'U', 'N', 0, a, 1, &z);
    TU_CHECK(z == 0 && xe_info == 0, "%cTRTRI n=0: info %d", P[t], z);
    lauum_t(t, 'L', 0, a, 1, &z);
    TU_CHECK(z == 0 && xe_info == 0, "%cLAUUM n=0: info %d", P[t], z);
    potri_t(t, 'L', 0, a, 1, &z);
    TU_CHECK(z == 0 && xe_info == 0, "%cPOTRI n=0: info %d", P[t], z);
    getri_t(t, 0, a, 1, ipiv, w, 1, &z);
    TU_CHECK(z == 0 && xe_info == 0 && creal(get(t, w, 0)) == 0 && !memcmp(a, keep, sizeof a),
             "%cGETRI n=0: info %d, WORK(1) %g", P[t], z, creal(get(t, w, 0)));
}

int main(int argc, char **argv)
{
    (void)argc;
    tu_reexec_oversubscribed(argv, "test_lapack_inv");
    static const fint dims[] = {0, 1, 2, 3, 7, 31, 32, 33, 64, 65, 100, 257};
    const int nd = (int)(sizeof dims / sizeof dims[0]);
    for (int t = TS; t <= TZ; t++) {
        tu_seed(200 + t);
        check_errors(t);
        for (fint n = 0; n < 3; n++)
            check_query(t, n);
        check_query(t, 100);
        for (int i = 0; i < nd; i++) {
            fint n = dims[i];
            if (tu_quick() && n > 100)
                n = 129;
            fint lda = n + (i % 3) * 3 + (n == 0); /* lda = n, n + 3, n + 6 */
            const char *ud[4] = {"UN", "LN", "UU", "lu"};
            for (int v = 0; v < 4; v++)
                check_trtri(t, ud[v][0], ud[v][1], n, lda);
            check_lauum(t, 'U', n, lda + 1);
            check_lauum(t, 'L', n, lda);
            check_potri(t, 'U', n, lda);
            check_potri(t, 'L', n, lda + 2);
            check_getri(t, n, lda);
        }
        /* upper with a trailing part capped at 256 columns below the halves */
        check_trtri(t, 'U', 'N', 530, 533);
        if (!tu_quick())
            check_getri(t, 530, 530);
        check_singular(t, 1, 0);
        check_singular(t, 70, 0);
        check_singular(t, 70, 33);
        check_singular(t, 70, 69);
        if (!cplx(t))
            check_threads(t, tu_size(600, 300));
    }
    return tu_finish("test_lapack_inv");
}
