/* Shared machinery of the Level 3 drivers (current precision): strided matrix views and the
   blocked GEMM engine every other Level 3 routine is reduced to.

   A view addresses element (i, j) at p[i*rs + j*cs], optionally conjugated, so one engine serves
   plain, transposed and conjugate-transposed operands, and the side-R forms of symm/trmm/trsm are
   the side-L forms applied to transposed views (X*op(A) = B  <=>  op(A)**T * X**T = B**T). */
#ifndef NB_L3_INTERNAL_H
#define NB_L3_INTERNAL_H

#include "blas/level3/level3.h"

typedef struct {
    const nb_t *p;
    size_t rs, cs;
    int conj; /* complex only; ignored for real types */
} l3_view;

static inline l3_view l3_mk(const nb_t *p, size_t rs, size_t cs, int conj)
{
    l3_view v = {p, rs, cs, conj};
    return v;
}
/* The view of op(X) for a column-major X with leading dimension ld and TRANS letter t. */
static inline l3_view l3_op(const nb_t *p, blasint ld, char t)
{
    if (nb_same(t, 'N'))
        return l3_mk(p, 1, (size_t)ld, 0);
    return l3_mk(p, (size_t)ld, 1, nb_same(t, 'C'));
}
static inline l3_view l3_trans(l3_view v)
{
    return l3_mk(v.p, v.cs, v.rs, v.conj);
}
static inline l3_view l3_conj(l3_view v)
{
    return l3_mk(v.p, v.rs, v.cs, !v.conj);
}
static inline l3_view l3_sub(l3_view v, size_t i, size_t j)
{
    return l3_mk(v.p + i * v.rs + j * v.cs, v.rs, v.cs, v.conj);
}
static inline nb_t l3_conj_if(nb_t x, int conj)
{
#if NB_COMPLEX
    return conj ? NB_CONJ(x) : x;
#else
    (void)conj;
    return x;
#endif
}
static inline nb_t l3_at(l3_view v, size_t i, size_t j)
{
    return l3_conj_if(v.p[i * v.rs + j * v.cs], v.conj);
}

/* Elements of packed A per element of A (kernels/kernel.h, a_expand). */
static inline size_t l3_a_expand(int a_expand) { return a_expand > 1 ? (size_t)a_expand : 1; }

/* The K blocks of every real GEMM path: ceil(k / kc) blocks of nearly equal length, all but the
   last kb_max = this long (a multiple of 8 when there are several, at most kc). The packed engine
   (gemm.tmpl.c) and the no-packing paths (gemm_direct.tmpl.c) both cut K here, with the same kc
   (nb_rt's KC of the precision), and apply beta with the first block only, so that every element
   of C gets the same sums, in the same order, rounded at the same points, whatever the shape of
   the call it is computed in (m, n, the path taken, the thread split). */
static inline size_t l3_kblock(size_t k, size_t kc)
{
    kc = kc ? kc : 1;
    size_t kblocks = (k + kc - 1) / kc;
    size_t kb = kblocks ? (k + kblocks - 1) / kblocks : 0;
    if (kblocks > 1) {
        kb = (kb + 7) / 8 * 8;
        kb = kb < kc ? kb : kc;
    }
    return kb;
}

/* C = alpha*A*B + beta*C with A m x k, B k x n, C m x n at c[i*rsc + j*csc]; reference semantics:
   alpha == 0 or k == 0 reads neither A nor B, beta == 0 never reads C. */
void NB_INT(gemm_view)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                       nb_t *c, size_t rsc, size_t csc);

/* The paths that skip packing (gemm_direct.tmpl.c): returns 1 if it computed C, 0 if the shape,
   the strides or the kernel set call for the blocked engine (complex: the small path only).
   flops sizes the thread team. */
int NB_INT(gemm_direct)(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t beta,
                        nb_t *c, size_t rsc, size_t csc, double flops);

/* C = beta*C over an m x n strided block (beta == 0 writes zeros without reading C). */
void NB_INT(l3_scale)(size_t m, size_t n, nb_t beta, nb_t *c, size_t rsc, size_t csc);

/* Triangle of the n x n matrix C (upper if upper != 0): C = alpha*A*B + C for A n x k and B k x n
   (a "gemmt" with beta = 1: the callers scale C first). The other triangle is not touched. */
void NB_INT(gemmt_view)(int upper, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b, nb_t *c,
                        size_t ldc);

/* The whole update of a small triangle (n <= 32, k <= 64) on the no-packing kernels: C = beta*C +
   T over the triangle with T = alpha*A*B, or T = alpha*A*B + (alpha*A*B)**T (rank2, syr2k) or
   + (alpha*A*B)**H (rank2 and herm, her2k), and C scaled as l3_scale_tri does (herm: beta real,
   the diagonal real). Returns 0, having done nothing, for larger problems, k == 0, or where the
   no-packing path declines. */
int NB_INT(gemmt_small)(int upper, int herm, int rank2, size_t n, size_t k, nb_t alpha, l3_view a,
                        l3_view b, nb_t beta, nb_t *c, size_t ldc);

/* The m x n view x as a column-major array (leading dimension m), conjugated if x is
   (gemm_direct.tmpl.c; complex types only). */
void NB_INT(l3_copy_colmajor)(l3_view x, size_t m, size_t n, nb_t *dst);

/* Multiply of the triangle of C by a scalar; for Hermitian results (herm != 0) the diagonal keeps
   only its real part (reference herk/her2k), and beta is real. beta == 0 writes zeros. */
void NB_INT(l3_scale_tri)(int upper, int herm, size_t n, nb_t beta, nb_t *c, size_t ldc);

/* Block size along the triangular/symmetric dimension for the blocked Level 3 routines. */
#define L3_NB 64

#endif
