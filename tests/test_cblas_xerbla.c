/* Error reporting of the CBLAS routines through this program's own cblas_xerbla, in both layouts,
   against netlib CBLAS's convention. Each illegal call must:
   - call cblas_xerbla(info, "cblas_<name>", ...) once (never xerbla_) and write nothing: every
     operand lives in a guarded arena that is checked byte for byte after the call;
   - have RowMajorStrg, read inside the handler, 1 for a row-major call and 0 for a column-major
     call or an illegal layout, whatever the program had left in it (each call starts with the
     opposite value), and leave it 0;
   - give the position of the illegal argument in the caller's list (layout = 1) once info is
     passed through the reference cblas_xerbla's row-major table while RowMajorStrg is set (netlib
     CBLAS 3.x, CBLAS/src/cblas_xerbla.c and the testers' CBLAS/testing/c_xerbla.c: routine
     names matched by substring). With two illegal arguments, the first in the reference's order:
     a row-major call is checked as the exchanged column-major call (n before m, ldb before lda).
   Routines shaped like a reference routine pass exactly the (info, RowMajorStrg) that the
   reference routine passes for the same arguments: ?gemm3m, sbgemm, gemm_bf16bf16f32 and its
   _compute, ?gemm_batch and sbgemm_batch (an entry of an array reported by the array's position)
   against cblas_dgemm; sbgemv against cblas_sgemv. Routines with "gemm" in the name but another
   argument list, which the reference table would misread (?gemmt, ?gemm_batch_strided,
   sbgemm_batch_strided, gemm_bf16bf16f32_pack), pass the caller's position with RowMajorStrg 0 in
   both layouts. ?omatcopy, ?imatcopy and ?geadd, which no table entry matches, pass the caller's
   position with RowMajorStrg set as for any row-major call. */
#include "tests/testutil.h"
#include "cblas.h"
#include "nanoblas.h"

extern int RowMajorStrg; /* exported by the library (reference CBLAS ABI) */

/* ---- this program's handlers: record what the library reports ---- */
static int xe_calls, xe_info, xe_flag, xf_calls;
static char xe_rout[64];
void cblas_xerbla(tint info, const char *rout, const char *form, ...)
{
    (void)form;
    xe_calls++;
    xe_info = info;
    xe_flag = RowMajorStrg;
    snprintf(xe_rout, sizeof xe_rout, "%s", rout);
}
void xerbla_(const char *name, const tint *info, size_t len)
{
    (void)name, (void)info, (void)len;
    xf_calls++; /* a CBLAS routine must not report through the Fortran handler */
}

/* The reference row-major table: while RowMajorStrg is set, info is exchanged within the pairs of
   the first entry whose key occurs in the routine name. */
static int swap_pair(int info, int a, int b) { return info == a ? b : info == b ? a : info; }
static int reference_position(int info, int flag, const char *rout)
{
    if (!flag)
        return info;
    if (strstr(rout, "gemm"))
        return swap_pair(swap_pair(info, 4, 5), 9, 11);
    if (strstr(rout, "symm") || strstr(rout, "hemm"))
        return swap_pair(info, 4, 5);
    if (strstr(rout, "trmm") || strstr(rout, "trsm"))
        return swap_pair(info, 6, 7);
    if (strstr(rout, "gemv"))
        return swap_pair(info, 3, 4);
    if (strstr(rout, "gbmv"))
        return swap_pair(swap_pair(info, 3, 4), 5, 6);
    if (strstr(rout, "ger"))
        return swap_pair(swap_pair(info, 2, 3), 6, 8);
    if ((strstr(rout, "her2") || strstr(rout, "hpr2")) && !strstr(rout, "her2k"))
        return swap_pair(info, 6, 8);
    return info;
}

/* ---- operands: three guarded arenas with a fill pattern that must survive ---- */
#define ARENA 16384
#define FILL 0x3c /* as float, double or bf16: a small positive number */
static tu_buf arena_buf[3];
static unsigned char *arena[3];
#define PA ((void *)arena[0])
#define PB ((void *)arena[1])
#define PC ((void *)arena[2])
static void arena_fill(void)
{
    for (int i = 0; i < 3; i++)
        memset(arena[i], FILL, ARENA);
}
static int arena_clean(void)
{
    for (int i = 0; i < 3; i++) {
        if (!tu_guard_ok(&arena_buf[i]))
            return 0;
        for (size_t j = 0; j < ARENA; j++)
            if (arena[i][j] != FILL)
                return 0;
    }
    return 1;
}

