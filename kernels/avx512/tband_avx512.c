/* s/d tbsv and tbmv 'N' on a band of at most 64 (s) / 32 (d) off-diagonals with the rows they
   update held in registers (kernels/l2gen_kernels.h, {s,d}tbsv_win, {s,d}tbmv_win). The column
   loop (blas/level2/trsv.tmpl.c) passes the unsolved rows from one column's axpy to the next
   through memory: each axpy's vector loads start one element after the last one's stores, so
   they wait for those stores to reach the cache (a failed store forward a column, on the path
   from one division to the next). Here the 4 vectors of rows below (lower) or above (upper)
   the current column stay in zmm registers, shifted by one lane a column (valign); the next
   column's x(j) is computed beside the vector update by the same scalar FMA (-x(j) A(j +- 1, j)
   + w, one rounding, as the vector lane), so a column costs a division and an FMA of latency.
   dtbsv at k = 32 on the Zen 4 guest (blas_suite, 1 thread): L2 1.8x, L3 2.6x, memory 1.2x the
   column loop (stbsv 2.3 / 1.9 / 2.2x); tbmv, L2 1.7-2.7x, L3 1.2-1.8x, memory 1.0-1.3x. A
   software prefetch of the columns 8, 16 or 32 ahead measured no faster from memory (tbsv).

   The reference's operations on every element: x(j) is divided by the diagonal (non-unit) only
   where it is non-zero, and then subtracted times its column from the rows it reaches; where it
   is zero the column is skipped, its Inf or NaN included. The FMA rounds x(i) - x(j) A(i, j)
   once (the column loop's axpy kernels do the same).

   tbmv 'N' (over the copy xo the driver keeps, tri_sweep in trmv.tmpl.c) the same way: the rows
   the next columns add to stay in the window, a column adds xo(j) A(:, j) to it, the row that no
   later column reaches leaves it for memory and row j (xo(j) A(j, j), or xo(j)) enters it;
   where xo(j) is zero the column and its diagonal are skipped, as in the reference.

   Register budget (32 zmm): 4 window vectors + 4 column vectors + the broadcast x(j) + the new
   row's broadcast = 10, and 4 lane masks (k registers). objdump of the built object (GCC 12.2,
   -O2): the column loop of both kernels keeps everything in registers; its only stack accesses
   are the set-up before it and the exit after it. (tests/check_spills.py counts a loop with a
   store to memory, here x(j)'s, as a C update, not a k loop, so it does not look here.) */
#include <immintrin.h>
#include <stddef.h>
#include "kernels/kernel.h"

static inline double last_pd(__m512d v)
{
    __m128d q = _mm512_extractf64x2_pd(v, 3);
    return _mm_cvtsd_f64(_mm_unpackhi_pd(q, q));
}
static inline float last_ps(__m512 v)
{
    __m128 q = _mm512_extractf32x4_ps(v, 3);
    return _mm_cvtss_f32(_mm_shuffle_ps(q, q, 3));
}
static inline __m512d alignr_pd(__m512d hi, __m512d lo, int upper)
{
    __m512i h = _mm512_castpd_si512(hi), l = _mm512_castpd_si512(lo);
    return _mm512_castsi512_pd(upper ? _mm512_alignr_epi64(h, l, 7) : _mm512_alignr_epi64(h, l, 1));
}
static inline __m512 alignr_ps(__m512 hi, __m512 lo, int upper)
{
    __m512i h = _mm512_castps_si512(hi), l = _mm512_castps_si512(lo);
    return _mm512_castsi512_ps(upper ? _mm512_alignr_epi32(h, l, 15)
                                     : _mm512_alignr_epi32(h, l, 1));
}

/* w (the window's rows) and m[4], each window vector's lanes in column j's band (upper: lane
   >= w - k, lower: lane < k), for the kernels below (upper, k in scope) */
#define TBW_MASKS(MT, L)                                                                           \
    const int w = 4 * (L);                                                                         \
    MT m[4];                                                                                       \
    for (int v = 0; v < 4; v++) {                                                                  \
        unsigned bits = 0;                                                                         \
        for (int l = 0; l < (L); l++) {                                                            \
            int lane = (L) * v + l;                                                                \
            if (upper ? lane >= w - (int)k : lane < (int)k)                                        \
                bits |= 1u << l;                                                                   \
        }                                                                                          \
        m[v] = (MT)bits;                                                                           \
    }

/* the window w0..w3 from / to the 4L rows at p */
#define TBW_LOAD(V, I, L, p)                                                                       \
    V w0 = I(loadu)(p), w1 = I(loadu)((p) + (L)), w2 = I(loadu)((p) + 2 * (L));                    \
    V w3 = I(loadu)((p) + 3 * (L))
