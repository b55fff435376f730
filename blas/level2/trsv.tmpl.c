/* Solves op(A)*x = b (x overwrites b) for a triangular matrix in full (xTRSV), band (xTBSV) or
   packed (xTPSV) storage. No test for singularity, as in the reference: a zero diagonal gives
   Inf/NaN. Loop orders are the reference's. */
#include <stdlib.h>
#include "l2gen_common.h"
#include "threading/nb_threads.h"
#include "blas/nb_trace.h"

/* Full storage, 'N', unit stride: the columns in groups of L2_TR_GROUP, in the solve's direction
   (as trmv_n_grouped in trmv.tmpl.c). A group's triangle is solved row by row, x(i) in a
   register: the solved rows' terms in the reference's column order (each skipped where x(j)
   was zero before its division), then the division (skipped where x(i) is zero), the
   reference's operations on each element. Then gemv_n (zero x(j) skipped) removes the group from the unsolved rows; upper takes
   a group's columns in ascending order there where the reference descends (rounding only, as
   the blocked form). A kernel call a column, of 0-7 elements inside a group, had passed x
   through memory. */
static inline void trsv_n_group_diag(int upper, int nounit, size_t b, const nb_t *a, size_t lda,
                                     nb_t *x, unsigned char *live)
{
    /* the reference tests x(j) before its division: a quotient that underflows to zero (or a
       division by Inf) still subtracts its column, here and (live, l2k_gemv_n_live) outside */
    for (size_t t = 0; t < b; t++) {
        size_t i = upper ? b - 1 - t : t;
        nb_t acc = x[i];
        if (upper)
            for (size_t j = b; j-- > i + 1;) {
                if (live[j])
                    acc = acc - x[j] * a[i + j * lda];
            }
        else
            for (size_t j = 0; j < i; j++) {
                if (live[j])
                    acc = acc - x[j] * a[i + j * lda];
            }
        live[i] = acc != 0;
        if (nounit && live[i])
            acc = acc / a[i + i * lda];
        x[i] = acc;
    }
}

static void trsv_n_grouped(const l2_tri *s, char diag, nb_t *x, unsigned char *live)
{
    size_t n = (size_t)s->n, lda = (size_t)s->lda, ng = (n + L2_TR_GROUP - 1) / L2_TR_GROUP;
    for (size_t t = 0; t < ng; t++) {
        size_t j0 = (s->upper ? ng - 1 - t : t) * L2_TR_GROUP;
        size_t b = n - j0 < L2_TR_GROUP ? n - j0 : L2_TR_GROUP, j1 = j0 + b;
        const nb_t *acol = s->a + j0 * lda; /* A(0, j0) */
        trsv_n_group_diag(s->upper, nb_same(diag, 'N'), b, acol + j0, lda, x + j0, live + j0);
        if (s->upper && j0 > 0)
            l2k_gemv_n_live(j0, b, -1, acol, lda, x + j0, live + j0, x);
        else if (!s->upper && j1 < n)
            l2k_gemv_n_live(n - j1, b, -1, acol + j1, lda, x + j0, live + j0, x + j1);
    }
}

/* Packed storage, 'N', unit stride: the columns in groups of 4 in the solve's direction. A
   group's own triangle column by column in the reference's order; then, where all 4 x(j) were
   non-zero before their division, the rows outside the group minus the 4 columns' products in
   one pass of the set's symv panel (kernels/l2sym_kernels.h: y += P xc with xc = -x(j), its dot
   sums into a scratch that is dropped; P's columns grow (upper) or shrink (lower) by one as
   packed columns do), so x is read and written once per 4 columns instead of once per column;
   a group with a zero x(j) runs its columns one at a time, skipping that one as the reference
   does. Values differ from the column loop's in rounding only (the 4 columns' order in a row).
   Zen 4 guest, `blas_suite --only tpsv --reps 5`, against the column loop: s/d L3 1.6-2.2x,
   memory 1.6-1.9x, L2 1.15-1.4x; c/z L3 1.4-1.9x, memory 1.4-1.7x (tpsv 0.77x MKL -> 1.01x). */
