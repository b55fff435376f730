/* Plain-C symv/hemv panel and syr/syr2 column loops (the entries of kernels/l2sym_kernels.h),
   compiled by every kernel set with its own ISA flags: the compiler vectorises the `omp simd`
   loops (-fopenmp-simd is always on) to the vector width of the including file. No intrinsics.

   Include once per kernel set after defining NB_L2SYM_SUFFIX. A set with its own hand-written
   real panel kernels defines NB_L2SYM_OWN_REAL_PANEL first: these loops then define the s/d
   panels as nb_{s,d}symv_panel_<sfx>_loop (the set's panels call them for fewer columns) and the
   set supplies nb_{s,d}symv_panel_<sfx>; NB_L2SYM_OWN_CPLX_PANEL likewise for c, z.

   The panel loop is the whole of symv's work: four columns per pass, so each element of yr and
   xr is loaded once per four columns of A and four independent dot sums are in flight.
   Complex loops are written on interleaved (re, im) arrays so that they vectorise as real loops
   (the compiler pairs the re/im statements into one vector operation with a lane swap). */
#include <stddef.h>
#include <stdint.h>

/* L2S_KEEP(v): the set's way of keeping v in a register (an empty asm), where GCC would fold
   one load into several instructions and so repeat it; none in plain C */
#ifndef L2S_KEEP
#define L2S_KEEP(v) ((void)0)
#endif

#define L2S_CAT3(a, b, c) a##b##c
#define L2S_NAME(p, op, sfx) L2S_CAT3(nb_##p, op##_, sfx)

/* The set's vector width in bytes (16 when the including file does not say). */
#ifndef NB_L2SYM_VBYTES
#define NB_L2SYM_VBYTES 16
#endif
#define NB_HSUM_VBYTES NB_L2SYM_VBYTES
#define NB_HSUM_SFX l2s
#include "kernels/generic/vec_hsum.h"
typedef float l2s_vs __attribute__((vector_size(NB_L2SYM_VBYTES)));
typedef double l2s_vd __attribute__((vector_size(NB_L2SYM_VBYTES)));
#define L2S_VT(R) __typeof__(__builtin_choose_expr(sizeof(R) == 4, (l2s_vs){0}, (l2s_vd){0}))
#define L2S_LD(V, p) ({ V v_; __builtin_memcpy(&v_, (p), sizeof v_); v_; })
#define L2S_ST(p, v) ({ __typeof__(v) v_ = (v); __builtin_memcpy((p), &v_, sizeof v_); })

/* One column (band and packed storage, whose columns are not lda apart, and panel tails):
   y += A_c * xj and *t += A_c . x with two vector sums (one `omp simd` sum was one FMA chain,
   latency-bound while A sits in L1/L2: spmv/sbmv ran at 0.89x OpenBLAS there). The two sums
   are added, then the lanes by shuffles (vec_hsum.h: a loop over the lanes went through the
   stack), then the scalar tail: an order fixed by m. */
#define L2S_COL1(R, V, acol, m, xj, x, y, t)                                                       \
    do {                                                                                           \
        const R *restrict ac_ = (acol);                                                            \
        const size_t W_ = sizeof(V) / sizeof(R);                                                   \
        V s0_ = {0}, s1_ = {0};                                                                    \
        size_t i_ = 0;                                                                             \
        for (; i_ + 2 * W_ <= (m); i_ += 2 * W_) {                                                 \
            V a0_ = L2S_LD(V, ac_ + i_), a1_ = L2S_LD(V, ac_ + i_ + W_);                           \
            L2S_ST(y + i_, L2S_LD(V, y + i_) + a0_ * (xj));                                        \
            L2S_ST(y + i_ + W_, L2S_LD(V, y + i_ + W_) + a1_ * (xj));                              \
            s0_ += a0_ * L2S_LD(V, x + i_);                                                        \
            s1_ += a1_ * L2S_LD(V, x + i_ + W_);                                                   \
        }                                                                                          \
        if (i_ + W_ <= (m)) {                                                                      \
            V a0_ = L2S_LD(V, ac_ + i_);                                                           \
            L2S_ST(y + i_, L2S_LD(V, y + i_) + a0_ * (xj));                                        \
            s0_ += a0_ * L2S_LD(V, x + i_);                                                        \
            i_ += W_;                                                                              \
        }                                                                                          \
        R s_ = _Generic((R)0, float: hsum1_s_l2s, double: hsum1_d_l2s)(s0_ + s1_);                 \
        for (; i_ < (m); i_++) {                                                                   \
            y[i_] = y[i_] + ac_[i_] * (xj);                                                        \
            s_ += ac_[i_] * x[i_];                                                                 \
        }                                                                                          \
        *(t) += s_;                                                                                \
    } while (0)

