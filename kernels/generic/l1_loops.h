/* Plain-C Level 1 kernels (the entries of kernels/l1_kernels.h) that every kernel set compiles
   with its own ISA flags. Include once per set after defining NB_L1_SUFFIX (the set's name) and
   NB_L1_VBYTES (the vector register size in bytes the set's flags give GCC: 16, 32 or 64).

   Element-wise loops (axpy, scal, rot, swap) are `omp simd` loops: the elements are independent
   and the compiler vectorises them to the set's width. Reductions use GCC vector types of
   NB_L1_VBYTES bytes with eight independent accumulators: one running sum would be bound by the
   latency of the add (3-4 cycles), and without -ffast-math the compiler may not split it. The
   order of the additions depends on n alone (accumulators summed pairwise, then the lanes in
   order, then the scalar tail), never on alignment or threads.
   Register budget (avx2, 16 ymm): sums 8 accumulators + 2 loads + 1 mask; nrm2 3 accumulators
   + 5 constants + 5 temporaries; i?amax 4 running maxima + 1 mask + 4 loads + 4 compares. */
#include <stddef.h>
#include <string.h>

#define L1_CAT_(a, b) a##b
#define L1_CAT(a, b) L1_CAT_(a, b)
#define L1_NAME(f) L1_CAT(L1_CAT(nb_, f), L1_CAT(_, NB_L1_SUFFIX))

typedef float l1_vs __attribute__((vector_size(NB_L1_VBYTES)));
typedef double l1_vd __attribute__((vector_size(NB_L1_VBYTES)));
typedef int l1_vis __attribute__((vector_size(NB_L1_VBYTES)));       /* masks of float lanes */
typedef long long l1_vid __attribute__((vector_size(NB_L1_VBYTES))); /* masks of double lanes */
typedef float l1_vsh __attribute__((vector_size(NB_L1_VBYTES / 2))); /* floats widened to l1_vd */

/* Unaligned loads through memcpy: one vector load, no alignment assumed. */
static inline l1_vs l1_ld_s(const float *p)
{
    l1_vs v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline l1_vd l1_ld_d(const double *p)
{
    l1_vd v;
    memcpy(&v, p, sizeof v);
    return v;
}
/* W floats widened to doubles; a set may define L1_LD_SD as one converting load (GCC merges
   two neighbouring half-width loads into one and splits it through the stack otherwise). */
static inline l1_vd l1_ld_sd(const float *p)
{
#ifdef L1_LD_SD
    return L1_LD_SD(p);
#else
    l1_vsh v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, l1_vd);
#endif
}
/* |v|: clear the sign bits (vector types have no fabs). */
static inline l1_vs l1_abs_s(l1_vs v) { return (l1_vs)((l1_vis)v & 0x7fffffff); }
static inline l1_vd l1_abs_d(l1_vd v) { return (l1_vd)((l1_vid)v & 0x7fffffffffffffffLL); }

/* out = sum over i < n of the vector expression VX(i) (W lanes at i) / scalar SX(i), with eight
   accumulators; see the header comment for the fixed order. */
#define L1_SUM8(T, V, W, VX, SX, out)                                                              \
    do {                                                                                           \
        V a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, a4 = {0}, a5 = {0}, a6 = {0}, a7 = {0};          \
        size_t i = 0;                                                                              \
        for (; i + 8 * (W) <= n; i += 8 * (W)) {                                                   \
            a0 += VX(i), a1 += VX(i + (W)), a2 += VX(i + 2 * (W)), a3 += VX(i + 3 * (W));          \
            a4 += VX(i + 4 * (W)), a5 += VX(i + 5 * (W)), a6 += VX(i + 6 * (W)),                   \
                a7 += VX(i + 7 * (W));                                                             \
        }                                                                                          \
        for (; i + (W) <= n; i += (W))                                                             \
            a0 += VX(i);                                                                           \
        a0 = ((a0 + a4) + (a1 + a5)) + ((a2 + a6) + (a3 + a7));                                    \
        T s_ = 0;                                                                                  \
        for (size_t k = 0; k < (W); k++)                                                           \
            s_ += a0[k];                                                                           \
        for (; i < n; i++)                                                                         \
            s_ += SX(i);                                                                           \
        out = s_;                                                                                  \
    } while (0)

#define WS (sizeof(l1_vs) / sizeof(float))
#define WD (sizeof(l1_vd) / sizeof(double))

/* ---- dot, dsdot, asum, sum ---- */
#define VDOT_S(i) (l1_ld_s(x + (i)) * l1_ld_s(y + (i)))
#define VDOT_D(i) (l1_ld_d(x + (i)) * l1_ld_d(y + (i)))
#define VDOT_SD(i) (l1_ld_sd(x + (i)) * l1_ld_sd(y + (i)))
#define SDOT(i) (x[i] * y[i])
#define SDOT_SD(i) ((double)x[i] * (double)y[i])
#define VABS_S(i) l1_abs_s(l1_ld_s(x + (i)))
#define VABS_D(i) l1_abs_d(l1_ld_d(x + (i)))
#define SABS_S(i) __builtin_fabsf(x[i])
#define SABS_D(i) __builtin_fabs(x[i])
#define VSUM_S(i) l1_ld_s(x + (i))
#define VSUM_D(i) l1_ld_d(x + (i))
#define SSUM(i) (x[i])

float L1_NAME(sdot)(size_t n, const float *x, const float *y)
{
    float s;
    L1_SUM8(float, l1_vs, WS, VDOT_S, SDOT, s);
    return s;
}
double L1_NAME(ddot)(size_t n, const double *x, const double *y)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VDOT_D, SDOT, s);
    return s;
}
/* float products are exact in double: the sums alone round */
double L1_NAME(dsdot)(size_t n, const float *x, const float *y)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VDOT_SD, SDOT_SD, s);
    return s;
}
float L1_NAME(sasum)(size_t n, const float *x)
{
    float s;
    L1_SUM8(float, l1_vs, WS, VABS_S, SABS_S, s);
    return s;
}
double L1_NAME(dasum)(size_t n, const double *x)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VABS_D, SABS_D, s);
    return s;
}
float L1_NAME(ssum)(size_t n, const float *x)
{
    float s;
    L1_SUM8(float, l1_vs, WS, VSUM_S, SSUM, s);
    return s;
}
double L1_NAME(dsum)(size_t n, const double *x)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VSUM_D, SSUM, s);
    return s;
}

/* ---- complex: vectors of interleaved (re, im) pairs; swap(v) exchanges the parts of each
   pair (a constant shuffle) ---- */
#if NB_L1_VBYTES == 16
#define L1_SWAP_S ((l1_vis){1, 0, 3, 2})
#define L1_SWAP_D ((l1_vid){1, 0})
#elif NB_L1_VBYTES == 32
#define L1_SWAP_S ((l1_vis){1, 0, 3, 2, 5, 4, 7, 6})
#define L1_SWAP_D ((l1_vid){1, 0, 3, 2})
#else
#define L1_SWAP_S ((l1_vis){1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14})
#define L1_SWAP_D ((l1_vid){1, 0, 3, 2, 5, 4, 7, 6})
#endif