#define L2_TP_GROUP_MIN 64
static void tpsv_n_grouped(const l2_tri *s, int nounit, nb_t *x)
{
    size_t n = (size_t)s->n, ng = (n + 3) / 4;
    for (size_t t = 0; t < ng; t++) {
        size_t j1 = s->upper ? n - 4 * t : 4 * t + 4, j0;
        j1 = j1 < n ? j1 : n;
        j0 = s->upper ? (j1 > 4 ? j1 - 4 : 0) : 4 * t;
        /* live[q]: x(j) of the group's q-th column in solve order was non-zero before its
           division (the reference's test: that column is subtracted, even where the quotient is
           zero) */
        int live[4], all = j1 - j0 == 4;
        for (size_t q = 0; q < j1 - j0; q++) { /* the group's triangle */
            size_t j = s->upper ? j1 - 1 - q : j0 + q;
            const nb_t *col = l2_col(s, (blasint)j);
            live[q] = x[j] != 0;
            all &= live[q];
            if (!live[q])
                continue;
            if (nounit)
                x[j] = x[j] / col[j];
            nb_t tj = x[j];
            size_t lo = s->upper ? j0 : j + 1, hi = s->upper ? j : j1;
            for (size_t i = lo; i < hi; i++)
                x[i] = x[i] - tj * col[i];
        }
        size_t r0 = s->upper ? 0 : j1, m = s->upper ? j0 : n - j1;
        if (m == 0)
            continue;
        if (all) {
            const nb_t *c0 = l2_col(s, (blasint)j0) + r0; /* A(r0, j0) */
            nb_t xneg[4] = {-x[j0], -x[j0 + 1], -x[j0 + 2], -x[j0 + 3]}, dots[4] = {0, 0, 0, 0};
            size_t lda = s->upper ? j0 + 1 : n - j0 - 1;
            nb_rt.kset->l2sym.NB_CAT(NB_P, symv)(m, 4, (const nb_r *)c0, lda, s->upper ? 1 : -1,
                                                 (const nb_r *)c0, (const nb_r *)xneg,
                                                 (nb_r *)(x + r0), (nb_r *)dots);
            continue;
        }
        for (size_t q = 0; q < j1 - j0; q++) /* a zero x(j) among them: column by column */
            if (live[q]) {
                size_t j = s->upper ? j1 - 1 - q : j0 + q;
                l2k_axpy(m, -x[j], l2_col(s, (blasint)j) + r0, x + r0);
            }
    }
}

/* live: NULL, or for 'N' one flag a column, set where x(j) was non-zero before its division
   (full storage below L2_TR_MIN, or a diagonal block of trsv_blocked: at most L2_TRB columns) */
