/* Template of the neon no-packing `small` kernel of the contract (kernels/kernel.h), included by
   dgemm_neon.c and sgemm_neon.c. Before including: SM_T (element type), SM_V (its 128-bit vector
   type), SM_VL (lanes), SM_LD / SM_ST / SM_DUP / SM_FMA_N / SM_MUL_N (vld1q, vst1q, vdupq_n,
   vfmaq_n, vmulq_n of the type), SM_NAME.

   C[m x n] = alpha * A * B + beta * C, A column-major (a[i + l*lda]), B strided
   (b[l*rs_b + j*cs_b]), C column-major, all read in place: tiles of up to 4 vectors (MR = 4 *
   SM_VL rows, as the micro-kernel) by up to 6 columns, the same register budget as the
   micro-kernel (24 accumulators + 4 A vectors + the B scalar of the current column, loaded into
   lane 0 of a register and used by FMLA by element: 29-30 of 32). The m-edge vector of a tile
   is loaded through a zero-padded copy (no read past row m), its results stored lane by lane.
   Every tile shape is a constant-argument instance of one always_inline function, so its
   accumulators stay in registers. */

#define SM_MV 4
#define SM_NR 6

/* the first cnt (1 .. SM_VL) elements at p, the other lanes zero */
static inline __attribute__((always_inline)) SM_V sm_ld_part(const SM_T *p, int cnt)
{
    SM_T t[SM_VL] = {0};
    for (int i = 0; i < cnt; i++)
        t[i] = p[i];
    return SM_LD(t);
}

/* One tile: MV vectors of rows (the last one holding `tail` rows when tail > 0) by NRt
   columns. */
static inline __attribute__((always_inline)) void
sm_tile(const int MV, const int NRt, int tail, size_t k, SM_T alpha, const SM_T *a, size_t lda,
        const SM_T *b, size_t rs_b, size_t cs_b, SM_T beta, SM_T *c, size_t ldc)
{
    SM_V acc[SM_NR][SM_MV];
#pragma GCC unroll 6
    for (int j = 0; j < NRt; j++)
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            acc[j][v] = SM_DUP(0);
    for (size_t l = 0; l < k; l++, a += lda, b += rs_b) {
        SM_V av[SM_MV];
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++)
            av[v] = tail && v == MV - 1 ? sm_ld_part(a + v * SM_VL, tail) : SM_LD(a + v * SM_VL);
#pragma GCC unroll 6
        for (int j = 0; j < NRt; j++) {
            /* a compiler barrier: GCC otherwise loads all 6 B values at the top of the k step
               (24 + 4 + 6 = 34 registers) and keeps 2 accumulators on the stack */
            __asm__ volatile("" ::: "memory");
            const SM_T bj = b[j * cs_b];
#pragma GCC unroll 4
            for (int v = 0; v < MV; v++)
                acc[j][v] = SM_FMA_N(acc[j][v], av[v], bj);
        }
    }
#pragma GCC unroll 6
    for (int j = 0; j < NRt; j++) {
        SM_T *cj = c + j * ldc;
#pragma GCC unroll 4
        for (int v = 0; v < MV; v++) {
            SM_V r = SM_MUL_N(acc[j][v], alpha);
            if (tail && v == MV - 1) {
                SM_T t[SM_VL];
                SM_ST(t, r);
                for (int i = 0; i < tail; i++) /* beta == 0 never reads C */
                    cj[v * SM_VL + i] = beta == 0 ? t[i] : t[i] + beta * cj[v * SM_VL + i];
            } else {
                if (beta != 0)
                    r = SM_FMA_N(r, SM_LD(cj + v * SM_VL), beta);
                SM_ST(cj + v * SM_VL, r);
            }
        }
    }
}

/* All row tiles of one block of NRt columns (a constant after inlining). */
static inline __attribute__((always_inline)) void
sm_cols(const int NRt, size_t m, size_t k, SM_T alpha, const SM_T *a, size_t lda, const SM_T *b,
        size_t rs_b, size_t cs_b, SM_T beta, SM_T *c, size_t ldc)
{
    size_t i = 0;
    for (; i + SM_MV * SM_VL <= m; i += SM_MV * SM_VL)
        sm_tile(SM_MV, NRt, 0, k, alpha, a + i, lda, b, rs_b, cs_b, beta, c + i, ldc);
    if (i == m)
        return;
    int rem = (int)(m - i), nv = (rem + SM_VL - 1) / SM_VL, tail = rem - (nv - 1) * SM_VL;
    tail = tail == SM_VL ? 0 : tail;
    a += i, c += i;
    switch (nv) {
    case 1:
        sm_tile(1, NRt, tail, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
        break;
    case 2:
        sm_tile(2, NRt, tail, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
        break;
    case 3:
        sm_tile(3, NRt, tail, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
        break;
    default: /* 4: the last vector is partial (tail > 0) */
        sm_tile(4, NRt, tail, k, alpha, a, lda, b, rs_b, cs_b, beta, c, ldc);
        break;
    }
}

void SM_NAME(size_t m, size_t n, size_t k, SM_T alpha, const SM_T *a, size_t lda, const SM_T *b,
             size_t rs_b, size_t cs_b, SM_T beta, SM_T *c, size_t ldc)
{
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    size_t j = 0;
    for (; j + SM_NR <= n; j += SM_NR)
        sm_cols(SM_NR, m, k, alpha, a, lda, b + j * cs_b, rs_b, cs_b, beta, c + j * ldc, ldc);
    const SM_T *bj = b + j * cs_b;
    SM_T *cj = c + j * ldc;
    switch (n - j) {
    case 1:
        sm_cols(1, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
    case 2:
        sm_cols(2, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
    case 3:
        sm_cols(3, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
    case 4:
        sm_cols(4, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
    case 5:
        sm_cols(5, m, k, alpha, a, lda, bj, rs_b, cs_b, beta, cj, ldc);
        break;
    default:
        break;
    }
}

#undef SM_MV
#undef SM_NR
