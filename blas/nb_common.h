/* Types and helpers shared by every nanoblas translation unit (no intrinsics, no ISA code). */
#ifndef NB_COMMON_H
#define NB_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <inttypes.h>
#include <limits.h>

/* The BLAS integer: every dimension, increment, leading dimension, INFO and index of the Fortran,
   CBLAS and extension interfaces, and nothing else. One typedef, chosen at build time: int (the
   gfortran LP64 ABI of the reference BLAS and OpenBLAS) for libnanoblas.so.0, int64_t with
   -DNANOBLAS_ILP64 for libnanoblas64.so.0 and the *64 compatibility libraries (docs/ARCHITECTURE.md,
   "Two integer widths"). Sources compiled once for both libraries (arch/, threading/, kernels/)
   are compiled with -DNB_WIDTH_NEUTRAL, which leaves blasint undeclared: using it there is a
   compile error, so no shared object can depend on the width. */
#ifndef NB_WIDTH_NEUTRAL
#ifdef NANOBLAS_ILP64
typedef int64_t blasint;
#define NB_BLASINT_MAX INT64_MAX
/* The printf conversion of a blasint without its '%' (the call trace: "m=%" NB_TD). */
#define NB_TD PRId64
#else
typedef int blasint;
#define NB_BLASINT_MAX INT_MAX
#define NB_TD "d"
#endif
#endif

/* The build uses -fvisibility=hidden: only what is marked NB_EXPORT is part of the ABI. */
#define NB_EXPORT __attribute__((visibility("default")))

/* Hidden CHARACTER length arguments that gfortran appends to calls (accepted and ignored). */
typedef size_t nb_strlen;

static inline char nb_toupper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 32) : c; }
/* Case-insensitive single-letter comparison with the semantics of LSAME. */
static inline int nb_same(char a, char b) { return nb_toupper(a) == nb_toupper(b); }
#ifndef NB_WIDTH_NEUTRAL
static inline blasint nb_max(blasint a, blasint b) { return a > b ? a : b; }
static inline blasint nb_min(blasint a, blasint b) { return a < b ? a : b; }

/* The calling thread's cached workspace (blas/level3/gemm.tmpl.c says how it is kept): NULL if
   it cannot be allocated. GEMM's packing buffers, and the scratch of drivers that would
   otherwise map fresh memory from malloc on every call (glibc maps blocks of 128 KiB and more). */
void *nb_gemm_ws_acquire(size_t bytes);
void nb_gemm_ws_release(void *p);

/* Reports an illegal argument through the dynamic symbol xerbla_, so that a program's own
   xerbla_ is the one called. name is the 6-character reference name, e.g. "DGEMM ". */
void nb_xerbla(const char *name, blasint info);

/* Start offset of a strided vector of n elements with increment inc (reference BLAS convention:
   a negative increment walks the vector backwards from its last element). 64-bit arithmetic. */
static inline ptrdiff_t nb_vstart(blasint n, blasint inc)
{
    return inc < 0 ? (ptrdiff_t)(1 - (ptrdiff_t)n) * inc : 0;
}
#endif

#endif
