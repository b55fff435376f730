/* The Level 3 differential tests' shared half (tests/test_level3.c: gemm, symm/hemm and the
   rank-k updates; tests/test_level3_tri.c: trmm and trsm): the routines under test, our
   recording xerbla_, guarded matrices whose unfilled elements hold NaN, the per-element
   expectation and its check, the scalars and shapes the cases draw from, the typed calls, the
   error-exit check, and the second run with tiny NANOBLAS_MC/KC/NC.

   Header-only like testutil.h: its functions are static inline so that a program that uses only
   some of them builds without warnings. */
#ifndef NB_LEVEL3_REF_H
#define NB_LEVEL3_REF_H

#include <complex.h>
#include <ctype.h>
#include <float.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/testutil.h"
#include "tests/typed.h"


#define PROTOS(T, R, p)                                                                                \
    void p##gemm_(const char *, const char *, const tint *, const tint *, const tint *, const T *,        \
                  const T *, const tint *, const T *, const tint *, const T *, T *, const tint *, size_t, \
                  size_t);                                                                             \
    void p##symm_(const char *, const char *, const tint *, const tint *, const T *, const T *,          \
                  const tint *, const T *, const tint *, const T *, T *, const tint *, size_t, size_t);   \
    void p##syrk_(const char *, const char *, const tint *, const tint *, const T *, const T *,          \
                  const tint *, const T *, T *, const tint *, size_t, size_t);                           \
    void p##syr2k_(const char *, const char *, const tint *, const tint *, const T *, const T *,         \
                   const tint *, const T *, const tint *, const T *, T *, const tint *, size_t, size_t);  \
    void p##trmm_(const char *, const char *, const char *, const char *, const tint *, const tint *,    \
                  const T *, const T *, const tint *, T *, const tint *, size_t, size_t, size_t,         \
                  size_t);                                                                             \
    void p##trsm_(const char *, const char *, const char *, const char *, const tint *, const tint *,    \
                  const T *, const T *, const tint *, T *, const tint *, size_t, size_t, size_t, size_t);
#define PROTOS_C(T, R, p)                                                                              \
    void p##hemm_(const char *, const char *, const tint *, const tint *, const T *, const T *,          \
                  const tint *, const T *, const tint *, const T *, T *, const tint *, size_t, size_t);   \
    void p##herk_(const char *, const char *, const tint *, const tint *, const R *, const T *,          \
                  const tint *, const R *, T *, const tint *, size_t, size_t);                           \
    void p##her2k_(const char *, const char *, const tint *, const tint *, const T *, const T *,         \
                   const tint *, const T *, const tint *, const R *, T *, const tint *, size_t, size_t);
PROTOS(float, float, s)
PROTOS(double, double, d)
PROTOS(fc, float, c)
PROTOS(dc, double, z)
PROTOS_C(fc, float, c)
PROTOS_C(dc, double, z)

/* ---- our xerbla_: records the call instead of printing ---- */
static int xerbla_calls, xerbla_info;
static char xerbla_name[16];
static size_t xerbla_len;
void xerbla_(const char *name, const tint *info, size_t len)
{
    xerbla_calls++;
    xerbla_info = *info;
    xerbla_len = len;
    memset(xerbla_name, 0, sizeof xerbla_name);
    memcpy(xerbla_name, name, len < 15 ? len : 15);
}

/* ---- element types ---- */
static const char tchar[] = "SDCZ";

/* ---- matrices in guarded buffers; everything not explicitly filled holds NaN ---- */
typedef struct {
    int t, rows, cols, ld;
    size_t n;
    tu_buf buf;
    void *p;
    unsigned char *snap;
} mat;

static inline void mat_init(mat *m, int t, int rows, int cols)
{
    m->t = t;
    m->rows = rows;
    m->cols = cols;
    m->ld = (rows > 1 ? rows : 1) + tu_randint(0, 2); /* often padded: padding must not be read */
    m->n = (size_t)m->ld * (size_t)(cols > 0 ? cols : 0);
    if (m->n == 0)
        m->n = 1;
    m->p = tu_alloc(&m->buf, m->n, esize[t]);
    for (size_t i = 0; i < m->n; i++)
        put(t, m->p, i, NaN);
    m->snap = NULL;
}
static inline dc at(const mat *m, int i, int j) { return get(m->t, m->p, (size_t)j * m->ld + i); }
static inline void set(mat *m, int i, int j, dc v) { put(m->t, m->p, (size_t)j * m->ld + i, v); }
static inline void mat_fill(mat *m)
{
    for (int j = 0; j < m->cols; j++)
        for (int i = 0; i < m->rows; i++)
            set(m, i, j, rnd(m->t));
}
static inline void mat_snap(mat *m)
{
    m->snap = malloc(m->n * esize[m->t]);
    memcpy(m->snap, m->p, m->n * esize[m->t]);
}
/* Value before the call (from the snapshot). */
static inline dc before(const mat *m, int i, int j) { return get(m->t, m->snap, (size_t)j * m->ld + i); }
static inline void mat_free(mat *m)
{
    tu_free(&m->buf);
    free(m->snap);
}
static inline int untouched(const mat *m) { return memcmp(m->p, m->snap, m->n * esize[m->t]) == 0; }

