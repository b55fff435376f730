/* Level 1 element-wise updates: axpy, copy, swap, scal (and csscal/zdscal).
   Strided paths run in the reference element order, which matters when an increment is 0
   (every step then reads or writes the same element). */
#include <string.h>
#include "l1_internal.h"
#include "blas/nb_trace.h"

void NB_INT(axpy)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    /* The reference returns without reading x when alpha is zero (complex: |re|+|im| == 0),
       so NaN or Inf in x does not reach y. */
    if (NB_RE(alpha) == 0 && NB_IM(alpha) == 0)
        return;
    if (incx == 1 && incy == 1) {
        /* Blocks that load before they store: the compiler may then vectorise without proving
           that x and y do not overlap (Fortran forbids it; x == y still gives the same result). */
        size_t i = 0, nn = (size_t)n;
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES) {
            nb_t t[NB_L1_LANES];
            for (int k = 0; k < NB_L1_LANES; k++)
                t[k] = y[i + k] + alpha * x[i + k];
            for (int k = 0; k < NB_L1_LANES; k++)
                y[i + k] = t[k];
        }
        for (; i < nn; i++)
            y[i] = y[i] + alpha * x[i];
        return;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy)
        y[iy] = y[iy] + alpha * x[ix];
}

void NB_INT(copy)(blasint n, const nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    if (incx == 1 && incy == 1) {
        memmove(y, x, (size_t)n * sizeof(nb_t));
        return;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy)
        y[iy] = x[ix];
}

void NB_INT(swap)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy)
{
    if (n <= 0)
        return;
    if (incx == 1 && incy == 1) {
        size_t i = 0, nn = (size_t)n;
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES) {
            nb_t tx[NB_L1_LANES], ty[NB_L1_LANES];
            for (int k = 0; k < NB_L1_LANES; k++) {
                tx[k] = x[i + k];
                ty[k] = y[i + k];
            }
            for (int k = 0; k < NB_L1_LANES; k++) {
                x[i + k] = ty[k];
                y[i + k] = tx[k];
            }
        }
        for (; i < nn; i++) {
            nb_t t = x[i];
            x[i] = y[i];
            y[i] = t;
        }
        return;
    }
    NB_L1_FOR2(n, incx, incy, ix, iy) {
        nb_t t = x[ix];
        x[ix] = y[iy];
        y[iy] = t;
    }
}

/* The reference (3.11) returns for alpha == 1 and otherwise scales by plain multiplication, also
   for alpha == 0: 0 * NaN and 0 * Inf stay NaN, and a complex alpha uses the full product
   (Fortran rules, no C99 NaN recovery). A non-positive increment is a no-op. */
void NB_INT(scal)(blasint n, nb_t alpha, nb_t *x, blasint incx)
{
    if (n <= 0 || incx <= 0 || alpha == 1)
        return;
    if (incx == 1) {
        size_t i = 0, nn = (size_t)n;
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
            for (int k = 0; k < NB_L1_LANES; k++)
                x[i + k] = alpha * x[i + k];
        for (; i < nn; i++)
            x[i] = alpha * x[i];
        return;
    }
    for (size_t i = 0, ix = 0; i < (size_t)n; i++, ix += (size_t)incx)
        x[ix] = alpha * x[ix];
}

#if NB_COMPLEX
/* Real alpha scales both parts separately (no cross terms, so 0 * Inf in one part never leaks
   into the other). */
void NB_SINT(scal)(blasint n, nb_r alpha, nb_t *x, blasint incx)
{
    if (n <= 0 || incx <= 0 || alpha == 1)
        return;
    nb_r *v = (nb_r *)x;
    if (incx == 1) {
        size_t i = 0, nn = 2 * (size_t)n;
        for (; i + NB_L1_LANES <= nn; i += NB_L1_LANES)
            for (int k = 0; k < NB_L1_LANES; k++)
                v[i + k] = alpha * v[i + k];
        for (; i < nn; i++)
            v[i] = alpha * v[i];
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
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    NB_INT(axpy)(*n, *alpha, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(copy_)(const blasint *n, const nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    NB_INT(copy)(*n, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(swap_)(const blasint *n, nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy)
{
    NB_TRACE("n=%d incx=%d incy=%d", *n, *incx, *incy);
    NB_INT(swap)(*n, x, *incx, y, *incy);
}

NB_EXPORT void NB_FN(scal_)(const blasint *n, const nb_t *alpha, nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    NB_INT(scal)(*n, *alpha, x, *incx);
}

#if NB_COMPLEX
NB_EXPORT void NB_SFN(scal_)(const blasint *n, const nb_r *alpha, nb_t *x, const blasint *incx)
{
    NB_TRACE("n=%d incx=%d", *n, *incx);
    NB_SINT(scal)(*n, *alpha, x, *incx);
}
#endif
