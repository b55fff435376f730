/* batch_bench's LIBXSMM adapter, built only where pkg-config finds Debian's libxsmm-dev
   (BATCH_BENCH_LIBXSMM, see the Makefile): LIBXSMM is linked in statically, every BLAS is still
   loaded with dlopen by batch_bench.c. */
#include <libxsmm.h>
#include "batch_problems.h"

void xsmm_init(void) { libxsmm_init(); }

void xsmm_describe(FILE *out)
{
    fprintf(out, "# libxsmm %s (static, linked in), JIT target %s; threads: OpenMP dynamic loop\n",
            LIBXSMM_CONFIG_VERSION, libxsmm_get_target_arch());
}

/* One JIT kernel per group, looked up inside the call as a batch routine would; then one loop
   over all the problems (one parallel region, dynamic schedule, at more than one thread). -1 when
   LIBXSMM has no kernel for the case (1.17 has none with A transposed). */
int xsmm_run(const struct plist *p, int threads)
{
    if (p->ta == TRANS)
        return -1;
    int flags = (p->ta == TRANS ? LIBXSMM_GEMM_FLAG_TRANS_A : 0) |
                (p->tb == TRANS ? LIBXSMM_GEMM_FLAG_TRANS_B : 0);
    libxsmm_xmmfunction f[MAX_GROUPS];
    long end[MAX_GROUPS], n = 0;
    for (int g = 0; g < p->ngroups; g++) {
        libxsmm_blasint d = p->gdim[g];
        const double done = 1.0;
        const float sone = 1.0f;
        if (p->dbl)
            f[g].dmm = libxsmm_dmmdispatch(d, d, d, &d, &d, &d, &done, &done, &flags, NULL);
        else
            f[g].smm = libxsmm_smmdispatch(d, d, d, &d, &d, &d, &sone, &sone, &flags, NULL);
        if (!f[g].xmm)
            return -1;
        end[g] = n += p->gsize[g];
    }
#pragma omp parallel for schedule(dynamic, 16) num_threads(threads) if (threads > 1)
    for (long i = 0; i < n; i++) {
        int g = 0;
        while (i >= end[g])
            g++;
        if (p->dbl)
            f[g].dmm(p->A[i], p->B[i], p->C[i]);
        else
            f[g].smm(p->A[i], p->B[i], p->C[i]);
    }
    return 0;
}

int xsmm_br_run(struct brprob *b)
{
    if (b->ta == TRANS)
        return -1; /* no such kernel in 1.17, and its dispatch then dereferences NULL */
    int flags = (b->ta == TRANS ? LIBXSMM_GEMM_FLAG_TRANS_A : 0) |
                (b->tb == TRANS ? LIBXSMM_GEMM_FLAG_TRANS_B : 0);
    libxsmm_blasint d = BR_DIM, stride = BR_DIM * BR_DIM * (libxsmm_blasint)sizeof(float);
    const float one = 1.0f, zero = 0.0f;
    libxsmm_smmfunction_reducebatch_strd f = libxsmm_smmdispatch_reducebatch_strd(
        d, d, d, stride, stride, &d, &d, &d, &one, &zero, &flags, NULL);
    if (!f)
        return -1;
    unsigned long long count = BR_COUNT;
    f(b->A, b->B, b->C, &count);
    return 0;
}
