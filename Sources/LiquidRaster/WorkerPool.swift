#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLiquidKernels
import Synchronization

/// A small persistent set of threads that runs the jobs of one parallel loop at a time: the pixel
/// passes of the filters split their rows (or columns) into bands and hand the bands out here.
///
/// A pool of `n` workers creates `n − 1` threads once, in ``init(workers:)``; the thread that calls
/// ``forEach(_:_:)`` is the n-th worker. A thread that runs out of jobs polls for the next loop for at
/// most ``spinNanoseconds`` and then sleeps on a condition variable until one is published. A loop hands out the job indices `0..<count` from one shared counter, so each index runs
/// exactly once, on whichever worker claims it first; ``forEach(_:_:)`` returns when every job has
/// finished.
///
/// Guarantees:
/// - Never more than ``workerCount`` threads run jobs of this pool at once, and a loop started while
///   another is running (from another thread, or from inside a job) runs its jobs one after another on
///   the calling thread instead of waiting or adding threads, so nesting cannot deadlock or oversubscribe.
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
    /// pool has one worker, or the pool is busy (a loop from a job, or from another thread, meanwhile).
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
    /// when the pool cannot share the loop (one worker, busy, or called from a job).
    public func forEach(_ count: Int, whileCallerRuns callerWork: () -> Void, _ body: @Sendable (Int) -> Void) {
        guard count > 0, workerCount > 1, !State.insideJob else {
            callerWork()
            for i in 0..<count { body(i) }
            return
        }
        withoutActuallyEscaping(body) { job in
            // The closure stays in this frame; the workers get its address, never a copy of their own.
            let plain: (Int) -> Void = job
            withUnsafePointer(to: plain) { stored in
                guard state.begin(UnsafeRawPointer(stored), count: count) else {
                    callerWork()
                    for i in 0..<count { body(i) }
                    return
                }
                callerWork()
                state.help()
                state.finish()
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
    /// Ownership: every stored property is read and written only with `mutex` held. `job` is the address
    /// of the loop's closure in the frame of ``WorkerPool/forEach(_:_:)``; a worker reads the address
    /// under the mutex and calls the closure through it unlocked. That frame stays alive for the whole
    /// loop: `forEach` does not return until `unfinished` is 0, i.e. until every claimed job has returned
    /// (a job is counted finished only after its call through the address has ended), and it clears `job`
    /// under the mutex before any new loop can start, so no thread can call a stale address. The jobs
    /// share nothing through the pool; what they touch is the caller's business (the filters give each
    /// job its own rows of the output and its own scratch).
    final class State: @unchecked Sendable {
        private let mutex = Mutex()
        private let wake: UnsafeMutablePointer<pthread_cond_t>
        private let done: UnsafeMutablePointer<pthread_cond_t>
        private var job: UnsafeRawPointer? = nil
        private var count = 0
        private var next = 0
        private var unfinished = 0
        private var busy = false
        private var stopping = false

        /// How many loops have been handed to the threads.
        private var loops = 0
        /// Loops published (and stops), readable without the mutex: what a polling thread watches.
        private let published = Atomic<UInt64>(0)
        /// `unfinished`, readable without the mutex: what the caller polls before it waits for the last jobs.
        private let remaining = Atomic<Int>(0)
        /// How many threads are asleep waiting for work.
        private var parked = 0

        init() {
            wake = .allocate(capacity: 1)
            done = .allocate(capacity: 1)
            pthread_cond_init(wake, nil)
            pthread_cond_init(done, nil)
        }

        deinit {
            pthread_cond_destroy(wake)
            pthread_cond_destroy(done)
            wake.deallocate()
            done.deallocate()
        }

        /// Whether the current thread is running a job of some pool (its key is set by `run`).
        static var insideJob: Bool { pthread_getspecific(jobKey.key) != nil }

        /// Publishes a loop; `false` when the pool is busy or stopped (the caller then runs it alone).
        func begin(_ body: UnsafeRawPointer, count: Int) -> Bool {
            mutex.lock()
            defer { mutex.unlock() }
            guard !busy, !stopping else { return false }
            busy = true
            job = body
            self.count = count
            next = 0
            unfinished = count
            remaining.store(count, ordering: .relaxed)
            loops &+= 1
            published.wrappingAdd(1, ordering: .releasing)
            pthread_cond_broadcast(wake)
            return true
        }

        /// Claims and runs jobs of the current loop until none is left unclaimed.
        func help() {
            mutex.lock()
            while next < count, let address = job {
                let index = next
                next += 1
                mutex.unlock()
                Self.run(address, index)
                mutex.lock()
                unfinished -= 1
                remaining.store(unfinished, ordering: .releasing)
                if unfinished == 0 { pthread_cond_broadcast(done) }
            }
            mutex.unlock()
        }

        /// Waits for the jobs other workers claimed (polling for ``WorkerPool/spinNanoseconds`` first),
        /// then retires the loop.
        func finish() {
            Self.poll { remaining.load(ordering: .acquiring) == 0 }
            mutex.lock()
            while unfinished > 0 { pthread_cond_wait(done, mutex.raw) }
            job = nil
            count = 0
            next = 0
            busy = false
            mutex.unlock()
        }

        /// A worker thread's life: wait until a loop has unclaimed jobs (polling for ``spinNanoseconds``,
        /// then asleep), help, repeat until stopped.
        func work() {
            mutex.lock()
            var mayPoll = true
            while true {
                while !stopping && (job == nil || next >= count) {
                    if mayPoll {
                        // Poll once per idle spell, unlocked; then look again under the mutex, so a loop
                        // published meanwhile is seen before sleeping (its broadcast needs the mutex).
                        mayPoll = false
                        let seen = published.load(ordering: .acquiring)
                        mutex.unlock()
                        Self.poll { published.load(ordering: .acquiring) != seen }
                        mutex.lock()
                        continue
                    }
                    parked += 1
                    pthread_cond_wait(wake, mutex.raw)
                    parked -= 1
                }
                if stopping { break }
                mutex.unlock()
                help()
                mutex.lock()
                mayPoll = true
            }
            mutex.unlock()
        }

        /// Returns once `done()` is true, or after ``WorkerPool/spinNanoseconds``.
        private static func poll(until done: () -> Bool) {
            let start = now()
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

        /// Runs one job with the thread marked as inside a job (so loops started by the job run inline).
        @inline(never)
        private static func run(_ address: UnsafeRawPointer, _ index: Int) {
            let key = jobKey.key
            let outer = pthread_getspecific(key)
            pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
            address.assumingMemoryBound(to: ((Int) -> Void).self).pointee(index)
            pthread_setspecific(key, outer)
        }

        /// The threads asleep between loops and the loops handed out so far (for tests).
        var counters: (parked: Int, loops: Int) { mutex.locked { (parked, loops) } }

        private static let jobKey = ThreadKey()
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
