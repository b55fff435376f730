/* GEMM cache blocking from the detected caches and the register tile (Low et al., TOMS 2016;
   NOTES.md section 2). The macro-kernel runs jr outside ir, so one B micro-panel (KC x NR) is
   reused by every A micro-panel of the block and should stay in L1, while the A micro-panels
   (MR x KC each) stream from L2. With e = element size in bytes (complex elements count twice):

     KC = (3/8 L1d) / (NR * e)          the B micro-panel fills 3/8 of L1d (the rest takes the
                                        streaming A panel lines and the C tile), rounded down
                                        to a multiple of 8, clamped to [64, 1024]
     MC = (L2 / 3) / (KC * e)           the packed A block fills a third of L2 (the B panels of
                                        the block and the C tiles stream through the rest),
                                        rounded down to a multiple of MR, clamped to [MR, ~4096]
     NC = min(L3 / 2, 3 L2) / (KC * e)  the packed B block fits half of L3 but at most three
                                        L2s (half of L2 when there is no L3), rounded down to
                                        a multiple of NR, clamped to [NR, ~8192]

   The engine (blas/level3/gemm.tmpl.c) splits K into blocks of nearly equal length <= KC and,
   when they are shorter than KC (small k), widens MC and NC in proportion, keeping the bytes.

   Measured candidates (Zen 4 EPYC, L1d 32 KiB, L2 1 MiB, L3 32 MiB; one core, taskset -c 1,
   2048^3 NN; medians of 9 interleaved samples, each normalised by an FMA-peak loop run just
   before it; ratio to OpenBLAS 0.3.21 in the same run, OPENBLAS_CORETYPE=Haswell for the avx2
   set; the VM's noise is about +-2% on these ratios). MC/KC: ratio.
     avx512 d 32x6:  192/336 1.019  384/336 1.042  128/512 1.034  256/512 1.014  512/512 1.006
                     96/768 1.045  160/768 1.028  320/768 1.026  256/256 1.049
     avx512 s 64x6:  192/680 1.072  384/680 1.099  256/512 1.099  512/512 1.112  768/512 1.099
                     128/1024 1.109  256/1024 1.106  512/1024 1.114  384/336 1.094
     avx2 d 8x6:     192/336 0.991  384/336 1.039  768/336 1.027  256/512 1.024  512/512 1.030
                     768/512 1.023  256/768 0.993  768/768 1.015  1536/512 1.028
     avx2 s 16x6:    192/680 1.045  384/680 1.062  768/680 1.070  256/512 1.054  512/512 1.050
                     768/512 1.062  768/1024 1.030  256/1024 1.058  1536/512 1.054
   The plateau is flat (KC 256..1024 within the noise); what stands out is that an A block of
   half of L2 (the former rule: 192/336 and 192/680, the first column) is the worst or nearly
   the worst for every set, and a full L2 (384/336, 384/680: this rule) is within the noise of
   the best. The same rule therefore serves both tile shapes; the avx2 set no longer needs
   larger blocks (768/512 before) since its micro-kernel prefetches the B micro-panel.

   Sapphire Rapids-class Xeon (KVM, L1d 48 KiB, L2 2 MiB, 2 cores; one bench run per line,
   nanoblas / OpenBLAS 0.3.21 at 2048^3, quick medians): the full-L2 rule above gave d 512/512
   at 0.83x (sgemm 512/1024 0.83x); MC/KC d 192/512 1.075, 160/512 1.074, 96/512 1.063,
   192/384 1.112, 128/384 1.039, 128/1024 1.042, 64/1024 1.074, 128/688 1.06-1.11;
   s 192/512 1.052, 256/384 1.051, 384/384 1.049, 192/768 1.047, 128/768 1.027. Intel's L2 is
   not the last stop before memory for A: it evicts into a non-inclusive L3, and the B panel
   lines and C tiles that pass through L2 push a full-L2 A block out. Hence the present rule:
   3/8 of L1d for the B micro-panel, a third of L2 for the A block (d 224/384, s 192/768 there;
   Zen 4: d 160/256, s 128/512, inside that machine's flat region).

   The cap of three L2s on the B block: a server's L3 is shared by all its cores (and, in a VM,
   by other guests, while cpuid reports the whole socket's: 480 MiB on the SPR-class guest),
   so a B block sized from it (NC 8190, 25 MiB for d at KC 384) does not stay resident. In one
   interleaved run there, NC capped at 2046 (a 6 MiB B block, the value this cap gives) ran
   d 3000^3 / 4096^3 / 4096x4096x1024 at 1.02 / 1.05 / 1.05x the uncapped NC, s at
   1.02 / 1.03 / 1.01x (n <= 2048 is unaffected: 2048^3 1.00-1.01x).

   NANOBLAS_MC / NANOBLAS_KC / NANOBLAS_NC replace the computed value for every type; MC and NC
   are rounded up to multiples of MR and NR. */
#include "arch/arch.h"

/* The fractions of L1d (B micro-panel) and L2 (packed A block) the rule fills; compile-time
   overridable so that a candidate rule can be built as a second library and timed against this
   one in the same bench run (bench/README.md). */
#ifndef NB_KC_L1_NUM
#define NB_KC_L1_NUM 3
#define NB_KC_L1_DEN 8
#endif
#ifndef NB_MC_L2_NUM
#define NB_MC_L2_NUM 1
#define NB_MC_L2_DEN 3
#endif

#ifndef NB_NC_MAX
#define NB_NC_MAX 8192
#endif

enum { KC_MIN = 64, KC_MAX = 1024, KC_STEP = 8, MC_MAX = 4096, NC_MAX = NB_NC_MAX };

static size_t round_down(size_t v, size_t m) { return v / m * m; }
static size_t round_up(size_t v, size_t m) { return (v + m - 1) / m * m; }

static size_t clamp(size_t v, size_t lo, size_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* v rounded down to a multiple of step, kept within [step, hi rounded down to a multiple]
   (a tile larger than hi still yields one tile). */
static size_t fit_multiple(size_t v, size_t step, size_t hi)
{
    size_t top = round_down(hi, step);
    if (top < step)
        top = step;
    v = round_down(v, step);
    return clamp(v, step, top);
}

nb_blocking nb_blocking_for(const nb_cpu_info *cpu, size_t esize, int mr, int nr,
                            const nb_block_override *ov)
{
    size_t m = mr > 0 ? (size_t)mr : 1, n = nr > 0 ? (size_t)nr : 1;
    nb_blocking b;

    b.kc = (cpu->l1d * NB_KC_L1_NUM / NB_KC_L1_DEN) / (n * esize);
    b.kc = clamp(round_down(b.kc, KC_STEP), KC_MIN, KC_MAX);
    if (ov->kc)
        b.kc = ov->kc;

    b.mc = fit_multiple((cpu->l2 * NB_MC_L2_NUM / NB_MC_L2_DEN) / (b.kc * esize), m, MC_MAX);
    if (ov->mc)
        b.mc = round_up(ov->mc, m);

    size_t b_block = cpu->l3 ? cpu->l3 / 2 : cpu->l2 / 2;
    if (cpu->l3 && b_block > 3 * cpu->l2)
        b_block = 3 * cpu->l2;
    b.nc = fit_multiple(b_block / (b.kc * esize), n, NC_MAX);
    if (ov->nc)
        b.nc = round_up(ov->nc, n);
    return b;
}
