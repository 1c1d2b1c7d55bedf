#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One kind of rendering work that ``RenderProfiler`` times separately.
package enum RenderPhase: Int, CaseIterable, Sendable {
    /// Drawing shapes into a goo layer's offscreen buffer (clear included).
    case gooDraw
    /// A goo pass's alpha blur and threshold, which run fused (the threshold is a table lookup done while
    /// the blurred alpha is enlarged), so they are one phase.
    case blurThreshold
    /// Softening a goo edge (mask and variable blur).
    case edgeSoftening
    /// Baked shading composited over a thumb or lens.
    case shading
    /// Drop shadows of thumbs and surfaces.
    case shadow
    /// Glass surfaces painted over their frosted backdrop (field walk, refraction, tone and rim).
    case glassBand
    /// Frosting (cropping and blurring) a glass backdrop.
    case frost
    /// Compositing a control's own offscreen images together (goo passes, tint over weights).
    case composite
    /// The compositor's tile work outside every other phase: clearing tiles, copying control images into
    /// them, group compositing.
    case blits

    /// The name used in `liquid bench --json` and the table.
    package var name: String {
        switch self {
        case .gooDraw: "goo_draw"
        case .blurThreshold: "blur_threshold"
        case .edgeSoftening: "edge_softening"
        case .shading: "shading"
        case .shadow: "shadow"
        case .glassBand: "glass_band"
        case .frost: "frost"
        case .composite: "composite"
        case .blits: "blits"
        }
    }
}

/// Optional wall-clock timing of rendering phases, for benchmarks (`package` API).
///
/// Off by default. While off, ``measure(_:_:)`` costs one relaxed atomic load and runs its body; nothing
/// is recorded. While on, every measured body is timed with the monotonic clock and its time, minus the
/// time of phases measured inside it (so nested phases are not counted twice), is added to its phase.
///
/// Each thread keeps its own nesting, and every thread's time is added to the same totals: with several
/// workers rendering at once (`liquid bench --threads N`), the totals are summed thread time, which can
/// exceed the wall time of a frame.
package enum RenderProfiler {
    private struct Frame {
        var phase: RenderPhase
        var start: UInt64
        var nested: UInt64
    }

    private struct State {
        var totals = [UInt64](repeating: 0, count: RenderPhase.allCases.count)
        /// Each thread's open phases, innermost last.
        var stacks: [UInt: [Frame]] = [:]
    }

    /// The calling thread's identity.
    private static var thread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    private static let isOn = Atomic<Bool>(false)
    private static let state = Mutex(State())

    /// Whether timing is on.
    package static var isEnabled: Bool { isOn.load(ordering: .relaxed) }

    /// Clears the totals and turns timing on.
    package static func start() {
        state.withLock { $0 = State() }
        isOn.store(true, ordering: .relaxed)
    }

    /// Turns timing off and returns the nanoseconds spent in each phase since ``start()``.
    package static func stop() -> [RenderPhase: UInt64] {
        isOn.store(false, ordering: .relaxed)
        return state.withLock { state in
            var out: [RenderPhase: UInt64] = [:]
            for phase in RenderPhase.allCases { out[phase] = state.totals[phase.rawValue] }
            return out
        }
    }

    /// Runs `body`, timing it as `phase` when profiling is on.
    @inline(__always)
    package static func measure<R, E: Error>(_ phase: RenderPhase, _ body: () throws(E) -> R) throws(E) -> R {
        guard isOn.load(ordering: .relaxed) else { return try body() }
        begin(phase)
        defer { end() }
        return try body()
    }

    private static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    private static func begin(_ phase: RenderPhase) {
        let start = now(), id = thread
        state.withLock { $0.stacks[id, default: []].append(Frame(phase: phase, start: start, nested: 0)) }
    }

    private static func end() {
        let end = now(), id = thread
        state.withLock { state in
            guard var stack = state.stacks[id], let frame = stack.popLast() else { return }
            let elapsed = end &- frame.start
            state.totals[frame.phase.rawValue] &+= elapsed &- Swift.min(frame.nested, elapsed)
            if !stack.isEmpty { stack[stack.count - 1].nested &+= elapsed }
            state.stacks[id] = stack.isEmpty ? nil : stack
        }
    }
}
