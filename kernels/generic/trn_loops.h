/* Real trmv 'N' by blocks of rows (trn_cols, trn_tri; contract in kernels/l2gen_kernels.h): the
   rows of x held in vectors while the columns go by, each element getting the reference's
   terms in the reference's order. Included by l2gen_loops.h, in the set's widest vectors
   (NB_L2GEN_NBYTES): V the data, M the lane masks of the same width.

   The reference's column sweep ('N': x(0..j-1) += x(j) A(0..j-1, j) for each j, upper) loads
   and stores x once a column; for a triangle in L1 (dtpmv 72) a column of 36 elements on
   average is a kernel call of a few vectors. Here a block of up to eight vectors of rows stays
   in registers while every column right of it (upper; left of it, descending, for lower) adds
   x(j) times its segment, skipping x(j) == 0 as the reference does. A column is reached through
   an offset that grows by a step, and the step by dstep, so one loop walks full storage (step
   lda), packed upper (step j + 1) and packed lower (step n - j - 1) columns, either way.

   Register budget: trn_cols holds nv <= 8 accumulators and one broadcast (the column loads are
   FMA memory operands): 9 of 16 vector registers on avx2 and the 16-byte sets, 9 of 32 on
   avx512; trn_tri nv <= 4 accumulators, their products, the lane numbers and the mask. Each
   accumulator is one dependent FMA chain, so the vectors side by side are what keeps the FMA
   units busy. */

