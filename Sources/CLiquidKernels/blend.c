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

/* MaskedMix: out[i] = PackedPixel.mix(out[i], toward[i], weights[i] >> 24) where that weight is not 0 and out[i]
 * is not transparent, else out[i] unchanged; eight pixels at a time, per 16-bit lane (the colour channels
 * two to a 32-bit word as in the Swift form: every lane holds at most 255 * 255 + 128 plus its own high byte,
 * so no lane carries into the next). Returns the first pixel not written (count rounded down to 8). */
__attribute__((target("avx2")))
int32_t lk_mix_toward_avx2(uint32_t *out, const uint32_t *toward, const uint32_t *weights, int32_t count) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF), half = _mm256_set1_epi16(128), full = _mm256_set1_epi16(255);
    const __m256i zero = _mm256_setzero_si256();
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i w = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(weights + i)), 24);
        __m256i a = _mm256_loadu_si256((const __m256i *)(out + i));
        /* Lanes left alone: no weight, or a transparent pixel. */
        __m256i keep = _mm256_or_si256(_mm256_cmpeq_epi32(w, zero), _mm256_cmpeq_epi32(_mm256_srli_epi32(a, 24), zero));
        if (_mm256_movemask_epi8(keep) == -1) continue;
        __m256i b = _mm256_loadu_si256((const __m256i *)(toward + i));
        __m256i w2 = _mm256_or_si256(w, _mm256_slli_epi32(w, 16)), v2 = _mm256_sub_epi16(full, w2);
        __m256i rb = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low8), v2),
                                                       _mm256_mullo_epi16(_mm256_and_si256(b, low8), w2)), half);
        __m256i ag = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), v2),
                                                       _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), w2)), half);
        rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
        ag = _mm256_andnot_si256(low8, _mm256_add_epi16(ag, _mm256_srli_epi16(ag, 8)));
        __m256i mixed = _mm256_or_si256(rb, ag);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_blendv_epi8(mixed, a, keep));
    }
    return i;
}

#else

int32_t lk_mix_toward_avx2(uint32_t *out, const uint32_t *toward, const uint32_t *weights, int32_t count) {
    (void)out; (void)toward; (void)weights; (void)count;
    return 0;
}

int32_t lk_source_over_solid_avx2(uint32_t *destination, int32_t count, uint32_t source) {
    (void)destination; (void)count; (void)source;
    return 0;
}

#endif

#if defined(__x86_64__)

/* Two pixels (eight floats) per step; each lane computes exactly the Swift expression of
 * BakedShading.Image's one-pass composite: no fused multiply-add, the same order, the same rounding. */
__attribute__((target("avx2")))
static inline __m256 lk_shading_load2(const uint8_t *p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

/* clamp(r, 0, 1) * 255, colour limited to alpha, rounded to nearest even: the byte values as 32-bit ints. */
__attribute__((target("avx2")))
static inline __m256i lk_shading_finish(__m256 r) {
    const __m256 c = _mm256_mul_ps(_mm256_min_ps(_mm256_max_ps(r, _mm256_setzero_ps()), _mm256_set1_ps(1.0f)),
                                   _mm256_set1_ps(255.0f));
    const __m256 v = _mm256_min_ps(c, _mm256_permute_ps(c, 0xFF));
    const __m256i bits = _mm256_castps_si256(_mm256_add_ps(v, _mm256_set1_ps(12582912.0f)));
    return _mm256_and_si256(bits, _mm256_set1_epi32(0xFF));
}

__attribute__((target("avx2")))
static int32_t lk_shading_avx2(uint8_t *destination, const uint8_t *multiply, const uint8_t *highlight, int32_t count,
                        float scale) {
    const __m256 one = _mm256_set1_ps(1.0f), inverse = _mm256_set1_ps(1.0f / 255.0f), s255 = _mm256_set1_ps(scale);
    const __m256 zero = _mm256_setzero_ps();
    int32_t i = 0;
    for (; i + 2 <= count; i += 2) {
        const uint8_t *m = multiply + 4 * i, *h = highlight + 4 * i;
        if (m[3] == 0 && m[7] == 0 && h[3] == 0 && h[7] == 0) continue;
        uint8_t *p = destination + 4 * i;
        __m256i bytes = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p));
        {
            const __m256 ms = _mm256_mul_ps(lk_shading_load2(m), s255);
            const __m256 d = _mm256_mul_ps(_mm256_cvtepi32_ps(bytes), inverse);
            const __m256 sa = _mm256_permute_ps(ms, 0xFF), da = _mm256_permute_ps(d, 0xFF);
            __m256 r = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(ms, _mm256_sub_ps(one, da)),
                                                   _mm256_mul_ps(d, _mm256_sub_ps(one, sa))), _mm256_mul_ps(ms, d));
            const __m256 ra = _mm256_sub_ps(_mm256_add_ps(sa, da), _mm256_mul_ps(sa, da));
            r = _mm256_blend_ps(r, ra, 0x88);
            const __m256 on = _mm256_cmp_ps(_mm256_permute_ps(lk_shading_load2(m), 0xFF), zero, _CMP_NEQ_OQ);
            bytes = _mm256_blendv_epi8(bytes, lk_shading_finish(r), _mm256_castps_si256(on));
        }
        {
            const __m256 hs = _mm256_mul_ps(lk_shading_load2(h), s255);
            const __m256 d = _mm256_mul_ps(_mm256_cvtepi32_ps(bytes), inverse);
            const __m256 sa = _mm256_permute_ps(hs, 0xFF), da = _mm256_permute_ps(d, 0xFF);
            __m256 r = _mm256_sub_ps(_mm256_add_ps(hs, d), _mm256_mul_ps(hs, d));
            const __m256 ra = _mm256_sub_ps(_mm256_add_ps(sa, da), _mm256_mul_ps(sa, da));
            r = _mm256_blend_ps(r, ra, 0x88);
            const __m256 on = _mm256_cmp_ps(_mm256_permute_ps(lk_shading_load2(h), 0xFF), zero, _CMP_NEQ_OQ);
            bytes = _mm256_blendv_epi8(bytes, lk_shading_finish(r), _mm256_castps_si256(on));
        }
        const __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
        _mm_storel_epi64((__m128i *)p, _mm_packus_epi16(words, words));
    }
    return i;
}

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_shading_load2 and lk_shading_finish on four pixels (sixteen floats): the same operations per lane. */
LK_AVX512
static inline __m512 lk_shading_load4(const uint8_t *p) {
    return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)p)));
}

