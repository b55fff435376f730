/* Level 1 element-wise updates: axpy, copy, swap, scal (and csscal/zdscal). */
#include <string.h>
#include "l1_internal.h"
#include "blas/nb_trace.h"

/* Unit-stride calls run the kernel set's loops; long ones are cut into the fixed chunks of
   l1_internal.h and shared by a team (each element is computed alone, so the split changes no
   bit). Strided calls keep the reference's element order, which decides the result when an
   increment is 0 (every step then reads or writes the same element). */
typedef struct {
    const nb_t *x;
    nb_t *y;
    const nb_t *alpha; /* by address: NB_KFROM in kernels/scalar_pass.h */
    nb_r ralpha;
} elem_ctx;

/* The chunks of [0, n) on the team a call touching `reals` elements gets; fn does one chunk. */
static void elem_run(size_t n, size_t reals, nb_l1_chunk_fn fn, elem_ctx *t)
{
    size_t nch = nb_l1_nchunks(n);
    if (nch == 1)
        fn(t, 0, 0, n);
    else
        nb_l1_run(n, nb_l1_team(reals, nch), fn, t);
}

static void axpy_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    NB_L1KP(axpy)(hi - lo, NB_L1_KFROM(t->alpha), t->x + lo, t->y + lo);
}

void NB_INT(axpy)(blasint n, const nb_t *alpha, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    /* The reference returns without reading x when alpha is zero (complex: |re|+|im| == 0),
       so NaN or Inf in x does not reach y. */
    if (NB_RE(*alpha) == 0 && NB_IM(*alpha) == 0)
        return;
    if (incx == 1 && incy == 1) {
        elem_ctx t = {x, y, alpha, 0};
        elem_run((size_t)n, 3 * NB_L1_NREAL * (size_t)n, axpy_chunk, &t);
        return;
    }
#if !NB_COMPLEX
    if (incx != 0 && incy != 0) { /* the kernel set's strided loop: its bits (l1_internal.h) */
        NB_L1KP(axpy_inc)((size_t)n, *alpha, x + nb_vstart(n, incx), incx, y + nb_vstart(n, incy), incy);
        return;
    }
#else
    if (incx != 0 && incy != 0) { /* gathered: the kernel's bits (l1_internal.h) */
        nb_t bx[NB_L1_GATHER], by[NB_L1_GATHER];
        const nb_t *px = x + nb_vstart(n, incx);
        nb_t *py = y + nb_vstart(n, incy);
        for (size_t i0 = 0; i0 < (size_t)n; i0 += NB_L1_GATHER) {
            size_t m = (size_t)n - i0 < NB_L1_GATHER ? (size_t)n - i0 : NB_L1_GATHER;
            nb_t *qy = py;
            for (size_t j = 0; j < m; j++, px += incx, py += incy)
                bx[j] = *px, by[j] = *py;
            NB_L1KP(axpy)(m, NB_L1_KFROM(alpha), bx, by);
            for (size_t j = 0; j < m; j++, qy += incy)
                *qy = by[j];
        }
        return;
    }
#endif
    const nb_t a = *alpha;
    NB_L1_FOR2(n, incx, incy, ix, iy)
        y[iy] = y[iy] + a * x[ix];
}

static void copy_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    memcpy(t->y + lo, t->x + lo, (hi - lo) * sizeof(nb_t));
}

/* A destination larger than the last-level cache cannot stay there for its next reader: its
   chunks go past the caches (the set's copy_stream), saving the read of each line before its
   store. Sapphire Rapids-class guest, dcopy of 2 x 220 MB: 0.55 of glibc memcpy's streaming
   rate with plain stores (docs/PERFORMANCE.md). */
static void copy_chunk_stream(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    NB_L1K(copy_stream)((hi - lo) * sizeof(nb_t), t->x + lo, t->y + lo, nb_rt.tune.copy_stream_pages);
}

void NB_INT(copy)(blasint n, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    if (incx == 1 && incy == 1) {
        size_t nn = (size_t)n;
        /* overlapping vectors (not valid BLAS, but harmless to allow) take one memmove */
        if ((x < y ? (size_t)(y - x) : (size_t)(x - y)) < nn) {
            memmove(y, x, nn * sizeof(nb_t));
            return;
        }
        elem_ctx t = {x, y, NULL, 0};
        elem_run(nn, 2 * NB_L1_NREAL * nn,
                 (double)(nn * sizeof(nb_t)) > nb_l1_copy_stream_min() ? copy_chunk_stream : copy_chunk, &t);
        return;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy)
        y[iy] = x[ix];
}

