/* Internal drivers of OpenBLAS's extensions for the current precision (include after
   blas/nb_template.h), shared by the Fortran entries (blas/ext/openblas_ext.tmpl.c,
   openblas_ext_matcopy.tmpl.c, gemmt.tmpl.c) and the CBLAS entries (cblas/cblas_ext.tmpl.c).
   Drivers take arguments by value and assume them legal; each _check returns 0 or the 1-based
   position of the first illegal argument in the Fortran routine's argument list. */
#ifndef NB_OPENBLAS_EXT_INT_H
#define NB_OPENBLAS_EXT_INT_H

#include "blas/nb_template.h"

#ifndef NB_IINT
#define NB_IINT(x) NB_CAT3(nb_, NB_IP, x)
#endif

/* y = alpha*x + beta*y (beta == 0: y not read; alpha == 0: x not read) */
void NB_INT(axpby)(blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                   blasint incy);
/* 1-based index of the first smallest |x_i| (|Re|+|Im|); 0 when n < 1 or incx <= 0 */
blasint NB_IINT(amin)(blasint n, const nb_t *x, blasint incx);

/* C = alpha*A + beta*C, column-major m x n */
blasint NB_INT(geadd_check)(blasint m, blasint n, blasint lda, blasint ldc);
void NB_INT(geadd)(blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda, nb_t beta, nb_t *c,
                   blasint ldc);

/* B = alpha*op(A), A rows x cols in `order` ('C' column-major, 'R' row-major) with leading
   dimension lda; trans: 'N', 'T', 'R' (conjugate, no transpose), 'C' (conjugate transpose).
   Positions: order 1, trans 2, rows 3, cols 4, lda 7, ldb 9. */
blasint NB_INT(omatcopy_check)(char order, char trans, blasint rows, blasint cols, blasint lda,
                               blasint ldb);
void NB_INT(omatcopy)(char order, char trans, blasint rows, blasint cols, nb_t alpha, const nb_t *a,
                      blasint lda, nb_t *b, blasint ldb);
/* The same in place: the result replaces A in the same memory with leading dimension ldb.
   Positions as omatcopy but ldb 8. */
blasint NB_INT(imatcopy_check)(char order, char trans, blasint rows, blasint cols, blasint lda,
                               blasint ldb);
void NB_INT(imatcopy)(char order, char trans, blasint rows, blasint cols, nb_t alpha, nb_t *a,
                      blasint lda, blasint ldb);

/* The uplo triangle of the n x n C = alpha*op(A)*op(B) + beta*C; transa/transb 'N', 'T', 'C',
   'R' (conjugate, no transpose). Positions: uplo 1, transa 2, transb 3, n 4, k 5, lda 8,
   ldb 10, ldc 13. */
blasint NB_INT(gemmt_check)(char uplo, char transa, char transb, blasint n, blasint k, blasint lda,
                            blasint ldb, blasint ldc);
void NB_INT(gemmt)(char uplo, char transa, char transb, blasint n, blasint k, nb_t alpha,
                   const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                   blasint ldc);

/* blas/ext/openblas_l1x.tmpl.c: ?sum and the real index searches (the CBLAS i?max of every
   precision searches its precision's real type, see cblas/cblas_ext2.tmpl.c). */
nb_r NB_INT(sum_x)(blasint n, const nb_t *x, blasint incx);
#if NB_PREC == 1 || NB_PREC == 3
#define NB_REAL_INT(x) NB_CAT(nb_s, x)
#else
#define NB_REAL_INT(x) NB_CAT(nb_d, x)
#endif
blasint NB_REAL_INT(imax_x)(blasint n, const nb_r *x, blasint incx);
blasint NB_REAL_INT(imin_x)(blasint n, const nb_r *x, blasint incx);

#endif
