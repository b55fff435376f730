/* Template of the AVX-512 GEMM micro-kernel (broadcast-B scheme), instantiated by dgemm_avx512.c
   and sgemm_avx512.c. Before including: NB_AVX512_DOUBLE, UKR_MV (zmm vectors per A column, so
   MR = UKR_MV * KVL), UKR_NR, UKR_NAME (function name).

   Per k step: UKR_MV loads of the packed A column, UKR_NR broadcasts of the packed B row and
   UKR_MV * UKR_NR FMAs into accumulators that live in zmm registers for the whole k loop. Every
   loop over the tile is fully unrolled (#pragma GCC unroll) so that acc[][] is only ever indexed
   by constants and GCC keeps it in registers (checked with objdump: see the kernel files). */
#include "kernels/avx512/avx512_types.h"

#define UKR_MR (UKR_MV * KVL)
/* UKR_NB: the columns the kernel computes, at most UKR_NR (the packed B row's width, which it
   steps over); a narrower instance serves the last tile of a B block whose n is below UKR_NB,
   where the full one would run all UKR_NR columns' FMAs for n of them (dgemm_avx512.c).
   UKR_LINKAGE: static for such an instance. */
#ifndef UKR_NB
#define UKR_NB UKR_NR
#endif
#ifndef UKR_LINKAGE
#define UKR_LINKAGE
#endif
#if NB_AVX512_DOUBLE
#define UKR_ADD(a, b) _mm512_add_pd((a), (b))
#else
#define UKR_ADD(a, b) _mm512_add_ps((a), (b))
#endif

/* Prefetch distances in k steps (measured on Zen 4; each helped or was neutral):
   A (UKR_MV lines per step, from L2): at the end of the panel the prefetches run on into the
   next A micro-panel, which follows the current one contiguously in the packed block (its
   first lines are also requested before the loop). B (one NR-wide row per step): its
   micro-panel is meant to stay in L1 but the streaming A panel (larger than L1 for KC >= 128)
   evicts it, so it is fetched ahead too. C: see UKR_PFC_DIST below. */
#ifndef UKR_PF_DIST
#define UKR_PF_DIST 4
#endif
#ifndef UKR_PFB_DIST
#define UKR_PFB_DIST 16
#endif
/* The tuning entry's distances (arch/tuning.h: pf_a_steps, pf_b_steps) replace these defaults
   where it gives them; read once per call into pf_a / pf_b (elements ahead, 0 = none). */
#define UKR_PFB_STEP()                                                                         \
    do {                                                                                       \
        if (pf_b)                                                                              \
            KPF_L1(b + pf_b);                                                                  \
    } while (0)
#ifndef UKR_PFC_DIST
#define UKR_PFC_DIST 32
#endif
/* 1: a long loop also requests its C tile into L2 at the start (see the kernel) */
#ifndef UKR_PFC_L2
#define UKR_PFC_L2 1
#endif

/* One k step: UKR_MV loads of the A column (each one cache line, prefetched UKR_PF_DIST steps
   ahead), UKR_NR broadcasts of the B row, UKR_MV * UKR_NR FMAs. */
#define UKR_STEP()                                                                             \
    do {                                                                                       \
        kv av[UKR_MV];                                                                         \
        _Pragma("GCC unroll 8") for (int v = 0; v < UKR_MV; v++)                               \
        {                                                                                      \
            if (pf_a)                                                                          \
                KPF_L1(a + pf_a + v * KVL);                                                    \
            av[v] = KV_LOADU(a + v * KVL);                                                     \
        }                                                                                      \
        UKR_PFB_STEP();                                                                        \
        _Pragma("GCC unroll 64") for (int j = 0; j < UKR_NB; j++)                              \
        {                                                                                      \
            kv bj = KV_SET1(b[j]);                                                             \
            _Pragma("GCC unroll 8") for (int v = 0; v < UKR_MV; v++) acc[v][j] =               \
                KV_FMA(av[v], bj, acc[v][j]);                                                  \
        }                                                                                      \
        a += UKR_MR;                                                                           \
        b += UKR_NR;                                                                           \
    } while (0)

