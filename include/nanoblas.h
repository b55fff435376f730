/* nanoblas extensions and controls beyond the standard BLAS/CBLAS interface. */
#ifndef NANOBLAS_H
#define NANOBLAS_H

/* The library version (also in nanoblas.pc, the CMake package and openblas_get_config()). */
#define NANOBLAS_VERSION "0.1.0"

#include <stddef.h>
/* NANOBLAS_ILP64_SUFFIX: the suffixed names of libnanoblas64.so.0 (include/cblas.h, "ILP64"). */
#ifdef NANOBLAS_ILP64_SUFFIX
#ifndef NANOBLAS_ILP64
#define NANOBLAS_ILP64
#endif
#include "nanoblas_suffix64.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What the library detected and chose at load time, as text (one "key: value" per line):
   CPU identity and usable features, cache sizes, the kernel set and the GEMM block sizes per
   type. The same text is printed to stderr at load when NANOBLAS_VERBOSE=1. */
const char *nanoblas_get_config(void);

/* Name of the microarchitecture tuning entry in use ("zen3", "zen4", "sapphirerapids", ...,
   "default"): matched at load from the CPU's vendor, family and model (or its features), or the
   one the environment variable NANOBLAS_UARCH=<name> forces (an unknown name is ignored, and
   the config string says so). It holds the block-size rule, the no-packing and threading
   thresholds, prefetch distances, the bf16 path and the preferred kernel set. */
const char *nanoblas_get_uarch(void);

/* Name of the kernel set in use: "generic", "avx2", "avx512", "amx", "neon" or "sve".
   Chosen at load as the one the uarch entry prefers, else the best one this build contains and
   this CPU/OS can run; the environment variable NANOBLAS_ARCH=<name> selects another (an
   unknown or unsupported name is ignored, and the config string says so). */
const char *nanoblas_get_kernel_set(void);

/* 1 if this build contains the kernel set `name` (case-insensitive) AND this CPU can run it,
   else 0. */
int nanoblas_kernel_set_supported(const char *name);

/* Space-separated names of the kernel sets this build contains and this CPU can run, best first. */
const char *nanoblas_kernel_sets_available(void);

/* Threads. Level 3 routines, gemv and ger split large problems across an OpenMP team; small
   problems, calls made from inside another OpenMP parallel region, calls in a forked child, and
   builds configured with --disable-openmp run on the calling thread alone. The count is read at load from NANOBLAS_NUM_THREADS, else
   OPENBLAS_NUM_THREADS, else OMP_NUM_THREADS, else the cores this process may run on; setting it
   (n < 1 means all usable cores) affects every later call from any thread. */
void nanoblas_set_num_threads(int n);
int nanoblas_get_num_threads(void);
/* The same controls under OpenBLAS's names, for programs and tools written for OpenBLAS. */
void openblas_set_num_threads(int n);
void goto_set_num_threads(int n);
int openblas_get_num_threads(void);
/* 0: sequential build, 2: OpenMP (OpenBLAS's encoding; 1 would be its own pthreads server). */
int openblas_get_parallel(void);

/* MKL's bf16 GEMM, so that code written for MKL links unchanged: C (fp32) = alpha * op(A) *
   op(B) + beta * C with A and B in bf16 (MKL_BF16: the upper half of an fp32), and the pack-once
   API: _pack_get_size gives the bytes of a packed A (m x k) or B (k x n), _pack stores op(X)
   there, and _compute takes CblasPacked in place of transa/transb for a packed operand (its lda
   or ldb is then ignored). The packed format is nanoblas's own. */
