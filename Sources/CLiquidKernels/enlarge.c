#include "CLiquidKernels.h"
#include <string.h>

/* Products and sums rounded separately, as the Swift code computes them (no fused multiply-add). */
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))

/* 32 output bytes from 32 values of each of the four widened rows (pmulhuw per tap, as the Swift code). */
static inline LK_AVX2 void lk_spline32(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2,
                                       const uint16_t *r3, __m256i wa, __m256i wb, __m256i wc, __m256i wd,
                                       uint8_t *out) {
    const __m256i bias = _mm256_set1_epi16(130);
    __m256i low = _mm256_add_epi16(
        _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)r0), wa),
                         _mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)r1), wb)),
        _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)r2), wc),
                         _mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)r3), wd)));
    __m256i high = _mm256_add_epi16(
        _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)(r0 + 16)), wa),
                         _mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)(r1 + 16)), wb)),
        _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)(r2 + 16)), wc),
                         _mm256_mulhi_epu16(_mm256_loadu_si256((const __m256i *)(r3 + 16)), wd)));
    low = _mm256_srli_epi16(_mm256_add_epi16(low, bias), 8);
    high = _mm256_srli_epi16(_mm256_add_epi16(high, bias), 8);
    /* Every value is at most 255 here, so the saturating pack is exact; it interleaves the 128-bit
     * halves, which the 64-bit permutation puts back in order. */
    __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
    _mm256_storeu_si256((__m256i *)out, bytes);
}

LK_AVX2
int lk_enlarge_band_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2, const uint16_t *r3,
                         const uint16_t *weights, int32_t rows, uint8_t *out, ptrdiff_t rowBytes, int32_t n) {
    if (n < 32) return 0;
    for (int32_t k = 0; k < rows; k++, out += rowBytes, weights += 4) {
        const __m256i wa = _mm256_set1_epi16((short)weights[0]), wb = _mm256_set1_epi16((short)weights[1]);
        const __m256i wc = _mm256_set1_epi16((short)weights[2]), wd = _mm256_set1_epi16((short)weights[3]);
        int32_t i = 0;
        for (; i + 32 <= n; i += 32) lk_spline32(r0 + i, r1 + i, r2 + i, r3 + i, wa, wb, wc, wd, out + i);
        /* The last partial chunk overlaps the previous one and recomputes a few bytes identically. */
        if (i < n) {
            i = n - 32;
            lk_spline32(r0 + i, r1 + i, r2 + i, r3 + i, wa, wb, wc, wd, out + i);
        }
    }
    return 1;
}

LK_AVX2
int32_t lk_enlarge_alpha_row_avx2(const float *r0, const float *r1, const float *r2, const float *r3,
                                  const float *weights, const uint32_t *lookup, int32_t low, int32_t high, int32_t n,
                                  uint32_t *out) {
    const __m256 w0 = _mm256_set1_ps(weights[0]), w1 = _mm256_set1_ps(weights[1]);
    const __m256 w2 = _mm256_set1_ps(weights[2]), w3 = _mm256_set1_ps(weights[3]);
    const __m256 half = _mm256_set1_ps(0.5f), top = _mm256_set1_ps(255.0f), zero = _mm256_setzero_ps();
    const __m256i lowLevel = _mm256_set1_epi32(low), highLevel = _mm256_set1_epi32(high - 1);
    const __m256i first = _mm256_set1_epi32((int)lookup[0]), last = _mm256_set1_epi32((int)lookup[255]);
    int32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_add_ps(_mm256_mul_ps(w0, _mm256_loadu_ps(r0 + i)), _mm256_mul_ps(w1, _mm256_loadu_ps(r1 + i)));
        __m256 b = _mm256_add_ps(_mm256_mul_ps(w2, _mm256_loadu_ps(r2 + i)), _mm256_mul_ps(w3, _mm256_loadu_ps(r3 + i)));
        /* Clamped before the truncation: the same level as truncating, then clamping, for every finite value. */
        __m256 t = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_add_ps(a, b), half), zero), top);
        __m256i level = _mm256_cvttps_epi32(t);
        /* Levels below `low` read lookup[0] and levels from `high` on read lookup[255]: eight such lanes need no
         * gather. Measured reason: the gather was the largest part of a dragged slider's goo (perf), and most
         * of a goo layer lies inside or outside its shapes, where every level is one of the two. */
        __m256i below = _mm256_cmpgt_epi32(lowLevel, level), above = _mm256_cmpgt_epi32(level, highLevel);
        __m256i v;
        if (_mm256_movemask_epi8(_mm256_or_si256(below, above)) == -1) {
            v = _mm256_blendv_epi8(last, first, below);
        } else {
            v = _mm256_i32gather_epi32((const int *)lookup, level, 4);
        }
        _mm256_storeu_si256((__m256i *)(out + i), v);
    }
    return i;
}

