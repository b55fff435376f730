/* Template of the SVE GEMM micro-kernel and its packing routines (kernels/kernel.h formats),
   vector-length agnostic. Included once by dgemm_sve.c and once by sgemm_sve.c, which define
   before including: T (element type), SV (its SVE vector type), SVE_CNT() (lanes per vector:
   svcntd / svcntw), SVE_PTRUE(), SVE_WHILE(i, n) (predicate of lanes i + lane < n), SVE_DUP(x),
   UKR_BLOAD(bp) (loads the 8 B values of one k step into quadword registers q0..q3 with
   svld1rq), UKR_COLS() (the 24 FMAs of one k step, COL(j, quadword, lane) per column), and the
   names UKR_NAME, PACK_A_NAME, PACK_B_NAME.

   Register tile: MR = 3 vectors (3 * svcntd() doubles or 3 * svcntw() floats: 6 / 12 rows at
   128 bits, 24 / 48 at 512, 96 / 192 at 2048) by NR = 8 columns. Broadcast-B through
   lane-indexed FMLA: one svld1rq replicates a 128-bit quadword of B (2 doubles or 4 floats)
   into every 128-bit segment, and FMLA (indexed) multiplies a whole A vector by lane j of each
   segment, so one B register feeds 2 (d) or 4 (s) columns without a separate broadcast.
   Register budget (32 Z registers): 3 x 8 = 24 accumulators + 3 A vectors + 4 (d) or 2 (s)
   B quadword registers = 31 / 29. 24 independent FMA chains: enough to cover a 4-cycle FMA
   latency on 2 (Neoverse V1/V2, A64FX) or 4 (V2 at 128 bits) FMA pipes (16 needed).
   NR = 8 is fixed at compile time (it is a multiple of every quadword's lane count and needs
   no VL), MR is the runtime 3 * VL: kset_sve.c (vla_setup) writes it into the table at load,
   and these routines read svcntd()/svcntw() themselves, so they agree as long as the process
   does not change its vector length after the library was loaded (prctl PR_SVE_SET_VL).

   Edges: the packed panels are zero-padded (pack_a / pack_b), so the k loop always runs the
   full tile; the C update stores with svwhilelt predicates (rows past m are neither read nor
   written) and skips the columns past n. General-stride C goes through a local buffer. */

#define UKR_NR 8
/* The largest MR: 3 vectors at the architectural maximum of 2048 bits. */
#define UKR_MR_MAX (3 * 256 / (int)sizeof(T))

#ifndef SVE_TPL_HELPERS
#define SVE_TPL_HELPERS
static inline size_t sve_min(size_t x, size_t y) { return x < y ? x : y; }
#endif

/* The 3 x 8 accumulators, named c<vector>_<column> (SVE types are sizeless: no arrays). */
#define ACC_COL(X, j) X(0, j) X(1, j) X(2, j)
#define ACC_ALL(X) ACC_COL(X, 0) ACC_COL(X, 1) ACC_COL(X, 2) ACC_COL(X, 3) \
                   ACC_COL(X, 4) ACC_COL(X, 5) ACC_COL(X, 6) ACC_COL(X, 7)
#define ACC_DECL(v, j) SV c##v##_##j = SVE_DUP(0);
/* column j of the tile: A vectors times lane `ln` of quadword register q */
#define COL(j, q, ln)                              \
    c0_##j = svmla_lane(c0_##j, a0, q, ln);        \
    c1_##j = svmla_lane(c1_##j, a1, q, ln);        \
    c2_##j = svmla_lane(c2_##j, a2, q, ln);

/* An empty asm that "uses" x: the A vectors stay live past their last FMA, so GCC writes
   every FMA into its accumulator (FMLA is destructive) instead of reusing a dying A register as
   the destination, which needed a MOVPRFX copy per moved accumulator (10 per 2 k steps).
   One k step per loop iteration: with two, GCC interleaved the second step's loads with the
   first step's FMAs and, at 31 live vectors, stored an accumulator to the stack. */
#define UKR_KEEP(x) __asm__ volatile("" ::"w"(x))

