/* The problem sets batch_bench times, shared with its LIBXSMM adapter (batch_xsmm.c). */
#ifndef BATCH_PROBLEMS_H
#define BATCH_PROBLEMS_H
#include <stddef.h>
#include <stdio.h>

enum { COL = 102, NOTRANS = 111, TRANS = 112 };
#define MAX_GROUPS 4

/* ---- problem lists: independent square column-major GEMMs in groups ---- */
struct plist {
    int dbl, ta, tb;
    int ngroups, gdim[MAX_GROUPS], gsize[MAX_GROUPS];
    size_t np;
    void **A, **B, **C; /* problem i: d x d, ld = d */
    void *blk[3];       /* contiguous storage (strided, compact); NULL: one malloc per operand */
    double *ref;        /* reference C, problems back to back */
    size_t *off;        /* problem i's offset in ref */
    double flops;
    /* the batch interface's per-group arrays */
    int gta[MAX_GROUPS], gtb[MAX_GROUPS];
    float sab[MAX_GROUPS];
    double dab[MAX_GROUPS];
};
/* ---- the batch-reduce problem: C = sum_i op(A_i) op(B_i), fp32 ---- */
enum { BR_DIM = 64, BR_COUNT = 32 };
struct brprob {
    int ta, tb;
    float *A, *B, *C; /* BR_COUNT blocks of BR_DIM^2 each, back to back; C one block */
    double ref[BR_DIM * BR_DIM];
};

#ifdef BATCH_BENCH_LIBXSMM
/* batch_xsmm.c: LIBXSMM's JIT kernels on the same problems; -1 where it has no kernel. */
void xsmm_init(void);
void xsmm_describe(FILE *out); /* one "# libxsmm ..." header line */
int xsmm_run(const struct plist *p, int threads);
int xsmm_br_run(struct brprob *b);
#endif
#endif