LK_AVX512
static inline __m512i lk_shading_finish4(__m512 r) {
    const __m512 c = _mm512_mul_ps(_mm512_min_ps(_mm512_max_ps(r, _mm512_setzero_ps()), _mm512_set1_ps(1.0f)),
                                   _mm512_set1_ps(255.0f));
    const __m512 v = _mm512_min_ps(c, _mm512_permute_ps(c, 0xFF));
    const __m512i bits = _mm512_castps_si512(_mm512_add_ps(v, _mm512_set1_ps(12582912.0f)));
    return _mm512_and_si512(bits, _mm512_set1_epi32(0xFF));
}

/* lk_shading_avx2 four pixels at a time (a group is skipped only when all four are transparent in both
 * images; a pixel that is transparent in one image keeps its bytes through that blend's lane mask, as in
 * the two-pixel kernel), the last pair through it. Measured reason: this pass was 15 % of the goo switch
 * frame (glass.g3.switch, perf), two pixels per instruction. */
LK_AVX512
static int32_t lk_shading_avx512(uint8_t *destination, const uint8_t *multiply, const uint8_t *highlight,
                                 int32_t count, float scale) {
    const __m512 one = _mm512_set1_ps(1.0f), inverse = _mm512_set1_ps(1.0f / 255.0f), s255 = _mm512_set1_ps(scale);
    const __m512 zero = _mm512_setzero_ps();
    const __m128i alphas = _mm_set1_epi32((int)0xFF000000);
    int32_t i = 0;
    for (; i + 4 <= count; i += 4) {
        const uint8_t *m = multiply + 4 * i, *h = highlight + 4 * i;
        const __m128i mv = _mm_loadu_si128((const __m128i *)m), hv = _mm_loadu_si128((const __m128i *)h);
        if (_mm_testz_si128(_mm_or_si128(mv, hv), alphas)) continue;
        uint8_t *p = destination + 4 * i;
        __m512i bytes = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)p));
        {
            const __m512 ms = _mm512_mul_ps(lk_shading_load4(m), s255);
            const __m512 d = _mm512_mul_ps(_mm512_cvtepi32_ps(bytes), inverse);
            const __m512 sa = _mm512_permute_ps(ms, 0xFF), da = _mm512_permute_ps(d, 0xFF);
            __m512 r = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(ms, _mm512_sub_ps(one, da)),
                                                   _mm512_mul_ps(d, _mm512_sub_ps(one, sa))), _mm512_mul_ps(ms, d));
            const __m512 ra = _mm512_sub_ps(_mm512_add_ps(sa, da), _mm512_mul_ps(sa, da));
            r = _mm512_mask_blend_ps((__mmask16)0x8888, r, ra);
            const __mmask16 on = _mm512_cmp_ps_mask(_mm512_permute_ps(lk_shading_load4(m), 0xFF), zero, _CMP_NEQ_OQ);
            bytes = _mm512_mask_blend_epi32(on, bytes, lk_shading_finish4(r));
        }
        {
            const __m512 hs = _mm512_mul_ps(lk_shading_load4(h), s255);
            const __m512 d = _mm512_mul_ps(_mm512_cvtepi32_ps(bytes), inverse);
            const __m512 sa = _mm512_permute_ps(hs, 0xFF), da = _mm512_permute_ps(d, 0xFF);
            __m512 r = _mm512_sub_ps(_mm512_add_ps(hs, d), _mm512_mul_ps(hs, d));
            const __m512 ra = _mm512_sub_ps(_mm512_add_ps(sa, da), _mm512_mul_ps(sa, da));
            r = _mm512_mask_blend_ps((__mmask16)0x8888, r, ra);
            const __mmask16 on = _mm512_cmp_ps_mask(_mm512_permute_ps(lk_shading_load4(h), 0xFF), zero, _CMP_NEQ_OQ);
            bytes = _mm512_mask_blend_epi32(on, bytes, lk_shading_finish4(r));
        }
        /* Every lane holds a byte value, so narrowing keeps it. */
        _mm_storeu_si128((__m128i *)p, _mm512_cvtepi32_epi8(bytes));
    }
    return i + lk_shading_avx2(destination + 4 * i, multiply + 4 * i, highlight + 4 * i, count - i, scale);
}

int32_t lk_shading(uint8_t *destination, const uint8_t *multiply, const uint8_t *highlight, int32_t count,
                   float scale, int32_t vector) {
    if (vector >= 2) return lk_shading_avx512(destination, multiply, highlight, count, scale);
    if (vector == 1) return lk_shading_avx2(destination, multiply, highlight, count, scale);
    return 0;
}

#else

int32_t lk_shading(uint8_t *destination, const uint8_t *multiply, const uint8_t *highlight, int32_t count,
                   float scale, int32_t vector) {
    (void)destination; (void)multiply; (void)highlight; (void)count; (void)scale; (void)vector;
    return 0;
}

#endif
