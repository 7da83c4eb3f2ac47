import Foundation
import Testing
import ScrollSimTestSupport

/// `scrollsim compare` on values at the ends of the summary reader's range (issue 8, finding 2):
/// the change is exact however far apart the values are, so no regression overflows into
/// "unchanged"; values past the range are refused with 65.
@Suite struct CompareExactnessTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// `compare` of a one-row baseline and candidate with `hitch_ratio` `before` and `after`.
    func compareHitchRatio(_ before: String, _ after: String, _ arguments: [String] = []) throws -> Invocation {
        let base = try write("base.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,\(before)\n")
        let head = try write("head.csv", "scenario,strategy,seed,hitch_ratio\ng,naive,1,\(after)\n")
        return scrollsim(["compare", base, head] + arguments)
    }

    @Test("the issue's reproducers are regressions: 0.5 → 999999999999999999 and 0.000000001 → 9300000000")
    func hugeChangesRegress() throws {
        let first = try compareHitchRatio("0.5", "999999999999999999")
        #expect(first.code == 2)
        #expect(first.standardOutput.contains("+999999999999999998.5"))
        #expect(first.standardOutput.contains("Verdict: Regression - 1 metric past its limit"))
        let second = try compareHitchRatio("0.000000001", "9300000000")
        #expect(second.code == 2)
        #expect(second.standardOutput.contains("+9299999999.999999999 (+929999999999999999900.0%)"))
    }

    @Test("the largest values either way: exact changes, percentages and verdicts",
          arguments: [
            ("-999999999999999999", "999999999999999999", [String](), Int32(2), "+1999999999999999998 (+200.0%)"),
            ("999999999999999999", "-999999999999999999", [], 0, "-1999999999999999998 (-200.0%)"),
            ("-0.999999999", "-0.000000001", [], 2, "+0.999999998 (+100.0%)"),
            // 5 % of 99999999.999999999 is 4999999.99999999995: one unit below stays within.
            ("99999999.999999999", "104999999.999999998", [], 0, "+4999999.999999999 (+5.0%)"),
            ("99999999.999999999", "104999999.999999999", [], 2, "+5000000.000000000 (+5.0%)"),
            // A huge absolute limit is a limit, not an overflow.
            ("0.5", "999999999999999999", ["--max-regression", "hitch_ratio=+999999999999999999"], 0,
             "+999999999999999998.5"),
          ])
    func extremes(before: String, after: String, arguments: [String], code: Int32, change: String) throws {
        let result = try compareHitchRatio(before, after, arguments)
        #expect(result.code == code)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains(change))
    }

    @Test("values past the range are refused with 65, naming the rule",
          arguments: ["9999999999999999999", "0.0000000001", "12345678901.123456789"])
    func outOfRange(value: String) throws {
        let result = try compareHitchRatio("0.5", value)
        #expect(result.code == 65)
        #expect(result.standardError.hasSuffix(
            "line 2, column 4 (hitch_ratio): expected a number like 12 or 0.125 (at most 18 digits, "
            + "9 after the point), found '\(value)'\n"))
    }
}
