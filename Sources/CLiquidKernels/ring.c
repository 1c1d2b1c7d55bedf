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

/* out[i + shift] *= the ring's factor at grid column base + step * i, for i in [i0, i1). */
static void lk_ring_run_scalar(float *out, int32_t i0, int32_t i1, int32_t shift, int32_t base, int32_t step,
                               const lk_ring_row *k) {
    for (int32_t i = i0; i < i1; i++) out[i + shift] *= lk_ring_factor_at(k, lk_ring_rho(k, (float)(base + step * i)));
}

/* One channel: d + ((((alpha16 * ((255 - d) << 8)) >> 16) + 128) >> 8). */
static inline uint8_t lk_ring_lighten(uint8_t d, int32_t alpha16) {
    uint32_t t = ((uint32_t)alpha16 * ((uint32_t)(255 - d) << 8)) >> 16;
    return (uint8_t)(d + ((t + 128) >> 8));
}

/* Pixel p lightened by white at alpha a = 1 - t (times *coverage / 255 when coverage is not null), the alpha
 * taken to a 16-bit fraction: round(a * 65535) to nearest even. */
static inline void lk_ring_blend_pixel(uint8_t *p, float t, const uint8_t *coverage) {
    float a = 1.0f - t;
    if (coverage) a = a * ((float)*coverage / 255.0f);
    int32_t alpha = (int32_t)__builtin_rintf(a * 65535.0f);
    for (int c = 0; c < 4; c++) p[c] = lk_ring_lighten(p[c], alpha);
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

/* out[g + shift + i] *= factors[i] for the lanes i with g + i in [i0, i1). */
static inline LK_AVX2 void lk_ring_apply8(float *out, int32_t g, int32_t i0, int32_t i1, int32_t shift,
                                          __m256 factors) {
    if (g >= i0 && g + 8 <= i1) {
        float *p = out + g + shift;
        _mm256_storeu_ps(p, _mm256_mul_ps(_mm256_loadu_ps(p), factors));
        return;
    }
    _Alignas(32) float f[8];
    _mm256_store_ps(f, factors);
    int32_t lo = g > i0 ? g : i0, hi = g + 8 < i1 ? g + 8 : i1;
    for (int32_t i = lo; i < hi; i++) out[i + shift] *= f[i - g];
}

/* lk_ring_run_scalar eight lanes at a time, the same bits. */
LK_AVX2
static void lk_ring_run_avx2(float *out, int32_t i0, int32_t i1, int32_t shift, int32_t base, int32_t step,
                             const lk_ring_row *row) {
    /* Columns as integers first, converted per lane: (float)(base + step * i) as the per-pixel path has it,
     * which differs from a float sum past 2^24. */
    const __m256i lanes = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(step));
    const lk_ring_lanes constants = lk_ring_lanes_of(row), *k = &constants;
    int32_t i = i0;
    for (; i + 8 <= i1; i += 8) {
        float *p = out + i + shift;
        __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(base + step * i), lanes));
        _mm256_storeu_ps(p, _mm256_mul_ps(_mm256_loadu_ps(p), lk_ring_factor8(k, columns)));
    }
    if (i < i1) {
        /* The last few as eight whose extra lanes are dropped (a lane's factor depends only on its column).
         * Measured reason: spans end at ring and tile edges, and a per-pixel tail cost about 1 ms of a 27 ms
         * full-screen ripple frame. */
        __m256 columns = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32(base + step * i), lanes));
        lk_ring_apply8(out, i, i, i1, shift, lk_ring_factor8(k, columns));
    }
}

