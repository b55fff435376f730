/* Horizontal sums of GCC vector types, by lane shuffles and vector adds, for the plain-C loops
   that every kernel set compiles with its own flags (gemv_loops.h, l2sym_loops.h). A loop over
   the lanes (t += v[l]) made GCC store the vector to the stack once per lane and chain scalar
   adds through memory: 60% of sgemv_t 56 x 56 on avx2 went there.

   Include after defining NB_HSUM_VBYTES (16, 32 or 64: the vector size in bytes) and
   NB_HSUM_SFX (a name suffix, so that two widths can live in one translation unit). Defines, for
   float (s) and double (d) vectors of that size:
     hsum4_<s|d>_SFX(v0, v1, v2, v3, t): t[c] = the lane sum of vc, for four vectors at once
       (pairs of lanes, then quads, then the quads' groups folded), in an order fixed by the
       width alone;
     hsum1_<s|d>_SFX(v): the lane sum of one vector, halves folded onto each other;
     pswap_<s|d>_SFX(v): lanes 2k and 2k+1 exchanged (re and im of interleaved complex data);
     alt_<s|d>_SFX(): the constant (1, -1, 1, -1, ...) (built lane by lane, GCC kept such vectors
       on the stack inside the loops that used them).
   Generated lane lists: lane i ^ h for the folds, (k, W + k) pairs for the first step. */
#ifndef NB_HSUM_VBYTES
#error "define NB_HSUM_VBYTES before including kernels/generic/vec_hsum.h"
#endif

#define HS_CAT3_(a, b, c) a##b##c
#define HS_CAT3(a, b, c) HS_CAT3_(a, b, c)
#define HS_NAME(f) HS_CAT3(f, _, NB_HSUM_SFX)

typedef float HS_NAME(hs_vs) __attribute__((vector_size(NB_HSUM_VBYTES)));
typedef double HS_NAME(hs_vd) __attribute__((vector_size(NB_HSUM_VBYTES)));
typedef int HS_NAME(hs_ms) __attribute__((vector_size(NB_HSUM_VBYTES)));
typedef long long HS_NAME(hs_md) __attribute__((vector_size(NB_HSUM_VBYTES)));

/* Lane masks are written out per lane count W (float W = VBYTES / 4, double W = VBYTES / 8):
   the pair step interleaves the even and odd lanes of two vectors, the quad step gathers the
   pair sums of four vectors by groups of four lanes, and a fold adds lane i ^ h to lane i. */
