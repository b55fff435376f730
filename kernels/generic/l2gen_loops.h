/* Plain-C Level 2 loops that every kernel set compiles with its own ISA flags (as gemv_loops.h):
   complex gemv / ger on interleaved (re, im) data, per-column axpy / dot for s d c z, and the
   bf16 gemv / dot. No intrinsics; `omp simd` (-fopenmp-simd is always on) lets the compiler
   vectorise to the including file's width. Contracts: kernels/l2gen_kernels.h.

   Complex data are walked as arrays of the real type (element i at [2i] and [2i+1]): the loops
   then hold no complex arithmetic (-fcx-fortran-rules or not, no libgcc calls) and vectorise as
   pairs. Each element of y or A is updated by the same sequence of operations wherever a row or
   column range starts, so a threaded split does not change a result.

   Include once per kernel set after defining NB_L2GEN_SUFFIX. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define L2G_CAT3_(a, b, c) a##b##c
#define L2G_CAT3(a, b, c) L2G_CAT3_(a, b, c)
#define L2G_NAME(p, op, sfx) L2G_CAT3(nb_##p, op##_l2_, sfx)
#define L2G_BF(op, sfx) L2G_CAT3(nb_sb, op##_, sfx)
/* L2G_KEEP(v): the set's way of keeping v in a register (an empty asm), where GCC would fold one
   load into two instructions and so repeat it; none in plain C */
#ifndef L2G_KEEP
#define L2G_KEEP(v) ((void)0)
#endif
/* The vectors of the complex gemv_t and the column dots: NB_L2GEN_VBYTES bytes (32 where the
   including file says so, the avx2 and avx512 sets; 16 otherwise, so that no 32-byte vector is
   passed where the set has no 32-byte registers) */
#ifndef NB_L2GEN_VBYTES
#define NB_L2GEN_VBYTES 16
#endif
#define NB_HSUM_VBYTES NB_L2GEN_VBYTES
#define NB_HSUM_SFX l2g
#include "kernels/generic/vec_hsum.h"
typedef float l2g_vs __attribute__((vector_size(NB_L2GEN_VBYTES)));
typedef double l2g_vd __attribute__((vector_size(NB_L2GEN_VBYTES)));
#define L2G_LD(V, p) ({ V v_; memcpy(&v_, (p), sizeof v_); v_; })
/* The complex gemv_n's vectors: NB_L2GEN_NBYTES bytes (64 in the avx512 set: a loop bound by its
   FMAs, at the full width of Zen 5's and Sapphire Rapids' FMA units; the set's NB_L2GEN_VBYTES
   otherwise), with their pair swap and (1, -1, ...) from vec_hsum.h at that width */
#ifndef NB_L2GEN_NBYTES
#define NB_L2GEN_NBYTES NB_L2GEN_VBYTES
#endif
#define NB_HSUM_VBYTES NB_L2GEN_NBYTES
#define NB_HSUM_SFX l2gn
#include "kernels/generic/vec_hsum.h"

/* The complex axpy's scalar tail, fused explicitly where the set has FMA, as its vector loop
   fuses: left to the compiler's contraction, the vector loop and its scalar tail fused different
   products, so an element's value depended on where its range began, and a threaded split (tbmv,
   tpmv, gbmv) changed it. */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define L2G_FMA(a, b, c) _Generic((a), float: __builtin_fmaf, default: __builtin_fma)(a, b, c)
#else
#define L2G_FMA(a, b, c) ((a) * (b) + (c))
#endif
/* *yp += alpha * (sr, si), the products fused explicitly: left to contraction, the four-column
   store loop (vectorised by GCC) and the one-column one fused different products, and a
   column's value depended on the column count of the call. */
#define L2G_CUPDATE(yp, alpha, sr, si)                                                             \
    do {                                                                                           \
        __typeof__(sr) ar_ = __real__(alpha), ai_ = __imag__(alpha), sr_ = (sr), si_ = (si);       \
        __typeof__(sr) tr_ = L2G_FMA(ar_, sr_, -(ai_ * si_)), ti_ = L2G_FMA(ar_, si_, ai_ * sr_);  \
        __real__ *(yp) += tr_, __imag__ *(yp) += ti_;                                              \
    } while (0)

/* gemv_n: four columns per pass, rows in 64 KiB blocks of y (L2): longer column runs than an
   L1-sized block (8 KiB of y ran zgemv_n at 6000 at 0.73x OpenBLAS, 64 KiB at 1.19x). On the
   interleaved data as it lies, two sums a vector of y: p = y + sum a_c r_c and q = sum a_c
   (s_c, -s_c), with t_c = alpha x_c = r_c + i s_c; then y = p + swap(q), one in-lane swap per
   four columns (an `omp simd` loop de-interleaved the pairs through permutes: cgemv_n at 48
   ran at 0.74x OpenBLAS on Zen 5, zgemv_n at 32 at 0.85x; this loop 0.97x and 1.48x).
   q starts as 0 + a0 (s0, -s0), so that every step holds one product and GCC fuses each into
   its sum (from a0 (s0, -s0) alone it fused the first product of q's second step instead).
   L2G_GN_MORE4 / MORE1: the columns after the first, in the vector step and in the tail.
   On a matrix larger than the LLC the four columns are prefetched 2 KiB ahead: cgemv_n 4088
   and zgemv_n 2888 from memory 1.04-1.16x faster (Zen 5, 69-77% of the stream bound before,
   76-82% after; 4 KiB ahead gained nothing, eight columns a pass ran c at half speed). */
/* the complex gemv's prefetch of its four columns, L2G_GEMV_PF bytes ahead of element k */
#define L2G_GEMV_PF 2048
#define L2G_GEMV_PF4(k)                                                                            \
    do {                                                                                           \
        const size_t d_ = (k) + L2G_GEMV_PF / sizeof(a0[0]);                                       \
        __builtin_prefetch(a0 + d_), __builtin_prefetch(a1 + d_);                                  \
        __builtin_prefetch(a2 + d_), __builtin_prefetch(a3 + d_);                                  \
    } while (0)
