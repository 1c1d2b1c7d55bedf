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
/// Resolution works on the parsed JSON tree, so every layer type animates without code of its own. A
/// keyframe object is read as strictly as the rest of the scene: only `keyframes` and `easing`, a spring
/// only `response` and `dampingRatio`.
enum SceneKeyframes {
    /// A copy of `node` with every keyframe object replaced by its value at time `t`.
    /// Errors name the keyframed value's path as decoding errors do (`layers[0].frame`).
    static func resolve(_ node: JSONValue, at t: Double, path: [any CodingKey] = []) throws(LiquidError) -> JSONValue {
        switch node {
        case .object(let members):
            if members.contains(where: { $0.key == "keyframes" }) {
                return try JSONValueDecoder(node, root: "scene", codingPath: path).decode(Keyframed.self).value(at: t, path: path)
            }
            var out: [JSONValue.Member] = []
            out.reserveCapacity(members.count)
            for member in members {
                out.append(JSONValue.Member(member.key, try resolve(member.value, at: t, path: path + [JSONKey(member.key)])))
            }
            return .object(out)
        case .array(let array):
            var out: [JSONValue] = []
            out.reserveCapacity(array.count)
            for (i, element) in array.enumerated() { out.append(try resolve(element, at: t, path: path + [JSONKey(index: i)])) }
            return .array(out)
        default:
            return node
        }
    }

    /// The largest magnitude any number in a scene may have: far beyond any canvas (16 384 pixels a side),
    /// small enough that sizes, areas and products of scene numbers stay exact and finite.
    static let maximumMagnitude = 1e6

    /// Throws, naming the path, unless every number in `node` is within ±``maximumMagnitude``.
    /// Members are checked in document order, so the first error reported is the same on every run.
    static func checkMagnitudes(_ node: JSONValue, path: String = "") throws(LiquidError) {
        switch node {
        case .number(let x) where !(abs(x) <= maximumMagnitude):
            throw LiquidError.at(path.isEmpty ? "scene" : path,
                                 "\(LiquidError.quoted(x)) is out of range: scene numbers must be between -1000000 and 1000000",
                                 kind: .outOfRange)
        case .object(let members):
            for member in members {
                try checkMagnitudes(member.value, path: path.isEmpty ? member.key : path + "." + member.key)
            }
        case .array(let array):
            for (i, element) in array.enumerated() { try checkMagnitudes(element, path: path + "[\(i)]") }
        default:
            return
        }
    }

    /// The latest key time anywhere in the tree (0 when nothing is keyframed).
    static func lastKeyTime(in node: JSONValue) -> Double {
        switch node {
        case .object(let members):
            if case .array(let keys)? = node["keyframes"] {
                return keys.compactMap { key -> Double? in
                    if case .array(let pair) = key { return pair.first?.number }
                    return nil
                }.max() ?? 0
            }
            return members.map { lastKeyTime(in: $0.value) }.max() ?? 0
        case .array(let array):
            return array.map(lastKeyTime).max() ?? 0
        default:
            return 0
        }
    }

    /// A keyframe object: `[time, value]` keys in non-decreasing time and an optional easing.
    struct Keyframed: Decodable {
        var times: [Double] = []
        var values: [JSONValue] = []
        var easing: Easing = .proportional

        private enum Key: String, CodingKey, CaseIterable { case keyframes, easing }

