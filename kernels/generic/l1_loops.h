/* Plain-C Level 1 kernels (the entries of kernels/l1_kernels.h) that every kernel set compiles
   with its own ISA flags. Include once per set after defining NB_L1_SUFFIX (the set's name) and
   NB_L1_VBYTES (the vector register size in bytes the set's flags give GCC: 16, 32 or 64).

   Element-wise loops (axpy, scal, rot, swap) are `omp simd` loops: the elements are independent
   and the compiler vectorises them to the set's width. Reductions use GCC vector types of
   NB_L1_VBYTES bytes with eight independent accumulators: one running sum would be bound by the
   latency of the add (3-4 cycles), and without -ffast-math the compiler may not split it. The
   order of the additions depends on n alone (accumulators summed pairwise, then the lanes by
   halves folded, then the scalar tail), never on alignment or threads.
   Register budget (avx2, 16 ymm): sums 8 accumulators + 2 loads + 1 mask; nrm2 4 accumulators
   + 5 constants + 5 temporaries (the guessing step: 2 sums + 2 extremes + 2 temporaries); i?amax 4 running maxima + 1 mask + 4 loads + 4 compares. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kernels/scalar_pass.h"

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

/* dot's software prefetch of x, L1_SUM_PF bytes ahead, every line, on calls of L1_SUM_PF_MIN
   bytes a vector or more (the set defines L1_SUM_PF where it pays). ddot and sdot from L2 (two
   vectors of 256 KiB; kernel calls of 4096-element chunks) ran at 0.6x OpenBLAS on the Zen 5
   guest without it: one prefetched stream took a stand-alone loop from 145 to 210-240 GB/s.
   Not below 16 KiB: on data in L1 the prefetches only take load slots (512 -> 384 GB/s at
   2 x 16 KiB); not in asum and sum, one stream, where a prefetch per load halved the L1 rows;
   not on avx2, whose 32-byte loads ran ddot and sdot from L2 0.68x as fast with it. The CPU's
   tuning entry can turn them all off (l1_prefetch): on a Sapphire Rapids-class guest they cost
   ddot from L2 and daxpy from memory 5-12% (arch/uarch.c). */
#define L1_SUM_PF_MIN 16384
#ifdef L1_SUM_PF
#include "kernels/kernel.h" /* nb_rt.tune.l1_prefetch: the CPU's entry may turn them off */
#define L1_SUM8_PF(PX, W, i)                                                                       \
    _Pragma("GCC unroll 16") for (size_t b_ = 0; b_ < 8 * (W) * sizeof(*(PX)); b_ += 64)           \
        __builtin_prefetch((const char *)((PX) + (i)) + L1_SUM_PF + b_);
#define L1_SUM8_PFON(PX) (n * sizeof(*(PX)) >= L1_SUM_PF_MIN && nb_rt.tune.l1_prefetch)
#else
#define L1_SUM8_PF(PX, W, i)
#define L1_SUM8_PFON(PX) 0
#endif

/* out = sum over i < n of the vector expression VX(i) (W lanes at i) / scalar SX(i), with eight
   accumulators; see the header comment for the fixed order. PF: whether to prefetch PX (the
   first operand) as above; the prefetches do not change the order. */
/* The lanes of the folded accumulator by halves folded onto each other (vec_hsum.h): the lane
   by lane sum was a chain of W dependent adds, 16 on avx512 floats, some 60 cycles a call and a
   chunk; sdot 3072 ran at 0.7x OpenBLAS on the Sapphire Rapids-class guest. */
#define NB_HSUM_VBYTES NB_L1_VBYTES
#define NB_HSUM_SFX l1
#include "kernels/generic/vec_hsum.h"
#define L1_HSUM(v) _Generic((v)[0], float: hsum1_s_l1, default: hsum1_d_l1)(v)
/* The half-width loops of long calls (nb_tuning's l1_dot_short_min and l1_axpy_short_min; sets
   that define L1_SHORT_LOOPS): dot with eight accumulators of half vectors, real axpy and scal
   four half vectors a step. On Zen 4, whose 512-bit operations are pairs of 256-bit ones, the
   full-width loops ran ddot and daxpy from L3 and memory 15-40% slower (stand-alone loops and
   bench-blas, docs/PERFORMANCE.md), dscal from L3 at 0.5-0.6x. A dot's order then depends on n
   and the entry alone, as before; axpy and scal compute every element with the same step
   either way. */
