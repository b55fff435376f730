/* The microarchitecture table (arch/uarch.c): which tuning entry a CPU gets. Internal to arch/. */
#ifndef NB_ARCH_UARCH_H
#define NB_ARCH_UARCH_H

#include <stdint.h>

#include "arch/cpu.h"
#include "arch/tuning.h"

#define NB_UARCH_MODEL_RANGES 6
#define NB_F(f) ((uint64_t)1 << (f))

typedef struct {
    const char *name;   /* what NANOBLAS_UARCH takes and NANOBLAS_VERBOSE=1 prints */
    const char *vendor; /* x86 cpuid vendor string; NULL: any */
    const char *arch;   /* "x86_64" / "aarch64"; NULL: any */
    unsigned family;    /* x86 display family; aarch64 MIDR implementer */
    unsigned models[NB_UARCH_MODEL_RANGES][2]; /* inclusive model (aarch64: part) ranges */
    uint64_t fallback_features; /* an unknown model of this vendor with these features gets
                                   this entry (0: never) */
    const char *measured;       /* where the values come from ("not measured here" if not) */
    nb_tuning tune;
} nb_uarch;

/* All entries; the last is the default, which matches any CPU. */
const nb_uarch *nb_uarch_table(size_t *count);
/* The entry for this CPU; *how says by which rule it matched. */
const nb_uarch *nb_uarch_match(const nb_cpu_info *cpu, const char **how);
/* The entry of that name (case-insensitive), or NULL. */
const nb_uarch *nb_uarch_find(const char *name);

#endif
