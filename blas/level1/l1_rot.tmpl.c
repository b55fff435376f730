/* Level 1 plane rotations: rot (and csrot/zdrot), rotm, and the generators rotg, rotmg.
   The generators follow the reference 3.11 algorithms step by step (one documented departure in
   rotmg), because callers depend on their exact sign conventions and scaling. */
#include "l1_internal.h"
#include "blas/nb_trace.h"

/* The reference's safmin (smallest normal) and safmax = 2^(maxexponent - 1). */
#if NB_PREC == 1 || NB_PREC == 3
#define ROT_SAFMIN 0x1p-126f
#define ROT_SAFMAX 0x1p127f
#else
#define ROT_SAFMIN 0x1p-1022
#define ROT_SAFMAX 0x1p1023
#endif

/* x_i, y_i <- c x_i + s y_i, c y_i - s x_i with real c and s (complex vectors: csrot/zdrot,
   whose products are the reference's full complex ones, see cmul_real). */
#if NB_COMPLEX
#define RSCALE(r, v) cmul_real(v, r)
#else
#define RSCALE(r, v) ((r) * (v))
#endif
#if NB_COMPLEX
#define ROT_KERNEL NB_L1K(NB_CAT(NB_SP, rot)) /* csrot, zdrot */
#else
#define ROT_KERNEL NB_L1KP(rot)
#endif

typedef struct {
    nb_t *x, *y;
    nb_r c, s;
} rot_ctx;

static void rot_chunk(void *vctx, size_t chunk, size_t lo, size_t hi)
{
    rot_ctx *t = vctx;
    (void)chunk;
    ROT_KERNEL(hi - lo, t->x + lo, t->y + lo, t->c, t->s);
}

/* Unit stride: the kernel set's loop, in fixed chunks shared by a team when long (elements are
   independent: the split changes no bit); strided: gathered chunks (l1_internal.h); an
   increment of 0: the reference's order. */
static inline void rot_real_cs(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, nb_r c,
                               nb_r s)
{
    if (n <= 0)
        return;
    if (incx == 1 && incy == 1) {
        size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
        rot_ctx t = {x, y, c, s};
        nb_l1_run(nn, nch > 1 ? nb_l1_team(4 * NB_L1_NREAL * nn, nch) : 1, rot_chunk, &t);
        return;
    }
#if !NB_COMPLEX
    if (incx != 0 && incy != 0) { /* the kernel set's strided loop: its bits (l1_internal.h) */
        NB_L1KP(rot_inc)((size_t)n, x + nb_vstart(n, incx), incx, y + nb_vstart(n, incy), incy, c, s);
        return;
    }
#else
    if (incx != 0 && incy != 0) { /* gathered: the kernel's bits (l1_internal.h) */
        nb_t bx[NB_L1_GATHER], by[NB_L1_GATHER];
        nb_t *px = x + nb_vstart(n, incx), *py = y + nb_vstart(n, incy);
        for (size_t i0 = 0; i0 < (size_t)n; i0 += NB_L1_GATHER) {
            size_t m = (size_t)n - i0 < NB_L1_GATHER ? (size_t)n - i0 : NB_L1_GATHER;
            nb_t *qx = px, *qy = py;
            for (size_t j = 0; j < m; j++, px += incx, py += incy)
                bx[j] = *px, by[j] = *py;
            ROT_KERNEL(m, bx, by, c, s);
            for (size_t j = 0; j < m; j++, qx += incx, qy += incy)
                *qx = bx[j], *qy = by[j];
        }
        return;
    }
#endif
    NB_L1_FOR2(n, incx, incy, ix, iy) {
        nb_t t = RSCALE(c, x[ix]) + RSCALE(s, y[iy]);
        y[iy] = RSCALE(c, y[iy]) - RSCALE(s, x[ix]);
        x[ix] = t;
    }
}

#if !NB_COMPLEX

void NB_INT(rot)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, nb_t c, nb_t s)
{
    rot_real_cs(n, x, incx, y, incy, c, s);
}

/* Applies the modified Givens transformation H described by param = (flag, h11, h21, h12, h22):
   flag -1: full H; 0: unit diagonal; 1: h12 = 1, h21 = -1; -2: identity (nothing to do).
   Any other flag (NaN included) is treated as 1, as the reference's if-chain does. */
typedef struct {
    nb_t *x, *y;
    const nb_t *param;
} rotm_ctx;

static void rotm_chunk(void *vctx, size_t chunk, size_t lo, size_t hi)
{
    rotm_ctx *t = vctx;
    (void)chunk;
    NB_L1KP(rotm)(hi - lo, t->x + lo, t->y + lo, t->param);
}

/* Unit stride: the kernel set's loop (the same three forms), in fixed chunks shared by a team
   when long (each element has one owner: the split changes no bit); strided: the reference's
   order. */
