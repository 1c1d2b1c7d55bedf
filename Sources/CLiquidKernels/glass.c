#include "CLiquidKernels.h"

/* lk_glass_lanes_avx2 repeats GlassShader.bandLanes' Float arithmetic: every product and sum rounded on its
 * own, in the same order. */
#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))

/* PackedBlend.lerp on eight pixels: per 16-bit lane (a * (256 - w) + b * w + 128) >> 8, red/blue in the
 * low byte of each lane, green/alpha in the high byte. w2 holds the weight in both halves of each pixel. */
static inline LK_AVX2 __m256i lk_lerp8(__m256i a, __m256i b, __m256i w2) {
    const __m256i low8 = _mm256_set1_epi16(0x00FF), rounding = _mm256_set1_epi16(128);
    __m256i v2 = _mm256_sub_epi16(_mm256_set1_epi16(256), w2);
    __m256i rb = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low8), v2),
                                                   _mm256_mullo_epi16(_mm256_and_si256(b, low8), w2)), rounding);
    __m256i ga = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), v2),
                                                   _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), w2)), rounding);
    return _mm256_or_si256(_mm256_srli_epi16(rb, 8), _mm256_andnot_si256(low8, ga));
}

/* A 0...256 weight per pixel, copied into both 16-bit halves. */
static inline LK_AVX2 __m256i lk_both_halves(__m256i w) { return _mm256_or_si256(w, _mm256_slli_epi32(w, 16)); }

/* GlassTone.apply on eight pixels: the saturation in 32-bit lanes (GlassTone.saturate's scalar formula), then
 * the overlay (PackedBlend.Overlay.apply). */
static inline LK_AVX2 __m256i lk_tone8(__m256i p, const lk_glass_tone *tone) {
    if (tone->saturates) {
        const __m256i byte = _mm256_set1_epi32(0xFF), zero = _mm256_setzero_si256();
        __m256i r = _mm256_and_si256(p, byte), g = _mm256_and_si256(_mm256_srli_epi32(p, 8), byte);
        __m256i b = _mm256_and_si256(_mm256_srli_epi32(p, 16), byte), a = _mm256_srli_epi32(p, 24);
        __m256i luma = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(r, _mm256_set1_epi32(872)),
                                                         _mm256_mullo_epi32(g, _mm256_set1_epi32(2929))),
                                        _mm256_mullo_epi32(b, _mm256_set1_epi32(295)));
        luma = _mm256_add_epi32(_mm256_mullo_epi32(luma, _mm256_set1_epi32(tone->t)), _mm256_set1_epi32(524288));
        const __m256i scaled = _mm256_set1_epi32(tone->s * 4096);
        __m256i rv = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(scaled, r), luma), 20);
        __m256i gv = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(scaled, g), luma), 20);
        __m256i bv = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(scaled, b), luma), 20);
        rv = _mm256_min_epi32(_mm256_max_epi32(rv, zero), a);
        gv = _mm256_min_epi32(_mm256_max_epi32(gv, zero), a);
        bv = _mm256_min_epi32(_mm256_max_epi32(bv, zero), a);
        p = _mm256_or_si256(_mm256_or_si256(rv, _mm256_slli_epi32(gv, 8)),
                            _mm256_or_si256(_mm256_slli_epi32(bv, 16), _mm256_slli_epi32(a, 24)));
    }
    const __m256i low8 = _mm256_set1_epi16(0x00FF), rounding = _mm256_set1_epi16(128);
    const __m256i keep = _mm256_set1_epi16((short)tone->keep);
    __m256i lo = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low8), keep),
                                                   _mm256_set1_epi32((int)tone->rb)), rounding);
    __m256i hi = _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), keep),
                                                   _mm256_set1_epi32((int)tone->ga)), rounding);
    return _mm256_or_si256(_mm256_srli_epi16(lo, 8), _mm256_andnot_si256(low8, hi));
}

/* The two horizontal taps (8 bytes) at base + o[a], o[b] in the low half and o[c], o[d] in the high half. */
static inline LK_AVX2 __m256i lk_tap_pairs(const uint8_t *base, const int32_t *o, int a, int b, int c, int d) {
    __m128d low = _mm_loadh_pd(_mm_load_sd((const double *)(base + o[a])), (const double *)(base + o[b]));
    __m128d high = _mm_loadh_pd(_mm_load_sd((const double *)(base + o[c])), (const double *)(base + o[d]));
    return _mm256_castpd_si256(_mm256_insertf128_pd(_mm256_castpd128_pd256(low), high, 1));
}

