/* Level 2 general and triangular kernels: complex gemv / ger, the per-column axpy and dot loops
   of the band and packed forms (real and complex), and the bf16 gemv / dot, in the table a kernel
   set fills for the ISA-agnostic drivers under blas/. Every set fills it with NB_L2GEN_ENTRY(sfx),
   the plain-C loops of kernels/generic/l2gen_loops.h compiled with the set's flags
   (kernels/<isa>/l2gen_<isa>.c).

   Contracts (A column-major, element (i, j) at a[i + j*lda]; all vectors contiguous):
     {c,z}gemv_n: y[0..m) += alpha * A x
     {c,z}gemv_t: y[0..n) += alpha * op(A)**T x, op = conj when conj != 0; each y[j] is one dot
                  over the column, so a column range gives the same y[j] whatever the split
     {c,z}ger:    A += alpha * x op(y)**T, columns with y[j] == 0 untouched (the reference);
                  c takes alpha by address
     {s,d,c,z}axpy: y[0..n) += t * x (no test of t: the caller decides the reference's skips);
                  c takes t by address (NB_KARG, kernels/scalar_pass.h)
     {s,d,c,z}dot:  acc + sum op(x[i]) * y[i] (op = conj when conj != 0)
     {s,d,c,z}axpyb4: four band columns at once, column c (c = 0..3) at a + c*s holding rows
                  [c, c + len) of y: y[i] += t[c] * a[c*s + i] over those rows (len >= 3), each
                  y[i] updated column after column exactly as by four axpy calls (same values)
     {s,d,c,z}axpy4: y[0..len) += t[c] * a[c][i], c = 0..3, four columns at their own addresses,
                  each y[i] updated column after column as by four axpy calls (same values)
     {s,d}trn_cols: rows held in acc[0 .. nv*VL) (nv = 1..8, VL = trn_vl() lanes), ncols
                  columns: column c's segment at a + off_c (off_0 = 0, off_{c+1} = off_c + step_c,
                  step_{c+1} = step_c + dstep), x(c) at x[c*xinc]; where x(c) != 0, acc[r] +=
                  x(c) * segment[r] for every r, column after column
     {s,d}trn_tri: nv = 1..4 vectors of rows (acc as above), each its own triangle: vector k's
                  VL - 1 columns from a[k] with steps from step[k] as above, x(c) at
                  x[k*VL + c*xinc], column c updating lanes 0..c (upper != 0) or VL-1-c .. VL-1
                  (lower) where x(c) != 0; VL elements are read at every segment, so the caller
                  keeps them inside its array (trmv.tmpl.c: they are, for full and packed
                  storage)
     sbgemv_n / sbgemv_t: y += alpha * op(A) x with A and x bf16 (uint16_t), y fp32,
                  A(i, j) at a[i + j*lda]
     sbdot: the fp32 dot of two bf16 vectors
     {s,d}tbsv_win (optional, NULL where a set has none): tbsv 'N' (upper != 0: upper) on a
                  band of 1 <= k <= W off-diagonals (W = 64 s, 32 d), ncols columns in the
                  solve's direction from column j, whose band column is at acol (band storage)
                  and whose x(j) is at x; columns lda apart; rows j - ncols - W .. j (upper) or
                  j .. j + ncols + W (lower) of x exist. The reference's operations and skips,
                  x(i) - x(j) A(i, j) as one FMA
     {s,d}tbmv_win (optional, as tbsv_win): tbmv 'N' over a copy: xc += the columns' products
                  with xo, column by column in the reference's order from column j (acol, xo(j)
                  at xo, xc(j) at xc), the diagonal where the reference applies it, zero xo(j)
                  skipped; rows j - W .. j + ncols (upper) or j - ncols .. j + W (lower) of xc
                  lie in the caller's range, and the earlier columns are already added */
#ifndef NB_L2GEN_KERNELS_H
#define NB_L2GEN_KERNELS_H

#include <stddef.h>

#include "kernels/scalar_pass.h" /* NB_KARG: how c and z scalars reach a kernel */

