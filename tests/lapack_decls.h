/* What the LAPACK tests (test_lapack.c, test_lapack_inv.c) share: the Fortran prototypes of the
   LAPACK routines nanoblas carries, and an xerbla_ of the program's own that records the routine
   and argument position it is called with (a program's xerbla_ overrides nanoblas's). Include
   after tests/typed.h (fc, dc). */
#ifndef NB_TESTS_LAPACK_DECLS_H
#define NB_TESTS_LAPACK_DECLS_H
#include <stddef.h>
#include <string.h>

typedef int fint;
#define LAPACK_DECL(p, T)                                                                          \
    void p##getrf_(const fint *, const fint *, T *, const fint *, fint *, fint *);                 \
    void p##getrs_(const char *, const fint *, const fint *, const T *, const fint *, const fint *, \
                   T *, const fint *, fint *, size_t);                                             \
    void p##laswp_(const fint *, T *, const fint *, const fint *, const fint *, const fint *,       \
                   const fint *);                                                                  \
    void p##potrf_(const char *, const fint *, T *, const fint *, fint *, size_t);                 \
    void p##potrs_(const char *, const fint *, const fint *, const T *, const fint *, T *,         \
                   const fint *, fint *, size_t);                                                  \
    void p##trtri_(const char *, const char *, const fint *, T *, const fint *, fint *, size_t,     \
                   size_t);                                                                        \
    void p##lauum_(const char *, const fint *, T *, const fint *, fint *, size_t);                 \
    void p##potri_(const char *, const fint *, T *, const fint *, fint *, size_t);                 \
    void p##getri_(const fint *, T *, const fint *, const fint *, T *, const fint *, fint *);
LAPACK_DECL(s, float)
LAPACK_DECL(d, double)
LAPACK_DECL(c, fc)
LAPACK_DECL(z, dc)

static fint xe_info;
static char xe_name[8];
void xerbla_(const char *name, const int *info, size_t len)
{
    xe_info = *info;
    memset(xe_name, 0, sizeof xe_name);
    memcpy(xe_name, name, len < 7 ? len : 7);
}

static const char P[4] = {'S', 'D', 'C', 'Z'};
#endif
