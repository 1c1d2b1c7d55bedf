#include "CLiquidKernels.h"

/* The particle draw in plain, portable C: no intrinsics (one function is also compiled for AVX2). A particle is a handful of
 * loads, a few float operations and one pixel write. Contraction into fused multiply-adds is off so that
 * every architecture rounds each product and sum on its own, as the Swift side that documents it does. */
#pragma STDC FP_CONTRACT OFF

/* Particles per run of the one-pixel draw: its per-particle results take 3 KiB of stack. */
#define LK_PARTICLE_RUN 256

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

/* One-pixel particles, a run at a time in two loops. The first computes every particle's pixel and
 * colour with no branch and no memory access but the store's columns read in order, so the compiler can
 * vectorize it: a particle that is not drawn (dead, off the target) gets colour 0 at a safe position, and
 * the drawn pixels' box is a running minimum and maximum over masked values. The second writes the
 * colours in store order, skipping colour 0, as the plain loop would. Measured on this frame kind: the
 * plain loop spent about as long on its per-particle arithmetic and branches as on its writes; vectorized,
 * that part shrinks to a fraction (with an atlas gather in the first loop it was not vectorized and
 * the split was slower than the plain loop). The same source is compiled twice: for the baseline of the
 * architecture, and on x86-64 also for AVX2 (eight lanes, 32-bit multiplies in one instruction), chosen at
 * run time; both do the same float and integer operations, so they give the same pixels. */
static inline __attribute__((always_inline)) void
lk_particles_draw_pixels(const lk_particle_draw *setup, const float *velocityX, const float *velocityY,
                         const float *lifetime, const uint16_t *texelX, const uint16_t *texelY,
                         const uint32_t *color, const float *travel, const float *fall, const float *spent,
                         int64_t n, uint32_t *pixels, int32_t *box) {
    const float bias = 65536.0f;
    const float baseX = setup->baseX, baseY = setup->baseY, cellX = setup->cellX, cellY = setup->cellY;
    const float fadeLifetime = setup->fadeLifetime, fade = setup->fade;
    const int64_t stride = setup->stride;
    const float highX = (float)setup->width + bias, highY = (float)setup->height + bias;
    int32_t minX = box[0], minY = box[1], maxX = box[2], maxY = box[3];
    int32_t xs[LK_PARTICLE_RUN], ys[LK_PARTICLE_RUN];
    uint32_t sources[LK_PARTICLE_RUN];
    for (int64_t first = 0; first < n; first += LK_PARTICLE_RUN) {
        const int32_t m = n - first < LK_PARTICLE_RUN ? (int32_t)(n - first) : LK_PARTICLE_RUN;
        const float *vx = velocityX + first, *vy = velocityY + first, *life = lifetime + first;
        const uint16_t *tx = texelX + first, *ty = texelY + first;
        const uint32_t *c = color + first;
        for (int32_t j = 0; j < m; j++) {
            /* The column's sums, looked up by the texel column (a gather from a table of a few KiB). */
            const uint16_t column = tx[j];
            const float l = life[j] - spent[column];
            const float fx = baseX + (float)column * cellX + vx[j] * travel[column];
            const float fy = baseY + (float)ty[j] * cellY + (vy[j] * travel[column] + fall[column]);
            const int shown = (l > 0) & (fx >= bias) & (fx < highX) & (fy >= bias) & (fy < highY);
            /* Positions of hidden particles (possibly NaN or huge) are replaced before any conversion. */
            const int32_t x = (int32_t)(shown ? fx : bias) - 65536;
            const int32_t y = (int32_t)(shown ? fy : bias) - 65536;
            /* (uint32_t)(l * fade) below the fade lifetime, 256 from it up; 0 when hidden. */
            const float level = l < fadeLifetime ? l * fade : 256.0f;
            const uint32_t a = shown ? (uint32_t)(int32_t)(level > 0 ? level : 0) : 0;
            const uint32_t s = lk_scaled(c[j], a);
            xs[j] = x; ys[j] = y; sources[j] = s;
            const int drawn = s != 0;
            const int32_t loX = drawn ? x : INT32_MAX, hiX = drawn ? x : INT32_MIN;
            const int32_t loY = drawn ? y : INT32_MAX, hiY = drawn ? y : INT32_MIN;
            minX = loX < minX ? loX : minX; maxX = hiX > maxX ? hiX : maxX;
            minY = loY < minY ? loY : minY; maxY = hiY > maxY ? hiY : maxY;
        }
        for (int32_t j = 0; j < m; j++) {
            const uint32_t s = sources[j];
            if (s == 0) continue;
            uint32_t *p = pixels + ys[j] * stride + xs[j];
            /* An opaque source covers the destination whatever it holds (lk_over gives exactly s), so the
             * destination is not read: the write then needs no load of a line that is usually not cached. */
            *p = s >= 0xFF000000u ? s : lk_over(s, *p);
        }
    }
    box[0] = minX; box[1] = minY; box[2] = maxX; box[3] = maxY;
}

