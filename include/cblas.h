/* cblas.h: the C interface to the BLAS (the CBLAS of the netlib reference 3.11), as nanoblas
   implements it. Drop-in compatible with the reference and OpenBLAS headers for these routines:
   same names, same enumeration values, same argument types (CBLAS_INT for every integer: int,
   or int64_t where NANOBLAS_ILP64 is defined; see "ILP64" below).

   Conventions:
   - Matrices are addressed as described by the layout argument: CblasColMajor (Fortran order) or
     CblasRowMajor (C order); leading dimensions are counted in the corresponding storage order.
   - Complex scalars and arrays are passed as untyped pointers to interleaved (real, imaginary)
     pairs of float (c routines) or double (z routines), e.g. float _Complex or std::complex<float>.
   - cblas_i?amax return a 0-based index (0 when N <= 0 or incX <= 0).
   - An illegal argument is reported through cblas_xerbla(position, "cblas_<name>", ...) and the
     call returns without touching its outputs. A program may define its own cblas_xerbla. */
#ifndef CBLAS_H
#define CBLAS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Type of the index returned by cblas_i?amax. */
#define CBLAS_INDEX size_t

/* ILP64. The integer type of every dimension, increment, leading dimension, count and error
   position argument is CBLAS_INT: int for libnanoblas.so.0 (LP64); int64_t where NANOBLAS_ILP64 is
   defined, for the 64-bit-integer libraries. Two of those exist (docs/API.md, "ILP64"):
   - libnanoblas64.so.0, whose every routine carries the suffix 64_ (cblas_dgemm64_, dgemm_64_),
     as OpenBLAS's INTERFACE64=1 SYMBOLSUFFIX=64_ build: define NANOBLAS_ILP64_SUFFIX (or include
     cblas64.h); the names below then map to the suffixed ones (nanoblas_suffix64.h);
   - libopenblas64.so.0 / libblas64.so.3 / libcblas64.so.3 (Debian's convention): the names below
     as written, with 64-bit integers: define NANOBLAS_ILP64 alone.
   Whichever applies must be defined before the first nanoblas header is included. */
#ifdef NANOBLAS_ILP64_SUFFIX
#ifndef NANOBLAS_ILP64
#define NANOBLAS_ILP64
#endif
#include "nanoblas_suffix64.h"
#endif
#undef CBLAS_INT
#ifdef NANOBLAS_ILP64
#include <stdint.h>
#define CBLAS_INT int64_t
#else
#define CBLAS_INT int
#endif

typedef enum CBLAS_LAYOUT { CblasRowMajor = 101, CblasColMajor = 102 } CBLAS_LAYOUT;
typedef enum CBLAS_TRANSPOSE {
    CblasNoTrans = 111,
    CblasTrans = 112,
    CblasConjTrans = 113,
    AtlasConj = 114, /* ATLAS's name of the value below; rejected (illegal) by the standard routines */
    CblasConjNoTrans = 114 /* OpenBLAS: conjugate without transposing (?omatcopy, ?imatcopy, ?gemmt) */
} CBLAS_TRANSPOSE;
typedef enum CBLAS_UPLO { CblasUpper = 121, CblasLower = 122 } CBLAS_UPLO;
typedef enum CBLAS_DIAG { CblasNonUnit = 131, CblasUnit = 132 } CBLAS_DIAG;
typedef enum CBLAS_SIDE { CblasLeft = 141, CblasRight = 142 } CBLAS_SIDE;

/* The older name of the layout type. A macro rather than a second typedef, so that both
   `CBLAS_ORDER` and `enum CBLAS_ORDER` name the same type. */
#define CBLAS_ORDER CBLAS_LAYOUT

/* ---------------------------------------------------------------------------------------------
   Level 1: functions
   --------------------------------------------------------------------------------------------- */
float cblas_sdsdot(const CBLAS_INT N, const float alpha, const float *X, const CBLAS_INT incX, const float *Y,
                   const CBLAS_INT incY);
double cblas_dsdot(const CBLAS_INT N, const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY);
float cblas_sdot(const CBLAS_INT N, const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY);
double cblas_ddot(const CBLAS_INT N, const double *X, const CBLAS_INT incX, const double *Y, const CBLAS_INT incY);

/* Complex dot products return their result through the last argument. */
void cblas_cdotu_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotu);
void cblas_cdotc_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotc);
void cblas_zdotu_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotu);
void cblas_zdotc_sub(const CBLAS_INT N, const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY,
                     void *dotc);

