#include "CLiquidKernels.h"
#include <string.h>

/* Pixels a mesh warp leaves as they are: copied, composited source-over, or (mode 2) not written. */
static void lk_mesh_plain(const uint8_t *from, int32_t count, uint8_t *out, int32_t mode, int32_t avx2) {
    if (count <= 0) return;
    if (mode == 0) memcpy(out, from, 4 * (size_t)count);
    else if (mode == 1) lk_over_span(from, count, avx2, out);
}

void lk_mesh_draw(const lk_mesh_plan *plan, int32_t ax, int32_t ay, int32_t aw, int32_t ah, uint8_t *out,
                  ptrdiff_t outRowBytes, int32_t mode, int32_t vector) {
    int32_t avx2 = vector != 0;
    const uint8_t *source = plan->image + (ptrdiff_t)plan->coveredY * plan->imageRowBytes + 4 * (ptrdiff_t)plan->coveredX;
    int32_t sourceRowBytes = (int32_t)plan->imageRowBytes, columns = plan->columns, end = ax + aw;
    /* The first cell column whose pixels meet the area. */
    int32_t firstCell = 0;
    while (firstCell < columns && plan->startX[firstCell + 1] <= ax) firstCell++;
    for (int32_t y = ay; y < ay + ah; y++) {
        uint8_t *o = out + (ptrdiff_t)(y - ay) * outRowBytes;
        const uint8_t *row = plan->image + (ptrdiff_t)y * plan->imageRowBytes;
        int32_t j = y - plan->coveredY;
        /* Rows outside the mesh's cells: the image's own pixels. */
        if (j < 0 || j >= plan->coveredHeight || plan->movingCells <= 0) {
            lk_mesh_plain(row + 4 * (ptrdiff_t)ax, aw, o, mode, avx2);
            continue;
        }
        int32_t r = plan->cellRow[j], x = ax;
        if (x < plan->coveredX) {
            int32_t stop = plan->coveredX < end ? plan->coveredX : end;
            lk_mesh_plain(row + 4 * (ptrdiff_t)x, stop - x, o + 4 * (ptrdiff_t)(x - ax), mode, avx2);
            x = stop;
        }
        for (int32_t cell = firstCell; x < end && cell < columns; cell++) {
            int32_t stop = plan->startX[cell + 1] < end ? plan->startX[cell + 1] : end;
            if (stop <= x) continue;
            uint8_t *into = o + 4 * (ptrdiff_t)(x - ax);
            if (plan->moving[(ptrdiff_t)r * columns + cell]) {
                const float *k = plan->coefficients + 4 * ((ptrdiff_t)j * columns + cell);
                int32_t k0 = x - plan->startX[cell];
                lk_warp_span(source, sourceRowBytes, plan->coveredWidth, plan->coveredHeight, k[0], k[1], (float)j, k[2],
                             k[3], k0, k0 + stop - x, mode == 1, vector, into);
            } else {
                lk_mesh_plain(row + 4 * (ptrdiff_t)x, stop - x, into, mode, avx2);
            }
            x = stop;
        }
        if (x < end) lk_mesh_plain(row + 4 * (ptrdiff_t)x, end - x, o + 4 * (ptrdiff_t)(x - ax), mode, avx2);
    }
}
