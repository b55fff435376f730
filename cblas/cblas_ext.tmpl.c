/* CBLAS forms of OpenBLAS's extensions: cblas_?axpby, cblas_i?amin, cblas_?omatcopy,
   cblas_?imatcopy, cblas_?geadd, cblas_?gemmt. Argument types are OpenBLAS's exactly (its
   cblas.h): complex scalars and matrices of the matcopy/geadd routines are `float *` / `double *`
   (interleaved pairs), those of axpby and gemmt `void *`.

   Row-major mapping: omatcopy/imatcopy take the order themselves (the drivers handle it);
   geadd is the column-major call with rows and cols swapped; gemmt is C**T = op(B)**T op(A)**T,
   the column-major call with A/B swapped and the other triangle. CblasConjNoTrans (114) is
   accepted where OpenBLAS accepts it: the matrix copies and gemmt.
   Errors: cblas_xerbla with "cblas_<name>" and the position in the argument list the caller
   wrote, in either layout. omatcopy, imatcopy and geadd set RowMajorStrg for a row-major call, as
   every reference CBLAS routine does; no row-major table of the reference cblas_xerbla matches
   their names, so the position reaches every handler unchanged. gemmt leaves RowMajorStrg 0: the
   reference table (netlib CBLAS 3.x matches names by substring) would take cblas_?gemmt for gemm
   and exchange 4/5 and 9/11, which are transb/N and lda/ldb here, so a handler that maps the
   position while RowMajorStrg is set must not see it set. */
#include "cblas_common.h"
#include "blas/ext/openblas_ext_int.h"
#include "blas/nb_trace.h"

#define NB_CB_I(x) NB_CAT3(cblas_, NB_IP, x) /* cblas_isamin ... cblas_izamin */

/* OpenBLAS passes the complex scalars and matrices of the matcopy/geadd family as pointers to the
   real type. */
#if NB_COMPLEX
#define EXT_CSCAL const nb_r *
#define EXT_CMAT const nb_r *
#define EXT_MAT nb_r *
#define EXT_SCALAR(p) nb_cb_load(p)
#else
#define EXT_CSCAL const nb_t
#define EXT_CMAT const nb_t *
#define EXT_MAT nb_t *
#define EXT_SCALAR(p) (p)
#endif

/* The Fortran letter of an OpenBLAS transpose value (ConjNoTrans -> 'R'), 0 when illegal. */
static char ext_trans(int t)
{
    return t == CblasConjNoTrans ? 'R' : nb_cb_trans(t);
}
static char ext_order(int layout)
{
    return layout == CblasColMajor ? 'C' : layout == CblasRowMajor ? 'R' : 0;
}

NB_EXPORT void NB_CBLAS(axpby)(const blasint n, NB_CSCAL alpha, NB_CVEC x, const blasint incx,
                               NB_CSCAL beta, NB_VEC y, const blasint incy)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, n, incx, incy);
    NB_INT(axpby)(n, NB_SCALAR(alpha), x, incx, NB_SCALAR(beta), y, incy);
}

NB_EXPORT CBLAS_INDEX NB_CB_I(amin)(const blasint n, NB_CVEC x, const blasint incx)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD, n, incx);
    const blasint i = NB_IINT(amin)(n, x, incx);
    return i > 0 ? (CBLAS_INDEX)(i - 1) : 0;
}

NB_EXPORT void NB_CBLAS(omatcopy)(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS,
                                  const blasint crows, const blasint ccols, EXT_CSCAL calpha, EXT_CMAT a,
                                  const blasint clda, EXT_MAT b, const blasint cldb)
{
    NB_TRACE("layout=%s trans=%c rows=%" NB_TD " cols=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD,
             NB_TR_LAYOUT(CORDER), NB_TR_E(CTRANS), crows, ccols, clda, cldb);
    const char *name = NB_CB_NAME(omatcopy);
    const char o = ext_order(CORDER), t = ext_trans(CTRANS);
    /* the positions coincide with the Fortran routine's */
    blasint info = !o ? 1 : !t ? 2 : NB_INT(omatcopy_check)(o, t, crows, ccols, clda, cldb);
    if (info)
        NB_CB_FAIL(o == 'R' && info > 1, info, name);
    NB_INT(omatcopy)(o, t, crows, ccols, EXT_SCALAR(calpha), (const nb_t *)a, clda, (nb_t *)b, cldb);
}

