"""Glass workloads G1-G3 (../WORKLOADS.md, "Glass workloads") composed from OpenCV primitives.

Everything that depends only on the geometry is computed here with numpy, outside the timing, from the
same definitions LiquidKit uses (rounded-box signed distances, the polynomial smooth union, the squircle /
Snell refraction table, the rim and Fresnel light, the analytic erfc shadow, anti-aliased coverage). The
timed functions then do what an OpenCV user would do per frame: blur the backdrop region (the frost),
remap it through the precomputed displacement map, colour it (saturation + wash in one cv2.transform),
blend the precomputed rim/Fresnel white, blend the shadow and blend by coverage into the destination.
"""

from __future__ import annotations

import math

SCALE = 3.0

# GlassMaterial.regular (Sources/LiquidGlass/GlassMaterial.swift, GlassStyle.swift, GlassShadow.swift)
FROST_SIGMA_PT = 2.5
SATURATION = 1.4
WASH = 0.08
RIM_INTENSITY = 0.5
FRESNEL = 0.2 * RIM_INTENSITY
RIM_WIDTH_PT = 1.5
INDEX = 1.5
THICKNESS_PT = 12.0
MAX_BEVEL_PT = 20.0
LIGHT_ANGLE = 120.0
SHADOW_OPACITY = 0.16
SHADOW_RADIUS_PT = 8.0
SHADOW_OFFSET_PT = (0.0, 2.0)
FROST_GRID = 32


# --------------------------------------------------------------------------------------------------
# Scene definitions (points), as in Sources/LiquidCommands/GlassBenchmarks.swift
# --------------------------------------------------------------------------------------------------

def capsule(x, y, w, h):
    r = min(w, h) / 2
    return ("rrect", x, y, w, h, r)


def g1_scene():
    """Two surfaces (spacing 0): the bar, then the lens over it. Backdrop: w1's top 249 rows."""
    bar = capsule(16, 12, 358, 62)
    lens = capsule(24, 8, 100, 70)
    return {"height": 249, "spacing": 0.0, "surfaces": [[bar], [lens]]}


def g2_scene():
    """Sixteen lenses, spacing 12 pt: rows 0 and 2 (gaps 8 pt) merge into one surface each, rows 1 and 3
    (gaps 24 pt) are four separate surfaces each — ten surfaces, in the order of their first child."""
    surfaces = []
    for row in range(4):
        gap = 8.0 if row % 2 == 0 else 24.0
        x0 = (390 - (4 * 76 + 3 * gap)) / 2
        y = 96 + row * 190
        shapes = []
        for col in range(4):
            x = x0 + col * (76 + gap)
            if (row + col) % 2 == 0:
                shapes.append(("rrect", x, y + 10, 76, 76, 38))  # circle r 38 centred at (x+38, y+48)
            else:
                shapes.append(("rrect", x, y, 76, 96, 24))
        if row % 2 == 0:
            surfaces.append(shapes)
        else:
            surfaces.extend([[s] for s in shapes])
    return {"height": 2532, "spacing": 12.0, "surfaces": surfaces}


# --------------------------------------------------------------------------------------------------
# Geometry (numpy, outside the timing)
# --------------------------------------------------------------------------------------------------

def rounded_box_distance(np, shape, xs, ys):
    """Signed distance (pixels) of a rounded rect with circular corners; shape in points."""
    _, x, y, w, h, r = shape
    s = SCALE
    cx, cy, hw, hh, rr = (x + w / 2) * s, (y + h / 2) * s, w / 2 * s, h / 2 * s, r * s
    qx = np.abs(xs - cx) - hw + rr
    qy = np.abs(ys - cy) - hh + rr
    ox, oy = np.maximum(qx, 0), np.maximum(qy, 0)
    return np.sqrt(ox * ox + oy * oy) + np.minimum(np.maximum(qx, qy), 0) - rr


