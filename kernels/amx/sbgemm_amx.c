/* bf16 GEMM on AMX tiles (TDPBF16PS), C (fp32, column-major) = alpha * A * B + beta * C.

   Tile budget (8 tile registers of 16 rows x 64 bytes): 4 accumulators, a 2 x 2 grid of
   16 x 16 fp32 tiles covering a 32 x 32 block of C; 2 tiles of packed B and 2 of packed A,
   each used by two TDPBF16PS per K step of 32. The C block is computed transposed: a tile row
   is a column j of C (16 consecutive i, contiguous in column-major C), so
     tmm[j][i] += Bt[j][32 k] . Av[16 k-pairs][i][2]
   with B packed as rows of K and A in the VNNI-2 layout that TDPBF16PS wants for its second
   operand (k-pair r, row i holds A(i, 2r), A(i, 2r+1)), both in 32-wide panels whose tiles are
   contiguous (pack_a, pack_b).
   Both are zero-padded to 32 in m, n and k, so every tile is full; only the epilogue (AVX-512,
   masked at the edges) looks at the true m and n.

   Blocking: K blocks of AMX_KC (2048) and row blocks of AMX_MC (256): the packed A block
   (256 x 2048 x 2 bytes = 1 MiB) stays in L2 while the column panels of B (32 x 2048 x 2 bytes =
   128 KiB) stream past, each reused by the 8 row tiles of the block. Each K block adds its
   partial sums into C (the first applies beta): long K blocks mean few passes over C, which at
   4096^3 cost more than the L2 traffic (one run, 1 thread: KC/MC 1024/512 719 and 734 GFLOPS at
   2048 and 4096, 2048/256 848-862 and 791-818, 2048/384 769 and 715, 4096/128 776 and 729).

   The tile configuration is per thread: compute loads it on entry and releases the tiles on
   exit. The process-wide AMX permission was requested at load (arch/cpu_x86.c); without it this
   set is never chosen. */
#include <immintrin.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "kernels/kernel.h"
#include "kernels/amx/kernels_amx.h"

#define AMX_KC 2048
#define AMX_MC 256

typedef struct {
    uint8_t palette, start_row, reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} tile_config;

static void tiles_on(void)
{
    tile_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++)
        cfg.rows[t] = 16, cfg.colsb[t] = 64;
    _tile_loadconfig(&cfg);
}

/* A in VNNI-2 panels of 32 rows: panel ip holds, for each k-pair r, the 64 values
   A(32ip + ii, 2r + e) at [r*64 + 2ii + e], so a 16-row tile (16 k-pairs x 16 rows) is 16
   lines 128 bytes apart. Rows of a plain kp-wide layout sit 4*mp bytes apart, a multiple of
   4 KiB for mp a multiple of 1024: all 16 rows of a tile in one L1 set, which cost a third of
   the kernel's time in tile loads. */
void nb_sbgemm_pack_a_amx(size_t m, size_t k, const unsigned short *p, size_t rs, size_t cs,
                          size_t mp, size_t kp, unsigned short *ap, size_t i0, size_t i1)
{
    (void)mp;
    const __m512i idx0 = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9,
                                          40, 8, 39, 7, 38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1,
                                          32, 0);
    const __m512i idx1 = _mm512_add_epi16(idx0, _mm512_set1_epi16(16));
    /* groups of 8 panels: a column-major A is read in runs of 512 bytes per column rather than
       64 bytes 4 KiB apart (pack_a's share of a 2048^3 call: 7.4% -> see the commit) */
    for (size_t g0 = i0 / 32; g0 < i1 / 32; g0 += 8) {
        size_t g1 = i1 / 32 - g0 < 8 ? i1 / 32 : g0 + 8;
        for (size_t r = 0; r < kp / 2; r++)
            for (size_t ip = g0; ip < g1; ip++) {
                unsigned short *dst = ap + (ip * (kp / 2) + r) * 64;
                if (rs == 1 && ip * 32 + 32 <= m && 2 * r + 2 <= k) {
                    /* whole panel row from a column-major A: interleave two columns */
                    const unsigned short *c0 = p + ip * 32 + 2 * r * cs, *c1 = c0 + cs;
                    __m512i lo = _mm512_loadu_si512(c0), hi = _mm512_loadu_si512(c1);
                    _mm512_storeu_si512(dst, _mm512_permutex2var_epi16(lo, idx0, hi));
                    _mm512_storeu_si512(dst + 32, _mm512_permutex2var_epi16(lo, idx1, hi));
                    continue;
                }
                for (size_t ii = 0; ii < 32; ii++) {
                    size_t i = ip * 32 + ii, l = 2 * r;
                    dst[2 * ii] = i < m && l < k ? p[i * rs + l * cs] : 0;
                    dst[2 * ii + 1] = i < m && l + 1 < k ? p[i * rs + (l + 1) * cs] : 0;
                }
            }
    }
}

/* B in panels of 32 columns and 32-deep K chunks: chunk (jp, lc) holds B(32lc + t, 32jp + jj)
   at [jj*32 + t], so each 16-column tile is 1 KiB of contiguous lines. */
