/* Internal interface between the parts of arch/: the kernel-set registry and the block-size
   rules. The result of both is published through nb_rt (kernels/kernel.h). */
#ifndef NB_ARCH_ARCH_H
#define NB_ARCH_ARCH_H

#include "arch/cpu.h"
#include "kernels/kernel.h"

/* One kernel set compiled into this build and the test whether the CPU (and OS) can run it. */
typedef struct {
    const nb_kernel_set *set;
    int (*runs_on)(const nb_cpu_info *cpu);
} nb_kset_entry;

/* The registry, best set first; the last entry is always the generic set. */
const nb_kset_entry *nb_kset_table(size_t *count);

/* Block sizes requested through the environment; 0 = not given. */
typedef struct {
    size_t mc, kc, nc;
} nb_block_override;

/* Block sizes for one element type of esize bytes with an mr x nr register tile, by the tuning
   entry's rule, or its fixed sizes where it gives them (fixed may be NULL). */
nb_blocking nb_blocking_for(const nb_cpu_info *cpu, const nb_tuning *tu, size_t esize, int mr,
                            int nr, const nb_tune_blocks *fixed, const nb_block_override *ov);

#endif