/* Expected result per element of an output buffer: mag < 0 means "must be bitwise unchanged". */
typedef struct {
    dc *want, *got; /* got: optional replacement of the buffer's values (residual checks) */
    double *mag;
} expect;
static inline void exp_init(expect *e, const mat *c)
{
    e->want = calloc(c->n, sizeof(dc));
    e->got = NULL;
    e->mag = malloc(c->n * sizeof(double));
    for (size_t i = 0; i < c->n; i++)
        e->mag[i] = -1;
}
static inline void exp_set(expect *e, const mat *c, int i, int j, dc want, double mag)
{
    size_t idx = (size_t)j * c->ld + i;
    e->want[idx] = want;
    e->mag[idx] = mag;
}
static inline void exp_free(expect *e)
{
    free(e->want);
    free(e->got);
    free(e->mag);
}

/* One check per call: every element against its expectation, the guards, no xerbla. */
static inline void check(const char *ctx, const mat *c, const expect *e, double tol)
{
    long bad = 0;
    size_t first = 0;
    for (size_t idx = 0; idx < c->n; idx++) {
        int ok;
        if (e->mag[idx] < 0) {
            ok = memcmp((const char *)c->p + idx * esize[c->t], c->snap + idx * esize[c->t],
                        esize[c->t]) == 0;
        } else {
            dc got = e->got ? e->got[idx] : get(c->t, c->p, idx);
            dc want = e->want[idx];
            ok = isfinite(creal(want)) && isfinite(cimag(want)) && tu_closez(got, want, tol, e->mag[idx]);
        }
        if (!ok && bad++ == 0)
            first = idx;
    }
    dc g = get(c->t, c->p, first), w = e->want[first];
    TU_CHECK(bad == 0, "%s: %ld bad elements, first (%d,%d) got %.8g%+.8gi want %.8g%+.8gi%s", ctx, bad,
             (int)(first % (size_t)c->ld), (int)(first / (size_t)c->ld), creal(g), cimag(g), creal(w),
             cimag(w), e->mag[first] < 0 ? " (must be untouched)" : "");
    TU_CHECK(tu_guard_ok(&c->buf), "%s: guard overwritten", ctx);
    TU_CHECK(xerbla_calls == 0, "%s: xerbla called (info %d)", ctx, xerbla_info);
}

static inline double tol_for(int t, int k) { return 8.0 * (k + 4) * eps(t); }
static inline char rcase(char c) { return (tu_next() & 1) ? (char)tolower(c) : c; }
static inline dc pick_scalar(int t, int idx)
{
    static const double fixed[3] = {0, 1, -1};
    return idx < 3 ? fixed[idx] : rnd(t);
}
/* Real scalars for herk/her2k: same four classes. */
static inline double pick_real(int idx) { return idx < 3 ? (double[]){0, 1, -1}[idx] : tu_rand() * 2; }


static inline double A1(dc x) { return fabs(creal(x)) + fabs(cimag(x)); } /* >= |x| */

/* op(X)(i, j) for TRANS letter tr */
static inline dc op_at(const mat *x, char tr, int i, int j)
{
    tr = (char)toupper(tr);
    if (tr == 'N')
        return at(x, i, j);
    dc v = at(x, j, i);
    return (tr == 'C') ? conj(v) : v;
}

/* The values of an r x c expression in i_, j_ as a column-major array: the reference loops read
   their operands many times, so they are evaluated once. */
#define DENSE(ptr, r, c, expr)                                                   \
    do {                                                                         \
        ptr = malloc(sizeof(dc) * ((size_t)(r) * (size_t)(c) + 1));              \
        for (int j_ = 0; j_ < (c); j_++)                                         \
            for (int i_ = 0; i_ < (r); i_++)                                     \
                ptr[(size_t)j_ * (size_t)(r) + i_] = (expr);                     \
    } while (0)