#define L2G_TRN_LDV(NV, k) TRN_V v##k = NV > k ? L2G_LD(TRN_V, acc + k * W) : v0
#define L2G_TRN_STV(NV, k)                                                                             \
    if (NV > k)                                                                                    \
    memcpy(acc + k * W, &v##k, sizeof v##k)
#define L2G_TRN_ADD(NV, k)                                                                             \
    if (NV > k)                                                                                    \
    v##k = v##k + xj * L2G_LD(TRN_V, a + off + k * W)
#define L2G_TRN_COLS(NV)                                                                           \
    do {                                                                                           \
        TRN_V v0 = L2G_LD(TRN_V, acc);                                                             \
        L2G_TRN_LDV(NV, 1); L2G_TRN_LDV(NV, 2); L2G_TRN_LDV(NV, 3);                                            \
        L2G_TRN_LDV(NV, 4); L2G_TRN_LDV(NV, 5); L2G_TRN_LDV(NV, 6); L2G_TRN_LDV(NV, 7);                            \
        ptrdiff_t off = 0;                                                                         \
        const TRN_T *xp = x;                                                                       \
        for (size_t c = 0; c < ncols; c++, xp += xinc) {                                           \
            TRN_T xj = *xp;                                                                        \
            if (xj != 0) {                                                                         \
                L2G_TRN_ADD(NV, 0); L2G_TRN_ADD(NV, 1); L2G_TRN_ADD(NV, 2); L2G_TRN_ADD(NV, 3);                    \
                L2G_TRN_ADD(NV, 4); L2G_TRN_ADD(NV, 5); L2G_TRN_ADD(NV, 6); L2G_TRN_ADD(NV, 7);                    \
            }                                                                                      \
            off += step, step += dstep;                                                            \
        }                                                                                          \
        memcpy(acc, &v0, sizeof v0);                                                               \
        L2G_TRN_STV(NV, 1); L2G_TRN_STV(NV, 2); L2G_TRN_STV(NV, 3);                                            \
        L2G_TRN_STV(NV, 4); L2G_TRN_STV(NV, 5); L2G_TRN_STV(NV, 6); L2G_TRN_STV(NV, 7);                            \
    } while (0)

/* the triangles: vector k's column c at a[k] + off[k], its x at x[k W + c xinc] */
#define L2G_TRI_LDV(NV, k) TRN_V v##k = NV > k ? L2G_LD(TRN_V, acc + k * W) : v0
#define L2G_TRI_ADD(NV, k)                                                                         \
    if (NV > k) {                                                                                  \
        TRN_T xj = x[(ptrdiff_t)k * W + (ptrdiff_t)c * xinc];                                      \
        if (xj != 0) {                                                                             \
            TRN_M xs = (TRN_M)((TRN_V){0} + xj);                                                   \
            TRN_V xm = (TRN_V)((xs & m) | (nz & ~m));                                              \
            TRN_V sm = (TRN_V)((TRN_M)L2G_LD(TRN_V, a[k] + off[k]) & m);                           \
            v##k = v##k + xm * sm;                                                                 \
        }                                                                                          \
        off[k] += st[k], st[k] += dstep;                                                           \
    }
#define L2G_TRI_STV(NV, k)                                                                             \
    if (NV > k)                                                                                    \
    memcpy(acc + k * W, &v##k, sizeof v##k)
#define L2G_TRN_TRI(NV)                                                                            \
    do {                                                                                           \
        TRN_V v0 = L2G_LD(TRN_V, acc);                                                             \
        L2G_TRI_LDV(NV, 1); L2G_TRI_LDV(NV, 2); L2G_TRI_LDV(NV, 3);                                            \
        ptrdiff_t off[4] = {0, 0, 0, 0}, st[4];                                                    \
        for (int k = 0; k < NV; k++)                                                               \
            st[k] = step[k];                                                                       \
        for (int c = 0; c < W - 1; c++) {                                                          \
            TRN_M m = upper ? lane <= c : lane >= W - 1 - c;                                       \
            L2G_TRI_ADD(NV, 0) L2G_TRI_ADD(NV, 1) L2G_TRI_ADD(NV, 2) L2G_TRI_ADD(NV, 3)                            \
        }                                                                                          \
        memcpy(acc, &v0, sizeof v0);                                                               \
        L2G_TRI_STV(NV, 1); L2G_TRI_STV(NV, 2); L2G_TRI_STV(NV, 3);                                            \
    } while (0)

#define NB_L2GEN_TRN(T, V, M, p, sfx)                                                              \
    void L2G_NAME(p, trn_cols, sfx)(size_t nv, size_t ncols, T *acc, const T *a, ptrdiff_t step,   \
                                    ptrdiff_t dstep, const T *x, ptrdiff_t xinc)                   \
    {                                                                                              \
        typedef V TRN_V;                                                                           \
        typedef T TRN_T;                                                                           \
        enum { W = sizeof(V) / sizeof(T) };                                                        \
        switch (nv) {                                                                              \
        case 1: L2G_TRN_COLS(1); break;                                                            \
        case 2: L2G_TRN_COLS(2); break;                                                            \
        case 3: L2G_TRN_COLS(3); break;                                                            \
        case 4: L2G_TRN_COLS(4); break;                                                            \
        case 5: L2G_TRN_COLS(5); break;                                                            \
        case 6: L2G_TRN_COLS(6); break;                                                            \
        case 7: L2G_TRN_COLS(7); break;                                                            \
        default: L2G_TRN_COLS(8);                                                                  \
        }                                                                                          \
    }                                                                                              \
    /* Column c (of W - 1) of a vector's own triangle updates lanes 0..c (upper) or W-1-c..W-1  \
       (lower). The other lanes add (-0) * (+0): the segment masked to +0 there (what lies past \
       the triangle, NaN or Inf included, is read but never used; it is inside the caller's   \
       array: see the contract) and x(c) replaced by -0, and v + -0 is v for every v, -0 and  \
       NaN included, so those lanes keep their bits. The masks are off the dependency chain:  \
       one FMA a column (a select after the FMA made each step FMA plus blend). Up to four    \
       triangles side by side. */                                                             \
    void L2G_NAME(p, trn_tri, sfx)(int nv, int upper, T *acc, const T *const *a,                   \
                                   const ptrdiff_t *step, ptrdiff_t dstep, const T *x,             \
                                   ptrdiff_t xinc)                                                 \
    {                                                                                              \
        typedef V TRN_V;                                                                           \
        typedef T TRN_T;                                                                           \
        typedef M TRN_M;                                                                           \
        enum { W = sizeof(V) / sizeof(T) };                                                        \
        M lane, nz = (M)(-(V){0}); /* -0 in every lane */                                       \
        for (int k = 0; k < W; k++)                                                                \
            lane[k] = k;                                                                           \
        switch (nv) {                                                                              \
        case 1: L2G_TRN_TRI(1); break;                                                             \
        case 2: L2G_TRN_TRI(2); break;                                                             \
        case 3: L2G_TRN_TRI(3); break;                                                             \
        default: L2G_TRN_TRI(4);                                                                   \
        }                                                                                          \
    }                                                                                              \
    int L2G_NAME(p, trn_vl, sfx)(void) { return (int)(sizeof(V) / sizeof(T)); }

NB_L2GEN_TRN(float, hs_vs_l2gn, hs_ms_l2gn, s, NB_L2GEN_SUFFIX)
NB_L2GEN_TRN(double, hs_vd_l2gn, hs_md_l2gn, d, NB_L2GEN_SUFFIX)