/* One group of eight lanes (i ... i + 7) of row j of lk_glass_band_avx2 (see there). */
static inline LK_AVX2 void lk_glass_band8(const int32_t *tapRow, const uint32_t *tapsRow, const uint32_t *weightsRow,
                                          int32_t i, int32_t j, int32_t h, const uint8_t *frost,
                                          int32_t frostRowBytes, uint8_t *row, const lk_glass_tone *tone) {
    const __m256i byte = _mm256_set1_epi32(0xFF), coverMask = _mm256_set1_epi32(0xFFFF);
    const __m256i rightBit = _mm256_set1_epi32(1 << 16), downBit = _mm256_set1_epi32(1 << 17);
    const __m256i white = _mm256_set1_epi32(-1), rowBytes = _mm256_set1_epi32(frostRowBytes);
    __m256i wt = _mm256_loadu_si256((const __m256i *)(weightsRow + i));
    __m256i cover = _mm256_and_si256(wt, coverMask);
    if (_mm256_testz_si256(cover, cover)) return;
    __m256i t = _mm256_loadu_si256((const __m256i *)(tapsRow + i));
    __m256i top = _mm256_loadu_si256((const __m256i *)(tapRow + i));
    /* The lower taps: the next row where bit 17 is set, else the same row. */
    __m256i down = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(t, downBit), downBit), rowBytes);
    __m256i bottom = _mm256_add_epi32(top, down);
    /* The same lanes two rows down read about two frost rows further on: ask for them now. Measured
     * reason: the tap loads waited on the cache (a tile walks 16 rows of 16 pixels, too short a
     * run for the hardware prefetcher); G2's glass band, one profiled run each: 3.98 -> 3.24 ms
     * (later runs 3.4-3.8 ms on a loaded machine). */
    if (j + 2 < h) {
        _mm_prefetch((const char *)(frost + tapRow[i] + 2 * frostRowBytes), _MM_HINT_T0);
        _mm_prefetch((const char *)(frost + tapRow[i + 7] + 2 * frostRowBytes), _MM_HINT_T0);
    }
    __m256i p00, p10, p01, p11;
    __m256i right = _mm256_and_si256(t, rightBit);
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(right, rightBit)) == -1) {
        /* Every right tap is the next column: one 8-byte load per pixel and row. */
        _Alignas(32) int32_t o[8], u[8];
        _mm256_store_si256((__m256i *)o, top);
        _mm256_store_si256((__m256i *)u, bottom);
        __m256 ta = _mm256_castsi256_ps(lk_tap_pairs(frost, o, 0, 1, 4, 5));
        __m256 tb = _mm256_castsi256_ps(lk_tap_pairs(frost, o, 2, 3, 6, 7));
        __m256 ba = _mm256_castsi256_ps(lk_tap_pairs(frost, u, 0, 1, 4, 5));
        __m256 bb = _mm256_castsi256_ps(lk_tap_pairs(frost, u, 2, 3, 6, 7));
        p00 = _mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0x88));
        p10 = _mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0xDD));
        p01 = _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0x88));
        p11 = _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0xDD));
    } else {
        /* Some lane sits on the frost's last column (its right tap is itself): a tap at a time. */
        __m256i step = _mm256_srli_epi32(right, 14);
        p00 = _mm256_i32gather_epi32((const int *)frost, top, 1);
        p10 = _mm256_i32gather_epi32((const int *)frost, _mm256_add_epi32(top, step), 1);
        p01 = _mm256_i32gather_epi32((const int *)frost, bottom, 1);
        p11 = _mm256_i32gather_epi32((const int *)frost, _mm256_add_epi32(bottom, step), 1);
    }
    __m256i wx = lk_both_halves(_mm256_and_si256(t, byte));
    __m256i wy = lk_both_halves(_mm256_and_si256(_mm256_srli_epi32(t, 8), byte));
    __m256i g = lk_tone8(lk_lerp8(lk_lerp8(p00, p10, wx), lk_lerp8(p01, p11, wx), wy), tone);
    g = lk_lerp8(g, white, lk_both_halves(_mm256_srli_epi32(wt, 16)));
    __m256i old = _mm256_loadu_si256((const __m256i *)(row + 4 * i));
    _mm256_storeu_si256((__m256i *)(row + 4 * i), lk_lerp8(old, g, lk_both_halves(cover)));
}

__attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
static void lk_glass_band_avx512(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w,
                                 int32_t h, int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                                 ptrdiff_t outRowBytes, const lk_glass_tone *tone);

LK_AVX2
void lk_glass_band_avx2(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w, int32_t h,
                        int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                        ptrdiff_t outRowBytes, const lk_glass_tone *tone, int32_t wide) {
    if (wide) {
        lk_glass_band_avx512(tap, taps, weights, w, h, stride, frost, frostRowBytes, out, outRowBytes, tone);
        return;
    }
    for (int32_t j = 0; j < h; j++) {
        const int32_t *tapRow = tap + (ptrdiff_t)j * stride;
        const uint32_t *tapsRow = taps + (ptrdiff_t)j * stride, *weightsRow = weights + (ptrdiff_t)j * stride;
        uint8_t *row = out + (ptrdiff_t)j * outRowBytes;
        for (int32_t i = 0; i + 8 <= w; i += 8)
            lk_glass_band8(tapRow, tapsRow, weightsRow, i, j, h, frost, frostRowBytes, row, tone);
    }
}

LK_AVX2
int32_t lk_glass_shadow_avx2(const uint16_t *alphas, int32_t count, uint8_t *out) {
    const __m256i black = _mm256_set1_epi32((int)0xFF000000u);
    int32_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i a = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(alphas + i)));
        if (_mm256_testz_si256(a, a)) continue;
        __m256i p = _mm256_loadu_si256((const __m256i *)(out + 4 * i));
        _mm256_storeu_si256((__m256i *)(out + 4 * i), lk_lerp8(p, black, lk_both_halves(a)));
    }
    return i;
}

/* PixelMath.roundedIndices: the bits of v + 1.5 * 2^23 masked to 22 bits (round to nearest even). */
static inline LK_AVX2 __m256i lk_rounded_indices(__m256 v) {
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(v, _mm256_set1_ps(12582912.0f))),
                            _mm256_set1_epi32(0x3FFFFF));
}