/* sum x[l*incx] * y[l*incy] over l < k, and the sum of the magnitudes of the products in *mag */
static inline dc dotp(int k, const dc *x, size_t incx, const dc *y, size_t incy, double *mag)
{
    dc s = 0;
    double m = 0;
    for (int l = 0; l < k; l++) {
        dc u = x[l * incx], v = y[l * incy];
        s += (u) * (v);
        m += A1(u) * A1(v);
    }
    *mag += m;
    return s;
}

/* ---- dispatch to the typed Fortran entry points ---- */
#define DISPATCH(CALL)                                                                 \
    switch (t) {                                                                       \
    case TS: { typedef float T; typedef float R; (void)sizeof(R); CALL(s); } break;    \
    case TD: { typedef double T; typedef double R; (void)sizeof(R); CALL(d); } break;  \
    case TC: { typedef fc T; typedef float R; (void)sizeof(R); CALL(c); } break;       \
    default: { typedef dc T; typedef double R; (void)sizeof(R); CALL(z); } break;      \
    }
#define DISPATCH_C(CALL)                                                               \
    switch (t) {                                                                       \
    case TC: { typedef fc T; typedef float R; (void)sizeof(T), (void)sizeof(R); CALL(c); } break;  \
    default: { typedef dc T; typedef double R; (void)sizeof(T), (void)sizeof(R); CALL(z); } break; \
    }

static inline void call_gemm(int t, char ta, char tb, tint m, tint n, tint k, dc alpha, const void *a, tint lda,
                      const void *b, tint ldb, dc beta, void *c, tint ldc)
{
#define CALL(p) T al = (T)alpha, be = (T)beta; p##gemm_(&ta, &tb, &m, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    DISPATCH(CALL)
#undef CALL
}
static inline void call_symm(int t, int herm, char side, char uplo, tint m, tint n, dc alpha, const void *a,
                      tint lda, const void *b, tint ldb, dc beta, void *c, tint ldc)
{
#define CALL(p) T al = (T)alpha, be = (T)beta; p##symm_(&side, &uplo, &m, &n, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
#define CALLH(p) T al = (T)alpha, be = (T)beta; p##hemm_(&side, &uplo, &m, &n, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    if (herm) {
        DISPATCH_C(CALLH)
    } else {
        DISPATCH(CALL)
    }
#undef CALL
#undef CALLH
}
/* kind: 0 syrk, 1 herk, 2 syr2k, 3 her2k */
static inline void call_rank(int t, int kind, char uplo, char tr, tint n, tint k, dc alpha, const void *a, tint lda,
                      const void *b, tint ldb, dc beta, void *c, tint ldc)
{
#define SYRK(p) T al = (T)alpha, be = (T)beta; p##syrk_(&uplo, &tr, &n, &k, &al, a, &lda, &be, c, &ldc, 1, 1)
#define HERK(p) R al = (R)creal(alpha), be = (R)creal(beta); p##herk_(&uplo, &tr, &n, &k, &al, a, &lda, &be, c, &ldc, 1, 1)
#define SYR2K(p) T al = (T)alpha, be = (T)beta; p##syr2k_(&uplo, &tr, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
#define HER2K(p) T al = (T)alpha; R be = (R)creal(beta); p##her2k_(&uplo, &tr, &n, &k, &al, a, &lda, b, &ldb, &be, c, &ldc, 1, 1)
    switch (kind) {
    case 0: DISPATCH(SYRK) break;
    case 1: DISPATCH_C(HERK) break;
    case 2: DISPATCH(SYR2K) break;
    default: DISPATCH_C(HER2K) break;
    }
#undef SYRK
#undef HERK
#undef SYR2K
#undef HER2K
}
static inline void call_tri(int t, int solve, char side, char uplo, char ta, char diag, tint m, tint n, dc alpha,
                     const void *a, tint lda, void *b, tint ldb)
{
#define TRMM(p) T al = (T)alpha; p##trmm_(&side, &uplo, &ta, &diag, &m, &n, &al, a, &lda, b, &ldb, 1, 1, 1, 1)
#define TRSM(p) T al = (T)alpha; p##trsm_(&side, &uplo, &ta, &diag, &m, &n, &al, a, &lda, b, &ldb, 1, 1, 1, 1)
    if (solve) {
        DISPATCH(TRSM)
    } else {
        DISPATCH(TRMM)
    }
#undef TRMM
#undef TRSM
}


