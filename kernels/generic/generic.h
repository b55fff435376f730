/* The generic kernel set's register tile and routine names, shared by its template instances and
   by kset_generic.c, which fills the table. */
#ifndef NB_KERNELS_GENERIC_H
#define NB_KERNELS_GENERIC_H

#include <stddef.h>

#define NB_GENERIC_MR_REAL 8
#define NB_GENERIC_NR_REAL 4

#define NB_GENERIC_DECLARE(T, p)                                                                     \
    void nb_##p##gemm_ukr_generic(size_t k, T alpha, const T *a, const T *b, T beta, T *c, size_t rs_c, \
                                  size_t cs_c, int m, int n);                                        \
    void nb_##p##pack_a_generic(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj,    \
                                T *dst);                                                             \
    void nb_##p##pack_b_generic(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj,    \
                                T *dst);

NB_GENERIC_DECLARE(float, s)
NB_GENERIC_DECLARE(double, d)

#endif
