#include "CLiquidKernels.h"

/* The analytic goo's column pass (LiquidGlass's AnalyticGoo). Every product and sum is rounded on its own
 * (no fused multiply-add) and taken in the same order on every path, so the AVX-512 lanes and the portable
 * loop give the same bits. */
#pragma STDC FP_CONTRACT OFF

static void lk_goo_columns_scalar(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    for (int32_t x = 0; x < count; x++) out[x] = 0;
    for (int32_t j = first; j <= last; j++) {
        const float *row = rows + (ptrdiff_t)j * rowStride;
        float w = weights[j];
        for (int32_t x = 0; x < count; x++) out[x] = out[x] + w * row[x];
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_goo_columns_scalar with 64 columns summed in four registers at a time (the last group under a lane
 * mask): each column's sum still starts at 0 and adds the rows' products in order. */
LK_AVX512
static void lk_goo_columns_avx512(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    for (int32_t x = 0; x < count; x += 64) {
        __mmask16 m[4];
        for (int k = 0; k < 4; k++) {
            int32_t left = count - (x + 16 * k);
            m[k] = left >= 16 ? (__mmask16)0xFFFF : left > 0 ? (__mmask16)((1u << left) - 1) : 0;
        }
        __m512 s0 = _mm512_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
        for (int32_t j = first; j <= last; j++) {
            const float *row = rows + (ptrdiff_t)j * rowStride + x;
            __m512 w = _mm512_set1_ps(weights[j]);
            s0 = _mm512_add_ps(s0, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[0], row)));
            s1 = _mm512_add_ps(s1, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[1], row + 16)));
            s2 = _mm512_add_ps(s2, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[2], row + 32)));
            s3 = _mm512_add_ps(s3, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[3], row + 48)));
        }
        _mm512_mask_storeu_ps(out + x, m[0], s0);
        _mm512_mask_storeu_ps(out + x + 16, m[1], s1);
        _mm512_mask_storeu_ps(out + x + 32, m[2], s2);
        _mm512_mask_storeu_ps(out + x + 48, m[3], s3);
    }
}

#else

static void lk_goo_columns_avx512(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    lk_goo_columns_scalar(out, count, rows, rowStride, first, last, weights);
}

#endif

void lk_goo_columns(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first, int32_t last,
                    const float *weights, int32_t vector) {
    if (vector >= 2) lk_goo_columns_avx512(out, count, rows, rowStride, first, last, weights);
    else lk_goo_columns_scalar(out, count, rows, rowStride, first, last, weights);
}

#if defined(__x86_64__)

/* One piece's contribution to a row of the analytic goo's grid, eight columns at a time with AVX-512 (doubles
 * for the positions, floats for the table): AnalyticGoo's Swift expressions, lane for lane. The normal CDF
 * table is gathered only in lanes inside its range. Measured reason: the row integrals were an eighth of the
 * goo switch frame (glass.g3.switch, perf), a double-to-float chain and two table loads per column edge. */
