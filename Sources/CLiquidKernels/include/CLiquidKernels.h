#ifndef CLIQUIDKERNELS_H
#define CLIQUIDKERNELS_H

/* Hand-written kernels for the hottest loops.
 *
 * The SIMD kernels (LiquidRaster's) are compiled for AVX2 (the mesh warp's also for AVX-512) through a
 * per-function target attribute (no compiler flags, so the package builds for any x86-64 and for other
 * architectures) and may only be called when lk_has_avx2() (lk_has_avx512()) returns 1. Elsewhere they are
 * stubs that do nothing, and LiquidRaster runs its portable Swift code instead. Each computes bit for bit
 * what the Swift fallback computes; the Swift side documents the arithmetic and the tests compare the two.
 *
 * The particle kernel (LiquidUI's, at the end) is plain C, built and called on every architecture (on
 * x86-64 with AVX2 it runs a copy of its main loop compiled for AVX2, chosen inside); its arithmetic is
 * stated here, and the tests check its results against a reference written from it. */

#include <stddef.h>
#include <stdint.h>

#pragma clang assume_nonnull begin

/* 1 when the CPU and the operating system run AVX2 code, else 0 (always 0 off x86-64). */
int lk_has_avx2(void);

/* 1 when the CPU and the operating system run AVX2 and AVX-512 (F, BW, VL) code, else 0 (always 0 off
 * x86-64). */
int lk_has_avx512(void);

/* Tells the CPU the caller is in a spin-wait loop (x86 PAUSE; nothing elsewhere): the loop polls more
   gently and leaves the core's shared resources to its sibling. */
void lk_spin_pause(void);

/* Writes back and evicts the cache lines of bytes bytes at start from every cache level (clflush on x86-64,
 * dc civac on AArch64), so that the next access goes to memory. Returns 1, or 0 on other architectures,
 * where it does nothing. */
int lk_flush_from_caches(const void *start, size_t bytes);

/* One span of a mesh warp's pixel row, pixels k ... end - 1 of one cell (k counts from the cell's first
 * pixel; out addresses pixel k's destination): pixel k samples the source at
 * (k + (x0 + xSlope * k), row + (y0 + ySlope * k)), each product and sum rounded to float separately, with
 * lk_remap_clamped_avx2's clamped bilinear arithmetic. With over = 0 the sample is stored; otherwise it is
 * composited source-over onto the destination pixel: d = s + round(d * (255 - s.alpha) / 255) per channel,
 * as t = d * (255 - s.alpha) + 128, (t + (t >> 8)) >> 8. vector chooses the code: 0 pixel by pixel
 * (portable), 1 eight at a time with AVX2 (only where lk_has_avx2() says so), 2 sixteen at a time with
 * AVX-512 (only where lk_has_avx512() says so); the bytes written are the same for each.
 * Preconditions: width, height >= 2; height * rowBytes <= INT32_MAX; positions finite. */
void lk_warp_span(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height, float x0, float xSlope,
                  float row, float y0, float ySlope, int32_t k, int32_t end, int32_t over, int32_t vector,
                  uint8_t *out);

/* count premultiplied pixels composited source-over onto out, with lk_warp_span's arithmetic (opaque
 * pixels are copied, which that arithmetic also gives). */
void lk_over_span(const uint8_t *source, int32_t count, int32_t avx2, uint8_t *out);

/* ReducedBlur's vertical tent block over n bytes: the f source rows rows[0 ..< f] summed per byte lane as
 * S = sum x_m and T = sum of the running S; tent[i] (when tent is not NULL) = inc[i] + 2T - S, then
 * inc[i] = (2f + 1)S - 2T, in wrapping u16 arithmetic (exact for f <= 8). vector: 2 AVX-512, 1 AVX2,
 * 0 portable; all write the same values. */
void lk_tent_block(const uint8_t *_Nonnull const *_Nonnull rows, int32_t f, int32_t n, uint16_t *inc,
                   uint16_t *_Nullable tent, int32_t vector);

/* ReducedBlur's horizontal tent over one vertically reduced RGBA row (4 * w u16 sums): blocks 0 ... paddedWidth
 * of f pixels starting at f * (b - 2) - f / 2 (outside the row: the edge pixel when clamp, else nothing),
 * dst[4 (b - 1) + c] = (float)(previous rising half + 2T - S) * scale for b >= 1. vector >= 1 takes two
 * interior blocks at a time with AVX2; the values are the same. */
void lk_tent_row_rgba(const uint16_t *row, int32_t w, int32_t f, int32_t paddedWidth, int32_t clamp, float scale,
                      int32_t vector, float *dst);

