#include "CLiquidKernels.h"

/* The ripple ring's light (LiquidUI's RippleRing): transmittance rows and their blend. Products and sums are
 * rounded separately (no fused multiply-add), so the vector and per-pixel paths give the same bits. */
#pragma STDC FP_CONTRACT OFF

/* One ring's constants on one grid row. */
typedef struct {
    float u0, du, v2, inner, rise, fall, alpha;
} lk_ring_row;

/* rho at grid column n: sqrt(u * u + v2), u = u0 + n * du. */
static inline float lk_ring_rho(const lk_ring_row *k, float n) {
    float u = k->u0 + n * k->du;
    return __builtin_sqrtf(u * u + k->v2);
}

/* 1 - alpha * clamp(min((rho - inner) * rise, (1 - rho) * fall), 0, 1). */
static inline float lk_ring_factor_at(const lk_ring_row *k, float rho) {
    float a = (rho - k->inner) * k->rise, b = (1.0f - rho) * k->fall;
    float ramp = a < b ? a : b;
    ramp = ramp > 0.0f ? ramp : 0.0f;
    ramp = ramp < 1.0f ? ramp : 1.0f;
    return 1.0f - ramp * k->alpha;
}

/* transmit[n + shift] *= the ring's factor for grid columns n in [n0, n1), exact everywhere. */
static void lk_ring_exact_scalar(float *transmit, int32_t n0, int32_t n1, int32_t shift, const lk_ring_row *k) {
    for (int32_t n = n0; n < n1; n++) transmit[n + shift] *= lk_ring_factor_at(k, lk_ring_rho(k, (float)n));
}

/* The light's alpha of pixel x as a 16-bit fraction: round(a * 65535) to nearest even, a = 1 - transmit[x]
 * (times coverage / 255). */
static inline int32_t lk_ring_alpha16(const float *transmit, const uint8_t *coverage, int32_t x) {
    float a = 1.0f - transmit[x];
    if (coverage) a = a * ((float)coverage[x] / 255.0f);
    return (int32_t)__builtin_rintf(a * 65535.0f);
}

/* One channel: d + ((((alpha16 * ((255 - d) << 8)) >> 16) + 128) >> 8). */
static inline uint8_t lk_ring_lighten(uint8_t d, int32_t alpha16) {
    uint32_t t = ((uint32_t)alpha16 * ((uint32_t)(255 - d) << 8)) >> 16;
    return (uint8_t)(d + ((t + 128) >> 8));
}

#if defined(__x86_64__)
#include <immintrin.h>
#define LK_AVX2 __attribute__((target("avx2")))

/* A ring row's constants in vector registers: kept out of memory so that the stores to the transmittance
 * row (floats, which could alias the constants for all the compiler knows) do not force them to be read
 * again for every eight columns. Measured reason: perf put a fifth of the ring kernel's samples on those
 * reloads; keeping them took ui.ripple.frame.8waves from 20.7 to 19.6 ms per frame. */
typedef struct {
    __m256 u0, du, v2, inner, rise, fall, alpha;
} lk_ring_lanes;

static inline LK_AVX2 lk_ring_lanes lk_ring_lanes_of(const lk_ring_row *k) {
    lk_ring_lanes l = {_mm256_set1_ps(k->u0), _mm256_set1_ps(k->du), _mm256_set1_ps(k->v2), _mm256_set1_ps(k->inner),
                       _mm256_set1_ps(k->rise), _mm256_set1_ps(k->fall), _mm256_set1_ps(k->alpha)};
    return l;
}

/* The factors of eight grid columns n (as floats). */
static inline LK_AVX2 __m256 lk_ring_factor8(const lk_ring_lanes *k, __m256 n) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    __m256 u = _mm256_add_ps(k->u0, _mm256_mul_ps(n, k->du));
    __m256 rho = _mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(u, u), k->v2));
    __m256 ramp = _mm256_min_ps(_mm256_mul_ps(_mm256_sub_ps(rho, k->inner), k->rise),
                                _mm256_mul_ps(_mm256_sub_ps(one, rho), k->fall));
    ramp = _mm256_min_ps(_mm256_max_ps(ramp, zero), one);
    return _mm256_sub_ps(one, _mm256_mul_ps(ramp, k->alpha));
}

