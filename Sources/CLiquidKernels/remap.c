#include "CLiquidKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))
#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

#include "bilinear8.h"

/* lk_bilinear8's pixels stored at out. */
static inline LK_AVX2 void lk_blend8(const uint8_t *base, int32_t rowBytes, __m256i x0, __m256i y0, __m256i fx,
                                     __m256i fy, uint8_t *out) {
    _mm256_storeu_si256((__m256i *)out, lk_bilinear8(base, rowBytes, x0, y0, fx, fy));
}

/* round(v * 256) per lane, ties to even: the same integer as the Swift path's 1.5 * 2^23 trick for the
 * |v| < 2^14 used here (both round the exact product to nearest even; v * 256 is exact). */
static inline LK_AVX2 __m256i lk_fixed(__m256 v) {
    return _mm256_cvtps_epi32(_mm256_mul_ps(v, _mm256_set1_ps(256.0f)));
}

LK_AVX2
int32_t lk_remap_clamped_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                              const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                              uint8_t *out) {
    const __m256 zero = _mm256_setzero_ps();
    const __m256 right = _mm256_set1_ps((float)(width - 1)), bottom = _mm256_set1_ps((float)(height - 1));
    const __m256i lastX = _mm256_set1_epi32((width - 1) * 256), lastY = _mm256_set1_epi32((height - 1) * 256);
    const __m256i step = _mm256_set1_epi32(256), stride = _mm256_set1_epi32(rowBytes);
    const __m256 row = _mm256_set1_ps((float)y);
    /* As lk_remap_clamped_avx512: the chunk's offsets and fractions first, then the taps. Measured reason:
     * W4 through this kernel (the AVX-512 one switched off) 0.400-0.404 -> 0.255-0.257 ms, 101-run medians,
     * three alternated pairs. */
    _Alignas(32) int32_t offsets[256];
    _Alignas(32) int32_t fractions[2][256];
    while (x + 8 <= end) {
        int32_t chunk = (end - x) / 8 * 8;
        if (chunk > 256) chunk = 256;
        __m256 columns = _mm256_add_ps(_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_ps((float)x));
        for (int32_t i = 0; i < chunk; i += 8) {
            __m256 sx = _mm256_add_ps(columns, _mm256_loadu_ps(dx + x + i));
            __m256 sy = _mm256_add_ps(row, _mm256_loadu_ps(dy + x + i));
            sx = _mm256_min_ps(_mm256_max_ps(sx, zero), right);
            sy = _mm256_min_ps(_mm256_max_ps(sy, zero), bottom);
            __m256i qx = lk_fixed(sx), qy = lk_fixed(sy);
            /* A position on the last column or row is fraction 256 after the one before (both taps inside). */
            __m256i x0 = _mm256_srai_epi32(_mm256_sub_epi32(qx, _mm256_andnot_si256(_mm256_cmpgt_epi32(lastX, qx), step)), 8);
            __m256i y0 = _mm256_srai_epi32(_mm256_sub_epi32(qy, _mm256_andnot_si256(_mm256_cmpgt_epi32(lastY, qy), step)), 8);
            _mm256_store_si256((__m256i *)(offsets + i),
                               _mm256_add_epi32(_mm256_mullo_epi32(y0, stride), _mm256_slli_epi32(x0, 2)));
            _mm256_store_si256((__m256i *)(fractions[0] + i), _mm256_sub_epi32(qx, _mm256_slli_epi32(x0, 8)));
            _mm256_store_si256((__m256i *)(fractions[1] + i), _mm256_sub_epi32(qy, _mm256_slli_epi32(y0, 8)));
            columns = _mm256_add_ps(columns, _mm256_set1_ps(8));
        }
        const uint8_t *below = source + rowBytes;
        for (int32_t i = 0; i < chunk; i += 8) {
            const int32_t *o = offsets + i;
            __m256 ta = _mm256_castsi256_ps(lk_pairs(source, o, 0, 1, 4, 5));
            __m256 tb = _mm256_castsi256_ps(lk_pairs(source, o, 2, 3, 6, 7));
            __m256 ba = _mm256_castsi256_ps(lk_pairs(below, o, 0, 1, 4, 5));
            __m256 bb = _mm256_castsi256_ps(lk_pairs(below, o, 2, 3, 6, 7));
            __m256i s = lk_bilinear_mix8(_mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0x88)),
                                         _mm256_castps_si256(_mm256_shuffle_ps(ta, tb, 0xDD)),
                                         _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0x88)),
                                         _mm256_castps_si256(_mm256_shuffle_ps(ba, bb, 0xDD)),
                                         _mm256_load_si256((const __m256i *)(fractions[0] + i)),
                                         _mm256_load_si256((const __m256i *)(fractions[1] + i)));
            _mm256_storeu_si256((__m256i *)(out + 4 * (x + i)), s);
        }
        x += chunk;
    }
    return x;
}

