/* peak.h: machine figures the GEMM benchmark measures itself, to express its results as a
   fraction of what the hardware can do.

   - Register-only FMA throughput (GFLOPS) per instruction set and precision: a loop of
     independent fused multiply-add chains that never touches memory, run on 1..N threads at once.
   - Streaming memory bandwidth (GB/s): the update a[i] += s * b[i] over two arrays far larger
     than the last-level cache, counting 3 * 8 bytes per element (a and b read, a written back),
     which is the traffic of a GEMM with small k updating C. */
#ifndef BENCH_PEAK_H
#define BENCH_PEAK_H

#include <stddef.h>

enum peak_isa { PEAK_GENERIC = 0, PEAK_AVX2, PEAK_AVX512, PEAK_NISA };

/* "generic", "avx2", "avx512". */
const char *peak_isa_name(enum peak_isa isa);

/* The peak ISA matching a nanoblas kernel set name ("avx512", "amx" -> AVX-512; "avx2" -> AVX2;
   anything else -> generic). */
enum peak_isa peak_isa_for_kernel_set(const char *kernel_set);

/* 1 if this CPU (and build) can run the loop for `isa`. */
int peak_isa_supported(enum peak_isa isa);

/* Best-of-several FMA throughput in GFLOPS summed over `threads` concurrent threads;
   is_double selects fp64 (else fp32). Returns 0 if the ISA is not supported. Takes ~0.1 s;
   on a noisy machine call it several times (interleaved with the others) and keep the largest. */
double peak_fma_gflops(enum peak_isa isa, int is_double, int threads);

/* Best-of-several streaming-update bandwidth in GB/s (1e9 bytes/s) with `threads` threads over
   a footprint of `bytes` bytes (two arrays). Returns 0 if the memory cannot be allocated. Best of 4
   passes; same advice as above. */
double peak_stream_gbs(size_t bytes, int threads);

/* Size of the last-level cache in bytes (sysconf), or 32 MiB when unknown. */
size_t peak_llc_bytes(void);

#endif
