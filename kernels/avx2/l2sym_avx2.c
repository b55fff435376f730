/* symv panels for s and d in AVX2 intrinsics; complex panels and the syr/syr2 column updates are
   the shared plain-C loops (kernels/generic/l2sym_loops.h) compiled with this set's flags.

   Why intrinsics here: symv is the hot loop of LAPACK's tridiagonal reduction (dsytrd, so eigh),
   and the compiler's `omp simd` version of the 4-column panel keeps one accumulator per column
   (4 FMA chains, latency-bound at 1 FMA/cycle) and reduces through the stack. This one runs two
   vectors of rows per step with two accumulators per column (8 independent chains).

   Register budget (16 ymm): 4 broadcast x(j) + 8 column sums + x, y and one A vector in flight
   = 15; the two halves of a step are written one after the other so the live set stays there. */
#include <immintrin.h>
#include "kernels/kernel.h"

#define NB_L2SYM_SUFFIX avx2
#define NB_L2SYM_OWN_REAL_PANEL
#include "kernels/generic/l2sym_loops.h"
/* the plain loops, for panels of fewer than 4 columns */
void nb_ssymv_panel_avx2_loop(size_t, size_t, const float *, size_t, const float *, const float *,
                              float *, float *);
void nb_dsymv_panel_avx2_loop(size_t, size_t, const double *, size_t, const double *,
                              const double *, double *, double *);
NB_L2SYM_REAL_PANEL(float, s, avx2_loop)
NB_L2SYM_REAL_PANEL(double, d, avx2_loop)

/* Keeps v in a register: without it GCC folds the load of each A vector into both FMAs that
   use it, loading A twice (20 loads a step instead of 12, above Zen 3's load ports). */
#define L2S_KEEP(v) __asm__("" : "+x"(v))

/* One vector of rows at offset i: y += sum_c A_c * x(c) and s_c += A_c * x(rows). */
#define PANEL_STEP(V, LD, ST, FMA, i, s0, s1, s2, s3)                                              \
    do {                                                                                           \
        V xv = LD(xr + (i)), yv = LD(yr + (i)), v;                                                 \
        v = LD(a0 + (i));                                                                        \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x0, yv), s0 = FMA(v, xv, s0);                                            \
        v = LD(a1 + (i));                                                                        \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x1, yv), s1 = FMA(v, xv, s1);                                            \
        v = LD(a2 + (i));                                                                        \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x2, yv), s2 = FMA(v, xv, s2);                                            \
        v = LD(a3 + (i));                                                                        \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x3, yv), s3 = FMA(v, xv, s3);                                            \
        ST(yr + (i), yv);                                                                          \
    } while (0)

static inline double hsum_pd(__m256d v)
{
    __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
}
static inline float hsum_ps(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    return _mm_cvtss_f32(_mm_add_ss(s, _mm_movehdup_ps(s)));
}

/* The s and d bodies differ only in the vector type, width W and intrinsic names. */
#define PANEL4(R, V, W, LD, ST, FMA, ADD, SET1, ZERO, HSUM)                                        \
    const R *a0 = a, *a1 = a + lda, *a2 = a1 + lda, *a3 = a2 + lda;                                \
    V x0 = SET1(xc[0]), x1 = SET1(xc[1]), x2 = SET1(xc[2]), x3 = SET1(xc[3]);                      \
    V s00 = ZERO(), s10 = ZERO(), s20 = ZERO(), s30 = ZERO();                                      \
    V s01 = ZERO(), s11 = ZERO(), s21 = ZERO(), s31 = ZERO();                                      \
    size_t i = 0;                                                                                  \
    for (; i + 2 * (W) <= m; i += 2 * (W)) {                                                       \
        PANEL_STEP(V, LD, ST, FMA, i, s00, s10, s20, s30);                                         \
        PANEL_STEP(V, LD, ST, FMA, i + (W), s01, s11, s21, s31);                                   \
    }                                                                                              \
    if (i + (W) <= m) {                                                                            \
        PANEL_STEP(V, LD, ST, FMA, i, s00, s10, s20, s30);                                         \
        i += (W);                                                                                  \
    }                                                                                              \
    R t0 = HSUM(ADD(s00, s01)), t1 = HSUM(ADD(s10, s11));                                          \
    R t2 = HSUM(ADD(s20, s21)), t3 = HSUM(ADD(s30, s31));                                          \
    for (; i < m; i++) { /* fewer than W rows left */                                              \
        R xi = xr[i];                                                                              \
        yr[i] = yr[i] + a0[i] * xc[0] + a1[i] * xc[1] + a2[i] * xc[2] + a3[i] * xc[3];             \
        t0 += a0[i] * xi, t1 += a1[i] * xi, t2 += a2[i] * xi, t3 += a3[i] * xi;                    \
    }                                                                                              \
    tc[0] += t0, tc[1] += t1, tc[2] += t2, tc[3] += t3;

void nb_dsymv_panel_avx2(size_t m, size_t nc, const double *a, size_t lda, const double *xr,
                         const double *xc, double *yr, double *tc)
{
    if (nc != 4) {
        nb_dsymv_panel_avx2_loop(m, nc, a, lda, xr, xc, yr, tc);
        return;
    }
    PANEL4(double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_fmadd_pd, _mm256_add_pd,
           _mm256_set1_pd, _mm256_setzero_pd, hsum_pd)
}

void nb_ssymv_panel_avx2(size_t m, size_t nc, const float *a, size_t lda, const float *xr,
                         const float *xc, float *yr, float *tc)
{
    if (nc != 4) {
        nb_ssymv_panel_avx2_loop(m, nc, a, lda, xr, xc, yr, tc);
        return;
    }
    PANEL4(float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_fmadd_ps, _mm256_add_ps,
           _mm256_set1_ps, _mm256_setzero_ps, hsum_ps)
}
