import Testing
import ScrollSimCore

/// `DecimalMagnitude` and `WideDecimal`: the exact arithmetic of `compare` (issue 8, finding 2).
@Suite struct WideDecimalTests {
    @Test("differences past Int64 are exact, with their signs")
    func differences() {
        func difference(_ a: String, _ b: String) -> String {
            let change = WideDecimal.difference(ExactDecimal(a)!, ExactDecimal(b)!)
            return change.signedText(scale: change.scale)
        }
        #expect(difference("999999999999999999", "0.5") == "+999999999999999998.5")
        #expect(difference("0.5", "999999999999999999") == "-999999999999999998.5")
        #expect(difference("-999999999999999999", "999999999999999999") == "-1999999999999999998")
        #expect(difference("9300000000", "0.000000001") == "+9299999999.999999999")
        #expect(difference("-0.25", "-0.25") == "0.00")
        #expect(difference("-0.2", "-0.25") == "+0.05")
        #expect(difference("0", "0.001") == "-0.001")
    }

    @Test("products, sums, order and rounded division")
    func magnitudes() {
        let big = DecimalMagnitude(UInt64.max)
        #expect((big * big).text == "340282366920938463426481119284349108225")
        #expect((big + DecimalMagnitude(1)).text == "18446744073709551616")
        #expect((big - big).isZero)
        #expect(DecimalMagnitude(999) < DecimalMagnitude(1000))
        #expect(!(DecimalMagnitude(1000) < DecimalMagnitude(1000)))
        #expect(DecimalMagnitude(25).dividedRounded(by: DecimalMagnitude(10)).text == "3")  // 2.5: away from zero
        #expect(DecimalMagnitude(24).dividedRounded(by: DecimalMagnitude(10)).text == "2")
        #expect(DecimalMagnitude(7).timesPowerOfTen(20).text == "700000000000000000000")
        #expect(DecimalMagnitude.zero.text == "0")
    }

    @Test("percentages round halves away from zero and keep the change's sign")
    func percentages() {
        func percent(_ change: String, of base: String) -> String? {
            let value = WideDecimal.difference(ExactDecimal(change)!, .zero)
            return value.percent(of: ExactDecimal(base)!)
        }
        #expect(percent("3.138", of: "40.862") == "+7.7")
        #expect(percent("-0.0004", of: "1") == "0.0")   // rounds to zero: no sign
        #expect(percent("-0.0005", of: "1") == "-0.1")  // a half: away from zero
        #expect(percent("0.0004", of: "1") == "+0.0")   // a positive change keeps its "+"
        #expect(percent("-0.0005", of: "0.1") == "-0.5")
        #expect(percent("1", of: "0") == nil)
        #expect(percent("0", of: "0") == "0.0")
    }

    @Test("limits decide exactly where Int64 arithmetic overflowed")
    func limits() {
        let base = ExactDecimal("0.5")!, huge = ExactDecimal("999999999999999999")!
        #expect(RegressionLimit.percent(ExactDecimal("5")!).isExceeded(from: base, to: huge, polarity: .lowerIsBetter))
        #expect(!RegressionLimit.percent(ExactDecimal("5")!).isExceeded(from: huge, to: base, polarity: .lowerIsBetter))
        #expect(RegressionLimit.absolute(ExactDecimal("1")!).isExceeded(from: huge, to: base,
                                                                        polarity: .higherIsBetter))
        #expect(!RegressionLimit.absolute(huge).isExceeded(from: base, to: huge, polarity: .lowerIsBetter))
        #expect(RegressionLimit.absolute(ExactDecimal("999999999999999998")!)
            .isExceeded(from: base, to: huge, polarity: .lowerIsBetter))
    }
}
