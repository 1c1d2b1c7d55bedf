#include "CLiquidKernels.h"

/* Exact coverage of a rounded rectangle's corner pixels (LiquidRaster's RoundedRectCoverage). Every product,
 * quotient, square root and sum is rounded on its own (no fused multiply-add) and in the same order on
 * every path, so the AVX-512 lanes and the per-pixel code give the same bits. */
#pragma STDC FP_CONTRACT OFF

/* The series of atan(t) / t in z = t * t, t <= tan(pi / 16): (-1)^k / (2k + 1) for k = 0 ... 12. The first
 * term left out, z^13 / 27, is below 3e-20 there. */
#define LK_ATAN_TERMS 13
static const double lk_atan_series[LK_ATAN_TERMS] = {
    1.0,          -1.0 / 3.0,  1.0 / 5.0,  -1.0 / 7.0,  1.0 / 9.0,  -1.0 / 11.0, 1.0 / 13.0,
    -1.0 / 15.0,  1.0 / 17.0,  -1.0 / 19.0, 1.0 / 21.0, -1.0 / 23.0, 1.0 / 25.0,
};
static const double lk_half_pi = 1.57079632679489661923;

static inline double lk_min(double a, double b) { return b < a ? b : a; }
static inline double lk_max(double a, double b) { return b > a ? b : a; }

double lk_arc_angle(double y, double x) {
    double ay = y < 0 ? -y : y, ax = x < 0 ? -x : x;
    int swap = ay > ax;
    double n = swap ? ax : ay, d = swap ? ay : ax;
    double t = d > 0 ? n / d : 0;
    /* Two halvings, atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))), take t from [0, 1] to [0, tan(pi / 16)]. */
    t = t / (1.0 + __builtin_sqrt(1.0 + t * t));
    t = t / (1.0 + __builtin_sqrt(1.0 + t * t));
    double z = t * t, p = lk_atan_series[LK_ATAN_TERMS - 1];
    for (int k = LK_ATAN_TERMS - 2; k >= 0; k--) p = p * z + lk_atan_series[k];
    double a = 4.0 * (t * p);
    double angle = swap ? lk_half_pi - a : a;
    return y < 0 ? -angle : angle;
}

/* One corner's constants on one pixel row: the arc's centre column cx and radius r (r2 = r * r), sx = +1
 * for a right corner and -1 for a left one, the row's extent [va, vb] in the corner frame (v >= 0 toward
 * the sharp corner, clamped to [0, r]) and where the arc meets v = va (uc) and v = vb (ud). */
typedef struct {
    double cx, r, r2, sx, va, vb, uc, ud;
} lk_corner_row;

/* The constants of the corner centred at (cx, cy) with radius r (sx, sy = +1 or -1 pointing from the centre
 * toward the sharp corner) on row y; 0 when the corner cuts nothing from the row. */
static int lk_corner_on_row(double cx, double cy, double r, double sx, double sy, double y, lk_corner_row *out) {
    if (!(r > 0)) return 0;
    double va = lk_max(lk_min(sy > 0 ? y - cy : cy - (y + 1), r), 0);
    double vb = lk_max(lk_min(sy > 0 ? y + 1 - cy : cy - y, r), 0);
    if (!(vb > va)) return 0;
    double r2 = r * r;
    out->cx = cx;
    out->r = r;
    out->r2 = r2;
    out->sx = sx;
    out->va = va;
    out->vb = vb;
    out->uc = __builtin_sqrt(r2 - va * va);
    out->ud = vb >= r ? 0 : __builtin_sqrt(r2 - vb * vb);
    return 1;
}

/* The corners a run's pixels subtract, in order: top-left, bottom-left (left), top-right, bottom-right
 * (right). Returns how many cut into the row. */
