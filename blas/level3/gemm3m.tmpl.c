/* ?gemm3m: complex GEMM with three real matrix products instead of four (the 3M method; Higham,
   "Stability of a method for multiplying complex matrices with three real matrix
   multiplications", SIMAX 1992). With op(A) = Ar + i Ai and op(B) = Br + i Bi split into real
   planes,
     P1 = Ar Br,   P2 = Ai Bi,   P3 = (Ar + Ai)(Br + Bi),
     op(A) op(B) = (P1 - P2) + i (P3 - P1 - P2),
   three real GEMMs (the kernel set's dgemm / sgemm, whole engine and threads included) where
   ?gemm does the work of four: 6mnk real flops instead of 8mnk.

   Accuracy (documented in docs/API.md): the real part is as accurate as ?gemm's; the imaginary
   part comes from a difference, so its error is bounded by a small multiple of
   k * eps * sum_l (|Ar|+|Ai|)(|Br|+|Bi|) rather than by the componentwise bound of ?gemm:
   an imaginary part much smaller than the real one loses relative accuracy. OpenBLAS and MKL
   document the same trade for their ?gemm3m.

   The planes are built one block at a time (at most GEMM3M_BLOCK rows, columns and k each: 40.5
   MiB of workspace for double complex at the full block, within what the GEMM workspace cache
   keeps for the next call, blas/level3/gemm.tmpl.c); P1..P3 of a C
   block accumulate over the k blocks and are combined into C once: C = alpha * product + beta *
   C, beta == 0 not reading C. Below nb_rt.tune.gemm3m_min in any dimension (and when the
   workspace cannot be had) the call is ?gemm itself, which is faster there: the planes cost
   O(mk + kn + mn) element moves per block against 6mnk flops, and three GEMM calls three times
   the per-call overhead. */
#include "kernels/kernel.h"
#include "blas/level3/l3_internal.h"

#if NB_COMPLEX
#if NB_PREC == 3
#define R3M(x) nb_s##x
#else
#define R3M(x) nb_d##x
#endif

/* The real type's gemm driver (blas/level3/gemm.tmpl.c, level3.h), column-major. */
void R3M(gemm)(char transa, char transb, blasint m, blasint n, blasint k, nb_r alpha,
               const nb_r *a, blasint lda, const nb_r *b, blasint ldb, nb_r beta, nb_r *c,
               blasint ldc);


#ifndef GEMM3M_BLOCK
#define GEMM3M_BLOCK 768
#endif

/* The m x k block of op(X) at (i0, l0) as three column-major real planes (re, im, re + im), each
   m x k with leading dimension m. */
static void split_planes(l3_view x, size_t i0, size_t l0, size_t m, size_t k, nb_r *re, nb_r *im,
                         nb_r *sum)
{
    for (size_t l = 0; l < k; l++)
        for (size_t i = 0; i < m; i++) {
            nb_t v = l3_at(x, i0 + i, l0 + l);
            nb_r r = NB_RE(v), s = NB_IM(v);
            re[i + l * m] = r, im[i + l * m] = s, sum[i + l * m] = r + s;
        }
}

/* Returns 0, having done nothing, when the workspace cannot be allocated. */
static int gemm3m_blocked(size_t m, size_t n, size_t k, nb_t alpha, l3_view a, l3_view b,
                          nb_t beta, nb_t *c, size_t ldc)
{
    const size_t bs = GEMM3M_BLOCK;
    size_t mb = m < bs ? m : bs, nb = n < bs ? n : bs, kb = k < bs ? k : bs;
    size_t a_pl = mb * kb, b_pl = kb * nb, p_pl = mb * nb;
    nb_r *ws = nb_gemm_ws_acquire(3 * (a_pl + b_pl + p_pl) * sizeof(nb_r));
    if (!ws)
        return 0;
    nb_r *ar = ws, *ai = ar + a_pl, *as = ai + a_pl;
    nb_r *br = as + a_pl, *bi = br + b_pl, *bsum = bi + b_pl;
    nb_r *p1 = bsum + b_pl, *p2 = p1 + p_pl, *p3 = p2 + p_pl;
    for (size_t j0 = 0; j0 < n; j0 += nb) {
        size_t jb = n - j0 < nb ? n - j0 : nb;
        for (size_t i0 = 0; i0 < m; i0 += mb) {
            size_t ib = m - i0 < mb ? m - i0 : mb;
            for (size_t l0 = 0; l0 < k; l0 += kb) {
                size_t lb = k - l0 < kb ? k - l0 : kb;
                nb_r acc = l0 == 0 ? 0 : 1;
                split_planes(a, i0, l0, ib, lb, ar, ai, as);
                split_planes(b, l0, j0, lb, jb, br, bi, bsum);
                blasint bm = (blasint)ib, bn = (blasint)jb, bk = (blasint)lb;
                R3M(gemm)('N', 'N', bm, bn, bk, 1, ar, bm, br, bk, acc, p1, bm);
                R3M(gemm)('N', 'N', bm, bn, bk, 1, ai, bm, bi, bk, acc, p2, bm);
                R3M(gemm)('N', 'N', bm, bn, bk, 1, as, bm, bsum, bk, acc, p3, bm);
            }
            for (size_t j = 0; j < jb; j++)
                for (size_t i = 0; i < ib; i++) {
                    size_t q = i + j * ib;
                    nb_t prod;
                    NB_RE(prod) = p1[q] - p2[q];
                    NB_IM(prod) = p3[q] - p1[q] - p2[q];
                    nb_t *cij = c + (i0 + i) + (j0 + j) * ldc;
                    *cij = beta == 0 ? alpha * prod : alpha * prod + beta * *cij;
                }
        }
    }
    nb_gemm_ws_release(ws);
    return 1;
}

void NB_INT(gemm3m)(char transa, char transb, blasint m, blasint n, blasint k, nb_t alpha,
                    const nb_t *a, blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c,
                    blasint ldc)
{
    if (!nb_rt.kset)
        nb_init();
    size_t lim = nb_rt.tune.gemm3m_min;
    if (m == 0 || n == 0 || alpha == 0 || k == 0 || lim == 0 || (size_t)m < lim ||
        (size_t)n < lim || (size_t)k < lim ||
        !gemm3m_blocked((size_t)m, (size_t)n, (size_t)k, alpha, l3_op(a, lda, transa),
                        l3_op(b, ldb, transb), beta, c, (size_t)ldc))
        NB_INT(gemm)(transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int nb_gemm3m_real_unused;
#endif
