/* Complex GEMM on a kernel set's real micro-kernel: the 1m method (Van Zee and Smith, "Implementing
   high-performance complex matrix multiplication via the 1m method", SIAM J. Sci. Comput. 2020).

   A complex product C += A*B is a real product of twice the size in each of m and k once the
   operands are packed in two formats:
   - A in "1e": each complex element a = ar + i*ai becomes the 2 x 2 real block
         [ ar  -ai ]
         [ ai   ar ]
     so a complex MRZ-row micro-panel of k columns is a real panel of MR = 2*MRZ rows and 2k
     columns (twice the bytes of the complex panel: the engine's a_expand = 2);
   - B in "1r": each complex element b = br + i*bi becomes the real column pair (br; bi) down
     the k dimension, a real panel of 2k rows and NR columns (the same bytes as the complex one).
   Row 2i of the real product is then sum(ar*br - ai*bi) = Re(c_i) and row 2i+1 is
   sum(ai*br + ar*bi) = Im(c_i): a column-major complex C (rs_c == 1) is the column-major real C
   of 2m rows with column stride 2*cs_c, updated in place by the real micro-kernel. Every real
   flop is one of the 8mnk complex flops (no 3m/4m waste), so complex GEMM runs at the real
   kernel's rate, on every kernel set that has one, with no complex micro-kernel to write or to
   keep free of spills (the real kernels' register budgets hold; the wrapper has no k loop).
   Conjugation is folded into the packing (the sign of ai or bi).

   Real alpha and beta (imaginary parts zero: 1, -1 and 0 in nearly every call LAPACK makes) go
   straight to the real kernel. Otherwise, and for a C that is not column-major, the kernel writes
   alpha-free A*B to a tile on the stack that is then combined as complex numbers.

   Instantiated per kernel set (kernels/<isa>/complex_gemm_<isa>.c) by
     NB_GEMM_1M_DEFINE(p, T, R, sfx, rukr, MR_EXPR, MR_MAX, NR)
   p: the complex prefix (c or z); T / R: the complex and real element types; rukr: the set's
   real micro-kernel for R (the ukr contract of kernels/kernel.h); MR_EXPR: its tile height in
   real rows (even; an expression, so a vector-length-agnostic set can pass svcntd()-based
   values), MR_MAX a compile-time bound on it; NR its tile width. Defines nb_<p>gemm_1m_<sfx>,
   nb_<p>pack_a_1e_<sfx> and nb_<p>pack_b_1r_<sfx>; the table entry is NB_GEMM_1M_ENTRY. */
#ifndef NB_GEMM_1M_LOOPS_H
#define NB_GEMM_1M_LOOPS_H

#include <stddef.h>

/* panels of B packed together from a row-contiguous source (pack_b_1r) */
#define NB_1M_PACK_GROUP 8

/* The complex entry of a kernel set: MRZ = MR / 2 complex rows, NR columns, packed A twice the
   complex size, the no-packing kernel of gemm_small_complex_loops.h and the trsm/trmm leaf loops
   of tri_complex_loops.h, which every set instantiates beside these
   (kernels/<isa>/complex_gemm_<isa>.c). mr is 0 for sets whose MR is
   known only at load (their vla_setup fills it). */
#define NB_GEMM_1M_ENTRY(p, sfx, tile_m, tile_n)                                                  \
    {.mr = (tile_m), .nr = (tile_n), .ukr = nb_##p##gemm_1m_##sfx,                              \
     .pack_a = nb_##p##pack_a_1e_##sfx, .pack_b = nb_##p##pack_b_1r_##sfx,                        \
     .small = nb_##p##gemm_small_##sfx, .trsm_rows = nb_##p##trsm_rows_##sfx,                    \
     .trmm_rows = nb_##p##trmm_rows_##sfx, .a_expand = 2}

#define NB_GEMM_1M_DECLARE(p, T, sfx)                                                              \
    void nb_##p##trsm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha,   \
                                 size_t h, T *b, size_t rs, size_t cs, size_t n);                 \
    void nb_##p##trmm_rows_##sfx(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha,   \
                                 T *b, size_t rs, size_t cs, size_t n);                           \
    void nb_##p##gemm_small_##sfx(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda,  \
                                  const T *b, size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc); \
    void nb_##p##gemm_1m_##sfx(size_t k, T alpha, const T *a, const T *b, T beta, T *c,            \
                               size_t rs_c, size_t cs_c, int m, int n);                           \
    void nb_##p##pack_a_1e_##sfx(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj,  \
                                 T *dst);                                                         \
    void nb_##p##pack_b_1r_##sfx(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj,  \
                                 T *dst);

