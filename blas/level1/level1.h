/* Internal Level 1 drivers for the current precision (include from a *.tmpl.c source).

   Every driver takes the arguments of the Fortran routine in the same order, by value (integers
   as blasint, scalars as nb_t or nb_r where the Fortran argument is REAL), arrays as pointers.
   rotg/rotmg keep the pointers of the Fortran routine for their in/out scalars. Functions return
   their value; the i?amax drivers return the 1-based Fortran index (0 when n < 1 or incx <= 0).
   Level 1 has no argument checks: the reference quick-returns instead.

   Names per precision:               s            d            c             z
     NB_INT(x)                        nb_sx        nb_dx        nb_cx         nb_zx
     NB_RINT(x)  (asum, nrm2)         nb_sx        nb_dx        nb_scx        nb_dzx
     NB_IINT(x)  (amax)               nb_isx       nb_idx       nb_icx        nb_izx
     NB_SINT(x)  (scal, rot; complex) -            -            nb_csx        nb_zdx
   Non-generic drivers (declared for every precision, defined once): nb_sdsdot, nb_dsdot,
   nb_scabs1, nb_dcabs1. */
#ifndef NB_LEVEL1_H
#define NB_LEVEL1_H

#include "../nb_template.h"

#ifndef NB_RINT
#define NB_RINT(x) NB_CAT3(nb_, NB_RP, x)
#endif
#ifndef NB_IINT
#define NB_IINT(x) NB_CAT3(nb_, NB_IP, x)
#endif
#if NB_COMPLEX && !defined(NB_SINT)
#define NB_SINT(x) NB_CAT3(nb_, NB_SP, x)
#endif

/* ---- every precision ---- */
nb_r NB_RINT(asum)(blasint n, const nb_t *x, blasint incx);
nb_r NB_RINT(nrm2)(blasint n, const nb_t *x, blasint incx);
blasint NB_IINT(amax)(blasint n, const nb_t *x, blasint incx);
void NB_INT(axpy)(blasint n, const nb_t *alpha, const nb_t *x, blasint incx, nb_t *y, blasint incy);
void NB_INT(copy)(blasint n, const nb_t *x, blasint incx, nb_t *y, blasint incy);
void NB_INT(swap)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy);
void NB_INT(scal)(blasint n, const nb_t *alpha, nb_t *x, blasint incx);

#if !NB_COMPLEX
/* ---- s, d ---- */
nb_t NB_INT(dot)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy);
void NB_INT(rot)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, nb_t c, nb_t s);
void NB_INT(rotg)(nb_t *a, nb_t *b, nb_t *c, nb_t *s);
void NB_INT(rotm)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, const nb_t *param);
void NB_INT(rotmg)(nb_t *d1, nb_t *d2, nb_t *x1, const nb_t *y1, nb_t *param);
#else
/* ---- c, z ---- */
/* the result through res (a float _Complex returned by value is packed through the stack) */
void NB_INT(dotc)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy, nb_t *res);
void NB_INT(dotu)(blasint n, const nb_t *x, blasint incx, const nb_t *y, blasint incy, nb_t *res);
/* crotg/zrotg: a in/out, b in, c real out, s complex out */
void NB_INT(rotg)(nb_t *a, const nb_t *b, nb_r *c, nb_t *s);
void NB_SINT(scal)(blasint n, nb_r alpha, nb_t *x, blasint incx); /* csscal, zdscal */
void NB_SINT(rot)(blasint n, nb_t *x, blasint incx, nb_t *y, blasint incy, nb_r c, nb_r s); /* csrot, zdrot */
#endif

#endif /* NB_LEVEL1_H */

/* Precision-independent drivers: declared once per translation unit. */
#ifndef NB_LEVEL1_FIXED_H
#define NB_LEVEL1_FIXED_H
/* sb + sum x*y accumulated in double, rounded to float at the end */
float nb_sdsdot(blasint n, float sb, const float *sx, blasint incx, const float *sy, blasint incy);
/* sum x*y of float vectors accumulated and returned in double */
double nb_dsdot(blasint n, const float *sx, blasint incx, const float *sy, blasint incy);
/* |re| + |im| */
float nb_scabs1(float _Complex z);
double nb_dcabs1(double _Complex z);
#endif
