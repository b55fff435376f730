/* The trsm / trmm leaf loops for complex types (the trsm_rows / trmm_rows entries of the kernel
   contract, kernels/kernel.h), in GCC vector extensions compiled per kernel set: the plain loops
   of tri_loops.h (whole rows of B per (i, k) pair, the reference's k order, a zero b(k, j)
   skipping its updates) on interleaved (re, im) vectors. Plain C complex arithmetic did not
   vectorise at all (GCC 12, -mavx2: scalar mulsd/addsd), and the leaves took 25% of ztrmm 624.

   A complex product x * l is x * Re(l) + swap(x) * (-Im(l), Im(l)) per pair, swap exchanging
   the two halves of each pair; a complex x is zero when both halves are, so the select mask is
   (x != 0) | swap(x != 0), applied only in the updates from a row k that has a zero (the common
   row has none, and its updates run without the select). The diagonal of trsm divides through the reciprocal of M(k, k),
   computed once per row (the reference divides each element: results can differ from it in the
   last bit, as they do across libraries).

   B: element (i, j) at b[i*rs + j] (cs must be 1: the driver's leaf copies B to contiguous rows
   first when it is not). l: the dense triangle, l[i + k*ldl] = M(i, k).

   NB_TRI_COMPLEX_DEFINE(p, T, R, IT, sfx, VB) defines nb_<p>trsm_rows_<sfx> and
   nb_<p>trmm_rows_<sfx>; IT is the signed integer type of R's size. */
#ifndef NB_TRI_COMPLEX_LOOPS_H
#define NB_TRI_COMPLEX_LOOPS_H

#include <stddef.h>

/* trmm forms alpha * row k once per k, for this many columns at a time */
#define NB_TRIC_CHUNK 64

#define NB_TRI_COMPLEX_DECLARE(p, T, sfx)                                                          \
    void nb_##p##trsm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T *b,      \
                                 size_t rs, size_t cs, size_t n);                                 \
    void nb_##p##trmm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha,   \
                                 T *b, size_t rs, size_t cs, size_t n);