LK_AVX512
static void lk_goo_piece_avx512(float *out, int32_t first, int32_t last, int32_t c, double a, double b,
                                double inverseSigma, float weight, const float *phi) {
    const __m512d half = _mm512_set1_pd(0.5), four = _mm512_set1_pd(4.0), steps = _mm512_set1_pd(32.0);
    const __m512d top = _mm512_set1_pd(256.0), zero = _mm512_setzero_pd();
    const __m512d av = _mm512_set1_pd(a), bv = _mm512_set1_pd(b), scale = _mm512_set1_pd(inverseSigma);
    const __m256 wv = _mm256_set1_ps(weight), one = _mm256_set1_ps(1.0f), none = _mm256_setzero_ps();
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), step = _mm256_set1_epi32(1);
    for (int32_t xi = first; xi <= last; xi += 8) {
        const __mmask8 live = last - xi >= 7 ? (__mmask8)0xFF : (__mmask8)((1u << (last - xi + 1)) - 1);
        const __m256i column = _mm256_mullo_epi32(_mm256_add_epi32(_mm256_set1_epi32(xi), lanes), _mm256_set1_epi32(c));
        const __m512d x = _mm512_add_pd(_mm512_cvtepi32_pd(column), half);
        __m256 cdf[2];
        for (int e = 0; e < 2; e++) {
            const __m512d u = _mm512_mul_pd(_mm512_sub_pd(e == 0 ? bv : av, x), scale);
            const __m512d p = _mm512_mul_pd(_mm512_add_pd(u, four), steps);
            const __mmask8 low = _mm512_cmp_pd_mask(p, zero, _CMP_LE_OQ), high = _mm512_cmp_pd_mask(p, top, _CMP_GE_OQ);
            const __mmask8 inside = (__mmask8)(live & ~(low | high));
            const __m512d clamped = _mm512_mask_blend_pd(inside, zero, p);
            const __m256i i = _mm512_cvttpd_epi32(clamped);
            const __m256 t = _mm512_cvtpd_ps(_mm512_sub_pd(clamped, _mm512_cvtepi32_pd(i)));
            __m256 v = none;
            if (inside) {
                const __m256 p0 = _mm256_mmask_i32gather_ps(none, inside, i, phi, 4);
                const __m256 p1 = _mm256_mmask_i32gather_ps(none, inside, _mm256_add_epi32(i, step), phi, 4);
                v = _mm256_add_ps(p0, _mm256_mul_ps(t, _mm256_sub_ps(p1, p0)));
            }
            v = _mm256_mask_blend_ps(high, v, one);
            cdf[e] = _mm256_mask_blend_ps(low, v, none);
        }
        const __m256 sum = _mm256_maskz_loadu_ps(live, out + xi);
        _mm256_mask_storeu_ps(out + xi, live, _mm256_add_ps(sum, _mm256_mul_ps(wv, _mm256_sub_ps(cdf[0], cdf[1]))));
    }
}

#endif

static inline float lk_min(float a, float b) { return b < a ? b : a; }
static inline float lk_max(float a, float b) { return b > a ? b : a; }

#if defined(__x86_64__)

/* lk_goo_cells with AVX-512: sixteen pixels of a row per step. Each step's pixels lie in at most seventeen
 * neighbouring cells, so the row's interpolated grid values and the cells' kinds are read from a 32-entry
 * window with vpermt2ps/d instead of per-pixel loads; the threshold table is gathered. */
