#if canImport(Glibc)
import Glibc
#endif
import LiquidGeometry
import Synchronization
import Testing

@testable import LiquidRaster

/// A counter per job index, written only by the job of that index.
private final class Slots: @unchecked Sendable {
    let counts: UnsafeMutableBufferPointer<Int>
    init(_ count: Int) { counts = .allocate(capacity: count); counts.initialize(repeating: 0) }
    deinit { counts.deallocate() }
}

/// Waits (up to about five seconds, polling) until `condition` holds; returns whether it did.
private func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

@Suite("Worker pool")
struct WorkerPoolTests {
    @Test func everyJobRunsExactlyOnce() {
        let pool = WorkerPool(workers: 3)
        #expect(pool.workerCount == 3)
        for count in [1, 2, 3, 7, 64, 1000] {
            let slots = Slots(count)
            pool.forEach(count) { i in slots.counts[i] += 1 }
            #expect(slots.counts.allSatisfy { $0 == 1 }, "\(count) jobs")
        }
        pool.forEach(0) { _ in Issue.record("no job for a count of 0") }
    }

    @Test func workersParkBetweenLoopsAndAreReused() {
        let pool = WorkerPool(workers: 3)
        #expect(pool.threadCounters.threads == 2, "the caller is the third worker")
        #expect(eventually { pool.threadCounters.parked == 2 }, "both threads asleep before any loop")
        for round in 1...20 {
            let slots = Slots(16)
            pool.forEach(16) { i in slots.counts[i] += 1 }
            #expect(slots.counts.allSatisfy { $0 == 1 })
            #expect(pool.threadCounters.loops == round, "each loop handed to the same threads once")
        }
        #expect(pool.threadCounters.threads == 2, "no thread created per loop")
        #expect(eventually { pool.threadCounters.parked == 2 }, "both threads asleep again after the loops")
    }

    @Test func aLoopInsideAJobIsSharedAndCompletes() {
        let pool = WorkerPool(workers: 2)
        let slots = Slots(4 * 10)
        pool.forEach(4) { outer in
            pool.forEach(10) { inner in slots.counts[outer * 10 + inner] += 1 }
        }
        #expect(slots.counts.allSatisfy { $0 == 1 })
        // Two threads run at most two inner loops at once beside the outer one, well within the slots.
        #expect(pool.threadCounters.loops == 5, "the inner loops were handed to the pool too")
    }

    /// A job waits for a sibling job of its nested loop: only another thread can run that sibling, so the
    /// test passes only when a thread that is done with the outer loop helps with the inner one.
    @Test func anIdleThreadHelpsWithANestedLoop() {
        let pool = WorkerPool(workers: 2)
        let first = Atomic<UInt>(0), second = Atomic<UInt>(0)
        pool.forEach(2) { outer in
            guard outer == 1 else { return }
            pool.forEach(2) { inner in
                let me = UInt(pthread_self())  // Glibc's pthread_t is an unsigned integer, never 0 for a thread
                if inner == 1 {
                    second.store(me, ordering: .releasing)
                    return
                }
                first.store(me, ordering: .relaxed)
                // Up to five seconds for the sibling, on another thread.
                for _ in 0..<5000 where second.load(ordering: .acquiring) == 0 { usleep(1000) }
            }
        }
        #expect(second.load(ordering: .acquiring) != 0, "the sibling ran while the first job waited")
        #expect(first.load(ordering: .relaxed) != second.load(ordering: .acquiring), "on another thread")
    }

    @Test func aLoopInsideAnotherPoolsJobRunsInline() {
        let outer = WorkerPool(workers: 2), inner = WorkerPool(workers: 2)
        let slots = Slots(2 * 6)
        outer.forEach(2) { i in
            inner.forEach(6) { j in slots.counts[i * 6 + j] += 1 }
        }
        #expect(slots.counts.allSatisfy { $0 == 1 })
        #expect(inner.threadCounters.loops == 0, "the other pool's threads were not added to this one's")
    }

    /// Loops nested twelve deep (more than the pool's loop slots) with three workers, many times over:
    /// every leaf runs exactly once and nothing deadlocks.
    @Test func deepAndRepeatedNestingCompletes() {
        let pool = WorkerPool(workers: 3)
        let depth = 12, leaves = 1 << depth
        for round in 0..<20 {
            let slots = Slots(leaves)
            @Sendable func level(_ d: Int, _ prefix: Int) {
                if d == depth {
                    slots.counts[prefix] += 1
                    return
                }
                pool.forEach(2) { i in level(d + 1, prefix * 2 + i) }
            }
            level(0, 0)
            #expect(slots.counts.allSatisfy { $0 == 1 }, "round \(round)")
        }
        #expect(pool.threadCounters.loops > 20, "nested loops were shared")
        #expect(pool.threadCounters.threads == 2, "no thread created for the nesting")
    }

    @Test func oneWorkerRunsEverythingOnTheCaller() {
        let pool = WorkerPool(workers: 1)
        #expect(pool.threadCounters.threads == 0)
        let caller = pthread_self()
        let slots = Slots(8)
        pool.forEach(8) { i in slots.counts[i] = pthread_equal(pthread_self(), caller) != 0 ? 1 : 2 }
        #expect(slots.counts.allSatisfy { $0 == 1 })
        #expect(pool.threadCounters.loops == 0)
    }

