/* The microarchitecture table: one tuning entry (arch/tuning.h) per CPU nanoblas knows, matched
   once at load by vendor, family and model, else by vendor and features, else the default entry.
   BLIS keeps one config/<cpu>/ setup file per CPU that overrides a reference context; here each
   entry starts from NB_TUNE_DEFAULTS and overrides what differs.

   Each entry says where its values come from: "measured" entries were timed on that CPU with
   bench/ (docs/PERFORMANCE.md has the runs); the others carry starting values from the vendor's
   optimisation guide, the cache sizes and the anchors' published tuning (BLIS config/<cpu>,
   OpenBLAS param.h), marked "not measured here". */
#include <string.h>
#include <strings.h>

#include "arch/uarch.h"

/* Entries are the defaults followed by the fields that differ: a designated initialiser that
   overrides an earlier one is the point here, not a mistake. */
#pragma GCC diagnostic ignored "-Woverride-init"

/* l1_par_min_elems: a Level 1 thread per this many vector elements touched (reads + writes, in
   reals): 64 Ki doubles = 512 KiB, one Zen 3 L2, so that a second thread starts where the data
   outgrow one core's L2 (not measured reliably: the 2-core guest was shared when it was set).
   The values the library used before the table existed (tuned on a Sapphire Rapids-class Xeon;
   blocking rule and cut-offs: docs/PERFORMANCE.md); the default entry is exactly these. */
#define NB_TUNE_DEFAULTS                                                                          \
    .kc_l1_num = 3, .kc_l1_den = 8, .mc_l2_num = 1, .mc_l2_den = 3, .nc_l2_cap = 3,               \
    .small_dim_s = 192, .small_dim_d = 128, .m_skinny = 128, .n_skinny = 64,                      \
    .m_skinny_l2_bytes = 512u << 10, .n_skinny_kb = 64, .n_skinny_row_bytes = 384,                \
    .gemm3m_min = 128,                                                                            \
    .pf_a_steps = 0, .pf_b_steps = 0, .par_min_flops = 4.0e6, .stream_min_elems = 32768.0,        \
    .l1_par_min_elems = 65536.0, .l1_prefetch = 1, .thread_m_tiles = 2, .thread_n_tiles = 4,     \
    .copy_stream_pages = 4, .l2_rank_pf_real = 4096, .l2_rank_pf_cplx = 4096,                     \
    .bf16 = NB_BF16_AUTO

/* Zen 4 blocking measured on Zen 4 (arch/blocking.c history, docs/PERFORMANCE.md): the B
   micro-panel in half of L1d and the packed A block in all of L2 (AMD's L2 is the last private
   level and holds A; 384/336 d, 384/680 s), within the noise of the best candidates there;
   Zen 5 starts from it. */
#define NB_TUNE_AMD_BLOCKING .kc_l1_num = 1, .kc_l1_den = 2, .mc_l2_num = 1, .mc_l2_den = 1

#define MODELS(...) .models = {__VA_ARGS__}
#define R(lo, hi) {(lo), (hi)}