/* ---- one illegal call ---- */
static int want_flag_now;
static void begin(int want_flag)
{
    xe_calls = 0, xe_info = -1, xe_flag = -1, xf_calls = 0, xe_rout[0] = 0;
    want_flag_now = want_flag;
    RowMajorStrg = !want_flag; /* stale value the library must not pass on */
}
/* want_raw >= 0: info itself must be that (what the reference routine passed). */
static void check(const char *ctx, const char *name, int want_pos, int want_raw)
{
    int clean = arena_clean();
    int got = reference_position(xe_info, xe_flag, xe_rout);
    TU_CHECK(xe_calls == 1 && xf_calls == 0 && strcmp(xe_rout, name) == 0 &&
                 xe_flag == want_flag_now && got == want_pos && (want_raw < 0 || xe_info == want_raw) &&
                 RowMajorStrg == 0 && clean,
             "%s: want %s position %d (RowMajorStrg %d, info %d); got %d call(s) %s info %d "
             "RowMajorStrg %d -> position %d%s%s%s",
             ctx, name, want_pos, want_flag_now, want_raw, xe_calls, xe_rout, xe_info, xe_flag, got,
             xf_calls ? ", xerbla_ called" : "", RowMajorStrg ? ", RowMajorStrg left set" : "",
             clean ? "" : ", operand memory written");
    if (!clean)
        arena_fill();
    RowMajorStrg = 0;
}

static const int BAD = 0; /* an illegal enumeration value */
static const char *lname(int layout)
{
    return layout == CblasRowMajor ? "R" : layout == CblasColMajor ? "C" : "bad layout";
}
static int ld_of(int rows) { return rows > 1 ? rows : 1; }

/* ================== gemm-shaped routines, against cblas_dgemm ================== */
enum { G_D, G_S, G_C, G_Z, G_C3M, G_Z3M, G_SB, G_BF, G_BFC, G_SBATCH, G_DBATCH, G_CBATCH,
       G_ZBATCH, G_SBBATCH, G_N };
static const char *gname[G_N] = {
    "cblas_dgemm", "cblas_sgemm", "cblas_cgemm", "cblas_zgemm", "cblas_cgemm3m", "cblas_zgemm3m",
    "cblas_sbgemm", "cblas_gemm_bf16bf16f32", "cblas_gemm_bf16bf16f32_compute",
    "cblas_sgemm_batch", "cblas_dgemm_batch", "cblas_cgemm_batch", "cblas_zgemm_batch",
    "cblas_sbgemm_batch"};

typedef struct {
    int layout, ta, tb, m, n, k, lda, ldb, ldc;
} gargs;

/* Smallest legal leading dimensions of op(A) m x k, op(B) k x n, C m x n in the layout (the
   rows of the stored matrix in column-major, its columns in row-major). */
static gargs gemm_legal(int layout, int ta, int tb, int m, int n, int k)
{
    int row = layout == CblasRowMajor, at = ta != CblasNoTrans, bt = tb != CblasNoTrans;
    int ar = at ? k : m, ac = at ? m : k, br = bt ? n : k, bc = bt ? k : n;
    gargs g = {layout, ta, tb, m, n, k, ld_of(row ? ac : ar), ld_of(row ? bc : br),
               ld_of(row ? n : m)};
    return g;
}

static const float one_f[2] = {1, 0}, zero_f[2] = {0, 0};
static const double one_d[2] = {1, 0}, zero_d[2] = {0, 0};

/* Batch: group 0 is a legal 2 x 2 x 2 problem (it must not be computed either), group 1 is g;
   group_count -1 when bad_count, group_size[1] -1 when bad_size. */
