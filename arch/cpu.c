/* Architecture-independent part of CPU detection: feature names, cache sizes from sysfs, and the
   order of fallbacks (hardware registers, then sysfs, then defaults). */
#include "arch/cpu.h"

#include <stdio.h>
#include <string.h>

static const char *const feature_names[NB_CPU_NFEATURES] = {
    [NB_CPU_SSE] = "sse",
    [NB_CPU_SSE2] = "sse2",
    [NB_CPU_SSE3] = "sse3",
    [NB_CPU_SSSE3] = "ssse3",
    [NB_CPU_SSE4_1] = "sse4_1",
    [NB_CPU_SSE4_2] = "sse4_2",
    [NB_CPU_AVX] = "avx",
    [NB_CPU_AVX2] = "avx2",
    [NB_CPU_FMA] = "fma",
    [NB_CPU_F16C] = "f16c",
    [NB_CPU_AVX512F] = "avx512f",
    [NB_CPU_AVX512BW] = "avx512bw",
    [NB_CPU_AVX512DQ] = "avx512dq",
    [NB_CPU_AVX512VL] = "avx512vl",
    [NB_CPU_AVX512_BF16] = "avx512_bf16",
    [NB_CPU_AVX512_FP16] = "avx512_fp16",
    [NB_CPU_AMX_TILE] = "amx_tile",
    [NB_CPU_AMX_BF16] = "amx_bf16",
    [NB_CPU_AMX_INT8] = "amx_int8",
    [NB_CPU_ASIMD] = "asimd",
    [NB_CPU_ASIMDDP] = "asimddp",
    [NB_CPU_ASIMDHP] = "asimdhp",
    [NB_CPU_SVE] = "sve",
    [NB_CPU_SVE2] = "sve2",
    [NB_CPU_BF16] = "bf16",
    [NB_CPU_I8MM] = "i8mm",
    [NB_CPU_SVEBF16] = "svebf16",
    [NB_CPU_SVEI8MM] = "svei8mm",
};

const char *nb_cpu_feature_name(enum nb_cpu_feature f)
{
    return (unsigned)f < NB_CPU_NFEATURES ? feature_names[f] : "?";
}

/* Reads the first line of dir/name into buf; 1 on success. */
static int read_attr(const char *dir, const char *name, char *buf, size_t len)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int ok = fgets(buf, (int)len, f) != NULL;
    fclose(f);
    if (ok)
        buf[strcspn(buf, "\n")] = '\0';
    return ok;
}

/* "32K", "1024K", "32M" or plain bytes. */
static size_t parse_size(const char *s)
{
    unsigned long long v;
    char unit = '\0';
    if (sscanf(s, "%llu%c", &v, &unit) < 1)
        return 0;
    if (unit == 'K' || unit == 'k')
        v <<= 10;
    else if (unit == 'M' || unit == 'm')
        v <<= 20;
    else if (unit == 'G' || unit == 'g')
        v <<= 30;
    return (size_t)v;
}

int nb_cpu_caches_sysfs(nb_cpu_info *cpu)
{
    int found = 0;
    for (int i = 0; i < 16; i++) {
        char dir[64], buf[64];
        snprintf(dir, sizeof dir, "/sys/devices/system/cpu/cpu0/cache/index%d", i);
        if (!read_attr(dir, "level", buf, sizeof buf))
            break;
        int level = buf[0] - '0';
        char type[32];
        if (!read_attr(dir, "type", type, sizeof type) || strcmp(type, "Instruction") == 0)
            continue;
        if (!read_attr(dir, "size", buf, sizeof buf))
            continue;
        size_t size = parse_size(buf);
        if (!size)
            continue;
        found = 1;
        if (level == 1 && !cpu->l1d) {
            cpu->l1d = size;
            if (!cpu->line && read_attr(dir, "coherency_line_size", buf, sizeof buf))
                cpu->line = parse_size(buf);
        } else if (level == 2 && !cpu->l2) {
            cpu->l2 = size;
        } else if (level == 3 && !cpu->l3) {
            cpu->l3 = size;
        }
    }
    return found;
}

void nb_cpu_detect(nb_cpu_info *cpu)
{
    memset(cpu, 0, sizeof *cpu);
    cpu->arch = "other";
    snprintf(cpu->vendor, sizeof cpu->vendor, "unknown");
    cpu->cache_source = "default";
    nb_cpu_detect_x86(cpu);
    nb_cpu_detect_arm(cpu);
    if (!cpu->brand[0])
        snprintf(cpu->brand, sizeof cpu->brand, "unknown");

    /* Some hypervisors and older CPUs report nothing through cpuid; sysfs then may. A level
       the hardware did not report is filled from sysfs. */
    if (!(cpu->l1d && cpu->l2 && cpu->l3) && nb_cpu_caches_sysfs(cpu))
        cpu->cache_source = strcmp(cpu->cache_source, "cpuid") == 0 ? "cpuid+sysfs" : "sysfs";

    /* Defaults (a typical server core) so block sizes stay sane when nothing was found. A
       missing L3 alone is legitimate (some cores have none; the blocking code copes with 0). */
    int nothing = !cpu->l1d && !cpu->l2 && !cpu->l3;
    if (!cpu->l1d)
        cpu->l1d = 32 << 10;
    if (!cpu->l2)
        cpu->l2 = 1 << 20;
    if (nothing)
        cpu->l3 = 8 << 20;
    if (!cpu->line)
        cpu->line = 64;
}
