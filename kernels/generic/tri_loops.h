/* The leaf loops of trsm and trmm (blas/level3/trxm.tmpl.c), plain C. Each kernel set compiles
   them for s and d with its own ISA flags (kernels/<isa>/gemv_<isa>.c through gemv_loops.h:
   NB_TRI_ROWS); the driver keeps the plain loops (NB_TRI_ROWS_PLAIN) for the complex types.

   They work on B with b(i, j) at b[i*rs + j] (NB_TRI_ROWS: at b[i*rs + j*cs], cs == 1 in place,
   rs == 1 transposed through registers panel by panel, m <= NB_TRI_MAXM unless cs == 1) with l the dense copy of the triangle M
   (l[i + k*ldl] = M(i, k)). Per element the arithmetic is the reference's, in its order, a zero
   b(k, j) skipping its updates (the select `x != 0 ? v : y`, which keeps NaN/Inf in M out of
   the columns it skips and keeps signed zeros).

   trsm_rows: solves M*X = B in place (alpha already applied): upper M from the bottom row up,
   lower M from the top row down. NB_TRI_ROWS's trsm takes a split row h as well (0: none): it
   then computes what two leaves and a GEMM between them compute (the driver's recursion, and
   LAPACK's ?tfsm), the rows solved second still to be scaled by alpha (tb_sm_panel_).
   trmm_rows: B = alpha*M*B in the reference's k order (upper: k ascending, lower: descending); at
   step k the rows i != k take alpha*b(k, j)*M(i, k) before row k itself is replaced.

   The plain loops update whole rows per (i, k) pair (4 loads and a store per vector of FMAs).
   NB_TRI_ROWS is register-blocked instead: panels of NB_TRI_W columns (two vectors), and in a
   panel blocks of NB_TRI_R rows whose results stay in registers while k runs over the rows they
   depend on (the original rows for trmm, the solved rows for trsm), each output stored once.
   Every element still goes through the same operations in the same order as in the plain loops
   (same expressions, so the same FMA contraction), so the results are bitwise those of the plain
   loops, independent of where a column falls in a panel (a partial panel is computed in a padded
   copy). The selects cost as much as the FMAs, so the blocks leave them out where they are no-ops:
   trmm checks a panel's rows for zeros first and runs the plain loops on a panel that has one;
   trsm's blocks select in their own triangle (where the rows are solved) and run the rectangle
   (the solved rows above/below) without selects while no solved value of the panel was zero.

   Register budget (avx2, 16 ymm, d or s): trmm rectangle 12 accumulators (6 rows x 2 vectors)
   + 2 vectors of the k row + 1 broadcast of M(i, k) = 15; trsm rectangle 12 accumulators (3 rows
   x 4 vectors) + the broadcasts, the k row's 4 vectors taken as FMA memory operands. The trsm
   rectangle with selects adds the masks and spills (it runs only on panels with a zero):
   `tests/check_spills.py --strict 'tb_\w+' build/kernels/avx2/gemv_avx2.o` lists only those
   loops, in tb_sm_panel_[sd] and in the split triangle's second halves (tb_sm_pre_*: the same
   rectangle after the GEMM part, whose own loop is clean); avx512 is clean. */
#ifndef TB_T /* the header; the body for one type (TB_T) is below, included once per type */
#ifndef NB_TRI_LOOPS_H
#define NB_TRI_LOOPS_H
#include <stddef.h>
#include <string.h>