static void call_gemm_shaped(int r, gargs g, int bad_count, int bad_size)
{
    int L = g.layout;
    CBLAS_TRANSPOSE ta[2] = {CblasNoTrans, (CBLAS_TRANSPOSE)g.ta},
                    tb[2] = {CblasNoTrans, (CBLAS_TRANSPOSE)g.tb};
    tint m[2] = {2, g.m}, n[2] = {2, g.n}, k[2] = {2, g.k};
    tint lda[2] = {2, g.lda}, ldb[2] = {2, g.ldb}, ldc[2] = {2, g.ldc};
    tint gc = bad_count ? -1 : 2, gs[2] = {1, bad_size ? -1 : 1};
    const void *ap[2] = {PA, arena[0] + 4096}, *bp[2] = {PB, arena[1] + 4096};
    void *cp[2] = {PC, arena[2] + 4096};
    float al_s[2] = {1, 1}, be_s[2] = {0, 0};
    double al_d[2] = {1, 1}, be_d[2] = {0, 0};
    float al_c[4] = {1, 0, 1, 0}, be_c[4] = {0, 0, 0, 0};
    double al_z[4] = {1, 0, 1, 0}, be_z[4] = {0, 0, 0, 0};
    switch (r) {
    case G_D:
        cblas_dgemm(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, PB, g.ldb, 0, PC, g.ldc);
        break;
    case G_S:
        cblas_sgemm(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, PB, g.ldb, 0, PC, g.ldc);
        break;
    case G_C:
        cblas_cgemm(L, g.ta, g.tb, g.m, g.n, g.k, one_f, PA, g.lda, PB, g.ldb, zero_f, PC, g.ldc);
        break;
    case G_Z:
        cblas_zgemm(L, g.ta, g.tb, g.m, g.n, g.k, one_d, PA, g.lda, PB, g.ldb, zero_d, PC, g.ldc);
        break;
    case G_C3M:
        cblas_cgemm3m(L, g.ta, g.tb, g.m, g.n, g.k, one_f, PA, g.lda, PB, g.ldb, zero_f, PC, g.ldc);
        break;
    case G_Z3M:
        cblas_zgemm3m(L, g.ta, g.tb, g.m, g.n, g.k, one_d, PA, g.lda, PB, g.ldb, zero_d, PC, g.ldc);
        break;
    case G_SB:
        cblas_sbgemm(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, PB, g.ldb, 0, PC, g.ldc);
        break;
    case G_BF:
        cblas_gemm_bf16bf16f32(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, PB, g.ldb, 0, PC, g.ldc);
        break;
    case G_BFC:
        cblas_gemm_bf16bf16f32_compute(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, PB, g.ldb, 0, PC,
                                       g.ldc);
        break;
    case G_SBATCH:
        cblas_sgemm_batch(L, ta, tb, m, n, k, al_s, (const float **)ap, lda, (const float **)bp, ldb,
                          be_s, (float **)cp, ldc, gc, gs);
        break;
    case G_DBATCH:
        cblas_dgemm_batch(L, ta, tb, m, n, k, al_d, (const double **)ap, lda, (const double **)bp,
                          ldb, be_d, (double **)cp, ldc, gc, gs);
        break;
    case G_CBATCH:
        cblas_cgemm_batch(L, ta, tb, m, n, k, al_c, ap, lda, bp, ldb, be_c, cp, ldc, gc, gs);
        break;
    case G_ZBATCH:
        cblas_zgemm_batch(L, ta, tb, m, n, k, al_z, ap, lda, bp, ldb, be_z, cp, ldc, gc, gs);
        break;
    default:
        cblas_sbgemm_batch(L, ta, tb, m, n, k, al_s, (const bfloat16 **)ap, lda,
                           (const bfloat16 **)bp, ldb, be_s, (float **)cp, ldc, gc, gs);
    }
}

/* One set of arguments through cblas_dgemm, then through every gemm-shaped routine, which must
   report what cblas_dgemm reported. */
static void gemm_case(const char *what, gargs g, int want_pos)
{
    char ctx[160];
    int want_flag = g.layout == CblasRowMajor && want_pos != 1;
    int ref_info = -1;
    for (int r = 0; r < G_N; r++) {
        snprintf(ctx, sizeof ctx, "%s %s %s (ta %d tb %d m %d n %d k %d lda %d ldb %d ldc %d)",
                 gname[r], lname(g.layout), what, g.ta, g.tb, g.m, g.n, g.k, g.lda, g.ldb, g.ldc);
        begin(want_flag);
        call_gemm_shaped(r, g, 0, 0);
        check(ctx, gname[r], want_pos, r == G_D ? -1 : ref_info);
        if (r == G_D)
            ref_info = xe_info;
    }
}

