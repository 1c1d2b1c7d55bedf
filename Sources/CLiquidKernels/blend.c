#include "CLiquidKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

/* Each channel: d = s + round(d * keep / 255) with keep = 255 - alpha(s), the exact t + (t >> 8) rounding
 * of PackedPixel.scale in 16-bit lanes (t = d * keep + 128 <= 65 153, t + (t >> 8) <= 65 407, no overflow).
 * Red and blue sit in the low byte of each 16-bit lane, green and alpha in the high byte. */
__attribute__((target("avx2")))
int32_t lk_source_over_solid_avx2(uint32_t *destination, int32_t count, uint32_t source) {
    const __m256i keep = _mm256_set1_epi16((short)(255u - (source >> 24)));
    const __m256i solid = _mm256_set1_epi32((int)source);
    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    const __m256i half = _mm256_set1_epi16(128);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(destination + i));
        __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low8), keep), half);
        __m256i ga = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), keep), half);
        rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
        ga = _mm256_andnot_si256(low8, _mm256_add_epi16(ga, _mm256_srli_epi16(ga, 8)));
        /* No carries between channels: s + round(d * keep / 255) <= alpha(s) + 255 - alpha(s) per channel. */
        _mm256_storeu_si256((__m256i *)(destination + i), _mm256_add_epi32(solid, _mm256_or_si256(rb, ga)));
    }
    return i;
}

#else

int32_t lk_source_over_solid_avx2(uint32_t *destination, int32_t count, uint32_t source) {
    (void)destination; (void)count; (void)source;
    return 0;
}

#endif
