#include "CLiquidKernels.h"

/* LiquidRaster's MutablePixmapView.stretch, one output row, eight pixels at a time: each lane is one pixel
 * and computes exactly the Swift expressions in the same order (products and sums rounded separately, no
 * fused multiply-add), so the bytes are those of the per-pixel path. */
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))

/* Channel c (0 = red ... 3 = alpha) of eight packed pixels as floats. */
static inline LK_AVX2 __m256 lk_channel(__m256i pixels, int c) {
    return _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(pixels, 8 * c), _mm256_set1_epi32(0xFF)));
}

/* a + (b - a) * f. */
static inline LK_AVX2 __m256 lk_lerp(__m256 a, __m256 b, __m256 f) {
    return _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), f));
}

/* round(clamp(v, 0, 1) * 255) to nearest even, as an integer per lane (PixelMath.roundedBytes after
 * PixelMath.clamp: v < 0 becomes 0, then v > 1 becomes 1). */
static inline LK_AVX2 __m256i lk_byte(__m256 v) {
    v = _mm256_blendv_ps(v, _mm256_setzero_ps(), _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ));
    v = _mm256_blendv_ps(v, _mm256_set1_ps(1.0f), _mm256_cmp_ps(v, _mm256_set1_ps(1.0f), _CMP_GT_OQ));
    __m256 shifted = _mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255.0f)), _mm256_set1_ps(12582912.0f));
    return _mm256_and_si256(_mm256_castps_si256(shifted), _mm256_set1_epi32(0xFF));
}

LK_AVX2
int32_t lk_stretch_row_avx2(uint8_t *out, const uint8_t *top, const uint8_t *bottom, const int32_t *u0,
                            const int32_t *u1, const float *fx, const float *coverX, int32_t count, float fy,
                            float coverY, float strength, int32_t mode) {
    const __m256 one = _mm256_set1_ps(1.0f), inverse = _mm256_set1_ps(1.0f / 255.0f);
    const __m256 vfy = _mm256_set1_ps(fy), vcoverY = _mm256_set1_ps(coverY), vstrength = _mm256_set1_ps(strength);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i left = _mm256_loadu_si256((const __m256i *)(u0 + i)), right = _mm256_loadu_si256((const __m256i *)(u1 + i));
        __m256i a = _mm256_i32gather_epi32((const int *)top, left, 4), b = _mm256_i32gather_epi32((const int *)top, right, 4);
        __m256i c = _mm256_i32gather_epi32((const int *)bottom, left, 4);
        __m256i d = _mm256_i32gather_epi32((const int *)bottom, right, 4);
        __m256 f = _mm256_loadu_ps(fx + i);
        __m256 s[4];
        for (int ch = 0; ch < 4; ch++) {
            __m256 upper = lk_lerp(lk_channel(a, ch), lk_channel(b, ch), f);
            __m256 lower = lk_lerp(lk_channel(c, ch), lk_channel(d, ch), f);
            s[ch] = _mm256_mul_ps(lk_lerp(upper, lower, vfy), vstrength);
        }
        /* Transparent samples leave their pixel alone (s[3] <= 0). */
        __m256 live = _mm256_cmp_ps(s[3], _mm256_setzero_ps(), _CMP_GT_OQ);
        int liveMask = _mm256_movemask_ps(live);
        if (liveMask == 0) continue;
        __m256i dst = _mm256_loadu_si256((const __m256i *)(out + 4 * i));
        __m256 dv[4];
        for (int ch = 0; ch < 4; ch++) dv[ch] = _mm256_mul_ps(lk_channel(dst, ch), inverse);
        __m256 r[4];
        __m256 keepD = _mm256_sub_ps(one, s[3]);
        if (mode == 0) {
            /* Source over: s + d * (1 - alpha(s)). */
            for (int ch = 0; ch < 4; ch++) r[ch] = _mm256_add_ps(s[ch], _mm256_mul_ps(dv[ch], keepD));
        } else {
            __m256 keepS = _mm256_sub_ps(one, dv[3]);
            for (int ch = 0; ch < 3; ch++) {
                if (mode == 1) {
                    /* Multiply: s * (1 - alpha(d)) + d * (1 - alpha(s)) + s * d. */
                    r[ch] = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(s[ch], keepS), _mm256_mul_ps(dv[ch], keepD)),
                                          _mm256_mul_ps(s[ch], dv[ch]));
                } else {
                    /* Screen: s + d - s * d. */
                    r[ch] = _mm256_sub_ps(_mm256_add_ps(s[ch], dv[ch]), _mm256_mul_ps(s[ch], dv[ch]));
                }
            }
            /* Alpha: the union, alpha(s) + alpha(d) - alpha(s) * alpha(d). */
            r[3] = _mm256_sub_ps(_mm256_add_ps(s[3], dv[3]), _mm256_mul_ps(s[3], dv[3]));
        }
        /* Where the rect covers part of the pixel: d + coverage * (r - d). */
        __m256 coverage = _mm256_mul_ps(_mm256_loadu_ps(coverX + i), vcoverY);
        __m256 partial = _mm256_cmp_ps(coverage, one, _CMP_LT_OQ);
        __m256i bytes[4];
        for (int ch = 0; ch < 4; ch++) {
            __m256 mixed = _mm256_add_ps(dv[ch], _mm256_mul_ps(coverage, _mm256_sub_ps(r[ch], dv[ch])));
            bytes[ch] = lk_byte(_mm256_blendv_ps(r[ch], mixed, partial));
        }
        /* Colour at most alpha, then packed. */
        __m256i packed = _mm256_slli_epi32(bytes[3], 24);
        for (int ch = 0; ch < 3; ch++) packed = _mm256_or_si256(packed, _mm256_slli_epi32(_mm256_min_epi32(bytes[ch], bytes[3]), 8 * ch));
        _mm256_storeu_si256((__m256i *)(out + 4 * i), _mm256_blendv_epi8(dst, packed, _mm256_castps_si256(live)));
    }
    return i;
}

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

