/* Type-generic 256-bit vector vocabulary for the AVX2+FMA kernel templates (ukr_avx2.h,
   small_avx2.h). Before including, define NB_AVX2_DOUBLE to 1 (fp64: 4 lanes) or 0 (fp32: 8 lanes).
   Only AVX, AVX2 and FMA instructions: the set must run on Haswell..Zen3, which lack AVX-512. */
#ifndef NB_AVX2_VEC_H
#define NB_AVX2_VEC_H

#include <immintrin.h>
#include <stddef.h>

#if NB_AVX2_DOUBLE
typedef double vt;   /* element */
typedef __m256d vv;  /* vector */
#define VL 4
#define VV_ZERO() _mm256_setzero_pd()
#define VV_SET1(x) _mm256_set1_pd(x)
#define VV_BCAST(p) _mm256_broadcast_sd(p)
#define VV_LOADU(p) _mm256_loadu_pd(p)
#define VV_STOREU(p, x) _mm256_storeu_pd((p), (x))
#define VV_MUL(x, y) _mm256_mul_pd((x), (y))
#define VV_FMA(x, y, z) _mm256_fmadd_pd((x), (y), (z))
#define VV_MASKLOAD(p, mk) _mm256_maskload_pd((p), (mk))
#define VV_MASKSTORE(p, mk, x) _mm256_maskstore_pd((p), (mk), (x))
/* Lanes 0 .. cnt-1 set (cnt may be <= 0 or >= VL). */
static inline __m256i vv_mask(int cnt)
{
    return _mm256_cmpgt_epi64(_mm256_set1_epi64x(cnt), _mm256_setr_epi64x(0, 1, 2, 3));
}
/* In-place transpose of a VL x VL block held as VL row vectors. */
static inline void vv_transpose(vv r[VL])
{
    __m256d t0 = _mm256_unpacklo_pd(r[0], r[1]), t1 = _mm256_unpackhi_pd(r[0], r[1]);
    __m256d t2 = _mm256_unpacklo_pd(r[2], r[3]), t3 = _mm256_unpackhi_pd(r[2], r[3]);
    r[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    r[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    r[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    r[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}
#else
typedef float vt;
typedef __m256 vv;
#define VL 8
#define VV_ZERO() _mm256_setzero_ps()
#define VV_SET1(x) _mm256_set1_ps(x)
#define VV_BCAST(p) _mm256_broadcast_ss(p)
#define VV_LOADU(p) _mm256_loadu_ps(p)
#define VV_STOREU(p, x) _mm256_storeu_ps((p), (x))
#define VV_MUL(x, y) _mm256_mul_ps((x), (y))
#define VV_FMA(x, y, z) _mm256_fmadd_ps((x), (y), (z))
#define VV_MASKLOAD(p, mk) _mm256_maskload_ps((p), (mk))
#define VV_MASKSTORE(p, mk, x) _mm256_maskstore_ps((p), (mk), (x))
static inline __m256i vv_mask(int cnt)
{
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(cnt), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
static inline void vv_transpose(vv r[VL])
{
    __m256 t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
        u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
        u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
        u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    for (int i = 0; i < 4; i++) {
        r[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
        r[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
    }
}
#endif

/* Stores the first cnt (1..VL, a constant after inlining) elements of x: no masked store, which
   is slow on AMD, and nothing past p[cnt-1] is written. */
static inline void vv_store_part(vt *p, vv x, int cnt)
{
    int bytes = cnt * (int)sizeof(vt);
    char *q = (char *)p;
    if (bytes >= 32) {
        VV_STOREU(p, x);
        return;
    }
    __m256i xi = (__m256i)x;
    __m128i h = _mm256_castsi256_si128(xi);
    if (bytes >= 16) {
        _mm_storeu_si128((__m128i *)q, h);
        h = _mm256_extracti128_si256(xi, 1);
        q += 16, bytes -= 16;
    }
    if (bytes >= 8) {
        _mm_storel_epi64((__m128i *)q, h);
        h = _mm_srli_si128(h, 8);
        q += 8, bytes -= 8;
    }
    if (bytes >= 4)
        _mm_storeu_si32(q, h);
}

#define VV_PF_L1(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#define VV_PF_L2(p) _mm_prefetch((const char *)(p), _MM_HINT_T1)

#endif
