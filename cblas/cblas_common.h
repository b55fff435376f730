/* Shared by the CBLAS templates (include after blas/nb_template.h): decoding of the CBLAS
   enumerations, error reporting through cblas_xerbla, and the argument/vector helpers the
   row-major mappings need. Everything here is static: one copy per translation unit. */
#ifndef NB_CBLAS_COMMON_H
#define NB_CBLAS_COMMON_H

#include <stdlib.h>
#include <string.h>
#include "blas/nb_template.h"
#include "cblas.h"

/* Defined in cblas/cblas_globals.c (exported). cblas_xerbla - ours or the program's own - reads it
   to map the position reported for a row-major call back to the user's argument list. */
extern int RowMajorStrg;

/* Lowercase type letter of the current precision, for the "cblas_dgemv" style routine names. */
#if NB_PREC == 1
#define NB_LP "s"
#elif NB_PREC == 2
#define NB_LP "d"
#elif NB_PREC == 3
#define NB_LP "c"
#else
#define NB_LP "z"
#endif
#define NB_CB_NAME(x) ("cblas_" NB_LP #x)

/* Argument types of the CBLAS prototypes: complex scalars and arrays travel as void pointers,
   real scalars by value. NB_SCALAR reads a scalar argument as nb_t. */
#if NB_COMPLEX
#define NB_CSCAL const void *
#define NB_CVEC const void *
#define NB_VEC void *
#define NB_SCALAR(p) nb_cb_load(p)
#else
#define NB_CSCAL const nb_t
#define NB_CVEC const nb_t *
#define NB_VEC nb_t *
#define NB_SCALAR(p) (p)
#endif

#if NB_COMPLEX
/* A complex scalar argument: the caller's object may be a float[2] or a C++ std::complex, so it
   is read by copy rather than through an nb_t lvalue. */
static inline nb_t nb_cb_load(const void *p)
{
    nb_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
#endif

/* Reports an illegal argument. row tells cblas_xerbla whether info refers to the swapped
   column-major call of a row-major request. The flag is reset afterwards as the reference does. */
static inline void nb_cb_error(int row, blasint info, const char *rout)
{
    RowMajorStrg = row;
    cblas_xerbla(info, rout, "");
    RowMajorStrg = 0;
}

/* The reference cblas_xerbla's row-major table for every routine whose name contains "gemm"
   (netlib CBLAS 3.x, cblas/cblas_xerbla.c): it exchanges 4 and 5 (M, N) and 9 and 11 (lda, ldb).
   The exchange is its own inverse: it turns the position of the exchanged column-major call of a
   row-major gemm into the caller's position and back. */
static inline blasint nb_cb_gemm_swap(blasint info)
{
    return info == 4 ? 5 : info == 5 ? 4 : info == 9 ? 11 : info == 11 ? 9 : info;
}

/* Report an illegal argument and leave the calling entry point (row > 0: a row-major call). */
#define NB_CB_FAIL(row, info, name)                                                                \
    do {                                                                                           \
        nb_cb_error((row) > 0, (info), (name));                                                    \
        return;                                                                                    \
    } while (0)

/* Layout: 1 for row-major, 0 for column-major, -1 when invalid. */
static inline int nb_cb_layout(int layout)
{
    return layout == CblasRowMajor ? 1 : layout == CblasColMajor ? 0 : -1;
}

/* The Fortran character of an enumeration value, 0 when the value is illegal. */
static inline char nb_cb_trans(int t)
{
    return t == CblasNoTrans ? 'N' : t == CblasTrans ? 'T' : t == CblasConjTrans ? 'C' : 0;
}
static inline char nb_cb_uplo(int u) { return u == CblasUpper ? 'U' : u == CblasLower ? 'L' : 0; }
static inline char nb_cb_diag(int d) { return d == CblasUnit ? 'U' : d == CblasNonUnit ? 'N' : 0; }
static inline char nb_cb_side(int s) { return s == CblasLeft ? 'L' : s == CblasRight ? 'R' : 0; }

/* A row-major matrix is the transpose of the column-major one in the same memory: the stored
   triangle and the side of a triangular or symmetric operand swap. */
static inline char nb_cb_flip_uplo(char u) { return u == 'U' ? 'L' : 'U'; }
static inline char nb_cb_flip_side(char s) { return s == 'L' ? 'R' : 'L'; }

#if NB_COMPLEX
/* Row-major complex calls that need conj(A) (the reference CBLAS forms them the same way) work
   on conjugated vectors. Small copies go to a caller-provided stack buffer, larger ones to the
   heap. */
#define NB_CB_STACK 256

/* Unit-stride conjugated copy of the n-vector x with increment incx (reference convention for
   negative increments, so element order is kept). Returns NULL when out of memory. */
static inline nb_t *nb_cb_conj_copy(blasint n, const nb_t *x, blasint incx, nb_t *stack)
{
    nb_t *c = n <= NB_CB_STACK ? stack : (nb_t *)malloc((size_t)n * sizeof(nb_t));
    if (!c)
        return NULL;
    const nb_t *p = x + nb_vstart(n, incx);
    for (blasint i = 0; i < n; i++)
        c[i] = NB_CONJ(p[(ptrdiff_t)i * incx]);
    return c;
}
static inline void nb_cb_release(nb_t *c, const nb_t *stack)
{
    if (c != stack)
        free(c);
}

/* Conjugates the n elements of a strided vector in place (exact: only sign bits change). */
static inline void nb_cb_conj_inplace(blasint n, nb_t *x, blasint incx)
{
    ptrdiff_t step = incx < 0 ? -(ptrdiff_t)incx : incx;
    for (blasint i = 0; i < n; i++)
        x[(ptrdiff_t)i * step] = NB_CONJ(x[(ptrdiff_t)i * step]);
}

/* Out of memory for a conjugated copy: report it rather than return a wrong result. */
static inline void nb_cb_nomem(int row, const char *rout)
{
    RowMajorStrg = row;
    cblas_xerbla(0, rout, "nanoblas: out of memory for a conjugated vector copy\n");
    RowMajorStrg = 0;
}
#define NB_CB_NOMEM(name)                                                                          \
    do {                                                                                           \
        nb_cb_nomem(1, (name));                                                                    \
        return;                                                                                    \
    } while (0)
#endif

/* cblas_?gemm's body with the routine name its errors report (cblas/cblas_level3.tmpl.c);
   three_m: the column-major call runs ?gemm3m's driver (complex only). */
void NB_INT(cblas_gemm_named)(const char *name, int three_m, const CBLAS_LAYOUT layout,
                              const CBLAS_TRANSPOSE TransA, const CBLAS_TRANSPOSE TransB,
                              const blasint M, const blasint N, const blasint K, NB_CSCAL alpha, NB_CVEC A,
                              const blasint lda, NB_CVEC B, const blasint ldb, NB_CSCAL beta, NB_VEC C,
                              const blasint ldc);

#endif
