/* The eight-pixel bilinear sample shared by the remap and mesh-warp kernels (one place for its arithmetic),
 * and its sixteen-pixel AVX-512 form when LK_AVX512 is defined before inclusion. Include after
 * <immintrin.h> on x86-64 only. */
#ifndef LK_BILINEAR8_H
#define LK_BILINEAR8_H

#ifndef LK_AVX2
#define LK_AVX2 __attribute__((target("avx2")))
#endif

/* Two taps side by side (8 bytes) of two pixels, one 128-bit half each. */
static inline LK_AVX2 __m256i lk_pairs(const uint8_t *base, const int32_t *o, int a, int b, int c, int d) {
    __m128d low = _mm_loadh_pd(_mm_load_sd((const double *)(base + o[a])), (const double *)(base + o[b]));
    __m128d high = _mm_loadh_pd(_mm_load_sd((const double *)(base + o[c])), (const double *)(base + o[d]));
    return _mm256_castpd_si256(_mm256_insertf128_pd(_mm256_castpd128_pd256(low), high, 1));
}

/* The bilinear blend of eight pixels from their taps p00 = (x0, y0), p10 = (x0 + 1, y0), p01 = (x0, y0 + 1)
 * and p11 = (x0 + 1, y0 + 1) (one packed pixel per 32-bit lane), with fractions fx, fy in 0...256, returned
 * packed: Displacement.blendFour's arithmetic on eight pixels at once (16-bit lanes, weights
 * w11 = round(fx*fy/256), w10 = fx - w11, w01 = fy - w11, w00 = 256 - fx - fy + w11, each channel
 * (sum + 128) >> 8; no sum exceeds 255 * 256, so no lane wraps). */
static inline LK_AVX2 __m256i lk_bilinear_mix8(__m256i p00, __m256i p10, __m256i p01, __m256i p11, __m256i fx,
                                               __m256i fy) {
    const __m256i full = _mm256_set1_epi16(256);
    __m256i u = _mm256_or_si256(fx, _mm256_slli_epi32(fx, 16));
    __m256i v = _mm256_or_si256(fy, _mm256_slli_epi32(fy, 16));
    /* u*v wraps to 0 only for fx = fy = 256, where w11 must be 256: u & v & 256 adds exactly that. */
    __m256i w11 = _mm256_add_epi16(_mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(u, v), _mm256_set1_epi16(128)), 8),
                                   _mm256_and_si256(_mm256_and_si256(u, v), full));
    __m256i w10 = _mm256_sub_epi16(u, w11), w01 = _mm256_sub_epi16(v, w11);
    __m256i w00 = _mm256_add_epi16(_mm256_sub_epi16(_mm256_sub_epi16(full, u), v), w11);

    const __m256i low8 = _mm256_set1_epi16(0x00FF);
    __m256i rb = _mm256_mullo_epi16(_mm256_and_si256(p00, low8), w00);
    rb = _mm256_add_epi16(rb, _mm256_mullo_epi16(_mm256_and_si256(p10, low8), w10));
    rb = _mm256_add_epi16(rb, _mm256_mullo_epi16(_mm256_and_si256(p01, low8), w01));
    rb = _mm256_add_epi16(rb, _mm256_mullo_epi16(_mm256_and_si256(p11, low8), w11));
    __m256i ga = _mm256_mullo_epi16(_mm256_srli_epi16(p00, 8), w00);
    ga = _mm256_add_epi16(ga, _mm256_mullo_epi16(_mm256_srli_epi16(p10, 8), w10));
    ga = _mm256_add_epi16(ga, _mm256_mullo_epi16(_mm256_srli_epi16(p01, 8), w01));
    ga = _mm256_add_epi16(ga, _mm256_mullo_epi16(_mm256_srli_epi16(p11, 8), w11));
    const __m256i rounding = _mm256_set1_epi16(128);
    return _mm256_or_si256(_mm256_srli_epi16(_mm256_add_epi16(rb, rounding), 8),
                           _mm256_and_si256(_mm256_add_epi16(ga, rounding), _mm256_set1_epi16((short)0xFF00)));
}

/* The bilinear blend (lk_bilinear_mix8) of eight pixels whose taps (x0, x0 + 1) x (y0, y0 + 1) lie inside
 * the source, with fractions fx, fy in 0...256, returned packed.
 *
 * Taps are read with one 8-byte load per pixel and row (movsd + movhps, then vinsertf128) rather than AVX2
 * gathers. Measured reason: on this machine (AMD EPYC, Zen 5) four vpgatherdq per eight pixels made W4
 * (1170 x 250) slower, 0.50-0.55 ms against 0.46-0.48 ms for the loads. */
static inline LK_AVX2 __m256i lk_bilinear8(const uint8_t *base, int32_t rowBytes, __m256i x0, __m256i y0, __m256i fx,
                                           __m256i fy) {
    _Alignas(32) int32_t top[8], bottom[8];
    __m256i offsets = _mm256_add_epi32(_mm256_mullo_epi32(y0, _mm256_set1_epi32(rowBytes)), _mm256_slli_epi32(x0, 2));
    _mm256_store_si256((__m256i *)top, offsets);
    _mm256_store_si256((__m256i *)bottom, _mm256_add_epi32(offsets, _mm256_set1_epi32(rowBytes)));

    /* Pixels 0, 1, 4, 5 in one register and 2, 3, 6, 7 in the other, so that shufps (which works within
     * each 128-bit half) puts the left or right taps of pixels 0...7 in order. */
    __m256 ta = _mm256_castsi256_ps(lk_pairs(base, top, 0, 1, 4, 5));
    __m256 tb = _mm256_castsi256_ps(lk_pairs(base, top, 2, 3, 6, 7));
    __m256 ba = _mm256_castsi256_ps(lk_pairs(base, bottom, 0, 1, 4, 5));
    __m256 bb = _mm256_castsi256_ps(lk_pairs(base, bottom, 2, 3, 6, 7));
    return lk_bilinear_mix8(_mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0x88)),
                            _mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0xDD)),
                            _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0x88)),
                            _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0xDD)), fx, fy);
}

