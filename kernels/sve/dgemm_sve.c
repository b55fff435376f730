/* dgemm kernels of the sve set: the 3-vector x 8 micro-kernel (MR = 3 * svcntd(): 6 rows at
   128 bits, 24 at 512) and its packing, instantiated from ukr_sve.h (register budget there:
   24 accumulators + 3 A + 4 B quadwords = 31 of 32 Z registers).

   B per k step: 8 doubles as 4 svld1rq quadwords (q0 = b[0..1], q1 = b[2..3], ...), column j
   is lane j % 2 of quadword j / 2 (FMLA indexed, 64-bit: lanes 0..1 of each segment).

   Spill check (aarch64-linux-gnu-objdump -d build-arm/kernels/sve/dgemm_sve.o): the k loop of
   nb_dgemm_sve_3vx8 (one k step per iteration: 24 fmla, 3 ld1d, 4 ld1rqd, 1 prfm, 3 add,
   cmp, branch) has no MOV/MOVPRFX and no access to sp. */
#include <arm_sve.h>
#include <stddef.h>
#include <stdint.h>
#include "kernels/sve/kernels_sve.h"

#define T double
#define SV svfloat64_t
#define SVE_CNT() svcntd()
#define SVE_PTRUE() svptrue_b64()
#define SVE_WHILE(i, n) svwhilelt_b64((int64_t)(i), (int64_t)(n))
#define SVE_DUP(x) svdup_n_f64(x)
#define UKR_BLOAD(bp)                                                                           \
    SV q0 = svld1rq(pt, (bp)), q1 = svld1rq(pt, (bp) + 2), q2 = svld1rq(pt, (bp) + 4),         \
       q3 = svld1rq(pt, (bp) + 6)
#define UKR_COLS()                                                                              \
    COL(0, q0, 0) COL(1, q0, 1) COL(2, q1, 0) COL(3, q1, 1)                                     \
    COL(4, q2, 0) COL(5, q2, 1) COL(6, q3, 0) COL(7, q3, 1)
#define UKR_NAME nb_dgemm_sve_3vx8
#define PACK_A_NAME nb_dpack_a_sve_3v
#define PACK_B_NAME nb_dpack_b_sve_8
#include "kernels/sve/ukr_sve.h"
