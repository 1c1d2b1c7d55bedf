#include "CLiquidKernels.h"

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

LK_AVX2
void lk_glass_band_avx2(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w, int32_t h,
                        int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                        ptrdiff_t outRowBytes, const lk_glass_tone *tone) {
    const __m256i byte = _mm256_set1_epi32(0xFF), coverMask = _mm256_set1_epi32(0xFFFF);
    const __m256i rightBit = _mm256_set1_epi32(1 << 16), downBit = _mm256_set1_epi32(1 << 17);
    const __m256i white = _mm256_set1_epi32(-1), rowBytes = _mm256_set1_epi32(frostRowBytes);
    for (int32_t j = 0; j < h; j++) {
        const int32_t *tapRow = tap + (ptrdiff_t)j * stride;
        const uint32_t *tapsRow = taps + (ptrdiff_t)j * stride, *weightsRow = weights + (ptrdiff_t)j * stride;
        uint8_t *row = out + (ptrdiff_t)j * outRowBytes;
        for (int32_t i = 0; i + 8 <= w; i += 8) {
            __m256i wt = _mm256_loadu_si256((const __m256i *)(weightsRow + i));
            __m256i cover = _mm256_and_si256(wt, coverMask);
            if (_mm256_testz_si256(cover, cover)) continue;
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

#else

int32_t lk_glass_shadow_avx2(const uint16_t *alphas, int32_t count, uint8_t *out) {
    (void)alphas; (void)count; (void)out;
    return 0;
}

void lk_glass_band_avx2(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w, int32_t h,
                        int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                        ptrdiff_t outRowBytes, const lk_glass_tone *tone) {
    (void)tap; (void)taps; (void)weights; (void)w; (void)h; (void)stride; (void)frost; (void)frostRowBytes;
    (void)out; (void)outRowBytes; (void)tone;
}

#endif
