/* The load-time decision: detect the CPU, find its microarchitecture entry (arch/uarch.c, or the
   one NANOBLAS_UARCH names), choose the kernel set (the entry's preference, capped by
   NANOBLAS_ARCH), derive the block sizes (overridable by NANOBLAS_MC/KC/NC), and describe it all
   in the config string (nanoblas_get_config, NANOBLAS_VERBOSE=1). */
#include <errno.h>
#include <stddef.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arch/arch.h"
#include "arch/uarch.h"
#include "blas/nb_common.h"
#include "blas/nb_trace.h"
#include "include/nanoblas.h"

/* The only mutable globals of arch/: written once inside pthread_once, read-only afterwards.
   nb_rt is read by every driver on every call; the rest backs the introspection API. */
nb_runtime nb_rt;
static nb_cpu_info cpu_info;
static char config_text[4096];
static char sets_available[256];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;
/* NANOBLAS_VERBOSE (blas/nb_trace.h explains why it is global): 1 prints the configuration at
   load, 2 also traces every call of an exported routine. Written below, with nb_rt. */
int nb_verbose_level;

typedef struct {
    char *buf;
    size_t cap, len;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    if (t->len >= t->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < t->cap ? t->len + (size_t)n : t->cap - 1;
}

/* A positive integer no larger than 1 << 20 (block sizes beyond that cannot be meant);
   anything else (unset, empty, junk, zero, negative, overflow) gives 0 = "not given". */
static size_t env_size(const char *name)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return 0;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || v <= 0 || v > (1 << 20))
        return 0;
    return (size_t)v;
}

static int runs_here(const nb_kset_entry *e) { return e->runs_on(&cpu_info); }

static const nb_kset_entry *find_set(const char *name)
{
    size_t n;
    const nb_kset_entry *t = nb_kset_table(&n);
    for (size_t i = 0; i < n; i++)
        if (strcasecmp(t[i].set->name, name) == 0)
            return &t[i];
    return NULL;
}

/* The set NANOBLAS_ARCH names when the CPU runs it, else the tuning entry's preferred set when
   the CPU runs it, else the best supported. why receives the explanation shown in the config
   string. */
static const nb_kernel_set *choose_set(const nb_uarch *u, char *why, size_t why_len)
{
    size_t n;
    const nb_kset_entry *t = nb_kset_table(&n);
    const nb_kset_entry *best = &t[n - 1]; /* generic runs anywhere */
    for (size_t i = 0; i < n; i++)
        if (runs_here(&t[i])) {
            best = &t[i];
            break;
        }
    const nb_kset_entry *pref = u->tune.prefer_set ? find_set(u->tune.prefer_set) : NULL;
    const char *auto_why = "best supported";
    if (pref && runs_here(pref) && pref != best) {
        best = pref;
        auto_why = "preferred by the uarch entry";
    }
    const char *want = getenv("NANOBLAS_ARCH");
    if (!want || !*want) {
        snprintf(why, why_len, "%s", auto_why);
        return best->set;
    }
    const nb_kset_entry *e = find_set(want);
    if (e && runs_here(e)) {
        snprintf(why, why_len, "NANOBLAS_ARCH=%.32s", want);
        return e->set;
    }
    snprintf(why, why_len, "NANOBLAS_ARCH=%.32s %s; using the %s", want,
             e ? "is not supported by this CPU" : "is not a kernel set of this build", auto_why);
    return best->set;
}

/* NANOBLAS_TUNE="field=value,...": individual tuning fields replaced, for timing a candidate
   value against the entry's in separate processes (tools, not users). Unknown fields and bad
   values are listed in `bad` and ignored. */
