// Allowed number ranges and exact integer reading from JSON number text.

extension ScenarioDecoder {
    /// An allowed interval for a number field: `[lower, upper]`, or `(lower, upper]` when the
    /// lower bound is exclusive. Non-finite numbers are never inside.
    struct NumberRange {
        /// The lower bound.
        var lower: Double
        /// Whether `lower` itself is excluded.
        var isLowerExclusive: Bool
        /// The upper bound, always included.
        var upper: Double

        /// `[lower, upper]`.
        static func from(_ lower: Double, to upper: Double) -> NumberRange {
            NumberRange(lower: lower, isLowerExclusive: false, upper: upper)
        }

        /// `(lower, upper]`.
        static func above(_ lower: Double, atMost upper: Double) -> NumberRange {
            NumberRange(lower: lower, isLowerExclusive: true, upper: upper)
        }

        /// Whether `number` is allowed.
        func contains(_ number: Double) -> Bool {
            (isLowerExclusive ? number > lower : number >= lower) && number <= upper
        }

        /// "a number from 0 to 1000" or "a number greater than 0 and at most 10000".
        var phrase: String {
            isLowerExclusive
                ? "a number greater than \(ScenarioDecoder.formatted(lower)) "
                    + "and at most \(ScenarioDecoder.formatted(upper))"
                : "a number from \(ScenarioDecoder.formatted(lower)) to \(ScenarioDecoder.formatted(upper))"
        }
    }

    /// The exact value of a JSON number's `text` when it is an integer (`3000`, `3000.0`, `3e3`)
    /// of magnitude at most 2^64−1; nil otherwise. Never rounds through `Double`.
    static func exactInteger(_ text: String) -> ExactInteger? {
        let bytes = Array(text.utf8)
        var index = 0
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        /// Whether the byte at `at` is an ASCII digit.
        func isDigit(_ at: Int) -> Bool {
            at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
        }
        while isDigit(index) {
            digits.append(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) {
                digits.append(bytes[index] - UInt8(ascii: "0"))
                fractionDigits += 1
                index += 1
            }
        }
        var exponent = 0  // saturates at ±1e9: far beyond any integer we accept
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var isExponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                isExponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while isDigit(index) {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1_000_000_000)
                index += 1
            }
            if isExponentNegative { exponent = -exponent }
        }
        guard index == bytes.count, !digits.isEmpty else { return nil }
        guard let firstSignificant = digits.firstIndex(where: { $0 != 0 }) else {
            return ExactInteger(isNegative: isNegative, magnitude: 0)
        }
        var significant = digits[firstSignificant...]
        var scale = exponent - fractionDigits
        while significant.last == 0 {
            significant.removeLast()
            scale += 1
        }
        guard scale >= 0, significant.count + scale <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for digit in significant + repeatElement(0, count: scale) {
            let (product, productOverflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = product.addingReportingOverflow(UInt64(digit))
            guard !productOverflow, !sumOverflow else { return nil }
            magnitude = sum
        }
        return ExactInteger(isNegative: isNegative, magnitude: magnitude)
    }

    /// An integer read exactly from number text: sign and magnitude.
    struct ExactInteger {
        /// Whether the text had a minus sign (`-0` is negative zero, equal to 0).
        var isNegative: Bool
        /// The absolute value.
        var magnitude: UInt64

        /// The value as an `Int`, or nil when it does not fit.
        var asInt: Int? {
            if !isNegative { return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil }
            if magnitude == UInt64(Int.max) + 1 { return Int.min }
            return magnitude <= UInt64(Int.max) ? -Int(magnitude) : nil
        }
    }

    /// `number` for a message: integral values below 1e15 without a fraction (`1000000000`),
    /// others as Swift prints them (`0.3`).
    static func formatted(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