float cblas_snrm2(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
float cblas_sasum(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
double cblas_dnrm2(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
double cblas_dasum(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
float cblas_scnrm2(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
float cblas_scasum(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
double cblas_dznrm2(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
double cblas_dzasum(const CBLAS_INT N, const void *X, const CBLAS_INT incX);

CBLAS_INDEX cblas_isamax(const CBLAS_INT N, const float *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_idamax(const CBLAS_INT N, const double *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_icamax(const CBLAS_INT N, const void *X, const CBLAS_INT incX);
CBLAS_INDEX cblas_izamax(const CBLAS_INT N, const void *X, const CBLAS_INT incX);

/* |Re z| + |Im z| of one complex number */
float cblas_scabs1(const void *c);
double cblas_dcabs1(const void *z);

/* ---------------------------------------------------------------------------------------------
   Level 1: routines
   --------------------------------------------------------------------------------------------- */
void cblas_sswap(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY);
void cblas_scopy(const CBLAS_INT N, const float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY);
void cblas_saxpy(const CBLAS_INT N, const float alpha, const float *X, const CBLAS_INT incX, float *Y,
                 const CBLAS_INT incY);
void cblas_dswap(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY);
void cblas_dcopy(const CBLAS_INT N, const double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY);
void cblas_daxpy(const CBLAS_INT N, const double alpha, const double *X, const CBLAS_INT incX, double *Y,
                 const CBLAS_INT incY);
void cblas_cswap(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_ccopy(const CBLAS_INT N, const void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_caxpy(const CBLAS_INT N, const void *alpha, const void *X, const CBLAS_INT incX, void *Y,
                 const CBLAS_INT incY);
void cblas_zswap(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_zcopy(const CBLAS_INT N, const void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY);
void cblas_zaxpy(const CBLAS_INT N, const void *alpha, const void *X, const CBLAS_INT incX, void *Y,
                 const CBLAS_INT incY);

void cblas_srotg(float *a, float *b, float *c, float *s);
void cblas_drotg(double *a, double *b, double *c, double *s);
void cblas_crotg(void *a, void *b, float *c, void *s);
void cblas_zrotg(void *a, void *b, double *c, void *s);

void cblas_srotmg(float *d1, float *d2, float *b1, const float b2, float *P);
void cblas_drotmg(double *d1, double *d2, double *b1, const double b2, double *P);

void cblas_srot(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY, const float c,
                const float s);
void cblas_drot(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY, const double c,
                const double s);
void cblas_csrot(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY, const float c,
                 const float s);
void cblas_zdrot(const CBLAS_INT N, void *X, const CBLAS_INT incX, void *Y, const CBLAS_INT incY, const double c,
                 const double s);

void cblas_srotm(const CBLAS_INT N, float *X, const CBLAS_INT incX, float *Y, const CBLAS_INT incY, const float *P);
void cblas_drotm(const CBLAS_INT N, double *X, const CBLAS_INT incX, double *Y, const CBLAS_INT incY,
                 const double *P);

void cblas_sscal(const CBLAS_INT N, const float alpha, float *X, const CBLAS_INT incX);
void cblas_dscal(const CBLAS_INT N, const double alpha, double *X, const CBLAS_INT incX);
void cblas_cscal(const CBLAS_INT N, const void *alpha, void *X, const CBLAS_INT incX);
void cblas_zscal(const CBLAS_INT N, const void *alpha, void *X, const CBLAS_INT incX);
void cblas_csscal(const CBLAS_INT N, const float alpha, void *X, const CBLAS_INT incX);
void cblas_zdscal(const CBLAS_INT N, const double alpha, void *X, const CBLAS_INT incX);

/* ---------------------------------------------------------------------------------------------
   Level 2: s and d
   --------------------------------------------------------------------------------------------- */
void cblas_sgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const float alpha, const float *A, const CBLAS_INT lda, const float *X, const CBLAS_INT incX,
                 const float beta, float *Y, const CBLAS_INT incY);
void cblas_sgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT KL, const CBLAS_INT KU, const float alpha, const float *A, const CBLAS_INT lda,
                 const float *X, const CBLAS_INT incX, const float beta, float *Y, const CBLAS_INT incY);
void cblas_strmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const float *A, const CBLAS_INT lda, float *X,
                 const CBLAS_INT incX);
void cblas_stbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const float *A, const CBLAS_INT lda,
                 float *X, const CBLAS_INT incX);
void cblas_stpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const float *Ap, float *X, const CBLAS_INT incX);
void cblas_strsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const float *A, const CBLAS_INT lda, float *X,
                 const CBLAS_INT incX);
void cblas_stbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const float *A, const CBLAS_INT lda,
                 float *X, const CBLAS_INT incX);
void cblas_stpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const float *Ap, float *X, const CBLAS_INT incX);
void cblas_ssymv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                 const float *A, const CBLAS_INT lda, const float *X, const CBLAS_INT incX, const float beta,
                 float *Y, const CBLAS_INT incY);
void cblas_ssbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const CBLAS_INT K,
                 const float alpha, const float *A, const CBLAS_INT lda, const float *X, const CBLAS_INT incX,
                 const float beta, float *Y, const CBLAS_INT incY);
void cblas_sspmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                 const float *Ap, const float *X, const CBLAS_INT incX, const float beta, float *Y,
                 const CBLAS_INT incY);
void cblas_sger(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const float alpha,
                const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY, float *A,
                const CBLAS_INT lda);
void cblas_ssyr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                const float *X, const CBLAS_INT incX, float *A, const CBLAS_INT lda);
void cblas_sspr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                const float *X, const CBLAS_INT incX, float *Ap);
void cblas_ssyr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                 const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY, float *A,
                 const CBLAS_INT lda);