#define NB_TRI_ROWS_PLAIN(T, linkage, trsm_name, trmm_name)                                         \
    linkage void trsm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T *b, size_t rs,  \
                           size_t n)                                                                \
    {                                                                                               \
        for (size_t s = 0; s < m; s++) {                                                            \
            size_t k = upper ? m - 1 - s : s;                                                       \
            T *bk = b + k * rs;                                                                     \
            if (!unit) {                                                                            \
                T d = l[k + k * ldl];                                                               \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                  \
                {                                                                                   \
                    T x = bk[j], q = x / d;                                                         \
                    bk[j] = x != 0 ? q : x;                                                         \
                }                                                                                   \
            }                                                                                       \
            size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                      \
            for (size_t i = i0; i < i1; i++) {                                                      \
                T *bi = b + i * rs, lik = l[i + k * ldl];                                           \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++) /* rows i, k distinct */         \
                {                                                                                   \
                    T x = bk[j], y = bi[j], v = y - x * lik;                                        \
                    bi[j] = x != 0 ? v : y;                                                         \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    }                                                                                               \
    linkage void trmm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha, T *b,    \
                           size_t rs, size_t n)                                                     \
    {                                                                                               \
        for (size_t s = 0; s < m; s++) {                                                            \
            size_t k = upper ? s : m - 1 - s;                                                       \
            T *bk = b + k * rs;                                                                     \
            size_t i0 = upper ? 0 : k + 1, i1 = upper ? k : m;                                      \
            for (size_t i = i0; i < i1; i++) {                                                      \
                T *bi = b + i * rs, lik = l[i + k * ldl];                                           \
                _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                  \
                {                                                                                   \
                    T x = bk[j], y = bi[j], v = y + (alpha * x) * lik;                              \
                    bi[j] = x != 0 ? v : y;                                                         \
                }                                                                                   \
            }                                                                                       \
            T d = l[k + k * ldl];                                                                   \
            _Pragma("omp simd") for (size_t j = 0; j < n; j++)                                      \
            {                                                                                       \
                T x = bk[j], t = alpha * x, v = unit ? t : t * d;                                   \
                bk[j] = x != 0 ? v : x;                                                             \
            }                                                                                       \
        }                                                                                           \
    }

/* The most rows NB_TRI_ROWS takes with cs != 1 (its panels go through a local copy of m rows);
   with cs == 1 more rows run the plain loops. */
#define NB_TRI_MAXM 64

#ifndef NB_TRI_PLAIN_ONLY
/* The vector width GCC gets from the set's flags. */
#if defined(__AVX512F__)
#define NB_TRI_VBYTES 64
#elif defined(__AVX__)
#define NB_TRI_VBYTES 32
#else
#define NB_TRI_VBYTES 16
#endif
#define NB_TRI_R 6  /* rows of a trmm block */
#define NB_TRI_RS 3 /* rows of a trsm block */

#define TB_CAT_(a, b) a##b
#define TB_CAT(a, b) TB_CAT_(a, b)

#define TB_T double
#define TB_SZ 8
#define TB_I long long
#define TB_P d
#include "kernels/generic/tri_loops.h"
#undef TB_T
#undef TB_SZ
#undef TB_I
#undef TB_P
#define TB_T float
#define TB_SZ 4
#define TB_I int
#define TB_P s
#include "kernels/generic/tri_loops.h"
#undef TB_T
#undef TB_SZ
#undef TB_I
#undef TB_P

#define NB_TRI_ROWS(T, linkage, trsm_name, trmm_name)                                               \
    linkage void trsm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha, size_t h, \
                           T *b, size_t rs, size_t cs, size_t n)                                    \
    {                                                                                               \
        _Generic((T)0, float: nb_tri_trsm_s, double: nb_tri_trsm_d)(l, ldl, m, upper, unit, alpha,  \
                                                                    h, b, rs, cs, n);               \
    }                                                                                               \
    linkage void trmm_name(const T *l, size_t ldl, size_t m, int upper, int unit, T alpha, T *b,    \
                           size_t rs, size_t cs, size_t n)                                          \
    {                                                                                               \
        _Generic((T)0, float: nb_tri_trmm_s, double: nb_tri_trmm_d)(l, ldl, m, upper, unit, alpha,  \
                                                                    b, rs, cs, n);                  \
    }
#endif

#endif

#else /* TB_T: the register-blocked loops for one real type */
#define TB_F(name) TB_CAT(name, TB_P)
#define TB_V TB_F(tb_v_)
#define TB_M TB_F(tb_m_)
#define TB_L (NB_TRI_VBYTES / TB_SZ) /* lanes */
#define TB_W (2 * TB_L)  /* columns of a trmm panel */
#define TB_SV 4          /* vectors of a trsm panel */
#define TB_WS (TB_SV * TB_L)
typedef TB_T TB_V __attribute__((vector_size(NB_TRI_VBYTES)));
typedef TB_I TB_M __attribute__((vector_size(NB_TRI_VBYTES)));

NB_TRI_ROWS_PLAIN(TB_T, static inline, TB_F(tb_plain_sm_), TB_F(tb_plain_mm_))

