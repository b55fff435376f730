/* The Level 1 kernels of the avx2 set: the shared plain-C loops (kernels/generic/l1_loops.h)
   compiled with this set's ISA flags on 32-byte vectors, with three single instructions where
   GCC's vector extensions give none: the running maximum of i?amax as MAXPS/MAXPD (max(a, m)
   returns m when either is NaN, exactly the loops' a > m ? a : m; MINPS/MINPD likewise for
   i?amin, i?min), the any-lane test of a mask
   as MOVMSK/VPTESTM, and dsdot's widening load as VCVTPS2PD.
   Register budget: that of l1_loops.h (at most 15 ymm registers live in any inner loop). */
#include <immintrin.h>
#include "kernels/l1_kernels.h"
#define NB_L1_SUFFIX avx2
#define NB_L1_VBYTES 32
#define L1_VMAX_S(a, m) ((l1_vs)_mm256_max_ps((__m256)(a), (__m256)(m)))
#define L1_VMAX_D(a, m) ((l1_vd)_mm256_max_pd((__m256d)(a), (__m256d)(m)))
#define L1_VMIN_S(a, m) ((l1_vs)_mm256_min_ps((__m256)(a), (__m256)(m)))
#define L1_VMIN_D(a, m) ((l1_vd)_mm256_min_pd((__m256d)(a), (__m256d)(m)))
#define L1_ANY_S(m) (_mm256_movemask_ps((__m256)(m)) != 0)
#define L1_ANY_D(m) (_mm256_movemask_pd((__m256d)(m)) != 0)
#define L1_LD_SD(p) ((l1_vd)_mm256_cvtps_pd(_mm_loadu_ps(p)))
#define L1_PIN(v) __asm__("" : "+v"(v))
/* nrm2's extremes as signed compares on keys with the sign bit clear (l1_norm_loops.h, before
   L1_NRM2_GUESS): AVX2 has no unsigned 64-bit compare. Zen 3, 1 thread, blas_suite --only nrm2
   --types dz against GCC's emulation: dnrm2/dznrm2 from L1 and L2 1.21-1.38x, L3 1.06-1.21x,
   memory 1.0-1.07x. (snrm2 and scnrm2 sum in double through dsdot: l1_norm.tmpl.c.) */
#define L1_NRM2_LOKEY(b) (((b) - 1) & (((__typeof__(b)){0} - 1) >> 1))
#define L1_NRM2_LO0(UV) (((UV){0} - 1) >> 1)
#define L1_UMAX_S(a, m) ((l1_vus)_mm256_max_epi32((__m256i)(a), (__m256i)(m)))
#define L1_UMIN_S(a, m) ((l1_vus)_mm256_min_epi32((__m256i)(a), (__m256i)(m)))
#define L1_UMAX_D(a, m)                                                                            \
    ({                                                                                             \
        __m256i a_ = (__m256i)(a), m_ = (__m256i)(m);                                              \
        (l1_vud)_mm256_blendv_epi8(m_, a_, _mm256_cmpgt_epi64(a_, m_));                            \
    })
#define L1_UMIN_D(a, m)                                                                            \
    ({                                                                                             \
        __m256i a_ = (__m256i)(a), m_ = (__m256i)(m);                                              \
        (l1_vud)_mm256_blendv_epi8(m_, a_, _mm256_cmpgt_epi64(m_, a_));                            \
    })
/* the padded tails as masked moves (l1_loops.h, L1_LDN): lanes below k selected by a compare
   of k with the lane numbers; k <= 8 floats or 4 doubles */
#define L1_MASK_S(k) _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(k)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
#define L1_MASK_D(k) _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(k)), _mm256_setr_epi64x(0, 1, 2, 3))
#define L1_LDN(V, p, k)                                                                            \
    ({                                                                                             \
        _Static_assert(sizeof(V) == 32, "32-byte vectors");                                        \
        _Generic((p)[0] + 0,                                                                       \
            float: (V)_mm256_maskload_ps((const float *)(p), L1_MASK_S(k)),                        \
            default: (V)_mm256_maskload_pd((const double *)(p), L1_MASK_D(k)));                   \
    })
#define L1_STN(p, v, k)                                                                            \
    _Generic((p)[0] + 0,                                                                           \
        float: _mm256_maskstore_ps((float *)(p), L1_MASK_S(k), (__m256)(v)),                       \
        default: _mm256_maskstore_pd((double *)(p), L1_MASK_D(k), (__m256d)(v)))
/* copy_stream (l1_loops.h): aligned streaming stores, and the fence after them */
#define L1_STREAM_ST(p, v) _mm256_stream_pd((double *)(p), (__m256d)(v))
#define L1_STREAM_FENCE() _mm_sfence()
#include "kernels/generic/l1_loops.h"
