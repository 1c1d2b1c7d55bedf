/// The smoothstep ease 3t² − 2t³ of `t` clamped to 0…1: 0 at and below 0, 1 at and above 1, with zero slope
/// at both ends. The one definition the shading, thresholds, ripples and scripted touches share.
@inlinable
package func smoothstep(_ t: Double) -> Double {
    let c = Swift.min(Swift.max(t, 0), 1)
    return c * c * (3 - 2 * c)
}