/* Copies rows rows of rowBytes bytes (rows inRowBytes and outRowBytes apart), prefetching the destination
 * rows a few ahead for writing. */
void lk_copy_rows(uint8_t *out, ptrdiff_t outRowBytes, const uint8_t *in, ptrdiff_t inRowBytes, size_t rowBytes,
                  int32_t rows);

/* A mesh warp laid over an image (LiquidRaster's MeshWarpPlan): the unwarped image (pixel (0, 0) at image),
 * the rect of pixels whose centres lie in the mesh (covered, at least 2 x 2), its cells' first pixel
 * columns (startX, columns + 1 of them), the cell row of each covered pixel row (cellRow), which cells move
 * (moving, row-major) and each covered pixel row's (x0, sx, y0, sy) per cell (coefficients, 4 floats at
 * (row * columns + column) * 4). */
typedef struct {
    const uint8_t *image;
    ptrdiff_t imageRowBytes;
    int32_t coveredX, coveredY, coveredWidth, coveredHeight, columns, movingCells;
    const int32_t *startX;
    const int32_t *_Nullable cellRow;
    const uint8_t *_Nullable moving;
    const float *_Nullable coefficients;
} lk_mesh_plan;

/* Draws the area (ax, ay, aw, ah) of the image, in image pixels and inside it, through the plan into out
 * (the area's first pixel; rows outRowBytes apart): moving cells' pixels with lk_warp_span, the others as
 * they are — mode 0 copies, 1 composites source-over (lk_over_span), 2 leaves them unwritten. The same
 * bytes as calling lk_warp_span and lk_over_span run by run; vector is lk_warp_span's (0 portable, 1 AVX2,
 * 2 AVX-512; lk_over_span gets its AVX2 path for either vector choice). */
void lk_mesh_draw(const lk_mesh_plan *plan, int32_t ax, int32_t ay, int32_t aw, int32_t ah, uint8_t *out,
                  ptrdiff_t outRowBytes, int32_t mode, int32_t vector);

/* A ripple ring's light over part of a pixel row: transmit[i] *= 1 - alpha * clamp(min((rho - inner) * rise,
 * (1 - rho) * fall), 0, 1) with u = u0 + (float)(first + i) * du, rho = sqrt(u * u + v2), for i in
 * 0 ... count - 1, every product, sum and square root rounded to float on its own (the same bits with
 * avx2 = 1 or 0). */
void lk_ring_attenuate(float *transmit, int32_t first, int32_t count, float u0, float du, float v2, float inner,
                       float rise, float fall, float alpha, int32_t avx2);

/* One ring's span on one grid row: where it may be above zero, [begin, end) minus the clear middle
 * [holeBegin, holeEnd), grid columns; v2 the row's v squared. */
typedef struct {
    int32_t begin, holeBegin, holeEnd, end;
    float v2;
} lk_ring_span;

/* One ring laid out: its constants (as lk_ring_attenuate's) and its spans, grid rows firstRow ...
 * firstRow + rowCount - 1 at spans[spanOffset ...]; coarse != 0 draws it on the coarse grid (see
 * lk_ring_draw). */
typedef struct {
    float u0, du, inner, rise, fall, alpha;
    int32_t firstRow, rowCount, spanOffset, coarse;
} lk_ring;

/* The coarse grid shared by the canvases (tiles) of one frame: rows grid rows firstRow, firstRow + 2, ...
 * (firstRow even) of count values each at grid columns firstColumn + 2c (firstColumn even), a row every
 * count + 8 floats (values); extents, 2 per row, where each row's values may be below 1; done, one per row:
 * 0 while no canvas has claimed the row, 1 while one computes it, 2 once it is computed (all 0 for a new
 * frame). lk_ring_draw fills a row the first time a canvas needs it and reads it after, for canvases whose
 * coarse columns the grid covers. Several lk_ring_draw calls may share one grid from different threads at
 * once: a row is claimed atomically, and a call that needs a row another is still computing computes its
 * own copy instead of waiting (the same values). */
typedef struct {
    float *values;
    int32_t *extents;
    uint8_t *done;
    int32_t firstColumn, count, rows;
    int64_t firstRow;
} lk_ring_grid;

/* The floats of lk_ring_draw's work buffer for a canvas width pixels wide. */
int64_t lk_ring_work_floats(int32_t width);