/* lk_remap_clamped_avx2's arithmetic sixteen pixels at a time in 512-bit registers, in chunks of up to 256
 * pixels: a first pass works out the chunk's tap offsets and fractions into buffers on the stack, a second
 * loads the taps (8 bytes per pixel and row) and blends them. Measured reasons: 512-bit registers took W4
 * (1170 x 250) from 0.545 to 0.506 ms (half the blend instructions); gathering the taps (vpgatherdq, four per
 * sixteen pixels) measured 0.54 ms against 0.52 for plain loads; and with the offsets taken straight from
 * the register the compiler extracted each one (vpextrd, two per pixel), which perf showed as most of the
 * kernel. Through the buffer: 0.345-0.356 -> 0.167-0.175 ms (51-run medians, three alternated pairs). */
LK_AVX512
int32_t lk_remap_clamped_avx512(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                                const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                                uint8_t *out) {
    const __m512 zero = _mm512_setzero_ps();
    const __m512 right = _mm512_set1_ps((float)(width - 1)), bottom = _mm512_set1_ps((float)(height - 1));
    const __m512i lastX = _mm512_set1_epi32((width - 1) * 256), lastY = _mm512_set1_epi32((height - 1) * 256);
    const __m512i step = _mm512_set1_epi32(256), stride = _mm512_set1_epi32(rowBytes);
    const __m512 scale = _mm512_set1_ps(256.0f), row = _mm512_set1_ps((float)y);
    /* Pass 1 works out a chunk's tap offsets and fractions into these; pass 2 reads the offsets back as
     * plain loads. Measured reason: taken straight from the vector register, each offset cost an extract
     * (vpextrd, two per pixel), and W4 spent most of its time on them. */
    _Alignas(64) int32_t offsets[256];
    _Alignas(64) int32_t fractions[2][256];
    while (x + 16 <= end) {
        int32_t chunk = (end - x) / 16 * 16;
        if (chunk > 256) chunk = 256;
        __m512 columns = _mm512_add_ps(_mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                       _mm512_set1_ps((float)x));
        for (int32_t i = 0; i < chunk; i += 16) {
            __m512 sx = _mm512_add_ps(columns, _mm512_loadu_ps(dx + x + i));
            __m512 sy = _mm512_add_ps(row, _mm512_loadu_ps(dy + x + i));
            sx = _mm512_min_ps(_mm512_max_ps(sx, zero), right);
            sy = _mm512_min_ps(_mm512_max_ps(sy, zero), bottom);
            /* round(v * 256) to nearest even, as lk_fixed. */
            __m512i qx = _mm512_cvtps_epi32(_mm512_mul_ps(sx, scale)), qy = _mm512_cvtps_epi32(_mm512_mul_ps(sy, scale));
            /* A position on the last column or row is fraction 256 after the one before (both taps inside). */
            __m512i x0 = _mm512_srai_epi32(_mm512_mask_sub_epi32(qx, _mm512_cmpge_epi32_mask(qx, lastX), qx, step), 8);
            __m512i y0 = _mm512_srai_epi32(_mm512_mask_sub_epi32(qy, _mm512_cmpge_epi32_mask(qy, lastY), qy, step), 8);
            _mm512_store_si512((void *)(offsets + i), _mm512_add_epi32(_mm512_mullo_epi32(y0, stride), _mm512_slli_epi32(x0, 2)));
            _mm512_store_si512((void *)(fractions[0] + i), _mm512_sub_epi32(qx, _mm512_slli_epi32(x0, 8)));
            _mm512_store_si512((void *)(fractions[1] + i), _mm512_sub_epi32(qy, _mm512_slli_epi32(y0, 8)));
            columns = _mm512_add_ps(columns, _mm512_set1_ps(16));
        }
        for (int32_t i = 0; i < chunk; i += 16) {
            const int32_t *o = offsets + i;
            const uint8_t *below = source + rowBytes;
#define LK_PAIRS16(base, a, b, c, d, e, f, g, h) _mm512_castsi512_ps(_mm512_inserti64x4( \
        _mm512_castsi256_si512(lk_pairs(base, o, a, b, c, d)), lk_pairs(base, o, e, f, g, h), 1))
            __m512 ta = LK_PAIRS16(source, 0, 1, 4, 5, 8, 9, 12, 13), tb = LK_PAIRS16(source, 2, 3, 6, 7, 10, 11, 14, 15);
            __m512 ba = LK_PAIRS16(below, 0, 1, 4, 5, 8, 9, 12, 13), bb = LK_PAIRS16(below, 2, 3, 6, 7, 10, 11, 14, 15);
#undef LK_PAIRS16
            __m512i s = lk_bilinear_mix16(_mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0x88)),
                                          _mm512_castps_si512(_mm512_shuffle_ps(ta, tb, 0xDD)),
                                          _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0x88)),
                                          _mm512_castps_si512(_mm512_shuffle_ps(ba, bb, 0xDD)),
                                          _mm512_load_si512((const void *)(fractions[0] + i)),
                                          _mm512_load_si512((const void *)(fractions[1] + i)));
            _mm512_storeu_si512((void *)(out + 4 * (x + i)), s);
        }
        x += chunk;
    }
    return x;
}