#define NB_TRI_COMPLEX_DEFINE(p, T, R, IT, sfx, VB)                                                \
    NB_TRI_COMPLEX_DECLARE(p, T, sfx)                                                             \
    typedef R nb_##p##tric_v_##sfx __attribute__((vector_size(VB)));                              \
    typedef IT nb_##p##tric_iv_##sfx __attribute__((vector_size(VB)));                            \
    typedef nb_##p##tric_v_##sfx nb_##p##tric_vu_##sfx                                            \
        __attribute__((aligned(sizeof(R)), __may_alias__));                                      \
                                                                                                  \
    static inline nb_##p##tric_v_##sfx nb_##p##tric_swap_##sfx(nb_##p##tric_v_##sfx x)           \
    {                                                                                             \
        nb_##p##tric_iv_##sfx pairs;                                                              \
        for (int e = 0; e < (int)((VB) / sizeof(R)); e++)                                         \
            pairs[e] = e ^ 1;                                                                     \
        return __builtin_shuffle(x, pairs);                                                       \
    }                                                                                             \
    /* (a, b, a, b, ...) */                                                                       \
    static inline nb_##p##tric_v_##sfx nb_##p##tric_pair_##sfx(R a, R b)                          \
    {                                                                                             \
        nb_##p##tric_v_##sfx v = {a, b};                                                          \
        nb_##p##tric_iv_##sfx idx;                                                                \
        for (int e = 0; e < (int)((VB) / sizeof(R)); e++)                                         \
            idx[e] = e & 1;                                                                       \
        return __builtin_shuffle(v, idx);                                                         \
    }                                                                                             \
    /* y with the pairs where x is nonzero replaced by v. */                                      \
    static inline nb_##p##tric_v_##sfx nb_##p##tric_sel_##sfx(                                    \
        nb_##p##tric_v_##sfx x, nb_##p##tric_v_##sfx v, nb_##p##tric_v_##sfx y)                   \
    {                                                                                             \
        nb_##p##tric_iv_##sfx nz = (nb_##p##tric_iv_##sfx)(x != 0), pairs;                        \
        for (int e = 0; e < (int)((VB) / sizeof(R)); e++)                                         \
            pairs[e] = e ^ 1;                                                                     \
        nz |= __builtin_shuffle(nz, pairs);                                                       \
        return (nb_##p##tric_v_##sfx)(((nb_##p##tric_iv_##sfx)v & nz) |                           \
                                      ((nb_##p##tric_iv_##sfx)y & ~nz));                          \
    }                                                                                             \
    /* Row i -= row k * s over n elements (s = M(i, k), trsm), or row i += t * s with t the row  \
       alpha * row k (trmm, formed once per k by the caller, as the reference forms alpha * x     \
       before the product). x: row k itself, whose zeros skip their updates (skip != 0). */      \
    static inline __attribute__((always_inline)) void nb_##p##tric_axpy_##sfx(                    \
        T *bi, const T *bk, const T *tk, size_t n, T s, int trmm, int skip)                       \
    {                                                                                             \
        typedef nb_##p##tric_v_##sfx V;                                                           \
        typedef nb_##p##tric_vu_##sfx VU;                                                         \
        enum { CPV = (VB) / sizeof(R) / 2 };                                                      \
        V sr = nb_##p##tric_pair_##sfx(__real__ s, __real__ s),                                   \
          si = nb_##p##tric_pair_##sfx(-__imag__ s, __imag__ s);                                  \
        size_t j = 0;                                                                             \
        for (; j + CPV <= n; j += CPV) {                                                          \
            V x = *(const VU *)(bk + j), y = *(VU *)(bi + j), v;                                  \
            if (trmm) {                                                                           \
                V t = *(const VU *)(tk + j);                                                      \
                v = y + (t * sr + nb_##p##tric_swap_##sfx(t) * si);                               \
            } else {                                                                              \
                v = y - (x * sr + nb_##p##tric_swap_##sfx(x) * si);                               \
            }                                                                                     \
            *(VU *)(bi + j) = skip ? nb_##p##tric_sel_##sfx(x, v, y) : v;                         \
        }                                                                                         \
        for (; j < n; j++) {                                                                      \
            T x = bk[j], y = bi[j];                                                               \
            bi[j] = x != 0 ? (trmm ? y + tk[j] * s : y - x * s) : y;                              \
        }                                                                                         \
    }                                                                                             \
    /* Whether row k has a zero element: only then do its updates need the select (without a    \
       zero the select keeps every new value, so leaving it out changes nothing). */             \
    static inline int nb_##p##tric_has_zero_##sfx(const T *bk, size_t n)                          \
    {                                                                                             \
        int z = 0;                                                                                \
        for (size_t j = 0; j < n; j++)                                                            \
            z |= bk[j] == 0;                                                                      \
        return z;                                                                                 \
    }                                                                                             \
    /* Row k *= s where b(k, j) != 0. */                                                          \
    static inline void nb_##p##tric_scale_##sfx(T *bk, size_t n, T s)                             \
    {                                                                                             \
        typedef nb_##p##tric_v_##sfx V;                                                           \
        typedef nb_##p##tric_vu_##sfx VU;                                                         \
        enum { CPV = (VB) / sizeof(R) / 2 };                                                      \
        V sr = nb_##p##tric_pair_##sfx(__real__ s, __real__ s),                                   \
          si = nb_##p##tric_pair_##sfx(-__imag__ s, __imag__ s);                                  \
        size_t j = 0;                                                                             \
        for (; j + CPV <= n; j += CPV) {                                                          \
            V x = *(VU *)(bk + j);                                                                \
            *(VU *)(bk + j) =                                                                     \
                nb_##p##tric_sel_##sfx(x, x * sr + nb_##p##tric_swap_##sfx(x) * si, x);           \
        }                                                                                         \
        for (; j < n; j++)                                                                        \
            bk[j] = bk[j] != 0 ? bk[j] * s : bk[j];                                               \
    }                                                                                             \
                                                                                                  \
    void nb_##p##trsm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T *b,      \
                                 size_t rs, size_t cs, size_t n)                                  \
    {                                                                                             \
        (void)cs;                                                                                 \
        for (size_t s = 0; s < m; s++) {                                                          \
            size_t k = upper ? m - 1 - s : s;                                                     \
            T *bk = b + k * rs;                                                                   \
            if (!unit)                                                                            \
                nb_##p##tric_scale_##sfx(bk, n, (T)1 / l[k + k * ldl]);                           \
            size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                    \
            if (nb_##p##tric_has_zero_##sfx(bk, n)) {                                             \
                for (size_t i = i0; i < i1; i++)                                                  \
                    nb_##p##tric_axpy_##sfx(b + i * rs, bk, bk, n, l[i + k * ldl], 0, 1);         \
            } else {                                                                              \
                for (size_t i = i0; i < i1; i++)                                                  \
                    nb_##p##tric_axpy_##sfx(b + i * rs, bk, bk, n, l[i + k * ldl], 0, 0);         \
            }                                                                                     \
        }                                                                                         \
    }                                                                                             \
                                                                                                  \
    void nb_##p##trmm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha,   \
                                 T *b, size_t rs, size_t cs, size_t n)                            \
    {                                                                                             \
        (void)cs;                                                                                 \
        T tk[NB_TRIC_CHUNK];                                                                      \
        for (size_t j0 = 0; j0 < n; j0 += NB_TRIC_CHUNK) {                                        \
            size_t nb = n - j0 < NB_TRIC_CHUNK ? n - j0 : NB_TRIC_CHUNK;                          \
            T *b0 = b + j0;                                                                       \
            for (size_t s = 0; s < m; s++) {                                                      \
                size_t k = upper ? s : m - 1 - s;                                                 \
                T *bk = b0 + k * rs;                                                              \
                size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                \
                for (size_t j = 0; j < nb; j++)                                                   \
                    tk[j] = alpha * bk[j];                                                        \
                if (nb_##p##tric_has_zero_##sfx(bk, nb)) {                                        \
                    for (size_t i = i0; i < i1; i++)                                              \
                        nb_##p##tric_axpy_##sfx(b0 + i * rs, bk, tk, nb, l[i + k * ldl], 1, 1);   \
                } else {                                                                          \
                    for (size_t i = i0; i < i1; i++)                                              \
                        nb_##p##tric_axpy_##sfx(b0 + i * rs, bk, tk, nb, l[i + k * ldl], 1, 0);   \
                }                                                                                 \
                nb_##p##tric_scale_##sfx(bk, nb, unit ? alpha : alpha * l[k + k * ldl]);          \
            }                                                                                     \
        }                                                                                         \
    }

#endif
