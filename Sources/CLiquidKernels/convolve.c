#include "CLiquidKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX2 __attribute__((target("avx2")))

/* Four vectors (32 floats) per pass over the taps: each tap's two row pointers and weight are loaded once
 * per 32 outputs and the four independent accumulators hide the add latency. Intrinsics are never
 * contracted into FMA, so the sums round exactly as the Swift code's. */
LK_AVX2
int32_t lk_convolve_avx2(float *out, int32_t n, const float *kernel, int32_t radius,
                         const float *const *before, const float *const *after) {
    int32_t i = 0;
    const __m256 k0 = _mm256_set1_ps(kernel[0]);
    for (; i + 32 <= n; i += 32) {
        const float *b0 = after[0] + i;
        __m256 acc0 = _mm256_mul_ps(k0, _mm256_loadu_ps(b0));
        __m256 acc1 = _mm256_mul_ps(k0, _mm256_loadu_ps(b0 + 8));
        __m256 acc2 = _mm256_mul_ps(k0, _mm256_loadu_ps(b0 + 16));
        __m256 acc3 = _mm256_mul_ps(k0, _mm256_loadu_ps(b0 + 24));
        for (int32_t j = 1; j <= radius; j++) {
            const __m256 k = _mm256_set1_ps(kernel[j]);
            const float *a = before[j] + i, *b = after[j] + i;
            acc0 = _mm256_add_ps(acc0, _mm256_mul_ps(k, _mm256_add_ps(_mm256_loadu_ps(a), _mm256_loadu_ps(b))));
            acc1 = _mm256_add_ps(acc1, _mm256_mul_ps(k, _mm256_add_ps(_mm256_loadu_ps(a + 8), _mm256_loadu_ps(b + 8))));
            acc2 = _mm256_add_ps(acc2, _mm256_mul_ps(k, _mm256_add_ps(_mm256_loadu_ps(a + 16), _mm256_loadu_ps(b + 16))));
            acc3 = _mm256_add_ps(acc3, _mm256_mul_ps(k, _mm256_add_ps(_mm256_loadu_ps(a + 24), _mm256_loadu_ps(b + 24))));
        }
        _mm256_storeu_ps(out + i, acc0);
        _mm256_storeu_ps(out + i + 8, acc1);
        _mm256_storeu_ps(out + i + 16, acc2);
        _mm256_storeu_ps(out + i + 24, acc3);
    }
    for (; i + 8 <= n; i += 8) {
        __m256 acc = _mm256_mul_ps(k0, _mm256_loadu_ps(after[0] + i));
        for (int32_t j = 1; j <= radius; j++) {
            const __m256 k = _mm256_set1_ps(kernel[j]);
            acc = _mm256_add_ps(acc, _mm256_mul_ps(k, _mm256_add_ps(_mm256_loadu_ps(before[j] + i),
                                                                    _mm256_loadu_ps(after[j] + i))));
        }
        _mm256_storeu_ps(out + i, acc);
    }
    return i;
}

#else

int32_t lk_convolve_avx2(float *out, int32_t n, const float *kernel, int32_t radius,
                         const float *const *before, const float *const *after) {
    (void)out; (void)n; (void)kernel; (void)radius; (void)before; (void)after;
    return 0;
}

#endif

#if defined(__x86_64__)

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* Runs of marked blocks four at a time: each block's sum is one dependent chain of adds (the add latency,
 * not the multiplies, bounds a single block), so four independent chains keep the adder busy. Every
 * block's lanes see exactly the same multiplies and adds in the same order as alone. */
