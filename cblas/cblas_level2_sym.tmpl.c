/* CBLAS Level 2, symmetric / Hermitian matrices and rank updates:
   real:    symv sbmv spmv ger syr spr syr2 spr2
   complex: hemv hbmv hpmv geru gerc her hpr her2 hpr2

   Row-major mapping (see cblas_level2.tmpl.c): the row-major matrix is the transpose B of the
   column-major one in memory. For a symmetric A, B = A: only the stored triangle flips. For a
   Hermitian A, B = conj(A), so the operation runs on conjugated vectors exactly as the reference
   CBLAS does it:
     hemv:  conj(y) = conj(alpha)*B*conj(x) + conj(beta)*conj(y)
     her:   B += alpha*conj(x)*conj(x)**H
     her2:  B += alpha*conj(y)*conj(x)**H + conj(alpha)*conj(x)*conj(y)**H   (x and y swap)
     gerc:  B += alpha*conj(y)*x**T                                           (a geru call)
   The conjugated copies are unit-stride, so the copied vector's increment is checked as 1 when
   a copy is made (n > 0), as in the reference. */
#include "cblas_common.h"
#include "blas/level2/level2.h"
#include "blas/nb_trace.h"

/* Layout and Uplo of a symmetric/Hermitian call: 0 or the CBLAS position of the illegal one.
   *u receives the stored triangle of the column-major call. */
static int nb_cb_sym_args(int row, int Uplo, char *u)
{
    if (row < 0)
        return 1;
    if (!(*u = nb_cb_uplo(Uplo)))
        return 2;
    if (row)
        *u = nb_cb_flip_uplo(*u);
    return 0;
}

#if !NB_COMPLEX
/* ---- real: row-major only flips the triangle (B = A) ------------------------------------- */

NB_EXPORT void NB_CBLAS(symv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const nb_t alpha, const nb_t *A, const blasint lda, const nb_t *X,
                              const blasint incX, const nb_t beta, nb_t *Y, const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo),
             N, lda, incX, incY);
    const char *name = NB_CB_NAME(symv);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(symv_check)(u, N, &alpha, A, lda, X, incX, &beta, Y, incY)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(symv)(u, N, &alpha, A, lda, X, incX, &beta, Y, incY);
}

NB_EXPORT void NB_CBLAS(sbmv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const blasint K, const nb_t alpha, const nb_t *A, const blasint lda,
                              const nb_t *X, const blasint incX, const nb_t beta, nb_t *Y,
                              const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), N, K, lda, incX, incY);
    const char *name = NB_CB_NAME(sbmv);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(sbmv_check)(u, N, K, &alpha, A, lda, X, incX, &beta, Y, incY)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(sbmv)(u, N, K, &alpha, A, lda, X, incX, &beta, Y, incY);
}

NB_EXPORT void NB_CBLAS(spmv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const nb_t alpha, const nb_t *Ap, const nb_t *X, const blasint incX,
                              const nb_t beta, nb_t *Y, const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             incY);
    const char *name = NB_CB_NAME(spmv);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(spmv_check)(u, N, &alpha, Ap, X, incX, &beta, Y, incY)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(spmv)(u, N, &alpha, Ap, X, incX, &beta, Y, incY);
}

/* A = alpha*x*y**T + A; row-major: B = alpha*y*x**T + B with B the N x M transpose. */
NB_EXPORT void NB_CBLAS(ger)(const CBLAS_LAYOUT layout, const blasint M, const blasint N, const nb_t alpha,
                             const nb_t *X, const blasint incX, const nb_t *Y, const blasint incY,
                             nb_t *A, const blasint lda)
{
    NB_TRACE("layout=%s m=%" NB_TD " n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), M, N, incX, incY,
             lda);
    const char *name = NB_CB_NAME(ger);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    blasint info = row ? NB_INT(ger_check)(N, M, &alpha, Y, incY, X, incX, A, lda)
                       : NB_INT(ger_check)(M, N, &alpha, X, incX, Y, incY, A, lda);
    if (info)
        NB_CB_FAIL(row, info + 1, name);
    if (row)
        NB_INT(ger)(N, M, &alpha, Y, incY, X, incX, A, lda);
    else
        NB_INT(ger)(M, N, &alpha, X, incX, Y, incY, A, lda);
}