    @Test func shutDownJoinsTheThreadsAndLaterLoopsStillComplete() {
        let pool = WorkerPool(workers: 4)
        pool.forEach(8) { _ in }
        pool.shutDown()
        #expect(pool.threadCounters.threads == 0)
        let slots = Slots(8)
        pool.forEach(8) { i in slots.counts[i] += 1 }
        #expect(slots.counts.allSatisfy { $0 == 1 })
        pool.shutDown()
    }

    @Test func bandsCoverTheRangeOnceWithinTheLimits() {
        let pool = WorkerPool(workers: 3)
        for (total, minimum) in [(1, 1), (5, 8), (16, 8), (17, 8), (100, 8), (1000, 16), (2, 1)] {
            let slots = Slots(total)
            let sizes = Slots(3)
            pool.forEachBand(total, minimum: minimum) { band, rows in
                sizes.counts[band] = rows.count
                for i in rows { slots.counts[i] += 1 }
            }
            let bands = pool.bandCount(total, minimum: minimum)
            #expect(slots.counts.allSatisfy { $0 == 1 }, "\(total) rows")
            #expect(bands >= 1 && bands <= 3)
            if bands > 1 { #expect(sizes.counts.prefix(bands).allSatisfy { $0 >= minimum }) }
        }
    }

    // MARK: The filters' bytes do not depend on the worker count

    /// A deterministic premultiplied test image with hard shapes and noise.
    private func image(width: Int, height: Int, seed: UInt64) throws -> Pixmap {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: 4 * width * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = UInt8(truncatingIfNeeded: state >> 56)
                let inside = (x / 23 + y / 17) % 3 != 0
                let a: UInt8 = inside ? 255 : noise / 2
                let i = 4 * (y * width + x)
                bytes[i + 3] = a
                bytes[i] = UInt8(Int(noise) * Int(a) / 255)
                bytes[i + 1] = UInt8(Int(255 - noise) * Int(a) / 255)
                bytes[i + 2] = a / 2
            }
        }
        return try Pixmap(width: width, height: height, scale: 1, premultipliedBytes: bytes)
    }

    private func filtered(_ source: Pixmap, workers: Int, _ body: (MutablePixmapView, WorkerPool) -> Void) -> [UInt8] {
        let pool = WorkerPool(workers: workers)
        var copy = source
        copy.withMutableView { body($0, pool) }
        return copy.bytes
    }

    @Test(arguments: [0.8, 2, 6, 20])
    func blurAndGooAreIdenticalAtOneTwoAndThreeWorkers(sigma: Double) throws {
        let source = try image(width: 157, height: 131, seed: UInt64(sigma * 10))
        let blur = try GaussianBlur(sigma: sigma, edgeMode: .transparent)
        let clamped = try GaussianBlur(sigma: sigma, edgeMode: .clamp)
        let goo = try Goo(sigma: sigma, threshold: 0.5, edgeWidth: 0.1, color: RGBA(red: 0.2, green: 0.5, blue: 0.9))
        let runs: [(String, (MutablePixmapView, WorkerPool) -> Void)] = [
            ("blur", { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .automatic, pool: $1) }),
            ("blur clamp portable", { clamped.apply(to: $0, workspace: BlurWorkspace(), kernels: .portable, pool: $1) }),
            ("goo", { goo.apply(to: $0, workspace: BlurWorkspace(), pool: $1) }),
            ("threshold", { goo.threshold.apply(to: $0, pool: $1) }),
        ]
        for (name, run) in runs {
            let one = filtered(source, workers: 1, run)
            #expect(one != source.bytes, "\(name) changes the image")
            for workers in [2, 3] {
                #expect(filtered(source, workers: workers, run) == one, "\(name) σ \(sigma) at \(workers) workers")
            }
        }
    }

    @Test func floatPlaneBlurIsIdenticalAtOneTwoAndThreeWorkers() {
        let w = 61, h = 53
        let kernel = FloatPlaneBlur.kernel(sigma: 2.5)
        let source = (0..<(w * h)).map { Float(($0 * 37) % 256) }
        func run(_ workers: Int) -> [Float] {
            let pool = WorkerPool(workers: workers)
            var out = [Float](repeating: 0, count: w * h), temporary = out
            var row = [Float](repeating: 0, count: workers * (w + kernel.count))
            source.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    temporary.withUnsafeMutableBufferPointer { tmp in
                        row.withUnsafeMutableBufferPointer { r in
                            FloatPlaneBlur.run(source: src.baseAddress!, destination: dst.baseAddress!, width: w, height: h,
                                               kernel: kernel, temporary: tmp.baseAddress!, row: r.baseAddress!, pool: pool)
                        }
                    }
                }
            }
            return out
        }
        let one = run(1)
        #expect(one != source)
        for workers in [2, 3] {
            #expect(run(workers).map(\.bitPattern) == one.map(\.bitPattern), "\(workers) workers")
        }
    }
}