void NB_INT(rotm)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, const nb_t *param)
{
    nb_t flag = param[0];
    if (n <= 0 || flag + 2 == 0)
        return;
    if (incx == 1 && incy == 1) {
        size_t nn = (size_t)n, nch = nb_l1_nchunks(nn);
        rotm_ctx t = {x, y, param};
        nb_l1_run(nn, nch > 1 ? nb_l1_team(4 * nn, nch) : 1, rotm_chunk, &t);
        return;
    }
    if (flag < 0) {
        nb_t h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];
        NB_L1_FOR2(n, incx, incy, ix, iy) {
            nb_t w = x[ix], z = y[iy];
            x[ix] = w * h11 + z * h12;
            y[iy] = w * h21 + z * h22;
        }
    } else if (flag == 0) {
        nb_t h21 = param[2], h12 = param[3];
        NB_L1_FOR2(n, incx, incy, ix, iy) {
            nb_t w = x[ix], z = y[iy];
            x[ix] = w + z * h12;
            y[iy] = w * h21 + z;
        }
    } else {
        nb_t h11 = param[1], h22 = param[4];
        NB_L1_FOR2(n, incx, incy, ix, iy) {
            nb_t w = x[ix], z = y[iy];
            x[ix] = w * h11 + z;
            y[iy] = -w + h22 * z;
        }
    }
}

/* Real Givens generator (reference 3.10+ drotg): r = sign * sqrt(a^2 + b^2) with the sign of the
   larger of |a|, |b|, computed with scaling so that it neither overflows nor underflows.
   On exit a = r, b = z (the reconstruction value). */
void NB_INT(rotg)(nb_t *a, nb_t *b, nb_t *c, nb_t *s)
{
    nb_t fa = *a, fb = *b;
    nb_t anorm = NB_FABS(fa), bnorm = NB_FABS(fb);
    if (bnorm == 0) {
        *c = 1;
        *s = 0;
        *b = 0;
    } else if (anorm == 0) {
        *c = 0;
        *s = 1;
        *a = fb;
        *b = 1;
    } else {
        nb_t scl = anorm > bnorm ? anorm : bnorm;
        scl = scl > ROT_SAFMIN ? scl : ROT_SAFMIN;
        scl = scl < ROT_SAFMAX ? scl : ROT_SAFMAX;
        nb_t sigma = NB_COPYSIGN((nb_t)1, anorm > bnorm ? fa : fb);
        nb_t as = fa / scl, bs = fb / scl;
        nb_t r = sigma * (scl * NB_SQRT(as * as + bs * bs));
        nb_t cc = fa / r, ss = fb / r, z;
        if (anorm > bnorm)
            z = ss;
        else if (cc != 0)
            z = 1 / cc;
        else
            z = 1;
        *c = cc;
        *s = ss;
        *a = r;
        *b = z;
    }
}

/* Modified Givens generator (reference drotmg): rescaling by GAM keeps d1, d2 within
   [RGAMSQ, GAMSQ]; the single precision constants are the reference's decimal ones. */
#if NB_PREC == 1
#define RMG_GAM 4096.0f
#define RMG_GAMSQ 1.67772e7f
#define RMG_RGAMSQ 5.96046e-8f
#else
#define RMG_GAM 4096.0
#define RMG_GAMSQ 16777216.0
#define RMG_RGAMSQ 5.9604645e-8
#endif