#include "cblas.h"
#ifndef MKL_BF16
#define MKL_BF16 bfloat16
#endif
#ifndef NB_MKL_ENUMS_DEFINED
#define NB_MKL_ENUMS_DEFINED
typedef enum CBLAS_IDENTIFIER { CblasAMatrix = 161, CblasBMatrix = 162 } CBLAS_IDENTIFIER;
typedef enum CBLAS_STORAGE { CblasPacked = 151 } CBLAS_STORAGE;
#endif
void cblas_gemm_bf16bf16f32(const CBLAS_LAYOUT layout, const CBLAS_TRANSPOSE transa,
                            const CBLAS_TRANSPOSE transb, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                            const float alpha, const MKL_BF16 *a, const CBLAS_INT lda, const MKL_BF16 *b,
                            const CBLAS_INT ldb, const float beta, float *c, const CBLAS_INT ldc);
size_t cblas_gemm_bf16bf16f32_pack_get_size(const CBLAS_IDENTIFIER identifier, const CBLAS_INT m,
                                            const CBLAS_INT n, const CBLAS_INT k);
void cblas_gemm_bf16bf16f32_pack(const CBLAS_LAYOUT layout, const CBLAS_IDENTIFIER identifier,
                                 const CBLAS_TRANSPOSE trans, const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k,
                                 const MKL_BF16 *src, const CBLAS_INT ld, MKL_BF16 *dest);
void cblas_gemm_bf16bf16f32_compute(const CBLAS_LAYOUT layout, const CBLAS_INT transa, const CBLAS_INT transb,
                                    const CBLAS_INT m, const CBLAS_INT n, const CBLAS_INT k, const float alpha,
                                    const MKL_BF16 *a, const CBLAS_INT lda, const MKL_BF16 *b,
                                    const CBLAS_INT ldb, const float beta, float *c, const CBLAS_INT ldc);

/* ---- batch-reduce GEMM (nanoblas_?brgemm*): begin ---- */
/* Batch-reduce GEMM: C = alpha * sum_{i < count} op(A_i) * op(B_i) + beta * C, with op(A_i)
   m x k, op(B_i) k x n and C m x n, in CBLAS conventions (layout, transposes; ConjTrans = Trans).
   Every register tile of C stays in registers across the reduction and C is written once (when
   the operands exceed half of L2, once per group of blocks that fits): no per-block call, no C
   traffic per block, which pays most for small blocks (8 x 8 x 8: 1.8x the speed of `count`
   sgemm calls; 64 x 64 x 64: the same speed). Three ways to give the blocks:
     nanoblas_?brgemm          A_i = a_array[i], B_i = b_array[i]
     nanoblas_?brgemm_offset   A_i = a + a_offsets[i], B_i = b + b_offsets[i] (in elements)
     nanoblas_?brgemm_strided  A_i = a + i * stride_a, B_i = b + i * stride_b (in elements)
   Blocks may overlap or repeat (any stride, the same pointer twice). count == 0, k == 0 or
   alpha == 0: C = beta * C without reading A or B; beta == 0: C is not read (NaN there is
   overwritten). The sum for each element runs over the blocks in order, whatever the number of
   threads: results do not depend on it. s: float, d: double; sb: bfloat16 A and B with float C,
   alpha and beta (products exact in fp32, fp32 sums). Illegal arguments (layout, transposes,
   negative m, n, k or count, lda/ldb/ldc below the CBLAS minimum, a NULL pointer or offset array
   with count > 0) call cblas_xerbla with the routine's name ("nanoblas_sbrgemm_strided" ...) and
   the 1-based argument position, and write nothing. */
void nanoblas_sbrgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, CBLAS_INT m,
                      CBLAS_INT n, CBLAS_INT k, float alpha, const float *const *a_array, CBLAS_INT lda,
                      const float *const *b_array, CBLAS_INT ldb, float beta, float *c, CBLAS_INT ldc,
                      CBLAS_INT count);
void nanoblas_sbrgemm_offset(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                             CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, float alpha, const float *a,
                             const long long *a_offsets, CBLAS_INT lda, const float *b,
                             const long long *b_offsets, CBLAS_INT ldb, float beta, float *c, CBLAS_INT ldc,
                             CBLAS_INT count);