#define TBW_STORE(I, L, p)                                                                         \
    I(storeu)(p, w0), I(storeu)((p) + (L), w1), I(storeu)((p) + 2 * (L), w2),                      \
        I(storeu)((p) + 3 * (L), w3)

/* Columns j, j - 1, .. (upper) or j, j + 1, .. (lower), ncols of them, of the band whose column
   j is at acol (band storage: upper A(i, j) at acol[k + i - j], lower at acol[i - j]) and
   columns lda apart; x points at x(j). Window lane l (0 .. 4L-1) of vector l / L: upper row
   j - 4L + l, lower row j + 1 + l; in column j's band where l >= 4L - k (upper) or l < k
   (lower). The caller keeps the window inside x: rows j - ncols - 4L .. j (upper) or
   j .. j + ncols + 4L (lower) exist. I(op): the type's intrinsic; MT: its mask type. */
#define TBSV_WIN(NAME, R, V, L, MT, I, LAST, ALIGNR)                                               \
    void NAME(int upper, int nounit, size_t k, size_t ncols, const R *acol, ptrdiff_t lda, R *x)  \
    {                                                                                              \
        TBW_MASKS(MT, L);                                                                          \
        const ptrdiff_t aoff = upper ? (ptrdiff_t)k - w : 1; /* window lane 0's A */               \
        const ptrdiff_t xoff = upper ? -w : 1, step = upper ? -1 : 1, astep = upper ? -lda : lda;  \
        const ptrdiff_t near = upper ? (ptrdiff_t)k - 1 : 1; /* A(j -+ 1, j) */                    \
        const ptrdiff_t dg = upper ? (ptrdiff_t)k : 0;                                             \
        TBW_LOAD(V, I, L, x + xoff);                                                               \
        R p = x[0]; /* x(j), all earlier columns subtracted */                                     \
        for (size_t c = 0; c < ncols; c++) {                                                       \
            /* the next pivot row before this column: upper the last lane, lower lane 0 */         \
            R wn = upper ? LAST(w3) : I(cvt##L)(w0);                                               \
            R xj = p;                                                                              \
            if (p != 0) {                                                                          \
                if (nounit)                                                                        \
                    xj = p / acol[dg];                                                             \
                V t = I(set1)(xj);                                                                 \
                const R *ab = acol + aoff;                                                         \
                w0 = I(mask3_fnmadd)(I(maskz_loadu)(m[0], ab), t, w0, m[0]);                       \
                w1 = I(mask3_fnmadd)(I(maskz_loadu)(m[1], ab + (L)), t, w1, m[1]);                 \
                w2 = I(mask3_fnmadd)(I(maskz_loadu)(m[2], ab + 2 * (L)), t, w2, m[2]);             \
                w3 = I(mask3_fnmadd)(I(maskz_loadu)(m[3], ab + 3 * (L)), t, w3, m[3]);             \
                wn = TW_FMA##L(-xj, acol[near], wn);                                        \
            }                                                                                      \
            x[0] = xj;                                                                             \
            p = wn;                                                                                \
            x += step, acol += astep;                                                              \
            if (upper) { /* one row up: the new top row from x */                                 \
                V nw = I(set1)(x[-w]);                                                             \
                w3 = ALIGNR(w3, w2, 1), w2 = ALIGNR(w2, w1, 1), w1 = ALIGNR(w1, w0, 1);            \
                w0 = ALIGNR(w0, nw, 1);                                                            \
            } else {                                                                               \
                V nw = I(set1)(x[w]);                                                              \
                w0 = ALIGNR(w1, w0, 0), w1 = ALIGNR(w2, w1, 0), w2 = ALIGNR(w3, w2, 0);            \
                w3 = ALIGNR(nw, w3, 0);                                                            \
            }                                                                                      \
        }                                                                                          \
        /* the pivot and the window back to x (x now at the next unsolved column) */               \
        x[0] = p;                                                                                  \
        TBW_STORE(I, L, x + xoff);                                                                 \
    }

/* _mm512_<op>_pd / _ps; cvt8 / cvt16: lane 0 (the macro pastes the lane count) */
#define I_PD(op) I_PD_##op
#define I_PD_loadu _mm512_loadu_pd
#define I_PD_storeu _mm512_storeu_pd
#define I_PD_set1 _mm512_set1_pd
#define I_PD_maskz_loadu _mm512_maskz_loadu_pd
#define I_PD_mask3_fnmadd _mm512_mask3_fnmadd_pd
#define I_PD_cvt8 _mm512_cvtsd_f64
#define I_PS(op) I_PS_##op
#define I_PS_loadu _mm512_loadu_ps
#define I_PS_storeu _mm512_storeu_ps
#define I_PS_set1 _mm512_set1_ps
#define I_PS_maskz_loadu _mm512_maskz_loadu_ps
#define I_PS_mask3_fnmadd _mm512_mask3_fnmadd_ps
#define I_PS_cvt16 _mm512_cvtss_f32
/* the scalar FMA of the type: TW_FMA8 / TW_FMA16 pasted from the lane count */
#define TW_FMA8 __builtin_fma
#define TW_FMA16 __builtin_fmaf

TBSV_WIN(nb_dtbsv_win_avx512, double, __m512d, 8, __mmask8, I_PD, last_pd, alignr_pd)
TBSV_WIN(nb_stbsv_win_avx512, float, __m512, 16, __mmask16, I_PS, last_ps, alignr_ps)

/* tbmv 'N': columns j, j + 1, .. (upper) or j, j - 1, .. (lower), ncols of them; xo at xo(j), xc
   at xc(j), the rest as for TBSV_WIN (window lane l: upper row j - 4L + l, lower row j + 1 + l,
   here of xc). Rows j - 4L .. j + ncols (upper) or j - ncols .. j + 4L (lower) of xc exist; the
   column loop has already added the earlier columns to the window's rows. */
#define TBMV_WIN(NAME, R, V, L, MT, I, LAST, ALIGNR)                                               \
    void NAME(int upper, int nounit, size_t k, size_t ncols, const R *acol, ptrdiff_t lda,        \
              const R *xo, R *xc)                                                                  \
    {                                                                                              \
        TBW_MASKS(MT, L);                                                                          \
        const ptrdiff_t aoff = upper ? (ptrdiff_t)k - w : 1, xoff = upper ? -w : 1;                \
        const ptrdiff_t step = upper ? 1 : -1, astep = upper ? lda : -lda;                         \
        const ptrdiff_t dg = upper ? (ptrdiff_t)k : 0;                                             \
        TBW_LOAD(V, I, L, xc + xoff);                                                              \
        for (size_t c = 0; c < ncols; c++) {                                                       \
            R t = xo[0], d = t;                                                                    \
            if (t != 0) {                                                                          \
                V tv = I(set1)(t);                                                                 \
                const R *ab = acol + aoff;                                                         \
                w0 = I(mask3_fmadd)(I(maskz_loadu)(m[0], ab), tv, w0, m[0]);                       \
                w1 = I(mask3_fmadd)(I(maskz_loadu)(m[1], ab + (L)), tv, w1, m[1]);                 \
                w2 = I(mask3_fmadd)(I(maskz_loadu)(m[2], ab + 2 * (L)), tv, w2, m[2]);             \
                w3 = I(mask3_fmadd)(I(maskz_loadu)(m[3], ab + 3 * (L)), tv, w3, m[3]);             \
                if (nounit)                                                                        \
                    d = t * acol[dg];                                                              \
            }                                                                                      \
            V nw = I(set1)(d);                                                                     \
            if (upper) { /* row j - 4L is final; row j enters at the top */                        \
                xc[-w] = I(cvt##L)(w0);                                                            \
                w0 = ALIGNR(w1, w0, 0), w1 = ALIGNR(w2, w1, 0), w2 = ALIGNR(w3, w2, 0);            \
                w3 = ALIGNR(nw, w3, 0);                                                            \
            } else { /* row j + 4L is final; row j enters at the bottom */                         \
                xc[w] = LAST(w3);                                                                  \
                w3 = ALIGNR(w3, w2, 1), w2 = ALIGNR(w2, w1, 1), w1 = ALIGNR(w1, w0, 1);            \
                w0 = ALIGNR(w0, nw, 1);                                                            \
            }                                                                                      \
            xo += step, xc += step, acol += astep;                                                 \
        }                                                                                          \
        TBW_STORE(I, L, xc + xoff);                                                                \
    }
#define I_PD_mask3_fmadd _mm512_mask3_fmadd_pd
#define I_PS_mask3_fmadd _mm512_mask3_fmadd_ps

TBMV_WIN(nb_dtbmv_win_avx512, double, __m512d, 8, __mmask8, I_PD, last_pd, alignr_pd)
TBMV_WIN(nb_stbmv_win_avx512, float, __m512, 16, __mmask16, I_PS, last_ps, alignr_ps)
