import Foundation
import LiquidGeometry
import LiquidMotion

/// The numbers of the emoji burst, in one place, given as the original's SpriteKit emitter states them and
/// converted here, once, to LiquidKit's coordinates (y grows downwards).
///
/// SpriteKit's conventions: a "range" is the full width of a spread, so a value v with range r is drawn
/// uniformly from v − r/2 … v + r/2; its scene's y axis points up, so an angle θ is the direction
/// (cos θ, sin θ) with y up — on screen (cos θ, −sin θ) — and an acceleration +a in y pulls up the screen.
///
/// From a generator seeded per burst, each particle draws in this order: its SpriteKit angle in
/// −90° ± 30° (straight down, in a 60° fan), its speed in 350 ± 25 pt/s, its scale in 2 ± 0.25, its
/// rotation in 0 ± 180° and its horizontal offset from the touch in ±50 pt. On screen it therefore
/// leaves the finger downwards at (speed·cos θ, −speed·sin θ) and is pulled up at 1000 pt/s²: it dips
/// 40–70 pt below the touch over the first 0.28–0.38 s, then rises and flies off the top of the view
/// (where it is removed) in a fan that keeps widening, its sideways speed of up to 188 pt/s never changing.
package enum EmojiBurstEmission {
    /// Particles per burst.
    package static let particlesPerBurst = 4
    /// Births per second: particle k (from 0) is born (k + 1)/500 s after the touch, so a burst has all
    /// its particles 8 ms after it starts.
    package static let birthRate = 500.0
    /// SpriteKit's emission angle, degrees (y up: −90° points down the screen), and its range.
    package static let spriteKitAngle = -90.0
    package static let angleRange = 60.0
    /// Speed and its range, points per second.
    package static let speed = 350.0
    package static let speedRange = 50.0
    /// SpriteKit's y acceleration, points per second squared (y up: it pulls up the screen).
    package static let spriteKitAccelerationY = 1000.0
    /// Scale and its range.
    package static let scale = 2.0
    package static let scaleRange = 0.5
    /// Rotation range, degrees (about 0).
    package static let rotationRange = 360.0
    /// Horizontal range of the birth positions about the touch, points.
    package static let positionRangeX = 100.0
    /// The emoji image's side at scale 1, points.
    package static let spriteSize = 22.0
    /// The largest scale a particle is drawn at: the image is rendered at this times the screen scale.
    package static var largestScale: Double { scale + scaleRange / 2 }

    /// With reduce motion: one still emoji at the touch, at scale 1, that shows fully for 0.2 s and then
    /// fades out linearly over ``reducedFade`` (0.5 s), 0.7 s in all.
    package static let reducedLifetime = 0.7
    package static let reducedFade = 0.5

    /// The acceleration on screen, points per second squared: (0, −1000), up the screen.
    package static var screenAcceleration: (x: Double, y: Double) { (0, -spriteKitAccelerationY) }

    /// The screen velocity of a particle given its SpriteKit angle (degrees) and speed.
    package static func screenVelocity(spriteKitAngle degrees: Double, speed: Double) -> (x: Double, y: Double) {
        let radians = degrees * .pi / 180
        return (speed * cos(radians), -speed * sin(radians))
    }

    /// The burst's particles, drawn from a generator seeded with `seed` (see the type's overview).
    package static func particles(seed: UInt64) -> [EmittedParticle] {
        var random = SplitMix64(seed: seed)
        func spread(_ value: Double, _ range: Double) -> Double {
            random.uniform(value - range / 2, value + range / 2)
        }
        return (0..<particlesPerBurst).map { _ in
            let angle = spread(spriteKitAngle, angleRange)
            let v = screenVelocity(spriteKitAngle: angle, speed: spread(speed, speedRange))
            let size = spread(scale, scaleRange)
            let turn = spread(0, rotationRange) * .pi / 180
            let x = spread(0, positionRangeX)
            return EmittedParticle(x: x, y: 0, velocityX: v.x, velocityY: v.y, scale: size, rotation: turn,
                                   lifetime: .infinity)
        }
    }

    /// The rule of motion of a burst's particles in a view whose bounds are `bounds`.
    package static func motion(bounds: Rect) -> BallisticMotion {
        BallisticMotion(accelerationX: screenAcceleration.x, accelerationY: screenAcceleration.y,
                        birthInterval: 1 / birthRate, fadeDuration: 0, bounds: bounds,
                        spriteRadius: spriteSize * 0.5.squareRoot())
    }

    /// With reduce motion: the one still particle at the touch, and its rule (no motion, a fade).
    package static func reducedParticle() -> EmittedParticle {
        EmittedParticle(x: 0, y: 0, velocityX: 0, velocityY: 0, scale: 1, rotation: 0, lifetime: reducedLifetime)
    }

    package static func reducedMotion(bounds: Rect) -> BallisticMotion {
        BallisticMotion(accelerationX: 0, accelerationY: 0, birthInterval: 0, fadeDuration: reducedFade,
                        bounds: bounds, spriteRadius: spriteSize * 0.5.squareRoot())
    }
}