LK_AVX2
static void lk_taps_blocks_avx2(float *out, const float *const *sources, const float *weights, int32_t taps,
                                const uint8_t *marks, int32_t blocks) {
    int32_t b = 0;
    while (b < blocks) {
        if (!marks[b]) { b++; continue; }
        int32_t e = b + 1;
        while (e < blocks && marks[e]) e++;
        for (; b + 4 <= e; b += 4) {
            const int32_t x = 8 * b;
            __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
            __m256 acc2 = _mm256_setzero_ps(), acc3 = _mm256_setzero_ps();
            for (int32_t k = 0; k < taps; k++) {
                const __m256 w = _mm256_set1_ps(weights[k]);
                const float *s = sources[k] + x;
                acc0 = _mm256_add_ps(acc0, _mm256_mul_ps(w, _mm256_loadu_ps(s)));
                acc1 = _mm256_add_ps(acc1, _mm256_mul_ps(w, _mm256_loadu_ps(s + 8)));
                acc2 = _mm256_add_ps(acc2, _mm256_mul_ps(w, _mm256_loadu_ps(s + 16)));
                acc3 = _mm256_add_ps(acc3, _mm256_mul_ps(w, _mm256_loadu_ps(s + 24)));
            }
            _mm256_storeu_ps(out + x, acc0);
            _mm256_storeu_ps(out + x + 8, acc1);
            _mm256_storeu_ps(out + x + 16, acc2);
            _mm256_storeu_ps(out + x + 24, acc3);
        }
        for (; b + 2 <= e; b += 2) {
            const int32_t x = 8 * b;
            __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
            for (int32_t k = 0; k < taps; k++) {
                const __m256 w = _mm256_set1_ps(weights[k]);
                const float *s = sources[k] + x;
                acc0 = _mm256_add_ps(acc0, _mm256_mul_ps(w, _mm256_loadu_ps(s)));
                acc1 = _mm256_add_ps(acc1, _mm256_mul_ps(w, _mm256_loadu_ps(s + 8)));
            }
            _mm256_storeu_ps(out + x, acc0);
            _mm256_storeu_ps(out + x + 8, acc1);
        }
        for (; b < e; b++) {
            const int32_t x = 8 * b;
            __m256 acc = _mm256_setzero_ps();
            for (int32_t k = 0; k < taps; k++)
                acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_set1_ps(weights[k]), _mm256_loadu_ps(sources[k] + x)));
            _mm256_storeu_ps(out + x, acc);
        }
    }
}

/* lk_taps_blocks_avx2 with two blocks per 512-bit vector: runs of eight blocks as four independent chains,
 * then four and two blocks, a lone block in a 256-bit vector. Each lane still sees the same multiplies and
 * adds in the order of k. Measured reason: the two banded blurs were a quarter of the goo switch frame
 * (glass.g3.switch, perf), bound by the adds of a few chains of eight lanes each. */
LK_AVX512
static void lk_taps_blocks_avx512(float *out, const float *const *sources, const float *weights, int32_t taps,
                                  const uint8_t *marks, int32_t blocks) {
    int32_t b = 0;
    while (b < blocks) {
        if (!marks[b]) { b++; continue; }
        int32_t e = b + 1;
        while (e < blocks && marks[e]) e++;
        for (; b + 8 <= e; b += 8) {
            const int32_t x = 8 * b;
            __m512 acc0 = _mm512_setzero_ps(), acc1 = _mm512_setzero_ps();
            __m512 acc2 = _mm512_setzero_ps(), acc3 = _mm512_setzero_ps();
            for (int32_t k = 0; k < taps; k++) {
                const __m512 w = _mm512_set1_ps(weights[k]);
                const float *s = sources[k] + x;
                acc0 = _mm512_add_ps(acc0, _mm512_mul_ps(w, _mm512_loadu_ps(s)));
                acc1 = _mm512_add_ps(acc1, _mm512_mul_ps(w, _mm512_loadu_ps(s + 16)));
                acc2 = _mm512_add_ps(acc2, _mm512_mul_ps(w, _mm512_loadu_ps(s + 32)));
                acc3 = _mm512_add_ps(acc3, _mm512_mul_ps(w, _mm512_loadu_ps(s + 48)));
            }
            _mm512_storeu_ps(out + x, acc0);
            _mm512_storeu_ps(out + x + 16, acc1);
            _mm512_storeu_ps(out + x + 32, acc2);
            _mm512_storeu_ps(out + x + 48, acc3);
        }
        for (; b + 4 <= e; b += 4) {
            const int32_t x = 8 * b;
            __m512 acc0 = _mm512_setzero_ps(), acc1 = _mm512_setzero_ps();
            for (int32_t k = 0; k < taps; k++) {
                const __m512 w = _mm512_set1_ps(weights[k]);
                const float *s = sources[k] + x;
                acc0 = _mm512_add_ps(acc0, _mm512_mul_ps(w, _mm512_loadu_ps(s)));
                acc1 = _mm512_add_ps(acc1, _mm512_mul_ps(w, _mm512_loadu_ps(s + 16)));
            }
            _mm512_storeu_ps(out + x, acc0);
            _mm512_storeu_ps(out + x + 16, acc1);
        }
        for (; b + 2 <= e; b += 2) {
            const int32_t x = 8 * b;
            __m512 acc = _mm512_setzero_ps();
            for (int32_t k = 0; k < taps; k++)
                acc = _mm512_add_ps(acc, _mm512_mul_ps(_mm512_set1_ps(weights[k]), _mm512_loadu_ps(sources[k] + x)));
            _mm512_storeu_ps(out + x, acc);
        }
        for (; b < e; b++) {
            const int32_t x = 8 * b;
            __m256 acc = _mm256_setzero_ps();
            for (int32_t k = 0; k < taps; k++)
                acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_set1_ps(weights[k]), _mm256_loadu_ps(sources[k] + x)));
            _mm256_storeu_ps(out + x, acc);
        }
    }
}

