/* nanoblas's own LAPACK routines for the current precision (include from a lapack/ template
   source, after blas/nb_template.h). They replace the reference LAPACK's members of the same
   name in libopenblas.so.0 (mk/install.mk drops every archive member that defines a symbol
   nanoblas exports), so the rest of LAPACK (gesv, gecon, posv, ...) calls them too.

   The internal drivers take the Fortran arguments by value, assume legal arguments and
   column-major storage, and return LAPACK's INFO (0, or the 1-based position of the first zero
   pivot / non-positive leading minor). Pivot indices are 1-based, as in LAPACK. */
#ifndef NB_LAPACK_H
#define NB_LAPACK_H

#include "blas/nb_template.h"

/* Row interchanges: for i = k1..k2 (in reverse when incx < 0), row i of the n columns of A is
   swapped with row IPIV(k1 + (i - k1) * |incx|) (Fortran indices: reference dlaswp's order and
   indexing; ipiv points at IPIV(1)). */
void NB_INT(laswp)(blasint n, nb_t *a, blasint lda, blasint k1, blasint k2, const blasint *ipiv,
                   blasint incx);

/* LU with partial pivoting, A = P L U, recursive (getrf.tmpl.c). */
blasint NB_INT(getrf)(blasint m, blasint n, nb_t *a, blasint lda, blasint *ipiv);
/* Solves op(A) X = B with getrf's factors; X overwrites B. */
void NB_INT(getrs)(char trans, blasint n, blasint nrhs, const nb_t *a, blasint lda,
                   const blasint *ipiv, nb_t *b, blasint ldb);

/* Cholesky, A = L L**H or U**H U, recursive (potrf.tmpl.c). */
blasint NB_INT(potrf)(char uplo, blasint n, nb_t *a, blasint lda);
/* Solves A X = B with potrf's factor; X overwrites B. */
void NB_INT(potrs)(char uplo, blasint n, blasint nrhs, const nb_t *a, blasint lda, nb_t *b,
                   blasint ldb);

/* Inverse of a triangular matrix, in place, recursive (trtri.tmpl.c). Returns the 1-based
   position of the first exactly zero diagonal entry (diag 'N'; nothing is written then), else 0. */
blasint NB_INT(trtri)(char uplo, char diag, blasint n, nb_t *a, blasint lda);
/* U U**H (uplo 'U') or L**H L (uplo 'L') over the triangle, recursive (lauum.tmpl.c). */
void NB_INT(lauum)(char uplo, blasint n, nb_t *a, blasint lda);
/* Inverse of a Hermitian positive definite matrix from potrf's factor: trtri, then lauum. */
blasint NB_INT(potri)(char uplo, blasint n, nb_t *a, blasint lda);
/* Inverse from getrf's factors (getri.tmpl.c). work (lwork >= n elements) is used only when
   nanoblas cannot allocate its own workspace. Returns trtri's INFO for U. */
blasint NB_INT(getri)(blasint n, nb_t *a, blasint lda, const blasint *ipiv, nb_t *work,
                      blasint lwork);

/* LAPACK's INFO for an illegal argument: reported through xerbla_ under the routine's name
   (e.g. "DGETRF"), with the argument's position; the caller gets -position in INFO. */
static inline void nb_lapack_illegal(const char *name, blasint pos, blasint *info)
{
    *info = -pos;
    nb_xerbla(name, pos);
}

#endif