        init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: Key.self)
            let keys = try c.decode([JSONValue].self, forKey: .keyframes)
            guard !keys.isEmpty else {
                throw SceneValue.fail("keyframes must be a non-empty list of [time, value] pairs", at: c.codingPath)
            }
            for (i, key) in keys.enumerated() {
                guard case .array(let pair) = key, pair.count == 2, let time = pair[0].number, time.isFinite else {
                    throw SceneValue.fail("keyframe \(i) must be [time, value] with a finite time", at: c.codingPath)
                }
                guard pair[1] != .null else {
                    throw SceneValue.fail("expected a value, found null", at: c.codingPath + [Key.keyframes, JSONKey(index: i), JSONKey(index: 1)])
                }
                if let last = times.last, time < last {
                    throw SceneValue.fail("keyframe times must not decrease (\(time) after \(last))",
                                          at: c.codingPath + [Key.keyframes, JSONKey(index: i), JSONKey(index: 0)])
                }
                // Neighbouring lists interpolate element by element, so they must have the same shape.
                if let previous = values.last, let (a, b) = Self.lengthMismatch(previous, pair[1]) {
                    throw SceneValue.fail("keyframe lists must have the same length (\(a) vs \(b))",
                                          at: c.codingPath + [Key.keyframes, JSONKey(index: i), JSONKey(index: 1)])
                }
                times.append(time)
                values.append(pair[1])
            }
            easing = try c.decodeIfPresent(Easing.self, forKey: .easing) ?? .proportional
        }

        /// The lengths of the first pair of lists, at the same place in `a` and `b`, whose lengths differ.
        private static func lengthMismatch(_ a: JSONValue, _ b: JSONValue) -> (Int, Int)? {
            guard case .array(let x) = a, case .array(let y) = b else { return nil }
            guard x.count == y.count else { return (x.count, y.count) }
            for (u, v) in zip(x, y) { if let found = lengthMismatch(u, v) { return found } }
            return nil
        }

        /// The value at time `t`.
        func value(at t: Double, path: [any CodingKey]) throws(LiquidError) -> JSONValue {
            if t <= times[0] { return values[0] }
            guard let next = times.firstIndex(where: { $0 > t }) else { return values[values.count - 1] }
            let i = next - 1
            let span = times[next] - times[i]
            let progress = span > 0 ? easing.fraction(progress: (t - times[i]) / span, seconds: t - times[i]) : 1
            return try interpolate(values[i], values[next], progress, path: path)
        }
    }

    /// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"` or `{"spring": {"response": R, "dampingRatio": Z}}`.
    enum Easing: Decodable {
        /// No easing given: the fraction is the progress itself, exactly.
        case proportional
        case curve(TimingCurve)
        case spring(Spring)

        private enum Key: String, CodingKey, CaseIterable { case spring }
        private enum SpringKey: String, CodingKey, CaseIterable { case response, dampingRatio }

        init(from decoder: any Decoder) throws {
            // Problems with the easing are reported at the keyframed value, as its other problems are.
            let owner = Array(decoder.codingPath.dropLast())
            switch try decoder.singleValueContainer().decode(JSONValue.self) {
            case .string(let name):
                let curves: KeyValuePairs<String, TimingCurve> = ["linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut]
                guard let curve = curves.first(where: { $0.key == name })?.value else {
                    throw SceneValue.fail("easing must be linear, easeIn, easeOut, easeInOut or {\"spring\": {…}}; got '\(LiquidError.quoted(name))'", at: owner)
                }
                self = .curve(curve)
            case .object:
                let c = try decoder.strictContainer(keyedBy: Key.self)
                let parameters = try c.superDecoder(forKey: .spring).strictContainer(keyedBy: SpringKey.self)
                let response = try parameters.decodeIfPresent(Double.self, forKey: .response) ?? 0.5
                let ratio = try parameters.decodeIfPresent(Double.self, forKey: .dampingRatio) ?? 0.8
                // The response alone with a valid ratio first, so a refusal names the key at fault.
                let springPath = parameters.codingPath
                do { _ = try Spring(response: response, dampingRatio: 0.8) } catch {
                    throw SceneValue.fail("\(error)", at: springPath + [SpringKey.response])
                }
                do { self = .spring(try Spring(response: response, dampingRatio: ratio)) } catch {
                    throw SceneValue.fail("\(error)", at: springPath + [SpringKey.dampingRatio])
                }
            case let other:
                throw SceneValue.mismatch("an easing name or {\"spring\": {\"response\": R, \"dampingRatio\": Z}}", found: other, at: decoder.codingPath)
            }
        }

        /// (progress in 0…1, seconds into the segment) → eased fraction.
        func fraction(progress: Double, seconds: Double) -> Double {
            switch self {
            case .proportional: progress
            case .curve(let curve): curve.value(at: progress)
            case .spring(let spring): spring.value(at: seconds, from: 0.0, to: 1.0)
            }
        }
    }

    private static func interpolate(_ a: JSONValue, _ b: JSONValue, _ f: Double, path: [any CodingKey]) throws(LiquidError) -> JSONValue {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            let value = x + (y - x) * f
            if value.isFinite { return .number(value) }
            // y − x overflows for keys of opposite sign near the largest doubles; the weighted sum does not
            // (between the keys). An easing that overshoots that far has no finite value at all.
            let weighted = x * (1 - f) + y * f
            guard weighted.isFinite else {
                throw SceneValue.fail("keyframes \(x) and \(y) give a value that is not a finite number at this time", at: path)
            }
            return .number(weighted)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else {
                throw SceneValue.fail("keyframe lists must have the same length (\(x.count) vs \(y.count))", at: path)
            }
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
