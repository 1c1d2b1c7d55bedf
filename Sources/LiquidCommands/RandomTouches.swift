import LiquidGeometry
import LiquidMotion
import LiquidUI

/// An endless, seeded stream of one finger's touches over a component — what `liquid simulate
/// --random-touches SEED` plays, and what the soak check runs for minutes at a time.
///
/// The stream is a mix of what people do: taps, long presses, slow drags, fast flicks, drags that leave
/// the bounds (and sometimes come back), cancelled touches and force presses, separated by pauses from a
/// few milliseconds to several seconds. While the finger is down it moves once per frame
/// (``sampleRate`` samples a second), as a touch screen reports it.
///
/// Guarantees:
/// - Deterministic: the same seed, bounds and sample rate give the same touches on every platform (the
///   generator is ``SplitMix64``; no floating-point function whose result could differ between C
///   libraries is used).
/// - Well formed: touches alternate `began`, any number of `moved`, then `ended` or `cancelled`; never two
///   `began` in a row; every touch has id 0.
/// - Time never goes backwards; every location, time and force is finite; force is in 0…1.
/// - Lazy: the iterator holds at most one gesture (a few seconds of samples), so a script of any length
///   costs constant memory.
package struct RandomTouches: Sequence, Sendable {
    /// The seed of the generator.
    package let seed: UInt64
    /// The component's bounds, in its own points; most touches land inside, drags may leave.
    package let bounds: Size
    /// Samples per second while the finger is down (the frame rate of the run that plays them).
    package let sampleRate: Double

    /// The longest a single gesture lasts, in seconds (a long press or a slow drag).
    static let longestGesture = 3.0

    /// A stream over `bounds` (finite and non-negative; an empty size puts every touch at the origin),
    /// moving `sampleRate` times a second (clamped to 1…1000).
    package init(seed: UInt64, bounds: Size, sampleRate: Double = 60) {
        self.seed = seed
        let width = bounds.width.isFinite ? Swift.max(bounds.width, 0) : 0
        let height = bounds.height.isFinite ? Swift.max(bounds.height, 0) : 0
        self.bounds = Size(width: width, height: height)
        self.sampleRate = sampleRate.isFinite ? Swift.min(Swift.max(sampleRate, 1), 1000) : 60
    }

    package func makeIterator() -> Iterator {
        Iterator(random: SplitMix64(seed: seed), bounds: bounds, interval: 1 / sampleRate)
    }

    /// Produces the touches gesture by gesture: each call that finds the current gesture used up writes
    /// the next one (a pause, then its samples) into a small reused buffer.
    package struct Iterator: IteratorProtocol, Sendable {
        private var random: SplitMix64
        private let bounds: Size
        private let interval: Double
        private var gesture: [Touch] = []
        private var index = 0
        /// When the last gesture ended.
        private var time = 0.0

        fileprivate init(random: SplitMix64, bounds: Size, interval: Double) {
            self.random = random
            self.bounds = bounds
            self.interval = interval
            gesture.reserveCapacity(Int(RandomTouches.longestGesture / interval) + 8)
        }

        package mutating func next() -> Touch? {
            if index == gesture.count {
                gesture.removeAll(keepingCapacity: true)
                index = 0
                makeGesture()
            }
            defer { index += 1 }
            return gesture[index]
        }

        // MARK: - Gestures

        private mutating func makeGesture() {
            time += pause()
            let start = pointInside()
            let roll = random.uniform()
            switch roll {
            case ..<0.28: tap(at: start)
            case ..<0.40: longPress(at: start)
            case ..<0.60: drag(from: start, to: pointInside(), over: random.uniform(0.4...RandomTouches.longestGesture))
            case ..<0.75: flick(from: start)
            case ..<0.85: dragOut(from: start)
            case ..<0.94: cancelled(at: start)
            default: forcePress(at: start)
            }
        }

        /// How long the finger stays up before the next gesture: mostly short, sometimes seconds.
        private mutating func pause() -> Double {
            let roll = random.uniform()
            if roll < 0.7 { return random.uniform(0.02...0.6) }
            if roll < 0.95 { return random.uniform(0.6...3) }
            return random.uniform(3...12)
        }

        private mutating func tap(at point: Point) {
            emit(.began, point)
            let hold = random.uniform(0.02...0.2)
            var p = point
            // A finger rarely stays perfectly still: a jitter of a point or two on some frames.
            for _ in 0..<Int(hold / interval) {
                if random.chance(0.3) { p = jitter(p, by: 1.5) }
                advanceAndEmit(.moved, p)
            }
            time += Swift.max(hold - Double(Int(hold / interval)) * interval, 0)
            emit(.ended, p)
        }

        private mutating func longPress(at point: Point) {
            emit(.began, point)
            var p = point
            for _ in 0..<frames(random.uniform(0.5...RandomTouches.longestGesture)) {
                p = jitter(p, by: 0.8)
                advanceAndEmit(.moved, p)
            }
            advanceAndEmit(.ended, p)
        }

        /// A drag along a smooth ease-in-out path, one sample a frame, then a lift at the end.
        private mutating func drag(from start: Point, to end: Point, over seconds: Double, force: Double = 0) {
            emit(.began, start, force: force)
            let count = frames(seconds)
            for k in 1...count {
                let f = smoothstep(Double(k) / Double(count))
                advanceAndEmit(.moved, Point(start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f), force: force)
            }
            if random.chance(0.3) {  // a short rest before lifting, which kills the release velocity
                for _ in 0..<frames(random.uniform(0.05...0.4)) { advanceAndEmit(.moved, end, force: force) }
            }
            advanceAndEmit(.ended, end)
        }

        /// A quick stroke of up to twice the bounds in any direction: lifted while still moving fast.
        private mutating func flick(from start: Point) {
            let reach = Swift.max(bounds.width, bounds.height, 1) * random.uniform(0.3...2)
            let angle = random.uniform(0...1)
            let (dx, dy) = direction(angle)
            let seconds = random.uniform(0.04...0.16)
            emit(.began, start)
            let count = frames(seconds)
            for k in 1...count {
                let f = Double(k) / Double(count)
                advanceAndEmit(.moved, Point(start.x + reach * dx * f, start.y + reach * dy * f))
            }
            emit(.ended, Point(start.x + reach * dx, start.y + reach * dy))
        }

        /// A drag that leaves the bounds, and half the time comes back in before lifting.
        private mutating func dragOut(from start: Point) {
            let outside = pointOutside()
            if random.chance(0.5) {
                drag(from: start, to: outside, over: random.uniform(0.2...1.5))
                return
            }
            emit(.began, start)
            let there = frames(random.uniform(0.2...1.2)), back = frames(random.uniform(0.2...1.2))
            let home = pointInside()
            for k in 1...there {
                let f = smoothstep(Double(k) / Double(there))
                advanceAndEmit(.moved, Point(start.x + (outside.x - start.x) * f, start.y + (outside.y - start.y) * f))
            }
            for k in 1...back {
                let f = smoothstep(Double(k) / Double(back))
                advanceAndEmit(.moved, Point(outside.x + (home.x - outside.x) * f, outside.y + (home.y - outside.y) * f))
            }
            advanceAndEmit(.ended, home)
        }

        /// Down, perhaps some movement, then the system takes the touch away.
        private mutating func cancelled(at point: Point) {
            emit(.began, point)
            var p = point
            let target = pointInside()
            let count = frames(random.uniform(0...1))
            for k in 0..<count {
                let f = Double(k + 1) / Double(count)
                p = Point(point.x + (target.x - point.x) * f, point.y + (target.y - point.y) * f)
                advanceAndEmit(.moved, p)
            }
            advanceAndEmit(.cancelled, p)
        }

        /// A press whose force rises to a peak and falls again, the finger almost still.
        private mutating func forcePress(at point: Point) {
            emit(.began, point, force: 0.05)
            let count = frames(random.uniform(0.3...1.5))
            let peak = random.uniform(0.3...1)
            var p = point
            for k in 1...count {
                let f = Double(k) / Double(count)
                p = jitter(p, by: 0.5)
                advanceAndEmit(.moved, p, force: peak * 4 * f * (1 - f))
            }
            advanceAndEmit(.ended, p)
        }

        // MARK: - Helpers

        /// How many frame samples fill `seconds`: at least one.
        private func frames(_ seconds: Double) -> Int {
            Swift.max(1, Int(seconds / interval))
        }

        private mutating func emit(_ phase: TouchPhase, _ point: Point, force: Double = 0) {
            gesture.append(Touch(id: 0, phase: phase, location: point, timestamp: time, force: force))
        }

        private mutating func advanceAndEmit(_ phase: TouchPhase, _ point: Point, force: Double = 0) {
            time += interval
            emit(phase, point, force: force)
        }

        private mutating func pointInside() -> Point {
            Point(random.uniform(0...bounds.width), random.uniform(0...bounds.height))
        }

        /// A point beyond one of the four edges, up to one bounds size past it.
        private mutating func pointOutside() -> Point {
            let w = Swift.max(bounds.width, 1), h = Swift.max(bounds.height, 1)
            let side = Int(random.uniform() * 4)
            switch side {
            case 0: return Point(random.uniform(-w...(-1)), random.uniform(-h...(2 * h)))
            case 1: return Point(random.uniform((bounds.width + 1)...(bounds.width + w)), random.uniform(-h...(2 * h)))
            case 2: return Point(random.uniform(-w...(2 * w)), random.uniform(-h...(-1)))
            default: return Point(random.uniform(-w...(2 * w)), random.uniform((bounds.height + 1)...(bounds.height + h)))
            }
        }

        private mutating func jitter(_ p: Point, by amount: Double) -> Point {
            Point(p.x + random.uniform(-amount...amount), p.y + random.uniform(-amount...amount))
        }

        /// A unit vector for a turn fraction in 0…1, from a polynomial approximation of the circle so the
        /// stream does not depend on the C library's sine and cosine (a direction need not be exact).
        private func direction(_ turn: Double) -> (Double, Double) {
            // A square traced at unit speed, normalised: eight-way symmetric and continuous.
            let t = turn * 8
            let k = Int(t) % 8, f = t - Double(Int(t))
            let corners: [(Double, Double)] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0)]
            let a = corners[k], b = corners[k + 1]
            let x = a.0 + (b.0 - a.0) * f, y = a.1 + (b.1 - a.1) * f
            let length = (x * x + y * y).squareRoot()
            return (x / length, y / length)
        }
    }
}
