/* The two global variables of the reference CBLAS ABI (kept apart from cblas_xerbla.c so that a
   program defining its own cblas_xerbla can still link statically). */
#include "../blas/nb_common.h"

/* Exported mutable globals: part of the reference CBLAS ABI. The netlib CBLAS testers read and
   write RowMajorStrg to interpret error positions; nanoblas sets it before every cblas_xerbla
   call (1 for a row-major call), because the CBLAS layer reports positions of the transposed
   column-major call just as the reference does. CBLAS_CallFromC is kept for ABI completeness. */
NB_EXPORT int RowMajorStrg = 0;
NB_EXPORT int CBLAS_CallFromC = 0;
