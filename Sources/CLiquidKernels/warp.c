#include "CLiquidKernels.h"

/* Products and sums are rounded separately, as the Swift code that states this arithmetic does. */
#pragma STDC FP_CONTRACT OFF

/* round(v * 256) to nearest even, the rounding of the AVX2 conversion under the default MXCSR state. */
static inline int32_t lk_fixed1(float v) { return (int32_t)__builtin_rintf(v * 256.0f); }

/* One pixel of lk_warp_span, any architecture. */
static inline void lk_warp_one(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float px,
                               float py, int32_t over, uint8_t *out) {
    float right = (float)(width - 1), bottom = (float)(height - 1);
    px = px < 0.0f ? 0.0f : (px > right ? right : px);
    py = py < 0.0f ? 0.0f : (py > bottom ? bottom : py);
    int32_t qx = lk_fixed1(px), qy = lk_fixed1(py);
    int32_t x0 = (qx - (qx < (width - 1) * 256 ? 0 : 256)) >> 8;
    int32_t y0 = (qy - (qy < (height - 1) * 256 ? 0 : 256)) >> 8;
    int32_t fx = qx - (x0 << 8), fy = qy - (y0 << 8);
    int32_t w11 = ((fx * fy + 128) >> 8), w10 = fx - w11, w01 = fy - w11, w00 = 256 - fx - fy + w11;
    const uint8_t *top = source + (ptrdiff_t)y0 * rowBytes + 4 * x0, *below = top + rowBytes;
    uint8_t s[4];
    for (int c = 0; c < 4; c++) {
        int32_t sum = top[c] * w00 + top[c + 4] * w10 + below[c] * w01 + below[c + 4] * w11;
        s[c] = (uint8_t)((sum + 128) >> 8);
    }
    if (over) {
        int32_t inverse = 255 - s[3];
        for (int c = 0; c < 4; c++) {
            int32_t t = out[c] * inverse + 128;
            out[c] = (uint8_t)(s[c] + ((t + (t >> 8)) >> 8));
        }
    } else {
        for (int c = 0; c < 4; c++) out[c] = s[c];
    }
}

/* One pixel of lk_over_span. */
static inline void lk_over_one(const uint8_t *source, uint8_t *out) {
    int32_t inverse = 255 - source[3];
    for (int c = 0; c < 4; c++) {
        int32_t t = out[c] * inverse + 128;
        out[c] = (uint8_t)(source[c] + ((t + (t >> 8)) >> 8));
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))
#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

#include "bilinear8.h"

/* Source-over of eight premultiplied pixels s onto d, exact as Compositing.sourceOver:
 * d' = s + round(d * (255 - s.a) / 255) per channel, via t = d * inverse + 128, (t + (t >> 8)) >> 8. */
static inline LK_AVX2 __m256i lk_over8(__m256i s, __m256i d) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i alpha = _mm256_srli_epi32(s, 24);
    /* The inverse alpha in all four 16-bit lanes of a pixel. */
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_or_si256(alpha, _mm256_slli_epi32(alpha, 16)));
    __m256i lowInverse = _mm256_unpacklo_epi32(inverse, inverse), highInverse = _mm256_unpackhi_epi32(inverse, inverse);
    __m256i low = _mm256_unpacklo_epi8(d, zero), high = _mm256_unpackhi_epi8(d, zero);
    const __m256i rounding = _mm256_set1_epi16(128);
    __m256i tl = _mm256_add_epi16(_mm256_mullo_epi16(low, lowInverse), rounding);
    __m256i th = _mm256_add_epi16(_mm256_mullo_epi16(high, highInverse), rounding);
    tl = _mm256_srli_epi16(_mm256_add_epi16(tl, _mm256_srli_epi16(tl, 8)), 8);
    th = _mm256_srli_epi16(_mm256_add_epi16(th, _mm256_srli_epi16(th, 8)), 8);
    return _mm256_add_epi8(_mm256_packus_epi16(tl, th), s);
}