void NB_INT(rotmg)(nb_t *d1, nb_t *d2, nb_t *x1, const nb_t *y1, nb_t *param)
{
    nb_t dd1 = *d1, dd2 = *d2, dx1 = *x1, dy1 = *y1;
    nb_t flag, h11 = 0, h12 = 0, h21 = 0, h22 = 0;

    if (dd1 < 0) {
        flag = -1;
        dd1 = dd2 = dx1 = 0;
    } else {
        nb_t p2 = dd2 * dy1;
        if (p2 == 0) {
            param[0] = -2;
            return;
        }
        nb_t p1 = dd1 * dx1;
        nb_t q2 = p2 * dy1;
        nb_t q1 = p1 * dx1;
        if (NB_FABS(q1) > NB_FABS(q2)) {
            h21 = -dy1 / dx1;
            h12 = p2 / p1;
            nb_t u = 1 - h12 * h21;
            if (u > 0) {
                flag = 0;
                dd1 = dd1 / u;
                dd2 = dd2 / u;
                dx1 = dx1 * u;
            } else {
                /* Only reachable through rounding (see the reference comment). */
                flag = -1;
                h11 = h12 = h21 = h22 = 0;
                dd1 = dd2 = dx1 = 0;
            }
        } else if (q2 < 0) {
            flag = -1;
            h11 = h12 = h21 = h22 = 0;
            dd1 = dd2 = dx1 = 0;
        } else {
            flag = 1;
            h11 = p1 / p2;
            h22 = dx1 / dy1;
            nb_t u = 1 + h11 * h22;
            nb_t t = dd2 / u;
            dd2 = dd1 / u;
            dd1 = t;
            dx1 = dy1 * u;
        }

        /* Rescale d1, d2 into range; the implicit unit elements of H become explicit once, on
           the first step. Two deliberate departures from the reference 3.11 code: it resets
           h21 = -1, h12 = 1 on every step with flag -1, destroying H when more than one step is
           needed (fixed in later reference versions; OpenBLAS converts once as well), and it
           never returns when a d is infinite, where this loop stops. */
        if (dd1 != 0) {
            while ((dd1 <= RMG_RGAMSQ || dd1 >= RMG_GAMSQ) && !__builtin_isinf(dd1)) {
                if (flag == 0) {
                    h11 = h22 = 1;
                    flag = -1;
                } else if (flag == 1) {
                    h21 = -1;
                    h12 = 1;
                    flag = -1;
                }
                if (dd1 <= RMG_RGAMSQ) {
                    dd1 = dd1 * (RMG_GAM * RMG_GAM);
                    dx1 = dx1 / RMG_GAM;
                    h11 = h11 / RMG_GAM;
                    h12 = h12 / RMG_GAM;
                } else {
                    dd1 = dd1 / (RMG_GAM * RMG_GAM);
                    dx1 = dx1 * RMG_GAM;
                    h11 = h11 * RMG_GAM;
                    h12 = h12 * RMG_GAM;
                }
            }
        }
        if (dd2 != 0) {
            while ((NB_FABS(dd2) <= RMG_RGAMSQ || NB_FABS(dd2) >= RMG_GAMSQ) && !__builtin_isinf(dd2)) {
                if (flag == 0) {
                    h11 = h22 = 1;
                    flag = -1;
                } else if (flag == 1) {
                    h21 = -1;
                    h12 = 1;
                    flag = -1;
                }
                if (NB_FABS(dd2) <= RMG_RGAMSQ) {
                    dd2 = dd2 * (RMG_GAM * RMG_GAM);
                    h21 = h21 / RMG_GAM;
                    h22 = h22 / RMG_GAM;
                } else {
                    dd2 = dd2 / (RMG_GAM * RMG_GAM);
                    h21 = h21 * RMG_GAM;
                    h22 = h22 * RMG_GAM;
                }
            }
        }
    }

    /* Only the elements that the flag says are not implicit are stored. */
    if (flag < 0) {
        param[1] = h11;
        param[2] = h21;
        param[3] = h12;
        param[4] = h22;
    } else if (flag == 0) {
        param[2] = h21;
        param[3] = h12;
    } else {
        param[1] = h11;
        param[4] = h22;
    }
    param[0] = flag;
    *d1 = dd1;
    *d2 = dd2;
    *x1 = dx1;
}

#else /* complex */

void NB_SINT(rot)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, nb_r c, nb_r s)
{
    rot_real_cs(n, x, incx, y, incy, c, s);
}

static inline nb_r abssq(nb_t t)
{
    return NB_RE(t) * NB_RE(t) + NB_IM(t) * NB_IM(t);
}

static inline nb_r max_abs_part(nb_t t)
{
    nb_r re = NB_FABS(NB_RE(t)), im = NB_FABS(NB_IM(t));
    return re > im ? re : im;
}

static inline nb_r clamp_safe(nb_r v)
{
    v = v > ROT_SAFMIN ? v : ROT_SAFMIN;
    return v < ROT_SAFMAX ? v : ROT_SAFMAX;
}

/* Complex Givens generator, the reference 3.11 crotg/zrotg algorithm: c real, s complex with
   [c s; -conj(s) c] [a; b] = [r; 0], r = a/|a| * sqrt(|a|^2 + |b|^2); unscaled formulas when
   |a| and |b| are safely in range, otherwise a and b are scaled first. a <- r.
   Every complex-by-real step uses cdiv_real/cmul_real (see l1_internal.h) so that zeros, Inf
   and NaN come out as in the reference. */
