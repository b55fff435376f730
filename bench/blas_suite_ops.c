/* blas_suite_ops.c: the routine table of blas_suite (every Level 1, 2 and 3 family, s/d/c/z where
   the BLAS has them), each routine's footprint, bytes and flops model, and one call of each
   through the CBLAS interface. CBLAS only: MKL's PyPI build has the Intel Fortran ABI alone, so
   its Fortran complex-returning functions (zdotc_) cannot be called portably; cblas_zdotc_sub
   can. Every call is column-major, upper triangle, no transpose unless the family says so.

   The scalars keep chained calls bounded, because a sample repeats a call on its own output for
   thousands of iterations (values that grow to Inf or shrink to subnormals would time the CPU's
   slow paths, not the library): axpy/ger/syr use alpha = 1e-9, scal multiplies by -1 (complex: by
   i, a full complex product of modulus 1), rot by a rotation, the matrix-vector products use beta
   = 0.5 on matrices whose entries are 1e-3 in size (the worker fills them so), and the
   triangular routines get a unit-size diagonal (suite_set_diag) and are restored between
   batches (the `drift` flag). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "blas_suite.h"

enum { COL = 102, NOTR = 111, TR = 112, UP = 121, NONUNIT = 131, LEFT = 141 };
enum { K = SUITE_BAND };

/* Family ids (suite_families[] order). */
enum {
    F_DOT, F_AXPY, F_SCAL, F_ASUM, F_NRM2, F_IAMAX, F_ROT, F_SWAP, F_COPY,
    F_GEMV_N, F_GEMV_T, F_GER, F_SYMV, F_TRMV, F_TRSV, F_SYR, F_SYR2, F_GBMV, F_SBMV, F_TBMV,
    F_TBSV, F_SPMV, F_TPMV, F_TPSV, F_SPR, F_SPR2,
    F_GEMM, F_SYMM, F_HEMM, F_SYRK, F_HERK, F_SYR2K, F_HER2K, F_TRMM, F_TRSM, F_N
};
const char *const suite_families[] = {
    "dot", "axpy", "scal", "asum", "nrm2", "iamax", "rot", "swap", "copy",
    "gemv_N", "gemv_T", "ger", "symv/hemv", "trmv", "trsv", "syr/her", "syr2/her2", "gbmv",
    "sbmv/hbmv", "tbmv", "tbsv", "spmv/hpmv", "tpmv", "tpsv", "spr/hpr", "spr2/hpr2",
    "gemm", "symm", "hemm", "syrk", "herk", "syr2k", "her2k", "trmm", "trsm"};
const int suite_nfamilies = F_N;

/* One entry per type; NULL symbol: the type has no such routine in the BLAS. */
#define FAM4(id, lvl, sh, v, m, fl, dr, dg, S, D, C, Z)                                            \
    {suite_families[id], 's', lvl, S, sh, v, m, fl, dr, dg, id},                                   \
    {suite_families[id], 'd', lvl, D, sh, v, m, fl, dr, dg, id},                                   \
    {suite_families[id], 'c', lvl, C, sh, v, m, fl, dr, dg, id},                                   \
    {suite_families[id], 'z', lvl, Z, sh, v, m, fl, dr, dg, id}
#define L1(id, sh, v, S, D, C, Z) FAM4(id, 1, sh, v, 0, 0, 0, 0, S, D, C, Z)
#define L2(id, sh, v, m, dr, S, D, C, Z) FAM4(id, 2, sh, v, m, 0, dr, dr, S, D, C, Z)
/* Level 3: d and z; `v` is the number of n x n matrices the call touches */
#define L3(id, v, fl, dr, D, Z)                                                                    \
    {suite_families[id], 'd', 3, D, SH_L3, v, 1, fl, dr, dr, id},                                  \
    {suite_families[id], 'z', 3, Z, SH_L3, v, 1, fl, dr, dr, id}

