#include "CLiquidKernels.h"

/* The particle draw in plain, portable C: no intrinsics, no target attributes. A particle is a handful of
 * loads, a few float operations and one pixel write. Contraction into fused multiply-adds is off so that
 * every architecture rounds each product and sum on its own, as the Swift side that documents it does. */
#pragma STDC FP_CONTRACT OFF

/* Each channel of the packed pixel p times a / 256 (a <= 256), truncated. */
static inline uint32_t lk_scaled(uint32_t p, uint32_t a) {
    uint32_t rb = (((p & 0x00FF00FFu) * a) >> 8) & 0x00FF00FFu;
    uint32_t ga = (((p >> 8) & 0x00FF00FFu) * a) & 0xFF00FF00u;
    return rb | ga;
}

/* Source over destination, premultiplied: s + d * (256 - alpha of s) / 256 per channel. */
static inline uint32_t lk_over(uint32_t s, uint32_t d) {
    return s + lk_scaled(d, 256 - (s >> 24));
}

void lk_particles_draw(const lk_particle_draw *setup, const float *offsetX, const float *offsetY,
                       const float *lifetime, const uint16_t *texelX, const uint16_t *texelY, int64_t n,
                       const uint32_t *atlas, uint32_t *pixels, int32_t *box) {
    const float bias = 65536.0f;
    const float baseX = setup->baseX, baseY = setup->baseY, cellX = setup->cellX, cellY = setup->cellY;
    const float scale = setup->scale, fadeLifetime = setup->fadeLifetime, fade = setup->fade;
    const int32_t blockW = setup->blockWidth, blockH = setup->blockHeight;
    const int32_t width = setup->width, height = setup->height;
    const int64_t stride = setup->stride, atlasWidth = setup->atlasWidth;
    /* A block starting up to blockW - 1 pixels left of (or above) the target still shows. */
    const float lowX = bias - (float)blockW + 1, lowY = bias - (float)blockH + 1;
    const float highX = (float)width + bias, highY = (float)height + bias;
    int32_t minX = box[0], minY = box[1], maxX = box[2], maxY = box[3];
    const int single = blockW == 1 && blockH == 1;
    for (int64_t i = 0; i < n; i++) {
        float l = lifetime[i];
        if (!(l > 0)) continue;
        float fx = baseX + (float)texelX[i] * cellX + offsetX[i] * scale;
        float fy = baseY + (float)texelY[i] * cellY + offsetY[i] * scale;
        if (!(fx >= lowX && fx < highX && fy >= lowY && fy < highY)) continue;
        int32_t x = (int32_t)fx - 65536, y = (int32_t)fy - 65536;
        uint32_t a = l >= fadeLifetime ? 256u : (uint32_t)(l * fade);
        uint32_t source = lk_scaled(atlas[(int64_t)texelY[i] * atlasWidth + texelX[i]], a);
        if (source == 0) continue;
        if (single) {
            uint32_t *p = pixels + y * stride + x;
            /* An opaque source covers the destination whatever it holds (lk_over gives exactly s), so the
             * destination is not read: the write then needs no load of a line that is usually not cached. */
            *p = source >= 0xFF000000u ? source : lk_over(source, *p);
            if (x < minX) minX = x;
            if (x > maxX) maxX = x;
            if (y < minY) minY = y;
            if (y > maxY) maxY = y;
        } else {
            int32_t x0 = x > 0 ? x : 0, x1 = x + blockW < width ? x + blockW : width;
            int32_t y0 = y > 0 ? y : 0, y1 = y + blockH < height ? y + blockH : height;
            if (x0 >= x1 || y0 >= y1) continue;
            for (int32_t yy = y0; yy < y1; yy++) {
                uint32_t *row = pixels + yy * stride;
                for (int32_t xx = x0; xx < x1; xx++) row[xx] = lk_over(source, row[xx]);
            }
            if (x0 < minX) minX = x0;
            if (x1 - 1 > maxX) maxX = x1 - 1;
            if (y0 < minY) minY = y0;
            if (y1 - 1 > maxY) maxY = y1 - 1;
        }
    }
    box[0] = minX; box[1] = minY; box[2] = maxX; box[3] = maxY;
}