static void gemm_shaped(void)
{
    static const int tr[3] = {CblasNoTrans, CblasTrans, CblasConjTrans};
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                if (i == 2 && j == 2)
                    continue;
                int ta = tr[i], tb = tr[j];
                gargs g;
                g = gemm_legal(L, BAD, tb, 3, 4, 5), gemm_case("transa", g, 2);
                g = gemm_legal(L, ta, BAD, 3, 4, 5), gemm_case("transb", g, 3);
                g = gemm_legal(L, ta, tb, -1, 4, 5), gemm_case("m", g, 4);
                g = gemm_legal(L, ta, tb, 3, -1, 5), gemm_case("n", g, 5);
                g = gemm_legal(L, ta, tb, 3, 4, -1), gemm_case("k", g, 6);
                g = gemm_legal(L, ta, tb, 3, 4, 5), g.lda--, gemm_case("lda", g, 9);
                g = gemm_legal(L, ta, tb, 3, 4, 5), g.ldb--, gemm_case("ldb", g, 11);
                g = gemm_legal(L, ta, tb, 3, 4, 5), g.ldc--, gemm_case("ldc", g, 14);
                /* two illegal arguments: the first in the reference's checking order */
                g = gemm_legal(L, ta, tb, -1, -1, 5), gemm_case("m and n", g, row ? 5 : 4);
                g = gemm_legal(L, ta, tb, 3, 4, 5), g.lda--, g.ldb--;
                gemm_case("lda and ldb", g, row ? 11 : 9);
            }
        gargs g = gemm_legal(L, CblasNoTrans, CblasNoTrans, 3, 4, 5);
        g.ta = CblasConjNoTrans, gemm_case("transa ConjNoTrans", g, 2);
    }
    gemm_case("layout", gemm_legal(BAD, CblasNoTrans, CblasNoTrans, 3, 4, 5), 1);

    /* the group arguments of the batch forms */
    char ctx[128];
    for (int row = 0; row < 2; row++) {
        gargs g = gemm_legal(row ? CblasRowMajor : CblasColMajor, CblasNoTrans, CblasTrans, 3, 4, 5);
        for (int r = G_SBATCH; r <= G_SBBATCH; r++)
            for (int which = 0; which < 2; which++) {
                snprintf(ctx, sizeof ctx, "%s %s %s", gname[r], lname(g.layout),
                         which ? "group_size[1] < 0" : "group_count < 0");
                begin(row);
                call_gemm_shaped(r, g, !which, which);
                check(ctx, gname[r], which ? 16 : 15, which ? 16 : 15);
            }
    }

    /* _compute with a packed A of another shape: a_array's position, 8, in either layout */
    size_t bytes = cblas_gemm_bf16bf16f32_pack_get_size(CblasAMatrix, 3, 4, 5);
    bfloat16 *src = malloc(64 * sizeof *src), *packed = malloc(bytes);
    for (int i = 0; i < 64; i++)
        src[i] = 0x3f80;
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor;
        cblas_gemm_bf16bf16f32_pack(L, CblasAMatrix, CblasNoTrans, 3, 4, 5, src, row ? 5 : 3, packed);
        gargs g = gemm_legal(L, CblasNoTrans, CblasNoTrans, 4, 4, 5);
        snprintf(ctx, sizeof ctx, "cblas_gemm_bf16bf16f32_compute %s packed A of 3 rows, m 4",
                 lname(L));
        begin(row);
        cblas_gemm_bf16bf16f32_compute(L, CblasPacked, g.tb, g.m, g.n, g.k, 1, packed, 0, PB, g.ldb,
                                       0, PC, g.ldc);
        check(ctx, "cblas_gemm_bf16bf16f32_compute", 8, 8);
    }
    free(src), free(packed);
}

/* ================== strided batches: the caller's positions, RowMajorStrg 0 ================== */
/* positions: layout 1, transa 2, transb 3, m 4, n 5, k 6, lda 9, stridea 10, ldb 12, strideb 13,
   ldc 16, stridec 17, batch_size 18 */
typedef struct {
    gargs g;
    int sa, sb, sc, count;
} sargs;
static void call_strided(int t, sargs s)
{
    gargs g = s.g;
    int L = g.layout;
    switch (t) {
    case 0:
        cblas_sgemm_batch_strided(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, s.sa, PB, g.ldb, s.sb, 0,
                                  PC, g.ldc, s.sc, s.count);
        break;
    case 1:
        cblas_dgemm_batch_strided(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, s.sa, PB, g.ldb, s.sb, 0,
                                  PC, g.ldc, s.sc, s.count);
        break;
    case 2:
        cblas_cgemm_batch_strided(L, g.ta, g.tb, g.m, g.n, g.k, one_f, PA, g.lda, s.sa, PB, g.ldb,
                                  s.sb, zero_f, PC, g.ldc, s.sc, s.count);
        break;
    case 3:
        cblas_zgemm_batch_strided(L, g.ta, g.tb, g.m, g.n, g.k, one_d, PA, g.lda, s.sa, PB, g.ldb,
                                  s.sb, zero_d, PC, g.ldc, s.sc, s.count);
        break;
    default:
        cblas_sbgemm_batch_strided(L, g.ta, g.tb, g.m, g.n, g.k, 1, PA, g.lda, s.sa, PB, g.ldb, s.sb,
                                   0, PC, g.ldc, s.sc, s.count);
    }
}
static void strided_case(const char *what, sargs s, int want_pos)
{
    static const char *nm[5] = {"cblas_sgemm_batch_strided", "cblas_dgemm_batch_strided",
                                "cblas_cgemm_batch_strided", "cblas_zgemm_batch_strided",
                                "cblas_sbgemm_batch_strided"};
    char ctx[160];
    for (int t = 0; t < 5; t++) {
        snprintf(ctx, sizeof ctx, "%s %s %s (ta %d tb %d m %d n %d k %d lda %d ldb %d ldc %d)", nm[t],
                 lname(s.g.layout), what, s.g.ta, s.g.tb, s.g.m, s.g.n, s.g.k, s.g.lda, s.g.ldb,
                 s.g.ldc);
        begin(0);
        call_strided(t, s);
        check(ctx, nm[t], want_pos, want_pos);
    }
}
static void strided(void)
{
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor;
        for (int i = 0; i < 4; i++) {
            int ta = i & 1 ? CblasTrans : CblasNoTrans, tb = i & 2 ? CblasTrans : CblasNoTrans;
            sargs s0 = {gemm_legal(L, ta, tb, 3, 4, 5), 64, 64, 64, 2}, s;
            s = s0, s.g.ta = BAD, strided_case("transa", s, 2);
            s = s0, s.g.tb = BAD, strided_case("transb", s, 3);
            s = s0, s.g = gemm_legal(L, ta, tb, -1, 4, 5), strided_case("m", s, 4);
            s = s0, s.g = gemm_legal(L, ta, tb, 3, -1, 5), strided_case("n", s, 5);
            s = s0, s.g = gemm_legal(L, ta, tb, 3, 4, -1), strided_case("k", s, 6);
            s = s0, s.g.lda--, strided_case("lda", s, 9);
            s = s0, s.sa = -1, strided_case("stridea", s, 10);
            s = s0, s.g.ldb--, strided_case("ldb", s, 12);
            s = s0, s.sb = -1, strided_case("strideb", s, 13);
            s = s0, s.g.ldc--, strided_case("ldc", s, 16);
            s = s0, s.sc = -1, strided_case("stridec", s, 17);
            s = s0, s.count = -1, strided_case("batch_size", s, 18);
            /* checked on the exchanged column-major call in row-major, as the group form */
            s = s0, s.g = gemm_legal(L, ta, tb, -1, -1, 5), strided_case("m and n", s, row ? 5 : 4);
            s = s0, s.g.lda--, s.g.ldb--, strided_case("lda and ldb", s, row ? 12 : 9);
        }
    }
    sargs s = {gemm_legal(BAD, CblasNoTrans, CblasNoTrans, 3, 4, 5), 64, 64, 64, 2};
    strided_case("layout", s, 1);
}

