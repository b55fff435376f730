/* bf16 <-> fp32/fp64 conversions shared by the bf16 routines (blas/bf16/).
   bf16 is the upper half of an fp32: widening is exact (a 16-bit shift); narrowing rounds to
   nearest, ties to even, keeps the sign of zeros, turns every NaN into a quiet NaN of the same
   sign (payload truncated, the quiet bit set) and rounds values above the largest bf16 to Inf. */
#ifndef NB_BF16_H
#define NB_BF16_H

#include <stdint.h>
#include <string.h>

typedef uint16_t nb_bf16;

static inline float nb_bf16_to_float(nb_bf16 h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline nb_bf16 nb_float_to_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if ((u & 0x7fffffffu) > 0x7f800000u) /* NaN: keep sign and top payload bits, make it quiet */
        return (nb_bf16)((u >> 16) | 0x0040u);
    return (nb_bf16)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* double -> bf16 with one rounding: the double is first narrowed to fp32 rounding to odd (the
   truncated value with its last bit set when anything was dropped), which keeps enough
   information for the second rounding, to nearest even, to equal a direct one. */
static inline nb_bf16 nb_double_to_bf16(double d)
{
    if (d != d) {
        float f = (float)d; /* a quiet NaN of the same sign */
        return nb_float_to_bf16(f);
    }
    float f = (float)d;
    double back = (double)f;
    if (back != d && f - f == 0) { /* inexact and finite: truncate toward zero, then set the lsb */
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        if ((back > d) == (d > 0)) /* rounded away from zero: step back one ulp toward zero */
            u -= 1;
        u |= 1;
        memcpy(&f, &u, sizeof f);
    } else if (back != d) { /* overflowed to Inf: the largest finite fp32, odd, rounds to Inf */
        uint32_t u = d > 0 ? 0x7f7fffffu : 0xff7fffffu;
        memcpy(&f, &u, sizeof f);
    }
    return nb_float_to_bf16(f);
}

#endif
