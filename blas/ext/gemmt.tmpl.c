/* ?gemmt (OpenBLAS, MKL): the uplo triangle of the n x n C = alpha*op(A)*op(B) + beta*C, the
   other triangle neither read nor written; computed by the triangular GEMM engine
   (blas/level3/gemmt_engine.tmpl.c) that syrk and herk use. */
#include "blas/level3/l3_internal.h"
#include "blas/ext/openblas_ext_int.h"
#include "blas/nb_trace.h"

static int trans_ok(char t)
{
    return nb_same(t, 'N') || nb_same(t, 'T') || nb_same(t, 'C') || nb_same(t, 'R');
}

/* The view of op(X) for OpenBLAS's transpose letters; 'R' is the conjugate without transpose.
   The conjugation flag is ignored for real types, where 'C' is 'T' and 'R' is 'N'. */
static l3_view op_view(const nb_t *p, blasint ld, char t)
{
    int trans = nb_same(t, 'T') || nb_same(t, 'C');
    int conj = nb_same(t, 'C') || nb_same(t, 'R');
    return trans ? l3_mk(p, (size_t)ld, 1, conj) : l3_mk(p, 1, (size_t)ld, conj);
}

blasint NB_INT(gemmt_check)(char uplo, char transa, char transb, blasint n, blasint k, blasint lda,
                            blasint ldb, blasint ldc)
{
    int nota = nb_same(transa, 'N') || nb_same(transa, 'R');
    int notb = nb_same(transb, 'N') || nb_same(transb, 'R');
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (!trans_ok(transa))
        return 2;
    if (!trans_ok(transb))
        return 3;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if (lda < nb_max(1, nota ? n : k))
        return 8;
    if (ldb < nb_max(1, notb ? k : n))
        return 10;
    if (ldc < nb_max(1, n))
        return 13;
    return 0;
}

/* beta == 0 overwrites the triangle without reading it (NaN there does not survive); alpha == 0
   or k == 0 reads neither A nor B, as gemm. */
void NB_INT(gemmt)(char uplo, char transa, char transb, blasint n, blasint k, nb_t alpha,
                   const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                   blasint ldc)
{
    if (n == 0 || ((alpha == 0 || k == 0) && beta == 1))
        return;
    int upper = nb_same(uplo, 'U');
    if (alpha != 0 && NB_INT(gemmt_small)(upper, 0, 0, (size_t)n, (size_t)k, alpha,
                                          op_view(a, lda, transa), op_view(b, ldb, transb), beta,
                                          c, (size_t)ldc))
        return;
    NB_INT(l3_scale_tri)(upper, 0, (size_t)n, beta, c, (size_t)ldc);
    if (alpha == 0 || k == 0)
        return;
    NB_INT(gemmt_view)(upper, (size_t)n, (size_t)k, alpha, op_view(a, lda, transa),
                         op_view(b, ldb, transb), c, (size_t)ldc);
}

NB_EXPORT void NB_FN(gemmt_)(const char *uplo, const char *transa, const char *transb,
                             const blasint *n, const blasint *k, const nb_t *alpha, const nb_t *a,
                             const blasint *lda, const nb_t *b, const blasint *ldb,
                             const nb_t *beta, nb_t *c, const blasint *ldc, nb_strlen luplo,
                             nb_strlen ltransa, nb_strlen ltransb)
{
    NB_TRACE("uplo=%c transa=%c transb=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_CH(uplo), NB_TR_CH(transa), NB_TR_CH(transb), *n, *k, *lda, *ldb, *ldc);
    (void)luplo, (void)ltransa, (void)ltransb;
    blasint info = NB_INT(gemmt_check)(*uplo, *transa, *transb, *n, *k, *lda, *ldb, *ldc);
    if (info) {
        nb_xerbla(NB_UP "GEMMT ", info);
        return;
    }
    NB_INT(gemmt)(*uplo, *transa, *transb, *n, *k, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}