static inline TB_V TB_F(tb_ld_)(const TB_T *p)
{
    TB_V v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void TB_F(tb_st_)(TB_T *p, TB_V v) { memcpy(p, &v, sizeof v); }
/* z ? v : y lane by lane (z all ones or zero) */
static inline TB_V TB_F(tb_sel_)(TB_M z, TB_V v, TB_V y) { return (TB_V)(((TB_M)v & z) | ((TB_M)y & ~z)); }
static inline int TB_F(tb_any_)(TB_M z)
{
    TB_I a[TB_L], o = 0;
    memcpy(a, &z, sizeof a);
    for (int i = 0; i < TB_L; i++)
        o |= a[i];
    return o != 0;
}

/* CALL(r) for the r = rem < RMAX rows left over (one block of a constant size). */
#define TB_REM(rem, RMAX, CALL)                                                                    \
    switch (rem) {                                                                                 \
    case 1: CALL(1); break;                                                                        \
    case 2: if ((RMAX) > 2) CALL(2); break;                                                        \
    case 3: if ((RMAX) > 3) CALL(3); break;                                                        \
    case 4: if ((RMAX) > 4) CALL(4); break;                                                        \
    case 5: if ((RMAX) > 5) CALL(5); break;                                                        \
    case 6: if ((RMAX) > 6) CALL(6); break;                                                        \
    case 7: if ((RMAX) > 7) CALL(7); break;                                                        \
    default: break;                                                                                \
    }

/* trmm, rows [i0, i0 + R) of a panel without zeros: upper reads the original rows i0 .. m-1 in
   k ascending, lower the rows 0 .. i0+R-1 in k descending; row i starts at its own step (t*d)
   and then takes t_k*M(i, k) of the later steps. */
static inline __attribute__((always_inline)) void
TB_F(tb_mm_blk_)(const TB_T *l, size_t ldl, size_t m, int unit, TB_T alpha, const int a1, const int up,
                 TB_T *b, size_t rs, size_t i0, const int R)
{
    TB_V c0[NB_TRI_R], c1[NB_TRI_R];
#define TB_MM_ROW(k)                                                                               \
    TB_V x0 = TB_F(tb_ld_)(b + (k) * rs), x1 = TB_F(tb_ld_)(b + (k) * rs + TB_L);                  \
    TB_V t0 = a1 ? x0 : alpha * x0, t1 = a1 ? x1 : alpha * x1;
    if (up) {
        _Pragma("GCC unroll 8") for (int kk = 0; kk < R; kk++)
        {
            size_t k = i0 + (size_t)kk;
            TB_MM_ROW(k)
            _Pragma("GCC unroll 8") for (int r = 0; r < kk; r++)
            {
                TB_T lik = l[i0 + (size_t)r + k * ldl];
                c0[r] = c0[r] + t0 * lik;
                c1[r] = c1[r] + t1 * lik;
            }
            TB_T d = l[k + k * ldl];
            c0[kk] = unit ? t0 : t0 * d;
            c1[kk] = unit ? t1 : t1 * d;
        }
        for (size_t k = i0 + (size_t)R; k < m; k++) {
            TB_MM_ROW(k)
            const TB_T *lk = l + i0 + k * ldl;
            _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
            {
                c0[r] = c0[r] + t0 * lk[r];
                c1[r] = c1[r] + t1 * lk[r];
            }
        }
    } else {
        _Pragma("GCC unroll 8") for (int q = 0; q < R; q++) /* kk descending */
        {
            const int kk = R - 1 - q;
            size_t k = i0 + (size_t)kk;
            TB_MM_ROW(k)
            _Pragma("GCC unroll 8") for (int r = kk + 1; r < R; r++)
            {
                TB_T lik = l[i0 + (size_t)r + k * ldl];
                c0[r] = c0[r] + t0 * lik;
                c1[r] = c1[r] + t1 * lik;
            }
            TB_T d = l[k + k * ldl];
            c0[kk] = unit ? t0 : t0 * d;
            c1[kk] = unit ? t1 : t1 * d;
        }
        for (size_t q = 0; q < i0; q++) {
            size_t k = i0 - 1 - q;
            TB_MM_ROW(k)
            const TB_T *lk = l + i0 + k * ldl;
            _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
            {
                c0[r] = c0[r] + t0 * lk[r];
                c1[r] = c1[r] + t1 * lk[r];
            }
        }
    }
#undef TB_MM_ROW
    _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
    {
        TB_F(tb_st_)(b + (i0 + (size_t)r) * rs, c0[r]);
        TB_F(tb_st_)(b + (i0 + (size_t)r) * rs + TB_L, c1[r]);
    }
}

/* Blocks of R rows in the order the rows are final (upper top-down, lower bottom-up), the
   m % R rows left over as one block. */
static inline __attribute__((always_inline)) void
TB_F(tb_mm_rows_)(const TB_T *l, size_t ldl, size_t m, int unit, TB_T alpha, const int a1, const int up,
                  TB_T *b, size_t rs)
{
    if (up) {
        size_t i0 = 0;
        for (; i0 + NB_TRI_R <= m; i0 += NB_TRI_R)
            TB_F(tb_mm_blk_)(l, ldl, m, unit, alpha, a1, 1, b, rs, i0, NB_TRI_R);
#define TB_MM_UP(r) TB_F(tb_mm_blk_)(l, ldl, m, unit, alpha, a1, 1, b, rs, i0, r)
        TB_REM(m - i0, NB_TRI_R, TB_MM_UP)
#undef TB_MM_UP
    } else {
        size_t i1 = m;
        for (; i1 >= NB_TRI_R; i1 -= NB_TRI_R)
            TB_F(tb_mm_blk_)(l, ldl, m, unit, alpha, a1, 0, b, rs, i1 - NB_TRI_R, NB_TRI_R);
#define TB_MM_LO(r) TB_F(tb_mm_blk_)(l, ldl, m, unit, alpha, a1, 0, b, rs, 0, r)
        TB_REM(i1, NB_TRI_R, TB_MM_LO)
#undef TB_MM_LO
    }
}

static __attribute__((noinline)) void TB_F(tb_mm_panel_)(const TB_T *l, size_t ldl, size_t m, int upper,
                                                         int unit, TB_T alpha, TB_T *b, size_t rs)
{
    TB_M z = {0};
    for (size_t k = 0; k < m; k++)
        z |= (TB_F(tb_ld_)(b + k * rs) == 0) | (TB_F(tb_ld_)(b + k * rs + TB_L) == 0);
    if (TB_F(tb_any_)(z)) /* a zero to skip: the plain loops, with the selects */
        TB_F(tb_plain_mm_)(l, ldl, m, upper, unit, alpha, b, rs, TB_W);
    else if (upper && alpha == 1)
        TB_F(tb_mm_rows_)(l, ldl, m, unit, alpha, 1, 1, b, rs);
    else if (upper)
        TB_F(tb_mm_rows_)(l, ldl, m, unit, alpha, 0, 1, b, rs);
    else if (alpha == 1)
        TB_F(tb_mm_rows_)(l, ldl, m, unit, alpha, 1, 0, b, rs);
    else
        TB_F(tb_mm_rows_)(l, ldl, m, unit, alpha, 0, 0, b, rs);
}

/* trsm, rows [i0, i0 + R) of a panel of TB_SV vectors: the rectangle (solved rows, lower k
   ascending from 0, upper k descending from m-1), selecting only when `sel` (a solved value of
   the panel was zero), then the block's own triangle with selects, storing each row as it is
   solved; *zero collects the lanes where a solved value is zero. The triangle is a chain of
   dependent divisions and FMAs, row after row, that the next block waits for: 4 vectors of
   columns and 3 rows (rather than trmm's 2 x 6) give each step of that chain twice the work. */
/* The GEMM part of a split triangle's second half (tb_sm_panel_): for row i of the half, the sum
   over the solved rows k in [k0, k1) of the first of la[i + k*ldl] * xa[k*rs]. The GEMM kernels
   compute C = beta*C - M(rows, ks)*X(ks) with beta = alpha (the halves' ?gemm in ?tfsm and in the
   driver's recursion) as: the sum from zero, k ascending, then C - acc (beta == 1) or alpha*C -
   acc fused; so does a block with pre (pmode: 1 or 3 alpha == 1, 2 or 4 not; 3 and 4 skip a zero
   x(k) as the leaf skips it, which for a finite M gives GEMM's bits too). */
typedef struct {
    const TB_T *la, *xa;
    size_t k0, k1;
    TB_T alpha;
} TB_F(tb_pre_);

static inline __attribute__((always_inline)) void
TB_F(tb_sm_blk_)(const TB_T *l, size_t ldl, size_t m, int unit, const int up, const int sel, TB_T *b,
                 size_t rs, size_t i0, const int R, TB_M *zero, const TB_F(tb_pre_) *pre, const int pmode)
{
    TB_V c[NB_TRI_RS][TB_SV];
    if (pmode) {
        const int pa1 = pmode == 1 || pmode == 3, psel = pmode >= 3;
        _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
            _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)
                c[r][v] = (TB_V){0};
        for (size_t k = pre->k0; k < pre->k1; k++) {
            TB_V x[TB_SV];
            TB_M z[TB_SV];
            _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)
            {
                x[v] = TB_F(tb_ld_)(pre->xa + k * rs + (size_t)(v * TB_L));
                z[v] = x[v] != 0;
            }
            const TB_T *lk = pre->la + i0 + k * ldl;
            _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
                _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)
                {
                    TB_V nv = c[r][v] + x[v] * lk[r];
                    c[r][v] = psel ? TB_F(tb_sel_)(z[v], nv, c[r][v]) : nv;
                }
        }
        _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
            _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)
            {
                TB_V y = TB_F(tb_ld_)(b + (i0 + (size_t)r) * rs + (size_t)(v * TB_L));
                c[r][v] = pa1 ? y - c[r][v] : pre->alpha * y - c[r][v];
            }
    } else {
        _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)
            _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)
                c[r][v] = TB_F(tb_ld_)(b + (i0 + (size_t)r) * rs + (size_t)(v * TB_L));
    }