/* Keeps a loaded vector in a register: GCC otherwise folds the same load into two instructions
   (x*y and x*swap(y)), a third more loads in a load-bound loop. A set may define it as an
   empty asm with a register constraint; no-op by default. */
#ifndef L1_PIN
#define L1_PIN(v) ((void)0)
#endif

/* Complex dot: p += x*y holds (x_re y_re, x_im y_im) per pair, q += x*swap(y) holds
   (x_re y_im, x_im y_re); four pairs of accumulators. The reference forms each complex product
   first; these are the same terms (Fortran rules: no NaN recovery), summed in another order. */
#define L1_CDOT(name, R, C, V, W, LD, SW, conj)                                                    \
    C L1_NAME(name)(size_t n, const C *xc, const C *yc)                                            \
    {                                                                                              \
        const R *x = (const R *)xc, *y = (const R *)yc;                                            \
        size_t nr = 2 * n, i = 0;                                                                  \
        V p0 = {0}, p1 = {0}, p2 = {0}, p3 = {0}, q0 = {0}, q1 = {0}, q2 = {0}, q3 = {0};          \
        for (; i + 4 * (W) <= nr; i += 4 * (W)) {                                                  \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), y0 = LD(y + i), y1 = LD(y + i + (W));          \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(y0); L1_PIN(y1);                                        \
            p0 += x0 * y0, q0 += x0 * __builtin_shuffle(y0, SW);                                   \
            p1 += x1 * y1, q1 += x1 * __builtin_shuffle(y1, SW);                                   \
            x0 = LD(x + i + 2 * (W)), x1 = LD(x + i + 3 * (W));                                    \
            y0 = LD(y + i + 2 * (W)), y1 = LD(y + i + 3 * (W));                                    \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(y0); L1_PIN(y1);                                        \
            p2 += x0 * y0, q2 += x0 * __builtin_shuffle(y0, SW);                                   \
            p3 += x1 * y1, q3 += x1 * __builtin_shuffle(y1, SW);                                   \
        }                                                                                          \
        for (; i + (W) <= nr; i += (W)) {                                                          \
            V x0 = LD(x + i), y0 = LD(y + i);                                                      \
            p0 += x0 * y0, q0 += x0 * __builtin_shuffle(y0, SW);                                   \
        }                                                                                          \
        p0 = (p0 + p1) + (p2 + p3), q0 = (q0 + q1) + (q2 + q3);                                    \
        R rr = 0, ii = 0, ri = 0, ir = 0;                                                          \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            rr += p0[k], ii += p0[k + 1], ri += q0[k], ir += q0[k + 1];                            \
        for (; i < nr; i += 2) {                                                                   \
            R xr = x[i], xi = x[i + 1], yr = y[i], yi = y[i + 1];                                  \
            rr += xr * yr, ii += xi * yi, ri += xr * yi, ir += xi * yr;                            \
        }                                                                                          \
        C z;                                                                                       \
        __real__ z = conj ? rr + ii : rr - ii;                                                     \
        __imag__ z = conj ? ri - ir : ri + ir;                                                     \
        return z;                                                                                  \
    }
L1_CDOT(cdotu, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S, 0)
L1_CDOT(cdotc, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S, 1)
L1_CDOT(zdotu, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D, 0)
L1_CDOT(zdotc, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D, 1)

/* ---- nrm2: Blue's accumulators, branch-free; a NaN fails both tests and lands in the medium
   sum, from where the finish step propagates it ---- */
#define L1_NRM2(name, T, V, IV, W, LD, ABS, TSML, TBIG, SSML, SBIG)                                \
    void L1_NAME(name)(size_t n, const T *x, T *acc)                                               \
    {                                                                                              \
        V sm0 = {0}, md0 = {0}, bg0 = {0};                                                         \
        size_t i = 0;                                                                              \
        for (; i + (W) <= n; i += (W)) {                                                           \
            V a = ABS(LD(x + i));                                                                  \
            IV big = a > TBIG, sml = a < TSML;                                                     \
            /* mask the inputs, not the squares: a square that underflows in a discarded lane    \
               would still cost a microcode assist (subnormal result) */                          \
            V tb = (V)((IV)a & big) * SBIG, ts = (V)((IV)a & sml) * SSML;                         \
            V md = (V)((IV)a & ~(big | sml));                                                      \
            bg0 += tb * tb, sm0 += ts * ts, md0 += md * md;                                        \
        }                                                                                          \
        T s = 0, m = 0, g = 0;                                                                     \
        for (size_t k = 0; k < (W); k++)                                                           \
            s += sm0[k], m += md0[k], g += bg0[k];                                                 \
        for (; i < n; i++) {                                                                       \
            T a = x[i] < 0 ? -x[i] : x[i];                                                         \
            if (a > TBIG)                                                                          \
                g += (a * SBIG) * (a * SBIG);                                                      \
            else if (a < TSML)                                                                     \
                s += (a * SSML) * (a * SSML);                                                      \
            else                                                                                   \
                m += a * a;                                                                        \
        }                                                                                          \
        acc[0] = s, acc[1] = m, acc[2] = g;                                                        \
    }
L1_NRM2(snrm2, float, l1_vs, l1_vis, WS, l1_ld_s, l1_abs_s, 0x1p-63f, 0x1p52f, 0x1p75f, 0x1p-76f)
L1_NRM2(dnrm2, double, l1_vd, l1_vid, WD, l1_ld_d, l1_abs_d, 0x1p-511, 0x1p486, 0x1p537, 0x1p-538)

/* ---- i?amax, in blocks that stay in L1: the block's largest |x_i| by four running maxima
   (strict >, so NaN is never taken; the -1 start is below every |x|), then, only when it beats
   the maximum so far (rarely, after the first blocks), a scan of the block for its first
   occurrence. Blocks in order with strict >: the first maximum of the vector wins. ---- */
#define L1_AMAX_BLK 1024
#define L1_SEL(IV, V, m, a, b) ((V)(((IV)(a) & (m)) | ((IV)(b) & ~(m))))
/* a > m ? a : m per lane; a set may define L1_VMAX_S/D as one instruction with exactly this
   rule (x86 MAXPS/MAXPD return the second operand when either is NaN). */