#ifdef L1_SHORT_LOOPS
#include "kernels/kernel.h"
#define L1_SHORT_ON(field, bytes) (nb_rt.tune.field > 0 && (double)(bytes) >= nb_rt.tune.field)
#else
#define L1_SHORT_ON(field, bytes) 0
#endif
#define L1_SUM8_STEP(VX, W, i)                                                                     \
    a0 += VX(i), a1 += VX(i + (W)), a2 += VX(i + 2 * (W)), a3 += VX(i + 3 * (W));                  \
    a4 += VX(i + 4 * (W)), a5 += VX(i + 5 * (W)), a6 += VX(i + 6 * (W)), a7 += VX(i + 7 * (W));
#define L1_SUM8(T, V, W, VX, SX, out, PF, PX)                                                      \
    do {                                                                                           \
        V a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, a4 = {0}, a5 = {0}, a6 = {0}, a7 = {0};          \
        size_t i = 0;                                                                              \
        if ((PF) && L1_SUM8_PFON(PX))                                                              \
            for (; i + 8 * (W) <= n; i += 8 * (W)) {                                               \
                L1_SUM8_PF(PX, W, i)                                                               \
                L1_SUM8_STEP(VX, W, i)                                                             \
            }                                                                                      \
        for (; i + 8 * (W) <= n; i += 8 * (W)) {                                                   \
            L1_SUM8_STEP(VX, W, i)                                                                 \
        }                                                                                          \
        for (; i + (W) <= n; i += (W))                                                             \
            a0 += VX(i);                                                                           \
        a0 = ((a0 + a4) + (a1 + a5)) + ((a2 + a6) + (a3 + a7));                                    \
        T s_ = (T)0 + L1_HSUM(a0); /* +0 start: an all -0 sum gives +0, as a running sum */      \
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

/* The half-width dot of long calls (above): the lanes of the folded accumulator added one by
   one, a few cycles against the microsecond or more such a call takes. */
#define L1_DOT_HALF(T)                                                                             \
    if (L1_SHORT_ON(l1_dot_short_min, n * sizeof(T))) {                                            \
        typedef T vh_ __attribute__((vector_size(NB_L1_VBYTES / 2)));                             \
        enum { WH_ = NB_L1_VBYTES / 2 / sizeof(T) };                                               \
        vh_ a0 = {0}, a1 = {0}, a2 = {0}, a3 = {0}, a4 = {0}, a5 = {0}, a6 = {0}, a7 = {0};        \
        size_t i = 0;                                                                              \
        for (; i + 8 * WH_ <= n; i += 8 * WH_) {                                                   \
            L1_SUM8_STEP(L1_VDOTH, WH_, i)                                                         \
        }                                                                                          \
        for (; i + WH_ <= n; i += WH_)                                                             \
            a0 += L1_VDOTH(i);                                                                     \
        a0 = ((a0 + a4) + (a1 + a5)) + ((a2 + a6) + (a3 + a7));                                    \
        T s_ = 0;                                                                                  \
        for (int l_ = 0; l_ < WH_; l_++)                                                           \
            s_ += a0[l_];                                                                          \
        for (; i < n; i++)                                                                         \
            s_ += SDOT(i);                                                                         \
        return s_;                                                                                 \
    }
#define L1_VDOTH(i)                                                                                \
    ({                                                                                             \
        vh_ u_, v_;                                                                                \
        memcpy(&u_, x + (i), sizeof u_), memcpy(&v_, y + (i), sizeof v_);                          \
        u_ * v_;                                                                                   \
    })

float L1_NAME(sdot)(size_t n, const float *x, const float *y)
{
    L1_DOT_HALF(float)
    float s;
    L1_SUM8(float, l1_vs, WS, VDOT_S, SDOT, s, 1, x);
    return s;
}
double L1_NAME(ddot)(size_t n, const double *x, const double *y)
{
    L1_DOT_HALF(double)
    double s;
    L1_SUM8(double, l1_vd, WD, VDOT_D, SDOT, s, 1, x);
    return s;
}
/* float products are exact in double: the sums alone round */
double L1_NAME(dsdot)(size_t n, const float *x, const float *y)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VDOT_SD, SDOT_SD, s, 1, x);
    return s;
}
float L1_NAME(sasum)(size_t n, const float *x)
{
    float s;
    L1_SUM8(float, l1_vs, WS, VABS_S, SABS_S, s, 0, x);
    return s;
}
double L1_NAME(dasum)(size_t n, const double *x)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VABS_D, SABS_D, s, 0, x);
    return s;
}
float L1_NAME(ssum)(size_t n, const float *x)
{
    float s;
    L1_SUM8(float, l1_vs, WS, VSUM_S, SSUM, s, 0, x);
    return s;
}
double L1_NAME(dsum)(size_t n, const double *x)
{
    double s;
    L1_SUM8(double, l1_vd, WD, VSUM_D, SSUM, s, 0, x);
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
/* The zero-padded tails: L1_LDN(V, p, k) is a vector V holding the k (<= its lanes) elements at
   p and zeros after them, L1_STN(p, v, k) stores v's first k lanes at p. A set may give masked
   moves (avx512, avx2); by default they go through a zeroed buffer, whose byte copies the vector load
   cannot take from the store buffer (cscal of 1 element took 12 ns, half of it the copies). */
#ifdef L1_LDN
#define L1_TAIL_MASKED 1
#else
#define L1_TAIL_MASKED 0
#define L1_LDN(V, p, k)                                                                            \
    ({                                                                                             \
        __typeof__((p)[0] + 0) t_[sizeof(V) / sizeof((p)[0])] = {0};                               \
        memcpy(t_, (p), (k) * sizeof t_[0]);                                                       \
        V v_;                                                                                      \
        memcpy(&v_, t_, sizeof v_);                                                                \
        v_;                                                                                        \
    })
#define L1_STN(p, v, k)                                                                            \
    do {                                                                                           \
        __typeof__(v) v_ = (v);                                                                    \
        memcpy((p), &v_, (k) * sizeof((p)[0]));                                                    \
    } while (0)
#endif

/* Complex dot: p += x*y holds (x_re y_re, x_im y_im) per pair, q += x*swap(y) holds
   (x_re y_im, x_im y_re); four pairs of accumulators. The reference forms each complex product
   first; these are the same terms (Fortran rules: no NaN recovery), summed in another order. */
#define L1_CDOT(name, R, C, V, W, LD, SW, conj)                                                    \
    void L1_NAME(name)(size_t n, const C *xc, const C *yc, C *res)                                 \
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
        __real__ *res = conj ? rr + ii : rr - ii;                                                  \
        __imag__ *res = conj ? ri - ir : ri + ir;                                                  \
    }
