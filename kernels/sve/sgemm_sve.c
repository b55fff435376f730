/* sgemm kernels of the sve set: the 3-vector x 8 micro-kernel (MR = 3 * svcntw(): 12 rows at
   128 bits, 48 at 512) and its packing, instantiated from ukr_sve.h (register budget there:
   24 accumulators + 3 A + 2 B quadwords = 29 of 32 Z registers).

   B per k step: 8 floats as 2 svld1rq quadwords (q0 = b[0..3], q1 = b[4..7]), column j is lane
   j % 4 of quadword j / 4 (FMLA indexed, 32-bit: lanes 0..3 of each segment).

   Spill check (aarch64-linux-gnu-objdump -d build-arm/kernels/sve/sgemm_sve.o): the k loop of
   nb_sgemm_sve_3vx8 (one k step per iteration: 24 fmla, 3 ld1w, 2 ld1rqw, 1 prfm, 3 add,
   cmp, branch) has no MOV/MOVPRFX and no access to sp. */
#include <arm_sve.h>
#include <stddef.h>
#include <stdint.h>
#include "kernels/sve/kernels_sve.h"

#define T float
#define SV svfloat32_t
#define SVE_CNT() svcntw()
#define SVE_PTRUE() svptrue_b32()
#define SVE_WHILE(i, n) svwhilelt_b32((int64_t)(i), (int64_t)(n))
#define SVE_DUP(x) svdup_n_f32(x)
#define UKR_BLOAD(bp) SV q0 = svld1rq(pt, (bp)), q1 = svld1rq(pt, (bp) + 4)
#define UKR_COLS()                                                                              \
    COL(0, q0, 0) COL(1, q0, 1) COL(2, q0, 2) COL(3, q0, 3)                                     \
    COL(4, q1, 0) COL(5, q1, 1) COL(6, q1, 2) COL(7, q1, 3)
#define UKR_NAME nb_sgemm_sve_3vx8
#define PACK_A_NAME nb_spack_a_sve_3v
#define PACK_B_NAME nb_spack_b_sve_8
#include "kernels/sve/ukr_sve.h"
