/* y := alpha*A*x + beta*y for a symmetric (s, d: xSYMV, xSBMV, xSPMV) or Hermitian (c, z: xHEMV,
   xHBMV, xHPMV) matrix of which one triangle is stored in full, band or packed form. The real and
   complex routines are the same algorithm: for real types conjugation is the identity and the real
   part of the diagonal is the diagonal. */
#include "l2_sym.h"
#include "blas/nb_trace.h"

#if NB_COMPLEX
#define L2_FULL_MV hemv
#define L2_BAND_MV hbmv
#define L2_PACK_MV hpmv
#define L2_FULL_NAME NB_UP "HEMV "
#define L2_BAND_NAME NB_UP "HBMV "
#define L2_PACK_NAME NB_UP "HPMV "
#else
#define L2_FULL_MV symv
#define L2_BAND_MV sbmv
#define L2_PACK_MV spmv
#define L2_FULL_NAME NB_UP "SYMV "
#define L2_BAND_NAME NB_UP "SBMV "
#define L2_PACK_NAME NB_UP "SPMV "
#endif
#define L2_DRV(x) NB_INT(x)
#define L2_CHK(x) NB_INT(NB_CAT(x, _check))
#define L2_F77(x) NB_FN(NB_CAT(x, _))

/* The reference's loops, for when the work buffers cannot be allocated: one pass over the stored
   triangle, column by column; each off-diagonal A(i,j) contributes to y(i) through column j (axpy)
   and to y(j) through row j (dot). */
static void l2_symv_ref(const l2_tri *s, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                    blasint incy)
{
    blasint n = s->n;
    if (n == 0 || (alpha == 0 && beta == 1))
        return;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (beta != 1)
        l2_scale(n, beta, ys, incy);
    if (alpha == 0)
        return;
    for (blasint j = 0; j < n; j++) {
        const nb_t *col = l2_col(s, j);
        nb_t temp1 = alpha * L2_AT(xs, j, incx), temp2 = 0;
        nb_r diag = NB_RE(col[j]);
        blasint lo = s->upper ? l2_lo(s, j) : j + 1;
        blasint hi = s->upper ? j - 1 : l2_hi(s, j);
        if (!s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1);
        if (incx == 1 && incy == 1) {
            for (blasint i = lo; i <= hi; i++) {
                ys[i] = ys[i] + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * xs[i];
            }
        } else {
            for (blasint i = lo; i <= hi; i++) {
                L2_AT(ys, i, incy) = L2_AT(ys, i, incy) + temp1 * col[i];
                temp2 = temp2 + NB_CONJ(col[i]) * L2_AT(xs, i, incx);
            }
        }
        if (s->upper)
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + l2_rmul(diag, temp1) + alpha * temp2;
        else
            L2_AT(ys, j, incy) = L2_AT(ys, j, incy) + alpha * temp2;
    }
}

/* The diagonal tile of columns [j, j+nc), column j at cj and the next ones lda further (nc > 1
   only for full storage): w[i - r0] accumulates row i of A*x over the tile (w indexed by absolute
   row minus the block's first row r0). Only the real part of a Hermitian diagonal is read, as in
   the reference. */
static void l2s_tile(int upper, blasint j, blasint nc, const nb_t *cj, ptrdiff_t lda,
                     const nb_t *x, nb_t *w, blasint r0)
{
    for (blasint c = j; c < j + nc; c++) {
        const nb_t *cc = cj + (c - j) * lda;
        nb_t xc = x[c], t = 0;
        blasint lo = upper ? j : c + 1, hi = upper ? c : j + nc; /* off-diagonal rows */
        for (blasint i = lo; i < hi; i++) {
            w[i - r0] += cc[i] * xc;
            t += NB_CONJ(cc[i]) * x[i];
        }
        w[c - r0] += l2_rmul(NB_RE(cc[c]), xc) + t;
    }
}

/* Block [c0, c1) of columns: w[0 .. r1-r0) := the block's share of A*x, rows [r0, r1). Four
   columns a kernel call for full storage (their rows share one lda); one for band and packed,
   whose columns are contiguous but not at a fixed distance. The tile on the diagonal runs here,
   the rows beyond it in the kernel, which reads each stored element once for both products. */
