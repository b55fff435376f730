/* GEMM cache blocking from the detected caches and the register tile (Low et al., TOMS 2016;
   NOTES.md section 2). The macro-kernel runs jr outside ir, so one B micro-panel (KC x NR) is
   reused by every A micro-panel of the block and must stay in L1, while the A micro-panels
   (MR x KC each) stream from L2. With e = element size in bytes (complex elements count twice):

     KC = (L1d / 2) / (NR * e)          the B micro-panel fills half of L1d (the other half takes
                                        the streaming A panel lines and the C tile), rounded
                                        down to a multiple of 8, clamped to [64, 1024]
     MC = (L2 / 2) / (KC * e)           the packed A block fills about half of L2,
                                        rounded down to a multiple of MR, clamped to [MR, ~4096]
     NC = (L3 / 2) / (KC * e)           the packed B block fits half of L3 (or of L2 when there
                                        is no L3), rounded down to a multiple of NR, clamped to
                                        [NR, ~8192]

   NANOBLAS_MC / NANOBLAS_KC / NANOBLAS_NC replace the computed value for every type; MC and NC
   are rounded up to multiples of MR and NR. */
#include "arch/arch.h"

enum { KC_MIN = 64, KC_MAX = 1024, KC_STEP = 8, MC_MAX = 4096, NC_MAX = 8192 };

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

    b.kc = (cpu->l1d / 2) / (n * esize);
    b.kc = clamp(round_down(b.kc, KC_STEP), KC_MIN, KC_MAX);
    if (ov->kc)
        b.kc = ov->kc;

    b.mc = fit_multiple((cpu->l2 / 2) / (b.kc * esize), m, MC_MAX);
    if (ov->mc)
        b.mc = round_up(ov->mc, m);

    size_t last_level = cpu->l3 ? cpu->l3 : cpu->l2;
    b.nc = fit_multiple((last_level / 2) / (b.kc * esize), n, NC_MAX);
    if (ov->nc)
        b.nc = round_up(ov->nc, n);
    return b;
}