NB_EXPORT void NB_CBLAS(syr)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                             const nb_t alpha, const nb_t *X, const blasint incX, nb_t *A,
                             const blasint lda)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             lda);
    const char *name = NB_CB_NAME(syr);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(syr_check)(u, N, alpha, X, incX, A, lda)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(syr)(u, N, alpha, X, incX, A, lda);
}

NB_EXPORT void NB_CBLAS(spr)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                             const nb_t alpha, const nb_t *X, const blasint incX, nb_t *Ap)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX);
    const char *name = NB_CB_NAME(spr);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(spr_check)(u, N, alpha, X, incX, Ap)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(spr)(u, N, alpha, X, incX, Ap);
}

/* x*y**T + y*x**T is symmetric in x and y: the row-major call keeps their order. */
NB_EXPORT void NB_CBLAS(syr2)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const nb_t alpha, const nb_t *X, const blasint incX, const nb_t *Y,
                              const blasint incY, nb_t *A, const blasint lda)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo),
             N, incX, incY, lda);
    const char *name = NB_CB_NAME(syr2);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(syr2_check)(u, N, &alpha, X, incX, Y, incY, A, lda)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(syr2)(u, N, &alpha, X, incX, Y, incY, A, lda);
}

NB_EXPORT void NB_CBLAS(spr2)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const nb_t alpha, const nb_t *X, const blasint incX, const nb_t *Y,
                              const blasint incY, nb_t *Ap)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             incY);
    const char *name = NB_CB_NAME(spr2);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(spr2_check)(u, N, &alpha, X, incX, Y, incY, Ap)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    NB_INT(spr2)(u, N, &alpha, X, incX, Y, incY, Ap);
}

#else
/* ---- complex ------------------------------------------------------------------------------- */

/* hemv, hbmv, hpmv share the row-major scheme. CHECK(alpha, x, incx, beta) and CALL(...) expand
   to the routine's check and driver call with its other arguments. */
#define NB_CB_HERMITIAN_MV(fn, CHECK, CALL)                                                        \
    {                                                                                              \
        const char *name = NB_CB_NAME(fn);                                                         \
        const int row = nb_cb_layout(layout);                                                      \
        char u = 0;                                                                                \
        blasint info = nb_cb_sym_args(row, Uplo, &u);                                              \
        if (info)                                                                                  \
            NB_CB_FAIL(row, info, name);                                                         \
        const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);                                    \
        const nb_t *x = X;                                                                         \
        nb_t *y = Y;                                                                               \
        if (!row) {                                                                                \
            if ((info = CHECK(al, x, incX, be)) != 0)                                              \
                NB_CB_FAIL(0, info + 1, name);                                                   \
            CALL(al, x, incX, be);                                                                 \
            return;                                                                                \
        }                                                                                          \
        const nb_t cal = NB_CONJ(al), cbe = NB_CONJ(be);                                           \
        if ((info = CHECK(cal, x, N > 0 ? 1 : incX, cbe)) != 0)                                    \
            NB_CB_FAIL(1, info + 1, name);                                                       \
        if (N == 0 || (al == 0 && be == 1))                                                        \
            return;                                                                                \
        nb_t stack[NB_CB_STACK];                                                                   \
        nb_t *xc = nb_cb_conj_copy(N, x, incX, stack);                                             \
        if (!xc)                                                                                   \
            NB_CB_NOMEM(name);                                                                     \
        nb_cb_conj_inplace(N, y, incY);                                                            \
        CALL(cal, xc, 1, cbe);                                                                     \
        nb_cb_conj_inplace(N, y, incY);                                                            \
        nb_cb_release(xc, stack);                                                                  \
    }

NB_EXPORT void NB_CBLAS(hemv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const void *alpha, const void *A, const blasint lda, const void *X,
                              const blasint incX, const void *beta, void *Y, const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo),
             N, lda, incX, incY);
#define CHECK(al, x, incx, be) NB_INT(hemv_check)(u, N, &al, A, lda, x, incx, &be, y, incY)
#define CALL(al, x, incx, be) NB_INT(hemv)(u, N, &al, A, lda, x, incx, &be, y, incY)
    NB_CB_HERMITIAN_MV(hemv, CHECK, CALL)
#undef CHECK
#undef CALL
}

NB_EXPORT void NB_CBLAS(hbmv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const blasint K, const void *alpha, const void *A, const blasint lda,
                              const void *X, const blasint incX, const void *beta, void *Y,
                              const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), N, K, lda, incX, incY);
