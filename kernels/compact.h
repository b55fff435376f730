/* Compact GEMM kernels (MKL's compact format: element (i, j) of P consecutive matrices stored
   side by side, so one vector holds that element of P matrices). The kernel-set field `compact`
   of kernels/kernel.h; the drivers are blas/ext/compact*.c.

   One problem of a call is described by nb_compact_gemm_args. Strides count elements, where an
   element is P values (2P for complex: the P real parts, then the P imaginary parts):
   element (i, l) of op(A) of group g is at a + (g*a_gs + i*a_rs + l*a_cs) * E values
   (E = P or 2P), likewise (l, j) of op(B) and (i, j) of C. A kernel computes, for the groups
   [g0, g1), C = alpha * op(A) * op(B) + beta * C lane by lane (every lane of a group, padding
   included); conj_a / conj_b conjugate A / B (complex types). beta == 0 never reads C;
   alpha == 0 or k == 0 never reads A or B. The driver passes column-major views (c_rs == 1; a
   row-major call arrives with its operands swapped); any strides are computed correctly. */
#ifndef NB_KERNEL_COMPACT_H
#define NB_KERNEL_COMPACT_H

#include <stddef.h>

/* MKL_COMPACT_PACK values (include/nanoblas_compact.h); the pack length P of a format is its
   register width (16, 32, 64 bytes) over the size of the real type. */
#define NB_COMPACT_SSE 181
#define NB_COMPACT_AVX 182
#define NB_COMPACT_AVX512 183
#define NB_COMPACT_NFORMATS 3

typedef struct {
    size_t m, n, k;
    size_t ngroups; /* groups of the whole call (a kernel gets a range of them) */
    const void *a, *b;
    void *c;
    size_t a_rs, a_cs, a_gs, b_rs, b_cs, b_gs, c_rs, c_cs, c_gs;
    double alpha[2], beta[2]; /* real, imaginary (exact for float too) */
    int conj_a, conj_b;
} nb_compact_gemm_args;

typedef void (*nb_compact_gemm_fn)(const nb_compact_gemm_args *args, size_t g0, size_t g1);

typedef struct {
    int format; /* the native format: its P is this set's vector width (NB_COMPACT_*) */
    /* gemm[type][format - NB_COMPACT_SSE], type 0..3 = s, d, c, z: every format is computable
       by every set; the native one gets the set's register-blocked kernel at full width. */
    nb_compact_gemm_fn gemm[4][NB_COMPACT_NFORMATS];
} nb_compact_kernels;

/* The kernels of one set: nb_<p>gemm_compact_<isa>_p<P> (kernels/<isa>/compact_<isa>.c built
   from kernels/generic/compact_loops.h). */
#define NB_COMPACT_DECLARE(isa)                                                                  \
    void nb_sgemm_compact_##isa##_p4(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_sgemm_compact_##isa##_p8(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_sgemm_compact_##isa##_p16(const nb_compact_gemm_args *, size_t, size_t);             \
    void nb_dgemm_compact_##isa##_p2(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_dgemm_compact_##isa##_p4(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_dgemm_compact_##isa##_p8(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_cgemm_compact_##isa##_p4(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_cgemm_compact_##isa##_p8(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_cgemm_compact_##isa##_p16(const nb_compact_gemm_args *, size_t, size_t);             \
    void nb_zgemm_compact_##isa##_p2(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_zgemm_compact_##isa##_p4(const nb_compact_gemm_args *, size_t, size_t);              \
    void nb_zgemm_compact_##isa##_p8(const nb_compact_gemm_args *, size_t, size_t);

NB_COMPACT_DECLARE(generic)
NB_COMPACT_DECLARE(avx2)
NB_COMPACT_DECLARE(avx512)
NB_COMPACT_DECLARE(neon)
NB_COMPACT_DECLARE(sve)

#define NB_COMPACT_NATIVE_generic NB_COMPACT_SSE
#define NB_COMPACT_NATIVE_avx2 NB_COMPACT_AVX
#define NB_COMPACT_NATIVE_avx512 NB_COMPACT_AVX512
#define NB_COMPACT_NATIVE_neon NB_COMPACT_SSE
/* sve: the format of the vector length, known only at load: set by the set's vla_setup */
#define NB_COMPACT_NATIVE_sve NB_COMPACT_SSE

/* The `compact` entry of kernel set `isa` (generic, avx2, avx512). */
#define NB_COMPACT_ENTRY(isa)                                                                    \
    {                                                                                            \
        NB_COMPACT_NATIVE_##isa,                                                                 \
        {                                                                                        \
            { nb_sgemm_compact_##isa##_p4, nb_sgemm_compact_##isa##_p8,                          \
              nb_sgemm_compact_##isa##_p16 },                                                    \
            { nb_dgemm_compact_##isa##_p2, nb_dgemm_compact_##isa##_p4,                          \
              nb_dgemm_compact_##isa##_p8 },                                                     \
            { nb_cgemm_compact_##isa##_p4, nb_cgemm_compact_##isa##_p8,                          \
              nb_cgemm_compact_##isa##_p16 },                                                    \
            { nb_zgemm_compact_##isa##_p2, nb_zgemm_compact_##isa##_p4,                          \
              nb_zgemm_compact_##isa##_p8 },                                                     \
        }                                                                                        \
    }

#endif
