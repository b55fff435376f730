/* Level 2 symmetric/Hermitian kernels: the table a kernel set fills for the ISA-agnostic drivers
   blas/level2/symv.tmpl.c, syr.tmpl.c and syr2.tmpl.c. Complex operands are interleaved (re, im)
   arrays of the real type, so one prototype per real type serves both.

   symv panel (p = s, d: symmetric; c, z: Hermitian, the transposed product conjugates A):
     for a panel P of m rows and nc columns (1 <= nc <= 4 for c, z; 1 <= nc <= 8 for s, d,
     where the drivers pass 8 for full storage; unit stride), column c at
     nb_l2s_coloff(c, lda, lds) elements of the type from a (in reals: twice that for c, z);
     lds = 0 for full storage, +1 / -1 for the columns of a packed upper / lower triangle,
     each one element longer / shorter than the one before:
       yr[0..m)  += P  * xc[0..nc)
       tc[0..nc) += op(P)**T * xr[0..m)      op = conj for c, z
     One pass over P serves both products, so a symv reads A once. yr and tc may lie in the same
     buffer but never overlap. A set without an 8-column real panel runs 5-8 columns as two
     calls (L2S_SPLIT8, kernels/generic/l2sym_loops.h).
   syr col:  a[0..m) += x[0..m) * t[0]          (t: one scalar, complex for c, z); pf != 0:
             the column comes from memory (the caller's guess), worth prefetching
   syr2 col: a[0..m) += x[0..m) * t[0] + y[0..m) * t[1]        (t: two scalars, complex for
             c, z); pf as for syr col
   All vectors contiguous; any m >= 0. Every set fills every entry (kernels/generic/l2sym_loops.h
   compiled with the set's flags, or intrinsics). */
#ifndef NB_L2SYM_KERNELS_H
#define NB_L2SYM_KERNELS_H

#include <stddef.h>

/* Offset of a symv panel's column c from its column 0, in elements (see above). */
static inline ptrdiff_t nb_l2s_coloff(size_t c, size_t lda, int lds)
{
    return (ptrdiff_t)(c * lda) + (ptrdiff_t)lds * (ptrdiff_t)(c * (c - 1) / 2);
}

#define NB_L2SYM_TYPES(R, p)                                                                       \
    void (*p##symv)(size_t m, size_t nc, const R *a, size_t lda, int lds, const R *xr,             \
                    const R *xc, R *yr, R *tc);                                                    \
    void (*p##syr)(size_t m, const R *t, const R *x, R *a, int pf);                                \
    void (*p##syr2)(size_t m, const R *t, const R *x, const R *y, R *a, int pf);

typedef struct {
    NB_L2SYM_TYPES(float, s)
    NB_L2SYM_TYPES(double, d)
    NB_L2SYM_TYPES(float, c)
    NB_L2SYM_TYPES(double, z)
} nb_l2sym_kernels;

/* Names: nb_<p>symv_panel_<sfx>, nb_<p>syr_col_<sfx>, nb_<p>syr2_col_<sfx>. */
#define NB_L2SYM_DECL1(R, p, sfx)                                                                  \
    void nb_##p##symv_panel_##sfx(size_t, size_t, const R *, size_t, int, const R *, const R *,    \
                                  R *, R *);                                                       \
    void nb_##p##syr_col_##sfx(size_t, const R *, const R *, R *, int);                            \
    void nb_##p##syr2_col_##sfx(size_t, const R *, const R *, const R *, R *, int);
#define NB_L2SYM_DECLARE(sfx)                                                                      \
    NB_L2SYM_DECL1(float, s, sfx)                                                                  \
    NB_L2SYM_DECL1(double, d, sfx)                                                                 \
    NB_L2SYM_DECL1(float, c, sfx)                                                                  \
    NB_L2SYM_DECL1(double, z, sfx)

/* Declared for every set name here, because the kernel-set files use NB_L2SYM_ENTRY without a
   declaration of their own; a declaration of a set not built is never referenced. */
NB_L2SYM_DECLARE(generic)
NB_L2SYM_DECLARE(avx2)
NB_L2SYM_DECLARE(avx512)
NB_L2SYM_DECLARE(neon)
NB_L2SYM_DECLARE(sve)

#define NB_L2SYM_E1(p, sfx)                                                                        \
    .p##symv = nb_##p##symv_panel_##sfx, .p##syr = nb_##p##syr_col_##sfx,                          \
    .p##syr2 = nb_##p##syr2_col_##sfx
#define NB_L2SYM_ENTRY(sfx)                                                                        \
    {NB_L2SYM_E1(s, sfx), NB_L2SYM_E1(d, sfx), NB_L2SYM_E1(c, sfx), NB_L2SYM_E1(z, sfx)}

#endif
