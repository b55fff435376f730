/* symv/hemv panels for s, d, c, z in AVX2 intrinsics; the syr/syr2 column updates are the shared
   plain-C loops (kernels/generic/l2sym_loops.h) compiled with this set's flags.

   Why intrinsics here: symv is the hot loop of LAPACK's tridiagonal reduction (dsytrd, so eigh),
   and the compiler's `omp simd` version of the 4-column panel keeps one accumulator per column
   (4 FMA chains, latency-bound at 1 FMA/cycle) and reduces through the stack. This one runs two
   vectors of rows per step with two accumulators per column (8 independent chains).

   Register budget (16 ymm): real: 4 broadcast x(j) + 8 column sums + x, y and one A vector in
   flight = 15; the two halves of a step are written one after the other so the live set stays
   there. Complex (2 columns a pass): 4 broadcast re/im of x(j) + 4 sums + x, swapped x, 2 partial
   y, A and swapped A = 14. */
#include <immintrin.h>
#include "kernels/kernel.h"

#define NB_L2SYM_SUFFIX avx2
#define NB_L2SYM_VBYTES 32
#define NB_L2SYM_OWN_REAL_PANEL
#define NB_L2SYM_OWN_CPLX_PANEL
/* L2S_PANEL_STEP and the her column step keep vectors in registers through this
   (l2sym_loops.h) */
#define L2S_KEEP(v) __asm__("" : "+x"(v))
#include "kernels/generic/l2sym_loops.h"


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

/* Masks of the first r lanes, for the rows after the last full vector. */
static inline __m256i tail_mask_pd(size_t r)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)r), _mm256_setr_epi64x(0, 1, 2, 3));
}
static inline __m256i tail_mask_ps(size_t r)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)r), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
/* masked loads read 0 in the lanes past the end (and do not touch that memory), so those lanes
   add 0 * 0 to the column sums; their y lanes are not stored */
#define MLD_PD(p) _mm256_maskload_pd((p), mk)
#define MST_PD(p, v) _mm256_maskstore_pd((p), mk, (v))
#define MLD_PS(p) _mm256_maskload_ps((p), mk)
#define MST_PS(p, v) _mm256_maskstore_ps((p), mk, (v))

/* The panel body is l2sym_loops.h's L2S_PANEL4. Its last rows (fewer than W) run as one masked
   step: as scalar code they cost a panel call as much as a few vector steps, and the calls are
   many (one per 4 columns). */
#define MK_PD(r) __m256i mk = tail_mask_pd(r)
#define MK_PS(r) __m256i mk = tail_mask_ps(r)

void nb_dsymv_panel_avx2(size_t m, size_t nc, const double *a, size_t lda, int lds,
                         const double *xr, const double *xc, double *yr, double *tc)
{
    L2S_SPLIT8(nb_dsymv_panel_avx2);
    if (nc != 4) {
        nb_dsymv_panel_avx2_loop(m, nc, a, lda, lds, xr, xc, yr, tc);
        return;
    }
    L2S_PANEL4(double, __m256d, 4, MK_PD, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_fmadd_pd,
               _mm256_add_pd, _mm256_set1_pd, _mm256_setzero_pd, hsum_pd, MLD_PD, MST_PD)
}

void nb_ssymv_panel_avx2(size_t m, size_t nc, const float *a, size_t lda, int lds,
                         const float *xr, const float *xc, float *yr, float *tc)
{
    L2S_SPLIT8(nb_ssymv_panel_avx2);
    if (nc != 4) {
        nb_ssymv_panel_avx2_loop(m, nc, a, lda, lds, xr, xc, yr, tc);
        return;
    }
    L2S_PANEL4(float, __m256, 8, MK_PS, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_fmadd_ps,
               _mm256_add_ps, _mm256_set1_ps, _mm256_setzero_ps, hsum_ps, MLD_PS, MST_PS)
}

/* Hermitian panel, two columns a pass, on interleaved (re, im) vectors of W/2 complex numbers.
   y += A_c * x(c): y1 accumulates A * re(x(c)) and y2 swap(A) * im(x(c)); addsub(y1, y2) is the
   complex product (re: ar*p - ai*q, im: ai*p + ar*q). t_c += conj(A_c) * x: u_c accumulates
   A * x lane by lane and v_c A * swap(x); re(t) is the sum of u, im(t) the alternating sum of v. */
