/* symv/hemv panels for s, d, c, z in AVX-512 intrinsics; the syr/syr2 column updates are the
   shared plain-C loops (kernels/generic/l2sym_loops.h) compiled with this set's flags.

   Why intrinsics here: the compiler's `omp simd` panel keeps one accumulator per column (4 FMA
   chains, latency-bound) and reduces through the stack; on the Zen 4 guest that left ssymv at
   0.43x OpenBLAS at n = 88 and 0.71x at 504 on one thread. As the AVX2 panels: two vectors of
   rows per step, two accumulators per column (8 independent chains); the last rows as one masked
   step (AVX-512 masks cost nothing extra). Four columns a pass read and write y half as often
   as two: zhemv and chemv 1.3x faster from memory and zhemv 1.3x from L3 on Zen 5 (1 thread).

   Register budget (32 zmm): real: 4 broadcast x(j) + 8 column sums + x, y and one A vector in
   flight = 15; the double 8-column panel: 8 broadcast x(j) + 8 sums + x, two partial y and one A
   vector = 20 (objdump: no stack access in its row loop; check_spills --strict covers it, inlined
   into nb_dsymv_panel_avx512). Complex, 4 columns a pass: 8 broadcast re/im of x(j) + 8 sums +
   x, swapped x, 2 partial y, A and swapped A = 22, plus the sign vector of the final sums; 2
   columns a pass (an odd count of columns) 14. */
#include <immintrin.h>
#include "kernels/kernel.h"

#define NB_L2SYM_SUFFIX avx512
#define NB_L2SYM_VBYTES 64
#define NB_L2SYM_OWN_REAL_PANEL
#define NB_L2SYM_OWN_CPLX_PANEL
/* L2S_PANEL_STEP and the her column step keep vectors in registers through this
   (l2sym_loops.h) */
#define L2S_KEEP(v) __asm__("" : "+v"(v))
#include "kernels/generic/l2sym_loops.h"


/* masked loads read 0 in the lanes past the end (without touching that memory), so those lanes
   add 0 * 0 to the column sums; their y lanes are not stored */
#define MLD_PD(p) _mm512_maskz_loadu_pd(mk, (p))
#define MST_PD(p, v) _mm512_mask_storeu_pd((p), mk, (v))
#define MLD_PS(p) _mm512_maskz_loadu_ps(mk, (p))
#define MST_PS(p, v) _mm512_mask_storeu_ps((p), mk, (v))

/* Software prefetch of the complex panel's columns, PF_BYTES ahead: from memory, chemv ran at
   0.73x OpenBLAS without it on the Zen 4 guest (1.2x faster with it); in the real panel it
   gained nothing from memory and cost 5-14% from L2. */
#define PF_BYTES 1024
#define PF1(p, bytes)                                                                              \
    do {                                                                                           \
        const char *p_ = (const char *)(p) + PF_BYTES;                                             \
        for (size_t o_ = 0; o_ < (bytes); o_ += 64)                                                \
            __builtin_prefetch(p_ + o_);                                                           \
    } while (0)

#define MK8(r) __mmask8 mk = (__mmask8)((1u << (r)) - 1)
#define MK16(r) __mmask16 mk = (__mmask16)((1u << (r)) - 1)

/* The double panel of 8 columns (full storage: the drivers' real panels of lds = 0): each step
   reads x and y once for 8 columns where two 4-column passes read them twice, and the 8 sums
   reduce together (one transposing add tree) where 4-column passes reduce each column alone.
   y's 8 products go into two chains of 4 (the loaded y and a product), added at the end, so a
   step's latency is not 8 dependent FMAs. The last rows as one masked step. */