LK_AVX2
static int32_t lk_warp_span_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                                 float x0, float xSlope, float row, float y0, float ySlope, int32_t k, int32_t end,
                                 int32_t over, uint8_t *out) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256 right = _mm256_set1_ps((float)(width - 1)), bottom = _mm256_set1_ps((float)(height - 1));
    const __m256i lastX = _mm256_set1_epi32((width - 1) * 256), lastY = _mm256_set1_epi32((height - 1) * 256);
    const __m256i step = _mm256_set1_epi32(256);
    const __m256 scale = _mm256_set1_ps(256.0f);
    const __m256 bx = _mm256_set1_ps(x0), sx = _mm256_set1_ps(xSlope), rows = _mm256_set1_ps(row);
    const __m256 by = _mm256_set1_ps(y0), sy = _mm256_set1_ps(ySlope);
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    int32_t start = k;
    for (; k + 8 <= end; k += 8) {
        /* Each lane's index converted from its integer, as the per-pixel path does (a float stepped by 8
         * would round differently past 2^24). */
        __m256 index = _mm256_cvtepi32_ps(_mm256_add_epi32(lanes, _mm256_set1_epi32(k)));
        __m256 px = _mm256_add_ps(index, _mm256_add_ps(bx, _mm256_mul_ps(sx, index)));
        __m256 py = _mm256_add_ps(rows, _mm256_add_ps(by, _mm256_mul_ps(sy, index)));
        px = _mm256_min_ps(_mm256_max_ps(px, zero), right);
        py = _mm256_min_ps(_mm256_max_ps(py, zero), bottom);
        __m256i qx = _mm256_cvtps_epi32(_mm256_mul_ps(px, scale)), qy = _mm256_cvtps_epi32(_mm256_mul_ps(py, scale));
        __m256i ix = _mm256_srai_epi32(_mm256_sub_epi32(qx, _mm256_andnot_si256(_mm256_cmpgt_epi32(lastX, qx), step)), 8);
        __m256i iy = _mm256_srai_epi32(_mm256_sub_epi32(qy, _mm256_andnot_si256(_mm256_cmpgt_epi32(lastY, qy), step)), 8);
        /* Ask for the next output row's source rows at this column now: spans run along one row of a
         * tile or cell, so the next row is drawn a span later. Measured reason: a full-screen ripple's
         * warp waited on those loads; prefetching them took a stand-alone replay of the bench's frames
         * from 8.3 to 6.9 ms (same bytes; a prefetch never faults). */
        uintptr_t ahead = (uintptr_t)source + (uintptr_t)((ptrdiff_t)(_mm256_cvtsi256_si32(iy) + 2) * rowBytes
                                                         + 4 * (ptrdiff_t)_mm256_cvtsi256_si32(ix));
        _mm_prefetch((const char *)ahead, _MM_HINT_T0);
        _mm_prefetch((const char *)(ahead + (uintptr_t)rowBytes), _MM_HINT_T0);
        __m256i s = lk_bilinear8(source, rowBytes, ix, iy, _mm256_sub_epi32(qx, _mm256_slli_epi32(ix, 8)),
                                   _mm256_sub_epi32(qy, _mm256_slli_epi32(iy, 8)));
        __m256i *target = (__m256i *)(out + 4 * (k - start));
        /* Opaque pixels replace the destination outright (the arithmetic gives the same bytes). Measured
         * reason: the ripple's card is opaque almost everywhere; skipping the blend saved 1-2 ms of a 26-28 ms
         * full-screen ripple frame (ui.ripple.frame.8waves, same build, alternating runs). */
        if (over && !_mm256_testc_si256(s, opaque)) s = lk_over8(s, _mm256_loadu_si256(target));
        _mm256_storeu_si256(target, s);
    }
    return k;
}

/* lk_over8 on sixteen pixels: the same operations in 512-bit form. */
static inline LK_AVX512 __m512i lk_over16(__m512i s, __m512i d) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i alpha = _mm512_srli_epi32(s, 24);
    __m512i inverse = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_or_si512(alpha, _mm512_slli_epi32(alpha, 16)));
    __m512i lowInverse = _mm512_unpacklo_epi32(inverse, inverse), highInverse = _mm512_unpackhi_epi32(inverse, inverse);
    __m512i low = _mm512_unpacklo_epi8(d, zero), high = _mm512_unpackhi_epi8(d, zero);
    const __m512i rounding = _mm512_set1_epi16(128);
    __m512i tl = _mm512_add_epi16(_mm512_mullo_epi16(low, lowInverse), rounding);
    __m512i th = _mm512_add_epi16(_mm512_mullo_epi16(high, highInverse), rounding);
    tl = _mm512_srli_epi16(_mm512_add_epi16(tl, _mm512_srli_epi16(tl, 8)), 8);
    th = _mm512_srli_epi16(_mm512_add_epi16(th, _mm512_srli_epi16(th, 8)), 8);
    return _mm512_add_epi8(_mm512_packus_epi16(tl, th), s);
}