/* A real panel of 5 to 8 columns as two calls of FN (the panel itself): four columns, then the
   rest. For the sets without an 8-column real panel of their own (kernels/l2sym_kernels.h). */
#define L2S_SPLIT8(FN)                                                                             \
    do {                                                                                           \
        if (nc > 4) {                                                                              \
            FN(m, 4, a, lda, lds, xr, xc, yr, tc);                                                 \
            FN(m, nc - 4, a + nb_l2s_coloff(4, lda, lds), lda, lds, xr, xc + 4, yr, tc + 4);       \
            return;                                                                                \
        }                                                                                          \
    } while (0)

#define NB_L2SYM_REAL_PANEL(R, p, sfx)                                                             \
    void L2S_NAME(p, symv_panel, sfx)(size_t m, size_t nc, const R *a, size_t lda, int lds,        \
                                      const R *xr, const R *xc, R *yr, R *tc)                      \
    {                                                                                              \
        L2S_SPLIT8(L2S_NAME(p, symv_panel, sfx));                                                  \
        R *restrict y = yr;                                                                        \
        const R *restrict x = xr;                                                                  \
        if (nc == 4) {                                                                             \
            typedef L2S_VT(R) V;                                                                   \
            enum { W = sizeof(V) / sizeof(R) };                                                    \
            const R *restrict a0 = a, *restrict a1 = a + nb_l2s_coloff(1, lda, lds);               \
            const R *restrict a2 = a + nb_l2s_coloff(2, lda, lds);                                 \
            const R *restrict a3 = a + nb_l2s_coloff(3, lda, lds);                                 \
            V x0 = {0}, x1 = {0}, x2 = {0}, x3 = {0}, s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};      \
            x0 += xc[0], x1 += xc[1], x2 += xc[2], x3 += xc[3];                                    \
            size_t i = 0;                                                                          \
            for (; i + W <= m; i += W) {                                                           \
                V v0 = L2S_LD(V, a0 + i), v1 = L2S_LD(V, a1 + i), v2 = L2S_LD(V, a2 + i);          \
                V v3 = L2S_LD(V, a3 + i), xi = L2S_LD(V, x + i);                                   \
                L2S_ST(y + i, L2S_LD(V, y + i) + v0 * x0 + v1 * x1 + v2 * x2 + v3 * x3);           \
                s0 += v0 * xi, s1 += v1 * xi, s2 += v2 * xi, s3 += v3 * xi;                        \
            }                                                                                      \
            if (i < m) { /* the same vector operations on zero-padded copies */                    \
                R t0[W], t1[W], t2[W], t3[W], tx[W], ty[W];                                        \
                for (size_t l = 0; l < W; l++) {                                                   \
                    int in = i + l < m;                                                            \
                    t0[l] = in ? a0[i + l] : 0, t1[l] = in ? a1[i + l] : 0;                        \
                    t2[l] = in ? a2[i + l] : 0, t3[l] = in ? a3[i + l] : 0;                        \
                    tx[l] = in ? x[i + l] : 0, ty[l] = in ? y[i + l] : 0;                          \
                }                                                                                  \
                V v0 = L2S_LD(V, t0), v1 = L2S_LD(V, t1), v2 = L2S_LD(V, t2);                      \
                V v3 = L2S_LD(V, t3), xi = L2S_LD(V, tx);                                          \
                L2S_ST(ty, L2S_LD(V, ty) + v0 * x0 + v1 * x1 + v2 * x2 + v3 * x3);                 \
                s0 += v0 * xi, s1 += v1 * xi, s2 += v2 * xi, s3 += v3 * xi;                        \
                for (size_t l = 0; i + l < m; l++)                                                 \
                    y[i + l] = ty[l];                                                              \
            }                                                                                      \
            R t[4];                                                                                \
            L2S_HSUM4(p)(s0, s1, s2, s3, t);                                                       \
            tc[0] += t[0], tc[1] += t[1], tc[2] += t[2], tc[3] += t[3];                            \
            return;                                                                                \
        }                                                                                          \
        for (size_t c = 0; c < nc; c++)                                                            \
            L2S_COL1(R, L2S_VT(R), a + nb_l2s_coloff(c, lda, lds), m, xc[c], x, y, tc + c);        \
    }

