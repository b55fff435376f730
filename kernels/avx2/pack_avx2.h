/* Template of the AVX2 packing routines (kernels/kernel.h formats), included by dgemm_avx2.c and
   sgemm_avx2.c. Before including: avx2_vec.h, PACK_MR (a multiple of VL), PACK_NR, PACK_A_NAME,
   PACK_B_NAME. Source element (i, j) at src[i*rs + j*cs].

   Four cases, by which stride is 1:
   - pack_a, rs == 1 (A not transposed): each packed column is MR contiguous source elements:
     vector copies, the last partial row block with a masked load (zero-fills the padding).
   - pack_a, cs == 1 (A transposed): source rows are contiguous along k: VL x VL in-register
     transposes (VL rows x VL k steps at a time).
   - pack_b, rs == 1 (B not transposed): source columns are contiguous along k: same transposes.
   - pack_b, cs == 1 (B transposed): each packed row is NR contiguous source elements: copies.
   Anything else (both strides > 1, e.g. a strided view) takes the scalar loop. */

#ifndef NB_AVX2_PACK_HELPERS
#define NB_AVX2_PACK_HELPERS
static inline size_t pk_min(size_t x, size_t y) { return x < y ? x : y; }

/* Transposes `lines` (0..VL) source lines, each contiguous along l (line q at src + q*ld), into
   `w` (1..VL) consecutive packed elements per l: dst[l*dld + q] = line q element l, zero for
   q >= lines. The k tail (k % VL) is copied by scalar code. */
static inline __attribute__((always_inline)) void
pk_transpose_lines(vt *dst, size_t dld, const vt *src, size_t ld, int lines, int w, size_t k)
{
    size_t l = 0;
    for (; l + VL <= k; l += VL) {
        vv r[VL];
        for (int q = 0; q < VL; q++)
            r[q] = q < lines ? VV_LOADU(src + q * ld + l) : VV_ZERO();
        vv_transpose(r);
        for (int t = 0; t < VL; t++) {
            if (w == VL)
                VV_STOREU(dst + (l + t) * dld, r[t]);
            else
                vv_store_part(dst + (l + t) * dld, r[t], w);
        }
    }
    for (; l < k; l++)
        for (int q = 0; q < w; q++)
            dst[l * dld + q] = q < lines ? src[q * ld + l] : 0;
}

/* Copies `lines` (0..w) contiguous elements into w packed ones (zero-padded). */
static inline __attribute__((always_inline)) void pk_copy_part(vt *dst, const vt *src, int lines,
                                                               int w)
{
    vv x = lines >= VL ? VV_LOADU(src) : VV_MASKLOAD(src, vv_mask(lines));
    if (w == VL)
        VV_STOREU(dst, x);
    else
        vv_store_part(dst, x, w);
}
#endif

#define PACK_MV (PACK_MR / VL)
#define PACK_NG ((PACK_NR + VL - 1) / VL) /* VL-wide column groups of a B micro-panel */

void PACK_A_NAME(size_t m, size_t k, const vt *src, size_t rs, size_t cs, int conj, vt *dst);
void PACK_A_NAME(size_t m, size_t k, const vt *src, size_t rs, size_t cs, int conj, vt *dst)
{
    (void)conj; /* real types */
    for (size_t p = 0; p < m; p += PACK_MR) {
        int rows = (int)pk_min(m - p, PACK_MR);
        const vt *s = src + p * rs;
        if (rs == 1 && rows == PACK_MR) {
            for (size_t l = 0; l < k; l++) {
#pragma GCC unroll 4
                for (int v = 0; v < PACK_MV; v++)
                    VV_STOREU(dst + l * PACK_MR + v * VL, VV_LOADU(s + l * cs + v * VL));
            }
        } else if (rs == 1) {
            for (size_t l = 0; l < k; l++)
                for (int v = 0; v < PACK_MV; v++)
                    pk_copy_part(dst + l * PACK_MR + v * VL, s + l * cs + v * VL,
                                 rows - v * VL, VL);
        } else if (cs == 1) {
#pragma GCC unroll 4
            for (int v = 0; v < PACK_MV; v++) {
                int lines = rows - v * VL;
                lines = lines < 0 ? 0 : lines > VL ? VL : lines;
                pk_transpose_lines(dst + v * VL, PACK_MR, s + (size_t)(v * VL) * rs, rs, lines, VL,
                                   k);
            }
        } else {
            for (size_t l = 0; l < k; l++)
                for (int i = 0; i < PACK_MR; i++)
                    dst[l * PACK_MR + i] = i < rows ? s[i * rs + l * cs] : 0;
        }
        dst += k * PACK_MR;
    }
}

void PACK_B_NAME(size_t k, size_t n, const vt *src, size_t rs, size_t cs, int conj, vt *dst);
void PACK_B_NAME(size_t k, size_t n, const vt *src, size_t rs, size_t cs, int conj, vt *dst)
{
    (void)conj;
    for (size_t q = 0; q < n; q += PACK_NR) {
        int cols = (int)pk_min(n - q, PACK_NR);
        const vt *s = src + q * cs;
        if (rs == 1) {
#pragma GCC unroll 4
            for (int g = 0; g < PACK_NG; g++) {
                int w = PACK_NR - g * VL < VL ? PACK_NR - g * VL : VL;
                int lines = cols - g * VL;
                lines = lines < 0 ? 0 : lines > w ? w : lines;
                pk_transpose_lines(dst + g * VL, PACK_NR, s + (size_t)(g * VL) * cs, cs, lines, w,
                                   k);
            }
        } else if (cs == 1 && cols == PACK_NR) {
            for (size_t l = 0; l < k; l++) {
#pragma GCC unroll 4
                for (int g = 0; g < PACK_NG; g++) {
                    int w = PACK_NR - g * VL < VL ? PACK_NR - g * VL : VL;
                    pk_copy_part(dst + l * PACK_NR + g * VL, s + l * rs + g * VL, w, w);
                }
            }
        } else {
            for (size_t l = 0; l < k; l++)
                for (int j = 0; j < PACK_NR; j++)
                    dst[l * PACK_NR + j] = j < cols ? s[l * rs + j * cs] : 0;
        }
        dst += k * PACK_NR;
    }
}

#undef PACK_MV
#undef PACK_NG
