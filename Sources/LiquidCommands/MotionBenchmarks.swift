import LiquidGeometry
import LiquidMotion

/// Motion workloads: the cost of one spring step, scalar and 2-D, at a steady and an irregular frame rate.
enum MotionBenchmarks {
    static let steps = 200_000

    static var all: [Benchmark] {
        [
            Benchmark(name: "motion.spring.transition", unit: "step", iterations: steps) {
                let spring = Spring.bouncy
                var sum = 0.0
                for i in 0..<steps { sum += spring.transition(over: 0.004 + Double(i & 1023) * 1e-5).positionFromPosition }
                return sum
            },
            animator(name: "motion.animator.scalar.steady", value: 0.0, far: 1000.0, stepping: .exact, irregular: false),
            animator(name: "motion.animator.scalar.irregular", value: 0.0, far: 1000.0, stepping: .exact, irregular: true),
            animator(name: "motion.animator.vector2.steady", value: Vector2.zero, far: Vector2(1000, -400),
                     stepping: .exact, irregular: false),
            animator(name: "motion.animator.vector2.irregular", value: Vector2.zero, far: Vector2(1000, -400),
                     stepping: .exact, irregular: true),
            animator(name: "motion.animator.vector2.fixed120", value: Vector2.zero, far: Vector2(1000, -400),
                     stepping: .fixed(try! FixedStep(step: 1.0 / 120)), irregular: false),
        ]
    }

    /// A bouncy animator stepped `steps` times; the target flips every 128 frames so it never settles.
    /// "irregular" varies the frame time every frame (so the transition cannot be reused).
    private static func animator<V: AnimatableVector>(name: String, value: V, far: V, stepping: SpringStepping,
                                                      irregular: Bool) -> Benchmark {
        Benchmark(name: name, unit: "step", iterations: steps) {
            var animator = SpringAnimator(spring: .bouncy, value: value, target: far, stepping: stepping)
            var checksum = 0.0
            for i in 0..<steps {
                if i & 127 == 0 { animator.retarget(to: (i >> 7) & 1 == 0 ? value : far) }
                animator.advance(by: irregular ? 1.0 / 60 + Double(i % 7) * 1e-4 : 1.0 / 60)
                checksum += animator.velocity.magnitudeSquared
            }
            return checksum
        }
    }
}
