/* The generic kernel set's batch-reduce GEMM kernels (kernels/brgemm.h), s and d. */
#include "kernels/brgemm.h"

#define BRG_T float
#define BRG_NAME nb_sbrgemm_generic
#include "kernels/generic/brgemm_generic.h"
#undef BRG_T
#undef BRG_NAME

#define BRG_T double
#define BRG_NAME nb_dbrgemm_generic
#include "kernels/generic/brgemm_generic.h"
#undef BRG_T
#undef BRG_NAME