static void l2_trsv(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx,
                    unsigned char *live)
{
    blasint n = s->n;
    if (n == 0)
        return;
    if (!nb_rt.kset)
        nb_init();
    if (s->kind == L2_FULL && incx == 1 && n > L2_TR_GROUP && n <= L2_TR_MIN && nb_same(trans, 'N')) {
        unsigned char own[L2_TR_MIN];
        trsv_n_grouped(s, diag, x, live ? live : own);
        return;
    }
    int nounit = nb_same(diag, 'N'), conj = nb_same(trans, 'C'), pf = l2_band_pf_on(s);
    int ppf = l2_pack_pf_on(s);
    if (s->kind == L2_PACKED && incx == 1 && n >= L2_TP_GROUP_MIN && nb_same(trans, 'N')) {
        tpsv_n_grouped(s, nounit, x);
        return;
    }
    nb_t *xs = x + nb_vstart(n, incx);
    if (nb_same(trans, 'N')) {
        blasint t0 = 0;
#if !NB_COMPLEX
        /* a band of 8..W off-diagonals (W = 64 s, 32 d) where the set has a kernel for it: the
           columns whose W rows of unsolved neighbours lie inside x, in registers
           ({s,d}tbsv_win, kernels/l2gen_kernels.h); the last W + 1 columns below */
        const blasint w = NB_PREC == 1 ? 64 : 32;
        if (s->kind == L2_BAND && incx == 1 && s->k >= 8 && s->k <= w && n > 2 * w &&
            L2K_TAB->NB_CAT(NB_P, tbsv_win)) {
            blasint j = s->upper ? n - 1 : 0;
            t0 = n - (w + 1);
            L2K_TAB->NB_CAT(NB_P, tbsv_win)(s->upper, nounit, (size_t)s->k, (size_t)t0,
                                            s->a + (ptrdiff_t)j * s->lda, s->lda, xs + j);
        }
#endif
        /* column form: once x(j) is final, remove its contribution from the unsolved rows. Upper
           solves bottom-up, lower top-down. A zero x(j) skips the column (and its diagonal). */
        for (blasint t = t0; t < n; t++) {
            blasint j = s->upper ? n - 1 - t : t;
            if (pf)
                l2_band_prefetch(s, j, s->upper ? -1 : 1);
            if (ppf)
                l2_pack_prefetch_col(s, s->upper ? j - 1 : j + 1);
            if (live)
                live[j] = L2_AT(xs, j, incx) != 0;
            if (L2_AT(xs, j, incx) == 0)
                continue;
            const nb_t *col = l2_col(s, j);
            if (nounit)
                L2_AT(xs, j, incx) = L2_AT(xs, j, incx) / col[j];
            nb_t temp = L2_AT(xs, j, incx);
            blasint lo = s->upper ? l2_lo(s, j) : j + 1;
            blasint hi = s->upper ? j - 1 : l2_hi(s, j);
            if (incx == 1) { /* x - t*a as x + (-t)*a: the same rounding, vectorised */
                if (hi >= lo)
                    l2k_axpy((size_t)(hi - lo + 1), -temp, col + lo, xs + lo);
            } else {
                for (blasint i = lo; i <= hi; i++)
                    L2_AT(xs, i, incx) = L2_AT(xs, i, incx) - temp * col[i];
            }
        }
    } else {
        /* dot form: x(j) := (b(j) - sum of op(A(i,j))*x(i) over solved rows) / op(A(j,j)); upper
           runs j and i upward, lower downward. */
        for (blasint t = 0; t < n; t++) {
            blasint j = s->upper ? t : n - 1 - t;
            if (pf)
                l2_band_prefetch(s, j, s->upper ? 1 : -1);
            if (ppf)
                l2_pack_prefetch_col(s, s->upper ? j + 1 : j - 1);
            const nb_t *col = l2_col(s, j);
            nb_t temp = L2_AT(xs, j, incx);
            if (incx == 1) { /* contiguous: the set's dot, subtracted once */
                blasint lo = s->upper ? l2_lo(s, j) : j + 1, hi = s->upper ? j - 1 : l2_hi(s, j);
                if (hi >= lo)
                    temp = temp - l2k_dot((size_t)(hi - lo + 1), 0, col + lo, xs + lo, conj);
            } else if (s->upper) {
                for (blasint i = l2_lo(s, j); i < j; i++)
                    temp = temp - l2_op(col[i], conj) * L2_AT(xs, i, incx);
            } else {
                for (blasint i = l2_hi(s, j); i > j; i--)
                    temp = temp - l2_op(col[i], conj) * L2_AT(xs, i, incx);
            }
            if (nounit)
                temp = temp / l2_op(col[j], conj);
            L2_AT(xs, j, incx) = temp;
        }
    }
}

/* ---- full storage: blocked ---------------------------------------------------------------
   Block step by step in the reference's direction: 'N' solves the diagonal block (the reference
   loops), then removes it from the unsolved rows with one tall gemv_n (skipping zero x(j)); 'T'
   first subtracts the dots of the block's columns with the solved part (gemv_t), then solves the
   diagonal block. A team splits each gemv: rows for 'N' (whole blocks), columns for 'T' (groups
   of 4, the kernel's own grouping), and one thread solves the diagonal block between barriers.
   Every element sees the same operations in the same order whatever the team size. */
