/* Level 1 vector kernels on contiguous operands: the table a kernel set fills for the
   ISA-agnostic drivers under blas/level1/ and blas/ext/. Every entry of every set is non-NULL:
   the sets whose ISA has no hand-written loops compile the plain-C loops of
   kernels/generic/l1_loops.h with their own flags.

   Conventions (n elements, complex vectors interleaved re/im, counts in elements of the type):
   - caxpy and cscal take alpha by address (kernels/scalar_pass.h); complex dots store their
     result through res, so a float _Complex is never packed from its parts through the stack.
   - reductions return the sum over their n elements; the drivers cut long vectors into fixed
     chunks (blas/level1/l1_internal.h) and add the chunk results in a fixed order, so a kernel
     only has to be deterministic for a given n and start address.
   - ?asum, ?nrm2, ?scal by a real, ?swap and ?sum of complex vectors run the real kernel on 2n
     reals (the reference treats the two parts alike there).
   - nrm2 adds Blue's three accumulators (squares of small, medium and big |x_i|, the small
     and big ones scaled; blas/level1/l1_norm.tmpl.c) into acc[0..2] = small, medium, big.
   - i?amax returns the 0-based index of the first maximum of |x_i| (complex |re| + |im|) over
     the elements that are not NaN, and that maximum in *vmax; -1 and index 0 when all are NaN.
   - csrot/zdrot keep the reference's full complex products by (c, 0) and (s, 0).
   - i?amin (OpenBLAS extension): the 0-based index of the first minimum of |x_i| (complex
     |re| + |im|) over the elements that are not NaN, that minimum in *v; n when all are NaN.
     i?max/i?min (real only): the same for the largest/smallest signed value. want_index == 0:
     only *v is wanted, the index is 0 (found) or n (all NaN).
   - ?axpby: y = alpha*x + beta*y with OpenBLAS's special cases (beta == 0: y not read;
     alpha == 0: x not read; complex "zero" is both parts zero); ?axpyc: y += alpha*conj(x).
   - ?rotm: the modified Givens H of param = (flag, h11, h21, h12, h22), flag < 0 full H,
     flag == 0 unit diagonal, any other flag h12 = 1, h21 = -1 (the caller skips flag == -2).
   - ?omatn / ?omatt: column-major B = alpha*op(A) for an m x n A, op = conj? (omatn: B m x n)
     or its transpose (omatt: B n x m); alpha == 0 writes zeros without reading A; conj is
     ignored for real types; omatn may run in place (a == b, lda == ldb). */
#ifndef NB_L1_KERNELS_H
#define NB_L1_KERNELS_H

#include <stddef.h>

