/* Template of the AVX2+FMA GEMM micro-kernel (broadcast-B scheme), included by dgemm_avx2.c and
   sgemm_avx2.c (possibly several times, one instance per tile shape). Before including:
   avx2_vec.h (element type), UKR_MV (ymm vectors per A column: MR = UKR_MV * VL), UKR_NR, UKR_NAME.

   Per k step: UKR_MV loads of the packed A column, UKR_NR broadcasts of the packed B row, and
   UKR_MV * UKR_NR FMAs into accumulators that stay in ymm registers for the whole k loop.
   Register budget (16 ymm): UKR_MV*UKR_NR acc + UKR_MV A + 1 broadcast <= 16. Every loop over the
   tile is fully unrolled (#pragma GCC unroll) so acc[][] is only indexed by constants and GCC keeps
   it in registers (checked with objdump: see the header of each kernel file). */

#define UKR_MR (UKR_MV * VL)
#if NB_AVX2_DOUBLE
#define VV_ADD(x, y) _mm256_add_pd((x), (y))
#else
#define VV_ADD(x, y) _mm256_add_ps((x), (y))
#endif

/* Packed A is consumed at UKR_MR elements per k step; prefetch this many k steps ahead into L1.
   The packed A micro-panels of one block are contiguous, so near the end of the k loop this
   walks into the next A micro-panel (a + k*MR), which the next call of the kernel reads. */
#ifndef UKR_PF_DIST
#define UKR_PF_DIST 16
#endif
/* Packed B is consumed at UKR_NR elements per k step; prefetched this many k steps ahead into L1
   (0: no B prefetch). */
#ifndef UKR_PFB_DIST
#define UKR_PFB_DIST 32
#endif
/* An empty asm that "uses" x: the A vectors and the broadcast stay live past their last FMA, so
   GCC must write every FMA into its accumulator (vfmadd231). Without it GCC reuses the dying
   multiplicand as the destination (vfmadd132), the accumulators wander between registers and
   the unrolled loop needs register moves and a stack spill. */
#ifndef UKR_KEEP
#define UKR_KEEP(x) __asm__ volatile("" ::"x"(x))
#endif
/* k steps per iteration of the main loop (UKR_UNROLL overrides, for tuning). */
#ifdef UKR_UNROLL
#define UKR_U UKR_UNROLL
#else
#define UKR_U 4
#endif
/* Cache lines of packed A consumed per UKR_U k steps: one prefetch per line. */
#ifdef UKR_PF_LINES
#define UKR_PFL UKR_PF_LINES
#else
#define UKR_PFL ((UKR_U * UKR_MR * (int)sizeof(vt) + 63) / 64)
#endif
/* Cache lines of packed B consumed per UKR_U k steps (rounded up). */
#define UKR_PFBL ((UKR_U * UKR_NR * (int)sizeof(vt) + 63) / 64)