void cblas_sspr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                 const float *X, const CBLAS_INT incX, const float *Y, const CBLAS_INT incY, float *A);

void cblas_dgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const double alpha, const double *A, const CBLAS_INT lda, const double *X,
                 const CBLAS_INT incX, const double beta, double *Y, const CBLAS_INT incY);
void cblas_dgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT KL, const CBLAS_INT KU, const double alpha, const double *A, const CBLAS_INT lda,
                 const double *X, const CBLAS_INT incX, const double beta, double *Y, const CBLAS_INT incY);
void cblas_dtrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const double *A, const CBLAS_INT lda, double *X,
                 const CBLAS_INT incX);
void cblas_dtbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const double *A, const CBLAS_INT lda,
                 double *X, const CBLAS_INT incX);
void cblas_dtpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const double *Ap, double *X, const CBLAS_INT incX);
void cblas_dtrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const double *A, const CBLAS_INT lda, double *X,
                 const CBLAS_INT incX);
void cblas_dtbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const double *A, const CBLAS_INT lda,
                 double *X, const CBLAS_INT incX);
void cblas_dtpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const double *Ap, double *X, const CBLAS_INT incX);
void cblas_dsymv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                 const double *A, const CBLAS_INT lda, const double *X, const CBLAS_INT incX,
                 const double beta, double *Y, const CBLAS_INT incY);
void cblas_dsbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const CBLAS_INT K,
                 const double alpha, const double *A, const CBLAS_INT lda, const double *X,
                 const CBLAS_INT incX, const double beta, double *Y, const CBLAS_INT incY);
void cblas_dspmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                 const double *Ap, const double *X, const CBLAS_INT incX, const double beta, double *Y,
                 const CBLAS_INT incY);
void cblas_dger(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const double alpha,
                const double *X, const CBLAS_INT incX, const double *Y, const CBLAS_INT incY, double *A,
                const CBLAS_INT lda);
void cblas_dsyr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                const double *X, const CBLAS_INT incX, double *A, const CBLAS_INT lda);
void cblas_dspr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                const double *X, const CBLAS_INT incX, double *Ap);
void cblas_dsyr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                 const double *X, const CBLAS_INT incX, const double *Y, const CBLAS_INT incY, double *A,
                 const CBLAS_INT lda);
void cblas_dspr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                 const double *X, const CBLAS_INT incX, const double *Y, const CBLAS_INT incY, double *A);

/* ---------------------------------------------------------------------------------------------
   Level 2: c and z
   --------------------------------------------------------------------------------------------- */
void cblas_cgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_cgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT KL, const CBLAS_INT KU, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *X, const CBLAS_INT incX, const void *beta, void *Y, const CBLAS_INT incY);
void cblas_ctrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ctbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const void *A, const CBLAS_INT lda,
                 void *X, const CBLAS_INT incX);
void cblas_ctpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *Ap, void *X, const CBLAS_INT incX);
void cblas_ctrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ctbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const void *A, const CBLAS_INT lda,
                 void *X, const CBLAS_INT incX);
