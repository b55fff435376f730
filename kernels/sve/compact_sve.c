/* Compact GEMM kernels of the sve set: kernels/generic/compact_loops.h with 16-byte vectors.
   GCC vector extensions have a fixed size, and without -msve-vector-bits (which would tie the
   build to one vector length) a 16-byte vector compiles to Advanced SIMD (NEON) code on the 32
   V registers (the low 128 bits of the Z registers), the one width every SVE CPU has. Every
   format (P = 2..16) is computed correctly: a wider format runs as P / W independent 16-byte
   slices (compact_loops.h). The set's native format follows the vector length (kset_sve.c,
   vla_setup), so mkl_get_format_compact tells a caller the layout that suits the machine;
   these kernels compute all three at NEON width (register budget: compact_loops.h with
   NREGS = 32). */
#define CT_ISA sve
#define CT_VBYTES 16
#define CT_NREGS 32
/* a streamed operand is loaded once per k step into a register, not folded into each FMA */
#define CT_KEEP(v) __asm__("" : "+w"(v))
#include "kernels/generic/compact_loops.h"
