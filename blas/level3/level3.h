/* Level 3 internal drivers and argument checks for the current precision (included from template
   sources, after blas/nb_template.h). Each driver takes the Fortran routine's arguments in the same
   order, by value, without hidden lengths; it assumes valid arguments and column-major storage.
   Each _check returns 0 or the 1-based position of the first illegal argument (reference 3.11). */
#ifndef NB_LEVEL3_H
#define NB_LEVEL3_H

#include "blas/nb_template.h"

/* gemm: C = alpha*op(A)*op(B) + beta*C */
void NB_INT(gemm)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha, const nb_t *a,
                  blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);
blasint NB_INT(gemm_check)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                           const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                           blasint ldc);
/* A legal column-major gemm small enough for the kernel set's no-packing kernel, computed with no
   further layers (gemm_direct.tmpl.c); returns 0, having done nothing, for any other call, legal
   or not, so the caller's own checks still report errors. */
int NB_INT(gemm_tiny)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                      const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                      blasint ldc);

/* symm: C = alpha*A*B + beta*C (side L) or alpha*B*A + beta*C (side R), A symmetric */
void NB_INT(symm)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                  const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);
blasint NB_INT(symm_check)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a,
                           blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);

/* syrk: C = alpha*A*A**T + beta*C or alpha*A**T*A + beta*C, C symmetric (uplo triangle) */
void NB_INT(syrk)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                  nb_t beta, nb_t *c, blasint ldc);
blasint NB_INT(syrk_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                           blasint lda, nb_t beta, nb_t *c, blasint ldc);

/* syr2k: C = alpha*A*B**T + alpha*B*A**T + beta*C or the transposed form */
void NB_INT(syr2k)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                   const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);
blasint NB_INT(syr2k_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                            blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);

/* trmm: B = alpha*op(A)*B or alpha*B*op(A), A triangular */
void NB_INT(trmm)(char side, char uplo, char transa, char diag, blasint m, blasint n, nb_t alpha,
                  const nb_t *a, blasint lda, nb_t *b, blasint ldb);
blasint NB_INT(trmm_check)(char side, char uplo, char transa, char diag, blasint m, blasint n,
                           nb_t alpha, const nb_t *a, blasint lda, nb_t *b, blasint ldb);

/* trsm: solves op(A)*X = alpha*B or X*op(A) = alpha*B, X overwrites B */
void NB_INT(trsm)(char side, char uplo, char transa, char diag, blasint m, blasint n, nb_t alpha,
                  const nb_t *a, blasint lda, nb_t *b, blasint ldb);
blasint NB_INT(trsm_check)(char side, char uplo, char transa, char diag, blasint m, blasint n,
                           nb_t alpha, const nb_t *a, blasint lda, nb_t *b, blasint ldb);

#if NB_COMPLEX
/* gemm3m: the gemm operation by the 3M method where it pays, else gemm (gemm3m.tmpl.c) */
void NB_INT(gemm3m)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                    const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                    blasint ldc);

/* hemm: as symm with A Hermitian */
void NB_INT(hemm)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                  const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);
blasint NB_INT(hemm_check)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a,
                           blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc);

/* herk: C = alpha*A*A**H + beta*C or alpha*A**H*A + beta*C; alpha and beta real */
void NB_INT(herk)(char uplo, char trans, blasint n, blasint k, nb_r alpha, const nb_t *a, blasint lda,
                  nb_r beta, nb_t *c, blasint ldc);
blasint NB_INT(herk_check)(char uplo, char trans, blasint n, blasint k, nb_r alpha, const nb_t *a,
                           blasint lda, nb_r beta, nb_t *c, blasint ldc);

/* her2k: C = alpha*A*B**H + conj(alpha)*B*A**H + beta*C or the transposed form; beta real */
void NB_INT(her2k)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                   const nb_t *b, blasint ldb, nb_r beta, nb_t *c, blasint ldc);
blasint NB_INT(her2k_check)(char uplo, char trans, blasint n, blasint k, nb_t alpha, const nb_t *a,
                            blasint lda, const nb_t *b, blasint ldb, nb_r beta, nb_t *c, blasint ldc);
#endif

#endif