/* transmit[g + shift + i] *= factors[i] for the lanes i with g + i in [n0, n1). */
static inline LK_AVX2 void lk_ring_apply8(float *transmit, int32_t g, int32_t n0, int32_t n1, int32_t shift,
                                          __m256 factors) {
    if (g >= n0 && g + 8 <= n1) {
        float *p = transmit + g + shift;
        _mm256_storeu_ps(p, _mm256_mul_ps(_mm256_loadu_ps(p), factors));
        return;
    }
    _Alignas(32) float f[8];
    _mm256_store_ps(f, factors);
    int32_t lo = g > n0 ? g : n0, hi = g + 8 < n1 ? g + 8 : n1;
    for (int32_t n = lo; n < hi; n++) transmit[n + shift] *= f[n - g];
}

LK_AVX2
static void lk_ring_exact_avx2(float *transmit, int32_t n0, int32_t n1, int32_t shift, const lk_ring_row *row) {
    /* Columns as integers first, converted per lane: (float)(n + i) as the per-pixel path has it, which
     * differs from (float)n + i past 2^24. */
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const lk_ring_lanes constants = lk_ring_lanes_of(row), *k = &constants;
    int32_t n = n0;
    for (; n + 8 <= n1; n += 8) {
        float *p = transmit + n + shift;
        __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(n), lanes));
        _mm256_storeu_ps(p, _mm256_mul_ps(_mm256_loadu_ps(p), lk_ring_factor8(k, columns)));
    }
    if (n < n1) {
        /* The last few as eight whose extra lanes are dropped (a lane's factor depends only on its column).
         * Measured reason: spans end at ring and tile edges, and a per-pixel tail cost about 1 ms of a 27 ms
         * full-screen ripple frame. */
        __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(n), lanes));
        lk_ring_apply8(transmit, n, n, n1, shift, lk_ring_factor8(k, columns));
    }
}

LK_AVX2
static int32_t lk_ring_blend_avx2(uint8_t *pixels, const float *transmit, const uint8_t *coverage, int32_t x,
                                  int32_t to) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256i zero = _mm256_setzero_si256(), white = _mm256_set1_epi16(255), half = _mm256_set1_epi16(128);
    /* Each pixel's 16-bit alpha into its four channels' lanes, for the low and high unpacked halves. */
    const __m256i low = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5,
                                         0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5);
    const __m256i high = _mm256_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13,
                                          8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13);
    for (; x + 8 <= to; x += 8) {
        __m256 a = _mm256_sub_ps(one, _mm256_loadu_ps(transmit + x));
        if (coverage) {
            __m256 c = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(coverage + x))));
            a = _mm256_mul_ps(a, _mm256_div_ps(c, _mm256_set1_ps(255.0f)));
        }
        __m256i alpha = _mm256_cvtps_epi32(_mm256_mul_ps(a, _mm256_set1_ps(65535.0f)));
        __m256i *p = (__m256i *)(pixels + 4 * x);
        __m256i d = _mm256_loadu_si256(p);
        __m256i dl = _mm256_unpacklo_epi8(d, zero), dh = _mm256_unpackhi_epi8(d, zero);
        __m256i tl = _mm256_mulhi_epu16(_mm256_shuffle_epi8(alpha, low), _mm256_slli_epi16(_mm256_sub_epi16(white, dl), 8));
        __m256i th = _mm256_mulhi_epu16(_mm256_shuffle_epi8(alpha, high), _mm256_slli_epi16(_mm256_sub_epi16(white, dh), 8));
        dl = _mm256_add_epi16(dl, _mm256_srli_epi16(_mm256_add_epi16(tl, half), 8));
        dh = _mm256_add_epi16(dh, _mm256_srli_epi16(_mm256_add_epi16(th, half), 8));
        _mm256_storeu_si256(p, _mm256_packus_epi16(dl, dh));
    }
    return x;
}
#endif

