/* The OpenBLAS extensions' Level 1 kernels: i?amin, i?max/i?min, ?amin/?max/?min, axpby,
   axpyc, rotm and the matrix copies (omatcopy, imatcopy, geadd). Part of kernels/generic/
   l1_loops.h, which includes it at its end: it uses that file's vector types, loads, lane
   masks and the i?amax block search, and is compiled once per kernel set with it. */

/* ---- i?amin (|x|, smallest), i?max/i?min (signed): i?amax's block search with a sentinel
   start (+Inf for the minima, -Inf for the maximum) and a select that keeps the running value
   when the new one is NaN (strict comparison). A block whose extreme equals the sentinel (all
   its non-NaN values are +-Inf, or it is all NaN) is scanned only while nothing was found, and
   found only if an element really equals it: index n means every element is NaN. Without
   want_index only the value is wanted: no scan for its position (index 0 when found). ---- */
#ifndef L1_VMIN_S
#define L1_VMIN_S(a, m) L1_SEL(l1_vis, l1_vs, (a) < (m), a, m)
#endif
#ifndef L1_VMIN_D
#define L1_VMIN_D(a, m) L1_SEL(l1_vid, l1_vd, (a) < (m), a, m)
#endif
#define L1_VID(v) (v)
#define L1_SID(v) (v)
#define L1_GT(a, b) ((a) > (b))
#define L1_LT(a, b) ((a) < (b))
#define L1_IEXT(name, T, V, W, LD, F, SF, VSEL, BETTER, SENT, ANY)                                 \
    static size_t name(size_t n, const T *x, T *vout, int want_index)                              \
    {                                                                                              \
        T best = SENT;                                                                             \
        size_t bi = n;                                                                             \
        for (size_t b = 0; b < n; b += L1_AMAX_BLK) {                                              \
            size_t len = n - b < L1_AMAX_BLK ? n - b : L1_AMAX_BLK, i = 0;                         \
            const T *p = x + b;                                                                    \
            V m0 = {0}, m1, m2, m3;                                                                \
            m0 += SENT, m1 = m0, m2 = m0, m3 = m0;                                                 \
            for (; i + 4 * (W) <= len; i += 4 * (W)) {                                             \
                V a0 = F(LD(p + i)), a1 = F(LD(p + i + (W)));                                      \
                V a2 = F(LD(p + i + 2 * (W))), a3 = F(LD(p + i + 3 * (W)));                        \
                m0 = VSEL(a0, m0), m1 = VSEL(a1, m1), m2 = VSEL(a2, m2), m3 = VSEL(a3, m3);        \
            }                                                                                      \
            for (; i + (W) <= len; i += (W))                                                       \
                m0 = VSEL(F(LD(p + i)), m0);                                                       \
            m0 = VSEL(VSEL(m1, m0), VSEL(m3, m2));                                                 \
            T bm = SENT;                                                                           \
            for (size_t k = 0; k < (W); k++)                                                       \
                bm = BETTER(m0[k], bm) ? m0[k] : bm;                                               \
            for (; i < len; i++) {                                                                 \
                T a = SF(p[i]);                                                                    \
                bm = BETTER(a, bm) ? a : bm;                                                       \
            }                                                                                      \
            if (!want_index && BETTER(bm, best)) {                                                 \
                best = bm, bi = 0;                                                                 \
                continue;                                                                          \
            }                                                                                      \
            if (BETTER(bm, best) || (bi == n && bm == best)) {                                     \
                size_t k = 0; /* the first element equal to bm, a vector at a time */              \
                V vb = {0};                                                                        \
                vb += bm;                                                                          \
                while (k + (W) <= len && !ANY(F(LD(p + k)) == vb))                                 \
                    k += (W);                                                                      \
                while (k < len && SF(p[k]) != bm)                                                  \
                    k++;                                                                           \
                if (k < len)                                                                       \
                    best = bm, bi = want_index ? b + k : 0;                                        \
            }                                                                                      \
        }                                                                                          \
        *vout = best;                                                                              \
        return bi;                                                                                 \
    }