#define L2G_GN_COL(V, c, k)                                                                        \
    do {                                                                                           \
        V v_ = L2G_LD(V, a##c + (k));                                                              \
        L2G_KEEP(v_); /* one load for both FMAs */                                                 \
        p_ = p_ + v_ * rv##c, q_ = q_ + v_ * sv##c;                                                \
    } while (0)
#define L2G_GN_TAILCOL(c, e)                                                                       \
    do {                                                                                           \
        pe = L2G_FMA(a##c[2 * (e)], rv##c[0], pe), po = L2G_FMA(a##c[2 * (e) + 1], rv##c[0], po);  \
        qe = L2G_FMA(a##c[2 * (e)], sv##c[0], qe), qo = L2G_FMA(a##c[2 * (e) + 1], sv##c[1], qo);  \
    } while (0)
#define L2G_GN_MORE1(COL, V, k)
#define L2G_GN_MORE4(COL, V, k) COL(V, 1, k); COL(V, 2, k); COL(V, 3, k);
#define L2G_GN_TAILCOL_(V, c, e) L2G_GN_TAILCOL(c, e)
#define L2G_GN_STEP(V, SWAP, MORE, k)                                                              \
    do {                                                                                           \
        V p_ = L2G_LD(V, yb + (k)), v0_ = L2G_LD(V, a0 + (k)), q_;                                 \
        L2G_KEEP(v0_);                                                                             \
        p_ = p_ + v0_ * rv0, q_ = (V){0} + v0_ * sv0;                                              \
        MORE(L2G_GN_COL, V, k)                                                                     \
        p_ = p_ + SWAP(q_);                                                                        \
        memcpy(yb + (k), &p_, sizeof p_);                                                          \
    } while (0)
/* The rows from kend on, one element at a time with the vector step's operations in its order,
   fused where the set fuses (as GCC contracts the vector step), so an element's value does not
   depend on where its range starts. (Copying them into zero-padded vectors cost a failed store
   forward per column: cgemv 1 x 1 ran 20 ns slower.) */
#define L2G_GN_TAIL(MORE)                                                                          \
    for (size_t e = kend / 2; e < mb; e++) {                                                       \
        __typeof__(yb[0]) pe = L2G_FMA(a0[2 * e], rv0[0], yb[2 * e]);                              \
        __typeof__(yb[0]) po = L2G_FMA(a0[2 * e + 1], rv0[0], yb[2 * e + 1]);                      \
        __typeof__(yb[0]) qe = L2G_FMA(a0[2 * e], sv0[0], 0);                                      \
        __typeof__(yb[0]) qo = L2G_FMA(a0[2 * e + 1], sv0[1], 0);                                  \
        MORE(L2G_GN_TAILCOL_, , e)                                                                 \
        yb[2 * e] = pe + qo, yb[2 * e + 1] = po + qe;                                              \
    }
#define NB_L2GEN_GEMV_N(T, R, V, SWAP, ALT, p, sfx)                                                \
    void L2G_NAME(p, gemv_n, sfx)(size_t m, size_t n, NB_KARG_##p(T) ta, const T *a,           \
                                  size_t lda, const T *x, T *y)                                    \
    {                                                                                              \
        enum { L = sizeof(V) / sizeof(R) };                                                        \
        T alpha;                                                                                   \
        NB_KPARTS_##p(ta, __real__ alpha, __imag__ alpha);                                      \
        const size_t rows = 65536 / sizeof(T);                                                     \
        const V alt = ALT();                                                                       \
        const int pf = (double)n * (double)lda * sizeof(T) > (double)nb_rt.llc;                    \
        for (size_t i0 = 0; i0 < m; i0 += rows) {                                                  \
            size_t mb = m - i0 < rows ? m - i0 : rows, len = 2 * mb, kend = len - len % L;         \
            R *restrict yb = (R *)(y + i0);                                                        \
            size_t j = 0;                                                                          \
            for (; j + 4 <= n; j += 4) {                                                           \
                const R *restrict a0 = (const R *)(a + i0 + j * lda);                              \
                const R *restrict a1 = (const R *)(a + i0 + (j + 1) * lda);                        \
                const R *restrict a2 = (const R *)(a + i0 + (j + 2) * lda);                        \
                const R *restrict a3 = (const R *)(a + i0 + (j + 3) * lda);                        \
                T t0 = alpha * x[j], t1 = alpha * x[j + 1], t2 = alpha * x[j + 2],                 \
                  t3 = alpha * x[j + 3];                                                           \
                const V rv0 = (V){0} + __real__ t0, sv0 = alt * __imag__ t0;                       \
                const V rv1 = (V){0} + __real__ t1, sv1 = alt * __imag__ t1;                       \
                const V rv2 = (V){0} + __real__ t2, sv2 = alt * __imag__ t2;                       \
                const V rv3 = (V){0} + __real__ t3, sv3 = alt * __imag__ t3;                       \
                size_t k = 0;                                                                      \
                if (pf)                                                                            \
                    for (; k + L2G_GEMV_PF / sizeof(R) < kend; k += L) {                           \
                        L2G_GEMV_PF4(k);                                                           \
                        L2G_GN_STEP(V, SWAP, L2G_GN_MORE4, k);                                     \
                    }                                                                              \
                for (; k < kend; k += L)                                                           \
                    L2G_GN_STEP(V, SWAP, L2G_GN_MORE4, k);                                         \
                L2G_GN_TAIL(L2G_GN_MORE4)                                                          \
            }                                                                                      \
            for (; j < n; j++) {                                                                   \
                const R *restrict a0 = (const R *)(a + i0 + j * lda);                              \
                T t0 = alpha * x[j];                                                               \
                const V rv0 = (V){0} + __real__ t0, sv0 = alt * __imag__ t0;                       \
                for (size_t k = 0; k < kend; k += L)                                               \
                    L2G_GN_STEP(V, SWAP, L2G_GN_MORE1, k);                                         \
                L2G_GN_TAIL(L2G_GN_MORE1)                                                          \
            }                                                                                      \
        }                                                                                          \
    }
/* gemv_t's step on four columns (NB_L2GEN_CPLX); on a matrix larger than the LLC the columns
   are prefetched 2 KiB ahead, as gemv_n's: c/zgemv_t from memory 1.12-1.17x faster (Zen 5, 1
   thread, 79-86% of the stream bound; 4 KiB ahead 0.9x of that) */
#define L2G_GT_STEP4(V, SWAP, k)                                                                   \
    do {                                                                                           \
        V xa = L2G_LD(V, xv + (k)), xb = SWAP(xa);                                                 \
        V v0 = L2G_LD(V, a0 + (k)), v1 = L2G_LD(V, a1 + (k));                                      \
        V v2 = L2G_LD(V, a2 + (k)), v3 = L2G_LD(V, a3 + (k));                                      \
        p0 += v0 * xa, q0 += v0 * xb, p1 += v1 * xa, q1 += v1 * xb;                                \
        p2 += v2 * xa, q2 += v2 * xb, p3 += v3 * xa, q3 += v3 * xb;                                \
    } while (0)
#define NB_L2GEN_CPLX(T, R, V, SWAP, HSUM4, ALT, p, sfx)                                           \
    /* Four columns per pass on the interleaved data as it lies, in vectors V: lane l          \
       of sp_c collects a[k+l]*x[k+l] (even lanes ar*xr, odd ai*xi), of sq_c a[k+l]*x[k+(l^1)]  \
       (ar*xi, ai*xr): one in-register swap of x, no de-interleaving; 8 sums + x and its swap.  \
       The lanes are then summed with the signs of op folded in (times +-1, exact) by shuffles  \
       (vec_hsum.h): lane loops over arrays of sums went through the stack (cgemv_t 40 x 40 at \
       0.68x OpenBLAS). */                                                                     \
    void L2G_NAME(p, gemv_t, sfx)(size_t m, size_t n, NB_KARG_##p(T) ta, const T *a,           \
                                  size_t lda, const T *x, T *y, int conj)                          \
    {                                                                                              \
        T alpha;                                                                                   \
        NB_KPARTS_##p(ta, __real__ alpha, __imag__ alpha);                                      \
        enum { L = sizeof(V) / sizeof(R) };                                                        \
        const R *restrict xv = (const R *)x;                                                       \
        size_t len = 2 * m, kend = len - len % L;                                                  \
        V alt = ALT(), one = alt - alt + 1;                                                        \
        V sgn_p = conj ? one : alt, sgn_q = conj ? alt : one;                                      \
        const int pf = (double)n * (double)lda * sizeof(T) > (double)nb_rt.llc;                    \
        size_t j = 0;                                                                              \
        for (; j + 4 <= n; j += 4) {                                                               \
            const R *restrict a0 = (const R *)(a + j * lda), *restrict a1 = a0 + 2 * lda;          \
            const R *restrict a2 = a1 + 2 * lda, *restrict a3 = a2 + 2 * lda;                      \
            V z = {0}, p0 = z, p1 = z, p2 = z, p3 = z, q0 = z, q1 = z, q2 = z, q3 = z;             \
            size_t k = 0;                                                                          \
            if (pf)                                                                                \
                for (; k + L2G_GEMV_PF / sizeof(R) < kend; k += L) {                               \
                    L2G_GEMV_PF4(k);                                                               \
                    L2G_GT_STEP4(V, SWAP, k);                                                      \
                }                                                                                  \
            for (; k < kend; k += L)                                                               \
                L2G_GT_STEP4(V, SWAP, k);                                                          \
            if (kend < len) { /* the tail as a zero-padded vector: lane l is element kend + l */   \
                R ta[4][L], tx[L], tw[L];                                                          \
                memset(ta, 0, sizeof ta), memset(tx, 0, sizeof tx), memset(tw, 0, sizeof tw);      \
                for (size_t k = kend; k < len; k++) {                                              \
                    tx[k - kend] = xv[k], tw[k - kend] = xv[k ^ 1];                                \
                    ta[0][k - kend] = a0[k], ta[1][k - kend] = a1[k];                              \
                    ta[2][k - kend] = a2[k], ta[3][k - kend] = a3[k];                              \
                }                                                                                  \
                V xa = L2G_LD(V, tx), xb = L2G_LD(V, tw);                                          \
                V v0 = L2G_LD(V, ta[0]), v1 = L2G_LD(V, ta[1]);                                    \
                V v2 = L2G_LD(V, ta[2]), v3 = L2G_LD(V, ta[3]);                                    \
                p0 += v0 * xa, q0 += v0 * xb, p1 += v1 * xa, q1 += v1 * xb;                        \
                p2 += v2 * xa, q2 += v2 * xb, p3 += v3 * xa, q3 += v3 * xb;                        \
            }                                                                                      \
            R re[4], im[4];                                                                        \
            HSUM4(p0 * sgn_p, p1 * sgn_p, p2 * sgn_p, p3 * sgn_p, re);                             \
            HSUM4(q0 * sgn_q, q1 * sgn_q, q2 * sgn_q, q3 * sgn_q, im);                             \
            for (int c = 0; c < 4; c++)                                                            \
                L2G_CUPDATE(y + j + c, alpha, re[c], im[c]);                                       \
        }                                                                                          \
        /* the last columns one at a time in the same form (sums, padded tail, lane tree), so a \
           column's value depends on m alone, not on its place in the call: LAPACK's eigen-      \
           solvers apply a reflector to more columns when they also compute vectors, and their \
           eigenvalues must not change (xeigtstc's CEV/CGV "result 5" compares them bitwise) */ \
        for (; j < n; j++) {                                                                       \
            const R *restrict a0 = (const R *)(a + j * lda);                                       \
            V z = {0}, p0 = z, q0 = z;                                                             \
            for (size_t k = 0; k < kend; k += L) {                                                 \
                V xa = L2G_LD(V, xv + k), xb = SWAP(xa), v0 = L2G_LD(V, a0 + k);                   \
                p0 += v0 * xa, q0 += v0 * xb;                                                      \
            }                                                                                      \
            if (kend < len) {                                                                      \
                R ta[L], tx[L], tw[L];                                                             \
                memset(ta, 0, sizeof ta), memset(tx, 0, sizeof tx), memset(tw, 0, sizeof tw);      \
                for (size_t k = kend; k < len; k++)                                                \
                    tx[k - kend] = xv[k], tw[k - kend] = xv[k ^ 1], ta[k - kend] = a0[k];          \
                V xa = L2G_LD(V, tx), xb = L2G_LD(V, tw), v0 = L2G_LD(V, ta);                      \
                p0 += v0 * xa, q0 += v0 * xb;                                                      \
            }                                                                                      \
            R re[4], im[4];                                                                        \
            V pp = p0 * sgn_p, qq = q0 * sgn_q;                                                    \
            HSUM4(pp, pp, pp, pp, re);                                                             \
            HSUM4(qq, qq, qq, qq, im);                                                             \
            L2G_CUPDATE(y + j, alpha, re[0], im[0]);                                               \
        }                                                                                          \
    }                                                                                              \
    void L2G_NAME(p, ger, sfx)(size_t m, size_t n, NB_KARG_##p(T) ta, const T *x, const T *y,     \
                               T *a, size_t lda, int conj)                                         \
    {                                                                                              \
        T alpha;                                                                                   \
        NB_KPARTS_##p(ta, __real__ alpha, __imag__ alpha);                                         \
        for (size_t j = 0; j < n; j++) {                                                           \
            if (y[j] == 0) /* the reference skips the column */                                    \
                continue;                                                                          \
            T t = alpha * (conj ? ~y[j] : y[j]);                                                   \
            L2G_NAME(p, axpy, sfx)(m, NB_KPASS_##p(t), x, a + j * lda);                         \
        }                                                                                          \
    }


/* The real axpy prefetches x L2G_PF_BYTES ahead on columns of L2G_PF_MIN bytes or more: tpmv
   'N' from L3 (columns of 8-16 KiB) ran at 0.55x OpenBLAS without it on the Zen 4 guest; on
   short columns (band and small triangles, in L1) the prefetches only cost issue slots. 4 KiB
   ahead, every 64 bytes (2 KiB before): s/d tpmv and tpsv from memory 1.2-1.3x faster on
   Zen 5, the same from L2 and L3; without it, from L3 too, tpsv lost 5-15%. */
#define L2G_PF_BYTES 4096
#define L2G_PF_MIN 4096
/* From 1 KiB to L2G_PF_MIN the same step without the prefetches (one vector a step before), in
   the set's widest vectors (NB_L2GEN_NBYTES, 64 bytes on avx512): s/d tpmv and tpsv from L2
   1.03-1.12x on Zen 5 with the step, dtpmv 352 1.1x more in 64-byte vectors (0.8x -> 1.0x
   OpenBLAS); below 1 KiB, the L1-sized band and packed columns, the step's entry cost more than
   it gave. The prefetching step above stays at NB_L2GEN_VBYTES: in 64-byte vectors it ran s/d
   tpmv from memory at 0.88-0.92x (from L3 1.05x). */
#define L2G_AXPY_MID 1024
/* Vectors a step of the real axpy's long columns: eight where the set has 32 vector registers
   (AVX-512; 256 bytes a step in its 32-byte vectors: s/d tpmv from L3, one triangle per library
   as in the bench suite, 1.09-1.13x the four-vector step on Zen 5), four on the others. */
#if defined(__AVX512F__)
#define L2G_AXPY_STEP 8
#else
#define L2G_AXPY_STEP 4
#endif
/* The real axpy's short columns (band and packed sweeps, columns shifted by one element from
   the last): in V vectors where the set says so (L2G_AXPY_VEC, the avx512 set, whose own omp simd
   loop ran them in 64-byte vectors with a scalar remainder of up to 7: dgbmv from L2 and L3 at
   0.75x of the same loop in 32-byte vectors on Zen 5); otherwise left to omp simd. */
#ifdef L2G_AXPY_VEC
#define L2G_AXPY_SHORT(V, W)                                                                       \
    for (; i + W <= n; i += W) {                                                                   \
        V y0 = L2G_LD(V, yr + i) + t * L2G_LD(V, xr + i);                                          \
        memcpy(yr + i, &y0, sizeof y0);                                                            \
    }
#else
#define L2G_AXPY_SHORT(V, W)
#endif
/* The complex axpy's main step: eight vectors where the set has 32 vector registers (AVX-512;
   8 x, 8 y and 2 constants), four on the others (eight spilled on avx2: zgeru 0.8x). */
#if defined(__AVX512F__)
#define L2G_CAXPY_STEP 8
#else
#define L2G_CAXPY_STEP 4
#endif
/* One step of the real axpy (xr, yr, t of the function it is used in): L2G_AXPY_STEP vectors of
   type VT (WN lanes each) at element i, the loads first and the stores last. */
#define L2G_RAXPY_STEP(VT, WN, i)                                                                  \
    do {                                                                                           \
        VT yv_[L2G_AXPY_STEP];                                                                     \
        _Pragma("GCC unroll 16") for (int k = 0; k < L2G_AXPY_STEP; k++)                           \
            yv_[k] = L2G_LD(VT, yr + (i) + k * (WN));                                              \
        _Pragma("GCC unroll 16") for (int k = 0; k < L2G_AXPY_STEP; k++)                           \
            yv_[k] = yv_[k] + t * L2G_LD(VT, xr + (i) + k * (WN));                                 \
        _Pragma("GCC unroll 16") for (int k = 0; k < L2G_AXPY_STEP; k++)                           \
            memcpy(yr + (i) + k * (WN), &yv_[k], sizeof yv_[k]);                                   \
    } while (0)
/* axpy and dot for one type; complex ones on the (re, im) pairs as above. */
#define NB_L2GEN_VEC_REAL(T, V, VW, HSUM1, p, sfx)                                                     \
    void L2G_NAME(p, axpy, sfx)(size_t n, T t, const T *x, T *y)                                   \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(T), WW = sizeof(VW) / sizeof(T) };                           \
        const T *restrict xr = x;                                                                  \
        T *restrict yr = y;                                                                        \
        size_t i = 0;                                                                              \
        if (n * sizeof(T) >= L2G_PF_MIN)                                                           \
            for (; i + L2G_AXPY_STEP * W <= n; i += L2G_AXPY_STEP * W) {                           \
                _Pragma("GCC unroll 16") for (int k = 0; k < L2G_AXPY_STEP; k += 2)                \
                    __builtin_prefetch(xr + i + k * W + L2G_PF_BYTES / sizeof(T));                 \
                L2G_RAXPY_STEP(V, W, i);                                                           \
            }                                                                                      \
        if (n * sizeof(T) >= L2G_AXPY_MID)                                                         \
            for (; i + L2G_AXPY_STEP * WW <= n; i += L2G_AXPY_STEP * WW)                           \
                L2G_RAXPY_STEP(VW, WW, i);                                                         \
        L2G_AXPY_SHORT(V, W)                                                                       \
        _Pragma("omp simd") for (size_t k = i; k < n; k++) yr[k] = yr[k] + t * xr[k];              \
    }                                                                                              \
    /* two vector sums (one chain was latency-bound), lanes summed by shuffles (the omp simd   \
       reduction went through the stack), then the scalar tail: an order fixed by n */        \
    T L2G_NAME(p, dot, sfx)(size_t n, T acc, const T *x, const T *y, int conj)                     \
    {                                                                                              \
        (void)conj;                                                                                \
        enum { W = sizeof(V) / sizeof(T) };                                                        \
        V s0 = {0}, s1 = {0};                                                                      \
        size_t i = 0;                                                                              \
        for (; i + 2 * W <= n; i += 2 * W)                                                         \
            s0 += L2G_LD(V, x + i) * L2G_LD(V, y + i),                                             \
                s1 += L2G_LD(V, x + i + W) * L2G_LD(V, y + i + W);                                 \
        if (i + W <= n)                                                                            \
            s0 += L2G_LD(V, x + i) * L2G_LD(V, y + i), i += W;                                     \
        T s = HSUM1(s0 + s1);                                                                      \
        for (; i < n; i++)                                                                         \
            s += x[i] * y[i];                                                                      \
        return acc + s;                                                                            \
    }
#define NB_L2GEN_VEC_CPLX(T, R, V, SWAP, HSUM1, ALT, p, sfx)                                                       \
    /* on the interleaved data: y += r x + (-s, +s) * swap(x), two FMAs and one in-lane swap a  \
       vector (GCC's own vectorisation of the pairs de-interleaved them through permutes); the  \
       scalar tail takes the same two steps, so every element rounds alike */                   \
    void L2G_NAME(p, axpy, sfx)(size_t n, NB_KARG_##p(T) ta, const T *x, T *y)                  \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(R) };                                                        \
        const R *restrict xv = (const R *)x;                                                       \
        R *restrict yv = (R *)y;                                                                   \
        R r, s;                                                                                    \
        NB_KPARTS_##p(ta, r, s);                                                                \
        V rv = (V){0} + r, sv = ALT() * -s;                                                        \
        size_t len = 2 * n, i = 0;                                                                 \
        /* columns of 24 KiB and more, as the real axpy's long ones but y prefetched too (ger     \
           streams its columns as y): ctpmv, ztpmv, ctpsv, ztpsv from memory 1.2-1.4x faster on   \
           Zen 5, cgeru/zgeru 1.15x; from 4 KiB, the L3-sized ger rows (columns of 11-16 KiB)    \
           lost up to a third */                                                                  \
        if (len * sizeof(R) >= 6 * L2G_PF_MIN)                                                     \
            for (; i + 4 * W <= len; i += 4 * W) {                                                 \
                __builtin_prefetch(xv + i + L2G_PF_BYTES / sizeof(R));                             \
                __builtin_prefetch(xv + i + 2 * W + L2G_PF_BYTES / sizeof(R));                     \
                __builtin_prefetch(yv + i + L2G_PF_BYTES / sizeof(R), 1);                          \
                __builtin_prefetch(yv + i + 2 * W + L2G_PF_BYTES / sizeof(R), 1);                  \
                for (size_t h = 0; h < 4 * W; h += 2 * W) {                                        \
                    V xa = L2G_LD(V, xv + i + h), ya = L2G_LD(V, yv + i + h);                      \
                    V xb = L2G_LD(V, xv + i + h + W), yb = L2G_LD(V, yv + i + h + W);              \
                    ya = ya + rv * xa, yb = yb + rv * xb;                                          \
                    ya = ya + sv * SWAP(xa), yb = yb + sv * SWAP(xb);                              \
                    memcpy(yv + i + h, &ya, sizeof ya), memcpy(yv + i + h + W, &yb, sizeof yb);    \
                }                                                                                  \
            }                                                                                      \
        /* L2G_CAXPY_STEP vectors a step, the loads first and the stores last: c/z ger, tpmv  \
           and tpsv from L3 1.05-1.5x the two-vector loop on Zen 5 (avx512 set) */                \
        for (; i + L2G_CAXPY_STEP * W <= len; i += L2G_CAXPY_STEP * W) {                           \
            V xs_[L2G_CAXPY_STEP], ys_[L2G_CAXPY_STEP];                                            \
            _Pragma("GCC unroll 8") for (int k = 0; k < L2G_CAXPY_STEP; k++)                       \
                xs_[k] = L2G_LD(V, xv + i + k * W);                                                \
            _Pragma("GCC unroll 8") for (int k = 0; k < L2G_CAXPY_STEP; k++)                       \
                ys_[k] = L2G_LD(V, yv + i + k * W) + rv * xs_[k];                                  \
            _Pragma("GCC unroll 8") for (int k = 0; k < L2G_CAXPY_STEP; k++)                       \
                ys_[k] = ys_[k] + sv * SWAP(xs_[k]);                                               \
            _Pragma("GCC unroll 8") for (int k = 0; k < L2G_CAXPY_STEP; k++)                       \
                memcpy(yv + i + k * W, &ys_[k], sizeof ys_[k]);                                    \
        }                                                                                          \
        for (; i + 2 * W <= len; i += 2 * W) {                                                     \
            V xa = L2G_LD(V, xv + i), ya = L2G_LD(V, yv + i);                                      \
            V xb = L2G_LD(V, xv + i + W), yb = L2G_LD(V, yv + i + W);                              \
            ya = ya + rv * xa, yb = yb + rv * xb;                                                  \
            ya = ya + sv * SWAP(xa), yb = yb + sv * SWAP(xb);                                      \
            memcpy(yv + i, &ya, sizeof ya), memcpy(yv + i + W, &yb, sizeof yb);                    \
        }                                                                                          \
        for (; i + W <= len; i += W) {                                                             \
            V xa = L2G_LD(V, xv + i), ya = L2G_LD(V, yv + i);                                      \
            ya = ya + rv * xa;                                                                     \
            ya = ya + sv * SWAP(xa);                                                               \
            memcpy(yv + i, &ya, sizeof ya);                                                        \
        }                                                                                          \
        for (; i < len; i += 2) {                                                                  \
            R re = L2G_FMA(-s, xv[i + 1], L2G_FMA(r, xv[i], yv[i]));                               \
            R im = L2G_FMA(s, xv[i], L2G_FMA(r, xv[i + 1], yv[i + 1]));                            \
            yv[i] = re, yv[i + 1] = im;                                                            \
        }                                                                                          \
    }                                                                                              \
    /* on the interleaved data: sp += x*y (xr*yr, xi*yi lanes), sq += x*swap(y) (xr*yi, xi*yr),  \
       summed with the signs of op (times +-1, exact); then the tail's four sums */            \
    T L2G_NAME(p, dot, sfx)(size_t n, T acc, const T *x, const T *y, int conj)                     \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(R) };                                                        \
        const R *restrict xv = (const R *)x, *restrict yv = (const R *)y;                          \
        V sp = {0}, sq = {0}, alt = ALT(), one = sp + 1;                                           \
        size_t len = 2 * n, i = 0;                                                                 \
        for (; i + W <= len; i += W) {                                                             \
            V a = L2G_LD(V, xv + i), b = L2G_LD(V, yv + i);                                        \
            sp += a * b, sq += a * SWAP(b);                                                        \
        }                                                                                          \
        R rr = 0, ii = 0, ri = 0, ir = 0; /* the tail, one element at a time */                    \
        for (; i < len; i += 2)                                                                    \
            rr += xv[i] * yv[i], ii += xv[i + 1] * yv[i + 1],                                      \
                ri += xv[i] * yv[i + 1], ir += xv[i + 1] * yv[i];                                  \
        T s;                                                                                       \
        __real__ s = HSUM1(sp * (conj ? one : alt)) + (conj ? rr + ii : rr - ii);                  \
        __imag__ s = HSUM1(sq * (conj ? alt : one)) + (conj ? ri - ir : ri + ir);                  \
        return acc + s;                                                                            \
    }

