/// One channel of an RGBA pixel, as named by SVG's `xChannelSelector` / `yChannelSelector`.
public enum ColorChannel: Int, Sendable, Hashable, CaseIterable {
    case red = 0, green = 1, blue = 2, alpha = 3
}
