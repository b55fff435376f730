/* Compact GEMM kernels of the neon set: kernels/generic/compact_loops.h compiled for AArch64
   Advanced SIMD (32 registers of 16 bytes; the native format is MKL_COMPACT_SSE, P = 4 s / 2 d;
   the tiles and their register budget are stated there: real 5x5 = 25 accumulators + 5 held
   + 1 streamed = 31 of 32, complex 3x3 = 18 + 6 A + 2 B = 26). */
#define CT_ISA neon
#define CT_VBYTES 16
#define CT_NREGS 32
/* a streamed operand is loaded once per k step into a register ("w": any SIMD register), not
   reloaded for each of its FMAs; volatile with a memory clobber, so that GCC's scheduler does
   not hoist every streamed load of the step to its top: with all of them live at once the 5x5,
   6x4, 8x3 and 3x8 tiles needed more than 32 registers and kept accumulators on the stack */
#define CT_KEEP(v) __asm__ volatile("" : "+w"(v) : : "memory")
#include "kernels/generic/compact_loops.h"