static inline LK_AVX512 __m512 lk_channel16(__m512i pixels, int c) {
    return _mm512_cvtepi32_ps(_mm512_and_si512(_mm512_srli_epi32(pixels, 8 * c), _mm512_set1_epi32(0xFF)));
}

static inline LK_AVX512 __m512 lk_lerp16(__m512 a, __m512 b, __m512 f) {
    return _mm512_add_ps(a, _mm512_mul_ps(_mm512_sub_ps(b, a), f));
}

/* lk_byte on sixteen lanes (the same comparisons and operations). */
static inline LK_AVX512 __m512i lk_byte16(__m512 v) {
    v = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ), v, _mm512_setzero_ps());
    v = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, _mm512_set1_ps(1.0f), _CMP_GT_OQ), v, _mm512_set1_ps(1.0f));
    __m512 shifted = _mm512_add_ps(_mm512_mul_ps(v, _mm512_set1_ps(255.0f)), _mm512_set1_ps(12582912.0f));
    return _mm512_and_si512(_mm512_castps_si512(shifted), _mm512_set1_epi32(0xFF));
}

/* lk_stretch_row_avx2 sixteen pixels at a time, the last few under a lane mask, so the whole row is done
 * here (returns count): lane for lane the same operations, so the same bytes. Measured reason: the
 * switch's shadow and shading stretches were a fifth of a dragged switch frame at 3x, and the rows' last
 * few pixels went through the per-pixel Swift path. */
