/* test_batch.c, continued: a threaded mix of many tiny problems, illegal arguments, and the bf16
   batch interfaces. Included once by test_batch.c (shares its helpers and the type switch T). */

/* The IrGEMM-like mix (several groups of many small problems, one large) on 2 threads: the
   dynamic schedule must compute every problem exactly once. */
static void many_small_case(void)
{
    enum { NG = 4 };
    static const int dims[NG] = {7, 16, 33, 150}, sizes[NG] = {300, 60, 9, 1};
    int total = 0;
    for (int g = 0; g < NG; g++)
        total += sizes[g];
    void **A = malloc(total * sizeof *A), **B = malloc(total * sizeof *B);
    void **C = malloc(total * sizeof *C);
    zt **want = malloc(total * sizeof *want);
    shape sh[NG];
    tint m[NG], lda[NG];
    CBLAS_TRANSPOSE tr[NG];
    unsigned char alv[NG * 16], bev[NG * 16];
    int idx = 0;
    for (int g = 0; g < NG; g++) {
        int d = dims[g];
        sh[g] = (shape){CblasNoTrans, g == 1 ? CblasTrans : CblasNoTrans, d, d, g == 3 ? 40 : d,
                        d, g == 3 ? 40 : d, d, 1.5, g == 2 ? 0 : -0.5};
        if (g == 3)
            sh[g].ldb = g == 3 ? 40 : d;
        m[g] = d, lda[g] = d, tr[g] = CblasNoTrans;
        scal x;
        to_scal(&x, sh[g].alpha), memcpy(alv + g * esz[T], &x, esz[T]);
        to_scal(&x, sh[g].beta), memcpy(bev + g * esz[T], &x, esz[T]);
        for (int p = 0; p < sizes[g]; p++, idx++) {
            size_t na = a_elems(&sh[g], 0), nb = b_elems(&sh[g], 0), nc = c_elems(&sh[g], 0);
            A[idx] = malloc(na * esz[T]), B[idx] = malloc(nb * esz[T]), C[idx] = malloc(nc * esz[T]);
            fill(A[idx], na), fill(B[idx], nb), fill_c(C[idx], nc, sh[g].beta);
            want[idx] = malloc(nc * sizeof(zt));
            ref_gemm(&sh[g], 0, A[idx], B[idx], C[idx], want[idx]);
        }
    }
    CBLAS_TRANSPOSE tb[NG];
    tint n[NG], k[NG], ldb[NG], ldc[NG], gs[NG];
    for (int g = 0; g < NG; g++)
        tb[g] = (CBLAS_TRANSPOSE)sh[g].tb, n[g] = sh[g].n, k[g] = sh[g].k, ldb[g] = sh[g].ldb,
        ldc[g] = sh[g].ldc, gs[g] = sizes[g], lda[g] = sh[g].lda;
    switch (T) {
    case 0: cblas_sgemm_batch(CblasColMajor, tr, tb, m, n, k, (float *)alv, (const float **)A, lda, (const float **)B, ldb, (float *)bev, (float **)C, ldc, NG, gs); break;
    case 1: cblas_dgemm_batch(CblasColMajor, tr, tb, m, n, k, (double *)alv, (const double **)A, lda, (const double **)B, ldb, (double *)bev, (double **)C, ldc, NG, gs); break;
    case 2: cblas_cgemm_batch(CblasColMajor, tr, tb, m, n, k, alv, (const void **)A, lda, (const void **)B, ldb, bev, C, ldc, NG, gs); break;
    default: cblas_zgemm_batch(CblasColMajor, tr, tb, m, n, k, alv, (const void **)A, lda, (const void **)B, ldb, bev, C, ldc, NG, gs);
    }
    idx = 0;
    for (int g = 0; g < NG; g++)
        for (int p = 0; p < sizes[g]; p++, idx++) {
            check_c(&sh[g], 0, C[idx], want[idx], C[idx], "many-small");
            free(A[idx]), free(B[idx]), free(C[idx]), free(want[idx]);
        }
    free(A), free(B), free(C), free(want);
}

