import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

@Suite("Two-colour goo: passes composited in order")
struct GooStackTests {
    static let grey = RGBA(red: 0.6, green: 0.6, blue: 0.65)
    static let blue = RGBA(red: 0.05, green: 0.45, blue: 1)
    static let size = Size(width: 100, height: 30)
    static let track = GooShape.capsule(Rect(x: 6, y: 12, width: 88, height: 6))
    static let fill = GooShape.capsule(Rect(x: 6, y: 12, width: 50, height: 6))
    static let thumb = GooShape.capsule(Rect(x: 44, y: 6, width: 24, height: 18))

    static func passes(fillOnTop: Bool) -> [GooStack.Pass] {
        let background = GooStack.Pass(parameters: GooParameters(blurRadius: 2, color: grey), shapes: [track, thumb])
        let fillPass = GooStack.Pass(parameters: GooParameters(blurRadius: 2, color: blue), shapes: [fill, thumb])
        return fillOnTop ? [background, fillPass] : [fillPass, background]
    }

    /// Later passes cover earlier ones; where only one pass reaches, its colour shows exactly.
    @Test func layeringOrder() throws {
        let stack = GooStack()
        try stack.render(size: Self.size, scale: 1, passes: Self.passes(fillOnTop: true))
        let image = try #require(stack.image)
        #expect(image[20, 15] == PremultipliedRGBA8(Self.blue), "fill over track: fill colour")
        #expect(image[85, 15] == PremultipliedRGBA8(Self.grey), "track only: track colour")
        #expect(image[56, 15] == PremultipliedRGBA8(Self.blue), "thumb in both passes: the top pass wins")
        #expect(image[50, 1] == .transparent)

        let reversed = GooStack()
        try reversed.render(size: Self.size, scale: 1, passes: Self.passes(fillOnTop: false))
        let under = try #require(reversed.image)
        #expect(under[20, 15] == PremultipliedRGBA8(Self.grey), "reversed: the track hides the fill")
        #expect(under[56, 15] == PremultipliedRGBA8(Self.grey))
    }

    /// The stack is exactly the source-over composite of the lone passes, in order.
    @Test func equalsLonePassesComposited() throws {
        let passes = Self.passes(fillOnTop: true)
        let stack = GooStack()
        try stack.render(size: Self.size, scale: 2, passes: passes, softening: .liquidSwitch)
        var expected = try Pixmap(size: Self.size, scale: 2)
        for pass in passes {
            let layer = GooLayer()
            try layer.render(size: Self.size, scale: 2, parameters: pass.parameters, shapes: pass.shapes,
                             softening: .liquidSwitch)
            try expected.composite(layer.image!)
        }
        #expect(stack.image == expected)
        #expect(stack.layers.count == 2)
        // A second frame reuses every layer's buffer.
        try stack.render(size: Self.size, scale: 2, passes: passes, softening: .liquidSwitch)
        #expect(stack.layers.allSatisfy { $0.bufferAllocations == 1 })
    }
}