static void apply_tune_env(nb_tuning *tu, char *bad, size_t bad_len)
{
    static const struct {
        const char *name;
        size_t off;
        int is_double;
    } fields[] = {
#define F(f) {#f, offsetof(nb_tuning, f), 0}
#define D(f) {#f, offsetof(nb_tuning, f), 1}
        F(kc_l1_num), F(kc_l1_den), F(mc_l2_num), F(mc_l2_den), F(nc_l2_cap), F(small_dim_s),
        F(small_dim_d), F(m_skinny), F(n_skinny), F(m_skinny_l2_bytes), F(n_skinny_kb),
        F(n_skinny_row_bytes), F(gemm3m_min), F(pf_a_steps), F(pf_b_steps), D(par_min_flops),
        D(stream_min_elems), F(thread_m_tiles), F(thread_n_tiles), D(l1_par_min_elems),
        F(l1_prefetch), D(l1_dot_short_min), D(l1_axpy_short_min), D(copy_stream_min), F(copy_stream_pages),
        F(l2_rank_pf_real), F(l2_rank_pf_cplx), D(l2_rank_pf_min),
#undef F
#undef D
    };
    bad[0] = '\0';
    const char *env = getenv("NANOBLAS_TUNE");
    if (!env || !*env)
        return;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", env);
    size_t bl = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        size_t i = 0, n = sizeof fields / sizeof fields[0];
        if (eq) {
            *eq = '\0';
            while (i < n && strcmp(fields[i].name, tok) != 0)
                i++;
        }
        char *end = NULL;
        double v = eq && i < n ? strtod(eq + 1, &end) : -1;
        /* denominators must stay positive; everything else non-negative */
        int ok = eq && i < n && end != eq + 1 && !*end && v >= 0 && v < 1e15 &&
                 (fields[i].is_double || v <= 4294967295.0) &&
                 !(v == 0 && strstr(fields[i].name, "_den"));
        if (!ok) {
            if (bl < bad_len)
                bl += (size_t)snprintf(bad + bl, bad_len - bl, "%s%.40s", bl ? " " : "", tok);
            continue;
        }
        char *p = (char *)tu + fields[i].off;
        if (fields[i].is_double)
            *(double *)p = v;
        else
            *(unsigned *)p = (unsigned)v;
    }
}

/* The entry NANOBLAS_UARCH names, else the one matching this CPU. */
static const nb_uarch *choose_uarch(char *why, size_t why_len)
{
    const char *how;
    const nb_uarch *match = nb_uarch_match(&cpu_info, &how);
    const char *want = getenv("NANOBLAS_UARCH");
    if (want && *want) {
        const nb_uarch *u = nb_uarch_find(want);
        if (u) {
            snprintf(why, why_len, "NANOBLAS_UARCH=%.32s; this CPU matches %s", want, match->name);
            return u;
        }
        snprintf(why, why_len, "NANOBLAS_UARCH=%.32s is not an entry; matched by %s", want, how);
        return match;
    }
    snprintf(why, why_len, "matched by %s", how);
    return match;
}

static void describe(const char *why, const nb_uarch *u, const char *uwhy,
                     const nb_block_override *ov)
{
    const nb_cpu_info *c = &cpu_info;
    text t = {config_text, sizeof config_text, 0};
    put(&t, "nanoblas configuration\n");
    put(&t, "cpu: %s %s \"%s\" family 0x%x model 0x%x stepping %u\n", c->arch, c->vendor, c->brand,
        c->family, c->model, c->stepping);
    put(&t, "features:");
    for (int f = 0; f < NB_CPU_NFEATURES; f++)
        if (nb_cpu_has(c, (enum nb_cpu_feature)f))
            put(&t, " %s", nb_cpu_feature_name((enum nb_cpu_feature)f));
    put(&t, "\n");
    if (c->amx_requested)
        put(&t, "amx permission: %s\n", c->amx_permitted ? "granted" : "refused");
    if (c->sve_vl)
        put(&t, "sve vector length: %u bytes (%u bits)\n", c->sve_vl, 8 * c->sve_vl);
    put(&t, "caches: L1d %zu KiB, L2 %zu KiB, L3 %zu KiB, line %zu B (%s)\n", c->l1d >> 10,
        c->l2 >> 10, c->l3 >> 10, c->line, c->cache_source);
    put(&t, "uarch: %s (%s; %s)\n", u->name, uwhy, u->measured);
    const nb_tuning *tu = &nb_rt.tune;
    put(&t, "tuning: kc_l1 %u/%u mc_l2 %u/%u nc_l2_cap %u small_dim s %u d %u m_skinny %u "
            "n_skinny %u pf_a %u pf_b %u par_min_flops %.3g stream_min_elems %.3g "
            "thread_tiles m %u n %u l1_par_min_elems %.3g l1_prefetch %u l1_short_min dot %.3g "
            "axpy %.3g copy_stream_min %.3g pages %u l2_rank_pf real %u cplx %u min %.3g\n",
        tu->kc_l1_num, tu->kc_l1_den, tu->mc_l2_num, tu->mc_l2_den, tu->nc_l2_cap,
        tu->small_dim_s, tu->small_dim_d, tu->m_skinny, tu->n_skinny, tu->pf_a_steps,
        tu->pf_b_steps, tu->par_min_flops, tu->stream_min_elems, tu->thread_m_tiles,
        tu->thread_n_tiles, tu->l1_par_min_elems, tu->l1_prefetch, tu->l1_dot_short_min,
        tu->l1_axpy_short_min, tu->copy_stream_min, tu->copy_stream_pages, tu->l2_rank_pf_real,
        tu->l2_rank_pf_cplx, tu->l2_rank_pf_min);
    put(&t, "kernel sets supported: %s\n", sets_available);
    put(&t, "kernel set: %s (%s)\n", nb_rt.kset->name, why);
    put(&t, "bf16 gemm: %s\n",
        !nb_rt.bf16.compute                ? "bf16 widened to fp32 (sgemm kernels)"
        : nb_rt.bf16.needs_avx512_bf16 ? "avx512_bf16 (vdpbf16ps)"
        : nb_rt.bf16.needs_arm_bf16    ? "arm bf16 (bfmmla/bfdot)"
                                         : "amx tiles (tdpbf16ps)");
    /* the compact format suited to the set (a vector-length-agnostic set chose it at load) */
    const int cf = nb_rt.kset->compact.format;
    put(&t, "compact gemm: native format %s\n",
        cf == NB_COMPACT_AVX512 ? "MKL_COMPACT_AVX512 (P = 8 d, 16 s)"
        : cf == NB_COMPACT_AVX  ? "MKL_COMPACT_AVX (P = 4 d, 8 s)"
        : cf == NB_COMPACT_SSE  ? "MKL_COMPACT_SSE (P = 2 d, 4 s)"
                                : "none (generic kernels)");
    if (ov->mc || ov->kc || ov->nc)
        put(&t, "block overrides: MC %zu KC %zu NC %zu (0 = computed)\n", ov->mc, ov->kc, ov->nc);
    const nb_kernel_set *k = nb_rt.kset;
    const struct {
        char type;
        int mr, nr, a_expand;
        nb_blocking b;
    } rows[4] = {{'s', k->s.mr, k->s.nr, k->s.a_expand, nb_rt.s},
                 {'d', k->d.mr, k->d.nr, k->d.a_expand, nb_rt.d},
                 {'c', k->c.mr, k->c.nr, k->c.a_expand, nb_rt.c},
                 {'z', k->z.mr, k->z.nr, k->z.a_expand, nb_rt.z}};
    for (int i = 0; i < 4; i++)
        put(&t, "%cgemm: MR %d NR %d MC %zu KC %zu NC %zu%s\n", rows[i].type, rows[i].mr,
            rows[i].nr, rows[i].b.mc, rows[i].b.kc, rows[i].b.nc,
            rows[i].a_expand == 2 ? " (1m: on the real kernel, packed A twice the size)" : "");
}