/* ---- illegal arguments: the routine and position reported, nothing written anywhere ---- */
static int xe_calls, xe_info;
static char xe_rout[48];
void cblas_xerbla(tint info, const char *rout, const char *form, ...)
{
    (void)form;
    xe_calls++, xe_info = info;
    snprintf(xe_rout, sizeof xe_rout, "%s", rout);
}
void xerbla_(const char *name, const tint *info, size_t len)
{
    xe_calls++, xe_info = *info;
    size_t l = len < sizeof xe_rout - 1 ? len : sizeof xe_rout - 1;
    memcpy(xe_rout, name, l), xe_rout[l] = 0;
    while (l > 0 && xe_rout[l - 1] == ' ')
        xe_rout[--l] = 0;
}

/* Three groups of two 4x4 problems; `bad` spoils one argument of group 1 (or a global one). */
static void group_error(int fortran, int bad, int want)
{
    enum { NG = 3, P = 2 };
    double store[NG * P][3][16 * 2];
    void *A[NG * P], *B[NG * P], *C[NG * P];
    for (int i = 0; i < NG * P; i++) {
        for (int e = 0; e < 32; e++)
            store[i][0][e] = store[i][1][e] = 1, store[i][2][e] = 7;
        A[i] = store[i][0], B[i] = store[i][1], C[i] = store[i][2];
    }
    CBLAS_TRANSPOSE ta[NG] = {CblasNoTrans, CblasNoTrans, CblasNoTrans}, tb[NG] = {CblasNoTrans, CblasNoTrans, CblasNoTrans};
    char fa[NG] = {'N', 'N', 'N'}, fb[NG] = {'N', 'N', 'N'};
    tint m[NG] = {4, 4, 4}, n[NG] = {4, 4, 4}, k[NG] = {4, 4, 4}, ld[3][NG] = {{4, 4, 4}, {4, 4, 4}, {4, 4, 4}};
    tint gs[NG] = {P, P, P}, ng = NG;
    int layout = CblasColMajor;
    double one[NG * 2] = {1, 0, 1, 0, 1, 0};
    switch (bad) {
    case 1: layout = 0; break;
    case 2: ta[1] = (CBLAS_TRANSPOSE)0, fa[1] = 'X'; break;
    case 3: tb[2] = (CBLAS_TRANSPOSE)99, fb[2] = '?'; break;
    case 4: m[1] = -1; break;
    case 5: n[1] = -1; break;
    case 6: k[1] = -1; break;
    case 9: ld[0][1] = 3; break;
    case 11: ld[1][1] = 3; break;
    case 14: ld[2][1] = 3; break;
    case 15: ng = -1; break;
    case 16: gs[1] = -1; break;
    }
    xe_calls = 0;
    if (fortran) {
        switch (T) {
        case 0: sgemm_batch_(fa, fb, m, n, k, (float *)one, (const float **)A, ld[0], (const float **)B, ld[1], (float *)one, (float **)C, ld[2], &ng, gs, 1, 1); break;
        case 1: dgemm_batch_(fa, fb, m, n, k, one, (const double **)A, ld[0], (const double **)B, ld[1], one, (double **)C, ld[2], &ng, gs, 1, 1); break;
        case 2: cgemm_batch_(fa, fb, m, n, k, one, (const void **)A, ld[0], (const void **)B, ld[1], one, C, ld[2], &ng, gs, 1, 1); break;
        default: zgemm_batch_(fa, fb, m, n, k, one, (const void **)A, ld[0], (const void **)B, ld[1], one, C, ld[2], &ng, gs, 1, 1);
        }
    } else {
        CBLAS_LAYOUT lay = (CBLAS_LAYOUT)layout;
        switch (T) {
        case 0: cblas_sgemm_batch(lay, ta, tb, m, n, k, (float *)one, (const float **)A, ld[0], (const float **)B, ld[1], (float *)one, (float **)C, ld[2], ng, gs); break;
        case 1: cblas_dgemm_batch(lay, ta, tb, m, n, k, one, (const double **)A, ld[0], (const double **)B, ld[1], one, (double **)C, ld[2], ng, gs); break;
        case 2: cblas_cgemm_batch(lay, ta, tb, m, n, k, one, (const void **)A, ld[0], (const void **)B, ld[1], one, C, ld[2], ng, gs); break;
        default: cblas_zgemm_batch(lay, ta, tb, m, n, k, one, (const void **)A, ld[0], (const void **)B, ld[1], one, C, ld[2], ng, gs);
        }
    }
    char name[40];
    if (fortran)
        snprintf(name, sizeof name, "%cGEMM_BATCH", "SDCZ"[T]);
    else
        snprintf(name, sizeof name, "cblas_%sgemm_batch", tname[T]);
    TU_CHECK(xe_calls == 1 && xe_info == want && !strcmp(xe_rout, name),
             "%s bad arg %d: xerbla calls %d info %d (want %d) name %s", name, bad, xe_calls,
             xe_info, want, xe_rout);
    int untouched = 1;
    for (int i = 0; i < NG * P; i++)
        for (int e = 0; e < 32; e++)
            untouched &= store[i][2][e] == 7;
    TU_CHECK(untouched, "%s bad arg %d: a C matrix was written", name, bad);
}