def merged_field(np, shapes, k, xs, ys):
    """ClusterField's fold: start at the minimum, smooth-min every other member in order."""
    ds = [rounded_box_distance(np, sh, xs, ys) for sh in shapes]
    if len(ds) == 1:
        return ds[0]
    stack = np.stack(ds)
    best = np.argmin(stack, axis=0)
    r = stack.min(axis=0)
    for i, d in enumerate(ds):
        h = np.maximum(k - np.abs(r - d), 0)
        blended = np.minimum(r, d) - h * h / (4 * k) if k > 0 else np.minimum(r, d)
        r = np.where(best == i, r, blended)
    return r


def refraction_table(bevel, thickness):
    n = 128
    values = [0.0] * (n + 1)
    for i in range(1, n):
        x = i / n
        u = 1 - x
        inner = 1 - u ** 4
        y = inner ** 0.25
        dy = u ** 3 * inner ** -0.75
        theta = math.atan(thickness / bevel * dy)
        refracted = math.asin(math.sin(theta) / INDEX)
        off = thickness * y * math.tan(theta - refracted)
        values[i] = max(0.0, off) if math.isfinite(off) else 0.0
    return values


def shadow_extent(sigma):
    lo, hi = 0.0, 10.0
    for _ in range(50):
        mid = (lo + hi) / 2
        if SHADOW_OPACITY * 0.5 * math.erfc(mid / math.sqrt(2)) * 256 < 0.5:
            hi = mid
        else:
            lo = mid
    return hi * sigma


def pixel_rect(box, margin, width, height):
    x0 = max(0, math.floor(box[0] - margin))
    y0 = max(0, math.floor(box[1] - margin))
    x1 = min(width, math.ceil(box[2] + margin))
    y1 = min(height, math.ceil(box[3] + margin))
    return x0, y0, x1, y1


