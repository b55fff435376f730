/* Extreme dimensions and leading dimensions (INT_MIN, -1, 0, 1, 2, INT_MAX) through cblas_?gemm
   (both layouts, all transposes; the small-problem shortcut runs first there) and dgemm_,
   dgemv_/cblas_dgemv and cblas_dsyrk: an illegal call reports exactly one error and writes
   nothing; a legal one whose operands fit the test's small buffers (or that reads no operand:
   alpha = 0, or a quick return) computes the reference result and writes nothing outside C.
   Meant for the sanitizer build above all (tests/run_all.sh runs every test under ASan+UBSan):
   no signed overflow may happen on the way to the argument check. */
#include <limits.h>
#include <string.h>

#include "tests/testutil.h"
#include "include/cblas.h"

/* the Fortran entry points (gfortran ABI: hidden string lengths last) */
void dgemm_(const char *, const char *, const int *, const int *, const int *, const double *,
            const double *, const int *, const double *, const int *, const double *, double *,
            const int *, size_t, size_t);
void dgemv_(const char *, const int *, const int *, const double *, const double *, const int *,
            const double *, const int *, const double *, double *, const int *, size_t);

static int xe_calls;
void cblas_xerbla(int info, const char *rout, const char *form, ...)
{
    (void)info, (void)rout, (void)form;
    xe_calls++;
}
void xerbla_(const char *name, const int *info, size_t len)
{
    (void)name, (void)info, (void)len;
    xe_calls++;
}

static const int dims[] = {INT_MIN, -1, 0, 1, 2, INT_MAX};
static const int lds[] = {INT_MIN, 0, 1, 2, INT_MAX};
#define ND (int)(sizeof dims / sizeof dims[0])
#define NL (int)(sizeof lds / sizeof lds[0])
#define BUF 16

/* Largest element index + 1 of an r x c column-major operand with leading dimension ld (0 when
   empty), in 64 bits. */
static long long extent(long long r, long long c, long long ld)
{
    return r <= 0 || c <= 0 ? 0 : (r - 1) + (c - 1) * ld + 1;
}

