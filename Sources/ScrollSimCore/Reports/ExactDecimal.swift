/// A decimal number read from text, kept exactly: `units × 10^-scale` (`"40.862"` is 40862 with
/// scale 3), so `compare` decides "exactly at the threshold" on the numbers as printed, never on
/// their nearest `Double`.
///
/// Accepts `-?digits(.digits)?` with at most 18 significant digits and 9 decimals (the summary
/// CSV prints at most 4); no exponents, no `+`, no spaces. Comparisons of products use 128-bit
/// intermediates (`multipliedFullWidth`), so nothing overflows for values that parse.
public struct ExactDecimal: Equatable, Hashable, Sendable {
    /// The value in units of 10^-scale.
    public var units: Int64
    /// Digits after the point, 0...9.
    public var scale: Int

    /// The largest `scale` accepted.
    public static let maximumScale = 9

    /// Parses `text`; nil when it is not a plain decimal number in range.
    public init?(_ text: String) {
        var digits = Substring(text)
        let isNegative = digits.first == "-"
        if isNegative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(Self.isDigit) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(Self.isDigit),
              fraction.count <= Self.maximumScale,
              whole.drop(while: { $0 == "0" }).count + fraction.count <= 18,
              let magnitude = Int64(whole + fraction) else { return nil }
        units = isNegative ? -magnitude : magnitude
        scale = fraction.count
    }

    /// A value from its parts.
    public init(units: Int64, scale: Int) {
        self.units = units
        self.scale = scale
    }

    /// Zero at scale 0.
    public static let zero = ExactDecimal(units: 0, scale: 0)

    /// `units` expressed at `scale` (≥ self.scale); nil if it does not fit in an `Int64`.
    public func units(atScale scale: Int) -> Int64? {
        var value = units
        for _ in self.scale..<scale {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }

    /// `self − other`, exactly, at the larger scale; nil on overflow (never for CSV values).
    public func minus(_ other: ExactDecimal) -> ExactDecimal? {
        let scale = max(self.scale, other.scale)
        guard let a = units(atScale: scale), let b = other.units(atScale: scale) else { return nil }
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : ExactDecimal(units: difference, scale: scale)
    }

    /// Whether the value is zero.
    public var isZero: Bool { units == 0 }

    /// The value with exactly `scale` decimals (`scale` ≥ its own), e.g. "-3.100".
    public func text(scale: Int) -> String {
        DecimalFormat.fixed(units, over: Int64(Self.powerOfTen(self.scale)), decimals: scale)
    }

    /// The value with its own number of decimals.
    public var text: String { text(scale: scale) }

    /// The value with a "+" before it when positive: "+3.138", "-1", "0".
    public var signedText: String { units > 0 ? "+" + text : text }

    /// `a × b < c × d` for non-negative `a`…`d`, exactly.
    public static func productIsLess(_ a: UInt64, _ b: UInt64, than c: UInt64, _ d: UInt64) -> Bool {
        let left = a.multipliedFullWidth(by: b), right = c.multipliedFullWidth(by: d)
        return left.high < right.high || (left.high == right.high && left.low < right.low)
    }

    /// 10^`exponent` for 0...19.
    public static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Whether `character` is one of the ASCII digits 0–9.
    static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
