/* Template of the AVX-512 packing routines (formats in kernels/kernel.h), instantiated by
   dgemm_avx512.c and sgemm_avx512.c. Before including: NB_AVX512_DOUBLE, PACK_MR, PACK_NR,
   PACK_A_NAME, PACK_B_NAME.

   Source element (i, j) is at src[i*rs + j*cs]. Per operand there is one easy case, where the
   source runs along the packed format's fast index and packing is a (masked) copy, and one
   transposing case, where KVL x KVL blocks go through an in-register transpose (log2(KVL)
   stages of vpermt2p*, 24 shuffles for fp64 and 64 for fp32 per block: cheaper than gathers,
   which Zen 4 and Intel both split into one load per element). Other strides are copied element
   by element. Masked loads supply the zero padding of partial panels. conj is meaningless for
   real types. */
#include "kernels/avx512/avx512_types.h"

#define PACK_AV ((PACK_MR + KVL - 1) / KVL) /* vectors per packed A column */
#define PACK_BV ((PACK_NR + KVL - 1) / KVL) /* vectors per packed B row */

#ifndef NB_AVX512_PACK_HELPERS
#define NB_AVX512_PACK_HELPERS
/* Transposes the KVL x KVL block r[0..KVL-1] (row i in r[i]) in place: stage w swaps the
   off-diagonal w x w sub-blocks of every 2w x 2w block. */
static inline void kv_transpose(kv r[KVL])
{
#pragma GCC unroll 4
    for (int w = 1; w < KVL; w *= 2) {
        int64_t lo_idx[KVL], hi_idx[KVL];
#pragma GCC unroll 16
        for (int x = 0; x < KVL; x++) {
            lo_idx[x] = (x & w) ? KVL + x - w : x;
            hi_idx[x] = (x & w) ? KVL + x : x + w;
        }
#if NB_AVX512_DOUBLE
        __m512i lo = _mm512_loadu_si512(lo_idx), hi = _mm512_loadu_si512(hi_idx);
#else
        int32_t lo32[KVL], hi32[KVL];
#pragma GCC unroll 16
        for (int x = 0; x < KVL; x++)
            lo32[x] = (int32_t)lo_idx[x], hi32[x] = (int32_t)hi_idx[x];
        __m512i lo = _mm512_loadu_si512(lo32), hi = _mm512_loadu_si512(hi32);
#endif
#pragma GCC unroll 16
        for (int i = 0; i < KVL; i++) {
            if (i & w)
                continue;
            kv a = r[i], b = r[i + w];
#if NB_AVX512_DOUBLE
            r[i] = _mm512_permutex2var_pd(a, lo, b);
            r[i + w] = _mm512_permutex2var_pd(a, hi, b);
#else
            r[i] = _mm512_permutex2var_ps(a, lo, b);
            r[i + w] = _mm512_permutex2var_ps(a, hi, b);
#endif
        }
    }
}

/* Packs `cnt` (<= KVL) source vectors, vector t starting at src + t*vstride and running along
   `len` (<= KVL) contiguous elements, transposed: output row x (x < len) receives element x of
   every vector and is stored at dst + x*dstride, `width` lanes (zero past cnt). */
static inline void kv_pack_transposed(const kt *src, size_t vstride, int cnt, int len, kt *dst,
                                      size_t dstride, kmask width)
{
    kv r[KVL];
    kmask lm = kv_mask(len);
#pragma GCC unroll 16
    for (int t = 0; t < KVL; t++)
        r[t] = t < cnt ? KV_MASKZ_LOADU(lm, src + t * vstride) : KV_ZERO();
    kv_transpose(r);
#pragma GCC unroll 16
    for (int x = 0; x < KVL; x++)
        if (x < len)
            KV_MASK_STOREU(dst + x * dstride, width, r[x]);
}
#endif

void PACK_A_NAME(size_t m, size_t k, const kt *src, size_t rs, size_t cs, int conj, kt *dst);
void PACK_B_NAME(size_t k, size_t n, const kt *src, size_t rs, size_t cs, int conj, kt *dst);

