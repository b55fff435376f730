/* CBLAS Level 3: gemm symm syrk syr2k trmm trsm (all types), hemm herk her2k (complex).

   Row-major mapping: a row-major matrix is the transpose of the column-major one in the same
   memory, and every Level 3 operation transposes into another column-major call:
     gemm:        C**T = op(B)**T * op(A)**T      -> swap A/B, M/N and the two transposes
     symm/hemm:   C**T = B**T * A**T              -> other side, other triangle, swap M/N
     syrk/syr2k:  C**T = C                         -> other triangle, NoTrans <-> Trans
     herk/her2k:  C**T = conj(C)                   -> other triangle, NoTrans <-> ConjTrans,
                                                      her2k with conj(alpha)
     trmm/trsm:   B**T = B**T * op(A)**T          -> other side, other triangle, swap M/N
   The transposition characters follow the reference CBLAS, including its treatment of the
   values that the row-major form cannot express directly (see each routine).
   Errors: as in Level 2 (enumeration position, or the column-major call's position + 1 with
   RowMajorStrg set for cblas_xerbla to map it back). */
#include "cblas_common.h"
#include "blas/level3/level3.h"
#include "blas/nb_trace.h"

/* cblas_?gemm's body, with the routine name its errors report (cblas_?gemm3m runs it too, with
   three_m set: the same checks, then the 3M driver, blas/level3/gemm3m.tmpl.c). */
