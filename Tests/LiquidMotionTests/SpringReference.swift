// Independent references for spring motion, sharing no code with LiquidMotion's closed form.

#if arch(x86_64) || arch(i386)
typealias Wide = Float80
#else
typealias Wide = Double
#endif

/// The exact solution of m·x″ = −k·x − c·x′ as the matrix exponential of the first-order system
/// [x, v]′ = A·[x, v] with A = [[0, 1], [−k/m, −c/m]], computed in extended precision by scaling and
/// squaring a 30-term Taylor series.
enum SpringReference {
    /// (x(t), v(t)) for displacement x0 and velocity v0.
    static func state(stiffness k: Double, damping c: Double, mass m: Double,
                      x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
        let e = expm(a: 0, b: 1, c: -Wide(k) / Wide(m), d: -Wide(c) / Wide(m), t: Wide(t))
        let x = e.0 * Wide(x0) + e.1 * Wide(v0)
        let v = e.2 * Wide(x0) + e.3 * Wide(v0)
        return (Double(x), Double(v))
    }

    /// exp([[a, b], [c, d]]·t) as (m00, m01, m10, m11).
    static func expm(a: Wide, b: Wide, c: Wide, d: Wide, t: Wide) -> (Wide, Wide, Wide, Wide) {
        var (p, q, r, s) = (a * t, b * t, c * t, d * t)
        let norm = Swift.max(abs(p) + abs(q), abs(r) + abs(s))
        var squarings = 0
        var scale: Wide = 1
        while norm / scale > 0.25 { scale *= 2; squarings += 1 }
        (p, q, r, s) = (p / scale, q / scale, r / scale, s / scale)
        // Taylor series: I + M + M²/2! + …
        var sum: (Wide, Wide, Wide, Wide) = (1, 0, 0, 1)
        var term: (Wide, Wide, Wide, Wide) = (1, 0, 0, 1)
        for n in 1...30 {
            let k = Wide(n)
            term = ((term.0 * p + term.1 * r) / k, (term.0 * q + term.1 * s) / k,
                    (term.2 * p + term.3 * r) / k, (term.2 * q + term.3 * s) / k)
            sum = (sum.0 + term.0, sum.1 + term.1, sum.2 + term.2, sum.3 + term.3)
        }
        for _ in 0..<squarings {
            sum = (sum.0 * sum.0 + sum.1 * sum.2, sum.0 * sum.1 + sum.1 * sum.3,
                   sum.2 * sum.0 + sum.3 * sum.2, sum.2 * sum.1 + sum.3 * sum.3)
        }
        return sum
    }

    /// Classic fourth-order Runge–Kutta integration of the same ODE with step `h` (a second, cruder check).
    static func rk4(stiffness k: Double, damping c: Double, mass m: Double,
                    x0: Double, v0: Double, t: Double, h: Double) -> (x: Double, v: Double) {
        func f(_ x: Double, _ v: Double) -> (Double, Double) { (v, (-k * x - c * v) / m) }
        var x = x0, v = v0, time = 0.0
        while time < t {
            let dt = Swift.min(h, t - time)
            let k1 = f(x, v)
            let k2 = f(x + 0.5 * dt * k1.0, v + 0.5 * dt * k1.1)
            let k3 = f(x + 0.5 * dt * k2.0, v + 0.5 * dt * k2.1)
            let k4 = f(x + dt * k3.0, v + dt * k3.1)
            x += dt / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0)
            v += dt / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
            time += dt
        }
        return (x, v)
    }
}
