/* The type template: a *.tmpl.c file is compiled once per precision with -DNB_PREC=1..4
   (s, d, c, z). This header maps the precision to the element type and to the names of the
   routines, so that one source serves all four types.

   NB_FN(x)   sX / dX / cX / zX          e.g. NB_FN(gemm_)  -> dgemm_
   NB_RFN(x)  sX / dX / scX / dzX        real-valued functions of a vector: asum, nrm2
   NB_IFN(x)  isX / idX / icX / izX      index functions: amax
   NB_SFN(x)  csX / zdX (complex only)   real-scalar variants: scal, rot
   NB_INT(x)  nb_sX ...                  internal (hidden) driver names
   NB_CBLAS(x) cblas_sX ...
   NB_UP      "S" "D" "C" "Z"            first letter of the reference name, for xerbla
*/
#ifndef NB_TEMPLATE_H
#define NB_TEMPLATE_H

#include "nb_common.h"

#define NB_CAT_(a, b) a##b
#define NB_CAT(a, b) NB_CAT_(a, b)
#define NB_CAT3(a, b, c) NB_CAT(NB_CAT(a, b), c)

#if NB_PREC == 1
typedef float nb_t;
typedef float nb_r;
#define NB_P s
#define NB_RP s
#define NB_IP is
#define NB_UP "S"
#define NB_COMPLEX 0
#elif NB_PREC == 2
typedef double nb_t;
typedef double nb_r;
#define NB_P d
#define NB_RP d
#define NB_IP id
#define NB_UP "D"
#define NB_COMPLEX 0
#elif NB_PREC == 3
typedef float _Complex nb_t;
typedef float nb_r;
#define NB_P c
#define NB_RP sc
#define NB_IP ic
#define NB_SP cs
#define NB_UP "C"
#define NB_COMPLEX 1
#elif NB_PREC == 4
typedef double _Complex nb_t;
typedef double nb_r;
#define NB_P z
#define NB_RP dz
#define NB_IP iz
#define NB_SP zd
#define NB_UP "Z"
#define NB_COMPLEX 1
#else
#error "compile template sources with -DNB_PREC=1..4"
#endif

#define NB_FN(x) NB_CAT(NB_P, x)
#define NB_RFN(x) NB_CAT(NB_RP, x)
#define NB_IFN(x) NB_CAT(NB_IP, x)
#define NB_SFN(x) NB_CAT(NB_SP, x)
#define NB_INT(x) NB_CAT3(nb_, NB_P, x)
#define NB_CBLAS(x) NB_CAT3(cblas_, NB_P, x)

#if NB_COMPLEX
#define NB_RE(x) (__real__(x))
#define NB_IM(x) (__imag__(x))
#define NB_CONJ(x) (~(x)) /* GNU C: complex conjugate, no libm call */
#define NB_ABS1(x) (__builtin_fabs(NB_RE(x)) + __builtin_fabs(NB_IM(x)))
#else
#define NB_RE(x) (x)
#define NB_IM(x) ((nb_r)0)
#define NB_CONJ(x) (x)
#define NB_ABS1(x) (__builtin_fabs(x))
#endif

#endif