L1_IEXT(l1_isamin_seg, float, l1_vs, WS, l1_ld_s, l1_abs_s, __builtin_fabsf, L1_VMIN_S, L1_LT,
        __builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idamin_seg, double, l1_vd, WD, l1_ld_d, l1_abs_d, __builtin_fabs, L1_VMIN_D, L1_LT,
        __builtin_inf(), L1_ANY_D)
L1_IEXT(l1_ismin_seg, float, l1_vs, WS, l1_ld_s, L1_VID, L1_SID, L1_VMIN_S, L1_LT,
        __builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idmin_seg, double, l1_vd, WD, l1_ld_d, L1_VID, L1_SID, L1_VMIN_D, L1_LT,
        __builtin_inf(), L1_ANY_D)
L1_IEXT(l1_ismax_seg, float, l1_vs, WS, l1_ld_s, L1_VID, L1_SID, L1_VMAX_S, L1_GT,
        -__builtin_inff(), L1_ANY_S)
L1_IEXT(l1_idmax_seg, double, l1_vd, WD, l1_ld_d, L1_VID, L1_SID, L1_VMAX_D, L1_GT,
        -__builtin_inf(), L1_ANY_D)

size_t L1_NAME(isamin)(size_t n, const float *x, float *v, int want_index)
{
    return l1_isamin_seg(n, x, v, want_index);
}
size_t L1_NAME(idamin)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idamin_seg(n, x, v, want_index);
}
size_t L1_NAME(ismin)(size_t n, const float *x, float *v, int want_index)
{
    return l1_ismin_seg(n, x, v, want_index);
}
size_t L1_NAME(idmin)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idmin_seg(n, x, v, want_index);
}
size_t L1_NAME(ismax)(size_t n, const float *x, float *v, int want_index)
{
    return l1_ismax_seg(n, x, v, want_index);
}
size_t L1_NAME(idmax)(size_t n, const double *x, double *v, int want_index)
{
    return l1_idmax_seg(n, x, v, want_index);
}

/* Complex: |re| + |im| of a block into a buffer, then the signed minimum search; blocks in
   order, strict <, so the first minimum wins across blocks too. */
#define L1_ICAMIN(name, R, C, seg, FABS)                                                           \
    size_t L1_NAME(name)(size_t n, const C *xc, R *vout, int want_index)                           \
    {                                                                                              \
        const R *x = (const R *)xc;                                                                \
        R buf[L1_BLK], best = 0, v;                                                                \
        size_t bi = n;                                                                             \
        for (size_t s = 0; s < n; s += L1_BLK) {                                                   \
            size_t len = n - s < L1_BLK ? n - s : L1_BLK;                                          \
            const R *p = x + 2 * s;                                                                \
            _Pragma("omp simd") for (size_t k = 0; k < len; k++) buf[k] =                          \
                FABS(p[2 * k]) + FABS(p[2 * k + 1]);                                               \
            size_t k = seg(len, buf, &v, want_index);                                              \
            if (k < len && (bi == n || v < best))                                                  \
                best = v, bi = want_index ? s + k : 0;                                             \
        }                                                                                          \
        *vout = best;                                                                              \
        return bi;                                                                                 \
    }
L1_ICAMIN(icamin, float, float _Complex, l1_ismin_seg, __builtin_fabsf)
L1_ICAMIN(izamin, double, double _Complex, l1_idmin_seg, __builtin_fabs)

/* ---- element-wise maps: dst[i] = VX(i) a vector at a time (four per iteration), SX(i) for
   the scalar tail; every element is loaded before it is stored, so dst may be a source ---- */