static inline const char *scal_str(dc x, char *buf)
{
    sprintf(buf, "%.3g%+.3gi", creal(x), cimag(x));
    return buf;
}

/* ---- shapes: the register-tile and block edges, and a few larger ---- */
static const int dims[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 15, 16, 17, 23, 24, 25, 31, 33, 47, 65};
static inline int rdim(void) { return dims[tu_randint(0, (int)(sizeof dims / sizeof dims[0]) - 1)]; }
static inline int rdim_big(void) { return tu_randint(0, 3) ? rdim() : tu_randint(60, 140); }
static inline int in_tri(int upper, int i, int j) { return upper ? i <= j : i >= j; }

/* ---- error exits: expected routine name and argument position, outputs untouched ---- */
static mat err_c;
static dc err_ab[256]; /* operand storage large enough for every shape below, never written */

static inline void expect_error(int t, const char *name, int info, const char *what)
{
    char want[8];
    snprintf(want, sizeof want, "%c%-5s", tchar[t], name);
    if (info == 0)
        TU_CHECK(xerbla_calls == 0, "%s: unexpected xerbla (info %d)", what, xerbla_info);
    else
        TU_CHECK(xerbla_calls == 1 && xerbla_info == info && xerbla_len == 6 &&
                     memcmp(xerbla_name, want, 6) == 0,
                 "%s: xerbla calls %d name '%s' info %d, want '%s' %d", what, xerbla_calls, xerbla_name,
                 xerbla_info, want, info);
    TU_CHECK(untouched(&err_c), "%s: output written", what);
    xerbla_calls = 0;
}

/* The routine-by-routine error tables set err_c up with this and end with l3_errors_end. */
static inline void l3_errors_begin(int t)
{
    mat_init(&err_c, t, 8, 8);
    mat_fill(&err_c);
    mat_snap(&err_c);
    xerbla_calls = 0;
}
static inline void l3_errors_end(int t)
{
    TU_CHECK(tu_guard_ok(&err_c.buf), "%c error cases: guard overwritten", tchar[t]);
    mat_free(&err_c);
}

/* The same tests with tiny block sizes (set before the library loads, hence a new process), so
   that shapes of a few dozen cross every MC/KC/NC boundary. Returns 0 when it passed. */
static inline int run_small_blocks(const char *self)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char fd[16];
        snprintf(fd, sizeof fd, "%d", fds[1]);
        close(fds[0]);
        setenv("NB_TEST_LEVEL3_FD", fd, 1);
        setenv("NANOBLAS_MC", "13", 1);
        setenv("NANOBLAS_KC", "7", 1);
        setenv("NANOBLAS_NC", "11", 1);
        /* Under an emulator without binfmt_misc (tests/run_arm.sh: qemu-aarch64) the program
           cannot exec itself directly: the emulator named here runs it again. */
        const char *emu = getenv("NB_TEST_EMULATOR");
        if (emu && *emu)
            execlp(emu, emu, self, "--small-blocks", (char *)NULL);
        else
            execl("/proc/self/exe", self, "--small-blocks", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    long checks = 0, failures = 0;
    FILE *f = fdopen(fds[0], "r");
    int got = f && fscanf(f, "%ld %ld", &checks, &failures) == 2;
    if (f)
        fclose(f);
    int status = 0;
    waitpid(pid, &status, 0);
    tu_checks += checks;
    tu_failures += failures;
    return got && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* main() of both programs: run_all(full) once at the default block sizes, and again in a child
   process with tiny ones (run_small_blocks); NAME is the program's name in the summary. */
static inline int l3_main(int argc, char **argv, void (*run_all)(int full), const char *name)
{
    int small = argc > 1 && strcmp(argv[1], "--small-blocks") == 0;
    tu_seed(small ? 2 : 1);
    run_all(!small);
    if (small) {
        const char *fd = getenv("NB_TEST_LEVEL3_FD");
        if (fd) {
            FILE *f = fdopen(atoi(fd), "w");
            if (f) {
                fprintf(f, "%ld %ld\n", tu_checks, tu_failures);
                fclose(f);
            }
        }
        return tu_failures ? 1 : 0;
    }
    TU_CHECK(run_small_blocks(argv[0]) == 0, "the pass with NANOBLAS_MC/KC/NC = 13/7/11 failed");
    return tu_finish(name);
}

#endif
