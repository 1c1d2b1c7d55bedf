#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's transcendental functions under one roof, so the rest of the module needs no platform
/// imports (and never Foundation, whose `AffineTransform` would clash with LiquidGeometry's).
enum GlassMath {
    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    @inline(__always) static func asin(_ x: Double) -> Double { libmAsin(x) }
    @inline(__always) static func atan(_ x: Double) -> Double { libmAtan(x) }
    @inline(__always) static func tan(_ x: Double) -> Double { libmTan(x) }
    @inline(__always) static func tanh(_ x: Double) -> Double { libmTanh(x) }
    @inline(__always) static func exp(_ x: Double) -> Double { libmExp(x) }
    @inline(__always) static func erfc(_ x: Double) -> Double { libmErfc(x) }
    @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}

// The C functions under distinct names, so the static members above do not call themselves.
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmAsin(_ x: Double) -> Double { asin(x) }
@inline(__always) private func libmAtan(_ x: Double) -> Double { atan(x) }
@inline(__always) private func libmTan(_ x: Double) -> Double { tan(x) }
@inline(__always) private func libmTanh(_ x: Double) -> Double { tanh(x) }
@inline(__always) private func libmExp(_ x: Double) -> Double { exp(x) }
@inline(__always) private func libmErfc(_ x: Double) -> Double { erfc(x) }
@inline(__always) private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
