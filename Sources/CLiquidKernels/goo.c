#include "CLiquidKernels.h"

/* The analytic goo's column pass (LiquidGlass's AnalyticGoo). Every product and sum is rounded on its own
 * (no fused multiply-add) and taken in the same order on every path, so the AVX-512 lanes and the portable
 * loop give the same bits. */
#pragma STDC FP_CONTRACT OFF

static void lk_goo_columns_scalar(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    for (int32_t x = 0; x < count; x++) out[x] = 0;
    for (int32_t j = first; j <= last; j++) {
        const float *row = rows + (ptrdiff_t)j * rowStride;
        float w = weights[j];
        for (int32_t x = 0; x < count; x++) out[x] = out[x] + w * row[x];
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_goo_columns_scalar with 64 columns summed in four registers at a time (the last group under a lane
 * mask): each column's sum still starts at 0 and adds the rows' products in order. */
LK_AVX512
static void lk_goo_columns_avx512(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    for (int32_t x = 0; x < count; x += 64) {
        __mmask16 m[4];
        for (int k = 0; k < 4; k++) {
            int32_t left = count - (x + 16 * k);
            m[k] = left >= 16 ? (__mmask16)0xFFFF : left > 0 ? (__mmask16)((1u << left) - 1) : 0;
        }
        __m512 s0 = _mm512_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
        for (int32_t j = first; j <= last; j++) {
            const float *row = rows + (ptrdiff_t)j * rowStride + x;
            __m512 w = _mm512_set1_ps(weights[j]);
            s0 = _mm512_add_ps(s0, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[0], row)));
            s1 = _mm512_add_ps(s1, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[1], row + 16)));
            s2 = _mm512_add_ps(s2, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[2], row + 32)));
            s3 = _mm512_add_ps(s3, _mm512_mul_ps(w, _mm512_maskz_loadu_ps(m[3], row + 48)));
        }
        _mm512_mask_storeu_ps(out + x, m[0], s0);
        _mm512_mask_storeu_ps(out + x + 16, m[1], s1);
        _mm512_mask_storeu_ps(out + x + 32, m[2], s2);
        _mm512_mask_storeu_ps(out + x + 48, m[3], s3);
    }
}

#else

static void lk_goo_columns_avx512(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first,
                                  int32_t last, const float *weights) {
    lk_goo_columns_scalar(out, count, rows, rowStride, first, last, weights);
}

#endif

void lk_goo_columns(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first, int32_t last,
                    const float *weights, int32_t vector) {
    if (vector >= 2) lk_goo_columns_avx512(out, count, rows, rowStride, first, last, weights);
    else lk_goo_columns_scalar(out, count, rows, rowStride, first, last, weights);
}
