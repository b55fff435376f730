/* MKL's compact GEMM interface, with MKL's names, enumeration values and argument types, so that
   code written for MKL's compact routines compiles and links against nanoblas unchanged.

   The compact format stores a batch of nm matrices of the same size interleaved: the matrices are
   taken in groups of P (the pack length of the format), and element (i, j) of the P matrices of a
   group is stored as P consecutive values, so one vector register holds it for the whole group.
     format               P for s, c    P for d, z
     MKL_COMPACT_SSE      4             2
     MKL_COMPACT_AVX      8             4
     MKL_COMPACT_AVX512   16            8
   For a complex type an element takes 2P values: the P real parts, then the P imaginary parts.
   A group is a matrix of ld x sd such elements (ld the leading dimension: rows for column-major,
   columns for row-major; sd the other dimension), and group g starts ld * sd * g elements after
   the first. When nm is not a multiple of P the last group is padded with identity matrices.
   Every format works with every kernel set; mkl_get_format_compact() names the fastest one.
   MKL_INT is int (LP64; int64_t for the ILP64 libraries, below). Include this header instead of mkl.h, or after it: MKL's
   own mkl_types.h must not come later (it redefines the enumerations unconditionally). */
#ifndef NANOBLAS_COMPACT_H
#define NANOBLAS_COMPACT_H

#ifdef __cplusplus
extern "C" {
#endif

/* MKL_INT: int (LP64), or int64_t for the ILP64 libraries (NANOBLAS_ILP64, or
   NANOBLAS_ILP64_SUFFIX for libnanoblas64.so.0's suffixed names: include/cblas.h, "ILP64"). */
#ifdef NANOBLAS_ILP64_SUFFIX
#ifndef NANOBLAS_ILP64
#define NANOBLAS_ILP64
#endif
#include "nanoblas_suffix64.h"
#endif
#ifndef MKL_INT
#ifdef NANOBLAS_ILP64
#include <stdint.h>
#define MKL_INT int64_t
#else
#define MKL_INT int
#endif
#endif

/* The types of MKL's mkl_types.h, unless that header was included first. */
#ifndef _MKL_TYPES_H_
#ifndef MKL_Complex8
typedef struct _MKL_Complex8 {
    float real;
    float imag;
} MKL_Complex8;
#endif
#ifndef MKL_Complex16
typedef struct _MKL_Complex16 {
    double real;
    double imag;
} MKL_Complex16;
#endif
typedef enum { MKL_ROW_MAJOR = 101, MKL_COL_MAJOR = 102 } MKL_LAYOUT;
typedef enum { MKL_NOTRANS = 111, MKL_TRANS = 112, MKL_CONJTRANS = 113, MKL_CONJ = 114 } MKL_TRANSPOSE;
typedef enum { MKL_COMPACT_SSE = 181, MKL_COMPACT_AVX = 182, MKL_COMPACT_AVX512 = 183 } MKL_COMPACT_PACK;
#endif

/* As in MKL's mkl_compact.h: a program may define these to its own complex types of the same
   layout (two reals, real part first), e.g. float _Complex. */
#ifndef mkl_compact_complex_float
#define mkl_compact_complex_float MKL_Complex8
#endif
#ifndef mkl_compact_complex_double
#define mkl_compact_complex_double MKL_Complex16
#endif

/* The format whose pack length is the vector width of the kernel set in use (NANOBLAS_ARCH):
   MKL_COMPACT_AVX512 for avx512 and amx, MKL_COMPACT_AVX for avx2, MKL_COMPACT_SSE for generic. */
MKL_COMPACT_PACK mkl_get_format_compact(void);

/* Bytes of a compact buffer of nm matrices with leading dimension ld and other dimension sd
   (nm rounded up to a multiple of P). Negative arguments or an invalid format: xerbla, 0. */
MKL_INT mkl_sget_size_compact(MKL_INT ld, MKL_INT sd, MKL_COMPACT_PACK format, MKL_INT nm);
MKL_INT mkl_dget_size_compact(MKL_INT ld, MKL_INT sd, MKL_COMPACT_PACK format, MKL_INT nm);
MKL_INT mkl_cget_size_compact(MKL_INT ld, MKL_INT sd, MKL_COMPACT_PACK format, MKL_INT nm);
MKL_INT mkl_zget_size_compact(MKL_INT ld, MKL_INT sd, MKL_COMPACT_PACK format, MKL_INT nm);

/* Packs the nm matrices a[0..nm) (rows x columns, leading dimension lda, in `layout`) into the
   compact buffer ap (leading dimension ldap >= rows for column-major, >= columns for row-major);
   unpack is the reverse and writes only the nm matrices. Elements of ap between rows (or columns)
   and ldap are left untouched. */
void mkl_sgepack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns, const float *const *a,
                         MKL_INT lda, float *ap, MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_dgepack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns, const double *const *a,
                         MKL_INT lda, double *ap, MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_cgepack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns,
                         const mkl_compact_complex_float *const *a, MKL_INT lda, float *ap,
                         MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_zgepack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns,
                         const mkl_compact_complex_double *const *a, MKL_INT lda, double *ap,
                         MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_sgeunpack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns, float *const *a,
                           MKL_INT lda, const float *ap, MKL_INT ldap, MKL_COMPACT_PACK format,
                           MKL_INT nm);
