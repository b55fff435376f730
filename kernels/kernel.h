/* The one contract between the ISA-agnostic drivers and the kernel sets (kernels/<isa>/).
   Drivers include this header only; they never include intrinsics headers.

   Packed formats (what pack_a/pack_b write and what ukr reads):
   - A block of m x k is stored as ceil(m/MR) micro-panels; panel p holds rows p*MR .. p*MR+MR-1,
     k-major: element (i, l) of the panel at a[l*MR + i]. Rows past m are zero.
   - B block of k x n is stored as ceil(n/NR) micro-panels; panel q holds columns q*NR ..,
     k-major: element (l, j) of the panel at b[l*NR + j]. Columns past n are zero.
   Source operands are addressed with general strides: element (i, j) at src[i*rs + j*cs], so one
   routine packs both the transposed and the plain case. conj != 0 conjugates while packing
   (complex types; ignored for real ones).

   ukr computes C[m x n] = alpha * Apanel * Bpanel + beta * C over k, for m <= MR, n <= NR,
   with element (i, j) of C at c[i*rs_c + j*cs_c]. beta == 0 must not read C (NaN there is
   overwritten); k == 0 means C = beta * C.

   small (optional, NULL when a set has none; real types only for now) computes the whole
   C[m x n] = alpha * A * B + beta * C straight from the caller's unpacked operands, for problems
   too small for packing to pay: A column-major with contiguous columns (element (i, l) at
   a[i + l*lda]), B with general strides (element (l, j) at b[l*rs_b + j*cs_b]), C column-major
   (element (i, j) at c[i + j*ldc]). Any m, n >= 1 and k >= 0; the same beta == 0 rule.
   gemv_n / gemv_t (optional, NULL when absent; real types): y += alpha * A x and
   y += alpha * A**T x for an m x n column-major A (element (i, j) at a[i + j*lda]) and contiguous
   x and y; any m, n >= 0. Called on row ranges (gemv_n) or column ranges (gemv_t) by the threads
   of one gemv. ger (same condition): A += alpha * x y**T for contiguous x and y, skipping the
   columns where y[j] == 0 as the reference does. trsm_rows / trmm_rows (optional): the trsm and
   trmm leaf loops of kernels/generic/tri_loops.h compiled with the set's ISA flags, on B with
   element (i, j) at b[i*rs + j*cs] (fastest with cs == 1, contiguous rows; rs == 1, contiguous
   columns, is transposed panel by panel through registers); trsm_rows's h (0: none; real types
   only) splits the triangle at row h as the driver's recursion would, with alpha still to be
   applied to the rows solved second. For c and z they are the register-blocked loops of
   kernels/generic/tri_complex_loops.h: cs == 1 only, m <= NB_TRIC_MAXM, h == 0 (alpha unused).

   a_expand (complex types): 2 for the 1m kernels (kernels/generic/gemm_1m_loops.h), whose packed
   A holds 2 x 2 real blocks, twice the elements: a micro-panel of A then spans a_expand*MR*k
   elements and the block buffer a_expand times the usual size. 0 (or 1) everywhere else. */
#ifndef NB_KERNEL_H
#define NB_KERNEL_H

/* largest order of the complex trsm_rows / trmm_rows triangle (the driver's complex leaf) */
#define NB_TRIC_MAXM 64

#include <stddef.h>

#include "arch/tuning.h"

