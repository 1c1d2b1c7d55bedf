#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidRaster

/// Where a container's render time goes, for benchmarks (`package` API): each phase run on its own,
/// medians over repeated runs taken by the caller. Times are the thread's CPU time (not wall time), so
/// other processes on a shared machine inflate them less.
///
/// - `frost`: cropping and blurring the backdrop region (what the cache saves).
/// - `shadow`: the analytic shadow of every surface.
/// - `field`: tile classification plus evaluating the merged field in mixed tiles (a walk with a visitor
///   that does nothing).
/// - `interior`: the same walk painting only the flat interior runs, minus `field`.
/// - `band`: the whole glass pass minus `field` and `interior` — refraction sampling, tone and rim in the
///   band tiles (straight-side tiles included).
/// - `rim`: the glass pass with rim and Fresnel light versus without (an estimate of the rim's share of
///   `band`).
package struct GlassRenderProfile: Sendable {
    package var frost: Duration = .zero
    package var shadow: Duration = .zero
    package var field: Duration = .zero
    package var interior: Duration = .zero
    package var band: Duration = .zero
    package var rim: Duration = .zero
    /// Pixels reported as interior, in mixed tiles and in straight tiles.
    package var interiorPixels = 0
    package var mixedPixels = 0
    package var straightPixels = 0

    /// A visitor that does nothing (measures the walk and the field alone).
    private struct NullVisitor: SurfaceTileVisitor {
        var interior = 0, mixed = 0, straight = 0
        mutating func interior(y: Int, x0: Int, x1: Int) { interior += x1 - x0 }
        mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) { mixed += w * h }
        mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {
            straight += w * h
        }
    }

    /// Forwards only the interior runs.
    private struct InteriorOnly: SurfaceTileVisitor {
        var shader: GlassShader
        mutating func interior(y: Int, x0: Int, x1: Int) { shader.interior(y: y, x0: x0, x1: x1) }
        mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) {}
        mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {}
    }

    /// The calling thread's CPU time so far.
    package static func threadTime() -> Duration {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
    }

    /// The thread CPU time `body` takes.
    package static func time(_ body: () -> Void) -> Duration {
        let start = threadTime()
        body()
        return threadTime() - start
    }

    /// Times each phase once for `container` over `backdrop` (the destination is a scratch copy). With a
    /// `cache`, it is emptied and the frost is made with its blur workspace, as a render through that cache
    /// would (a fresh workspace grows its scratch buffers on first use, which inflates the frost phase).
    package static func measure(_ container: GlassContainer, over backdrop: Pixmap,
                                cache: BackdropCache? = nil) throws(LiquidError) -> GlassRenderProfile {
        let container = try container.validated()
        var profile = GlassRenderProfile()
        let renderer = GlassRenderer(container: container, width: backdrop.width, height: backdrop.height,
                                     scale: backdrop.scale)
        var frosted: FrostedBackdrop?
        cache?.removeAll()
        profile.frost = Self.time { frosted = renderer.frost(over: backdrop, cache: cache, revision: 0) }
        var scratch = backdrop
        scratch.withMutableView { _ in }
        var unlit = container
        unlit.material.rimIntensity = 0
        let unlitRenderer = GlassRenderer(container: unlit, width: backdrop.width, height: backdrop.height,
                                          scale: backdrop.scale)
        backdrop.withView { backdropView in
            scratch.withMutableView { dst in
                if let shadow = renderer.shadow {
                    profile.shadow = Self.time {
                        for plan in renderer.surfaces { renderer.paintShadow(plan, shadow, into: dst) }
                    }
                }
                guard let frosted else { return }
                frosted.pixmap.withView { frostView in
                    let origin = (frosted.region.x, frosted.region.y)
                    var fieldTime = Duration.zero, interiorTime = Duration.zero, glassTime = Duration.zero
                    var unlitTime = Duration.zero
                    for plan in renderer.surfaces {
                        let shader = renderer.makeShader(plan, frost: frostView, frostOrigin: origin,
                                                         backdrop: backdropView, into: dst)
                        var null = NullVisitor()
                        fieldTime += Self.time { plan.walkTiles(bandLimit: shader.bandLimit, visitor: &null) }
                        profile.interiorPixels += null.interior
                        profile.mixedPixels += null.mixed
                        profile.straightPixels += null.straight
                        var interiorOnly = InteriorOnly(shader: shader)
                        interiorTime += Self.time { plan.walkTiles(bandLimit: shader.bandLimit, visitor: &interiorOnly) }
                        var full = shader
                        glassTime += Self.time { plan.walkTiles(bandLimit: shader.bandLimit, visitor: &full) }
                        shader.release()
                    }
                    for plan in unlitRenderer.surfaces {
                        var shader = unlitRenderer.makeShader(plan, frost: frostView, frostOrigin: origin,
                                                              backdrop: backdropView, into: dst)
                        unlitTime += Self.time { plan.walkTiles(bandLimit: shader.bandLimit, visitor: &shader) }
                        shader.release()
                    }
                    profile.field = fieldTime
                    profile.interior = interiorTime - fieldTime
                    profile.band = glassTime - interiorTime
                    profile.rim = glassTime - unlitTime
                }
            }
        }
        return profile
    }
}