/* Hermitian panel on interleaved data: yr += P*xc (plain complex product), tc += P**H * xr. */
/* Hermitian panel on interleaved data: yr += P*xc (plain complex product), tc += P**H * xr, one
   column at a time on explicit vectors (the `omp simd` reductions of the loop before summed
   their lanes through the stack: 29% of chbmv's time at band width 32). Per column c with
   x(c) = (p, q): y += a*(p, p, ..) + swap(a)*(-q, q, ..), and the sums sp += a*x (ar*xr, ai*xi
   lanes), sq += a*swap(x) (ar*xi, ai*xr), added up as re = sum sp, im = sum of sq*(1, -1, ..).
   The tail (fewer than a vector of reals) runs element by element; which rows are tail rows
   depends on the call's row range, which the column blocks fix by shape alone (not by the team),
   so results stay the same bits on any team. Nothing but A, x and y is read in the loop: P, Q
   and the sign vector are built without lane writes, which GCC kept on the stack. */
#define L2S_CCOL(R, V, p, ac, m, pc, qc, x, y, tc)                                                 \
    do {                                                                                           \
        const R *restrict a_ = (ac);                                                               \
        enum { W_ = sizeof(V) / sizeof(R) };                                                       \
        V alt_ = L2S_ALT(p)(), sp_ = {0}, sq_ = {0}, P_ = sp_ + (pc), Q_ = alt_ * -(qc);           \
        size_t len_ = 2 * (m), i_ = 0;                                                             \
        for (; i_ + W_ <= len_; i_ += W_) {                                                        \
            V av_ = L2S_LD(V, a_ + i_), xv_ = L2S_LD(V, x + i_);                                   \
            L2S_ST(y + i_, L2S_LD(V, y + i_) + (av_ * P_ + L2S_PSWAP(p)(av_) * Q_));               \
            sp_ += av_ * xv_, sq_ += av_ * L2S_PSWAP(p)(xv_);                                      \
        }                                                                                          \
        R tr_ = 0, ti_ = 0; /* the tail: the same products, one element at a time */               \
        for (; i_ < len_; i_ += 2) {                                                               \
            R ar_ = a_[i_], ai_ = a_[i_ + 1], xr_ = x[i_], xi_ = x[i_ + 1];                        \
            y[i_] = y[i_] + (ar_ * (pc) - ai_ * (qc));                                             \
            y[i_ + 1] = y[i_ + 1] + (ai_ * (pc) + ar_ * (qc));                                     \
            tr_ += ar_ * xr_ + ai_ * xi_, ti_ += ar_ * xi_ - ai_ * xr_;                            \
        }                                                                                          \
        (tc)[0] += L2S_HSUM1(p)(sp_) + tr_, (tc)[1] += L2S_HSUM1(p)(sq_ * alt_) + ti_;             \
    } while (0)
#define L2S_XCAT3(a, b, c) L2S_CAT3(a, b, c)
#define L2S_PSWAP(p) L2S_XCAT3(pswap_, L2S_RT_##p, _l2s)
#define L2S_HSUM1(p) L2S_XCAT3(hsum1_, L2S_RT_##p, _l2s)
#define L2S_RT_c s
#define L2S_RT_z d
#define L2S_RT_s s
#define L2S_RT_d d
#define L2S_HSUM4(p) L2S_XCAT3(hsum4_, L2S_RT_##p, _l2s)
#define L2S_ALT(p) L2S_XCAT3(alt_, L2S_RT_##p, _l2s)

