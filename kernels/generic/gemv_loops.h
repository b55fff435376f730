/* Plain-C gemv loops that every kernel set compiles with its own ISA flags, on GCC vector types
   of NB_GEMV_VBYTES bytes (the set's register width: the including file defines it, 16 if not).
   No intrinsics: gemv is bound by the bandwidth of A, which these loops reach by reading every
   element of A exactly once per call in long unit-stride runs.

   Include once per kernel set after defining NB_GEMV_SUFFIX (avx512, avx2, neon, sve, generic);
   defines nb_{s,d}gemv_{n,t,ger}_<suffix> (the gemv_n / gemv_t / ger entries of kernels/kernel.h):
     gemv_n: y[0..m) += alpha * A x      (A m x n column-major, x and y contiguous)
     gemv_t: y[0..n) += alpha * A**T x
     ger:    A += alpha * x y**T         (columns with y[j] == 0 untouched, as in the reference)
   gemv_n: eight columns per pass, so each element of y is loaded and stored once per eight
   columns (a row block of y, 16 KiB, stays in L1 across the whole column sweep); 9 loads and a
   store per 8 FMAs. gemv_t: four columns per pass with two accumulators each, 8 FMA chains in
   flight (the four single chains before were latency-bound when A sat in L1 or L2).
   Register budget (avx2, 16 ymm): gemv_t 8 sums + 2 x vectors + A loads folded into the FMAs;
   gemv_n 8 broadcast t_c + 1 y vector. */
#include <stddef.h>
#include <string.h>

#define GEMV_CAT3(a, b, c) a##b##c
/* ger's long columns in steps of four vectors, loads first. Where the set's vectors are 64
   bytes, columns of 4 KiB or more in 32-byte vectors: the omp simd loop's 64-byte vectors ran
   sger from L3 (columns of 8 KiB) at 0.8x OpenBLAS on the Zen 5 guest; these 1.3-1.5x faster.
   Shorter columns (data in L1 and L2) keep it: there the 32-byte loop was 0.7-0.9x as fast.
   Where they are 32 bytes (avx2), columns of 512 bytes or more in full vectors: on Zen 3 the omp
   simd loop (one vector loaded, updated and stored an iteration) ran dger 1440 x 1440 from L3
   at 0.71-0.83x the four-vector step (three runs, medians of 31 interleaved samples each), 0.97
   from L2 (176) and 0.94-0.97 from memory (4088); from L1 (40) the omp simd loop was ahead. Same values: the step's
   a + x * t contracts to the FMA the omp simd loop uses. */
#if NB_GEMV_VBYTES >= 64
#define GER_STEP_V(p) __typeof__(gemv_v##p##2)
#define GER_STEP_ON(T, m) ((m) * sizeof(T) >= 4096)
#elif NB_GEMV_VBYTES == 32
#define GER_STEP_V(p) gemv_v##p
#define GER_STEP_ON(T, m) ((m) * sizeof(T) >= 512)
#endif
#ifdef GER_STEP_V
#define GER_STEP(T, p)                                                                              \
    {                                                                                               \
        typedef GER_STEP_V(p) VH_;                                                                  \
        enum { WH_ = sizeof(VH_) / sizeof(T) };                                                     \
        for (; i + 4 * WH_ <= m; i += 4 * WH_) {                                                    \
            VH_ a_[4];                                                                              \
            _Pragma("GCC unroll 4") for (int k = 0; k < 4; k++)                                     \
                a_[k] = GEMV_LD(VH_, aj + i + k * WH_) + GEMV_LD(VH_, xr + i + k * WH_) * t;        \
            _Pragma("GCC unroll 4") for (int k = 0; k < 4; k++) GEMV_ST(aj + i + k * WH_, a_[k]);   \
        }                                                                                           \
    }