/* ================== ?gemmt: the caller's positions, RowMajorStrg 0 ================== */
/* layout 1, uplo 2, transa 3, transb 4, n 5, k 6, lda 9, ldb 11, ldc 14 */
typedef struct {
    int layout, uplo, ta, tb, n, k, lda, ldb, ldc;
} targs;
static targs gemmt_legal(int layout, int ta, int tb, int n, int k)
{
    int row = layout == CblasRowMajor, at = ta != CblasNoTrans, bt = tb != CblasNoTrans;
    /* op(A) n x k, op(B) k x n */
    int ar = at ? k : n, ac = at ? n : k, br = bt ? n : k, bc = bt ? k : n;
    targs t = {layout, CblasUpper, ta, tb, n, k, ld_of(row ? ac : ar), ld_of(row ? bc : br),
               ld_of(n)};
    return t;
}
static void gemmt_case(const char *what, targs a, int want_pos)
{
    char ctx[160], nm[24];
    for (int t = 0; t < 4; t++) {
        snprintf(nm, sizeof nm, "cblas_%cgemmt", "sdcz"[t]);
        snprintf(ctx, sizeof ctx, "%s %s %s (uplo %d ta %d tb %d n %d k %d lda %d ldb %d ldc %d)", nm,
                 lname(a.layout), what, a.uplo, a.ta, a.tb, a.n, a.k, a.lda, a.ldb, a.ldc);
        begin(0);
        if (t == 0)
            cblas_sgemmt(a.layout, a.uplo, a.ta, a.tb, a.n, a.k, 1, PA, a.lda, PB, a.ldb, 0, PC, a.ldc);
        else if (t == 1)
            cblas_dgemmt(a.layout, a.uplo, a.ta, a.tb, a.n, a.k, 1, PA, a.lda, PB, a.ldb, 0, PC, a.ldc);
        else if (t == 2)
            cblas_cgemmt(a.layout, a.uplo, a.ta, a.tb, a.n, a.k, one_f, PA, a.lda, PB, a.ldb, zero_f, PC,
                         a.ldc);
        else
            cblas_zgemmt(a.layout, a.uplo, a.ta, a.tb, a.n, a.k, one_d, PA, a.lda, PB, a.ldb, zero_d, PC,
                         a.ldc);
        check(ctx, nm, want_pos, want_pos);
    }
}
static void gemmt(void)
{
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor;
        for (int i = 0; i < 4; i++) {
            int ta = i & 1 ? CblasTrans : CblasNoTrans, tb = i & 2 ? CblasTrans : CblasNoTrans;
            targs a0 = gemmt_legal(L, ta, tb, 3, 4), a;
            a = a0, a.uplo = BAD, gemmt_case("uplo", a, 2);
            a = a0, a.ta = BAD, gemmt_case("transa", a, 3);
            a = a0, a.tb = BAD, gemmt_case("transb", a, 4);
            a = gemmt_legal(L, ta, tb, -1, 4), gemmt_case("n", a, 5);
            a = gemmt_legal(L, ta, tb, 3, -1), gemmt_case("k", a, 6);
            a = a0, a.lda--, gemmt_case("lda", a, 9);
            a = a0, a.ldb--, gemmt_case("ldb", a, 11);
            a = a0, a.ldc--, gemmt_case("ldc", a, 14);
        }
    }
    gemmt_case("layout", gemmt_legal(BAD, CblasNoTrans, CblasNoTrans, 3, 4), 1);
}

