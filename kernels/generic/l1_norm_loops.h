/* nrm2 and i?amax loops of kernels/generic/l1_loops.h, which includes this file at their place
   (after the dot family, before the element-wise loops): the searches and the norm share the
   lane selects and any-lane tests below and nothing else of it. Not a header of its own: it
   uses l1_loops.h's vector types, loads and L1_NAME, and is included only from there. */

/* Lane selects and any-lane tests (nrm2 below, i?amax after it). */
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

/* ---- nrm2: Blue's accumulators, branch-free; a NaN fails both tests and lands in the medium
   sum, from where the finish step propagates it ----
   Blocks of L1_NRM2_BLK vectors are first summed on the guess that every value is medium or
   zero: the squares alone, into copies of the two medium sums, while the largest bit pattern
   of |x| and the smallest of |x| - 1 (so that zero, whose square adds nothing to any sum, never
   counts as small) are tracked. A block whose extremes stay in the medium range keeps those
   sums, which are exactly what the full step below gives it (every value medium, zero squared
   into the medium sum adds +0 there as into the small one); any other block is summed again
   by the full step from the sums before it. The full step alone took 13 vector operations a
   vector, nearly all of them on the two ports that take 512-bit operations on Intel: dnrm2 ran
   at 0.33x MKL from L1 on the Sapphire Rapids-class guest. Two medium sums (even and odd
   vectors) in both steps: one was bound by the add's latency. */
#define L1_NRM2_BLK 16
#ifndef L1_UMAX_S
#define L1_UMAX_S(a, m) L1_SEL(l1_vis, l1_vus, (a) > (m), a, m)
#define L1_UMIN_S(a, m) L1_SEL(l1_vis, l1_vus, (a) < (m), a, m)
#endif
#ifndef L1_UMAX_D
#define L1_UMAX_D(a, m) L1_SEL(l1_vid, l1_vud, (a) > (m), a, m)
#define L1_UMIN_D(a, m) L1_SEL(l1_vid, l1_vud, (a) < (m), a, m)
#endif
#define L1_NRM2_FULL(LD, ABS, MD, i)                                                               \
    do {                                                                                           \
        l1n_v a = ABS(LD(x + (i)));                                                                \
        l1n_iv big = a > tbig, sml = a < tsml;                                                     \
        /* mask the inputs, not the squares: a square that underflows in a discarded lane        \
           would still cost a microcode assist (subnormal result) */                              \
        l1n_v tb = (l1n_v)((l1n_iv)a & big) * sbig, ts = (l1n_v)((l1n_iv)a & sml) * ssml;         \
        l1n_v md = (l1n_v)((l1n_iv)a & ~(big | sml));                                              \
        l1n_v mq = md * md; /* rounded before the sum, as below */                                 \
        L1_PIN(mq);                                                                                \
        bg0 += tb * tb, sm0 += ts * ts, MD += mq;                                                  \
    } while (0)
/* The key of the smallest |x| (b - 1: zero's key wraps to the largest) and the key's start. A
   set without unsigned compares of the lane width (avx2: none of 64 bits; GCC's emulation, a
   bias of both operands and a signed compare, made most of dnrm2's guess step) redefines them
   as (b - 1) with the sign bit cleared and the largest positive value: zero's key is then the
   largest positive value and every other key is b - 1 as before, so its signed UMIN from that
   start orders them as the unsigned one did (the patterns of |x| are non-negative: a signed
   UMAX serves hi too), and the block's test below reads the same. */
#ifndef L1_NRM2_LOKEY
#define L1_NRM2_LOKEY(b) ((b) - 1)
#define L1_NRM2_LO0(UV) ((UV){0} - 1)
#endif
#define L1_NRM2_GUESS(LD, ABS, UMAX, UMIN, MD, i)                                                  \
    do {                                                                                           \
        l1n_v a = ABS(LD(x + (i)));                                                                \
        l1n_uv b = (l1n_uv)a;                                                                      \
        hi = UMAX(b, hi), lo = UMIN(L1_NRM2_LOKEY(b), lo);                                         \
        l1n_v mq = a * a;                                                                          \
        L1_PIN(mq);                                                                                \
        MD += mq;                                                                                  \
    } while (0)
