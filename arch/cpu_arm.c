/* aarch64 CPU detection: features from the Linux hwcaps, SVE vector length from prctl, identity
   from MIDR_EL1. Cache sizes come from sysfs (arch/cpu.c). Compiles to a stub elsewhere. */
#include "arch/cpu.h"

#if defined(__aarch64__)

#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/auxv.h>
#include <sys/prctl.h>
#endif

/* Bit positions of the Linux arm64 ABI (asm/hwcap.h); spelled out because older C libraries'
   headers lack the newer ones. */
enum {
    HW_ASIMD = 1 << 1,
    HW_FPHP = 1 << 9,
    HW_ASIMDHP = 1 << 10,
    HW_CPUID = 1 << 11,
    HW_ASIMDDP = 1 << 20,
    HW_SVE = 1 << 22,
    HW2_SVE2 = 1 << 1,
    HW2_SVEI8MM = 1 << 9,
    HW2_SVEBF16 = 1 << 12,
    HW2_I8MM = 1 << 13,
    HW2_BF16 = 1 << 14
};

/* Implementer 0 is reserved for software use: qemu's emulated CPUs ("-cpu max") report it. */
static const struct {
    unsigned code;
    const char *name;
} implementers[] = {
    {0x00, "software"},  {0x41, "ARM"},      {0x42, "Broadcom"}, {0x43, "Cavium"},
    {0x46, "Fujitsu"},   {0x48, "HiSilicon"}, {0x4e, "NVIDIA"},  {0x50, "APM"},
    {0x51, "Qualcomm"},  {0x61, "Apple"},    {0x6d, "Microsoft"}, {0xc0, "Ampere"},
};

/* Arm Ltd. parts most likely to run a BLAS; others are shown by number. */
static const struct {
    unsigned part;
    const char *name;
} arm_parts[] = {
    {0xd03, "Cortex-A53"},  {0xd07, "Cortex-A57"},  {0xd08, "Cortex-A72"},  {0xd0b, "Cortex-A76"},
    {0xd0c, "Neoverse-N1"}, {0xd40, "Neoverse-V1"}, {0xd41, "Cortex-A78"},  {0xd44, "Cortex-X1"},
    {0xd46, "Cortex-A510"}, {0xd47, "Cortex-A710"}, {0xd48, "Cortex-X2"},   {0xd49, "Neoverse-N2"},
    {0xd4f, "Neoverse-V2"}, {0xd80, "Cortex-A520"}, {0xd81, "Cortex-A720"}, {0xd82, "Cortex-X4"},
    {0xd84, "Neoverse-V3"}, {0xd8e, "Neoverse-N3"},
};

/* MIDR_EL1 is readable from user space because Linux emulates the access when HWCAP_CPUID is
   set; without it, sysfs exposes the same register. 0 when neither works. */
static uint64_t read_midr(unsigned long hwcap)
{
    if (hwcap & HW_CPUID) {
        uint64_t midr;
        __asm__ volatile("mrs %0, midr_el1" : "=r"(midr));
        return midr;
    }
    uint64_t midr = 0;
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
    if (f) {
        unsigned long long v;
        if (fscanf(f, "%llx", &v) == 1)
            midr = v;
        fclose(f);
    }
    return midr;
}

static void detect_identity(nb_cpu_info *cpu, unsigned long hwcap)
{
    uint64_t midr = read_midr(hwcap);
    unsigned impl = (unsigned)(midr >> 24) & 0xff, part = (unsigned)(midr >> 4) & 0xfff;
    cpu->family = impl;
    cpu->model = part;
    cpu->stepping = (unsigned)midr & 0xf;
    if (!midr) {
        snprintf(cpu->vendor, sizeof cpu->vendor, "unknown");
        snprintf(cpu->brand, sizeof cpu->brand, "aarch64 (MIDR not readable)");
        return;
    }
    const char *vendor = NULL, *name = NULL;
    for (size_t i = 0; i < sizeof implementers / sizeof implementers[0]; i++)
        if (implementers[i].code == impl)
            vendor = implementers[i].name;
    if (impl == 0x41)
        for (size_t i = 0; i < sizeof arm_parts / sizeof arm_parts[0]; i++)
            if (arm_parts[i].part == part)
                name = arm_parts[i].name;
    if (vendor)
        snprintf(cpu->vendor, sizeof cpu->vendor, "%s", vendor);
    else
        snprintf(cpu->vendor, sizeof cpu->vendor, "0x%02x", impl);
    if (name)
        snprintf(cpu->brand, sizeof cpu->brand, "%s r%up%u", name, (unsigned)(midr >> 20) & 0xf,
                 cpu->stepping);
    else
        snprintf(cpu->brand, sizeof cpu->brand, "part 0x%03x r%up%u", part,
                 (unsigned)(midr >> 20) & 0xf, cpu->stepping);
}

int nb_cpu_detect_arm(nb_cpu_info *cpu)
{
    cpu->arch = "aarch64";
    unsigned long hwcap = 0, hwcap2 = 0;
#ifdef __linux__
    hwcap = getauxval(AT_HWCAP);
    hwcap2 = getauxval(AT_HWCAP2);
#endif
    uint64_t f = 0;
#define SET(feat, cond) \
    if (cond)           \
        f |= (uint64_t)1 << (feat)
    SET(NB_CPU_ASIMD, hwcap & HW_ASIMD);
    /* fp16 arithmetic comes in pairs (FEAT_FP16: scalar FPHP and vector ASIMDHP); one feature
       bit stands for both, so a half-precision kernel may use either. */
    SET(NB_CPU_ASIMDHP, (hwcap & HW_FPHP) && (hwcap & HW_ASIMDHP));
    SET(NB_CPU_ASIMDDP, hwcap & HW_ASIMDDP);
    SET(NB_CPU_SVE, hwcap & HW_SVE);
    SET(NB_CPU_SVE2, hwcap2 & HW2_SVE2);
    SET(NB_CPU_BF16, hwcap2 & HW2_BF16);
    SET(NB_CPU_I8MM, hwcap2 & HW2_I8MM);
    SET(NB_CPU_SVEBF16, hwcap2 & HW2_SVEBF16);
    SET(NB_CPU_SVEI8MM, hwcap2 & HW2_SVEI8MM);
#undef SET
    cpu->features = f;

#if defined(__linux__) && defined(PR_SVE_GET_VL)
    if (f & ((uint64_t)1 << NB_CPU_SVE)) {
        int vl = prctl(PR_SVE_GET_VL);
        if (vl > 0)
            cpu->sve_vl = (unsigned)vl & PR_SVE_VL_LEN_MASK;
    }
#endif
    /* A kernel set must not pick SVE when its vector length is unknown. */
    if (!cpu->sve_vl)
        cpu->features &= ~(((uint64_t)1 << NB_CPU_SVE) | ((uint64_t)1 << NB_CPU_SVE2) |
                           ((uint64_t)1 << NB_CPU_SVEBF16) | ((uint64_t)1 << NB_CPU_SVEI8MM));

    detect_identity(cpu, hwcap);
    return 1;
}

#else

int nb_cpu_detect_arm(nb_cpu_info *cpu)
{
    (void)cpu;
    return 0;
}

#endif