#define NB_L2SYM_CPLX_PANEL(R, p, sfx)                                                             \
    void L2S_NAME(p, symv_panel, sfx)(size_t m, size_t nc, const R *a, size_t lda, int lds,        \
                                      const R *xr, const R *xc, R *yr, R *tc)                      \
    {                                                                                              \
        R *restrict y = yr;                                                                        \
        const R *restrict x = xr;                                                                  \
        for (size_t c = 0; c < nc; c++)                                                            \
            L2S_CCOL(R, L2S_VT(R), p, a + 2 * nb_l2s_coloff(c, lda, lds), m, xc[2 * c],            \
                     xc[2 * c + 1], x, y, tc + 2 * c);                                             \
    }

/* Rank updates of one column, in the reference's rounding order (a + x*t1 + y*t2). */

/* syr/her's column. A column of at least L2S_COL_LONG bytes goes in steps of 256 bytes; the
   `omp simd` loop below (one vector loaded, updated and stored an iteration) takes its last
   elements and the short columns, which sit in L1/L2, where that loop ran fastest. Zen 5, 1
   thread, in the bench suite's regime (a matrix per library, the L3 shared by them): with the
   `omp simd` loop alone syr/her at LLC size ran at 0.8x OpenBLAS, with the 256-byte steps
   1.1-1.45x faster than that. Vector widths, measured there: the real types 32 bytes (ssyr
   2888 and 2040, every other column off a cache line in full storage, ran 15-25% faster than
   in 64-byte vectors; dsyr level); the complex types the set's own width on a column that
   starts on a cache line (zher 1440 10% faster than 32-byte vectors) and 32 bytes on one that
   does not (zhpr 1440, packed, 1.2x faster than 64-byte vectors).
   pf, when not 0, adds a write prefetch of the column pf bytes ahead; the driver passes the
   tuning entry's l2_rank_pf_real or _cplx when it guesses that the triangle comes from memory (larger
   than the last-level cache). On Zen 5 4096 bytes ran 1.15-1.2x faster from memory, but 0.7x
   from L3. The values are those of the `omp simd` loops, to the bit. */
#define L2S_STEP_BYTES 256
#define L2S_COL_LONG 4096
#define L2S_LANEINT(R) __builtin_choose_expr(sizeof(R) == 4, (int)0, (long long)0)
#if NB_L2SYM_VBYTES > 32
#define L2S_COL_VBYTES_R 32
#else
#define L2S_COL_VBYTES_R NB_L2SYM_VBYTES
#endif
#define L2S_COL_VBYTES_C NB_L2SYM_VBYTES
/* write prefetch of the L2S_STEP_BYTES at o, pf bytes ahead */
#define L2S_COL_PF(o)                                                                              \
    do {                                                                                           \
        _Pragma("GCC unroll 8") for (int l_ = 0; l_ < L2S_STEP_BYTES; l_ += 64) {                  \
            __builtin_prefetch((const char *)(o) + pf + l_, 1);                          \
            __asm__("");                                                                           \
        }                                                                                          \
    } while (0)
/* one step of G vectors from o + i: loaded, updated by UPD(o vector, element offset), stored */
#define L2S_COL_STEP(V, W, G, UPD)                                                                 \
    do {                                                                                           \
        V ov_[G];                                                                                  \
        _Pragma("GCC unroll 16") for (int g_ = 0; g_ < (G); g_++) ov_[g_] =                        \
            L2S_LD(V, o + i + g_ * (W));                                                           \
        _Pragma("GCC unroll 16") for (int g_ = 0; g_ < (G); g_++) ov_[g_] =                        \
            UPD(ov_[g_], i + g_ * (W));                                                            \
        _Pragma("GCC unroll 16") for (int g_ = 0; g_ < (G); g_++)                                  \
            L2S_ST(o + i + g_ * (W), ov_[g_]);                                                     \
    } while (0)
/* the column's steps from element i on while a whole one fits in the m elements */
#define L2S_COL_STEPS(V, m, UPD)                                                                   \
    do {                                                                                           \
        enum { W = sizeof(V) / sizeof(o[0]), G = L2S_STEP_BYTES / sizeof(V) };                     \
        for (; i + G * W <= (m); i += G * W) {                                                     \
            if (pf)                                                                                \
                L2S_COL_PF(o + i);                                                                 \
            L2S_COL_STEP(V, W, G, UPD);                                                            \
        }                                                                                          \
    } while (0)