#define TB_SM_RECT(k)                                                                              \
    {                                                                                              \
        TB_V x[TB_SV];                                                                             \
        TB_M z[TB_SV];                                                                             \
        _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)                                    \
        {                                                                                          \
            x[v] = TB_F(tb_ld_)(b + (k) * rs + (size_t)(v * TB_L));                                \
            z[v] = x[v] != 0;                                                                      \
        }                                                                                          \
        const TB_T *lk = l + i0 + (k) * ldl;                                                       \
        _Pragma("GCC unroll 8") for (int r = 0; r < R; r++)                                        \
            _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)                                \
            {                                                                                      \
                TB_V nv = c[r][v] - x[v] * lk[r];                                                  \
                c[r][v] = sel ? TB_F(tb_sel_)(z[v], nv, c[r][v]) : nv;                             \
            }                                                                                      \
    }
#define TB_SM_SOLVE(kk)                                                                            \
    size_t k = i0 + (size_t)(kk);                                                                  \
    TB_V x[TB_SV];                                                                                 \
    TB_M z[TB_SV];                                                                                 \
    _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)                                        \
    {                                                                                              \
        x[v] = c[kk][v];                                                                           \
        if (!unit)                                                                                 \
            x[v] = TB_F(tb_sel_)(x[v] != 0, x[v] / l[k + k * ldl], x[v]);                          \
        TB_F(tb_st_)(b + k * rs + (size_t)(v * TB_L), x[v]);                                       \
        z[v] = x[v] != 0;                                                                          \
        *zero |= ~z[v];                                                                            \
    }