#define UKR_CAT_(x, y) x##y
#define UKR_CAT(x, y) UKR_CAT_(x, y)
/* The kernel for the first nre of the UKR_NR columns (n <= nre; a constant after inlining). */
static inline __attribute__((always_inline)) void UKR_CAT(UKR_NAME, _cols)(
    size_t k, vt alpha, const vt *a, const vt *b, vt beta, vt *c, size_t rs_c, size_t cs_c, int m,
    int n, const int nre)
{
    /* the tuning entry's prefetch distances (arch/tuning.h) where it gives them, in elements */
    const size_t pf_a = (size_t)(nb_rt.tune.pf_a_steps ? nb_rt.tune.pf_a_steps : UKR_PF_DIST) * UKR_MR;
    const size_t pf_b = (size_t)(nb_rt.tune.pf_b_steps ? nb_rt.tune.pf_b_steps : UKR_PFB_DIST) * UKR_NR;
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    vv acc[UKR_NR][UKR_MV];
#pragma GCC unroll 16
    for (int j = 0; j < UKR_NR; j++)
#pragma GCC unroll 4
        for (int v = 0; v < UKR_MV; v++)
            acc[j][v] = VV_ZERO();

    /* The C tile is needed only after the k loop: request it now so its misses overlap the loop
       (first and last element of each column: an unaligned column may straddle two lines).
       Requesting it into L2 here and into L1 32 k steps before the end, as the
       avx512 kernel does, measured no different for this tile (2048^3 d and s, Zen 4). */
    for (int j = 0; j < n; j++) {
        VV_PF_L1(c + j * cs_c);
        VV_PF_L1(c + j * cs_c + (size_t)(m - 1) * rs_c);
    }

    size_t l = 0;
    for (; l + UKR_U <= k; l += UKR_U) {
#pragma GCC unroll 8
        for (int p = 0; p < UKR_PFL; p++)
            VV_PF_L1((const char *)(a + pf_a) + 64 * p);
        if (pf_b) {
#pragma GCC unroll 8
            for (int p = 0; p < UKR_PFBL; p++)
                VV_PF_L1((const char *)(b + pf_b) + 64 * p);
        }
#pragma GCC unroll 16
        for (int u = 0; u < UKR_U; u++) {
            vv av[UKR_MV];
#pragma GCC unroll 4
            for (int v = 0; v < UKR_MV; v++)
                av[v] = VV_LOADU(a + u * UKR_MR + v * VL);
#pragma GCC unroll 16
            for (int j = 0; j < nre; j++) {
                vv bj = VV_BCAST(b + u * UKR_NR + j);
#pragma GCC unroll 4
                for (int v = 0; v < UKR_MV; v++)
                    acc[j][v] = VV_FMA(av[v], bj, acc[j][v]);
                UKR_KEEP(bj);
            }
#pragma GCC unroll 4
            for (int v = 0; v < UKR_MV; v++)
                UKR_KEEP(av[v]);
        }
        a += UKR_U * UKR_MR;
        b += UKR_U * UKR_NR;
    }
    for (; l < k; l++) {
        vv av[UKR_MV];
#pragma GCC unroll 4
        for (int v = 0; v < UKR_MV; v++)
            av[v] = VV_LOADU(a + v * VL);
#pragma GCC unroll 16
        for (int j = 0; j < nre; j++) {
            vv bj = VV_BCAST(b + j);
#pragma GCC unroll 4
            for (int v = 0; v < UKR_MV; v++)
                acc[j][v] = VV_FMA(av[v], bj, acc[j][v]);
        }
        a += UKR_MR;
        b += UKR_NR;
    }

    /* alpha and beta once per tile, at the store. beta == 0 must not read C. */
    const vv va = VV_SET1(alpha), vb = VV_SET1(beta);
    if (rs_c == 1) {
        /* Column-major C (what gemm passes): whole vectors, the m-edge with masked loads/stores
           (lanes past m are neither read nor written). */
        if (m == UKR_MR && beta == 1) {
            /* The common update C += alpha*A*B of every K block after the first: one FMA (or
               add, for alpha = 1) per vector instead of a multiply and an FMA. The m-edge
               tile (below) and the small kernel (small_avx2.h) round beta = 1 the same way,
               so that an element's bits do not depend on where the tile grid puts it. */
#pragma GCC unroll 16
            for (int j = 0; j < UKR_NR; j++) {
                if (j >= n)
                    break;
                vt *cj = c + j * cs_c;
#pragma GCC unroll 4
                for (int v = 0; v < UKR_MV; v++) {
                    vv old = VV_LOADU(cj + v * VL);
                    VV_STOREU(cj + v * VL, alpha == 1 ? VV_ADD(old, acc[j][v])
                                                      : VV_FMA(acc[j][v], va, old));
                }
            }
            return;
        }
        if (beta == 1) {
#pragma GCC unroll 16
            for (int j = 0; j < UKR_NR; j++) {
                if (j >= n)
                    break;
                vt *cj = c + j * cs_c;
#pragma GCC unroll 4
                for (int v = 0; v < UKR_MV; v++) {
                    int lanes = m - v * VL;
                    if (lanes <= 0)
                        break;
                    __m256i mk = vv_mask(lanes < VL ? lanes : VL);
                    VV_MASKSTORE(cj + v * VL, mk,
                                 VV_FMA(acc[j][v], va, VV_MASKLOAD(cj + v * VL, mk)));
                }
            }
            return;
        }
#pragma GCC unroll 16
        for (int j = 0; j < UKR_NR; j++) {
            if (j >= n)
                break;
            vt *cj = c + j * cs_c;
#pragma GCC unroll 4
            for (int v = 0; v < UKR_MV; v++) {
                int lanes = m - v * VL;
                vv r = alpha == 1 ? acc[j][v] : VV_MUL(acc[j][v], va);
                if (lanes >= VL) {
                    if (beta != 0)
                        r = VV_FMA(VV_LOADU(cj + v * VL), vb, r);
                    VV_STOREU(cj + v * VL, r);
                } else if (lanes > 0) {
                    __m256i mk = vv_mask(lanes);
                    if (beta != 0)
                        r = VV_FMA(VV_MASKLOAD(cj + v * VL, mk), vb, r);
                    VV_MASKSTORE(cj + v * VL, mk, r);
                }
            }
        }
    } else {
        /* General strides (row-major C of syrk/trmm helpers etc.): rare, through a buffer. */
        vt t[UKR_NR][UKR_MR];
#pragma GCC unroll 16
        for (int j = 0; j < UKR_NR; j++)
#pragma GCC unroll 4
            for (int v = 0; v < UKR_MV; v++)
                VV_STOREU(&t[j][v * VL], VV_MUL(acc[j][v], va));
        for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
                vt *cij = &c[i * rs_c + j * cs_c];
                *cij = beta == 0 ? t[j][i] : t[j][i] + beta * *cij;
            }
    }
}

