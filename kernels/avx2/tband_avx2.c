/* s/d tbsv and tbmv 'N' with the rows a band column updates held in registers: the avx2 form of
   kernels/avx512/tband_avx512.c ({s,d}tbsv_win, {s,d}tbmv_win; kernels/l2gen_kernels.h), which
   says why a window in registers beats the column loop's axpy through memory, and which
   operations of the reference each column keeps (the same here, to the bit).

   What differs on avx2: no lane masks and no cross-register align. The window is NV vectors of
   4 (d) or 8 (s) lanes, NV = ceil(k / lanes) at most 8 (rows W = 32 d, 64 s, as the driver
   assumes), so a band of k rows is held in the fewest vectors; the one vector that reaches past
   the band (upper: the first, lower: the last) updates only its in-band lanes, through a blend
   with a lane mask (the loaded A beyond the band is another column's storage, finite or not:
   the blend drops it, and x(j) times it, as the reference never forms them). One window kernel
   per NV (the loops unroll over the vectors, so the window stays in registers) and a switch on
   NV at the call. Shifting the window by a row is permute2f128 + shufpd (d) or + palignr (s) per
   vector.

   Critical path of a tbsv column: the division by the diagonal and the scalar FMA that forms
   the next pivot row (-x(j) A(j -+ 1, j) + w, the same one rounding as the vector lane); the
   window's update, shift and the pivot's extraction run beside it.

   Register budget (16 ymm): NV <= 8 window vectors + the broadcast x(j) + the loaded column
   vector and its update + the partial vector's mask + the new row's broadcast: at most 13. */
#include <immintrin.h>
#include <stddef.h>
#include "kernels/kernel.h"

/* ---- the per-type operations: I_D(op) / I_S(op) ---------------------------------------------- */
/* up1: the window one row up, the top lane of lo entering hi's lane 0: [lo[L-1], hi[0..L-2]];
   dn1: one row down, hi's lane 0 entering lo's top lane: [lo[1..L-1], hi[0]] */
static inline __m256d up1_pd(__m256d hi, __m256d lo)
{
    __m256d t = _mm256_permute2f128_pd(lo, hi, 0x21); /* lo[2], lo[3], hi[0], hi[1] */
    return _mm256_shuffle_pd(t, hi, 5);
}
static inline __m256d dn1_pd(__m256d hi, __m256d lo)
{
    __m256d t = _mm256_permute2f128_pd(lo, hi, 0x21);
    return _mm256_shuffle_pd(lo, t, 5);
}
static inline __m256 up1_ps(__m256 hi, __m256 lo)
{
    __m256 t = _mm256_permute2f128_ps(lo, hi, 0x21); /* lo[4..7], hi[0..3] */
    return _mm256_castsi256_ps(
        _mm256_alignr_epi8(_mm256_castps_si256(hi), _mm256_castps_si256(t), 12));
}
static inline __m256 dn1_ps(__m256 hi, __m256 lo)
{
    __m256 t = _mm256_permute2f128_ps(lo, hi, 0x21);
    return _mm256_castsi256_ps(
        _mm256_alignr_epi8(_mm256_castps_si256(t), _mm256_castps_si256(lo), 4));
}
static inline double last_pd(__m256d v)
{
    __m128d q = _mm256_extractf128_pd(v, 1);
    return _mm_cvtsd_f64(_mm_unpackhi_pd(q, q));
}
static inline float last_ps(__m256 v)
{
    __m128 q = _mm256_extractf128_ps(v, 1);
    return _mm_cvtss_f32(_mm_shuffle_ps(q, q, 3));
}
#define I_D(op) I_D_##op
#define I_D_ld _mm256_loadu_pd
#define I_D_st _mm256_storeu_pd
#define I_D_set1 _mm256_set1_pd
#define I_D_fnmadd _mm256_fnmadd_pd
#define I_D_fmadd _mm256_fmadd_pd
#define I_D_blend(a, b, m) _mm256_blendv_pd(a, b, _mm256_castsi256_pd(m))
#define I_D_first _mm256_cvtsd_f64
#define I_D_last last_pd
#define I_D_up1 up1_pd
#define I_D_dn1 dn1_pd
#define I_D_fma __builtin_fma
#define I_S(op) I_S_##op
#define I_S_ld _mm256_loadu_ps
#define I_S_st _mm256_storeu_ps
#define I_S_set1 _mm256_set1_ps
#define I_S_fnmadd _mm256_fnmadd_ps
#define I_S_fmadd _mm256_fmadd_ps
#define I_S_blend(a, b, m) _mm256_blendv_ps(a, b, _mm256_castsi256_ps(m))
#define I_S_first _mm256_cvtss_f32
#define I_S_last last_ps
#define I_S_up1 up1_ps
#define I_S_dn1 dn1_ps
#define I_S_fma __builtin_fmaf

