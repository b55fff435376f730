/* Temporary: selects the generic kernel set with fixed block sizes (replaced by CPU detection). */
#include "kernels/kernel.h"
#include "blas/nb_common.h"

nb_runtime nb_rt;

void nb_init(void)
{
    nb_rt.kset = &nb_kernels_generic;
    nb_rt.s = (nb_blocking){256, 256, 4096};
    nb_rt.d = (nb_blocking){128, 256, 4096};
    nb_rt.c = (nb_blocking){128, 256, 4096};
    nb_rt.z = (nb_blocking){64, 256, 2048};
}

__attribute__((constructor)) static void nb_init_at_load(void) { nb_init(); }

NB_EXPORT const char *nanoblas_get_config(void) { return "nanoblas (generic)\n"; }
