/* Shared by the OpenBLAS-extension tests (test_openblas_ext, test_openblas_ext2): xerbla_ and
   cblas_xerbla that record the call instead of printing, a scalar of any element type to pass by
   address, and a guarded NaN-filled output buffer with a snapshot, checked element by element
   against expected values. Include after tests/typed.h. */
#ifndef NB_TESTS_EXT_CHECK_H
#define NB_TESTS_EXT_CHECK_H
#include <stdarg.h>
#include "tests/typed.h"

/* ---- our error handlers: record instead of print (name without Fortran's trailing blanks) ---- */
static int xb_calls, xb_info;
static char xb_name[32];
void xerbla_(const char *name, const int *info, size_t len)
{
    xb_calls++;
    xb_info = *info;
    memset(xb_name, 0, sizeof xb_name);
    memcpy(xb_name, name, len < 31 ? len : 31);
    for (size_t n = strlen(xb_name); n && xb_name[n - 1] == ' ';)
        xb_name[--n] = 0;
}
void cblas_xerbla(int info, const char *rout, const char *form, ...)
{
    (void)form;
    xb_calls++;
    xb_info = info;
    snprintf(xb_name, sizeof xb_name, "%s", rout);
}

/* A scalar of the element type, for passing by address. */
typedef union { float s; double d; fc c; dc z; } scal;
static inline scal sc(int t, dc v)
{
    scal u;
    memset(&u, 0, sizeof u);
    put(t, &u, 0, v);
    return u;
}
static inline double a1(dc x) { return fabs(creal(x)) + fabs(cimag(x)); }

/* A guarded NaN-filled buffer of n elements with a snapshot to compare against. */
typedef struct {
    int t;
    size_t n;
    tu_buf buf;
    void *p;
    unsigned char *snap;
} vbuf;
static inline void vb_init(vbuf *v, int t, size_t n)
{
    v->t = t, v->n = n ? n : 1;
    v->p = tu_alloc(&v->buf, v->n, esize[t]);
    for (size_t i = 0; i < v->n; i++)
        put(t, v->p, i, NaN);
    v->snap = NULL;
}
static inline void vb_snap(vbuf *v)
{
    free(v->snap);
    v->snap = malloc(v->n * esize[v->t]);
    memcpy(v->snap, v->p, v->n * esize[v->t]);
}
static inline dc vb_before(const vbuf *v, size_t i) { return get(v->t, v->snap, i); }
static inline int vb_unchanged(const vbuf *v) { return memcmp(v->p, v->snap, v->n * esize[v->t]) == 0; }
static inline int vb_same(const vbuf *v, size_t i)
{
    return memcmp((char *)v->p + i * esize[v->t], v->snap + i * esize[v->t], esize[v->t]) == 0;
}
static inline void vb_free(vbuf *v) { tu_free(&v->buf), free(v->snap); }

/* Checks v against want[i] (tolerance scaled by mag[i]; mag[i] < 0: bitwise unchanged), its
   guards, and that xerbla was not called. */
static void vb_verify(const char *ctx, const vbuf *v, const dc *want, const double *mag, double tol)
{
    long bad = 0;
    size_t first = 0;
    for (size_t i = 0; i < v->n; i++) {
        int ok = mag[i] < 0 ? vb_same(v, i) : tu_closez(get(v->t, v->p, i), want[i], tol, mag[i]);
        if (!ok && bad++ == 0)
            first = i;
    }
    dc g = get(v->t, v->p, first), w = want[first];
    TU_CHECK(bad == 0, "%s: %ld bad, first [%zu] got %.8g%+.8gi want %.8g%+.8gi%s", ctx, bad, first,
             creal(g), cimag(g), creal(w), cimag(w), mag[first] < 0 ? " (must be unchanged)" : "");
    TU_CHECK(tu_guard_ok(&v->buf), "%s: guard overwritten", ctx);
    TU_CHECK(xb_calls == 0, "%s: xerbla called (%s %d)", ctx, xb_name, xb_info);
    xb_calls = 0;
}
#endif