void cblas_ctpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *Ap, void *X, const CBLAS_INT incX);
void cblas_chemv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX, const void *beta,
                 void *Y, const CBLAS_INT incY);
void cblas_chbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const CBLAS_INT K,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_chpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *Ap, const void *X, const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
void cblas_cgeru(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_cgerc(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_cher(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                const void *X, const CBLAS_INT incX, void *A, const CBLAS_INT lda);
void cblas_chpr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const float alpha,
                const void *X, const CBLAS_INT incX, void *A);
void cblas_cher2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_chpr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *Ap);

void cblas_zgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_zgbmv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA, const CBLAS_INT M, const CBLAS_INT N,
                 const CBLAS_INT KL, const CBLAS_INT KU, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *X, const CBLAS_INT incX, const void *beta, void *Y, const CBLAS_INT incY);
void cblas_ztrmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ztbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const void *A, const CBLAS_INT lda,
                 void *X, const CBLAS_INT incX);
void cblas_ztpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *Ap, void *X, const CBLAS_INT incX);
void cblas_ztrsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *A, const CBLAS_INT lda, void *X,
                 const CBLAS_INT incX);
void cblas_ztbsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const CBLAS_INT K, const void *A, const CBLAS_INT lda,
                 void *X, const CBLAS_INT incX);
void cblas_ztpsv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_DIAG Diag, const CBLAS_INT N, const void *Ap, void *X, const CBLAS_INT incX);
void cblas_zhemv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX, const void *beta,
                 void *Y, const CBLAS_INT incY);
void cblas_zhbmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const CBLAS_INT K,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *X, const CBLAS_INT incX,
                 const void *beta, void *Y, const CBLAS_INT incY);
void cblas_zhpmv(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *Ap, const void *X, const CBLAS_INT incX, const void *beta, void *Y,
                 const CBLAS_INT incY);
void cblas_zgeru(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_zgerc(const CBLAS_LAYOUT layout, const CBLAS_INT M, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_zher(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                const void *X, const CBLAS_INT incX, void *A, const CBLAS_INT lda);
void cblas_zhpr(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const double alpha,
                const void *X, const CBLAS_INT incX, void *A);
void cblas_zher2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *A,
                 const CBLAS_INT lda);
void cblas_zhpr2(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_INT N, const void *alpha,
                 const void *X, const CBLAS_INT incX, const void *Y, const CBLAS_INT incY, void *Ap);

/* ---------------------------------------------------------------------------------------------
   Level 3: all four types
   --------------------------------------------------------------------------------------------- */
void cblas_sgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                 const float alpha, const float *A, const CBLAS_INT lda, const float *B, const CBLAS_INT ldb,
                 const float beta, float *C, const CBLAS_INT ldc);
void cblas_ssymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const float alpha, const float *A, const CBLAS_INT lda,
                 const float *B, const CBLAS_INT ldb, const float beta, float *C, const CBLAS_INT ldc);
void cblas_ssyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const float alpha, const float *A, const CBLAS_INT lda,
                 const float beta, float *C, const CBLAS_INT ldc);
void cblas_ssyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const float alpha, const float *A, const CBLAS_INT lda,
                  const float *B, const CBLAS_INT ldb, const float beta, float *C, const CBLAS_INT ldc);
void cblas_strmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const float alpha, const float *A, const CBLAS_INT lda, float *B, const CBLAS_INT ldb);
void cblas_strsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const float alpha, const float *A, const CBLAS_INT lda, float *B, const CBLAS_INT ldb);

void cblas_dgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                 const double alpha, const double *A, const CBLAS_INT lda, const double *B,
                 const CBLAS_INT ldb, const double beta, double *C, const CBLAS_INT ldc);
void cblas_dsymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const double alpha, const double *A, const CBLAS_INT lda,
                 const double *B, const CBLAS_INT ldb, const double beta, double *C, const CBLAS_INT ldc);
void cblas_dsyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const double alpha, const double *A, const CBLAS_INT lda,
                 const double beta, double *C, const CBLAS_INT ldc);
void cblas_dsyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const double alpha, const double *A, const CBLAS_INT lda,
                  const double *B, const CBLAS_INT ldb, const double beta, double *C, const CBLAS_INT ldc);