/* The low and high eight lanes of v, and the two joined. */
static inline LK_AVX512 __m256i lk_low8(__m512i v) { return _mm512_castsi512_si256(v); }
static inline LK_AVX512 __m256i lk_high8(__m512i v) { return _mm512_extracti64x4_epi64(v, 1); }
static inline LK_AVX512 __m512i lk_join8(__m256i low, __m256i high) {
    return _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
}

/* lk_warp_span_avx2's pixels sixteen at a time, the last few under a lane mask (all of k ... end - 1).
 *
 * The taps come from a window instead of per-pixel loads: the displacement field is smooth, so the sixteen
 * pixels of a group read from at most 31 neighbouring columns of two or three source rows. Each such row is
 * loaded as 32 pixels (two 64-byte loads) and every lane's left and right taps are picked out of it with
 * vpermt2d; lanes one row lower take the next row's picks. A group whose lanes reach further (steep
 * slopes, clamped edges far apart, a source under 32 pixels wide) takes lk_bilinear8's per-pixel loads.
 * Either way the taps, weights and arithmetic are lk_warp_span_avx2's, so the bytes are too.
 * Measured reason: in a stand-alone replay of the ripple bench's warp (1170 x 2532, 64-pixel tiles,
 * composited; alternating runs of one build), the AVX2 kernel took 5.3-6.1 ms per frame and this 3.6-4.2 ms;
 * with the source in cache, 2.0-2.1 against 1.4-1.5 ns per pixel. */