typedef struct {
    float (*sdot)(size_t n, const float *x, const float *y);
    double (*ddot)(size_t n, const double *x, const double *y);
    double (*dsdot)(size_t n, const float *x, const float *y); /* float products summed in double */
    void (*cdotu)(size_t n, const float _Complex *x, const float _Complex *y, float _Complex *res);
    void (*cdotc)(size_t n, const float _Complex *x, const float _Complex *y, float _Complex *res);
    void (*zdotu)(size_t n, const double _Complex *x, const double _Complex *y,
                  double _Complex *res);
    void (*zdotc)(size_t n, const double _Complex *x, const double _Complex *y,
                  double _Complex *res);
    float (*sasum)(size_t n, const float *x);
    double (*dasum)(size_t n, const double *x);
    float (*ssum)(size_t n, const float *x);
    double (*dsum)(size_t n, const double *x);
    void (*snrm2)(size_t n, const float *x, float acc[3]);
    void (*dnrm2)(size_t n, const double *x, double acc[3]);
    size_t (*isamax)(size_t n, const float *x, float *vmax);
    size_t (*idamax)(size_t n, const double *x, double *vmax);
    size_t (*icamax)(size_t n, const float _Complex *x, float *vmax);
    size_t (*izamax)(size_t n, const double _Complex *x, double *vmax);
    void (*saxpy)(size_t n, float alpha, const float *x, float *y);
    void (*daxpy)(size_t n, double alpha, const double *x, double *y);
    void (*caxpy)(size_t n, const float _Complex *alpha, const float _Complex *x, float _Complex *y);
    void (*zaxpy)(size_t n, double _Complex alpha, const double _Complex *x, double _Complex *y);
    void (*sscal)(size_t n, float alpha, float *x);
    void (*dscal)(size_t n, double alpha, double *x);
    void (*cscal)(size_t n, const float _Complex *alpha, float _Complex *x);
    void (*zscal)(size_t n, double _Complex alpha, double _Complex *x);
    void (*srot)(size_t n, float *x, float *y, float c, float s);
    void (*drot)(size_t n, double *x, double *y, double c, double s);
    void (*csrot)(size_t n, float _Complex *x, float _Complex *y, float c, float s);
    void (*zdrot)(size_t n, double _Complex *x, double _Complex *y, double c, double s);
    /* strided real axpy and rot (increments not 0), with the contiguous kernels' bits */
    void (*saxpy_inc)(size_t n, float alpha, const float *x, ptrdiff_t incx, float *y, ptrdiff_t incy);
    void (*daxpy_inc)(size_t n, double alpha, const double *x, ptrdiff_t incx, double *y,
                      ptrdiff_t incy);
    void (*srot_inc)(size_t n, float *x, ptrdiff_t incx, float *y, ptrdiff_t incy, float c, float s);
    void (*drot_inc)(size_t n, double *x, ptrdiff_t incx, double *y, ptrdiff_t incy, double c,
                     double s);
    void (*sswap)(size_t n, float *x, float *y);
    void (*dswap)(size_t n, double *x, double *y);
    /* nbytes from x to y (not overlapping) past the caches: streaming stores where the set has
       them, else memcpy */
    void (*copy_stream)(size_t nbytes, const void *x, void *y, unsigned pages);
    size_t (*isamin)(size_t n, const float *x, float *v, int want_index);
    size_t (*idamin)(size_t n, const double *x, double *v, int want_index);
    size_t (*icamin)(size_t n, const float _Complex *x, float *v, int want_index);
    size_t (*izamin)(size_t n, const double _Complex *x, double *v, int want_index);
    size_t (*ismax)(size_t n, const float *x, float *v, int want_index);
    size_t (*idmax)(size_t n, const double *x, double *v, int want_index);
    size_t (*ismin)(size_t n, const float *x, float *v, int want_index);
    size_t (*idmin)(size_t n, const double *x, double *v, int want_index);
    void (*saxpby)(size_t n, float alpha, const float *x, float beta, float *y);
    void (*daxpby)(size_t n, double alpha, const double *x, double beta, double *y);
    void (*caxpby)(size_t n, float _Complex alpha, const float _Complex *x, float _Complex beta,
                   float _Complex *y);
    void (*zaxpby)(size_t n, double _Complex alpha, const double _Complex *x, double _Complex beta,
                   double _Complex *y);
    void (*caxpyc)(size_t n, float _Complex alpha, const float _Complex *x, float _Complex *y);
    void (*zaxpyc)(size_t n, double _Complex alpha, const double _Complex *x, double _Complex *y);
    void (*srotm)(size_t n, float *x, float *y, const float *param);
    void (*drotm)(size_t n, double *x, double *y, const double *param);
    void (*somatn)(size_t m, size_t n, float alpha, const float *a, size_t lda, float *b,
                   size_t ldb, int conj);
    void (*domatn)(size_t m, size_t n, double alpha, const double *a, size_t lda, double *b,
                   size_t ldb, int conj);
    void (*comatn)(size_t m, size_t n, float _Complex alpha, const float _Complex *a, size_t lda,
                   float _Complex *b, size_t ldb, int conj);
    void (*zomatn)(size_t m, size_t n, double _Complex alpha, const double _Complex *a,
                   size_t lda, double _Complex *b, size_t ldb, int conj);
    void (*somatt)(size_t m, size_t n, float alpha, const float *a, size_t lda, float *b,
                   size_t ldb, int conj);
    void (*domatt)(size_t m, size_t n, double alpha, const double *a, size_t lda, double *b,
                   size_t ldb, int conj);
    void (*comatt)(size_t m, size_t n, float _Complex alpha, const float _Complex *a, size_t lda,
                   float _Complex *b, size_t ldb, int conj);
    void (*zomatt)(size_t m, size_t n, double _Complex alpha, const double _Complex *a,
                   size_t lda, double _Complex *b, size_t ldb, int conj);
} nb_l1_kernels;