#define CHECK(al, x, incx, be) NB_INT(hbmv_check)(u, N, K, &al, A, lda, x, incx, &be, y, incY)
#define CALL(al, x, incx, be) NB_INT(hbmv)(u, N, K, &al, A, lda, x, incx, &be, y, incY)
    NB_CB_HERMITIAN_MV(hbmv, CHECK, CALL)
#undef CHECK
#undef CALL
}

NB_EXPORT void NB_CBLAS(hpmv)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const void *alpha, const void *Ap, const void *X, const blasint incX,
                              const void *beta, void *Y, const blasint incY)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             incY);
#define CHECK(al, x, incx, be) NB_INT(hpmv_check)(u, N, &al, Ap, x, incx, &be, y, incY)
#define CALL(al, x, incx, be) NB_INT(hpmv)(u, N, &al, Ap, x, incx, &be, y, incY)
    NB_CB_HERMITIAN_MV(hpmv, CHECK, CALL)
#undef CHECK
#undef CALL
}

NB_EXPORT void NB_CBLAS(geru)(const CBLAS_LAYOUT layout, const blasint M, const blasint N,
                              const void *alpha, const void *X, const blasint incX, const void *Y,
                              const blasint incY, void *A, const blasint lda)
{
    NB_TRACE("layout=%s m=%" NB_TD " n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), M, N, incX, incY,
             lda);
    const char *name = NB_CB_NAME(geru);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    const nb_t al = NB_SCALAR(alpha);
    blasint info = row ? NB_INT(geru_check)(N, M, &al, Y, incY, X, incX, A, lda)
                       : NB_INT(geru_check)(M, N, &al, X, incX, Y, incY, A, lda);
    if (info)
        NB_CB_FAIL(row, info + 1, name);
    if (row)
        NB_INT(geru)(N, M, &al, Y, incY, X, incX, A, lda);
    else
        NB_INT(geru)(M, N, &al, X, incX, Y, incY, A, lda);
}

NB_EXPORT void NB_CBLAS(gerc)(const CBLAS_LAYOUT layout, const blasint M, const blasint N,
                              const void *alpha, const void *X, const blasint incX, const void *Y,
                              const blasint incY, void *A, const blasint lda)
{
    NB_TRACE("layout=%s m=%" NB_TD " n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), M, N, incX, incY,
             lda);
    const char *name = NB_CB_NAME(gerc);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    const nb_t al = NB_SCALAR(alpha);
    blasint info;
    if (!row) {
        if ((info = NB_INT(gerc_check)(M, N, &al, X, incX, Y, incY, A, lda)) != 0)
            NB_CB_FAIL(0, info + 1, name);
        NB_INT(gerc)(M, N, &al, X, incX, Y, incY, A, lda);
        return;
    }
    if ((info = NB_INT(geru_check)(N, M, &al, Y, N > 0 ? 1 : incY, X, incX, A, lda)) != 0)
        NB_CB_FAIL(1, info + 1, name);
    if (M == 0 || N == 0 || al == 0)
        return;
    nb_t stack[NB_CB_STACK];
    nb_t *yc = nb_cb_conj_copy(N, Y, incY, stack);
    if (!yc)
        NB_CB_NOMEM(name);
    NB_INT(geru)(N, M, &al, yc, 1, X, incX, A, lda);
    nb_cb_release(yc, stack);
}

NB_EXPORT void NB_CBLAS(her)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                             const nb_r alpha, const void *X, const blasint incX, void *A,
                             const blasint lda)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             lda);
    const char *name = NB_CB_NAME(her);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if (!row) {
        if ((info = NB_INT(her_check)(u, N, alpha, X, incX, A, lda)) != 0)
            NB_CB_FAIL(0, info + 1, name);
        NB_INT(her)(u, N, alpha, X, incX, A, lda);
        return;
    }
    if ((info = NB_INT(her_check)(u, N, alpha, X, N > 0 ? 1 : incX, A, lda)) != 0)
        NB_CB_FAIL(1, info + 1, name);
    if (N == 0 || alpha == 0)
        return;
    nb_t stack[NB_CB_STACK];
    nb_t *xc = nb_cb_conj_copy(N, X, incX, stack);
    if (!xc)
        NB_CB_NOMEM(name);
    NB_INT(her)(u, N, alpha, xc, 1, A, lda);
    nb_cb_release(xc, stack);
}

