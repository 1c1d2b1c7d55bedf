#include "CLiquidKernels.h"

/* The tent reduction of ReducedBlur (LiquidRaster), RGBA: exact integer sums, so every path writes the same
 * values as the Swift code; the only Float step (the last conversion and scale) is the same operation. */

/* The end of one block for one lane: tent gets the rising half kept in inc plus this falling half, 2T - S;
 * inc gets this rising half, (2f + 1)S - 2T (wrapping u16 arithmetic, exact for f <= 8). */
static inline void lk_tent_store(uint16_t s, uint16_t t, uint16_t odd, uint16_t *inc, uint16_t *tent, int32_t i) {
    if (tent) tent[i] = (uint16_t)(inc[i] + (uint16_t)(t << 1) - s);
    inc[i] = (uint16_t)(odd * s - (uint16_t)(t << 1));
}

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))
#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

LK_AVX2
static int32_t lk_tent_block_avx2(const uint8_t *const *rows, int32_t f, int32_t i, int32_t n, uint16_t *inc,
                                  uint16_t *tent) {
    const __m256i odd = _mm256_set1_epi16((short)(2 * f + 1));
    for (; i + 32 <= n; i += 32) {
        __m256i s0 = _mm256_setzero_si256(), s1 = s0, t0 = s0, t1 = s0;
        for (int32_t m = 0; m < f; m++) {
            __m256i bytes = _mm256_loadu_si256((const __m256i *)(rows[m] + i));
            s0 = _mm256_add_epi16(s0, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(bytes)));
            s1 = _mm256_add_epi16(s1, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(bytes, 1)));
            t0 = _mm256_add_epi16(t0, s0);
            t1 = _mm256_add_epi16(t1, s1);
        }
        __m256i *rising0 = (__m256i *)(inc + i), *rising1 = (__m256i *)(inc + i + 16);
        if (tent) {
            _mm256_storeu_si256((__m256i *)(tent + i),
                                _mm256_sub_epi16(_mm256_add_epi16(_mm256_loadu_si256(rising0), _mm256_slli_epi16(t0, 1)), s0));
            _mm256_storeu_si256((__m256i *)(tent + i + 16),
                                _mm256_sub_epi16(_mm256_add_epi16(_mm256_loadu_si256(rising1), _mm256_slli_epi16(t1, 1)), s1));
        }
        _mm256_storeu_si256(rising0, _mm256_sub_epi16(_mm256_mullo_epi16(odd, s0), _mm256_slli_epi16(t0, 1)));
        _mm256_storeu_si256(rising1, _mm256_sub_epi16(_mm256_mullo_epi16(odd, s1), _mm256_slli_epi16(t1, 1)));
    }
    return i;
}

LK_AVX512
static int32_t lk_tent_block_avx512(const uint8_t *const *rows, int32_t f, int32_t i, int32_t n, uint16_t *inc,
                                    uint16_t *tent) {
    const __m512i odd = _mm512_set1_epi16((short)(2 * f + 1));
    for (; i + 64 <= n; i += 64) {
        __m512i s0 = _mm512_setzero_si512(), s1 = s0, t0 = s0, t1 = s0;
        for (int32_t m = 0; m < f; m++) {
            __m512i bytes = _mm512_loadu_si512((const void *)(rows[m] + i));
            s0 = _mm512_add_epi16(s0, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(bytes)));
            s1 = _mm512_add_epi16(s1, _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(bytes, 1)));
            t0 = _mm512_add_epi16(t0, s0);
            t1 = _mm512_add_epi16(t1, s1);
        }
        uint16_t *rising0 = inc + i, *rising1 = inc + i + 32;
        if (tent) {
            _mm512_storeu_si512((void *)(tent + i),
                                _mm512_sub_epi16(_mm512_add_epi16(_mm512_loadu_si512(rising0), _mm512_slli_epi16(t0, 1)), s0));
            _mm512_storeu_si512((void *)(tent + i + 32),
                                _mm512_sub_epi16(_mm512_add_epi16(_mm512_loadu_si512(rising1), _mm512_slli_epi16(t1, 1)), s1));
        }
        _mm512_storeu_si512((void *)rising0, _mm512_sub_epi16(_mm512_mullo_epi16(odd, s0), _mm512_slli_epi16(t0, 1)));
        _mm512_storeu_si512((void *)rising1, _mm512_sub_epi16(_mm512_mullo_epi16(odd, s1), _mm512_slli_epi16(t1, 1)));
    }
    return i;
}

/* Two interior blocks at once (the caller checks that both lie inside the row): the pixels of block b in
 * the low four int32 lanes and of block b + 1 in the high four. Returns the totals of blocks b and b + 1 via
 * low/high and leaves block b + 1's rising half in *previous. */