/* Draws count rings on a premultiplied image of width x height pixels (rows rowBytes apart) whose pixel
 * (x, y) is grid column x - shiftX, row y - shiftY. Per pixel row, a transmittance row takes every ring's
 * factors (as lk_ring_attenuate computes them) and lk_ring_blend applies it (coverage, when not null, is
 * width bytes a row) over the columns some ring may reach.
 * - An exact ring (coarse == 0) multiplies its factor at every pixel of its span.
 * - The coarse rings' product is computed exactly only at even grid columns of even grid rows; a pixel
 *   between two of those takes their mean, a pixel between four the mean of the two rows' means. Even-even
 *   pixels therefore get the exact product (in ring order); the others differ from it by what linear
 *   interpolation over two pixels misses (bounded by the caller, which picks the coarse rings).
 * A pixel's bytes depend on its grid position only, never on the canvas it is drawn in, nor on whether the
 * coarse rows come from grid (optional; see lk_ring_grid) or are computed for this canvas. work holds
 * lk_ring_work_floats(width) floats, any contents. The same bytes with avx2 = 0 (portable), 1 (AVX2) or 2
 * (AVX-512, only where lk_has_avx512() says so). */
void lk_ring_draw(uint8_t *pixels, ptrdiff_t rowBytes, int32_t width, int32_t height, int32_t shiftX, int32_t shiftY,
                  const lk_ring *rings, int32_t count, const lk_ring_span *spans, const uint8_t *_Nullable coverage,
                  lk_ring_grid *_Nullable grid, float *work, int32_t avx2);

/* White at alpha a = 1 - transmit[x] (times coverage[x] / 255 when coverage is not null) over the
 * premultiplied pixels from ... to - 1: with A = round(a * 65535) (to nearest even), each channel d becomes
 * d + ((((A * ((255 - d) << 8)) >> 16) + 128) >> 8) — within 0.505 of a level of d + a * (255 - d), and d
 * itself wherever a * 255 < 0.5. With avx2 = 1 (only where lk_has_avx2() says so) eight pixels go at a time, in
 * 16-bit lanes, with the same bytes. */
void lk_ring_blend(uint8_t *pixels, const float *transmit, const uint8_t *_Nullable coverage, int32_t from,
                   int32_t to, int32_t avx2);

/* Bilinear remap with clamped edges, output pixels [x, end) of row y, eight at a time: returns the
 * first pixel not written (x plus a multiple of 8, at most end). Pixel i samples the source at
 * (i + dx[i], y + dy[i]) with the arithmetic of Displacement.clampedFour: the position clamped to the
 * image, rounded to 1/256 pixel, four integer weights summing to 256.
 * Preconditions: width, height >= 2; height * rowBytes <= INT32_MAX; dx, dy, out address the row's
 * first pixel. */
int32_t lk_remap_clamped_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                              const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                              uint8_t *out);

/* lk_remap_clamped_avx2 sixteen pixels at a time with AVX-512 (F, BW), the same bytes (only where
 * lk_has_avx512() says so); returns x plus a multiple of 16. */
int32_t lk_remap_clamped_avx512(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                                const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                                uint8_t *out);

/* As lk_remap_clamped_avx2 for groups of eight pixels whose four taps all lie inside the source
 * (Displacement.insideFour's arithmetic, positions limited to +-limit first); stops at the first group
 * with a tap outside and returns its first pixel, which the caller treats per pixel. */
int32_t lk_remap_inside_avx2(const uint8_t *source, int32_t rowBytes, int32_t width, int32_t height,
                             const float *dx, const float *dy, int32_t y, int32_t x, int32_t end,
                             float limit, uint8_t *out);

/* The vertical cubic B-spline of ReducedBlur.enlargeBand: `rows` output rows (row k at out + k * rowBytes)
 * of n bytes each, byte i = ((r0[i]*w0 >> 16) + (r1[i]*w1 >> 16) + (r2[i]*w2 >> 16) + (r3[i]*w3 >> 16)
 * + 130) >> 8, with the weights of row k at weights[4k ... 4k + 3]. Returns 0 (writing nothing) when
 * n < 32, else 1. */
int lk_enlarge_band_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *r2, const uint16_t *r3,
                         const uint16_t *weights, int32_t rows, uint8_t *out, ptrdiff_t rowBytes, int32_t n);

/* ReducedBlur's horizontal widening (FixedWidenedRows.widen) of one padded reduced RGBA row: for each reduced
 * pixel p in 1 ... paddedWidth - 3 and phase k in 0 ... f - 1 with x = f (p - 2) + f / 2 + k inside 0 ... width - 1,
 * out[4x + c] = the low 16 bits of ((w0 s[p-1] + w1 s[p]) + (w2 s[p+1] + w3 s[p+2])) + 1.5 * 2^23 read as bits
 * (channel c of each, weights w0...w3 of phase k at weights[4k ... 4k + 3]), each product and sum rounded to
 * float. vector: 2 AVX-512 (four phases at a time for f = 4, 8), 1 AVX2 (two), 0 portable; the same values. */