#define NB_L2GEN_TYPES(T, p)                                                                       \
    typedef void (*nb_##p##gemv_n_fn)(size_t m, size_t n, NB_KARG_##p(T) alpha, const T *a,     \
                                      size_t lda, const T *x, T *y);                              \
    typedef void (*nb_##p##gemv_t_fn)(size_t m, size_t n, NB_KARG_##p(T) alpha, const T *a,     \
                                      size_t lda, const T *x, T *y, int conj);                    \
    typedef void (*nb_##p##ger_fn)(size_t m, size_t n, NB_KARG_##p(T) ta, const T *x, const T *y,  \
                                   T *a, size_t lda, int conj);                                   \
    typedef void (*nb_##p##axpy_fn)(size_t n, NB_KARG_##p(T) t, const T *x, T *y);               \
    typedef T (*nb_##p##dot_fn)(size_t n, T acc, const T *x, const T *y, int conj);                \
    typedef void (*nb_##p##axpyb4_fn)(size_t len, const T *t, const T *a, size_t s, T *y);     \
    typedef void (*nb_##p##axpy4_fn)(size_t len, const T *t, const T *const *a, T *y);
#define NB_L2GEN_TRN_TYPES(T, p)                                                                   \
    typedef void (*nb_##p##trn_cols_fn)(size_t nv, size_t ncols, T *acc, const T *a,              \
                                        ptrdiff_t step, ptrdiff_t dstep, const T *x,               \
                                        ptrdiff_t xinc);                                           \
    typedef void (*nb_##p##trn_tri_fn)(int nv, int upper, T *acc, const T *const *a,              \
                                       const ptrdiff_t *step, ptrdiff_t dstep, const T *x,         \
                                       ptrdiff_t xinc);
NB_L2GEN_TRN_TYPES(float, s)
NB_L2GEN_TRN_TYPES(double, d)
NB_L2GEN_TYPES(float, s)
NB_L2GEN_TYPES(double, d)
NB_L2GEN_TYPES(float _Complex, c)
NB_L2GEN_TYPES(double _Complex, z)

typedef struct {
    nb_cgemv_n_fn cgemv_n;
    nb_cgemv_t_fn cgemv_t;
    nb_cger_fn cger;
    nb_zgemv_n_fn zgemv_n;
    nb_zgemv_t_fn zgemv_t;
    nb_zger_fn zger;
    nb_saxpy_fn saxpy;
    nb_daxpy_fn daxpy;
    nb_caxpy_fn caxpy;
    nb_zaxpy_fn zaxpy;
    nb_sdot_fn sdot;
    nb_ddot_fn ddot;
    nb_cdot_fn cdot;
    nb_zdot_fn zdot;
    nb_saxpyb4_fn saxpyb4;
    nb_daxpyb4_fn daxpyb4;
    nb_caxpyb4_fn caxpyb4;
    nb_zaxpyb4_fn zaxpyb4;
    nb_saxpy4_fn saxpy4;
    nb_daxpy4_fn daxpy4;
    nb_caxpy4_fn caxpy4;
    nb_zaxpy4_fn zaxpy4;
    nb_strn_cols_fn strn_cols;
    nb_dtrn_cols_fn dtrn_cols;
    nb_strn_tri_fn strn_tri;
    nb_dtrn_tri_fn dtrn_tri;
    int (*strn_vl)(void);
    int (*dtrn_vl)(void);
    void (*sbgemv_n)(size_t m, size_t n, float alpha, const unsigned short *a, size_t lda,
                     const unsigned short *x, float *y);
    void (*sbgemv_t)(size_t m, size_t n, float alpha, const unsigned short *a, size_t lda,
                     const unsigned short *x, float *y);
    float (*sbdot)(size_t n, const unsigned short *x, const unsigned short *y);
    void (*stbsv_win)(int upper, int nounit, size_t k, size_t ncols, const float *acol,
                      ptrdiff_t lda, float *x);
    void (*dtbsv_win)(int upper, int nounit, size_t k, size_t ncols, const double *acol,
                      ptrdiff_t lda, double *x);
    void (*stbmv_win)(int upper, int nounit, size_t k, size_t ncols, const float *acol,
                      ptrdiff_t lda, const float *xo, float *xc);
    void (*dtbmv_win)(int upper, int nounit, size_t k, size_t ncols, const double *acol,
                      ptrdiff_t lda, const double *xo, double *xc);
} nb_l2gen_kernels;

/* The sets with {s,d}tbsv_win kernels name them here; the others leave the entries NULL. */
void nb_stbsv_win_avx512(int, int, size_t, size_t, const float *, ptrdiff_t, float *);
void nb_dtbsv_win_avx512(int, int, size_t, size_t, const double *, ptrdiff_t, double *);
void nb_stbmv_win_avx512(int, int, size_t, size_t, const float *, ptrdiff_t, const float *,
                         float *);
void nb_dtbmv_win_avx512(int, int, size_t, size_t, const double *, ptrdiff_t, const double *,
                         double *);
void nb_stbsv_win_avx2(int, int, size_t, size_t, const float *, ptrdiff_t, float *);
void nb_dtbsv_win_avx2(int, int, size_t, size_t, const double *, ptrdiff_t, double *);
void nb_stbmv_win_avx2(int, int, size_t, size_t, const float *, ptrdiff_t, const float *,
                       float *);
void nb_dtbmv_win_avx2(int, int, size_t, size_t, const double *, ptrdiff_t, const double *,
                       double *);
#define NB_L2GEN_TBSVW_avx512(p, op) nb_##p##op##_win_avx512
#define NB_L2GEN_TBSVW_avx2(p, op) nb_##p##op##_win_avx2
#define NB_L2GEN_TBSVW_generic(p, op) NULL
#define NB_L2GEN_TBSVW_neon(p, op) NULL
#define NB_L2GEN_TBSVW_sve(p, op) NULL

/* The prototypes of one set's loops (declared for every set: a set not built is never named). */
#define NB_L2GEN_PROTO(T, p, sfx)                                                                  \
    void nb_##p##gemv_n_l2_##sfx(size_t, size_t, NB_KARG_##p(T), const T *, size_t, const T *,  \
                                 T *);                                                             \
    void nb_##p##gemv_t_l2_##sfx(size_t, size_t, NB_KARG_##p(T), const T *, size_t, const T *,  \
                                 T *, int);                                                        \
    void nb_##p##ger_l2_##sfx(size_t, size_t, NB_KARG_##p(T), const T *, const T *, T *, size_t,   \
                              int);                                                                \
    void nb_##p##axpy_l2_##sfx(size_t, NB_KARG_##p(T), const T *, T *);                         \
    T nb_##p##dot_l2_##sfx(size_t, T, const T *, const T *, int);                                  \
    void nb_##p##axpyb4_l2_##sfx(size_t, const T *, const T *, size_t, T *);                     \
    void nb_##p##axpy4_l2_##sfx(size_t, const T *, const T *const *, T *);
#define NB_L2GEN_TRN_PROTO(T, p, sfx)                                                              \
    void nb_##p##trn_cols_l2_##sfx(size_t, size_t, T *, const T *, ptrdiff_t, ptrdiff_t,           \
                                   const T *, ptrdiff_t);                                          \
    void nb_##p##trn_tri_l2_##sfx(int, int, T *, const T *const *, const ptrdiff_t *, ptrdiff_t,   \
                                  const T *, ptrdiff_t);                                           \
    int nb_##p##trn_vl_l2_##sfx(void);