/* The partial vector's lane mask (all bits set in a lane of the band), for a window of w rows:
   upper, vector 0, lanes >= w - k; lower, vector NV - 1, lanes < k - (NV - 1) L. Lanes are
   elements of `bytes` bytes (4 or 8). */
static inline __m256i tbw_mask(int upper, int w, int nv, int lanes, size_t k)
{
    int first = upper ? 0 : (nv - 1) * lanes, bits[8];
    for (int l = 0; l < 8; l++) {
        int lane = first + (lanes == 8 ? l : l / 2); /* int lanes for d: two per element */
        bits[l] = (upper ? lane >= w - (int)k : lane < (int)k) ? -1 : 0;
    }
    return _mm256_setr_epi32(bits[0], bits[1], bits[2], bits[3], bits[4], bits[5], bits[6],
                             bits[7]);
}

/* tbsv's read prefetch of the column TBW_PF_COLS ahead (its rows in the window): on Zen 3 (1
   thread, k = 32) stbsv from L3 and memory 1.15-1.25x faster, dtbsv from L3 1.2x, from memory
   and L2 level, than with the hardware prefetcher alone; 24 columns ahead no better. Not in
   tbmv: there the column's products, not a division, set the pace, and the prefetches cost
   dtbmv and stbmv from L2 0.6-0.8x. */
#define TBW_PF_COLS 8
#define TBW_PF(p, n)                                                                               \
    do {                                                                                           \
        _Pragma("GCC unroll 8") for (int l_ = 0; l_ < (int)((n) * sizeof(*(p))); l_ += 64)        \
            __builtin_prefetch((const char *)(p) + l_);                                            \
    } while (0)
/* the window w[0..NV) from / to the rows at p */
#define TBW_LOAD(I, L, p)                                                                          \
    _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++) w[v] = I(ld)((p) + v * (L))
#define TBW_STORE(I, L, p)                                                                         \
    _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++) I(st)((p) + v * (L), w[v])
/* w[v] -= t * A (FN fnmadd) or += (FN fmadd) for the window, the partial vector (pv) blended */
#define TBW_UPDATE(I, FN, ab, t, L)                                                                \
    _Pragma("GCC unroll 8") for (int v = 0; v < NV; v++) {                                         \
        __typeof__(t) u_ = I(FN)(I(ld)((ab) + v * (L)), t, w[v]);                                  \
        w[v] = v == pv && part ? I(blend)(w[v], u_, msk) : u_;                                     \
    }
/* the window one row up (upper tbsv, lower tbmv: nw enters at the bottom, the top row leaves)
   or one row down (lower tbsv, upper tbmv: nw enters at the top) */
#define TBW_SHIFT_UP(I, nw)                                                                        \
    do {                                                                                           \
        _Pragma("GCC unroll 8") for (int v = NV - 1; v > 0; v--) w[v] = I(up1)(w[v], w[v - 1]);    \
        w[0] = I(up1)(w[0], nw);                                                                   \
    } while (0)
#define TBW_SHIFT_DN(I, nw)                                                                        \
    do {                                                                                           \
        _Pragma("GCC unroll 8") for (int v = 0; v < NV - 1; v++) w[v] = I(dn1)(w[v + 1], w[v]);    \
        w[NV - 1] = I(dn1)(nw, w[NV - 1]);                                                         \
    } while (0)