const struct suite_op suite_ops[] = {
    L1(F_DOT, SH_V2, 2, "cblas_sdot", "cblas_ddot", "cblas_cdotc_sub", "cblas_zdotc_sub"),
    L1(F_AXPY, SH_V2, 3, "cblas_saxpy", "cblas_daxpy", "cblas_caxpy", "cblas_zaxpy"),
    L1(F_SCAL, SH_V1, 2, "cblas_sscal", "cblas_dscal", "cblas_cscal", "cblas_zscal"),
    L1(F_ASUM, SH_V1, 1, "cblas_sasum", "cblas_dasum", "cblas_scasum", "cblas_dzasum"),
    L1(F_NRM2, SH_V1, 1, "cblas_snrm2", "cblas_dnrm2", "cblas_scnrm2", "cblas_dznrm2"),
    L1(F_IAMAX, SH_V1, 1, "cblas_isamax", "cblas_idamax", "cblas_icamax", "cblas_izamax"),
    L1(F_ROT, SH_V2, 4, "cblas_srot", "cblas_drot", "cblas_csrot", "cblas_zdrot"),
    L1(F_SWAP, SH_V2, 4, "cblas_sswap", "cblas_dswap", "cblas_cswap", "cblas_zswap"),
    L1(F_COPY, SH_V2, 2, "cblas_scopy", "cblas_dcopy", "cblas_ccopy", "cblas_zcopy"),
    L2(F_GEMV_N, SH_GE, 3, 1, 0, "cblas_sgemv", "cblas_dgemv", "cblas_cgemv", "cblas_zgemv"),
    L2(F_GEMV_T, SH_GE, 3, 1, 0, "cblas_sgemv", "cblas_dgemv", "cblas_cgemv", "cblas_zgemv"),
    L2(F_GER, SH_GE, 2, 2, 0, "cblas_sger", "cblas_dger", "cblas_cgeru", "cblas_zgeru"),
    L2(F_SYMV, SH_TRI, 3, 1, 0, "cblas_ssymv", "cblas_dsymv", "cblas_chemv", "cblas_zhemv"),
    L2(F_TRMV, SH_TRI, 2, 1, 1, "cblas_strmv", "cblas_dtrmv", "cblas_ctrmv", "cblas_ztrmv"),
    L2(F_TRSV, SH_TRI, 2, 1, 1, "cblas_strsv", "cblas_dtrsv", "cblas_ctrsv", "cblas_ztrsv"),
    L2(F_SYR, SH_TRI, 1, 2, 0, "cblas_ssyr", "cblas_dsyr", "cblas_cher", "cblas_zher"),
    L2(F_SYR2, SH_TRI, 2, 2, 0, "cblas_ssyr2", "cblas_dsyr2", "cblas_cher2", "cblas_zher2"),
    L2(F_GBMV, SH_GB, 3, 1, 0, "cblas_sgbmv", "cblas_dgbmv", "cblas_cgbmv", "cblas_zgbmv"),
    L2(F_SBMV, SH_SB, 3, 1, 0, "cblas_ssbmv", "cblas_dsbmv", "cblas_chbmv", "cblas_zhbmv"),
    L2(F_TBMV, SH_SB, 2, 1, 1, "cblas_stbmv", "cblas_dtbmv", "cblas_ctbmv", "cblas_ztbmv"),
    L2(F_TBSV, SH_SB, 2, 1, 1, "cblas_stbsv", "cblas_dtbsv", "cblas_ctbsv", "cblas_ztbsv"),
    L2(F_SPMV, SH_PACK, 3, 1, 0, "cblas_sspmv", "cblas_dspmv", "cblas_chpmv", "cblas_zhpmv"),
    L2(F_TPMV, SH_PACK, 2, 1, 1, "cblas_stpmv", "cblas_dtpmv", "cblas_ctpmv", "cblas_ztpmv"),
    L2(F_TPSV, SH_PACK, 2, 1, 1, "cblas_stpsv", "cblas_dtpsv", "cblas_ctpsv", "cblas_ztpsv"),
    L2(F_SPR, SH_PACK, 1, 2, 0, "cblas_sspr", "cblas_dspr", "cblas_chpr", "cblas_zhpr"),
    L2(F_SPR2, SH_PACK, 2, 2, 0, "cblas_sspr2", "cblas_dspr2", "cblas_chpr2", "cblas_zhpr2"),
    L3(F_GEMM, 3, 2, 0, "cblas_dgemm", "cblas_zgemm"),
    L3(F_SYMM, 3, 2, 0, "cblas_dsymm", "cblas_zsymm"),
    L3(F_HEMM, 3, 2, 0, NULL, "cblas_zhemm"),
    L3(F_SYRK, 2, 1, 0, "cblas_dsyrk", "cblas_zsyrk"),
    L3(F_HERK, 2, 1, 0, NULL, "cblas_zherk"),
    L3(F_SYR2K, 3, 2, 0, "cblas_dsyr2k", "cblas_zsyr2k"),
    L3(F_HER2K, 3, 2, 0, NULL, "cblas_zher2k"),
    L3(F_TRMM, 2, 1, 1, "cblas_dtrmm", "cblas_ztrmm"),
    L3(F_TRSM, 2, 1, 1, "cblas_dtrsm", "cblas_ztrsm"),
};
const int suite_nops = (int)(sizeof suite_ops / sizeof suite_ops[0]);