void lk_widen_row(const float *source, int32_t paddedWidth, int32_t width, int32_t f, const float *weights,
                  int32_t vector, uint16_t *out);

/* ReducedBlur's alpha widening (WidenedRows.widen) of one padded reduced row of floats: for each reduced pixel
 * p in 1 ... paddedWidth - 3 and phase k with x = f (p - 2) + f / 2 + k inside 0 ... width - 1, out[x] =
 * (w0 s[p-1] + w1 s[p]) + (w2 s[p+1] + w3 s[p+2]) with phase k's weights at weights[4k ... 4k + 3], each product
 * and sum rounded to float. vector >= 1 takes eight values at a time with AVX2; the same values. */
void lk_widen_alpha_row(const float *source, int32_t paddedWidth, int32_t width, int32_t f, const float *weights,
                        int32_t vector, float *out);

/* ReducedBlur.enlargeAlphaRows for one output row, eight values at a time: v = (weights[0]*r0[i] +
 * weights[1]*r1[i]) + (weights[2]*r2[i] + weights[3]*r3[i]), each product and sum rounded to float
 * separately; level = v + 0.5 clamped to [0, 255] and truncated (for a finite v the level Swift's
 * min(max(Int(v + 0.5), 0), 255) gives); out[i] = lookup[level]. Precondition: lookup[k] == lookup[0] for every
 * k < low and lookup[k] == lookup[255] for every k >= high (a group of eight such levels is written without
 * reading the table). Returns the first i not written (n rounded down to a multiple of 8; 0 without AVX2
 * support compiled in). Call only when lk_has_avx2() is 1. */
int32_t lk_enlarge_alpha_row_avx2(const float *r0, const float *r1, const float *r2, const float *r3,
                                  const float *weights, const uint32_t *lookup, int32_t low, int32_t high, int32_t n,
                                  uint32_t *out);

/* SeparableFloatBlur.convolve: out[i] = k[0]*after[0][i] + sum over j = 1...radius of
 * k[j]*(before[j][i] + after[j][i]), multiplied and added separately in this order (no fused multiply-add),
 * for i in [0, n) eight at a time; returns the first i not written (n rounded down to a multiple of 8). */
int32_t lk_convolve_avx2(float *out, int32_t n, const float *kernel, int32_t radius,
                         const float *_Nonnull const *_Nonnull before,
                         const float *_Nonnull const *_Nonnull after);

/* EdgeSoftening's edge blocks, for rows firstRow ..< endRow: raw[y * ceil(width / 8) + b] = 1 when the
 * 8-pixel block b of row y of the width x height alpha plane holds an edge pixel (alpha neither 0 nor 255, or unequal to a neighbour left,
 * right, above or below, edges clamped), else 0; returns whether any of those blocks does. The same marks as the Swift
 * path. Call only when lk_has_avx2() is 1. */
int32_t lk_edge_blocks_avx2(const float *alpha, int32_t width, int32_t height, int32_t firstRow, int32_t endRow,
                            uint8_t *raw);

/* EdgeSoftening's banded blur, one row of 8-float blocks: for every block b in [0, blocks) with marks[b] != 0,
 * out[8b + i] = sum over k in [0, taps) of weights[k] * sources[k][8b + i] (i < 8), starting from 0 and
 * multiplied and added separately in the order of k (no fused multiply-add), so the same floats as eight
 * scalar sums. Blocks with marks[b] == 0 are not written. vector: 1 eight floats per instruction with AVX2
 * (only where lk_has_avx2() is 1), 2 sixteen with AVX-512 (only where lk_has_avx512() is 1); the same floats
 * either way; 0 writes nothing. */
void lk_taps_blocks(float *out, const float *_Nonnull const *_Nonnull sources, const float *weights,
                    int32_t taps, const uint8_t *marks, int32_t blocks, int32_t vector);

/* EdgeSoftening's band map for rows firstRow ..< endRow of a map bw blocks wide (plain C, any architecture):
 * counts[(y + 1) * bw + c] = 1 when some raw[y * bw + d] != 0 has |d - c| <= reach, else 0. */
void lk_band_grow(const uint8_t *raw, int32_t *counts, int32_t bw, int32_t firstRow, int32_t endRow, int32_t reach);

