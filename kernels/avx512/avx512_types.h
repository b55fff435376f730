/* Element-type layer for the AVX-512 templates (ukr_avx512.h, pack_avx512.h, small_avx512.h).
   A kernel source defines NB_AVX512_DOUBLE to 1 (fp64) or 0 (fp32) before including this header;
   the templates are then written once against these names. One zmm register holds exactly one
   64-byte cache line of either type, which the prefetch code relies on. */
#ifndef NB_AVX512_TYPES_H
#define NB_AVX512_TYPES_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#if NB_AVX512_DOUBLE
typedef double kt;
typedef __m512d kv;
typedef __mmask8 kmask;
#define KVL 8
#define KV_ZERO() _mm512_setzero_pd()
#define KV_SET1(x) _mm512_set1_pd(x)
#define KV_LOADU(p) _mm512_loadu_pd(p)
#define KV_STOREU(p, v) _mm512_storeu_pd((p), (v))
#define KV_MASKZ_LOADU(msk, p) _mm512_maskz_loadu_pd((msk), (p))
#define KV_MASK_LOADU(old, msk, p) _mm512_mask_loadu_pd((old), (msk), (p))
#define KV_MASK_STOREU(p, msk, v) _mm512_mask_storeu_pd((p), (msk), (v))
#define KV_FMA(a, b, c) _mm512_fmadd_pd((a), (b), (c))
#define KV_MUL(a, b) _mm512_mul_pd((a), (b))
#else
typedef float kt;
typedef __m512 kv;
typedef __mmask16 kmask;
#define KVL 16
#define KV_ZERO() _mm512_setzero_ps()
#define KV_SET1(x) _mm512_set1_ps(x)
#define KV_LOADU(p) _mm512_loadu_ps(p)
#define KV_STOREU(p, v) _mm512_storeu_ps((p), (v))
#define KV_MASKZ_LOADU(msk, p) _mm512_maskz_loadu_ps((msk), (p))
#define KV_MASK_LOADU(old, msk, p) _mm512_mask_loadu_ps((old), (msk), (p))
#define KV_MASK_STOREU(p, msk, v) _mm512_mask_storeu_ps((p), (msk), (v))
#define KV_FMA(a, b, c) _mm512_fmadd_ps((a), (b), (c))
#define KV_MUL(a, b) _mm512_mul_ps((a), (b))
#endif

/* Lanes [0, rows) of one vector, rows clamped to [0, KVL]. */
static inline kmask kv_mask(ptrdiff_t rows)
{
    if (rows <= 0)
        return 0;
    if (rows >= KVL)
        return (kmask)((1u << KVL) - 1);
    return (kmask)((1u << rows) - 1);
}

#define KPF_L1(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#define KPF_L2(p) _mm_prefetch((const char *)(p), _MM_HINT_T1)

#endif