void NB_INT(rotg)(nb_t *a, const nb_t *b, nb_r *c, nb_t *s)
{
    const nb_r rtmin = NB_SQRT(ROT_SAFMIN);
    nb_t f = *a, g = *b, r;
    nb_r cc;

    if (g == 0) {
        cc = 1;
        *s = 0;
        r = f;
    } else if (f == 0) {
        cc = 0;
        if (NB_RE(g) == 0 || NB_IM(g) == 0) {
            nb_r d = NB_RE(g) == 0 ? NB_FABS(NB_IM(g)) : NB_FABS(NB_RE(g));
            *s = cdiv_real(NB_CONJ(g), d);
            r = d;
        } else {
            nb_r g1 = max_abs_part(g);
            const nb_r rtmax = NB_SQRT(ROT_SAFMAX / 2);
            if (g1 > rtmin && g1 < rtmax) {
                nb_r d = NB_SQRT(abssq(g));
                *s = cdiv_real(NB_CONJ(g), d);
                r = d;
            } else {
                nb_r u = clamp_safe(g1);
                nb_t gs = cdiv_real(g, u);
                nb_r d = NB_SQRT(abssq(gs));
                *s = cdiv_real(NB_CONJ(gs), d);
                r = d * u;
            }
        }
    } else {
        nb_r f1 = max_abs_part(f), g1 = max_abs_part(g);
        nb_r rtmax = NB_SQRT(ROT_SAFMAX / 4);
        /* Unscaled: f and g are used as they are (u = w = 1). Scaled: g is divided by
           u = clamp(max(f1, g1)); f by v = clamp(f1) when f1/u would underflow, w = v/u. */
        int scaled = !(f1 > rtmin && f1 < rtmax && g1 > rtmin && g1 < rtmax);
        nb_r u = 1, w = 1, f2, g2, h2;
        nb_t fs = f, gs = g;
        if (scaled) {
            nb_r fg1 = f1 > g1 ? f1 : g1;
            u = clamp_safe(fg1);
            gs = cdiv_real(g, u);
            if (f1 / u < rtmin) {
                nb_r v = clamp_safe(f1);
                w = v / u;
                fs = cdiv_real(f, v);
                f2 = abssq(fs);
                g2 = abssq(gs);
                h2 = f2 * (w * w) + g2;
            } else {
                fs = cdiv_real(f, u);
                f2 = abssq(fs);
                g2 = abssq(gs);
                h2 = f2 + g2;
            }
        } else {
            f2 = abssq(fs);
            g2 = abssq(gs);
            h2 = f2 + g2;
        }
        if (f2 >= h2 * ROT_SAFMIN) {
            /* f2/h2 is representable and at most 1 */
            cc = NB_SQRT(f2 / h2);
            r = cdiv_real(fs, cc);
            rtmax = rtmax * 2;
            if (f2 > rtmin && h2 < rtmax)
                *s = NB_CONJ(gs) * cdiv_real(fs, NB_SQRT(f2 * h2));
            else
                *s = NB_CONJ(gs) * cdiv_real(r, h2);
        } else {
            /* g dominates so much that f2/h2 would be subnormal */
            nb_r d = NB_SQRT(f2 * h2);
            cc = f2 / d;
            if (cc >= ROT_SAFMIN)
                r = cdiv_real(fs, cc);
            else
                r = cmul_real(fs, h2 / d);
            *s = NB_CONJ(gs) * cdiv_real(fs, d);
        }
        if (scaled) {
            cc = cc * w;
            r = cmul_real(r, u);
        }
    }
    *c = cc;
    *a = r;
}

#endif

/* ---- Fortran entry points ---- */

#if !NB_COMPLEX
NB_EXPORT void NB_FN(rot_)(const blasint *n, nb_t *x, const blasint *incx, nb_t *y, const blasint *incy,
                           const nb_t *c, const nb_t *s)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(rot)(*n, x, *incx, y, *incy, *c, *s);
}

NB_EXPORT void NB_FN(rotm_)(const blasint *n, nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy, const nb_t *param)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_INT(rotm)(*n, x, *incx, y, *incy, param);
}

NB_EXPORT void NB_FN(rotg_)(nb_t *a, nb_t *b, nb_t *c, nb_t *s)
{
    NB_TRACE0();
    NB_INT(rotg)(a, b, c, s);
}

NB_EXPORT void NB_FN(rotmg_)(nb_t *d1, nb_t *d2, nb_t *x1, const nb_t *y1, nb_t *param)
{
    NB_TRACE0();
    NB_INT(rotmg)(d1, d2, x1, y1, param);
}
#else
NB_EXPORT void NB_SFN(rot_)(const blasint *n, nb_t *x, const blasint *incx, nb_t *y,
                            const blasint *incy, const nb_r *c, const nb_r *s)
{
    NB_TRACE("n=%" NB_TD " incx=%" NB_TD " incy=%" NB_TD, *n, *incx, *incy);
    NB_SINT(rot)(*n, x, *incx, y, *incy, *c, *s);
}

NB_EXPORT void NB_FN(rotg_)(nb_t *a, const nb_t *b, nb_r *c, nb_t *s)
{
    NB_TRACE0();
    NB_INT(rotg)(a, b, c, s);
}
#endif