def plan(cv2, np, scene, width):
    """Everything geometry-dependent: frost region, and per surface its rect, remap maps, white and
    coverage weights, and its shadow rect and weights."""
    height = scene["height"]
    s = SCALE
    k = 2 * scene["spacing"] * s  # SmoothUnion.blendRadius(forSpacing:) = 2·spacing
    sigma = FROST_SIGMA_PT * s
    rim_width = RIM_WIDTH_PT * s
    light = (math.cos(math.radians(LIGHT_ANGLE)), -math.sin(math.radians(LIGHT_ANGLE)))
    shadow_sigma = SHADOW_RADIUS_PT * s
    extent = shadow_extent(shadow_sigma)
    sox, soy = SHADOW_OFFSET_PT[0] * s, SHADOW_OFFSET_PT[1] * s
    surfaces, reach, union = [], 0.0, None
    for shapes in scene["surfaces"]:
        box = [min(sh[1] for sh in shapes) * s, min(sh[2] for sh in shapes) * s,
               max(sh[1] + sh[3] for sh in shapes) * s, max(sh[2] + sh[4] for sh in shapes) * s]
        rect = pixel_rect(box, 1, width, height)
        corner = min(sh[5] for sh in shapes)
        half_side = min(min(sh[3], sh[4]) / 2 for sh in shapes)
        bevel = min(min(MAX_BEVEL_PT, corner), half_side) * s
        table = refraction_table(bevel, THICKNESS_PT * s)
        reach = max(reach, max(table))
        union = box if union is None else [min(union[0], box[0]), min(union[1], box[1]),
                                           max(union[2], box[2]), max(union[3], box[3])]
        surfaces.append({"shapes": shapes, "rect": rect, "bevel": bevel, "table": table})
    margin = 3 * sigma + reach + 2
    g = FROST_GRID
    snapped = [math.floor((union[0] - margin) / g) * g, math.floor((union[1] - margin) / g) * g,
               math.ceil((union[2] + margin) / g) * g, math.ceil((union[3] + margin) / g) * g]
    frost = pixel_rect(snapped, 0, width, height)
    fx, fy = frost[0], frost[1]
    for sf in surfaces:
        x0, y0, x1, y1 = sf["rect"]
        ys, xs = np.mgrid[y0 - 1:y1 + 1, x0 - 1:x1 + 1].astype(np.float64) + 0.5
        f = merged_field(np, sf["shapes"], k, xs, ys)
        d = f[1:-1, 1:-1]
        gx = f[1:-1, 2:] - f[1:-1, :-2]
        gy = f[2:, 1:-1] - f[:-2, 1:-1]
        length = np.sqrt(gx * gx + gy * gy)
        inv = np.where(length > 1e-12, 1 / np.maximum(length, 1e-12), 0)
        nx, ny = gx * inv, gy * inv
        depth = np.maximum(-d, 0)
        bevel = sf["bevel"]
        band = (-d < max(bevel, rim_width) + 1) & (d < 0.5)
        table = np.array(sf["table"])
        u = np.minimum(depth / bevel, 1) * 128
        i = np.minimum(u.astype(np.int64), 127)
        offset = np.where(band, table[i] + (table[i + 1] - table[i]) * (u - i), 0)
        px = xs[1:-1, 1:-1] - 0.5 - fx
        py = ys[1:-1, 1:-1] - 0.5 - fy
        map_x = (px - nx * offset).astype(np.float32)
        map_y = (py - ny * offset).astype(np.float32)
        ndl = nx * light[0] + ny * light[1]
        lit = np.where(ndl > 0, ndl * ndl, 0.4 * ndl * ndl)
        uu = np.where(depth < bevel, 1 - depth / bevel, 0)
        vv = np.where(depth < rim_width, 1 - depth / rim_width, 0)
        white = np.where(band, FRESNEL * uu ** 3 + RIM_INTENSITY * vv * vv * (0.2 + 0.8 * lit), 0)
        white = np.minimum(white, 1)
        coverage = np.clip(0.5 - d, 0, 1)
        # Fixed-point maps (OpenCV's fastest remap input), converted outside the timing.
        m1, m2 = cv2.convertMaps(map_x, map_y, cv2.CV_16SC2)
        sf.update(map1=m1, map2=m2, white=white.astype(np.float32), keep=(1 - white).astype(np.float32),
                  cover=coverage.astype(np.float32), uncover=(1 - coverage).astype(np.float32))
        # The shadow: ½·erfc of the distance from the offset outline, over the offset rect grown by the extent.
        sx0, sy0, sx1, sy1 = pixel_rect([x0 + sox, y0 + soy, x1 + sox, y1 + soy], math.ceil(extent), width, height)
        ys2, xs2 = np.mgrid[sy0:sy1, sx0:sx1].astype(np.float64) + 0.5
        ds = merged_field(np, sf["shapes"], k, xs2 - sox, ys2 - soy)
        from scipy.special import erfc  # noqa: PLC0415 (scipy is in the peer venv)
        alpha = SHADOW_OPACITY * 0.5 * erfc(ds / (shadow_sigma * math.sqrt(2)))
        alpha = np.where(ds < extent, alpha, 0)
        sf.update(shadow_rect=(sx0, sy0, sx1, sy1), shadow=alpha.astype(np.float32),
                  unshadow=(1 - alpha).astype(np.float32))
    return {"frost": frost, "surfaces": surfaces, "sigma": sigma}


def tone_matrix(np):
    """Saturation (SVG saturate) then the white wash, as one 4×5 affine matrix on RGBA."""
    s, t = SATURATION, 1 - SATURATION
    lum = (0.213, 0.715, 0.072)
    m = np.zeros((4, 5), np.float32)
    for r in range(3):
        for c in range(3):
            m[r, c] = (1 - WASH) * (lum[c] * t + (s if r == c else 0))
        m[r, 4] = WASH * 255
    m[3, 3] = 1 - WASH
    m[3, 4] = WASH * 255
    return m


