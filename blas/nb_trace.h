/* The call trace (NANOBLAS_VERBOSE=2): one line per call of an exported BLAS routine, on stderr,
     nanoblas: <symbol> <key>=<value> ... set=<kernel set> time=<microseconds>us
   Use: one line at the top of the exported routine's body, before any other statement,

     NB_TRACE("transa=%c m=%" NB_TD " lda=%" NB_TD, NB_TR_CH(transa), *m, *lda);

   nothing at the returns: the line is written when the routine's scope is left (GNU C cleanup
   attribute), so every return - early error returns included - ends the trace once, and the
   time covers the whole call. The symbol is __func__, the name of the function being defined,
   which is exactly the exported name (dgemm_, cblas_dgemm, ...) also when a template macro
   produced it. The arguments are evaluated only when tracing is on.

   Cost when off: one load of nb_verbose_level and one predictable branch; the formatting,
   timing and writing live out of line in blas/nb_trace.c. The compiler may keep the arguments
   in callee-saved registers for the cold path (a few pushes and pops): measured on Level 1 calls
   with n = 4, below 1 ns a call.

   Only the outermost exported call on a thread prints: a nanoblas routine that reaches another
   exported routine does so inside the first one's trace, which a thread-local depth counts. */
#ifndef NB_TRACE_H
#define NB_TRACE_H

#include "blas/nb_common.h"

/* The NANOBLAS_VERBOSE level: written once at load by arch/runtime.c (inside the pthread_once
   that also fills nb_rt, before any BLAS call is traced) and read-only afterwards. Global
   because every exported routine reads it on every call, and a getenv per call would cost more
   than a Level 1 routine's arithmetic. */
extern int nb_verbose_level __attribute__((visibility("hidden")));

/* Out of line, cold: start and end a trace. The thread's depth in exported routines decides
   which call prints: the outermost, when it ends. */
void nb_trace_enter(const char *symbol, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), cold, noinline, visibility("hidden")));
void nb_trace_leave(void) __attribute__((cold, noinline, visibility("hidden")));

/* The end tests the flag taken at the start, not the level again: on the path where the flag
   is 0 the compiler then drops the test, and a routine that ends in a call keeps it a tail call. */
static inline __attribute__((always_inline)) void nb_trace_scope_end(const char *traced)
{
    if (__builtin_expect(*traced, 0))
        nb_trace_leave();
}

/* The trace of a routine whose start is the (cold) call enter. */
#define NB_TRACE_WITH(enter)                                                                       \
    __attribute__((cleanup(nb_trace_scope_end))) const char nb_trace_on_ =                         \
        __builtin_expect(nb_verbose_level >= 2, 0) ? ((enter), 1) : 0

#define NB_TRACE(...) NB_TRACE_WITH(nb_trace_enter(__func__, __VA_ARGS__))

/* A routine without dimension arguments (rotg, cabs1, ...): still one key, so that every line
   reads "<symbol> <key>=<value> ... set=..." (the documented pattern). */
#define NB_TRACE0() NB_TRACE("args=none")

#ifndef NB_WIDTH_NEUTRAL /* arch/runtime.c includes this header for nb_verbose_level alone */
/* The grouped batch interfaces (?gemm_batch): group_count= batch_size=<all groups> and, per key,
   the comma-separated values of the groups (group_size=2,5 transa=N,T m=8,16 ...). The transpose
   arrays hold CBLAS enumeration values (trans_chars 0) or Fortran characters (trans_chars 1). */
typedef struct {
    const char *layout; /* "row"/"col", or NULL for the Fortran interface */
    const void *transa, *transb;
    int trans_chars;
    const blasint *m, *n, *k, *lda, *ldb, *ldc;
    blasint group_count;
    const blasint *group_size;
} nb_trace_groups;
void nb_trace_enter_groups(const char *symbol, const nb_trace_groups *g)
    __attribute__((cold, noinline, visibility("hidden")));
#define NB_TRACE_GROUPS(...)                                                                       \
    NB_TRACE_WITH(nb_trace_enter_groups(__func__, &(const nb_trace_groups){__VA_ARGS__}))
#endif

/* A Fortran CHARACTER*1 argument (passed by address): its upper-case letter, '?' when it is
   not a printable character (a bad argument must not break the line). */
static inline char nb_tr_ch(const char *c)
{
    char u = (*c >= 'a' && *c <= 'z') ? (char)(*c - 32) : *c;
    return (u > ' ' && u <= '~') ? u : '?';
}
#define NB_TR_CH(p) nb_tr_ch(p)

/* A CBLAS (or MKL compact) enumeration value as the letter of the Fortran interface. The
   values of the layout, transpose, uplo, diag and side enumerations do not overlap, so one
   table serves all of them. */
static inline char nb_tr_enum(int v)
{
    switch (v) {
    case 111: return 'N'; /* NoTrans */
    case 112: return 'T';
    case 113: return 'C';
    case 114: return 'R'; /* ConjNoTrans (OpenBLAS's ?omatcopy, ?gemmt) */
    case 121: return 'U'; /* Upper */
    case 122: return 'L';
    case 131: return 'N'; /* NonUnit */
    case 132: return 'U';
    case 141: return 'L'; /* Left */
    case 142: return 'R';
    case 151: return 'P'; /* CblasPacked (the bf16 pack-compute interface) */
    default: return '?';
    }
}
#define NB_TR_E(v) nb_tr_enum((int)(v))

/* layout=row|col (CBLAS only). */
static inline const char *nb_tr_layout(int v) { return v == 101 ? "row" : v == 102 ? "col" : "?"; }
#define NB_TR_LAYOUT(v) nb_tr_layout((int)(v))

#endif
