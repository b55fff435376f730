/* OpenBLAS's information API, so that tools written for OpenBLAS identify nanoblas when it is
   loaded under the OpenBLAS name. threadpoolctl reads the version as the second word of
   openblas_get_config(), the architecture from openblas_get_corename(), the threading layer from
   openblas_get_parallel() and the thread count from openblas_get_num_threads() (the last two are
   in threading/threads.c). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "blas/nb_common.h"
#include "kernels/kernel.h"
#include "nanoblas.h"

/* The largest count openblas_set_num_threads accepts (threading/threads.c caps requests there). */
#define NB_MAX_THREADS 1024

#ifdef _OPENMP
#define NB_THREADING_WORD "USE_OPENMP"
#else
#define NB_THREADING_WORD "NO_THREADING"
#endif

/* OpenBLAS returns `char *` to static text; so do these (callers must not write to it). Built once:
   the kernel set is fixed at load. */
static char config_text[160];
static char corename_text[32];
static pthread_once_t info_once = PTHREAD_ONCE_INIT;

static void build_info(void)
{
    if (!nb_rt.kset)
        nb_init();
    const char *set = nanoblas_get_kernel_set();
    snprintf(corename_text, sizeof corename_text, "%s", set ? set : "unknown");
    /* "OpenBLAS <version> <core> ..." is OpenBLAS's own layout: parsers take word 2 as version */
    snprintf(config_text, sizeof config_text, "OpenBLAS nanoblas-%s %s MAX_THREADS=%d %s",
             NANOBLAS_VERSION, corename_text, NB_MAX_THREADS, NB_THREADING_WORD);
}

NB_EXPORT char *openblas_get_config(void)
{
    pthread_once(&info_once, build_info);
    return config_text;
}

NB_EXPORT char *openblas_get_corename(void)
{
    pthread_once(&info_once, build_info);
    return corename_text;
}

NB_EXPORT int openblas_get_num_procs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)(n > 1 << 20 ? 1 << 20 : n) : 1;
}

/* Fortran-callable forms (OpenBLAS exports them for Fortran programs: no arguments, INTEGER
   result) and GotoBLAS's old name of the processor count. */
NB_EXPORT int openblas_get_num_procs_(void) { return openblas_get_num_procs(); }
NB_EXPORT int openblas_get_num_threads_(void) { return openblas_get_num_threads(); }
NB_EXPORT int openblas_get_parallel_(void) { return openblas_get_parallel(); }
NB_EXPORT int goto_get_num_procs(void) { return openblas_get_num_procs(); }