void NB_INT(cblas_gemm_named)(const char *name, int three_m, const CBLAS_LAYOUT layout,
                              const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
                              const blasint M, const blasint N, const blasint K, NB_CSCAL alpha, NB_CVEC A,
                              const blasint lda, NB_CVEC B, const blasint ldb, NB_CSCAL beta, NB_VEC C,
                              const blasint ldc)
{
    const int row = nb_cb_layout(layout);
    const char ta = nb_cb_trans(TransA), tb = nb_cb_trans(TransB);
    /* Tiny problems first: every layer between here and the kernel costs as much as their
       arithmetic. gemm_tiny takes only legal calls, so errors are still reported below. (3M
       runs ?gemm at these sizes too.) */
    if (row >= 0 && ta && tb &&
        (row ? NB_INT(gemm_tiny)(tb, ta, N, M, K, NB_SCALAR(alpha), B, ldb, A, lda,
                                 NB_SCALAR(beta), C, ldc)
             : NB_INT(gemm_tiny)(ta, tb, M, N, K, NB_SCALAR(alpha), A, lda, B, ldb,
                                 NB_SCALAR(beta), C, ldc)))
        return;
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    if (!ta)
        NB_CB_FAIL(row, 2, name);
    if (!tb)
        NB_CB_FAIL(row, 3, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    blasint info = row ? NB_INT(gemm_check)(tb, ta, N, M, K, al, B, ldb, A, lda, be, C, ldc)
                       : NB_INT(gemm_check)(ta, tb, M, N, K, al, A, lda, B, ldb, be, C, ldc);
    if (info)
        NB_CB_FAIL(row, info + 1, name);
    if (M == 0 || N == 0 || ((al == 0 || K == 0) && be == 1))
        return;
#if NB_COMPLEX
    if (three_m) {
        if (row)
            NB_INT(gemm3m)(tb, ta, N, M, K, al, B, ldb, A, lda, be, C, ldc);
        else
            NB_INT(gemm3m)(ta, tb, M, N, K, al, A, lda, B, ldb, be, C, ldc);
        return;
    }
#else
    (void)three_m;
#endif
    if (row)
        NB_INT(gemm)(tb, ta, N, M, K, al, B, ldb, A, lda, be, C, ldc);
    else
        NB_INT(gemm)(ta, tb, M, N, K, al, A, lda, B, ldb, be, C, ldc);
}

NB_EXPORT void NB_CBLAS(gemm)(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                              const CBLAS_TRANSPOSE TransB, const blasint M, const blasint N, const blasint K,
                              NB_CSCAL alpha, NB_CVEC A, const blasint lda, NB_CVEC B, const blasint ldb,
                              NB_CSCAL beta, NB_VEC C, const blasint ldc)
{
    NB_TRACE("layout=%s transa=%c transb=%c m=%" NB_TD " n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(TransA), NB_TR_E(TransB), M, N, K, lda, ldb, ldc);
    NB_INT(cblas_gemm_named)(NB_CB_NAME(gemm), 0, layout, TransA, TransB, M, N, K, alpha, A, lda, B,
                             ldb, beta, C, ldc);
}

/* Side and Uplo of symm/hemm/trmm/trsm, mapped to the column-major call: 0 or the position of
   the illegal one (layout 1, Side 2, Uplo 3). */
static int nb_cb_side_uplo(int row, int Side, int Uplo, char *s, char *u)
{
    if (row < 0)
        return 1;
    if (!(*s = nb_cb_side(Side)))
        return 2;
    if (!(*u = nb_cb_uplo(Uplo)))
        return 3;
    if (row) {
        *s = nb_cb_flip_side(*s);
        *u = nb_cb_flip_uplo(*u);
    }
    return 0;
}

#define NB_CB_SYMM_LIKE(fn)                                                                        \
    NB_EXPORT void NB_CBLAS(fn)(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                \
                                const CBLAS_UPLO Uplo, const blasint M, const blasint N, NB_CSCAL alpha,  \
                                NB_CVEC A, const blasint lda, NB_CVEC B, const blasint ldb,               \
                                NB_CSCAL beta, NB_VEC C, const blasint ldc)                           \
    {                                                                                              \
        NB_TRACE("layout=%s side=%c uplo=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(layout), \
                 NB_TR_E(Side), NB_TR_E(Uplo), M, N, lda, ldb, ldc);                               \
        const char *name = NB_CB_NAME(fn);                                                         \
        const int row = nb_cb_layout(layout);                                                      \
        char s = 0, u = 0;                                                                         \
        blasint info = nb_cb_side_uplo(row, Side, Uplo, &s, &u);                                   \
        if (info)                                                                                  \
            NB_CB_FAIL(row, info, name);                                                           \
        const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);                                    \
        const blasint m = row ? N : M, n = row ? M : N;                                            \
        if ((info = NB_INT(fn##_check)(s, u, m, n, al, A, lda, B, ldb, be, C, ldc)) != 0)          \
            NB_CB_FAIL(row, info + 1, name);                                                       \
        if (m == 0 || n == 0 || (al == 0 && be == 1))                                              \
            return;                                                                                \
        NB_INT(fn)(s, u, m, n, al, A, lda, B, ldb, be, C, ldc);                                    \
    }

NB_CB_SYMM_LIKE(symm)
#if NB_COMPLEX
NB_CB_SYMM_LIKE(hemm)
#endif

#define NB_CB_TRMM_LIKE(fn)                                                                        \
    NB_EXPORT void NB_CBLAS(fn)(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side,                \
                                const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,              \
                                const CBLAS_DIAG Diag, const blasint M, const blasint N, NB_CSCAL alpha,  \
                                NB_CVEC A, const blasint lda, NB_VEC B, const blasint ldb)                \
    {                                                                                              \
        NB_TRACE("layout=%s side=%c uplo=%c transa=%c diag=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD,            \
                 NB_TR_LAYOUT(layout), NB_TR_E(Side), NB_TR_E(Uplo), NB_TR_E(TransA),              \
                 NB_TR_E(Diag), M, N, lda, ldb);                                                   \
        const char *name = NB_CB_NAME(fn);                                                         \
        const int row = nb_cb_layout(layout);                                                      \
        char s = 0, u = 0, t = 0, d = 0;                                                           \
        blasint info = nb_cb_side_uplo(row, Side, Uplo, &s, &u);                                   \
        if (!info && !(t = nb_cb_trans(TransA)))                                                   \
            info = 4;                                                                              \
        if (!info && !(d = nb_cb_diag(Diag)))                                                      \
            info = 5;                                                                              \
        if (info)                                                                                  \
            NB_CB_FAIL(row, info, name);                                                           \
        const nb_t al = NB_SCALAR(alpha);                                                          \
        const blasint m = row ? N : M, n = row ? M : N;                                            \
        if ((info = NB_INT(fn##_check)(s, u, t, d, m, n, al, A, lda, B, ldb)) != 0)                \
            NB_CB_FAIL(row, info + 1, name);                                                       \
        if (m == 0 || n == 0)                                                                      \
            return;                                                                                \
        NB_INT(fn)(s, u, t, d, m, n, al, A, lda, B, ldb);                                          \
    }

NB_CB_TRMM_LIKE(trmm)
NB_CB_TRMM_LIKE(trsm)

/* Uplo and Trans of the rank-k updates, mapped to the column-major call: 0 or the position of
   the illegal one. herm selects the Hermitian forms. Row-major Trans follows the reference:
   symmetric: NoTrans -> T, Trans -> N, ConjTrans -> N for real types and illegal for complex;
   Hermitian: NoTrans -> C, Trans and ConjTrans -> N. A column-major call passes Trans through
   and lets the check reject what the routine does not accept. */
static int nb_cb_rank_k(int row, int Uplo, int Trans, int herm, char *u, char *t)
{
    if (row < 0)
        return 1;
    if (!(*u = nb_cb_uplo(Uplo)))
        return 2;
    if (!(*t = nb_cb_trans(Trans)))
        return 3;
    if (row) {
        *u = nb_cb_flip_uplo(*u);
        if (*t == 'N')
            *t = herm ? 'C' : 'T';
        else if (*t == 'T' || herm || !NB_COMPLEX)
            *t = 'N';
        else
            return 3;
    }
    return 0;
}

NB_EXPORT void NB_CBLAS(syrk)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                              const CBLAS_TRANSPOSE Trans, const blasint N, const blasint K,
                              NB_CSCAL alpha, NB_CVEC A, const blasint lda, NB_CSCAL beta, NB_VEC C,
                              const blasint ldc)
{
    NB_TRACE("layout=%s uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), NB_TR_E(Trans), N, K, lda, ldc);
    const char *name = NB_CB_NAME(syrk);
    const int row = nb_cb_layout(layout);
    char u = 0, t = 0;
    blasint info = nb_cb_rank_k(row, Uplo, Trans, 0, &u, &t);
    if (info)
        NB_CB_FAIL(row, info, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    if ((info = NB_INT(syrk_check)(u, t, N, K, al, A, lda, be, C, ldc)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    if (N == 0 || ((al == 0 || K == 0) && be == 1))
        return;
    NB_INT(syrk)(u, t, N, K, al, A, lda, be, C, ldc);
}

NB_EXPORT void NB_CBLAS(syr2k)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                               const CBLAS_TRANSPOSE Trans, const blasint N, const blasint K,
                               NB_CSCAL alpha, NB_CVEC A, const blasint lda, NB_CVEC B, const blasint ldb,
                               NB_CSCAL beta, NB_VEC C, const blasint ldc)
{
    NB_TRACE("layout=%s uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), NB_TR_E(Trans), N, K, lda, ldb, ldc);
    const char *name = NB_CB_NAME(syr2k);
    const int row = nb_cb_layout(layout);
    char u = 0, t = 0;
    blasint info = nb_cb_rank_k(row, Uplo, Trans, 0, &u, &t);
    if (info)
        NB_CB_FAIL(row, info, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    if ((info = NB_INT(syr2k_check)(u, t, N, K, al, A, lda, B, ldb, be, C, ldc)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    if (N == 0 || ((al == 0 || K == 0) && be == 1))
        return;
    NB_INT(syr2k)(u, t, N, K, al, A, lda, B, ldb, be, C, ldc);
}

#if NB_COMPLEX
NB_EXPORT void NB_CBLAS(herk)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                              const CBLAS_TRANSPOSE Trans, const blasint N, const blasint K,
                              const nb_r alpha, const void *A, const blasint lda, const nb_r beta,
                              void *C, const blasint ldc)
{
    NB_TRACE("layout=%s uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), NB_TR_E(Trans), N, K, lda, ldc);
    const char *name = NB_CB_NAME(herk);
    const int row = nb_cb_layout(layout);
    char u = 0, t = 0;
    blasint info = nb_cb_rank_k(row, Uplo, Trans, 1, &u, &t);
    if (info)
        NB_CB_FAIL(row, info, name);
    if ((info = NB_INT(herk_check)(u, t, N, K, alpha, A, lda, beta, C, ldc)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    if (N == 0 || ((alpha == 0 || K == 0) && beta == 1))
        return;
    NB_INT(herk)(u, t, N, K, alpha, A, lda, beta, C, ldc);
}

/* Row-major: conj(C) = conj(alpha)*A'**H*B' + alpha*B'**H*A' + beta*conj(C) with A', B' the
   column-major matrices in memory, i.e. her2k(ConjTrans) with conj(alpha). */
NB_EXPORT void NB_CBLAS(her2k)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                               const CBLAS_TRANSPOSE Trans, const blasint N, const blasint K,
                               const void *alpha, const void *A, const blasint lda, const void *B,
                               const blasint ldb, const nb_r beta, void *C, const blasint ldc)
{
    NB_TRACE("layout=%s uplo=%c trans=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(layout),
             NB_TR_E(Uplo), NB_TR_E(Trans), N, K, lda, ldb, ldc);
    const char *name = NB_CB_NAME(her2k);
    const int row = nb_cb_layout(layout);
    char u = 0, t = 0;
    blasint info = nb_cb_rank_k(row, Uplo, Trans, 1, &u, &t);
    if (info)
        NB_CB_FAIL(row, info, name);
    const nb_t al = row ? NB_CONJ(NB_SCALAR(alpha)) : NB_SCALAR(alpha);
    if ((info = NB_INT(her2k_check)(u, t, N, K, al, A, lda, B, ldb, beta, C, ldc)) != 0)
        NB_CB_FAIL(row, info + 1, name);
    if (N == 0 || ((al == 0 || K == 0) && beta == 1))
        return;
    NB_INT(her2k)(u, t, N, K, al, A, lda, B, ldb, beta, C, ldc);
}
#endif