/* The blocks of a 1m complex kernel (kernels/generic/gemm_1m_loops.h), which runs the real
   kernel on 2 MC x 2 KC real A blocks and 2 KC x NC real B blocks: half the real MC and KC in
   complex elements, the same NC, so that the real kernel sees exactly the real type's blocks. */
static nb_blocking blocking_1m(nb_blocking real, int mrz, int nrz, const nb_block_override *ov)
{
    size_t mr = mrz > 0 ? (size_t)mrz : 1, nr = nrz > 0 ? (size_t)nrz : 1;
    nb_blocking b = {real.mc / 2 / mr * mr, real.kc / 2, real.nc};
    if (b.mc < mr)
        b.mc = mr;
    if (b.kc < 8)
        b.kc = 8;
    /* NANOBLAS_MC/KC/NC replace the value for every type, in that type's elements */
    if (ov->mc)
        b.mc = (ov->mc + mr - 1) / mr * mr;
    if (ov->kc)
        b.kc = ov->kc;
    if (ov->nc)
        b.nc = (ov->nc + nr - 1) / nr * nr;
    return b;
}

static void init_once_body(void)
{
    nb_cpu_detect(&cpu_info);

    size_t n, len = 0;
    const nb_kset_entry *t = nb_kset_table(&n);
    sets_available[0] = '\0';
    for (size_t i = 0; i < n && len < sizeof sets_available; i++)
        if (runs_here(&t[i]))
            len += (size_t)snprintf(sets_available + len, sizeof sets_available - len, "%s%s",
                                    len ? " " : "", t[i].set->name);

    char uwhy[160], why[160];
    const nb_uarch *u = choose_uarch(uwhy, sizeof uwhy);
    nb_rt.tune = u->tune;
    nb_rt.uarch = u->name;
    nb_rt.llc = cpu_info.l3 ? cpu_info.l3 : cpu_info.l2;
    char tune_bad[160];
    apply_tune_env(&nb_rt.tune, tune_bad, sizeof tune_bad);
    const nb_kernel_set *k = choose_set(u, why, sizeof why);
    /* A vector-length-agnostic set completes its tables for this CPU on a copy. Written once,
       here, before any call reads nb_rt; read-only afterwards (like nb_rt itself). */
    static nb_kernel_set vla_copy;
    if (k->vla_setup) {
        vla_copy = *k;
        k->vla_setup(&vla_copy);
        k = &vla_copy;
    }
    nb_block_override ov = {env_size("NANOBLAS_MC"), env_size("NANOBLAS_KC"),
                            env_size("NANOBLAS_NC")};
    const nb_tuning *tu = &nb_rt.tune;
    nb_rt.s = nb_blocking_for(&cpu_info, tu, sizeof(float), k->s.mr, k->s.nr, &tu->s, &ov);
    nb_rt.d = nb_blocking_for(&cpu_info, tu, sizeof(double), k->d.mr, k->d.nr, &tu->d, &ov);
    nb_rt.c = k->c.a_expand == 2 ? blocking_1m(nb_rt.s, k->c.mr, k->c.nr, &ov)
                                 : nb_blocking_for(&cpu_info, tu, 2 * sizeof(float), k->c.mr,
                                                   k->c.nr, NULL, &ov);
    nb_rt.z = k->z.a_expand == 2 ? blocking_1m(nb_rt.d, k->z.mr, k->z.nr, &ov)
                                 : nb_blocking_for(&cpu_info, tu, 2 * sizeof(double), k->z.mr,
                                                   k->z.nr, NULL, &ov);
    /* The avx512 set's VDPBF16PS kernel needs AVX512_BF16. Where it pays is the tuning entry's
       call (bf16): on CPUs with AMX (Sapphire Rapids and later) VDPBF16PS runs at half the rate
       of an fp32 FMA (measured on the SPR-class machine: 104 GFLOPS against 210), so there the
       set widens to fp32. NANOBLAS_BF16=dpbf16 asks for the kernel (tests use it),
       NANOBLAS_BF16=widen for widening anywhere. */
    nb_rt.bf16 = k->bf16;
    const char *bf = getenv("NANOBLAS_BF16");
    int force_dp = bf && strcmp(bf, "dpbf16") == 0, force_widen = bf && strcmp(bf, "widen") == 0;
    int tune_widen = tu->bf16 == NB_BF16_WIDEN ||
                     (tu->bf16 == NB_BF16_AUTO && nb_cpu_has(&cpu_info, NB_CPU_AMX_BF16));
    if (k->bf16.needs_avx512_bf16 &&
        (!nb_cpu_has(&cpu_info, NB_CPU_AVX512_BF16) || (tune_widen && !force_dp)))
        memset(&nb_rt.bf16, 0, sizeof nb_rt.bf16);
    if (k->bf16.needs_arm_bf16 && !nb_cpu_has(&cpu_info, NB_CPU_BF16))
        memset(&nb_rt.bf16, 0, sizeof nb_rt.bf16);
    if (force_widen)
        memset(&nb_rt.bf16, 0, sizeof nb_rt.bf16);
    nb_rt.kset = k;

    describe(why, u, uwhy, &ov);
    if (getenv("NANOBLAS_TUNE") && *getenv("NANOBLAS_TUNE")) {
        text t = {config_text, sizeof config_text, strlen(config_text)};
        put(&t, "tuning overrides: NANOBLAS_TUNE=%.200s%s%s\n", getenv("NANOBLAS_TUNE"),
            tune_bad[0] ? "; ignored: " : "", tune_bad);
    }
    const char *verbose = getenv("NANOBLAS_VERBOSE");
    const int level = verbose ? atoi(verbose) : 0;
    if (level > 0)
        fputs(config_text, stderr);
    /* last: a trace line names nb_rt.kset, which is set by now */
    nb_verbose_level = level > 0 ? level : 0;
}

void nb_init(void) { pthread_once(&init_once, init_once_body); }

/* Runs before main (or when the shared library is loaded), so that drivers can read nb_rt
   without a check on every call. */
__attribute__((constructor)) static void nb_init_at_load(void) { nb_init(); }

const nb_cpu_info *nb_cpu(void)
{
    nb_init();
    return &cpu_info;
}

NB_EXPORT const char *nanoblas_get_config(void)
{
    nb_init();
    return config_text;
}

NB_EXPORT const char *nanoblas_get_uarch(void)
{
    nb_init();
    return nb_rt.uarch;
}

NB_EXPORT const char *nanoblas_get_kernel_set(void)
{
    nb_init();
    return nb_rt.kset->name;
}

NB_EXPORT int nanoblas_kernel_set_supported(const char *name)
{
    nb_init();
    const nb_kset_entry *e = name ? find_set(name) : NULL;
    return e && runs_here(e);
}

NB_EXPORT const char *nanoblas_kernel_sets_available(void)
{
    nb_init();
    return sets_available;
}