#define NB_L2GEN_DECLARE(sfx)                                                                      \
    NB_L2GEN_PROTO(float, s, sfx)                                                                  \
    NB_L2GEN_PROTO(double, d, sfx)                                                                 \
    NB_L2GEN_PROTO(float _Complex, c, sfx)                                                         \
    NB_L2GEN_PROTO(double _Complex, z, sfx)                                                        \
    NB_L2GEN_TRN_PROTO(float, s, sfx)                                                              \
    NB_L2GEN_TRN_PROTO(double, d, sfx)                                                             \
    void nb_sbgemv_n_##sfx(size_t, size_t, float, const unsigned short *, size_t,                  \
                           const unsigned short *, float *);                                       \
    void nb_sbgemv_t_##sfx(size_t, size_t, float, const unsigned short *, size_t,                  \
                           const unsigned short *, float *);                                       \
    float nb_sbdot_##sfx(size_t, const unsigned short *, const unsigned short *);
NB_L2GEN_DECLARE(avx2)
NB_L2GEN_DECLARE(avx512)
NB_L2GEN_DECLARE(neon)
NB_L2GEN_DECLARE(sve)
NB_L2GEN_DECLARE(generic)

#define NB_L2GEN_ENTRY(sfx)                                                                        \
    {                                                                                              \
        .cgemv_n = nb_cgemv_n_l2_##sfx, .cgemv_t = nb_cgemv_t_l2_##sfx, .cger = nb_cger_l2_##sfx,  \
        .zgemv_n = nb_zgemv_n_l2_##sfx, .zgemv_t = nb_zgemv_t_l2_##sfx, .zger = nb_zger_l2_##sfx,  \
        .saxpy = nb_saxpy_l2_##sfx, .daxpy = nb_daxpy_l2_##sfx, .caxpy = nb_caxpy_l2_##sfx,        \
        .zaxpy = nb_zaxpy_l2_##sfx, .sdot = nb_sdot_l2_##sfx, .ddot = nb_ddot_l2_##sfx,            \
        .cdot = nb_cdot_l2_##sfx, .zdot = nb_zdot_l2_##sfx, .saxpyb4 = nb_saxpyb4_l2_##sfx,        \
        .daxpyb4 = nb_daxpyb4_l2_##sfx, .caxpyb4 = nb_caxpyb4_l2_##sfx,                            \
        .zaxpyb4 = nb_zaxpyb4_l2_##sfx, .saxpy4 = nb_saxpy4_l2_##sfx,                              \
        .daxpy4 = nb_daxpy4_l2_##sfx, .caxpy4 = nb_caxpy4_l2_##sfx, .zaxpy4 = nb_zaxpy4_l2_##sfx,  \
        .strn_cols = nb_strn_cols_l2_##sfx,                        \
        .dtrn_cols = nb_dtrn_cols_l2_##sfx, .strn_tri = nb_strn_tri_l2_##sfx,                      \
        .dtrn_tri = nb_dtrn_tri_l2_##sfx, .strn_vl = nb_strn_vl_l2_##sfx,                          \
        .dtrn_vl = nb_dtrn_vl_l2_##sfx, .sbgemv_n = nb_sbgemv_n_##sfx,                             \
        .sbgemv_t = nb_sbgemv_t_##sfx, .sbdot = nb_sbdot_##sfx,                                    \
        .stbsv_win = NB_L2GEN_TBSVW_##sfx(s, tbsv), .dtbsv_win = NB_L2GEN_TBSVW_##sfx(d, tbsv),    \
        .stbmv_win = NB_L2GEN_TBSVW_##sfx(s, tbmv), .dtbmv_win = NB_L2GEN_TBSVW_##sfx(d, tbmv),    \
    }

#endif
