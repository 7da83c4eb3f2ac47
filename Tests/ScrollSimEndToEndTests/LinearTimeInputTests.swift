import Foundation
import Testing
import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport

/// Inputs whose size once cost quadratic time (issue 8, finding 5), checked for what they must
/// answer (their speed is measured in Benchmarks/, not here): a summary CSV with thousands of
/// axis columns, compared against one with the columns in another order, and sweep axes with
/// many values, repeated ones found by value.
@Suite struct LinearTimeInputTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A summary CSV of one row with `axes` axis columns `cells.x<i>` in `order`, each valued `i`.
    static func wideCSV(_ order: [Int], hitchRatio: String) -> String {
        "scenario,strategy,seed,hitch_ratio," + order.map { "cells.x\($0)" }.joined(separator: ",") + "\n"
            + "g,naive,1,\(hitchRatio)," + order.map(String.init).joined(separator: ",") + "\n"
    }

    @Test("3,000 axis columns in reverse order join their row; a regression in it is found")
    func wideCompare() throws {
        let columns = Array(0..<3000)
        let baseline = try SummaryDocument.read(Array(Self.wideCSV(columns, hitchRatio: "0.5").utf8), file: "a.csv")
        let candidate = try SummaryDocument.read(Array(Self.wideCSV(columns.reversed(), hitchRatio: "9.5").utf8),
                                                 file: "b.csv")
        let comparison = try Comparison(baseline: baseline, file: "a.csv", candidate: candidate, file: "b.csv",
                                        limits: SummaryColumn.all.map(\.defaultLimit))
        #expect(comparison.rows.count == 1 && !comparison.hasMissingRows)
        #expect(comparison.regressionCount == 1)
        #expect(comparison.rows.first?.key.axisValues == columns.map(String.init))
    }

    @Test("a repeated column after thousands is named with its column number")
    func lateDuplicateColumn() {
        let header = "scenario,strategy,seed," + (0..<5000).map { "cells.x\($0)" }.joined(separator: ",")
            + ",cells.x17\n"
        #expect(throws: InputError(.invalid, file: "f.csv", at: .line(1, column: 5004),
                                   "duplicate column 'cells.x17'")) {
            try SummaryDocument.read(Array(header.utf8), file: "f.csv")
        }
    }

    @Test("a sweep axis value equal to an earlier one is refused at its index; equal means equal as JSON values",
          arguments: [
            ("[0.5, 1, 2, 1.0]", 3), ("[0, 1, -0]", 2), (#"["a", "b", "a"]"#, 2),
            (#"[{"x": [1, 2]}, {"x": [1, 2.0]}]"#, 1), ("[true, false, true]", 2), ("[null, 0, null]", 2),
          ])
    func repeatedAxisValue(values: String, index: Int) throws {
        try write("tiny.json", TestScenarios.tinyJSON())
        let sweep = try write("sweep.json",
                              #"{ "scenario": "tiny.json", "axes": { "cells.prefetchScreens": "# + values + " } }")
        let result = scrollsim("sweep", sweep)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(sweep): axes[\"cells.prefetchScreens\"][\(index)]: "
                + "repeats an earlier value of this axis; give each value once\n")
    }

    @Test("values that differ as JSON values are not repeats: a string and a number, arrays in another order")
    func distinctAxisValues() {
        let values: [JSONValue] = [.number(1, text: "1"), .string("1"),
                                   .array([.number(1, text: "1"), .number(2, text: "2")]),
                                   .array([.number(2, text: "2"), .number(1, text: "1")]), .string("d1"),
                                   .object([(key: "a", value: .null)]), .object([(key: "a", value: .bool(false))])]
        for (i, a) in values.enumerated() {
            for (j, b) in values.enumerated() {
                let sameKey = SweepDefinition.identityKey(a) == SweepDefinition.identityKey(b)
                #expect(sameKey == (a == b) && (i == j) == (a == b), "\(i) \(j)")
            }
        }
    }
}
