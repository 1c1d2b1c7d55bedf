#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLiquidKernels
import Synchronization

/// A small persistent set of threads that runs the jobs of parallel loops: the pixel passes of the
/// filters split their rows (or columns) into bands and hand the bands out here, and the compositor hands
/// out its layers' drawing updates and its screen tiles.
///
/// A pool of `n` workers creates `n − 1` threads once, in ``init(workers:)``; the thread that calls
/// ``forEach(_:_:)`` is the n-th worker. A thread that runs out of jobs polls for the next loop for at
/// most ``spinNanoseconds`` and then sleeps on a condition variable until one is published. A loop hands
/// out the job indices `0..<count` from one shared counter, so each index runs exactly once, on whichever
/// worker claims it first; ``forEach(_:_:)`` returns when every job has finished.
///
/// Loops nest: a loop started from inside a job of this pool is published too (up to
/// ``maximumLoops`` at once), so a worker that has finished its own jobs helps with the bands of a long
/// job still running elsewhere (one layer's blur while the other layers' updates are done) instead of
/// idling. Idle threads take the most deeply nested loop first — the one an unfinished job is waiting
/// for — and a thread waiting for the last jobs of its own loop helps only loops nested deeper than it.
/// Measured reason: a control's frame hands out its drawing updates as one loop; the longest update (the
/// goo layer's blur and edge softening) ran its bands alone on one core while the second idled, so two
/// workers made the slider's frame only 0.91 of one worker's; with nested loops and the softening in
/// bands, 0.70 (and `ui.gallery.frame` 0.67–0.72, from 0.73–0.87).
///
/// Guarantees:
/// - Never more than ``workerCount`` threads run jobs of this pool at once. A loop started from outside
///   the pool's jobs while another is running (from another thread, or from work that must stay on the
///   calling thread) runs its jobs one after another on the calling thread instead of waiting or adding
///   threads, as does a nested loop when ``maximumLoops`` are already running, or a loop started inside
///   a job of another pool; so nesting cannot deadlock or oversubscribe.
/// - No waiting cycle: a thread waits only for jobs that other threads are running, and it claims jobs
///   only of loops nested deeper than the one it waits for (or, when idle, of any loop), so every wait
///   points to a deeper loop and the deepest always runs.
/// - A loop allocates nothing: the job closure stays on the caller's stack and is only borrowed by the
///   workers until the loop returns.
/// - Which worker runs which job is unspecified, so a job must compute the same bytes whichever thread
///   runs it; the filters' bands do (each band computes exactly what the single-threaded pass computes
///   for its rows), which makes their output independent of the worker count.
/// - Releasing the last reference stops and joins the threads (``shutDown()`` does it earlier).
///
/// Why a reference type: a pool is a set of threads, an identity, not a value. It is `Sendable`: all its
/// mutable state is guarded by one mutex (see the ownership note on `State`).
public final class WorkerPool: @unchecked Sendable {
    /// How many threads run jobs, counting the caller's (≥ 1).
    public let workerCount: Int
    /// How long a thread that ran out of jobs polls for the next loop before it sleeps, and how long the
    /// caller polls for the other workers' last jobs before it sleeps: 0.1 ms.
    ///
    /// Measured reason: a frame hands the pool many short loops (drawing updates, tiles, filter bands)
    /// close together, and on this project's 2-core virtual machine a condition-variable hand-off between
    /// two threads took about 27 µs each way (a round trip of 52–57 µs, against 0.2–1.2 µs for two threads
    /// polling), which made two workers slower than one on the four separate control frames of
    /// `ui.gallery.frame`. Polling stops 0.1 ms after the last loop, so an idle pool sleeps.
    public static let spinNanoseconds: UInt64 = 100_000
    /// How many loops (an outer one and the loops nested in its jobs) can be published at once; a loop
    /// started when all are taken runs on its caller alone.
    public static let maximumLoops = 8
    private let state: State
    private let threads: [pthread_t]