LK_AVX512
int32_t lk_stretch_row_avx512(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t sourceWidth,
                              const int32_t *u0, const int32_t *u1, const float *fx, const float *coverX, int32_t count,
                              float fy, float coverY, float strength, int32_t mode) {
    const __m512 one = _mm512_set1_ps(1.0f), inverse = _mm512_set1_ps(1.0f / 255.0f);
    const __m512 vfy = _mm512_set1_ps(fy), vcoverY = _mm512_set1_ps(coverY), vstrength = _mm512_set1_ps(strength);
    const __m512i zero = _mm512_setzero_si512();
    for (int32_t i = 0; i < count; i += 16) {
        __mmask16 lanes = count - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (count - i)) - 1);
        __m512i left = _mm512_maskz_loadu_epi32(lanes, u0 + i), right = _mm512_maskz_loadu_epi32(lanes, u1 + i);
        __m512i a, b, c, d;
        /* Columns only grow along a row, so the live lanes read source columns u0[i] ... the last live u1.
         * When those fit in 32 pixels of the source rows, two 64-byte loads per row and a permute pick
         * the taps; otherwise (a strong shrink, a source under 32 pixels wide) gathers do. The same taps
         * either way. Measured reason: the gathers were the kernel's slowest part on a dragged switch. */
        int32_t last = 31 - __builtin_clz((unsigned)lanes);
        int32_t first = u0[i], base = first < sourceWidth - 32 ? first : sourceWidth - 32;
        if (base >= 0 && u1[i + last] - base <= 31) {
            __m512i at = _mm512_set1_epi32(base);
            __m512i l = _mm512_sub_epi32(left, at), r = _mm512_sub_epi32(right, at);
            const int32_t *t = (const int32_t *)top + base, *o = (const int32_t *)bottom + base;
            __m512i t0 = _mm512_loadu_si512(t), t1 = _mm512_loadu_si512(t + 16);
            __m512i o0 = _mm512_loadu_si512(o), o1 = _mm512_loadu_si512(o + 16);
            a = _mm512_maskz_permutex2var_epi32(lanes, t0, l, t1);
            b = _mm512_maskz_permutex2var_epi32(lanes, t0, r, t1);
            c = _mm512_maskz_permutex2var_epi32(lanes, o0, l, o1);
            d = _mm512_maskz_permutex2var_epi32(lanes, o0, r, o1);
        } else {
            a = _mm512_mask_i32gather_epi32(zero, lanes, left, top, 4);
            b = _mm512_mask_i32gather_epi32(zero, lanes, right, top, 4);
            c = _mm512_mask_i32gather_epi32(zero, lanes, left, bottom, 4);
            d = _mm512_mask_i32gather_epi32(zero, lanes, right, bottom, 4);
        }
        __m512 f = _mm512_maskz_loadu_ps(lanes, fx + i);
        __m512 s[4];
        for (int ch = 0; ch < 4; ch++) {
            __m512 upper = lk_lerp16(lk_channel16(a, ch), lk_channel16(b, ch), f);
            __m512 lower = lk_lerp16(lk_channel16(c, ch), lk_channel16(d, ch), f);
            s[ch] = _mm512_mul_ps(lk_lerp16(upper, lower, vfy), vstrength);
        }
        /* Transparent samples leave their pixel alone (s[3] <= 0). */
        __mmask16 live = _mm512_mask_cmp_ps_mask(lanes, s[3], _mm512_setzero_ps(), _CMP_GT_OQ);
        if (!live) continue;
        __m512i dst = _mm512_maskz_loadu_epi32(lanes, out + 4 * i);
        __m512 dv[4];
        for (int ch = 0; ch < 4; ch++) dv[ch] = _mm512_mul_ps(lk_channel16(dst, ch), inverse);
        __m512 r[4];
        __m512 keepD = _mm512_sub_ps(one, s[3]);
        if (mode == 0) {
            for (int ch = 0; ch < 4; ch++) r[ch] = _mm512_add_ps(s[ch], _mm512_mul_ps(dv[ch], keepD));
        } else {
            __m512 keepS = _mm512_sub_ps(one, dv[3]);
            for (int ch = 0; ch < 3; ch++) {
                if (mode == 1) {
                    r[ch] = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(s[ch], keepS), _mm512_mul_ps(dv[ch], keepD)),
                                          _mm512_mul_ps(s[ch], dv[ch]));
                } else {
                    r[ch] = _mm512_sub_ps(_mm512_add_ps(s[ch], dv[ch]), _mm512_mul_ps(s[ch], dv[ch]));
                }
            }
            r[3] = _mm512_sub_ps(_mm512_add_ps(s[3], dv[3]), _mm512_mul_ps(s[3], dv[3]));
        }
        __m512 coverage = _mm512_mul_ps(_mm512_maskz_loadu_ps(lanes, coverX + i), vcoverY);
        __mmask16 partial = _mm512_cmp_ps_mask(coverage, one, _CMP_LT_OQ);
        __m512i bytes[4];
        for (int ch = 0; ch < 4; ch++) {
            __m512 mixed = _mm512_add_ps(dv[ch], _mm512_mul_ps(coverage, _mm512_sub_ps(r[ch], dv[ch])));
            bytes[ch] = lk_byte16(_mm512_mask_blend_ps(partial, r[ch], mixed));
        }
        __m512i packed = _mm512_slli_epi32(bytes[3], 24);
        for (int ch = 0; ch < 3; ch++) {
            packed = _mm512_or_si512(packed, _mm512_slli_epi32(_mm512_min_epi32(bytes[ch], bytes[3]), 8 * ch));
        }
        _mm512_mask_storeu_epi32(out + 4 * i, live, packed);
    }
    return count;
}

#else

int32_t lk_stretch_row_avx2(uint8_t *out, const uint8_t *top, const uint8_t *bottom, const int32_t *u0,
                            const int32_t *u1, const float *fx, const float *coverX, int32_t count, float fy,
                            float coverY, float strength, int32_t mode) {
    (void)out; (void)top; (void)bottom; (void)u0; (void)u1; (void)fx; (void)coverX; (void)count; (void)fy;
    (void)coverY; (void)strength; (void)mode;
    return 0;
}

int32_t lk_stretch_row_avx512(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t sourceWidth,
                              const int32_t *u0, const int32_t *u1, const float *fx, const float *coverX, int32_t count,
                              float fy, float coverY, float strength, int32_t mode) {
    (void)out; (void)top; (void)bottom; (void)sourceWidth; (void)u0; (void)u1; (void)fx; (void)coverX; (void)count; (void)fy;
    (void)coverY; (void)strength; (void)mode;
    return 0;
}

#endif