/* n-edge tiles (n <= 2 or n <= 4 of the UKR_NR columns: LAPACK's 32- and 64-wide panels end in
   one) run a k loop with only the columns they have, on the same packed B (stride UKR_NR):
   dgemm 1500x32x1400 TN spent 1/9 of its FMAs on the padding of its last tile. Separate
   functions, so that each loop gets its own register allocation (one function with three loops
   spilled an accumulator in the full-width one). */
static __attribute__((noinline)) void UKR_CAT(UKR_NAME, _n2)(size_t k, vt alpha, const vt *a,
                                                             const vt *b, vt beta, vt *c,
                                                             size_t rs_c, size_t cs_c, int m, int n)
{
    UKR_CAT(UKR_NAME, _cols)(k, alpha, a, b, beta, c, rs_c, cs_c, m, n, 2);
}
static __attribute__((noinline)) void UKR_CAT(UKR_NAME, _n4)(size_t k, vt alpha, const vt *a,
                                                             const vt *b, vt beta, vt *c,
                                                             size_t rs_c, size_t cs_c, int m, int n)
{
    UKR_CAT(UKR_NAME, _cols)(k, alpha, a, b, beta, c, rs_c, cs_c, m, n, 4);
}

void UKR_NAME(size_t k, vt alpha, const vt *a, const vt *b, vt beta, vt *c, size_t rs_c,
              size_t cs_c, int m, int n);
void UKR_NAME(size_t k, vt alpha, const vt *a, const vt *b, vt beta, vt *c, size_t rs_c,
              size_t cs_c, int m, int n)
{
    if (UKR_NR > 2 && n <= 2)
        UKR_CAT(UKR_NAME, _n2)(k, alpha, a, b, beta, c, rs_c, cs_c, m, n);
    else if (UKR_NR > 4 && n <= 4)
        UKR_CAT(UKR_NAME, _n4)(k, alpha, a, b, beta, c, rs_c, cs_c, m, n);
    else
        UKR_CAT(UKR_NAME, _cols)(k, alpha, a, b, beta, c, rs_c, cs_c, m, n, UKR_NR);
}

#undef UKR_MR
#undef VV_ADD
#undef UKR_PFL
#undef UKR_PFBL
#undef UKR_U
