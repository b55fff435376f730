/* The AVX-512 GEMM micro-kernel with its n-edge instances: ukr_avx512.h three times, as
   UKR_N2_NAME and UKR_N4_NAME (2 and 4 columns, static) and as UKR_NAME (UKR_NR columns), whose
   last tile of a B block with 1-2 or 3-4 columns runs on the narrower one (the same FMAs per
   element, so the same bits): the UKR_NR-column kernel spent UKR_NR columns of FMAs on it, an
   eighth more work than needed on n = 32 (dormtr's dlarfb calls in numpy's eigh). Before
   including: NB_AVX512_DOUBLE, UKR_MV, UKR_NR, UKR_NAME, UKR_N2_NAME, UKR_N4_NAME. */
#pragma push_macro("UKR_NAME")
#undef UKR_NAME
#define UKR_NB 2
#define UKR_LINKAGE static __attribute__((noinline))
#define UKR_NAME UKR_N2_NAME
#include "kernels/avx512/ukr_avx512.h"
#undef UKR_NAME
#define UKR_NB 4
#define UKR_LINKAGE static __attribute__((noinline))
#define UKR_NAME UKR_N4_NAME
#include "kernels/avx512/ukr_avx512.h"
#undef UKR_NAME
#define UKR_NARROWER(k, alpha, a, b, beta, c, rs, cs, m, n)                                        \
    ((n) <= 2   ? (UKR_N2_NAME(k, alpha, a, b, beta, c, rs, cs, m, n), 1)                          \
     : (n) <= 4 ? (UKR_N4_NAME(k, alpha, a, b, beta, c, rs, cs, m, n), 1)                          \
                : 0)
#pragma pop_macro("UKR_NAME")
#include "kernels/avx512/ukr_avx512.h"