/* EdgeSoftening's band marks for rows firstRow ..< endRow from the column prefix counts (height + 1 rows of bw):
 * output[y * bw + b] = counts[min(y + radius + 1, height)][b] > counts[max(y - radius, 0)][b], and horizontal the
 * same with 2 * radius (plain C, any architecture). */
void lk_band_marks(const int32_t *counts, int32_t bw, int32_t height, int32_t radius, int32_t firstRow,
                   int32_t endRow, uint8_t *output, uint8_t *horizontal);

/* EdgeSoftening's blend for the whole 8-pixel blocks of one row (block b covers pixels 8b ..< 8b + 8 of out,
 * alpha, top and of each of the levels - 1 planes, plane k at blurred + k * planeSize; only blocks with
 * marks[b] != 0): mask m = distance[(int)(clamp(top, 0, 255) * (4096 / 255) + 0.5)]; where m is 0 the pixel is
 * not written; else position = m / 255 * (levels - 1), k = min((int)position, levels - 2), t = position - k,
 * lower = k == 0 ? alpha : plane k - 1, upper = plane k, out = lut[(int)clamp((1 - t) * lower + t * upper + 0.5,
 * 0, 255)] — each operation in single precision in that order, no fused multiply-add. levels >= 2.
 * vector: 1 a block per step with AVX2 (only where lk_has_avx2() is 1), 2 two blocks per step with AVX-512
 * (only where lk_has_avx512() is 1); the same bytes either way; 0 writes nothing. */
void lk_soften_blocks(uint32_t *out, const float *alpha, const float *blurred, int32_t planeSize, int32_t levels,
                      const float *top, const int32_t *distance, const uint32_t *lut, const uint8_t *marks,
                      int32_t blocks, int32_t vector);

/* BakedShading's one-pass composite of `count` premultiplied RGBA8 pixels: per pixel, where the
 * multiply image's alpha is not 0 the W3C multiply of (multiply * scale) over (destination / 255), then where
 * the highlight image's alpha is not 0 the screen of (highlight * scale) over that result, each rounded to
 * bytes (clamp to 0...1, times 255, colour limited to alpha, round to nearest even) — every float operation
 * as in the Swift code, in order, no fused multiply-add. Returns the first pixel not done (count rounded down
 * to even); the caller finishes the rest. vector: 1 two pixels per step with AVX2 (only where lk_has_avx2()
 * is 1), 2 four per step with AVX-512 (only where lk_has_avx512() is 1); the same bytes either way; 0 does
 * nothing and returns 0. */
int32_t lk_shading(uint8_t *destination, const uint8_t *multiply, const uint8_t *highlight, int32_t count,
                   float scale, int32_t vector);

/* Source-over of one premultiplied colour onto destination[0 ..< count], eight pixels at a time:
 * destination[i] = source + PackedPixel.scale(destination[i], 255 - alpha(source)), bit for bit. Returns the
 * first pixel not written (count rounded down to a multiple of 8); the caller finishes the rest. */
int32_t lk_source_over_solid_avx2(uint32_t *destination, int32_t count, uint32_t source);

/* LiquidRaster's MaskedMix: out[i] = PackedPixel.mix(out[i], toward[i], weights[i] >> 24) where that weight is
 * not 0 and out[i] is not transparent (alpha 0), else out[i] is left; eight pixels at a time. Returns the
 * first pixel not written (count rounded down to a multiple of 8); the caller finishes the rest. Only where
 * lk_has_avx2() returns 1. */
int32_t lk_mix_toward_avx2(uint32_t *out, const uint32_t *toward, const uint32_t *weights, int32_t count);

/* See-through glass's colour transform (LiquidGlass's GlassTone): saturation s (s * 256, and t = 256 - s) when
 * saturates is not 0, then an overlay (PackedBlend.Overlay: keep = 256 - its alpha, rb and ga its
 * premultiplied channels times 256 in 16-bit halves). */
typedef struct {
    int32_t s, t, saturates;
    uint32_t keep, rb, ga;
} lk_glass_tone;

/* What GlassShader.bandLanes reads from the shader besides the field: coverage opacity, the band's depth
 * limit, the depth table (steps entries per pixel of depth, plane 0: the refraction offsets), the frost's
 * origin, size and row bytes, the light direction, bevel and rim widths with their inverses, and the
 * Fresnel and rim amounts. */
typedef struct {
    float opacity, bandLimit, steps;
    const float *lut;
    int32_t frostX, frostY, frostWidth, frostHeight, frostRowBytes;
    float lightX, lightY, bevel, rimWidth, inverseBevel, inverseRimWidth, fresnelAmount, rimIntensity;
} lk_glass_geometry;