void cblas_dtrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const double alpha, const double *A, const CBLAS_INT lda, double *B, const CBLAS_INT ldb);
void cblas_dtrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const double alpha, const double *A, const CBLAS_INT lda, double *B, const CBLAS_INT ldb);

void cblas_cgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                 const void *beta, void *C, const CBLAS_INT ldc);
void cblas_csymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_csyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *beta, void *C, const CBLAS_INT ldc);
void cblas_csyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                  const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_ctrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_ctrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_chemm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_cherk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const float alpha, const void *A, const CBLAS_INT lda,
                 const float beta, void *C, const CBLAS_INT ldc);
void cblas_cher2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                  const void *B, const CBLAS_INT ldb, const float beta, void *C, const CBLAS_INT ldc);

void cblas_zgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                 const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                 const void *alpha, const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                 const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zsymm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zsyrk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zsyr2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                  const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_ztrmm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_ztrsm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_TRANSPOSE TransA, const CBLAS_DIAG Diag, const CBLAS_INT M, const CBLAS_INT N,
                 const void *alpha, const void *A, const CBLAS_INT lda, void *B, const CBLAS_INT ldb);
void cblas_zhemm(const CBLAS_LAYOUT layout, const CBLAS_SIDE Side, const CBLAS_UPLO Uplo,
                 const CBLAS_INT M, const CBLAS_INT N, const void *alpha, const void *A, const CBLAS_INT lda,
                 const void *B, const CBLAS_INT ldb, const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zherk(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                 const CBLAS_INT N, const CBLAS_INT K, const double alpha, const void *A, const CBLAS_INT lda,
                 const double beta, void *C, const CBLAS_INT ldc);
void cblas_zher2k(const CBLAS_LAYOUT layout, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE Trans,
                  const CBLAS_INT N, const CBLAS_INT K, const void *alpha, const void *A, const CBLAS_INT lda,
                  const void *B, const CBLAS_INT ldb, const double beta, void *C, const CBLAS_INT ldc);

/* ---------------------------------------------------------------------------------------------
   Error handler: called with the 1-based position of the illegal argument and the routine name
   ("cblas_dgemm"); form is a printf format for further detail (may be empty). The library's
   version prints a message to stderr and returns; a program may define its own.
   --------------------------------------------------------------------------------------------- */
void cblas_xerbla(CBLAS_INT p, const char *rout, const char *form, ...);

/* ---------------------------------------------------------------------------------------------
   bf16 (OpenBLAS's extension): bfloat16 is the upper half of an IEEE fp32, stored in 16 bits.
   Products are formed on the exact fp32 values and summed in fp32; conversions to bf16 round to
   nearest even and keep NaNs quiet (docs/API.md).
   --------------------------------------------------------------------------------------------- */
#ifndef NB_BFLOAT16_DEFINED
#define NB_BFLOAT16_DEFINED
#include <stdint.h>
typedef uint16_t bfloat16;
#endif
void cblas_sbstobf16(const CBLAS_INT n, const float *in, const CBLAS_INT incin, bfloat16 *out, const CBLAS_INT incout);
void cblas_sbdtobf16(const CBLAS_INT n, const double *in, const CBLAS_INT incin, bfloat16 *out,
                     const CBLAS_INT incout);
void cblas_sbf16tos(const CBLAS_INT n, const bfloat16 *in, const CBLAS_INT incin, float *out, const CBLAS_INT incout);
void cblas_dbf16tod(const CBLAS_INT n, const bfloat16 *in, const CBLAS_INT incin, double *out,
                    const CBLAS_INT incout);
float cblas_sbdot(const CBLAS_INT n, const bfloat16 *x, const CBLAS_INT incx, const bfloat16 *y, const CBLAS_INT incy);
void cblas_sbgemv(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE trans, const CBLAS_INT m, const CBLAS_INT n,
                  const float alpha, const bfloat16 *a, const CBLAS_INT lda, const bfloat16 *x,
                  const CBLAS_INT incx, const float beta, float *y, const CBLAS_INT incy);
void cblas_sbgemm(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                  const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                  const float alpha, const bfloat16 *a, const CBLAS_INT lda, const bfloat16 *b,
                  const CBLAS_INT ldb, const float beta, float *c, const CBLAS_INT ldc);

/* ---------------------------------------------------------------------------------------------
   Batched GEMM (MKL's and OpenBLAS's extension). Group form: group_count groups; group g has
   group_size[g] problems sharing transa_array[g] .. ldc_array[g], whose operands are the next
   group_size[g] entries of a_array, b_array and c_array. Strided form: batch_size problems of one
   shape, operand i at a + i*stridea (b, c likewise). C matrices of different problems must not
   overlap; A and B may. Every argument is checked before anything is computed.
   --------------------------------------------------------------------------------------------- */
void cblas_sgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const CBLAS_INT *m_array, const CBLAS_INT *n_array,
                       const CBLAS_INT *k_array, const float *alpha_array, const float **a_array,
                       const CBLAS_INT *lda_array, const float **b_array, const CBLAS_INT *ldb_array,
                       const float *beta_array, float **c_array, const CBLAS_INT *ldc_array,
                       const CBLAS_INT group_count, const CBLAS_INT *group_size);
