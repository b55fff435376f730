/* OpenBLAS's bf16 vector routines: the conversions cblas_sbstobf16, cblas_sbdtobf16,
   cblas_sbf16tos, cblas_dbf16tod, the dot product cblas_sbdot and cblas_sbgemv. Arithmetic on
   widened values in fp32 (products of two bf16 are exact in fp32). */
#include <stdlib.h>
#include "blas/nb_common.h"
#include "blas/bf16/bf16.h"
#include "cblas.h"
#include "blas/nb_trace.h"
#include "kernels/kernel.h"

/* Element i of a strided vector, OpenBLAS style (a negative increment walks from the end). */
static inline ptrdiff_t at(blasint n, blasint inc, blasint i)
{
    return nb_vstart(n, inc) + (ptrdiff_t)i * inc;
}

NB_EXPORT void cblas_sbstobf16(const blasint n, const float *in, const blasint incin, nb_bf16 *out,
                               const blasint incout)
{
    NB_TRACE("n=%" NB_TD " incin=%" NB_TD " incout=%" NB_TD, n, incin, incout);
    for (blasint i = 0; i < n; i++)
        out[at(n, incout, i)] = nb_float_to_bf16(in[at(n, incin, i)]);
}

NB_EXPORT void cblas_sbdtobf16(const blasint n, const double *in, const blasint incin, nb_bf16 *out,
                               const blasint incout)
{
    NB_TRACE("n=%" NB_TD " incin=%" NB_TD " incout=%" NB_TD, n, incin, incout);
    for (blasint i = 0; i < n; i++)
        out[at(n, incout, i)] = nb_double_to_bf16(in[at(n, incin, i)]);
}

NB_EXPORT void cblas_sbf16tos(const blasint n, const nb_bf16 *in, const blasint incin, float *out,
                              const blasint incout)
{
    NB_TRACE("n=%" NB_TD " incin=%" NB_TD " incout=%" NB_TD, n, incin, incout);
    for (blasint i = 0; i < n; i++)
        out[at(n, incout, i)] = nb_bf16_to_float(in[at(n, incin, i)]);
}

NB_EXPORT void cblas_dbf16tod(const blasint n, const nb_bf16 *in, const blasint incin, double *out,
                              const blasint incout)
{
    NB_TRACE("n=%" NB_TD " incin=%" NB_TD " incout=%" NB_TD, n, incin, incout);
    for (blasint i = 0; i < n; i++)
        out[at(n, incout, i)] = (double)nb_bf16_to_float(in[at(n, incin, i)]);
}

NB_EXPORT float cblas_sbdot(const blasint n, const nb_bf16 *x, const blasint incx, const nb_bf16 *y,
                            const blasint incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, n, incx, incy);
    if (n > 0 && incx == 1 && incy == 1) { /* the kernel set's vectorised loop */
        if (!nb_rt.kset)
            nb_init();
        return nb_rt.kset->l2gen.sbdot((size_t)n, x, y);
    }
    float sum = 0;
    for (blasint i = 0; i < n; i++)
        sum += nb_bf16_to_float(x[at(n, incx, i)]) * nb_bf16_to_float(y[at(n, incy, i)]);
    return sum;
}

extern int RowMajorStrg; /* cblas/cblas_globals.c: read by cblas_xerbla */

/* y = alpha*op(A)*x + beta*y with A m x n in `layout`; the reference gemv's semantics (beta == 0
   does not read y; alpha == 0 reads neither A nor x) and argument checks, reported as
   cblas_sgemv reports them (netlib CBLAS): a row-major call is checked as the column-major
   gemv of A**T (m and n exchanged) and reports that call's position with RowMajorStrg set (an
   illegal n is 3, m 4), which the reference cblas_xerbla's "gemv" table maps back to the
   caller's argument. */
NB_EXPORT void cblas_sbgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE trans, const blasint m,
                            const blasint n, const float alpha, const nb_bf16 *a, const blasint lda,
                            const nb_bf16 *x, const blasint incx, const float beta, float *y,
                            const blasint incy)
{
    NB_TRACE("layout=%s trans=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(trans), m, n, lda, incx, incy);
    int row = layout == CblasRowMajor, col = layout == CblasColMajor;
    int notrans = trans == CblasNoTrans, tr = trans == CblasTrans || trans == CblasConjTrans;
    int info = 0;
    blasint rows = row ? n : m, cols = row ? m : n; /* of the column-major matrix in memory */
    if (!row && !col)
        info = 1;
    else if (!notrans && !tr)
        info = 2;
    else if (rows < 0)
        info = 3;
    else if (cols < 0)
        info = 4;
    else if (lda < nb_max(1, rows))
        info = 7;
    else if (incx == 0)
        info = 9;
    else if (incy == 0)
        info = 12;
    if (info) {
        RowMajorStrg = row && info != 1;
        cblas_xerbla(info, "cblas_sbgemv", "");
        RowMajorStrg = 0;
        return;
    }
    blasint lenx = notrans ? n : m, leny = notrans ? m : n;
    if (m == 0 || n == 0)
        return;
    for (blasint i = 0; i < leny; i++) {
        float *yi = &y[at(leny, incy, i)];
        *yi = beta == 0 ? 0 : beta * *yi;
    }
    if (alpha == 0)
        return;
    /* The matrix in memory is column-major rows x cols; op(A) in the caller's layout is that
       matrix or its transpose. The set's loops take contiguous vectors: strided ones are copied
       (O(m + n) against O(mn) work). */
    unsigned short *xb = NULL;
    float *yb = NULL;
    if (incx != 1)
        xb = malloc((size_t)lenx * sizeof *xb);
    if (incy != 1)
        yb = malloc((size_t)leny * sizeof *yb);
    if ((incx == 1 || xb) && (incy == 1 || yb)) {
        if (!nb_rt.kset)
            nb_init();
        const unsigned short *xc = x;
        float *yc = y;
        if (xb) {
            for (blasint l = 0; l < lenx; l++)
                xb[l] = x[at(lenx, incx, l)];
            xc = xb;
        }
        if (yb) {
            for (blasint i = 0; i < leny; i++)
                yb[i] = y[at(leny, incy, i)];
            yc = yb;
        }
        if (notrans == col) /* plain column-major product */
            nb_rt.kset->l2gen.sbgemv_n((size_t)rows, (size_t)cols, alpha, a, (size_t)lda, xc, yc);
        else
            nb_rt.kset->l2gen.sbgemv_t((size_t)rows, (size_t)cols, alpha, a, (size_t)lda, xc, yc);
        if (yb)
            for (blasint i = 0; i < leny; i++)
                y[at(leny, incy, i)] = yb[i];
        free(xb), free(yb);
        return;
    }
    free(xb), free(yb); /* no memory: the reference loop */
    size_t rs = row ? (size_t)lda : 1, cs = row ? 1 : (size_t)lda; /* A(r, c) at r*rs + c*cs */
    for (blasint i = 0; i < leny; i++) {
        float sum = 0;
        for (blasint l = 0; l < lenx; l++) {
            /* op(A)(i, l) is A(i, l) or A(l, i) */
            size_t e = notrans ? (size_t)i * rs + (size_t)l * cs : (size_t)l * rs + (size_t)i * cs;
            sum += nb_bf16_to_float(a[e]) * nb_bf16_to_float(x[at(lenx, incx, l)]);
        }
        y[at(leny, incy, i)] += alpha * sum;
    }
}