/* Lanes.select(mask, a, b): a where the mask is set. */
static inline LK_AVX2 __m256 lk_select(__m256 mask, __m256 a, __m256 b) { return _mm256_blendv_ps(b, a, mask); }

/* Lanes.less(a, b). */
static inline LK_AVX2 __m256 lk_less(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }

/* GlassShader.rowHasGlow: whether a glow (x, y, radius, alpha per glow) reaches row y. */
static inline int lk_row_has_glow(int32_t y, const float *glows, int32_t count) {
    for (int32_t k = 0; k < count; k++) {
        float dy = (float)y + 0.5f - glows[4 * k + 1];
        if ((dy < 0 ? -dy : dy) < glows[4 * k + 2]) return 1;
    }
    return 0;
}

/* GlassShader.glowWhite8: at pixels x ... x + 7 of row y, each glow's (alpha (1 - r2)) (1 - r2) inside its
 * radius (r2 the squared distance over the squared radius), summed from 0. */
static inline LK_AVX2 __m256 lk_glow_white8(int32_t x, int32_t y, const float *glows, int32_t count) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
    __m256 gxs = _mm256_add_ps(_mm256_add_ps(_mm256_set1_ps((float)x), _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7)),
                               _mm256_set1_ps(0.5f));
    __m256 gys = _mm256_set1_ps((float)y + 0.5f), sum = zero;
    for (int32_t k = 0; k < count; k++) {
        const float *glow = glows + 4 * k;
        __m256 dx = _mm256_sub_ps(gxs, _mm256_set1_ps(glow[0])), dy = _mm256_sub_ps(gys, _mm256_set1_ps(glow[1]));
        __m256 r2 = _mm256_div_ps(_mm256_add_ps(_mm256_mul_ps(dx, dx), _mm256_mul_ps(dy, dy)),
                                  _mm256_set1_ps(glow[2] * glow[2]));
        __m256 fall = _mm256_sub_ps(one, r2);
        __m256 add = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(glow[3]), fall), fall);
        sum = _mm256_add_ps(sum, lk_select(lk_less(r2, one), add, zero));
    }
    return sum;
}

LK_AVX2
void lk_glass_straight_rows_avx2(const lk_straight_line *lines, int32_t w, int32_t h, const uint8_t *frost,
                                 int32_t frostRowBytes, int32_t frostColumn, uint8_t *out, ptrdiff_t outRowBytes,
                                 const lk_glass_tone *tone, int32_t x0, int32_t y0, const float *glows,
                                 int32_t glowCount) {
    const __m256i white = _mm256_set1_epi32(-1);
    const __m256 one = _mm256_set1_ps(1), f256 = _mm256_set1_ps(256);
    for (int32_t j = 0; j < h; j++) {
        const lk_straight_line *line = &lines[j];
        if (line->cover == 0) continue;
        const uint8_t *r0 = frost + (ptrdiff_t)line->first * frostRowBytes + 4 * (ptrdiff_t)frostColumn;
        const uint8_t *r1 = frost + (ptrdiff_t)line->second * frostRowBytes + 4 * (ptrdiff_t)frostColumn;
        uint8_t *row = out + (ptrdiff_t)j * outRowBytes;
        const int32_t y = y0 + j, glow = lk_row_has_glow(y, glows, glowCount);
        const __m256i weight = lk_both_halves(_mm256_set1_epi32((int)line->weight));
        const __m256i cover = lk_both_halves(_mm256_set1_epi32((int)line->cover));
        __m256i lit = lk_both_halves(_mm256_set1_epi32((int)line->white));
        for (int32_t i = 0; i + 8 <= w; i += 8) {
            __m256i p = lk_tone8(lk_lerp8(_mm256_loadu_si256((const __m256i *)(r0 + 4 * i)),
                                          _mm256_loadu_si256((const __m256i *)(r1 + 4 * i)), weight), tone);
            if (glow) {
                /* GlassShader.glowedWhite8: the line's light plus the glows, clamped to 1, in 1/256. */
                __m256 sum = _mm256_add_ps(_mm256_set1_ps(line->light), lk_glow_white8(x0 + i, y, glows, glowCount));
                lit = lk_both_halves(lk_rounded_indices(_mm256_mul_ps(lk_select(lk_less(one, sum), one, sum), f256)));
            }
            __m256i g = lk_lerp8(p, white, lit);
            __m256i *target = (__m256i *)(row + 4 * i);
            _mm256_storeu_si256(target, lk_lerp8(_mm256_loadu_si256(target), g, cover));
        }
    }
}

