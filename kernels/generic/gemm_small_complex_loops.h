/* Complex GEMM without packing, for problems whose every dimension is small (the `small` entry of
   the kernel contract, kernels/kernel.h): C = alpha*A*B + beta*C straight from A (column-major,
   contiguous columns), B (any strides) and C (column-major). At 4^3 - 64^3 packing (the 1m
   engine writes A twice over) and its bookkeeping cost as much as the arithmetic.

   A native complex register tile, written with GCC vector extensions and compiled per kernel set
   (like compact_loops.h), so the same source becomes AVX2, AVX-512 or Advanced SIMD code: a
   vector holds VB/sizeof(R)/2 complex numbers as interleaved (re, im) pairs, straight from A's
   columns. For each k step and column j, acc_re += a * Re b(l, j) and acc_im += a * Im b(l, j)
   (two broadcasts, two FMAs per vector); at the end c = acc_re + sgn * swap(acc_im), with
   swap exchanging each pair and sgn = (-1, +1, ...), gives (ar*br - ai*bi, ai*br + ar*bi).

   Tile: MV vectors of rows by NC columns, 2*MV*NC accumulators plus MV A vectors and two
   broadcasts live in registers. Budgets (instantiations in kernels/<isa>/complex_gemm_<isa>.c):
     avx2 (16 ymm): MV 2, NC 3: 12 + 2 + 2 = 16;
     avx512 (32 zmm): MV 2, NC 3 as well (at NC 4 GCC spilled an accumulator in the k loop);
     neon / sve / generic (32 vector registers on AArch64; SSE2's 16 xmm in the x86 generic
     build): MV 2, NC 4: 16 + 2 + 2 = 20 (the generic x86 build may spill; it is the
     portable fallback, not a fast path).
   Columns outside, rows inside: a block of B (k x NC) stays in L1 while the row tiles stream A
   (the other order, A's row block in L1 and B streaming, measured the same within the noise at
   16^3 - 64^3 on Zen 3). Rows past the last full tile run a one-vector tile when they fill a vector,
   else are copied (zero padded) to the stack once per call; a last partial column block of B
   likewise, so the tile code has no edge cases but the stores.

   NB_GEMM_SMALL_COMPLEX_DEFINE(p, T, R, IT, sfx, VB, MV, NC) defines nb_<p>gemm_small_<sfx>;
   IT is the signed integer type of R's size (the lane indices of the pair swap). */
#ifndef NB_GEMM_SMALL_COMPLEX_LOOPS_H
#define NB_GEMM_SMALL_COMPLEX_LOOPS_H

#include <stddef.h>
#include <string.h>

/* Largest k, m-block and n-block copied to the stack by the edge handling (the driver sends only
   problems with every dimension <= 128 here). */
#define NB_SMALLC_KMAX 128

/* the tile's loops over vectors and columns unrolled, so that the accumulators are registers */
#define NB_SMALLC_UNROLL _Pragma("GCC unroll 16")

#define NB_GEMM_SMALL_COMPLEX_DECLARE(p, T, sfx)                                                   \
    void nb_##p##gemm_small_##sfx(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda,  \
                                  const T *b, size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc);

