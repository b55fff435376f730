/* Plain-C gemv loops that every kernel set compiles with its own ISA flags: the compiler
   vectorises them (omp simd: -fopenmp-simd is always on, so this holds without OpenMP too) to the
   vector width of the including file. No intrinsics: gemv is bound by the bandwidth of A, which
   these loops reach by reading every element of A exactly once per call in long unit-stride runs.

   Include once per kernel set after defining NB_GEMV_SUFFIX (avx512, avx2, generic); defines
   nb_{s,d}gemv_{n,t,ger}_<suffix> (the gemv_n / gemv_t / ger entries of kernels/kernel.h):
     gemv_n: y[0..m) += alpha * A x      (A m x n column-major, x and y contiguous)
     gemv_t: y[0..n) += alpha * A**T x
     ger:    A += alpha * x y**T         (columns with y[j] == 0 untouched, as in the reference)
   Four columns per pass: gemv_n loads and stores each element of y once per four columns
   (a row block of y, 16 KiB, stays in L1 across the whole column sweep), gemv_t keeps four
   independent sums, so four FMA chains are in flight. */
#include <stddef.h>

#define GEMV_CAT3(a, b, c) a##b##c
#define GEMV_NAME(p, op, sfx) GEMV_CAT3(nb_##p##gemv_, op##_, sfx)
#define GER_NAME(p, sfx) GEMV_CAT3(nb_, p##ger_, sfx)

#define NB_GEMV_LOOPS(T, p, sfx)                                                                    \
    void GEMV_NAME(p, n, sfx)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x,      \
                              T *y)                                                                 \
    {                                                                                               \
        const size_t rows = 16384 / sizeof(T);                                                      \
        for (size_t i0 = 0; i0 < m; i0 += rows) {                                                   \
            size_t mb = m - i0 < rows ? m - i0 : rows;                                              \
            T *restrict yb = y + i0;                                                                \
            size_t j = 0;                                                                           \
            for (; j + 4 <= n; j += 4) {                                                            \
                const T *restrict a0 = a + i0 + j * lda, *restrict a1 = a0 + lda;                   \
                const T *restrict a2 = a1 + lda, *restrict a3 = a2 + lda;                           \
                T t0 = alpha * x[j], t1 = alpha * x[j + 1], t2 = alpha * x[j + 2],                  \
                  t3 = alpha * x[j + 3];                                                            \
                _Pragma("omp simd") for (size_t i = 0; i < mb; i++) yb[i] =                         \
                    yb[i] + t0 * a0[i] + t1 * a1[i] + t2 * a2[i] + t3 * a3[i];                      \
            }                                                                                       \
            for (; j < n; j++) {                                                                    \
                const T *restrict aj = a + i0 + j * lda;                                            \
                T t = alpha * x[j];                                                                 \
                _Pragma("omp simd") for (size_t i = 0; i < mb; i++) yb[i] = yb[i] + t * aj[i];      \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    void GEMV_NAME(p, t, sfx)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x,      \
                              T *y)                                                                 \
    {                                                                                               \
        const T *restrict xr = x;                                                                   \
        size_t j = 0;                                                                               \
        for (; j + 4 <= n; j += 4) {                                                                \
            const T *restrict a0 = a + j * lda, *restrict a1 = a0 + lda;                            \
            const T *restrict a2 = a1 + lda, *restrict a3 = a2 + lda;                               \
            T s0 = 0, s1 = 0, s2 = 0, s3 = 0;                                                       \
            _Pragma("omp simd reduction(+ : s0, s1, s2, s3)") for (size_t i = 0; i < m; i++) {      \
                s0 += a0[i] * xr[i];                                                                \
                s1 += a1[i] * xr[i];                                                                \
                s2 += a2[i] * xr[i];                                                                \
                s3 += a3[i] * xr[i];                                                                \
            }                                                                                       \
            y[j] += alpha * s0, y[j + 1] += alpha * s1, y[j + 2] += alpha * s2,                     \
                y[j + 3] += alpha * s3;                                                             \
        }                                                                                           \
        for (; j < n; j++) {                                                                        \
            const T *restrict aj = a + j * lda;                                                     \
            T s = 0;                                                                                \
            _Pragma("omp simd reduction(+ : s)") for (size_t i = 0; i < m; i++) s += aj[i] * xr[i]; \
            y[j] += alpha * s;                                                                      \
        }                                                                                           \
    }                                                                                               \
    void GER_NAME(p, sfx)(size_t m, size_t n, T alpha, const T *x, const T *y, T *a, size_t lda)    \
    {                                                                                               \
        const T *restrict xr = x;                                                                   \
        for (size_t j = 0; j < n; j++) {                                                            \
            if (y[j] == 0) /* the reference skips the column */                                     \
                continue;                                                                           \
            T *restrict aj = a + j * lda;                                                           \
            T t = alpha * y[j];                                                                     \
            _Pragma("omp simd") for (size_t i = 0; i < m; i++) aj[i] = aj[i] + xr[i] * t;           \
        }                                                                                           \
    }

NB_GEMV_LOOPS(float, s, NB_GEMV_SUFFIX)
NB_GEMV_LOOPS(double, d, NB_GEMV_SUFFIX)

/* The trsm/trmm leaf loops (tri_loops.h) for s and d, under this set's names. */
#include "kernels/generic/tri_loops.h"
#define TRI_NAME(p, op, sfx) GEMV_CAT3(nb_##p, op##_rows_, sfx)
#define TRI_LOOPS(T, p, sfx) NB_TRI_ROWS(T, , TRI_NAME(p, trsm, sfx), TRI_NAME(p, trmm, sfx))
TRI_LOOPS(float, s, NB_GEMV_SUFFIX)
TRI_LOOPS(double, d, NB_GEMV_SUFFIX)
