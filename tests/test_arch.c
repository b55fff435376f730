/* Checks arch/: the features and caches in the config string against what Linux reports
   (/proc/cpuinfo, sysfs), the kernel-set API, NANOBLAS_ARCH capping, and the block sizes with and
   without NANOBLAS_MC/KC/NC. Environment cases re-execute this program with "child" as argument
   and a controlled environment, because the library reads the environment once at load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "include/nanoblas.h"
#include "tests/testutil.h"

extern char **environ;

/* ---- parsing the config string ---- */

/* The text after "key: " on the line that starts with key, copied into out ("" if absent). */
static const char *field(const char *config, const char *key, char *out, size_t len)
{
    size_t klen = strlen(key);
    out[0] = '\0';
    for (const char *p = config; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, key, klen) == 0 && p[klen] == ':') {
            const char *v = p + klen + 1;
            while (*v == ' ')
                v++;
            size_t n = strcspn(v, "\n");
            if (n >= len)
                n = len - 1;
            memcpy(out, v, n);
            out[n] = '\0';
            break;
        }
    }
    return out;
}

/* Whether word occurs as a whole space-separated token of list. */
static int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ' || p[-1] == '\t') && (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
            return 1;
    return 0;
}

typedef struct {
    long mr, nr, mc, kc, nc;
} blocks;

static int get_blocks(const char *config, char type, blocks *b)
{
    char key[8], v[256];
    snprintf(key, sizeof key, "%cgemm", type);
    field(config, key, v, sizeof v);
    return sscanf(v, "MR %ld NR %ld MC %ld KC %ld NC %ld", &b->mr, &b->nr, &b->mc, &b->kc, &b->nc) == 5;
}

/* Whether the type's blocks are those of a 1m complex kernel (the config line says so). */
static int onem_type(const char *config, char type)
{
    char key[8], v[256];
    snprintf(key, sizeof key, "%cgemm", type);
    field(config, key, v, sizeof v);
    return strstr(v, "(1m:") != NULL;
}

typedef struct {
    long l1d, l2, l3; /* KiB */
} caches;

static int get_caches(const char *config, caches *c)
{
    char v[256];
    field(config, "caches", v, sizeof v);
    return sscanf(v, "L1d %ld KiB, L2 %ld KiB, L3 %ld KiB", &c->l1d, &c->l2, &c->l3) == 3;
}

/* ---- what Linux reports ---- */

/* The first line of /proc/cpuinfo starting with key ("flags" on x86, "Features" on arm64). */
static int cpuinfo_line(const char *key, char *out, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return 0;
    char line[8192];
    int found = 0;
    while (!found && fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0 && strchr(line, ':')) {
            snprintf(out, len, " %s", strchr(line, ':') + 1);
            out[strcspn(out, "\n")] = ' ';
            found = 1;
        }
    fclose(f);
    return found;
}

/* Size in KiB of the cpu0 cache of this level (data or unified), 0 if sysfs does not say. */
static long sysfs_cache_kib(int level)
{
    for (int i = 0; i < 16; i++) {
        char path[128], type[32] = "", size[32] = "";
        int lv = 0;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
        FILE *f = fopen(path, "r");
        if (!f)
            return 0;
        if (fscanf(f, "%d", &lv) != 1)
            lv = 0;
        fclose(f);
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
        if ((f = fopen(path, "r"))) {
            if (fscanf(f, "%31s", type) != 1)
                type[0] = '\0';
            fclose(f);
        }
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        if ((f = fopen(path, "r"))) {
            if (fscanf(f, "%31s", size) != 1)
                size[0] = '\0';
            fclose(f);
        }
        if (lv != level || strcmp(type, "Instruction") == 0 || !size[0])
            continue;
        long v = atol(size);
        char unit = size[strspn(size, "0123456789")];
        return unit == 'M' ? v << 10 : unit == 'K' ? v : v >> 10;
    }
    return 0;
}

/* ---- running a child with a controlled environment ---- */

typedef struct {
    char out[8192], err[8192];
    int status;
} child_result;