void cblas_sgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                               const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                               const float alpha, const float *a, const CBLAS_INT lda, const CBLAS_INT stridea,
                               const float *b, const CBLAS_INT ldb, const CBLAS_INT strideb, const float beta,
                               float *c, const CBLAS_INT ldc, const CBLAS_INT stridec, const CBLAS_INT batch_size);
void cblas_dgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const CBLAS_INT *m_array, const CBLAS_INT *n_array,
                       const CBLAS_INT *k_array, const double *alpha_array, const double **a_array,
                       const CBLAS_INT *lda_array, const double **b_array, const CBLAS_INT *ldb_array,
                       const double *beta_array, double **c_array, const CBLAS_INT *ldc_array,
                       const CBLAS_INT group_count, const CBLAS_INT *group_size);
void cblas_dgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                               const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                               const double alpha, const double *a, const CBLAS_INT lda, const CBLAS_INT stridea,
                               const double *b, const CBLAS_INT ldb, const CBLAS_INT strideb, const double beta,
                               double *c, const CBLAS_INT ldc, const CBLAS_INT stridec, const CBLAS_INT batch_size);
void cblas_cgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const CBLAS_INT *m_array, const CBLAS_INT *n_array,
                       const CBLAS_INT *k_array, const void *alpha_array, const void **a_array,
                       const CBLAS_INT *lda_array, const void **b_array, const CBLAS_INT *ldb_array,
                       const void *beta_array, void **c_array, const CBLAS_INT *ldc_array,
                       const CBLAS_INT group_count, const CBLAS_INT *group_size);
void cblas_cgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                               const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                               const void * alpha, const void *a, const CBLAS_INT lda, const CBLAS_INT stridea,
                               const void *b, const CBLAS_INT ldb, const CBLAS_INT strideb, const void * beta,
                               void *c, const CBLAS_INT ldc, const CBLAS_INT stridec, const CBLAS_INT batch_size);
void cblas_zgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                       const CBLAS_TRANSPOSE *transb_array, const CBLAS_INT *m_array, const CBLAS_INT *n_array,
                       const CBLAS_INT *k_array, const void *alpha_array, const void **a_array,
                       const CBLAS_INT *lda_array, const void **b_array, const CBLAS_INT *ldb_array,
                       const void *beta_array, void **c_array, const CBLAS_INT *ldc_array,
                       const CBLAS_INT group_count, const CBLAS_INT *group_size);
void cblas_zgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                               const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                               const void * alpha, const void *a, const CBLAS_INT lda, const CBLAS_INT stridea,
                               const void *b, const CBLAS_INT ldb, const CBLAS_INT strideb, const void * beta,
                               void *c, const CBLAS_INT ldc, const CBLAS_INT stridec, const CBLAS_INT batch_size);
/* bf16 batched GEMM (OpenBLAS's names): fp32 alpha, beta and C, bf16 A and B. */
void cblas_sbgemm_batch(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE *transa_array,
                        const CBLAS_TRANSPOSE *transb_array, const CBLAS_INT *m_array, const CBLAS_INT *n_array,
                        const CBLAS_INT *k_array, const float *alpha_array, const bfloat16 **a_array,
                        const CBLAS_INT *lda_array, const bfloat16 **b_array, const CBLAS_INT *ldb_array,
                        const float *beta_array, float **c_array, const CBLAS_INT *ldc_array,
                        const CBLAS_INT group_count, const CBLAS_INT *group_size);
void cblas_sbgemm_batch_strided(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                                const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                                const float alpha, const bfloat16 *a, const CBLAS_INT lda,
                                const CBLAS_INT stridea, const bfloat16 *b, const CBLAS_INT ldb,
                                const CBLAS_INT strideb, const float beta, float *c, const CBLAS_INT ldc,
                                const CBLAS_INT stridec, const CBLAS_INT batch_size);