#ifndef L1_VMAX_S
#define L1_VMAX_S(a, m) L1_SEL(l1_vis, l1_vs, (a) > (m), a, m)
#endif
#ifndef L1_VMAX_D
#define L1_VMAX_D(a, m) L1_SEL(l1_vid, l1_vd, (a) > (m), a, m)
#endif
/* Whether any lane of a comparison mask is set; a set may define it as one instruction. */
#ifndef L1_ANY_S
#define L1_ANY_S(m) l1_any_s(m)
static inline int l1_any_s(l1_vis m)
{
    int r = 0;
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
        r |= m[k];
    return r != 0;
}
#endif
#ifndef L1_ANY_D
#define L1_ANY_D(m) l1_any_d(m)
static inline int l1_any_d(l1_vid m)
{
    long long r = 0;
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++)
        r |= m[k];
    return r != 0;
}
#endif
#define L1_IAMAX(name, T, V, W, LD, ABS, VMAX, ANY)                                                       \
    static size_t name(size_t n, const T *x, T *vmax)                                              \
    {                                                                                              \
        T best = -1;                                                                               \
        size_t bi = 0;                                                                             \
        for (size_t b = 0; b < n; b += L1_AMAX_BLK) {                                              \
            size_t len = n - b < L1_AMAX_BLK ? n - b : L1_AMAX_BLK, i = 0;                         \
            const T *p = x + b;                                                                    \
            V m0 = {0}, m1, m2, m3;                                                                \
            m0 -= 1, m1 = m0, m2 = m0, m3 = m0;                                                    \
            for (; i + 4 * (W) <= len; i += 4 * (W)) {                                             \
                V a0 = ABS(LD(p + i)), a1 = ABS(LD(p + i + (W)));                                  \
                V a2 = ABS(LD(p + i + 2 * (W))), a3 = ABS(LD(p + i + 3 * (W)));                    \
                m0 = VMAX(a0, m0), m1 = VMAX(a1, m1), m2 = VMAX(a2, m2), m3 = VMAX(a3, m3);           \
            }                                                                                      \
            for (; i + (W) <= len; i += (W))                                                       \
                m0 = VMAX(ABS(LD(p + i)), m0);                                                     \
            m0 = VMAX(VMAX(m1, m0), VMAX(m3, m2));                                                 \
            T bm = -1;                                                                             \
            for (size_t k = 0; k < (W); k++)                                                       \
                bm = m0[k] > bm ? m0[k] : bm;                                                      \
            for (; i < len; i++) {                                                                 \
                T a = p[i] < 0 ? -p[i] : p[i];                                                     \
                bm = a > bm ? a : bm;                                                              \
            }                                                                                      \
            if (bm > best) { /* the first lane equal to bm, a vector at a time */                  \
                size_t k = 0;                                                                      \
                V vb = {0};                                                                        \
                vb += bm;                                                                          \
                while (k + (W) <= len && !ANY(ABS(LD(p + k)) == vb))                               \
                    k += (W);                                                                      \
                while ((p[k] < 0 ? -p[k] : p[k]) != bm)                                            \
                    k++;                                                                           \
                best = bm, bi = b + k;                                                             \
            }                                                                                      \
        }                                                                                          \
        *vmax = best;                                                                              \
        return bi;                                                                                 \
    }
L1_IAMAX(l1_isamax_seg, float, l1_vs, WS, l1_ld_s, l1_abs_s, L1_VMAX_S, L1_ANY_S)
L1_IAMAX(l1_idamax_seg, double, l1_vd, WD, l1_ld_d, l1_abs_d, L1_VMAX_D, L1_ANY_D)

size_t L1_NAME(isamax)(size_t n, const float *x, float *vmax)
{
    return l1_isamax_seg(n, x, vmax);
}
size_t L1_NAME(idamax)(size_t n, const double *x, double *vmax)
{
    return l1_idamax_seg(n, x, vmax);
}

/* Complex: blocks of L1_BLK elements searched on the interleaved data as it lies: |x| of a
   vector plus its pair swap puts |re| + |im| of each element in both of its lanes (the same
   sum: addition commutes), four running maxima as for the real search, then, when the block
   beats the maximum so far, a scan for the first element with that sum. Blocks in order with
   strict >: the first maximum wins, NaN never. (A buffer of the sums filled by an `omp simd`
   loop and searched again read every block twice: icamax at LLC sizes ran at 0.76x OpenBLAS.) */
#define L1_BLK 512
#define L1_ICAMAX(name, R, C, V, W, LD, ABS, VMAX, ANY, SW, FABS)                                   \
    size_t L1_NAME(name)(size_t n, const C *xc, R *vmax)                                           \
    {                                                                                              \
        const R *x = (const R *)xc;                                                                \
        R best = -1;                                                                               \
        size_t bi = 0;                                                                             \
        for (size_t s = 0; s < n; s += L1_BLK) {                                                   \
            size_t len = n - s < L1_BLK ? n - s : L1_BLK, nr = 2 * len, i = 0;                     \
            const R *p = x + 2 * s;                                                                \
            V m0 = {0}, m1, m2, m3;                                                                \
            m0 -= 1, m1 = m0, m2 = m0, m3 = m0;                                                    \
            for (; i + 4 * (W) <= nr; i += 4 * (W)) {                                              \
                V a0 = ABS(LD(p + i)), a1 = ABS(LD(p + i + (W)));                                  \
                V a2 = ABS(LD(p + i + 2 * (W))), a3 = ABS(LD(p + i + 3 * (W)));                    \
                a0 += __builtin_shuffle(a0, SW), a1 += __builtin_shuffle(a1, SW);                  \
                a2 += __builtin_shuffle(a2, SW), a3 += __builtin_shuffle(a3, SW);                  \
                m0 = VMAX(a0, m0), m1 = VMAX(a1, m1), m2 = VMAX(a2, m2), m3 = VMAX(a3, m3);        \
            }                                                                                      \
            for (; i + (W) <= nr; i += (W)) {                                                      \
                V a = ABS(LD(p + i));                                                              \
                m0 = VMAX(a + __builtin_shuffle(a, SW), m0);                                       \
            }                                                                                      \
            m0 = VMAX(VMAX(m1, m0), VMAX(m3, m2));                                                 \
            R bm = -1;                                                                             \
            for (size_t k = 0; k < (W); k++)                                                       \
                bm = m0[k] > bm ? m0[k] : bm;                                                      \
            for (; i < nr; i += 2) {                                                               \
                R a = FABS(p[i]) + FABS(p[i + 1]);                                                 \
                bm = a > bm ? a : bm;                                                              \
            }                                                                                      \
            if (bm > best) { /* the first element with sum bm, a vector at a time */              \
                size_t k = 0;                                                                      \
                V vb = {0};                                                                        \
                vb += bm;                                                                          \
                for (; 2 * k + (W) <= nr; k += (W) / 2) {                                          \
                    V a = ABS(LD(p + 2 * k));                                                      \
                    if (ANY(a + __builtin_shuffle(a, SW) == vb))                                   \
                        break;                                                                     \
                }                                                                                  \
                while (FABS(p[2 * k]) + FABS(p[2 * k + 1]) != bm)                                  \
                    k++;                                                                           \
                best = bm, bi = s + k;                                                             \
            }                                                                                      \
        }                                                                                          \
        *vmax = best;                                                                              \
        return bi;                                                                                 \
    }
