/* Entry points of the sve kernel set, shared by the kernel files and kset_sve.c. */
#ifndef NB_KERNELS_SVE_H
#define NB_KERNELS_SVE_H

#include <stddef.h>

#define NB_SVE_DECLARE(T, p)                                                                       \
    void nb_##p##gemm_sve_3vx8(size_t k, T alpha, const T *a, const T *b, T beta, T *c,            \
                               size_t rs_c, size_t cs_c, int m, int n);                          \
    void nb_##p##pack_a_sve_3v(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj,   \
                               T *dst);                                                           \
    void nb_##p##pack_b_sve_8(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj,    \
                              T *dst);

NB_SVE_DECLARE(double, d)
NB_SVE_DECLARE(float, s)

#endif