/* ============ gemm_bf16bf16f32_pack: the caller's positions, RowMajorStrg 0 ============ */
/* layout 1, identifier 2, trans 3, m 4, n 5, k 6, ld 8 */
static void pack_case(const char *what, int layout, int id, int trans, int m, int n, int k, int ld,
                      int want_pos)
{
    char ctx[160];
    snprintf(ctx, sizeof ctx, "cblas_gemm_bf16bf16f32_pack %s %s (id %d trans %d m %d n %d k %d ld %d)",
             lname(layout), what, id, trans, m, n, k, ld);
    begin(0);
    cblas_gemm_bf16bf16f32_pack(layout, id, trans, m, n, k, PA, ld, PC);
    check(ctx, "cblas_gemm_bf16bf16f32_pack", want_pos, want_pos);
}
static void pack(void)
{
    for (int row = 0; row < 2; row++)
        for (int isb = 0; isb < 2; isb++)
            for (int t = 0; t < 2; t++) {
                int L = row ? CblasRowMajor : CblasColMajor, id = isb ? CblasBMatrix : CblasAMatrix;
                int tr = t ? CblasTrans : CblasNoTrans, m = 3, n = 4, k = 5;
                int r = isb ? k : m, c = isb ? n : k; /* op(X) r x c */
                int ld = row ? (t ? r : c) : (t ? c : r);
                pack_case("identifier", L, BAD, tr, m, n, k, ld, 2);
                pack_case("trans", L, id, BAD, m, n, k, ld, 3);
                pack_case("m", L, id, tr, -1, n, k, ld, 4);
                pack_case("n", L, id, tr, m, -1, k, ld, 5);
                pack_case("k", L, id, tr, m, n, -1, ld, 6);
                pack_case("ld", L, id, tr, m, n, k, ld - 1, 8);
            }
    pack_case("layout", BAD, CblasAMatrix, CblasNoTrans, 3, 4, 5, 3, 1);
}

/* ================== sbgemv, against cblas_sgemv ================== */
/* layout 1, trans 2, m 3, n 4, lda 7, incx 9, incy 12 */
static void gemv_case(const char *what, int layout, int trans, int m, int n, int lda, int incx,
                      int incy, int want_pos)
{
    char ctx[160];
    int want_flag = layout == CblasRowMajor && want_pos != 1, ref_info = -1;
    for (int r = 0; r < 2; r++) {
        const char *nm = r ? "cblas_sbgemv" : "cblas_sgemv";
        snprintf(ctx, sizeof ctx, "%s %s %s (trans %d m %d n %d lda %d incx %d incy %d)", nm,
                 lname(layout), what, trans, m, n, lda, incx, incy);
        begin(want_flag);
        if (r)
            cblas_sbgemv(layout, trans, m, n, 1, PA, lda, PB, incx, 0, PC, incy);
        else
            cblas_sgemv(layout, trans, m, n, 1, PA, lda, PB, incx, 0, PC, incy);
        check(ctx, nm, want_pos, r ? ref_info : -1);
        ref_info = xe_info;
    }
}
static void gemv(void)
{
    for (int row = 0; row < 2; row++)
        for (int t = 0; t < 2; t++) {
            int L = row ? CblasRowMajor : CblasColMajor, tr = t ? CblasTrans : CblasNoTrans;
            int lda = row ? 4 : 3; /* A 3 x 4 */
            gemv_case("trans", L, BAD, 3, 4, lda, 1, 1, 2);
            gemv_case("m", L, tr, -1, 4, lda, 1, 1, 3);
            gemv_case("n", L, tr, 3, -1, lda, 1, 1, 4);
            gemv_case("m and n", L, tr, -1, -1, lda, 1, 1, row ? 4 : 3);
            gemv_case("lda", L, tr, 3, 4, lda - 1, 1, 1, 7);
            gemv_case("incx", L, tr, 3, 4, lda, 0, 1, 9);
            gemv_case("incy", L, tr, 3, 4, lda, 1, 0, 12);
        }
    gemv_case("layout", BAD, CblasNoTrans, 3, 4, 3, 1, 1, 1);
}

/* ============ ?omatcopy, ?imatcopy, ?geadd: no table entry, RowMajorStrg as the layout ============ */
/* omatcopy: order 1, trans 2, rows 3, cols 4, lda 7, ldb 9 (imatcopy: ldb 8);
   geadd: order 1, rows 2, cols 3, lda 6, ldc 9 */