/* tbsv: arguments as {s,d}tbsv_win (kernels/l2gen_kernels.h). Window lane l (0 .. W-1, W = NV L)
   of vector l / L: upper row j - W + l, lower row j + 1 + l. */
#define TBSV_NV(NAME, R, V, L, I, UP, NVV)                                                         \
    static void NAME##_##UP##_##NVV(int nounit, size_t k, size_t ncols, const R *acol,             \
                                    ptrdiff_t lda, R *x)                                           \
    {                                                                                              \
        enum { NV = NVV, W = NVV * L, upper = UP };                                                \
        const int pv = upper ? 0 : NV - 1, part = (size_t)W > k;                                   \
        const __m256i msk = tbw_mask(upper, W, NV, L, k);                                          \
        const ptrdiff_t aoff = upper ? (ptrdiff_t)k - W : 1; /* window lane 0's A */               \
        const ptrdiff_t xoff = upper ? -W : 1, step = upper ? -1 : 1, astep = upper ? -lda : lda;  \
        const ptrdiff_t near = upper ? (ptrdiff_t)k - 1 : 1; /* A(j -+ 1, j) */                    \
        const ptrdiff_t dg = upper ? (ptrdiff_t)k : 0;                                             \
        V w[NV];                                                                                   \
        TBW_LOAD(I, L, x + xoff);                                                                  \
        R p = x[0]; /* x(j), all earlier columns subtracted */                                     \
        for (size_t c = 0; c < ncols; c++) {                                                       \
            R wn = upper ? I(last)(w[NV - 1]) : I(first)(w[0]); /* the next pivot row */          \
            R xj = p;                                                                              \
            TBW_PF(acol + TBW_PF_COLS * astep + aoff, W);                                          \
            if (p != 0) {                                                                          \
                if (nounit)                                                                        \
                    xj = p / acol[dg];                                                             \
                V t = I(set1)(xj);                                                                 \
                const R *ab = acol + aoff;                                                         \
                TBW_UPDATE(I, fnmadd, ab, t, L);                                                   \
                wn = I(fma)(-xj, acol[near], wn);                                                  \
            }                                                                                      \
            x[0] = xj;                                                                             \
            p = wn;                                                                                \
            x += step, acol += astep;                                                              \
            if (upper) /* one row up: the new top row from x */                                   \
                TBW_SHIFT_UP(I, I(set1)(x[-W]));                                                   \
            else                                                                                   \
                TBW_SHIFT_DN(I, I(set1)(x[W]));                                                    \
        }                                                                                          \
        x[0] = p; /* the pivot and the window back to x (x at the next unsolved column) */         \
        TBW_STORE(I, L, x + xoff);                                                                 \
    }

/* tbmv: arguments as {s,d}tbmv_win. Window lane l: upper row j - W + l, lower row j + 1 + l,
   of xc; the row no later column reaches leaves it for memory, row j enters it. */
#define TBMV_NV(NAME, R, V, L, I, UP, NVV)                                                         \
    static void NAME##_##UP##_##NVV(int nounit, size_t k, size_t ncols, const R *acol,             \
                                    ptrdiff_t lda, const R *xo, R *xc)                             \
    {                                                                                              \
        enum { NV = NVV, W = NVV * L, upper = UP };                                                \
        const int pv = upper ? 0 : NV - 1, part = (size_t)W > k;                                   \
        const __m256i msk = tbw_mask(upper, W, NV, L, k);                                          \
        const ptrdiff_t aoff = upper ? (ptrdiff_t)k - W : 1, xoff = upper ? -W : 1;                \
        const ptrdiff_t step = upper ? 1 : -1, astep = upper ? lda : -lda;                         \
        const ptrdiff_t dg = upper ? (ptrdiff_t)k : 0;                                             \
        V w[NV];                                                                                   \
        TBW_LOAD(I, L, xc + xoff);                                                                 \
        for (size_t c = 0; c < ncols; c++) {                                                       \
            R t = xo[0], d = t;                                                                    \
            if (t != 0) {                                                                          \
                V tv = I(set1)(t);                                                                 \
                const R *ab = acol + aoff;                                                         \
                TBW_UPDATE(I, fmadd, ab, tv, L);                                                   \
                if (nounit)                                                                        \
                    d = t * acol[dg];                                                              \
            }                                                                                      \
            if (upper) { /* row j - W is final; row j enters at the top */                        \
                xc[-W] = I(first)(w[0]);                                                           \
                TBW_SHIFT_DN(I, I(set1)(d));                                                       \
            } else { /* row j + W is final; row j enters at the bottom */                         \
                xc[W] = I(last)(w[NV - 1]);                                                        \
                TBW_SHIFT_UP(I, I(set1)(d));                                                       \
            }                                                                                      \
            xo += step, xc += step, acol += astep;                                                 \
        }                                                                                          \
        TBW_STORE(I, L, xc + xoff);                                                                \
    }