L1_ICAMAX(icamax, float, float _Complex, l1_vs, WS, l1_ld_s, l1_abs_s, L1_VMAX_S, L1_ANY_S, L1_SWAP_S,
          __builtin_fabsf)
L1_ICAMAX(izamax, double, double _Complex, l1_vd, WD, l1_ld_d, l1_abs_d, L1_VMAX_D, L1_ANY_D, L1_SWAP_D,
          __builtin_fabs)

/* ---- element-wise: each element computed alone, as in the reference (y + alpha*x; the full
   complex products of Fortran, no NaN recovery). x == y gives the reference's result too: every
   element is loaded before it is stored. ---- */
/* axpy and scal four vectors per iteration (one vector per iteration leaves the loop's own
   instructions as a quarter of the work on L1-resident data), rot two (four loads, four
   stores); rot stores y before x, as the reference does, so x == y gives its result. */
#define L1_REAL_ELEMWISE(p, T, V, W, LD)                                                           \
    void L1_NAME(p##axpy)(size_t n, T alpha, const T *x, T *y)                                     \
    {                                                                                              \
        size_t i = 0;                                                                              \
        for (; i + 4 * (W) <= n; i += 4 * (W)) {                                                   \
            V y0 = LD(y + i) + alpha * LD(x + i), y1 = LD(y + i + (W)) + alpha * LD(x + i + (W));  \
            V y2 = LD(y + i + 2 * (W)) + alpha * LD(x + i + 2 * (W));                              \
            V y3 = LD(y + i + 3 * (W)) + alpha * LD(x + i + 3 * (W));                              \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
            memcpy(y + i + 2 * (W), &y2, sizeof y2), memcpy(y + i + 3 * (W), &y3, sizeof y3);      \
        }                                                                                          \
        for (; i < n; i++)                                                                         \
            y[i] = y[i] + alpha * x[i];                                                            \
    }                                                                                              \
    void L1_NAME(p##scal)(size_t n, T alpha, T *x)                                                 \
    {                                                                                              \
        size_t i = 0;                                                                              \
        for (; i + 4 * (W) <= n; i += 4 * (W)) {                                                   \
            V x0 = alpha * LD(x + i), x1 = alpha * LD(x + i + (W));                                \
            V x2 = alpha * LD(x + i + 2 * (W)), x3 = alpha * LD(x + i + 3 * (W));                  \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
            memcpy(x + i + 2 * (W), &x2, sizeof x2), memcpy(x + i + 3 * (W), &x3, sizeof x3);      \
        }                                                                                          \
        for (; i < n; i++)                                                                         \
            x[i] = alpha * x[i];                                                                   \
    }                                                                                              \
    void L1_NAME(p##rot)(size_t n, T *x, T *y, T c, T s)                                           \
    {                                                                                              \
        size_t i = 0;                                                                              \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                                   \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), y0 = LD(y + i), y1 = LD(y + i + (W));          \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(y0); L1_PIN(y1);                                        \
            V u0 = c * x0 + s * y0, u1 = c * x1 + s * y1;                                          \
            V v0 = c * y0 - s * x0, v1 = c * y1 - s * x1;                                          \
            memcpy(y + i, &v0, sizeof v0), memcpy(y + i + (W), &v1, sizeof v1);                    \
            memcpy(x + i, &u0, sizeof u0), memcpy(x + i + (W), &u1, sizeof u1);                    \
        }                                                                                          \
        for (; i < n; i++) {                                                                       \
            T xi = x[i], yi = y[i];                                                                \
            y[i] = c * yi - s * xi;                                                                \
            x[i] = c * xi + s * yi;                                                                \
        }                                                                                          \
    }                                                                                              \
    void L1_NAME(p##swap)(size_t n, T *x, T *y)                                                    \
    {                                                                                              \
        _Pragma("omp simd") for (size_t i = 0; i < n; i++)                                         \
        {                                                                                          \
            T t = x[i];                                                                            \
            x[i] = y[i];                                                                           \
            y[i] = t;                                                                              \
        }                                                                                          \
    }
L1_REAL_ELEMWISE(s, float, l1_vs, WS, l1_ld_s)
L1_REAL_ELEMWISE(d, double, l1_vd, WD, l1_ld_d)

/* csrot/zdrot: (c, 0) * (re, im) = (c re - 0 im, 0 re + c im) as gfortran computes it, so
   0 * Inf and 0 * NaN terms appear (blas/level1/l1_internal.h, cmul_real). */
/* alpha*x per pair = ar*(xr, xi) + (-ai, ai)*(xi, xr): the reference's (ar xr - ai xi,
   ar xi + ai xr), with -ai*xi = -(ai*xi) exactly. */
#define L1_CPLX_ELEMWISE(p, rp, R, C, V, W, LD, SW)                                                \
    void L1_NAME(p##axpy)(size_t n, C alpha, const C *xc, C *yc)                                   \
    {                                                                                              \
        const R *x = (const R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                      \
        R *y = (R *)yc;                                                                            \
        size_t nr = 2 * n, i = 0;                                                                  \
        V var = {0}, vai = {0};                                                                    \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            var[k] = ar, var[k + 1] = ar, vai[k] = -ai, vai[k + 1] = ai;                           \
        for (; i + 2 * (W) <= nr; i += 2 * (W)) {                                                  \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), y0 = LD(y + i), y1 = LD(y + i + (W));          \
            y0 = y0 + (var * x0 + vai * __builtin_shuffle(x0, SW));                                \
            y1 = y1 + (var * x1 + vai * __builtin_shuffle(x1, SW));                                \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
        }                                                                                          \
        for (; i < nr; i += 2) {                                                                   \
            R xr = x[i], xi = x[i + 1];                                                            \
            R tr = ar * xr - ai * xi, ti = ar * xi + ai * xr;                                      \
            y[i] = y[i] + tr, y[i + 1] = y[i + 1] + ti;                                            \
        }                                                                                          \
    }                                                                                              \
    void L1_NAME(p##scal)(size_t n, C alpha, C *xc)                                                \
    {                                                                                              \
        R *x = (R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                                  \
        size_t nr = 2 * n, i = 0;                                                                  \
        V var = {0}, vai = {0};                                                                    \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            var[k] = ar, var[k + 1] = ar, vai[k] = -ai, vai[k + 1] = ai;                           \
        for (; i + 2 * (W) <= nr; i += 2 * (W)) {                                                  \
            V x0 = LD(x + i), x1 = LD(x + i + (W));                                                \
            x0 = var * x0 + vai * __builtin_shuffle(x0, SW);                                       \
            x1 = var * x1 + vai * __builtin_shuffle(x1, SW);                                       \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
        }                                                                                          \
        for (; i < nr; i += 2) {                                                                   \
            R xr = x[i], xi = x[i + 1];                                                            \
            x[i] = ar * xr - ai * xi, x[i + 1] = ar * xi + ai * xr;                                \
        }                                                                                          \
    }                                                                                              \
    void L1_NAME(rp##rot)(size_t n, C *xc, C *yc, R c, R s)                                        \
    {                                                                                              \
        R *x = (R *)xc, *y = (R *)yc;                                                              \
        const R zero = 0;                                                                          \
        _Pragma("omp simd") for (size_t i = 0; i < n; i++)                                         \
        {                                                                                          \
            R xr = x[2 * i], xi = x[2 * i + 1], yr = y[2 * i], yi = y[2 * i + 1];                  \
            x[2 * i] = (xr * c - xi * zero) + (yr * s - yi * zero);                                \
            x[2 * i + 1] = (xr * zero + xi * c) + (yr * zero + yi * s);                            \
            y[2 * i] = (yr * c - yi * zero) - (xr * s - xi * zero);                                \
            y[2 * i + 1] = (yr * zero + yi * c) - (xr * zero + xi * s);                            \
        }                                                                                          \
    }
L1_CPLX_ELEMWISE(c, cs, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S)
L1_CPLX_ELEMWISE(z, zd, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D)

/* ==== OpenBLAS extensions: i?amin, i?max/i?min, axpby, axpyc, rotm, the matrix copies ==== */

/* ---- i?amin (|x|, smallest), i?max/i?min (signed): i?amax's block search with a sentinel
   start (+Inf for the minima, -Inf for the maximum) and a select that keeps the running value
   when the new one is NaN (strict comparison). A block whose extreme equals the sentinel (all
   its non-NaN values are +-Inf, or it is all NaN) is scanned only while nothing was found, and
   found only if an element really equals it: index n means every element is NaN. Without
   want_index only the value is wanted: no scan for its position (index 0 when found). ---- */
#ifndef L1_VMIN_S
#define L1_VMIN_S(a, m) L1_SEL(l1_vis, l1_vs, (a) < (m), a, m)
#endif
#ifndef L1_VMIN_D
#define L1_VMIN_D(a, m) L1_SEL(l1_vid, l1_vd, (a) < (m), a, m)
#endif
#define L1_VID(v) (v)
#define L1_SID(v) (v)
#define L1_GT(a, b) ((a) > (b))
#define L1_LT(a, b) ((a) < (b))
#define L1_IEXT(name, T, V, W, LD, F, SF, VSEL, BETTER, SENT, ANY)                                 \
    static size_t name(size_t n, const T *x, T *vout, int want_index)                              \
    {                                                                                              \
        T best = SENT;                                                                             \
        size_t bi = n;                                                                             \
        for (size_t b = 0; b < n; b += L1_AMAX_BLK) {                                              \
            size_t len = n - b < L1_AMAX_BLK ? n - b : L1_AMAX_BLK, i = 0;                         \
            const T *p = x + b;                                                                    \
            V m0 = {0}, m1, m2, m3;                                                                \
            m0 += SENT, m1 = m0, m2 = m0, m3 = m0;                                                 \
            for (; i + 4 * (W) <= len; i += 4 * (W)) {                                             \
                V a0 = F(LD(p + i)), a1 = F(LD(p + i + (W)));                                      \
                V a2 = F(LD(p + i + 2 * (W))), a3 = F(LD(p + i + 3 * (W)));                        \
                m0 = VSEL(a0, m0), m1 = VSEL(a1, m1), m2 = VSEL(a2, m2), m3 = VSEL(a3, m3);        \
            }                                                                                      \
            for (; i + (W) <= len; i += (W))                                                       \
                m0 = VSEL(F(LD(p + i)), m0);                                                       \
            m0 = VSEL(VSEL(m1, m0), VSEL(m3, m2));                                                 \
            T bm = SENT;                                                                           \
            for (size_t k = 0; k < (W); k++)                                                       \
                bm = BETTER(m0[k], bm) ? m0[k] : bm;                                               \
            for (; i < len; i++) {                                                                 \
                T a = SF(p[i]);                                                                    \
                bm = BETTER(a, bm) ? a : bm;                                                       \
            }                                                                                      \
            if (!want_index && BETTER(bm, best)) {                                                 \
                best = bm, bi = 0;                                                                 \
                continue;                                                                          \
            }                                                                                      \
            if (BETTER(bm, best) || (bi == n && bm == best)) {                                     \
                size_t k = 0; /* the first element equal to bm, a vector at a time */              \
                V vb = {0};                                                                        \
                vb += bm;                                                                          \
                while (k + (W) <= len && !ANY(F(LD(p + k)) == vb))                                 \
                    k += (W);                                                                      \
                while (k < len && SF(p[k]) != bm)                                                  \
                    k++;                                                                           \
                if (k < len)                                                                       \
                    best = bm, bi = want_index ? b + k : 0;                                        \
            }                                                                                      \
        }                                                                                          \
        *vout = best;                                                                              \
        return bi;                                                                                 \
    }
L1_IEXT(l1_isamin_seg, float, l1_vs, WS, l1_ld_s, l1_abs_s, __builtin_fabsf, L1_VMIN_S, L1_LT,
        __builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idamin_seg, double, l1_vd, WD, l1_ld_d, l1_abs_d, __builtin_fabs, L1_VMIN_D, L1_LT,
        __builtin_inf(), L1_ANY_D)
L1_IEXT(l1_ismin_seg, float, l1_vs, WS, l1_ld_s, L1_VID, L1_SID, L1_VMIN_S, L1_LT,
        __builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idmin_seg, double, l1_vd, WD, l1_ld_d, L1_VID, L1_SID, L1_VMIN_D, L1_LT,
        __builtin_inf(), L1_ANY_D)
L1_IEXT(l1_ismax_seg, float, l1_vs, WS, l1_ld_s, L1_VID, L1_SID, L1_VMAX_S, L1_GT,
        -__builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idmax_seg, double, l1_vd, WD, l1_ld_d, L1_VID, L1_SID, L1_VMAX_D, L1_GT,
        -__builtin_inf(), L1_ANY_D)

size_t L1_NAME(isamin)(size_t n, const float *x, float *v, int want_index)
{
    return l1_isamin_seg(n, x, v, want_index);
}
size_t L1_NAME(idamin)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idamin_seg(n, x, v, want_index);
}
size_t L1_NAME(ismin)(size_t n, const float *x, float *v, int want_index)
{
    return l1_ismin_seg(n, x, v, want_index);
}
size_t L1_NAME(idmin)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idmin_seg(n, x, v, want_index);
}
size_t L1_NAME(ismax)(size_t n, const float *x, float *v, int want_index)
{
    return l1_ismax_seg(n, x, v, want_index);
}
size_t L1_NAME(idmax)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idmax_seg(n, x, v, want_index);
}

/* Complex: |re| + |im| of a block into a buffer, then the signed minimum search; blocks in
   order, strict <, so the first minimum wins across blocks too. */
#define L1_ICAMIN(name, R, C, seg, FABS)                                                           \
    size_t L1_NAME(name)(size_t n, const C *xc, R *vout, int want_index)                           \
    {                                                                                              \
        const R *x = (const R *)xc;                                                                \
        R buf[L1_BLK], best = 0, v;                                                                \
        size_t bi = n;                                                                             \
        for (size_t s = 0; s < n; s += L1_BLK) {                                                   \
            size_t len = n - s < L1_BLK ? n - s : L1_BLK;                                          \
            const R *p = x + 2 * s;                                                                \
            _Pragma("omp simd") for (size_t k = 0; k < len; k++) buf[k] =                          \
                FABS(p[2 * k]) + FABS(p[2 * k + 1]);                                               \
            size_t k = seg(len, buf, &v, want_index);                                              \
            if (k < len && (bi == n || v < best))                                                  \
                best = v, bi = want_index ? s + k : 0;                                             \
        }                                                                                          \
        *vout = best;                                                                              \
        return bi;                                                                                 \
    }
L1_ICAMIN(icamin, float, float _Complex, l1_ismin_seg, __builtin_fabsf)
L1_ICAMIN(izamin, double, double _Complex, l1_idmin_seg, __builtin_fabs)

/* ---- element-wise maps: dst[i] = VX(i) a vector at a time (four per iteration), SX(i) for
   the scalar tail; every element is loaded before it is stored, so dst may be a source ---- */
/* The vector part of both maps: moves i (the caller's) past the last whole vector. */
#define L1_MAP_VECTORS(V, W, n, dst, VX, i)                                                        \
    do {                                                                                           \
        for (; i + 4 * (W) <= (n); i += 4 * (W)) {                                                 \
            V r0 = VX(i), r1 = VX(i + (W)), r2 = VX(i + 2 * (W)), r3 = VX(i + 3 * (W));            \
            memcpy((dst) + i, &r0, sizeof r0), memcpy((dst) + i + (W), &r1, sizeof r1);            \
            memcpy((dst) + i + 2 * (W), &r2, sizeof r2);                                           \
            memcpy((dst) + i + 3 * (W), &r3, sizeof r3);                                           \
        }                                                                                          \
        for (; i + (W) <= (n); i += (W)) {                                                         \
            V r0 = VX(i);                                                                          \
            memcpy((dst) + i, &r0, sizeof r0);                                                     \
        }                                                                                          \
    } while (0)
#define L1_MAP(V, W, n, dst, VX, SX)                                                               \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        L1_MAP_VECTORS(V, W, n, dst, VX, i);                                                       \
        for (; i < (n); i++)                                                                       \
            (dst)[i] = SX(i);                                                                      \
    } while (0)
/* The same for complex vectors of interleaved pairs: the scalar tail computes both parts of a
   pair before it stores either (SX of the imaginary part may read the real one). */
#define L1_CMAP(V, W, n, dst, VX, SX)                                                              \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        L1_MAP_VECTORS(V, W, n, dst, VX, i);                                                       \
        for (; i < (n); i += 2) {                                                                  \
            T t0 = SX(i), t1 = SX(i + 1);                                                          \
            (dst)[i] = t0, (dst)[i + 1] = t1;                                                      \
        }                                                                                          \
    } while (0)

/* A vector load for float or double pointers (the element-wise expressions below serve both). */
#define L1_LD(p)                                                                                   \
    _Generic((p), const float *: l1_ld_s, float *: l1_ld_s, const double *: l1_ld_d,               \
             double *: l1_ld_d)(p)

/* ---- axpby (OpenBLAS): one loop per special case (beta == 0: y not read; alpha == 0: x not
   read) ---- */
#define L1_VZERO(i) ((V){0})
#define L1_SZERO(i) ((T)0)
#define L1_AX_V(i) (alpha * L1_LD(x + (i)))
#define L1_AX_S(i) (alpha * x[i])
#define L1_BY_V(i) (beta * L1_LD(y + (i)))
#define L1_BY_S(i) (beta * y[i])
#define L1_AXBY_V(i) (alpha * L1_LD(x + (i)) + beta * L1_LD(y + (i)))
#define L1_AXBY_S(i) (alpha * x[i] + beta * y[i])
#define L1_REAL_EXT(p, T_, V_, W)                                                                  \
    void L1_NAME(p##axpby)(size_t n, T_ alpha, const T_ *x, T_ beta, T_ *y)                        \
    {                                                                                              \
        typedef T_ T;                                                                              \
        typedef V_ V;                                                                              \
        if (beta == 0 && alpha == 0)                                                               \
            L1_MAP(V, W, n, y, L1_VZERO, L1_SZERO);                                                \
        else if (beta == 0)                                                                        \
            L1_MAP(V, W, n, y, L1_AX_V, L1_AX_S);                                                  \
        else if (alpha == 0)                                                                       \
            L1_MAP(V, W, n, y, L1_BY_V, L1_BY_S);                                                  \
        else                                                                                       \
            L1_MAP(V, W, n, y, L1_AXBY_V, L1_AXBY_S);                                              \
    }                                                                                              \
    /* rotm: two vectors of x and of y per iteration */                                           \
    void L1_NAME(p##rotm)(size_t n, T_ *x, T_ *y, const T_ *param)                                 \
    {                                                                                              \
        T_ flag = param[0], h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];        \
        if (flag < 0)                                                                              \
            L1_ROTM_LOOP(V_, W, w * h11 + z * h12, w * h21 + z * h22);                             \
        else if (flag == 0)                                                                        \
            L1_ROTM_LOOP(V_, W, w + z * h12, w * h21 + z);                                         \
        else                                                                                       \
            L1_ROTM_LOOP(V_, W, w * h11 + z, -w + h22 * z);                                        \
    }                                                                                              \
    /* omatn: B = alpha*A by columns (conj means nothing for reals) */                             \
    void L1_NAME(p##omatn)(size_t m, size_t n, T_ alpha, const T_ *a, size_t lda, T_ *b,           \
                           size_t ldb, int conj)                                                   \
    {                                                                                              \
        typedef T_ T;                                                                              \
        typedef V_ V;                                                                              \
        (void)conj;                                                                                \
        for (size_t j = 0; j < n; j++) {                                                           \
            const T *x = a + j * lda;                                                              \
            T *bj = b + j * ldb;                                                                   \
            if (alpha == 0)                                                                        \
                L1_MAP(V, W, m, bj, L1_VZERO, L1_SZERO);                                           \
            else                                                                                   \
                L1_MAP(V, W, m, bj, L1_AX_V, L1_AX_S);                                             \
        }                                                                                          \
    }
/* x, y <- XE, YE of (w, z) = (x_i, y_i), element by element, the same expression for the
   vector body and the scalar tail */
#define L1_ROTM_LOOP(V, W, XE, YE)                                                                 \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                                   \
            V w0 = L1_LD(x + i), w1 = L1_LD(x + i + (W)), z0 = L1_LD(y + i),                       \
              z1 = L1_LD(y + i + (W));                                                             \
            V x0, x1, y0, y1;                                                                      \
            {                                                                                      \
                V w = w0, z = z0;                                                                  \
                x0 = XE, y0 = YE;                                                                  \
            }                                                                                      \
            {                                                                                      \
                V w = w1, z = z1;                                                                  \
                x1 = XE, y1 = YE;                                                                  \
            }                                                                                      \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
        }                                                                                          \
        for (; i < n; i++) {                                                                       \
            __typeof__(x[0]) w = x[i], z = y[i];                                                   \
            x[i] = XE, y[i] = YE;                                                                  \
        }                                                                                          \
    } while (0)
