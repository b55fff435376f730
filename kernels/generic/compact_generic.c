/* Compact GEMM kernels of the generic set: kernels/generic/compact_loops.h compiled with the
   base flags (SSE2 on x86-64: 16 registers of 16 bytes; the budget is stated there). */
#define CT_ISA generic
#define CT_VBYTES 16
#define CT_NREGS 16
#include "kernels/generic/compact_loops.h"