LK_AVX512
static int32_t lk_goo_cells_avx512(uint32_t *image, ptrdiff_t rowPixels, int32_t y0, int32_t y1, int32_t width,
                                   const float *g0, const float *g1, int32_t c, float inverseC, float lowCut,
                                   float highCut, const uint32_t *lut, uint32_t full, const int32_t *cellOf,
                                   const float *txOf, float *values, int32_t *kinds) {
    const int32_t cells = (width - 1) / c + 1;
    /* The cells' kinds: 0 left as they are (every corner below lowCut), 1 the full colour (every corner at
     * or above highCut), 2 interpolated; the padding past the last cell is 0. */
    int32_t any = 0;
    for (int32_t gx = 0; gx < cells + 32; gx++) {
        int32_t kind = 0;
        if (gx < cells) {
            float v00 = g0[gx], v10 = g0[gx + 1], v01 = g1[gx], v11 = g1[gx + 1];
            float lo = lk_min(lk_min(v00, v10), lk_min(v01, v11)), hi = lk_max(lk_max(v00, v10), lk_max(v01, v11));
            kind = hi < lowCut ? 0 : (lo >= highCut ? 1 : 2);
        }
        kinds[gx] = kind;
        any |= kind;
    }
    if (!any) return 1;
    const __m512 scale = _mm512_set1_ps(255.0f), half = _mm512_set1_ps(0.5f);
    const __m512i one = _mm512_set1_epi32(1), zero = _mm512_setzero_si512(), top = _mm512_set1_epi32(255);
    const __m512i fullColour = _mm512_set1_epi32((int)full), two = _mm512_set1_epi32(2);
    for (int32_t y = y0; y < y1; y++) {
        /* The grid values interpolated down to this row: a cell's left value, and the right value of the cell
         * before it, are the same expression of the same column. */
        const float ty = (float)(y - y0) * inverseC;
        const __m512 tyv = _mm512_set1_ps(ty);
        for (int32_t i = 0; i < cells + 1; i += 16) {
            __mmask16 m = cells + 1 - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (cells + 1 - i)) - 1);
            __m512 a = _mm512_maskz_loadu_ps(m, g0 + i), b = _mm512_maskz_loadu_ps(m, g1 + i);
            _mm512_storeu_ps(values + i, _mm512_maskz_add_ps(m, a, _mm512_mul_ps(tyv, _mm512_sub_ps(b, a))));
        }
        for (int32_t i = (cells + 16) / 16 * 16; i < cells + 48; i++) values[i] = 0.0f;
        uint32_t *row = image + (ptrdiff_t)y * rowPixels;
        for (int32_t x = 0; x < width; x += 16) {
            const __mmask16 live = width - x >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (width - x)) - 1);
            const __m512i gx = _mm512_maskz_loadu_epi32(live, cellOf + x);
            const int32_t base = cellOf[x];
            const __m512i index = _mm512_sub_epi32(gx, _mm512_set1_epi32(base));
            const __m512i kindWindow0 = _mm512_loadu_si512(kinds + base), kindWindow1 = _mm512_loadu_si512(kinds + base + 16);
            const __m512i kind = _mm512_permutex2var_epi32(kindWindow0, index, kindWindow1);
            const __mmask16 write = _mm512_mask_cmpneq_epi32_mask(live, kind, zero);
            if (!write) continue;
            const __mmask16 blend = _mm512_mask_cmpeq_epi32_mask(write, kind, two);
            if (!blend) {
                _mm512_mask_storeu_epi32(row + x, write, fullColour);
                continue;
            }
            const __m512 w0 = _mm512_loadu_ps(values + base), w1 = _mm512_loadu_ps(values + base + 16);
            const __m512 left = _mm512_permutex2var_ps(w0, index, w1);
            const __m512 right = _mm512_permutex2var_ps(w0, _mm512_add_epi32(index, one), w1);
            const __m512 tx = _mm512_maskz_loadu_ps(live, txOf + x);
            const __m512 v = _mm512_add_ps(left, _mm512_mul_ps(tx, _mm512_sub_ps(right, left)));
            __m512i level = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_mul_ps(v, scale), half));
            level = _mm512_min_epi32(_mm512_max_epi32(level, zero), top);
            __m512i colour = _mm512_mask_i32gather_epi32(fullColour, blend, level, (const int *)lut, 4);
            _mm512_mask_storeu_epi32(row + x, write, colour);
        }
    }
    return 1;
}

#else

static int32_t lk_goo_cells_avx512(uint32_t *image, ptrdiff_t rowPixels, int32_t y0, int32_t y1, int32_t width,
                                   const float *g0, const float *g1, int32_t c, float inverseC, float lowCut,
                                   float highCut, const uint32_t *lut, uint32_t full, const int32_t *cellOf,
                                   const float *txOf, float *values, int32_t *kinds) {
    (void)image; (void)rowPixels; (void)y0; (void)y1; (void)width; (void)g0; (void)g1; (void)c; (void)inverseC;
    (void)lowCut; (void)highCut; (void)lut; (void)full; (void)cellOf; (void)txOf; (void)values; (void)kinds;
    return 0;
}

#endif

int32_t lk_goo_cells(uint32_t *image, ptrdiff_t rowPixels, int32_t y0, int32_t y1, int32_t width, const float *g0,
                     const float *g1, int32_t c, float inverseC, float lowCut, float highCut, const uint32_t *lut,
                     uint32_t full, const int32_t *cellOf, const float *txOf, float *values, int32_t *kinds,
                     int32_t vector) {
    if (vector < 2) return 0;
    return lk_goo_cells_avx512(image, rowPixels, y0, y1, width, g0, g1, c, inverseC, lowCut, highCut, lut, full,
                               cellOf, txOf, values, kinds);
}

int32_t lk_goo_piece(float *out, int32_t first, int32_t last, int32_t c, double a, double b, double inverseSigma,
                     float weight, const float *phi, int32_t vector) {
#if defined(__x86_64__)
    if (vector >= 2) {
        lk_goo_piece_avx512(out, first, last, c, a, b, inverseSigma, weight, phi);
        return 1;
    }
#endif
    (void)out; (void)first; (void)last; (void)c; (void)a; (void)b; (void)inverseSigma; (void)weight; (void)phi;
    (void)vector;
    return 0;
}
