/* blas_suite: `make bench-blas`, every BLAS routine family against OpenBLAS, BLIS and MKL, one
   process per library (bench/README.md). Shared between the coordinator (blas_suite.c), the
   workers (blas_suite_worker.c, the same executable run as `--worker NAME PATH`) and the routine
   table (blas_suite_ops.c).

   Protocol, one text line each way over the worker's stdin/stdout pipes:
     worker, once:      "ok DESCRIPTION" or "fail REASON"
     coordinator:       "T OP N THREADS MIN_MS"   time routine OP (index into the table) at size N
     worker:            "R SEC_PER_CALL CALLS"    (SEC_PER_CALL -1: the library lacks the
                                                  routine; -2: out of memory; -3: bad request)
     coordinator:       "Q"                       quit */
#ifndef NB_BLAS_SUITE_H
#define NB_BLAS_SUITE_H

#include <stddef.h>
#include <stdio.h>

/* How a routine's operands are laid out, which decides its footprint, its bytes and its flops. */
enum suite_shape {
    SH_V1,     /* one vector x of n (scal, asum, nrm2, iamax) */
    SH_V2,     /* x and y of n (dot, axpy, rot, swap, copy) */
    SH_GE,     /* A n x n full, x, y (gemv, ger) */
    SH_TRI,    /* one triangle of A n x n in full storage (symv, trmv, syr...) */
    SH_PACK,   /* a packed triangle, n(n+1)/2 elements (spmv, tpmv, spr...) */
    SH_GB,     /* general band, kl = ku = SUITE_BAND, lda = 2 SUITE_BAND + 1 (gbmv) */
    SH_SB,     /* symmetric/triangular band, k = SUITE_BAND, lda = SUITE_BAND + 1 */
    SH_L3      /* Level 3 on n x n matrices */
};
#define SUITE_BAND 32

struct suite_op {
    const char *family; /* the routine without its type letter, e.g. "gemv_N", "symv/hemv" */
    char type;          /* s, d, c, z */
    int level;          /* 1, 2, 3 */
    const char *sym;    /* the CBLAS symbol */
    enum suite_shape shape;
    double vecs;        /* vectors of n moved per call (bytes model; see suite_bytes) */
    double mat_rw;      /* times the matrix part is moved: 1 read, 2 read + written */
    double flop_coef;   /* Level 3: flops = flop_coef n^3 (complex: counted as real flops) */
    int drift;          /* 1: the call feeds on its own output (x = T x, x = T^-1 x, B = T B...):
                           the worker restores the operand between batches of calls */
    int diag;           /* 1: a triangular operand; the worker writes 1 on its diagonal */
    int fam_id;         /* index of the family, for the per-family summary */
};

extern const struct suite_op suite_ops[];
extern const int suite_nops;
extern const char *const suite_families[];
extern const int suite_nfamilies;

/* Bytes per element of type t. */
size_t suite_esize(char t);
/* Distinct bytes the call touches at size n (decides which cache level the data sits in). */
double suite_footprint(const struct suite_op *op, long n);
/* Bytes a call moves between the core and memory at size n (reads + writes, no write-allocate,
   as STREAM counts them): the numerator of the achieved bandwidth. */
double suite_bytes(const struct suite_op *op, long n);
/* Flops of one call (Level 3; 0 for Level 1 and 2, which are reported as bandwidth). */
double suite_flops(const struct suite_op *op, long n);
/* The largest n (a multiple of 8, at least 8) whose footprint is at most `bytes`. */
long suite_size_for(const struct suite_op *op, double bytes);

/* Buffer sizes (bytes) a call at size n needs. */
struct suite_need {
    size_t a, b, c, x, y;
};
struct suite_need suite_need_for(const struct suite_op *op, long n);

/* Operands the worker owns; b0 and x0 keep the pristine B and x for the drifting routines. */
struct suite_bufs {
    void *a, *b, *c, *x, *y, *b0, *x0;
};
/* Writes 1 on the diagonal of the triangular operand of op at size n (op->diag only). */
void suite_set_diag(const struct suite_op *op, long n, const struct suite_bufs *b);
/* One call of op through fn (the library's symbol) at size n. */
void suite_call(const struct suite_op *op, void *fn, long n, const struct suite_bufs *b);

/* Stream bandwidth, GB/s (blas_suite_stream.c): kind 0 read, 1 copy, 2 triad, 3 read2. */
#define SUITE_NSTREAM 4
double suite_stream_gbs(int kind, int threads, size_t bytes, int passes);

/* The run, as the coordinator (blas_suite.c) hands it to the report (blas_suite_report.c). */
enum { SUITE_L1, SUITE_L2, SUITE_LLC, SUITE_MEM, SUITE_NCLASS };
extern const char *const suite_class_names[SUITE_NCLASS];
#define SUITE_MAXLIB 8
#define SUITE_MAXT 16
struct suite_row {
    int op, cls, threads;
    long n;
    double sec[SUITE_MAXLIB];  /* median seconds per call; < 0: routine missing or failed */
    long calls[SUITE_MAXLIB];  /* calls in the median sample's library's last sample */
};
struct suite_run {
    int nlibs, nb;             /* nb: index of nanoblas among the libraries, -1 if absent */
    const char *names[SUITE_MAXLIB];
    const char *descs[SUITE_MAXLIB];
    int nrows, reps;
    struct suite_row *rows;
    int threads[SUITE_MAXT], nthreads;
    /* stream bounds, GB/s, per class (LLC and mem) and thread index: the best of all four
       loops (rows that write), and the best read loop (rows that only read) */
    double bound[SUITE_NCLASS][SUITE_MAXT];
    double bound_read[SUITE_NCLASS][SUITE_MAXT];
    double stream[SUITE_NSTREAM][SUITE_NCLASS][SUITE_MAXT]; /* each kind, for the header */
    const char *cpu;
    char header[2048];         /* caches and sizes lines, for the table and CSV */
};
/* Table on stdout, CSV (one line per row and library) and the per-family CSV (NULL: none). */
void suite_report(const struct suite_run *r, FILE *csv, FILE *famcsv);

/* The worker's main loop (blas_suite_worker.c): never returns. */
void suite_worker_main(const char *name, const char *path) __attribute__((noreturn));

#endif
