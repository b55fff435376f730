/* The Level 1 kernels of the avx512 set: the shared plain-C loops (kernels/generic/l1_loops.h)
   compiled with this set's ISA flags on 64-byte vectors, with three single instructions where
   GCC's vector extensions give none: the running maximum of i?amax as MAXPS/MAXPD (max(a, m)
   returns m when either is NaN, exactly the loops' a > m ? a : m; MINPS/MINPD likewise for
   i?amin, i?min), the any-lane test of a mask
   as MOVMSK/VPTESTM, and dsdot's widening load as VCVTPS2PD.
   Register budget: that of l1_loops.h (at most 15 zmm registers live in any inner loop). */
#include <immintrin.h>
#include "kernels/l1_kernels.h"
#define NB_L1_SUFFIX avx512
#define NB_L1_VBYTES 64
#define L1_VMAX_S(a, m) ((l1_vs)_mm512_max_ps((__m512)(a), (__m512)(m)))
#define L1_VMAX_D(a, m) ((l1_vd)_mm512_max_pd((__m512d)(a), (__m512d)(m)))
#define L1_VMIN_S(a, m) ((l1_vs)_mm512_min_ps((__m512)(a), (__m512)(m)))
#define L1_VMIN_D(a, m) ((l1_vd)_mm512_min_pd((__m512d)(a), (__m512d)(m)))
/* nrm2's block extremes (l1_norm_loops.h): unsigned max and min of the bit patterns */
#define L1_UMAX_S(a, m) ((l1_vus)_mm512_max_epu32((__m512i)(a), (__m512i)(m)))
#define L1_UMIN_S(a, m) ((l1_vus)_mm512_min_epu32((__m512i)(a), (__m512i)(m)))
#define L1_UMAX_D(a, m) ((l1_vud)_mm512_max_epu64((__m512i)(a), (__m512i)(m)))
#define L1_UMIN_D(a, m) ((l1_vud)_mm512_min_epu64((__m512i)(a), (__m512i)(m)))
#define L1_ANY_S(m) (_mm512_test_epi32_mask((__m512i)(m), (__m512i)(m)) != 0)
#define L1_ANY_D(m) (_mm512_test_epi64_mask((__m512i)(m), (__m512i)(m)) != 0)
#define L1_LD_SD(p) ((l1_vd)_mm512_cvtps_pd(_mm256_loadu_ps(p)))
#define L1_PIN(v) __asm__("" : "+v"(v))
/* the padded tails as masked moves (l1_loops.h, L1_LDN): k <= 16 floats or 8 doubles */
#define L1_LDN(V, p, k)                                                                            \
    ({                                                                                             \
        _Static_assert(sizeof(V) == 64, "64-byte vectors");                                        \
        _Generic((p)[0] + 0,                                                                       \
            float: (V)_mm512_maskz_loadu_ps((__mmask16)((1u << (k)) - 1), (p)),                    \
            default: (V)_mm512_maskz_loadu_pd((__mmask8)((1u << (k)) - 1), (p)));                 \
    })
#define L1_STN(p, v, k)                                                                            \
    _Generic((p)[0] + 0,                                                                           \
        float: _mm512_mask_storeu_ps((p), (__mmask16)((1u << (k)) - 1), (__m512)(v)),              \
        default: _mm512_mask_storeu_pd((p), (__mmask8)((1u << (k)) - 1), (__m512d)(v)))
#define L1_SUM_PF 4096 /* bytes ahead: l1_loops.h, L1_SUM8 */
#define L1_SHORT_LOOPS /* l1_loops.h: the half-width loops of long calls, where the entry asks */
/* copy_stream (l1_loops.h): aligned streaming stores, and the fence after them */
#define L1_STREAM_ST(p, v) _mm512_stream_pd((double *)(p), (__m512d)(v))
#define L1_STREAM_FENCE() _mm_sfence()
#include "kernels/generic/l1_loops.h"