static void strided_error(int fortran, int bad, int want)
{
    double a[64], b[64], c[64];
    for (int e = 0; e < 64; e++)
        a[e] = b[e] = 1, c[e] = 7;
    int layout = CblasColMajor, ta = CblasNoTrans, tb = CblasNoTrans;
    tint m = 2, n = 2, k = 2, lda = 2, ldb = 2, ldc = 2, sa = 4, sb = 4, sc = 4, cnt = 3;
    char fa = 'N', fb = 'N';
    double one[2] = {1, 0};
    switch (bad) {
    case 1: layout = 5; break;
    case 2: ta = 0, fa = 'q'; break;
    case 4: m = -2; break;
    case 9: lda = 1; break;
    case 10: sa = -1; break;
    case 12: ldb = 1; break;
    case 13: sb = -4; break;
    case 16: ldc = 1; break;
    case 17: sc = -1; break;
    case 18: cnt = -1; break;
    }
    xe_calls = 0;
    if (fortran) {
        switch (T) {
        case 0: sgemm_batch_strided_(&fa, &fb, &m, &n, &k, (float *)one, (float *)a, &lda, &sa, (float *)b, &ldb, &sb, (float *)one, (float *)c, &ldc, &sc, &cnt, 1, 1); break;
        case 1: dgemm_batch_strided_(&fa, &fb, &m, &n, &k, one, a, &lda, &sa, b, &ldb, &sb, one, c, &ldc, &sc, &cnt, 1, 1); break;
        case 2: cgemm_batch_strided_(&fa, &fb, &m, &n, &k, one, a, &lda, &sa, b, &ldb, &sb, one, c, &ldc, &sc, &cnt, 1, 1); break;
        default: zgemm_batch_strided_(&fa, &fb, &m, &n, &k, one, a, &lda, &sa, b, &ldb, &sb, one, c, &ldc, &sc, &cnt, 1, 1);
        }
    } else {
        CBLAS_LAYOUT lay = (CBLAS_LAYOUT)layout;
        CBLAS_TRANSPOSE xa = (CBLAS_TRANSPOSE)ta, xb = (CBLAS_TRANSPOSE)tb;
        switch (T) {
        case 0: cblas_sgemm_batch_strided(lay, xa, xb, m, n, k, 1.0f, (float *)a, lda, sa, (float *)b, ldb, sb, 1.0f, (float *)c, ldc, sc, cnt); break;
        case 1: cblas_dgemm_batch_strided(lay, xa, xb, m, n, k, 1.0, a, lda, sa, b, ldb, sb, 1.0, c, ldc, sc, cnt); break;
        case 2: cblas_cgemm_batch_strided(lay, xa, xb, m, n, k, one, a, lda, sa, b, ldb, sb, one, c, ldc, sc, cnt); break;
        default: cblas_zgemm_batch_strided(lay, xa, xb, m, n, k, one, a, lda, sa, b, ldb, sb, one, c, ldc, sc, cnt);
        }
    }
    char name[40];
    if (fortran)
        snprintf(name, sizeof name, "%cGEMM_BATCH_STRIDED", "SDCZ"[T]);
    else
        snprintf(name, sizeof name, "cblas_%sgemm_batch_strided", tname[T]);
    int untouched = 1;
    for (int e = 0; e < 64; e++)
        untouched &= c[e] == 7;
    TU_CHECK(xe_calls == 1 && xe_info == want && !strcmp(xe_rout, name) && untouched,
             "%s bad arg %d: xerbla calls %d info %d (want %d) name %s, C %s", name, bad,
             xe_calls, xe_info, want, xe_rout, untouched ? "untouched" : "WRITTEN");
}