static lk_ring_row lk_ring_row_of(float u0, float du, float v2, float inner, float rise, float fall, float alpha) {
    lk_ring_row k = {u0, du, v2, inner, rise, fall, alpha};
    return k;
}

void lk_ring_attenuate(float *transmit, int32_t first, int32_t count, float u0, float du, float v2, float inner,
                       float rise, float fall, float alpha, int32_t avx2) {
    lk_ring_row k = lk_ring_row_of(u0, du, v2, inner, rise, fall, alpha);
    if (count <= 0) return;
#if defined(__x86_64__)
    if (avx2) {
        lk_ring_exact_avx2(transmit, first, first + count, -first, &k);
        return;
    }
#else
    (void)avx2;
#endif
    lk_ring_exact_scalar(transmit, first, first + count, -first, &k);
}

void lk_ring_blend(uint8_t *pixels, const float *transmit, const uint8_t *coverage, int32_t from, int32_t to,
                   int32_t avx2) {
#if defined(__x86_64__)
    if (avx2) from = lk_ring_blend_avx2(pixels, transmit, coverage, from, to);
#else
    (void)avx2;
#endif
    for (int32_t x = from; x < to; x++) {
        int32_t alpha = lk_ring_alpha16(transmit, coverage, x);
        uint8_t *p = pixels + 4 * x;
        for (int c = 0; c < 4; c++) p[c] = lk_ring_lighten(p[c], alpha);
    }
}

void lk_ring_draw(uint8_t *pixels, ptrdiff_t rowBytes, int32_t width, int32_t height, int32_t shiftX, int32_t shiftY,
                  const lk_ring *rings, int32_t count, const lk_ring_span *spans, const uint8_t *coverage,
                  float *transmit, int32_t avx2) {
    for (int32_t py = 0; py < height; py++) {
        int64_t m = (int64_t)py - shiftY;
        int32_t low = width, high = 0;
        for (int32_t i = 0; i < count; i++) {
            const lk_ring *ring = rings + i;
            int64_t index = m - ring->firstRow;
            if (index < 0 || index >= ring->rowCount) continue;
            lk_ring_span span = spans[ring->spanOffset + index];
            int32_t begin = span.begin + shiftX, end = span.end + shiftX;
            begin = begin > 0 ? begin : 0;
            end = end < width ? end : width;
            if (begin >= end) continue;
            int32_t holeBegin = span.holeBegin + shiftX, holeEnd = span.holeEnd + shiftX;
            holeBegin = holeBegin < begin ? begin : (holeBegin > end ? end : holeBegin);
            holeEnd = holeEnd < holeBegin ? holeBegin : (holeEnd > end ? end : holeEnd);
            lk_ring_row k = lk_ring_row_of(ring->u0, ring->du, span.v2, ring->inner, ring->rise, ring->fall,
                                           ring->alpha);
            /* Grid columns are device columns minus shiftX. */
            int32_t pieces[2][2] = {{begin, holeBegin}, {holeEnd, end}};
            for (int p = 0; p < 2; p++) {
                int32_t n0 = pieces[p][0] - shiftX, n1 = pieces[p][1] - shiftX;
                if (n0 >= n1) continue;
#if defined(__x86_64__)
                if (avx2) {
                    lk_ring_exact_avx2(transmit, n0, n1, shiftX, &k);
                    continue;
                }
#endif
                lk_ring_exact_scalar(transmit, n0, n1, shiftX, &k);
            }
            low = begin < low ? begin : low;
            high = end > high ? end : high;
        }
        if (low >= high) continue;
        lk_ring_blend(pixels + (ptrdiff_t)py * rowBytes, transmit, coverage ? coverage + (ptrdiff_t)py * width : 0,
                      low, high, avx2);
        for (int32_t x = low; x < high; x++) transmit[x] = 1.0f;
    }
}