void mkl_dgeunpack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns, double *const *a,
                           MKL_INT lda, const double *ap, MKL_INT ldap, MKL_COMPACT_PACK format,
                           MKL_INT nm);
void mkl_cgeunpack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns,
                           mkl_compact_complex_float *const *a, MKL_INT lda, const float *ap,
                           MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_zgeunpack_compact(MKL_LAYOUT layout, MKL_INT rows, MKL_INT columns,
                           mkl_compact_complex_double *const *a, MKL_INT lda, const double *ap,
                           MKL_INT ldap, MKL_COMPACT_PACK format, MKL_INT nm);

/* C = alpha * op(A) * op(B) + beta * C for each of the nm matrices of the compact buffers a, b, c
   (op: MKL_NOTRANS, MKL_TRANS, MKL_CONJTRANS; for real types MKL_CONJTRANS is MKL_TRANS).
   beta == 0 does not read C; alpha == 0 or k == 0 does not read A or B. */
void mkl_sgemm_compact(MKL_LAYOUT layout, MKL_TRANSPOSE transa, MKL_TRANSPOSE transb, MKL_INT m,
                       MKL_INT n, MKL_INT k, float alpha, const float *a, MKL_INT ldap,
                       const float *b, MKL_INT ldbp, float beta, float *c, MKL_INT ldcp,
                       MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_dgemm_compact(MKL_LAYOUT layout, MKL_TRANSPOSE transa, MKL_TRANSPOSE transb, MKL_INT m,
                       MKL_INT n, MKL_INT k, double alpha, const double *a, MKL_INT ldap,
                       const double *b, MKL_INT ldbp, double beta, double *c, MKL_INT ldcp,
                       MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_cgemm_compact(MKL_LAYOUT layout, MKL_TRANSPOSE transa, MKL_TRANSPOSE transb, MKL_INT m,
                       MKL_INT n, MKL_INT k, const mkl_compact_complex_float *alpha,
                       const float *a, MKL_INT ldap, const float *b, MKL_INT ldbp,
                       const mkl_compact_complex_float *beta, float *c, MKL_INT ldcp,
                       MKL_COMPACT_PACK format, MKL_INT nm);
void mkl_zgemm_compact(MKL_LAYOUT layout, MKL_TRANSPOSE transa, MKL_TRANSPOSE transb, MKL_INT m,
                       MKL_INT n, MKL_INT k, const mkl_compact_complex_double *alpha,
                       const double *a, MKL_INT ldap, const double *b, MKL_INT ldbp,
                       const mkl_compact_complex_double *beta, double *c, MKL_INT ldcp,
                       MKL_COMPACT_PACK format, MKL_INT nm);

#ifdef __cplusplus
}
#endif

#endif