void nanoblas_sbrgemm_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                              CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, float alpha, const float *a, CBLAS_INT lda,
                              long long stride_a, const float *b, CBLAS_INT ldb, long long stride_b,
                              float beta, float *c, CBLAS_INT ldc, CBLAS_INT count);
void nanoblas_dbrgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, CBLAS_INT m,
                      CBLAS_INT n, CBLAS_INT k, double alpha, const double *const *a_array, CBLAS_INT lda,
                      const double *const *b_array, CBLAS_INT ldb, double beta, double *c, CBLAS_INT ldc,
                      CBLAS_INT count);
void nanoblas_dbrgemm_offset(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                             CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, double alpha, const double *a,
                             const long long *a_offsets, CBLAS_INT lda, const double *b,
                             const long long *b_offsets, CBLAS_INT ldb, double beta, double *c, CBLAS_INT ldc,
                             CBLAS_INT count);
void nanoblas_dbrgemm_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                              CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, double alpha, const double *a, CBLAS_INT lda,
                              long long stride_a, const double *b, CBLAS_INT ldb, long long stride_b,
                              double beta, double *c, CBLAS_INT ldc, CBLAS_INT count);
void nanoblas_sbbrgemm(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb, CBLAS_INT m,
                       CBLAS_INT n, CBLAS_INT k, float alpha, const bfloat16 *const *a_array, CBLAS_INT lda,
                       const bfloat16 *const *b_array, CBLAS_INT ldb, float beta, float *c, CBLAS_INT ldc,
                       CBLAS_INT count);
void nanoblas_sbbrgemm_offset(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa, CBLAS_TRANSPOSE transb,
                              CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, float alpha, const bfloat16 *a,
                              const long long *a_offsets, CBLAS_INT lda, const bfloat16 *b,
                              const long long *b_offsets, CBLAS_INT ldb, float beta, float *c, CBLAS_INT ldc,
                              CBLAS_INT count);
void nanoblas_sbbrgemm_strided(CBLAS_LAYOUT layout, CBLAS_TRANSPOSE transa,
                               CBLAS_TRANSPOSE transb, CBLAS_INT m, CBLAS_INT n, CBLAS_INT k, float alpha,
                               const bfloat16 *a, CBLAS_INT lda, long long stride_a, const bfloat16 *b,
                               CBLAS_INT ldb, long long stride_b, float beta, float *c, CBLAS_INT ldc,
                               CBLAS_INT count);
/* ---- batch-reduce GEMM: end ---- */

/* ---- OpenBLAS extensions: begin ---- */
/* OpenBLAS's information API (threadpoolctl and other tools read it when nanoblas is loaded as
   libopenblas.so.0). openblas_get_config: "OpenBLAS nanoblas-<version> <kernel set>
   MAX_THREADS=<n> USE_OPENMP" (NO_THREADING in a build without OpenMP), so that the second word
   is the version; openblas_get_corename: the kernel set in use (nanoblas_get_kernel_set());
   openblas_get_num_procs: online CPUs. The strings are static: do not modify or free them. */
char *openblas_get_config(void);
char *openblas_get_corename(void);
int openblas_get_num_procs(void);

/* OpenBLAS's BLAS extensions, Fortran calling convention (everything by reference; the CBLAS
   forms are in cblas.h). Complex scalars and arrays are interleaved (re, im) pairs. Illegal
   arguments call xerbla_ with OpenBLAS's routine name ("DOMATCOPY", "ZGEMMT ", ...) and the
   1-based argument position, and write nothing. docs/API.md describes each.
   ?axpby     y = alpha*x + beta*y
   i?amin     1-based index of the first smallest |x_i| (complex: |Re| + |Im|), 0 if n < 1 or
              incx <= 0
   ?omatcopy  B = alpha*op(A); order 'C' or 'R', trans 'N', 'T', 'R' (conjugate), 'C'
   ?imatcopy  the same in place, the result stored with leading dimension ldb
   ?geadd     C = alpha*A + beta*C (column-major)
   ?gemmt     the uplo triangle of the n x n C = alpha*op(A)*op(B) + beta*C, trans as omatcopy */