#define TB_SM_TRI(r)                                                                               \
    {                                                                                              \
        TB_T lik = l[i0 + (size_t)(r) + k * ldl];                                                  \
        _Pragma("GCC unroll 8") for (int v = 0; v < TB_SV; v++)                                    \
            c[r][v] = TB_F(tb_sel_)(z[v], c[r][v] - x[v] * lik, c[r][v]);                          \
    }
    if (!up) {
        for (size_t k = 0; k < i0; k++)
            TB_SM_RECT(k)
        _Pragma("GCC unroll 8") for (int kk = 0; kk < R; kk++)
        {
            TB_SM_SOLVE(kk)
            _Pragma("GCC unroll 8") for (int r = kk + 1; r < R; r++) TB_SM_TRI(r)
        }
    } else {
        for (size_t q = i0 + (size_t)R; q < m; q++)
            TB_SM_RECT(m - 1 - q + i0 + (size_t)R)
        _Pragma("GCC unroll 8") for (int q = 0; q < R; q++) /* kk descending */
        {
            const int kk = R - 1 - q;
            TB_SM_SOLVE(kk)
            _Pragma("GCC unroll 8") for (int r = 0; r < kk; r++) TB_SM_TRI(r)
        }
    }
#undef TB_SM_RECT
#undef TB_SM_SOLVE
#undef TB_SM_TRI
}

/* The blocks in the order the rows are solved; each block's rectangle without selects while no
   solved value of the panel so far is zero. */