static void matcopy_case(const char *what, int order, int trans, int rows, int cols, int lda,
                         int ldb, int want_omat)
{
    char ctx[160], nm[24];
    int want_flag = order == CblasRowMajor && want_omat != 1;
    for (int inplace = 0; inplace < 2; inplace++)
        for (int t = 0; t < 4; t++) {
            int want = inplace && want_omat == 9 ? 8 : want_omat;
            snprintf(nm, sizeof nm, "cblas_%c%cmatcopy", "sdcz"[t], inplace ? 'i' : 'o');
            snprintf(ctx, sizeof ctx, "%s %s %s (trans %d rows %d cols %d lda %d ldb %d)", nm,
                     lname(order), what, trans, rows, cols, lda, ldb);
            begin(want_flag);
            if (inplace) {
                if (t == 0)
                    cblas_simatcopy(order, trans, rows, cols, 1, PC, lda, ldb);
                else if (t == 1)
                    cblas_dimatcopy(order, trans, rows, cols, 1, PC, lda, ldb);
                else if (t == 2)
                    cblas_cimatcopy(order, trans, rows, cols, one_f, PC, lda, ldb);
                else
                    cblas_zimatcopy(order, trans, rows, cols, one_d, PC, lda, ldb);
            } else {
                if (t == 0)
                    cblas_somatcopy(order, trans, rows, cols, 1, PA, lda, PC, ldb);
                else if (t == 1)
                    cblas_domatcopy(order, trans, rows, cols, 1, PA, lda, PC, ldb);
                else if (t == 2)
                    cblas_comatcopy(order, trans, rows, cols, one_f, PA, lda, PC, ldb);
                else
                    cblas_zomatcopy(order, trans, rows, cols, one_d, PA, lda, PC, ldb);
            }
            check(ctx, nm, want, want);
        }
}
static void geadd_case(const char *what, int order, int rows, int cols, int lda, int ldc, int want)
{
    char ctx[160], nm[24];
    int want_flag = order == CblasRowMajor && want != 1;
    for (int t = 0; t < 4; t++) {
        snprintf(nm, sizeof nm, "cblas_%cgeadd", "sdcz"[t]);
        snprintf(ctx, sizeof ctx, "%s %s %s (rows %d cols %d lda %d ldc %d)", nm, lname(order), what,
                 rows, cols, lda, ldc);
        begin(want_flag);
        if (t == 0)
            cblas_sgeadd(order, rows, cols, 1, PA, lda, 1, PC, ldc);
        else if (t == 1)
            cblas_dgeadd(order, rows, cols, 1, PA, lda, 1, PC, ldc);
        else if (t == 2)
            cblas_cgeadd(order, rows, cols, one_f, PA, lda, one_f, PC, ldc);
        else
            cblas_zgeadd(order, rows, cols, one_d, PA, lda, one_d, PC, ldc);
        check(ctx, nm, want, want);
    }
}
static void copies(void)
{
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor;
        for (int t = 0; t < 2; t++) {
            int tr = t ? CblasTrans : CblasNoTrans; /* A 3 x 4 */
            int lda = row ? 4 : 3, ldb = t ? (row ? 3 : 4) : lda;
            matcopy_case("trans", L, BAD, 3, 4, lda, ldb, 2);
            matcopy_case("rows", L, tr, -1, 4, lda, ldb, 3);
            matcopy_case("cols", L, tr, 3, -1, lda, ldb, 4);
            matcopy_case("lda", L, tr, 3, 4, lda - 1, ldb, 7);
            matcopy_case("ldb", L, tr, 3, 4, lda, ldb - 1, 9);
        }
        int ld = row ? 4 : 3;
        geadd_case("rows", L, -1, 4, ld, ld, 2);
        geadd_case("cols", L, 3, -1, ld, ld, 3);
        geadd_case("lda", L, 3, 4, ld - 1, ld, 6);
        geadd_case("ldc", L, 3, 4, ld, ld - 1, 9);
    }
    matcopy_case("order", BAD, CblasNoTrans, 3, 4, 3, 3, 1);
    geadd_case("order", BAD, 3, 4, 3, 3, 1);
}

/* ============ reference routines whose row-major positions the table maps ============ */
#define STD(name, pos, row, call)                                                                  \
    do {                                                                                           \
        char ctx_[96];                                                                             \
        snprintf(ctx_, sizeof ctx_, "%s %s line %d", name, (row) ? "R" : "C", __LINE__);           \
        begin(row);                                                                                \
        call;                                                                                      \
        check(ctx_, name, pos, -1);                                                                \
    } while (0)
