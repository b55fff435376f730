/* How a kernel receives a complex scalar (an axpy's t, a gemv's or scal's alpha): by value,
   except for float _Complex, by address.

   Why: a float _Complex travels packed in one xmm register. GCC splits it into its parts at
   any compare or arithmetic on them, and packs it again for the next call through two 4-byte
   stores and one 8-byte load, a failed store-to-load forward at every call layer (perf on Zen 5:
   half of ctbmv's sweep time, two thirds of a caxpy of 1 element). Passed by address, the kernel
   reads the parts one at a time as they were stored. double _Complex travels in two registers
   and needs none of it; by address for every type, the extra store and load lengthened tbsv's
   column-to-column chain (s, d and z tbsv 0.8x slower). */
#ifndef NB_SCALAR_PASS_H
#define NB_SCALAR_PASS_H

#define NB_KARG_s(T) T
#define NB_KARG_d(T) T
#define NB_KARG_c(T) const T *
#define NB_KARG_z(T) T
#define NB_KPASS_s(t) (t)
#define NB_KPASS_d(t) (t)
#define NB_KPASS_c(t) (&(t))
#define NB_KPASS_z(t) (t)
/* the kernel argument from the scalar's address pa */
#define NB_KFROM_s(pa) (*(pa))
#define NB_KFROM_d(pa) (*(pa))
#define NB_KFROM_c(pa) (pa)
#define NB_KFROM_z(pa) (*(pa))
/* the real and imaginary parts of a complex t as received (c: read one at a time, as stored) */
#define NB_KPARTS_c(ta, r, s) (r = ((const float *)(ta))[0], s = ((const float *)(ta))[1])
#define NB_KPARTS_z(ta, r, s) (r = __real__(ta), s = __imag__(ta))

#endif