#define NB_GEMM_KERNEL_TYPE(T, tag)                                                              \
    typedef struct {                                                                             \
        int mr, nr;                                                                              \
        void (*ukr)(size_t k, T alpha, const T *a, const T *b, T beta, T *c, size_t rs_c,        \
                    size_t cs_c, int m, int n);                                                  \
        void (*pack_a)(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj, T *dst); \
        void (*pack_b)(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj, T *dst); \
        void (*small)(size_t m, size_t n, size_t k, T alpha, const T *a, size_t lda, const T *b,   \
                      size_t rs_b, size_t cs_b, T beta, T *c, size_t ldc);                       \
        void (*gemv_n)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x, T *y);     \
        void (*gemv_t)(size_t m, size_t n, T alpha, const T *a, size_t lda, const T *x, T *y);     \
        void (*ger)(size_t m, size_t n, T alpha, const T *x, const T *y, T *a, size_t lda);        \
        void (*trsm_rows)(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha,          \
                          size_t h, T *b, size_t rs, size_t cs, size_t n);                       \
        void (*trmm_rows)(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha, T *b,    \
                          size_t rs, size_t cs, size_t n);                                       \
        int a_expand; /* packed A slots per element: 0 or 1, or 2 for the 1m kernels' 2x2 blocks */ \
    } nb_gemm_kernel_##tag;

NB_GEMM_KERNEL_TYPE(float, s)
NB_GEMM_KERNEL_TYPE(double, d)
NB_GEMM_KERNEL_TYPE(float _Complex, c)
NB_GEMM_KERNEL_TYPE(double _Complex, z)

/* A kernel set: one table per element type, named after its ISA. */
/* bf16 GEMM (optional: a set without it leaves the fields NULL and blas/bf16/ widens to fp32 and
   runs the sgemm engine). Operands are bf16 (uint16_t) views: element (i, l) at p[i*rs + l*cs].
   The driver rounds m, n and k up to `mpad`, `npad` and `kpad` and allocates the packed buffers
   (64-byte aligned): pack_a writes op(A), m x k, as ap (mp * kp elements); pack_b writes op(B),
   k x n, as bp (np * kp elements), both zero-padded; each packs only the rows [i0, i1) or the
   columns [j0, j1) of the padded operand (multiples of mpad / npad), so a team can share the
   packing. compute forms C = alpha*A*B + beta*C for the
   columns [j0, j1) of C (multiples of npad but the end), column-major at c[i + j*ldc], from the
   packed buffers; beta == 0 never reads C. Any setup a thread needs (AMX tile configuration) is
   done and undone inside compute, so each thread of a team may call it on its own columns. */
/* The unpacked bf16 operands of a call (element (i, l) of A at a[i*a_rs + l*a_cs], (l, j) of
   B at b[l*b_rs + j*b_cs]), for kernels that pack parts of them on the fly. */
typedef struct {
    const unsigned short *a, *b;
    size_t a_rs, a_cs, b_rs, b_cs;
} nb_bf16_src;

typedef struct {
    int mpad, npad, kpad;
    void (*pack_a)(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs, size_t mp,
                   size_t kp, unsigned short *ap, size_t i0, size_t i1);
    void (*pack_b)(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs, size_t np,
                   size_t kp, unsigned short *bp, size_t j0, size_t j1);
    void (*compute)(size_t m, size_t n, size_t k, float alpha, const unsigned short *ap,
                    const unsigned short *bp, size_t mp, size_t kp, float beta, float *c,
                    size_t ldc, size_t j0, size_t j1, const nb_bf16_src *src);
    int needs_avx512_bf16; /* usable only where the CPU has AVX512_BF16 (checked at load) */
    /* Skinny shapes (0: never): with m <= stream_m the driver passes bp == NULL and compute
       packs each B panel from src->b as it goes (each is used by one row block only, so packing
       it all first would cost two extra passes over B); with n <= npad, likewise ap == NULL. */
    int stream_m;
    /* How many times faster than the fp32 kernels this kernel runs: the team is sized for the
       time a call takes, not its flops (AMX finished 256^3 in 33 us on one core and 2 threads
       took longer, 819 against 1028 GFLOPS). */
    int speed_over_fp32;
    int needs_arm_bf16; /* usable only where the CPU has FEAT_BF16 (BFDOT/BFMMLA; checked at load) */
} nb_bf16_kernel;