NB_EXPORT void NB_CBLAS(hpr)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                             const nb_r alpha, const void *X, const blasint incX, void *A)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX);
    const char *name = NB_CB_NAME(hpr);
    const int row = nb_cb_layout(layout);
    char u = 0;
    blasint info = nb_cb_sym_args(row, Uplo, &u);
    if (info)
        NB_CB_FAIL(row, info, name);
    if (!row) {
        if ((info = NB_INT(hpr_check)(u, N, alpha, X, incX, A)) != 0)
            NB_CB_FAIL(0, info + 1, name);
        NB_INT(hpr)(u, N, alpha, X, incX, A);
        return;
    }
    if ((info = NB_INT(hpr_check)(u, N, alpha, X, N > 0 ? 1 : incX, A)) != 0)
        NB_CB_FAIL(1, info + 1, name);
    if (N == 0 || alpha == 0)
        return;
    nb_t stack[NB_CB_STACK];
    nb_t *xc = nb_cb_conj_copy(N, X, incX, stack);
    if (!xc)
        NB_CB_NOMEM(name);
    NB_INT(hpr)(u, N, alpha, xc, 1, A);
    nb_cb_release(xc, stack);
}

/* her2 and hpr2: CHECK(x, incx, y, incy) and CALL(...) expand to the check and driver call.
   Row-major swaps the vectors (see the top of the file). */
#define NB_CB_HERMITIAN_R2(fn, CHECK, CALL)                                                        \
    {                                                                                              \
        const char *name = NB_CB_NAME(fn);                                                         \
        const int row = nb_cb_layout(layout);                                                      \
        char u = 0;                                                                                \
        blasint info = nb_cb_sym_args(row, Uplo, &u);                                              \
        if (info)                                                                                  \
            NB_CB_FAIL(row, info, name);                                                         \
        const nb_t al = NB_SCALAR(alpha);                                                          \
        if (!row) {                                                                                \
            if ((info = CHECK(X, incX, Y, incY)) != 0)                                             \
                NB_CB_FAIL(0, info + 1, name);                                                   \
            CALL(X, incX, Y, incY);                                                                \
            return;                                                                                \
        }                                                                                          \
        if (N == 0) {                                                                              \
            if ((info = CHECK(Y, incY, X, incX)) != 0)                                             \
                NB_CB_FAIL(1, info + 1, name);                                                   \
            return;                                                                                \
        }                                                                                          \
        if ((info = CHECK(Y, 1, X, 1)) != 0)                                                       \
            NB_CB_FAIL(1, info + 1, name);                                                       \
        if (al == 0)                                                                               \
            return;                                                                                \
        nb_t xstack[NB_CB_STACK], ystack[NB_CB_STACK];                                             \
        nb_t *xc = nb_cb_conj_copy(N, X, incX, xstack);                                            \
        nb_t *yc = xc ? nb_cb_conj_copy(N, Y, incY, ystack) : NULL;                                \
        if (yc)                                                                                    \
            CALL(yc, 1, xc, 1);                                                                    \
        else                                                                                       \
            nb_cb_nomem(1, name);                                                                  \
        if (yc)                                                                                    \
            nb_cb_release(yc, ystack);                                                             \
        if (xc)                                                                                    \
            nb_cb_release(xc, xstack);                                                             \
    }

NB_EXPORT void NB_CBLAS(her2)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const void *alpha, const void *X, const blasint incX, const void *Y,
                              const blasint incY, void *A, const blasint lda)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo),
             N, incX, incY, lda);
#define CHECK(x, incx, y, incy) NB_INT(her2_check)(u, N, &al, x, incx, y, incy, A, lda)
#define CALL(x, incx, y, incy) NB_INT(her2)(u, N, &al, x, incx, y, incy, A, lda)
    NB_CB_HERMITIAN_R2(her2, CHECK, CALL)
#undef CHECK
#undef CALL
}

NB_EXPORT void NB_CBLAS(hpr2)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const blasint N,
                              const void *alpha, const void *X, const blasint incX, const void *Y,
                              const blasint incY, void *Ap)
{
    NB_TRACE("layout=%s uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout), NB_TR_E(Uplo), N, incX,
             incY);
#define CHECK(x, incx, y, incy) NB_INT(hpr2_check)(u, N, &al, x, incx, y, incy, Ap)
#define CALL(x, incx, y, incy) NB_INT(hpr2)(u, N, &al, x, incx, y, incy, Ap)
    NB_CB_HERMITIAN_R2(hpr2, CHECK, CALL)
#undef CHECK
#undef CALL
}
#endif