def glass_peers(libs, w1, scene_fn, blur, stack_ksize):
    """Peers for G1/G2: `blur` is "stack" (cv2.stackBlur, the target) or "gauss" (cv2.GaussianBlur);
    `stack_ksize(σ)` is run.py's σ → stackBlur kernel rule. Returns (run, reset, info)."""
    cv2, np = libs.need("cv2"), libs.need("numpy")
    libs.need("scipy")
    scene = scene_fn()
    backdrop = np.ascontiguousarray(w1[:scene["height"]])
    height, width = backdrop.shape[:2]
    p = plan(cv2, np, scene, width)
    fx0, fy0, fx1, fy1 = p["frost"]
    frost = np.empty((fy1 - fy0, fx1 - fx0, 4), np.uint8)
    region = backdrop[fy0:fy1, fx0:fx1]
    dst = np.empty_like(backdrop)
    white = np.full((height, width, 4), 255, np.uint8)
    black = np.zeros((height, width, 4), np.uint8)
    black[:, :, 3] = 255
    matrix = tone_matrix(np)
    sigma = p["sigma"]
    if blur == "stack":
        k, _ = stack_ksize(sigma)

        def frost_fn():
            cv2.stackBlur(region, (k, k), dst=frost)
        info = {"frost": f"cv2.stackBlur ksize {k} (σ {sigma:g} px)"}
    else:
        k = 2 * int(math.ceil(3 * sigma)) + 1

        def frost_fn():
            cv2.GaussianBlur(region, (k, k), sigmaX=sigma, sigmaY=sigma, dst=frost,
                             borderType=cv2.BORDER_REPLICATE)
        info = {"frost": f"cv2.GaussianBlur ksize {k} σ {sigma:g} px"}
    work = []
    for sf in p["surfaces"]:
        x0, y0, x1, y1 = sf["rect"]
        sx0, sy0, sx1, sy1 = sf["shadow_rect"]
        glass = np.empty((y1 - y0, x1 - x0, 4), np.uint8)
        work.append((sf, dst[y0:y1, x0:x1], dst[sy0:sy1, sx0:sx1], glass, white[:y1 - y0, :x1 - x0],
                     black[:sy1 - sy0, :sx1 - sx0]))
    info.update(frost_region=f"{fx1 - fx0}x{fy1 - fy0}", surfaces=len(work),
                glass_pixels=sum(w[3].shape[0] * w[3].shape[1] for w in work))
    linear, replicate = cv2.INTER_LINEAR, cv2.BORDER_REPLICATE

    def reset():
        np.copyto(dst, backdrop)

    def run():
        frost_fn()
        for sf, _, shadow_roi, _, _, blk in work:
            cv2.blendLinear(shadow_roi, blk, sf["unshadow"], sf["shadow"], dst=shadow_roi)
        for sf, roi, _, glass, wht, _ in work:
            cv2.remap(frost, sf["map1"], sf["map2"], linear, dst=glass, borderMode=replicate)
            cv2.transform(glass, matrix, dst=glass)
            cv2.blendLinear(glass, wht, sf["keep"], sf["white"], dst=glass)
            cv2.blendLinear(roi, glass, sf["uncover"], sf["cover"], dst=roi)
        return dst
    return run, reset, info


# --------------------------------------------------------------------------------------------------
# G3: the goo switch frame
# --------------------------------------------------------------------------------------------------

def smoothstep(x):
    c = min(max(x, 0.0), 1.0)
    return c * c * (3 - 2 * c)


