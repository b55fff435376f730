/* What the benchmark programs (gemm_bench.c, batch_bench.c) need to know of a BLAS they loaded
   with dlopen: its thread-count setter, a one-line description for the report (nanoblas's kernel
   set, OpenBLAS's config and core, MKL's version and code path, BLIS's version and arch), and
   where this build's nanoblas is. Header-only, like bench_util.h. */
#ifndef NB_BENCH_LIBS_H
#define NB_BENCH_LIBS_H

#include <dlfcn.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum bench_setter_kind { SET_NONE, SET_INT, SET_INT_RET, SET_I64 };
struct bench_setter {
    void *fn;
    enum bench_setter_kind kind;
    const char *name; /* NULL: none found, the library follows its environment */
};

/* The first thread-count setter the library exports, in this order of preference. */
static inline struct bench_setter bench_find_setter(void *h)
{
    static const struct {
        const char *name;
        enum bench_setter_kind kind;
    } setters[] = {
        {"nanoblas_set_num_threads", SET_INT},   {"openblas_set_num_threads", SET_INT},
        {"MKL_Set_Num_Threads", SET_INT},        {"mkl_set_num_threads", SET_INT},
        {"mkl_serv_set_num_threads", SET_INT},   {"bli_thread_set_num_threads", SET_I64},
        {"mkl_set_num_threads_local", SET_INT_RET},
    };
    struct bench_setter s = {NULL, SET_NONE, NULL};
    for (size_t i = 0; i < sizeof setters / sizeof setters[0] && !s.fn; i++)
        if ((s.fn = dlsym(h, setters[i].name)))
            s.kind = setters[i].kind, s.name = setters[i].name;
    return s;
}

static inline void bench_set_threads(const struct bench_setter *s, int n)
{
    switch (s->kind) {
    case SET_INT: ((void (*)(int))s->fn)(n); break;
    case SET_INT_RET: ((int (*)(int))s->fn)(n); break;
    case SET_I64: ((void (*)(int64_t))s->fn)((int64_t)n); break;
    default: break;
    }
}

/* Appends to *o (at most *left bytes, always terminated). */
static inline void bench_append(char **o, size_t *left, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(*o, *left, fmt, ap);
    va_end(ap);
    if (w > 0 && (size_t)w < *left)
        *o += w, *left -= (size_t)w;
}

/* The MKL version record (ABI of MKL_Get_Version). */
struct bench_mkl_version {
    int major, minor, update;
    char *product_status, *build, *processor, *platform;
};

/* Describes the library in buf ("nanoblas kernel set avx512; ", "OpenBLAS 0.3.21 ...; core
   SkylakeX; ", "MKL 2026.0.2 build ...; code path: ...; ", "BLIS 0.9.0; BLIS arch haswell; ");
   returns the end of the text, for more to be appended. *is_nanoblas: 1 for nanoblas. */
static inline char *bench_describe_lib(void *h, char *buf, size_t len, int *is_nanoblas)
{
    char *o = buf;
    size_t left = len;
    buf[0] = 0;
    const char *(*fstr)(void);
    *is_nanoblas = 0;
    if ((fstr = (const char *(*)(void))dlsym(h, "nanoblas_get_kernel_set"))) {
        *is_nanoblas = 1;
        bench_append(&o, &left, "nanoblas kernel set %s; ", fstr());
    }
    if (!*is_nanoblas && (fstr = (const char *(*)(void))dlsym(h, "openblas_get_config")))
        bench_append(&o, &left, "%s; ", fstr());
    if (!*is_nanoblas && (fstr = (const char *(*)(void))dlsym(h, "openblas_get_corename")))
        bench_append(&o, &left, "core %s; ", fstr());
    void (*mkl_ver)(struct bench_mkl_version *) =
        (void (*)(struct bench_mkl_version *))dlsym(h, "MKL_Get_Version");
    if (mkl_ver) {
        struct bench_mkl_version v;
        memset(&v, 0, sizeof v);
        mkl_ver(&v);
        bench_append(&o, &left, "MKL %d.%d.%d build %s; code path: %s; ", v.major, v.minor,
                     v.update, v.build ? v.build : "?", v.processor ? v.processor : "?");
    }
    if ((fstr = (const char *(*)(void))dlsym(h, "bli_info_get_version_str")))
        bench_append(&o, &left, "BLIS %s; ", fstr());
    int (*arch_id)(void) = (int (*)(void))dlsym(h, "bli_arch_query_id");
    const char *(*arch_str)(int) = (const char *(*)(int))dlsym(h, "bli_arch_string");
    if (arch_id && arch_str)
        bench_append(&o, &left, "BLIS arch %s; ", arch_str(arch_id()));
    return o;
}

/* This build's lib/libnanoblas.so.0: build/bench/<program> -> ../../lib/libnanoblas.so.0,
   else lib/ under the current directory. */
static inline void bench_default_nanoblas(char *buf, size_t len)
{
    char exe[PATH_MAX - 64]; /* room for the suffix below */
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = n > 0 ? (exe[n] = 0, strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = 0;
        snprintf(buf, len, "%s/../../lib/libnanoblas.so.0", exe);
        char real[PATH_MAX];
        if (realpath(buf, real)) {
            snprintf(buf, len, "%s", real);
            return;
        }
    }
    snprintf(buf, len, "lib/libnanoblas.so.0");
}
#endif