static const nb_uarch table[] = {
    /* ---- AMD (family 0x19 = Zen 3 and Zen 4, 0x1a = Zen 5) ---- */
    {.name = "zen3", .vendor = "AuthenticAMD", .family = 0x19,
     MODELS(R(0x00, 0x0f), R(0x20, 0x2f), R(0x40, 0x5f)),
     /* measured: with its 512 KiB L2 the Intel-style rule (d MC/KC 80/256) ran level with or
        ahead of the Zen 4 rule (192/336) and of MC 128-512 x KC 256-512; prefetch distances
        8-64 k steps were all within the noise; n-skinny shapes ran faster in the packed engine
        than in the no-packing path at every n tried (4096 x {4,16,40} x 4096 d: 0.83/0.66/0.61x
        OpenBLAS direct, 0.96/0.90/0.91x engine; s at n = 16 0.74x / 0.87x), hence n_skinny 0
        (docs/PERFORMANCE.md, "AMD EPYC Zen 3"). ?copy past the caches in one stream: four
        pages side by side ran 3.9 GB/s on a 64 MiB copy, one stream 30, plain stores 17. The
        rank updates from memory (1 thread, bench-blas mem rows, against 4096 bytes ahead): the
        real types fastest with no software prefetch (ssyr, dsyr, ?syr2, dspr2 1.1-1.3x), the
        complex ones 1024 bytes ahead (cher, zher, chpr, zhpr 1.06-1.13x; her2/hpr2 0.93-1.02x) */
     .measured = "measured (AMD EPYC Zen 3, family 0x19 model 0x01; docs/PERFORMANCE.md)",
     .tune = {NB_TUNE_DEFAULTS, .n_skinny = 0, .copy_stream_pages = 1, .l2_rank_pf_real = 0,
              .l2_rank_pf_cplx = 1024}},
    {.name = "zen4", .vendor = "AuthenticAMD", .family = 0x19,
     MODELS(R(0x10, 0x1f), R(0x60, 0x7f), R(0xa0, 0xaf)),
     .fallback_features = NB_F(NB_CPU_AVX512F),
     .measured = "blocking measured on Zen 4 in an earlier session (docs/PERFORMANCE.md); "
                 "not re-measured with the table",
     /* VDPBF16PS runs at the FMA rate on Zen 4 (NOTES.md): use it. The half-width Level 1
        loops of long calls (arch/tuning.h): dot from 64 KiB a vector (its calls are then chunks
        of L3- or memory-sized vectors), real axpy and scal from 16 KiB */
     .tune = {NB_TUNE_DEFAULTS, NB_TUNE_AMD_BLOCKING, .bf16 = NB_BF16_DPBF16,
              .l1_dot_short_min = 65536.0, .l1_axpy_short_min = 16384.0}},
    {.name = "zen5", .vendor = "AuthenticAMD", .family = 0x1a, MODELS(R(0x00, 0xff)),
     .measured = "blocking not measured here (Zen 4 values; 48 KiB L1d, full-width AVX-512); "
                 "stream_min_elems measured on a Zen 5 guest (docs/PERFORMANCE.md)",
     /* a second thread from 32 Ki elements instead of 64 Ki: the Level 2 rows of 60-64 Ki
        elements (L2-sized) ran on one thread at 0.54-0.69x OpenBLAS's two (dgbmv, dtbmv, zgeru,
        dtpmv); with 16384 at 0.87-1.14x, the same run's other rows level (bench-blas) */
     .tune = {NB_TUNE_DEFAULTS, NB_TUNE_AMD_BLOCKING, .stream_min_elems = 16384.0,
              .bf16 = NB_BF16_DPBF16}},
    {.name = "zen2", .vendor = "AuthenticAMD", .family = 0x17, MODELS(R(0x00, 0xff)),
     .fallback_features = NB_F(NB_CPU_AVX2),
     .measured = "not measured here (Zen 3 values; 512 KiB L2, two 256-bit FMA pipes)",
     .tune = {NB_TUNE_DEFAULTS, .copy_stream_pages = 1, .l2_rank_pf_real = 0,
              .l2_rank_pf_cplx = 1024}},

    /* ---- Intel (family 6) ---- */
    {.name = "sapphirerapids", .vendor = "GenuineIntel", .family = 6,
     MODELS(R(0x8f, 0x8f), R(0xcf, 0xcf)), /* Sapphire Rapids, Emerald Rapids */
     .fallback_features = NB_F(NB_CPU_AMX_TILE),
     .measured = "measured (Sapphire Rapids-class Xeon, earlier sessions; docs/PERFORMANCE.md)",
     /* VDPBF16PS runs at half the fp32 FMA rate there: widen when AMX is not used. No Level 1
        software prefetch: on a Sapphire Rapids-class guest (model 0xa7) it cost ddot from L2
        6-12% and daxpy from memory 5-8% against the hardware prefetcher alone (stand-alone
        loops; docs/PERFORMANCE.md, Level 1 and Level 2 on this CPU) */
     .tune = {NB_TUNE_DEFAULTS, .bf16 = NB_BF16_WIDEN, .l1_prefetch = 0}},
    {.name = "graniterapids", .vendor = "GenuineIntel", .family = 6,
     MODELS(R(0xad, 0xae)),
     .measured = "not measured here (Sapphire Rapids values; 48 KiB L1d, 2 MiB L2)",
     .tune = {NB_TUNE_DEFAULTS, .bf16 = NB_BF16_WIDEN, .l1_prefetch = 0}},
    {.name = "icelake", .vendor = "GenuineIntel", .family = 6,
     MODELS(R(0x6a, 0x6a), R(0x6c, 0x6c), R(0x7d, 0x7e)),
     .measured = "not measured here (Sapphire Rapids rule; 48 KiB L1d, 1.25 MiB L2)",
     .tune = {NB_TUNE_DEFAULTS}},
    {.name = "skylakex", .vendor = "GenuineIntel", .family = 6,
     MODELS(R(0x55, 0x55)), /* Skylake-SP/X, Cascade Lake, Cooper Lake */
     .fallback_features = NB_F(NB_CPU_AVX512F),
     .measured = "not measured here (Sapphire Rapids rule; 32 KiB L1d, 1 MiB L2)",
     .tune = {NB_TUNE_DEFAULTS}},

    /* ---- Arm Neoverse (implementer 0x41; no ARM hardware here: all starting values) ---- */
    {.name = "neoverse-n1", .arch = "aarch64", .family = 0x41, MODELS(R(0xd0c, 0xd0c)),
     .measured = "not measured here (64 KiB L1d, 1 MiB L2; neon)",
     .tune = {NB_TUNE_DEFAULTS}},
    {.name = "neoverse-v1", .arch = "aarch64", .family = 0x41, MODELS(R(0xd40, 0xd40)),
     .measured = "not measured here (64 KiB L1d, 1 MiB L2; 256-bit sve)",
     .tune = {NB_TUNE_DEFAULTS}},
    {.name = "neoverse-v2", .arch = "aarch64", .family = 0x41, MODELS(R(0xd4f, 0xd4f)),
     .measured = "not measured here (64 KiB L1d, 1-2 MiB L2; 128-bit sve2)",
     .tune = {NB_TUNE_DEFAULTS}},

    /* last: matches anything */
    {.name = "default", .measured = "the values tuned on Sapphire Rapids before the table",
     .tune = {NB_TUNE_DEFAULTS}},
};