#define LK_PARTICLE_PIXELS_ARGUMENTS \
    const lk_particle_draw *setup, const float *velocityX, const float *velocityY, const float *lifetime, \
    const uint16_t *texelX, const uint16_t *texelY, const uint32_t *color, const float *travel, \
    const float *fall, const float *spent, int64_t n, uint32_t *pixels, int32_t *box

static void lk_particles_draw_pixels_plain(LK_PARTICLE_PIXELS_ARGUMENTS) {
    lk_particles_draw_pixels(setup, velocityX, velocityY, lifetime, texelX, texelY, color, travel, fall, spent, n, pixels, box);
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static void lk_particles_draw_pixels_avx2(LK_PARTICLE_PIXELS_ARGUMENTS) {
    lk_particles_draw_pixels(setup, velocityX, velocityY, lifetime, texelX, texelY, color, travel, fall, spent, n, pixels, box);
}
#endif

void lk_particles_draw(const lk_particle_draw *setup, const float *velocityX, const float *velocityY,
                       const float *lifetime, const uint16_t *texelX, const uint16_t *texelY,
                       const uint32_t *color, const float *travel, const float *fall, const float *spent,
                       int64_t n, uint32_t *pixels, int32_t *box) {
    const int32_t blockW = setup->blockWidth, blockH = setup->blockHeight;
    if (blockW == 1 && blockH == 1) {
#if defined(__x86_64__)
        if (lk_has_avx2()) {
            lk_particles_draw_pixels_avx2(setup, velocityX, velocityY, lifetime, texelX, texelY, color, travel, fall, spent, n, pixels, box);
            return;
        }
#endif
        lk_particles_draw_pixels_plain(setup, velocityX, velocityY, lifetime, texelX, texelY, color, travel, fall, spent, n, pixels, box);
        return;
    }
    const float bias = 65536.0f;
    const float baseX = setup->baseX, baseY = setup->baseY, cellX = setup->cellX, cellY = setup->cellY;
    const float fadeLifetime = setup->fadeLifetime, fade = setup->fade;
    const int32_t width = setup->width, height = setup->height;
    const int64_t stride = setup->stride;
    /* A block starting up to blockW - 1 pixels left of (or above) the target still shows. */
    const float lowX = bias - (float)blockW + 1, lowY = bias - (float)blockH + 1;
    const float highX = (float)width + bias, highY = (float)height + bias;
    int32_t minX = box[0], minY = box[1], maxX = box[2], maxY = box[3];
    for (int64_t i = 0; i < n; i++) {
        const uint16_t column = texelX[i];
        float l = lifetime[i] - spent[column];
        if (!(l > 0)) continue;
        float fx = baseX + (float)column * cellX + velocityX[i] * travel[column];
        float fy = baseY + (float)texelY[i] * cellY + (velocityY[i] * travel[column] + fall[column]);
        if (!(fx >= lowX && fx < highX && fy >= lowY && fy < highY)) continue;
        int32_t x = (int32_t)fx - 65536, y = (int32_t)fy - 65536;
        uint32_t a = l >= fadeLifetime ? 256u : (uint32_t)(l * fade);
        uint32_t source = lk_scaled(color[i], a);
        if (source == 0) continue;
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
    box[0] = minX; box[1] = minY; box[2] = maxX; box[3] = maxY;
}
