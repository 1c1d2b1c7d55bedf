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
    __m256 index = _mm256_add_ps(_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_ps((float)k));
    int32_t start = k;
    for (; k + 8 <= end; k += 8) {
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
        index = _mm256_add_ps(index, _mm256_set1_ps(8));
    }
    return k;
}

LK_AVX2
static int32_t lk_over_span_avx2(const uint8_t *source, int32_t count, uint8_t *out) {
    int32_t i = 0;
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000);
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(source + 4 * i));
        __m256i *target = (__m256i *)(out + 4 * i);
        /* Opaque pixels replace the destination outright; the arithmetic gives the same bytes. */
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

static int32_t lk_over_span_avx2(const uint8_t *source, int32_t count, uint8_t *out) {
    (void)source; (void)count; (void)out;
    return 0;
}

#endif

void lk_warp_span(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float x0, float xSlope,
                  float row, float y0, float ySlope, int32_t k, int32_t end, int32_t over, int32_t avx2,
                  uint8_t *out) {
    int32_t start = k;
    if (avx2) {
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