/* e[2c] = v[c], e[2c + 1] = (v[c] + v[c + 1]) * 0.5 for c in [0, count); v holds count + 8 values. */
LK_AVX2
static int32_t lk_ring_expand_avx2(float *e, const float *v, int32_t count) {
    const __m256 half = _mm256_set1_ps(0.5f);
    int32_t c = 0;
    for (; c + 8 <= count; c += 8) {
        __m256 a = _mm256_loadu_ps(v + c), m = _mm256_mul_ps(_mm256_add_ps(a, _mm256_loadu_ps(v + c + 1)), half);
        __m256 low = _mm256_unpacklo_ps(a, m), high = _mm256_unpackhi_ps(a, m);
        _mm256_storeu_ps(e + 2 * c, _mm256_permute2f128_ps(low, high, 0x20));
        _mm256_storeu_ps(e + 2 * c + 8, _mm256_permute2f128_ps(low, high, 0x31));
    }
    return c;
}

/* White at alpha (1 - t) (times coverage / 255 when coverage is not null) over the eight premultiplied pixels
 * at p: the vector form of lk_ring_blend_pixel. */
static inline LK_AVX2 void lk_ring_blend8(uint8_t *pixels, __m256 t, const uint8_t *coverage) {
    const __m256i zero = _mm256_setzero_si256(), white = _mm256_set1_epi16(255), half = _mm256_set1_epi16(128);
    /* Each pixel's 16-bit alpha into its four channels' lanes, for the low and high unpacked halves. */
    const __m256i low = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5,
                                         0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5);
    const __m256i high = _mm256_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13,
                                          8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13);
    __m256 a = _mm256_sub_ps(_mm256_set1_ps(1.0f), t);
    if (coverage) {
        __m256 c = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)coverage)));
        a = _mm256_mul_ps(a, _mm256_div_ps(c, _mm256_set1_ps(255.0f)));
    }
    __m256i alpha = _mm256_cvtps_epi32(_mm256_mul_ps(a, _mm256_set1_ps(65535.0f)));
    __m256i *p = (__m256i *)pixels;
    __m256i d = _mm256_loadu_si256(p);
    __m256i dl = _mm256_unpacklo_epi8(d, zero), dh = _mm256_unpackhi_epi8(d, zero);
    __m256i tl = _mm256_mulhi_epu16(_mm256_shuffle_epi8(alpha, low), _mm256_slli_epi16(_mm256_sub_epi16(white, dl), 8));
    __m256i th = _mm256_mulhi_epu16(_mm256_shuffle_epi8(alpha, high), _mm256_slli_epi16(_mm256_sub_epi16(white, dh), 8));
    dl = _mm256_add_epi16(dl, _mm256_srli_epi16(_mm256_add_epi16(tl, half), 8));
    dh = _mm256_add_epi16(dh, _mm256_srli_epi16(_mm256_add_epi16(th, half), 8));
    _mm256_storeu_si256(p, _mm256_packus_epi16(dl, dh));
}

LK_AVX2
static int32_t lk_ring_blend_avx2(uint8_t *pixels, const float *transmit, const uint8_t *coverage, int32_t x,
                                  int32_t to) {
    for (; x + 8 <= to; x += 8) lk_ring_blend8(pixels + 4 * x, _mm256_loadu_ps(transmit + x), coverage ? coverage + x : 0);
    return x;
}

/* lk_ring_blend_coarse's sixteen-pixel groups (from x, while they fit before to, with x + o even): the two
 * coarse rows' mean, its expansion and the blend in registers. Returns the first pixel not drawn. */
LK_AVX2
static int32_t lk_ring_blend_coarse_avx2(uint8_t *pixels, const float *a, const float *b, int32_t o,
                                         const uint8_t *coverage, int32_t x, int32_t to) {
    const __m256 half = _mm256_set1_ps(0.5f);
    for (; x + 16 <= to; x += 16) {
        int32_t c = (x + o) >> 1;
        __m256 v = _mm256_loadu_ps(a + c), next = _mm256_loadu_ps(a + c + 1);
        if (b) {
            v = _mm256_mul_ps(_mm256_add_ps(v, _mm256_loadu_ps(b + c)), half);
            next = _mm256_mul_ps(_mm256_add_ps(next, _mm256_loadu_ps(b + c + 1)), half);
        }
        __m256 m = _mm256_mul_ps(_mm256_add_ps(v, next), half);
        __m256 low = _mm256_unpacklo_ps(v, m), high = _mm256_unpackhi_ps(v, m);
        lk_ring_blend8(pixels + 4 * x, _mm256_permute2f128_ps(low, high, 0x20), coverage ? coverage + x : 0);
        lk_ring_blend8(pixels + 4 * (x + 8), _mm256_permute2f128_ps(low, high, 0x31), coverage ? coverage + x + 8 : 0);
    }
    return x;
}

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_ring_run_avx2 sixteen lanes at a time, the same operations and so the same bits; the last few lanes
 * under a mask. Measured reason: on this machine (AMD EPYC, Zen 5, with full-width 512-bit units) the
 * coarse rows of a full-screen ripple frame at 3x were its second-largest cost, square roots eight at a
 * time. */