void lk_taps_blocks(float *out, const float *const *sources, const float *weights, int32_t taps,
                    const uint8_t *marks, int32_t blocks, int32_t vector) {
    if (vector >= 2) lk_taps_blocks_avx512(out, sources, weights, taps, marks, blocks);
    else if (vector == 1) lk_taps_blocks_avx2(out, sources, weights, taps, marks, blocks);
}

#else

void lk_taps_blocks(float *out, const float *const *sources, const float *weights, int32_t taps,
                    const uint8_t *marks, int32_t blocks, int32_t vector) {
    (void)out; (void)sources; (void)weights; (void)taps; (void)marks; (void)blocks; (void)vector;
}

#endif

#if defined(__x86_64__)

/* EdgeSoftening.softenedLevel for the whole 8-pixel blocks of one row, eight lanes at a time: the same
 * float operations in the same order (clamp, scale, truncate; the level position m / 255 * (levels - 1), its
 * whole part and rest; the two levels' blend; clamp, truncate). The mask and colour lookups are gathers; the
 * levels are plain loads picked per lane (measured: gathering k, t and the two levels cost more than the
 * blend). Lanes whose mask byte is 0 are not stored. */
LK_AVX2
static void lk_soften_blocks_avx2(uint32_t *out, const float *alpha, const float *blurred, int32_t planeSize,
                           int32_t levels, const float *top, const int32_t *distance, const uint32_t *lut,
                           const uint8_t *marks, int32_t blocks) {
    const __m256 zero = _mm256_setzero_ps(), full = _mm256_set1_ps(255.0f);
    const __m256 toIndex = _mm256_set1_ps(4096.0f / 255.0f), half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f);
    const __m256 span = _mm256_set1_ps((float)(levels - 1));
    const __m256i izero = _mm256_setzero_si256(), lastPair = _mm256_set1_epi32(levels - 2);
    for (int32_t b = 0; b < blocks; b++) {
        if (!marks[b]) continue;
        const int32_t x = 8 * b;
        const __m256 t8 = _mm256_loadu_ps(top + x);
        const __m256 scaled = _mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(_mm256_max_ps(t8, zero), full), toIndex), half);
        const __m256i m = _mm256_i32gather_epi32(distance, _mm256_cvttps_epi32(scaled), 4);
        const __m256i keep = _mm256_cmpeq_epi32(m, izero);
        if (_mm256_movemask_ps(_mm256_castsi256_ps(keep)) == 0xFF) continue;
        const __m256 position = _mm256_mul_ps(_mm256_div_ps(_mm256_cvtepi32_ps(m), full), span);
        const __m256i k = _mm256_min_epi32(_mm256_cvttps_epi32(position), lastPair);
        const __m256 t = _mm256_sub_ps(position, _mm256_cvtepi32_ps(k));
        /* lower = level k (level 0 the unblurred alpha), upper = level k + 1 (plane k). */
        __m256 lower = _mm256_loadu_ps(alpha + x), upper = _mm256_loadu_ps(blurred + x);
        for (int32_t j = 1; j <= levels - 2; j++) {
            const __m256 here = _mm256_castsi256_ps(_mm256_cmpeq_epi32(k, _mm256_set1_epi32(j)));
            const float *plane = blurred + (ptrdiff_t)j * planeSize + x;
            lower = _mm256_blendv_ps(lower, _mm256_loadu_ps(plane - planeSize), here);
            upper = _mm256_blendv_ps(upper, _mm256_loadu_ps(plane), here);
        }
        const __m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(one, t), lower), _mm256_mul_ps(t, upper)), half);
        const __m256i level = _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(v, zero), full));
        const __m256i colour = _mm256_i32gather_epi32((const int *)lut, level, 4);
        _mm256_maskstore_epi32((int *)(out + x), _mm256_xor_si256(keep, _mm256_set1_epi32(-1)), colour);
    }
}

