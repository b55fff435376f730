/* Template of the neon packing routines (kernels/kernel.h formats), included by dgemm_neon.c and
   sgemm_neon.c with PK_T (element type), PK_MR, PK_NR, PK_A_NAME, PK_B_NAME. Source element
   (i, j) at src[i*rs + j*cs]. Plain C: the copies below are unit-stride runs that GCC turns into
   128-bit loads and stores (ldr q / str q), so no intrinsics are needed here.
   - pack_a, rs == 1 (A not transposed): each packed column is MR contiguous source elements.
   - pack_a, cs == 1 (A transposed): each source row is contiguous along k: read it in order,
     write it with stride MR (one row of the panel at a time).
   - pack_b, cs == 1 (B transposed): each packed row is NR contiguous source elements.
   - pack_b, rs == 1 (B not transposed): each source column contiguous along k, as pack_a's
     transposed case.
   Anything else (both strides > 1) takes the element loop. Rows / columns past the edge are
   written as zeros. */

void PK_A_NAME(size_t m, size_t k, const PK_T *src, size_t rs, size_t cs, int conj, PK_T *dst)
{
    (void)conj; /* real types */
    for (size_t p = 0; p < m; p += PK_MR, dst += k * PK_MR) {
        const size_t rows = m - p < PK_MR ? m - p : PK_MR;
        const PK_T *s = src + p * rs;
        if (rs == 1 && rows == PK_MR) {
            for (size_t l = 0; l < k; l++) {
                const PK_T *sl = s + l * cs;
                PK_T *d = dst + l * PK_MR;
                for (int i = 0; i < PK_MR; i++)
                    d[i] = sl[i];
            }
        } else if (cs == 1 && rs != 1) {
            for (size_t i = 0; i < PK_MR; i++) {
                PK_T *d = dst + i;
                if (i < rows) {
                    const PK_T *si = s + i * rs;
                    for (size_t l = 0; l < k; l++)
                        d[l * PK_MR] = si[l];
                } else {
                    for (size_t l = 0; l < k; l++)
                        d[l * PK_MR] = 0;
                }
            }
        } else {
            for (size_t l = 0; l < k; l++)
                for (size_t i = 0; i < PK_MR; i++)
                    dst[l * PK_MR + i] = i < rows ? s[i * rs + l * cs] : 0;
        }
    }
}

void PK_B_NAME(size_t k, size_t n, const PK_T *src, size_t rs, size_t cs, int conj, PK_T *dst)
{
    (void)conj;
    for (size_t q = 0; q < n; q += PK_NR, dst += k * PK_NR) {
        const size_t cols = n - q < PK_NR ? n - q : PK_NR;
        const PK_T *s = src + q * cs;
        if (cs == 1 && cols == PK_NR) {
            for (size_t l = 0; l < k; l++) {
                const PK_T *sl = s + l * rs;
                PK_T *d = dst + l * PK_NR;
                for (int j = 0; j < PK_NR; j++)
                    d[j] = sl[j];
            }
        } else if (rs == 1 && cs != 1) {
            for (size_t j = 0; j < PK_NR; j++) {
                PK_T *d = dst + j;
                if (j < cols) {
                    const PK_T *sj = s + j * cs;
                    for (size_t l = 0; l < k; l++)
                        d[l * PK_NR] = sj[l];
                } else {
                    for (size_t l = 0; l < k; l++)
                        d[l * PK_NR] = 0;
                }
            }
        } else {
            for (size_t l = 0; l < k; l++)
                for (size_t j = 0; j < PK_NR; j++)
                    dst[l * PK_NR + j] = j < cols ? s[l * rs + j * cs] : 0;
        }
    }
}
