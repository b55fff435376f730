/* symm and hemm, reduced to GEMMs. The side-R product B*A is the side-L product A**T * B**T on
   transposed views of B and C; A**T is A (symmetric) or conj(A) (Hermitian), read from the same
   stored triangle. Side L with many columns of B expands A in full, a panel of columns at a time,
   and runs one GEMM per panel (symm_left); with few, it is blocked along the columns of A: the
   part of a block column above the diagonal block and the part below it are each a stored
   rectangle (possibly read transposed), and the diagonal block is expanded into a small full
   workspace (symm_blocked). */
#include <stdlib.h>
#include "blas/level3/l3_internal.h"
#include "blas/nb_trace.h"
#include "threading/nb_threads.h"

/* A logical m x m symmetric (herm == 0) or Hermitian matrix M, kept as one stored triangle S:
   M(i,j) = conj^c(S(i,j)) inside the stored triangle and conj^(c^herm)(S(j,i)) outside it. */
typedef struct {
    const nb_t *p;
    size_t ld;
    int upper, herm, conj;
} sym_mat;

static nb_t sym_at(sym_mat a, size_t i, size_t j)
{
    if (i == j && a.herm)
        return NB_RE(a.p[i * a.ld + i]); /* the reference reads only the real part */
    int stored = a.upper ? i <= j : i >= j;
    if (stored)
        return l3_conj_if(a.p[i + j * a.ld], a.conj);
    return l3_conj_if(a.p[j + i * a.ld], a.conj ^ a.herm);
}

/* The rectangle of M with rows r0.. and columns c0.., lying entirely off the diagonal on one side. */
static l3_view sym_rect(sym_mat a, size_t r0, size_t c0)
{
    int stored = a.upper ? r0 < c0 : r0 > c0;
    if (stored)
        return l3_mk(a.p + r0 + c0 * a.ld, 1, a.ld, a.conj);
    return l3_mk(a.p + c0 + r0 * a.ld, a.ld, 1, a.conj ^ a.herm);
}

/* The diagonal block of M at rows and columns [j0, j0 + jb) in full into w (leading dimension
   jb): the stored and the mirrored part of each column as two plain loops (sym_at's per-element
   tests took a fifth of zhemm 16). */
static void sym_expand_diag(sym_mat a, size_t j0, size_t jb, nb_t *w)
{
    for (size_t j = 0; j < jb; j++) {
        const nb_t *col = a.p + j0 + (j0 + j) * a.ld;  /* stored M(j0 + i, j0 + j) at col[i] */
        const nb_t *row = a.p + (j0 + j) + j0 * a.ld; /* mirrored: S(j0 + j, j0 + i) at row[i*ld] */
        size_t s0 = a.upper ? 0 : j, s1 = a.upper ? j + 1 : jb; /* the stored rows of column j */
        int cs = a.conj, cm = a.conj ^ a.herm;
        nb_t *wj = w + j * jb;
        for (size_t i = 0; i < s0; i++)
            wj[i] = l3_conj_if(row[i * a.ld], cm);
        for (size_t i = s0; i < s1; i++)
            wj[i] = l3_conj_if(col[i], cs);
        for (size_t i = s1; i < jb; i++)
            wj[i] = l3_conj_if(row[i * a.ld], cm);
#if NB_COMPLEX
        if (a.herm) /* the reference reads only the real part */
            wj[j] = NB_RE(col[j]);
#endif
    }
}

/* The blocked form, for few columns of B (see symm_left). C = alpha*M*B + beta*C: every row of C
   is first written by a GEMM of the first block column (the diagonal block and the rows below
   it), which applies beta; the later ones add. */
#define SYMM_STACK_BLOCK 32
static void symm_blocked(sym_mat a, size_t m, size_t n, nb_t alpha, l3_view b, nb_t beta, nb_t *c,
                         size_t rsc, size_t csc)
{
    size_t nb = m < L3_NB * 2 ? m : L3_NB * 2; /* diagonal block size */
    nb_t one_elem;
    /* a small matrix's block on the stack: a malloc and free per call were a measurable part of
       zhemm 16 */
    nb_t small_tmp[SYMM_STACK_BLOCK * SYMM_STACK_BLOCK];
    nb_t *tmp = nb <= SYMM_STACK_BLOCK ? small_tmp : malloc(nb * nb * sizeof(nb_t));
    if (!tmp) { /* degrade to 1 x 1 diagonal blocks: slow but needs no workspace */
        nb = 1;
        tmp = &one_elem;
    }
    for (size_t j0 = 0; j0 < m; j0 += nb) {
        size_t jb = m - j0 < nb ? m - j0 : nb, j1 = j0 + jb;
        l3_view bj = l3_sub(b, j0, 0);
        nb_t bt = j0 == 0 ? beta : 1;
        if (j0 > 0)
            NB_INT(gemm_view)(j0, n, jb, alpha, sym_rect(a, 0, j0), bj, 1, c, rsc, csc);
        if (j1 < m)
            NB_INT(gemm_view)(m - j1, n, jb, alpha, sym_rect(a, j1, j0), bj, bt, c + j1 * rsc, rsc,
                              csc);
        sym_expand_diag(a, j0, jb, tmp);
        NB_INT(gemm_view)(jb, n, jb, alpha, l3_mk(tmp, 1, jb, 0), bj, bt, c + j0 * rsc, rsc, csc);
    }
    if (tmp != &one_elem && tmp != small_tmp)
        free(tmp);
}