#else

int32_t lk_enlarge_alpha_row_avx2(const float *r0, const float *r1, const float *r2, const float *r3,
                                  const float *weights, const uint32_t *lookup, int32_t low, int32_t high, int32_t n,
                                  uint32_t *out) {
    (void)r0; (void)r1; (void)r2; (void)r3; (void)weights; (void)lookup; (void)low; (void)high; (void)n; (void)out;
    return 0;
}

int lk_enlarge_band_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2, const uint16_t *r3,
                         const uint16_t *weights, int32_t rows, uint8_t *out, ptrdiff_t rowBytes, int32_t n) {
    (void)r0; (void)r1; (void)r2; (void)r3; (void)weights; (void)rows; (void)out; (void)rowBytes; (void)n;
    return 0;
}

#endif

/* The widening kernels' interior: the reduced pixels p in [*p0, *p1) whose f phases all land inside a row of
 * `width` (xStart = f (p - 2) + f / 2 >= 0 and xStart + f <= width), within 1 ... paddedWidth - 3; empty
 * ([paddedWidth, paddedWidth)) when f is not 2, 4 or 8. */
static inline void lk_widen_interior(int32_t paddedWidth, int32_t width, int32_t f, int32_t *p0, int32_t *p1) {
    const int32_t half = f / 2, border = 2;
    *p0 = paddedWidth;
    *p1 = paddedWidth;
    if (f != 2 && f != 4 && f != 8) return;
    /* xStart >= 0 <=> p >= border - half / f, i.e. p >= border (half < f); xStart + f <= width <=>
     * p <= (width - f - half) / f + border. */
    *p0 = border;
    int32_t last = width - f - half >= 0 ? (width - f - half) / f + border : *p0 - 1;
    *p1 = last + 1 < paddedWidth - 2 ? last + 1 : paddedWidth - 2;
    if (*p1 < *p0) *p1 = *p0;
}

/* One widened pixel of lk_widen_row: four channels from the reduced pixels a, b, c, d and one phase's weights
 * w, each product and sum rounded to float as FixedWidenedRows.widen does, then v + 1.5 * 2^23 read as bits,
 * whose low 16 bits are round(v) for the values here (0 <= v < 65 535.5). */
static inline void lk_widen_one(const float *a, const float *b, const float *c, const float *d, const float *w,
                                uint16_t *out) {
    for (int ch = 0; ch < 4; ch++) {
        float v = (w[0] * a[ch] + w[1] * b[ch]) + (w[2] * c[ch] + w[3] * d[ch]);
        v = v + 12582912.0f;
        uint32_t bits;
        memcpy(&bits, &v, 4);
        out[ch] = (uint16_t)bits;
    }
}

#if defined(__x86_64__)
#define LK_AVX512_WIDEN __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* The interior pixels p in [p0, p1) (every phase inside the row) two phases at a time: each reduced pixel's
 * four channels broadcast to both 128-bit lanes, lane j weighted by phase k + j. */