/* The list of entries, applied to a macro taking (field, return type, parameter list). */
#define NB_L1_FOR_EACH(X)                                                                          \
    X(sdot, float, (size_t, const float *, const float *))                                        \
    X(ddot, double, (size_t, const double *, const double *))                                     \
    X(dsdot, double, (size_t, const float *, const float *))                                      \
    X(cdotu, void, (size_t, const float _Complex *, const float _Complex *, float _Complex *))    \
    X(cdotc, void, (size_t, const float _Complex *, const float _Complex *, float _Complex *))    \
    X(zdotu, void, (size_t, const double _Complex *, const double _Complex *, double _Complex *)) \
    X(zdotc, void, (size_t, const double _Complex *, const double _Complex *, double _Complex *)) \
    X(sasum, float, (size_t, const float *))                                                      \
    X(dasum, double, (size_t, const double *))                                                    \
    X(ssum, float, (size_t, const float *))                                                       \
    X(dsum, double, (size_t, const double *))                                                     \
    X(snrm2, void, (size_t, const float *, float *))                                              \
    X(dnrm2, void, (size_t, const double *, double *))                                            \
    X(isamax, size_t, (size_t, const float *, float *))                                           \
    X(idamax, size_t, (size_t, const double *, double *))                                         \
    X(icamax, size_t, (size_t, const float _Complex *, float *))                                  \
    X(izamax, size_t, (size_t, const double _Complex *, double *))                                \
    X(saxpy, void, (size_t, float, const float *, float *))                                       \
    X(daxpy, void, (size_t, double, const double *, double *))                                    \
    X(caxpy, void, (size_t, const float _Complex *, const float _Complex *, float _Complex *))    \
    X(zaxpy, void, (size_t, double _Complex, const double _Complex *, double _Complex *))         \
    X(sscal, void, (size_t, float, float *))                                                      \
    X(dscal, void, (size_t, double, double *))                                                    \
    X(cscal, void, (size_t, const float _Complex *, float _Complex *))                            \
    X(zscal, void, (size_t, double _Complex, double _Complex *))                                  \
    X(srot, void, (size_t, float *, float *, float, float))                                       \
    X(saxpy_inc, void, (size_t, float, const float *, ptrdiff_t, float *, ptrdiff_t))            \
    X(daxpy_inc, void, (size_t, double, const double *, ptrdiff_t, double *, ptrdiff_t))         \
    X(srot_inc, void, (size_t, float *, ptrdiff_t, float *, ptrdiff_t, float, float))            \
    X(drot_inc, void, (size_t, double *, ptrdiff_t, double *, ptrdiff_t, double, double))        \
    X(drot, void, (size_t, double *, double *, double, double))                                   \
    X(csrot, void, (size_t, float _Complex *, float _Complex *, float, float))                    \
    X(zdrot, void, (size_t, double _Complex *, double _Complex *, double, double))                \
    X(sswap, void, (size_t, float *, float *))                                                    \
    X(dswap, void, (size_t, double *, double *))                                                  \
    X(copy_stream, void, (size_t, const void *, void *, unsigned))                                     \
    X(isamin, size_t, (size_t, const float *, float *, int))                                      \
    X(idamin, size_t, (size_t, const double *, double *, int))                                    \
    X(icamin, size_t, (size_t, const float _Complex *, float *, int))                             \
    X(izamin, size_t, (size_t, const double _Complex *, double *, int))                           \
    X(ismax, size_t, (size_t, const float *, float *, int))                                       \
    X(idmax, size_t, (size_t, const double *, double *, int))                                     \
    X(ismin, size_t, (size_t, const float *, float *, int))                                       \
    X(idmin, size_t, (size_t, const double *, double *, int))                                     \
    X(saxpby, void, (size_t, float, const float *, float, float *))                               \
    X(daxpby, void, (size_t, double, const double *, double, double *))                           \
    X(caxpby, void,                                                                                \
      (size_t, float _Complex, const float _Complex *, float _Complex, float _Complex *))          \
    X(zaxpby, void,                                                                                \
      (size_t, double _Complex, const double _Complex *, double _Complex, double _Complex *))      \
    X(caxpyc, void, (size_t, float _Complex, const float _Complex *, float _Complex *))           \
    X(zaxpyc, void, (size_t, double _Complex, const double _Complex *, double _Complex *))        \
    X(srotm, void, (size_t, float *, float *, const float *))                                     \
    X(drotm, void, (size_t, double *, double *, const double *))                                  \
    X(somatn, void, (size_t, size_t, float, const float *, size_t, float *, size_t, int))         \
    X(domatn, void, (size_t, size_t, double, const double *, size_t, double *, size_t, int))      \
    X(comatn, void, (size_t, size_t, float _Complex, const float _Complex *, size_t,              \
                     float _Complex *, size_t, int))                                               \
    X(zomatn, void, (size_t, size_t, double _Complex, const double _Complex *, size_t,            \
                     double _Complex *, size_t, int))                                              \
    X(somatt, void, (size_t, size_t, float, const float *, size_t, float *, size_t, int))         \
    X(domatt, void, (size_t, size_t, double, const double *, size_t, double *, size_t, int))      \
    X(comatt, void, (size_t, size_t, float _Complex, const float _Complex *, size_t,              \
                     float _Complex *, size_t, int))                                               \
    X(zomatt, void, (size_t, size_t, double _Complex, const double _Complex *, size_t,            \
                     double _Complex *, size_t, int))