static int lk_row_corners(const lk_rrect *s, double y, int32_t sides, lk_corner_row corners[4]) {
    int n = 0;
    if (sides & 1) {
        n += lk_corner_on_row(s->x0 + s->tl, s->y0 + s->tl, s->tl, -1, -1, y, &corners[n]);
        n += lk_corner_on_row(s->x0 + s->bl, s->y1 - s->bl, s->bl, -1, 1, y, &corners[n]);
    }
    if (sides & 2) {
        n += lk_corner_on_row(s->x1 - s->tr, s->y0 + s->tr, s->tr, 1, -1, y, &corners[n]);
        n += lk_corner_on_row(s->x1 - s->br, s->y1 - s->br, s->br, 1, 1, y, &corners[n]);
    }
    return n;
}

/* The overlap of [a, a + 1] with [lo, hi]. */
static inline double lk_overlap(double a, double lo, double hi) { return lk_max(0, lk_min(a + 1, hi) - lk_max(a, lo)); }

/* round(255 * clamp(area, 0, 1)); a NaN area (only from absurd radii near Double's range) gives 0 rather than
 * an undefined conversion. */
static inline uint8_t lk_quantize(double area) {
    double c = area > 0 ? area : 0;
    c = c < 1 ? c : 1;
    return (uint8_t)(c * 255 + 0.5);
}

/* Pixels whose cut-out crosses an arc, queued for lk_arc_cuts: the pixel's extent [ua, ub] x [va, vb] in the
 * corner frame, the corner's ud, uc and r2, and the slot its cut goes to. */
#define LK_RRECT_SLOTS 256
#define LK_RRECT_RUNS 32
typedef struct {
    double ua[LK_RRECT_SLOTS], ub[LK_RRECT_SLOTS], va[LK_RRECT_SLOTS], vb[LK_RRECT_SLOTS];
    double ud[LK_RRECT_SLOTS], uc[LK_RRECT_SLOTS], r2[LK_RRECT_SLOTS];
    int32_t slot[LK_RRECT_SLOTS];
    int32_t count;
} lk_arc_queue;

/* The cut of one queued pixel: its square (ub - ua) x (vb - va) minus the quarter disc's part of it,
 * int_ua^ub clamp(h(u), va, vb) - va du with h(u) = sqrt(r^2 - u^2). The disc covers the full height up to
 * u = ud and h(u) - va from ud to uc; int h = (u h(u) + r^2 asin(u / r)) / 2, the difference of the two
 * arcsines taken as one angle. Requires ua < ub, ua < r, va < vb, va < r. */
static inline double lk_arc_cut(double ua, double ub, double va, double vb, double ud, double uc, double r2) {
    double square = (ub - ua) * (vb - va);
    double area = 0;
    double full = lk_min(ub, ud) - ua;
    if (full > 0) area = (vb - va) * full;
    double lo = lk_max(ua, ud), hi = lk_min(ub, uc);
    if (hi > lo) {
        double hHi = __builtin_sqrt(lk_max(r2 - hi * hi, 0)), hLo = __builtin_sqrt(lk_max(r2 - lo * lo, 0));
        double angle = lk_arc_angle(hi * hLo - lo * hHi, hHi * hLo + hi * lo);
        area = area + (0.5 * (hi * hHi - lo * hLo + r2 * angle) - va * (hi - lo));
    }
    return square - area;
}

