import LiquidGeometry
import LiquidMotion

/// Keyframed values in a scene: any number, list of numbers or colour may be written as
///
/// ```json
/// {"keyframes": [[0, 10], [0.5, 80], [1.2, 80]], "easing": "easeInOut"}
/// ```
///
/// — `[time in seconds, value]` pairs in increasing time. Before the first key the first value holds,
/// after the last the last. Between keys numbers and lists interpolate component-wise, colours
/// (`"#rrggbb[aa]"`) in straight RGBA, anything else (strings, booleans) holds until the next key.
/// `easing` is `linear` (default), `easeIn`, `easeOut`, `easeInOut`, or
/// `{"spring": {"response": 0.4, "dampingRatio": 0.6}}` — each segment then follows that spring's exact
/// unit step response (it may overshoot).
///
/// Resolution works on the parsed JSON tree, so every layer type animates without code of its own.
enum SceneKeyframes {
    /// A copy of `node` with every keyframe object replaced by its value at time `t`.
    /// Errors name the keyframed value's path as decoding errors do (`layers[0].frame`).
    static func resolve(_ node: JSONValue, at t: Double, path: String = "") throws(LiquidError) -> JSONValue {
        switch node {
        case .object(let object):
            if let keys = object["keyframes"] {
                return try value(of: keys, easing: object["easing"], at: t, path: path)
            }
            var out: [String: JSONValue] = [:]
            for (key, child) in object { out[key] = try resolve(child, at: t, path: path.isEmpty ? key : path + "." + key) }
            return .object(out)
        case .array(let array):
            var out: [JSONValue] = []
            out.reserveCapacity(array.count)
            for (i, element) in array.enumerated() { out.append(try resolve(element, at: t, path: path + "[\(i)]")) }
            return .array(out)
        default:
            return node
        }
    }

    /// The latest key time anywhere in the tree (0 when nothing is keyframed).
    static func lastKeyTime(in node: JSONValue) -> Double {
        switch node {
        case .object(let object):
            if case .array(let keys)? = object["keyframes"] {
                return keys.compactMap { key -> Double? in
                    if case .array(let pair) = key { return pair.first?.number }
                    return nil
                }.max() ?? 0
            }
            return object.values.map(lastKeyTime).max() ?? 0
        case .array(let array):
            return array.map(lastKeyTime).max() ?? 0
        default:
            return 0
        }
    }

    private static func fail(_ path: String, _ message: String) -> LiquidError {
        LiquidError.at(path.isEmpty ? "scene" : path, message)
    }

    private static func value(of keysNode: JSONValue, easing: JSONValue?, at t: Double, path: String) throws(LiquidError) -> JSONValue {
        guard case .array(let keys) = keysNode, !keys.isEmpty else {
            throw fail(path, "keyframes must be a non-empty list of [time, value] pairs")
        }
        var times: [Double] = []
        var values: [JSONValue] = []
        for (i, key) in keys.enumerated() {
            guard case .array(let pair) = key, pair.count == 2, let time = pair[0].number, time.isFinite else {
                throw fail(path, "keyframe \(i) must be [time, value] with a finite time")
            }
            if let last = times.last, time < last { throw fail(path, "keyframe times must not decrease (\(time) after \(last))") }
            times.append(time)
            values.append(pair[1])
        }
        let curve = try easingFunction(easing, path: path)
        if t <= times[0] { return values[0] }
        guard let next = times.firstIndex(where: { $0 > t }) else { return values[values.count - 1] }
        let i = next - 1
        let span = times[next] - times[i]
        let progress = span > 0 ? curve((t - times[i]) / span, t - times[i]) : 1
        return try interpolate(values[i], values[next], progress, path: path)
    }

    /// (progress in 0…1, seconds into the segment) → eased fraction.
    private static func easingFunction(_ node: JSONValue?, path: String) throws(LiquidError) -> (Double, Double) -> Double {
        guard let node else { return { p, _ in p } }
        if case .string(let name) = node {
            let curves: [String: TimingCurve] = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut]
            guard let curve = curves[name] else {
                throw fail(path, "easing must be linear, easeIn, easeOut, easeInOut or {\"spring\": {…}}; got '\(name)'")
            }
            return { p, _ in curve.value(at: p) }
        }
        if let parameters = node["spring"] {
            let response = parameters["response"]?.number ?? 0.5
            let ratio = parameters["dampingRatio"]?.number ?? 0.8
            let spring: Spring
            do { spring = try Spring(response: response, dampingRatio: ratio) } catch { throw fail(path, "\(error)") }
            return { _, seconds in spring.value(at: seconds, from: 0.0, to: 1.0) }
        }
        throw fail(path, "easing must be a name or {\"spring\": {\"response\": R, \"dampingRatio\": Z}}")
    }

    private static func interpolate(_ a: JSONValue, _ b: JSONValue, _ f: Double, path: String) throws(LiquidError) -> JSONValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            let value = x + (y - x) * f
            if value.isFinite { return .number(value) }
            // y − x overflows for keys of opposite sign near the largest doubles; the weighted sum does not
            // (between the keys). An easing that overshoots that far has no finite value at all.
            let weighted = x * (1 - f) + y * f
            guard weighted.isFinite else {
                throw fail(path, "keyframes \(x) and \(y) give a value that is not a finite number at this time")
            }
            return .number(weighted)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { throw fail(path, "keyframe lists must have the same length (\(x.count) vs \(y.count))") }
            var out: [JSONValue] = []
            for (u, v) in zip(x, y) { out.append(try interpolate(u, v, f, path: path)) }
            return .array(out)
        case (.string(let x), .string(let y)):
            if x.hasPrefix("#"), y.hasPrefix("#"), let c0 = try? RGBA(hex: x), let c1 = try? RGBA(hex: y) {
                let c = RGBA(red: c0.red + (c1.red - c0.red) * f, green: c0.green + (c1.green - c0.green) * f,
                             blue: c0.blue + (c1.blue - c0.blue) * f, alpha: c0.alpha + (c1.alpha - c0.alpha) * f)
                return .string(c.clamped().hexString)
            }
            return f < 1 ? a : b
        default:
            return f < 1 ? a : b
        }
    }
}