#define L2S_SYR_UPD(ov, k) ((ov) + L2S_LD(V, u + (k)) * t0)
#define L2S_SYR2_UPD(ov, k) ((ov) + L2S_LD(V, u + (k)) * s1 + L2S_LD(V, v + (k)) * s2)
/* Each column kernel hands a long column (L2S_COL_LONG bytes or more) to a function of its own
   by a tail call and runs a short one itself, so that the short columns' path keeps no state
   across a call: with the steps inline (register saves in every call) or called and returning
   (the scalars spilled around the call), ssyr2 and dsyr2 at L1/L2 size lost 5-19%. For the
   same reason syr2's two scalars come in one array: six arguments, all in registers.
   L2S_<op>_VARS names the operands; L2S_<op>_TAIL(i0) is the `omp simd` loop from element i0. */
#define L2S_SYR_VARS(R)                                                                            \
    R *restrict o = a;                                                                             \
    const R *restrict u = x;                                                                       \
    const R t0 = t[0]
#define L2S_SYR_TAIL(i0)                                                                           \
    _Pragma("omp simd") for (size_t k = (i0); k < m; k++) o[k] = o[k] + u[k] * t0
#define L2S_SYR2_VARS(R)                                                                           \
    R *restrict o = a;                                                                             \
    const R *restrict u = x, *restrict v = y;                                                      \
    const R s1 = t[0], s2 = t[1]
#define L2S_SYR2_TAIL(i0)                                                                          \
    _Pragma("omp simd") for (size_t k = (i0); k < m; k++) o[k] = o[k] + u[k] * s1 + v[k] * s2
#define L2S_SYR_ARGS(R) size_t m, const R *t, const R *x, R *a, int pf
#define L2S_SYR2_ARGS(R) size_t m, const R *t, const R *x, const R *y, R *a, int pf
#define NB_L2SYM_REAL_COLS(R, p, sfx)                                                              \
    static __attribute__((noinline)) void L2S_NAME(p, syr_long, sfx)(L2S_SYR_ARGS(R))              \
    {                                                                                              \
        L2S_SYR_VARS(R);                                                                           \
        typedef R V __attribute__((vector_size(L2S_COL_VBYTES_R)));                                \
        size_t i = 0;                                                                              \
        L2S_COL_STEPS(V, m, L2S_SYR_UPD);                                                          \
        L2S_SYR_TAIL(i);                                                                           \
    }                                                                                              \
    void L2S_NAME(p, syr_col, sfx)(L2S_SYR_ARGS(R))                                                \
    {                                                                                              \
        if (m * sizeof(R) >= L2S_COL_LONG) {                                                       \
            L2S_NAME(p, syr_long, sfx)(m, t, x, a, pf);                                            \
            return;                                                                                \
        }                                                                                          \
        L2S_SYR_VARS(R);                                                                           \
        L2S_SYR_TAIL(0);                                                                           \
    }                                                                                              \
    static __attribute__((noinline)) void L2S_NAME(p, syr2_long, sfx)(L2S_SYR2_ARGS(R))            \
    {                                                                                              \
        L2S_SYR2_VARS(R);                                                                          \
        typedef R V __attribute__((vector_size(L2S_COL_VBYTES_R)));                                \
        size_t i = 0;                                                                              \
        L2S_COL_STEPS(V, m, L2S_SYR2_UPD);                                                         \
        L2S_SYR2_TAIL(i);                                                                          \
    }                                                                                              \
    void L2S_NAME(p, syr2_col, sfx)(L2S_SYR2_ARGS(R))                                              \
    {                                                                                              \
        if (m * sizeof(R) >= L2S_COL_LONG) {                                                       \
            L2S_NAME(p, syr2_long, sfx)(m, t, x, y, a, pf);                                        \
            return;                                                                                \
        }                                                                                          \
        L2S_SYR2_VARS(R);                                                                          \
        L2S_SYR2_TAIL(0);                                                                          \
    }

/* The complex column's step (L2S_COL_STEP): o += u * t on (re, im) pairs as the compiler's
   `omp simd` loop below computes it, so every element rounds as there: re = fma(ur, tr,
   -(ui ti)), im = fma(ur, ti, ui tr). EV and OD pick the real and the imaginary part of each
   pair into both lanes, BL blends the even lanes of one vector with the odd ones of another;
   L2S_LN_<p><bytes> is the lane count of a vector of that many bytes. */
