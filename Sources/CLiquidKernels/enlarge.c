#include "CLiquidKernels.h"

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
                                  const float *weights, const uint32_t *lookup, int32_t n, uint32_t *out) {
    const __m256 w0 = _mm256_set1_ps(weights[0]), w1 = _mm256_set1_ps(weights[1]);
    const __m256 w2 = _mm256_set1_ps(weights[2]), w3 = _mm256_set1_ps(weights[3]);
    const __m256 half = _mm256_set1_ps(0.5f), top = _mm256_set1_ps(255.0f), zero = _mm256_setzero_ps();
    int32_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_add_ps(_mm256_mul_ps(w0, _mm256_loadu_ps(r0 + i)), _mm256_mul_ps(w1, _mm256_loadu_ps(r1 + i)));
        __m256 b = _mm256_add_ps(_mm256_mul_ps(w2, _mm256_loadu_ps(r2 + i)), _mm256_mul_ps(w3, _mm256_loadu_ps(r3 + i)));
        /* Clamped before the truncation: the same level as truncating, then clamping, for every finite value. */
        __m256 t = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_add_ps(a, b), half), zero), top);
        __m256i level = _mm256_cvttps_epi32(t);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)lookup, level, 4));
    }
    return i;
}

#else

int32_t lk_enlarge_alpha_row_avx2(const float *r0, const float *r1, const float *r2, const float *r3,
                                  const float *weights, const uint32_t *lookup, int32_t n, uint32_t *out) {
    (void)r0; (void)r1; (void)r2; (void)r3; (void)weights; (void)lookup; (void)n; (void)out;
    return 0;
}

int lk_enlarge_band_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2, const uint16_t *r3,
                         const uint16_t *weights, int32_t rows, uint8_t *out, ptrdiff_t rowBytes, int32_t n) {
    (void)r0; (void)r1; (void)r2; (void)r3; (void)weights; (void)rows; (void)out; (void)rowBytes; (void)n;
    return 0;
}

#endif