static void slurp(FILE *f, char *buf, size_t len)
{
    rewind(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
}

/* Runs this program as "child" with the inherited environment minus every NANOBLAS_* variable,
   plus the given "NAME=value" entries (NULL-terminated). */
static void run_child(const char *const *set, child_result *r)
{
    char *envp[512];
    size_t n = 0;
    for (char **e = environ; *e && n < 480; e++)
        if (strncmp(*e, "NANOBLAS_", 9) != 0)
            envp[n++] = *e;
    for (; set && *set && n < 510; set++)
        envp[n++] = (char *)*set;
    envp[n] = NULL;

    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) {
        perror("tmpfile");
        exit(2);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(out), 1);
        dup2(fileno(err), 2);
        char *argv[] = {(char *)"test_arch", (char *)"child", NULL};
        execve("/proc/self/exe", argv, envp);
        _exit(127);
    }
    r->status = -1;
    if (pid > 0)
        waitpid(pid, &r->status, 0);
    slurp(out, r->out, sizeof r->out);
    slurp(err, r->err, sizeof r->err);
}

static int child_main(void)
{
    fputs(nanoblas_get_config(), stdout);
    printf("chosen: %s\n", nanoblas_get_kernel_set());
    return 0;
}

/* ---- the checks ---- */

/* True when /proc/cpuinfo does not describe this program's architecture: user-mode emulation
   (qemu-user) shows the host's, and cannot re-execute this program without binfmt support. */
static int emulated(void)
{
    char line[8192];
#if defined(__x86_64__)
    return !cpuinfo_line("flags", line, sizeof line);
#elif defined(__aarch64__)
    return !cpuinfo_line("Features", line, sizeof line);
#else
    (void)line;
    return 0;
#endif
}

static void check_features(const char *config)
{
    char ours[1024], linux_flags[8192];
    field(config, "features", ours, sizeof ours);
#if defined(__x86_64__)
    /* Our name -> the /proc/cpuinfo flag (Linux clears the AVX family when the OS does not
       enable its state, as our detection does). */
    static const char *const names[][2] = {
        {"sse", "sse"},         {"sse2", "sse2"},         {"sse3", "pni"},          {"ssse3", "ssse3"},
        {"sse4_1", "sse4_1"},   {"sse4_2", "sse4_2"},     {"avx", "avx"},           {"avx2", "avx2"},
        {"fma", "fma"},         {"f16c", "f16c"},         {"avx512f", "avx512f"},   {"avx512bw", "avx512bw"},
        {"avx512dq", "avx512dq"}, {"avx512vl", "avx512vl"}, {"avx512_bf16", "avx512_bf16"},
        {"avx512_fp16", "avx512_fp16"}, {"amx_tile", "amx_tile"}, {"amx_bf16", "amx_bf16"},
        {"amx_int8", "amx_int8"},
    };
    const char *key = "flags";
#elif defined(__aarch64__)
    static const char *const names[][2] = {
        {"asimd", "asimd"}, {"asimddp", "asimddp"}, {"asimdhp", "asimdhp"}, {"sve", "sve"},
        {"sve2", "sve2"},   {"bf16", "bf16"},       {"i8mm", "i8mm"},       {"svebf16", "svebf16"},
        {"svei8mm", "svei8mm"},
    };
    const char *key = "Features";
#else
    static const char *const names[][2] = {{"", ""}};
    const char *key = NULL;
#endif
    /* Under user-mode emulation /proc/cpuinfo describes the host: nothing to compare then. */
    if (!key || !cpuinfo_line(key, linux_flags, sizeof linux_flags))
        return;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        TU_CHECK(has_word(ours, names[i][0]) == has_word(linux_flags, names[i][1]),
                 "feature %s: config says %d, /proc/cpuinfo says %d", names[i][0],
                 has_word(ours, names[i][0]), has_word(linux_flags, names[i][1]));
}

static void check_caches(const char *config)
{
    caches c;
    if (!TU_CHECK(get_caches(config, &c), "no cache line in config:\n%s", config))
        return;
    TU_CHECK(c.l1d > 0 && c.l2 > 0, "cache sizes zero: L1d %ld L2 %ld", c.l1d, c.l2);
    long sys[4] = {0, sysfs_cache_kib(1), sysfs_cache_kib(2), sysfs_cache_kib(3)};
    long ours[4] = {0, c.l1d, c.l2, c.l3};
    for (int lv = 1; lv <= 3; lv++)
        if (sys[lv])
            TU_CHECK(ours[lv] == sys[lv], "L%d: config %ld KiB, sysfs %ld KiB", lv, ours[lv], sys[lv]);
}

/* The tuning entry's blocking rule, from the config's "tuning:" line. */
typedef struct {
    long kn, kd, mn, md;
} rule;

static int get_rule(const char *config, rule *r)
{
    char v[512];
    field(config, "tuning", v, sizeof v);
    return sscanf(v, "kc_l1 %ld/%ld mc_l2 %ld/%ld", &r->kn, &r->kd, &r->mn, &r->md) == 4 &&
           r->kd > 0 && r->md > 0;
}

