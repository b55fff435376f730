/* Template of the AVX2 no-packing `small` kernel of the contract (kernels/kernel.h), included by
   dgemm_avx2.c and sgemm_avx2.c. Before including: avx2_vec.h, SMALL_MV (ymm vectors per tile
   column: tile MR = SMALL_MV * VL), SMALL_NR, SMALL_NAME.

   C[m x n] = alpha * A * B + beta * C with A column-major (a[i + l*lda]), B strided
   (b[l*rs_b + j*cs_b]) and C column-major, read in place. The gemm driver calls it for small
   cubes and for skinny shapes, so it must have no per-call setup: one pass of MR x NR register
   tiles, the same broadcast-B scheme as the micro-kernel, A columns loaded straight from the
   caller's matrix (masked for the m-edge: no padding exists), B elements broadcast from their
   strided addresses. Loop order: NR-column blocks of B outer (they stay in L1 while the row tiles
   of A stream past), row tiles inner; reversed for tall narrow calls (see SMALL_NAME). Every tile shape (full, m-edge with 1..MV vectors, n-edge
   with 1..NR columns) is a constant-argument instance of one always_inline function, so each has
   its accumulators in registers and no run-time tests in its k loop. */

#ifndef NB_AVX2_SMALL_TILE
#define NB_AVX2_SMALL_TILE

/* One tile: rows [0, MV*VL) of which the last vector is masked by mk when `masked`, NRt columns. */
static inline __attribute__((always_inline)) void
sm_tile(const int MV, const int NRt, const int masked, __m256i mk, size_t k, vt alpha,
        const vt *a, size_t lda, const vt *b, size_t rs_b, size_t cs_b, vt beta, vt *c, size_t ldc)
{
    vv acc[8][4];
#pragma GCC unroll 8
    for (int j = 0; j < NRt; j++)
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            acc[j][v] = VV_ZERO();

    /* B columns j = 0..5 addressed as b0, b0+cs, b0+2cs, b3, b3+cs, b3+2cs: four integer
       registers instead of one per column (GCC otherwise reloads column offsets from the stack
       in the k loop: too few GPRs once a, lda, k and the pointers are live). */
    const size_t cs2 = 2 * cs_b;
    const vt *b3 = b + 3 * cs_b;
    /* The m-edge mask is re-read from memory each k step (volatile): held in a register it would
       make 16 live ymm with 12 accumulators and GCC spills accumulators instead. */
    volatile __m256i mk_mem = mk;
#pragma GCC unroll 2
    for (size_t l = 0; l < k; l++) {
        vv av[4];
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            av[v] = (masked && v == MV - 1) ? VV_MASKLOAD(a + v * VL, mk_mem) : VV_LOADU(a + v * VL);
#pragma GCC unroll 8
        for (int j = 0; j < NRt; j++) {
            const vt *bp = j < 3 ? b : b3;
            int jj = j < 3 ? j : j - 3;
            vv bj = VV_BCAST(jj == 0 ? bp : jj == 1 ? bp + cs_b : bp + cs2);
#pragma GCC unroll 4
            for (int v = 0; v < MV; v++)
                acc[j][v] = VV_FMA(av[v], bj, acc[j][v]);
            __asm__ volatile("" ::"x"(bj)); /* FMAs into the accumulators: see ukr_avx2.h */
        }
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            __asm__ volatile("" ::"x"(av[v]));
        a += lda;
        b += rs_b;
        b3 += rs_b;
    }

    const vv va = VV_SET1(alpha), vb = VV_SET1(beta);
#pragma GCC unroll 8
    for (int j = 0; j < NRt; j++) {
        vt *cj = c + j * ldc;
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++) {
            /* rounded as the micro-kernel (ukr_avx2.h) rounds: beta 1: fma(acc, alpha, C);
               else alpha*acc, then fma(C, beta, that) unless beta is 0 */
            vv r = VV_MUL(acc[j][v], va);
            if (masked && v == MV - 1) {
                if (beta == 1)
                    r = VV_FMA(acc[j][v], va, VV_MASKLOAD(cj + v * VL, mk));
                else if (beta != 0)
                    r = VV_FMA(VV_MASKLOAD(cj + v * VL, mk), vb, r);
                VV_MASKSTORE(cj + v * VL, mk, r);
            } else {
                if (beta == 1)
                    r = VV_FMA(acc[j][v], va, VV_LOADU(cj + v * VL));
                else if (beta != 0)
                    r = VV_FMA(VV_LOADU(cj + v * VL), vb, r);
                VV_STOREU(cj + v * VL, r);
            }
        }
    }
}
#endif

