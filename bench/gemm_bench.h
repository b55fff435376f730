/* gemm_bench's shared declarations (gemm_bench.c: the measurements and the output;
   gemm_bench_args.c: the options). */
#ifndef GEMM_BENCH_H
#define GEMM_BENCH_H
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench_libs.h"

/* CBLAS enumeration values (the standard ones; every CBLAS uses them; the layouts are in
   shapes.h). */
enum { NO_TRANS = 111, TRANS = 112, CONJ_TRANS = 113 };

typedef void (*sgemm_fn)(int, int, int, int, int, int, float, const float *, int, const float *,
                         int, float, float *, int);
typedef void (*dgemm_fn)(int, int, int, int, int, int, double, const double *, int,
                         const double *, int, double, double *, int);
/* cblas_cgemm and cblas_zgemm: alpha and beta by pointer, operands of interleaved (re, im)
   pairs. */
typedef void (*xgemm_fn)(int, int, int, int, int, int, const void *, const void *, int,
                         const void *, int, const void *, void *, int);

#define MAX_LIBS 16
#define MAX_THREADS_LIST 64
#define MAX_TRANS 9 /* every pair of N, T, C */
#define MAX_SAMPLES 1000

struct lib {
    char name[64];
    char path[PATH_MAX];
    void *h;
    sgemm_fn sgemm;
    dgemm_fn dgemm;
    xgemm_fn cgemm, zgemm;
    struct bench_setter set;
    char info[512];
    int is_nanoblas;
};

extern struct lib libs[MAX_LIBS];
extern int nlibs;
extern int g_no_deepbind; /* --no-deepbind */
extern int g_gemm3m;      /* --gemm3m: c and z call cblas_cgemm3m / cblas_zgemm3m */

struct bench_options {
    int types[4]; /* 's' / 'd' / 'c' / 'z' in order */
    int ntypes;
    char trans[MAX_TRANS][2]; /* 'N', 'T' or 'C' */
    int ntrans;
    int layouts[2];
    int nlayouts;
    int threads[MAX_THREADS_LIST];
    int nthreads;
    int fixed_reps;
    int min_reps, max_reps;
    double budget;
    double min_sample;
    int ld_pad;
    int verify;
    int settle_ms;
    int keep_env;
    int no_peak;
    size_t bw_bytes;
    const char *csv;
    uint64_t seed;
};
extern struct bench_options opt;

/* an error message and exit(2); a progress note on stderr */
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the CPUs this process may run on */
int cpus_usable(void);
/* the options into opt, the libraries into libs[] (nanoblas first); exits on an error */
void parse_args(int argc, char **argv);

#endif