/* Every set's functions are declared here, so that each kset_<isa>.c can name its entry:
   nb_<field>_<set>, e.g. nb_ddot_avx2. */
#define NB_L1_DECL_ONE_(sfx, f, ret, params) ret nb_##f##_##sfx params;
#define NB_L1_DECL_avx2(f, ret, params) NB_L1_DECL_ONE_(avx2, f, ret, params)
#define NB_L1_DECL_avx512(f, ret, params) NB_L1_DECL_ONE_(avx512, f, ret, params)
#define NB_L1_DECL_neon(f, ret, params) NB_L1_DECL_ONE_(neon, f, ret, params)
#define NB_L1_DECL_sve(f, ret, params) NB_L1_DECL_ONE_(sve, f, ret, params)
#define NB_L1_DECL_generic(f, ret, params) NB_L1_DECL_ONE_(generic, f, ret, params)
NB_L1_FOR_EACH(NB_L1_DECL_avx2)
NB_L1_FOR_EACH(NB_L1_DECL_avx512)
NB_L1_FOR_EACH(NB_L1_DECL_neon)
NB_L1_FOR_EACH(NB_L1_DECL_sve)
NB_L1_FOR_EACH(NB_L1_DECL_generic)

/* The designated initialiser of a set's table: NB_L1_ENTRY(avx2) = {.sdot = nb_sdot_avx2, ...}. */
#define NB_L1_INIT_avx2(f, ret, params) .f = nb_##f##_avx2,
#define NB_L1_INIT_avx512(f, ret, params) .f = nb_##f##_avx512,
#define NB_L1_INIT_neon(f, ret, params) .f = nb_##f##_neon,
#define NB_L1_INIT_sve(f, ret, params) .f = nb_##f##_sve,
#define NB_L1_INIT_generic(f, ret, params) .f = nb_##f##_generic,
#define NB_L1_ENTRY(sfx) {NB_L1_FOR_EACH(NB_L1_INIT_##sfx)}

#endif