void saxpby_(const CBLAS_INT *n, const float *alpha, const float *x, const CBLAS_INT *incx, const float *beta,
             float *y, const CBLAS_INT *incy);
void daxpby_(const CBLAS_INT *n, const double *alpha, const double *x, const CBLAS_INT *incx,
             const double *beta, double *y, const CBLAS_INT *incy);
void caxpby_(const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx, const void *beta,
             void *y, const CBLAS_INT *incy);
void zaxpby_(const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx, const void *beta,
             void *y, const CBLAS_INT *incy);
CBLAS_INT isamin_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
CBLAS_INT idamin_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
CBLAS_INT icamin_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
CBLAS_INT izamin_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
void somatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const float *alpha, const float *a, const CBLAS_INT *lda, float *b, const CBLAS_INT *ldb);
void domatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const double *alpha, const double *a, const CBLAS_INT *lda, double *b, const CBLAS_INT *ldb);
void comatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const void *alpha, const void *a, const CBLAS_INT *lda, void *b, const CBLAS_INT *ldb);
void zomatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const void *alpha, const void *a, const CBLAS_INT *lda, void *b, const CBLAS_INT *ldb);
void simatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const float *alpha, float *a, const CBLAS_INT *lda, const CBLAS_INT *ldb);
void dimatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const double *alpha, double *a, const CBLAS_INT *lda, const CBLAS_INT *ldb);
void cimatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const void *alpha, void *a, const CBLAS_INT *lda, const CBLAS_INT *ldb);
void zimatcopy_(const char *order, const char *trans, const CBLAS_INT *rows, const CBLAS_INT *cols,
                const void *alpha, void *a, const CBLAS_INT *lda, const CBLAS_INT *ldb);
void sgeadd_(const CBLAS_INT *m, const CBLAS_INT *n, const float *alpha, const float *a, const CBLAS_INT *lda,
             const float *beta, float *c, const CBLAS_INT *ldc);
void dgeadd_(const CBLAS_INT *m, const CBLAS_INT *n, const double *alpha, const double *a, const CBLAS_INT *lda,
             const double *beta, double *c, const CBLAS_INT *ldc);
void cgeadd_(const CBLAS_INT *m, const CBLAS_INT *n, const void *alpha, const void *a, const CBLAS_INT *lda,
             const void *beta, void *c, const CBLAS_INT *ldc);
void zgeadd_(const CBLAS_INT *m, const CBLAS_INT *n, const void *alpha, const void *a, const CBLAS_INT *lda,
             const void *beta, void *c, const CBLAS_INT *ldc);
void sgemmt_(const char *uplo, const char *transa, const char *transb, const CBLAS_INT *n, const CBLAS_INT *k,
             const float *alpha, const float *a, const CBLAS_INT *lda, const float *b, const CBLAS_INT *ldb,
             const float *beta, float *c, const CBLAS_INT *ldc);
void dgemmt_(const char *uplo, const char *transa, const char *transb, const CBLAS_INT *n, const CBLAS_INT *k,
             const double *alpha, const double *a, const CBLAS_INT *lda, const double *b, const CBLAS_INT *ldb,
             const double *beta, double *c, const CBLAS_INT *ldc);
void cgemmt_(const char *uplo, const char *transa, const char *transb, const CBLAS_INT *n, const CBLAS_INT *k,
             const void *alpha, const void *a, const CBLAS_INT *lda, const void *b, const CBLAS_INT *ldb,
             const void *beta, void *c, const CBLAS_INT *ldc);
void zgemmt_(const char *uplo, const char *transa, const char *transb, const CBLAS_INT *n, const CBLAS_INT *k,
             const void *alpha, const void *a, const CBLAS_INT *lda, const void *b, const CBLAS_INT *ldb,
             const void *beta, void *c, const CBLAS_INT *ldc);