static void gemm_case(int layout, int ta, int tb, int m, int n, int k, int lda, int ldb, int ldc,
                      double alpha, double beta)
{
    /* column-major view of the call */
    int cm = layout == CblasColMajor ? m : n, cn = layout == CblasColMajor ? n : m;
    int cta = layout == CblasColMajor ? ta : tb, ctb = layout == CblasColMajor ? tb : ta;
    int clda = layout == CblasColMajor ? lda : ldb, cldb = layout == CblasColMajor ? ldb : lda;
    long long ar = cta == CblasNoTrans ? cm : k, ac = cta == CblasNoTrans ? k : cm;
    long long br = ctb == CblasNoTrans ? k : cn, bc = ctb == CblasNoTrans ? cn : k;
    int legal = m >= 0 && n >= 0 && k >= 0 && clda >= (ar > 1 ? ar : 1) &&
                cldb >= (br > 1 ? br : 1) && ldc >= ((layout == CblasColMajor ? m : n) > 1 ? (layout == CblasColMajor ? m : n) : 1);
    long long ea = extent(ar, ac, clda), eb = extent(br, bc, cldb), ec = extent(cm, cn, ldc);
    int quick = legal && (m == 0 || n == 0 || ((alpha == 0 || k == 0) && beta == 1));
    int reads_ab = legal && !quick && alpha != 0 && k > 0;
    if (legal && !quick && (ec > BUF || (reads_ab && (ea > BUF || eb > BUF))))
        return; /* legal but larger than the buffers: not this test's business */
    double a[BUF], b[BUF];
    tu_buf cb;
    double *c = tu_alloc(&cb, BUF, sizeof(double));
    for (int i = 0; i < BUF; i++)
        a[i] = 0.25 * (i + 1), b[i] = 0.5 - 0.125 * i, c[i] = 1.0 + i;
    double want[BUF];
    memcpy(want, c, sizeof want);
    const double *va = layout == CblasColMajor ? a : b, *vb = layout == CblasColMajor ? b : a;
    if (legal && !quick)
        for (long long j = 0; j < cn; j++)
            for (long long i = 0; i < cm; i++) {
                double s = 0;
                for (long long l = 0; alpha != 0 && l < k; l++) {
                    double x = cta == CblasNoTrans ? va[i + l * clda] : va[l + i * clda];
                    double y = ctb == CblasNoTrans ? vb[l + j * cldb] : vb[j + l * cldb];
                    s += x * y;
                }
                double *w = &want[i + j * ldc];
                *w = alpha * s + (beta == 0 ? 0 : beta * *w);
            }
    xe_calls = 0;
    cblas_dgemm(layout, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    TU_CHECK(xe_calls == (legal ? 0 : 1), "dgemm lay %d ta %d tb %d m %d n %d k %d lda %d ldb %d ldc %d: %d errors, legal %d",
             layout, ta, tb, m, n, k, lda, ldb, ldc, xe_calls, legal);
    int diff = 0;
    for (int i = 0; i < BUF; i++)
        diff += !tu_close(c[i], want[i], 1e-14, 4);
    TU_CHECK(diff == 0 && tu_guard_ok(&cb), "dgemm lay %d ta %d tb %d m %d n %d k %d lda %d ldb %d ldc %d alpha %g: %d wrong",
             layout, ta, tb, m, n, k, lda, ldb, ldc, alpha, diff);
    tu_free(&cb);
}

/* The other types and entry points on the illegal and quick-return cases only (their
   arithmetic is the differential tests' business). */
static void other_case(int m, int n, int k, int ld)
{
    float fa[BUF] = {0}, fb[BUF] = {0}, fc[BUF];
    double za[2 * BUF] = {0}, zb[2 * BUF] = {0}, zc[2 * BUF], one[2] = {1, 0}, zero[2] = {0, 0};
    double da[BUF] = {0}, db[BUF] = {0}, dc[BUF];
    for (int i = 0; i < BUF; i++)
        fc[i] = 3, dc[i] = 3, zc[2 * i] = 3, zc[2 * i + 1] = 3;
    int legal = m >= 0 && n >= 0 && k >= 0 && ld >= (m > 1 ? m : 1) && ld >= (k > 1 ? k : 1);
    if (legal && m != 0 && n != 0)
        return; /* only quick returns and errors */
    xe_calls = 0;
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1, fa, ld, fb, ld, 0, fc, ld);
    cblas_zgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, m, n, k, one, za, ld, zb, ld, zero, zc, ld);
    char t = 'N';
    double alpha = 1, beta = 0;
    dgemm_(&t, &t, &m, &n, &k, &alpha, da, &ld, db, &ld, &beta, dc, &ld, 1, 1);
    TU_CHECK(xe_calls == (legal ? 0 : 3), "s/z/Fortran gemm m %d n %d k %d ld %d: %d errors", m, n, k, ld, xe_calls);
    int legal_v = m >= 0 && n >= 0 && ld >= (m > 1 ? m : 1);
    if (!legal_v || m == 0 || n == 0) {
        int inc = 1;
        xe_calls = 0;
        dgemv_(&t, &m, &n, &alpha, da, &ld, db, &inc, &beta, dc, &inc, 1);
        TU_CHECK(xe_calls == !legal_v, "dgemv m %d n %d ld %d: %d errors", m, n, ld, xe_calls);
    }
    int legal_k = m >= 0 && k >= 0 && ld >= (m > 1 ? m : 1);
    if (!legal_k || m == 0) {
        xe_calls = 0;
        cblas_dsyrk(CblasColMajor, CblasUpper, CblasNoTrans, m, k, 1, da, ld, 0, dc, ld);
        TU_CHECK(xe_calls == !legal_k, "dsyrk n %d k %d ld %d: %d errors", m, k, ld, xe_calls);
    }
    int touched = 0;
    for (int i = 0; i < BUF; i++)
        touched += fc[i] != 3 || dc[i] != 3 || zc[2 * i] != 3 || zc[2 * i + 1] != 3;
    TU_CHECK(touched == 0, "m %d n %d k %d ld %d: %d elements written", m, n, k, ld, touched);
}

int main(void)
{
    static const int layouts[] = {CblasColMajor, CblasRowMajor};
    static const int trans[] = {CblasNoTrans, CblasTrans};
    static const double alphas[] = {1.5, 0};
    static const double betas[] = {0, 1, -2};
    for (int lay = 0; lay < 2; lay++)
        for (int ta = 0; ta < 2; ta++)
            for (int tb = 0; tb < 2; tb++)
                for (int im = 0; im < ND; im++)
                    for (int in = 0; in < ND; in++)
                        for (int ik = 0; ik < ND; ik++)
                            for (int il = 0; il < NL; il++)
                                for (int x = 0; x < 6; x++) {
                                    /* ld combinations: all equal, then one of them varied */
                                    int ld = lds[il], l1 = ld, l2 = ld, l3 = ld;
                                    if (x == 1) l1 = 2;
                                    if (x == 2) l2 = 2;
                                    if (x == 3) l3 = 2;
                                    if (x == 4) l1 = l2 = 2;
                                    int ai = x == 5 ? 1 : 0;
                                    for (int bi = 0; bi < 3; bi++)
                                        gemm_case(layouts[lay], trans[ta], trans[tb], dims[im], dims[in],
                                                  dims[ik], l1, l2, l3, alphas[ai], betas[bi]);
                                }
    for (int im = 0; im < ND; im++)
        for (int in = 0; in < ND; in++)
            for (int ik = 0; ik < ND; ik++)
                for (int il = 0; il < NL; il++)
                    other_case(dims[im], dims[in], dims[ik], lds[il]);
    return tu_finish("test_fuzz_dims");
}
