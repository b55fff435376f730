/* The registry of kernel sets compiled into this build, best first, each with the CPU test that
   must hold before it may run. Adding a set (kernels/<isa>/ defining nb_kernels_<isa>) is one
   table line inside its NB_BUILD_<ISA> block. */
#include "arch/arch.h"
#include "nb_config.h"

/* Declared here rather than in kernels/kernel.h so that a declaration alone never creates a link
   dependency: only a table entry references the symbol. */
#if NB_BUILD_AMX
extern const nb_kernel_set nb_kernels_amx;
#endif
#if NB_BUILD_AVX512
extern const nb_kernel_set nb_kernels_avx512;
#endif
#if NB_BUILD_AVX2
extern const nb_kernel_set nb_kernels_avx2;
#endif
#if NB_BUILD_SVE
extern const nb_kernel_set nb_kernels_sve;
#endif
#if NB_BUILD_NEON
extern const nb_kernel_set nb_kernels_neon;
#endif

static int has(const nb_cpu_info *cpu, enum nb_cpu_feature f) { return nb_cpu_has(cpu, f); }

static int runs_avx2(const nb_cpu_info *cpu)
{
    return has(cpu, NB_CPU_AVX) && has(cpu, NB_CPU_AVX2) && has(cpu, NB_CPU_FMA);
}

/* The avx512 objects are built with -mavx512bf16 too (Makefile FLAGS_avx512), but the set must
   also run on AVX-512 CPUs without BF16 (Skylake-X, Ice Lake): its bf16 paths must test
   NB_CPU_AVX512_BF16 themselves (at load), not rely on this predicate. */
static int runs_avx512(const nb_cpu_info *cpu)
{
    return runs_avx2(cpu) && has(cpu, NB_CPU_AVX512F) && has(cpu, NB_CPU_AVX512BW) &&
           has(cpu, NB_CPU_AVX512DQ) && has(cpu, NB_CPU_AVX512VL);
}

/* AMX additionally needs the OS permission that arch/cpu_x86.c requested at load. */
static int runs_amx(const nb_cpu_info *cpu)
{
    return runs_avx512(cpu) && has(cpu, NB_CPU_AVX512_BF16) && has(cpu, NB_CPU_AMX_TILE) &&
           has(cpu, NB_CPU_AMX_BF16) && cpu->amx_permitted;
}

static int runs_neon(const nb_cpu_info *cpu) { return has(cpu, NB_CPU_ASIMD); }

static int runs_sve(const nb_cpu_info *cpu)
{
    return runs_neon(cpu) && has(cpu, NB_CPU_SVE) && cpu->sve_vl >= 16;
}

static int runs_anywhere(const nb_cpu_info *cpu)
{
    (void)cpu;
    return 1;
}

static const nb_kset_entry table[] = {
#if NB_BUILD_AMX
    {&nb_kernels_amx, runs_amx},
#endif
#if NB_BUILD_AVX512
    {&nb_kernels_avx512, runs_avx512},
#endif
#if NB_BUILD_AVX2
    {&nb_kernels_avx2, runs_avx2},
#endif
#if NB_BUILD_SVE
    {&nb_kernels_sve, runs_sve},
#endif
#if NB_BUILD_NEON
    {&nb_kernels_neon, runs_neon},
#endif
    {&nb_kernels_generic, runs_anywhere},
};

/* Until their table entries are enabled, the predicates are unused; keep them compiled (and
   warning-free) so they cannot rot. */
static int (*const predicates_kept[])(const nb_cpu_info *) __attribute__((unused)) = {
    runs_avx2, runs_avx512, runs_amx, runs_neon, runs_sve,
};

const nb_kset_entry *nb_kset_table(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}