    /// A pool of `workers` workers (clamped to 1…64): `workers − 1` threads started now.
    public init(workers: Int) {
        let count = Swift.min(Swift.max(workers, 1), 64)
        workerCount = count
        state = State()
        var threads: [pthread_t] = []
        for _ in 1..<count {
            let box = Unmanaged.passRetained(state).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { raw in
                #if canImport(Darwin)
                let state = Unmanaged<State>.fromOpaque(raw).takeRetainedValue()
                #else
                let state = Unmanaged<State>.fromOpaque(raw!).takeRetainedValue()
                #endif
                state.work()
                return nil
            }, box)
            if started == 0 {
                threads.append(thread)
            } else {
                Unmanaged<State>.fromOpaque(box).release()
            }
        }
        // A thread that could not start only leaves fewer helpers; the loops still complete.
        self.threads = threads
    }

    deinit { shutDown() }

    /// Wakes the threads, lets them finish, and joins them; later loops run on the caller alone.
    /// Calling it again does nothing. Do not call it from inside a job of this pool.
    public func shutDown() {
        guard state.stop() else { return }
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Runs `body(i)` for every `i` in `0..<count`, each exactly once, spread over the workers, and
    /// returns when all have finished. Runs them in order on the calling thread when `count` is 1, the
    /// pool has one worker, or the loop cannot be published (see the guarantees in the type's notes: a
    /// loop from outside the jobs while another runs, every loop slot taken, or a job of another pool).
    public func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count == 1 {
            body(0)
            return
        }
        forEach(count, whileCallerRuns: {}, body)
    }

    /// As ``forEach(_:_:)``, but the calling thread first runs `callerWork` — work that must stay on the
    /// calling thread (the main actor's drawing) — while the other workers start on the jobs, and then
    /// helps with the jobs left. Returns when both are done. `callerWork` runs exactly once, before any job
    /// when the pool cannot share the loop (one worker, or the loop cannot be published).
    public func forEach(_ count: Int, whileCallerRuns callerWork: () -> Void, _ body: @Sendable (Int) -> Void) {
        guard count > 0, workerCount > 1, let depth = state.nestingDepth else {
            callerWork()
            for i in 0..<count { body(i) }
            return
        }
        withoutActuallyEscaping(body) { job in
            // The closure stays in this frame; the workers get its address, never a copy of their own.
            let plain: (Int) -> Void = job
            withUnsafePointer(to: plain) { stored in
                guard let loop = state.begin(UnsafeRawPointer(stored), count: count, depth: depth) else {
                    callerWork()
                    for i in 0..<count { body(i) }
                    return
                }
                callerWork()
                state.help(loop)
                state.finish(loop)
            }
        }
    }

    /// How many of the pool's threads are asleep waiting for a loop, how many it keeps (0 once shut down),
    /// and how many loops have been handed to them (loops run on the caller alone do not count). For tests.
    package var threadCounters: (parked: Int, threads: Int, loops: Int) {
        let c = state.counters
        return (c.parked, state.isStopped ? 0 : threads.count, c.loops)
    }

    /// How many bands ``forEachBand(_:minimum:_:)`` makes of `total` items of at least `minimum` each:
    /// at most ``workerCount``, at least 1.
    public func bandCount(_ total: Int, minimum: Int = 1) -> Int {
        Swift.max(1, Swift.min(workerCount, total / Swift.max(minimum, 1)))
    }

    /// Splits `0..<total` into ``bandCount(_:minimum:)`` contiguous bands (the last one takes the
    /// remainder) and runs `body(band, range)` on each as one job; `band` numbers them from 0, so a job
    /// can use scratch of its own.
    public func forEachBand(_ total: Int, minimum: Int = 1, _ body: @Sendable (Int, Range<Int>) -> Void) {
        guard total > 0 else { return }
        let bands = bandCount(total, minimum: minimum)
        if bands == 1 {
            body(0, 0..<total)
            return
        }
        let size = total / bands
        forEach(bands) { band in
            let lower = band * size
            body(band, lower..<(band == bands - 1 ? total : lower + size))
        }
    }

    // MARK: The process-wide default

    private static let defaultLock = Mutex()
    nonisolated(unsafe) private static var defaultPool: WorkerPool? = nil

    /// The machine's active core count: the processors online (at least 1).
    public static var activeCoreCount: Int {
        Swift.max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    }

    /// The pool the filters of this library use: by default one worker per active core, created on first
    /// use. Set it to choose another count (`WorkerPool(workers: 1)` makes everything single-threaded);
    /// the pool it replaces shuts down once no loop uses it.
    public static var shared: WorkerPool {
        get {
            defaultLock.locked {
                if let pool = defaultPool { return pool }
                let pool = WorkerPool(workers: activeCoreCount)
                defaultPool = pool
                return pool
            }
        }
        set {
            defaultLock.locked { defaultPool = newValue }
        }
    }
}

extension WorkerPool {
    /// A pthread mutex at a stable address.
    final class Mutex: @unchecked Sendable {
        let raw: UnsafeMutablePointer<pthread_mutex_t>
        init() {
            raw = .allocate(capacity: 1)
            pthread_mutex_init(raw, nil)
        }
        deinit {
            pthread_mutex_destroy(raw)
            raw.deallocate()
        }
        func lock() { pthread_mutex_lock(raw) }
        func unlock() { pthread_mutex_unlock(raw) }
        func locked<R>(_ body: () -> R) -> R {
            lock()
            defer { unlock() }
            return body()
        }
    }

