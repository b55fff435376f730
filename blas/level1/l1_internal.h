/* Helpers private to the Level 1 templates. */
#ifndef NB_L1_INTERNAL_H
#define NB_L1_INTERNAL_H

#include "level1.h"
#include "kernels/kernel.h"
#include "threading/nb_threads.h"

/* Real-typed abs and sqrt of the working precision: the generic __builtin_fabs would widen a float
   to double, and sums would then round differently from the reference's single precision. */
#if NB_PREC == 1 || NB_PREC == 3
#define NB_FABS(v) __builtin_fabsf(v)
#define NB_SQRT(v) __builtin_sqrtf(v)
#define NB_COPYSIGN(m, s) __builtin_copysignf(m, s)
#else
#define NB_FABS(v) __builtin_fabs(v)
#define NB_SQRT(v) __builtin_sqrt(v)
#define NB_COPYSIGN(m, s) __builtin_copysign(m, s)
#endif

/* Walks two strided vectors in the reference order (negative increments start at the far end). */
/* Strided element-wise calls (axpy, complex scal, rot) with no zero increment compute as the
   contiguous kernels do: real axpy and rot through the kernel set's strided loops (axpy_inc,
   rot_inc), complex ones on chunks of NB_L1_GATHER elements gathered into stack buffers (three
   stores an element: 0.65x the direct loop). An element's bits are then the unit-stride
   kernel's whatever its stride or place. The loops below compute as the C
   compiler contracts them, which on FMA sets is not as the kernels fuse: strided zscal differed
   from contiguous zscal in the last bit, and LAPACK's CHGEQZ, which scales rows (stride LDH) over
   ranges that differ with and without Schur vectors, got other eigenvalues in the two modes
   (xeigtstc cgd, CGV result 5, avx512). An increment of 0 keeps the reference's loop (its order
   then decides the result). */
#define NB_L1_GATHER 256

#define NB_L1_FOR2(n, incx, incy, ix, iy)                                                        \
    for (ptrdiff_t ix = nb_vstart(n, incx), iy = nb_vstart(n, incy), nb_l1_i_ = 0; nb_l1_i_ < (n); \
         nb_l1_i_++, ix += (incx), iy += (incy))

/* ---- the kernel set's Level 1 table (kernels/l1_kernels.h) ----
   NB_L1R is the letter of the real type (s for s and c, d for d and z): the kernels that treat a
   complex vector as 2n reals are the real ones. */
#if NB_PREC == 1 || NB_PREC == 3
#define NB_L1R s
#else
#define NB_L1R d
#endif
#define NB_L1K(f) (nb_l1k()->f)
#define NB_L1KP(f) NB_L1K(NB_CAT(NB_P, f))   /* this precision's kernel, e.g. ddot */
#define NB_L1KR(f) NB_L1K(NB_CAT(NB_L1R, f)) /* the real type's kernel, e.g. dasum for z */
#define NB_L1_KFROM(pa) NB_CAT(NB_KFROM_, NB_P)(pa) /* a scalar argument (kernels/scalar_pass.h) */
#define NB_L1_NREAL (NB_COMPLEX ? 2 : 1)    /* reals per element */

static inline const nb_l1_kernels *nb_l1k(void)
{
    if (!nb_rt.kset)
        nb_init();
    return &nb_rt.kset->l1;
}

/* Copies whose destination has more bytes than this stream past the caches: the tuning
   entry's copy_stream_min, by default the last-level cache's size. */
static inline double nb_l1_copy_stream_min(void)
{
    if (!nb_rt.kset)
        nb_init();
    return nb_rt.tune.copy_stream_min > 0 ? nb_rt.tune.copy_stream_min : (double)nb_rt.llc;
}

/* ---- fixed chunks: reproducible reductions, and the unit of work of a team ----
   A vector of n elements is cut into chunks of nb_l1_chunk(n) elements (the last one shorter),
   a size that depends on n alone: at least NB_L1_CHUNK_MIN, a multiple of 64 (every vector
   width), and at most NB_L1_MAX_CHUNKS chunks. A reduction computes one partial per chunk with
   the kernel and adds the partials in chunk order; a team takes whole chunks. So the result is
   the same bits for any team size, one thread included. The smallest chunk is 32 KiB of
   single-precision reals and 4096 elements of the other types: with 4096 floats, sasum of 6144
   ran 1.26x slower in two chunks than in one (Zen 5), the chunk run's cost. */
#define NB_L1_CHUNK_MIN (sizeof(nb_t) == 4 ? (size_t)8192 : (size_t)4096)
#define NB_L1_MAX_CHUNKS 64
/* Strided operands are gathered into a stack buffer of this many elements per kernel call. */
#define NB_L1_PIECE 256