static void reference_routines(void)
{
    for (int row = 0; row < 2; row++) {
        int L = row ? CblasRowMajor : CblasColMajor, N = CblasNoTrans, U = CblasUpper;
        /* dtrsm / ztrmm: side 2 .. diag 5, m 6, n 7, lda 10, ldb 12 */
        STD("cblas_dtrsm", 6, row, cblas_dtrsm(L, CblasLeft, U, N, CblasNonUnit, -1, 4, 1, PA, 3, PB, 4));
        STD("cblas_dtrsm", 7, row, cblas_dtrsm(L, CblasLeft, U, N, CblasNonUnit, 3, -1, 1, PA, 3, PB, 4));
        STD("cblas_dtrsm", 10, row, cblas_dtrsm(L, CblasLeft, U, N, CblasNonUnit, 3, 4, 1, PA, 2, PB, 4));
        STD("cblas_dtrsm", 12, row,
            cblas_dtrsm(L, CblasLeft, U, N, CblasNonUnit, 3, 4, 1, PA, 3, PB, row ? 3 : 2));
        STD("cblas_ztrmm", 5, row, cblas_ztrmm(L, CblasRight, U, N, BAD, 3, 4, one_d, PA, 4, PB, 4));
        /* dsymm: m 4, n 5, lda 8, ldb 10, ldc 13 */
        STD("cblas_dsymm", 4, row, cblas_dsymm(L, CblasLeft, U, -1, 4, 1, PA, 3, PB, 4, 0, PC, 4));
        STD("cblas_dsymm", 5, row, cblas_dsymm(L, CblasLeft, U, 3, -1, 1, PA, 3, PB, 4, 0, PC, 4));
        STD("cblas_dsymm", 13, row,
            cblas_dsymm(L, CblasLeft, U, 3, 4, 1, PA, 3, PB, row ? 4 : 3, 0, PC, row ? 3 : 2));
        /* dsyrk: no table entry; n 4, k 5, lda 8, ldc 11 */
        STD("cblas_dsyrk", 4, row, cblas_dsyrk(L, U, N, -1, 4, 1, PA, 4, 0, PC, 3));
        STD("cblas_dsyrk", 8, row, cblas_dsyrk(L, U, N, 3, 4, 1, PA, row ? 3 : 2, 0, PC, 3));
        /* dger: m 2, n 3, incx 6, incy 8, lda 10 */
        STD("cblas_dger", 2, row, cblas_dger(L, -1, 4, 1, PA, 1, PB, 1, PC, 4));
        STD("cblas_dger", 3, row, cblas_dger(L, 3, -1, 1, PA, 1, PB, 1, PC, 4));
        STD("cblas_dger", 6, row, cblas_dger(L, 3, 4, 1, PA, 0, PB, 1, PC, 4));
        STD("cblas_dger", 8, row, cblas_dger(L, 3, 4, 1, PA, 1, PB, 0, PC, 4));
        STD("cblas_dger", 10, row, cblas_dger(L, 3, 4, 1, PA, 1, PB, 1, PC, row ? 3 : 2));
        /* zher2: incx 6, incy 8 (n = 0: no conjugated copy), lda 10 */
        STD("cblas_zher2", 6, row, cblas_zher2(L, U, 0, one_d, PA, 0, PB, 1, PC, 1));
        STD("cblas_zher2", 8, row, cblas_zher2(L, U, 0, one_d, PA, 1, PB, 0, PC, 1));
        STD("cblas_zher2", 10, row, cblas_zher2(L, U, 3, one_d, PA, 1, PB, 1, PC, 2));
        /* dgbmv: m 3, n 4, kl 5, ku 6, lda 9 */
        STD("cblas_dgbmv", 3, row, cblas_dgbmv(L, N, -1, 4, 1, 1, 1, PA, 3, PB, 1, 0, PC, 1));
        STD("cblas_dgbmv", 4, row, cblas_dgbmv(L, N, 3, -1, 1, 1, 1, PA, 3, PB, 1, 0, PC, 1));
        STD("cblas_dgbmv", 5, row, cblas_dgbmv(L, N, 3, 4, -1, 1, 1, PA, 3, PB, 1, 0, PC, 1));
        STD("cblas_dgbmv", 6, row, cblas_dgbmv(L, N, 3, 4, 1, -1, 1, PA, 3, PB, 1, 0, PC, 1));
        STD("cblas_dgbmv", 9, row, cblas_dgbmv(L, N, 3, 4, 1, 1, 1, PA, 2, PB, 1, 0, PC, 1));
    }
}

int main(void)
{
    for (int i = 0; i < 3; i++)
        arena[i] = tu_alloc(&arena_buf[i], ARENA, 1);
    arena_fill();
    reference_routines();
    gemm_shaped();
    strided();
    gemmt();
    pack();
    gemv();
    copies();
    for (int i = 0; i < 3; i++)
        tu_free(&arena_buf[i]);
    return tu_finish("test_cblas_xerbla");
}