/* live: the diagonal block's flags (l2_trsv), written by thread 0, read by all after the barrier */
static void trsv_step(const l2_tri *s, char trans, char diag, nb_t *x, size_t jb, int np, int p,
                      unsigned char *live)
{
    size_t n = (size_t)s->n, lda = (size_t)s->lda;
    size_t j0 = jb * L2_TRB, b = n - j0 < L2_TRB ? n - j0 : L2_TRB, j1 = j0 + b;
    const nb_t *acol = s->a + j0 * lda;
    size_t lo, hi;
    if (nb_same(trans, 'N')) {
        if (p == 0) {
            l2_tri d = l2_full(s->upper, (blasint)b, acol + j0, (blasint)lda);
            l2_trsv(&d, trans, diag, x + j0, 1, live);
        }
        if (np > 1)
            nb_barrier();
        size_t r0 = s->upper ? 0 : j1, len = s->upper ? j0 : n - j1;
        nb_split(len, L2_TRB, np, p, &lo, &hi);
        if (lo < hi)
            l2k_gemv_n_live(hi - lo, b, -1, acol + r0 + lo, lda, x + j0, live, x + r0 + lo);
        if (np > 1)
            nb_barrier();
    } else {
        int conj = nb_same(trans, 'C');
        nb_split(b, 4, np, p, &lo, &hi);
        if (lo < hi) {
            if (s->upper)
                l2k_gemv_t(j0, hi - lo, -1, acol + lo * lda, lda, x, x + j0 + lo, conj);
            else
                l2k_gemv_t(n - j1, hi - lo, -1, acol + j1 + lo * lda, lda, x + j1, x + j0 + lo,
                           conj);
        }
        if (np > 1)
            nb_barrier();
        if (p == 0) {
            l2_tri d = l2_full(s->upper, (blasint)b, acol + j0, (blasint)lda);
            l2_trsv(&d, trans, diag, x + j0, 1, NULL);
        }
        if (np > 1)
            nb_barrier();
    }
}

typedef struct {
    const l2_tri *s;
    char trans, diag;
    nb_t *xc;
    size_t nblk;
    int forward;
    unsigned char live[L2_TRB]; /* the current diagonal block's (trsv_step) */
} trsv_job;

static void trsv_region(void *arg, int tid, int nt)
{
    trsv_job *j = arg;
    for (size_t t = 0; t < j->nblk; t++)
        trsv_step(j->s, j->trans, j->diag, j->xc, j->forward ? t : j->nblk - 1 - t, nt, tid, j->live);
}

static void trsv_blocked(const l2_tri *s, char trans, char diag, nb_t *x, blasint incx)
{
    size_t n = (size_t)s->n, nblk = (n + L2_TRB - 1) / L2_TRB;
    nb_t *xs = x + nb_vstart(s->n, incx), *xc = xs, *buf = NULL;
    if (incx != 1) {
        if (!(buf = malloc(n * sizeof(nb_t)))) {
            l2_trsv(s, trans, diag, x, incx, NULL);
            return;
        }
        xc = buf;
        for (size_t i = 0; i < n; i++)
            xc[i] = L2_AT(xs, i, incx);
    }
    /* 'N' lower and 'T' upper run forward (block 0 first), the others backward */
    int forward = nb_same(trans, 'N') != s->upper;
    /* Two barriers a block: a team pays only where the gemv work per block is large, a thread
       per 2048 rows. On a loaded machine a barrier waits for a descheduled thread: with other
       jobs on both cores, dtrsv at 6000 on 2 threads ran at 0.18x OpenBLAS (whose trsv is
       serial) while the serial solve was level with it. */
    int team = nb_threads_for_stream(0.25 * (double)n * (double)n * (NB_COMPLEX ? 2.0 : 1.0),
                                     n / (32 * L2_TRB));
    if (team <= 1) {
        unsigned char live[L2_TRB];
        for (size_t t = 0; t < nblk; t++)
            trsv_step(s, trans, diag, xc, forward ? t : nblk - 1 - t, 1, 0, live);
    } else {
        trsv_job j = {s, trans, diag, xc, nblk, forward, {0}};
        nb_parallel(team, trsv_region, &j);
    }
    if (buf) {
        for (size_t i = 0; i < n; i++)
            L2_AT(xs, i, incx) = xc[i];
        free(buf);
    }
}