static void l2s_block(const l2_tri *s, const nb_t *x, blasint c0, blasint c1, blasint r0,
                      blasint r1, nb_t *w)
{
    for (blasint i = 0; i < r1 - r0; i++)
        w[i] = 0;
    blasint g = s->kind == L2_FULL ? 4 : 1;
    size_t lda = s->kind == L2_FULL ? (size_t)s->lda : 0;
    for (blasint j = c0; j < c1; j += g) {
        blasint nc = nb_min(g, c1 - j);
        const nb_t *cj = l2_col(s, j);
        l2s_tile(s->upper, j, nc, cj, (ptrdiff_t)lda, x, w, r0);
        blasint lo = s->upper ? l2_lo(s, j) : j + nc, hi = s->upper ? j : l2_hi(s, j) + 1;
        if (lo < hi)
            L2S_K(symv)((size_t)(hi - lo), (size_t)nc, (const nb_r *)(cj + lo), lda,
                        (const nb_r *)(x + lo), (const nb_r *)(x + j), (nb_r *)(w + (lo - r0)),
                        (nb_r *)(w + (j - r0)));
    }
}

/* Rows [lo, hi) of y := beta*y + alpha*(sum over blocks b, in order, of block b's rows). */
static void l2s_reduce(int nb, const blasint *r0, const blasint *r1, nb_t *const *w, nb_t *sum,
                       blasint lo, blasint hi, nb_t alpha, nb_t beta, nb_t *ys, blasint incy)
{
    const nb_t *src = w[0];
    if (nb > 1) {
        /* restrict: the buffers are disjoint, which lets the compiler vectorise the sums */
        nb_t *restrict out = sum;
        for (blasint i = lo; i < hi; i++)
            out[i] = 0;
        for (int b = 0; b < nb; b++) {
            const nb_t *restrict wb = w[b] - r0[b];
            for (blasint i = nb_max(lo, r0[b]); i < nb_min(hi, r1[b]); i++)
                out[i] += wb[i];
        }
        src = sum;
    }
    /* beta tested once, not per element; unit stride apart so it vectorises */
    if (beta == 0) { /* y is not read: NaN there is discarded, as in the reference */
        for (blasint i = lo; i < hi; i++)
            L2_AT(ys, i, incy) = alpha * src[i];
    } else if (incy == 1) {
        for (blasint i = lo; i < hi; i++)
            ys[i] = beta * ys[i] + alpha * src[i];
    } else {
        for (blasint i = lo; i < hi; i++)
            L2_AT(ys, i, incy) = beta * L2_AT(ys, i, incy) + alpha * src[i];
    }
}

typedef struct {
    const l2_tri *s;
    const nb_t *xs;
    const blasint *bounds, *r0, *r1;
    nb_t *const *w;
    nb_t *sum;
    int nb;
    blasint n;
    nb_t alpha, beta;
    nb_t *ys;
    blasint incy;
} symv_job;

/* Thread t runs blocks t, t + nt, ...; then each thread sums its own range of rows. */
static void symv_region(void *arg, int t, int nt)
{
    const symv_job *j = arg;
    for (int b = t; b < j->nb; b += nt)
        l2s_block(j->s, j->xs, j->bounds[b], j->bounds[b + 1], j->r0[b], j->r1[b], j->w[b]);
    nb_barrier();
    size_t lo, hi;
    nb_split((size_t)j->n, 64, nt, t, &lo, &hi);
    l2s_reduce(j->nb, j->r0, j->r1, j->w, j->sum, (blasint)lo, (blasint)hi, j->alpha, j->beta,
               j->ys, j->incy);
}

/* y := alpha*A*x + beta*y. The columns are cut into blocks (l2s_split) that depend on the shape
   only; each block accumulates its share of A*x into a buffer of its own, and the buffers are
   summed in block order, so the result is bitwise the same whatever team runs the blocks. */
static void l2_symv(const l2_tri *s, nb_t alpha, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                    blasint incy)
{
    blasint n = s->n;
    if (n == 0 || (alpha == 0 && beta == 1))
        return;
    if (alpha == 0) {
        l2_scale(n, beta, y + nb_vstart(n, incy), incy);
        return;
    }
    if (!nb_rt.kset)
        nb_init();
    double total = l2s_area(s);
    int want = (int)(total / L2S_MINAREA);
    blasint bounds[L2S_MAXB + 1], r0[L2S_MAXB], r1[L2S_MAXB];
    int nb = l2s_split(s, nb_max(1, nb_min(L2S_MAXB, want)), 4, total, bounds);
    size_t len = (size_t)(incx != 1 ? n : 0) + (size_t)(nb > 1 ? n : 0);
    for (int b = 0; b < nb; b++) { /* the rows block b's columns reach */
        r0[b] = s->upper ? l2_lo(s, bounds[b]) : bounds[b];
        r1[b] = s->upper ? bounds[b + 1] : l2_hi(s, bounds[b + 1] - 1) + 1;
        len += (size_t)(r1[b] - r0[b]);
    }
    nb_t *mem = malloc(len * sizeof(nb_t)), *w[L2S_MAXB];
    if (!mem) {
        l2_symv_ref(s, alpha, x, incx, beta, y, incy);
        return;
    }
    nb_t *p = mem, *sum = NULL;
    for (int b = 0; b < nb; b++)
        w[b] = p, p += r1[b] - r0[b];
    if (nb > 1)
        sum = p, p += n;
    const nb_t *xs = x + nb_vstart(n, incx);
    nb_t *ys = y + nb_vstart(n, incy);
    if (incx != 1)
        l2s_gather(n, xs, incx, p), xs = p;
    int team = nb_threads_for_stream(total, (size_t)nb);
    if (team <= 1) {
        for (int b = 0; b < nb; b++)
            l2s_block(s, xs, bounds[b], bounds[b + 1], r0[b], r1[b], w[b]);
        l2s_reduce(nb, r0, r1, w, sum, 0, n, alpha, beta, ys, incy);
    } else {
        symv_job j = {s, xs, bounds, r0, r1, w, sum, nb, n, alpha, beta, ys, incy};
        nb_parallel(team, symv_region, &j);
    }
    free(mem);
}

