#include "CLiquidKernels.h"

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

#else

int lk_enlarge_band_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2, const uint16_t *r3,
                         const uint16_t *weights, int32_t rows, uint8_t *out, ptrdiff_t rowBytes, int32_t n) {
    (void)r0; (void)r1; (void)r2; (void)r3; (void)weights; (void)rows; (void)out; (void)rowBytes; (void)n;
    return 0;
}

#endif
