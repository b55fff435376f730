/* Template of the AVX-512 packing routines (formats in kernels/kernel.h), instantiated by
   dgemm_avx512.c and sgemm_avx512.c. Before including: NB_AVX512_DOUBLE, PACK_MR, PACK_NR,
   PACK_A_NAME, PACK_B_NAME.

   Source element (i, j) is at src[i*rs + j*cs]. Per operand there is one easy case, where the
   source runs along the packed format's fast index and packing is a (masked) copy, and one
   transposing case, where KVL x KVL blocks go through an in-register transpose (log2(KVL)
   stages of vpermt2p*, 24 shuffles for fp64 and 64 for fp32 per block: cheaper than gathers,
   which Zen 4 and Intel both split into one load per element). Other strides are copied element
   by element. Masked loads supply the zero padding of partial panels. conj is meaningless for
   real types.

   Packing reads each operand from memory once per block, so its speed is the speed of those
   reads. Measured with a pack-only loop over a 2048 x 2048 fp64 source (from DRAM, the blocks
   of a 2048^3 dgemm), read rate before -> after the current form: A not transposed 10 -> 14
   GB/s, A transposed 8 -> 15, B not transposed 10 -> 12, B transposed 7 -> 11 (1024 x 1024,
   from L3: 23 -> 30, 18 -> 26, 19 -> 24, 9.5 -> 24). The copying cases run over k outside the
   panels (whole columns / rows of the source in a row) and prefetch PACK_PF columns / rows
   ahead into L2; the transposing ones prefetch each source line PACK_TPF lines ahead into L2
   (prefetching into L1 was slower: its miss buffers fill up). */
#include "kernels/avx512/avx512_types.h"

#define PACK_AV ((PACK_MR + KVL - 1) / KVL) /* vectors per packed A column */
#define PACK_BV ((PACK_NR + KVL - 1) / KVL) /* vectors per packed B row */

#ifndef NB_AVX512_PACK_HELPERS
#define NB_AVX512_PACK_HELPERS
/* The transposing cases read cnt source lines side by side, one cache line of each per call:
   each line's stream is prefetched PACK_TPF lines ahead into L2. */
#ifndef PACK_TPF
#define PACK_TPF 4
#endif
#ifndef PACK_TPFH
#define PACK_TPFH KPF_L2
#endif
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
    for (int t = 0; t < KVL; t++) {
        if (t < cnt)
            PACK_TPFH(src + t * vstride + PACK_TPF * KVL);
        r[t] = t < cnt ? KV_MASKZ_LOADU(lm, src + t * vstride) : KV_ZERO();
    }
    kv_transpose(r);
#pragma GCC unroll 16
    for (int x = 0; x < KVL; x++)
        if (x < len)
            KV_MASK_STOREU(dst + x * dstride, width, r[x]);
}
#endif

/* Columns of A contiguous (rs == 1, A not transposed): column l of the block is m contiguous
   elements, copied into row l of every micro-panel. The loop runs over l outside the panels, so
   the source is read as whole columns (m * e bytes in a row, the pattern the hardware prefetchers
   and the DRAM pages like best) rather than MR-element pieces at stride lda; the column PACK_PF
   steps ahead is prefetched, one request per line. The last, partial panel takes masked loads,
   which supply its zero padding. */
#ifndef PACK_PF
#define PACK_PF 4
#endif
#ifndef PACK_PFH
#define PACK_PFH KPF_L2
#endif
static void pack_a_columns(size_t m, size_t k, const kt *src, size_t cs, kt *dst)
{
    size_t full = m / PACK_MR, pstride = k * PACK_MR;
    ptrdiff_t rest = (ptrdiff_t)(m - full * PACK_MR);
    kmask msk[PACK_AV];
#pragma GCC unroll 8
    for (int v = 0; v < PACK_AV; v++)
        msk[v] = kv_mask(rest - v * KVL);
    for (size_t l = 0; l < k; l++, src += cs, dst += PACK_MR) {
        const kt *s = src, *pf = src + PACK_PF * cs;
        kt *d = dst;
        for (size_t p = 0; p < full; p++, s += PACK_MR, pf += PACK_MR, d += pstride) {
#pragma GCC unroll 8
            for (int v = 0; v < PACK_AV; v++) {
                PACK_PFH(pf + v * KVL);
                KV_STOREU(d + v * KVL, KV_LOADU(s + v * KVL));
            }
        }
        if (rest) {
            PACK_PFH(pf);
            PACK_PFH(pf + rest - 1);
#pragma GCC unroll 8
            for (int v = 0; v < PACK_AV; v++)
                KV_STOREU(d + v * KVL, KV_MASKZ_LOADU(msk[v], s + v * KVL));
        }
    }
}

/* Rows of B contiguous (cs == 1, B transposed): the same scheme along the other index: row l
   (n contiguous elements) goes to row l of every NR-wide micro-panel. */
static void pack_b_rows(size_t k, size_t n, const kt *src, size_t rs, kt *dst)
{
    size_t full = n / PACK_NR, pstride = k * PACK_NR;
    ptrdiff_t rest = (ptrdiff_t)(n - full * PACK_NR);
    kmask ld[PACK_BV], st[PACK_BV], ldr[PACK_BV];
#pragma GCC unroll 8
    for (int v = 0; v < PACK_BV; v++) {
        ld[v] = kv_mask(PACK_NR - v * KVL);
        st[v] = kv_mask(PACK_NR - v * KVL);
        ldr[v] = kv_mask(rest - v * KVL);
    }
    for (size_t l = 0; l < k; l++, src += rs, dst += PACK_NR) {
        const kt *s = src, *pf = src + PACK_PF * rs;
        kt *d = dst;
        /* one prefetch per line of row l + PACK_PF */
        for (size_t x = 0; x < n; x += 64 / sizeof(kt))
            PACK_PFH(pf + x);
        PACK_PFH(pf + n - 1);
        for (size_t q = 0; q < full; q++, s += PACK_NR, d += pstride) {
#pragma GCC unroll 8
            for (int v = 0; v < PACK_BV; v++)
                KV_MASK_STOREU(d + v * KVL, st[v], KV_MASKZ_LOADU(ld[v], s + v * KVL));
        }
        if (rest) {
#pragma GCC unroll 8
            for (int v = 0; v < PACK_BV; v++)
                KV_MASK_STOREU(d + v * KVL, st[v], KV_MASKZ_LOADU(ldr[v], s + v * KVL));
        }
    }
}

void PACK_A_NAME(size_t m, size_t k, const kt *src, size_t rs, size_t cs, int conj, kt *dst);
void PACK_B_NAME(size_t k, size_t n, const kt *src, size_t rs, size_t cs, int conj, kt *dst);

void PACK_A_NAME(size_t m, size_t k, const kt *src, size_t rs, size_t cs, int conj, kt *dst)
{
    (void)conj;
    if (rs == 1) {
        pack_a_columns(m, k, src, cs, dst);
        return;
    }
    for (size_t p = 0; p < m; p += PACK_MR, src += PACK_MR * rs) {
        ptrdiff_t rows = m - p < PACK_MR ? (ptrdiff_t)(m - p) : PACK_MR;
        if (cs == 1) {
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
    if (cs == 1) {
        pack_b_rows(k, n, src, rs, dst);
        return;
    }
    for (size_t q = 0; q < n; q += PACK_NR, src += PACK_NR * cs) {
        ptrdiff_t cols = n - q < PACK_NR ? (ptrdiff_t)(n - q) : PACK_NR;
        if (rs == 1) {
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
#undef PACK_PF
#undef PACK_PFH