#else
#define GER_STEP(T, p)
#define GER_STEP_ON(T, m) 0
#endif
#define GEMV_NAME(p, op, sfx) GEMV_CAT3(nb_##p##gemv_, op##_, sfx)
#define GER_NAME(p, sfx) GEMV_CAT3(nb_, p##ger_, sfx)

/* The set's vector width in bytes (16 when the including file does not say). */
#ifndef NB_GEMV_VBYTES
#define NB_GEMV_VBYTES 16
#endif
typedef float gemv_vs __attribute__((vector_size(NB_GEMV_VBYTES)));
typedef double gemv_vd __attribute__((vector_size(NB_GEMV_VBYTES)));
#define NB_HSUM_VBYTES NB_GEMV_VBYTES
#define NB_HSUM_SFX gemv
#include "kernels/generic/vec_hsum.h"
#define GEMV_HSUM4(p) hsum4_##p##_gemv
#define GEMV_LD(V, p) ({ V v_; memcpy(&v_, (p), sizeof v_); v_; })
#define GEMV_ST(p, v) ({ __typeof__(v) v_ = (v); memcpy((p), &v_, sizeof v_); })

/* Half and quarter vectors for gemv_n's last rows, where the set's vectors are 32 or 64 bytes:
   the scalar tail of 7 or 15 rows times 8 columns had taken half of sgemv_n 56 x 56's time. */
#if NB_GEMV_VBYTES >= 32
typedef float gemv_vs2 __attribute__((vector_size(NB_GEMV_VBYTES / 2)));
typedef double gemv_vd2 __attribute__((vector_size(NB_GEMV_VBYTES / 2)));
#endif
/* gemv_t's last half vector of rows, loaded at half width with the upper lanes zero, joins the
   lane tree instead of the scalar FMA chain: avx2 sgemv_t 12 x 16 36 -> 23 ns, 60 x 16 1.3x
   (Zen 5). avx2 only: the LAPACK eigen testers' ill-conditioned cases follow gemv_t's last bits.
   xeigtsts nep SHS 10 x 10 type 17 (left eigenvectors) failed on avx2 without the step and fails
   on avx512 with an 8-lane one; padding the whole tail flipped an SGGES and a DST case instead.
   make check runs every tester on every set (tests/netlib/run_lapack_testers.sh). */
#if NB_GEMV_VBYTES == 32
#define GEMV_T_HALF 1
#define GEMV_LDH_s(p) __builtin_shufflevector(GEMV_LD(gemv_vs2, p), (gemv_vs2){0}, 0, 1, 2, 3, 4, 5, 6, 7)
#define GEMV_LDH_d(p) __builtin_shufflevector(GEMV_LD(gemv_vd2, p), (gemv_vd2){0}, 0, 1, 2, 3)
#else
#define GEMV_T_HALF 0
#define GEMV_LDH_s(p) GEMV_LD(gemv_vs, p)
#define GEMV_LDH_d(p) GEMV_LD(gemv_vd, p)
#endif
#if NB_GEMV_VBYTES >= 64
typedef float gemv_vs4 __attribute__((vector_size(NB_GEMV_VBYTES / 4)));
typedef double gemv_vd4 __attribute__((vector_size(NB_GEMV_VBYTES / 4)));
#endif
/* rows [i, i + width of VP) of the NC columns, if they fit; as one step of the main loop */
#define GEMV_N_PART(VP, NC)                                                                         \
    if (i + sizeof(VP) / sizeof(yb[0]) <= mb) {                                                     \
        VP yv = GEMV_LD(VP, yb + i);                                                                \
        _Pragma("GCC unroll 8") for (int c = 0; c < (NC); c++) yv += tc[c] * GEMV_LD(VP, ac[c] + i); \
        GEMV_ST(yb + i, yv);                                                                        \
        i += sizeof(VP) / sizeof(yb[0]);                                                            \
    }