#ifdef LK_AVX512
/* lk_bilinear_mix8's arithmetic, operation for operation, on sixteen pixels (the 512-bit forms of the same
 * instructions; the tests compare the AVX-512 warp with the AVX2 and portable ones byte for byte).
 * Measured reason for a 512-bit copy rather than two calls of the eight-pixel one: a stand-alone replay
 * of the ripple's warp with its source in cache took 1.75 ns per pixel with two 256-bit halves and 1.39
 * with this (half the instructions in flight for the same work). */
static inline LK_AVX512 __m512i lk_bilinear_mix16(__m512i p00, __m512i p10, __m512i p01, __m512i p11, __m512i fx,
                                                  __m512i fy) {
    const __m512i full = _mm512_set1_epi16(256);
    __m512i u = _mm512_or_si512(fx, _mm512_slli_epi32(fx, 16));
    __m512i v = _mm512_or_si512(fy, _mm512_slli_epi32(fy, 16));
    __m512i w11 = _mm512_add_epi16(_mm512_srli_epi16(_mm512_add_epi16(_mm512_mullo_epi16(u, v), _mm512_set1_epi16(128)), 8),
                                   _mm512_and_si512(_mm512_and_si512(u, v), full));
    __m512i w10 = _mm512_sub_epi16(u, w11), w01 = _mm512_sub_epi16(v, w11);
    __m512i w00 = _mm512_add_epi16(_mm512_sub_epi16(_mm512_sub_epi16(full, u), v), w11);

    const __m512i low8 = _mm512_set1_epi16(0x00FF);
    __m512i rb = _mm512_mullo_epi16(_mm512_and_si512(p00, low8), w00);
    rb = _mm512_add_epi16(rb, _mm512_mullo_epi16(_mm512_and_si512(p10, low8), w10));
    rb = _mm512_add_epi16(rb, _mm512_mullo_epi16(_mm512_and_si512(p01, low8), w01));
    rb = _mm512_add_epi16(rb, _mm512_mullo_epi16(_mm512_and_si512(p11, low8), w11));
    __m512i ga = _mm512_mullo_epi16(_mm512_srli_epi16(p00, 8), w00);
    ga = _mm512_add_epi16(ga, _mm512_mullo_epi16(_mm512_srli_epi16(p10, 8), w10));
    ga = _mm512_add_epi16(ga, _mm512_mullo_epi16(_mm512_srli_epi16(p01, 8), w01));
    ga = _mm512_add_epi16(ga, _mm512_mullo_epi16(_mm512_srli_epi16(p11, 8), w11));
    const __m512i rounding = _mm512_set1_epi16(128);
    return _mm512_or_si512(_mm512_srli_epi16(_mm512_add_epi16(rb, rounding), 8),
                           _mm512_and_si512(_mm512_add_epi16(ga, rounding), _mm512_set1_epi16((short)0xFF00)));
}

/* lk_bilinear8 on sixteen pixels: the same 8-byte tap loads, blended by lk_bilinear_mix16. Pixels 0, 1, 4, 5,
 * 8, 9, 12, 13 go in one register and the others in a second, so that shufps (within each 128-bit lane)
 * puts the left or right taps of pixels 0...15 in order. */
static inline LK_AVX512 __m512i lk_bilinear16(const uint8_t *base, int32_t rowBytes, __m512i x0, __m512i y0,
                                              __m512i fx, __m512i fy) {
    _Alignas(64) int32_t top[16], bottom[16];
    __m512i offsets = _mm512_add_epi32(_mm512_mullo_epi32(y0, _mm512_set1_epi32(rowBytes)), _mm512_slli_epi32(x0, 2));
    _mm512_store_si512((__m512i *)top, offsets);
    _mm512_store_si512((__m512i *)bottom, _mm512_add_epi32(offsets, _mm512_set1_epi32(rowBytes)));
#define LK_PAIRS16(o, a, b, c, d, e, f, g, h) _mm512_castsi512_ps(_mm512_inserti64x4( \
        _mm512_castsi256_si512(lk_pairs(base, o, a, b, c, d)), lk_pairs(base, o, e, f, g, h), 1))
    __m512 ta = LK_PAIRS16(top, 0, 1, 4, 5, 8, 9, 12, 13), tb = LK_PAIRS16(top, 2, 3, 6, 7, 10, 11, 14, 15);
    __m512 ba = LK_PAIRS16(bottom, 0, 1, 4, 5, 8, 9, 12, 13), bb = LK_PAIRS16(bottom, 2, 3, 6, 7, 10, 11, 14, 15);
#undef LK_PAIRS16
    return lk_bilinear_mix16(_mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0x88)),
                             _mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0xDD)),
                             _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0x88)),
                             _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0xDD)), fx, fy);
}
#endif

#endif