/* Four band columns a call (axpyb4, the contract in kernels/l2gen_kernels.h): a band sweep's
   columns hold the same rows shifted by one, so the column-by-column axpy stored y and read it
   back shifted by one element at once, through misaligned store forwarding, and made a call
   per column of 33-65 elements. Here y is loaded and stored once per four columns. Rows 0-2 and
   len..len+2 are the ones only some columns reach; every element gets the axpy's operations in
   column order, so the values are those of four axpy calls, to the bit. */
#define L2G_B4_REAL_OP(c, i) yr[i] = L2G_FMA(t##c, a##c[i], yr[i])
#define NB_L2GEN_BAND4_REAL(T, V, p, sfx)                                                          \
    void L2G_NAME(p, axpyb4, sfx)(size_t len, const T *t, const T *a, size_t s, T *y)              \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(T) };                                                        \
        const T *restrict a0 = a, *restrict a1 = a + s, *restrict a2 = a + 2 * s;                  \
        const T *restrict a3 = a + 3 * s;                                                          \
        T *restrict yr = y;                                                                        \
        const T t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];                                        \
        L2G_B4_REAL_OP(0, 0);                                                                      \
        L2G_B4_REAL_OP(0, 1), L2G_B4_REAL_OP(1, 1);                                                \
        L2G_B4_REAL_OP(0, 2), L2G_B4_REAL_OP(1, 2), L2G_B4_REAL_OP(2, 2);                          \
        size_t i = 3;                                                                              \
        for (; i + W <= len; i += W) {                                                             \
            V v = L2G_LD(V, yr + i);                                                               \
            v = v + t0 * L2G_LD(V, a0 + i), v = v + t1 * L2G_LD(V, a1 + i);                        \
            v = v + t2 * L2G_LD(V, a2 + i), v = v + t3 * L2G_LD(V, a3 + i);                        \
            memcpy(yr + i, &v, sizeof v);                                                          \
        }                                                                                          \
        for (; i < len; i++) {                                                                     \
            L2G_B4_REAL_OP(0, i), L2G_B4_REAL_OP(1, i);                                            \
            L2G_B4_REAL_OP(2, i), L2G_B4_REAL_OP(3, i);                                            \
        }                                                                                          \
        L2G_B4_REAL_OP(1, len), L2G_B4_REAL_OP(2, len), L2G_B4_REAL_OP(3, len);                    \
        L2G_B4_REAL_OP(2, len + 1), L2G_B4_REAL_OP(3, len + 1);                                    \
        L2G_B4_REAL_OP(3, len + 2);                                                                \
    }
