/* The amx kernel set's own routines: bf16 GEMM on AMX tiles (sbgemm_amx.c). Its fp32/fp64 tables
   are the avx512 set's. */
#ifndef NB_KERNELS_AMX_H
#define NB_KERNELS_AMX_H
#include <stddef.h>
#include "kernels/kernel.h"

#define NB_AMX_PAD 32 /* m, n and k are padded to whole 32 x 32 x 32 tile steps */
#define NB_AMX_STREAM_M 256 /* = AMX_MC: up to one row block, B panels are packed as they go */

void nb_sbgemm_pack_a_amx(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                          size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1);
void nb_sbgemm_pack_b_amx(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                          size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1);
void nb_sbgemm_compute_amx(size_t m, size_t n, size_t k, float alpha, const unsigned short *ap,
                           const unsigned short *bp, size_t mp, size_t kp, float beta, float *c,
                           size_t ldc, size_t j0, size_t j1, const nb_bf16_src *src);
#endif