#define D8_COL(k, yacc)                                                                            \
    do {                                                                                           \
        __m512d v_ = LD(a##k + i);                                                                 \
        L2S_KEEP(v_);                                                                              \
        yacc = _mm512_fmadd_pd(v_, b##k, yacc), s##k = _mm512_fmadd_pd(v_, xv, s##k);            \
    } while (0)
#define D8_STEP()                                                                                  \
    do {                                                                                           \
        __m512d xv = LD(xr + i), y0 = LD(yr + i), v1 = LD(a1 + i), y1;                             \
        L2S_KEEP(v1);                                                                              \
        y1 = _mm512_mul_pd(v1, b1), s1 = _mm512_fmadd_pd(v1, xv, s1);                              \
        D8_COL(0, y0);                                                                             \
        D8_COL(2, y0);                                                                             \
        D8_COL(3, y1);                                                                             \
        D8_COL(4, y0);                                                                             \
        D8_COL(5, y1);                                                                             \
        D8_COL(6, y0);                                                                             \
        D8_COL(7, y1);                                                                             \
        ST(yr + i, _mm512_add_pd(y0, y1));                                                         \
    } while (0)

/* Lane c of the result: the sum of the lanes of s_c (c = 0..7). */
static inline __m512d hsum8_pd(__m512d s0, __m512d s1, __m512d s2, __m512d s3, __m512d s4,
                               __m512d s5, __m512d s6, __m512d s7)
{
    /* pairs of columns: per 128-bit chunk, (part of s_even, part of s_odd) */
    __m512d a = _mm512_add_pd(_mm512_unpacklo_pd(s0, s1), _mm512_unpackhi_pd(s0, s1));
    __m512d b = _mm512_add_pd(_mm512_unpacklo_pd(s2, s3), _mm512_unpackhi_pd(s2, s3));
    __m512d c = _mm512_add_pd(_mm512_unpacklo_pd(s4, s5), _mm512_unpackhi_pd(s4, s5));
    __m512d d = _mm512_add_pd(_mm512_unpacklo_pd(s6, s7), _mm512_unpackhi_pd(s6, s7));
    /* chunks (a0+a1, a2+a3, b0+b1, b2+b3), then the same on those: lane c holds s_c's sum */
    __m512d p = _mm512_add_pd(_mm512_shuffle_f64x2(a, b, 0x88), _mm512_shuffle_f64x2(a, b, 0xDD));
    __m512d q = _mm512_add_pd(_mm512_shuffle_f64x2(c, d, 0x88), _mm512_shuffle_f64x2(c, d, 0xDD));
    return _mm512_add_pd(_mm512_shuffle_f64x2(p, q, 0x88), _mm512_shuffle_f64x2(p, q, 0xDD));
}

static void dsymv_panel8_avx512(size_t m, const double *a, size_t lda, const double *xr,
                                const double *xc, double *yr, double *tc)
{
    const double *a0 = a, *a1 = a + lda, *a2 = a + 2 * lda, *a3 = a + 3 * lda;
    const double *a4 = a + 4 * lda, *a5 = a + 5 * lda, *a6 = a + 6 * lda, *a7 = a + 7 * lda;
    __m512d b0 = _mm512_set1_pd(xc[0]), b1 = _mm512_set1_pd(xc[1]), b2 = _mm512_set1_pd(xc[2]);
    __m512d b3 = _mm512_set1_pd(xc[3]), b4 = _mm512_set1_pd(xc[4]), b5 = _mm512_set1_pd(xc[5]);
    __m512d b6 = _mm512_set1_pd(xc[6]), b7 = _mm512_set1_pd(xc[7]);
    __m512d s0 = _mm512_setzero_pd(), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
    size_t i = 0;
#define LD(p) _mm512_loadu_pd(p)
#define ST(p, v) _mm512_storeu_pd((p), (v))
    for (; i + 8 <= m; i += 8)
        D8_STEP();
#undef LD
#undef ST
    if (i < m) {
        MK8(m - i);
#define LD(p) MLD_PD(p)
#define ST(p, v) MST_PD((p), (v))
        D8_STEP();
#undef LD
#undef ST
    }
    __m512d sums = hsum8_pd(s0, s1, s2, s3, s4, s5, s6, s7);
    _mm512_storeu_pd(tc, _mm512_add_pd(_mm512_loadu_pd(tc), sums));
}

void nb_dsymv_panel_avx512(size_t m, size_t nc, const double *a, size_t lda, int lds,
                           const double *xr, const double *xc, double *yr, double *tc)
{
    if (nc == 8 && lds == 0) {
        dsymv_panel8_avx512(m, a, lda, xr, xc, yr, tc);
        return;
    }
    L2S_SPLIT8(nb_dsymv_panel_avx512);
    if (nc != 4) {
        nb_dsymv_panel_avx512_loop(m, nc, a, lda, lds, xr, xc, yr, tc);
        return;
    }
    L2S_PANEL4(double, __m512d, 8, MK8, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_fmadd_pd,
           _mm512_add_pd, _mm512_set1_pd, _mm512_setzero_pd, _mm512_reduce_add_pd, MLD_PD, MST_PD)
}

void nb_ssymv_panel_avx512(size_t m, size_t nc, const float *a, size_t lda, int lds,
                           const float *xr, const float *xc, float *yr, float *tc)
{
    L2S_SPLIT8(nb_ssymv_panel_avx512);
    if (nc != 4) {
        nb_ssymv_panel_avx512_loop(m, nc, a, lda, lds, xr, xc, yr, tc);
        return;
    }
    L2S_PANEL4(float, __m512, 16, MK16, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_fmadd_ps,
           _mm512_add_ps, _mm512_set1_ps, _mm512_setzero_ps, _mm512_reduce_add_ps, MLD_PS, MST_PS)
}

/* Hermitian panel, four columns a pass (the driver's panels of full storage) or two, on
   interleaved (re, im) vectors of W/2 complex numbers.
   y += A_c * x(c): y1 accumulates A * re(x(c)) and y2 swap(A) * im(x(c)); y1 -/+ y2 (subtract in
   the real lanes, add in the imaginary ones) is the complex product (re: ar*p - ai*q, im: ai*p +
   ar*q). t_c += conj(A_c) * x: u_c accumulates A * x lane by lane and v_c A * swap(x); re(t) is
   the sum of u, im(t) the alternating sum of v. The last rows (fewer than W/2) as one masked
   step, as the real panel's. */
/* I(op) names the type's intrinsic (_mm512_<op>_pd or _ps); MK is the tail mask (all lanes in
   the full steps); ODD the mask of the imaginary lanes. */
/* One column of a step: A vector v of column j into y1/y2 and u_j/v_j. */
#define HCOL(I, V, SWAPIMM, MK, k, j)                                                              \
    do {                                                                                           \
        V v = I(maskz_loadu)(MK, a##j + (k)), vs;                                                  \
        L2S_KEEP(v);                                                                               \
        vs = I(permute)(v, SWAPIMM);                                                               \
        y1 = I(fmadd)(v, p##j, y1), y2 = I(fmadd)(vs, q##j, y2);                                   \
        u##j = I(fmadd)(v, xv, u##j), v##j = I(fmadd)(v, xs, v##j);                                \
    } while (0)
/* One step of rows k.. over the panel's columns: COLS is HCOLS2 or HCOLS4 (the HCOL calls). */
#define HCOLS2(I, V, SWAPIMM, MK, k) HCOL(I, V, SWAPIMM, MK, k, 0); HCOL(I, V, SWAPIMM, MK, k, 1)
#define HCOLS4(I, V, SWAPIMM, MK, k)                                                               \
    HCOLS2(I, V, SWAPIMM, MK, k);                                                                  \
    HCOL(I, V, SWAPIMM, MK, k, 2);                                                                 \
    HCOL(I, V, SWAPIMM, MK, k, 3)
#define HSTEP(I, V, SWAPIMM, ODD, MK, k, COLS)                                                     \
    do {                                                                                           \
        V xv = I(maskz_loadu)(MK, xr + (k)), xs = I(permute)(xv, SWAPIMM);                         \
        V y1 = I(maskz_loadu)(MK, yr + (k)), y2 = I(setzero)();                                    \
        COLS(I, V, SWAPIMM, MK, k);                                                                \
        I(mask_storeu)(yr + (k), MK, I(mask_add)(I(sub)(y1, y2), ODD, y1, y2));                    \
    } while (0)
#define HPANEL4(R, V, W, MASKT, I, SWAPIMM)                                                        \
    const R *a0 = a, *a1 = a + 2 * nb_l2s_coloff(1, lda, lds);                                     \
    const R *a2 = a + 2 * nb_l2s_coloff(2, lda, lds), *a3 = a + 2 * nb_l2s_coloff(3, lda, lds);    \
    V p0 = I(set1)(xc[0]), q0 = I(set1)(xc[1]), p1 = I(set1)(xc[2]), q1 = I(set1)(xc[3]);          \
    V p2 = I(set1)(xc[4]), q2 = I(set1)(xc[5]), p3 = I(set1)(xc[6]), q3 = I(set1)(xc[7]);          \
    V u0 = I(setzero)(), v0 = u0, u1 = u0, v1 = u0, u2 = u0, v2 = u0, u3 = u0, v3 = u0;            \
    size_t k = 0, len = 2 * m;                                                                     \
    for (; k + (W) <= len; k += (W)) {                                                             \
        PF1(a0 + k, 64);                                                                           \
        PF1(a1 + k, 64);                                                                           \
        PF1(a2 + k, 64);                                                                           \
        PF1(a3 + k, 64);                                                                           \
        HSTEP(I, V, SWAPIMM, odd, all, k, HCOLS4);                                                 \
    }                                                                                              \
    if (k < len)                                                                                   \
        HSTEP(I, V, SWAPIMM, odd, (MASKT)((1u << (len - k)) - 1), k, HCOLS4);                      \
    tc[0] += I(reduce_add)(u0), tc[1] += I(reduce_add)(I(mul)(v0, alt));                           \
    tc[2] += I(reduce_add)(u1), tc[3] += I(reduce_add)(I(mul)(v1, alt));                           \
    tc[4] += I(reduce_add)(u2), tc[5] += I(reduce_add)(I(mul)(v2, alt));                           \
    tc[6] += I(reduce_add)(u3), tc[7] += I(reduce_add)(I(mul)(v3, alt));
#define HPANEL(R, V, W, MASKT, I, SWAPIMM, LOOP)                                                   \
    const MASKT all = (MASKT)~0u, odd = (MASKT)(0xAAAAu & all);                                    \
    const V alt = I(mask_mov)(I(set1)(1), odd, I(set1)(-1));                                       \
    size_t c = 0;                                                                                  \
    if (nc == 4) {                                                                                 \
        HPANEL4(R, V, W, MASKT, I, SWAPIMM);                                                       \
        return;                                                                                    \
    }                                                                                              \
    for (; c + 2 <= nc; c += 2) {                                                                  \
        const R *a0 = a + 2 * nb_l2s_coloff(c, lda, lds);                                          \
        const R *a1 = a + 2 * nb_l2s_coloff(c + 1, lda, lds);                                      \
        V p0 = I(set1)(xc[2 * c]), q0 = I(set1)(xc[2 * c + 1]);                                    \
        V p1 = I(set1)(xc[2 * c + 2]), q1 = I(set1)(xc[2 * c + 3]);                                \
        V u0 = I(setzero)(), v0 = u0, u1 = u0, v1 = u0;                                            \
        size_t k = 0, len = 2 * m; /* reals */                                                     \
        for (; k + (W) <= len; k += (W)) {                                                         \
            PF1(a0 + k, 64);                                                                       \
            PF1(a1 + k, 64);                                                                       \
            HSTEP(I, V, SWAPIMM, odd, all, k, HCOLS2);                                             \
        }                                                                                          \
        if (k < len)                                                                               \
            HSTEP(I, V, SWAPIMM, odd, (MASKT)((1u << (len - k)) - 1), k, HCOLS2);                  \
        tc[2 * c] += I(reduce_add)(u0), tc[2 * c + 1] += I(reduce_add)(I(mul)(v0, alt));           \
        tc[2 * c + 2] += I(reduce_add)(u1), tc[2 * c + 3] += I(reduce_add)(I(mul)(v1, alt));       \
    }                                                                                              \
    if (c < nc) /* an odd last column */                                                           \
        LOOP(m, 1, a + 2 * nb_l2s_coloff(c, lda, lds), lda, lds, xr, xc + 2 * c, yr,               \
             tc + 2 * c);

#define I_PD(op) _mm512_##op##_pd
#define I_PS(op) _mm512_##op##_ps

void nb_zsymv_panel_avx512(size_t m, size_t nc, const double *a, size_t lda, int lds,
                           const double *xr, const double *xc, double *yr, double *tc)
{
    HPANEL(double, __m512d, 8, __mmask8, I_PD, 0x55, nb_zsymv_panel_avx512_loop)
}

void nb_csymv_panel_avx512(size_t m, size_t nc, const float *a, size_t lda, int lds,
                           const float *xr, const float *xc, float *yr, float *tc)
{
    HPANEL(float, __m512, 16, __mmask16, I_PS, 0xB1, nb_csymv_panel_avx512_loop)
}