L1_REAL_EXT(s, float, l1_vs, WS)
L1_REAL_EXT(d, double, l1_vd, WD)

/* ---- complex axpby, axpyc, omatn: alpha*v per pair = ar*(vr, vi) + (-ai, ai)*(vi, vr), the
   reference's (ar vr - ai vi, ar vi + ai vr); conj(v) = v * (1, -1) (exact) ---- */
#define L1_CMUL_V(v, VR, VI) ((VR) * (v) + (VI) * __builtin_shuffle((v), SW))
#define L1_CAX_V(i) L1_CMUL_V(L1_LD(x + (i)), var, vai)
#define L1_CAXC_V(i) L1_CMUL_V(L1_LD(x + (i)) * vcj, var, vai)
#define L1_CBY_V(i) L1_CMUL_V(L1_LD(y + (i)), vbr, vbi)
#define L1_CAXBY_V(i) (L1_CAX_V(i) + L1_CBY_V(i))
#define L1_CYAXC_V(i) (L1_LD(y + (i)) + L1_CAXC_V(i))
/* scalar pairs: re at even i, im at odd i (the tail has whole pairs) */
#define L1_CRE(ar, ai, v, k) ((k) & 1 ? (ar) * (v)[k] + (ai) * (v)[(k) - 1] : (ar) * (v)[k] - (ai) * (v)[(k) + 1])
#define L1_CREC(ar, ai, v, k) ((k) & 1 ? (ai) * (v)[(k) - 1] - (ar) * (v)[k] : (ar) * (v)[k] + (ai) * (v)[(k) + 1])
#define L1_CAX_S(i) L1_CRE(ar, ai, x, i)
#define L1_CAXC_S(i) L1_CREC(ar, ai, x, i)
#define L1_CBY_S(i) L1_CRE(br, bi, y, i)
#define L1_CAXBY_S(i) (L1_CAX_S(i) + L1_CBY_S(i))
#define L1_CYAXC_S(i) (y[i] + L1_CAXC_S(i))
#define L1_CSPLAT(VR, VI, re, im)                                                                  \
    V VR = {0}, VI = {0};                                                                          \
    for (size_t k = 0; k < sizeof(V) / sizeof(VR[0]); k += 2)                                                            \
        VR[k] = re, VR[k + 1] = re, VI[k] = -(im), VI[k + 1] = im

