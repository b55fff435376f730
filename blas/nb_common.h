/* Types and helpers shared by every nanoblas translation unit (no intrinsics, no ISA code). */
#ifndef NB_COMMON_H
#define NB_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Fortran INTEGER of the gfortran LP64 ABI that the reference BLAS and OpenBLAS use. */
typedef int blasint;

/* The build uses -fvisibility=hidden: only what is marked NB_EXPORT is part of the ABI. */
#define NB_EXPORT __attribute__((visibility("default")))

/* Hidden CHARACTER length arguments that gfortran appends to calls (accepted and ignored). */
typedef size_t nb_strlen;

static inline char nb_toupper(char c) { return (c >= 'a' && c <= 'z') ? (char)(c - 32) : c; }
/* Case-insensitive single-letter comparison with the semantics of LSAME. */
static inline int nb_same(char a, char b) { return nb_toupper(a) == nb_toupper(b); }
static inline blasint nb_max(blasint a, blasint b) { return a > b ? a : b; }
static inline blasint nb_min(blasint a, blasint b) { return a < b ? a : b; }

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