/* One kernel per direction and window size (both compile-time, so that the partial vector's
   blend and the shifts are fixed code) and the entry that picks it: NV = ceil(k / L), k <= 8 L. */
#define TBW_DIR(KER, NAME, R, V, L, I, UP)                                                         \
    KER(NAME, R, V, L, I, UP, 1)                                                                   \
    KER(NAME, R, V, L, I, UP, 2)                                                                   \
    KER(NAME, R, V, L, I, UP, 3)                                                                   \
    KER(NAME, R, V, L, I, UP, 4)                                                                   \
    KER(NAME, R, V, L, I, UP, 5)                                                                   \
    KER(NAME, R, V, L, I, UP, 6)                                                                   \
    KER(NAME, R, V, L, I, UP, 7)                                                                   \
    KER(NAME, R, V, L, I, UP, 8)
#define TBW_ALL(KER, NAME, R, V, L, I)                                                             \
    TBW_DIR(KER, NAME, R, V, L, I, 0)                                                              \
    TBW_DIR(KER, NAME, R, V, L, I, 1)
#define TBW_CASE(NAME, UP, NVV, ...)                                                               \
    case NVV: UP ? NAME##_1_##NVV(__VA_ARGS__) : NAME##_0_##NVV(__VA_ARGS__); break;
#define TBW_PICK(NAME, L, upper, k, ...)                                                           \
    switch (((k) + (L) - 1) / (L)) {                                                               \
        TBW_CASE(NAME, upper, 1, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 2, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 3, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 4, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 5, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 6, __VA_ARGS__)                                                      \
        TBW_CASE(NAME, upper, 7, __VA_ARGS__)                                                      \
    default:                                                                                       \
        upper ? NAME##_1_8(__VA_ARGS__) : NAME##_0_8(__VA_ARGS__);                                 \
        break;                                                                                     \
    }

TBW_ALL(TBSV_NV, tbsv_d, double, __m256d, 4, I_D)
TBW_ALL(TBSV_NV, tbsv_s, float, __m256, 8, I_S)
TBW_ALL(TBMV_NV, tbmv_d, double, __m256d, 4, I_D)
TBW_ALL(TBMV_NV, tbmv_s, float, __m256, 8, I_S)

void nb_dtbsv_win_avx2(int upper, int nounit, size_t k, size_t ncols, const double *acol,
                       ptrdiff_t lda, double *x)
{
    TBW_PICK(tbsv_d, 4, upper, k, nounit, k, ncols, acol, lda, x)
}
void nb_stbsv_win_avx2(int upper, int nounit, size_t k, size_t ncols, const float *acol,
                       ptrdiff_t lda, float *x)
{
    TBW_PICK(tbsv_s, 8, upper, k, nounit, k, ncols, acol, lda, x)
}
void nb_dtbmv_win_avx2(int upper, int nounit, size_t k, size_t ncols, const double *acol,
                       ptrdiff_t lda, const double *xo, double *xc)
{
    TBW_PICK(tbmv_d, 4, upper, k, nounit, k, ncols, acol, lda, xo, xc)
}
void nb_stbmv_win_avx2(int upper, int nounit, size_t k, size_t ncols, const float *acol,
                       ptrdiff_t lda, const float *xo, float *xc)
{
    TBW_PICK(tbmv_s, 8, upper, k, nounit, k, ncols, acol, lda, xo, xc)
}