LK_AVX512
static void lk_ring_run_avx512(float *out, int32_t i0, int32_t i1, int32_t shift, int32_t base, int32_t step,
                               const lk_ring_row *row) {
    const __m512i lanes = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                             _mm512_set1_epi32(step));
    const __m512 zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
    const __m512 u0 = _mm512_set1_ps(row->u0), du = _mm512_set1_ps(row->du), v2 = _mm512_set1_ps(row->v2);
    const __m512 inner = _mm512_set1_ps(row->inner), rise = _mm512_set1_ps(row->rise), fall = _mm512_set1_ps(row->fall);
    const __m512 alpha = _mm512_set1_ps(row->alpha);
    for (int32_t i = i0; i < i1; i += 16) {
        __mmask16 live = i1 - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (i1 - i)) - 1);
        float *p = out + i + shift;
        __m512 n = _mm512_cvtepi32_ps(_mm512_add_epi32(_mm512_set1_epi32(base + step * i), lanes));
        __m512 u = _mm512_add_ps(u0, _mm512_mul_ps(n, du));
        __m512 rho = _mm512_sqrt_ps(_mm512_add_ps(_mm512_mul_ps(u, u), v2));
        __m512 ramp = _mm512_min_ps(_mm512_mul_ps(_mm512_sub_ps(rho, inner), rise),
                                    _mm512_mul_ps(_mm512_sub_ps(one, rho), fall));
        ramp = _mm512_min_ps(_mm512_max_ps(ramp, zero), one);
        __m512 factor = _mm512_sub_ps(one, _mm512_mul_ps(ramp, alpha));
        _mm512_mask_storeu_ps(p, live, _mm512_mul_ps(_mm512_maskz_loadu_ps(live, p), factor));
    }
}

/* lk_ring_blend8 on sixteen pixels: the same operations in 512-bit form. */
static inline LK_AVX512 void lk_ring_blend16(uint8_t *pixels, __m512 t, const uint8_t *coverage) {
    const __m512i zero = _mm512_setzero_si512(), white = _mm512_set1_epi16(255), half = _mm512_set1_epi16(128);
    const __m512i low = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5));
    const __m512i high = _mm512_broadcast_i32x4(_mm_setr_epi8(8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13));
    __m512 a = _mm512_sub_ps(_mm512_set1_ps(1.0f), t);
    if (coverage) {
        __m512 c = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)coverage)));
        a = _mm512_mul_ps(a, _mm512_div_ps(c, _mm512_set1_ps(255.0f)));
    }
    __m512i alpha = _mm512_cvtps_epi32(_mm512_mul_ps(a, _mm512_set1_ps(65535.0f)));
    __m512i d = _mm512_loadu_si512(pixels);
    __m512i dl = _mm512_unpacklo_epi8(d, zero), dh = _mm512_unpackhi_epi8(d, zero);
    __m512i tl = _mm512_mulhi_epu16(_mm512_shuffle_epi8(alpha, low), _mm512_slli_epi16(_mm512_sub_epi16(white, dl), 8));
    __m512i th = _mm512_mulhi_epu16(_mm512_shuffle_epi8(alpha, high), _mm512_slli_epi16(_mm512_sub_epi16(white, dh), 8));
    dl = _mm512_add_epi16(dl, _mm512_srli_epi16(_mm512_add_epi16(tl, half), 8));
    dh = _mm512_add_epi16(dh, _mm512_srli_epi16(_mm512_add_epi16(th, half), 8));
    _mm512_storeu_si512(pixels, _mm512_packus_epi16(dl, dh));
}