def goo_switch_peer(libs, stack_ksize):
    """G3 from cv2: stackBlur + threshold LUT + edge softening (mask LUT + one blend) + colour composite +
    copy hole + baked shading (multiply, screen). Returns (run, reset, info)."""
    cv2, np = libs.need("cv2"), libs.need("numpy")
    s = SCALE
    w, h = int(math.ceil(65 * s)), int(math.ceil(45 * s))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    track = capsule(7, 7, 51, 31)
    thumb = capsule(7, 3.5, 58, 38)
    a_track = np.clip(0.5 - rounded_box_distance(np, track, xs, ys), 0, 1)
    thumb_d = rounded_box_distance(np, thumb, xs, ys)
    a_thumb = np.clip(0.5 - thumb_d, 0, 1)
    alpha = np.rint((a_track + a_thumb * (1 - a_track)) * 255).astype(np.uint8)
    # Colour: GooParameters.mixedColor(off (0.47, 0.47, 0.5, 0.16), on (0.2, 0.78, 0.35), 0.5).
    on_a, off_a = 0.5, 0.16
    out_a = on_a + off_a * (1 - on_a)
    rgb = [(on * on_a + off * off_a * (1 - on_a)) / out_a for on, off in zip((0.2, 0.78, 0.35), (0.47, 0.47, 0.5))]
    color = np.zeros((h, w, 4), np.uint8)
    color[:, :] = [round(c * 255) for c in rgb] + [255]
    # Goo: blur σ 3 pt, threshold 0.69 with a soft edge of width 0.08 (GooParameters.liquidSwitch).
    k_goo, _ = stack_ksize(3 * s)
    thr, width_ = 0.69, 0.08
    lut_thr = np.array([round(255 * smoothstep((i / 255 - (thr - width_ / 2)) / width_)) for i in range(256)], np.uint8)
    # Edge softening σ 1 pt: mask from the σ-blurred thresholded alpha (|Φ⁻¹(b)| → 1 within σ, 0 beyond
    # 2.5σ), one blend between the sharp and the σ-blurred alpha (LiquidKit blends three levels).
    k_soft, _ = stack_ksize(1 * s)
    from statistics import NormalDist  # noqa: PLC0415
    nd = NormalDist()

    def mask_of(i):
        b = min(max(i / 255, 1e-6), 1 - 1e-6)
        z = abs(nd.inv_cdf(b))
        return min(max((2.5 - z) / 1.5, 0.0), 1.0)
    lut_mask = np.array([mask_of(i) for i in range(256)], np.float32).reshape(256, 1)
    lut_unmask = (1 - lut_mask).astype(np.float32)
    lut_weight = np.array([i / 255 * out_a for i in range(256)], np.float32).reshape(256, 1)
    lut_unweight = (1 - lut_weight).astype(np.float32)
    # Copy hole: the thumb's coverage, white. Baked shading: precomputed multiply factor and screen weight
    # over the thumb's rect (LiquidKit bakes it once too); here a same-sized stand-in of its cost.
    tx0, ty0, tx1, ty1 = pixel_rect([7 * s, 3.5 * s, 65 * s, 41.5 * s], 0, w, h)
    hole = a_thumb[ty0:ty1, tx0:tx1].astype(np.float32)
    unhole = (1 - hole).astype(np.float32)
    tys = ys[ty0:ty1, tx0:tx1]
    shade = np.clip((tys - 3.5 * s) / (38 * s), 0, 1) ** 4 * 0.25 * hole
    factor = np.dstack([np.rint((1 - shade * (1 - c)) * 255) for c in (0.1, 0.12, 0.2)] +
                       [np.full(shade.shape, 255.0)]).astype(np.uint8)
    light = (np.clip(1 - (tys - 3.5 * s) / (0.5 * 38 * s), 0, 1) * 0.35 * hole).astype(np.float32)
    unlight = (1 - light).astype(np.float32)
    white = np.full((ty1 - ty0, tx1 - tx0, 4), 255, np.uint8)
    backdrop = np.zeros((h, w, 4), np.uint8)
    backdrop[:, :] = (235, 235, 240, 255)
    frame = backdrop.copy()
    blurred = np.empty((h, w), np.uint8)
    thresholded = np.empty((h, w), np.uint8)
    soft = np.empty((h, w), np.uint8)
    mask = np.empty((h, w), np.float32)
    unmask = np.empty((h, w), np.float32)
    weight = np.empty((h, w), np.float32)
    unweight = np.empty((h, w), np.float32)
    roi = frame[ty0:ty1, tx0:tx1]

    def reset():
        np.copyto(frame, backdrop)

    def run():
        cv2.stackBlur(alpha, (k_goo, k_goo), dst=blurred)
        cv2.LUT(blurred, lut_thr, dst=thresholded)
        cv2.stackBlur(thresholded, (k_soft, k_soft), dst=soft)
        cv2.LUT(soft, lut_mask, dst=mask)
        cv2.LUT(soft, lut_unmask, dst=unmask)
        cv2.blendLinear(thresholded, soft, unmask, mask, dst=soft)
        cv2.LUT(soft, lut_weight, dst=weight)
        cv2.LUT(soft, lut_unweight, dst=unweight)
        cv2.blendLinear(frame, color, unweight, weight, dst=frame)
        cv2.blendLinear(roi, white, unhole, hole, dst=roi)
        cv2.multiply(roi, factor, dst=roi, scale=1 / 255)
        cv2.blendLinear(roi, white, unlight, light, dst=roi)
        return frame
    info = {"size": f"{w}x{h}", "goo ksize": k_goo, "soften ksize": k_soft}
    return run, reset, info