#define L2S_EV2 0, 0
#define L2S_EV4 L2S_EV2, 2, 2
#define L2S_EV8 L2S_EV4, 4, 4, 6, 6
#define L2S_EV16 L2S_EV8, 8, 8, 10, 10, 12, 12, 14, 14
#define L2S_OD2 1, 1
#define L2S_OD4 L2S_OD2, 3, 3
#define L2S_OD8 L2S_OD4, 5, 5, 7, 7
#define L2S_OD16 L2S_OD8, 9, 9, 11, 11, 13, 13, 15, 15
#define L2S_BL2 0, 3
#define L2S_BL4 0, 5, 2, 7
#define L2S_BL8 0, 9, 2, 11, 4, 13, 6, 15
#define L2S_BL16 0, 17, 2, 19, 4, 21, 6, 23, 8, 25, 10, 27, 12, 29, 14, 31
#define L2S_LN_c16 4
#define L2S_LN_c32 8
#define L2S_LN_c64 16
#define L2S_LN_z16 2
#define L2S_LN_z32 4
#define L2S_LN_z64 8
#define L2S_MASK(kind, p, vb) {L2S_XCAT3(L2S_, kind, L2S_XCAT3(L2S_LN_, p, vb))}
/* (re, im, ..) as tv and (-im, re, ..) as rs, built as blends (lane writes put them on the
   stack). The sign in rs is exact, so od * rs rounds as the loop's -(ui ti) and ui tr. */
#define L2S_CPLX_T(tv, rs, re, im)                                                                 \
    const V tv = __builtin_shuffle((V){0} + (re), (V){0} + (im), bl),                              \
            rs = __builtin_shuffle(-((V){0} + (im)), (V){0} + (re), bl)
/* u(k..) * t in the pairs' rounding; one load of u for both shuffles, not one each */
#define L2S_CPLX_MUL(u, k, tv, rs)                                                                 \
    ({                                                                                             \
        V h_ = L2S_LD(V, (u) + (k));                                                               \
        L2S_KEEP(h_);                                                                              \
        __builtin_shuffle(h_, ev) * (tv) + __builtin_shuffle(h_, od) * (rs);                       \
    })
#define L2S_HER_SETUP() L2S_CPLX_T(tv, rs, tr, ti)
#define L2S_HER_UPD(ov, k) ((ov) + L2S_CPLX_MUL(u, k, tv, rs))
#define L2S_HER2_SETUP() L2S_CPLX_T(tp, rp, pr, pi); L2S_CPLX_T(tq, rq, qr, qi)
#define L2S_HER2_UPD(ov, k) ((ov) + L2S_CPLX_MUL(u, k, tp, rp) + L2S_CPLX_MUL(v, k, tq, rq))
/* a complex column's steps in vectors of vb bytes (i, m in reals) */
#define L2S_CPLX_STEPS(R, p, vb, m, SETUP, UPD)                                                    \
    do {                                                                                           \
        typedef R V __attribute__((vector_size(vb)));                                              \
        typedef __typeof__(L2S_LANEINT(R)) K __attribute__((vector_size(vb)));                     \
        const K ev = L2S_MASK(EV, p, vb), od = L2S_MASK(OD, p, vb), bl = L2S_MASK(BL, p, vb);      \
        SETUP();                                                                                   \
        L2S_COL_STEPS(V, m, UPD);                                                                  \
    } while (0)
/* The set's own width on a column that starts on a cache line, else L2S_COL_VBYTES_R. */
#define L2S_CPLX_COL(R, p, m, SETUP, UPD)                                                          \
    do {                                                                                           \
        if (((uintptr_t)o & 63) == 0)                                                              \
            L2S_CPLX_STEPS(R, p, L2S_COL_VBYTES_C, 2 * (m), SETUP, UPD);                           \
        else                                                                                       \
            L2S_CPLX_STEPS(R, p, L2S_COL_VBYTES_R, 2 * (m), SETUP, UPD);                           \
    } while (0)

#define L2S_HER_VARS(R)                                                                            \
    R *restrict o = a;                                                                             \
    const R *restrict u = x;                                                                       \
    const R tr = t[0], ti = t[1]
