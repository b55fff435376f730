/* Template of the portable batch-reduce GEMM kernel (kernels/brgemm.h contract), included by
   brgemm_generic.c once per type with BRG_T (element type) and BRG_NAME (function name).

   Plain C, the oracle every ISA kernel is tested against: tiles of BRG_MR x BRG_NR elements of C
   held in a local array the compiler keeps in registers (8 x 4: 32 scalars, or 16 SSE2 vectors
   of float / double pairs), each accumulated over every block and every k step before the one
   update of C. Edge tiles run the same loops with smaller bounds. */
#define BRG_MR 8
#define BRG_NR 4

void BRG_NAME(size_t m, size_t n, size_t k, size_t count, BRG_T alpha, const nb_brgemm_blocks *a,
              size_t lda, const nb_brgemm_blocks *b, size_t rs_b, size_t cs_b, BRG_T beta,
              BRG_T *c, size_t ldc)
{
    for (size_t j0 = 0; j0 < n; j0 += BRG_NR) {
        size_t nr = n - j0 < BRG_NR ? n - j0 : BRG_NR;
        for (size_t i0 = 0; i0 < m; i0 += BRG_MR) {
            size_t mr = m - i0 < BRG_MR ? m - i0 : BRG_MR;
            BRG_T acc[BRG_NR][BRG_MR] = {{0}};
            for (size_t blk = 0; blk < count; blk++) {
                const BRG_T *ap = (const BRG_T *)nb_brgemm_block(a, blk, sizeof(BRG_T)) + i0;
                const BRG_T *bp = (const BRG_T *)nb_brgemm_block(b, blk, sizeof(BRG_T)) + j0 * cs_b;
                for (size_t l = 0; l < k; l++, ap += lda, bp += rs_b) {
                    if (mr == BRG_MR && nr == BRG_NR) { /* constant bounds: vectorised */
                        for (size_t j = 0; j < BRG_NR; j++)
                            for (size_t i = 0; i < BRG_MR; i++)
                                acc[j][i] += ap[i] * bp[j * cs_b];
                    } else {
                        for (size_t j = 0; j < nr; j++)
                            for (size_t i = 0; i < mr; i++)
                                acc[j][i] += ap[i] * bp[j * cs_b];
                    }
                }
            }
            for (size_t j = 0; j < nr; j++) {
                BRG_T *cj = c + i0 + (j0 + j) * ldc;
                for (size_t i = 0; i < mr; i++) {
                    BRG_T r = alpha * acc[j][i];
                    cj[i] = beta == 0 ? r : r + beta * cj[i]; /* beta == 0: C not read */
                }
            }
        }
    }
}

#undef BRG_MR
#undef BRG_NR