void nb_sbgemm_pack_b_amx(size_t k, size_t n, const unsigned short *p, size_t rs, size_t cs,
                          size_t np, size_t kp, unsigned short *bp, size_t j0, size_t j1)
{
    (void)np;
    for (size_t jp = j0 / 32; jp < j1 / 32; jp++)
        for (size_t lc = 0; lc < kp / 32; lc++) {
            unsigned short *dst = bp + (jp * (kp / 32) + lc) * 1024;
            if (rs == 1 && jp * 32 + 32 <= n && lc * 32 + 32 <= k) {
                /* whole chunk from a column-major B: 32 runs of 32 contiguous values */
                for (size_t jj = 0; jj < 32; jj++)
                    _mm512_storeu_si512(dst + jj * 32,
                                        _mm512_loadu_si512(p + lc * 32 + (jp * 32 + jj) * cs));
                continue;
            }
            for (size_t jj = 0; jj < 32; jj++) {
                size_t j = jp * 32 + jj;
                for (size_t t = 0; t < 32; t++) {
                    size_t l = lc * 32 + t;
                    dst[jj * 32 + t] = j < n && l < k ? p[l * rs + j * cs] : 0;
                }
            }
        }
}

/* acc (32 x 32 fp32, row jj = column j0 + jj of C) into C: the first K block sets
   alpha*acc + beta*C (beta == 0: C not read), later ones add alpha*acc. */
static void epilogue(const float *acc, size_t mb, size_t nb, float alpha, float beta, int first,
                     float *c, size_t ldc)
{
    __mmask16 m0 = mb >= 16 ? 0xffff : (__mmask16)((1u << mb) - 1);
    __mmask16 m1 = mb >= 32 ? 0xffff : mb <= 16 ? 0 : (__mmask16)((1u << (mb - 16)) - 1);
    __m512 va = _mm512_set1_ps(alpha), vb = _mm512_set1_ps(beta);
    for (size_t jj = 0; jj < nb; jj++) {
        float *cj = c + jj * ldc;
        for (int h = 0; h < 2; h++) {
            __mmask16 mk = h ? m1 : m0;
            __m512 v = _mm512_mul_ps(va, _mm512_loadu_ps(acc + jj * 32 + 16 * h));
            if (!first)
                v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mk, cj + 16 * h));
            else if (beta != 0)
                v = _mm512_fmadd_ps(vb, _mm512_maskz_loadu_ps(mk, cj + 16 * h), v);
            _mm512_mask_storeu_ps(cj + 16 * h, mk, v);
        }
    }
}

void nb_sbgemm_compute_amx(size_t m, size_t n, size_t k, float alpha, const unsigned short *ap,
                           const unsigned short *bp, size_t mp, size_t kp, float beta, float *c,
                           size_t ldc, size_t j0, size_t j1, const nb_bf16_src *src)
{
    (void)mp;
    /* operands not packed by the driver (skinny shapes) are packed here, one K block of one
       32-wide panel at a time, just before their only use */
    unsigned short *abuf = NULL, *bbuf = NULL;
    if (!ap || !bp) {
        void *buf = NULL;
        if (posix_memalign(&buf, 64, 2 * 32 * AMX_KC * sizeof(unsigned short)) != 0)
            return; /* a 128 KiB request: only when memory is exhausted */
        abuf = buf, bbuf = abuf + 32 * AMX_KC;
    }
    tiles_on();
    float acc[32 * 32] __attribute__((aligned(64)));
    for (size_t pc = 0; pc < kp; pc += AMX_KC) {
        size_t pe = kp - pc < AMX_KC ? kp : pc + AMX_KC;
        for (size_t ic = 0; ic < m; ic += AMX_MC) {
            size_t ie = m - ic < AMX_MC ? m : ic + AMX_MC;
            for (size_t j = j0; j < j1; j += 32) {
                size_t kk = k > pc ? (k - pc < pe - pc ? k - pc : pe - pc) : 0;
                const unsigned short *bpanel; /* B's K block pc of panel j */
                if (bp) {
                    bpanel = bp + (j / 32) * (kp / 32) * 1024 + (pc / 32) * 1024;
                } else {
                    nb_sbgemm_pack_b_amx(kk, n - j, src->b + pc * src->b_rs + j * src->b_cs,
                                         src->b_rs, src->b_cs, 32, pe - pc, bbuf, 0, 32);
                    bpanel = bbuf;
                }
                for (size_t i = ic; i < ie; i += 32) {
                    const unsigned short *apanel; /* A's K block pc of panel i */
                    if (ap) {
                        apanel = ap + (i / 32) * (kp / 2) * 64 + (pc / 2) * 64;
                    } else {
                        nb_sbgemm_pack_a_amx(m - i, kk, src->a + i * src->a_rs + pc * src->a_cs,
                                             src->a_rs, src->a_cs, 32, pe - pc, abuf, 0, 32);
                        apanel = abuf;
                    }
                    _tile_zero(0);
                    _tile_zero(1);
                    _tile_zero(2);
                    _tile_zero(3);
                    for (size_t l = pc; l < pe; l += 32) {
                        const unsigned short *b0 = bpanel + ((l - pc) / 32) * 1024;
                        const unsigned short *a0 = apanel + ((l - pc) / 2) * 64;
                        _tile_loadd(4, b0, 64);
                        _tile_loadd(5, b0 + 512, 64);
                        _tile_loadd(6, a0, 128);
                        _tile_loadd(7, a0 + 32, 128);
                        _tile_dpbf16ps(0, 4, 6);
                        _tile_dpbf16ps(1, 4, 7);
                        _tile_dpbf16ps(2, 5, 6);
                        _tile_dpbf16ps(3, 5, 7);
                    }
                    _tile_stored(0, acc, 128);
                    _tile_stored(1, acc + 16, 128);
                    _tile_stored(2, acc + 16 * 32, 128);
                    _tile_stored(3, acc + 16 * 32 + 16, 128);
                    size_t mb = m - i < 32 ? m - i : 32, nb = n - j < 32 ? n - j : 32;
                    if (j1 - j < nb)
                        nb = j1 - j;
                    epilogue(acc, mb, nb, alpha, beta, pc == 0, c + i + j * ldc, ldc);
                }
            }
        }
    }
    _tile_release();
    free(abuf);
}
