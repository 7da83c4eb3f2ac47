extension CollectionLayout {
    /// Top and bottom of `row` in content coordinates, points: the `y` and `maxY` of the frame of
    /// every item of the row (`frame(ofItem:)`), from the row index alone.
    /// - Complexity: O(1).
    public func rowSpan(_ row: Int) -> (top: Double, bottom: Double) {
        precondition(row >= 0 && row < rowCount, "row \(row) out of 0..<\(rowCount)")
        let top = top(row)
        return (top, top + height(row))
    }

    /// With fixed heights, the arithmetic `rowSpan(_:)` does: row `r` spans from
    /// `insetTop + r × pitch` to that plus `height` (the same operations in the same order, so a
    /// caller that computes it gets the same bits); nil when row heights vary.
    public var uniformRows: (insetTop: Double, pitch: Double, height: Double)? {
        isFixedHeight ? (insetTop, fixedHeight + spacing, fixedHeight) : nil
    }
}