/* Block sizes are tile multiples, positive, and (without overrides) follow the cache rules of
   the tuning entry in use. */
static void check_blocks(const char *config, int overridden)
{
    caches c = {0, 0, 0};
    get_caches(config, &c);
    rule ru = {3, 8, 1, 3};
    TU_CHECK(get_rule(config, &ru), "no tuning line in config:\n%s", config);
    const char types[4] = {'s', 'd', 'c', 'z'};
    const long esize[4] = {4, 8, 8, 16};
    for (int i = 0; i < 4; i++) {
        blocks b;
        if (!TU_CHECK(get_blocks(config, types[i], &b), "no %cgemm line", types[i]))
            continue;
        TU_CHECK(b.mr > 0 && b.nr > 0 && b.mc > 0 && b.kc > 0 && b.nc > 0, "%cgemm: non-positive", types[i]);
        TU_CHECK(b.mc % b.mr == 0, "%cgemm: MC %ld not a multiple of MR %ld", types[i], b.mc, b.mr);
        TU_CHECK(b.nc % b.nr == 0, "%cgemm: NC %ld not a multiple of NR %ld", types[i], b.nc, b.nr);
        if (overridden)
            continue;
        /* a 1m complex type (kernels/generic/gemm_1m_loops.h) packs A at twice the bytes and runs
           the real kernel on half the real type's MC and KC: its A block is 2 MC KC e, and its
           KC and MC limits are half the real ones */
        int onem = onem_type(config, types[i]);
        long e = esize[i], ea = onem ? 2 * e : e, kc_min = onem ? 32 : 64, mc_cap = onem ? 2048 : 4096;
        long l1share = c.l1d * 1024 * ru.kn / ru.kd, l2share = c.l2 * 1024 * ru.mn / ru.md;
        TU_CHECK(b.kc * b.nr * e <= l1share || b.kc == kc_min,
                 "%cgemm: KC %ld x NR %ld (the B micro-panel) overfills %ld/%ld of L1d", types[i], b.kc, b.nr, ru.kn, ru.kd);
        TU_CHECK(b.mc * b.kc * ea <= l2share || b.mc == b.mr,
                 "%cgemm: MC %ld x KC %ld (the packed A block) overfills %ld/%ld of L2", types[i], b.mc, b.kc, ru.mn, ru.md);
        TU_CHECK(b.mc * b.kc * ea > l2share - b.mr * b.kc * ea || b.mc >= mc_cap - b.mr,
                 "%cgemm: MC %ld x KC %ld leaves more than one MR panel of %ld/%ld of L2 unused", types[i], b.mc, b.kc, ru.mn, ru.md);
        TU_CHECK(b.kc >= kc_min && b.kc <= 1024, "%cgemm: KC %ld out of range", types[i], b.kc);
    }
}

static void check_api(const char *config)
{
    const char *chosen = nanoblas_get_kernel_set();
    const char *avail = nanoblas_kernel_sets_available();
    char list[256], cfg_set[256];
    snprintf(list, sizeof list, "%s", avail);
    TU_CHECK(has_word(list, "generic"), "generic missing from '%s'", list);
    TU_CHECK(has_word(list, chosen), "chosen '%s' not in '%s'", chosen, list);
    TU_CHECK(nanoblas_kernel_set_supported("generic") == 1, "generic not supported");
    TU_CHECK(nanoblas_kernel_set_supported("GENERIC") == 1, "set names are case-insensitive");
    TU_CHECK(nanoblas_kernel_set_supported("nonsense") == 0, "nonsense supported");
    TU_CHECK(nanoblas_kernel_set_supported("") == 0, "empty name supported");
    TU_CHECK(nanoblas_kernel_set_supported(NULL) == 0, "NULL supported");
    for (char *w = strtok(list, " "); w; w = strtok(NULL, " "))
        TU_CHECK(nanoblas_kernel_set_supported(w) == 1, "listed set %s not supported", w);
    field(config, "kernel set", cfg_set, sizeof cfg_set);
    TU_CHECK(strncmp(cfg_set, chosen, strlen(chosen)) == 0 && cfg_set[strlen(chosen)] == ' ',
             "config names set '%s', API '%s'", cfg_set, chosen);
    /* Without a cap the best supported (first listed) set is chosen. */
    const char *cap = getenv("NANOBLAS_ARCH");
    size_t first = strcspn(avail, " ");
    if (!cap || !*cap || !nanoblas_kernel_set_supported(cap))
        TU_CHECK(strlen(chosen) == first && strncmp(avail, chosen, first) == 0,
                 "chosen '%s' is not the best of '%s'", chosen, avail);
    else
        TU_CHECK(strcasecmp(chosen, cap) == 0, "NANOBLAS_ARCH=%s but chose %s", cap, chosen);
}