static void error_cases(void)
{
    static const int cb[] = {1, 2, 3, 4, 5, 6, 9, 11, 14, 15, 16};
    for (size_t i = 0; i < sizeof cb / sizeof cb[0]; i++)
        group_error(0, cb[i], cb[i]);
    /* Fortran: no layout argument, so every position is one less */
    static const int fb[][2] = {{2, 1}, {3, 2}, {4, 3}, {6, 5}, {9, 8}, {11, 10}, {14, 13}, {15, 14}, {16, 15}};
    for (size_t i = 0; i < sizeof fb / sizeof fb[0]; i++)
        group_error(1, fb[i][0], fb[i][1]);
    static const int cs[] = {1, 2, 4, 9, 10, 12, 13, 16, 17, 18};
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
        strided_error(0, cs[i], cs[i]);
    static const int fs[][2] = {{2, 1}, {4, 3}, {9, 8}, {10, 9}, {12, 11}, {13, 12}, {16, 15}, {17, 16}, {18, 17}};
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
        strided_error(1, fs[i][0], fs[i][1]);
    xe_calls = 0;
}

/* ---- bf16: cblas_sbgemm_batch / cblas_sbgemm_batch_strided against float64 on the widened
   inputs, bound (k + 2) * 2^-24 * sum |a||b| per element (docs/API.md, bf16 numerics) ---- */
static float bf(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static uint16_t rnd_bf(void)
{
    float f = (float)tu_rand();
    uint32_t u;
    memcpy(&u, &f, 4);
    return (uint16_t)(u >> 16);
}

static void bf16_check(int row, int ta, int tb, int m, int n, int k, const uint16_t *a, int lda,
                       const uint16_t *b, int ldb, float alpha, float beta, const float *c0,
                       const float *c, int ldc, const char *what)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double acc = 0, mag = 0;
            for (int l = 0; l < k; l++) {
                int ar = ta == CblasNoTrans ? i : l, ac = ta == CblasNoTrans ? l : i;
                int br = tb == CblasNoTrans ? l : j, bc = tb == CblasNoTrans ? j : l;
                double x = bf(a[row ? (size_t)ar * lda + ac : (size_t)ac * lda + ar]);
                double y = bf(b[row ? (size_t)br * ldb + bc : (size_t)bc * ldb + br]);
                acc += x * y, mag += fabs(x * y);
            }
            size_t ci = row ? (size_t)i * ldc + j : (size_t)j * ldc + i;
            double want = alpha * acc + (beta != 0 ? beta * (double)c0[ci] : 0);
            double tol = (k + 2) * 0x1p-24 * (fabs(alpha) * mag + (beta != 0 ? fabs(beta * c0[ci]) : 0)) + 1e-30;
            if (!TU_CHECK(fabs(c[ci] - want) <= tol, "%s m=%d n=%d k=%d (%d,%d): %g vs %g", what,
                          m, n, k, i, j, c[ci], want))
                return;
        }
}

