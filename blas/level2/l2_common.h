/* Private helpers of the Level 2 templates: strided vector loops with a unit-stride fast path,
   and one description of the triangular/symmetric storage formats (full, band, packed) so that each
   algorithm is written once for all three.

   Vectors are addressed by logical index: element i of a vector given as (v, inc) is
   vs[i * inc] with vs = v + nb_vstart(len, inc), which is the reference's KX/KY convention. */
#ifndef NB_L2_COMMON_H
#define NB_L2_COMMON_H

#include "level2.h"
#include "kernels/kernel.h"

#define L2_AT(vs, i, inc) ((vs)[(ptrdiff_t)(i) * (inc)])

/* y := beta*y for beta != 1; beta == 0 stores zeros without reading y (NaN there is discarded).
   The products are the kernel set's scal (plain products, as the reference's): the loop
   compiled with the base flags took 9% of cgemv 48 x 48's time (Zen 5), a scalar complex
   product an element. */
static inline void l2_scale(blasint len, const nb_t *beta, nb_t *ys, blasint inc)
{
    if (*beta == 0) {
        if (inc == 1)
            for (blasint i = 0; i < len; i++)
                ys[i] = 0;
        else
            for (blasint i = 0; i < len; i++)
                L2_AT(ys, i, inc) = 0;
    } else {
        if (!nb_rt.kset)
            nb_init();
        if (inc == 1) {
            nb_rt.kset->l1.NB_CAT(NB_P, scal)((size_t)len, NB_CAT(NB_KFROM_, NB_P)(beta), ys);
            return;
        }
        /* strided: in gathered pieces, so an element gets the contiguous call's bits (the
           kernel's operations are the same in every lane and in its padded tail) */
        nb_t piece[256];
        for (blasint i0 = 0; i0 < len; i0 += 256) {
            blasint k = len - i0 < 256 ? len - i0 : 256;
            for (blasint i = 0; i < k; i++)
                piece[i] = L2_AT(ys, i0 + i, inc);
            nb_rt.kset->l1.NB_CAT(NB_P, scal)((size_t)k, NB_CAT(NB_KFROM_, NB_P)(beta), piece);
            for (blasint i = 0; i < k; i++)
                L2_AT(ys, i0 + i, inc) = piece[i];
        }
    }
}

/* y[i] := y[i] + t*a[i] for i in [lo, hi] (logical indices; a is unit stride). */
static inline void l2_axpy(blasint lo, blasint hi, nb_t t, const nb_t *a, nb_t *ys, blasint inc)
{
    if (inc == 1)
        for (blasint i = lo; i <= hi; i++)
            ys[i] = ys[i] + t * a[i];
    else
        for (blasint i = lo; i <= hi; i++)
            L2_AT(ys, i, inc) = L2_AT(ys, i, inc) + t * a[i];
}

/* acc + sum over i in [lo, hi], ascending, of op(a[i]) * x[i], op = conj when conj is set. */
static inline nb_t l2_dot(nb_t acc, blasint lo, blasint hi, const nb_t *a, const nb_t *xs, blasint inc,
                          int conj)
{
#if NB_COMPLEX
    if (conj) {
        if (inc == 1)
            for (blasint i = lo; i <= hi; i++)
                acc = acc + NB_CONJ(a[i]) * xs[i];
        else
            for (blasint i = lo; i <= hi; i++)
                acc = acc + NB_CONJ(a[i]) * L2_AT(xs, i, inc);
        return acc;
    }
#else
    (void)conj;
#endif
    if (inc == 1)
        for (blasint i = lo; i <= hi; i++)
            acc = acc + a[i] * xs[i];
    else
        for (blasint i = lo; i <= hi; i++)
            acc = acc + a[i] * L2_AT(xs, i, inc);
    return acc;
}

static inline nb_t l2_op(nb_t a, int conj)
{
#if NB_COMPLEX
    return conj ? NB_CONJ(a) : a;
#else
    (void)conj;
    return a;
#endif
}

/* r*z with r real, rounded as the reference computes it: gfortran promotes r to the complex
   (r, 0) and multiplies in full, so Inf and NaN spread to both parts (r*z component-wise would
   give Inf where the reference has NaN) and the signs of zeros follow the full formula. */
static inline nb_t l2_rmul(nb_r r, nb_t z)
{
#if NB_COMPLEX
    nb_t p;
    __real__ p = r * NB_RE(z) - (nb_r)0 * NB_IM(z);
    __imag__ p = r * NB_IM(z) + (nb_r)0 * NB_RE(z);
    return p;
#else
    return r * z;
#endif
}

/* A triangle of an n x n matrix in one of the reference storage formats. For column j,
   l2_col() returns p with A(i,j) == p[i] (0-based i, j), and the stored rows of the triangle are
   l2_lo(j) .. l2_hi(j) (the diagonal included). p never points outside the array. */
enum { L2_FULL, L2_BAND, L2_PACKED };
typedef struct {
    const nb_t *a;
    ptrdiff_t lda; /* FULL and BAND */
    blasint n, k;  /* k: number of off-diagonals for BAND */
    int kind, upper;
} l2_tri;

static inline l2_tri l2_full(int upper, blasint n, const nb_t *a, blasint lda)
{
    return (l2_tri){a, lda, n, 0, L2_FULL, upper};
}
static inline l2_tri l2_band(int upper, blasint n, blasint k, const nb_t *a, blasint lda)
{
    return (l2_tri){a, lda, n, k, L2_BAND, upper};
}
static inline l2_tri l2_packed(int upper, blasint n, const nb_t *ap)
{
    return (l2_tri){ap, 0, n, 0, L2_PACKED, upper};
}

