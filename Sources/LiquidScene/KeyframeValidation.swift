import LiquidGeometry

/// Checks, when a scene is read, that every key of every keyframe object is a valid value where it
/// stands — so a bad value at a later key is refused at once, naming its JSON path, instead of when a frame
/// that reaches it is drawn.
///
/// A scene is checked in units: the top level and each layer at any depth, each without the layers of a
/// group inside it (they are units of their own). A unit holding keyframes is decoded once per key of its
/// longest keyframe list: decoding `k` puts key `k` (or the last key of a shorter list) in every keyframed
/// place. That work is bounded: the keys of a unit's longest list times the JSON values of the unit (each
/// keyframe object counted as one key's value), summed over the units, may not exceed ``maximumWork``, so
/// reading a scene stays fast whatever its keyframes hold.
enum KeyframeValidation {
    /// Most JSON values decoded to check one scene's keys (keys of a unit's longest list × the unit's values,
    /// summed over the units).
    static let maximumWork = 4_000_000

    /// Throws the first invalid key (in document order of the units), naming its path and key index.
    static func check(_ tree: JSONValue, baseDirectory: String) throws(LiquidError) {
        var units: [(value: JSONValue, path: [any CodingKey], isRoot: Bool)] = []
        collect(tree, path: [], isRoot: true, into: &units)
        var work = 0
        var plans: [(unit: JSONValue, path: [any CodingKey], isRoot: Bool, keyframes: [(path: [any CodingKey], frames: SceneKeyframes.Keyframed, values: [JSONValue])], passes: Int)] = []
        for unit in units {
            var found: [(path: [any CodingKey], frames: SceneKeyframes.Keyframed, values: [JSONValue])] = []
            try keyframeObjects(in: unit.value, path: unit.path, into: &found)
            let passes = found.map(\.values.count).max() ?? 0
            guard passes > 1 else { continue }
            work += passes * count(substitute(unit.value, path: unit.path, keyframes: found, key: 0))
            guard work <= maximumWork else {
                throw LiquidError.at(LiquidError.jsonPath(unit.path), "checking every keyframe here decodes this "
                    + "\(unit.isRoot ? "scene's top level" : "layer") \(passes) times (its longest keyframe list); with the "
                    + "scene's other keyframed layers that is more than \(maximumWork) JSON values: use fewer keys or "
                    + "keyframe smaller layers", kind: .outOfRange)
            }
            plans.append((unit.value, unit.path, unit.isRoot, found, passes))
        }
        let userInfo: [CodingUserInfoKey: Any] = [SceneSource.baseDirectoryKey: baseDirectory]
        for plan in plans {
            for k in 0..<plan.passes {
                let substituted = substitute(plan.unit, path: plan.path, keyframes: plan.keyframes, key: k)
                do {
                    let decoder = JSONValueDecoder(substituted, root: "scene", codingPath: plan.path, userInfo: userInfo)
                    if plan.isRoot { _ = try decoder.decode(SceneDocument.self) } else { _ = try decoder.decode(SceneLayer.self) }
                } catch {
                    throw located(error, keyframes: plan.keyframes, key: k)
                }
            }
        }
    }

    /// The units of `node` in document order: the node itself with its `layers` list emptied, then each
    /// layer of that list (recursively).
    private static func collect(_ node: JSONValue, path: [any CodingKey], isRoot: Bool,
                                into units: inout [(value: JSONValue, path: [any CodingKey], isRoot: Bool)]) {
        guard case .object(let members) = node else { return }
        var own = members
        var children: [JSONValue] = []
        if let i = members.firstIndex(where: { $0.key == "layers" }), case .array(let list) = members[i].value {
            children = list
            own[i] = JSONValue.Member("layers", .array([]))
        }
        units.append((.object(own), path, isRoot))
        for (i, child) in children.enumerated() {
            collect(child, path: path + [JSONKey("layers"), JSONKey(index: i)], isRoot: false, into: &units)
        }
    }

    /// Every keyframe object in `node`, parsed (its structure checked), with its path.
    private static func keyframeObjects(in node: JSONValue, path: [any CodingKey],
                                        into found: inout [(path: [any CodingKey], frames: SceneKeyframes.Keyframed, values: [JSONValue])]) throws(LiquidError) {
        switch node {
        case .object(let members):
            if members.contains(where: { $0.key == "keyframes" }) {
                let frames = try JSONValueDecoder(node, root: "scene", codingPath: path).decode(SceneKeyframes.Keyframed.self)
                found.append((path, frames, frames.values))
                return
            }
            for member in members { try keyframeObjects(in: member.value, path: path + [JSONKey(member.key)], into: &found) }
        case .array(let elements):
            for (i, element) in elements.enumerated() { try keyframeObjects(in: element, path: path + [JSONKey(index: i)], into: &found) }
        default:
            return
        }
    }

    /// `node` with each keyframe object replaced by its key `key` (or its last key when it has fewer).
    private static func substitute(_ node: JSONValue, path: [any CodingKey],
                                   keyframes: [(path: [any CodingKey], frames: SceneKeyframes.Keyframed, values: [JSONValue])],
                                   key: Int) -> JSONValue {
        switch node {
        case .object(let members):
            if members.contains(where: { $0.key == "keyframes" }) {
                let text = LiquidError.jsonPath(path)
                if let entry = keyframes.first(where: { LiquidError.jsonPath($0.path) == text }) {
                    return entry.values[Swift.min(key, entry.values.count - 1)]
                }
                return node
            }
            return .object(members.map { JSONValue.Member($0.key, substitute($0.value, path: path + [JSONKey($0.key)], keyframes: keyframes, key: key)) })
        case .array(let elements):
            return .array(elements.enumerated().map { substitute($1, path: path + [JSONKey(index: $0)], keyframes: keyframes, key: key) })
        default:
            return node
        }
    }

    /// `error` from decoding key `key`, its place moved into the keyframe list whose value it is about
    /// (`layers[0].opacity` becomes `layers[0].opacity.keyframes[1][1]`).
    private static func located(_ error: any Error,
                                keyframes: [(path: [any CodingKey], frames: SceneKeyframes.Keyframed, values: [JSONValue])],
                                key: Int) -> LiquidError {
        guard let error = error as? LiquidError else { return LiquidError(.malformed, "\(error)") }
        guard let subject = error.subject else { return error }
        for entry in keyframes {
            let place = LiquidError.jsonPath(entry.path)
            guard subject == place || subject.hasPrefix(place + ".") || subject.hasPrefix(place + "[") else { continue }
            let index = Swift.min(key, entry.values.count - 1)
            let moved = place + ".keyframes[\(index)][1]" + subject.dropFirst(place.count)
            let reason = error.message.hasPrefix(subject + ": ") ? String(error.message.dropFirst(subject.count + 2)) : error.message
            return LiquidError.at(moved, reason, kind: error.kind)
        }
        return error
    }

    /// The JSON values in `node`, itself included.
    private static func count(_ node: JSONValue) -> Int {
        switch node {
        case .object(let members): 1 + members.reduce(0) { $0 + count($1.value) }
        case .array(let elements): 1 + elements.reduce(0) { $0 + count($1) }
        default: 1
        }
    }
}