/* lk_soften_blocks_avx2 on two blocks per 512-bit vector (either or both marked; the lanes of an unmarked
 * block gather nothing and are not stored), a last odd block through the eight-lane kernel. The same float
 * operations per lane in the same order; the colour table is read by register permutes instead of a gather.
 * Measured reason: the blend was a tenth of the goo switch frame (glass.g3.switch, perf), a third of it
 * waiting on the colour gather; the permutes took the frame to 0.98 of its time. */
LK_AVX512
static void lk_soften_blocks_avx512(uint32_t *out, const float *alpha, const float *blurred, int32_t planeSize,
                                    int32_t levels, const float *top, const int32_t *distance, const uint32_t *lut,
                                    const uint8_t *marks, int32_t blocks) {
    const __m512 zero = _mm512_setzero_ps(), full = _mm512_set1_ps(255.0f);
    const __m512 toIndex = _mm512_set1_ps(4096.0f / 255.0f), half = _mm512_set1_ps(0.5f), one = _mm512_set1_ps(1.0f);
    const __m512 span = _mm512_set1_ps((float)(levels - 1));
    const __m512i izero = _mm512_setzero_si512(), lastPair = _mm512_set1_epi32(levels - 2);
    /* The 256 colours in sixteen registers: a lane's colour is picked from the pair of registers that holds
     * its level's 32-entry range, rather than gathered. */
    __m512i colours[16];
    for (int32_t i = 0; i < 16; i++) colours[i] = _mm512_loadu_si512(lut + 16 * i);
    int32_t b = 0;
    for (; b + 2 <= blocks; b += 2) {
        const __mmask16 live = (__mmask16)((marks[b] ? 0x00FFu : 0u) | (marks[b + 1] ? 0xFF00u : 0u));
        if (!live) continue;
        const int32_t x = 8 * b;
        const __m512 t16 = _mm512_loadu_ps(top + x);
        const __m512 scaled = _mm512_add_ps(_mm512_mul_ps(_mm512_min_ps(_mm512_max_ps(t16, zero), full), toIndex), half);
        const __m512i m = _mm512_mask_i32gather_epi32(izero, live, _mm512_cvttps_epi32(scaled), distance, 4);
        const __mmask16 store = _mm512_mask_cmpneq_epi32_mask(live, m, izero);
        if (!store) continue;
        const __m512 position = _mm512_mul_ps(_mm512_div_ps(_mm512_cvtepi32_ps(m), full), span);
        const __m512i k = _mm512_min_epi32(_mm512_cvttps_epi32(position), lastPair);
        const __m512 t = _mm512_sub_ps(position, _mm512_cvtepi32_ps(k));
        __m512 lower = _mm512_loadu_ps(alpha + x), upper = _mm512_loadu_ps(blurred + x);
        for (int32_t j = 1; j <= levels - 2; j++) {
            const __mmask16 here = _mm512_cmpeq_epi32_mask(k, _mm512_set1_epi32(j));
            const float *plane = blurred + (ptrdiff_t)j * planeSize + x;
            lower = _mm512_mask_blend_ps(here, lower, _mm512_loadu_ps(plane - planeSize));
            upper = _mm512_mask_blend_ps(here, upper, _mm512_loadu_ps(plane));
        }
        const __m512 v = _mm512_add_ps(_mm512_add_ps(_mm512_mul_ps(_mm512_sub_ps(one, t), lower), _mm512_mul_ps(t, upper)), half);
        const __m512i level = _mm512_cvttps_epi32(_mm512_min_ps(_mm512_max_ps(v, zero), full));
        const __m512i range = _mm512_srli_epi32(level, 5);
        __m512i colour = _mm512_permutex2var_epi32(colours[0], level, colours[1]);
        for (int32_t r = 1; r < 8; r++) {
            const __mmask16 here = _mm512_cmpeq_epi32_mask(range, _mm512_set1_epi32(r));
            colour = _mm512_mask_blend_epi32(here, colour,
                                             _mm512_permutex2var_epi32(colours[2 * r], level, colours[2 * r + 1]));
        }
        _mm512_mask_storeu_epi32(out + x, store, colour);
    }
    if (b < blocks && marks[b]) {
        const int32_t x = 8 * b;
        lk_soften_blocks_avx2(out + x, alpha + x, blurred + x, planeSize, levels, top + x, distance, lut, marks + b, 1);
    }
}

