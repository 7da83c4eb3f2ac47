import Testing
import ScrollSimCore

/// `DecimalFormat`: fixed-point text without Foundation or locale.
@Suite struct DecimalFormatTests {
    @Test("rounds half away from zero", arguments: [
        (0.0005, 3, "0.001"), (-0.0005, 3, "-0.001"), (2.5, 0, "3"), (-2.5, 0, "-3"),
        (1234.5678, 3, "1234.568"), (0.05, 4, "0.0500"), (12.0, 1, "12.0"), (0.25, 1, "0.3"),
    ])
    func roundsHalfAwayFromZero(value: Double, decimals: Int, expected: String) {
        #expect(DecimalFormat.fixed(value, decimals: decimals) == expected)
    }

    @Test("never prints a negative zero", arguments: [-0.0001, -0.0, 0.0, -0.00049])
    func neverPrintsNegativeZero(value: Double) {
        #expect(DecimalFormat.fixed(value, decimals: 3) == "0.000")
    }

    @Test("large values print every integer digit, never an exponent")
    func largeValues() {
        #expect(DecimalFormat.fixed(123_456_789_012.345, decimals: 3) == "123456789012.345")
        #expect(DecimalFormat.fixed(1.8e19, decimals: 0) == "18000000000000000000")  // below 2^64
        #expect(DecimalFormat.fixed(18_446_744_073_709_551_616.0, decimals: 0) == "18446744073709551616")  // 2^64
        #expect(DecimalFormat.fixed(1e20, decimals: 3) == "100000000000000000000.000")
        #expect(DecimalFormat.fixed(-1_180_591_620_717_411_303_424.0, decimals: 1)
                    == "-1180591620717411303424.0")  // -2^70
        // x · 10^19 overflows to infinity: the integer's exact digits, then 19 zeros.
        let huge = DecimalFormat.fixed(1e300, decimals: 19)
        #expect(huge.hasPrefix(
            "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864"
                + "0437044438328838781769425232353604305756447921847867069828483872009265758037378302337947880900593689"
                + "5323497079994508111903896764088007465274278014249457925878882005684283811566947219638686545940054016"
                + "0."))
        #expect(huge.count == 301 + 1 + 19)
        // 2^53 - 0.5 is not a Double: rounds to 2^53
        #expect(DecimalFormat.fixed(9_007_199_254_740_991.5, decimals: 2) == "9007199254740992.00")
        #expect(DecimalFormat.fixed(1e15 + 0.5, decimals: 5) == "1000000000000000.50000")  // beyond Int64 after scaling
        #expect(DecimalFormat.fixed(-123_456_789.987654, decimals: 12).hasPrefix("-123456789.98765"))
        #expect(huge.hasSuffix("." + String(repeating: "0", count: 19)))
    }

    @Test("non-finite values have a defensive text")
    func nonFinite() {
        #expect(DecimalFormat.fixed(.nan, decimals: 3) == "nan")
        #expect(DecimalFormat.fixed(.infinity, decimals: 3) == "inf")
        #expect(DecimalFormat.fixed(-.infinity, decimals: 3) == "-inf")
    }

    @Test("integer ratios are rounded on the exact value", arguments: [
        (Int64(1_500), Int64(1_000_000), 3, "0.002"),      // 0.0015 ms: a tie, away from zero
        (Int64(-1_500), Int64(1_000_000), 3, "-0.002"),
        (Int64(1_499), Int64(1_000_000), 3, "0.001"),
        (Int64(2), Int64(3), 4, "0.6667"),
        (Int64(1), Int64(-3), 4, "-0.3333"),
        (Int64(-1), Int64(10_000), 3, "0.000"),            // rounds to zero: no sign
        (Int64(5), Int64(0), 3, "0.000"),                  // no denominator: 0, like RunMetrics' ratios
        (Int64(52_428_800), Int64(1_048_576), 3, "50.000"),
        (Int64.max, Int64(1_000_000), 3, "9223372036854.776"),
    ])
    func integerRatios(numerator: Int64, denominator: Int64, decimals: Int, expected: String) {
        #expect(DecimalFormat.fixed(numerator, over: denominator, decimals: decimals) == expected)
    }

    @Test("a ratio whose result exceeds UInt64 falls back to Double arithmetic")
    func ratioFallback() {
        // Exact: 9223372036854775807.000; the Double fallback rounds the numerator to 2^63.
        #expect(DecimalFormat.fixed(Int64.max, over: 1, decimals: 3) == "9223372036854775808.000")
    }
}
