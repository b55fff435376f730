/* cblas_xerbla: alone in this object so that a program's own cblas_xerbla replaces ours, also in a
   static link. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "../blas/nb_common.h"

extern int RowMajorStrg;

/* For a row-major call the CBLAS layer checks the equivalent column-major call (operands and
   dimensions swapped) and reports that call's position + 1. Map it back to the position in the
   row-major argument list the user wrote (the same table the reference uses, netlib CBLAS 3.x:
   names matched by substring). The extensions report in this table's terms too: those shaped
   like a reference routine (sbgemm, ?gemm_batch, sbgemv, ...) pass what it passes; those whose
   names contain a key without having that argument list (?gemmt, the strided batches,
   gemm_bf16bf16f32_pack) report with RowMajorStrg 0, so nothing is mapped (docs/API.md). */
static blasint nb_rowmajor_position(blasint info, const char *rout)
{
    static const struct {
        const char *key;
        int a, b, c, d;
    } swaps[] = {
        {"gemm", 4, 5, 9, 11}, {"symm", 4, 5, 0, 0}, {"hemm", 4, 5, 0, 0}, {"trmm", 6, 7, 0, 0},
        {"trsm", 6, 7, 0, 0},  {"gemv", 3, 4, 0, 0}, {"gbmv", 3, 4, 5, 6}, {"ger", 2, 3, 6, 8},
    };
    for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++) {
        if (!strstr(rout, swaps[i].key))
            continue;
        if (info == swaps[i].a) return swaps[i].b;
        if (info == swaps[i].b) return swaps[i].a;
        if (swaps[i].c && info == swaps[i].c) return swaps[i].d;
        if (swaps[i].c && info == swaps[i].d) return swaps[i].c;
        return info;
    }
    if ((strstr(rout, "her2") || strstr(rout, "hpr2")) && !strstr(rout, "her2k")) {
        if (info == 6) return 8;
        if (info == 8) return 6;
    }
    return info;
}

NB_EXPORT void cblas_xerbla(blasint info, const char *rout, const char *form, ...)
{
    if (RowMajorStrg)
        info = nb_rowmajor_position(info, rout);
    fprintf(stderr, " ** On entry to %s parameter number %" NB_TD " had an illegal value\n", rout, info);
    if (form && *form) {
        va_list ap;
        va_start(ap, form);
        vfprintf(stderr, form, ap);
        va_end(ap);
    }
}