/* OpenBLAS's further extensions (docs/API.md): functions return float for the s and sc forms.
   ?amax/?amin  largest/smallest |x_i| (complex |Re| + |Im|); ?max/?min largest/smallest value;
   i?max/i?min  1-based index of that value; ?sum the plain sum (complex: of Re + Im). All give 0
   when n < 1 or incx < 1, keep the first of equal values and pass over a NaN unless it is x(1).
   ?axpyc       y = y + alpha*conj(x)
   ?sbmv ?spr2 ?syr2 (c, z)  complex SYMMETRIC band mv / packed and full rank-2 updates (no
                conjugation), arguments as ssbmv/sspr2/ssyr2
   ?gemm3m      ?gemm */
float samax_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
double damax_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
float scamax_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
double dzamax_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
float samin_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
double damin_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
float scamin_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
double dzamin_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
float smax_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
double dmax_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
float smin_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
double dmin_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
CBLAS_INT ismax_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
CBLAS_INT idmax_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
CBLAS_INT ismin_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
CBLAS_INT idmin_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
float ssum_(const CBLAS_INT *n, const float *x, const CBLAS_INT *incx);
double dsum_(const CBLAS_INT *n, const double *x, const CBLAS_INT *incx);
float scsum_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
double dzsum_(const CBLAS_INT *n, const void *x, const CBLAS_INT *incx);
void caxpyc_(const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx, void *y,
             const CBLAS_INT *incy);
void zaxpyc_(const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx, void *y,
             const CBLAS_INT *incy);
void csbmv_(const char *uplo, const CBLAS_INT *n, const CBLAS_INT *k, const void *alpha, const void *a,
            const CBLAS_INT *lda, const void *x, const CBLAS_INT *incx, const void *beta, void *y,
            const CBLAS_INT *incy);
void zsbmv_(const char *uplo, const CBLAS_INT *n, const CBLAS_INT *k, const void *alpha, const void *a,
            const CBLAS_INT *lda, const void *x, const CBLAS_INT *incx, const void *beta, void *y,
            const CBLAS_INT *incy);
void cspr2_(const char *uplo, const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx,
            const void *y, const CBLAS_INT *incy, void *ap);
void zspr2_(const char *uplo, const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx,
            const void *y, const CBLAS_INT *incy, void *ap);
void csyr2_(const char *uplo, const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx,
            const void *y, const CBLAS_INT *incy, void *a, const CBLAS_INT *lda);
void zsyr2_(const char *uplo, const CBLAS_INT *n, const void *alpha, const void *x, const CBLAS_INT *incx,
            const void *y, const CBLAS_INT *incy, void *a, const CBLAS_INT *lda);
void cgemm3m_(const char *transa, const char *transb, const CBLAS_INT *m, const CBLAS_INT *n, const CBLAS_INT *k,
              const void *alpha, const void *a, const CBLAS_INT *lda, const void *b, const CBLAS_INT *ldb,
              const void *beta, void *c, const CBLAS_INT *ldc);
void zgemm3m_(const char *transa, const char *transb, const CBLAS_INT *m, const CBLAS_INT *n, const CBLAS_INT *k,
              const void *alpha, const void *a, const CBLAS_INT *lda, const void *b, const CBLAS_INT *ldb,
              const void *beta, void *c, const CBLAS_INT *ldc);
/* Fortran-callable info functions and GotoBLAS's name of openblas_get_num_procs. */
int openblas_get_num_procs_(void);
int openblas_get_num_threads_(void);
int openblas_get_parallel_(void);
int goto_get_num_procs(void);
/* ---- OpenBLAS extensions: end ---- */

/* Tuning (read once at load): NANOBLAS_MC, NANOBLAS_KC, NANOBLAS_NC override the GEMM block
   sizes for every type (positive integers up to 1048576; MC and NC are rounded up to multiples
   of the register tile). */

#ifdef __cplusplus
}
#endif

#endif