/* The vector part of both maps: moves i (the caller's) past the last whole vector. */
#define L1_MAP_VECTORS(V, W, n, dst, VX, i)                                                        \
    do {                                                                                           \
        for (; i + 4 * (W) <= (n); i += 4 * (W)) {                                                 \
            V r0 = VX(i), r1 = VX(i + (W)), r2 = VX(i + 2 * (W)), r3 = VX(i + 3 * (W));            \
            memcpy((dst) + i, &r0, sizeof r0), memcpy((dst) + i + (W), &r1, sizeof r1);            \
            memcpy((dst) + i + 2 * (W), &r2, sizeof r2);                                           \
            memcpy((dst) + i + 3 * (W), &r3, sizeof r3);                                           \
        }                                                                                          \
        for (; i + (W) <= (n); i += (W)) {                                                         \
            V r0 = VX(i);                                                                          \
            memcpy((dst) + i, &r0, sizeof r0);                                                     \
        }                                                                                          \
    } while (0)
#define L1_MAP(V, W, n, dst, VX, SX)                                                               \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        L1_MAP_VECTORS(V, W, n, dst, VX, i);                                                       \
        for (; i < (n); i++)                                                                       \
            (dst)[i] = SX(i);                                                                      \
    } while (0)
/* The same for complex vectors of interleaved pairs: the scalar tail computes both parts of a
   pair before it stores either (SX of the imaginary part may read the real one). */
#define L1_CMAP(V, W, n, dst, VX, SX)                                                              \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        L1_MAP_VECTORS(V, W, n, dst, VX, i);                                                       \
        for (; i < (n); i += 2) {                                                                  \
            T t0 = SX(i), t1 = SX(i + 1);                                                          \
            (dst)[i] = t0, (dst)[i + 1] = t1;                                                      \
        }                                                                                          \
    } while (0)

/* A vector load for float or double pointers (the element-wise expressions below serve both). */
#define L1_LD(p)                                                                                   \
    _Generic((p), const float *: l1_ld_s, float *: l1_ld_s, const double *: l1_ld_d,               \
             double *: l1_ld_d)(p)

/* ---- axpby (OpenBLAS): one loop per special case (beta == 0: y not read; alpha == 0: x not
   read) ---- */