    /// The shared state of a pool and its threads.
    ///
    /// Ownership: every stored property, and every field of a `Loop` but its atomic, is read and written
    /// only with `mutex` held. A loop's `job` is the address of its closure in the frame of
    /// ``WorkerPool/forEach(_:_:)``; a worker reads the address under the mutex and calls the closure
    /// through it unlocked. That frame stays alive for the whole loop: `forEach` does not return until the
    /// loop's `unfinished` is 0, i.e. until every claimed job has returned (a job is counted finished only
    /// after its call through the address has ended), and it clears `job` under the mutex before the slot
    /// can hold another loop, so no thread can call a stale address. The jobs share nothing through the
    /// pool; what they touch is the caller's business (the filters give each job its own rows of the
    /// output and its own scratch).
    final class State: @unchecked Sendable {
        /// A slot for one published loop, reused by later loops (the slots are made once, so publishing a
        /// loop allocates nothing). Its fields are guarded by the state's mutex; `remaining` mirrors
        /// `unfinished` for the loop's caller to poll unlocked.
        final class Loop: @unchecked Sendable {
            var job: UnsafeRawPointer? = nil
            var count = 0
            var next = 0
            var unfinished = 0
            /// 0 for a loop started outside the pool's jobs; one more than its parent's for a loop started
            /// inside a job.
            var depth = 0
            let remaining = Atomic<Int>(0)

            var claimable: Bool { job != nil && next < count }
        }

        private let mutex = Mutex()
        /// Signalled when a loop is published and at the stop: what idle threads sleep on.
        private let wake: UnsafeMutablePointer<pthread_cond_t>
        /// Signalled when a loop's last job has finished, and when a loop is published (a caller waiting for
        /// its last jobs may help a nested one): what callers sleep on.
        private let done: UnsafeMutablePointer<pthread_cond_t>
        private let slots: [Loop]
        /// How many slots hold a loop.
        private var running = 0
        private var stopping = false

        /// How many loops have been handed to the threads.
        private var loops = 0
        /// Loops published (and stops), readable without the mutex: what a polling thread watches.
        private let published = Atomic<UInt64>(0)
        /// How many threads are asleep waiting for work.
        private var parked = 0

        init() {
            wake = .allocate(capacity: 1)
            done = .allocate(capacity: 1)
            pthread_cond_init(wake, nil)
            pthread_cond_init(done, nil)
            slots = (0..<WorkerPool.maximumLoops).map { _ in Loop() }
        }

        deinit {
            pthread_cond_destroy(wake)
            pthread_cond_destroy(done)
            wake.deallocate()
            done.deallocate()
        }

        /// The depth a loop started on the current thread would have: 0 outside any job, one more than the
        /// running job's loop inside a job of this pool, and `nil` inside a job of another pool (such a loop
        /// runs on its caller alone, so two pools never add up to more threads than either has).
        var nestingDepth: Int? {
            guard let owner = pthread_getspecific(Self.poolKey.key) else { return 0 }
            guard UnsafeRawPointer(owner) == UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) else { return nil }
            return Int(bitPattern: pthread_getspecific(Self.depthKey.key))
        }

        /// Publishes a loop at `depth`; `nil` when it must run on its caller alone: the pool is stopped,
        /// every slot is taken, or it comes from outside the jobs while another loop runs.
        func begin(_ body: UnsafeRawPointer, count: Int, depth: Int) -> Loop? {
            mutex.lock()
            defer { mutex.unlock() }
            guard !stopping, depth > 0 || running == 0, let loop = slots.first(where: { $0.job == nil }) else {
                return nil
            }
            loop.job = body
            loop.count = count
            loop.next = 0
            loop.unfinished = count
            loop.depth = depth
            loop.remaining.store(count, ordering: .relaxed)
            running += 1
            loops &+= 1
            published.wrappingAdd(1, ordering: .releasing)
            pthread_cond_broadcast(wake)
            pthread_cond_broadcast(done)
            return loop
        }

        /// Claims and runs jobs of `loop` until none is left unclaimed.
        func help(_ loop: Loop) {
            mutex.lock()
            while loop.claimable { runNext(of: loop) }
            mutex.unlock()
        }

        /// Waits for the jobs of `loop` that other workers claimed, meanwhile running jobs of loops nested
        /// deeper than it, then frees its slot.
        func finish(_ loop: Loop) {
            mutex.lock()
            serve(below: loop.depth, until: { loop.unfinished == 0 },
                  watching: { loop.remaining.load(ordering: .acquiring) == 0 }, sleepingOn: done)
            loop.job = nil
            loop.count = 0
            loop.next = 0
            running -= 1
            mutex.unlock()
        }

        /// A worker thread's life: run jobs of the most deeply nested loop that has some unclaimed, else wait
        /// for a loop; repeat until stopped.
        func work() {
            mutex.lock()
            serve(below: -1, until: { stopping }, watching: { false }, sleepingOn: wake)
            mutex.unlock()
        }