#define L2S_HER_TAIL(R, e0)                                                                        \
    _Pragma("omp simd") for (size_t e = (e0); e < m; e++)                                          \
    {                                                                                              \
        R ur = u[2 * e], ui = u[2 * e + 1];                                                        \
        o[2 * e] = o[2 * e] + (ur * tr - ui * ti);                                                 \
        o[2 * e + 1] = o[2 * e + 1] + (ur * ti + ui * tr);                                         \
    }
#define L2S_HER2_VARS(R)                                                                           \
    R *restrict o = a;                                                                             \
    const R *restrict u = x, *restrict v = y;                                                      \
    const R pr = t[0], pi = t[1], qr = t[2], qi = t[3]
#define L2S_HER2_TAIL(R, e0)                                                                       \
    _Pragma("omp simd") for (size_t e = (e0); e < m; e++)                                          \
    {                                                                                              \
        R ur = u[2 * e], ui = u[2 * e + 1], vr = v[2 * e], vi = v[2 * e + 1];                      \
        o[2 * e] = o[2 * e] + (ur * pr - ui * pi) + (vr * qr - vi * qi);                           \
        o[2 * e + 1] = o[2 * e + 1] + (ur * pi + ui * pr) + (vr * qi + vi * qr);                   \
    }
#define NB_L2SYM_CPLX_COLS(R, p, sfx)                                                              \
    static __attribute__((noinline)) void L2S_NAME(p, syr_long, sfx)(L2S_SYR_ARGS(R))              \
    {                                                                                              \
        L2S_HER_VARS(R);                                                                           \
        size_t i = 0; /* in reals */                                                               \
        L2S_CPLX_COL(R, p, m, L2S_HER_SETUP, L2S_HER_UPD);                                         \
        L2S_HER_TAIL(R, i / 2);                                                                    \
    }                                                                                              \
    void L2S_NAME(p, syr_col, sfx)(L2S_SYR_ARGS(R))                                                \
    {                                                                                              \
        if (2 * m * sizeof(R) >= L2S_COL_LONG) {                                                   \
            L2S_NAME(p, syr_long, sfx)(m, t, x, a, pf);                                            \
            return;                                                                                \
        }                                                                                          \
        L2S_HER_VARS(R);                                                                           \
        L2S_HER_TAIL(R, 0);                                                                        \
    }                                                                                              \
    static __attribute__((noinline)) void L2S_NAME(p, syr2_long, sfx)(L2S_SYR2_ARGS(R))            \
    {                                                                                              \
        L2S_HER2_VARS(R);                                                                          \
        size_t i = 0; /* in reals */                                                               \
        L2S_CPLX_COL(R, p, m, L2S_HER2_SETUP, L2S_HER2_UPD);                                       \
        L2S_HER2_TAIL(R, i / 2);                                                                   \
    }                                                                                              \
    void L2S_NAME(p, syr2_col, sfx)(L2S_SYR2_ARGS(R))                                              \
    {                                                                                              \
        if (2 * m * sizeof(R) >= L2S_COL_LONG) {                                                   \
            L2S_NAME(p, syr2_long, sfx)(m, t, x, y, a, pf);                                        \
            return;                                                                                \
        }                                                                                          \
        L2S_HER2_VARS(R);                                                                          \
        L2S_HER2_TAIL(R, 0);                                                                       \
    }

/* A set with its own panels gets these loops as nb_?symv_panel_<sfx>_loop, for the panels of
   fewer columns than its own take. */
#define L2S_CAT2_(a, b) a##b
#define L2S_CAT2(a, b) L2S_CAT2_(a, b)
#ifndef NB_L2SYM_OWN_REAL_PANEL
NB_L2SYM_REAL_PANEL(float, s, NB_L2SYM_SUFFIX)
NB_L2SYM_REAL_PANEL(double, d, NB_L2SYM_SUFFIX)
#else
NB_L2SYM_REAL_PANEL(float, s, L2S_CAT2(NB_L2SYM_SUFFIX, _loop))
NB_L2SYM_REAL_PANEL(double, d, L2S_CAT2(NB_L2SYM_SUFFIX, _loop))
/* One vector of rows at offset i of a set's own 4-column real panel: y += sum_c A_c * x(c) and
   s_c += A_c * x(rows). L2S_KEEP(v), the set's, keeps v in a register: GCC would otherwise fold
   the load of each A vector into both FMAs that use it and load A twice (20 loads a step
   instead of 12, above Zen 3's load ports). */