static inline const nb_t *l2_col(const l2_tri *s, blasint j)
{
    ptrdiff_t jj = j;
    switch (s->kind) {
    case L2_BAND: /* upper: A(i,j) in row k+i-j of column j; lower: row i-j */
        return s->a + jj * s->lda + (s->upper ? (ptrdiff_t)s->k - jj : -jj);
    case L2_PACKED: /* columns of the triangle stored one after another */
        return s->upper ? s->a + (size_t)jj * (size_t)(jj + 1) / 2
                        : s->a + jj * s->n - (size_t)jj * (size_t)(jj + 1) / 2;
    default:
        return s->a + jj * s->lda;
    }
}
/* Column sweeps over a band matrix too large for L2 prefetch each column's stored elements
   L2_BAND_PF bytes ahead in the sweep's direction (dir +1: columns upward, -1: downward): the
   columns lie back to back, so every line is fetched once, before the sweep gets there. A band
   column is too short for the hardware prefetcher to learn it. At k = 32 on Zen 5 (1 thread),
   from memory: ztbsv 1.75x, ztbmv 1.18x, ctbmv 1.12x, dtbsv 1.08x faster with it, gbmv
   (kl = ku = 32) 1.08-1.12x; from L2 the prefetches cost up to 4%, hence the size test. */
#define L2_BAND_PF 4096
#define L2_BAND_PF_MIN ((double)(2u << 20))
/* whether n band columns of lda elements are worth prefetching */
static inline int l2_band_pf_size(blasint n, ptrdiff_t lda)
{
    return (double)n * (double)lda * (double)sizeof(nb_t) >= L2_BAND_PF_MIN;
}
/* column j of the band array a (columns lda apart): its lda elements, dir * L2_BAND_PF bytes
   away */
static inline void l2_band_prefetch_col(const nb_t *a, ptrdiff_t lda, blasint j, int dir)
{
    const char *p = (const char *)(a + (size_t)j * (size_t)lda) + dir * L2_BAND_PF;
    /* the empty asm keeps the loop: GCC 12 deleted a loop of prefetches alone as one with no
       effect */
    for (size_t o = 0; o < (size_t)lda * sizeof(nb_t); o += 64) {
        __builtin_prefetch(p + o);
        __asm__("");
    }
}
static inline int l2_band_pf_on(const l2_tri *s)
{
    return s->kind == L2_BAND && l2_band_pf_size(s->n, s->lda);
}
static inline void l2_band_prefetch(const l2_tri *s, blasint j, int dir)
{
    l2_band_prefetch_col(s->a, s->lda, j, dir);
}

/* A solve over a packed triangle too large for L2 walks its columns against the direction they
   are stored in (upper 'N', lower 'T'), so at each column start the hardware prefetcher has to
   learn a new stream: the first L2_PACK_PF bytes of the next column to come are prefetched
   instead. On Zen 5 (1 thread) with L3 shared by other processes: ctpsv/stpsv 1.2-1.3x,
   dtpsv 1.08x, ztpsv 1.0-1.15x; from memory 1.02-1.08x; from L2 it cost 6-10%, hence the size
   test. */
#define L2_PACK_PF 4096
static inline int l2_pack_pf_on(const l2_tri *s)
{
    return s->kind == L2_PACKED &&
           0.5 * (double)s->n * (double)s->n * (double)sizeof(nb_t) >= L2_BAND_PF_MIN;
}
/* the off-diagonal part of column jn (rows below the diagonal for lower, above for upper) */
static inline void l2_pack_prefetch_col(const l2_tri *s, blasint jn)
{
    if (jn < 0 || jn >= s->n)
        return;
    const char *p = (const char *)(s->a + (s->upper ? (size_t)jn * (size_t)(jn + 1) / 2
                                                     : (size_t)jn * (size_t)s->n -
                                                           (size_t)jn * (size_t)(jn - 1) / 2));
    size_t len = (size_t)(s->upper ? jn + 1 : s->n - jn) * sizeof(nb_t);
    len = len < L2_PACK_PF ? len : L2_PACK_PF;
    for (size_t o = 0; o < len; o += 64) { /* the empty asm: as in l2_band_prefetch_col */
        __builtin_prefetch(p + o);
        __asm__("");
    }
}

static inline blasint l2_lo(const l2_tri *s, blasint j)
{
    if (!s->upper)
        return j;
    return s->kind == L2_BAND ? nb_max(0, j - s->k) : 0;
}
static inline blasint l2_hi(const l2_tri *s, blasint j)
{
    if (s->upper)
        return j;
    /* written so that a huge k cannot overflow j + k */
    return (s->kind == L2_BAND && s->k < s->n - 1 - j) ? j + s->k : s->n - 1;
}

/* The reference's first checks of every triangular routine: UPLO, TRANS, DIAG (positions 1-3). */
static inline blasint l2_check_tri(char uplo, char trans, char diag)
{
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 1;
    if (!nb_same(trans, 'N') && !nb_same(trans, 'T') && !nb_same(trans, 'C'))
        return 2;
    if (!nb_same(diag, 'U') && !nb_same(diag, 'N'))
        return 3;
    return 0;
}

static inline int l2_bad_uplo(char uplo) { return !nb_same(uplo, 'U') && !nb_same(uplo, 'L'); }

#endif
