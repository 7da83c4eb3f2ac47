import Testing
import ScrollSimCore

/// `RegressionLimit` and `ExactDecimal`: limits decided exactly on the printed decimals.
@Suite struct RegressionLimitTests {
    @Test("limits are exact on decimal text: a reference check over a grid of values")
    func limitReference() {
        // Reference: with integers in thousandths, worsening × 100 > p × |baseline|.
        let percent = RegressionLimit.percent(ExactDecimal(units: 5, scale: 0))
        var mismatches: [String] = []
        for baseline in stride(from: 0, through: 2_000, by: 7) {
            for candidate in stride(from: 0, through: 2_200, by: 3) {
                let before = ExactDecimal(units: Int64(baseline), scale: 3)
                let after = ExactDecimal(units: Int64(candidate), scale: 3)
                let lowerExpected = (candidate - baseline) > 0 && (candidate - baseline) * 100 > 5 * baseline
                let higherExpected = (baseline - candidate) > 0 && (baseline - candidate) * 100 > 5 * baseline
                if percent.isExceeded(from: before, to: after, polarity: .lowerIsBetter) != lowerExpected
                    || percent.isExceeded(from: before, to: after, polarity: .higherIsBetter) != higherExpected {
                    mismatches.append("\(before.text) → \(after.text)")
                }
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("an amount limit passes exactly at the limit and fails one unit past it")
    func amount() {
        let limit = RegressionLimit.absolute(ExactDecimal(units: 2, scale: 0))
        #expect(!limit.isExceeded(from: ExactDecimal("3")!, to: ExactDecimal("5")!, polarity: .lowerIsBetter))
        #expect(limit.isExceeded(from: ExactDecimal("3")!, to: ExactDecimal("5.001")!, polarity: .lowerIsBetter))
        #expect(!limit.isExceeded(from: ExactDecimal("3")!, to: ExactDecimal("9")!, polarity: .workload))
    }

    @Test("limits parse with the sign pointing the worse way, and print as written")
    func parsing() {
        #expect(RegressionLimit.parse("5%", polarity: .lowerIsBetter) == .success(.percent(ExactDecimal("5")!)))
        #expect(RegressionLimit.parse("+2", polarity: .lowerIsBetter) == .success(.absolute(ExactDecimal("2")!)))
        #expect(RegressionLimit.parse("-5%", polarity: .higherIsBetter) == .success(.percent(ExactDecimal("5")!)))
        #expect(RegressionLimit.parse("-5%", polarity: .lowerIsBetter) == .failure(.wrongSign(expected: "+")))
        #expect(RegressionLimit.parse("5x", polarity: .lowerIsBetter) == .failure(.malformed))
        #expect(RegressionLimit.parse("0.0000001", polarity: .lowerIsBetter) == .failure(.malformed))
        #expect(RegressionLimit.percent(ExactDecimal("5")!).text(for: .higherIsBetter) == "-5%")
        #expect(RegressionLimit.absolute(ExactDecimal("2")!).text(for: .lowerIsBetter) == "+2")
    }

    @Test("exact decimals: plain text only, kept with their scale")
    func exactDecimals() {
        #expect(ExactDecimal("40.862") == ExactDecimal(units: 40_862, scale: 3))
        #expect(ExactDecimal("-0.5")?.text == "-0.5")
        for bad in ["", "-", "1.", ".5", "+1", "1e3", " 1", "1,5", "0.1234567890", "1234567890123456789"] {
            #expect(ExactDecimal(bad) == nil, "\(bad)")
        }
        #expect(ExactDecimal("3.1")?.minus(ExactDecimal("1.25")!) == ExactDecimal(units: 185, scale: 2))
    }
}