/* GlassShader.bandLanes for groups / 8 groups of eight pixels of rows y0 ... y0 + rows - 1 (pixels x ...
 * x + groups - 1; field at (x, y0)'s field value, rows stride floats apart): the same Float operations in the
 * same order, row j's results at tap, taps and weights + j * groups (as GlassShader.BandLanes); a group with
 * no pixel inside gets weights 0. Returns 1 when some group has a pixel inside. glows holds glowCount touch
 * glows (x, y, radius, alpha per glow), added as GlassShader.glowWhite8 adds them on the rows
 * GlassShader.rowHasGlow picks. Only where lk_has_avx2() returns 1. */
int32_t lk_glass_lanes_avx2(const float *field, int32_t stride, int32_t x, int32_t y0, int32_t groups, int32_t rows,
                            const lk_glass_geometry *g, const float *glows, int32_t glowCount, int32_t *tap,
                            uint32_t *taps, uint32_t *weights);

/* A glass shadow's distance samples (LiquidGlass's GlassRenderer.ShadowGrid): columns x rows distances on a
 * grid of cell pixels over the destination region (regionX, regionY, regionWidth, regionHeight), and its profile
 * (ShadowProfile: extent, inverseStep, entries and the table of entries + 1 alphas in 0...256); skipInside
 * and cellReach as GlassRenderer.shadeShadow uses them to skip cells under opaque glass. */
typedef struct {
    const float *distances;
    int32_t columns, regionX, regionY, regionWidth, regionHeight, cell, entries, skipInside;
    float extent, inverseStep, cellReach;
    const uint32_t *table;
    /* 1: paint two neighbouring eight-pixel cells at once with AVX-512 (only where lk_has_avx512() returns 1);
     * the same bytes. */
    int32_t wide;
} lk_shadow_grid;

/* GlassRenderer.shadeShadow into a ShadowPainter for cell rows firstCellRow ..< endCellRow: each cell's
 * distances interpolated bilinearly, the alphas looked up and every pixel with a non-zero alpha darkened
 * toward opaque black (PackedBlend.lerp), eight pixels at a time and the rest one at a time, with the Swift
 * path's Float operations in the same order. dst addresses destination pixel (0, 0). Only where
 * lk_has_avx2() returns 1. */
void lk_glass_shadow_cells_avx2(const lk_shadow_grid *s, int32_t firstCellRow, int32_t endCellRow, uint8_t *dst,
                                ptrdiff_t rowBytes);

/* One row (or column) of a straight side of glass (LiquidGlass's GlassShader.StraightLine): frost lines first
 * and second blended with weight (1/256), then toward white by white and over the destination by cover (both
 * 0...256); light is the edge light before rounding, for rows a touch glow reaches. */
typedef struct {
    int32_t first, second;
    uint32_t weight, white, cover;
    float light;
} lk_straight_line;

/* GlassShader.straightRows' groups of eight pixels (i + 8 <= w; the caller paints each row's last few): h rows,
 * row j's line at lines[j], its pixels at out + j * outRowBytes (pixel x0 of row y0 + j) and its frost lines
 * at frost + first (second) * frostRowBytes from frost column frostColumn; rows a glow reaches (glows as in
 * lk_glass_lanes_avx2) get each pixel's white as GlassShader.glowedWhite8 rounds it. The same blends and
 * Float operations as the Swift path. Only where lk_has_avx2() returns 1. */
void lk_glass_straight_rows_avx2(const lk_straight_line *lines, int32_t w, int32_t h, const uint8_t *frost,
                                 int32_t frostRowBytes, int32_t frostColumn, uint8_t *out, ptrdiff_t outRowBytes,
                                 const lk_glass_tone *tone, int32_t x0, int32_t y0, const float *glows,
                                 int32_t glowCount);

/* GlassShader.replay's band tile: h rows of w pixels, row j's recorded lanes at tap/taps/weights + j * stride
 * and its pixels at out + j * outRowBytes; every whole group of eight lanes (i + 8 <= w; the caller paints a
 * row's partial last group) with the arithmetic of GlassShader.applyBand: the four frost taps blended
 * (PackedBlend.lerp along x, then y), toned, lerped toward white by weights >> 16 and over the destination
 * by weights & 0xFFFF; a group whose eight coverages are 0 is left alone. The same bytes as the Swift path.
 * wide (only where the CPU runs AVX-512) takes sixteen lanes at a time, with the same bytes.
 * Only where lk_has_avx2() returns 1. Precondition: the taps lie inside the frost (as recorded). */