#define NB_GEMM_1M_DEFINE(p, T, R, sfx, rukr, MR_EXPR, MR_MAX, NR)                                \
    NB_GEMM_1M_DECLARE(p, T, sfx)                                                                 \
                                                                                                  \
    /* Panels of MRZ complex rows: columns of the source contiguous (rs == 1, op(A) = A) are read \
       down each column; otherwise along each row, which is then contiguous (op(A) = A**T). */   \
    void nb_##p##pack_a_1e_##sfx(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj,  \
                                 T *dst_)                                                         \
    {                                                                                             \
        const size_t mr = (size_t)(MR_EXPR), mrz = mr / 2;                                        \
        const R sg = conj ? (R)-1 : (R)1;                                                         \
        const R *s = (const R *)src;                                                              \
        R *d = (R *)dst_;                                                                         \
        if (rs == 1) {                                                                            \
            /* column by column, each read once top to bottom into every panel: the panel-major   \
               order read 64 bytes of a column per panel and page, and the loads missed (90% of   \
               pack time, 6% of zgemm 1000) */                                                    \
            size_t np = (m + mrz - 1) / mrz;                                                      \
            for (size_t l = 0; l < k; l++) {                                                      \
                const R *col = s + 2 * l * cs;                                                    \
                for (size_t p = 0; p < np; p++) {                                                 \
                    size_t i0 = p * mrz, mb = m - i0 < mrz ? m - i0 : mrz;                        \
                    R *d0 = d + p * 2 * k * mr + 2 * l * mr, *d1 = d0 + mr;                       \
                    const R *c0 = col + 2 * i0;                                                   \
                    for (size_t i = 0; i < mb; i++) {                                             \
                        R re = c0[2 * i], im = sg * c0[2 * i + 1];                                \
                        d0[2 * i] = re, d0[2 * i + 1] = im;                                       \
                        d1[2 * i] = -im, d1[2 * i + 1] = re;                                      \
                    }                                                                             \
                    for (size_t i = 2 * mb; i < mr; i++)                                          \
                        d0[i] = 0, d1[i] = 0;                                                     \
                }                                                                                 \
            }                                                                                     \
            return;                                                                               \
        }                                                                                         \
        for (size_t i0 = 0; i0 < m; i0 += mrz, d += 2 * k * mr) {                                 \
            size_t mb = m - i0 < mrz ? m - i0 : mrz;                                              \
            const R *s0 = s + 2 * i0 * rs;                                                        \
            for (size_t i = 0; i < mb; i++) {                                                     \
                const R *row = s0 + 2 * i * rs;                                                   \
                for (size_t l = 0; l < k; l++) {                                                  \
                    R re = row[2 * l * cs], im = sg * row[2 * l * cs + 1];                        \
                    R *d0 = d + 2 * l * mr + 2 * i, *d1 = d0 + mr;                                \
                    d0[0] = re, d0[1] = im;                                                       \
                    d1[0] = -im, d1[1] = re;                                                      \
                }                                                                                 \
            }                                                                                     \
            if (mb < mrz)                                                                         \
                for (size_t l = 0; l < 2 * k; l++)                                                \
                    for (size_t i = 2 * mb; i < mr; i++)                                          \
                        d[l * mr + i] = 0;                                                        \
        }                                                                                         \
    }                                                                                             \
                                                                                                  \
    /* Panels of NR columns, k-major: real row 2l holds Re b(l, j), row 2l+1 Im b(l, j). */      \
    void nb_##p##pack_b_1r_##sfx(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj,  \
                                 T *dst_)                                                         \
    {                                                                                             \
        const R sg = conj ? (R)-1 : (R)1;                                                         \
        const R *s = (const R *)src;                                                              \
        R *d = (R *)dst_;                                                                         \
        if (rs != 1) {                                                                            \
            /* rows contiguous (op(B) = B**T or B**H): each row read across NB_1M_PACK_GROUP      \
               panels at once, whole cache lines; one panel at a time read 6 complex (96 bytes)  \
               of a row per k step, and the lines were gone from L1 by the next panel (5.5% of   \
               zherk 624, one thread, Zen 3, against 1.6% for the column-major case) */          \
            for (size_t g0 = 0; g0 < n; g0 += NB_1M_PACK_GROUP * (NR)) {                          \
                size_t gw = n - g0 < NB_1M_PACK_GROUP * (NR) ? n - g0 : NB_1M_PACK_GROUP * (NR);  \
                R *dg = d + 2 * k * g0;                                                           \
                for (size_t l = 0; l < k; l++) {                                                  \
                    const R *row = s + 2 * l * rs + 2 * g0 * cs;                                  \
                    for (size_t j = 0; j < gw; j++) {                                             \
                        R *dp = dg + (j / (NR)) * 2 * k * (NR) + 2 * l * (NR) + j % (NR);         \
                        dp[0] = row[2 * j * cs];                                                  \
                        dp[NR] = sg * row[2 * j * cs + 1];                                        \
                    }                                                                             \
                }                                                                                 \
            }                                                                                     \
        }                                                                                         \
        for (size_t j0 = 0; j0 < n; j0 += (NR), d += 2 * k * (NR)) {                              \
            size_t nb = n - j0 < (NR) ? n - j0 : (NR);                                            \
            const R *s0 = s + 2 * j0 * cs;                                                        \
            if (rs == 1) { /* columns contiguous: read each down k */                             \
                for (size_t j = 0; j < nb; j++) {                                                 \
                    const R *col = s0 + 2 * j * cs;                                               \
                    for (size_t l = 0; l < k; l++) {                                              \
                        d[2 * l * (NR) + j] = col[2 * l];                                         \
                        d[(2 * l + 1) * (NR) + j] = sg * col[2 * l + 1];                          \
                    }                                                                             \
                }                                                                                 \
            }                                                                                     \
            if (nb < (NR))                                                                        \
                for (size_t l = 0; l < 2 * k; l++)                                                \
                    for (size_t j = nb; j < (NR); j++)                                            \
                        d[l * (NR) + j] = 0;                                                      \
        }                                                                                         \
    }                                                                                             \
                                                                                                  \
    void nb_##p##gemm_1m_##sfx(size_t k, T alpha, const T *a, const T *b, T beta, T *c,            \
                               size_t rs_c, size_t cs_c, int m, int n)                            \
    {                                                                                             \
        const int mr = (int)(MR_EXPR);                                                            \
        const R *ar = (const R *)a, *br = (const R *)b;                                           \
        if (__imag__ alpha == 0 && __imag__ beta == 0 && rs_c == 1) {                             \
            rukr(2 * k, __real__ alpha, ar, br, __real__ beta, (R *)c, 1, 2 * cs_c, 2 * m, n);    \
            return;                                                                               \
        }                                                                                         \
        R t[(MR_MAX) * (NR)] __attribute__((aligned(64)));                                        \
        rukr(2 * k, (R)1, ar, br, (R)0, t, 1, (size_t)mr, 2 * m, n);                              \
        for (int j = 0; j < n; j++)                                                               \
            for (int i = 0; i < m; i++) {                                                         \
                T x;                                                                              \
                __real__ x = t[2 * i + j * mr], __imag__ x = t[2 * i + 1 + j * mr];               \
                T *cij = c + (size_t)i * rs_c + (size_t)j * cs_c;                                 \
                *cij = beta == 0 ? alpha * x : alpha * x + beta * *cij;                           \
            }                                                                                     \
    }

#endif