#define L1_CPLX_EXT(p, R, C, V_, W, SW_, IV)                                                       \
    void L1_NAME(p##axpby)(size_t n, C alpha, const C *xc, C beta, C *yc)                          \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R *x = (const R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                      \
        const R br = __real__ beta, bi = __imag__ beta;                                            \
        R *y = (R *)yc;                                                                            \
        size_t nr = 2 * n;                                                                         \
        int a0 = ar == 0 && ai == 0, b0 = br == 0 && bi == 0;                                      \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        L1_CSPLAT(vbr, vbi, br, bi);                                                               \
        if (b0 && a0)                                                                              \
            L1_CMAP(V, W, nr, y, L1_VZERO, L1_SZERO);                                               \
        else if (b0)                                                                               \
            L1_CMAP(V, W, nr, y, L1_CAX_V, L1_CAX_S);                                               \
        else if (a0)                                                                               \
            L1_CMAP(V, W, nr, y, L1_CBY_V, L1_CBY_S);                                               \
        else                                                                                       \
            L1_CMAP(V, W, nr, y, L1_CAXBY_V, L1_CAXBY_S);                                           \
    }                                                                                              \
    void L1_NAME(p##axpyc)(size_t n, C alpha, const C *xc, C *yc)                                  \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R *x = (const R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                      \
        R *y = (R *)yc;                                                                            \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        V vcj = {0};                                                                               \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            vcj[k] = 1, vcj[k + 1] = -1;                                                           \
        L1_CMAP(V, W, 2 * n, y, L1_CYAXC_V, L1_CYAXC_S);                                            \
    }                                                                                              \
    void L1_NAME(p##omatn)(size_t m, size_t n, C alpha, const C *ac, size_t lda, C *bc,            \
                           size_t ldb, int conj)                                                   \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R ar = __real__ alpha, ai = __imag__ alpha;                                          \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        V vcj = {0};                                                                               \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            vcj[k] = 1, vcj[k + 1] = -1;                                                           \
        for (size_t j = 0; j < n; j++) {                                                           \
            const R *x = (const R *)(ac + j * lda);                                                \
            R *bj = (R *)(bc + j * ldb);                                                           \
            if (ar == 0 && ai == 0)                                                                \
                L1_CMAP(V, W, 2 * m, bj, L1_VZERO, L1_SZERO);                                       \
            else if (conj)                                                                         \
                L1_CMAP(V, W, 2 * m, bj, L1_CAXC_V, L1_CAXC_S);                                     \
            else                                                                                   \
                L1_CMAP(V, W, 2 * m, bj, L1_CAX_V, L1_CAX_S);                                       \
        }                                                                                          \
    }
