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
        var text = text
        guard let value = text.withUTF8(Self.parse) else { return nil }
        self = value
    }

    /// Parses the UTF-8 bytes of `-?digits(.digits)?` in one pass, byte by byte (summary readers
    /// parse every value of a file: a walk over `Character`s cost about 6,500 instructions a
    /// value). Any byte outside ASCII digits, one leading `-` and one `.` refuses the text, as do
    /// more than 18 significant digits (leading zeros of the whole part do not count) or more than
    /// `maximumScale` decimals; 18 digits always fit in an `Int64`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        let zero = UInt8(ascii: "0"), count = bytes.count
        var index = 0
        let isNegative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var magnitude: Int64 = 0
        var significantDigits = 0
        let wholeStart = index
        while index < count, bytes[index] &- zero < 10 {
            let digit = Int64(bytes[index] &- zero)
            if significantDigits > 0 || digit != 0 { significantDigits += 1 }
            guard significantDigits <= 18 else { return nil }
            magnitude = magnitude &* 10 &+ digit
            index += 1
        }
        guard index > wholeStart else { return nil }
        var scale = 0
        if index < count {
            guard bytes[index] == UInt8(ascii: ".") else { return nil }
            index += 1
            while index < count, bytes[index] &- zero < 10 {
                scale += 1
                significantDigits += 1
                guard scale <= maximumScale, significantDigits <= 18 else { return nil }
                magnitude = magnitude &* 10 &+ Int64(bytes[index] &- zero)
                index += 1
            }
            guard scale > 0, index == count else { return nil }
        }
        return ExactDecimal(units: isNegative ? -magnitude : magnitude, scale: scale)
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
}
