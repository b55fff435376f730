/* x86-64 CPU detection: cpuid for identity, features and caches; xgetbv for what the OS enabled;
   the Linux AMX permission request. Compiles to a stub elsewhere. */
#include "arch/cpu.h"

#if defined(__x86_64__) || defined(__i386__)

#include <cpuid.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

typedef struct {
    unsigned a, b, c, d;
} cpuid_regs;

static cpuid_regs cpuid(unsigned leaf, unsigned sub)
{
    cpuid_regs r;
    __cpuid_count(leaf, sub, r.a, r.b, r.c, r.d);
    return r;
}

static uint64_t xgetbv0(void)
{
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static int bit(unsigned word, int n) { return (int)((word >> n) & 1u); }

/* XCR0 state components the OS must enable before the matching registers may be used. */
enum {
    XCR0_SSE = 1u << 1,
    XCR0_YMM = 1u << 2,
    XCR0_ZMM = (1u << 5) | (1u << 6) | (1u << 7), /* opmask, upper ZMM0-15, ZMM16-31 */
    XCR0_TILE = (1u << 17) | (1u << 18)           /* XTILECFG, XTILEDATA */
};

/* Linux keeps the 8 KiB AMX tile state off until a process asks for it; the first tile
   instruction without permission dies with SIGILL. */
static int request_amx_permission(void)
{
#ifdef __linux__
    const long arch_req_xcomp_perm = 0x1023, xfeature_xtiledata = 18;
    return syscall(SYS_arch_prctl, arch_req_xcomp_perm, xfeature_xtiledata) == 0;
#else
    return 0;
#endif
}

static void detect_identity(nb_cpu_info *cpu, unsigned max_leaf, unsigned max_ext)
{
    cpuid_regs r = cpuid(0, 0);
    memcpy(cpu->vendor + 0, &r.b, 4);
    memcpy(cpu->vendor + 4, &r.d, 4);
    memcpy(cpu->vendor + 8, &r.c, 4);
    cpu->vendor[12] = '\0';

    if (max_leaf >= 1) {
        unsigned a = cpuid(1, 0).a;
        unsigned family = (a >> 8) & 0xf, model = (a >> 4) & 0xf;
        if (family == 0xf)
            family += (a >> 20) & 0xff;
        if (family == 0x6 || family >= 0xf)
            model += ((a >> 16) & 0xf) << 4;
        cpu->family = family;
        cpu->model = model;
        cpu->stepping = a & 0xf;
    }

    if (max_ext >= 0x80000004) {
        char raw[49];
        for (unsigned i = 0; i < 3; i++) {
            cpuid_regs b = cpuid(0x80000002 + i, 0);
            memcpy(raw + 16 * i + 0, &b.a, 4);
            memcpy(raw + 16 * i + 4, &b.b, 4);
            memcpy(raw + 16 * i + 8, &b.c, 4);
            memcpy(raw + 16 * i + 12, &b.d, 4);
        }
        raw[48] = '\0';
        /* The brand string is often padded with leading and trailing spaces. */
        const char *s = raw;
        while (*s == ' ')
            s++;
        size_t n = strlen(s);
        while (n > 0 && s[n - 1] == ' ')
            n--;
        if (n >= sizeof cpu->brand)
            n = sizeof cpu->brand - 1;
        memcpy(cpu->brand, s, n);
        cpu->brand[n] = '\0';
    }
}

static void detect_features(nb_cpu_info *cpu, unsigned max_leaf)
{
    uint64_t f = 0;
#define SET(feat, cond) \
    if (cond)           \
        f |= (uint64_t)1 << (feat)
    cpuid_regs l1 = {0, 0, 0, 0}, l7 = {0, 0, 0, 0}, l7s1 = {0, 0, 0, 0};
    if (max_leaf >= 1)
        l1 = cpuid(1, 0);
    if (max_leaf >= 7) {
        l7 = cpuid(7, 0);
        if (l7.a >= 1)
            l7s1 = cpuid(7, 1);
    }
    uint64_t xcr0 = bit(l1.c, 27) ? xgetbv0() : 0; /* OSXSAVE: xgetbv is available */
    int os_ymm = (xcr0 & (XCR0_SSE | XCR0_YMM)) == (XCR0_SSE | XCR0_YMM);
    int os_zmm = os_ymm && (xcr0 & XCR0_ZMM) == XCR0_ZMM;
    int os_tile = (xcr0 & XCR0_TILE) == XCR0_TILE;

    SET(NB_CPU_SSE, bit(l1.d, 25));
    SET(NB_CPU_SSE2, bit(l1.d, 26));
    SET(NB_CPU_SSE3, bit(l1.c, 0));
    SET(NB_CPU_SSSE3, bit(l1.c, 9));
    SET(NB_CPU_SSE4_1, bit(l1.c, 19));
    SET(NB_CPU_SSE4_2, bit(l1.c, 20));
    /* Everything below uses YMM/ZMM state: unusable unless the OS saves it. */
    SET(NB_CPU_AVX, os_ymm && bit(l1.c, 28));
    SET(NB_CPU_FMA, os_ymm && bit(l1.c, 12));
    SET(NB_CPU_F16C, os_ymm && bit(l1.c, 29));
    SET(NB_CPU_AVX2, os_ymm && bit(l7.b, 5));
    SET(NB_CPU_AVX512F, os_zmm && bit(l7.b, 16));
    SET(NB_CPU_AVX512DQ, os_zmm && bit(l7.b, 17));
    SET(NB_CPU_AVX512BW, os_zmm && bit(l7.b, 30));
    SET(NB_CPU_AVX512VL, os_zmm && bit(l7.b, 31));
    SET(NB_CPU_AVX512_BF16, os_zmm && bit(l7s1.a, 5));
    SET(NB_CPU_AVX512_FP16, os_zmm && bit(l7.d, 23));
    SET(NB_CPU_AMX_BF16, os_tile && bit(l7.d, 22));
    SET(NB_CPU_AMX_TILE, os_tile && bit(l7.d, 24));
    SET(NB_CPU_AMX_INT8, os_tile && bit(l7.d, 25));
#undef SET
    cpu->features = f;

    if (nb_cpu_has(cpu, NB_CPU_AMX_TILE)) {
        cpu->amx_requested = 1;
        /* NANOBLAS_AMX_DENY=1 simulates a kernel that refuses the permission (tests: the
           library must then choose another set and stay correct) */
        const char *deny = getenv("NANOBLAS_AMX_DENY");
        cpu->amx_permitted = deny && *deny && *deny != '0' ? 0 : request_amx_permission();
    }
}

/* Deterministic cache parameters (Intel leaf 4, AMD leaf 0x8000001D share the layout):
   size = ways * partitions * line size * sets. */
static void caches_from_leaf(nb_cpu_info *cpu, unsigned leaf)
{
    for (unsigned i = 0; i < 16; i++) {
        cpuid_regs r = cpuid(leaf, i);
        unsigned type = r.a & 0x1f, level = (r.a >> 5) & 0x7;
        if (type == 0)
            break;
        if (type == 2) /* instruction cache */
            continue;
        size_t line = (r.b & 0xfff) + 1;
        size_t size = (size_t)((r.b >> 22) + 1) * (((r.b >> 12) & 0x3ff) + 1) * line * ((size_t)r.c + 1);
        if (level == 1 && type == 1) {
            cpu->l1d = size;
            cpu->line = line;
        } else if (level == 2) {
            cpu->l2 = size;
        } else if (level == 3) {
            cpu->l3 = size;
        }
    }
}

static void detect_caches(nb_cpu_info *cpu, unsigned max_leaf, unsigned max_ext)
{
    int amd = strcmp(cpu->vendor, "AuthenticAMD") == 0 || strcmp(cpu->vendor, "HygonGenuine") == 0;
    if (amd) {
        int topoext = max_ext >= 0x80000001 && bit(cpuid(0x80000001, 0).c, 22);
        if (topoext && max_ext >= 0x8000001d) {
            caches_from_leaf(cpu, 0x8000001d);
        } else if (max_ext >= 0x80000006) {
            /* Older AMD: legacy size fields in KiB (L3 in 512 KiB units). */
            unsigned c5 = cpuid(0x80000005, 0).c;
            cpuid_regs r6 = cpuid(0x80000006, 0);
            cpu->l1d = (size_t)(c5 >> 24) << 10;
            cpu->line = c5 & 0xff;
            cpu->l2 = (size_t)(r6.c >> 16) << 10;
            cpu->l3 = (size_t)(r6.d >> 18) << 19;
        }
    } else if (max_leaf >= 4) {
        caches_from_leaf(cpu, 4);
    }
    if (cpu->l1d || cpu->l2 || cpu->l3)
        cpu->cache_source = "cpuid";
}

int nb_cpu_detect_x86(nb_cpu_info *cpu)
{
    cpu->arch = "x86_64";
    unsigned max_leaf = __get_cpuid_max(0, NULL);
    unsigned max_ext = __get_cpuid_max(0x80000000, NULL);
    detect_identity(cpu, max_leaf, max_ext);
    detect_features(cpu, max_leaf);
    detect_caches(cpu, max_leaf, max_ext);
    return 1;
}

#else

int nb_cpu_detect_x86(nb_cpu_info *cpu)
{
    (void)cpu;
    return 0;
}

#endif