L1_CPLX_EXT(c, float, float _Complex, l1_vs, WS, L1_SWAP_S, l1_vis)
L1_CPLX_EXT(z, double, double _Complex, l1_vd, WD, L1_SWAP_D, l1_vid)

/* ---- omatt: B = alpha*op(A)**T (B n x m), in tiles of L1_OMAT_TB x L1_OMAT_TB elements (a
   tile of A and one of B stay in L1 while A is read by columns and B written by columns), each
   tile in register blocks of CW x CW elements (CW elements per vector): CW columns of A loaded,
   scaled, transposed by log2(CW) rounds of interleaving (r[2k], r[2k+1] = the low and high
   interleaves of r[k] and r[k + CW/2]) and stored as CW columns of B. ---- */
#if NB_L1_VBYTES == 16
#define L1_ILO_S ((l1_vis){0, 4, 1, 5})
#define L1_IHI_S ((l1_vis){2, 6, 3, 7})
#define L1_ILO_D ((l1_vid){0, 2})
#define L1_IHI_D ((l1_vid){1, 3})
#define L1_ILO_C ((l1_vis){0, 1, 4, 5})
#define L1_IHI_C ((l1_vis){2, 3, 6, 7})
#define L1_ILO_Z ((l1_vid){0, 1}) /* one complex double per vector: no register transpose */
#define L1_IHI_Z ((l1_vid){0, 1})
#elif NB_L1_VBYTES == 32
#define L1_ILO_S ((l1_vis){0, 8, 1, 9, 2, 10, 3, 11})
#define L1_IHI_S ((l1_vis){4, 12, 5, 13, 6, 14, 7, 15})
#define L1_ILO_D ((l1_vid){0, 4, 1, 5})
#define L1_IHI_D ((l1_vid){2, 6, 3, 7})
#define L1_ILO_C ((l1_vis){0, 1, 8, 9, 2, 3, 10, 11})
#define L1_IHI_C ((l1_vis){4, 5, 12, 13, 6, 7, 14, 15})
#define L1_ILO_Z ((l1_vid){0, 1, 4, 5})
#define L1_IHI_Z ((l1_vid){2, 3, 6, 7})
#else
#define L1_ILO_S ((l1_vis){0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23})
#define L1_IHI_S ((l1_vis){8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31})
#define L1_ILO_D ((l1_vid){0, 8, 1, 9, 2, 10, 3, 11})
#define L1_IHI_D ((l1_vid){4, 12, 5, 13, 6, 14, 7, 15})
#define L1_ILO_C ((l1_vis){0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23})
#define L1_IHI_C ((l1_vis){8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31})
#define L1_ILO_Z ((l1_vid){0, 1, 8, 9, 2, 3, 10, 11})
#define L1_IHI_Z ((l1_vid){4, 5, 12, 13, 6, 7, 14, 15})
#endif
#define L1_OMAT_TB(es) ((es) >= 16 ? 16 : 32)

