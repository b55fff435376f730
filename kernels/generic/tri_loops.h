/* The leaf loops of trsm and trmm (blas/level3/trxm.tmpl.c), plain C: the driver instantiates
   them for every type, and each kernel set compiles them again for s and d with its own ISA
   flags (kernels/<isa>/gemv_<isa>.c), so that they vectorise to its width.

   They work on rows of B that are contiguous (b(i, j) at b[i*rs + j], m <= 16 rows) with l the
   dense copy of the triangle M (l[i + k*ldl] = M(i, k)). Every step updates whole rows, which the
   compiler vectorises across j, and the columns advance together (column by column, each one is
   a chain of dependent divisions and FMAs: dtrsm 2048 spent 20% of its time there). Per element
   the arithmetic is the reference's, in its order, a zero b(k, j) skipping its updates; values
   are computed for every j and then selected, which vectorises (-fno-trapping-math).

   trsm_rows: solves M*X = B in place (alpha already applied): upper M from the bottom row up,
   lower M from the top row down.
   trmm_rows: B = alpha*M*B in the reference's k order (upper: k ascending, lower: descending); at
   step k the rows i != k take alpha*b(k, j)*M(i, k) before row k itself is replaced. */
#ifndef NB_TRI_LOOPS_H
#define NB_TRI_LOOPS_H
#include <stddef.h>

#define NB_TRI_ROWS(T, linkage, trsm_name, trmm_name)                                               \
    linkage void trsm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T *b, size_t rs,  \
                           size_t n)                                                                \
    {                                                                                               \
        for (size_t s = 0; s < m; s++) {                                                            \
            size_t k = upper ? m - 1 - s : s;                                                       \
            T *bk = b + k * rs;                                                                     \
            if (!unit) {                                                                            \
                T d = l[k + k * ldl];                                                               \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                  \
                {                                                                                   \
                    T x = bk[j], q = x / d;                                                         \
                    bk[j] = x != 0 ? q : x;                                                         \
                }                                                                                   \
            }                                                                                       \
            size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                      \
            for (size_t i = i0; i < i1; i++) {                                                      \
                T *bi = b + i * rs, lik = l[i + k * ldl];                                           \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++) /* rows i, k distinct */         \
                {                                                                                   \
                    T x = bk[j], y = bi[j], v = y - x * lik;                                        \
                    bi[j] = x != 0 ? v : y;                                                         \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    linkage void trmm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha, T *b,    \
                           size_t rs, size_t n)                                                     \
    {                                                                                               \
        for (size_t s = 0; s < m; s++) {                                                            \
            size_t k = upper ? s : m - 1 - s;                                                       \
            T *bk = b + k * rs;                                                                     \
            size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                      \
            for (size_t i = i0; i < i1; i++) {                                                      \
                T *bi = b + i * rs, lik = l[i + k * ldl];                                           \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                  \
                {                                                                                   \
                    T x = bk[j], y = bi[j], v = y + (alpha * x) * lik;                              \
                    bi[j] = x != 0 ? v : y;                                                         \
                }                                                                                   \
            }                                                                                       \
            T d = l[k + k * ldl];                                                                   \
            _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                      \
            {                                                                                       \
                T x = bk[j], t = alpha * x, v = unit ? t : t * d;                                   \
                bk[j] = x != 0 ? v : x;                                                             \
            }                                                                                       \
        }                                                                                           \
    }

#endif