static void chosen_of(const child_result *r, char *out, size_t len) { field(r->out, "chosen", out, len); }

static void check_arch_cap(void)
{
    const char *avail = nanoblas_kernel_sets_available();
    char best[32];
    snprintf(best, sizeof best, "%.*s", (int)strcspn(avail, " "), avail);
    child_result r;
    char got[64], line[256];

    run_child(NULL, &r);
    chosen_of(&r, got, sizeof got);
    TU_CHECK(r.status == 0 && strcmp(got, best) == 0, "no cap: chose '%s', want '%s'", got, best);
    TU_CHECK(r.err[0] == '\0', "printed to stderr without NANOBLAS_VERBOSE: %s", r.err);

    static const char *const every[] = {"generic", "avx2", "avx512", "amx", "neon", "sve", "GENERIC"};
    for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
        char env[64];
        snprintf(env, sizeof env, "NANOBLAS_ARCH=%s", every[i]);
        const char *set[] = {env, NULL};
        run_child(set, &r);
        chosen_of(&r, got, sizeof got);
        field(r.out, "kernel set", line, sizeof line);
        if (nanoblas_kernel_set_supported(every[i])) {
            TU_CHECK(strcasecmp(got, every[i]) == 0, "%s: chose '%s'", env, got);
            TU_CHECK(strstr(line, env) != NULL, "%s: config line '%s'", env, line);
        } else {
            TU_CHECK(strcmp(got, best) == 0, "%s (unsupported): chose '%s', want '%s'", env, got, best);
            TU_CHECK(strstr(line, env) && strstr(line, " not "), "%s: config line '%s'", env, line);
        }
    }

    const char *bogus[] = {"NANOBLAS_ARCH=bogus-arch", NULL};
    run_child(bogus, &r);
    chosen_of(&r, got, sizeof got);
    field(r.out, "kernel set", line, sizeof line);
    TU_CHECK(r.status == 0 && strcmp(got, best) == 0, "bogus: chose '%s'", got);
    TU_CHECK(strstr(line, "is not a kernel set of this build") != NULL, "bogus: config line '%s'", line);

    const char *empty[] = {"NANOBLAS_ARCH=", NULL};
    run_child(empty, &r);
    chosen_of(&r, got, sizeof got);
    TU_CHECK(strcmp(got, best) == 0, "empty cap: chose '%s'", got);
}

static void check_overrides(void)
{
    child_result base, r;
    run_child(NULL, &base);
    check_blocks(base.out, 0);

    const char *set[] = {"NANOBLAS_MC=100", "NANOBLAS_KC=77", "NANOBLAS_NC=1001", NULL};
    run_child(set, &r);
    check_blocks(r.out, 1);
    for (int i = 0; i < 4; i++) {
        char t = "sdcz"[i];
        blocks b;
        if (!get_blocks(r.out, t, &b))
            continue;
        long mc = (100 + b.mr - 1) / b.mr * b.mr, nc = (1001 + b.nr - 1) / b.nr * b.nr;
        TU_CHECK(b.mc == mc && b.kc == 77 && b.nc == nc, "%cgemm overrides: MC %ld KC %ld NC %ld, want %ld 77 %ld",
                 t, b.mc, b.kc, b.nc, mc, nc);
    }

    /* Junk values are ignored: same blocks as without them. */
    const char *junk[] = {"NANOBLAS_MC=-5", "NANOBLAS_KC=12abc", "NANOBLAS_NC=0", NULL};
    const char *huge[] = {"NANOBLAS_MC=99999999999999999999", "NANOBLAS_KC=", "NANOBLAS_NC=3000000", NULL};
    const char *const *cases[] = {junk, huge};
    for (int k = 0; k < 2; k++) {
        run_child(cases[k], &r);
        for (int i = 0; i < 4; i++) {
            blocks a, b;
            char t = "sdcz"[i];
            TU_CHECK(get_blocks(base.out, t, &a) && get_blocks(r.out, t, &b) && a.mc == b.mc &&
                         a.kc == b.kc && a.nc == b.nc,
                     "%cgemm: invalid overrides (case %d) changed the blocks", t, k);
        }
    }
}