LK_AVX2
int32_t lk_remap_inside_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                             const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                             float limit, uint8_t *out) {
    const __m256 low = _mm256_set1_ps(-limit), high = _mm256_set1_ps(limit);
    /* Both taps of an axis inside: 0 <= q <= (side - 1) * 256 - 1. */
    const __m256i maxX = _mm256_set1_epi32((width - 1) * 256 - 1), maxY = _mm256_set1_epi32((height - 1) * 256 - 1);
    const __m256i zeroI = _mm256_setzero_si256(), mask = _mm256_set1_epi32(255);
    const __m256 row = _mm256_set1_ps((float)y);
    __m256 columns = _mm256_add_ps(_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_ps((float)x));
    for (; x + 8 <= end; x += 8) {
        __m256 sx = _mm256_add_ps(columns, _mm256_loadu_ps(dx + x));
        __m256 sy = _mm256_add_ps(row, _mm256_loadu_ps(dy + x));
        sx = _mm256_min_ps(_mm256_max_ps(sx, low), high);
        sy = _mm256_min_ps(_mm256_max_ps(sy, low), high);
        __m256i qx = lk_fixed(sx), qy = lk_fixed(sy);
        __m256i outside = _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zeroI, qx), _mm256_cmpgt_epi32(qx, maxX)),
                                          _mm256_or_si256(_mm256_cmpgt_epi32(zeroI, qy), _mm256_cmpgt_epi32(qy, maxY)));
        if (!_mm256_testz_si256(outside, outside)) break;
        lk_blend8(source, rowBytes, _mm256_srai_epi32(qx, 8), _mm256_srai_epi32(qy, 8), _mm256_and_si256(qx, mask),
                  _mm256_and_si256(qy, mask), out + 4 * x);
        columns = _mm256_add_ps(columns, _mm256_set1_ps(8));
    }
    return x;
}

#else

int32_t lk_remap_clamped_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                              const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                              uint8_t *out) {
    (void)source; (void)rowBytes; (void)width; (void)height; (void)dx; (void)dy; (void)y; (void)end; (void)out;
    return x;
}

int32_t lk_remap_clamped_avx512(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                                const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                                uint8_t *out) {
    (void)source; (void)rowBytes; (void)width; (void)height; (void)dx; (void)dy; (void)y; (void)end; (void)out;
    return x;
}

int32_t lk_remap_inside_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                             const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                             float limit, uint8_t *out) {
    (void)source; (void)rowBytes; (void)width; (void)height; (void)dx; (void)dy; (void)y; (void)end;
    (void)limit; (void)out;
    return x;
}

#endif
