/* Rank-1 update of a symmetric (s, d: xSYR, xSPR) or Hermitian (c, z: xHER, xHPR, real alpha)
   matrix, one triangle stored in full or packed form: A := alpha*x*x**H + A.
   For Hermitian matrices the reference makes the diagonal exactly real: its imaginary part is
   zeroed in every column it visits, including columns skipped because x(j) == 0. */
#include "l2_sym.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
#define L2_R1_FULL her
#define L2_R1_PACK hpr
#define L2_R1_FULL_NAME NB_UP "HER  "
#define L2_R1_PACK_NAME NB_UP "HPR  "
#else
#define L2_R1_FULL syr
#define L2_R1_PACK spr
#define L2_R1_FULL_NAME NB_UP "SYR  "
#define L2_R1_PACK_NAME NB_UP "SPR  "
#endif
#define L2_DRV(x) NB_INT(x)
#define L2_CHK(x) NB_INT(NB_CAT(x, _check))
#define L2_F77(x) NB_FN(NB_CAT(x, _))

/* The reference loops, for when x cannot be copied to a contiguous buffer. */
static void l2_syr_ref(const l2_tri *s, nb_r alpha, const nb_t *x, blasint incx)
{
    blasint n = s->n;
    if (n == 0 || alpha == 0)
        return;
    const nb_t *xs = x + nb_vstart(n, incx);
    for (blasint j = 0; j < n; j++) {
        nb_t *col = (nb_t *)l2_col(s, j); /* the triangle is the output here */
        nb_t xj = L2_AT(xs, j, incx);
        if (xj == 0) {
#if NB_COMPLEX
            col[j] = NB_RE(col[j]);
#endif
            continue;
        }
        nb_t temp = l2_rmul(alpha, NB_CONJ(xj));
        /* real types update the diagonal in the loop; complex ones keep it real below */
        blasint lo = s->upper ? 0 : j + NB_COMPLEX;
        blasint hi = s->upper ? j - NB_COMPLEX : n - 1;
        if (incx == 1)
            for (blasint i = lo; i <= hi; i++)
                col[i] = col[i] + xs[i] * temp;
        else
            for (blasint i = lo; i <= hi; i++)
                col[i] = col[i] + L2_AT(xs, i, incx) * temp;
#if NB_COMPLEX
        col[j] = NB_RE(col[j]) + NB_RE(xj * temp);
#endif
    }
}

typedef struct {
    const l2_tri *s;
    nb_r alpha;
    const nb_t *x; /* contiguous */
    int pf;        /* the column kernel's prefetch distance (l2s_rank_pf) */
} l2s_syr_job;

/* Columns [c0, c1): the reference's column updates, the off-diagonal run through the kernel. */
static void l2s_syr_cols(void *ctx, blasint c0, blasint c1)
{
    const l2s_syr_job *jb = ctx;
    const l2_tri *s = jb->s;
    const nb_t *xs = jb->x;
    for (blasint j = c0; j < c1; j++) {
        nb_t *col = (nb_t *)l2_col(s, j); /* the triangle is the output here */
        nb_t xj = xs[j];
        if (xj == 0) {
#if NB_COMPLEX
            col[j] = NB_RE(col[j]);
#endif
            continue;
        }
        nb_t temp = l2_rmul(jb->alpha, NB_CONJ(xj));
        /* real types update the diagonal in the loop; complex ones keep it real below */
        blasint lo = s->upper ? 0 : j + NB_COMPLEX;
        blasint hi = s->upper ? j - NB_COMPLEX : s->n - 1;
        if (lo <= hi)
            L2S_K(syr)((size_t)(hi - lo + 1), (const nb_r *)&temp, (const nb_r *)(xs + lo),
                       (nb_r *)(col + lo), jb->pf);
#if NB_COMPLEX
        col[j] = NB_RE(col[j]) + NB_RE(xj * temp);
#endif
    }
}

static void l2_syr(const l2_tri *s, nb_r alpha, const nb_t *x, blasint incx)
{
    blasint n = s->n;
    if (n == 0 || alpha == 0)
        return;
    if (!nb_rt.kset)
        nb_init();
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *buf = NULL;
    if (incx != 1) {
        buf = malloc((size_t)n * sizeof(nb_t));
        if (!buf) {
            l2_syr_ref(s, alpha, x, incx);
            return;
        }
        l2s_gather(n, xs, incx, buf);
        xs = buf;
    }
    l2s_syr_job jb = {s, alpha, xs, l2s_rank_pf(s, sizeof(nb_t), NB_COMPLEX)};
    l2s_run_cols(s, l2s_syr_cols, &jb);
    free(buf);
}

/* ---- full storage ------------------------------------------------------------------------ */
void L2_DRV(L2_R1_FULL)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *a,
                        blasint lda)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_syr(&s, alpha, x, incx);
}

blasint L2_CHK(L2_R1_FULL)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *a,
                           blasint lda)
{
    (void)alpha, (void)x, (void)a;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    if (lda < nb_max(1, n))
        return 7;
    return 0;
}

NB_EXPORT void L2_F77(L2_R1_FULL)(const char *uplo, const blasint *n, const nb_r *alpha, const nb_t *x,
                                  const blasint *incx, nb_t *a, const blasint *lda, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD " lda=%" NB_TD, NB_TR_CH(uplo), *n, *incx, *lda);
    (void)luplo;
    blasint info = L2_CHK(L2_R1_FULL)(*uplo, *n, *alpha, x, *incx, a, *lda);
    if (info) {
        nb_xerbla(L2_R1_FULL_NAME, info);
        return;
    }
    L2_DRV(L2_R1_FULL)(*uplo, *n, *alpha, x, *incx, a, *lda);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void L2_DRV(L2_R1_PACK)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *ap)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_syr(&s, alpha, x, incx);
}

blasint L2_CHK(L2_R1_PACK)(char uplo, blasint n, nb_r alpha, const nb_t *x, blasint incx, nb_t *ap)
{
    (void)alpha, (void)x, (void)ap;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 5;
    return 0;
}

NB_EXPORT void L2_F77(L2_R1_PACK)(const char *uplo, const blasint *n, const nb_r *alpha, const nb_t *x,
                                  const blasint *incx, nb_t *ap, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), *n, *incx);
    (void)luplo;
    blasint info = L2_CHK(L2_R1_PACK)(*uplo, *n, *alpha, x, *incx, ap);
    if (info) {
        nb_xerbla(L2_R1_PACK_NAME, info);
        return;
    }
    L2_DRV(L2_R1_PACK)(*uplo, *n, *alpha, x, *incx, ap);
}