size_t suite_esize(char t)
{
    return t == 's' ? 4 : t == 'd' || t == 'c' ? 8 : 16;
}

static int is_complex(char t)
{
    return t == 'c' || t == 'z';
}

/* Elements of the matrix operand the routine reads (or updates). */
static double mat_elems(const struct suite_op *op, double n)
{
    switch (op->shape) {
    case SH_GE: case SH_L3: return n * n;
    case SH_TRI: case SH_PACK: return n * (n + 1) / 2;
    case SH_GB: return (2.0 * K + 1) * n;
    case SH_SB: return (K + 1.0) * n;
    default: return 0;
    }
}

double suite_footprint(const struct suite_op *op, long n)
{
    double e = (double)suite_esize(op->type), dn = (double)n;
    switch (op->shape) {
    case SH_V1: return dn * e;
    case SH_V2: return 2 * dn * e;
    case SH_L3: return op->vecs * dn * dn * e;
    default: return (mat_elems(op, dn) + 2 * dn) * e;
    }
}

double suite_bytes(const struct suite_op *op, long n)
{
    double e = (double)suite_esize(op->type), dn = (double)n;
    return (op->mat_rw * mat_elems(op, dn) + op->vecs * dn) * e;
}

double suite_flops(const struct suite_op *op, long n)
{
    double dn = (double)n;
    return op->level == 3 ? op->flop_coef * dn * dn * dn * (is_complex(op->type) ? 4 : 1) : 0;
}

long suite_size_for(const struct suite_op *op, double bytes)
{
    long lo = 8, hi = 16;
    while (suite_footprint(op, hi) <= bytes && hi < (1L << 40))
        hi *= 2;
    while (hi - lo > 1) { /* the footprint grows with n: bisection */
        long mid = lo + (hi - lo) / 2;
        if (suite_footprint(op, mid) <= bytes)
            lo = mid;
        else
            hi = mid;
    }
    lo &= ~7L;
    return lo < 8 ? 8 : lo;
}

struct suite_need suite_need_for(const struct suite_op *op, long n)
{
    size_t e = suite_esize(op->type), un = (size_t)n;
    struct suite_need w = {0, 0, 0, un * e, un * e};
    switch (op->shape) {
    case SH_GE: case SH_TRI: w.a = un * un * e; break;
    case SH_PACK: w.a = un * (un + 1) / 2 * e; break;
    case SH_GB: w.a = (2 * (size_t)K + 1) * un * e; break;
    case SH_SB: w.a = ((size_t)K + 1) * un * e; break;
    case SH_L3: w.a = w.b = w.c = un * un * e; break;
    default: break;
    }
    return w;
}

