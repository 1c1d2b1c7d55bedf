#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster

/// The part of a container's rendering that depends only on its geometry, recorded once and replayed while
/// only the backdrop changes: for every surface its shadow alphas, its tile walk (interior runs, straight
/// sides, band tiles) and, in the band tiles, per pixel where the frost is sampled and with which weights
/// (``GlassShader/BandLanes``).
///
/// Guarantee: replaying a bake writes exactly the bytes the direct render writes — the recorded numbers
/// are the direct render's own intermediate values (the same functions compute them), and the replay does
/// the same integer blends in the same order. The merged field, normals, refraction lookups, edge light
/// and shadow distances are not computed again.
///
/// What is recorded: a bake is made for one container, destination size and scale (``Key``); the frost
/// region follows from those, so the recorded tap offsets stay valid for every backdrop. A surface whose
/// glass takes the per-pixel path (touch glows, dispersion, the opaque accessibility modes) keeps only its
/// shadow; its glass is painted directly every frame.
///
/// Memory: 12 bytes per band-tile pixel (three planes of 32 bits), 2 per shadow pixel whose alpha is not 0,
/// plus the tile list; about 10 MB for sixteen 76×96 pt lenses at 3×. ``BackdropCache`` keeps a few
/// bakes within a byte budget, and records one only for a container seen twice in a row.
final class GlassBake {
    /// Everything the recorded numbers depend on.
    struct Key: Hashable {
        var container: GlassContainer
        var width: Int
        var height: Int
        var scale: Double
    }

    /// One step of a surface's tile walk, in the walk's order.
    enum Step {
        case interior(y: Int32, x0: Int32, x1: Int32)
        case straight(x0: Int32, y0: Int32, w: Int32, h: Int32, vertical: Bool, centre: Float, half: Float)
        /// A band tile: rows of ⌈w/8⌉·8 recorded lanes starting at `start` in the band planes.
        case band(x0: Int32, y0: Int32, w: Int32, h: Int32, start: Int)
    }

    /// A run of shadow pixels of one row: `count` alphas from `start` in ``Surface/shadowAlphas``.
    struct ShadowRun {
        var y: Int32, x: Int32, count: Int32
        var start: Int
    }

    struct Surface {
        /// `nil` when the glass is painted directly (see the type's documentation).
        var steps: [Step]?
        var tap: [Int32] = []
        var taps: [UInt32] = []
        var weights: [UInt32] = []
        var shadowRuns: [ShadowRun] = []
        var shadowAlphas: [UInt16] = []
    }

    let key: Key
    var surfaces: [Surface]
    /// The frost's row stride the tap offsets were computed with.
    let frostRowBytes: Int

    init(key: Key, surfaces: [Surface], frostRowBytes: Int) {
        self.key = key
        self.surfaces = surfaces
        self.frostRowBytes = frostRowBytes
    }

    /// Bytes held (the planes, runs and steps).
    var bytes: Int {
        surfaces.reduce(0) { total, s in
            total + 12 * s.tap.count + 2 * s.shadowAlphas.count + MemoryLayout<ShadowRun>.stride * s.shadowRuns.count
                + MemoryLayout<Step>.stride * (s.steps?.count ?? 0)
        }
    }
}

/// Records a surface's tile walk and band lanes (a ``SurfaceTileVisitor`` that paints nothing).
struct GlassBakeRecorder: SurfaceTileVisitor {
    let shader: GlassShader
    let frostWidth: Int, frostHeight: Int, frostRowBytes: Int
    var surface = GlassBake.Surface(steps: [])

    mutating func interior(y: Int, x0: Int, x1: Int) {
        surface.steps!.append(.interior(y: Int32(y), x0: Int32(x0), x1: Int32(x1)))
    }

    mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {
        surface.steps!.append(.straight(x0: Int32(x0), y0: Int32(y0), w: Int32(w), h: Int32(h), vertical: vertical,
                                        centre: centre, half: half))
    }

    /// Every group of eight lanes is computed by ``GlassShader/bandLanes(_:stride:x:y:frostWidth:frostHeight:frostRowBytes:)``,
    /// also a row's last, partial one: its lanes past the tile read the field buffer's padding (finite
    /// values, see ``SurfacePlan/walkTiles(bandLimit:visitor:)``) and are never replayed.
    mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) {
        let start = surface.tap.count
        surface.steps!.append(.band(x0: Int32(x0), y0: Int32(y0), w: Int32(w), h: Int32(h), start: start))
        for j in 0..<h {
            let fc = field + (j + 1) * stride + 1
            var i = 0
            while i < w {
                let lanes = shader.bandLanes(fc + i, stride: stride, x: x0 + i, y: y0 + j, frostWidth: frostWidth,
                                             frostHeight: frostHeight, frostRowBytes: frostRowBytes)
                    ?? GlassShader.BandLanes(tap: .zero, taps: .zero, weights: .zero)
                for k in 0..<8 {
                    surface.tap.append(lanes.tap[k])
                    surface.taps.append(lanes.taps[k])
                    surface.weights.append(lanes.weights[k])
                }
                i += 8
            }
        }
    }
}