LK_AVX2
static void lk_tent_pair_avx2(const uint16_t *row, int32_t first, int32_t f, __m128i *previous, float scale,
                              float *lowOut, float *highOut) {
    __m256i s = _mm256_setzero_si256(), t = s;
    for (int32_t m = 0; m < f; m++) {
        __m128i low = _mm_loadl_epi64((const __m128i *)(row + 4 * (first + m)));
        __m128i both = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(low), (const double *)(row + 4 * (first + f + m))));
        s = _mm256_add_epi32(s, _mm256_cvtepu16_epi32(both));
        t = _mm256_add_epi32(t, s);
    }
    __m256i twice = _mm256_slli_epi32(t, 1);
    __m256i falling = _mm256_sub_epi32(twice, s);
    __m256i rising = _mm256_sub_epi32(_mm256_mullo_epi32(_mm256_set1_epi32(2 * f + 1), s), twice);
    __m128i lowTotal = _mm_add_epi32(*previous, _mm256_castsi256_si128(falling));
    __m128i highTotal = _mm_add_epi32(_mm256_castsi256_si128(rising), _mm256_extracti128_si256(falling, 1));
    *previous = _mm256_extracti128_si256(rising, 1);
    const __m128 k = _mm_set1_ps(scale);
    if (lowOut) _mm_storeu_ps(lowOut, _mm_mul_ps(_mm_cvtepi32_ps(lowTotal), k));
    _mm_storeu_ps(highOut, _mm_mul_ps(_mm_cvtepi32_ps(highTotal), k));
}

#else

static int32_t lk_tent_block_avx2(const uint8_t *const *rows, int32_t f, int32_t i, int32_t n, uint16_t *inc,
                                  uint16_t *tent) {
    (void)rows; (void)f; (void)n; (void)inc; (void)tent;
    return i;
}

static int32_t lk_tent_block_avx512(const uint8_t *const *rows, int32_t f, int32_t i, int32_t n, uint16_t *inc,
                                    uint16_t *tent) {
    (void)rows; (void)f; (void)n; (void)inc; (void)tent;
    return i;
}

#endif

void lk_tent_block(const uint8_t *_Nonnull const *_Nonnull rows, int32_t f, int32_t n, uint16_t *inc,
                   uint16_t *_Nullable tent, int32_t vector) {
    int32_t i = 0;
    /* 64 bytes a step, then a last 32 with AVX2, then one at a time. */
    if (vector >= 2) i = lk_tent_block_avx512(rows, f, i, n, inc, tent);
    if (vector >= 1) i = lk_tent_block_avx2(rows, f, i, n, inc, tent);
    const uint16_t odd = (uint16_t)(2 * f + 1);
    for (; i < n; i++) {
        uint16_t s = 0, t = 0;
        for (int32_t m = 0; m < f; m++) {
            s = (uint16_t)(s + rows[m][i]);
            t = (uint16_t)(t + s);
        }
        lk_tent_store(s, t, odd, inc, tent, i);
    }
}

void lk_tent_row_rgba(const uint16_t *row, int32_t w, int32_t f, int32_t paddedWidth, int32_t clamp, float scale,
                      int32_t vector, float *dst) {
    const int32_t odd = 2 * f + 1, border = 2;
    int32_t previous[4] = {0, 0, 0, 0};
    int32_t b = 0;
    while (b <= paddedWidth) {
        int32_t first = f * (b - border) - f / 2;
#if defined(__x86_64__)
        if (vector >= 1 && b + 1 <= paddedWidth && first >= 0 && first + 2 * f <= w) {
            __m128i carried = _mm_loadu_si128((const __m128i *)previous);
            lk_tent_pair_avx2(row, first, f, &carried, scale, b > 0 ? dst + 4 * (b - 1) : NULL, dst + 4 * b);
            _mm_storeu_si128((__m128i *)previous, carried);
            b += 2;
            continue;
        }
#else
        (void)vector;
#endif
        int32_t s[4] = {0, 0, 0, 0}, t[4] = {0, 0, 0, 0};
        for (int32_t m = 0; m < f; m++) {
            int32_t x = first + m;
            const uint16_t *p = NULL;
            if (x >= 0 && x < w) p = row + 4 * x;
            else if (clamp) p = row + 4 * (x < 0 ? 0 : w - 1);
            for (int c = 0; c < 4; c++) {
                if (p) s[c] += p[c];
                t[c] += s[c];
            }
        }
        for (int c = 0; c < 4; c++) {
            if (b > 0) dst[4 * (b - 1) + c] = (float)(previous[c] + 2 * t[c] - s[c]) * scale;
            previous[c] = odd * s[c] - 2 * t[c];
        }
        b += 1;
    }
}