L1_CDOT(cdotu, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S, 0)
L1_CDOT(cdotc, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S, 1)
L1_CDOT(zdotu, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D, 0)
L1_CDOT(zdotc, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D, 1)

#include "kernels/generic/l1_norm_loops.h"

/* ---- element-wise: each element computed alone, as in the reference (y + alpha*x; the full
   complex products of Fortran, no NaN recovery). x == y gives the reference's result too: every
   element is loaded before it is stored. ---- */
/* axpy and scal four vectors per iteration (one vector per iteration leaves the loop's own
   instructions as a quarter of the work on L1-resident data; the complex forms ran two, at
   0.56-0.75x OpenBLAS for zaxpy and cscal at L1/L2 sizes on Zen 3), rot two (four loads, four
   stores); rot stores y before x, as the reference does, so x == y gives its result. */
/* rot's two outputs as GCC contracts c*x + s*y and c*y - s*x in the vector loops, where the
   target has a fast FMA (read off the objdump of the drot kernels: x86 fuses the first product
   of each, AArch64 the first of the sum and the second of the difference); unfused where it has
   none. A compiler that chose otherwise fails test_position's strided-against-contiguous cases,
   which run on every set (also under qemu). */
#if defined(__FP_FAST_FMA) && defined(__FP_FAST_FMAF) && defined(__aarch64__)
#define L1_FMA(a, b, c) _Generic((a), float: __builtin_fmaf, default: __builtin_fma)(a, b, c)
#define L1_ROT_U(c, s, x, y) L1_FMA(c, x, (s) * (y))
#define L1_ROT_V(c, s, x, y) L1_FMA(-(s), x, (c) * (y)) /* AArch64's FMLS: the other product */
#elif defined(__FP_FAST_FMA) && defined(__FP_FAST_FMAF)
#define L1_FMA(a, b, c) _Generic((a), float: __builtin_fmaf, default: __builtin_fma)(a, b, c)
#define L1_ROT_U(c, s, x, y) L1_FMA(c, x, (s) * (y))
#define L1_ROT_V(c, s, x, y) L1_FMA(c, y, -((s) * (x)))
#else
#define L1_ROT_U(c, s, x, y) ((c) * (x) + (s) * (y))
#define L1_ROT_V(c, s, x, y) ((c) * (y) - (s) * (x))
#endif
/* Where the set prefetches (L1_SUM_PF), real scal prefetches x for writing 4 KiB ahead on calls
   of 16 KiB and more, and real axpy x and y on calls of L1_AXPY_PF_MIN and more: the hardware
   prefetcher alone left dscal from memory at 0.92x OpenBLAS on Zen 5 (58 -> 63.5 GB/s with
   it, level from L2 and L3), daxpy from memory 1.06x faster with it, but from L3 (a chunk of
   128 KiB) 0.92x: the chunks of a vector larger than the LLC (l1_internal.h: n / 64) are 512 KiB
   and more. */