/* Applies STMT to every column j < n and vector v of the C tile, with cp = &C(v*KVL, j). */
#define UKR_STORE_LOOP(STMT)                                                                   \
    do {                                                                                       \
        _Pragma("GCC unroll 64") for (int j = 0; j < UKR_NB; j++)                              \
        {                                                                                      \
            if (j >= n)                                                                        \
                break;                                                                         \
            _Pragma("GCC unroll 8") for (int v = 0; v < UKR_MV; v++)                           \
            {                                                                                  \
                kt *cp = c + j * cs_c + v * KVL;                                               \
                STMT;                                                                          \
            }                                                                                  \
        }                                                                                      \
    } while (0)

UKR_LINKAGE void UKR_NAME(size_t k, kt alpha, const kt *a, const kt *b, kt beta, kt *c, size_t rs_c,
              size_t cs_c, int m, int n);

UKR_LINKAGE void UKR_NAME(size_t k, kt alpha, const kt *a, const kt *b, kt beta, kt *c, size_t rs_c,
              size_t cs_c, int m, int n)
{
#ifdef UKR_NARROWER
    /* a narrower instance for the last few columns of a B block (UKR_NB above) */
    if (UKR_NARROWER(k, alpha, a, b, beta, c, rs_c, cs_c, m, n))
        return;
#endif
    const size_t pf_a = (size_t)(nb_rt.tune.pf_a_steps ? nb_rt.tune.pf_a_steps : UKR_PF_DIST) * UKR_MR;
    const size_t pf_b = (size_t)(nb_rt.tune.pf_b_steps ? nb_rt.tune.pf_b_steps : UKR_PFB_DIST) * UKR_NR;
    kv acc[UKR_MV][UKR_NB];
#pragma GCC unroll 64
    for (int j = 0; j < UKR_NB; j++)
#pragma GCC unroll 8
        for (int v = 0; v < UKR_MV; v++)
            acc[v][j] = KV_ZERO();

    const kt *an = a + k * UKR_MR;
    KPF_L2(an);
    KPF_L2(an + KVL);

    /* The C tile is needed only after the k loop. For a long loop it is requested into L2 now
       (every line of every column: MR elements span UKR_MV lines, UKR_MV + 1 when the column
       is not 64-byte aligned), which hides a miss to memory behind thousands of cycles without
       touching L1, and into L1 UKR_PFC_DIST k steps before the end, not at the start: its
       columns are ldc apart and, for power-of-two ldc, all fall in the same few L1 sets, where
       the streaming A and B lines would evict them again if they came early. A short loop
       (k < UKR_PFC_DIST, e.g. the k = 16 update of a 4096 x 4096 C, which streams C through
       memory) requests the tile into L1 at once. Consecutive calls walk down the same NR columns
       (macro-kernel), which the hardware prefetchers follow: requesting the tiles 1, 2, 4, 8 or
       16 calls ahead into L1 or L2 as well measured no different on 4096 x 4096 x 16 (Zen 4). */
    size_t k_main = k > UKR_PFC_DIST ? k - UKR_PFC_DIST : 0;
    if (rs_c == 1) {
        if (k_main) {
            for (int j = 0; j < n && UKR_PFC_L2; j++) {
#pragma GCC unroll 8
                for (int v = 0; v < UKR_MV; v++)
                    KPF_L2(c + j * cs_c + v * KVL);
                KPF_L2(c + j * cs_c + UKR_MR - 1);
            }
        } else {
            for (int j = 0; j < n; j++) {
#pragma GCC unroll 8
                for (int v = 0; v < UKR_MV; v++)
                    KPF_L1(c + j * cs_c + v * KVL);
                KPF_L1(c + j * cs_c + UKR_MR - 1);
            }
        }
    }
#pragma GCC unroll 4
    for (size_t l = 0; l < k_main; l++) {
        UKR_STEP();
    }
    if (k_main) {
        if (rs_c == 1) {
            for (int j = 0; j < n; j++) {
#pragma GCC unroll 8
                for (int v = 0; v < UKR_MV; v++)
                    KPF_L1(c + j * cs_c + v * KVL);
                KPF_L1(c + j * cs_c + UKR_MR - 1);
            }
        } else {
            for (int j = 0; j < n; j++)
                KPF_L1(c + j * cs_c);
        }
    }
#pragma GCC unroll 4
    for (size_t l = k_main; l < k; l++) {
        UKR_STEP();
    }

    /* k == 0 means C = beta*C: the zero accumulators must not meet an infinite alpha. */
    if (k == 0)
        alpha = 0;
    kv valpha = KV_SET1(alpha), vbeta = KV_SET1(beta);
    if (rs_c == 1) {
        kmask msk[UKR_MV];
#pragma GCC unroll 8
        for (int v = 0; v < UKR_MV; v++)
            msk[v] = kv_mask(m - v * KVL);
        /* Separate loops for the common scalars (beta 0 or 1, alpha 1) save the multiply by
           alpha or beta, each a full zmm operation per accumulator. beta == 0 must not read C:
           a NaN there is overwritten, not propagated. The rounding is the same in the full and
           the edge tiles and in the small kernel (small_avx512.h), so that an element's bits do
           not depend on where the tile grid puts it: beta 0: alpha*acc; beta 1:
           fma(alpha, acc, C); else fma(beta, C, alpha*acc). */
        if (m == UKR_MR) {
            if (beta == 0)
                UKR_STORE_LOOP(KV_STOREU(cp, alpha == 1 ? acc[v][j] : KV_MUL(valpha, acc[v][j])));
            else if (beta == 1 && alpha == 1)
                UKR_STORE_LOOP(KV_STOREU(cp, UKR_ADD(KV_LOADU(cp), acc[v][j])));
            else if (beta == 1)
                UKR_STORE_LOOP(KV_STOREU(cp, KV_FMA(valpha, acc[v][j], KV_LOADU(cp))));
            else
                UKR_STORE_LOOP(KV_STOREU(
                    cp, KV_FMA(vbeta, KV_LOADU(cp), KV_MUL(valpha, acc[v][j]))));
        } else {
            if (beta == 0)
                UKR_STORE_LOOP(KV_MASK_STOREU(cp, msk[v], KV_MUL(valpha, acc[v][j])));
            else if (beta == 1) /* rounded as the full tile (and the small kernel) round it */
                UKR_STORE_LOOP(KV_MASK_STOREU(
                    cp, msk[v], KV_FMA(valpha, acc[v][j], KV_MASKZ_LOADU(msk[v], cp))));
            else
                UKR_STORE_LOOP(KV_MASK_STOREU(
                    cp, msk[v],
                    KV_FMA(vbeta, KV_MASKZ_LOADU(msk[v], cp), KV_MUL(valpha, acc[v][j]))));
        }
        return;
    }

    /* General row stride (not what gemm passes): through a buffer, element by element. */
    kt t[UKR_NB][UKR_MR];
#pragma GCC unroll 64
    for (int j = 0; j < UKR_NB; j++)
#pragma GCC unroll 8
        for (int v = 0; v < UKR_MV; v++)
            KV_STOREU(&t[j][v * KVL], KV_MUL(valpha, acc[v][j]));
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            kt *cij = c + i * rs_c + j * cs_c;
            *cij = beta == 0 ? t[j][i] : t[j][i] + beta * *cij;
        }
}

#undef UKR_MR
#undef UKR_NB
#undef UKR_NARROWER
#undef UKR_LINKAGE
#undef UKR_STEP
#undef UKR_STORE_LOOP
#undef UKR_ADD
#undef UKR_PFB_STEP
