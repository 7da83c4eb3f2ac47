/// Locale-independent fixed-point formatting for reports (docs/metrics.md), without Foundation.
///
/// A value is scaled by 10^`decimals`, rounded half away from zero to an integer, and that
/// integer's digits are printed with a `.` before the last `decimals` of them. The text therefore
/// depends only on the value: never on the locale, the C library's `printf`, or the platform.
/// A result that rounds to zero prints without a sign ("0.000", never "-0.000").
///
/// Two entry points:
/// - `fixed(_:decimals:)` for `Double` values (the scaling `x · 10^decimals` is one IEEE
///   multiplication, so results are identical on every platform);
/// - `fixed(_:over:decimals:)` for ratios of integers (durations in ns, byte counts, counters),
///   computed exactly with a 128-bit intermediate so that ties such as 1500 ns → "0.002" ms are
///   decided on the exact value, not on its nearest `Double`.
///
/// Non-finite values print as "nan", "inf" or "-inf"; reports never produce them, this is only a
/// defensive fallback. Integers beyond `UInt64` (possible only for huge `Double`s) are printed
/// exactly by a small base-10^9 conversion, not in exponent notation; beyond the `Int64` range
/// the integer part and the fraction are formatted separately so that no digit is invented by
/// the inexact product `x · 10^decimals` (1e20 prints as "100000000000000000000.000").
public enum DecimalFormat {
    /// Largest supported `decimals`: 10^19 is the largest power of ten that fits in a `UInt64`.
    public static let maximumDecimals = 19

    /// `x` with exactly `decimals` digits after the point: `x · 10^decimals` rounded half away from
    /// zero, e.g. `fixed(0.0005, decimals: 3) == "0.001"`, `fixed(-0.0001, decimals: 3) == "0.000"`.
    /// - Precondition: `0 <= decimals <= maximumDecimals`.
    /// - Complexity: O(number of digits).
    public static func fixed(_ x: Double, decimals: Int) -> String {
        precondition((0...maximumDecimals).contains(decimals), "decimals out of range: \(decimals)")
        guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
        let scale = powerOfTen(decimals)
        let scaled = (x * Double(scale)).rounded(.toNearestOrAwayFromZero)
        if scaled.magnitude < 9_223_372_036_854_775_808.0 {  // 2^63: the Int64 range
            return assemble(isNegative: scaled < 0, digits: String(UInt64(scaled.magnitude)), decimals: decimals)
        }
        // Beyond Int64 the product x · 10^decimals is no longer exact: format the integer part and
        // the fraction separately (both exact), carrying a fraction that rounds up to 1.
        let whole = x.magnitude.rounded(.towardZero)
        var fraction = UInt64(((x.magnitude - whole) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        let wholeDigits: String
        if whole < 18_446_744_073_709_551_616.0 {  // 2^64
            var integer = UInt64(whole)
            if fraction == scale {  // only possible below 2^53, where a fraction exists: no overflow
                integer += 1
                fraction = 0
            }
            wholeDigits = String(integer)
        } else {
            wholeDigits = integerDigits(whole)  // ≥ 2^53: x is an integer, fraction is 0
        }
        let fractionDigits = decimals == 0 ? "" : String(fraction)
        let padding = String(repeating: "0", count: decimals - fractionDigits.count)
        return assemble(isNegative: x < 0, digits: wholeDigits + padding + fractionDigits, decimals: decimals)
    }

    /// `numerator / denominator` with exactly `decimals` digits after the point, rounded half away
    /// from zero on the exact rational value; all zeros ("0.000") when `denominator` is 0, as the
    /// ratios of `RunMetrics` are 0 without a denominator.
    /// - Precondition: `0 <= decimals <= maximumDecimals`.
    /// - Complexity: O(number of digits).
    public static func fixed(_ numerator: Int64, over denominator: Int64, decimals: Int) -> String {
        fixed(numerator, over: denominator, decimals: decimals, timesPowerOfTen: 0)
    }

    /// `numerator · 10^extraPowerOfTen / denominator` with `decimals` decimals, exactly (e.g. a hitch
    /// ratio in ms/s is `hitchNanos · 10^3 / scrollNanos`). Falls back to `Double` arithmetic only
    /// when the rounded result does not fit in a `UInt64`.
    /// - Precondition: `0 <= decimals`, `0 <= extraPowerOfTen`, and their sum ≤ `maximumDecimals`.
    static func fixed(_ numerator: Int64, over denominator: Int64, decimals: Int,
                      timesPowerOfTen extraPowerOfTen: Int) -> String {
        precondition(decimals >= 0 && extraPowerOfTen >= 0 && decimals + extraPowerOfTen <= maximumDecimals,
                     "decimals out of range: \(decimals) + \(extraPowerOfTen)")
        guard denominator != 0 else { return assemble(isNegative: false, digits: "0", decimals: decimals) }
        let divisor = denominator.magnitude
        let product = numerator.magnitude.multipliedFullWidth(by: powerOfTen(decimals + extraPowerOfTen))
        let fallback = {
            fixed(Double(numerator) * Double(powerOfTen(extraPowerOfTen)) / Double(denominator), decimals: decimals)
        }
        guard product.high < divisor else { return fallback() }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        var rounded = quotient
        if remainder >= divisor - remainder {  // remainder / divisor ≥ 1/2: away from zero
            guard quotient < UInt64.max else { return fallback() }
            rounded += 1
        }
        let isNegative = (numerator < 0) != (denominator < 0) && rounded != 0
        return assemble(isNegative: isNegative, digits: String(rounded), decimals: decimals)
    }

    /// 10^`exponent` for 0...19.
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// Places the point before the last `decimals` of `digits` (an unsigned integer's digits),
    /// padding with leading zeros, and prefixes "-" when `isNegative`.
    static func assemble(isNegative: Bool, digits: String, decimals: Int) -> String {
        let sign = isNegative && digits.contains(where: { $0 != "0" }) ? "-" : ""
        guard decimals > 0 else { return sign + digits }
        let padded = digits.count > decimals
            ? digits
            : String(repeating: "0", count: decimals + 1 - digits.count) + digits
        let point = padded.index(padded.endIndex, offsetBy: -decimals)
        return sign + padded[..<point] + "." + padded[point...]
    }

    /// The exact decimal digits of an integral `value` ≥ 2^53 (every such `Double` is an integer):
    /// significand shifted into 32-bit limbs, then repeated division by 10^9.
    /// - Complexity: O(k²) for k limbs (k ≤ 33 for the largest `Double`).
    static func integerDigits(_ value: Double) -> String {
        precondition(value.isFinite && value >= 9_007_199_254_740_992.0, "not a large integral value")
        let significand = value.significandBitPattern | (1 << 52)
        let shift = Int(value.exponent) - 52
        let word = shift / 32, bit = shift % 32
        // Little-endian 32-bit limbs of significand << shift (Swift's `>>` yields 0 on overshift).
        var limbs = [UInt32](repeating: 0, count: word + 3)
        limbs[word] = UInt32(truncatingIfNeeded: significand << bit)
        limbs[word + 1] = UInt32(truncatingIfNeeded: significand >> (32 - bit))
        limbs[word + 2] = UInt32(truncatingIfNeeded: significand >> (64 - bit))
        var chunks: [UInt32] = []  // base-10^9 digits, least significant first
        while let top = limbs.last, top == 0 { limbs.removeLast() }
        while !limbs.isEmpty {
            var remainder: UInt64 = 0
            for index in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[index])
                limbs[index] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while let top = limbs.last, top == 0 { limbs.removeLast() }
        }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}
