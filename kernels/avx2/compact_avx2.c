/* Compact GEMM kernels of the avx2 set: kernels/generic/compact_loops.h compiled with AVX2+FMA
   (16 registers of 32 bytes; the tiles and their register budget are stated there). */
#define CT_ISA avx2
#define CT_VBYTES 32
#define CT_NREGS 16
/* a streamed operand is loaded once per k step into a register, not folded into each FMA */
#define CT_KEEP(v) __asm__("" : "+v"(v))
#include "kernels/generic/compact_loops.h"