        /// Runs jobs of the deepest loops nested deeper than `depth` until `finished()` (checked with the mutex
        /// held). With nothing to run it polls, unlocked, for ``WorkerPool/spinNanoseconds`` from the start of
        /// the idle spell — until a publish or `ready()` — then looks again under the mutex (so a loop
        /// published meanwhile is seen before sleeping: its signal needs the mutex), and once the spell has
        /// run out sleeps on `condition`. A publish that brings nothing to run does not restart the spell,
        /// nor does a wake: with more workers than cores, re-polling after every publish would take the cores
        /// from the threads doing the work. Called and returns with the mutex held.
        private func serve(below depth: Int, until finished: () -> Bool, watching ready: () -> Bool,
                           sleepingOn condition: UnsafeMutablePointer<pthread_cond_t>) {
            // Start of this idle spell's polling (`nil` while busy).
            var polling: UInt64? = nil
            while !finished() {
                if let loop = deepest(below: depth) {
                    runNext(of: loop)
                    polling = nil
                    continue
                }
                let start = polling ?? Self.now()
                if Self.now() &- start < WorkerPool.spinNanoseconds {
                    polling = start
                    let seen = published.load(ordering: .acquiring)
                    mutex.unlock()
                    Self.poll(since: start) { ready() || published.load(ordering: .acquiring) != seen }
                    mutex.lock()
                    continue
                }
                let idle = condition == wake
                if idle { parked += 1 }
                pthread_cond_wait(condition, mutex.raw)
                if idle { parked -= 1 }
            }
        }

        /// The loop with unclaimed jobs nested deepest, deeper than `depth` (with the mutex held). The
        /// deepest first: an unfinished job of its parent is waiting for it.
        private func deepest(below depth: Int) -> Loop? {
            var best: Loop? = nil
            for loop in slots where loop.claimable && loop.depth > depth && loop.depth > (best?.depth ?? -1) {
                best = loop
            }
            return best
        }

        /// Claims the next job of `loop` (which has one unclaimed) and runs it unlocked; called and returns
        /// with the mutex held.
        private func runNext(of loop: Loop) {
            guard let address = loop.job else { return }
            let index = loop.next, depth = loop.depth
            loop.next += 1
            mutex.unlock()
            run(address, index, depth: depth)
            mutex.lock()
            loop.unfinished -= 1
            loop.remaining.store(loop.unfinished, ordering: .releasing)
            if loop.unfinished == 0 { pthread_cond_broadcast(done) }
        }

        /// Returns once `done()` is true, or once ``WorkerPool/spinNanoseconds`` have passed since `start`.
        private static func poll(since start: UInt64, until done: () -> Bool) {
            var spins = 0
            while !done() {
                lk_spin_pause()
                spins += 1
                // The clock is read every 64 polls (a poll is tens of nanoseconds).
                if spins & 63 == 0, now() &- start >= WorkerPool.spinNanoseconds { return }
            }
        }

        private static func now() -> UInt64 {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
        }

        /// Tells the threads to end; `false` when that was already done.
        func stop() -> Bool {
            mutex.lock()
            defer { mutex.unlock() }
            guard !stopping else { return false }
            stopping = true
            published.wrappingAdd(1, ordering: .releasing)
            pthread_cond_broadcast(wake)
            return true
        }

        var isStopped: Bool { mutex.locked { stopping } }

        /// Runs one job of a loop at `depth` with the thread marked as inside a job of this pool at that
        /// depth (so a loop the job starts is published one level deeper).
        @inline(never)
        private func run(_ address: UnsafeRawPointer, _ index: Int, depth: Int) {
            let poolKey = Self.poolKey.key, depthKey = Self.depthKey.key
            let outerPool = pthread_getspecific(poolKey), outerDepth = pthread_getspecific(depthKey)
            pthread_setspecific(poolKey, Unmanaged.passUnretained(self).toOpaque())
            pthread_setspecific(depthKey, UnsafeRawPointer(bitPattern: depth + 1))
            address.assumingMemoryBound(to: ((Int) -> Void).self).pointee(index)
            pthread_setspecific(poolKey, outerPool)
            pthread_setspecific(depthKey, outerDepth)
        }

        /// The threads asleep between loops and the loops handed out so far (for tests).
        var counters: (parked: Int, loops: Int) { mutex.locked { (parked, loops) } }

        /// The pool whose job the thread is running (unset outside jobs), and that job's loop depth + 1.
        private static let poolKey = ThreadKey(), depthKey = ThreadKey()
    }

    /// A thread-specific data key, created once.
    final class ThreadKey: Sendable {
        let key: pthread_key_t
        init() {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            self.key = key
        }
    }
}