NB_EXPORT void NB_CBLAS(imatcopy)(const CBLAS_ORDER CORDER, const CBLAS_TRANSPOSE CTRANS,
                                  const blasint crows, const blasint ccols, EXT_CSCAL calpha, EXT_MAT a,
                                  const blasint clda, const blasint cldb)
{
    NB_TRACE("layout=%s trans=%c rows=%" NB_TD " cols=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD,
             NB_TR_LAYOUT(CORDER), NB_TR_E(CTRANS), crows, ccols, clda, cldb);
    const char *name = NB_CB_NAME(imatcopy);
    const char o = ext_order(CORDER), t = ext_trans(CTRANS);
    blasint info = !o ? 1 : !t ? 2 : NB_INT(imatcopy_check)(o, t, crows, ccols, clda, cldb);
    if (info)
        NB_CB_FAIL(o == 'R' && info > 1, info, name);
    NB_INT(imatcopy)(o, t, crows, ccols, EXT_SCALAR(calpha), (nb_t *)a, clda, cldb);
}

NB_EXPORT void NB_CBLAS(geadd)(const CBLAS_ORDER CORDER, const blasint crows, const blasint ccols,
                               EXT_CSCAL calpha, EXT_MAT a, const blasint clda, EXT_CSCAL cbeta,
                               EXT_MAT c, const blasint cldc)
{
    NB_TRACE("layout=%s m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldc=%" NB_TD, NB_TR_LAYOUT(CORDER), crows, ccols, clda, cldc);
    const char *name = NB_CB_NAME(geadd);
    const int row = nb_cb_layout(CORDER);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    if (crows < 0)
        NB_CB_FAIL(row, 2, name);
    if (ccols < 0)
        NB_CB_FAIL(row, 3, name);
    const blasint m = row ? ccols : crows, n = row ? crows : ccols;
    if (clda < nb_max(1, m))
        NB_CB_FAIL(row, 6, name);
    if (cldc < nb_max(1, m))
        NB_CB_FAIL(row, 9, name);
    NB_INT(geadd)(m, n, EXT_SCALAR(calpha), (const nb_t *)a, clda, EXT_SCALAR(cbeta), (nb_t *)c,
                  cldc);
}

NB_EXPORT void NB_CBLAS(gemmt)(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo,
                               const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
                               const blasint N, const blasint K, NB_CSCAL alpha, NB_CVEC A, const blasint lda,
                               NB_CVEC B, const blasint ldb, NB_CSCAL beta, NB_VEC C, const blasint ldc)
{
    NB_TRACE("layout=%s uplo=%c transa=%c transb=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD,
             NB_TR_LAYOUT(layout), NB_TR_E(Uplo), NB_TR_E(TransA), NB_TR_E(TransB), N, K, lda, ldb,
             ldc);
    const char *name = NB_CB_NAME(gemmt);
    const int row = nb_cb_layout(layout);
    const char u = nb_cb_uplo(Uplo), ta = ext_trans(TransA), tb = ext_trans(TransB);
    if (row < 0)
        NB_CB_FAIL(0, 1, name);
    if (!u)
        NB_CB_FAIL(0, 2, name);
    if (!ta)
        NB_CB_FAIL(0, 3, name);
    if (!tb)
        NB_CB_FAIL(0, 4, name);
    if (N < 0)
        NB_CB_FAIL(0, 5, name);
    if (K < 0)
        NB_CB_FAIL(0, 6, name);
    /* rows of A and B as stored: op(A) is N x K, op(B) K x N; a row-major matrix's leading
       dimension counts its columns */
    const int nota = ta == 'N' || ta == 'R', notb = tb == 'N' || tb == 'R';
    const blasint lda_min = row ? (nota ? K : N) : (nota ? N : K);
    const blasint ldb_min = row ? (notb ? N : K) : (notb ? K : N);
    if (lda < nb_max(1, lda_min))
        NB_CB_FAIL(0, 9, name);
    if (ldb < nb_max(1, ldb_min))
        NB_CB_FAIL(0, 11, name);
    if (ldc < nb_max(1, N))
        NB_CB_FAIL(0, 14, name);
    const nb_t al = NB_SCALAR(alpha), be = NB_SCALAR(beta);
    if (row)
        NB_INT(gemmt)(nb_cb_flip_uplo(u), tb, ta, N, K, al, B, ldb, A, lda, be, C, ldc);
    else
        NB_INT(gemmt)(u, ta, tb, N, K, al, A, lda, B, ldb, be, C, ldc);
}