static void lk_arc_cuts_scalar(const lk_arc_queue *q, double *cuts) {
    for (int32_t i = 0; i < q->count; i++) {
        cuts[q->slot[i]] = lk_arc_cut(q->ua[i], q->ub[i], q->va[i], q->vb[i], q->ud[i], q->uc[i], q->r2[i]);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define LK_AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

/* lk_arc_angle on eight lanes: the same operations. */
static inline LK_AVX512 __m512d lk_arc_angle8(__m512d y, __m512d x) {
    const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1.0);
    __mmask8 negative = _mm512_cmp_pd_mask(y, zero, _CMP_LT_OQ);
    __m512d ay = _mm512_mask_sub_pd(y, negative, zero, y);
    __m512d ax = _mm512_mask_sub_pd(x, _mm512_cmp_pd_mask(x, zero, _CMP_LT_OQ), zero, x);
    __mmask8 swap = _mm512_cmp_pd_mask(ay, ax, _CMP_GT_OQ);
    __m512d n = _mm512_mask_blend_pd(swap, ay, ax), d = _mm512_mask_blend_pd(swap, ax, ay);
    __m512d t = _mm512_maskz_div_pd(_mm512_cmp_pd_mask(d, zero, _CMP_GT_OQ), n, d);
    t = _mm512_div_pd(t, _mm512_add_pd(one, _mm512_sqrt_pd(_mm512_add_pd(one, _mm512_mul_pd(t, t)))));
    t = _mm512_div_pd(t, _mm512_add_pd(one, _mm512_sqrt_pd(_mm512_add_pd(one, _mm512_mul_pd(t, t)))));
    __m512d z = _mm512_mul_pd(t, t), p = _mm512_set1_pd(lk_atan_series[LK_ATAN_TERMS - 1]);
    for (int k = LK_ATAN_TERMS - 2; k >= 0; k--) p = _mm512_add_pd(_mm512_mul_pd(p, z), _mm512_set1_pd(lk_atan_series[k]));
    __m512d a = _mm512_mul_pd(_mm512_set1_pd(4.0), _mm512_mul_pd(t, p));
    __m512d angle = _mm512_mask_sub_pd(a, swap, _mm512_set1_pd(lk_half_pi), a);
    return _mm512_mask_sub_pd(angle, negative, zero, angle);
}

/* lk_max / lk_min on lanes: b where it is the larger (smaller), else a. */
static inline LK_AVX512 __m512d lk_max8(__m512d a, __m512d b) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(b, a, _CMP_GT_OQ), a, b);
}
static inline LK_AVX512 __m512d lk_min8(__m512d a, __m512d b) {
    return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(b, a, _CMP_LT_OQ), a, b);
}

/* lk_arc_cut on eight queued pixels at a time (the last few under a lane mask): the same operations. The
 * queue's pixels are independent, so the long chain of square roots, quotients and the series overlaps
 * from one group to the next. */
LK_AVX512
static void lk_arc_cuts_avx512(const lk_arc_queue *q, double *cuts) {
    const __m512d zero = _mm512_setzero_pd();
    for (int32_t i = 0; i < q->count; i += 8) {
        __mmask8 live = q->count - i >= 8 ? (__mmask8)0xFF : (__mmask8)((1u << (q->count - i)) - 1);
        __m512d ua = _mm512_maskz_loadu_pd(live, q->ua + i), ub = _mm512_maskz_loadu_pd(live, q->ub + i);
        __m512d va = _mm512_maskz_loadu_pd(live, q->va + i), vb = _mm512_maskz_loadu_pd(live, q->vb + i);
        __m512d ud = _mm512_maskz_loadu_pd(live, q->ud + i), uc = _mm512_maskz_loadu_pd(live, q->uc + i);
        __m512d r2 = _mm512_maskz_loadu_pd(live, q->r2 + i);
        __m512d square = _mm512_mul_pd(_mm512_sub_pd(ub, ua), _mm512_sub_pd(vb, va));
        __m512d full = _mm512_sub_pd(lk_min8(ub, ud), ua);
        __m512d area = _mm512_maskz_mul_pd(_mm512_cmp_pd_mask(full, zero, _CMP_GT_OQ), _mm512_sub_pd(vb, va), full);
        __m512d lo = lk_max8(ua, ud), hi = lk_min8(ub, uc);
        __mmask8 bend = live & _mm512_cmp_pd_mask(hi, lo, _CMP_GT_OQ);
        __m512d hHi = _mm512_sqrt_pd(lk_max8(_mm512_sub_pd(r2, _mm512_mul_pd(hi, hi)), zero));
        __m512d hLo = _mm512_sqrt_pd(lk_max8(_mm512_sub_pd(r2, _mm512_mul_pd(lo, lo)), zero));
        __m512d angle = lk_arc_angle8(_mm512_sub_pd(_mm512_mul_pd(hi, hLo), _mm512_mul_pd(lo, hHi)),
                                      _mm512_add_pd(_mm512_mul_pd(hHi, hLo), _mm512_mul_pd(hi, lo)));
        __m512d under = _mm512_sub_pd(_mm512_mul_pd(hi, hHi), _mm512_mul_pd(lo, hLo));
        __m512d integral = _mm512_mul_pd(_mm512_set1_pd(0.5), _mm512_add_pd(under, _mm512_mul_pd(r2, angle)));
        area = _mm512_mask_add_pd(area, bend, area, _mm512_sub_pd(integral, _mm512_mul_pd(va, _mm512_sub_pd(hi, lo))));
        double result[8];
        _mm512_storeu_pd(result, _mm512_sub_pd(square, area));
        for (int32_t lane = 0; lane < 8 && i + lane < q->count; lane++) cuts[q->slot[i + lane]] = result[lane];
    }
}

