/* nanoblas extensions and controls beyond the standard BLAS/CBLAS interface. */
#ifndef NANOBLAS_H
#define NANOBLAS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Human-readable description of what the library detected and chose at load time. */
const char *nanoblas_get_config(void);

#ifdef __cplusplus
}
#endif

#endif