/* ---- full storage ------------------------------------------------------------------------ */
void NB_INT(trsv)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda, nb_t *x,
                  blasint incx)
{
    l2_tri s = l2_full(nb_same(uplo, 'U'), n, a, lda);
    if (!nb_rt.kset)
        nb_init();
    if (n >= L2_TR_MIN)
        trsv_blocked(&s, trans, diag, x, incx);
    else
        l2_trsv(&s, trans, diag, x, incx, NULL);
}

blasint NB_INT(trsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *a, blasint lda,
                           nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (lda < nb_max(1, n))
        return 6;
    if (incx == 0)
        return 8;
    return 0;
}

NB_EXPORT void NB_FN(trsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *a, const blasint *lda, nb_t *x, const blasint *incx,
                            nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(trsv_check)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TRSV ", info);
        return;
    }
    NB_INT(trsv)(*uplo, *trans, *diag, *n, a, *lda, x, *incx);
}

/* ---- band storage ------------------------------------------------------------------------ */
void NB_INT(tbsv)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a, blasint lda,
                  nb_t *x, blasint incx)
{
    l2_tri s = l2_band(nb_same(uplo, 'U'), n, k, a, lda);
    l2_trsv(&s, trans, diag, x, incx, NULL);
}

blasint NB_INT(tbsv_check)(char uplo, char trans, char diag, blasint n, blasint k, const nb_t *a,
                           blasint lda, nb_t *x, blasint incx)
{
    (void)a, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (k < 0)
        return 5;
    if ((int64_t)lda < (int64_t)k + 1)
        return 7;
    if (incx == 0)
        return 9;
    return 0;
}

NB_EXPORT void NB_FN(tbsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const blasint *k, const nb_t *a, const blasint *lda, nb_t *x,
                            const blasint *incx, nb_strlen luplo, nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " k=%" NB_TD " lda=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *k, *lda, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tbsv_check)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TBSV ", info);
        return;
    }
    NB_INT(tbsv)(*uplo, *trans, *diag, *n, *k, a, *lda, x, *incx);
}

/* ---- packed storage ---------------------------------------------------------------------- */
void NB_INT(tpsv)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x, blasint incx)
{
    l2_tri s = l2_packed(nb_same(uplo, 'U'), n, ap);
    l2_trsv(&s, trans, diag, x, incx, NULL);
}

blasint NB_INT(tpsv_check)(char uplo, char trans, char diag, blasint n, const nb_t *ap, nb_t *x,
                           blasint incx)
{
    (void)ap, (void)x;
    blasint info = l2_check_tri(uplo, trans, diag);
    if (info)
        return info;
    if (n < 0)
        return 4;
    if (incx == 0)
        return 7;
    return 0;
}

NB_EXPORT void NB_FN(tpsv_)(const char *uplo, const char *trans, const char *diag, const blasint *n,
                            const nb_t *ap, nb_t *x, const blasint *incx, nb_strlen luplo,
                            nb_strlen ltrans, nb_strlen ldiag)
{
    NB_TRACE("uplo=%c trans=%c diag=%c n=%" NB_TD " incx=%" NB_TD, NB_TR_CH(uplo), NB_TR_CH(trans),
             NB_TR_CH(diag), *n, *incx);
    (void)luplo, (void)ltrans, (void)ldiag;
    blasint info = NB_INT(tpsv_check)(*uplo, *trans, *diag, *n, ap, x, *incx);
    if (info) {
        nb_xerbla(NB_UP "TPSV ", info);
        return;
    }
    NB_INT(tpsv)(*uplo, *trans, *diag, *n, ap, x, *incx);
}