void lk_glass_band_avx2(const int32_t *tap, const uint32_t *taps, const uint32_t *weights, int32_t w, int32_t h,
                        int32_t stride, const uint8_t *frost, int32_t frostRowBytes, uint8_t *out,
                        ptrdiff_t outRowBytes, const lk_glass_tone *tone, int32_t wide);

/* A recorded shadow run (LiquidGlass's ShadowRecorder.replayShadow): pixel i of out (count pixels) lerped
 * toward opaque black by alphas[i] (0...256, PackedBlend.lerp), eight at a time, groups of eight zero alphas
 * skipped; returns the first pixel not written (count rounded down to a multiple of 8). Only where
 * lk_has_avx2() returns 1. */
int32_t lk_glass_shadow_avx2(const uint16_t *alphas, int32_t count, uint8_t *out);

/* MutablePixmapView.stretch's row, eight output pixels at a time with AVX2 (only where lk_has_avx2() says so):
 * pixel i (of count, at out + 4 * i) is the bilinear sample of the source pixels u0[i], u1[i] (pixel indices)
 * of rows top and bottom, weights fx[i] and fy, times strength, blended with mode 0 (normal), 1 (multiply)
 * or 2 (screen) at coverage coverX[i] * coverY, with the Swift path's arithmetic; transparent samples leave
 * their pixel alone. Returns the number of pixels done (a multiple of 8). */
int32_t lk_stretch_row_avx2(uint8_t *out, const uint8_t *top, const uint8_t *bottom, const int32_t *u0,
                            const int32_t *u1, const float *fx, const float *coverX, int32_t count, float fy,
                            float coverY, float strength, int32_t mode);

/* lk_stretch_row_avx2 sixteen pixels at a time with AVX-512 (only where lk_has_avx512() says so), the last
 * few under a lane mask: the same bytes, and every pixel of the row done (returns count). The source rows
 * are sourceWidth pixels long, and u0, u1 do not decrease along the row. */
int32_t lk_stretch_row_avx512(uint8_t *out, const uint8_t *top, const uint8_t *bottom, int32_t sourceWidth,
                              const int32_t *u0, const int32_t *u1, const float *fx, const float *coverX, int32_t count,
                              float fy, float coverY, float strength, int32_t mode);

/* The particle kernel below is plain C (no SIMD intrinsics) and may be called on every architecture. */

/* Where and how lk_particles_draw draws one group of particles. */
typedef struct {
    /* Device x of texel column 0's left edge plus 0.5 (so truncation rounds to nearest) plus 65536. */
    float baseX, baseY;
    /* Device pixels per texel across and down. */
    float cellX, cellY;
    /* The lifetime below which a particle fades, and 256 / that lifetime. */
    float fadeLifetime, fade;
    /* The pixels one particle covers (1 x 1, or a coarse particle's block). */
    int32_t blockWidth, blockHeight;
    /* The target's size and row stride, pixels. */
    int32_t width, height, stride;
} lk_particle_draw;

/* Draws dissolving particles [0, n) in order. Particle i, with column c = texelX[i], has the lifetime
 * l = lifetime[i] - spent[c] and is drawn only when l > 0, at device pixel (floor(fx) - 65536,
 * floor(fy) - 65536), fx = baseX + c * cellX + velocityX[i] * travel[c],
 * fy = baseY + texelY[i] * cellY + (velocityY[i] * travel[c] + fall[c]), skipped unless
 * 65537 - blockWidth <= fx < width + 65536 (likewise y). (travel, fall and spent are per-column tables
 * indexed by texel column: the sweep's travel times the scale, gravity times its fall times the scale,
 * and its travel.) Its colour is color[i] with every channel times a / 256 (truncated), a = 256 at
 * l >= fadeLifetime else (uint32_t)(l * fade), drawn source-over (s + d * (256 - alpha of s) / 256 per
 * channel, truncated) on its block clipped to the target. box holds minX, minY, maxX, maxY of the pixels
 * drawn so far and is widened to those drawn here. */
void lk_particles_draw(const lk_particle_draw *setup, const float *velocityX, const float *velocityY,
                       const float *lifetime, const uint16_t *texelX, const uint16_t *texelY,
                       const uint32_t *color, const float *travel, const float *fall, const float *spent,
                       int64_t n, uint32_t *pixels, int32_t *box);

/* A rounded rectangle in pixel coordinates (LiquidRaster's RoundedRectCoverage): edges x0 < x1, y0 < y1 and
 * circular corner radii (top-left, top-right, bottom-right, bottom-left), each >= 0 and fitting the rect. */
