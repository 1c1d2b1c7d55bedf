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

/* Runs of marked blocks four at a time: each block's sum is one dependent chain of adds (the add latency,
 * not the multiplies, bounds a single block), so four independent chains keep the adder busy. Every
 * block's lanes see exactly the same multiplies and adds in the same order as alone. */
LK_AVX2
void lk_taps_blocks_avx2(float *out, const float *const *sources, const float *weights, int32_t taps,
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

#else

void lk_taps_blocks_avx2(float *out, const float *const *sources, const float *weights, int32_t taps,
                         const uint8_t *marks, int32_t blocks) {
    (void)out; (void)sources; (void)weights; (void)taps; (void)marks; (void)blocks;
}

#endif