#define NB_GEMM_SMALL_COMPLEX_DEFINE(p, T, R, IT, sfx, VB, MV, NC)                                \
    NB_GEMM_SMALL_COMPLEX_DECLARE(p, T, sfx)                                                      \
    typedef R nb_##p##smallc_v_##sfx __attribute__((vector_size(VB)));                            \
    typedef IT nb_##p##smallc_iv_##sfx __attribute__((vector_size(VB)));                          \
    /* unaligned loads and stores of A's and C's columns */                                       \
    typedef nb_##p##smallc_v_##sfx nb_##p##smallc_vu_##sfx                                        \
        __attribute__((aligned(sizeof(R)), __may_alias__));                                      \
    static inline nb_##p##smallc_v_##sfx nb_##p##smallc_splat_##sfx(R x)                        \
    {                                                                                             \
        nb_##p##smallc_v_##sfx v = {x};                                                           \
        return __builtin_shuffle(v, (nb_##p##smallc_iv_##sfx){0});                                \
    }                                                                                             \
    static inline nb_##p##smallc_v_##sfx nb_##p##smallc_swap_##sfx(nb_##p##smallc_v_##sfx x)     \
    {                                                                                             \
        nb_##p##smallc_iv_##sfx pairs;                                                            \
        for (int e = 0; e < (int)((VB) / sizeof(R)); e++)                                         \
            pairs[e] = e ^ 1;                                                                     \
        return __builtin_shuffle(x, pairs);                                                       \
    }                                                                                             \
                                                                                                  \
    /* One MV-vector x NC tile: rows from ap (column stride lda_p, complex elements), columns    \
       from b (element (l, j) at bp[l*rs + j*cs]), stored to the first mb rows and nc columns of \
       c. */                                                                                      \
    static inline __attribute__((always_inline)) void nb_##p##smallc_tile_##sfx(                  \
        int mvv, size_t k, const R *ap, size_t lda_p, const R *bp, size_t rs, size_t cs, R alr,   \
        R ali, R ber, R bei, int beta0, R *cp, size_t ldc, size_t mb, size_t nc)                  \
    {                                                                                             \
        typedef nb_##p##smallc_v_##sfx V;                                                         \
        typedef nb_##p##smallc_vu_##sfx VU;                                                       \
        enum { L = (VB) / sizeof(R), CPV = L / 2 };                                               \
        V re[MV][NC], im[MV][NC];                                                                 \
        NB_SMALLC_UNROLL for (int v = 0; v < mvv; v++)                                           \
            NB_SMALLC_UNROLL for (int j = 0; j < (NC); j++)                                       \
                re[v][j] = (V){0}, im[v][j] = (V){0};                                             \
        for (size_t l = 0; l < k; l++) {                                                          \
            V av[MV];                                                                             \
            NB_SMALLC_UNROLL for (int v = 0; v < mvv; v++)                                       \
                av[v] = *(const VU *)(ap + 2 * (l * lda_p + (size_t)v * CPV));                    \
            NB_SMALLC_UNROLL for (int j = 0; j < (NC); j++) {                                     \
                const R *bj = bp + 2 * (l * rs + (size_t)j * cs);                                 \
                V bre = nb_##p##smallc_splat_##sfx(bj[0]), bim = nb_##p##smallc_splat_##sfx(bj[1]); \
                NB_SMALLC_UNROLL for (int v = 0; v < mvv; v++) {                                 \
                    re[v][j] += av[v] * bre;                                                      \
                    im[v][j] += av[v] * bim;                                                      \
                }                                                                                 \
            }                                                                                     \
        }                                                                                         \
        V sgn;                                                                                    \
        for (int e = 0; e < L; e++)                                                               \
            sgn[e] = (e & 1) ? (R)1 : (R)-1;                                                      \
        NB_SMALLC_UNROLL for (int j = 0; j < (NC); j++) {                                         \
            if ((size_t)j >= nc)                                                                  \
                break;                                                                            \
            NB_SMALLC_UNROLL for (int v = 0; v < mvv; v++) {                                     \
                V r = re[v][j] + sgn * nb_##p##smallc_swap_##sfx(im[v][j]), out = alr * r;         \
                if (ali != 0)                                                                     \
                    out += ali * sgn * nb_##p##smallc_swap_##sfx(r);                              \
                R *cv = cp + 2 * ((size_t)j * ldc + (size_t)v * CPV);                             \
                size_t rows = mb > (size_t)v * CPV ? mb - (size_t)v * CPV : 0;                    \
                if (rows >= (size_t)CPV) {                                                        \
                    if (!beta0) {                                                                 \
                        V cc = *(VU *)cv;                                                         \
                        out += ber * cc;                                                          \
                        if (bei != 0)                                                             \
                            out += bei * sgn * nb_##p##smallc_swap_##sfx(cc);                     \
                    }                                                                             \
                    *(VU *)cv = out;                                                              \
                } else {                                                                          \
                    /* the full vectors' operations in their order (and contraction), so that  \
                       an element's bits do not depend on where it falls */                      \
                    for (size_t e = 0; e < 2 * rows; e += 2) {                                    \
                        R o0 = out[e], o1 = out[e + 1];                                           \
                        if (!beta0) {                                                             \
                            o0 += ber * cv[e];                                                    \
                            o1 += ber * cv[e + 1];                                                \
                            if (bei != 0) {                                                       \
                                o0 += -bei * cv[e + 1];                                           \
                                o1 += bei * cv[e];                                                \
                            }                                                                     \
                        }                                                                         \
                        cv[e] = o0, cv[e + 1] = o1;                                               \
                    }                                                                             \
                }                                                                                 \
            }                                                                                     \
        }                                                                                         \
    }                                                                                             \
                                                                                                  \
    void nb_##p##gemm_small_##sfx(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda,  \
                                  const T *b, size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc) \
    {                                                                                             \
        enum { L = (VB) / sizeof(R), CPV = L / 2, MB = (MV) * CPV };                              \
        const R alr = __real__ alpha, ali = __imag__ alpha, ber = __real__ beta,                  \
                bei = __imag__ beta;                                                              \
        const int beta0 = beta == 0;                                                              \
        const R *ar = (const R *)a, *br = (const R *)b;                                           \
        R *cr = (R *)c;                                                                           \
        size_t n_full = n / (NC) * (NC), m_full = m / MB * MB, rest = m - m_full;               \
        /* the last partial column block of B, zero padded to NC columns (element (l, j) at      \
           bpad[l + j*k]) */                                                                      \
        R bpad[2 * NB_SMALLC_KMAX * (NC)];                                                        \
        if (n_full < n) {                                                                         \
            for (size_t j = 0; j < (NC); j++)                                                     \
                for (size_t l = 0; l < k; l++) {                                                  \
                    const R *s = br + 2 * (l * rs_b + (n_full + j) * cs_b);                       \
                    int in = n_full + j < n;                                                      \
                    bpad[2 * (l + j * k)] = in ? s[0] : 0;                                        \
                    bpad[2 * (l + j * k) + 1] = in ? s[1] : 0;                                    \
                }                                                                                 \
        }                                                                                         \
        /* the rows past the last full block: one vector of them in place when they fill it,     \
           else copied to a zero-padded block of one vector (rest < CPV) or of MV */              \
        R apad[2 * NB_SMALLC_KMAX * MB] __attribute__((aligned(64)));                             \
        const R *a_rest = ar + 2 * m_full;                                                        \
        size_t lda_rest = lda;                                                                    \
        int mv_rest = rest <= CPV ? 1 : (MV);                                                     \
        if (rest && rest != CPV) {                                                                \
            size_t w = (size_t)mv_rest * CPV;                                                     \
            for (size_t l = 0; l < k; l++)                                                        \
                for (size_t i = 0; i < 2 * w; i++)                                                \
                    apad[2 * w * l + i] = i < 2 * rest ? a_rest[2 * l * lda + i] : 0;             \
            a_rest = apad, lda_rest = w;                                                          \
        }                                                                                         \
        /* columns outside, rows inside: a block of B (k x NC) stays in L1 while A streams */     \
        for (size_t j0 = 0; j0 < n; j0 += (NC)) {                                                 \
            const R *bj = j0 < n_full ? br + 2 * j0 * cs_b : bpad;                                \
            size_t rs = j0 < n_full ? rs_b : 1, cs = j0 < n_full ? cs_b : k;                      \
            size_t nc = n - j0 < (NC) ? n - j0 : (NC);                                            \
            R *cj = cr + 2 * j0 * ldc;                                                            \
            /* the full row tiles, then the padded rest when it needs MV vectors */              \
            size_t m_mv = m_full + (rest && mv_rest != 1 ? MB : 0);                               \
            for (size_t i0 = 0; i0 < m_mv; i0 += MB) {                                            \
                int full = i0 < m_full;                                                           \
                nb_##p##smallc_tile_##sfx((MV), k, full ? ar + 2 * i0 : a_rest,                   \
                                          full ? lda : lda_rest, bj, rs, cs, alr, ali, ber, bei,  \
                                          beta0, cj + 2 * i0, ldc, full ? MB : rest, nc);         \
            }                                                                                     \
            if (rest && mv_rest == 1)                                                             \
                nb_##p##smallc_tile_##sfx(1, k, a_rest, lda_rest, bj, rs, cs, alr, ali, ber, bei, \
                                          beta0, cj + 2 * m_full, ldc, rest, nc);                 \
        }                                                                                         \
    }

#endif