LK_AVX2
int32_t lk_glass_lanes_avx2(const float *field, int32_t stride, int32_t x, int32_t y0, int32_t groups, int32_t rows,
                            const lk_glass_geometry *g, const float *glows, int32_t glowCount, int32_t *tap,
                            uint32_t *taps, uint32_t *weights) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1), half = _mm256_set1_ps(0.5f);
    const __m256 f256 = _mm256_set1_ps(256), lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i lastX = _mm256_set1_epi32(g->frostWidth - 1), lastY = _mm256_set1_epi32(g->frostHeight - 1);
    const __m256i oneI = _mm256_set1_epi32(1), byte = _mm256_set1_epi32(0xFF);
    const __m256 right = _mm256_set1_ps((float)(g->frostWidth - 1)), bottom = _mm256_set1_ps((float)(g->frostHeight - 1));
    int32_t any = 0;
    for (int32_t j = 0; j < rows; j++, tap += groups, taps += groups, weights += groups) {
    const int32_t y = y0 + j;
    const float *fc = field + (ptrdiff_t)j * stride;
    int32_t rowGlows = lk_row_has_glow(y, glows, glowCount) ? glowCount : 0;
    for (int32_t i = 0; i < groups; i += 8) {
        const float *p = fc + i;
        __m256 d = _mm256_loadu_ps(p);
        __m256 inside = lk_less(d, half);
        if (_mm256_testz_ps(inside, inside)) {
            _mm256_storeu_si256((__m256i *)(weights + i), _mm256_setzero_si256());
            continue;
        }
        any = 1;
        __m256 depth = _mm256_xor_ps(d, _mm256_set1_ps(-0.0f));
        __m256 rest = _mm256_sub_ps(half, d);
        __m256 coverage = lk_select(lk_less(one, rest), one, rest);
        __m256i weight = _mm256_and_si256(
            lk_rounded_indices(_mm256_mul_ps(_mm256_mul_ps(coverage, _mm256_set1_ps(g->opacity)), f256)),
            _mm256_castps_si256(inside));
        __m256 band = _mm256_and_ps(inside, lk_less(depth, _mm256_set1_ps(g->bandLimit)));
        __m256 bandDepth = lk_select(_mm256_andnot_ps(lk_less(depth, zero), band), depth, zero);
        __m256i fixed = lk_rounded_indices(_mm256_mul_ps(bandDepth, _mm256_set1_ps(g->steps)));
        __m256 gx = _mm256_sub_ps(_mm256_loadu_ps(p + 1), _mm256_loadu_ps(p - 1));
        __m256 gy = _mm256_sub_ps(_mm256_loadu_ps(p + stride), _mm256_loadu_ps(p - stride));
        __m256 length2 = _mm256_add_ps(_mm256_mul_ps(gx, gx), _mm256_mul_ps(gy, gy));
        __m256 long2 = lk_less(_mm256_set1_ps(1e-12f), length2);
        __m256 root = lk_select(long2, _mm256_sqrt_ps(length2), one);
        __m256 inverse = lk_select(long2, _mm256_div_ps(one, root), zero);
        __m256 nx = _mm256_mul_ps(gx, inverse), ny = _mm256_mul_ps(gy, inverse);
        /* The refraction offset: the depth table interpolated per lane. */
        __m256i index = _mm256_srai_epi32(fixed, 8);
        __m256 lower = _mm256_i32gather_ps(g->lut, index, 4), upper = _mm256_i32gather_ps(g->lut + 1, index, 4);
        __m256 fraction = _mm256_cvtepi32_ps(_mm256_and_si256(fixed, byte));
        __m256 looked = _mm256_add_ps(lower, _mm256_mul_ps(_mm256_mul_ps(_mm256_sub_ps(upper, lower), fraction),
                                                           _mm256_set1_ps(1.0f / 256)));
        __m256 offset = lk_select(band, looked, zero);
        __m256 sx = _mm256_add_ps(_mm256_set1_ps((float)(x + i - g->frostX)), lanes);
        __m256 sy = _mm256_set1_ps((float)(y - g->frostY));
        __m256 cx = _mm256_sub_ps(sx, _mm256_mul_ps(nx, offset)), cy = _mm256_sub_ps(sy, _mm256_mul_ps(ny, offset));
        cx = lk_select(lk_less(cx, zero), zero, cx);
        cx = lk_select(lk_less(right, cx), right, cx);
        cy = lk_select(lk_less(cy, zero), zero, cy);
        cy = lk_select(lk_less(bottom, cy), bottom, cy);
        __m256i px = lk_rounded_indices(_mm256_mul_ps(cx, f256)), py = lk_rounded_indices(_mm256_mul_ps(cy, f256));
        __m256i ix = _mm256_srai_epi32(px, 8), iy = _mm256_srai_epi32(py, 8);
        __m256i rightTap = _mm256_and_si256(_mm256_cmpgt_epi32(lastX, ix), oneI);
        __m256i downTap = _mm256_and_si256(_mm256_cmpgt_epi32(lastY, iy), oneI);
        __m256i offsetBytes = _mm256_add_epi32(_mm256_mullo_epi32(iy, _mm256_set1_epi32(g->frostRowBytes)),
                                               _mm256_slli_epi32(ix, 2));
        __m256i wx = _mm256_and_si256(px, byte), wy = _mm256_and_si256(py, byte);
        /* Edge light. */
        __m256 ndl = _mm256_add_ps(_mm256_mul_ps(nx, _mm256_set1_ps(g->lightX)), _mm256_mul_ps(ny, _mm256_set1_ps(g->lightY)));
        __m256 lit = lk_select(lk_less(zero, ndl), _mm256_mul_ps(ndl, ndl),
                               _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.4f), ndl), ndl));
        __m256 u = lk_select(lk_less(bandDepth, _mm256_set1_ps(g->bevel)),
                             _mm256_sub_ps(one, _mm256_mul_ps(bandDepth, _mm256_set1_ps(g->inverseBevel))), zero);
        __m256 v = lk_select(lk_less(bandDepth, _mm256_set1_ps(g->rimWidth)),
                             _mm256_sub_ps(one, _mm256_mul_ps(bandDepth, _mm256_set1_ps(g->inverseRimWidth))), zero);
        __m256 fresnel = _mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(g->fresnelAmount), u), u), u);
        __m256 rim = _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(g->rimIntensity), v), v);
        __m256 shade = _mm256_add_ps(_mm256_set1_ps(0.2f), _mm256_mul_ps(_mm256_set1_ps(0.8f), lit));
        __m256 white = lk_select(band, _mm256_add_ps(fresnel, _mm256_mul_ps(rim, shade)), zero);
        if (rowGlows > 0) white = _mm256_add_ps(white, lk_glow_white8(x + i, y, glows, glowCount));
        __m256i whiteWeight = lk_rounded_indices(_mm256_mul_ps(lk_select(lk_less(one, white), one, white), f256));
        _mm256_storeu_si256((__m256i *)(tap + i), offsetBytes);
        _mm256_storeu_si256((__m256i *)(taps + i),
                            _mm256_or_si256(_mm256_or_si256(wx, _mm256_slli_epi32(wy, 8)),
                                            _mm256_or_si256(_mm256_slli_epi32(rightTap, 16), _mm256_slli_epi32(downTap, 17))));
        _mm256_storeu_si256((__m256i *)(weights + i), _mm256_or_si256(weight, _mm256_slli_epi32(whiteWeight, 16)));
    }
    }
    return any;
}