#if NB_HSUM_VBYTES == 16
static inline void HS_NAME(hsum4_s)(HS_NAME(hs_vs) v0, HS_NAME(hs_vs) v1, HS_NAME(hs_vs) v2,
        HS_NAME(hs_vs) v3, float *t)
{
    typedef HS_NAME(hs_vs) V;
    typedef HS_NAME(hs_ms) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 4, 2, 6}) +
          __builtin_shuffle(v0, v1, (M){1, 5, 3, 7});
    V b = __builtin_shuffle(v2, v3, (M){0, 4, 2, 6}) +
          __builtin_shuffle(v2, v3, (M){1, 5, 3, 7});
    V q = __builtin_shuffle(a, b, (M){0, 1, 4, 5}) +
          __builtin_shuffle(a, b, (M){2, 3, 6, 7});
    t[0] = q[0], t[1] = q[1], t[2] = q[2], t[3] = q[3];
}
static inline float HS_NAME(hsum1_s)(HS_NAME(hs_vs) v)
{
    typedef HS_NAME(hs_ms) M;
    v += __builtin_shuffle(v, (M){2, 3, 0, 1});
    return v[0] + v[1];
}
static inline void HS_NAME(hsum4_d)(HS_NAME(hs_vd) v0, HS_NAME(hs_vd) v1, HS_NAME(hs_vd) v2,
        HS_NAME(hs_vd) v3, double *t)
{
    typedef HS_NAME(hs_vd) V;
    typedef HS_NAME(hs_md) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 2}) +
          __builtin_shuffle(v0, v1, (M){1, 3});
    V b = __builtin_shuffle(v2, v3, (M){0, 2}) +
          __builtin_shuffle(v2, v3, (M){1, 3});
    t[0] = a[0], t[1] = a[1], t[2] = b[0], t[3] = b[1];
}
static inline double HS_NAME(hsum1_d)(HS_NAME(hs_vd) v)
{
    return v[0] + v[1];
}
static inline HS_NAME(hs_vs) HS_NAME(pswap_s)(HS_NAME(hs_vs) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_ms)){1, 0, 3, 2});
}
static inline HS_NAME(hs_vd) HS_NAME(pswap_d)(HS_NAME(hs_vd) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_md)){1, 0});
}
static inline HS_NAME(hs_vs) HS_NAME(alt_s)(void)
{
    return (HS_NAME(hs_vs)){1, -1, 1, -1};
}
static inline HS_NAME(hs_vd) HS_NAME(alt_d)(void)
{
    return (HS_NAME(hs_vd)){1, -1};
}
#elif NB_HSUM_VBYTES == 32
static inline void HS_NAME(hsum4_s)(HS_NAME(hs_vs) v0, HS_NAME(hs_vs) v1, HS_NAME(hs_vs) v2,
        HS_NAME(hs_vs) v3, float *t)
{
    typedef HS_NAME(hs_vs) V;
    typedef HS_NAME(hs_ms) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 8, 2, 10, 4, 12, 6, 14}) +
          __builtin_shuffle(v0, v1, (M){1, 9, 3, 11, 5, 13, 7, 15});
    V b = __builtin_shuffle(v2, v3, (M){0, 8, 2, 10, 4, 12, 6, 14}) +
          __builtin_shuffle(v2, v3, (M){1, 9, 3, 11, 5, 13, 7, 15});
    V q = __builtin_shuffle(a, b, (M){0, 1, 8, 9, 4, 5, 12, 13}) +
          __builtin_shuffle(a, b, (M){2, 3, 10, 11, 6, 7, 14, 15});
    q += __builtin_shuffle(q, (M){4, 5, 6, 7, 0, 1, 2, 3});
    t[0] = q[0], t[1] = q[1], t[2] = q[2], t[3] = q[3];
}
static inline float HS_NAME(hsum1_s)(HS_NAME(hs_vs) v)
{
    typedef HS_NAME(hs_ms) M;
    v += __builtin_shuffle(v, (M){4, 5, 6, 7, 0, 1, 2, 3});
    v += __builtin_shuffle(v, (M){2, 3, 0, 1, 6, 7, 4, 5});
    return v[0] + v[1];
}
static inline void HS_NAME(hsum4_d)(HS_NAME(hs_vd) v0, HS_NAME(hs_vd) v1, HS_NAME(hs_vd) v2,
        HS_NAME(hs_vd) v3, double *t)
{
    typedef HS_NAME(hs_vd) V;
    typedef HS_NAME(hs_md) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 4, 2, 6}) +
          __builtin_shuffle(v0, v1, (M){1, 5, 3, 7});
    V b = __builtin_shuffle(v2, v3, (M){0, 4, 2, 6}) +
          __builtin_shuffle(v2, v3, (M){1, 5, 3, 7});
    V q = __builtin_shuffle(a, b, (M){0, 1, 4, 5}) +
          __builtin_shuffle(a, b, (M){2, 3, 6, 7});
    t[0] = q[0], t[1] = q[1], t[2] = q[2], t[3] = q[3];
}
static inline double HS_NAME(hsum1_d)(HS_NAME(hs_vd) v)
{
    typedef HS_NAME(hs_md) M;
    v += __builtin_shuffle(v, (M){2, 3, 0, 1});
    return v[0] + v[1];
}
static inline HS_NAME(hs_vs) HS_NAME(pswap_s)(HS_NAME(hs_vs) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_ms)){1, 0, 3, 2, 5, 4, 7, 6});
}
static inline HS_NAME(hs_vd) HS_NAME(pswap_d)(HS_NAME(hs_vd) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_md)){1, 0, 3, 2});
}
static inline HS_NAME(hs_vs) HS_NAME(alt_s)(void)
{
    return (HS_NAME(hs_vs)){1, -1, 1, -1, 1, -1, 1, -1};
}
static inline HS_NAME(hs_vd) HS_NAME(alt_d)(void)
{
    return (HS_NAME(hs_vd)){1, -1, 1, -1};
}
#elif NB_HSUM_VBYTES == 64
static inline void HS_NAME(hsum4_s)(HS_NAME(hs_vs) v0, HS_NAME(hs_vs) v1, HS_NAME(hs_vs) v2,
        HS_NAME(hs_vs) v3, float *t)
{
    typedef HS_NAME(hs_vs) V;
    typedef HS_NAME(hs_ms) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30}) +
          __builtin_shuffle(v0, v1, (M){1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31});
    V b = __builtin_shuffle(v2, v3, (M){0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30}) +
          __builtin_shuffle(v2, v3, (M){1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31});
    V q = __builtin_shuffle(a, b, (M){0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29}) +
          __builtin_shuffle(a, b, (M){2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31});
    q += __builtin_shuffle(q, (M){8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7});
    q += __builtin_shuffle(q, (M){4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11});
    t[0] = q[0], t[1] = q[1], t[2] = q[2], t[3] = q[3];
}
static inline float HS_NAME(hsum1_s)(HS_NAME(hs_vs) v)
{
    typedef HS_NAME(hs_ms) M;
    v += __builtin_shuffle(v, (M){8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7});
    v += __builtin_shuffle(v, (M){4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11});
    v += __builtin_shuffle(v, (M){2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13});
    return v[0] + v[1];
}
static inline void HS_NAME(hsum4_d)(HS_NAME(hs_vd) v0, HS_NAME(hs_vd) v1, HS_NAME(hs_vd) v2,
        HS_NAME(hs_vd) v3, double *t)
{
    typedef HS_NAME(hs_vd) V;
    typedef HS_NAME(hs_md) M;
    V a = __builtin_shuffle(v0, v1, (M){0, 8, 2, 10, 4, 12, 6, 14}) +
          __builtin_shuffle(v0, v1, (M){1, 9, 3, 11, 5, 13, 7, 15});
    V b = __builtin_shuffle(v2, v3, (M){0, 8, 2, 10, 4, 12, 6, 14}) +
          __builtin_shuffle(v2, v3, (M){1, 9, 3, 11, 5, 13, 7, 15});
    V q = __builtin_shuffle(a, b, (M){0, 1, 8, 9, 4, 5, 12, 13}) +
          __builtin_shuffle(a, b, (M){2, 3, 10, 11, 6, 7, 14, 15});
    q += __builtin_shuffle(q, (M){4, 5, 6, 7, 0, 1, 2, 3});
    t[0] = q[0], t[1] = q[1], t[2] = q[2], t[3] = q[3];
}
static inline double HS_NAME(hsum1_d)(HS_NAME(hs_vd) v)
{
    typedef HS_NAME(hs_md) M;
    v += __builtin_shuffle(v, (M){4, 5, 6, 7, 0, 1, 2, 3});
    v += __builtin_shuffle(v, (M){2, 3, 0, 1, 6, 7, 4, 5});
    return v[0] + v[1];
}
static inline HS_NAME(hs_vs) HS_NAME(pswap_s)(HS_NAME(hs_vs) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_ms)){1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14});
}
static inline HS_NAME(hs_vd) HS_NAME(pswap_d)(HS_NAME(hs_vd) v)
{
    return __builtin_shuffle(v, (HS_NAME(hs_md)){1, 0, 3, 2, 5, 4, 7, 6});
}
static inline HS_NAME(hs_vs) HS_NAME(alt_s)(void)
{
    return (HS_NAME(hs_vs)){1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1};
}
static inline HS_NAME(hs_vd) HS_NAME(alt_d)(void)
{
    return (HS_NAME(hs_vd)){1, -1, 1, -1, 1, -1, 1, -1};
}
#else
#error "NB_HSUM_VBYTES must be 16, 32 or 64"
#endif

#undef NB_HSUM_VBYTES
#undef NB_HSUM_SFX