extension GlassShader {
    /// Paints a surface's glass from its recorded walk (see ``GlassBake``); the same pixels as walking the
    /// surface's tiles with this shader.
    ///
    /// Band tiles go through `lk_glass_band_avx2` where the CPU runs AVX2 (`kernels` `.automatic`), whole
    /// groups of eight lanes at a time (sixteen where it runs AVX-512); a row's partial last group, and every group elsewhere, take the
    /// Swift path below, which computes the same bytes. Measured reason (`liquid bench --filter glass
    /// --profile`, AMD EPYC, one core): G2's glass band 5.5 → 4.0 ms and its median 11.06 → 8.92 ms (with
    /// the shadow's kernel) — the Swift form reads the four taps lane by lane and blends in two SSE2 halves;
    /// the kernel loads each pixel's two horizontal taps as one 8-byte pair and blends in 256-bit lanes.
    mutating func replay(_ surface: GlassBake.Surface, steps: [GlassBake.Step], frost: PixmapView,
                         kernels: KernelSet = .automatic) {
        #if canImport(CLiquidKernels)
        let avx2 = kernels.usesAVX2
        let wide: Int32 = kernels.usesAVX512 ? 1 : 0
        var cTone = kernelTone
        #else
        let avx2 = false
        #endif
        surface.tap.withUnsafeBufferPointer { tapBuffer in
            surface.taps.withUnsafeBufferPointer { tapsBuffer in
                surface.weights.withUnsafeBufferPointer { weightsBuffer in
                    let tapPlane = UnsafeRawPointer(tapBuffer.baseAddress!)
                    let tapsPlane = UnsafeRawPointer(tapsBuffer.baseAddress!)
                    let weightsPlane = UnsafeRawPointer(weightsBuffer.baseAddress!)
                    for step in steps {
                        switch step {
                        case .interior(let y, let x0, let x1):
                            interior(y: Int(y), x0: Int(x0), x1: Int(x1))
                        case .straight(let x0, let y0, let w, let h, let vertical, let centre, let half):
                            straight(x0: Int(x0), y0: Int(y0), w: Int(w), h: Int(h), vertical: vertical, centre: centre,
                                     half: half)
                        case .band(let x0, let y0, let w, let h, let start):
                            let w = Int(w), x0 = Int(x0), padded = (w + 7) & ~7
                            var first = 0
                            #if canImport(CLiquidKernels)
                            if avx2 {
                                lk_glass_band_avx2(tapBuffer.baseAddress! + start, tapsBuffer.baseAddress! + start,
                                                   weightsBuffer.baseAddress! + start, Int32(w), h, Int32(padded),
                                                   frost.base, Int32(frost.rowBytes), dst.row(Int(y0)) + 4 * x0,
                                                   dst.rowBytes, &cTone, wide)
                                first = w & ~7
                                if first == w { continue }
                            }
                            #endif
                            var index = start
                            for j in 0..<Int(h) {
                                let out = UnsafeMutableRawPointer(dst.row(Int(y0) + j))
                                var i = first
                                while i < w {
                                    let weights = weightsPlane.loadUnaligned(fromByteOffset: 4 * (index + i),
                                                                             as: SIMD8<UInt32>.self)
                                    if weights & 0xFFFF != .zero {
                                        let tap = tapPlane.loadUnaligned(fromByteOffset: 4 * (index + i), as: SIMD8<Int32>.self)
                                        let taps = tapsPlane.loadUnaligned(fromByteOffset: 4 * (index + i), as: SIMD8<UInt32>.self)
                                        if i + 8 <= w {
                                            applyBand(BandLanes(tap: tap, taps: taps, weights: weights), x: x0 + i, out: out,
                                                      frost: frost)
                                        } else {
                                            for k in 0..<(w - i) {
                                                applyBand(tap: tap[k], taps: taps[k], weights: weights[k], x: x0 + i + k,
                                                          out: out, frost: frost)
                                            }
                                        }
                                    }
                                    i += 8
                                }
                                index += padded
                            }
                        }
                    }
                }
            }
        }
    }
}