#define L1_AXPY_PF_MIN (512 * 1024)
#define L1_REAL_ELEMWISE(p, T, V, W, LD)                                                           \
    void L1_NAME(p##axpy)(size_t n, T alpha, const T *x, T *y)                                     \
    {                                                                                              \
        size_t i = 0;                                                                              \
        const int pf = L1_SUM8_PFON(x) && n * sizeof(T) >= L1_AXPY_PF_MIN;                         \
        if (L1_SHORT_ON(l1_axpy_short_min, n * sizeof(T))) {                                       \
            typedef T vh_ __attribute__((vector_size(sizeof(V) / 2)));                             \
            const size_t wh_ = (W) / 2;                                                            \
            for (; i + 4 * wh_ <= n; i += 4 * wh_) {                                               \
                vh_ x0, x1, x2, x3, y0, y1, y2, y3;                                                \
                memcpy(&x0, x + i, sizeof x0), memcpy(&x1, x + i + wh_, sizeof x1);                \
                memcpy(&x2, x + i + 2 * wh_, sizeof x2), memcpy(&x3, x + i + 3 * wh_, sizeof x3);  \
                memcpy(&y0, y + i, sizeof y0), memcpy(&y1, y + i + wh_, sizeof y1);                \
                memcpy(&y2, y + i + 2 * wh_, sizeof y2), memcpy(&y3, y + i + 3 * wh_, sizeof y3);  \
                y0 = y0 + alpha * x0, y1 = y1 + alpha * x1;                                        \
                y2 = y2 + alpha * x2, y3 = y3 + alpha * x3;                                        \
                memcpy(y + i, &y0, sizeof y0), memcpy(y + i + wh_, &y1, sizeof y1);                \
                memcpy(y + i + 2 * wh_, &y2, sizeof y2), memcpy(y + i + 3 * wh_, &y3, sizeof y3);  \
            }                                                                                      \
        }                                                                                          \
        for (; i + 4 * (W) <= n; i += 4 * (W)) {                                                   \
            if (pf)                                                                                \
                _Pragma("GCC unroll 16") for (size_t b_ = 0; b_ < 4 * (W) * sizeof(T); b_ += 64) { \
                    __builtin_prefetch((const char *)(x + i) + 4096 + b_);                         \
                    __builtin_prefetch((const char *)(y + i) + 4096 + b_, 1);                      \
                }                                                                                  \
            V y0 = LD(y + i) + alpha * LD(x + i), y1 = LD(y + i + (W)) + alpha * LD(x + i + (W));  \
            V y2 = LD(y + i + 2 * (W)) + alpha * LD(x + i + 2 * (W));                              \
            V y3 = LD(y + i + 3 * (W)) + alpha * LD(x + i + 3 * (W));                              \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
            memcpy(y + i + 2 * (W), &y2, sizeof y2), memcpy(y + i + 3 * (W), &y3, sizeof y3);      \
        }                                                                                          \
        for (; i + (W) <= n; i += (W)) {                                                           \
            V y0 = LD(y + i) + alpha * LD(x + i);                                                  \
            memcpy(y + i, &y0, sizeof y0);                                                         \
        }                                                                                          \
        if (L1_TAIL_MASKED && i < n) { /* the same fused step in every lane */                    \
            V y0 = L1_LDN(V, y + i, n - i) + alpha * L1_LDN(V, x + i, n - i);                      \
            L1_STN(y + i, y0, n - i);                                                              \
            return;                                                                                \
        }                                                                                          \
        for (; i < n; i++)                                                                         \
            y[i] = y[i] + alpha * x[i];                                                            \
    }                                                                                              \
    void L1_NAME(p##scal)(size_t n, T alpha, T *x)                                                 \
    {                                                                                              \
        size_t i = 0;                                                                              \
        const int pf = L1_SUM8_PFON(x);                                                            \
        if (L1_SHORT_ON(l1_axpy_short_min, n * sizeof(T))) {                                       \
            typedef T vh_ __attribute__((vector_size(sizeof(V) / 2)));                             \
            const size_t wh_ = (W) / 2;                                                            \
            for (; i + 4 * wh_ <= n; i += 4 * wh_) {                                               \
                vh_ x0, x1, x2, x3;                                                                \
                memcpy(&x0, x + i, sizeof x0), memcpy(&x1, x + i + wh_, sizeof x1);                \
                memcpy(&x2, x + i + 2 * wh_, sizeof x2), memcpy(&x3, x + i + 3 * wh_, sizeof x3);  \
                x0 = alpha * x0, x1 = alpha * x1, x2 = alpha * x2, x3 = alpha * x3;                \
                memcpy(x + i, &x0, sizeof x0), memcpy(x + i + wh_, &x1, sizeof x1);                \
                memcpy(x + i + 2 * wh_, &x2, sizeof x2), memcpy(x + i + 3 * wh_, &x3, sizeof x3);  \
            }                                                                                      \
        }                                                                                          \
        for (; i + 4 * (W) <= n; i += 4 * (W)) {                                                   \
            if (pf)                                                                                \
                _Pragma("GCC unroll 16") for (size_t b_ = 0; b_ < 4 * (W) * sizeof(T); b_ += 64)   \
                    __builtin_prefetch((const char *)(x + i) + 4096 + b_, 1);                      \
            V x0 = alpha * LD(x + i), x1 = alpha * LD(x + i + (W));                                \
            V x2 = alpha * LD(x + i + 2 * (W)), x3 = alpha * LD(x + i + 3 * (W));                  \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
            memcpy(x + i + 2 * (W), &x2, sizeof x2), memcpy(x + i + 3 * (W), &x3, sizeof x3);      \
        }                                                                                          \
        for (; i + (W) <= n; i += (W)) {                                                           \
            V x0 = alpha * LD(x + i);                                                              \
            memcpy(x + i, &x0, sizeof x0);                                                         \
        }                                                                                          \
        if (L1_TAIL_MASKED && i < n) {                                                             \
            V x0 = alpha * L1_LDN(V, x + i, n - i);                                                \
            L1_STN(x + i, x0, n - i);                                                              \
            return;                                                                                \
        }                                                                                          \
        for (; i < n; i++)                                                                         \
            x[i] = alpha * x[i];                                                                   \
    }                                                                                              \
    void L1_NAME(p##rot)(size_t n, T *x, T *y, T c, T s)                                           \
    {                                                                                              \
        size_t i = 0;                                                                              \
        for (; i + 4 * (W) <= n; i += 4 * (W)) {                                                   \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), y0 = LD(y + i), y1 = LD(y + i + (W));          \
            V x2 = LD(x + i + 2 * (W)), x3 = LD(x + i + 3 * (W));                                  \
            V y2 = LD(y + i + 2 * (W)), y3 = LD(y + i + 3 * (W));                                  \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(y0); L1_PIN(y1);                                        \
            L1_PIN(x2); L1_PIN(x3); L1_PIN(y2); L1_PIN(y3);                                        \
            V u0 = c * x0 + s * y0, u1 = c * x1 + s * y1;                                          \
            V u2 = c * x2 + s * y2, u3 = c * x3 + s * y3;                                          \
            V v0 = c * y0 - s * x0, v1 = c * y1 - s * x1;                                          \
            V v2 = c * y2 - s * x2, v3 = c * y3 - s * x3;                                          \
            memcpy(y + i, &v0, sizeof v0), memcpy(y + i + (W), &v1, sizeof v1);                    \
            memcpy(y + i + 2 * (W), &v2, sizeof v2), memcpy(y + i + 3 * (W), &v3, sizeof v3);      \
            memcpy(x + i, &u0, sizeof u0), memcpy(x + i + (W), &u1, sizeof u1);                    \
            memcpy(x + i + 2 * (W), &u2, sizeof u2), memcpy(x + i + 3 * (W), &u3, sizeof u3);      \
        }                                                                                          \
        for (; i + (W) <= n; i += (W)) {                                                           \
            V x0 = LD(x + i), y0 = LD(y + i);                                                      \
            L1_PIN(x0); L1_PIN(y0);                                                                \
            V u0 = c * x0 + s * y0, v0 = c * y0 - s * x0;                                          \
            memcpy(y + i, &v0, sizeof v0), memcpy(x + i, &u0, sizeof u0);                          \
        }                                                                                          \
        if (i < n) { /* zero-padded, so the tail fuses as the lanes above */                      \
            V x0 = L1_LDN(V, x + i, n - i), y0 = L1_LDN(V, y + i, n - i);                          \
            L1_PIN(x0); L1_PIN(y0);                                                                \
            V u0 = c * x0 + s * y0, v0 = c * y0 - s * x0;                                          \
            L1_STN(y + i, v0, n - i);                                                              \
            L1_STN(x + i, u0, n - i);                                                              \
        }                                                                                          \
    }                                                                                              \
    /* Strided (increments not 0), with the contiguous loops' bits: axpy as the scalar tail    \
       above; rot with the products GCC fuses in the vector loops written out (L1_ROT_U/V). */   \
    void L1_NAME(p##axpy_inc)(size_t n, T alpha, const T *x, ptrdiff_t incx, T *y, ptrdiff_t incy) \
    {                                                                                              \
        for (size_t i = 0; i < n; i++, x += incx, y += incy)                                       \
            *y = *y + alpha * *x;                                                                  \
    }                                                                                              \
    void L1_NAME(p##rot_inc)(size_t n, T *x, ptrdiff_t incx, T *y, ptrdiff_t incy, T c, T s)       \
    {                                                                                              \
        for (size_t i = 0; i < n; i++, x += incx, y += incy) {                                     \
            T xv = *x, yv = *y;                                                                    \
            *y = L1_ROT_V(c, s, xv, yv);                                                           \
            *x = L1_ROT_U(c, s, xv, yv);                                                           \
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

/* copy_stream: nbytes from x to y (not overlapping) with stores that bypass the caches, for the
   copies whose destination is larger than the last-level cache (blas/level1/l1_vector.tmpl.c).
   A plain store first reads each destination line (the read for ownership) and then evicts
   other data to hold it: a third more memory traffic than the copy needs. glibc's memcpy streams
   above its own threshold, which the copy's fixed chunks stay under. A set defines
   L1_STREAM_ST(p, v) (one aligned streaming store of an l1_vd) and L1_STREAM_FENCE() (the
   fence that orders the streamed lines before the team's barrier); the others copy with
   memcpy. The destination is aligned to 64 bytes first, so every line is written whole.
   pages (the tuning entry's copy_stream_pages): 4 writes four pages side by side, anything
   else one stream.
   Register budget: four vectors in flight. */
void L1_NAME(copy_stream)(size_t nbytes, const void *x, void *y, unsigned pages)
{
#ifdef L1_STREAM_ST
    const char *s = x;
    char *d = y;
    size_t head = (size_t)(-(uintptr_t)d & 63);
    if (head > nbytes)
        head = nbytes;
    memcpy(d, s, head);
    s += head, d += head, nbytes -= head;
    const size_t vb = sizeof(l1_vd), pg = 4096;
    size_t i = 0;
    /* four pages side by side, a line of each in turn: one stream a page ran 0.75x as fast
       (220 MB, Sapphire Rapids-class guest; presumably four streams keep more DRAM pages open).
       On a Zen 3 guest the reverse: four pages 3.9 GB/s, one stream 30 (arch/uarch.c). */
    for (; pages == 4 && i + 4 * pg <= nbytes; i += 4 * pg)
        for (size_t o = i; o < i + pg; o += 64)
            _Pragma("GCC unroll 16") for (size_t b = 0; b < 4 * 64; b += vb) {
                size_t at = o + (b / 64) * pg + b % 64;
                l1_vd v0;
                memcpy(&v0, s + at, vb);
                L1_STREAM_ST(d + at, v0);
            }
    for (; i + 4 * vb <= nbytes; i += 4 * vb) {
        l1_vd v0, v1, v2, v3;
        memcpy(&v0, s + i, vb), memcpy(&v1, s + i + vb, vb);
        memcpy(&v2, s + i + 2 * vb, vb), memcpy(&v3, s + i + 3 * vb, vb);
        L1_STREAM_ST(d + i, v0), L1_STREAM_ST(d + i + vb, v1);
        L1_STREAM_ST(d + i + 2 * vb, v2), L1_STREAM_ST(d + i + 3 * vb, v3);
    }
    for (; i + vb <= nbytes; i += vb) {
        l1_vd v0;
        memcpy(&v0, s + i, vb);
        L1_STREAM_ST(d + i, v0);
    }
    L1_STREAM_FENCE();
    memcpy(d + i, s + i, nbytes - i);
#else
    (void)pages;
    memcpy(y, x, nbytes);
#endif
}

/* csrot/zdrot: (c, 0) * (re, im) = (c re - 0 im, 0 re + c im) as gfortran computes it, so
   0 * Inf and 0 * NaN terms appear (blas/level1/l1_internal.h, cmul_real). */
/* alpha*x per pair = ar*(xr, xi) + (-ai, ai)*(xi, xr): the reference's (ar xr - ai xi,
   ar xi + ai xr), with -ai*xi = -(ai*xi) exactly. */
/* complex rot on k (<= W) reals at o, zero-padded to a vector (L1_CPLX_ELEMWISE's tail) */
#define L1_CROT_PART(V, SW, o, k)                                                                  \
    do {                                                                                           \
        V x0 = L1_LDN(V, x + (o), k), y0 = L1_LDN(V, y + (o), k);                                  \
        L1_PIN(x0); L1_PIN(y0);                                                                    \
        V xz0 = __builtin_shuffle(x0, SW) * vz, yz0 = __builtin_shuffle(y0, SW) * vz;              \
        V u0 = (x0 * c + xz0) + (y0 * s + yz0), v0 = (y0 * c + yz0) - (x0 * s + xz0);              \
        L1_STN(y + (o), v0, k);                                                                    \
        L1_STN(x + (o), u0, k);                                                                    \
    } while (0)
#define L1_CPLX_ELEMWISE(p, rp, R, C, V, W, LD, SW)                                                \
    void L1_NAME(p##axpy)(size_t n, NB_KARG_##p(C) alpha, const C *xc, C *yc)                     \
    {                                                                                              \
        const R *x = (const R *)xc;                                                                \
        R *y = (R *)yc, ar, ai;                                                                    \
        NB_KPARTS_##p(alpha, ar, ai);                                                              \
        size_t nr = 2 * n, i = 0;                                                                  \
        V var = {0}, vai = {0};                                                                    \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            var[k] = ar, var[k + 1] = ar, vai[k] = -ai, vai[k + 1] = ai;                           \
        for (; i + 4 * (W) <= nr; i += 4 * (W)) {                                                  \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), x2 = LD(x + i + 2 * (W)),                      \
              x3 = LD(x + i + 3 * (W));                                                            \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(x2); L1_PIN(x3);                                        \
            V y0 = LD(y + i) + (var * x0 + vai * __builtin_shuffle(x0, SW));                       \
            V y1 = LD(y + i + (W)) + (var * x1 + vai * __builtin_shuffle(x1, SW));                 \
            V y2 = LD(y + i + 2 * (W)) + (var * x2 + vai * __builtin_shuffle(x2, SW));             \
            V y3 = LD(y + i + 3 * (W)) + (var * x3 + vai * __builtin_shuffle(x3, SW));             \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
            memcpy(y + i + 2 * (W), &y2, sizeof y2), memcpy(y + i + 3 * (W), &y3, sizeof y3);      \
        }                                                                                          \
        for (; i + (W) <= nr; i += (W)) {                                                          \
            V x0 = LD(x + i);                                                                      \
            L1_PIN(x0);                                                                            \
            V y0 = LD(y + i) + (var * x0 + vai * __builtin_shuffle(x0, SW));                       \
            memcpy(y + i, &y0, sizeof y0);                                                         \
        }                                                                                          \
        if (i < nr) { /* the tail as one zero-padded vector, so it fuses as the lanes above */    \
            V x0 = L1_LDN(V, x + i, nr - i);                                                       \
            L1_PIN(x0);                                                                            \
            V y0 = L1_LDN(V, y + i, nr - i) + (var * x0 + vai * __builtin_shuffle(x0, SW));        \
            L1_STN(y + i, y0, nr - i);                                                             \
        }                                                                                          \
    }                                                                                              \
    void L1_NAME(p##scal)(size_t n, NB_KARG_##p(C) alpha, C *xc)                                  \
    {                                                                                              \
        R *x = (R *)xc, ar, ai;                                                                    \
        NB_KPARTS_##p(alpha, ar, ai);                                                              \
        size_t nr = 2 * n, i = 0;                                                                  \
        V var = {0}, vai = {0};                                                                    \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            var[k] = ar, var[k + 1] = ar, vai[k] = -ai, vai[k + 1] = ai;                           \
        for (; i + 4 * (W) <= nr; i += 4 * (W)) {                                                  \
            V x0 = LD(x + i), x1 = LD(x + i + (W)), x2 = LD(x + i + 2 * (W)),                      \
              x3 = LD(x + i + 3 * (W));                                                            \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(x2); L1_PIN(x3);                                        \
            x0 = var * x0 + vai * __builtin_shuffle(x0, SW);                                       \
            x1 = var * x1 + vai * __builtin_shuffle(x1, SW);                                       \
            x2 = var * x2 + vai * __builtin_shuffle(x2, SW);                                       \
            x3 = var * x3 + vai * __builtin_shuffle(x3, SW);                                       \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
            memcpy(x + i + 2 * (W), &x2, sizeof x2), memcpy(x + i + 3 * (W), &x3, sizeof x3);      \
        }                                                                                          \
        for (; i + (W) <= nr; i += (W)) {                                                          \
            V x0 = LD(x + i);                                                                      \
            L1_PIN(x0);                                                                            \
            x0 = var * x0 + vai * __builtin_shuffle(x0, SW);                                       \
            memcpy(x + i, &x0, sizeof x0);                                                         \
        }                                                                                          \
        if (i < nr) { /* zero-padded, as axpy's tail */                                           \
            V x0 = L1_LDN(V, x + i, nr - i);                                                       \
            L1_PIN(x0);                                                                            \
            x0 = var * x0 + vai * __builtin_shuffle(x0, SW);                                       \
            L1_STN(x + i, x0, nr - i);                                                             \
        }                                                                                          \
    }                                                                                              \
    void L1_NAME(rp##rot)(size_t n, C *xc, C *yc, R c, R s)                                        \
    {                                                                                              \
        R *x = (R *)xc, *y = (R *)yc;                                                              \
        const R zero = 0;                                                                          \
        /* per pair, (c, 0) * x = x*c + swap(x)*(-0, +0): (xr c - xi 0, xi c + xr 0), the zero    \
           products kept (an Inf or NaN part makes the other part NaN, as in the reference) */    \
        V vz = {0};                                                                                \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            vz[k] = -zero, vz[k + 1] = zero;                                                       \
        size_t i = 0;                                                                              \
        for (; 2 * i + 2 * (W) <= 2 * n; i += (W)) {                                               \
            V x0 = LD(x + 2 * i), x1 = LD(x + 2 * i + (W)), y0 = LD(y + 2 * i),                    \
              y1 = LD(y + 2 * i + (W));                                                            \
            L1_PIN(x0); L1_PIN(x1); L1_PIN(y0); L1_PIN(y1);                                        \
            V xz0 = __builtin_shuffle(x0, SW) * vz, xz1 = __builtin_shuffle(x1, SW) * vz;          \
            V yz0 = __builtin_shuffle(y0, SW) * vz, yz1 = __builtin_shuffle(y1, SW) * vz;          \
            V u0 = (x0 * c + xz0) + (y0 * s + yz0), u1 = (x1 * c + xz1) + (y1 * s + yz1);          \
            V v0 = (y0 * c + yz0) - (x0 * s + xz0), v1 = (y1 * c + yz1) - (x1 * s + xz1);          \
            memcpy(y + 2 * i, &v0, sizeof v0), memcpy(y + 2 * i + (W), &v1, sizeof v1);            \
            memcpy(x + 2 * i, &u0, sizeof u0), memcpy(x + 2 * i + (W), &u1, sizeof u1);            \
        }                                                                                          \
        /* the last elements (fewer than 2W reals) as one or two zero-padded vectors, so they   \
           fuse as the lanes above (two steps written out: as a loop, the avx2 set's buffers    \
           were a loop's stack traffic) */                                                      \
        if (i < n) {                                                                               \
            size_t o = 2 * i, r = 2 * (n - i);                                                     \
            L1_CROT_PART(V, SW, o, r < (W) ? r : (W));                                             \
            if (r > (W))                                                                           \
                L1_CROT_PART(V, SW, o + (W), r - (W));                                             \
        }                                                                                          \
    }
L1_CPLX_ELEMWISE(c, cs, float, float _Complex, l1_vs, WS, l1_ld_s, L1_SWAP_S)
L1_CPLX_ELEMWISE(z, zd, double, double _Complex, l1_vd, WD, l1_ld_d, L1_SWAP_D)

/* The OpenBLAS extensions (i?amin, i?max/i?min, axpby, axpyc, rotm, the matrix copies). */
#include "kernels/generic/l1_ext_loops.h"