typedef struct {
    double x0, y0, x1, y1, tl, tr, br, bl;
} lk_rrect;

/* atan2(y, x) for x >= 0 (the angle between two directions of the same quadrant), within a few units in the
 * last place: the quotient of the smaller by the larger magnitude, halved twice as an angle and summed as
 * the odd series of atan to 3e-20. One definition for every path, so that they agree bit for bit. */
double lk_arc_angle(double y, double x);

/* Pixels from ... to - 1 of pixel row y; sides: 1 subtracts the left corners' cut-outs, 2 the right ones', 3
 * both. */
typedef struct {
    int32_t y, from, to, sides;
} lk_rrect_run;

/* The exact coverage of the pixels of count runs by the rounded rect, quantised to
 * (uint8_t)(255 * clamp(area, 0, 1) + 0.5) and written run after run into out (as many bytes as the runs
 * have pixels). Each pixel's area is its overlap with the rect minus, in order, the cut-outs of the left
 * corners (top-left, bottom-left) and then the right ones (top-right, bottom-right) that the run's sides
 * name: the part of the corner's r x r square outside its quarter disc, integrated in closed form (see
 * rrect.c). areas, when given, receives the unquantised areas in the same order. vector: 2 computes the
 * pixels an arc crosses eight at a time with AVX-512 (only where lk_has_avx512() says so), anything else one
 * at a time; the bytes are the same. Works in fixed buffers on the stack (about 26 KB). */
void lk_rrect_runs(const lk_rrect *shape, const lk_rrect_run *runs, int32_t count, int32_t vector, uint8_t *out,
                   double *_Nullable areas);

/* The analytic goo's column pass for one grid row: out[x] = sum over rows j = first ... last, in that order
 * and starting from 0, of weights[j] * rows[j * rowStride + x], for x < count. vector: 2 takes 64 columns at
 * a time with AVX-512 (only where lk_has_avx512() says so), anything else one at a time; the bits are the
 * same. */
void lk_goo_columns(float *out, int32_t count, const float *rows, int32_t rowStride, int32_t first, int32_t last,
                    const float *weights, int32_t vector);

/* One merged piece [a, b] (pixels) of a pixel row, weighted by its covered height, added to the row's grid
 * columns first ... last (column xi at x = xi * c + 0.5): out[xi] += weight * (cdf((b - x) / sigma) -
 * cdf((a - x) / sigma)), cdf from the 257-entry table phi of the normal CDF on [-4, 4] (0 below, 1 above,
 * linear between entries) — positions in double, the table and sums in float, each operation in that order
 * without fused multiply-add, as AnalyticGoo's Swift loop. vector: 2 runs it eight columns at a time with
 * AVX-512 (only where lk_has_avx512() says so) and returns 1; anything else does nothing and returns 0. */
int32_t lk_goo_piece(float *out, int32_t first, int32_t last, int32_t c, double a, double b, double inverseSigma,
                     float weight, const float *phi, int32_t vector);

/* The analytic goo's interpolation and threshold for one row of grid cells (c x c pixels each, the last
 * cut at width), pixel rows y0 ..< y1 of image (rows rowPixels pixels apart): g0 and g1 are the grid rows
 * above and below ((width - 1) / c + 2 values each). A cell whose four corners all lie below lowCut is left
 * as it is, one whose corners all reach highCut gets full, and the others get lut[clamp((int)(v * 255 + 0.5),
 * 0, 255)] with v the bilinear interpolation of the corners: l = g0 + ty * (g1 - g0) at the cell's columns,
 * ty = (y - y0) * inverseC, then v = l + txOf[x] * (l' - l) — each float operation in that order, no fused
 * multiply-add, as in the Swift code. cellOf[x] = x / c and txOf[x] = (x - c * cellOf[x]) * inverseC for
 * x < width; values holds (width - 1) / c + 49 floats and kinds (width - 1) / c + 33 ints of scratch.
 * vector: 2 runs it with AVX-512 (only where lk_has_avx512() says so) and returns 1; anything else does
 * nothing and returns 0 (the caller computes the cells). */
int32_t lk_goo_cells(uint32_t *image, ptrdiff_t rowPixels, int32_t y0, int32_t y1, int32_t width, const float *g0,
                     const float *g1, int32_t c, float inverseC, float lowCut, float highCut, const uint32_t *lut,
                     uint32_t full, const int32_t *cellOf, const float *txOf, float *values, int32_t *kinds,
                     int32_t vector);

#pragma clang assume_nonnull end

#endif
