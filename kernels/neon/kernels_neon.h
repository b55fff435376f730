/* Entry points of the neon kernel set, shared by the kernel files and kset_neon.c. */
#ifndef NB_KERNELS_NEON_H
#define NB_KERNELS_NEON_H

#include <stddef.h>
#include "kernels/kernel.h"

#define NB_NEON_DECLARE(T, p, ukr)                                                                 \
    void ukr(size_t k, T alpha, const T *a, const T *b, T beta, T *c, size_t rs_c, size_t cs_c,   \
             int m, int n);                                                                        \
    void nb_##p##pack_a_neon(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj,     \
                             T *dst);                                                              \
    void nb_##p##pack_b_neon(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj,     \
                             T *dst);                                                              \
    void nb_##p##gemm_small_neon(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda,    \
                                 const T *b, size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc);

NB_NEON_DECLARE(double, d, nb_dgemm_neon_8x6)
NB_NEON_DECLARE(float, s, nb_sgemm_neon_16x6)

/* bf16 (sbgemm_neon_bf16.c): BFMMLA, built where the compiler knows the +bf16 extension (GCC 10,
   clang 11); the functions carry their own target attribute, and the set uses them only on CPUs
   whose hwcaps report bf16 (needs_arm_bf16). */
#if (defined(__clang__) && __clang_major__ >= 11) || (!defined(__clang__) && __GNUC__ >= 10)
#define NB_NEON_HAVE_BF16 1
#else
#define NB_NEON_HAVE_BF16 0
#endif
#define NB_NEON_BF16_MR 8
#define NB_NEON_BF16_NR 12
void nb_sbgemm_pack_a_neon_bf16(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                                size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1);
void nb_sbgemm_pack_b_neon_bf16(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                                size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1);
void nb_sbgemm_compute_neon_bf16(size_t m, size_t n, size_t k, float alpha,
                                 const unsigned short *ap, const unsigned short *bp, size_t mp,
                                 size_t kp, float beta, float *c, size_t ldc, size_t j0, size_t j1,
                                 const nb_bf16_src *src);

#endif