static void bf16_cases(void)
{
    for (int r = 0; r < 40; r++) {
        int row = tu_randint(0, 1), ta = CblasNoTrans + tu_randint(0, 1), tb = CblasNoTrans + tu_randint(0, 1);
        int m = tu_randint(1, 40), n = tu_randint(1, 40), k = tu_randint(0, 70), cnt = tu_randint(0, 4);
        int ra = (ta == CblasNoTrans) != row ? m : k, rb = (tb == CblasNoTrans) != row ? k : n;
        int lda = (ra > 1 ? ra : 1) + tu_randint(0, 2), ldb = (rb > 1 ? rb : 1) + tu_randint(0, 2);
        int ldc = (row ? n : m) + tu_randint(0, 2);
        size_t na = (size_t)lda * ((ta == CblasNoTrans) != row ? k : m) + 1;
        size_t nb = (size_t)ldb * ((tb == CblasNoTrans) != row ? n : k) + 1;
        size_t nc = (size_t)ldc * (row ? m : n);
        float alpha = r % 5 == 0 ? 1 : (float)tu_rand(), beta = r % 3 == 0 ? 0 : (float)tu_rand();
        uint16_t *a = malloc(na * cnt * 2 + 2), *b = malloc(nb * cnt * 2 + 2);
        tu_buf cbuf;
        float *c = tu_alloc(&cbuf, nc * cnt + 1, 4), *c0 = malloc((nc * cnt + 1) * 4);
        for (size_t e = 0; e < na * cnt; e++) a[e] = rnd_bf();
        for (size_t e = 0; e < nb * cnt; e++) b[e] = rnd_bf();
        for (size_t e = 0; e < nc * cnt; e++) c[e] = c0[e] = beta == 0 ? NAN : (float)tu_rand();
        CBLAS_LAYOUT lay = row ? CblasRowMajor : CblasColMajor;
        if (r % 2) {
            cblas_sbgemm_batch_strided(lay, (CBLAS_TRANSPOSE)ta, (CBLAS_TRANSPOSE)tb, m, n, k, alpha,
                                       a, lda, (int)na, b, ldb, (int)nb, beta, c, ldc, (int)nc, cnt);
        } else {
            const uint16_t *ap[4], *bp[4];
            float *cp[4];
            for (int i = 0; i < cnt; i++)
                ap[i] = a + i * na, bp[i] = b + i * nb, cp[i] = c + i * nc;
            /* two groups: the first entry alone, then the rest, same shape */
            CBLAS_TRANSPOSE tas[2] = {(CBLAS_TRANSPOSE)ta, (CBLAS_TRANSPOSE)ta}, tbs[2] = {(CBLAS_TRANSPOSE)tb, (CBLAS_TRANSPOSE)tb};
            tint ms[2] = {m, m}, ns[2] = {n, n}, ks[2] = {k, k}, ldas[2] = {lda, lda}, ldbs[2] = {ldb, ldb}, ldcs[2] = {ldc, ldc};
            tint gs[2] = {cnt > 0, cnt > 0 ? cnt - 1 : 0};
            float al[2] = {alpha, alpha}, be[2] = {beta, beta};
            cblas_sbgemm_batch(lay, tas, tbs, ms, ns, ks, al, ap, ldas, bp, ldbs, be, cp, ldcs, 2, gs);
        }
        for (int i = 0; i < cnt; i++)
            bf16_check(row, ta, tb, m, n, k, a + i * na, lda, b + i * nb, ldb, alpha, beta,
                       c0 + i * nc, c + i * nc, ldc, r % 2 ? "sbgemm_batch_strided" : "sbgemm_batch");
        TU_CHECK(tu_guard_ok(&cbuf), "sbgemm batch: guard zone written");
        free(a), free(b), free(c0), tu_free(&cbuf);
    }
    xe_calls = 0;
    float c[4] = {7, 7, 7, 7};
    uint16_t a[4] = {0};
    cblas_sbgemm_batch_strided(CblasColMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1, a, 1, 4, a, 2,
                               4, 1, c, 2, 4, 1);
    TU_CHECK(xe_calls == 1 && xe_info == 9 && !strcmp(xe_rout, "cblas_sbgemm_batch_strided") &&
                 c[0] == 7,
             "sbgemm_batch_strided lda: calls %d info %d %s", xe_calls, xe_info, xe_rout);
}