static inline __attribute__((always_inline)) TB_M
TB_F(tb_sm_rows_)(const TB_T *l, size_t ldl, size_t m, int unit, const int up, TB_T *b, size_t rs,
                  const TB_F(tb_pre_) *pre, const int pmode)
{
    TB_M zero = {0};
#define TB_SM_BLK(i0, R)                                                                           \
    do {                                                                                           \
        if (TB_F(tb_any_)(zero))                                                                   \
            TB_F(tb_sm_blk_)(l, ldl, m, unit, up, 1, b, rs, i0, R, &zero, pre, pmode);             \
        else                                                                                       \
            TB_F(tb_sm_blk_)(l, ldl, m, unit, up, 0, b, rs, i0, R, &zero, pre, pmode);             \
    } while (0)
    if (!up) {
        size_t i0 = 0;
        for (; i0 + NB_TRI_RS <= m; i0 += NB_TRI_RS)
            TB_SM_BLK(i0, NB_TRI_RS);
#define TB_SM_LO(r) TB_SM_BLK(i0, r)
        TB_REM(m - i0, NB_TRI_RS, TB_SM_LO)
#undef TB_SM_LO
    } else {
        size_t i1 = m;
        for (; i1 >= NB_TRI_RS; i1 -= NB_TRI_RS)
            TB_SM_BLK(i1 - NB_TRI_RS, NB_TRI_RS);
#define TB_SM_UP(r) TB_SM_BLK(0, r)
        TB_REM(i1, NB_TRI_RS, TB_SM_UP)
#undef TB_SM_UP
    }
#undef TB_SM_BLK
    return zero;
}


/* 0 < h < m: the triangle split at row h as the driver's recursion splits it (the rows solved
   first already scaled by alpha, the others not): the first half, then the second, whose blocks
   start with the GEMM of their rows on the solved ones (tb_pre_), all on the panel in registers
   and L1. */
static __attribute__((noinline)) TB_M TB_F(tb_sm_panel_)(const TB_T *l, size_t ldl, size_t m, int upper,
                                                         int unit, TB_T *b, size_t rs)
{
    if (upper)
        return TB_F(tb_sm_rows_)(l, ldl, m, unit, 1, b, rs, NULL, 0);
    return TB_F(tb_sm_rows_)(l, ldl, m, unit, 0, b, rs, NULL, 0);
}
/* The second half of a split triangle, one function per pmode and direction: in one function
   with the rest, GCC spilled in every loop on avx2 (dtrsm 32 x 2000 lost 10%). */
#define TB_SM_PRE_FN(name, up, pmode)                                                              \
    static __attribute__((noinline)) void TB_F(name)(const TB_T *l, size_t ldl, size_t m, int unit, \
                                                    TB_T *b, size_t rs, const TB_F(tb_pre_) *pre)  \
    {                                                                                              \
        TB_F(tb_sm_rows_)(l, ldl, m, unit, up, b, rs, pre, pmode);                                 \
    }
TB_SM_PRE_FN(tb_sm_pre_lo1_, 0, 1)
TB_SM_PRE_FN(tb_sm_pre_lo2_, 0, 2)
TB_SM_PRE_FN(tb_sm_pre_lo3_, 0, 3)
TB_SM_PRE_FN(tb_sm_pre_lo4_, 0, 4)
TB_SM_PRE_FN(tb_sm_pre_up1_, 1, 1)
TB_SM_PRE_FN(tb_sm_pre_up2_, 1, 2)
TB_SM_PRE_FN(tb_sm_pre_up3_, 1, 3)
TB_SM_PRE_FN(tb_sm_pre_up4_, 1, 4)
#undef TB_SM_PRE_FN

/* 0 < h < m: the triangle split at row h as the driver's recursion splits it (the rows solved
   first already scaled by alpha, the others not): the first half, then the second, whose blocks
   start with the GEMM of their rows on the solved ones (tb_pre_), all on the panel in registers
   and L1. */
