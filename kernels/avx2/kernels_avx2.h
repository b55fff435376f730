/* Entry points of the avx2 kernel set, shared by the kernel files and kset_avx2.c. */
#ifndef NB_KERNELS_AVX2_H
#define NB_KERNELS_AVX2_H

#include <stddef.h>

#include "kernels/kernel.h" /* nb_rt.tune: prefetch distances */

#define NB_AVX2_DECLARE_UKR(T, name)                                                               \
    void name(size_t k, T alpha, const T *a, const T *b, T beta, T *c, size_t rs_c, size_t cs_c,  \
              int m, int n);
#define NB_AVX2_DECLARE_PACK(T, a_name, b_name)                                                    \
    void a_name(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj, T *dst);         \
    void b_name(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj, T *dst);
#define NB_AVX2_DECLARE_SMALL(T, name)                                                             \
    void name(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda, const T *b,          \
              size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc);

NB_AVX2_DECLARE_UKR(double, nb_dgemm_avx2_8x6)
NB_AVX2_DECLARE_UKR(double, nb_dgemm_avx2_12x4)
NB_AVX2_DECLARE_PACK(double, nb_dpack_a_avx2_8, nb_dpack_b_avx2_6)
NB_AVX2_DECLARE_PACK(double, nb_dpack_a_avx2_12, nb_dpack_b_avx2_4)
NB_AVX2_DECLARE_SMALL(double, nb_dgemm_small_avx2)

NB_AVX2_DECLARE_UKR(float, nb_sgemm_avx2_16x6)
NB_AVX2_DECLARE_UKR(float, nb_sgemm_avx2_24x4)
NB_AVX2_DECLARE_PACK(float, nb_spack_a_avx2_16, nb_spack_b_avx2_6)
NB_AVX2_DECLARE_PACK(float, nb_spack_a_avx2_24, nb_spack_b_avx2_4)
NB_AVX2_DECLARE_SMALL(float, nb_sgemm_small_avx2)

#endif