/* The microarchitecture entry: named in the config and by nanoblas_get_uarch(), the expected one
   on the CPUs this project has run on, every entry selectable by NANOBLAS_UARCH (its rule then
   shapes the blocks), unknown names ignored with a note. */
static const char *const uarch_names[] = {"zen2", "zen3", "zen4", "zen5", "skylakex", "icelake",
                                          "sapphirerapids", "graniterapids", "neoverse-n1",
                                          "neoverse-v1", "neoverse-v2", "default"};

static void check_uarch_matched(const char *config)
{
    const char *u = nanoblas_get_uarch();
    char line[512];
    field(config, "uarch", line, sizeof line);
    TU_CHECK(u && strncmp(line, u, strlen(u)) == 0 && line[strlen(u)] == ' ',
             "config uarch line '%s', API '%s'", line, u ? u : "(null)");
    const char *forced = getenv("NANOBLAS_UARCH");
    /* /proc/cpuinfo describes this program's CPU only natively on x86 (qemu-user shows the
       host's) */
#if !defined(__x86_64__)
    forced = "not x86";
#endif
    if ((forced && *forced) || emulated())
        return;
    char vendor[64], fam[32], mod[32];
    if (!cpuinfo_line("vendor_id", vendor, sizeof vendor) || !cpuinfo_line("cpu family", fam, sizeof fam) ||
        !cpuinfo_line("model\t", mod, sizeof mod))
        return;
    long f = strtol(fam, NULL, 10), m = strtol(mod, NULL, 10);
    const char *want = NULL;
    if (strstr(vendor, "AuthenticAMD") && f == 25)
        want = (m >= 0x10 && m <= 0x1f) || (m >= 0x60 && m <= 0x7f) || (m >= 0xa0 && m <= 0xaf) ? "zen4" : "zen3";
    else if (strstr(vendor, "AuthenticAMD") && f == 26)
        want = "zen5";
    else if (strstr(vendor, "GenuineIntel") && f == 6 && (m == 0x8f || m == 0xcf))
        want = "sapphirerapids";
    if (want)
        TU_CHECK(strcmp(u, want) == 0, "%s family %ld model 0x%lx: entry %s, want %s", vendor, f, m, u, want);
    printf("uarch entry on this CPU: %s\n", u);
}

static void check_uarch_forced(void)
{
    child_result r;
    char line[512], env[64];
    for (size_t i = 0; i < sizeof uarch_names / sizeof uarch_names[0]; i++) {
        snprintf(env, sizeof env, "NANOBLAS_UARCH=%s", uarch_names[i]);
        const char *set[] = {env, NULL};
        run_child(set, &r);
        field(r.out, "uarch", line, sizeof line);
        TU_CHECK(r.status == 0 && strncmp(line, uarch_names[i], strlen(uarch_names[i])) == 0 &&
                     strstr(line, env) != NULL,
                 "%s: uarch line '%s'", env, line);
        check_blocks(r.out, 0);
    }
    const char *bogus[] = {"NANOBLAS_UARCH=bogus-cpu", NULL};
    run_child(bogus, &r);
    field(r.out, "uarch", line, sizeof line);
    TU_CHECK(r.status == 0 && strstr(line, "is not an entry") != NULL, "bogus uarch: line '%s'", line);
}

static void check_verbose(void)
{
    child_result r;
    const char *set[] = {"NANOBLAS_VERBOSE=1", NULL};
    run_child(set, &r);
    /* stderr holds the config exactly once; stdout holds it followed by the "chosen" line. */
    TU_CHECK(r.err[0] && strncmp(r.out, r.err, strlen(r.err)) == 0, "NANOBLAS_VERBOSE=1: stderr '%s'", r.err);
    const char *again = strstr(r.err + 1, "nanoblas configuration");
    TU_CHECK(again == NULL, "NANOBLAS_VERBOSE=1 printed twice");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "child") == 0)
        return child_main();
    const char *config = nanoblas_get_config();
    TU_CHECK(config && strstr(config, "kernel set:"), "config string incomplete: %s", config ? config : "(null)");
    TU_CHECK(nanoblas_get_config() == config, "config string not stable");
    check_features(config);
    check_caches(config);
    check_blocks(config, getenv("NANOBLAS_MC") || getenv("NANOBLAS_KC") || getenv("NANOBLAS_NC"));
    check_api(config);
    check_uarch_matched(config);
    if (emulated()) {
        fprintf(stderr, "test_arch: emulated CPU, environment checks (re-exec) skipped\n");
    } else {
        check_arch_cap();
        check_overrides();
        check_verbose();
        check_uarch_forced();
    }
    return tu_finish("test_arch");
}