#else

static void lk_arc_cuts_avx512(const lk_arc_queue *q, double *cuts) { lk_arc_cuts_scalar(q, cuts); }

#endif

/* A run's row constants, kept from queueing to combining. */
typedef struct {
    lk_corner_row corners[4];
    double coverY;
    int32_t count;
} lk_run_rows;

void lk_rrect_runs(const lk_rrect *shape, const lk_rrect_run *runs, int32_t count, int32_t vector, uint8_t *out,
                   double *_Nullable areas) {
    lk_arc_queue queue;
    double cuts[LK_RRECT_SLOTS];
    lk_run_rows rows[LK_RRECT_RUNS];
    int32_t r = 0, px = count > 0 ? runs[0].from : 0;
    size_t written = 0;
    while (r < count) {
        /* Queue a batch: every pixel's cut per corner, the cheap ones (none, the whole square) at once and
         * the ones an arc crosses for lk_arc_cuts. */
        int32_t firstRun = r, firstPixel = px, slots = 0, batchRuns = 0;
        queue.count = 0;
        while (r < count && batchRuns < LK_RRECT_RUNS) {
            const lk_rrect_run *run = &runs[r];
            lk_run_rows *k = &rows[batchRuns];
            double y = (double)run->y;
            k->count = lk_row_corners(shape, y, run->sides, k->corners);
            k->coverY = lk_overlap(y, shape->y0, shape->y1);
            batchRuns++;
            for (; px < run->to && slots + k->count <= LK_RRECT_SLOTS; px++) {
                double x = (double)px;
                for (int32_t c = 0; c < k->count; c++, slots++) {
                    const lk_corner_row *corner = &k->corners[c];
                    double ua = lk_max(lk_min(corner->sx > 0 ? x - corner->cx : corner->cx - (x + 1), corner->r), 0);
                    double ub = lk_max(lk_min(corner->sx > 0 ? x + 1 - corner->cx : corner->cx - x, corner->r), 0);
                    double va = corner->va, vb = corner->vb, r2 = corner->r2;
                    if (!(ub > ua) || ub * ub + vb * vb <= r2) {
                        cuts[slots] = 0;
                    } else if (ua * ua + va * va >= r2) {
                        cuts[slots] = (ub - ua) * (vb - va);
                    } else {
                        int32_t i = queue.count++;
                        queue.ua[i] = ua;
                        queue.ub[i] = ub;
                        queue.va[i] = va;
                        queue.vb[i] = vb;
                        queue.ud[i] = corner->ud;
                        queue.uc[i] = corner->uc;
                        queue.r2[i] = r2;
                        queue.slot[i] = slots;
                    }
                }
            }
            if (px < run->to) break;
            if (++r < count) px = runs[r].from;
        }
        if (vector >= 2) lk_arc_cuts_avx512(&queue, cuts);
        else lk_arc_cuts_scalar(&queue, cuts);
        /* Combine the batch in the same order: the overlap, then each corner's cut. */
        int32_t slot = 0;
        for (int32_t b = 0; b < batchRuns; b++) {
            const lk_rrect_run *run = &runs[firstRun + b];
            const lk_run_rows *k = &rows[b];
            int32_t from = b == 0 ? firstPixel : run->from, to = firstRun + b == r ? px : run->to;
            for (int32_t x = from; x < to; x++) {
                double area = lk_overlap((double)x, shape->x0, shape->x1) * k->coverY;
                for (int32_t c = 0; c < k->count; c++) area = area - cuts[slot++];
                out[written] = lk_quantize(area);
                if (areas) areas[written] = area;
                written++;
            }
        }
    }
}