/* complex: the axpy's two FMAs a column, re -= s ai after re += r ar, im += s ar after im += r
   ai (its scalar tail's order), on the interleaved data */
#define L2G_B4_CPLX_OP(c, e)                                                                       \
    do {                                                                                           \
        __typeof__(yr[0]) re_ =                                                                    \
            L2G_FMA(-s##c, a##c[2 * (e) + 1], L2G_FMA(r##c, a##c[2 * (e)], yr[2 * (e)]));          \
        __typeof__(yr[0]) im_ =                                                                    \
            L2G_FMA(s##c, a##c[2 * (e)], L2G_FMA(r##c, a##c[2 * (e) + 1], yr[2 * (e) + 1]));       \
        yr[2 * (e)] = re_, yr[2 * (e) + 1] = im_;                                                  \
    } while (0)
#define L2G_B4_CPLX_VEC(c, SWAP)                                                                   \
    do {                                                                                           \
        __typeof__(v) x_ = L2G_LD(__typeof__(v), a##c + i);                                        \
        L2G_KEEP(x_); /* one load for both FMAs */                                                 \
        v = v + rv##c * x_;                                                                        \
        v = v + sv##c * SWAP(x_);                                                                  \
    } while (0)
/* the four columns' scalars (tr, r0..s3) and their vectors, for axpyb4 and axpy4 */
#define L2G_C4_CONSTS(R, V, ALT)                                                                   \
    const R *tr = (const R *)t;                                                                    \
    const R r0 = tr[0], s0 = tr[1], r1 = tr[2], s1 = tr[3];                                        \
    const R r2 = tr[4], s2 = tr[5], r3 = tr[6], s3 = tr[7];                                        \
    const V alt = ALT();                                                                           \
    const V rv0 = (V){0} + r0, sv0 = alt * -s0, rv1 = (V){0} + r1, sv1 = alt * -s1;                \
    const V rv2 = (V){0} + r2, sv2 = alt * -s2, rv3 = (V){0} + r3, sv3 = alt * -s3
/* the rows all four columns reach, from real i0 to 2 len: vectors, then the scalar tail */
#define L2G_C4_RUN(V, SWAP, i0)                                                                    \
    do {                                                                                           \
        size_t i = (i0); /* in reals */                                                            \
        for (; i + W <= 2 * len; i += W) {                                                         \
            V v = L2G_LD(V, yr + i);                                                               \
            L2G_B4_CPLX_VEC(0, SWAP); L2G_B4_CPLX_VEC(1, SWAP);                                    \
            L2G_B4_CPLX_VEC(2, SWAP); L2G_B4_CPLX_VEC(3, SWAP);                                    \
            memcpy(yr + i, &v, sizeof v);                                                          \
        }                                                                                          \
        for (size_t e = i / 2; e < len; e++) {                                                     \
            L2G_B4_CPLX_OP(0, e); L2G_B4_CPLX_OP(1, e);                                            \
            L2G_B4_CPLX_OP(2, e); L2G_B4_CPLX_OP(3, e);                                            \
        }                                                                                          \
    } while (0)
#define NB_L2GEN_BAND4_CPLX(T, R, V, SWAP, ALT, p, sfx)                                            \
    void L2G_NAME(p, axpyb4, sfx)(size_t len, const T *t, const T *a, size_t s, T *y)              \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(R) };                                                        \
        const R *restrict a0 = (const R *)a, *restrict a1 = (const R *)(a + s);                    \
        const R *restrict a2 = (const R *)(a + 2 * s), *restrict a3 = (const R *)(a + 3 * s);      \
        R *restrict yr = (R *)y;                                                                   \
        L2G_C4_CONSTS(R, V, ALT);                                                                  \
        L2G_B4_CPLX_OP(0, 0);                                                                      \
        L2G_B4_CPLX_OP(0, 1); L2G_B4_CPLX_OP(1, 1);                                                \
        L2G_B4_CPLX_OP(0, 2); L2G_B4_CPLX_OP(1, 2); L2G_B4_CPLX_OP(2, 2);                          \
        L2G_C4_RUN(V, SWAP, 6);                                                                    \
        L2G_B4_CPLX_OP(1, len); L2G_B4_CPLX_OP(2, len); L2G_B4_CPLX_OP(3, len);                    \
        L2G_B4_CPLX_OP(2, len + 1); L2G_B4_CPLX_OP(3, len + 1);                                    \
        L2G_B4_CPLX_OP(3, len + 2);                                                                \
    }
/* Four columns of a packed sweep a call (axpy4, the contract in kernels/l2gen_kernels.h): one
   column at a time read A as one stream from memory, which a Zen 3 core fetched at 0.6x the
   rate of four streams side by side (dtpmv 5784 stand-alone: 15 -> 24 GB/s, stream bound 24).
   Each y[i] is updated column after column as by four axpy calls; no software prefetch (four
   streams with it ran 10-15% slower there). */
#define NB_L2GEN_AXPY4_REAL(T, V, p, sfx)                                                          \
    void L2G_NAME(p, axpy4, sfx)(size_t len, const T *t, const T *const *a, T *y)                  \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(T) };                                                        \
        const T *restrict a0 = a[0], *restrict a1 = a[1], *restrict a2 = a[2];                     \
        const T *restrict a3 = a[3];                                                               \
        T *restrict yr = y;                                                                        \
        const T t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3];                                        \
        size_t i = 0;                                                                              \
        for (; i + 2 * W <= len; i += 2 * W) {                                                     \
            V v = L2G_LD(V, yr + i), u = L2G_LD(V, yr + i + W);                                    \
            v = v + t0 * L2G_LD(V, a0 + i), u = u + t0 * L2G_LD(V, a0 + i + W);                    \
            v = v + t1 * L2G_LD(V, a1 + i), u = u + t1 * L2G_LD(V, a1 + i + W);                    \
            v = v + t2 * L2G_LD(V, a2 + i), u = u + t2 * L2G_LD(V, a2 + i + W);                    \
            v = v + t3 * L2G_LD(V, a3 + i), u = u + t3 * L2G_LD(V, a3 + i + W);                    \
            memcpy(yr + i, &v, sizeof v), memcpy(yr + i + W, &u, sizeof u);                        \
        }                                                                                          \
        for (; i < len; i++) {                                                                     \
            L2G_B4_REAL_OP(0, i), L2G_B4_REAL_OP(1, i);                                            \
            L2G_B4_REAL_OP(2, i), L2G_B4_REAL_OP(3, i);                                            \
        }                                                                                          \
    }