#define L1_VZERO(i) ((V){0})
#define L1_SZERO(i) ((T)0)
#define L1_AX_V(i) (alpha * L1_LD(x + (i)))
#define L1_AX_S(i) (alpha * x[i])
#define L1_BY_V(i) (beta * L1_LD(y + (i)))
#define L1_BY_S(i) (beta * y[i])
#define L1_AXBY_V(i) (alpha * L1_LD(x + (i)) + beta * L1_LD(y + (i)))
#define L1_AXBY_S(i) (alpha * x[i] + beta * y[i])
#define L1_REAL_EXT(p, T_, V_, W)                                                                  \
    void L1_NAME(p##axpby)(size_t n, T_ alpha, const T_ *x, T_ beta, T_ *y)                        \
    {                                                                                              \
        typedef T_ T;                                                                              \
        typedef V_ V;                                                                              \
        if (beta == 0 && alpha == 0)                                                               \
            L1_MAP(V, W, n, y, L1_VZERO, L1_SZERO);                                                \
        else if (beta == 0)                                                                        \
            L1_MAP(V, W, n, y, L1_AX_V, L1_AX_S);                                                  \
        else if (alpha == 0)                                                                       \
            L1_MAP(V, W, n, y, L1_BY_V, L1_BY_S);                                                  \
        else                                                                                       \
            L1_MAP(V, W, n, y, L1_AXBY_V, L1_AXBY_S);                                              \
    }                                                                                              \
    /* rotm: two vectors of x and of y per iteration */                                           \
    void L1_NAME(p##rotm)(size_t n, T_ *x, T_ *y, const T_ *param)                                 \
    {                                                                                              \
        T_ flag = param[0], h11 = param[1], h21 = param[2], h12 = param[3], h22 = param[4];        \
        if (flag < 0)                                                                              \
            L1_ROTM_LOOP(V_, W, w * h11 + z * h12, w * h21 + z * h22);                             \
        else if (flag == 0)                                                                        \
            L1_ROTM_LOOP(V_, W, w + z * h12, w * h21 + z);                                         \
        else                                                                                       \
            L1_ROTM_LOOP(V_, W, w * h11 + z, -w + h22 * z);                                        \
    }                                                                                              \
    /* omatn: B = alpha*A by columns (conj means nothing for reals) */                             \
    void L1_NAME(p##omatn)(size_t m, size_t n, T_ alpha, const T_ *a, size_t lda, T_ *b,           \
                           size_t ldb, int conj)                                                   \
    {                                                                                              \
        typedef T_ T;                                                                              \
        typedef V_ V;                                                                              \
        (void)conj;                                                                                \
        for (size_t j = 0; j < n; j++) {                                                           \
            const T *x = a + j * lda;                                                              \
            T *bj = b + j * ldb;                                                                   \
            if (alpha == 0)                                                                        \
                L1_MAP(V, W, m, bj, L1_VZERO, L1_SZERO);                                           \
            else                                                                                   \
                L1_MAP(V, W, m, bj, L1_AX_V, L1_AX_S);                                             \
        }                                                                                          \
    }
/* x, y <- XE, YE of (w, z) = (x_i, y_i), element by element, the same expression for the
   vector body and the scalar tail */
#define L1_ROTM_LOOP(V, W, XE, YE)                                                                 \
    do {                                                                                           \
        size_t i = 0;                                                                              \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                                   \
            V w0 = L1_LD(x + i), w1 = L1_LD(x + i + (W)), z0 = L1_LD(y + i),                       \
              z1 = L1_LD(y + i + (W));                                                             \
            V x0, x1, y0, y1;                                                                      \
            {                                                                                      \
                V w = w0, z = z0;                                                                  \
                x0 = XE, y0 = YE;                                                                  \
            }                                                                                      \
            {                                                                                      \
                V w = w1, z = z1;                                                                  \
                x1 = XE, y1 = YE;                                                                  \
            }                                                                                      \
            memcpy(x + i, &x0, sizeof x0), memcpy(x + i + (W), &x1, sizeof x1);                    \
            memcpy(y + i, &y0, sizeof y0), memcpy(y + i + (W), &y1, sizeof y1);                    \
        }                                                                                          \
        for (; i < n; i++) {                                                                       \
            __typeof__(x[0]) w = x[i], z = y[i];                                                   \
            x[i] = XE, y[i] = YE;                                                                  \
        }                                                                                          \
    } while (0)
L1_REAL_EXT(s, float, l1_vs, WS)
L1_REAL_EXT(d, double, l1_vd, WD)

/* ---- complex axpby, axpyc, omatn: alpha*v per pair = ar*(vr, vi) + (-ai, ai)*(vi, vr), the
   reference's (ar vr - ai vi, ar vi + ai vr); conj(v) = v * (1, -1) (exact) ---- */
#define L1_CMUL_V(v, VR, VI) ((VR) * (v) + (VI) * __builtin_shuffle((v), SW))
#define L1_CAX_V(i) L1_CMUL_V(L1_LD(x + (i)), var, vai)
#define L1_CAXC_V(i) L1_CMUL_V(L1_LD(x + (i)) * vcj, var, vai)
#define L1_CBY_V(i) L1_CMUL_V(L1_LD(y + (i)), vbr, vbi)
#define L1_CAXBY_V(i) (L1_CAX_V(i) + L1_CBY_V(i))
#define L1_CYAXC_V(i) (L1_LD(y + (i)) + L1_CAXC_V(i))
/* scalar pairs: re at even i, im at odd i (the tail has whole pairs) */
#define L1_CRE(ar, ai, v, k) ((k) & 1 ? (ar) * (v)[k] + (ai) * (v)[(k) - 1] : (ar) * (v)[k] - (ai) * (v)[(k) + 1])
#define L1_CREC(ar, ai, v, k) ((k) & 1 ? (ai) * (v)[(k) - 1] - (ar) * (v)[k] : (ar) * (v)[k] + (ai) * (v)[(k) + 1])
#define L1_CAX_S(i) L1_CRE(ar, ai, x, i)
#define L1_CAXC_S(i) L1_CREC(ar, ai, x, i)
#define L1_CBY_S(i) L1_CRE(br, bi, y, i)
#define L1_CAXBY_S(i) (L1_CAX_S(i) + L1_CBY_S(i))
#define L1_CYAXC_S(i) (y[i] + L1_CAXC_S(i))
#define L1_CSPLAT(VR, VI, re, im)                                                                  \
    V VR = {0}, VI = {0};                                                                          \
    for (size_t k = 0; k < sizeof(V) / sizeof(VR[0]); k += 2)                                                            \
        VR[k] = re, VR[k + 1] = re, VI[k] = -(im), VI[k + 1] = im

#define L1_CPLX_EXT(p, R, C, V_, W, SW_, IV)                                                       \
    void L1_NAME(p##axpby)(size_t n, C alpha, const C *xc, C beta, C *yc)                          \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R *x = (const R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                      \
        const R br = __real__ beta, bi = __imag__ beta;                                            \
        R *y = (R *)yc;                                                                            \
        size_t nr = 2 * n;                                                                         \
        int a0 = ar == 0 && ai == 0, b0 = br == 0 && bi == 0;                                      \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        L1_CSPLAT(vbr, vbi, br, bi);                                                               \
        if (b0 && a0)                                                                              \
            L1_CMAP(V, W, nr, y, L1_VZERO, L1_SZERO);                                               \
        else if (b0)                                                                               \
            L1_CMAP(V, W, nr, y, L1_CAX_V, L1_CAX_S);                                               \
        else if (a0)                                                                               \
            L1_CMAP(V, W, nr, y, L1_CBY_V, L1_CBY_S);                                               \
        else                                                                                       \
            L1_CMAP(V, W, nr, y, L1_CAXBY_V, L1_CAXBY_S);                                           \
    }                                                                                              \
    void L1_NAME(p##axpyc)(size_t n, C alpha, const C *xc, C *yc)                                  \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R *x = (const R *)xc, ar = __real__ alpha, ai = __imag__ alpha;                      \
        R *y = (R *)yc;                                                                            \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        V vcj = {0};                                                                               \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            vcj[k] = 1, vcj[k + 1] = -1;                                                           \
        L1_CMAP(V, W, 2 * n, y, L1_CYAXC_V, L1_CYAXC_S);                                            \
    }                                                                                              \
    void L1_NAME(p##omatn)(size_t m, size_t n, C alpha, const C *ac, size_t lda, C *bc,            \
                           size_t ldb, int conj)                                                   \
    {                                                                                              \
        typedef R T;                                                                               \
        typedef V_ V;                                                                              \
        const IV SW = SW_;                                                                         \
        const R ar = __real__ alpha, ai = __imag__ alpha;                                          \
        L1_CSPLAT(var, vai, ar, ai);                                                               \
        V vcj = {0};                                                                               \
        for (size_t k = 0; k < (W); k += 2)                                                        \
            vcj[k] = 1, vcj[k + 1] = -1;                                                           \
        for (size_t j = 0; j < n; j++) {                                                           \
            const R *x = (const R *)(ac + j * lda);                                                \
            R *bj = (R *)(bc + j * ldb);                                                           \
            if (ar == 0 && ai == 0)                                                                \
                L1_CMAP(V, W, 2 * m, bj, L1_VZERO, L1_SZERO);                                       \
            else if (conj)                                                                         \
                L1_CMAP(V, W, 2 * m, bj, L1_CAXC_V, L1_CAXC_S);                                     \
            else                                                                                   \
                L1_CMAP(V, W, 2 * m, bj, L1_CAX_V, L1_CAX_S);                                       \
        }                                                                                          \
    }
L1_CPLX_EXT(c, float, float _Complex, l1_vs, WS, L1_SWAP_S, l1_vis)
L1_CPLX_EXT(z, double, double _Complex, l1_vd, WD, L1_SWAP_D, l1_vid)

/* ---- omatt: B = alpha*op(A)**T (B n x m), in tiles of L1_OMAT_TB x L1_OMAT_TB elements (a
   tile of A and one of B stay in L1 while A is read by columns and B written by columns), each
   tile in register blocks of CW x CW elements (CW elements per vector): CW columns of A loaded,
   scaled, transposed by log2(CW) rounds of interleaving (r[2k], r[2k+1] = the low and high
   interleaves of r[k] and r[k + CW/2]) and stored as CW columns of B. ---- */
#if NB_L1_VBYTES == 16
#define L1_ILO_S ((l1_vis){0, 4, 1, 5})
#define L1_IHI_S ((l1_vis){2, 6, 3, 7})
#define L1_ILO_D ((l1_vid){0, 2})
#define L1_IHI_D ((l1_vid){1, 3})
#define L1_ILO_C ((l1_vis){0, 1, 4, 5})
#define L1_IHI_C ((l1_vis){2, 3, 6, 7})
#define L1_ILO_Z ((l1_vid){0, 1}) /* one complex double per vector: no register transpose */
#define L1_IHI_Z ((l1_vid){0, 1})
#elif NB_L1_VBYTES == 32
#define L1_ILO_S ((l1_vis){0, 8, 1, 9, 2, 10, 3, 11})
#define L1_IHI_S ((l1_vis){4, 12, 5, 13, 6, 14, 7, 15})
#define L1_ILO_D ((l1_vid){0, 4, 1, 5})
#define L1_IHI_D ((l1_vid){2, 6, 3, 7})
#define L1_ILO_C ((l1_vis){0, 1, 8, 9, 2, 3, 10, 11})
#define L1_IHI_C ((l1_vis){4, 5, 12, 13, 6, 7, 14, 15})
#define L1_ILO_Z ((l1_vid){0, 1, 4, 5})
#define L1_IHI_Z ((l1_vid){2, 3, 6, 7})
#else
#define L1_ILO_S ((l1_vis){0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23})
#define L1_IHI_S ((l1_vis){8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31})
#define L1_ILO_D ((l1_vid){0, 8, 1, 9, 2, 10, 3, 11})
#define L1_IHI_D ((l1_vid){4, 12, 5, 13, 6, 14, 7, 15})
#define L1_ILO_C ((l1_vis){0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23})
#define L1_IHI_C ((l1_vis){8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31})
#define L1_ILO_Z ((l1_vid){0, 1, 8, 9, 2, 3, 10, 11})
#define L1_IHI_Z ((l1_vid){4, 5, 12, 13, 6, 7, 14, 15})
#endif
#define L1_OMAT_TB(es) ((es) >= 16 ? 16 : 32)

/* SETUP declares the scale; SCV(v) scales a vector of CW elements, SCS(d, s) one element. */
#define L1_RSETUP V va = {0}; va += alpha; const int azero = alpha == 0
#define L1_RSCV(v) (va * (v))
#define L1_RSCS(d, s) (*(d) = alpha * *(s))
#define L1_CSETUP                                                                                  \
    const R ar = __real__ alpha, ai = __imag__ alpha;                                              \
    const int azero = ar == 0 && ai == 0;                                                          \
    L1_CSPLAT(var, vai, ar, ai);                                                                   \
    V vcj = {0};                                                                                   \
    for (size_t k = 0; k < sizeof(V) / sizeof(R); k += 2)                                          \
        vcj[k] = 1, vcj[k + 1] = conj ? -1 : 1
#define L1_CSCV(v) L1_CMUL_V((v) * vcj, var, vai)
#define L1_CSCS(d, s)                                                                              \
    do {                                                                                           \
        R xr_ = (s)[0], xi_ = conj ? -(s)[1] : (s)[1];                                             \
        (d)[0] = ar * xr_ - ai * xi_, (d)[1] = ar * xi_ + ai * xr_;                                \
    } while (0)

#define L1_OMATT(name, R_, C, V_, IV, W, EW, LO, HI, SW_, SETUP, SCV, SCS)                         \
    void L1_NAME(name)(size_t m, size_t n, C alpha, const C *ac, size_t lda, C *bc, size_t ldb,   \
                       int conj)                                                                   \
    {                                                                                              \
        typedef R_ R;                                                                              \
        typedef V_ V;                                                                              \
        enum { CW = (W) / (EW), TB = L1_OMAT_TB(sizeof(C)) };                                      \
        const IV SW = SW_;                                                                         \
        const R *a = (const R *)ac;                                                                \
        R *b = (R *)bc;                                                                            \
        (void)SW, (void)conj;                                                                      \
        SETUP;                                                                                     \
        if (azero) {                                                                               \
            for (size_t i = 0; i < m; i++)                                                         \
                for (size_t j = 0; j < (EW) * n; j++)                                              \
                    b[i * ldb * (EW) + j] = 0;                                                     \
            return;                                                                                \
        }                                                                                          \
        for (size_t j0 = 0; j0 < n; j0 += TB) {                                                    \
            size_t j1 = n - j0 < TB ? n : j0 + TB;                                                 \
            for (size_t i0 = 0; i0 < m; i0 += TB) {                                                \
                size_t i1 = m - i0 < TB ? m : i0 + TB, j = j0;                                     \
                for (; CW > 1 && j + CW <= j1; j += CW) {                                          \
                    size_t i = i0;                                                                 \
                    for (; i + CW <= i1; i += CW) {                                                \
                        V r[CW];                                                                   \
                        _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++)                   \
                            r[k] = SCV(L1_LD(a + (i + (j + k) * lda) * (EW)));                     \
                        _Pragma("GCC unroll 4") for (size_t s_ = 1; s_ < CW; s_ *= 2)              \
                        {                                                                          \
                            V t_[CW];                                                              \
                            _Pragma("GCC unroll 16") for (size_t k = 0; 2 * k + 1 < CW; k++)       \
                            {                                                                      \
                                t_[2 * k] = __builtin_shuffle(r[k], r[k + CW / 2], LO);            \
                                t_[2 * k + 1] = __builtin_shuffle(r[k], r[k + CW / 2], HI);        \
                            }                                                                      \
                            _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++) r[k] = t_[k]; \
                        }                                                                          \
                        _Pragma("GCC unroll 16") for (size_t k = 0; k < CW; k++)                   \
                            memcpy(b + ((i + k) * ldb + j) * (EW), &r[k], sizeof r[k]);            \
                    }                                                                              \
                    for (; i < i1; i++)                                                            \
                        for (size_t k = j; k < j + CW; k++)                                        \
                            SCS(b + (i * ldb + k) * (EW), a + (i + k * lda) * (EW));               \
                }                                                                                  \
                for (; j < j1; j++)                                                                \
                    for (size_t i = i0; i < i1; i++)                                               \
                        SCS(b + (i * ldb + j) * (EW), a + (i + j * lda) * (EW));                   \
            }                                                                                      \
        }                                                                                          \
    }
L1_OMATT(somatt, float, float, l1_vs, l1_vis, WS, 1, L1_ILO_S, L1_IHI_S, L1_SWAP_S, L1_RSETUP,
         L1_RSCV, L1_RSCS)
L1_OMATT(domatt, double, double, l1_vd, l1_vid, WD, 1, L1_ILO_D, L1_IHI_D, L1_SWAP_D, L1_RSETUP,
         L1_RSCV, L1_RSCS)
L1_OMATT(comatt, float, float _Complex, l1_vs, l1_vis, WS, 2, L1_ILO_C, L1_IHI_C, L1_SWAP_S,
         L1_CSETUP, L1_CSCV, L1_CSCS)
L1_OMATT(zomatt, double, double _Complex, l1_vd, l1_vid, WD, 2, L1_ILO_Z, L1_IHI_Z, L1_SWAP_D,
         L1_CSETUP, L1_CSCV, L1_CSCS)
