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
   Anything else (both strides > 1, e.g. a strided view) takes the scalar loop.
   The copying cases pack all full panels with l outside (whole source columns / rows read in a
   row) and prefetch PK_PF steps ahead into L2; the transposing ones prefetch the next panel's
   source lines into L2 while they transpose the current panel. Pack-only loop over a 2048 x 2048
   fp64 source from DRAM (8 x 6 panels), time per 2048 x 2048, before -> after: A not
   transposed 3.8-5.2 -> 2.3-3.6 ms, B not transposed 4.7-5.5 -> 3.5-4.2 ms, B transposed
   5.0-6.2 -> 3.3-3.8 ms (prefetching each line a few lines ahead instead made the transposing
   cases slower). */

#ifndef NB_AVX2_PACK_HELPERS
#define NB_AVX2_PACK_HELPERS
/* Prefetch distances (measured on Zen 4 with a pack-only benchmark, 2048^2 source from memory:
   software prefetch into L2 raised the read rate of every case from ~7-10 to ~11-15 GB/s):
   PK_PF columns (rows) ahead for the copying cases; the transposing ones request the next
   panel's source lines while they transpose the current one. */
#ifndef PK_PF
#define PK_PF 4
#endif
static inline size_t pk_min(size_t x, size_t y) { return x < y ? x : y; }

/* Transposes `lines` (0..VL) source lines, each contiguous along l (line q at src + q*ld), into
   `w` (1..VL) consecutive packed elements per l: dst[l*dld + q] = line q element l, zero for
   q >= lines. The k tail (k % VL) is copied by scalar code. */
static inline __attribute__((always_inline)) void
pk_transpose_lines(vt *dst, size_t dld, const vt *src, size_t ld, int lines, int w, size_t k,
                   const vt *pf_next)
{
    size_t l = 0;
    if (lines == VL && w == VL) {
        /* every line present and every lane stored: with these constant the loops unroll and r
           stays in registers (with the runtime tests below GCC kept r on the stack and branched
           per line, which made the transposing pack of dgemm TN 1000x32x500 half the time of
           its micro-kernel) */
        for (; l + VL <= k; l += VL) {
            vv r[VL];
            if (pf_next && (l * sizeof(vt)) % 64 == 0)
#pragma GCC unroll 8
                for (int q = 0; q < VL; q++)
                    VV_PF_L2(pf_next + q * ld + l);
#pragma GCC unroll 8
            for (int q = 0; q < VL; q++)
                r[q] = VV_LOADU(src + q * ld + l);
            vv_transpose(r);
#pragma GCC unroll 8
            for (int t = 0; t < VL; t++)
                VV_STOREU(dst + (l + t) * dld, r[t]);
        }
    }
    for (; l + VL <= k; l += VL) {
        vv r[VL];
        /* the same lines of the next panel (pf_next, NULL for the last), one request per
           cache line, so that its reads are in flight while this panel is transposed */
        if (pf_next && (l * sizeof(vt)) % 64 == 0)
            for (int q = 0; q < VL; q++)
                if (q < lines)
                    VV_PF_L2(pf_next + q * ld + l);
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
    size_t p0 = 0;
    if (rs == 1 && m >= PACK_MR) {
        /* Columns contiguous (A not transposed): the full panels are packed with l outside, so
           each source column is read as one contiguous run of (m / MR) * MR elements, the
           column PK_PF steps ahead prefetched into L2 line by line. */
        size_t full = m / PACK_MR;
        for (size_t l = 0; l < k; l++) {
            const vt *s = src + l * cs, *pf = s + PK_PF * cs;
            vt *d = dst + l * PACK_MR;
            for (size_t p = 0; p < full; p++, s += PACK_MR, pf += PACK_MR, d += k * PACK_MR) {
#pragma GCC unroll 4
                for (int x = 0; x < (PACK_MR * (int)sizeof(vt) + 63) / 64; x++)
                    VV_PF_L2((const char *)pf + 64 * x);
#pragma GCC unroll 4
                for (int v = 0; v < PACK_MV; v++)
                    VV_STOREU(d + v * VL, VV_LOADU(s + v * VL));
            }
        }
        p0 = full * PACK_MR;
        dst += full * k * PACK_MR;
    }
    for (size_t p = p0; p < m; p += PACK_MR) {
        int rows = (int)pk_min(m - p, PACK_MR);
        const vt *s = src + p * rs;
        if (rs == 1) {
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
                                   k, p + PACK_MR < m ? s + (size_t)(v * VL + PACK_MR) * rs : NULL);
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
    size_t q0 = 0;
    if (cs == 1 && rs != 1 && n >= PACK_NR) {
        /* Rows contiguous (B transposed): the full panels with l outside, as in pack A. */
        size_t full = n / PACK_NR;
        for (size_t l = 0; l < k; l++) {
            const vt *s = src + l * rs, *pf = s + PK_PF * rs;
            vt *d = dst + l * PACK_NR;
            for (size_t x = 0; x < full * PACK_NR; x += 64 / sizeof(vt))
                VV_PF_L2(pf + x);
            for (size_t q = 0; q < full; q++, s += PACK_NR, d += k * PACK_NR) {
#pragma GCC unroll 4
                for (int g = 0; g < PACK_NG; g++) {
                    int w = PACK_NR - g * VL < VL ? PACK_NR - g * VL : VL;
                    pk_copy_part(d + g * VL, s + g * VL, w, w);
                }
            }
        }
        q0 = full * PACK_NR;
        dst += full * k * PACK_NR;
    }
    for (size_t q = q0; q < n; q += PACK_NR) {
        int cols = (int)pk_min(n - q, PACK_NR);
        const vt *s = src + q * cs;
        if (rs == 1) {
#pragma GCC unroll 4
            for (int g = 0; g < PACK_NG; g++) {
                int w = PACK_NR - g * VL < VL ? PACK_NR - g * VL : VL;
                int lines = cols - g * VL;
                lines = lines < 0 ? 0 : lines > w ? w : lines;
                pk_transpose_lines(dst + g * VL, PACK_NR, s + (size_t)(g * VL) * cs, cs, lines, w,
                                   k, q + PACK_NR < n ? s + (size_t)(g * VL + PACK_NR) * cs : NULL);
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
