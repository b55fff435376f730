/* Rank-2 update of a symmetric (s, d: xSYR2, xSPR2) or Hermitian (c, z: xHER2, xHPR2) matrix,
   one triangle stored in full or packed form: A := alpha*x*y**H + conj(alpha)*y*x**H + A.
   Hermitian diagonals are kept exactly real, as the reference does (see syr.tmpl.c). */
#include "l2_sym.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
#define L2_R2_FULL her2
#define L2_R2_PACK hpr2
#define L2_R2_FULL_NAME NB_UP "HER2 "
#define L2_R2_PACK_NAME NB_UP "HPR2 "
#else
#define L2_R2_FULL syr2
#define L2_R2_PACK spr2
#define L2_R2_FULL_NAME NB_UP "SYR2 "
#define L2_R2_PACK_NAME NB_UP "SPR2 "
#endif
#define L2_DRV(x) NB_INT(x)
#define L2_CHK(x) NB_INT(NB_CAT(x, _check))
#define L2_F77(x) NB_FN(NB_CAT(x, _))

/* The reference loops, for when x and y cannot be copied to contiguous buffers. */
static void l2_syr2_ref(const l2_tri *s, const nb_t *palpha, const nb_t *x, blasint incx,
                        const nb_t *y, blasint incy)
{
    blasint n = s->n;
    const nb_t alpha = *palpha;
    if (n == 0 || alpha == 0)
        return;
    const nb_t *xs = x + nb_vstart(n, incx), *ys = y + nb_vstart(n, incy);
    int unit = incx == 1 && incy == 1;
    for (blasint j = 0; j < n; j++) {
        nb_t *col = (nb_t *)l2_col(s, j); /* the triangle is the output here */
        nb_t xj = L2_AT(xs, j, incx), yj = L2_AT(ys, j, incy);
        if (xj == 0 && yj == 0) {
#if NB_COMPLEX
            col[j] = NB_RE(col[j]);
#endif
            continue;
        }
        nb_t temp1 = alpha * NB_CONJ(yj), temp2 = NB_CONJ(alpha * xj);
        /* real types update the diagonal in the loop (the reference's rounding order there);
           complex ones keep it real below */
        blasint lo = s->upper ? 0 : j + NB_COMPLEX;
        blasint hi = s->upper ? j - NB_COMPLEX : n - 1;
        if (unit)
            for (blasint i = lo; i <= hi; i++)
                col[i] = col[i] + xs[i] * temp1 + ys[i] * temp2;
        else
            for (blasint i = lo; i <= hi; i++)
                col[i] = col[i] + L2_AT(xs, i, incx) * temp1 + L2_AT(ys, i, incy) * temp2;
#if NB_COMPLEX
        col[j] = NB_RE(col[j]) + NB_RE(xj * temp1 + yj * temp2);
#endif
    }
}

typedef struct {
    const l2_tri *s;
    const nb_t *alpha;
    const nb_t *x, *y; /* contiguous */
    int pf;            /* the column kernel's prefetch distance (l2s_rank_pf) */
} l2s_syr2_job;

/* Columns [c0, c1): the reference's column updates, the off-diagonal run through the kernel. */
static void l2s_syr2_cols(void *ctx, blasint c0, blasint c1)
{
    const l2s_syr2_job *jb = ctx;
    const l2_tri *s = jb->s;
    const nb_t *xs = jb->x, *ys = jb->y, alpha = *jb->alpha;
    for (blasint j = c0; j < c1; j++) {
        nb_t *col = (nb_t *)l2_col(s, j); /* the triangle is the output here */
        nb_t xj = xs[j], yj = ys[j];
        if (xj == 0 && yj == 0) {
#if NB_COMPLEX
            col[j] = NB_RE(col[j]);
#endif
            continue;
        }
        nb_t temp[2] = {alpha * NB_CONJ(yj), NB_CONJ(alpha * xj)};
        /* real types update the diagonal in the loop (the reference's rounding order there);
           complex ones keep it real below */
        blasint lo = s->upper ? 0 : j + NB_COMPLEX;
        blasint hi = s->upper ? j - NB_COMPLEX : s->n - 1;
        if (lo <= hi)
            L2S_K(syr2)((size_t)(hi - lo + 1), (const nb_r *)temp, (const nb_r *)(xs + lo),
                        (const nb_r *)(ys + lo), (nb_r *)(col + lo), jb->pf);
#if NB_COMPLEX
        col[j] = NB_RE(col[j]) + NB_RE(xj * temp[0] + yj * temp[1]);
#endif
    }
}

static void l2_syr2(const l2_tri *s, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                    blasint incy)
{
    blasint n = s->n;
    if (n == 0 || *alpha == 0)
        return;
    if (!nb_rt.kset)
        nb_init();
    const nb_t *xs = x + nb_vstart(n, incx), *ys = y + nb_vstart(n, incy);
    nb_t *buf = NULL;
    if (incx != 1 || incy != 1) {
        buf = malloc(2 * (size_t)n * sizeof(nb_t));
        if (!buf) {
            l2_syr2_ref(s, alpha, x, incx, y, incy);
            return;
        }
        l2s_gather(n, xs, incx, buf);
        l2s_gather(n, ys, incy, buf + n);
        xs = buf, ys = buf + n;
    }
    l2s_syr2_job jb = {s, alpha, xs, ys, l2s_rank_pf(s, sizeof(nb_t), NB_COMPLEX)};
    l2s_run_cols(s, l2s_syr2_cols, &jb);
    free(buf);
}

/* ---- full storage ------------------------------------------------------------------------ */
void L2_DRV(L2_R2_FULL)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                        blasint incy, nb_t *a, blasint lda)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_syr2(&s, alpha, x, incx, y, incy);
}

blasint L2_CHK(L2_R2_FULL)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *a, blasint lda)
{
    (void)alpha, (void)x, (void)y, (void)a;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    if (incy == 0)
        return 7;
    if (lda < nb_max(1, n))
        return 9;
    return 0;
}

NB_EXPORT void L2_F77(L2_R2_FULL)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *x,
                                  const blasint *incx, const nb_t *y, const blasint *incy, nb_t *a,
                                  const blasint *lda, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *incy, *lda);
    (void)luplo;
    blasint info = L2_CHK(L2_R2_FULL)(*uplo, *n, alpha, x, *incx, y, *incy, a, *lda);
    if (info) {
        nb_xerbla(L2_R2_FULL_NAME, info);
        return;
    }
    L2_DRV(L2_R2_FULL)(*uplo, *n, alpha, x, *incx, y, *incy, a, *lda);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void L2_DRV(L2_R2_PACK)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx, const nb_t *y,
                        blasint incy, nb_t *ap)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_syr2(&s, alpha, x, incx, y, incy);
}

blasint L2_CHK(L2_R2_PACK)(char uplo, blasint n, const nb_t *alpha, const nb_t *x, blasint incx,
                           const nb_t *y, blasint incy, nb_t *ap)
{
    (void)alpha, (void)x, (void)y, (void)ap;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    if (incy == 0)
        return 7;
    return 0;
}

NB_EXPORT void L2_F77(L2_R2_PACK)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *x,
                                  const blasint *incx, const nb_t *y, const blasint *incy, nb_t *ap,
                                  nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_R2_PACK)(*uplo, *n, alpha, x, *incx, y, *incy, ap);
    if (info) {
        nb_xerbla(L2_R2_PACK_NAME, info);
        return;
    }
    L2_DRV(L2_R2_PACK)(*uplo, *n, alpha, x, *incx, y, *incy, ap);
}