#define SMALL_MR (SMALL_MV * VL)

/* All row tiles of one block of NRt columns (NRt a constant after inlining). The m-edge tile has
   ceil(rem/VL) vectors, the last one masked (all lanes set when rem is a multiple of VL). */
static inline __attribute__((always_inline)) void
sm_cols(const int NRt, size_t m, size_t k, vt alpha, const vt *a, size_t lda, const vt *b,
        size_t rs_b, size_t cs_b, vt beta, vt *c, size_t ldc)
{
    const __m256i none = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + SMALL_MR <= m; i += SMALL_MR)
        sm_tile(SMALL_MV, NRt, 0, none, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
    if (i == m)
        return;
    int rem = (int)(m - i), nv = (rem + VL - 1) / VL;
    __m256i mk = vv_mask(rem - (nv - 1) * VL);
    if (nv == 1)
        sm_tile(1, NRt, 1, mk, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
#if SMALL_MV >= 2
    else if (nv == 2)
        sm_tile(2, NRt, 1, mk, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
#endif
#if SMALL_MV >= 3
    else if (nv == 3)
        sm_tile(3, NRt, 1, mk, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
#endif
}

/* C[m x n] by NR-column blocks (outer) and row tiles (inner). */
static void sm_panel(size_t m, size_t n, size_t k, vt alpha, const vt *a, size_t lda, const vt *b,
                     size_t rs_b, size_t cs_b, vt beta, vt *c, size_t ldc)
{
    size_t j = 0;
    for (; j + SMALL_NR <= n; j += SMALL_NR)
        sm_cols(SMALL_NR, m, k, alpha, a, lda, b + j * cs_b, rs_b, cs_b, beta, c + j * ldc, ldc);
    const vt *bj = b + j * cs_b;
    vt *cj = c + j * ldc;
    switch (n - j) {
    case 0:
        break;
#if SMALL_NR > 1
    case 1:
        sm_cols(1, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
#endif
#if SMALL_NR > 2
    case 2:
        sm_cols(2, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
#endif
#if SMALL_NR > 3
    case 3:
        sm_cols(3, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
#endif
#if SMALL_NR > 4
    case 4:
        sm_cols(4, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
#endif
#if SMALL_NR > 5
    case 5:
        sm_cols(5, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
#endif
#if SMALL_NR > 6 /* sm_tile addresses at most 6 columns */
#error "SMALL_NR > 6: add the n-edge cases"
#endif
    default:
        break;
    }
}

void SMALL_NAME(size_t m, size_t n, size_t k, vt alpha, const vt *a, size_t lda, const vt *b,
                size_t rs_b, size_t cs_b, vt beta, vt *c, size_t ldc);
void SMALL_NAME(size_t m, size_t n, size_t k, vt alpha, const vt *a, size_t lda, const vt *b,
                size_t rs_b, size_t cs_b, vt beta, vt *c, size_t ldc)
{
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    if ((n <= 3 * SMALL_NR && m > 2 * n) || (n <= 96 && k >= 192 && m <= 96)) {
        /* Tall and narrow, or a short row block against a long k (the driver's n-skinny path:
           A in place with a large lda, k blocks of hundreds, row blocks of 384 bytes): row tiles
           outer, so the MR x k slice of A, one cache line per column and one page per column
           when lda is large, is fetched once and reused by the column blocks from L1 instead of
           being refetched (lines and TLB entries) for each of them; B (k x n) streams from L2.
           Columns outer instead re-reads the whole A block from L2 per column block, two lines
           per 6-cycle k step: 4096x48x4096 d 0.76x OpenBLAS that way, 0.92x this way. */
        for (size_t i = 0; i < m; i += SMALL_MR) {
            size_t rows = m - i < SMALL_MR ? m - i : SMALL_MR;
            sm_panel(rows, n, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
        }
        return;
    }
    sm_panel(m, n, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
}

#undef SMALL_MR