/* Columns [j0, j1) of M written in full into w (leading dimension m; column j at w + (j - jw) * m),
   in 32 x 32 tiles so that the mirrored (transposed) reads stay within a few cache lines. */
static void sym_expand_cols(sym_mat a, size_t m, size_t j0, size_t j1, size_t jw, nb_t *w)
{
    for (size_t jt = j0; jt < j1; jt += 32)
        for (size_t it = 0; it < m; it += 32) {
            size_t je = jt + 32 < j1 ? jt + 32 : j1, ie = it + 32 < m ? it + 32 : m;
            for (size_t j = jt; j < je; j++)
                for (size_t i = it; i < ie; i++)
                    w[i + (j - jw) * m] = sym_at(a, i, j);
        }
}

/* Columns of M expanded at a time, each panel one GEMM with k = its width: above the engine's KC
   (so the GEMM's own K blocking decides), and a workspace of m x 512 elements. */
#define SYMM_PANEL_COLS 512

/* Below this many columns of B the copy of M costs more than it saves (m = 2048, n = 64: 27 GFLOPS
   through the copy against 48 blocked; n = 8: 6 against 19), and the blocked form runs. */
#define SYMM_EXPAND_MIN_N 256

/* One panel of symm_left: columns [j0, j0 + jb) of M into w. A team splits the full panel
   width, `tiles` 32-column tiles, by whole tiles, each range clipped to the panel's end (the
   last panel may be narrower). */
typedef struct {
    sym_mat a;
    size_t m, j0, jb, tiles;
    nb_t *w;
} sym_panel;

static void sym_panel_region(void *ctx, int tid, int nt)
{
    const sym_panel *sp = ctx;
    size_t p = (size_t)tid, parts = (size_t)nt, j0 = sp->j0, end = j0 + sp->jb;
    size_t lo = j0 + sp->tiles * p / parts * 32, hi = j0 + sp->tiles * (p + 1) / parts * 32;
    sym_expand_cols(sp->a, sp->m, lo < end ? lo : end, hi < end ? hi : end, j0, sp->w);
}

/* C += alpha * M * B for M m x m, B m x n (view), C m x n at c[i*rsc + j*csc]: M is expanded in
   full, a panel of columns at a time, and each panel is one GEMM with its rows of B. The copy
   costs m^2 element moves against 2 m^2 n flops; the GEMMs run with the engine's own K blocking
   and one thread team each. (The form before this, three GEMMs per 128 columns of M, each with
   k = 128, below the engine's KC, and a team per call, ran dsymm at 0.90x OpenBLAS at 256 on
   one thread, 0.87x at 2048 on two; it stays for n < SYMM_EXPAND_MIN_N.) Without workspace, a
   plain triple loop. */
static void symm_left(sym_mat a, size_t m, size_t n, nb_t alpha, l3_view b, nb_t beta, nb_t *c,
                      size_t rsc, size_t csc)
{
    if (n < SYMM_EXPAND_MIN_N) {
        symm_blocked(a, m, n, alpha, b, beta, c, rsc, csc);
        return;
    }
    size_t pw = m < SYMM_PANEL_COLS ? m : SYMM_PANEL_COLS; /* panel width in columns */
    nb_t *w = NULL;
    while (pw > 0 && !(w = malloc(m * pw * sizeof(nb_t))))
        pw /= 2;
    if (!w) {
        NB_INT(l3_scale)(m, n, beta, c, rsc, csc);
        for (size_t j = 0; j < n; j++)
            for (size_t i = 0; i < m; i++) {
                nb_t sum = 0;
                for (size_t l = 0; l < m; l++)
                    sum += sym_at(a, i, l) * l3_at(b, l, j);
                c[i * rsc + j * csc] += alpha * sum;
            }
        return;
    }
    size_t tiles = (pw + 31) / 32;
    for (size_t j0 = 0; j0 < m; j0 += pw) {
        size_t jb = m - j0 < pw ? m - j0 : pw;
        int team = nb_threads_for_stream((double)m * (double)jb, tiles);
        if (team <= 1) {
            sym_expand_cols(a, m, j0, j0 + jb, j0, w);
        } else {
            sym_panel sp = {.a = a, .m = m, .j0 = j0, .jb = jb, .tiles = tiles, .w = w};
            nb_parallel(team, sym_panel_region, &sp);
        }
        NB_INT(gemm_view)(m, n, jb, alpha, l3_mk(w, 1, m, 0), l3_sub(b, j0, 0), j0 == 0 ? beta : 1,
                          c, rsc, csc);
    }
    free(w);
}