/* ShadowProfile.alpha: the table entry nearest to distance d (0 beyond the extent or for NaN). */
static inline LK_AVX2 uint32_t lk_shadow_alpha(const lk_shadow_grid *s, float d) {
    float u = (d + s->extent) * s->inverseStep + 0.5f;
    if (!(u < (float)s->entries)) return 0;
    if (u <= 0) return s->table[0];
    return s->table[(int32_t)u];
}

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_lerp8 on sixteen pixels: the same operations in 512-bit form. */
static inline LK_AVX512 __m512i lk_lerp16(__m512i a, __m512i b, __m512i w2) {
    const __m512i low8 = _mm512_set1_epi16(0x00FF), rounding = _mm512_set1_epi16(128);
    __m512i v2 = _mm512_sub_epi16(_mm512_set1_epi16(256), w2);
    __m512i rb = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(a, low8), v2),
                                                   _mm512_mullo_epi16(_mm512_and_si512(b, low8), w2)), rounding);
    __m512i ga = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(a, 8), v2),
                                                   _mm512_mullo_epi16(_mm512_srli_epi16(b, 8), w2)), rounding);
    return _mm512_or_si512(_mm512_srli_epi16(rb, 8), _mm512_andnot_si512(low8, ga));
}

/* A 0...256 weight per pixel in both 16-bit halves, sixteen pixels. */
static inline LK_AVX512 __m512i lk_both_halves16(__m512i w) { return _mm512_or_si512(w, _mm512_slli_epi32(w, 16)); }

/* lk_tone8 on sixteen pixels: the same operations in 512-bit form. */
static inline LK_AVX512 __m512i lk_tone16(__m512i p, const lk_glass_tone *tone) {
    if (tone->saturates) {
        const __m512i byte = _mm512_set1_epi32(0xFF), zero = _mm512_setzero_si512();
        __m512i r = _mm512_and_si512(p, byte), g = _mm512_and_si512(_mm512_srli_epi32(p, 8), byte);
        __m512i b = _mm512_and_si512(_mm512_srli_epi32(p, 16), byte), a = _mm512_srli_epi32(p, 24);
        __m512i luma = _mm512_add_epi32(_mm512_add_epi32(_mm512_mullo_epi32(r, _mm512_set1_epi32(872)),
                                                         _mm512_mullo_epi32(g, _mm512_set1_epi32(2929))),
                                        _mm512_mullo_epi32(b, _mm512_set1_epi32(295)));
        luma = _mm512_add_epi32(_mm512_mullo_epi32(luma, _mm512_set1_epi32(tone->t)), _mm512_set1_epi32(524288));
        const __m512i scaled = _mm512_set1_epi32(tone->s * 4096);
        __m512i rv = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(scaled, r), luma), 20);
        __m512i gv = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(scaled, g), luma), 20);
        __m512i bv = _mm512_srai_epi32(_mm512_add_epi32(_mm512_mullo_epi32(scaled, b), luma), 20);
        rv = _mm512_min_epi32(_mm512_max_epi32(rv, zero), a);
        gv = _mm512_min_epi32(_mm512_max_epi32(gv, zero), a);
        bv = _mm512_min_epi32(_mm512_max_epi32(bv, zero), a);
        p = _mm512_or_si512(_mm512_or_si512(rv, _mm512_slli_epi32(gv, 8)),
                            _mm512_or_si512(_mm512_slli_epi32(bv, 16), _mm512_slli_epi32(a, 24)));
    }
    const __m512i low8 = _mm512_set1_epi16(0x00FF), rounding = _mm512_set1_epi16(128);
    const __m512i keep = _mm512_set1_epi16((short)tone->keep);
    __m512i lo = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(p, low8), keep),
                                                   _mm512_set1_epi32((int)tone->rb)), rounding);
    __m512i hi = _mm512_add_epi16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(p, 8), keep),
                                                   _mm512_set1_epi32((int)tone->ga)), rounding);
    return _mm512_or_si512(_mm512_srli_epi16(lo, 8), _mm512_andnot_si512(low8, hi));
}

/* lk_glass_band_avx2 sixteen lanes at a time (a row's last group of eight, if any, through lk_glass_band8):
 * each lane with the same operations. Measured reason: band tiles are 16 pixels wide, so each tile row was
 * two eight-lane groups; in 512-bit form the blends and the tone take half the instructions. */