#if NB_GEMV_VBYTES >= 64
#define GEMV_N_TAIL(p, NC) GEMV_N_PART(gemv_v##p##2, NC) GEMV_N_PART(gemv_v##p##4, NC)
#elif NB_GEMV_VBYTES >= 32
#define GEMV_N_TAIL(p, NC) GEMV_N_PART(gemv_v##p##2, NC)
#else
#define GEMV_N_TAIL(p, NC)
#endif

/* The scalar rows and tails fused explicitly as the vector lanes are (yv += t * a contracts to
   one FMA): left to the compiler, dgemv_n's last rows were not fused, and a row's value depended
   on whether the call's row count put it in the vector loop; with SVE flags GCC vectorised
   gemv_t's four-column scalar tail without fusing it, and the one-column tail fused. */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define GEMV_FMA(a, b, c) _Generic((a), float: __builtin_fmaf, default: __builtin_fma)(a, b, c)
#else
#define GEMV_FMA(a, b, c) ((a) * (b) + (c))
#endif

/* gemv_n: y_b += sum over NC columns of t_c * A(rows, c), one vector of rows at a time; the
   column terms are added in column order, so y(i) sees the same sequence for any row split
   (and whatever the width of the step that takes row i). With 32 vector registers (AVX-512)
   two vectors of rows a step, two chains of eight FMAs side by side: sgemv_n 360 (L2) 1.16-1.25x
   and dgemv_n 248 1.16-1.18x on Zen 5; on avx2 (16 registers) sgemv_n 72 lost 7-12% so. */
#if defined(__AVX512F__)
#define GEMV_N_PAIRS 1
#else
#define GEMV_N_PAIRS 0
#endif
#define GEMV_N_COLS(T, V, p, NC)                                                                    \
    do {                                                                                            \
        const T *restrict ac[NC];                                                                   \
        T tc[NC];                                                                                   \
        for (int c = 0; c < (NC); c++)                                                              \
            ac[c] = a + i0 + (j + c) * lda, tc[c] = alpha * x[j + c];                               \
        size_t i = 0;                                                                               \
        for (; GEMV_N_PAIRS && i + 2 * W <= mb; i += 2 * W) {                                       \
            V yv = GEMV_LD(V, yb + i), yw = GEMV_LD(V, yb + i + W);                                 \
            _Pragma("GCC unroll 8") for (int c = 0; c < (NC); c++) {                                \
                yv += tc[c] * GEMV_LD(V, ac[c] + i);                                                \
                yw += tc[c] * GEMV_LD(V, ac[c] + i + W);                                            \
            }                                                                                       \
            GEMV_ST(yb + i, yv), GEMV_ST(yb + i + W, yw);                                           \
        }                                                                                           \
        for (; i + W <= mb; i += W) {                                                               \
            V yv = GEMV_LD(V, yb + i);                                                              \
            _Pragma("GCC unroll 8") for (int c = 0; c < (NC); c++) yv += tc[c] * GEMV_LD(V, ac[c] + i); \
            GEMV_ST(yb + i, yv);                                                                    \
        }                                                                                           \
        GEMV_N_TAIL(p, NC)                                                                          \
        for (; i < mb; i++) {                                                                       \
            T yi = yb[i];                                                                           \
            for (int c = 0; c < (NC); c++)                                                          \
                yi = GEMV_FMA(tc[c], ac[c][i], yi);                                                 \
            yb[i] = yi;                                                                             \
        }                                                                                           \
    } while (0)

/* gemv_t: four column dot products with two vector sums each (8 independent FMA chains: one
   per column was latency-bound in L1/L2). Per column: the two sums added, the lanes summed by
   shuffles (vec_hsum.h), then the scalar tail: an order fixed by m alone. Named accumulators,
   not arrays: GCC zeroed an array of them with `rep stos` on the stack, a third of dgemv_t
   40 x 40's time. */
