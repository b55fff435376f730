/* The sve kernel set (Arm SVE, any vector length from 128 to 2048 bits: Neoverse V1/V2, A64FX,
   Graviton 3/4, Grace ...). Vector-length agnostic: the s and d register tiles are 3 vectors
   by 8 columns (ukr_sve.h), so MR is 3 * svcntw() / 3 * svcntd(), known only when the library
   is loaded; vla_setup writes it into the copy of this table that arch/runtime.c keeps (before
   the block sizes are derived from it). Complex types run on the real kernels through the 1m
   method (complex_gemm_sve.c); gemv, ger and
   the trsm / trmm leaves are the shared loops vectorised as SVE (gemv_sve.c); compact GEMM is
   compact_loops.h at 16 bytes (compact_sve.c); batch-reduce GEMM the generic C kernel.
   bf16 GEMM: the neon set's BFMMLA kernel (kernels/neon/sbgemm_neon_bf16.c; FEAT_BF16 is the
   same extension for Advanced SIMD and SVE, and arch/runtime.c drops the kernel where the
   hwcaps lack bf16), else widened to fp32 through this set's sgemm. An SVE BFMMLA kernel would
   do 2x the work per instruction at 256 bits; it is not written yet. */
#include <arm_sve.h>
#include "kernels/kernel.h"
#include "kernels/generic/generic.h"
#include "kernels/sve/kernels_sve.h"
#include "kernels/generic/gemm_1m_loops.h"
#include "nb_config.h"
#if NB_BUILD_NEON
#include "kernels/neon/kernels_neon.h"
#endif

/* mr 0: filled by vla_setup (the set is used only through the completed copy) */
#define NB_SVE_ENTRY(p)                                                                          \
    { 0, 8, nb_##p##gemm_sve_3vx8, nb_##p##pack_a_sve_3v, nb_##p##pack_b_sve_8, NULL,            \
      nb_##p##gemv_n_sve, nb_##p##gemv_t_sve, nb_##p##ger_sve, nb_##p##trsm_rows_sve,            \
      nb_##p##trmm_rows_sve }

NB_GEMV_DECLARE(sve)
NB_GEMM_1M_DECLARE(c, float _Complex, sve)
NB_GEMM_1M_DECLARE(z, double _Complex, sve)

/* What depends on this CPU's vector length: the tile height and the native compact format
   (P = vector length / element size: 128-bit vectors hold MKL_COMPACT_SSE's P, 256-bit AVX's,
   512 bits and longer AVX512's, the widest MKL defines). */
static void sve_setup(nb_kernel_set *set)
{
    set->s.mr = (int)(3 * svcntw());
    set->d.mr = (int)(3 * svcntd());
    set->c.mr = set->s.mr / 2; /* the 1m complex tiles: half the real rows (complex_gemm_sve.c) */
    set->z.mr = set->d.mr / 2;
    const uint64_t bytes = svcntb();
    set->compact.format = bytes >= 64 ? NB_COMPACT_AVX512 : bytes >= 32 ? NB_COMPACT_AVX
                                                                        : NB_COMPACT_SSE;
}

const nb_kernel_set nb_kernels_sve = {
    .name = "sve",
    .s = NB_SVE_ENTRY(s),
    .d = NB_SVE_ENTRY(d),
    .c = NB_GEMM_1M_ENTRY(c, sve, 0, 8),
    .z = NB_GEMM_1M_ENTRY(z, sve, 0, 8),
    .compact = NB_COMPACT_ENTRY(sve),
#if NB_BUILD_NEON && NB_NEON_HAVE_BF16
    .bf16 = {.mpad = NB_NEON_BF16_MR, .npad = NB_NEON_BF16_NR, .kpad = 4,
             .pack_a = nb_sbgemm_pack_a_neon_bf16, .pack_b = nb_sbgemm_pack_b_neon_bf16,
             .compute = nb_sbgemm_compute_neon_bf16, .speed_over_fp32 = 1, .needs_arm_bf16 = 1},
#endif
    .brgemm = NB_BRGEMM_ENTRY(generic),
    .l1 = NB_L1_ENTRY(sve),
    .l2gen = NB_L2GEN_ENTRY(sve),
    .l2sym = NB_L2SYM_ENTRY(sve),
    .vla_setup = sve_setup,
};