#define L2S_PANEL_STEP(V, LD, ST, FMA, i, s0, s1, s2, s3)                                          \
    do {                                                                                           \
        V xv = LD(xr + (i)), yv = LD(yr + (i)), v;                                                 \
        v = LD(a0 + (i));                                                                          \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x0, yv), s0 = FMA(v, xv, s0);                                                  \
        v = LD(a1 + (i));                                                                          \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x1, yv), s1 = FMA(v, xv, s1);                                                  \
        v = LD(a2 + (i));                                                                          \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x2, yv), s2 = FMA(v, xv, s2);                                                  \
        v = LD(a3 + (i));                                                                          \
        L2S_KEEP(v);                                                                               \
        yv = FMA(v, x3, yv), s3 = FMA(v, xv, s3);                                                  \
        ST(yr + (i), yv);                                                                          \
    } while (0)
/* A set's 4-column real panel: two vectors of rows per step with two sums per column (8
   independent FMA chains), then one vector, then the last rows as one masked step: MKDECL(r)
   declares `mk`, the mask of r lanes that MLD/MST use (masked lanes load 0, so they add 0 * 0 to
   the sums, and are not stored). Needs m, a, lda, lds, xr, xc, yr, tc. */
#define L2S_PANEL4(R, V, W, MKDECL, LD, ST, FMA, ADD, SET1, ZERO, HSUM, MLD, MST)                  \
    const R *a0 = a, *a1 = a + nb_l2s_coloff(1, lda, lds);                                         \
    const R *a2 = a + nb_l2s_coloff(2, lda, lds), *a3 = a + nb_l2s_coloff(3, lda, lds);            \
    V x0 = SET1(xc[0]), x1 = SET1(xc[1]), x2 = SET1(xc[2]), x3 = SET1(xc[3]);                      \
    V s00 = ZERO(), s10 = ZERO(), s20 = ZERO(), s30 = ZERO();                                      \
    V s01 = ZERO(), s11 = ZERO(), s21 = ZERO(), s31 = ZERO();                                      \
    size_t i = 0;                                                                                  \
    for (; i + 2 * (W) <= m; i += 2 * (W)) {                                                       \
        L2S_PANEL_STEP(V, LD, ST, FMA, i, s00, s10, s20, s30);                                     \
        L2S_PANEL_STEP(V, LD, ST, FMA, i + (W), s01, s11, s21, s31);                               \
    }                                                                                              \
    if (i + (W) <= m) {                                                                            \
        L2S_PANEL_STEP(V, LD, ST, FMA, i, s00, s10, s20, s30);                                     \
        i += (W);                                                                                  \
    }                                                                                              \
    if (i < m) {                                                                                   \
        MKDECL(m - i);                                                                             \
        L2S_PANEL_STEP(V, MLD, MST, FMA, i, s01, s11, s21, s31);                                   \
    }                                                                                              \
    tc[0] += HSUM(ADD(s00, s01)), tc[1] += HSUM(ADD(s10, s11));                                    \
    tc[2] += HSUM(ADD(s20, s21)), tc[3] += HSUM(ADD(s30, s31));
#endif
#ifndef NB_L2SYM_OWN_CPLX_PANEL
NB_L2SYM_CPLX_PANEL(float, c, NB_L2SYM_SUFFIX)
NB_L2SYM_CPLX_PANEL(double, z, NB_L2SYM_SUFFIX)
#else
NB_L2SYM_CPLX_PANEL(float, c, L2S_CAT2(NB_L2SYM_SUFFIX, _loop))
NB_L2SYM_CPLX_PANEL(double, z, L2S_CAT2(NB_L2SYM_SUFFIX, _loop))
#endif
NB_L2SYM_REAL_COLS(float, s, NB_L2SYM_SUFFIX)
NB_L2SYM_REAL_COLS(double, d, NB_L2SYM_SUFFIX)
NB_L2SYM_CPLX_COLS(float, c, NB_L2SYM_SUFFIX)
NB_L2SYM_CPLX_COLS(double, z, NB_L2SYM_SUFFIX)
