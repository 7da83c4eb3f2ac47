/// A non-negative integer of any size, as decimal digits: the exact arithmetic behind
/// `compare` (`WideDecimal`, `RegressionLimit`), where aligning two summary values to one scale
/// and multiplying by a percentage can pass any fixed-width integer (an 18-digit value at 9
/// decimals is 27 digits; times a limit, 45). Values here have tens of digits, so schoolbook
/// operations cost nothing that matters.
public struct DecimalMagnitude: Equatable, Hashable, Sendable, Comparable {
    /// The digits 0–9, least significant first, without leading (most significant) zeros:
    /// zero is `[]`.
    public private(set) var digits: [UInt8]

    /// Zero.
    public static let zero = DecimalMagnitude(digits: [])

    /// `value`.
    public init(_ value: UInt64) {
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(rest % 10))
            rest /= 10
        }
        self.digits = digits
    }

    /// A value from its digits, least significant first (leading zeros dropped).
    init(digits: [UInt8]) {
        var digits = digits
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
    }

    /// Whether the value is zero.
    public var isZero: Bool { digits.isEmpty }

    /// The value in decimal, "0" for zero.
    public var text: String {
        digits.isEmpty ? "0" : String(decoding: digits.reversed().map { $0 + 48 }, as: UTF8.self)
    }

    /// `self × 10^exponent`.
    /// - Precondition: `exponent ≥ 0`.
    public func timesPowerOfTen(_ exponent: Int) -> DecimalMagnitude {
        precondition(exponent >= 0, "DecimalMagnitude: negative exponent \(exponent)")
        return isZero ? self : DecimalMagnitude(digits: [UInt8](repeating: 0, count: exponent) + digits)
    }

    /// Orders by value.
    public static func < (left: DecimalMagnitude, right: DecimalMagnitude) -> Bool {
        if left.digits.count != right.digits.count { return left.digits.count < right.digits.count }
        for index in left.digits.indices.reversed() where left.digits[index] != right.digits[index] {
            return left.digits[index] < right.digits[index]
        }
        return false
    }

    /// The sum.
    public static func + (left: DecimalMagnitude, right: DecimalMagnitude) -> DecimalMagnitude {
        var digits: [UInt8] = []
        digits.reserveCapacity(max(left.digits.count, right.digits.count) + 1)
        var carry: UInt8 = 0
        for index in 0..<max(left.digits.count, right.digits.count) {
            let sum = (index < left.digits.count ? left.digits[index] : 0)
                + (index < right.digits.count ? right.digits[index] : 0) + carry
            digits.append(sum % 10)
            carry = sum / 10
        }
        if carry > 0 { digits.append(carry) }
        return DecimalMagnitude(digits: digits)
    }

    /// The difference.
    /// - Precondition: `left ≥ right`.
    public static func - (left: DecimalMagnitude, right: DecimalMagnitude) -> DecimalMagnitude {
        precondition(!(left < right), "DecimalMagnitude: negative difference")
        var digits = left.digits
        var borrow: UInt8 = 0
        for index in digits.indices {
            let subtrahend = (index < right.digits.count ? right.digits[index] : 0) + borrow
            if digits[index] >= subtrahend {
                digits[index] -= subtrahend
                borrow = 0
            } else {
                digits[index] = digits[index] + 10 - subtrahend
                borrow = 1
            }
        }
        return DecimalMagnitude(digits: digits)
    }

    /// The product.
    public static func * (left: DecimalMagnitude, right: DecimalMagnitude) -> DecimalMagnitude {
        if left.isZero || right.isZero { return .zero }
        var sums = [Int](repeating: 0, count: left.digits.count + right.digits.count + 1)
        for (i, a) in left.digits.enumerated() {
            for (j, b) in right.digits.enumerated() { sums[i + j] += Int(a) * Int(b) }
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(sums.count)
        var carry = 0
        for sum in sums {
            let total = sum + carry
            digits.append(UInt8(total % 10))
            carry = total / 10
        }
        return DecimalMagnitude(digits: digits)
    }

    /// `self / divisor` rounded to the nearest integer, halves away from zero.
    /// - Precondition: `divisor` is not zero.
    public func dividedRounded(by divisor: DecimalMagnitude) -> DecimalMagnitude {
        precondition(!divisor.isZero, "DecimalMagnitude: division by zero")
        var quotient: [UInt8] = []  // most significant first
        var remainder = DecimalMagnitude.zero
        for digit in digits.reversed() {
            remainder = DecimalMagnitude(digits: [digit] + remainder.digits)
            var count: UInt8 = 0
            while !(remainder < divisor) {
                remainder = remainder - divisor
                count += 1
            }
            quotient.append(count)
        }
        var result = DecimalMagnitude(digits: quotient.reversed())
        if !(remainder + remainder < divisor) { result = result + DecimalMagnitude(1) }
        return result
    }
}