/* Sets element idx of a (type t) to 1. */
static void set_one(void *a, size_t idx, char t)
{
    switch (t) {
    case 's': ((float *)a)[idx] = 1; break;
    case 'd': ((double *)a)[idx] = 1; break;
    case 'c': ((float *)a)[2 * idx] = 1, ((float *)a)[2 * idx + 1] = 0; break;
    default: ((double *)a)[2 * idx] = 1, ((double *)a)[2 * idx + 1] = 0; break;
    }
}

void suite_set_diag(const struct suite_op *op, long n, const struct suite_bufs *b)
{
    for (size_t i = 0; i < (size_t)n; i++)
        switch (op->shape) {
        case SH_PACK: set_one(b->a, i + i * (i + 1) / 2, op->type); break; /* upper, packed */
        case SH_SB: set_one(b->a, K + i * (K + 1), op->type); break;      /* row K of the band */
        default: set_one(b->a, i + i * (size_t)n, op->type); break;       /* full, lda = n */
        }
}

static const float S1 = 1, SH = 0.5f, ST = 1e-9f;
static const double D1 = 1, DH = 0.5, DT = 1e-9;
static const float C1[2] = {1, 0}, CH[2] = {0.5f, 0}, CT[2] = {1e-9f, 0}, CI[2] = {0, 1};
static const double Z1[2] = {1, 0}, ZH[2] = {0.5, 0}, ZT[2] = {1e-9, 0}, ZI[2] = {0, 1};
/* the complex scalar of the call's precision */
#define CS(name) (t == 'c' ? (const void *)C##name : (const void *)Z##name)
/* fn as a pointer to a function of the given signature (dlsym's object pointer to a function
   pointer: what POSIX guarantees works) */
#define F(ret, ...) ((ret(*)(__VA_ARGS__))fn)
typedef int I;
typedef void *P;
typedef const void *CP;
static volatile double sink; /* results of the reductions, so that no call looks unused */

