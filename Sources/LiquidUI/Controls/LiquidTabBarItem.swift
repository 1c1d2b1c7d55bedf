/// One item of a ``LiquidTabBar``: a symbol over a title, with an optional badge count.
public struct LiquidTabBarItem: Hashable, Sendable {
    /// The title under the symbol (one line).
    public var title: String
    /// The symbol above the title.
    public var symbol: TabBarSymbol
    /// The badge count: 0 hides the badge; counts above 99 show as "99+". Negative counts count as 0.
    public var badge: Int

    /// An item showing `symbol` over `title`, with a badge of `badge` (0 for none).
    public init(title: String, symbol: TabBarSymbol, badge: Int = 0) {
        self.title = title
        self.symbol = symbol
        self.badge = badge
    }

    /// The badge's text, or `nil` when the badge is hidden.
    package var badgeText: String? {
        guard badge > 0 else { return nil }
        return badge > 99 ? "99+" : String(badge)
    }
}