static inline size_t nb_l1_chunk(size_t n)
{
    size_t c = (n + NB_L1_MAX_CHUNKS - 1) / NB_L1_MAX_CHUNKS;
    c = (c + 63) & ~(size_t)63;
    return c < NB_L1_CHUNK_MIN ? NB_L1_CHUNK_MIN : c;
}

/* (n <= NB_L1_CHUNK_MIN tested first: the 64-bit division was a tenth of a small call) */
static inline size_t nb_l1_nchunks(size_t n)
{
    if (n <= NB_L1_CHUNK_MIN)
        return 1;
    size_t c = nb_l1_chunk(n);
    return (n + c - 1) / c;
}

/* The team for a call touching `reals` vector elements (reads + writes, in reals), at most one
   thread per chunk: the uarch entry's l1_par_min_elems per thread, through the stream rule of
   threading/ (which counts in stream_min_elems units). */
static inline int nb_l1_team(size_t reals, size_t nchunks)
{
    if (nchunks <= 1)
        return 1;
    double per_thread = nb_rt.tune.l1_par_min_elems > 0 ? nb_rt.tune.l1_par_min_elems : 32768.0;
    return nb_threads_for_stream((double)reals * (nb_rt.tune.stream_min_elems / per_thread),
                                 nchunks);
}

/* Runs fn(ctx, c, lo, hi) for every chunk c = [lo, hi) of [0, n), on a team of `team`: thread t
   of nt takes a contiguous run of chunks. */
typedef void (*nb_l1_chunk_fn)(void *ctx, size_t c, size_t lo, size_t hi);
typedef struct {
    size_t n, chunk, nch;
    nb_l1_chunk_fn fn;
    void *ctx;
} nb_l1_job;

static inline void nb_l1_chunks(const nb_l1_job *j, size_t c0, size_t c1)
{
    for (size_t c = c0; c < c1; c++)
        j->fn(j->ctx, c, c * j->chunk, c + 1 == j->nch ? j->n : (c + 1) * j->chunk);
}

static inline void nb_l1_region(void *arg, int tid, int nt)
{
    const nb_l1_job *j = arg;
    size_t c0, c1;
    nb_split(j->nch, 1, nt, tid, &c0, &c1);
    nb_l1_chunks(j, c0, c1);
}

static inline void nb_l1_run(size_t n, int team, nb_l1_chunk_fn fn, void *ctx)
{
    size_t chunk = nb_l1_chunk(n);
    if (n <= chunk) {
        fn(ctx, 0, 0, n);
        return;
    }
    size_t nch = (n + chunk - 1) / chunk;
    if (team <= 1) {
        /* not through the job: its address escapes into the region below, and the compiler
           would then call fn through memory instead of inlining it (an L1-size call is ~100 ns) */
        for (size_t c = 0; c < nch; c++)
            fn(ctx, c, c * chunk, c + 1 == nch ? n : (c + 1) * chunk);
        return;
    }
    nb_l1_job j = {n, chunk, nch, fn, ctx};
    nb_parallel(team, nb_l1_region, &j);
}

/* Copies elements lo .. lo+len-1 of a strided vector (x already at the reference's first
   element, so a negative or zero increment works as in the reference) into buf. */
static inline void nb_l1_gather(const nb_t *x, ptrdiff_t inc, size_t lo, size_t len, nb_t *buf)
{
    for (size_t k = 0; k < len; k++)
        buf[k] = x[(ptrdiff_t)(lo + k) * inc];
}

#if NB_COMPLEX
/* Mixed real/complex arithmetic as the reference computes it: gfortran promotes the real operand
   to (x, +0) and does the full complex operation, so 0 * Inf and 0 * NaN terms appear (a NaN can
   leak into the other part) and signed zeros follow. C would scale the parts separately.
   cmul_real: a * (x, 0) by the plain product; cdiv_real: a / (x, 0) by the range-reduced
   (Smith) division of -fcx-fortran-rules, whose |x| >= |0| branch is always the one taken. */
static inline nb_t nb_l1_cplx(nb_r re, nb_r im)
{
    nb_t z;
    __real__ z = re;
    __imag__ z = im;
    return z;
}

static inline nb_t cmul_real(nb_t a, nb_r x)
{
    const nb_r zero = 0;
    return nb_l1_cplx(NB_RE(a) * x - NB_IM(a) * zero, NB_RE(a) * zero + NB_IM(a) * x);
}

static inline nb_t cdiv_real(nb_t a, nb_r x)
{
    const nb_r zero = 0;
    nb_r ratio = zero / x;
    nb_r den = zero * ratio + x;
    return nb_l1_cplx((NB_IM(a) * ratio + NB_RE(a)) / den, (NB_IM(a) - NB_RE(a) * ratio) / den);
}
#endif

#endif