LK_AVX2
static void lk_widen_interior_avx2(const float *source, int32_t p0, int32_t p1, int32_t f, int32_t xFirst,
                                   const float *weights, uint16_t *out) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256i low16 = _mm256_set1_epi32(0xFFFF);
    for (int32_t p = p0; p < p1; p++) {
        const float *s = source + 4 * (p - 1);
        __m256 a = _mm256_broadcast_ps((const __m128 *)s), b = _mm256_broadcast_ps((const __m128 *)(s + 4));
        __m256 c = _mm256_broadcast_ps((const __m128 *)(s + 8)), d = _mm256_broadcast_ps((const __m128 *)(s + 12));
        uint16_t *target = out + 4 * (xFirst + f * (p - p0));
        __m256i previous = _mm256_setzero_si256();
        for (int32_t k = 0; k < f; k += 2) {
            const float *w = weights + 32 * (k / 2);
            __m256 v = _mm256_add_ps(
                _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(w), a), _mm256_mul_ps(_mm256_loadu_ps(w + 8), b)),
                _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(w + 16), c), _mm256_mul_ps(_mm256_loadu_ps(w + 24), d)));
            __m256i bits = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(v, magic)), low16);
            if (f == 2) {
                /* Packed with itself: 64-bit chunks (k, k, k + 1, k + 1), reordered to (k, k + 1, ...). */
                __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(bits, bits), 0xD8);
                _mm_storeu_si128((__m128i *)target, _mm256_castsi256_si128(packed));
            } else if (k % 4 == 0) {
                previous = bits;
            } else {
                /* Phases (k - 2, k - 1) and (k, k + 1): the pack gives chunks (k-2, k, k-1, k+1), put in order. */
                __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(previous, bits), 0xD8);
                _mm256_storeu_si256((__m256i *)(target + 4 * (k - 2)), packed);
            }
        }
    }
}

/* As lk_widen_interior_avx2, four phases at a time (f = 4 or 8), truncated to 16 bits with vpmovdw. */
LK_AVX512_WIDEN
static void lk_widen_interior_avx512(const float *source, int32_t p0, int32_t p1, int32_t f, int32_t xFirst,
                                     const float *weights, uint16_t *out) {
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    for (int32_t p = p0; p < p1; p++) {
        const float *s = source + 4 * (p - 1);
        __m512 a = _mm512_broadcast_f32x4(_mm_loadu_ps(s)), b = _mm512_broadcast_f32x4(_mm_loadu_ps(s + 4));
        __m512 c = _mm512_broadcast_f32x4(_mm_loadu_ps(s + 8)), d = _mm512_broadcast_f32x4(_mm_loadu_ps(s + 12));
        uint16_t *target = out + 4 * (xFirst + f * (p - p0));
        for (int32_t k = 0; k < f; k += 4) {
            const float *w = weights + 64 * (k / 4);
            __m512 v = _mm512_add_ps(
                _mm512_add_ps(_mm512_mul_ps(_mm512_loadu_ps(w), a), _mm512_mul_ps(_mm512_loadu_ps(w + 16), b)),
                _mm512_add_ps(_mm512_mul_ps(_mm512_loadu_ps(w + 32), c), _mm512_mul_ps(_mm512_loadu_ps(w + 48), d)));
            __m512i bits = _mm512_castps_si512(_mm512_add_ps(v, magic));
            _mm256_storeu_si256((__m256i *)(target + 4 * k), _mm512_cvtepi32_epi16(bits));
        }
    }
}
#endif

void lk_widen_row(const float *source, int32_t paddedWidth, int32_t width, int32_t f, const float *weights,
                  int32_t vector, uint16_t *out) {
    const int32_t half = f / 2, border = 2;
    int32_t p0 = paddedWidth, p1 = paddedWidth;
#if defined(__x86_64__)
    if (vector >= 1) lk_widen_interior(paddedWidth, width, f, &p0, &p1);
    if (p1 > p0) {
        /* Weights for the vector kernels: for each group of phases, each tap's weights splatted over the four
         * channels of each phase (two phases per 256-bit row, four per 512-bit row; the same values). */
        float lanes[4 * 8 * 4];
        int32_t group = (vector >= 2 && f >= 4) ? 4 : 2;
        for (int32_t k0 = 0; k0 < f; k0 += group)
            for (int32_t tap = 0; tap < 4; tap++)
                for (int32_t j = 0; j < group; j++)
                    for (int32_t ch = 0; ch < 4; ch++)
                        lanes[(k0 / group) * 16 * group + tap * 4 * group + 4 * j + ch] = weights[4 * (k0 + j) + tap];
        int32_t xFirst = f * (p0 - border) + half;
        if (group == 4) lk_widen_interior_avx512(source, p0, p1, f, xFirst, lanes, out);
        else lk_widen_interior_avx2(source, p0, p1, f, xFirst, lanes, out);
    }
#endif
    /* The pixels the vector loop left: those before p0 and from p1 on. */
    for (int32_t p = 1; p < paddedWidth - 2; p = p + 1 == p0 ? (p1 > p0 ? p1 : p0) : p + 1) {
        if (p >= p0 && p < p1) continue;
        int32_t xStart = f * (p - border) + half;
        int32_t kLow = xStart < 0 ? -xStart : 0, kHigh = width - xStart < f ? width - xStart : f;
        const float *s = source + 4 * (p - 1);
        for (int32_t k = kLow; k < kHigh; k++)
            lk_widen_one(s, s + 4, s + 8, s + 12, weights + 4 * k, out + 4 * (xStart + k));
    }
}