void PACK_A_NAME(size_t m, size_t k, const kt *src, size_t rs, size_t cs, int conj, kt *dst)
{
    (void)conj;
    for (size_t p = 0; p < m; p += PACK_MR, src += PACK_MR * rs) {
        ptrdiff_t rows = m - p < PACK_MR ? (ptrdiff_t)(m - p) : PACK_MR;
        if (rs == 1) {
            /* Columns are contiguous: each packed column is PACK_AV (masked) vector copies. */
            kmask msk[PACK_AV];
#pragma GCC unroll 8
            for (int v = 0; v < PACK_AV; v++)
                msk[v] = kv_mask(rows - v * KVL);
            const kt *s = src;
            for (size_t l = 0; l < k; l++, s += cs, dst += PACK_MR) {
                KPF_L1(s + 4 * cs);
                KPF_L1(s + 4 * cs + PACK_MR - 1);
#pragma GCC unroll 8
                for (int v = 0; v < PACK_AV; v++)
                    KV_STOREU(dst + v * KVL, KV_MASKZ_LOADU(msk[v], s + v * KVL));
            }
        } else if (cs == 1) {
            /* Rows are contiguous along k: KVL rows x KVL columns at a time, transposed. */
            for (size_t l = 0; l < k; l += KVL) {
                int len = k - l < KVL ? (int)(k - l) : KVL;
#pragma GCC unroll 8
                for (int v = 0; v < PACK_AV; v++) {
                    ptrdiff_t cnt = rows - v * KVL;
                    cnt = cnt < 0 ? 0 : cnt > KVL ? KVL : cnt;
                    kv_pack_transposed(src + v * KVL * rs + l, rs, (int)cnt, len,
                                       dst + l * PACK_MR + v * KVL, PACK_MR, kv_mask(KVL));
                }
            }
            dst += k * PACK_MR;
        } else {
            for (size_t l = 0; l < k; l++, dst += PACK_MR)
                for (ptrdiff_t i = 0; i < PACK_MR; i++)
                    dst[i] = i < rows ? src[i * rs + l * cs] : 0;
        }
    }
}

void PACK_B_NAME(size_t k, size_t n, const kt *src, size_t rs, size_t cs, int conj, kt *dst)
{
    (void)conj;
    for (size_t q = 0; q < n; q += PACK_NR, src += PACK_NR * cs) {
        ptrdiff_t cols = n - q < PACK_NR ? (ptrdiff_t)(n - q) : PACK_NR;
        if (cs == 1) {
            /* Rows are contiguous: each packed row is a (masked) copy. */
            kmask ld[PACK_BV], st[PACK_BV];
#pragma GCC unroll 8
            for (int v = 0; v < PACK_BV; v++) {
                ld[v] = kv_mask(cols - v * KVL);
                st[v] = kv_mask(PACK_NR - v * KVL);
            }
            const kt *s = src;
            for (size_t l = 0; l < k; l++, s += rs, dst += PACK_NR) {
                KPF_L1(s + 8 * rs);
#pragma GCC unroll 8
                for (int v = 0; v < PACK_BV; v++)
                    KV_MASK_STOREU(dst + v * KVL, st[v], KV_MASKZ_LOADU(ld[v], s + v * KVL));
            }
        } else if (rs == 1) {
            /* Columns are contiguous along k (column-major B, the NN case): KVL values of k of
               up to KVL columns at a time, transposed into packed rows. */
            for (size_t l = 0; l < k; l += KVL) {
                int len = k - l < KVL ? (int)(k - l) : KVL;
#pragma GCC unroll 8
                for (int v = 0; v < PACK_BV; v++) {
                    ptrdiff_t cnt = cols - v * KVL;
                    cnt = cnt < 0 ? 0 : cnt > KVL ? KVL : cnt;
                    kv_pack_transposed(src + v * KVL * cs + l, cs, (int)cnt, len,
                                       dst + l * PACK_NR + v * KVL, PACK_NR,
                                       kv_mask(PACK_NR - v * KVL));
                }
            }
            dst += k * PACK_NR;
        } else {
            for (size_t l = 0; l < k; l++, dst += PACK_NR)
                for (ptrdiff_t j = 0; j < PACK_NR; j++)
                    dst[j] = j < cols ? src[l * rs + j * cs] : 0;
        }
    }
}

#undef PACK_AV
#undef PACK_BV
