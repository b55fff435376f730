/* GEMM cache blocking from the detected caches, the register tile and the microarchitecture's
   tuning entry (Low et al., TOMS 2016; NOTES.md section 2). The macro-kernel runs jr outside ir,
   so one B micro-panel (KC x NR) is reused by every A micro-panel of the block and should stay in
   L1, while the A micro-panels (MR x KC each) stream from L2. With e = element size in bytes
   (complex elements count twice) and the entry's fractions (arch/tuning.h):

     KC = (kc_l1 L1d) / (NR * e)        rounded down to a multiple of 8, clamped to [64, 1024]
     MC = (mc_l2 L2) / (KC * e)         rounded down to a multiple of MR, clamped to [MR, ~4096]
     NC = min(L3 / 2, nc_l2_cap L2) / (KC * e)   (half of L2 without an L3), a multiple of NR,
                                        clamped to [NR, ~8192]

   Intel's L2 evicts into a non-inclusive L3 and the B panel lines and C tiles that pass through
   it push a full-L2 A block out, so Intel entries fill a third of it; the Zen 4/5 entries fill
   all of their 1 MiB L2 (measured on Zen 4), Zen 2/3 (512 KiB) keep the third (measured on Zen 3).
   The L3 cap: a server's L3 is shared by every core (and guest), while cpuid reports the whole
   socket's, so a B block sized from it does not stay resident. An entry may also give explicit
   sizes for s and d (measured ones). The measurements behind each rule: docs/PERFORMANCE.md,
   one section per CPU.

   The engine (blas/level3/gemm.tmpl.c) splits K into blocks of nearly equal length <= KC and,
   when they are shorter than KC (small k), widens MC and NC in proportion, keeping the bytes.
   NANOBLAS_MC / NANOBLAS_KC / NANOBLAS_NC replace the computed value for every type; MC and NC
   are rounded up to multiples of MR and NR. */
#include "arch/arch.h"

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

nb_blocking nb_blocking_for(const nb_cpu_info *cpu, const nb_tuning *tu, size_t esize, int mr,
                            int nr, const nb_tune_blocks *fixed, const nb_block_override *ov)
{
    size_t m = mr > 0 ? (size_t)mr : 1, n = nr > 0 ? (size_t)nr : 1;
    nb_blocking b;

    b.kc = (cpu->l1d * tu->kc_l1_num / tu->kc_l1_den) / (n * esize);
    b.kc = clamp(round_down(b.kc, KC_STEP), KC_MIN, KC_MAX);
    if (fixed && fixed->kc)
        b.kc = fixed->kc;
    if (ov->kc)
        b.kc = ov->kc;

    b.mc = fit_multiple((cpu->l2 * tu->mc_l2_num / tu->mc_l2_den) / (b.kc * esize), m, MC_MAX);
    if (fixed && fixed->mc)
        b.mc = round_up(fixed->mc, m);
    if (ov->mc)
        b.mc = round_up(ov->mc, m);

    size_t b_block = cpu->l3 ? cpu->l3 / 2 : cpu->l2 / 2;
    if (cpu->l3 && tu->nc_l2_cap && b_block > tu->nc_l2_cap * cpu->l2)
        b_block = tu->nc_l2_cap * cpu->l2;
    b.nc = fit_multiple(b_block / (b.kc * esize), n, NC_MAX);
    if (fixed && fixed->nc)
        b.nc = round_up(fixed->nc, n);
    if (ov->nc)
        b.nc = round_up(ov->nc, n);
    return b;
}
