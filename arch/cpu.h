/* What arch/ knows about the CPU: identity, usable instruction-set features and cache sizes.
   Filled once at load (arch/runtime.c) and read-only afterwards. Internal to the library. */
#ifndef NB_ARCH_CPU_H
#define NB_ARCH_CPU_H

#include <stddef.h>
#include <stdint.h>

/* One bit per feature. A bit is set only when the CPU has the feature AND the operating system
   lets user code use it (x86: the register state is enabled in XCR0), so a kernel set whose
   predicate holds can run without faulting. Names (nb_cpu_feature_name) follow the Linux
   /proc/cpuinfo spelling where one exists. */
enum nb_cpu_feature {
    /* x86-64 */
    NB_CPU_SSE,
    NB_CPU_SSE2,
    NB_CPU_SSE3,
    NB_CPU_SSSE3,
    NB_CPU_SSE4_1,
    NB_CPU_SSE4_2,
    NB_CPU_AVX,
    NB_CPU_AVX2,
    NB_CPU_FMA,
    NB_CPU_F16C,
    NB_CPU_AVX512F,
    NB_CPU_AVX512BW,
    NB_CPU_AVX512DQ,
    NB_CPU_AVX512VL,
    NB_CPU_AVX512_BF16,
    NB_CPU_AVX512_FP16,
    NB_CPU_AMX_TILE,
    NB_CPU_AMX_BF16,
    NB_CPU_AMX_INT8,
    /* aarch64 */
    NB_CPU_ASIMD,
    NB_CPU_ASIMDDP,
    NB_CPU_ASIMDHP,
    NB_CPU_SVE,
    NB_CPU_SVE2,
    NB_CPU_BF16,
    NB_CPU_I8MM,
    NB_CPU_SVEBF16,
    NB_CPU_SVEI8MM,
    NB_CPU_NFEATURES
};

typedef struct {
    const char *arch;     /* "x86_64", "aarch64" or "other" */
    char vendor[16];      /* e.g. "GenuineIntel", "AuthenticAMD", "ARM" */
    char brand[64];       /* marketing name, or a description of the part when there is none */
    unsigned family, model, stepping; /* x86 display family/model; aarch64: implementer/part/rev */
    uint64_t features;    /* bit (1 << enum nb_cpu_feature) */
    int amx_requested;    /* x86 Linux: the AMX tile-state permission was asked for */
    int amx_permitted;    /* ... and granted (AMX instructions may run in this process) */
    unsigned sve_vl;      /* SVE vector length in bytes, 0 without SVE */
    size_t l1d, l2, l3;   /* data/unified cache size per level in bytes (0 = not found) */
    size_t line;          /* cache line size in bytes */
    const char *cache_source; /* where the cache sizes came from: "cpuid", "sysfs", "default" */
} nb_cpu_info;

static inline int nb_cpu_has(const nb_cpu_info *cpu, enum nb_cpu_feature f)
{
    return (int)((cpu->features >> f) & 1);
}

const char *nb_cpu_feature_name(enum nb_cpu_feature f);

/* Architecture-specific detection; each is a no-op (returns 0) on other architectures.
   They fill identity, features and, when the hardware reports them, the cache sizes. */
int nb_cpu_detect_x86(nb_cpu_info *cpu);
int nb_cpu_detect_arm(nb_cpu_info *cpu);

/* Cache sizes from /sys/devices/system/cpu/cpu0/cache (Linux). Fills only the fields still 0.
   Returns 1 if it found anything. */
int nb_cpu_caches_sysfs(nb_cpu_info *cpu);

/* Full detection: identity, features, caches (hardware, then sysfs, then defaults). */
void nb_cpu_detect(nb_cpu_info *cpu);

/* The detected CPU (valid after nb_init). */
const nb_cpu_info *nb_cpu(void);

#endif
