/// An item's frame in content coordinates, in points (y grows toward the end of the content).
public struct ItemFrame: Sendable, Equatable {
    /// Left edge, points from the content's left edge.
    public var x: Double
    /// Top edge, points from the content's top (content insets included).
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A frame from its origin and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge, `x + width`.
    public var maxX: Double { x + width }

    /// Bottom edge, `y + height` (the value visible-range queries compare against).
    public var maxY: Double { y + height }
}
