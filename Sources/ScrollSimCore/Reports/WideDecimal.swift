/// A signed decimal of any size, `±magnitude × 10^-scale`: the exact difference of two
/// `ExactDecimal`s, which can need more digits than an `Int64` holds (`999999999999999999 − 0.5`).
/// `compare` decides on these, so no change is lost to an overflow.
public struct WideDecimal: Equatable, Hashable, Sendable {
    /// Whether the value is below zero (never true for zero).
    public private(set) var isNegative: Bool
    /// The absolute value in units of 10^-scale.
    public private(set) var magnitude: DecimalMagnitude
    /// Digits after the point.
    public private(set) var scale: Int

    /// `±magnitude × 10^-scale` (zero is never negative).
    public init(isNegative: Bool, magnitude: DecimalMagnitude, scale: Int) {
        self.isNegative = isNegative && !magnitude.isZero
        self.magnitude = magnitude
        self.scale = scale
    }

    /// `value`, exactly.
    public init(_ value: ExactDecimal) {
        self.init(isNegative: value.units < 0, magnitude: DecimalMagnitude(value.units.magnitude), scale: value.scale)
    }

    /// `left − right`, exactly, at the larger of their scales.
    public static func difference(_ left: ExactDecimal, _ right: ExactDecimal) -> WideDecimal {
        let scale = max(left.scale, right.scale)
        let a = WideDecimal(left).magnitude(atScale: scale), b = WideDecimal(right).magnitude(atScale: scale)
        switch (left.units < 0, right.units < 0) {
        case (false, true): return WideDecimal(isNegative: false, magnitude: a + b, scale: scale)
        case (true, false): return WideDecimal(isNegative: true, magnitude: a + b, scale: scale)
        case (let negative, _):
            // Same sign: |left| − |right|, negated for two negatives.
            return a < b ? WideDecimal(isNegative: !negative, magnitude: b - a, scale: scale)
                : WideDecimal(isNegative: negative, magnitude: a - b, scale: scale)
        }
    }

    /// The absolute value in units of 10^-`scale`.
    /// - Precondition: `scale ≥ self.scale`.
    public func magnitude(atScale scale: Int) -> DecimalMagnitude { magnitude.timesPowerOfTen(scale - self.scale) }

    /// Whether the value is zero.
    public var isZero: Bool { magnitude.isZero }

    /// Whether the value is above zero.
    public var isPositive: Bool { !isNegative && !magnitude.isZero }

    /// The value with exactly `scale` decimals (`scale ≥ self.scale`), e.g. "-3.100".
    public func text(scale: Int) -> String {
        var digits = magnitude(atScale: scale).text
        if scale > 0 {
            if digits.count <= scale { digits = String(repeating: "0", count: scale + 1 - digits.count) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        }
        return isNegative ? "-" + digits : digits
    }

    /// The value with a "+" before it when positive: "+3.138", "-1", "0".
    public func signedText(scale: Int) -> String { isPositive ? "+" + text(scale: scale) : text(scale: scale) }

    /// The value as a percentage of |`base`| with one decimal, halves away from zero ("+7.7",
    /// "-3.0", "0.0"), or nil when `base` is zero and the value is not.
    /// - Precondition: `base.scale ≤ scale`.
    public func percent(of base: ExactDecimal) -> String? {
        let baseUnits = WideDecimal(base).magnitude(atScale: scale)
        if baseUnits.isZero { return isZero ? "0.0" : nil }
        let tenths = magnitude.timesPowerOfTen(3).dividedRounded(by: baseUnits)
        let text = WideDecimal(isNegative: isNegative, magnitude: tenths, scale: 1).text(scale: 1)
        return isPositive ? "+" + text : text
    }
}