static void swap_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    NB_L1KR(swap)(NB_L1_NREAL * (hi - lo), (nb_r *)(t->y + lo), (nb_r *)((nb_t *)t->x + lo));
}

void NB_INT(swap)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    if (incx == 1 && incy == 1) {
        elem_ctx t = {x, y, NULL, 0};
        elem_run((size_t)n, 4 * NB_L1_NREAL * (size_t)n, swap_chunk, &t);
        return;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy) {
        nb_t t = x[ix];
        x[ix] = y[iy];
        y[iy] = t;
    }
}

static void scal_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    NB_L1KP(scal)(hi - lo, NB_L1_KFROM(t->alpha), t->y + lo);
}

/* The reference (3.11) returns for alpha == 1 and otherwise scales by plain multiplication, also
   for alpha == 0: 0 * NaN and 0 * Inf stay NaN, and a complex alpha uses the full product
   (Fortran rules, no C99 NaN recovery). A non-positive increment is a no-op. */
void NB_INT(scal)(blasint n, const nb_t *alpha, nb_t *x, blasint incx)
{
    if (n <= 0 || incx <= 0 || *alpha == 1)
        return;
    if (incx == 1) {
        elem_ctx t = {NULL, x, alpha, 0};
        elem_run((size_t)n, 2 * NB_L1_NREAL * (size_t)n, scal_chunk, &t);
        return;
    }
#if !NB_COMPLEX
    for (size_t i = 0, ix = 0; i < (size_t)n; i++, ix += (size_t)incx) /* one rounding, as the kernel */
        x[ix] = *alpha * x[ix];
#else
    /* gathered: a complex alpha's product fuses in the kernel (l1_internal.h) */
    nb_t buf[NB_L1_GATHER];
    for (size_t i0 = 0; i0 < (size_t)n; i0 += NB_L1_GATHER) {
        size_t m = (size_t)n - i0 < NB_L1_GATHER ? (size_t)n - i0 : NB_L1_GATHER;
        nb_t *p = x, *q = x;
        for (size_t j = 0; j < m; j++, p += incx)
            buf[j] = *p;
        NB_L1KP(scal)(m, NB_L1_KFROM(alpha), buf);
        for (size_t j = 0; j < m; j++, q += incx)
            *q = buf[j];
        x = p;
    }
#endif
}

#if NB_COMPLEX
static void rscal_chunk(void *vctx, size_t c, size_t lo, size_t hi)
{
    elem_ctx *t = vctx;
    (void)c;
    NB_L1KR(scal)(2 * (hi - lo), t->ralpha, (nb_r *)(t->y + lo));
}

/* Real alpha scales both parts separately (no cross terms, so 0 * Inf in one part never leaks
   into the other): the real kernel over the 2n reals. */
void NB_SINT(scal)(blasint n, nb_r alpha, nb_t *x, blasint incx)
{
    if (n <= 0 || incx <= 0 || alpha == 1)
        return;
    nb_r *v = (nb_r *)x;
    if (incx == 1) {
        elem_ctx t = {NULL, x, NULL, alpha};
        elem_run((size_t)n, 4 * (size_t)n, rscal_chunk, &t);
        return;
    }
    for (size_t i = 0, ix = 0; i < (size_t)n; i++, ix += 2 * (size_t)incx) {
        v[ix] = alpha * v[ix];
        v[ix + 1] = alpha * v[ix + 1];
    }
}
#endif

/* ---- Fortran entry points ---- */

NB_EXPORT void NB_FN(axpy_)(const blasint *n, const nb_t *alpha, const nb_t *x, const blasint *incx,
                            nb_t *y, const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(axpy)(*n, alpha, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(copy_)(const blasint *n, const nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(copy)(*n, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(swap_)(const blasint *n, nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(swap)(*n, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(scal_)(const blasint *n, const nb_t *alpha, nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    NB_INT(scal)(*n, alpha, x, *incx);
}

#if NB_COMPLEX
NB_EXPORT void NB_SFN(scal_)(const blasint *n, const nb_r *alpha, nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, *n, *incx);
    NB_SINT(scal)(*n, *alpha, x, *incx);
}
#endif