#define GEMV_T_COLS4(T, V, p)                                                                        \
    do {                                                                                            \
        const T *restrict a0 = a + j * lda, *restrict a1 = a0 + lda;                                \
        const T *restrict a2 = a1 + lda, *restrict a3 = a2 + lda;                                   \
        V z = {0}, s00 = z, s01 = z, s10 = z, s11 = z, s20 = z, s21 = z, s30 = z, s31 = z;          \
        size_t i = 0;                                                                               \
        for (; i + 2 * W <= m; i += 2 * W) {                                                        \
            V x0 = GEMV_LD(V, x + i), x1 = GEMV_LD(V, x + i + W);                                   \
            s00 += GEMV_LD(V, a0 + i) * x0, s01 += GEMV_LD(V, a0 + i + W) * x1;                     \
            s10 += GEMV_LD(V, a1 + i) * x0, s11 += GEMV_LD(V, a1 + i + W) * x1;                     \
            s20 += GEMV_LD(V, a2 + i) * x0, s21 += GEMV_LD(V, a2 + i + W) * x1;                     \
            s30 += GEMV_LD(V, a3 + i) * x0, s31 += GEMV_LD(V, a3 + i + W) * x1;                     \
        }                                                                                           \
        if (i + W <= m) {                                                                           \
            V x0 = GEMV_LD(V, x + i);                                                               \
            s00 += GEMV_LD(V, a0 + i) * x0, s10 += GEMV_LD(V, a1 + i) * x0;                        \
            s20 += GEMV_LD(V, a2 + i) * x0, s30 += GEMV_LD(V, a3 + i) * x0;                        \
            i += W;                                                                                 \
        }                                                                                           \
        if (GEMV_T_HALF && i + W / 2 <= m) {                                                        \
            V x0 = GEMV_LDH_##p(x + i);                                                              \
            s01 += GEMV_LDH_##p(a0 + i) * x0, s11 += GEMV_LDH_##p(a1 + i) * x0;                        \
            s21 += GEMV_LDH_##p(a2 + i) * x0, s31 += GEMV_LDH_##p(a3 + i) * x0;                        \
            i += W / 2;                                                                             \
        }                                                                                           \
        T t_[4];                                                                                    \
        GEMV_HSUM4(p)(s00 + s01, s10 + s11, s20 + s21, s30 + s31, t_);                              \
        T t0 = t_[0], t1 = t_[1], t2 = t_[2], t3 = t_[3];                                           \
        for (; i < m; i++)                                                                          \
            t0 = GEMV_FMA(a0[i], x[i], t0), t1 = GEMV_FMA(a1[i], x[i], t1),                         \
            t2 = GEMV_FMA(a2[i], x[i], t2), t3 = GEMV_FMA(a3[i], x[i], t3);                         \
        y[j] += alpha * t0, y[j + 1] += alpha * t1, y[j + 2] += alpha * t2, y[j + 3] += alpha * t3; \
    } while (0)
#define GEMV_T_COL1(T, V, p)                                                                        \
    do {                                                                                            \
        const T *restrict a0 = a + j * lda;                                                         \
        V s00 = {0}, s01 = {0};                                                                     \
        size_t i = 0;                                                                               \
        for (; i + 2 * W <= m; i += 2 * W) {                                                        \
            s00 += GEMV_LD(V, a0 + i) * GEMV_LD(V, x + i);                                          \
            s01 += GEMV_LD(V, a0 + i + W) * GEMV_LD(V, x + i + W);                                  \
        }                                                                                           \
        if (i + W <= m) {                                                                           \
            s00 += GEMV_LD(V, a0 + i) * GEMV_LD(V, x + i);                                          \
            i += W;                                                                                 \
        }                                                                                           \
        if (GEMV_T_HALF && i + W / 2 <= m) {                                                        \
            s01 += GEMV_LDH_##p(a0 + i) * GEMV_LDH_##p(x + i);                                        \
            i += W / 2;                                                                             \
        }                                                                                           \
        /* the lane tree of GEMV_T_COLS4, so a column's value depends on m alone, not on its    \
           place in the call (LAPACK's eigensolvers rely on it, as l2gen_loops.h says) */          \
        T t_[4];                                                                                    \
        V s0_ = s00 + s01;                                                                          \
        GEMV_HSUM4(p)(s0_, s0_, s0_, s0_, t_);                                                      \
        T t0 = t_[0];                                                                               \
        for (; i < m; i++)                                                                          \
            t0 = GEMV_FMA(a0[i], x[i], t0);                                                         \
        y[j] += alpha * t0;                                                                         \
    } while (0)