/* ---------------------------------------------------------------------------------------------
   OpenBLAS extensions (OpenBLAS's cblas.h types exactly: note the `float *` / `double *` complex
   scalars and matrices of ?omatcopy, ?imatcopy and ?geadd). docs/API.md describes each.
     ?axpby     y = alpha*x + beta*y (beta == 0: y not read; alpha == 0: x not read)
     i?amin     0-based index of the first smallest |x_i| (complex: |Re| + |Im|)
     ?omatcopy  B = alpha*op(A), op: NoTrans, Trans, ConjTrans, ConjNoTrans
     ?imatcopy  the same in place (result stored with leading dimension ldb)
     ?geadd     C = alpha*A + beta*C
     ?gemmt     the Uplo triangle of the N x N C = alpha*op(A)*op(B) + beta*C
   --------------------------------------------------------------------------------------------- */
void cblas_saxpby(const CBLAS_INT n, const float alpha, const float *x, const CBLAS_INT incx, const float beta,
                  float *y, const CBLAS_INT incy);
void cblas_daxpby(const CBLAS_INT n, const double alpha, const double *x, const CBLAS_INT incx,
                  const double beta, double *y, const CBLAS_INT incy);
void cblas_caxpby(const CBLAS_INT n, const void *alpha, const void *x, const CBLAS_INT incx, const void *beta,
                  void *y, const CBLAS_INT incy);
void cblas_zaxpby(const CBLAS_INT n, const void *alpha, const void *x, const CBLAS_INT incx, const void *beta,
                  void *y, const CBLAS_INT incy);

CBLAS_INDEX cblas_isamin(const CBLAS_INT n, const float *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_idamin(const CBLAS_INT n, const double *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_icamin(const CBLAS_INT n, const void *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_izamin(const CBLAS_INT n, const void *x, const CBLAS_INT incx);

void cblas_somatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const float calpha, const float *a,
                     const CBLAS_INT clda, float *b, const CBLAS_INT cldb);
void cblas_domatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const double calpha, const double *a,
                     const CBLAS_INT clda, double *b, const CBLAS_INT cldb);
void cblas_comatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const float *calpha, const float *a,
                     const CBLAS_INT clda, float *b, const CBLAS_INT cldb);
void cblas_zomatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const double *calpha, const double *a,
                     const CBLAS_INT clda, double *b, const CBLAS_INT cldb);

void cblas_simatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const float calpha, float *a,
                     const CBLAS_INT clda, const CBLAS_INT cldb);
void cblas_dimatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const double calpha, double *a,
                     const CBLAS_INT clda, const CBLAS_INT cldb);
void cblas_cimatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const float *calpha, float *a,
                     const CBLAS_INT clda, const CBLAS_INT cldb);
void cblas_zimatcopy(const enum CBLAS_ORDER CORDER, const enum CBLAS_TRANSPOSE CTRANS,
                     const CBLAS_INT crows, const CBLAS_INT ccols, const double *calpha, double *a,
                     const CBLAS_INT clda, const CBLAS_INT cldb);

void cblas_sgeadd(const enum CBLAS_ORDER CORDER, const CBLAS_INT crows, const CBLAS_INT ccols,
                  const float calpha, float *a, const CBLAS_INT clda, const float cbeta, float *c,
                  const CBLAS_INT cldc);
void cblas_dgeadd(const enum CBLAS_ORDER CORDER, const CBLAS_INT crows, const CBLAS_INT ccols,
                  const double calpha, double *a, const CBLAS_INT clda, const double cbeta, double *c,
                  const CBLAS_INT cldc);
void cblas_cgeadd(const enum CBLAS_ORDER CORDER, const CBLAS_INT crows, const CBLAS_INT ccols,
                  const float *calpha, float *a, const CBLAS_INT clda, const float *cbeta, float *c,
                  const CBLAS_INT cldc);
void cblas_zgeadd(const enum CBLAS_ORDER CORDER, const CBLAS_INT crows, const CBLAS_INT ccols,
                  const double *calpha, double *a, const CBLAS_INT clda, const double *cbeta, double *c,
                  const CBLAS_INT cldc);