#define L1_NRM2(name, T, V, IV, UV, UT, W, LD, ABS, UMAX, UMIN, ANY, TSML, TBIG, SSML, SBIG)       \
    void L1_NAME(name)(size_t n, const T *x, T *acc)                                               \
    {                                                                                              \
        typedef V l1n_v;                                                                           \
        typedef IV l1n_iv;                                                                         \
        typedef UV l1n_uv;                                                                         \
        const T tsml = TSML, tbig = TBIG, ssml = SSML, sbig = SBIG;                                \
        V sm0 = {0}, md0 = {0}, md1 = {0}, bg0 = {0};                                              \
        UT bsml, bbig;                                                                             \
        memcpy(&bsml, &tsml, sizeof bsml), memcpy(&bbig, &tbig, sizeof bbig);                      \
        size_t i = 0;                                                                              \
        for (; i + L1_NRM2_BLK * (W) <= n; i += L1_NRM2_BLK * (W)) {                               \
            V g0 = md0, g1 = md1;                                                                  \
            UV hi = {0}, lo = L1_NRM2_LO0(UV);                                                     \
            for (size_t k = 0; k < L1_NRM2_BLK * (W); k += 2 * (W)) {                              \
                L1_NRM2_GUESS(LD, ABS, UMAX, UMIN, g0, i + k);                                     \
                L1_NRM2_GUESS(LD, ABS, UMAX, UMIN, g1, i + k + (W));                               \
            }                                                                                      \
            IV out = (IV)(hi > bbig) | (IV)(lo < bsml - 1);                                        \
            if (!ANY(out)) {                                                                       \
                md0 = g0, md1 = g1;                                                                \
                continue;                                                                          \
            }                                                                                      \
            for (size_t k = 0; k < L1_NRM2_BLK * (W); k += 2 * (W)) {                              \
                L1_NRM2_FULL(LD, ABS, md0, i + k);                                                 \
                L1_NRM2_FULL(LD, ABS, md1, i + k + (W));                                           \
            }                                                                                      \
        }                                                                                          \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                                   \
            L1_NRM2_FULL(LD, ABS, md0, i);                                                         \
            L1_NRM2_FULL(LD, ABS, md1, i + (W));                                                   \
        }                                                                                          \
        if (i + (W) <= n) {                                                                        \
            L1_NRM2_FULL(LD, ABS, md0, i);                                                         \
            i += (W);                                                                              \
        }                                                                                          \
        md0 += md1;                                                                                \
        T s = 0, m = 0, g = 0;                                                                     \
        for (size_t k = 0; k < (W); k++)                                                           \
            s += sm0[k], m += md0[k], g += bg0[k];                                                 \
        for (; i < n; i++) {                                                                       \
            T a = x[i] < 0 ? -x[i] : x[i];                                                         \
            if (a > TBIG)                                                                          \
                g += (a * SBIG) * (a * SBIG);                                                      \
            else if (a < TSML)                                                                     \
                s += (a * SSML) * (a * SSML);                                                      \
            else { /* each square rounded before it is added (L1_PIN: not fused), as the        \
                      reference built for x86-64 rounds it, here and in the vector loop: a vector \
                      shorter than the set's gets the reference's bits. Fused, LAPACK's testers   \
                      flipped on avx512: DGEES on a 5 x 5 (tail fused), DSYEVR-type drivers on    \
                      a 20 x 20 (tail alone unfused) */                                           \
                T sq = a * a;                                                                      \
                L1_PIN(sq);                                                                        \
                m += sq;                                                                           \
            }                                                                                      \
        }                                                                                          \
        acc[0] = s, acc[1] = m, acc[2] = g;                                                        \
    }
typedef unsigned l1_vus __attribute__((vector_size(NB_L1_VBYTES)));
typedef unsigned long long l1_vud __attribute__((vector_size(NB_L1_VBYTES)));
L1_NRM2(snrm2, float, l1_vs, l1_vis, l1_vus, unsigned, WS, l1_ld_s, l1_abs_s, L1_UMAX_S, L1_UMIN_S,
        L1_ANY_S, 0x1p-63f, 0x1p52f, 0x1p75f, 0x1p-76f)
L1_NRM2(dnrm2, double, l1_vd, l1_vid, l1_vud, unsigned long long, WD, l1_ld_d, l1_abs_d, L1_UMAX_D,
        L1_UMIN_D, L1_ANY_D, 0x1p-511, 0x1p486, 0x1p537, 0x1p-538)

/* ---- i?amax, in blocks that stay in L1: the block's largest |x_i| by four running maxima
   (strict >, so NaN is never taken; the -1 start is below every |x|), then, only when it beats
   the maximum so far (rarely, after the first blocks), a scan of the block for its first
   occurrence. Blocks in order with strict >: the first maximum of the vector wins. ---- */
#define L1_AMAX_BLK 1024
#define L1_IAMAX(name, T, V, W, LD, ABS, VMAX, ANY)                                                       \
    static size_t name(size_t n, const T *x, T *vmax)                                              \
    {                                                                                              \
        T best = -1;                                                                               \
        size_t bi = 0;                                                                             \
        if (n < (W)) { /* no whole vector: the scan alone (the vector steps' setup was most of a \
                          short call) */                                                          \
            for (size_t i = 0; i < n; i++) {                                                       \
                T a = x[i] < 0 ? -x[i] : x[i];                                                     \
                if (a > best)                                                                      \
                    best = a, bi = i;                                                              \
            }                                                                                      \
            *vmax = best;                                                                          \
            return bi;                                                                             \
        }                                                                                          \
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