/* lk_ring_blend_coarse_avx2 thirty-two pixels at a time (from x, while they fit before to, with x + o even). */
LK_AVX512
static int32_t lk_ring_blend_coarse_avx512(uint8_t *pixels, const float *a, const float *b, int32_t o,
                                           const uint8_t *coverage, int32_t x, int32_t to) {
    const __m512 half = _mm512_set1_ps(0.5f);
    const __m512i first = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i second = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    for (; x + 32 <= to; x += 32) {
        int32_t c = (x + o) >> 1;
        __m512 v = _mm512_loadu_ps(a + c), next = _mm512_loadu_ps(a + c + 1);
        if (b) {
            v = _mm512_mul_ps(_mm512_add_ps(v, _mm512_loadu_ps(b + c)), half);
            next = _mm512_mul_ps(_mm512_add_ps(next, _mm512_loadu_ps(b + c + 1)), half);
        }
        __m512 m = _mm512_mul_ps(_mm512_add_ps(v, next), half);
        lk_ring_blend16(pixels + 4 * x, _mm512_permutex2var_ps(v, first, m), coverage ? coverage + x : 0);
        lk_ring_blend16(pixels + 4 * (x + 16), _mm512_permutex2var_ps(v, second, m), coverage ? coverage + x + 16 : 0);
    }
    return x;
}
#endif

/* The run kernel for vector level `vector` (0 portable, 1 AVX2, 2 AVX-512): the same bits from each. */
static void lk_ring_run(float *out, int32_t i0, int32_t i1, int32_t shift, int32_t base, int32_t step,
                        const lk_ring_row *k, int32_t vector) {
#if defined(__x86_64__)
    if (vector >= 2) {
        lk_ring_run_avx512(out, i0, i1, shift, base, step, k);
        return;
    }
    if (vector == 1) {
        lk_ring_run_avx2(out, i0, i1, shift, base, step, k);
        return;
    }
#else
    (void)vector;
#endif
    lk_ring_run_scalar(out, i0, i1, shift, base, step, k);
}

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
        lk_ring_run_avx2(transmit, first, first + count, -first, 0, 1, &k);
        return;
    }
#else
    (void)avx2;
#endif
    lk_ring_run_scalar(transmit, first, first + count, -first, 0, 1, &k);
}

void lk_ring_blend(uint8_t *pixels, const float *transmit, const uint8_t *coverage, int32_t from, int32_t to,
                   int32_t avx2) {
#if defined(__x86_64__)
    if (avx2) from = lk_ring_blend_avx2(pixels, transmit, coverage, from, to);
#else
    (void)avx2;
#endif
    for (int32_t x = from; x < to; x++) lk_ring_blend_pixel(pixels + 4 * x, transmit[x], coverage ? coverage + x : 0);
}

/* The transmittance at expanded column e of the coarse rows a and b (b null on an even grid row): the mean
 * of the rows, then at odd e the mean of the two neighbours — the operations of lk_ring_draw's expansion. */
static inline float lk_ring_coarse_transmit(const float *a, const float *b, int32_t e) {
    int32_t c = e >> 1;
    float v = b ? (a[c] + b[c]) * 0.5f : a[c];
    if (!(e & 1)) return v;
    float next = b ? (a[c + 1] + b[c + 1]) * 0.5f : a[c + 1];
    return (v + next) * 0.5f;
}

/* Blends pixels [from, to) of a row straight from its coarse rows (device column x at expanded column x + o),
 * the same bytes as expanding them into a transmittance row and calling lk_ring_blend. */
