import LiquidRaster

/// Opt-in verification of the UI runtime's invariants after every mutation, for debugging LiquidKit
/// itself.
///
/// Compiled in only when the package is built with the flag `LIQUIDKIT_INTERNAL_CHECKS`
/// (`swift test -Xswiftc -DLIQUIDKIT_INTERNAL_CHECKS`, best with its own `--scratch-path`, as the flag
/// rebuilds everything); other builds contain no checking code and pay nothing. With the flag:
/// - **Layer tree**, after every insertion and removal: each sublayer's `superlayer` is the layer that
///   lists it, each mask's owner is the layer it masks, and no layer is reached twice (no cycle, no layer
///   in two places).
/// - **Pixels**, after every frame a ``UIRunLoop`` renders: every channel of the premultiplied image is at
///   most its alpha.
/// - **Damage**, on every ``damageSampleInterval``-th rendered frame: the incremental image equals a full
///   render of the same tree by a fresh compositor, byte for byte (sampled: a full render costs a frame).
///
/// A broken invariant stops the process with a message naming it (a precondition failure). The check
/// functions are plain functions, so they can be tested in any build.
enum InternalChecks {
    /// Whether this build verifies invariants.
    static var isEnabled: Bool {
        #if LIQUIDKIT_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }

    /// Every this many rendered frames the damage check renders the tree in full.
    static let damageSampleInterval = 4

    /// A layer as it appears in a message: its name, or its identity.
    @MainActor
    private static func name(_ layer: Layer) -> String {
        layer.name.map { "layer \"\($0)\"" } ?? "layer \(ObjectIdentifier(layer))"
    }

    /// The first broken link of the tree under `root`, described, or `nil` when the tree is consistent.
    @MainActor
    static func layerTreeViolation(in root: Layer) -> String? {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var stack = [root]
        while let layer = stack.popLast() {
            var children = layer.sublayers
            if let mask = layer.mask {
                if mask.owner !== layer { return "the mask of \(name(layer)) does not name it as its owner" }
                children.append(mask)
            }
            for child in layer.sublayers where child.superlayer !== layer {
                return "\(name(child)) is a sublayer of \(name(layer)) but its superlayer is "
                    + (child.superlayer.map { name($0) } ?? "nil")
            }
            for child in children {
                guard seen.insert(ObjectIdentifier(child)).inserted else {
                    return "\(name(child)) is reached twice under \(name(root)) (a cycle or a shared layer)"
                }
                stack.append(child)
            }
        }
        return nil
    }

    /// The first pixel of `image` with a colour channel above its alpha, described, or `nil`.
    static func premultipliedViolation(in image: Pixmap) -> String? {
        let bytes = image.bytes
        for pixel in 0..<(image.width * image.height) {
            let alpha = bytes[4 * pixel + 3]
            if bytes[4 * pixel] > alpha || bytes[4 * pixel + 1] > alpha || bytes[4 * pixel + 2] > alpha {
                return "pixel (\(pixel % image.width), \(pixel / image.width)) is not premultiplied: "
                    + "\(bytes[4 * pixel]), \(bytes[4 * pixel + 1]), \(bytes[4 * pixel + 2]), alpha \(alpha)"
            }
        }
        return nil
    }

    /// Where an incremental render differs from a full one, described, or `nil` when they are equal.
    static func damageViolation(incremental: Pixmap, full: Pixmap) -> String? {
        guard incremental.width == full.width, incremental.height == full.height else {
            return "the incremental image is \(incremental.width)×\(incremental.height), the full one "
                + "\(full.width)×\(full.height)"
        }
        let a = incremental.bytes, b = full.bytes
        guard a != b else { return nil }
        let index = a.indices.first { a[$0] != b[$0] } ?? 0
        return "the incremental render differs from a full render at pixel (\(index / 4 % full.width), "
            + "\(index / 4 / full.width)): \(a[index]) ≠ \(b[index]) in channel \(index % 4)"
    }

    /// Stops with `message` when it is not `nil`.
    static func require(_ violation: String?, _ what: String) {
        if let violation { preconditionFailure("LIQUIDKIT_INTERNAL_CHECKS: \(what): \(violation)") }
    }

    /// Checks the tree containing `layer` (from its root).
    @MainActor
    static func verifyTree(containing layer: Layer) {
        var root = layer
        var hops = 0
        while let parent = root.superlayer ?? root.owner {
            root = parent
            hops += 1
            require(hops > 1_000_000 ? "the superlayer chain does not end" : nil, "layer tree")
        }
        require(layerTreeViolation(in: root), "layer tree")
    }

    /// Checks a frame `compositor` just rendered from `root` into `image` (the `count`-th rendered frame).
    @MainActor
    static func verifyFrame(_ image: Pixmap, of root: Layer, by compositor: Compositor, count: Int) {
        require(premultipliedViolation(in: image), "premultiplied pixels")
        guard count % damageSampleInterval == 0 else { return }
        guard let fresh = try? Compositor(size: compositor.size, scale: compositor.scale,
                                          tileSize: compositor.tileSize, background: compositor.background),
              let full = try? fresh.render(root) else { return }
        require(damageViolation(incremental: image, full: full), "damage")
    }
}
