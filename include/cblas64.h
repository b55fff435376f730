/* cblas64.h: the CBLAS of libnanoblas64.so.0 (link with -lnanoblas64): the declarations of
   cblas.h with 64-bit integers (CBLAS_INT is int64_t) under the suffixed names, cblas_dgemm
   standing for cblas_dgemm64_ (include/nanoblas_suffix64.h). The same as defining
   NANOBLAS_ILP64_SUFFIX before including cblas.h. */
#ifndef CBLAS64_H
#define CBLAS64_H
#ifndef NANOBLAS_ILP64_SUFFIX
#define NANOBLAS_ILP64_SUFFIX
#endif
#include "cblas.h"
#endif