LK_AVX512
static void lk_glass_band_avx512(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w,
                                 int32_t h, int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                                 ptrdiff_t outRowBytes, const lk_glass_tone *tone) {
    const __m512i byte = _mm512_set1_epi32(0xFF), coverMask = _mm512_set1_epi32(0xFFFF);
    const __m512i rightBit = _mm512_set1_epi32(1 << 16), downBit = _mm512_set1_epi32(1 << 17);
    const __m512i white = _mm512_set1_epi32(-1), rowBytes = _mm512_set1_epi32(frostRowBytes);
    for (int32_t j = 0; j < h; j++) {
        const int32_t *tapRow = tap + (ptrdiff_t)j * stride;
        const uint32_t *tapsRow = taps + (ptrdiff_t)j * stride, *weightsRow = weights + (ptrdiff_t)j * stride;
        uint8_t *row = out + (ptrdiff_t)j * outRowBytes;
        int32_t i = 0;
        for (; i + 16 <= w; i += 16) {
            __m512i wt = _mm512_loadu_si512(weightsRow + i);
            __m512i cover = _mm512_and_si512(wt, coverMask);
            __mmask16 live = _mm512_test_epi32_mask(cover, cover);
            if (!live) continue;
            if ((live & 0xFF) == 0 || (live >> 8) == 0) {
                /* A group of eight with no coverage may hold no taps at all (the lanes kernel skips such groups),
                 * so its lanes must not be loaded: the other group goes alone. */
                lk_glass_band8(tapRow, tapsRow, weightsRow, (live & 0xFF) ? i : i + 8, j, h, frost, frostRowBytes, row,
                               tone);
                continue;
            }
            __m512i t = _mm512_loadu_si512(tapsRow + i);
            __m512i top = _mm512_loadu_si512(tapRow + i);
            __m512i bottom = _mm512_mask_add_epi32(top, _mm512_test_epi32_mask(t, downBit), top, rowBytes);
            if (j + 2 < h) {
                _mm_prefetch((const char *)(frost + tapRow[i] + 2 * frostRowBytes), _MM_HINT_T0);
                _mm_prefetch((const char *)(frost + tapRow[i + 15] + 2 * frostRowBytes), _MM_HINT_T0);
            }
            __m512i p00, p10, p01, p11;
            __mmask16 right = _mm512_test_epi32_mask(t, rightBit);
            if (right == 0xFFFF) {
                _Alignas(64) int32_t o[16], u[16];
                _mm512_store_si512(o, top);
                _mm512_store_si512(u, bottom);
#define LK_BAND_PAIRS(q, a, b, c, d, e, f, g, k) _mm512_castsi512_ps(_mm512_inserti64x4( \
        _mm512_castsi256_si512(lk_tap_pairs(frost, q, a, b, c, d)), lk_tap_pairs(frost, q, e, f, g, k), 1))
                __m512 ta = LK_BAND_PAIRS(o, 0, 1, 4, 5, 8, 9, 12, 13), tb = LK_BAND_PAIRS(o, 2, 3, 6, 7, 10, 11, 14, 15);
                __m512 ba = LK_BAND_PAIRS(u, 0, 1, 4, 5, 8, 9, 12, 13), bb = LK_BAND_PAIRS(u, 2, 3, 6, 7, 10, 11, 14, 15);
#undef LK_BAND_PAIRS
                p00 = _mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0x88));
                p10 = _mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0xDD));
                p01 = _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0x88));
                p11 = _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0xDD));
            } else {
                __m512i step = _mm512_maskz_set1_epi32(right, 4);
                p00 = _mm512_i32gather_epi32(top, frost, 1);
                p10 = _mm512_i32gather_epi32(_mm512_add_epi32(top, step), frost, 1);
                p01 = _mm512_i32gather_epi32(bottom, frost, 1);
                p11 = _mm512_i32gather_epi32(_mm512_add_epi32(bottom, step), frost, 1);
            }
            __m512i wx = lk_both_halves16(_mm512_and_si512(t, byte));
            __m512i wy = lk_both_halves16(_mm512_and_si512(_mm512_srli_epi32(t, 8), byte));
            __m512i g = lk_tone16(lk_lerp16(lk_lerp16(p00, p10, wx), lk_lerp16(p01, p11, wx), wy), tone);
            g = lk_lerp16(g, white, lk_both_halves16(_mm512_srli_epi32(wt, 16)));
            __m512i old = _mm512_loadu_si512(row + 4 * i);
            _mm512_storeu_si512(row + 4 * i, lk_lerp16(old, g, lk_both_halves16(cover)));
        }
        if (i + 8 <= w) lk_glass_band8(tapRow, tapsRow, weightsRow, i, j, h, frost, frostRowBytes, row, tone);
    }
}

/* Two side-by-side cells of lk_glass_shadow_cells_avx2, both eight pixels wide, for the pixel rows y0 ..< y1:
 * cell A's pixels in lanes 0-7 and cell B's in lanes 8-15, each lane with exactly the Float operations of the
 * eight-lane loop (d = left + (0 + lane) * step, u, the clamp, the rounding and the one-down step, the table
 * read and the lerp toward black); a row a cell skips (skipA, skipB: the cell's rows all skipped; per row the
 * far test) leaves its lanes unwritten. Measured reason: one cell row is one eight-lane group, so the
 * per-row set-up and the gather ran at half width. */