static blasint symm_check_common(char side, char uplo, blasint m, blasint n, blasint lda, blasint ldb,
                                 blasint ldc)
{
    blasint nrowa = nb_same(side, 'L') ? m : n;
    if (!nb_same(side, 'L') && !nb_same(side, 'R'))
        return 1;
    if (!nb_same(uplo, 'U') && !nb_same(uplo, 'L'))
        return 2;
    if (m < 0)
        return 3;
    if (n < 0)
        return 4;
    if (lda < nb_max(1, nrowa))
        return 7;
    if (ldb < nb_max(1, m))
        return 9;
    if (ldc < nb_max(1, m))
        return 12;
    return 0;
}

static void symm_common(int herm, char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a,
                        blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    if (m == 0 || n == 0 || (alpha == 0 && beta == 1))
        return;
    if (alpha == 0) {
        NB_INT(l3_scale)((size_t)m, (size_t)n, beta, c, 1, (size_t)ldc);
        return;
    }
    /* beta is applied by the first GEMM that writes each part of C (symm_left) */
    sym_mat am = {a, (size_t)lda, nb_same(uplo, 'U'), herm, 0};
    if (nb_same(side, 'L')) {
        symm_left(am, (size_t)m, (size_t)n, alpha, l3_mk(b, 1, (size_t)ldb, 0), beta, c, 1,
                  (size_t)ldc);
    } else {
        am.conj = herm; /* A**T of a Hermitian A is conj(A) */
        symm_left(am, (size_t)n, (size_t)m, alpha, l3_mk(b, (size_t)ldb, 1, 0), beta, c,
                  (size_t)ldc, 1);
    }
}

blasint NB_INT(symm_check)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a,
                           blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return symm_check_common(side, uplo, m, n, lda, ldb, ldc);
}

void NB_INT(symm)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                  const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    symm_common(0, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

NB_EXPORT void NB_FN(symm_)(const char *side, const char *uplo, const blasint *m, const blasint *n,
                            const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                            const blasint *ldb, const nb_t *beta, nb_t *c, const blasint *ldc,
                            nb_strlen lside, nb_strlen luplo)
{
    NB_TRACE("side=%c uplo=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(side), NB_TR_CH(uplo), *m,
             *n, *lda, *ldb, *ldc);
    (void)lside, (void)luplo;
    blasint info = NB_INT(symm_check)(*side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "SYMM ", info);
        return;
    }
    NB_INT(symm)(*side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}

#if NB_COMPLEX
blasint NB_INT(hemm_check)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a,
                           blasint lda, const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    (void)alpha, (void)a, (void)b, (void)beta, (void)c;
    return symm_check_common(side, uplo, m, n, lda, ldb, ldc);
}

void NB_INT(hemm)(char side, char uplo, blasint m, blasint n, nb_t alpha, const nb_t *a, blasint lda,
                  const nb_t *b, blasint ldb, nb_t beta, nb_t *c, blasint ldc)
{
    symm_common(1, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
}

NB_EXPORT void NB_FN(hemm_)(const char *side, const char *uplo, const blasint *m, const blasint *n,
                            const nb_t *alpha, const nb_t *a, const blasint *lda, const nb_t *b,
                            const blasint *ldb, const nb_t *beta, nb_t *c, const blasint *ldc,
                            nb_strlen lside, nb_strlen luplo)
{
    NB_TRACE("side=%c uplo=%c m=%" NB_TD " n=%" NB_TD " lda=%" NB_TD " ldb=%" NB_TD " ldc=%" NB_TD, NB_TR_CH(side), NB_TR_CH(uplo), *m,
             *n, *lda, *ldb, *ldc);
    (void)lside, (void)luplo;
    blasint info = NB_INT(hemm_check)(*side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
    if (info) {
        nb_xerbla(NB_UP "HEMM ", info);
        return;
    }
    NB_INT(hemm)(*side, *uplo, *m, *n, *alpha, a, *lda, b, *ldb, *beta, c, *ldc);
}
#endif