static void lk_ring_blend_coarse(uint8_t *pixels, const float *a, const float *b, int32_t o, const uint8_t *coverage,
                                 int32_t from, int32_t to, int32_t avx2) {
    int32_t x = from;
#if defined(__x86_64__)
    if (avx2) {
        if ((x + o) & 1) {
            lk_ring_blend_pixel(pixels + 4 * x, lk_ring_coarse_transmit(a, b, x + o), coverage ? coverage + x : 0);
            x++;
        }
        if (avx2 >= 2) x = lk_ring_blend_coarse_avx512(pixels, a, b, o, coverage, x, to);
        x = lk_ring_blend_coarse_avx2(pixels, a, b, o, coverage, x, to);
    }
#else
    (void)avx2;
#endif
    for (; x < to; x++) {
        lk_ring_blend_pixel(pixels + 4 * x, lk_ring_coarse_transmit(a, b, x + o), coverage ? coverage + x : 0);
    }
}

int64_t lk_ring_work_floats(int32_t width) { return 4 * (int64_t)(width > 0 ? width : 0) + 96; }

/* One ring's span on grid row m clipped to grid columns [lo, hi): its two pieces (either may be empty),
 * or 0 when the ring does not reach the row there. */
static int lk_ring_pieces(const lk_ring *ring, const lk_ring_span *spans, int64_t m, int32_t lo, int32_t hi,
                          int32_t pieces[2][2], lk_ring_row *k) {
    int64_t index = m - ring->firstRow;
    if (index < 0 || index >= ring->rowCount) return 0;
    lk_ring_span span = spans[ring->spanOffset + index];
    int32_t begin = span.begin > lo ? span.begin : lo, end = span.end < hi ? span.end : hi;
    if (begin >= end) return 0;
    int32_t holeBegin = span.holeBegin < begin ? begin : (span.holeBegin > end ? end : span.holeBegin);
    int32_t holeEnd = span.holeEnd < holeBegin ? holeBegin : (span.holeEnd > end ? end : span.holeEnd);
    pieces[0][0] = begin; pieces[0][1] = holeBegin;
    pieces[1][0] = holeEnd; pieces[1][1] = end;
    *k = lk_ring_row_of(ring->u0, ring->du, span.v2, ring->inner, ring->rise, ring->fall, ring->alpha);
    return 1;
}

/* The coarse rings' transmittance on even grid row m at the even grid columns nLo + 2c, c in [0, count):
 * values[c] (values holds count + 8 floats; the 8 past the end stay 1). Sets [*lo, *hi) to the grid columns
 * where some value may be below 1 (empty when *lo >= *hi). */
static void lk_ring_coarse_row(float *values, int32_t count, int32_t nLo, int64_t m, const lk_ring *rings,
                               int32_t ringCount, const lk_ring_span *spans, int32_t *lo, int32_t *hi, int32_t avx2) {
    for (int32_t c = 0; c < count + 8; c++) values[c] = 1.0f;
    *lo = INT32_MAX;
    *hi = INT32_MIN;
    int32_t nHi = nLo + 2 * (count - 1);
    for (int32_t r = 0; r < ringCount; r++) {
        int32_t pieces[2][2];
        lk_ring_row k;
        if (!rings[r].coarse || !lk_ring_pieces(rings + r, spans, m, nLo, nHi + 1, pieces, &k)) continue;
        for (int p = 0; p < 2; p++) {
            /* The even columns in [p0, p1): c from ceil((p0 - nLo) / 2) (both non-negative here). */
            int32_t c0 = (pieces[p][0] - nLo + 1) >> 1, c1 = (pieces[p][1] - nLo + 1) >> 1;
            if (c0 >= c1) continue;
            *lo = pieces[p][0] < *lo ? pieces[p][0] : *lo;
            *hi = pieces[p][1] > *hi ? pieces[p][1] : *hi;
            lk_ring_run(values, c0, c1, 0, nLo, 2, &k, avx2);
        }
    }
}

/* A coarse row kept between pixel rows. */
typedef struct {
    int64_t m;
    int32_t lo, hi, valid;
    float *values;
} lk_ring_coarse;

