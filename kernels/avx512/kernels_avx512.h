/* Register tiles and names of the AVX-512 kernels: shared by dgemm_avx512.c / sgemm_avx512.c,
   which instantiate the templates, and by kset_avx512.c, which fills the kernel set. The tile
   shapes were chosen by measurement (see the headers of the two kernel sources). */
#ifndef NB_KERNELS_AVX512_H
#define NB_KERNELS_AVX512_H

#include <stddef.h>

#ifndef NB_AVX512_D_MV
#define NB_AVX512_D_MV 4 /* zmm vectors per A column: MR = 8 * MV */
#endif
#ifndef NB_AVX512_D_NR
#define NB_AVX512_D_NR 6
#endif
#ifndef NB_AVX512_S_MV
#define NB_AVX512_S_MV 4 /* MR = 16 * MV */
#endif
#ifndef NB_AVX512_S_NR
#define NB_AVX512_S_NR 6
#endif
#define nb_dgemm_avx512_ukr nb_dgemm_avx512_32x6
#define nb_sgemm_avx512_ukr nb_sgemm_avx512_64x6

#define NB_AVX512_DECLARE(T, p)                                                                  \
    void nb_##p##gemm_avx512_ukr(size_t k, T alpha, const T *a, const T *b, T beta, T *c,        \
                                 size_t rs_c, size_t cs_c, int m, int n);                        \
    void nb_##p##pack_a_avx512(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj, \
                               T *dst);                                                          \
    void nb_##p##pack_b_avx512(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj, \
                               T *dst);                                                          \
    void nb_##p##gemm_small_avx512(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda, \
                                   const T *b, size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc);

NB_AVX512_DECLARE(double, d)
NB_AVX512_DECLARE(float, s)

/* The table entries of the avx512 set, shared with the amx set (kernels/amx/kset_amx.c), which
   runs the same fp32/fp64 kernels. */
#include "kernels/generic/generic.h"
#include "kernels/kernel.h"
#include "kernels/generic/gemm_1m_loops.h"
/* Complex types: the 1m method on the real kernels (complex_gemm_avx512.c), MR/2 x NR complex tiles;
   the amx set shares them. */
NB_GEMM_1M_DECLARE(c, float _Complex, avx512)
NB_GEMM_1M_DECLARE(z, double _Complex, avx512)
#define NB_AVX512_C_1M_ENTRY NB_GEMM_1M_ENTRY(c, avx512, 8 * NB_AVX512_S_MV, NB_AVX512_S_NR)
#define NB_AVX512_Z_1M_ENTRY NB_GEMM_1M_ENTRY(z, avx512, 4 * NB_AVX512_D_MV, NB_AVX512_D_NR)

#define NB_AVX512_ENTRY(p, mr, nr)                                                            \
    { (mr), (nr), nb_##p##gemm_avx512_ukr, nb_##p##pack_a_avx512, nb_##p##pack_b_avx512,      \
      nb_##p##gemm_small_avx512, nb_##p##gemv_n_avx512, nb_##p##gemv_t_avx512, nb_##p##ger_avx512,          \
      nb_##p##trsm_rows_avx512, nb_##p##trmm_rows_avx512 }

NB_GEMV_DECLARE(avx512)

/* bf16 GEMM with AVX512_BF16 (sbgemm_avx512bf16.c): m padded to 64, n to 6, k to 2; valid only
   where the CPU has AVX512_BF16 (arch/runtime.c checks at load). */
void nb_sbgemm_pack_a_avx512bf16(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                                 size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1);
void nb_sbgemm_pack_b_avx512bf16(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                                 size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1);
void nb_sbgemm_compute_avx512bf16(size_t m, size_t n, size_t k, float alpha,
                                  const unsigned short *ap, const unsigned short *bp, size_t mp,
                                  size_t kp, float beta, float *c, size_t ldc, size_t j0, size_t j1,
                                  const nb_bf16_src *src);
#define NB_AVX512BF16_ENTRY                                                                      \
    { 64, 6, 2, nb_sbgemm_pack_a_avx512bf16, nb_sbgemm_pack_b_avx512bf16,                        \
      nb_sbgemm_compute_avx512bf16, 1, 0, 1 }

#endif