/* One k step: 3 A loads, the B quadwords, 24 FMAs. */
#define UKR_STEP(ap, bp)                                                                        \
    do {                                                                                        \
        SV a0 = svld1(pt, (ap)), a1 = svld1(pt, (ap) + vl), a2 = svld1(pt, (ap) + 2 * vl);      \
        UKR_BLOAD(bp);                                                                          \
        UKR_COLS();                                                                             \
        UKR_KEEP(a0); UKR_KEEP(a1); UKR_KEEP(a2);                                               \
    } while (0)

#define UKR_SFX_(n, s) n##s
#define UKR_SFX(n, s) UKR_SFX_(n, s)
#define UKR_UPDATE UKR_SFX(UKR_NAME, _update)

/* C column update, column-major C: cj[0 .. m) = alpha * acc + beta * cj (beta == 0: C not
   read). Predicated loads and stores touch only the rows below m. */
static inline __attribute__((always_inline)) void UKR_UPDATE(SV x0, SV x1, SV x2, T *cj,
                                                             size_t vl, svbool_t p0, svbool_t p1,
                                                             svbool_t p2, SV va, T beta)
{
    const svbool_t pt = SVE_PTRUE();
    SV r0 = svmul_x(pt, x0, va), r1 = svmul_x(pt, x1, va), r2 = svmul_x(pt, x2, va);
    if (beta != 0) {
        const SV vb = SVE_DUP(beta);
        r0 = svmla_x(pt, r0, svld1(p0, cj), vb);
        r1 = svmla_x(pt, r1, svld1(p1, cj + vl), vb);
        r2 = svmla_x(pt, r2, svld1(p2, cj + 2 * vl), vb);
    }
    svst1(p0, cj, r0);
    svst1(p1, cj + vl, r1);
    svst1(p2, cj + 2 * vl, r2);
}

void UKR_NAME(size_t k, T alpha, const T *a, const T *b, T beta, T *c, size_t rs_c, size_t cs_c,
              int m, int n)
{
    const svbool_t pt = SVE_PTRUE();
    const size_t vl = SVE_CNT(), mr = 3 * vl;
    if (k == 0)
        alpha = 0; /* C = beta*C: the zero accumulators must stay zero even for alpha = Inf */
    ACC_ALL(ACC_DECL)

    /* The C tile is needed only after the k loop: request it now so its misses overlap it. */
    for (int j = 0; j < n; j++) {
        __builtin_prefetch(c + (size_t)j * cs_c, 1);
        __builtin_prefetch(c + (size_t)j * cs_c + (size_t)(m - 1) * rs_c, 1);
    }

    const T *ap = a, *bp = b;
    for (size_t l = 0; l < k; l++) {
        /* packed A, 16 k steps ahead (3 VL per step: 48 bytes at 128 bits, 3 lines at 1024) */
        __builtin_prefetch(ap + 16 * mr);
        UKR_STEP(ap, bp);
        ap += mr;
        bp += UKR_NR;
    }

    const SV va = SVE_DUP(alpha);
    if (rs_c == 1) {
        const svbool_t p0 = SVE_WHILE(0, m), p1 = SVE_WHILE(vl, m), p2 = SVE_WHILE(2 * vl, m);
#define ACC_STORE(j)                                                                            \
    if (j >= n)                                                                                 \
        return;                                                                                 \
    UKR_UPDATE(c0_##j, c1_##j, c2_##j, c + (size_t)j * cs_c, vl, p0, p1, p2, va, beta);
        ACC_STORE(0) ACC_STORE(1) ACC_STORE(2) ACC_STORE(3)
        ACC_STORE(4) ACC_STORE(5) ACC_STORE(6) ACC_STORE(7)
#undef ACC_STORE
        return;
    }
    /* General strides (row-major C of the triangular helpers): rare, through a buffer. */
    T t[UKR_NR * UKR_MR_MAX];
#define ACC_BUF(v, j) svst1(pt, t + (size_t)j * mr + v * vl, svmul_x(pt, c##v##_##j, va));
    ACC_ALL(ACC_BUF)
#undef ACC_BUF
    for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
            T *cij = &c[(size_t)i * rs_c + (size_t)j * cs_c];
            *cij = beta == 0 ? t[(size_t)j * mr + i] : t[(size_t)j * mr + i] + beta * *cij;
        }
}

