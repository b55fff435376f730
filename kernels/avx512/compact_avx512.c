/* Compact GEMM kernels of the avx512 set (also the amx set's): kernels/generic/compact_loops.h
   compiled with AVX-512 (32 registers of 64 bytes; the tiles and their register budget are
   stated there). */
#define CT_ISA avx512
#define CT_VBYTES 64
#define CT_NREGS 32
/* a streamed operand is loaded once per k step into a register, not folded into each FMA */
#define CT_KEEP(v) __asm__("" : "+v"(v))
#include "kernels/generic/compact_loops.h"
