/* Per-microarchitecture tuning: every number the drivers and kernels would otherwise wire in
   (block-size rule, no-packing and skinny cut-offs, prefetch distances, thread thresholds and
   ratios, the bf16 path, the preferred kernel set and tile). arch/uarch.c holds one entry per
   CPU it knows plus a default; arch/runtime.c picks one at load (or the one NANOBLAS_UARCH
   names) and publishes it as nb_rt.tune, read-only afterwards. Drivers and kernels read these
   fields and never a constant of their own. */
#ifndef NB_ARCH_TUNING_H
#define NB_ARCH_TUNING_H

#include <stddef.h>

/* Explicit block sizes for one element type (elements); 0 in a field = from the cache rule. */
typedef struct {
    unsigned mc, kc, nc;
} nb_tune_blocks;

/* How bf16 GEMM runs on a set with a VDPBF16PS kernel (avx512). */
enum nb_tune_bf16 {
    NB_BF16_AUTO,   /* the kernel where the CPU has AVX512_BF16 and no AMX, else widen */
    NB_BF16_DPBF16, /* the kernel wherever the CPU has AVX512_BF16 */
    NB_BF16_WIDEN   /* widen to fp32 and run the sgemm kernels */
};

typedef struct {
    /* ---- cache blocking (arch/blocking.c) ---- */
    /* KC: the B micro-panel (KC x NR) fills kc_l1_num/kc_l1_den of L1d. MC: the packed A block
       (MC x KC) fills mc_l2_num/mc_l2_den of L2. NC: the packed B block fits half of L3 but at
       most nc_l2_cap L2s (0: no cap). */
    unsigned kc_l1_num, kc_l1_den, mc_l2_num, mc_l2_den, nc_l2_cap;
    nb_tune_blocks s, d; /* explicit sizes, where measured; they win over the rule */

    /* ---- no-packing paths (blas/level3/gemm_direct.tmpl.c) ---- */
    unsigned small_dim_s, small_dim_d; /* every dimension <= this: the small kernel alone */
    unsigned m_skinny;                 /* m <= this: stream B in place */
    unsigned n_skinny;                 /* n <= this: stream A in place */
    unsigned m_skinny_l2_bytes;        /* the K block of A kept in L2 while B streams */
    unsigned n_skinny_kb;              /* K block of the n-skinny path */
    unsigned n_skinny_row_bytes;       /* row block (bytes of one column) of the n-skinny path */
    unsigned gemm3m_min; /* ?gemm3m runs 3M when m, n and k are all >= this (0: never) */

    /* ---- micro-kernel prefetch (kernels/<isa>/ukr_*.h), in k steps ahead ---- */
    unsigned pf_a_steps, pf_b_steps; /* packed A, packed B; pf_b 0 = none */

    /* ---- threading (threading/, blas/level3/gemm.tmpl.c) ---- */
    double par_min_flops;     /* below this a call runs on one thread */
    double stream_min_elems;  /* Level 2: a thread per this many matrix elements */
    double l1_par_min_elems;  /* Level 1: a thread per this many vector elements */
    /* Software prefetch of streamed vectors where the set has one (kernels/generic/l1_loops.h,
       L1_SUM_PF: dot's x, scal's x, real axpy's x and y on long calls), and of the band sweeps
       of sbmv/hbmv (four columns a step) and of gbmv's one-column step; 0: the hardware
       prefetcher alone there */
    unsigned l1_prefetch;
    /* Half-width vector loops for long contiguous calls, in bytes of a vector at which they
       start (0: never; sets with them: avx512, kernels/generic/l1_loops.h): sdot and ddot with
       eight accumulators of half-width vectors from l1_dot_short_min, real axpy and scal four
       half-width vectors a step from l1_axpy_short_min. On Zen 4 (double-pumped 512-bit units)
       the full-width loops ran ddot and daxpy from L3 and memory 15-40% slower and dscal from
       L3 at 0.5-0.6x (docs/PERFORMANCE.md). */
    double l1_dot_short_min, l1_axpy_short_min;
    /* ?copy streams its stores past the caches (kernels/generic/l1_loops.h, copy_stream) when
       the destination has more bytes than this; 0: the last-level cache's size. It writes
       copy_stream_pages pages side by side: 4 or 1 (one stream). */
    double copy_stream_min;
    unsigned copy_stream_pages;
    /* The rank updates' column kernel (syr/her, syr2/her2, spr/hpr, spr2/hpr2;
       kernels/generic/l2sym_loops.h) prefetches a long column for writing this many bytes ahead
       when the triangle has more bytes than l2_rank_pf_min (0: the last-level cache's size),
       _real for s/d, _cplx for c/z (their columns run a different loop); 0: the hardware
       prefetcher alone */
    unsigned l2_rank_pf_real, l2_rank_pf_cplx;
    double l2_rank_pf_min;
    /* The GEMM engine splits C into a grid of m-ways x n-ways (rows outer, columns of each B
       block inner), preferring m-ways (they pack no A twice): each m-way gets at least
       thread_m_tiles MR-row tiles, each n-way at least thread_n_tiles NR-column tiles. */
    unsigned thread_m_tiles, thread_n_tiles;

    /* ---- choices ---- */
    enum nb_tune_bf16 bf16;
    /* Kernel set to use where it runs (NULL: the best supported). The tile comes with the set:
       every set has one register tile per type at run time (the avx2 12x4 / 24x4 candidates
       are compiled only with NB_AVX2_TUNE), so choosing a set is choosing its tiles. */
    const char *prefer_set;
} nb_tuning;

#endif