const nb_uarch *nb_uarch_table(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

static int same_identity(const nb_uarch *u, const nb_cpu_info *cpu)
{
    if (u->vendor && strcmp(u->vendor, cpu->vendor) != 0)
        return 0;
    if (u->arch && strcmp(u->arch, cpu->arch) != 0)
        return 0;
    return u->family == cpu->family;
}

const nb_uarch *nb_uarch_match(const nb_cpu_info *cpu, const char **how)
{
    size_t n;
    const nb_uarch *t = nb_uarch_table(&n);
    for (size_t i = 0; i + 1 < n; i++) {
        if (!same_identity(&t[i], cpu))
            continue;
        for (size_t r = 0; r < NB_UARCH_MODEL_RANGES; r++) {
            const unsigned lo = t[i].models[r][0], hi = t[i].models[r][1];
            if ((lo || hi) && cpu->model >= lo && cpu->model <= hi) {
                *how = "family and model";
                return &t[i];
            }
        }
    }
    /* An unknown model of a known vendor: the first entry of that vendor whose fallback
       features the CPU has (newer parts keep the features of the entry they descend from). */
    for (size_t i = 0; i + 1 < n; i++)
        if (t[i].fallback_features && t[i].vendor && strcmp(t[i].vendor, cpu->vendor) == 0 &&
            (cpu->features & t[i].fallback_features) == t[i].fallback_features) {
            *how = "vendor and features";
            return &t[i];
        }
    *how = "no entry for this CPU";
    return &t[n - 1];
}

const nb_uarch *nb_uarch_find(const char *name)
{
    size_t n;
    const nb_uarch *t = nb_uarch_table(&n);
    for (size_t i = 0; name && i < n; i++)
        if (strcasecmp(t[i].name, name) == 0)
            return &t[i];
    return NULL;
}
