import ScrollSimCore

extension ExactDecimal {
    /// The value as a `Double`: `Double(units) ÷ 10^scale`, two IEEE operations (exact for
    /// |units| ≤ 2^53, then one correctly rounded division), the same on every platform.
    var doubleValue: Double { Double(units) / Double(Self.powerOfTen(scale)) }

    /// −1, 0 or 1 as `self` is less than, equal to or greater than `other`, decided exactly (on
    /// the `Double`s only if the difference overflows, impossible for values a summary CSV holds).
    func compared(to other: ExactDecimal) -> Int {
        guard let difference = minus(other) else {
            return doubleValue < other.doubleValue ? -1 : doubleValue > other.doubleValue ? 1 : 0
        }
        return difference.units < 0 ? -1 : difference.units > 0 ? 1 : 0
    }

    /// `self − other` as a `Double`: the exact difference converted once (the two `Double`s
    /// subtracted only if it overflows).
    func difference(from other: ExactDecimal) -> Double {
        minus(other)?.doubleValue ?? doubleValue - other.doubleValue
    }
}