#define NB_L2GEN_AXPY4_CPLX(T, R, V, SWAP, ALT, p, sfx)                                            \
    void L2G_NAME(p, axpy4, sfx)(size_t len, const T *t, const T *const *a, T *y)                  \
    {                                                                                              \
        enum { W = sizeof(V) / sizeof(R) };                                                        \
        const R *restrict a0 = (const R *)a[0], *restrict a1 = (const R *)a[1];                    \
        const R *restrict a2 = (const R *)a[2], *restrict a3 = (const R *)a[3];                    \
        R *restrict yr = (R *)y;                                                                   \
        L2G_C4_CONSTS(R, V, ALT);                                                                  \
        L2G_C4_RUN(V, SWAP, 0);                                                                    \
    }
NB_L2GEN_AXPY4_REAL(float, l2g_vs, s, NB_L2GEN_SUFFIX)
NB_L2GEN_AXPY4_REAL(double, l2g_vd, d, NB_L2GEN_SUFFIX)
NB_L2GEN_AXPY4_CPLX(float _Complex, float, l2g_vs, pswap_s_l2g, alt_s_l2g, c, NB_L2GEN_SUFFIX)
NB_L2GEN_AXPY4_CPLX(double _Complex, double, l2g_vd, pswap_d_l2g, alt_d_l2g, z, NB_L2GEN_SUFFIX)
NB_L2GEN_BAND4_REAL(float, l2g_vs, s, NB_L2GEN_SUFFIX)
NB_L2GEN_BAND4_REAL(double, l2g_vd, d, NB_L2GEN_SUFFIX)
NB_L2GEN_BAND4_CPLX(float _Complex, float, l2g_vs, pswap_s_l2g, alt_s_l2g, c, NB_L2GEN_SUFFIX)
NB_L2GEN_BAND4_CPLX(double _Complex, double, l2g_vd, pswap_d_l2g, alt_d_l2g, z, NB_L2GEN_SUFFIX)