/* ---- full storage ------------------------------------------------------------------------ */
void L2_DRV(L2_FULL_MV)(char uplo, blasint n, nb_t alpha, const nb_t *a, blasint lda, const nb_t *x,
                blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_FULL_MV)(char uplo, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                                   const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (lda < nb_max(1, n))
        return 5;
    if (incx == 0)
        return 7;
    if (incy == 0)
        return 10;
    return 0;
}

NB_EXPORT void L2_F77(L2_FULL_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *a,
                            const blasint *lda, const nb_t *x, const blasint *incx, const nb_t *beta,
                            nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d lda=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *lda, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_FULL_MV)(*uplo, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_FULL_NAME, info);
        return;
    }
    L2_DRV(L2_FULL_MV)(*uplo, *n, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

/* ---- band storage ------------------------------------------------------------------------ */
void L2_DRV(L2_BAND_MV)(char uplo, blasint n, blasint k, nb_t alpha, const nb_t *a, blasint lda,
                const nb_t *x, blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_BAND_MV)(char uplo, blasint n, blasint k, nb_t alpha, const nb_t *a,
                                   blasint lda, const nb_t *x, blasint incx, nb_t beta, nb_t *y,
                                   blasint incy)
{
    (void)alpha, (void)a, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (k < 0)
        return 3;
    if ((int64_t)lda < (int64_t)k + 1)
        return 6;
    if (incx == 0)
        return 8;
    if (incy == 0)
        return 11;
    return 0;
}

NB_EXPORT void L2_F77(L2_BAND_MV)(const char *uplo, const blasint *n, const blasint *k, const nb_t *alpha,
                            const nb_t *a, const blasint *lda, const nb_t *x, const blasint *incx,
                            const nb_t *beta, nb_t *y, const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d k=%d lda=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *k, *lda, *incx,
             *incy);
    (void)luplo;
    blasint info =
        L2_CHK(L2_BAND_MV)(*uplo, *n, *k, *alpha, a, *lda, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_BAND_NAME, info);
        return;
    }
    L2_DRV(L2_BAND_MV)(*uplo, *n, *k, *alpha, a, *lda, x, *incx, *beta, y, *incy);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void L2_DRV(L2_PACK_MV)(char uplo, blasint n, nb_t alpha, const nb_t *ap, const nb_t *x, blasint incx,
                nb_t beta, nb_t *y, blasint incy)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_symv(&s, alpha, x, incx, beta, y, incy);
}

blasint L2_CHK(L2_PACK_MV)(char uplo, blasint n, nb_t alpha, const nb_t *ap, const nb_t *x,
                                   blasint incx, nb_t beta, nb_t *y, blasint incy)
{
    (void)alpha, (void)ap, (void)x, (void)beta, (void)y;
    if (l2_bad_uplo(uplo))
        return 1;
    if (n < 0)
        return 2;
    if (incx == 0)
        return 6;
    if (incy == 0)
        return 9;
    return 0;
}

NB_EXPORT void L2_F77(L2_PACK_MV)(const char *uplo, const blasint *n, const nb_t *alpha, const nb_t *ap,
                            const nb_t *x, const blasint *incx, const nb_t *beta, nb_t *y,
                            const blasint *incy, nb_strlen luplo)
{
    NB_TRACE("uplo=%c n=%d incx=%d incy=%d", NB_TR_CH(uplo), *n, *incx, *incy);
    (void)luplo;
    blasint info = L2_CHK(L2_PACK_MV)(*uplo, *n, *alpha, ap, x, *incx, *beta, y, *incy);
    if (info) {
        nb_xerbla(L2_PACK_NAME, info);
        return;
    }
    L2_DRV(L2_PACK_MV)(*uplo, *n, *alpha, ap, x, *incx, *beta, y, *incy);
}