void lk_soften_blocks(uint32_t *out, const float *alpha, const float *blurred, int32_t planeSize, int32_t levels,
                      const float *top, const int32_t *distance, const uint32_t *lut, const uint8_t *marks,
                      int32_t blocks, int32_t vector) {
    if (vector >= 2) lk_soften_blocks_avx512(out, alpha, blurred, planeSize, levels, top, distance, lut, marks, blocks);
    else if (vector == 1) lk_soften_blocks_avx2(out, alpha, blurred, planeSize, levels, top, distance, lut, marks, blocks);
}

#else

void lk_soften_blocks(uint32_t *out, const float *alpha, const float *blurred, int32_t planeSize, int32_t levels,
                      const float *top, const int32_t *distance, const uint32_t *lut, const uint8_t *marks,
                      int32_t blocks, int32_t vector) {
    (void)out; (void)alpha; (void)blurred; (void)planeSize; (void)levels; (void)top; (void)distance; (void)lut;
    (void)marks; (void)blocks; (void)vector;
}

#endif

#if defined(__x86_64__)

/* Whether the 8-pixel block of row `line` at column x0 (interior: x0 > 0, x0 + 8 < width) holds an edge pixel. */
static inline LK_AVX2 int lk_edge_block8(const float *line, const float *up, const float *down, int32_t x0) {
    const __m256 zero = _mm256_setzero_ps(), full = _mm256_set1_ps(255.0f);
    __m256 a = _mm256_loadu_ps(line + x0);
    __m256 partial = _mm256_and_ps(_mm256_cmp_ps(a, zero, _CMP_NEQ_UQ), _mm256_cmp_ps(a, full, _CMP_NEQ_UQ));
    __m256 differs = _mm256_or_ps(_mm256_cmp_ps(a, _mm256_loadu_ps(line + x0 - 1), _CMP_NEQ_UQ),
                                  _mm256_cmp_ps(a, _mm256_loadu_ps(line + x0 + 1), _CMP_NEQ_UQ));
    differs = _mm256_or_ps(differs, _mm256_or_ps(_mm256_cmp_ps(a, _mm256_loadu_ps(up + x0), _CMP_NEQ_UQ),
                                                 _mm256_cmp_ps(a, _mm256_loadu_ps(down + x0), _CMP_NEQ_UQ)));
    return _mm256_movemask_ps(_mm256_or_ps(partial, differs)) != 0;
}