NB_L2GEN_VEC_REAL(float, l2g_vs, hs_vs_l2gn, hsum1_s_l2g, s, NB_L2GEN_SUFFIX)
NB_L2GEN_VEC_REAL(double, l2g_vd, hs_vd_l2gn, hsum1_d_l2g, d, NB_L2GEN_SUFFIX)
NB_L2GEN_VEC_CPLX(float _Complex, float, l2g_vs, pswap_s_l2g, hsum1_s_l2g, alt_s_l2g, c, NB_L2GEN_SUFFIX)
NB_L2GEN_VEC_CPLX(double _Complex, double, l2g_vd, pswap_d_l2g, hsum1_d_l2g, alt_d_l2g, z, NB_L2GEN_SUFFIX)
NB_L2GEN_GEMV_N(float _Complex, float, hs_vs_l2gn, pswap_s_l2gn, alt_s_l2gn, c, NB_L2GEN_SUFFIX)
NB_L2GEN_GEMV_N(double _Complex, double, hs_vd_l2gn, pswap_d_l2gn, alt_d_l2gn, z, NB_L2GEN_SUFFIX)
NB_L2GEN_CPLX(float _Complex, float, l2g_vs, pswap_s_l2g, hsum4_s_l2g, alt_s_l2g, c, NB_L2GEN_SUFFIX)
NB_L2GEN_CPLX(double _Complex, double, l2g_vd, pswap_d_l2g, hsum4_d_l2g, alt_d_l2g, z, NB_L2GEN_SUFFIX)
#include "kernels/generic/trn_loops.h"