static void TB_F(tb_sm_panel_split_)(const TB_T *l, size_t ldl, size_t m, int upper, int unit,
                                     TB_T alpha, size_t h, TB_T *b, size_t rs)
{
    TB_F(tb_pre_) pre = {.la = l, .xa = b, .k0 = h, .k1 = m, .alpha = alpha};
    size_t i0 = 0, mm = h, f0 = h, fm = m - h; /* the second half (rows i0.., mm) and the first */
    if (!upper)
        pre.la = l + h, pre.k0 = 0, pre.k1 = h, i0 = h, mm = m - h, f0 = 0, fm = h;
    TB_M z = TB_F(tb_sm_panel_)(l + f0 + f0 * ldl, ldl, fm, upper, unit, b + f0 * rs, rs);
    int pmode = (alpha == 1 ? 1 : 2) + (TB_F(tb_any_)(z) ? 2 : 0);
    const TB_T *ls = l + i0 + i0 * ldl;
    TB_T *bs = b + i0 * rs;
    switch (pmode + (upper ? 4 : 0)) {
    case 1: TB_F(tb_sm_pre_lo1_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 2: TB_F(tb_sm_pre_lo2_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 3: TB_F(tb_sm_pre_lo3_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 4: TB_F(tb_sm_pre_lo4_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 5: TB_F(tb_sm_pre_up1_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 6: TB_F(tb_sm_pre_up2_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    case 7: TB_F(tb_sm_pre_up3_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    default: TB_F(tb_sm_pre_up4_)(ls, ldl, mm, unit, bs, rs, &pre); break;
    }
}

/* v[0 .. L-1] (L x L, one row per vector) transposed in place: log2(L) butterfly stages; the
   stage of block size bs pairs v[i] with v[i + bs] and takes alternate bs-lane blocks of each
   (bs = 1: unpack lo/hi; on avx2 double the 4 x 4 is 4 unpacks and 4 128-bit lane swaps). */
#define TB_LO_(i, bs) ((i) % (2 * (bs)) < (bs) ? (i) / (2 * (bs)) * 2 * (bs) + (i) % (2 * (bs))            \
                                             : TB_L + (i) / (2 * (bs)) * 2 * (bs) + (i) % (2 * (bs)) - (bs))
#define TB_HI_(i, bs) (TB_LO_(i, bs) + (bs))
#if TB_L == 2
#define TB_IDX(f, bs) {f(0, bs), f(1, bs)}
#elif TB_L == 4
#define TB_IDX(f, bs) {f(0, bs), f(1, bs), f(2, bs), f(3, bs)}
#elif TB_L == 8
#define TB_IDX(f, bs) {f(0, bs), f(1, bs), f(2, bs), f(3, bs), f(4, bs), f(5, bs), f(6, bs), f(7, bs)}
#elif TB_L == 16
#define TB_IDX(f, bs)                                                                              \
    {f(0, bs), f(1, bs), f(2, bs), f(3, bs), f(4, bs), f(5, bs), f(6, bs), f(7, bs), f(8, bs),     \
     f(9, bs), f(10, bs), f(11, bs), f(12, bs), f(13, bs), f(14, bs), f(15, bs)}
#endif
#define TB_STAGE(bs)                                                                               \
    if ((bs) < TB_L) {                                                                             \
        const TB_M lo = TB_IDX(TB_LO_, bs), hi = TB_IDX(TB_HI_, bs);                               \
        _Pragma("GCC unroll 16") for (int i = 0; i < TB_L; i++) if (i % (2 * (bs)) < (bs))         \
        {                                                                                          \
            TB_V x = v[i], y = v[i + (bs)];                                                        \
            v[i] = __builtin_shuffle(x, y, lo);                                                    \
            v[i + (bs)] = __builtin_shuffle(x, y, hi);                                             \
        }                                                                                          \
    }
static inline __attribute__((always_inline)) void TB_F(tb_transpose_)(TB_V *v)
{
    TB_STAGE(1)
    TB_STAGE(2)
    TB_STAGE(4)
    TB_STAGE(8)
}
#undef TB_STAGE
#undef TB_IDX
#undef TB_LO_
#undef TB_HI_

/* A panel of contiguous columns (b(i, j) at b[i + j*cs]) into rows of pad (TB_W apart), and
   back: L x L blocks through registers, the m % L rows left over element by element. */
static inline void TB_F(tb_tr_in_)(const TB_T *b, size_t cs, size_t m, TB_T *pad, const int W)
{
    size_t i0 = 0;
    for (; i0 + TB_L <= m; i0 += TB_L)
        for (int g = 0; g < W; g += TB_L) {
            TB_V v[TB_L];
            _Pragma("GCC unroll 16") for (int q = 0; q < TB_L; q++) v[q] =
                TB_F(tb_ld_)(b + i0 + (size_t)(g + q) * cs);
            TB_F(tb_transpose_)(v);
            _Pragma("GCC unroll 16") for (int r = 0; r < TB_L; r++)
                TB_F(tb_st_)(pad + (i0 + (size_t)r) * (size_t)W + g, v[r]);
        }
    for (; i0 < m; i0++)
        for (size_t q = 0; q < (size_t)W; q++)
            pad[i0 * (size_t)W + q] = b[i0 + q * cs];
}
static inline void TB_F(tb_tr_out_)(const TB_T *pad, size_t m, TB_T *b, size_t cs, const int W)
{
    size_t i0 = 0;
    for (; i0 + TB_L <= m; i0 += TB_L)
        for (int g = 0; g < W; g += TB_L) {
            TB_V v[TB_L];
            _Pragma("GCC unroll 16") for (int r = 0; r < TB_L; r++) v[r] =
                TB_F(tb_ld_)(pad + (i0 + (size_t)r) * (size_t)W + g);
            TB_F(tb_transpose_)(v);
            _Pragma("GCC unroll 16") for (int q = 0; q < TB_L; q++)
                TB_F(tb_st_)(b + i0 + (size_t)(g + q) * cs, v[q]);
        }
    for (; i0 < m; i0++)
        for (size_t q = 0; q < (size_t)W; q++)
            b[i0 + q * cs] = pad[i0 * (size_t)W + q];
}

/* Panels of TB_W columns: with contiguous rows (cs == 1) in place, with contiguous columns
   (rs == 1) transposed into a local copy and back; any other strides, and the last partial
   panel, element by element into the copy, padded with ones (no zero to skip), so that every
   column gets the same operations wherever it falls. */
#define TB_PANELS(W, panel_call)                                                                    \
    do {                                                                                           \
        size_t j = 0;                                                                              \
        TB_T pad[NB_TRI_MAXM * TB_WS] __attribute__((aligned(64)));                                 \
        if (cs == 1) {                                                                             \
            for (; j + (W) <= n; j += (W)) {                                                     \
                TB_T *bp = b + j;                                                                  \
                size_t prs = rs;                                                                   \
                panel_call;                                                                        \
            }                                                                                      \
        } else if (rs == 1) {                                                                      \
            for (; j + (W) <= n; j += (W)) {                                                     \
                TB_F(tb_tr_in_)(b + j * cs, cs, m, pad, W);                                        \
                TB_T *bp = pad;                                                                    \
                size_t prs = (W);                                                                 \
                panel_call;                                                                        \
                TB_F(tb_tr_out_)(pad, m, b + j * cs, cs, W);                                          \
            }                                                                                      \
        }                                                                                          \
        for (; j < n; j += (W)) {                                                                 \
            size_t w = n - j < (size_t)(W) ? n - j : (size_t)(W);                                \
            for (size_t i = 0; i < m; i++)                                                         \
                for (size_t q = 0; q < (size_t)(W); q++)                                          \
                    pad[i * (W) + q] = q < w ? b[i * rs + (j + q) * cs] : 1;                      \
            TB_T *bp = pad;                                                                        \
            size_t prs = (W);                                                                     \
            panel_call;                                                                            \
            for (size_t i = 0; i < m; i++)                                                         \
                for (size_t q = 0; q < w; q++)                                                     \
                    b[i * rs + (j + q) * cs] = pad[i * (W) + q];                                  \
        }                                                                                          \
    } while (0)

static inline void TB_F(nb_tri_trsm_)(const TB_T *l, size_t ldl, size_t m, int upper, int unit,
                                      TB_T alpha, size_t h, TB_T *b, size_t rs, size_t cs, size_t n)
{
    if (m > NB_TRI_MAXM) { /* (then cs == 1 and h == 0) */
        TB_F(tb_plain_sm_)(l, ldl, m, upper, unit, b, rs, n);
        return;
    }
    if (h == 0 || h >= m)
        TB_PANELS(TB_WS, TB_F(tb_sm_panel_)(l, ldl, m, upper, unit, bp, prs));
    else
        TB_PANELS(TB_WS, TB_F(tb_sm_panel_split_)(l, ldl, m, upper, unit, alpha, h, bp, prs));
}

static inline void TB_F(nb_tri_trmm_)(const TB_T *l, size_t ldl, size_t m, int upper, int unit, TB_T alpha,
                                      TB_T *b, size_t rs, size_t cs, size_t n)
{
    if (m > NB_TRI_MAXM) { /* (then cs == 1) */
        TB_F(tb_plain_mm_)(l, ldl, m, upper, unit, alpha, b, rs, n);
        return;
    }
    TB_PANELS(TB_W, TB_F(tb_mm_panel_)(l, ldl, m, upper, unit, alpha, bp, prs));
}
#undef TB_PANELS
#undef TB_F
#undef TB_V
#undef TB_M
#undef TB_L
#undef TB_W
#undef TB_SV
#undef TB_WS
#endif /* TB_T */