LK_AVX512
static void lk_shadow_cell_pair_avx512(const lk_shadow_grid *s, const float *a0, const float *a1, int32_t x0,
                                       int32_t y0, int32_t y1, uint8_t *dst, ptrdiff_t rowBytes) {
    const __m512i black = _mm512_set1_epi32((int)0xFF000000u), one = _mm512_set1_epi32(1);
    const __m512 lanes = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7), zero = _mm512_setzero_ps();
    const __m512 top = _mm512_set1_ps((float)s->entries), extent = _mm512_set1_ps(s->extent);
    const __m512 inverseStep = _mm512_set1_ps(s->inverseStep), half = _mm512_set1_ps(0.5f);
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    const __m512i indexBits = _mm512_set1_epi32(0x3FFFFF);
    const int32_t cell = s->cell;
    const float inverse = 1.0f / (float)cell;
    /* Cell A's corners a0[0], a0[1], a1[0], a1[1]; cell B's a0[1], a0[2], a1[1], a1[2]. */
    float dA00 = a0[0], dA10 = a0[1], dA01 = a1[0], dA11 = a1[1];
    float dB00 = a0[1], dB10 = a0[2], dB01 = a1[1], dB11 = a1[2];
    for (int32_t y = y0; y < y1; y++) {
        float fy = (float)(y - y0) * inverse;
        float leftA = dA00 + (dA01 - dA00) * fy, rightA = dA10 + (dA11 - dA10) * fy;
        float leftB = dB00 + (dB01 - dB00) * fy, rightB = dB10 + (dB11 - dB10) * fy;
        float stepA = (rightA - leftA) * inverse, stepB = (rightB - leftB) * inverse;
        __mmask16 live = 0xFFFF;
        if (s->skipInside) {
            float farA = leftA + (float)(cell - 1) * stepA, farB = leftB + (float)(cell - 1) * stepB;
            if ((farA >= leftA ? farA : leftA) + s->cellReach <= -0.5f) live &= 0xFF00;
            if ((farB >= leftB ? farB : leftB) + s->cellReach <= -0.5f) live &= 0x00FF;
            if (!live) continue;
        }
        __m512 left = _mm512_mask_blend_ps(0xFF00, _mm512_set1_ps(leftA), _mm512_set1_ps(leftB));
        __m512 step = _mm512_mask_blend_ps(0xFF00, _mm512_set1_ps(stepA), _mm512_set1_ps(stepB));
        __m512 d = _mm512_add_ps(left, _mm512_mul_ps(_mm512_add_ps(zero, lanes), step));
        __m512 u = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(d, extent), inverseStep), half);
        u = _mm512_mask_mov_ps(u, _mm512_cmp_ps_mask(u, zero, _CMP_LT_OQ), zero);
        u = _mm512_mask_mov_ps(u, _mm512_cmp_ps_mask(top, u, _CMP_LT_OQ), top);
        __m512i rounded = _mm512_and_si512(_mm512_castps_si512(_mm512_add_ps(u, magic)), indexBits);
        __mmask16 over = _mm512_cmp_ps_mask(u, _mm512_cvtepi32_ps(rounded), _CMP_LT_OQ);
        __m512i index = _mm512_mask_sub_epi32(rounded, over, rounded, one);
        __m512i alpha = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), live, index, (const void *)s->table, 4);
        if (!_mm512_test_epi32_mask(alpha, alpha)) continue;
        uint8_t *out = dst + (ptrdiff_t)y * rowBytes + 4 * (ptrdiff_t)x0;
        __m512i both = _mm512_or_si512(alpha, _mm512_slli_epi32(alpha, 16));
        _mm512_mask_storeu_epi32(out, live, lk_lerp16(_mm512_maskz_loadu_epi32(live, out), black, both));
    }
}

