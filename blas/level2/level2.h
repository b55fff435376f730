/* Level 2 BLAS: internal drivers and argument checks for the current precision (include from a
   template source, after blas/nb_template.h).

   Drivers take the Fortran routine's arguments in the same order, by value, without the hidden
   character lengths; they assume valid arguments and apply the reference quick returns themselves,
   so a caller may go straight from a successful _check to the driver.
   Checks return 0 or the 1-based position of the first illegal argument (reference BLAS 3.11). */
#ifndef NB_LEVEL2_H
#define NB_LEVEL2_H

#include "../nb_template.h"

/* ---- all four types ---------------------------------------------------------------------- */
/* Scalars by address (alpha, beta of gemv, gbmv, symv/hemv and their band and packed forms,
   ger/geru/gerc, syr2/her2, spr2/hpr2): GCC hands a float _Complex that it has split into its
   parts (any compare does, and often a mere pass-through) to a call through two 4-byte stores
   and an 8-byte load, a failed store forward, at every call on the way to the kernel. Zen 5,
   1 x 1 calls: cgemv 51 -> 33 ns (OpenBLAS 14), cgeru 50 -> 14 (9), chemv 55 -> 28 (28).
   The real alphas of syr, spr, her and hpr stay by value. */
void NB_INT(gemv)(char trans, blasint m, blasint n, const nb_t *alpha, const nb_t *a, blasint lda,
                  const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(gemv_check)(char trans, blasint m, blasint n, const nb_t *alpha, const nb_t *a,
                           blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                           blasint incy);

void NB_INT(gbmv)(char trans, blasint m, blasint n, blasint kl, blasint ku, const nb_t *alpha, const nb_t *a,
                  blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(gbmv_check)(char trans, blasint m, blasint n, blasint kl, blasint ku, const nb_t *alpha,
                           const nb_t *a, blasint lda, const nb_t *x, blasint incx, const nb_t *beta, nb_t *y,
                           blasint incy);

void NB_INT(trmv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx);
blasint NB_INT(trmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
                           nb_t *x, blasint incx);
void NB_INT(trsv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx);
blasint NB_INT(trsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
                           nb_t *x, blasint incx);

void NB_INT(tbmv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx);
blasint NB_INT(tbmv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
                           blasint lda, nb_t *x, blasint incx);
void NB_INT(tbsv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx);
blasint NB_INT(tbsv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
                           blasint lda, nb_t *x, blasint incx);

void NB_INT(tpmv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx);
blasint NB_INT(tpmv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
                           blasint incx);
void NB_INT(tpsv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx);
blasint NB_INT(tpsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
                           blasint incx);

#if !NB_COMPLEX
/* ---- real only: symmetric and rank updates ------------------------------------------------ */
void NB_INT(symv)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda, const nb_t *x,
                  blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(symv_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda, const nb_t *x,
                           blasint incx, const nb_t *beta, nb_t *y, blasint incy);
void NB_INT(sbmv)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a, blasint lda,
                  const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(sbmv_check)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a, blasint lda,
                           const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
void NB_INT(spmv)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x, blasint incx,
                  const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(spmv_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x,
                           blasint incx, const nb_t *beta, nb_t *y, blasint incy);

void NB_INT(ger)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                 blasint incy, nb_t *a, blasint lda);
blasint NB_INT(ger_check)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                          blasint incy, nb_t *a, blasint lda);
void NB_INT(syr)(char uplo, blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *a, blasint lda);
blasint NB_INT(syr_check)(char uplo, blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *a,
                          blasint lda);
void NB_INT(syr2)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *a, blasint lda);
blasint NB_INT(syr2_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *a, blasint lda);
void NB_INT(spr)(char uplo, blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *ap);
blasint NB_INT(spr_check)(char uplo, blasint n, nb_t alpha, const nb_t *x, blasint incx, nb_t *ap);
void NB_INT(spr2)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *ap);
blasint NB_INT(spr2_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *ap);
#else
/* ---- complex only: Hermitian and rank updates (alpha of her/hpr is real) ----------------- */
void NB_INT(hemv)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda, const nb_t *x,
                  blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(hemv_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *a, blasint lda, const nb_t *x,
                           blasint incx, const nb_t *beta, nb_t *y, blasint incy);
void NB_INT(hbmv)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a, blasint lda,
                  const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(hbmv_check)(char uplo, blasint n, blasint k, const nb_t *alpha, const nb_t *a, blasint lda,
                           const nb_t *x, blasint incx, const nb_t *beta, nb_t *y, blasint incy);
void NB_INT(hpmv)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x, blasint incx,
                  const nb_t *beta, nb_t *y, blasint incy);
blasint NB_INT(hpmv_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *ap, const nb_t *x,
                           blasint incx, const nb_t *beta, nb_t *y, blasint incy);

void NB_INT(geru)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *a, blasint lda);
blasint NB_INT(geru_check)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *a, blasint lda);
void NB_INT(gerc)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *a, blasint lda);
blasint NB_INT(gerc_check)(blasint m, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *a, blasint lda);
void NB_INT(her)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *a, blasint lda);
blasint NB_INT(her_check)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *a,
                          blasint lda);
void NB_INT(her2)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *a, blasint lda);
blasint NB_INT(her2_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *a, blasint lda);
void NB_INT(hpr)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *ap);
blasint NB_INT(hpr_check)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *ap);
void NB_INT(hpr2)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                  blasint incy, nb_t *ap);
blasint NB_INT(hpr2_check)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *ap);
#endif

#endif