LK_AVX512
static void lk_warp_span_avx512(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float x0,
                                float xSlope, float row, float y0, float ySlope, int32_t k, int32_t end, int32_t over,
                                uint8_t *out) {
    const __m512 zero = _mm512_setzero_ps();
    const __m512 right = _mm512_set1_ps((float)(width - 1)), bottom = _mm512_set1_ps((float)(height - 1));
    /* q >> 8 with q at most (side - 1) * 256 - 1 is lk_warp_one's x0 (the last column's q takes the pair
     * before it, with fraction 256). */
    const __m512i lastX = _mm512_set1_epi32((width - 1) * 256 - 1), lastY = _mm512_set1_epi32((height - 1) * 256 - 1);
    const __m512 scale = _mm512_set1_ps(256.0f);
    const __m512 bx = _mm512_set1_ps(x0), sx = _mm512_set1_ps(xSlope), rows = _mm512_set1_ps(row);
    const __m512 by = _mm512_set1_ps(y0), sy = _mm512_set1_ps(ySlope);
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i one = _mm512_set1_epi32(1), reach = _mm512_set1_epi32(30);
    const __m512i opaque = _mm512_set1_epi32((int)0xFF000000);
    /* The window's corner: column and row of the lane likely leftmost and topmost (the first, unless the
     * span runs leftwards or upwards). The test below decides; a wrong guess only costs speed. */
    const __m512i corner = _mm512_setr_epi32(xSlope < -1.0f ? 15 : 0, 16 + (ySlope < 0.0f ? 15 : 0), 0, 0, 0, 0, 0, 0,
                                             0, 0, 0, 0, 0, 0, 0, 0);
    /* The window's first column, at most this so that its 32 pixels lie inside each row. */
    const int32_t lastWindow = width - 32;
    for (uint8_t *target = out; k < end; k += 16, target += 64) {
        __mmask16 active = end - k >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (end - k)) - 1);
        __m512 index = _mm512_cvtepi32_ps(_mm512_add_epi32(lanes, _mm512_set1_epi32(k)));
        __m512 px = _mm512_add_ps(index, _mm512_add_ps(bx, _mm512_mul_ps(sx, index)));
        __m512 py = _mm512_add_ps(rows, _mm512_add_ps(by, _mm512_mul_ps(sy, index)));
        px = _mm512_min_ps(_mm512_max_ps(px, zero), right);
        py = _mm512_min_ps(_mm512_max_ps(py, zero), bottom);
        __m512i qx = _mm512_cvtps_epi32(_mm512_mul_ps(px, scale)), qy = _mm512_cvtps_epi32(_mm512_mul_ps(py, scale));
        __m512i ix = _mm512_srai_epi32(_mm512_min_epi32(qx, lastX), 8);
        __m512i iy = _mm512_srai_epi32(_mm512_min_epi32(qy, lastY), 8);
        __m512i fx = _mm512_sub_epi32(qx, _mm512_slli_epi32(ix, 8)), fy = _mm512_sub_epi32(qy, _mm512_slli_epi32(iy, 8));

        __m128i where = _mm512_castsi512_si128(_mm512_permutex2var_epi32(ix, corner, iy));
        int32_t column = _mm_cvtsi128_si32(where), top = _mm_extract_epi32(where, 1);
        column = column < lastWindow ? column : lastWindow;
        /* Ask for the source two and three rows further down now (a prefetch never faults): spans run along
         * a row of a tile or cell, so those rows are drawn a span or two later. Measured reason: in the
         * stand-alone replay of the bench's warp (whole rows), 6.2 ms per frame without against 3.2-3.4 ms
         * with; two and three rows ahead measured no different from one and two. */
        uintptr_t ahead = (uintptr_t)source + (uintptr_t)((ptrdiff_t)(top + 3) * rowBytes + 4 * (ptrdiff_t)column);
        _mm_prefetch((const char *)ahead, _MM_HINT_T0);
        _mm_prefetch((const char *)(ahead + 64), _MM_HINT_T0);
        _mm_prefetch((const char *)(ahead + (uintptr_t)rowBytes), _MM_HINT_T0);
        _mm_prefetch((const char *)(ahead + (uintptr_t)rowBytes + 64), _MM_HINT_T0);

        __m512i dx = _mm512_sub_epi32(ix, _mm512_set1_epi32(column)), dy = _mm512_sub_epi32(iy, _mm512_set1_epi32(top));
        __m512i s;
        if (lastWindow >= 0 && !(_mm512_mask_cmpgt_epu32_mask(active, dx, reach) |
                                 _mm512_mask_cmpgt_epu32_mask(active, dy, one))) {
            /* Every live lane's taps lie in columns column ... column + 31 of rows top ... top + 2, and the
             * rows read exist: top is a lane's row, at most height - 2, and row top + 2 is read only when a
             * live lane's row is top + 1. */
            const uint8_t *a = source + (ptrdiff_t)top * rowBytes + 4 * (ptrdiff_t)column, *b = a + rowBytes;
            __m512i dx1 = _mm512_add_epi32(dx, one);
            __m512i a0 = _mm512_loadu_si512(a), a1 = _mm512_loadu_si512(a + 64);
            __m512i b0 = _mm512_loadu_si512(b), b1 = _mm512_loadu_si512(b + 64);
            __m512i p00 = _mm512_permutex2var_epi32(a0, dx, a1), p10 = _mm512_permutex2var_epi32(a0, dx1, a1);
            __m512i p01 = _mm512_permutex2var_epi32(b0, dx, b1), p11 = _mm512_permutex2var_epi32(b0, dx1, b1);
            __mmask16 lower = _mm512_mask_cmpneq_epi32_mask(active, dy, _mm512_setzero_si512());
            if (lower) {
                const uint8_t *c = b + rowBytes;
                __m512i c0 = _mm512_loadu_si512(c), c1 = _mm512_loadu_si512(c + 64);
                p00 = _mm512_mask_blend_epi32(lower, p00, p01);
                p10 = _mm512_mask_blend_epi32(lower, p10, p11);
                p01 = _mm512_mask_blend_epi32(lower, p01, _mm512_permutex2var_epi32(c0, dx, c1));
                p11 = _mm512_mask_blend_epi32(lower, p11, _mm512_permutex2var_epi32(c0, dx1, c1));
            }
            s = lk_bilinear_mix16(p00, p10, p01, p11, fx, fy);
        } else {
            s = lk_join8(lk_bilinear8(source, rowBytes, lk_low8(ix), lk_low8(iy), lk_low8(fx), lk_low8(fy)),
                         lk_bilinear8(source, rowBytes, lk_high8(ix), lk_high8(iy), lk_high8(fx), lk_high8(fy)));
        }
        /* Opaque pixels replace the destination outright, as in lk_warp_span_avx2. */
        if (over && _mm512_mask_cmpneq_epi32_mask(active, _mm512_and_si512(s, opaque), opaque)) {
            s = lk_over16(s, _mm512_maskz_loadu_epi32(active, target));
        }
        _mm512_mask_storeu_epi32(target, active, s);
    }
}

