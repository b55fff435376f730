/* The call trace's out-of-line half (blas/nb_trace.h): formatting, timing and the write.
   Runs only when NANOBLAS_VERBOSE >= 2. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "blas/nb_trace.h"
#include "kernels/kernel.h"

/* Per thread: how deep in exported routines this thread is, and the outermost call's text and
   start time (only the outermost prints, so one slot per thread suffices). Thread-local so that
   concurrent callers neither share a depth nor a line. */
static __thread int trace_depth;
static __thread struct {
    struct timespec start;
    size_t len;
    char text[512];
} trace_line;

/* Room kept at the end of the text for " set=<name> time=<us>us\n". */
enum { TAIL_ROOM = 64 };

/* Appends to the outermost call's text, up to TAIL_ROOM before its end. */
static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    const size_t cap = sizeof trace_line.text - TAIL_ROOM;
    if (trace_line.len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(trace_line.text + trace_line.len, cap - trace_line.len, fmt, ap);
    va_end(ap);
    if (n > 0)
        trace_line.len = trace_line.len + (size_t)n < cap ? trace_line.len + (size_t)n : cap - 1;
}

/* The outermost call starts its clock last, so that the formatting is not part of its time. */
static void start_clock(void) { clock_gettime(CLOCK_MONOTONIC, &trace_line.start); }

/* The ILP64 libraries' lines say so after the symbol, which is the routine's LP64 name
   (__func__; libnanoblas64's suffixed names are given by objcopy, after compilation). */
#ifdef NANOBLAS_ILP64
#define NB_TRACE_WIDTH " int=64"
#else
#define NB_TRACE_WIDTH ""
#endif

void nb_trace_enter(const char *symbol, const char *fmt, ...)
{
    if (trace_depth++ > 0)
        return;
    const int saved_errno = errno;
    trace_line.len = 0;
    put("nanoblas: %s" NB_TRACE_WIDTH, symbol);
    const size_t cap = sizeof trace_line.text - TAIL_ROOM;
    if (*fmt && trace_line.len + 2 < cap) {
        size_t mark = trace_line.len;
        trace_line.text[trace_line.len++] = ' ';
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(trace_line.text + trace_line.len, cap - trace_line.len, fmt, ap);
        va_end(ap);
        if (n <= 0) /* nothing to show (NB_TRACE0) or an encoding error: no blank either */
            trace_line.len = mark;
        else
            trace_line.len = trace_line.len + (size_t)n < cap ? trace_line.len + (size_t)n : cap - 1;
    }
    errno = saved_errno;
    start_clock();
}

/* key=v0,v1,... over the groups; long lists end in ",..." (the line has a bounded length). */
enum { LIST_MAX = 8 };
static void put_list(const char *key, const blasint *v, blasint count)
{
    put(" %s=", key);
    for (blasint i = 0; i < count && i < LIST_MAX; i++)
        put(i ? ",%" NB_TD : "%" NB_TD, v[i]);
    if (count > LIST_MAX)
        put(",...");
}

static void put_trans_list(const char *key, const void *t, int chars, blasint count)
{
    put(" %s=", key);
    for (blasint i = 0; i < count && i < LIST_MAX; i++)
        put(i ? ",%c" : "%c",
            chars ? nb_tr_ch((const char *)t + i) : nb_tr_enum(((const int *)t)[i]));
    if (count > LIST_MAX)
        put(",...");
}

void nb_trace_enter_groups(const char *symbol, const nb_trace_groups *g)
{
    if (trace_depth++ > 0)
        return;
    const int saved_errno = errno;
    trace_line.len = 0;
    put("nanoblas: %s" NB_TRACE_WIDTH, symbol);
    if (g->layout)
        put(" layout=%s", g->layout);
    long long total = 0;
    const blasint groups = g->group_count > 0 ? g->group_count : 0;
    for (blasint i = 0; i < groups; i++)
        total += g->group_size[i];
    put(" group_count=%" NB_TD " batch_size=%lld", g->group_count, total);
    if (groups > 0) { /* the groups' values, key by key */
        put_list("group_size", g->group_size, groups);
        put_trans_list("transa", g->transa, g->trans_chars, groups);
        put_trans_list("transb", g->transb, g->trans_chars, groups);
        put_list("m", g->m, groups);
        put_list("n", g->n, groups);
        put_list("k", g->k, groups);
        put_list("lda", g->lda, groups);
        put_list("ldb", g->ldb, groups);
        put_list("ldc", g->ldc, groups);
    }
    errno = saved_errno;
    start_clock();
}

void nb_trace_leave(void)
{
    if (--trace_depth > 0) /* a nested call: the outermost one prints */
        return;
    struct timespec end;
    const int saved_errno = errno;
    clock_gettime(CLOCK_MONOTONIC, &end);
    const double us = (double)(end.tv_sec - trace_line.start.tv_sec) * 1e6 +
                      (double)(end.tv_nsec - trace_line.start.tv_nsec) * 1e-3;
    char *t = trace_line.text;
    size_t len = trace_line.len;
    const size_t cap = sizeof trace_line.text;
    const char *set = nb_rt.kset ? nb_rt.kset->name : "none";
    int n = snprintf(t + len, cap - len, " set=%s time=%.2fus\n", set, us);
    len = n < 0 ? len : len + (size_t)n < cap ? len + (size_t)n : cap - 1;
    if (t[len - 1] != '\n')
        t[len - 1] = '\n';
    /* One write(2) per line, so that the lines of concurrent threads do not interleave: a write
       of at most PIPE_BUF bytes to a pipe is atomic, and Linux serialises writes to one file. */
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(2, t + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        done += (size_t)w;
    }
    errno = saved_errno;
}