/* The coarse row m, computed into the slot that does not hold row keep unless a slot holds it already. */
static lk_ring_coarse *lk_ring_coarse_get(lk_ring_coarse slots[2], int64_t m, int64_t keep, int32_t count,
                                          int32_t nLo, const lk_ring *rings, int32_t ringCount,
                                          const lk_ring_span *spans, int32_t avx2) {
    for (int i = 0; i < 2; i++) if (slots[i].valid && slots[i].m == m) return slots + i;
    lk_ring_coarse *slot = (slots[0].valid && slots[0].m == keep) ? slots + 1 : slots;
    lk_ring_coarse_row(slot->values, count, nLo, m, rings, ringCount, spans, &slot->lo, &slot->hi, avx2);
    slot->m = m;
    slot->valid = 1;
    return slot;
}

/* A coarse row as a canvas reads it: values[c] at grid column nLo + 2c for c in [0, count], and the columns
 * [lo, hi) where some may be below 1. */
typedef struct {
    const float *values;
    int32_t lo, hi;
} lk_ring_coarse_view;

/* Coarse row m for a canvas whose coarse columns are nLo + 2c, c in [0, count]: from the shared grid when it
 * covers them (computing the grid's row on first use), else from the canvas's own slots. */
static lk_ring_coarse_view lk_ring_coarse_at(lk_ring_grid *grid, lk_ring_coarse slots[2], int64_t m, int64_t keep,
                                             int32_t count, int32_t nLo, const lk_ring *rings, int32_t ringCount,
                                             const lk_ring_span *spans, int32_t avx2) {
    if (grid && m >= grid->firstRow && m < grid->firstRow + 2 * (int64_t)grid->rows && nLo >= grid->firstColumn) {
        int64_t offset = (nLo - (int64_t)grid->firstColumn) / 2;
        /* The canvas reads values[0 ... count]; a grid row holds count + 8 (the last 8 stay 1). */
        if (offset + count + 1 <= (int64_t)grid->count + 8) {
            int64_t q = (m - grid->firstRow) / 2;
            float *values = grid->values + q * ((int64_t)grid->count + 8);
            uint8_t *state = grid->done + q;
            uint8_t seen = __atomic_load_n(state, __ATOMIC_ACQUIRE);
            if (seen == 0) {
                uint8_t unclaimed = 0;
                if (__atomic_compare_exchange_n(state, &unclaimed, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
                    lk_ring_coarse_row(values, grid->count, grid->firstColumn, m, rings, ringCount, spans,
                                       grid->extents + 2 * q, grid->extents + 2 * q + 1, avx2);
                    __atomic_store_n(state, 2, __ATOMIC_RELEASE);
                    seen = 2;
                } else {
                    seen = unclaimed;
                }
            }
            if (seen == 2) {
                lk_ring_coarse_view view = {values + offset, grid->extents[2 * q], grid->extents[2 * q + 1]};
                return view;
            }
            /* Another canvas is computing the row: compute it here too rather than wait on that thread
             * (the same values either way). */
        }
    }
    lk_ring_coarse *slot = lk_ring_coarse_get(slots, m, keep, count, nLo, rings, ringCount, spans, avx2);
    lk_ring_coarse_view view = {slot->values, slot->lo, slot->hi};
    return view;
}

void lk_ring_draw(uint8_t *pixels, ptrdiff_t rowBytes, int32_t width, int32_t height, int32_t shiftX, int32_t shiftY,
                  const lk_ring *rings, int32_t count, const lk_ring_span *spans, const uint8_t *coverage,
                  lk_ring_grid *grid, float *work, int32_t avx2) {
    if (width <= 0 || height <= 0) return;
    int hasCoarse = 0, hasExact = 0;
    for (int32_t i = 0; i < count; i++) {
        hasCoarse |= rings[i].coarse != 0;
        hasExact |= rings[i].coarse == 0;
    }
    /* The even grid columns that bracket this canvas's columns -shiftX ... width - 1 - shiftX; grid column
     * n lies at e[n - nLo] of an expanded row, so device column x at e[x + o]. */
    int32_t first = -shiftX, last = width - 1 - shiftX;
    int32_t nLo = first - (first & 1), nHi = last + (last & 1);
    int32_t coarseCount = (nHi - nLo) / 2 + 1, o = first - nLo;
    float *transmit = work;                              /* width + 8, all 1 between rows */
    float *expanded = work + width + 8;                  /* 2 * coarseCount + 16 */
    float *mixed = expanded + 2 * coarseCount + 16;      /* coarseCount + 8 */
    lk_ring_coarse slots[2] = {{0, 0, 0, 0, mixed + coarseCount + 8}, {0, 0, 0, 0, mixed + 2 * (coarseCount + 8)}};
    for (int32_t x = 0; x < width + 8; x++) transmit[x] = 1.0f;
    for (int32_t py = 0; py < height; py++) {
        int64_t m = (int64_t)py - shiftY;
        int32_t low = width, high = 0;
        float *row = transmit;
        if (hasCoarse) {
            /* Rows between even grid rows average the two; columns between even grid columns likewise. */
            int64_t above = m - (m & 1);
            lk_ring_coarse_view a = lk_ring_coarse_at(grid, slots, above, above + 2, coarseCount, nLo, rings, count,
                                                      spans, avx2);
            lk_ring_coarse_view b = a;
            if (m & 1) b = lk_ring_coarse_at(grid, slots, above + 2, above, coarseCount, nLo, rings, count, spans, avx2);
            int32_t lo = a.lo < b.lo ? a.lo : b.lo, hi = a.hi > b.hi ? a.hi : b.hi;
            /* The device columns the coarse light reaches: interpolation goes one column past the coarse values
             * that moved. */
            int32_t from = lo < hi ? lo - 1 + shiftX : width, to = lo < hi ? hi + 1 + shiftX : 0;
            from = from > 0 ? from : 0;
            to = to < width ? to : width;
            if (from < to && !hasExact) {
                /* Every ring coarse: blend straight from the coarse rows. Measured reason: averaging the rows,
                 * expanding them into a row of floats and blending from it was a tenth of a full-screen ripple
                 * frame at 3×. */
                lk_ring_blend_coarse(pixels + (ptrdiff_t)py * rowBytes, a.values, (m & 1) ? b.values : 0, o,
                                     coverage ? coverage + (ptrdiff_t)py * width : 0, from, to, avx2);
                continue;
            }
            if (from < to) {
                const float *v = a.values;
                if (m & 1) {
                    for (int32_t c = 0; c <= coarseCount; c++) mixed[c] = (a.values[c] + b.values[c]) * 0.5f;
                    v = mixed;
                }
                int32_t c = 0;
#if defined(__x86_64__)
                if (avx2) c = lk_ring_expand_avx2(expanded, v, coarseCount);
#endif
                for (; c < coarseCount; c++) {
                    expanded[2 * c] = v[c];
                    expanded[2 * c + 1] = (v[c] + v[c + 1]) * 0.5f;
                }
                row = expanded + o;
                low = from;
                high = to;
            }
        }
        for (int32_t i = 0; i < count; i++) {
            if (rings[i].coarse) continue;
            int32_t pieces[2][2];
            lk_ring_row k;
            /* Grid columns are device columns minus shiftX. */
            if (!lk_ring_pieces(rings + i, spans, m, -shiftX, width - shiftX, pieces, &k)) continue;
            for (int p = 0; p < 2; p++) {
                int32_t n0 = pieces[p][0], n1 = pieces[p][1];
                if (n0 >= n1) continue;
                lk_ring_run(row, n0, n1, shiftX, 0, 1, &k, avx2);
            }
            low = pieces[0][0] + shiftX < low ? pieces[0][0] + shiftX : low;
            high = pieces[1][1] + shiftX > high ? pieces[1][1] + shiftX : high;
        }
        if (low >= high) continue;
        lk_ring_blend(pixels + (ptrdiff_t)py * rowBytes, row, coverage ? coverage + (ptrdiff_t)py * width : 0,
                      low, high, avx2);
        if (row == transmit) for (int32_t x = low; x < high; x++) transmit[x] = 1.0f;
    }
}