void suite_call(const struct suite_op *op, void *fn, long nl, const struct suite_bufs *b)
{
    const char t = op->type;
    const int n = (int)nl, single = t == 's' || t == 'c', real = !is_complex(t);
    void *a = b->a, *x = b->x, *y = b->y, *bb = b->b, *c = b->c;
    double res[2];
    switch (op->fam_id) {
    case F_DOT:
        if (t == 's') sink = F(float, I, CP, I, CP, I)(n, x, 1, y, 1);
        else if (t == 'd') sink = F(double, I, CP, I, CP, I)(n, x, 1, y, 1);
        else F(void, I, CP, I, CP, I, P)(n, x, 1, y, 1, res), sink = res[0];
        break;
    case F_AXPY:
        if (t == 's') F(void, I, float, CP, I, P, I)(n, ST, x, 1, y, 1);
        else if (t == 'd') F(void, I, double, CP, I, P, I)(n, DT, x, 1, y, 1);
        else F(void, I, CP, CP, I, P, I)(n, CS(T), x, 1, y, 1);
        break;
    case F_SCAL:
        if (t == 's') F(void, I, float, P, I)(n, -1.0f, x, 1);
        else if (t == 'd') F(void, I, double, P, I)(n, -1.0, x, 1);
        else F(void, I, CP, P, I)(n, CS(I), x, 1);
        break;
    case F_ASUM: case F_NRM2: /* scasum and scnrm2 return float, dzasum and dznrm2 double */
        if (single) sink = F(float, I, CP, I)(n, x, 1);
        else sink = F(double, I, CP, I)(n, x, 1);
        break;
    case F_IAMAX: sink = (double)F(size_t, I, CP, I)(n, x, 1); break;
    case F_ROT: /* srot/csrot take float c, s; drot/zdrot double */
        if (single) F(void, I, P, I, P, I, float, float)(n, x, 1, y, 1, 0.6f, 0.8f);
        else F(void, I, P, I, P, I, double, double)(n, x, 1, y, 1, 0.6, 0.8);
        break;
    case F_SWAP: F(void, I, P, I, P, I)(n, x, 1, y, 1); break;
    case F_COPY: F(void, I, CP, I, P, I)(n, x, 1, y, 1); break;
    case F_GEMV_N: case F_GEMV_T: {
        const int tr = op->fam_id == F_GEMV_N ? NOTR : TR;
        if (t == 's') F(void, I, I, I, I, float, CP, I, CP, I, float, P, I)(COL, tr, n, n, S1, a, n, x, 1, SH, y, 1);
        else if (t == 'd') F(void, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, tr, n, n, D1, a, n, x, 1, DH, y, 1);
        else F(void, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, tr, n, n, CS(1), a, n, x, 1, CS(H), y, 1);
        break;
    }
    case F_GER:
        if (t == 's') F(void, I, I, I, float, CP, I, CP, I, P, I)(COL, n, n, ST, x, 1, y, 1, a, n);
        else if (t == 'd') F(void, I, I, I, double, CP, I, CP, I, P, I)(COL, n, n, DT, x, 1, y, 1, a, n);
        else F(void, I, I, I, CP, CP, I, CP, I, P, I)(COL, n, n, CS(T), x, 1, y, 1, a, n);
        break;
    case F_SYMV:
        if (t == 's') F(void, I, I, I, float, CP, I, CP, I, float, P, I)(COL, UP, n, S1, a, n, x, 1, SH, y, 1);
        else if (t == 'd') F(void, I, I, I, double, CP, I, CP, I, double, P, I)(COL, UP, n, D1, a, n, x, 1, DH, y, 1);
        else F(void, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, UP, n, CS(1), a, n, x, 1, CS(H), y, 1);
        break;
    case F_TRMV: case F_TRSV: F(void, I, I, I, I, I, CP, I, P, I)(COL, UP, NOTR, NONUNIT, n, a, n, x, 1); break;
    case F_SYR: /* ssyr/cher take a float alpha, dsyr/zher a double */
        if (single) F(void, I, I, I, float, CP, I, P, I)(COL, UP, n, ST, x, 1, a, n);
        else F(void, I, I, I, double, CP, I, P, I)(COL, UP, n, DT, x, 1, a, n);
        break;
    case F_SYR2:
        if (t == 's') F(void, I, I, I, float, CP, I, CP, I, P, I)(COL, UP, n, ST, x, 1, y, 1, a, n);
        else if (t == 'd') F(void, I, I, I, double, CP, I, CP, I, P, I)(COL, UP, n, DT, x, 1, y, 1, a, n);
        else F(void, I, I, I, CP, CP, I, CP, I, P, I)(COL, UP, n, CS(T), x, 1, y, 1, a, n);
        break;
    case F_GBMV:
        if (t == 's') F(void, I, I, I, I, I, I, float, CP, I, CP, I, float, P, I)(COL, NOTR, n, n, K, K, S1, a, 2 * K + 1, x, 1, SH, y, 1);
        else if (t == 'd') F(void, I, I, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, NOTR, n, n, K, K, D1, a, 2 * K + 1, x, 1, DH, y, 1);
        else F(void, I, I, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, NOTR, n, n, K, K, CS(1), a, 2 * K + 1, x, 1, CS(H), y, 1);
        break;
    case F_SBMV:
        if (t == 's') F(void, I, I, I, I, float, CP, I, CP, I, float, P, I)(COL, UP, n, K, S1, a, K + 1, x, 1, SH, y, 1);
        else if (t == 'd') F(void, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, UP, n, K, D1, a, K + 1, x, 1, DH, y, 1);
        else F(void, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, UP, n, K, CS(1), a, K + 1, x, 1, CS(H), y, 1);
        break;
    case F_TBMV: case F_TBSV: F(void, I, I, I, I, I, I, CP, I, P, I)(COL, UP, NOTR, NONUNIT, n, K, a, K + 1, x, 1); break;
    case F_SPMV:
        if (t == 's') F(void, I, I, I, float, CP, CP, I, float, P, I)(COL, UP, n, S1, a, x, 1, SH, y, 1);
        else if (t == 'd') F(void, I, I, I, double, CP, CP, I, double, P, I)(COL, UP, n, D1, a, x, 1, DH, y, 1);
        else F(void, I, I, I, CP, CP, CP, I, CP, P, I)(COL, UP, n, CS(1), a, x, 1, CS(H), y, 1);
        break;
    case F_TPMV: case F_TPSV: F(void, I, I, I, I, I, CP, P, I)(COL, UP, NOTR, NONUNIT, n, a, x, 1); break;
    case F_SPR: /* sspr/chpr: float alpha; dspr/zhpr: double */
        if (single) F(void, I, I, I, float, CP, I, P)(COL, UP, n, ST, x, 1, a);
        else F(void, I, I, I, double, CP, I, P)(COL, UP, n, DT, x, 1, a);
        break;
    case F_SPR2:
        if (t == 's') F(void, I, I, I, float, CP, I, CP, I, P)(COL, UP, n, ST, x, 1, y, 1, a);
        else if (t == 'd') F(void, I, I, I, double, CP, I, CP, I, P)(COL, UP, n, DT, x, 1, y, 1, a);
        else F(void, I, I, I, CP, CP, I, CP, I, P)(COL, UP, n, CS(T), x, 1, y, 1, a);
        break;
    case F_GEMM:
        if (real) F(void, I, I, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, NOTR, NOTR, n, n, n, D1, a, n, bb, n, DH, c, n);
        else F(void, I, I, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, NOTR, NOTR, n, n, n, Z1, a, n, bb, n, ZH, c, n);
        break;
    case F_SYMM: case F_HEMM:
        if (real) F(void, I, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, LEFT, UP, n, n, D1, a, n, bb, n, DH, c, n);
        else F(void, I, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, LEFT, UP, n, n, Z1, a, n, bb, n, ZH, c, n);
        break;
    case F_SYRK: case F_HERK: /* dsyrk and zherk: real alpha and beta */
        if (real || op->fam_id == F_HERK) F(void, I, I, I, I, I, double, CP, I, double, P, I)(COL, UP, NOTR, n, n, D1, a, n, DH, c, n);
        else F(void, I, I, I, I, I, CP, CP, I, CP, P, I)(COL, UP, NOTR, n, n, Z1, a, n, ZH, c, n);
        break;
    case F_SYR2K:
        if (real) F(void, I, I, I, I, I, double, CP, I, CP, I, double, P, I)(COL, UP, NOTR, n, n, D1, a, n, bb, n, DH, c, n);
        else F(void, I, I, I, I, I, CP, CP, I, CP, I, CP, P, I)(COL, UP, NOTR, n, n, Z1, a, n, bb, n, ZH, c, n);
        break;
    case F_HER2K: /* complex alpha, real beta */
        F(void, I, I, I, I, I, CP, CP, I, CP, I, double, P, I)(COL, UP, NOTR, n, n, Z1, a, n, bb, n, DH, c, n);
        break;
    case F_TRMM: case F_TRSM:
        if (real) F(void, I, I, I, I, I, I, I, double, CP, I, P, I)(COL, LEFT, UP, NOTR, NONUNIT, n, n, D1, a, n, bb, n);
        else F(void, I, I, I, I, I, I, I, CP, CP, I, P, I)(COL, LEFT, UP, NOTR, NONUNIT, n, n, Z1, a, n, bb, n);
        break;
    default: break;
    }
}