LK_AVX2
int32_t lk_edge_blocks_avx2(const float *alpha, int32_t width, int32_t height, int32_t firstRow, int32_t endRow,
                            uint8_t *raw) {
    const int32_t bw = (width + 7) / 8;
    int32_t found = 0;
    for (int32_t y = firstRow; y < endRow; y++) {
        const float *line = alpha + (ptrdiff_t)y * width;
        const float *up = y > 0 ? line - width : line, *down = y < height - 1 ? line + width : line;
        uint8_t *marks = raw + (ptrdiff_t)y * bw;
        for (int32_t b = 0; b < bw; b++) {
            int32_t x0 = 8 * b, x1 = x0 + 8 < width ? x0 + 8 : width;
            int edge = 0;
            if (x0 > 0 && x0 + 8 < width) {
                edge = lk_edge_block8(line, up, down, x0);
            } else {
                for (int32_t x = x0; x < x1 && !edge; x++) {
                    float a = line[x];
                    float left = line[x > 0 ? x - 1 : 0], right = line[x + 1 < width ? x + 1 : width - 1];
                    edge = (a != 0.0f && a != 255.0f) || a != left || a != right || a != up[x] || a != down[x];
                }
            }
            marks[b] = (uint8_t)edge;
            found |= edge;
        }
    }
    return found;
}

#else

int32_t lk_edge_blocks_avx2(const float *alpha, int32_t width, int32_t height, int32_t firstRow, int32_t endRow,
                            uint8_t *raw) {
    (void)alpha; (void)width; (void)height; (void)firstRow; (void)endRow; (void)raw;
    return 0;
}

#endif

/* EdgeSoftening's band map, the sideways step (plain C, any architecture). Two sweeps per row — the distance
 * back to the last marked block and on to the next — instead of setting each marked block's neighbours.
 * Measured reason: in Swift this step and lk_band_marks' were 5 % of the goo switch frame (glass.g3.switch,
 * perf). */
void lk_band_grow(const uint8_t *raw, int32_t *counts, int32_t bw, int32_t firstRow, int32_t endRow, int32_t reach) {
    for (int32_t y = firstRow; y < endRow; y++) {
        const uint8_t *r = raw + (ptrdiff_t)y * bw;
        int32_t *out = counts + (ptrdiff_t)(y + 1) * bw;
        int64_t last = -((int64_t)reach + 1);
        for (int32_t c = 0; c < bw; c++) {
            if (r[c]) last = c;
            out[c] = c - last <= reach;
        }
        int64_t next = (int64_t)bw + reach + 1;
        for (int32_t c = bw - 1; c >= 0; c--) {
            if (r[c]) next = c;
            if (next - c <= reach) out[c] = 1;
        }
    }
}

void lk_band_marks(const int32_t *counts, int32_t bw, int32_t height, int32_t radius, int32_t firstRow,
                   int32_t endRow, uint8_t *output, uint8_t *horizontal) {
    for (int32_t y = firstRow; y < endRow; y++) {
        const int64_t r = radius;
        const int64_t near0 = y - r > 0 ? y - r : 0, near1 = y + r + 1 < height ? y + r + 1 : height;
        const int64_t far0 = y - 2 * r > 0 ? y - 2 * r : 0, far1 = y + 2 * r + 1 < height ? y + 2 * r + 1 : height;
        const int32_t *n0 = counts + near0 * bw, *n1 = counts + near1 * bw;
        const int32_t *f0 = counts + far0 * bw, *f1 = counts + far1 * bw;
        uint8_t *o = output + (ptrdiff_t)y * bw, *hz = horizontal + (ptrdiff_t)y * bw;
        for (int32_t b = 0; b < bw; b++) {
            o[b] = n1[b] > n0[b];
            hz[b] = f1[b] > f0[b];
        }
    }
}