LK_AVX2
void lk_glass_shadow_cells_avx2(const lk_shadow_grid *s, int32_t firstCellRow, int32_t endCellRow, uint8_t *dst,
                                ptrdiff_t rowBytes) {
    const __m256i black = _mm256_set1_epi32((int)0xFF000000u);
    const __m256 lanes = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), zero = _mm256_setzero_ps();
    const __m256 top = _mm256_set1_ps((float)s->entries), extent = _mm256_set1_ps(s->extent);
    const __m256 inverseStep = _mm256_set1_ps(s->inverseStep), half = _mm256_set1_ps(0.5f);
    const int32_t cell = s->cell;
    const float inverse = 1.0f / (float)cell;
    const int32_t columns = s->columns, regionRight = s->regionX + s->regionWidth, regionBottom = s->regionY + s->regionHeight;
    for (int32_t j = firstCellRow; j < endCellRow; j++) {
        int32_t y0 = s->regionY + j * cell, y1 = y0 + cell < regionBottom ? y0 + cell : regionBottom;
        if (y0 >= y1) continue;
        const float *g0 = s->distances + (ptrdiff_t)j * columns, *g1 = g0 + columns;
        for (int32_t i = 0; i < columns - 1; i++) {
            int32_t x0 = s->regionX + i * cell, x1 = x0 + cell < regionRight ? x0 + cell : regionRight;
            if (x0 >= x1) continue;
            float d00 = g0[i], d10 = g0[i + 1], d01 = g1[i], d11 = g1[i + 1];
            float lo = d00 < d10 ? d00 : d10, hi = d00 > d10 ? d00 : d10;
            lo = d01 < lo ? d01 : lo;
            lo = d11 < lo ? d11 : lo;
            hi = d01 > hi ? d01 : hi;
            hi = d11 > hi ? d11 : hi;
            if (lo >= s->extent) continue;
            if (s->skipInside && hi + s->cellReach <= -0.5f) continue;
            if (s->wide && cell == 8 && x1 - x0 == 8 && i + 1 < columns - 1 && x0 + 16 <= regionRight) {
                /* The next cell too, when it is painted at all (the same cell tests). */
                float e00 = g0[i + 1], e10 = g0[i + 2], e01 = g1[i + 1], e11 = g1[i + 2];
                float lo2 = e00 < e10 ? e00 : e10, hi2 = e00 > e10 ? e00 : e10;
                lo2 = e01 < lo2 ? e01 : lo2;
                lo2 = e11 < lo2 ? e11 : lo2;
                hi2 = e01 > hi2 ? e01 : hi2;
                hi2 = e11 > hi2 ? e11 : hi2;
                if (!(lo2 >= s->extent) && !(s->skipInside && hi2 + s->cellReach <= -0.5f)) {
                    lk_shadow_cell_pair_avx512(s, g0 + i, g1 + i, x0, y0, y1, dst, rowBytes);
                    i++;
                    continue;
                }
            }
            for (int32_t y = y0; y < y1; y++) {
                float fy = (float)(y - y0) * inverse;
                float left = d00 + (d01 - d00) * fy, right = d10 + (d11 - d10) * fy;
                float step = (right - left) * inverse;
                if (s->skipInside) {
                    float far = left + (float)(x1 - 1 - x0) * step;
                    if ((far >= left ? far : left) + s->cellReach <= -0.5f) continue;
                }
                uint8_t *row = dst + (ptrdiff_t)y * rowBytes;
                int32_t x = x0;
                for (; x + 8 <= x1; x += 8) {
                    __m256 d = _mm256_add_ps(_mm256_set1_ps(left),
                                             _mm256_mul_ps(_mm256_add_ps(_mm256_set1_ps((float)(x - x0)), lanes),
                                                           _mm256_set1_ps(step)));
                    /* ShadowProfile.alphas: u clamped to 0 ... entries, rounded, then one down where that
                     * overshot (the truncation of the scalar path). */
                    __m256 u = _mm256_add_ps(_mm256_mul_ps(_mm256_add_ps(d, extent), inverseStep), half);
                    u = lk_select(lk_less(u, zero), zero, u);
                    u = lk_select(lk_less(top, u), top, u);
                    __m256i rounded = lk_rounded_indices(u);
                    __m256i index = _mm256_add_epi32(rounded, _mm256_castps_si256(lk_less(u, _mm256_cvtepi32_ps(rounded))));
                    __m256i a = _mm256_i32gather_epi32((const int *)s->table, index, 4);
                    if (_mm256_testz_si256(a, a)) continue;
                    __m256i *out = (__m256i *)(row + 4 * x);
                    _mm256_storeu_si256(out, lk_lerp8(_mm256_loadu_si256(out), black, lk_both_halves(a)));
                }
                for (; x < x1; x++) {
                    uint32_t a = lk_shadow_alpha(s, left + (float)(x - x0) * step);
                    if (a == 0) continue;
                    uint32_t *out = (uint32_t *)(row + 4 * x);
                    __m256i p = lk_lerp8(_mm256_set1_epi32((int)*out), black, lk_both_halves(_mm256_set1_epi32((int)a)));
                    *out = (uint32_t)_mm256_cvtsi256_si32(p);
                }
            }
        }
    }
}

#else

int32_t lk_glass_shadow_avx2(const uint16_t *alphas, int32_t count, uint8_t *out) {
    (void)alphas; (void)count; (void)out;
    return 0;
}

void lk_glass_band_avx2(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w, int32_t h,
                        int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                        ptrdiff_t outRowBytes, const lk_glass_tone *tone, int32_t wide) {
    (void)wide; (void)tap; (void)taps; (void)weights; (void)w; (void)h; (void)stride; (void)frost; (void)frostRowBytes;
    (void)out; (void)outRowBytes; (void)tone;
}


int32_t lk_glass_lanes_avx2(const float *field, int32_t stride, int32_t x, int32_t y0, int32_t groups, int32_t rows,
                            const lk_glass_geometry *g, const float *glows, int32_t glowCount, int32_t *tap,
                            uint32_t *taps, uint32_t *weights) {
    (void)field; (void)stride; (void)x; (void)y0; (void)groups; (void)rows; (void)g; (void)glows; (void)glowCount;
    (void)tap; (void)taps; (void)weights;
    return 0;
}


void lk_glass_shadow_cells_avx2(const lk_shadow_grid *s, int32_t firstCellRow, int32_t endCellRow, uint8_t *dst,
                                ptrdiff_t rowBytes) {
    (void)s; (void)firstCellRow; (void)endCellRow; (void)dst; (void)rowBytes;
}


void lk_glass_straight_rows_avx2(const lk_straight_line *lines, int32_t w, int32_t h, const uint8_t *frost,
                                 int32_t frostRowBytes, int32_t frostColumn, uint8_t *out, ptrdiff_t outRowBytes,
                                 const lk_glass_tone *tone, int32_t x0, int32_t y0, const float *glows,
                                 int32_t glowCount) {
    (void)lines; (void)w; (void)h; (void)frost; (void)frostRowBytes; (void)frostColumn; (void)out; (void)outRowBytes;
    (void)tone; (void)x0; (void)y0; (void)glows; (void)glowCount;
}

#endif