/* One widened value of lk_widen_alpha_row: the same Float operations as WidenedRows.widen. */
static inline float lk_widen_alpha_one(const float *s, const float *w) {
    return (w[0] * s[0] + w[1] * s[1]) + (w[2] * s[2] + w[3] * s[3]);
}

#if defined(__x86_64__)
/* Interior pixels p0 ..< p1 (every phase inside the row), 8 / f of them per step: lane j is pixel p + j / f at
 * phase j % f; its four taps are picked from eight consecutive reduced values by a lane permutation. */
LK_AVX2
static int32_t lk_widen_alpha_avx2(const float *source, int32_t p0, int32_t p1, int32_t f, const float *weights,
                                   float *out) {
    float w0[8], w1[8], w2[8], w3[8];
    int32_t pick[8];
    for (int32_t j = 0; j < 8; j++) {
        const float *w = weights + 4 * (j % f);
        w0[j] = w[0]; w1[j] = w[1]; w2[j] = w[2]; w3[j] = w[3];
        pick[j] = j / f;
    }
    const __m256 k0 = _mm256_loadu_ps(w0), k1 = _mm256_loadu_ps(w1), k2 = _mm256_loadu_ps(w2), k3 = _mm256_loadu_ps(w3);
    const __m256i i0 = _mm256_loadu_si256((const __m256i *)pick), one = _mm256_set1_epi32(1);
    const __m256i i1 = _mm256_add_epi32(i0, one), i2 = _mm256_add_epi32(i1, one), i3 = _mm256_add_epi32(i2, one);
    const int32_t step = 8 / f;
    /* The taps reach source[p - 1 ... p + step + 1]: step + 3 values, loaded under a mask so that the load
     * never reads past them (the row's last pixels take the vector path too). */
    int32_t needed[8];
    for (int32_t j = 0; j < 8; j++) needed[j] = j < step + 3 ? -1 : 0;
    const __m256i mask = _mm256_loadu_si256((const __m256i *)needed);
    int32_t p = p0;
    for (; p + step <= p1; p += step) {
        __m256 s = _mm256_maskload_ps(source + p - 1, mask);
        __m256 a = _mm256_permutevar8x32_ps(s, i0), b = _mm256_permutevar8x32_ps(s, i1);
        __m256 c = _mm256_permutevar8x32_ps(s, i2), d = _mm256_permutevar8x32_ps(s, i3);
        __m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(k0, a), _mm256_mul_ps(k1, b)),
                                 _mm256_add_ps(_mm256_mul_ps(k2, c), _mm256_mul_ps(k3, d)));
        _mm256_storeu_ps(out + f * (p - p0), v);
    }
    return p;
}
#endif

void lk_widen_alpha_row(const float *source, int32_t paddedWidth, int32_t width, int32_t f, const float *weights,
                        int32_t vector, float *out) {
    const int32_t half = f / 2, border = 2;
    int32_t p0 = paddedWidth, p1 = paddedWidth;
#if defined(__x86_64__)
    if (vector >= 1) lk_widen_interior(paddedWidth, width, f, &p0, &p1);
    if (p1 > p0) {
        int32_t xFirst = f * (p0 - border) + half;
        /* Pixels the vector loop leaves (the last few) go through the scalar loop below. */
        p1 = lk_widen_alpha_avx2(source, p0, p1, f, weights, out + xFirst);
    }
#endif
    /* The pixels the vector loop left: those before p0 and from p1 on. */
    for (int32_t p = 1; p < paddedWidth - 2; p = p + 1 == p0 ? (p1 > p0 ? p1 : p0) : p + 1) {
        if (p >= p0 && p < p1) continue;
        int32_t xStart = f * (p - border) + half;
        int32_t kLow = xStart < 0 ? -xStart : 0, kHigh = width - xStart < f ? width - xStart : f;
        for (int32_t k = kLow; k < kHigh; k++) out[xStart + k] = lk_widen_alpha_one(source + p - 1, weights + 4 * k);
    }
}