/* SETUP declares the scale; SCV(v) scales a vector of CW elements, SCS(d, s) one element. */
#define L1_RSETUP V va = {0}; va += alpha; const int azero = alpha == 0
#define L1_RSCV(v) (va * (v))
#define L1_RSCS(d, s) (*(d) = alpha * *(s))
#define L1_CSETUP                                                                                  \
    const R ar = __real__ alpha, ai = __imag__ alpha;                                              \
    const int azero = ar == 0 && ai == 0;                                                          \
    L1_CSPLAT(var, vai, ar, ai);                                                                   \
    V vcj = {0};                                                                                   \
    for (size_t k = 0; k < sizeof(V) / sizeof(R); k += 2)                                          \
        vcj[k] = 1, vcj[k + 1] = conj ? -1 : 1
#define L1_CSCV(v) L1_CMUL_V((v) * vcj, var, vai)
#define L1_CSCS(d, s)                                                                              \
    do {                                                                                           \
        R xr_ = (s)[0], xi_ = conj ? -(s)[1] : (s)[1];                                             \
        (d)[0] = ar * xr_ - ai * xi_, (d)[1] = ar * xi_ + ai * xr_;                                \
    } while (0)

#define L1_OMATT(name, R_, C, V_, IV, W, EW, LO, HI, SW_, SETUP, SCV, SCS)                         \
    void L1_NAME(name)(size_t m, size_t n, C alpha, const C *ac, size_t lda, C *bc, size_t ldb,   \
                       int conj)                                                                   \
    {                                                                                              \
        typedef R_ R;                                                                              \
        typedef V_ V;                                                                              \
        enum { CW = (W) / (EW), TB = L1_OMAT_TB(sizeof(C)) };                                      \
        const IV SW = SW_;                                                                         \
        const R *a = (const R *)ac;                                                                \
        R *b = (R *)bc;                                                                            \
        (void)SW, (void)conj;                                                                      \
        SETUP;                                                                                     \
        if (azero) {                                                                               \
            for (size_t i = 0; i < m; i++)                                                         \
                for (size_t j = 0; j < (EW) * n; j++)                                              \
                    b[i * ldb * (EW) + j] = 0;                                                     \
            return;                                                                                \
        }                                                                                          \
        for (size_t j0 = 0; j0 < n; j0 += TB) {                                                    \
            size_t j1 = n - j0 < TB ? n : j0 + TB;                                                 \
            for (size_t i0 = 0; i0 < m; i0 += TB) {                                                \
                size_t i1 = m - i0 < TB ? m : i0 + TB, j = j0;                                     \
                for (; CW > 1 && j + CW <= j1; j += CW) {                                          \
                    size_t i = i0;                                                                 \
                    for (; i + CW <= i1; i += CW) {                                                \
                        V r[CW];                                                                   \
                        _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++)                   \
                            r[k] = SCV(L1_LD(a + (i + (j + k) * lda) * (EW)));                     \
                        _Pragma("GCC unroll 4") for (size_t s_ = 1; s_ < CW; s_ *= 2)              \
                        {                                                                          \
                            V t_[CW];                                                              \
                            _Pragma("GCC unroll 16") for (size_t k = 0; 2 * k + 1 < CW; k++)       \
                            {                                                                      \
                                t_[2 * k] = __builtin_shuffle(r[k], r[k + CW / 2], LO);            \
                                t_[2 * k + 1] = __builtin_shuffle(r[k], r[k + CW / 2], HI);        \
                            }                                                                      \
                            _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++) r[k] = t_[k]; \
                        }                                                                          \
                        _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++)                   \
                            memcpy(b + ((i + k) * ldb + j) * (EW), &r[k], sizeof r[k]);            \
                    }                                                                              \
                    for (; i < i1; i++)                                                            \
                        for (size_t k = j; k < j + CW; k++)                                        \
                            SCS(b + (i * ldb + k) * (EW), a + (i + k * lda) * (EW));               \
                }                                                                                  \
                for (; j < j1; j++)                                                                \
                    for (size_t i = i0; i < i1; i++)                                               \
                        SCS(b + (i * ldb + j) * (EW), a + (i + j * lda) * (EW));                   \
            }                                                                                      \
        }                                                                                          \
    }
L1_OMATT(somatt, float, float, l1_vs, l1_vis, WS, 1, L1_ILO_S, L1_IHI_S, L1_SWAP_S, L1_RSETUP,
         L1_RSCV, L1_RSCS)
L1_OMATT(domatt, double, double, l1_vd, l1_vid, WD, 1, L1_ILO_D, L1_IHI_D, L1_SWAP_D, L1_RSETUP,
         L1_RSCV, L1_RSCS)
L1_OMATT(comatt, float, float _Complex, l1_vs, l1_vis, WS, 2, L1_ILO_C, L1_IHI_C, L1_SWAP_S,
         L1_CSETUP, L1_CSCV, L1_CSCS)
L1_OMATT(zomatt, double, double _Complex, l1_vd, l1_vid, WD, 2, L1_ILO_Z, L1_IHI_Z, L1_SWAP_D,
         L1_CSETUP, L1_CSCV, L1_CSCS)
