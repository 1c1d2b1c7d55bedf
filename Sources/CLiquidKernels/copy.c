#include "CLiquidKernels.h"
#include <string.h>

void lk_copy_rows(uint8_t *out, ptrdiff_t outRowBytes, const uint8_t *in, ptrdiff_t inRowBytes, size_t rowBytes,
                  int32_t rows) {
    /* Ask for the destination rows a few ahead, for writing: a tile's rows lie an image row apart, a stride
     * the hardware prefetchers did not follow. */
    enum { ahead = 4 };
    for (int32_t y = 0; y < rows && y < ahead; y++) {
        for (size_t b = 0; b < rowBytes; b += 64) __builtin_prefetch(out + (ptrdiff_t)y * outRowBytes + b, 1);
    }
    for (int32_t y = 0; y < rows; y++) {
        if (y + ahead < rows) {
            uint8_t *next = out + (ptrdiff_t)(y + ahead) * outRowBytes;
            for (size_t b = 0; b < rowBytes; b += 64) __builtin_prefetch(next + b, 1);
        }
        memcpy(out + (ptrdiff_t)y * outRowBytes, in + (ptrdiff_t)y * inRowBytes, rowBytes);
    }
}