#include "kernels/compact.h"
#include "kernels/brgemm.h"
#include "kernels/l1_kernels.h"
#include "kernels/l2gen_kernels.h"
#include "kernels/l2sym_kernels.h"

typedef struct nb_kernel_set {
    const char *name;
    nb_gemm_kernel_s s;
    nb_gemm_kernel_d d;
    nb_gemm_kernel_c c;
    nb_gemm_kernel_z z;
    nb_bf16_kernel bf16;
    nb_compact_kernels compact; /* kernels/compact.h */
    nb_brgemm_kernels brgemm;   /* kernels/brgemm.h */
    nb_l1_kernels l1;           /* kernels/l1_kernels.h */
    nb_l2gen_kernels l2gen;     /* kernels/l2gen_kernels.h */
    nb_l2sym_kernels l2sym;     /* kernels/l2sym_kernels.h */
    /* Vector-length-agnostic sets (sve): called once at load, on a writable copy of the set,
       to fill what depends on the CPU's vector length (register tile sizes mr/nr, table
       entries). NULL for sets whose tables are complete at compile time. */
    void (*vla_setup)(struct nb_kernel_set *set);
} nb_kernel_set;

/* Cache blocking for one element type, in elements: mc multiple of MR, nc multiple of NR. */
typedef struct {
    size_t mc, kc, nc;
} nb_blocking;

/* The configuration chosen once at load time by arch/ (a constructor) and read-only afterwards:
   the kernel set, the tuning entry of this microarchitecture and the block sizes derived from
   both and the detected caches. Global because every
   driver reads it on every call and it must not be re-decided per call. */
typedef struct {
    const nb_kernel_set *kset;
    nb_blocking s, d, c, z;
    nb_bf16_kernel bf16; /* the set's bf16 kernel if this CPU runs it, else all NULL */
    nb_tuning tune;      /* the microarchitecture entry's tuning (arch/uarch.c) */
    const char *uarch;   /* its name */
    size_t llc;          /* last-level cache in bytes (detected; else the fallback of arch/cpu.c) */
} nb_runtime;

extern nb_runtime nb_rt;

/* Ensures nb_rt is initialised (idempotent; the load-time constructor normally did it already,
   but a static link or a call from another constructor may come first). */
void nb_init(void);

/* The plain-C loops of a kernel set (kernels/generic/gemv_loops.h and tri_loops.h compiled per
   ISA). */
#define NB_GEMV_DECLARE(sfx)                                                                       \
    void nb_sgemv_n_##sfx(size_t, size_t, float, const float *, size_t, const float *, float *);    \
    void nb_sgemv_t_##sfx(size_t, size_t, float, const float *, size_t, const float *, float *);    \
    void nb_dgemv_n_##sfx(size_t, size_t, double, const double *, size_t, const double *, double *); \
    void nb_dgemv_t_##sfx(size_t, size_t, double, const double *, size_t, const double *, double *); \
    void nb_sger_##sfx(size_t, size_t, float, const float *, const float *, float *, size_t);        \
    void nb_dger_##sfx(size_t, size_t, double, const double *, const double *, double *, size_t); \
    void nb_strsm_rows_##sfx(const float *, size_t, size_t, int, int, float, size_t, float *,      \
                             size_t, size_t, size_t);                                            \
    void nb_dtrsm_rows_##sfx(const double *, size_t, size_t, int, int, double, size_t, double *,   \
                             size_t, size_t, size_t);                                            \
    void nb_strmm_rows_##sfx(const float *, size_t, size_t, int, int, float, float *, size_t,      \
                             size_t, size_t);                                                    \
    void nb_dtrmm_rows_##sfx(const double *, size_t, size_t, int, int, double, double *, size_t,   \
                             size_t, size_t);

/* Kernel sets compiled into this build (each defined in kernels/<isa>/). */
extern const nb_kernel_set nb_kernels_generic;

#endif
