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

#define NB_L2SYM_REAL_PANEL(R, p, sfx)                                                             \
    void L2S_NAME(p, symv_panel, sfx)(size_t m, size_t nc, const R *a, size_t lda, int lds,        \
                                      const R *xr, const R *xc, R *yr, R *tc)                      \
    {                                                                                              \
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
/* syr/her's long columns (L2S_COL_LONG): vectors of at most 32 bytes, four a step, and the
   column prefetched 4 KiB ahead for writing. Packed columns start anywhere, and a 64-byte vector
   crosses a cache line on every access then: on Zen 5 with L3 shared by other processes (as in
   the bench suite), dspr/sspr 2040-2888 ran at 0.8x OpenBLAS in 64-byte vectors and 1.0-1.1x
   so, zhpr 1440 0.78x -> 0.92x; from memory s/d/c/z spr/hpr 1.15-1.35x faster. The price: from
   a hot L3 (one process, one matrix) c/z hpr 1016-1440 lose about a sixth. Short columns (data
   in L2) stay in the set's own width: 32-byte vectors cost dsyr/dspr 352 a fifth. The values are
   those of the `omp simd` loops below, to the bit. */
#define L2S_PF_BYTES 4096
#define L2S_PF_MIN 4096
/* a column of `bytes` at o for the 32-byte path: long, and (where the set's vectors are wider)
   not on a cache line (an aligned column, as in full storage with lda a multiple of 64 bytes,
   ran 15-25% faster from L3 in the set's 64-byte vectors) */
#if NB_L2SYM_VBYTES > 32
#define L2S_COL_LONG(o, bytes) ((bytes) >= L2S_PF_MIN && ((uintptr_t)(o) & 63) != 0)
#else
#define L2S_COL_LONG(o, bytes) ((bytes) >= L2S_PF_MIN)
#endif
#define L2S_LANEINT(R) __builtin_choose_expr(sizeof(R) == 4, (int)0, (long long)0)
#if NB_L2SYM_VBYTES > 32
#define L2S_COL_VBYTES 32
#else
#define L2S_COL_VBYTES NB_L2SYM_VBYTES
#endif
#define L2S_SYR_STEP4(V, W)                                                                        \
    do {                                                                                           \
        V y0 = L2S_LD(V, o + i), y1 = L2S_LD(V, o + i + W);                                        \
        V y2 = L2S_LD(V, o + i + 2 * W), y3 = L2S_LD(V, o + i + 3 * W);                            \
        y0 = y0 + L2S_LD(V, u + i) * t0, y1 = y1 + L2S_LD(V, u + i + W) * t0;                      \
        y2 = y2 + L2S_LD(V, u + i + 2 * W) * t0, y3 = y3 + L2S_LD(V, u + i + 3 * W) * t0;          \
        L2S_ST(o + i, y0), L2S_ST(o + i + W, y1);                                                  \
        L2S_ST(o + i + 2 * W, y2), L2S_ST(o + i + 3 * W, y3);                                      \
    } while (0)
#define NB_L2SYM_REAL_COLS(R, p, sfx)                                                              \
    void L2S_NAME(p, syr_col, sfx)(size_t m, const R *t, const R *x, R *a)                         \
    {                                                                                              \
        R *restrict o = a;                                                                         \
        const R *restrict u = x;                                                                   \
        R t0 = t[0];                                                                               \
        typedef R V __attribute__((vector_size(L2S_COL_VBYTES)));                                  \
        enum { W = sizeof(V) / sizeof(R) };                                                        \
        size_t i = 0;                                                                              \
        if (L2S_COL_LONG(o, m * sizeof(R)))                                                        \
            for (; i + 4 * W <= m; i += 4 * W) {                                                   \
                __builtin_prefetch(o + i + L2S_PF_BYTES / sizeof(R), 1);                           \
                if (4 * W * sizeof(R) > 64)                                                        \
                    __builtin_prefetch(o + i + 2 * W + L2S_PF_BYTES / sizeof(R), 1);               \
                L2S_SYR_STEP4(V, W);                                                               \
            }                                                                                      \
        _Pragma("omp simd") for (size_t k = i; k < m; k++) o[k] = o[k] + u[k] * t0;                \
    }                                                                                              \
    void L2S_NAME(p, syr2_col, sfx)(size_t m, const R *t1, const R *t2, const R *x, const R *y,    \
                                    R *a)                                                          \
    {                                                                                              \
        R *restrict o = a;                                                                         \
        const R *restrict u = x, *restrict v = y;                                                  \
        R s1 = t1[0], s2 = t2[0];                                                                  \
        _Pragma("omp simd") for (size_t i = 0; i < m; i++) o[i] = o[i] + u[i] * s1 + v[i] * s2;    \
    }

/* The complex column's long-column step (see L2S_COL_VBYTES): o += u * t on (re, im) pairs as
   the compiler's `omp simd` loop below computes it, so every element rounds as there: re =
   fma(ur, tr, -(ui ti)), im = fma(ur, ti, ui tr). EV and OD pick the real and the imaginary
   part of each pair into both lanes. */
#if L2S_COL_VBYTES == 32
#define L2S_EV_s {0, 0, 2, 2, 4, 4, 6, 6}
#define L2S_OD_s {1, 1, 3, 3, 5, 5, 7, 7}
#define L2S_EV_d {0, 0, 2, 2}
#define L2S_OD_d {1, 1, 3, 3}
#else
#define L2S_EV_s {0, 0, 2, 2}
#define L2S_OD_s {1, 1, 3, 3}
#define L2S_EV_d {0, 0}
#define L2S_OD_d {1, 1}
#endif
#define L2S_EVM(p) L2S_XCAT3(L2S_EV_, L2S_RT_##p, )
#define L2S_ODM(p) L2S_XCAT3(L2S_OD_, L2S_RT_##p, )
#define L2S_HER_STEP(V, rs, alt, k)                                                                \
    do {                                                                                           \
        V u_ = L2S_LD(V, u + (k)), o_ = L2S_LD(V, o + (k));                                        \
        V ev_ = __builtin_shuffle(u_, ev), od_ = __builtin_shuffle(u_, od);                        \
        V q_ = od_ * rs;                                                                           \
        L2S_ST(o + (k), o_ + (ev_ * tv + alt * q_));                                               \
    } while (0)

#define NB_L2SYM_CPLX_COLS(R, p, sfx)                                                              \
    void L2S_NAME(p, syr_col, sfx)(size_t m, const R *t, const R *x, R *a)                         \
    {                                                                                              \
        R *restrict o = a;                                                                         \
        const R *restrict u = x;                                                                   \
        R tr = t[0], ti = t[1];                                                                    \
        size_t i = 0;                                                                              \
        if (L2S_COL_LONG(o, 2 * m * sizeof(R))) {                                                  \
            typedef R V __attribute__((vector_size(L2S_COL_VBYTES)));                              \
            typedef __typeof__(L2S_LANEINT(R)) K __attribute__((vector_size(L2S_COL_VBYTES)));     \
            enum { W = sizeof(V) / sizeof(R) };                                                    \
            const K ev = L2S_EVM(p), od = L2S_ODM(p);                                              \
            V tv, rs, alt;                                                                         \
            for (int l = 0; l < W; l++)                                                            \
                tv[l] = l & 1 ? ti : tr, rs[l] = l & 1 ? tr : ti, alt[l] = l & 1 ? 1 : -1;         \
            for (; 2 * i + 4 * W <= 2 * m; i += 2 * W) {                                           \
                __builtin_prefetch(o + 2 * i + L2S_PF_BYTES / sizeof(R), 1);                       \
                if (4 * W * sizeof(R) > 64)                                                        \
                    __builtin_prefetch(o + 2 * i + 2 * W + L2S_PF_BYTES / sizeof(R), 1);           \
                L2S_HER_STEP(V, rs, alt, 2 * i);                                                   \
                L2S_HER_STEP(V, rs, alt, 2 * i + W);                                               \
                L2S_HER_STEP(V, rs, alt, 2 * i + 2 * W);                                           \
                L2S_HER_STEP(V, rs, alt, 2 * i + 3 * W);                                           \
            }                                                                                      \
        }                                                                                          \
        _Pragma("omp simd") for (size_t e = i; e < m; e++) {                                       \
            R ur = u[2 * e], ui = u[2 * e + 1];                                                    \
            o[2 * e] = o[2 * e] + (ur * tr - ui * ti);                                             \
            o[2 * e + 1] = o[2 * e + 1] + (ur * ti + ui * tr);                                     \
        }                                                                                          \
    }                                                                                              \
    void L2S_NAME(p, syr2_col, sfx)(size_t m, const R *t1, const R *t2, const R *x, const R *y,    \
                                    R *a)                                                          \
    {                                                                                              \
        R *restrict o = a;                                                                         \
        const R *restrict u = x, *restrict v = y;                                                  \
        R pr = t1[0], pi = t1[1], qr = t2[0], qi = t2[1];                                          \
        _Pragma("omp simd") for (size_t i = 0; i < m; i++) {                                       \
            R ur = u[2 * i], ui = u[2 * i + 1], vr = v[2 * i], vi = v[2 * i + 1];                  \
            o[2 * i] = o[2 * i] + (ur * pr - ui * pi) + (vr * qr - vi * qi);                       \
            o[2 * i + 1] = o[2 * i + 1] + (ur * pi + ui * pr) + (vr * qi + vi * qr);               \
        }                                                                                          \
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