void cblas_sgemmt(const CBLAS_LAYOUT Order, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                  const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT K, const float alpha,
                  const float *A, const CBLAS_INT lda, const float *B, const CBLAS_INT ldb, const float beta,
                  float *C, const CBLAS_INT ldc);
void cblas_dgemmt(const CBLAS_LAYOUT Order, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                  const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT K, const double alpha,
                  const double *A, const CBLAS_INT lda, const double *B, const CBLAS_INT ldb,
                  const double beta, double *C, const CBLAS_INT ldc);
void cblas_cgemmt(const CBLAS_LAYOUT Order, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                  const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb, const void *beta,
                  void *C, const CBLAS_INT ldc);
void cblas_zgemmt(const CBLAS_LAYOUT Order, const CBLAS_UPLO Uplo, const CBLAS_TRANSPOSE TransA,
                  const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT K, const void *alpha,
                  const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb, const void *beta,
                  void *C, const CBLAS_INT ldc);

/* OpenBLAS's further extensions (same types as OpenBLAS's cblas.h):
     ?sum       plain sum (complex: the sum of Re + Im), 0 when n < 1 or incx < 1
     i?max      0-based index of the first largest value, i?min of the smallest; 0 when n < 1 or
                incx < 1. The c and z forms search the first n REAL numbers of the array at
                stride incx, as OpenBLAS's do (it builds them from the real routine)
     ?dotu/?dotc complex dot products returned by value (the standard forms are the _sub ones)
     ?gemm3m    cblas_?gemm under OpenBLAS's name
   The value-returning dot products use OpenBLAS's names for the complex return types: C99 complex
   in C (the same as OpenBLAS's openblas_config.h), a two-member struct in C++ (the same
   registers on x86-64 and AArch64). Not redefined when OpenBLAS's header came first. */
#if !defined(OPENBLAS_COMPLEX_C99) && !defined(OPENBLAS_COMPLEX_STRUCT)
#if defined(__cplusplus) || defined(_MSC_VER)
#define OPENBLAS_COMPLEX_STRUCT
typedef struct { float real, imag; } openblas_complex_float;
typedef struct { double real, imag; } openblas_complex_double;
#else
#define OPENBLAS_COMPLEX_C99
typedef float _Complex openblas_complex_float;
typedef double _Complex openblas_complex_double;
#endif
#endif
float cblas_ssum(const CBLAS_INT n, const float *x, const CBLAS_INT incx);
double cblas_dsum(const CBLAS_INT n, const double *x, const CBLAS_INT incx);
float cblas_scsum(const CBLAS_INT n, const void *x, const CBLAS_INT incx);
double cblas_dzsum(const CBLAS_INT n, const void *x, const CBLAS_INT incx);

CBLAS_INDEX cblas_ismax(const CBLAS_INT n, const float *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_idmax(const CBLAS_INT n, const double *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_icmax(const CBLAS_INT n, const void *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_izmax(const CBLAS_INT n, const void *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_ismin(const CBLAS_INT n, const float *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_idmin(const CBLAS_INT n, const double *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_icmin(const CBLAS_INT n, const void *x, const CBLAS_INT incx);
CBLAS_INDEX cblas_izmin(const CBLAS_INT n, const void *x, const CBLAS_INT incx);

openblas_complex_float cblas_cdotu(const CBLAS_INT n, const void *x, const CBLAS_INT incx, const void *y,
                                   const CBLAS_INT incy);
openblas_complex_float cblas_cdotc(const CBLAS_INT n, const void *x, const CBLAS_INT incx, const void *y,
                                   const CBLAS_INT incy);
openblas_complex_double cblas_zdotu(const CBLAS_INT n, const void *x, const CBLAS_INT incx, const void *y,
                                    const CBLAS_INT incy);
openblas_complex_double cblas_zdotc(const CBLAS_INT n, const void *x, const CBLAS_INT incx, const void *y,
                                    const CBLAS_INT incy);

void cblas_cgemm3m(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                   const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                   const void *alpha, const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                   const void *beta, void *C, const CBLAS_INT ldc);
void cblas_zgemm3m(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE TransA,
                   const CBLAS_TRANSPOSE TransB, const CBLAS_INT M, const CBLAS_INT N, const CBLAS_INT K,
                   const void *alpha, const void *A, const CBLAS_INT lda, const void *B, const CBLAS_INT ldb,
                   const void *beta, void *C, const CBLAS_INT ldc);

#ifdef __cplusplus
}
#endif

#endif