/* bf16 -> fp32 is a 16-bit shift into the high half: exact, and vectorisable as an integer
   widen + shift (no AVX512_BF16 needed). */
static inline float L2G_CAT3(l2g_bf, _, NB_L2GEN_SUFFIX)(unsigned short v)
{
    uint32_t u = (uint32_t)v << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
#define L2G_BF16(v) L2G_CAT3(l2g_bf, _, NB_L2GEN_SUFFIX)(v)

void L2G_BF(gemv_n, NB_L2GEN_SUFFIX)(size_t m, size_t n, float alpha, const unsigned short *a,
                                     size_t lda, const unsigned short *x, float *y)
{
    float *restrict yr = y;
    for (size_t j = 0; j < n; j++) {
        const unsigned short *restrict aj = a + j * lda;
        float t = alpha * L2G_BF16(x[j]);
        _Pragma("omp simd") for (size_t i = 0; i < m; i++) yr[i] = yr[i] + t * L2G_BF16(aj[i]);
    }
}

void L2G_BF(gemv_t, NB_L2GEN_SUFFIX)(size_t m, size_t n, float alpha, const unsigned short *a,
                                     size_t lda, const unsigned short *x, float *y)
{
    for (size_t j = 0; j < n; j++)
        y[j] += alpha * L2G_BF(dot, NB_L2GEN_SUFFIX)(m, a + j * lda, x);
}

float L2G_BF(dot, NB_L2GEN_SUFFIX)(size_t n, const unsigned short *x, const unsigned short *y)
{
    const unsigned short *restrict xr = x, *restrict yr = y;
    float s = 0;
    _Pragma("omp simd reduction(+ : s)") for (size_t i = 0; i < n; i++) s +=
        L2G_BF16(xr[i]) * L2G_BF16(yr[i]);
    return s;
}
