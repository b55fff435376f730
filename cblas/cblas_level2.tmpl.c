/* CBLAS Level 2, general and triangular matrices: gemv, gbmv, trmv, tbmv, tpmv, trsv, tbsv, tpsv.

   A row-major matrix occupies the same memory as its transpose in column-major order, so every
   row-major call becomes the column-major call on the transpose: dimensions swap, NoTrans and
   Trans swap, the stored triangle flips. op(A) = A**H has no such counterpart (it would need
   conj(A) untransposed); as the reference CBLAS does, it is computed on conjugated vectors:
   y = alpha*conj(B)*x + beta*y  <=>  conj(y) = conj(alpha)*B*conj(x) + conj(beta)*conj(y).
   Conjugation is exact, so the results equal those of the reference.

   Errors: an illegal enumeration is reported at its own position; the remaining arguments are
   checked as the equivalent column-major call and reported at that call's position + 1, with
   RowMajorStrg telling cblas_xerbla to map it back (reference behaviour). */
#include "cblas_common.h"
#include "blas/level2/level2.h"
#include "blas/nb_trace.h"

NB_EXPORT void NB_CBLAS(gemv)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const blasint M,
                              const blasint N, NB_CSCAL alpha, NB_CVEC A, const blasint lda, NB_CVEC X,
                              const blasint incX, NB_CSCAL beta, NB_VEC Y, const blasint incY)
{
    NB_TRACE("layout=%s transa=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(TransA), M, N, lda, incX, incY);
    const char *name = NB_CB_NAME(gemv);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    char t = nb_cb_trans(TransA);
    if (!t)
        NB_CB_FAIL(row, 2, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    const nb_t *a = A, *x = X;
    nb_t *y = Y;
    blasint info;
    if (!row) {
        info = NB_INT(gemv_check)(t, M, N, &al, a, lda, x, incX, &be, y, incY);
        if (info)
            NB_CB_FAIL(0, info + 1, name);
        NB_INT(gemv)(t, M, N, &al, a, lda, x, incX, &be, y, incY);
        return;
    }
#if NB_COMPLEX
    if (t == 'C') {
        /* y = alpha*conj(B)*x + beta*y with B = the N x M column-major matrix in memory. The
           copy of x (M elements) is unit-stride, so its increment is checked as 1 (reference). */
        const blasint incx = M > 0 ? 1 : incX;
        const nb_t cal = NB_CONJ(al), cbe = NB_CONJ(be);
        info = NB_INT(gemv_check)('N', N, M, &cal, a, lda, x, incx, &cbe, y, incY);
        if (info)
            NB_CB_FAIL(1, info + 1, name);
        if (M == 0 || N == 0 || (al == 0 && be == 1))
            return;
        nb_t stack[NB_CB_STACK];
        nb_t *xc = nb_cb_conj_copy(M, x, incX, stack);
        if (!xc)
            NB_CB_NOMEM(name);
        nb_cb_conj_inplace(N, y, incY);
        NB_INT(gemv)('N', N, M, &cal, a, lda, xc, 1, &cbe, y, incY);
        nb_cb_conj_inplace(N, y, incY);
        nb_cb_release(xc, stack);
        return;
    }
#endif
    t = t == 'N' ? 'T' : 'N';
    info = NB_INT(gemv_check)(t, N, M, &al, a, lda, x, incX, &be, y, incY);
    if (info)
        NB_CB_FAIL(1, info + 1, name);
    NB_INT(gemv)(t, N, M, &al, a, lda, x, incX, &be, y, incY);
}

NB_EXPORT void NB_CBLAS(gbmv)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const blasint M,
                              const blasint N, const blasint KL, const blasint KU, NB_CSCAL alpha, NB_CVEC A,
                              const blasint lda, NB_CVEC X, const blasint incX, NB_CSCAL beta, NB_VEC Y,
                              const blasint incY)
{
    NB_TRACE("layout=%s transa=%c m=%" NB_TD " n=%" NB_TD " kl=%" NB_TD " ku=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(TransA), M, N, KL, KU, lda, incX, incY);
    const char *name = NB_CB_NAME(gbmv);
    const int row = nb_cb_layout(layout);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    char t = nb_cb_trans(TransA);
    if (!t)
        NB_CB_FAIL(row, 2, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    const nb_t *a = A, *x = X;
    nb_t *y = Y;
    blasint info;
    if (!row) {
        info = NB_INT(gbmv_check)(t, M, N, KL, KU, &al, a, lda, x, incX, &be, y, incY);
        if (info)
            NB_CB_FAIL(0, info + 1, name);
        NB_INT(gbmv)(t, M, N, KL, KU, &al, a, lda, x, incX, &be, y, incY);
        return;
    }
    /* The transpose of an M x N band matrix with KL sub- and KU super-diagonals is N x M with
       KU sub- and KL super-diagonals, stored in the same band layout. */
#if NB_COMPLEX
    if (t == 'C') {
        const blasint incx = M > 0 ? 1 : incX;
        const nb_t cal = NB_CONJ(al), cbe = NB_CONJ(be);
        info = NB_INT(gbmv_check)('N', N, M, KU, KL, &cal, a, lda, x, incx, &cbe, y, incY);
        if (info)
            NB_CB_FAIL(1, info + 1, name);
        if (M == 0 || N == 0 || (al == 0 && be == 1))
            return;
        nb_t stack[NB_CB_STACK];
        nb_t *xc = nb_cb_conj_copy(M, x, incX, stack);
        if (!xc)
            NB_CB_NOMEM(name);
        nb_cb_conj_inplace(N, y, incY);
        NB_INT(gbmv)('N', N, M, KU, KL, &cal, a, lda, xc, 1, &cbe, y, incY);
        nb_cb_conj_inplace(N, y, incY);
        nb_cb_release(xc, stack);
        return;
    }
#endif
    t = t == 'N' ? 'T' : 'N';
    info = NB_INT(gbmv_check)(t, N, M, KU, KL, &al, a, lda, x, incX, &be, y, incY);
    if (info)
        NB_CB_FAIL(1, info + 1, name);
    NB_INT(gbmv)(t, N, M, KU, KL, &al, a, lda, x, incX, &be, y, incY);
}

/* ---- triangular: x = op(A)*x or x = inv(op(A))*x ------------------------------------------ */

/* The characters of the column-major call equivalent to (layout, Uplo, Trans, Diag); returns 0,
   or the CBLAS position of the first illegal argument. *conj is set for a complex row-major
   ConjTrans call: it runs untransposed on conj(x) (conj(op(A)x) = B*conj(x) for op = **H). */
static int nb_cb_triangular(int row, int Uplo, int Trans, int Diag, char *u, char *t, char *d,
                            int *conj)
{
    if (row < 0)
        return 1;
    if (!(*u = nb_cb_uplo(Uplo)))
        return 2;
    if (!(*t = nb_cb_trans(Trans)))
        return 3;
    if (!(*d = nb_cb_diag(Diag)))
        return 4;
    *conj = 0;
    if (row) {
        *u = nb_cb_flip_uplo(*u);
        *conj = NB_COMPLEX && *t == 'C';
        *t = *t == 'N' ? 'T' : 'N';
    }
    return 0;
}

/* One entry point per routine. PARAMS is the parenthesised parameter list after Diag, DIMS the
   parenthesised format and values of its trace line (blas/nb_trace.h), the variadic part the
   driver's arguments after (uplo, trans, diag); x names the vector. */
#if NB_COMPLEX
#define NB_CB_CONJ_X(n, x, incx) nb_cb_conj_inplace(n, x, incx)
#else
#define NB_CB_CONJ_X(n, x, incx) ((void)0)
#endif
#define NB_CB_UNPAREN(...) __VA_ARGS__

#define NB_CB_TRACE_DIMS(fmt, ...)                                                                 \
    NB_TRACE("layout=%s uplo=%c transa=%c diag=%c " fmt, NB_TR_LAYOUT(layout), NB_TR_E(Uplo),      \
             NB_TR_E(TransA), NB_TR_E(Diag), __VA_ARGS__)

#define NB_CB_TRIANGULAR(fn, PARAMS, DIMS, ...)                                                    \
    NB_EXPORT void NB_CBLAS(fn)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,                \
                                const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag,              \
                                NB_CB_UNPAREN PARAMS)                                              \
    {                                                                                              \
        NB_CB_TRACE_DIMS DIMS;                                                                     \
        const char *name = NB_CB_NAME(fn);                                                         \
        const int row = nb_cb_layout(layout);                                                      \
        char u = 0, t = 0, d = 0;                                                                  \
        int conj = 0;                                                                              \
        int bad = nb_cb_triangular(row, Uplo, TransA, Diag, &u, &t, &d, &conj);                    \
        if (bad)                                                                                   \
            NB_CB_FAIL(row, bad, name);                                                            \
        nb_t *x = X;                                                                               \
        blasint info = NB_INT(fn##_check)(u, t, d, __VA_ARGS__);                                   \
        if (info)                                                                                  \
            NB_CB_FAIL(row, info + 1, name);                                                       \
        if (conj)                                                                                  \
            NB_CB_CONJ_X(N, x, incX);                                                              \
        NB_INT(fn)(u, t, d, __VA_ARGS__);                                                          \
        if (conj)                                                                                  \
            NB_CB_CONJ_X(N, x, incX);                                                              \
    }

#define NB_CB_TR_DIMS ("n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, N, lda, incX)
#define NB_CB_TB_DIMS ("n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, N, K, lda, incX)
#define NB_CB_TP_DIMS ("n=%" NB_TD " incx=%" NB_TD, N, incX)
NB_CB_TRIANGULAR(trmv, (const blasint N, NB_CVEC A, const blasint lda, NB_VEC X, const blasint incX),
                 NB_CB_TR_DIMS, N, A, lda, x, incX)
NB_CB_TRIANGULAR(trsv, (const blasint N, NB_CVEC A, const blasint lda, NB_VEC X, const blasint incX),
                 NB_CB_TR_DIMS, N, A, lda, x, incX)
NB_CB_TRIANGULAR(tbmv,
                 (const blasint N, const blasint K, NB_CVEC A, const blasint lda, NB_VEC X, const blasint incX),
                 NB_CB_TB_DIMS, N, K, A, lda, x, incX)
NB_CB_TRIANGULAR(tbsv,
                 (const blasint N, const blasint K, NB_CVEC A, const blasint lda, NB_VEC X, const blasint incX),
                 NB_CB_TB_DIMS, N, K, A, lda, x, incX)
NB_CB_TRIANGULAR(tpmv, (const blasint N, NB_CVEC Ap, NB_VEC X, const blasint incX), NB_CB_TP_DIMS, N,
                 Ap, x, incX)
NB_CB_TRIANGULAR(tpsv, (const blasint N, NB_CVEC Ap, NB_VEC X, const blasint incX), NB_CB_TP_DIMS, N,
                 Ap, x, incX)