/* pack_a: MR-tall panels, element (i, l) of a panel at dst[l*MR + i], rows past m zero.
   A not transposed (rs == 1) with a full panel: three vector copies per k step. Everything
   else (the last, partial panel; transposed or strided A) element by element, walking the
   source along its shorter stride. */
void PACK_A_NAME(size_t m, size_t k, const T *src, size_t rs, size_t cs, int conj, T *dst)
{
    (void)conj;
    const svbool_t pt = SVE_PTRUE();
    const size_t vl = SVE_CNT(), mr = 3 * vl;
    for (size_t p = 0; p < m; p += mr, dst += mr * k) {
        const size_t rows = sve_min(mr, m - p);
        const T *s = src + p * rs;
        if (rs == 1 && rows == mr) {
            T *d = dst;
            for (size_t l = 0; l < k; l++, s += cs, d += mr) {
                svst1(pt, d, svld1(pt, s));
                svst1(pt, d + vl, svld1(pt, s + vl));
                svst1(pt, d + 2 * vl, svld1(pt, s + 2 * vl));
            }
            continue;
        }
        if (rs <= cs) { /* columns contiguous (or nearly): l outside */
            for (size_t l = 0; l < k; l++)
                for (size_t i = 0; i < mr; i++)
                    dst[l * mr + i] = i < rows ? s[i * rs + l * cs] : 0;
        } else { /* rows contiguous (A transposed): i outside, each source row read in order */
            for (size_t i = 0; i < rows; i++)
                for (size_t l = 0; l < k; l++)
                    dst[l * mr + i] = s[i * rs + l * cs];
            for (size_t l = 0; l < k; l++)
                for (size_t i = rows; i < mr; i++)
                    dst[l * mr + i] = 0;
        }
    }
}

/* pack_b: 8-wide panels, element (l, j) at dst[l*8 + j], columns past n zero. B transposed
   (cs == 1) with a full panel: each packed row is 8 contiguous source elements, copied with
   predicated vectors of min(VL, 8) lanes. Otherwise element by element along the shorter
   stride (B not transposed: each source column read in order). */
void PACK_B_NAME(size_t k, size_t n, const T *src, size_t rs, size_t cs, int conj, T *dst)
{
    (void)conj;
    const size_t vl = SVE_CNT();
    for (size_t q = 0; q < n; q += UKR_NR, dst += UKR_NR * k) {
        const size_t cols = sve_min(UKR_NR, n - q);
        const T *s = src + q * cs;
        if (cs == 1 && cols == UKR_NR) {
            T *d = dst;
            for (size_t l = 0; l < k; l++, s += rs, d += UKR_NR)
                for (size_t j0 = 0; j0 < UKR_NR; j0 += vl) {
                    const svbool_t pg = SVE_WHILE(j0, UKR_NR);
                    svst1(pg, d + j0, svld1(pg, s + j0));
                }
            continue;
        }
        if (cs <= rs) { /* rows contiguous (or nearly): l outside */
            for (size_t l = 0; l < k; l++)
                for (size_t j = 0; j < UKR_NR; j++)
                    dst[l * UKR_NR + j] = j < cols ? s[l * rs + j * cs] : 0;
        } else { /* columns contiguous: j outside, each source column read in order */
            for (size_t j = 0; j < cols; j++)
                for (size_t l = 0; l < k; l++)
                    dst[l * UKR_NR + j] = s[l * rs + j * cs];
            for (size_t l = 0; l < k; l++)
                for (size_t j = cols; j < UKR_NR; j++)
                    dst[l * UKR_NR + j] = 0;
        }
    }
}

#undef UKR_NR
#undef UKR_MR_MAX
#undef ACC_COL
#undef ACC_ALL
#undef ACC_DECL
#undef COL
#undef UKR_STEP
#undef UKR_UPDATE
