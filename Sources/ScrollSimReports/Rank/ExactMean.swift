import ScrollSimCore

/// The exact mean of summary values (`ExactDecimal`s), or of the paired differences of two lists
/// of them: the sum kept exactly at 9 decimals (`DecimalMagnitude`, its positive and negative
/// parts apart), divided only when printed or compared. `rank` and `report` print a mean with it,
/// so an 18-digit value prints as the summary CSV wrote it (`123456789012345678` stays that,
/// where its nearest `Double` printed `123456789012345680`), and a mean is rounded half away from
/// zero on its exact value, as `DecimalFormat` rounds the summary CSV's own ratios.
public struct ExactMean: Equatable, Sendable {
    /// The sum of the positive values (and of the subtracted negative ones), in units of 10^-9.
    private var positive = DecimalMagnitude.zero
    /// The sum of the magnitudes of the negative values (and of the subtracted positive ones), in
    /// units of 10^-9.
    private var negative = DecimalMagnitude.zero
    /// How many values (or differences).
    public private(set) var count = 0

    /// The mean of `values`.
    /// - Precondition: `values` is not empty.
    public init(_ values: [ExactDecimal]) {
        precondition(!values.isEmpty, "ExactMean of no values")
        for value in values { add(value, sign: 1) }
        count = values.count
    }

    /// The mean of `minuends[i] − subtrahends[i]`.
    /// - Precondition: both lists have the same, non-zero length.
    public init(differences minuends: [ExactDecimal], _ subtrahends: [ExactDecimal]) {
        precondition(!minuends.isEmpty && minuends.count == subtrahends.count, "ExactMean of unpaired values")
        for (minuend, subtrahend) in zip(minuends, subtrahends) {
            add(minuend, sign: 1)
            add(subtrahend, sign: -1)
        }
        count = minuends.count
    }

    /// Adds `sign × value` to the sum.
    private mutating func add(_ value: ExactDecimal, sign: Int) {
        let magnitude = WideDecimal(value).magnitude(atScale: ExactDecimal.maximumScale)
        if (value.units < 0) == (sign < 0) {
            positive = positive + magnitude
        } else {
            negative = negative + magnitude
        }
    }

    /// Whether the sum (and so the mean) is below zero, and its magnitude in units of 10^-9.
    private var sum: (isNegative: Bool, magnitude: DecimalMagnitude) {
        positive < negative ? (true, negative - positive) : (false, positive - negative)
    }

    /// The mean with exactly `decimals` decimals, rounded half away from zero on the exact value
    /// ("0.13" for 0.125; zero never has a sign); with `offset` (an interval's half width, signed)
    /// added first, taken to 9 decimals.
    public func text(decimals: Int, plus offset: Double = 0) -> String {
        guard offset.isFinite else { return DecimalFormat.fixed(offset, decimals: decimals) }
        let scale = ExactDecimal.maximumScale
        let divisor = DecimalMagnitude(UInt64(count))
        var shifted = self
        if offset != 0 {
            // offset × 10^9 as `DecimalFormat` prints it, times the count: the sum moves by n × offset.
            var units = DecimalMagnitude.zero
            for digit in DecimalFormat.fixed(offset.magnitude, decimals: scale).utf8 where digit != UInt8(ascii: ".") {
                units = units * DecimalMagnitude(10) + DecimalMagnitude(UInt64(digit - UInt8(ascii: "0")))
            }
            if offset < 0 {
                shifted.negative = negative + units * divisor
            } else {
                shifted.positive = positive + units * divisor
            }
        }
        let (isNegative, magnitude) = shifted.sum
        let rounded = decimals >= scale
            ? magnitude.timesPowerOfTen(decimals - scale).dividedRounded(by: divisor)
            : magnitude.dividedRounded(by: divisor * DecimalMagnitude(1).timesPowerOfTen(scale - decimals))
        return WideDecimal(isNegative: isNegative, magnitude: rounded, scale: decimals).text(scale: decimals)
    }

    /// −1, 0 or 1 as this mean is below, equal to or above `other`'s, decided exactly:
    /// `P₁/n₁ − N₁/n₁` against `P₂/n₂ − N₂/n₂` as `P₁·n₂ + N₂·n₁` against `P₂·n₁ + N₁·n₂`.
    public func compared(to other: ExactMean) -> Int {
        let mine = DecimalMagnitude(UInt64(count)), theirs = DecimalMagnitude(UInt64(other.count))
        let left = positive * theirs + other.negative * mine
        let right = other.positive * mine + negative * theirs
        return left < right ? -1 : right < left ? 1 : 0
    }
}