#define NB_GEMV_LOOPS(T, V, p, sfx)                                                                 \
    void GEMV_NAME(p, n, sfx)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x,      \
                              T *y)                                                                 \
    {                                                                                               \
        const size_t rows = 16384 / sizeof(T), W = sizeof(V) / sizeof(T);                           \
        for (size_t i0 = 0; i0 < m; i0 += rows) {                                                   \
            size_t mb = m - i0 < rows ? m - i0 : rows;                                              \
            T *restrict yb = y + i0;                                                                \
            size_t j = 0;                                                                           \
            for (; j + 8 <= n; j += 8)                                                              \
                GEMV_N_COLS(T, V, p, 8);                                                            \
            for (; j + 4 <= n; j += 4)                                                              \
                GEMV_N_COLS(T, V, p, 4);                                                            \
            for (; j < n; j++)                                                                      \
                GEMV_N_COLS(T, V, p, 1);                                                            \
        }                                                                                           \
    }                                                                                               \
    void GEMV_NAME(p, t, sfx)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x,      \
                              T *y)                                                                 \
    {                                                                                               \
        const size_t W = sizeof(V) / sizeof(T);                                                     \
        size_t j = 0;                                                                               \
        for (; j + 4 <= n; j += 4)                                                                  \
            GEMV_T_COLS4(T, V, p);                                                                     \
        for (; j < n; j++)                                                                          \
            GEMV_T_COL1(T, V, p);                                                                      \
    }                                                                                               \
    void GER_NAME(p, sfx)(size_t m, size_t n, T alpha, const T *x, const T *y, T *a, size_t lda)    \
    {                                                                                               \
        const T *restrict xr = x;                                                                   \
        if (GER_STEP_ON(T, m)) {                                                                    \
            for (size_t j = 0; j < n; j++) {                                                        \
                if (y[j] == 0) /* the reference skips the column */                                 \
                    continue;                                                                       \
                T *restrict aj = a + j * lda;                                                       \
                T t = alpha * y[j];                                                                 \
                size_t i = 0;                                                                       \
                GER_STEP(T, p)                                                                      \
                _Pragma("omp simd") for (size_t k = i; k < m; k++) aj[k] = aj[k] + xr[k] * t;       \
            }                                                                                       \
            return;                                                                                 \
        }                                                                                           \
        for (size_t j = 0; j < n; j++) {                                                            \
            if (y[j] == 0)                                                                          \
                continue;                                                                           \
            T *restrict aj = a + j * lda;                                                           \
            T t = alpha * y[j];                                                                     \
            _Pragma("omp simd") for (size_t i = 0; i < m; i++) aj[i] = aj[i] + xr[i] * t;           \
        }                                                                                           \
    }

NB_GEMV_LOOPS(float, gemv_vs, s, NB_GEMV_SUFFIX)
NB_GEMV_LOOPS(double, gemv_vd, d, NB_GEMV_SUFFIX)

/* The trsm/trmm leaf loops (tri_loops.h) for s and d, under this set's names. */
#include "kernels/generic/tri_loops.h"
#define TRI_NAME(p, op, sfx) GEMV_CAT3(nb_##p, op##_rows_, sfx)
#define TRI_LOOPS(T, p, sfx) NB_TRI_ROWS(T, , TRI_NAME(p, trsm, sfx), TRI_NAME(p, trmm, sfx))
TRI_LOOPS(float, s, NB_GEMV_SUFFIX)
TRI_LOOPS(double, d, NB_GEMV_SUFFIX)