LK_AVX2
static int32_t lk_over_span_avx2(const uint8_t *source, int32_t count, uint8_t *out) {
    int32_t i = 0;
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000);
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + 4 * i));
        __m256i *target = (__m256i *)(out + 4 * i);
        /* Eight transparent pixels leave the destination as it is, and opaque ones replace it outright; the
         * arithmetic gives the same bytes either way. */
        if (_mm256_testz_si256(s, s)) continue;
        if (!_mm256_testc_si256(s, opaque)) s = lk_over8(s, _mm256_loadu_si256(target));
        _mm256_storeu_si256(target, s);
    }
    return i;
}

#else

static int32_t lk_warp_span_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                                 float x0, float xSlope, float row, float y0, float ySlope, int32_t k, int32_t end,
                                 int32_t over, uint8_t *out) {
    (void)source; (void)rowBytes; (void)width; (void)height; (void)x0; (void)xSlope; (void)row; (void)y0;
    (void)ySlope; (void)end; (void)over; (void)out;
    return k;
}

static void lk_warp_span_avx512(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float x0,
                                float xSlope, float row, float y0, float ySlope, int32_t k, int32_t end, int32_t over,
                                uint8_t *out) {
    (void)source; (void)rowBytes; (void)width; (void)height; (void)x0; (void)xSlope; (void)row; (void)y0;
    (void)ySlope; (void)k; (void)end; (void)over; (void)out;
}

static int32_t lk_over_span_avx2(const uint8_t *source, int32_t count, uint8_t *out) {
    (void)source; (void)count; (void)out;
    return 0;
}

#endif

void lk_warp_span(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float x0, float xSlope,
                  float row, float y0, float ySlope, int32_t k, int32_t end, int32_t over, int32_t vector,
                  uint8_t *out) {
    int32_t start = k;
    if (vector >= 2) {
        lk_warp_span_avx512(source, rowBytes, width, height, x0, xSlope, row, y0, ySlope, k, end, over, out);
        return;
    }
    if (vector == 1) {
        k = lk_warp_span_avx2(source, rowBytes, width, height, x0, xSlope, row, y0, ySlope, k, end, over, out);
        if (k < end) {
            /* The last few pixels as eight through a scratch row (each pixel's bytes depend only on its own
             * index, so the extra lanes change nothing that is kept). Measured reason: spans end at cell and
             * tile edges, and the per-pixel path took a fifth of the warp's time. */
            uint8_t scratch[32];
            int32_t n = end - k;
            for (int32_t i = 0; i < 4 * n; i++) scratch[i] = out[4 * (k - start) + i];
            lk_warp_span_avx2(source, rowBytes, width, height, x0, xSlope, row, y0, ySlope, k, k + 8, over, scratch);
            for (int32_t i = 0; i < 4 * n; i++) out[4 * (k - start) + i] = scratch[i];
            return;
        }
    }
    for (; k < end; k++) {
        float index = (float)k;
        float px = index + (x0 + xSlope * index), py = row + (y0 + ySlope * index);
        lk_warp_one(source, rowBytes, width, height, px, py, over, out + 4 * (k - start));
    }
}

void lk_over_span(const uint8_t *source, int32_t count, int32_t avx2, uint8_t *out) {
    int32_t i = avx2 ? lk_over_span_avx2(source, count, out) : 0;
    for (; i < count; i++) lk_over_one(source + 4 * i, out + 4 * i);
}