#define HPANEL2(R, V, W, LD, ST, FMA, MUL, ADDSUB, SET1, ZERO, SWAP, HSUM_RI)                      \
    size_t c = 0;                                                                                  \
    for (; c + 2 <= nc; c += 2) {                                                                  \
        const R *a0 = a + 2 * nb_l2s_coloff(c, lda, lds);                                          \
        const R *a1 = a + 2 * nb_l2s_coloff(c + 1, lda, lds);                                      \
        V p0 = SET1(xc[2 * c]), q0 = SET1(xc[2 * c + 1]);                                          \
        V p1 = SET1(xc[2 * c + 2]), q1 = SET1(xc[2 * c + 3]);                                      \
        V u0 = ZERO(), v0 = ZERO(), u1 = ZERO(), v1 = ZERO();                                      \
        size_t k = 0, len = 2 * m; /* reals */                                                     \
        for (; k + (W) <= len; k += (W)) {                                                         \
            V xv = LD(xr + k), xs = SWAP(xv), y1 = LD(yr + k), v, vs, y2;                          \
            v = LD(a0 + k);                                                                        \
            L2S_KEEP(v);                                                                           \
            vs = SWAP(v);                                                                          \
            y1 = FMA(v, p0, y1), y2 = MUL(vs, q0);                                                 \
            u0 = FMA(v, xv, u0), v0 = FMA(v, xs, v0);                                              \
            v = LD(a1 + k);                                                                        \
            L2S_KEEP(v);                                                                           \
            vs = SWAP(v);                                                                          \
            y1 = FMA(v, p1, y1), y2 = FMA(vs, q1, y2);                                             \
            u1 = FMA(v, xv, u1), v1 = FMA(v, xs, v1);                                              \
            ST(yr + k, ADDSUB(y1, y2));                                                            \
        }                                                                                          \
        R t[4];                                                                                    \
        HSUM_RI(u0, v0, t), HSUM_RI(u1, v1, t + 2);                                                \
        for (size_t i = k / 2; i < m; i++) { /* fewer than W/2 complex rows left */                \
            R ar0 = a0[2 * i], ai0 = a0[2 * i + 1], ar1 = a1[2 * i], ai1 = a1[2 * i + 1];          \
            R xre = xr[2 * i], xim = xr[2 * i + 1];                                                \
            R pr0 = xc[2 * c], pi0 = xc[2 * c + 1], pr1 = xc[2 * c + 2], pi1 = xc[2 * c + 3];      \
            yr[2 * i] += (ar0 * pr0 - ai0 * pi0) + (ar1 * pr1 - ai1 * pi1);                        \
            yr[2 * i + 1] += (ar0 * pi0 + ai0 * pr0) + (ar1 * pi1 + ai1 * pr1);                    \
            t[0] += ar0 * xre + ai0 * xim, t[1] += ar0 * xim - ai0 * xre;                          \
            t[2] += ar1 * xre + ai1 * xim, t[3] += ar1 * xim - ai1 * xre;                          \
        }                                                                                          \
        tc[2 * c] += t[0], tc[2 * c + 1] += t[1], tc[2 * c + 2] += t[2], tc[2 * c + 3] += t[3];    \
    }                                                                                              \
    if (c < nc) /* an odd last column */                                                           \
        LOOP(m, 1, a + 2 * nb_l2s_coloff(c, lda, lds), lda, lds, xr, xc + 2 * c, yr,               \
             tc + 2 * c);

/* t[0] := sum of all lanes of u; t[1] := sum of the even lanes of v minus the odd ones */
static inline void hsum_ri_pd(__m256d u, __m256d v, double *t)
{
    __m128d su = _mm_add_pd(_mm256_castpd256_pd128(u), _mm256_extractf128_pd(u, 1));
    __m128d sv = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    t[0] = _mm_cvtsd_f64(su) + _mm_cvtsd_f64(_mm_unpackhi_pd(su, su));
    t[1] = _mm_cvtsd_f64(sv) - _mm_cvtsd_f64(_mm_unpackhi_pd(sv, sv));
}
static inline void hsum_ri_ps(__m256 u, __m256 v, float *t)
{
    __m128 su = _mm_add_ps(_mm256_castps256_ps128(u), _mm256_extractf128_ps(u, 1));
    __m128 sv = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    su = _mm_add_ps(su, _mm_movehl_ps(su, su)); /* lanes 0, 1: even and odd sums */
    sv = _mm_add_ps(sv, _mm_movehl_ps(sv, sv));
    t[0] = _mm_cvtss_f32(su) + _mm_cvtss_f32(_mm_movehdup_ps(su));
    t[1] = _mm_cvtss_f32(sv) - _mm_cvtss_f32(_mm_movehdup_ps(sv));
}
#define SWAP_PD(v) _mm256_permute_pd((v), 0x5)
#define SWAP_PS(v) _mm256_permute_ps((v), 0xB1)

void nb_zsymv_panel_avx2(size_t m, size_t nc, const double *a, size_t lda, int lds,
                         const double *xr, const double *xc, double *yr, double *tc)
{
#define LOOP nb_zsymv_panel_avx2_loop
    HPANEL2(double, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, _mm256_fmadd_pd,
            _mm256_mul_pd, _mm256_addsub_pd, _mm256_set1_pd, _mm256_setzero_pd, SWAP_PD,
            hsum_ri_pd)
#undef LOOP
}

void nb_csymv_panel_avx2(size_t m, size_t nc, const float *a, size_t lda, int lds,
                         const float *xr, const float *xc, float *yr, float *tc)
{
#define LOOP nb_csymv_panel_avx2_loop
    HPANEL2(float, __m256, 8, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_fmadd_ps, _mm256_mul_ps,
            _mm256_addsub_ps, _mm256_set1_ps, _mm256_setzero_ps, SWAP_PS, hsum_ri_ps)
#undef LOOP
}
