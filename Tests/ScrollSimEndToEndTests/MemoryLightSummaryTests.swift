import Foundation
import Testing
@testable import ScrollSimCLI
@testable import ScrollSimReports
import ScrollSimTestSupport
import ScrollSimCore

/// The memory-light readers of summary CSVs: `compare` packs each file (`ComparisonSide`), `rank`
/// and `report` keep only the columns they use, `merge` keeps rows as their lines, and all four
/// stream their output. Each gives the bytes of the reader it replaced (which kept every value of
/// every row and built its output whole): against f513ee6's outputs, and against that reader's
/// algorithm run here on fully read documents.
@Suite struct MemoryLightSummaryTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A summary CSV with every column of the metric table and two sweep axes: 2 scenarios × 3
    /// strategies × 3 seeds × 2 × 2 axis values (72 rows), each value made from its row and
    /// column (with the column's decimals; `refresh_hz` 60 or 120). `shift` changes a fifth of the
    /// values (a candidate); `reversedAxes` writes the axis columns in the other order; the rows
    /// numbered in `skipping` are left out.
    static func wideSummary(shift: Int = 0, reversedAxes: Bool = false, skipping: Set<Int> = []) -> String {
        let axes = ["cells.prefetchScreens", "network.latencyMsMedian"]
        var text = (SummaryCSV.columns + (reversedAxes ? axes.reversed() : axes)).joined(separator: ",") + "\n"
        var number = 0
        for scenario in ["grid", "list, long"] {
            for strategy in ["naive", "nuke", "kingfisher"] {
                for seed in 1...3 {
                    for point in [("0", "10"), ("0", "20"), ("0.5", "10"), ("0.5", "20")] {
                        number += 1
                        if skipping.contains(number) { continue }
                        let identity = [SummaryCSV.field(scenario), strategy, String(seed), "ios15"]
                        var fields: [String] = []
                        for (index, column) in SummaryColumn.all.enumerated() {
                            if index < identity.count {
                                fields.append(identity[index])
                            } else if column.name == "refresh_hz" {
                                fields.append(number % 2 == 0 ? "60" : "120")
                            } else {
                                let isChanged = shift != 0 && number % 5 == index % 5
                                let whole = (number * 31 + index * 17 + (isChanged ? shift : 0)) % 97
                                let digit = String((number * 7 + index) % 10)
                                fields.append(column.decimals == 0 ? String(whole)
                                              : "\(whole)." + String(repeating: digit, count: column.decimals))
                            }
                        }
                        fields += reversedAxes ? [point.1, point.0] : [point.0, point.1]
                        text += fields.joined(separator: ",") + "\n"
                    }
                }
            }
        }
        return text
    }

    /// The comparison as lines (each joined row's metrics, then the rows on one side only), by
    /// the reader `compare` had: a dictionary of the candidate's fully parsed rows, every value
    /// kept, each metric of each joined row judged from them.
    static func referenceLines(_ baseline: SummaryDocument, _ candidate: SummaryDocument,
                               limits: [RegressionLimit?]) -> [String] {
        let order = baseline.axisNames.map { name in candidate.axisNames.firstIndex(of: name) ?? 0 }
        func key(_ row: SummaryRow) -> RowKey {
            var key = RowKey(row)
            key.axisValues = order.map { row.axisValues[$0] }
            return key
        }
        var rowOfKey: [RowKey: SummaryRow] = [:]
        for row in candidate.rows { rowOfKey[key(row)] = row }
        var lines: [String] = [], onlyInBaseline: [String] = []
        var joined = Set<RowKey>()
        for row in baseline.rows {
            let key = RowKey(row)
            guard let other = rowOfKey[key] else {
                onlyInBaseline.append("only in the baseline: \(key)")
                continue
            }
            joined.insert(key)
            for index in SummaryColumn.all.indices where SummaryColumn.all[index].polarity != nil {
                guard let before = row.values[index]?.exact, let after = other.values[index]?.exact else { continue }
                let result = Comparison.compare(SummaryColumn.all[index], limit: limits[index], before, after)
                lines.append("\(key) \(result.metric.name) \(result.baseline.text) \(result.candidate.text) "
                             + "\(result.status)")
            }
        }
        lines += onlyInBaseline
        for row in candidate.rows where !joined.contains(key(row)) {
            lines.append("only in the candidate: \(key(row))")
        }
        return lines
    }

    /// The same lines from `comparison`.
    static func lines(_ comparison: Comparison) -> [String] {
        var lines: [String] = []
        for row in comparison.rows {
            for result in row.metrics {
                lines.append("\(row.key) \(result.metric.name) \(result.baseline.text) \(result.candidate.text) "
                             + "\(result.status)")
            }
        }
        return lines + comparison.onlyInBaseline.map { "only in the baseline: \($0)" }
            + comparison.onlyInCandidate.map { "only in the candidate: \($0)" }
    }

    @Test("compare: the packed files join and judge every metric of every row as the parsed rows did")
    func packedComparisonMatchesParsedRows() throws {
        let limits = SummaryColumn.all.map(\.defaultLimit)
        let baselineText = Self.wideSummary(skipping: [3, 70])
        let candidateText = Self.wideSummary(shift: 3, reversedAxes: true, skipping: [10, 72])
        let baselinePath = try write("base.csv", baselineText), candidatePath = try write("head.csv", candidateText)
        let baseline = try SummaryDocument.read(Array(baselineText.utf8), file: baselinePath)
        let candidate = try SummaryDocument.read(Array(candidateText.utf8), file: candidatePath)
        let expected = Self.referenceLines(baseline, candidate, limits: limits)
        #expect(expected.filter { $0.hasPrefix("only in the baseline") }.count == 2)
        #expect(expected.filter { $0.hasPrefix("only in the candidate") }.count == 2)

        let packed = try Comparison(baseline: try ComparisonSide.load(path: baselinePath, isIndexed: false),
                                    candidate: try ComparisonSide.load(path: candidatePath, isIndexed: true),
                                    limits: limits)
        let lines = Self.lines(packed)
        #expect(lines == expected)
        for status in Comparison.Status.allCases {
            #expect(packed.count(status) == expected.filter { $0.hasSuffix(" \(status)") }.count, "\(status)")
        }
        #expect(packed.count(.unchanged) > 0 && packed.count(.changed) > 0 && packed.regressionCount > 0)
        #expect(packed.regressedRowCount
                == Set(expected.filter { $0.hasSuffix(" regressed") }.map { $0.split(separator: "]")[0] }).count)
        // Built from documents in memory (the Swift API) it is the same comparison.
        let fromDocuments = try Comparison(baseline: baseline, file: baselinePath, candidate: candidate,
                                           file: candidatePath, limits: limits)
        #expect(Self.lines(fromDocuments) == expected)
        #expect(ComparisonReport.csv(fromDocuments) == ComparisonReport.csv(packed))
    }

    @Test("compare prints f513ee6's bytes: values past 32 bits, -2^31, other scales, columns reordered",
          arguments: [("table", MemoryLightGolden.table), ("markdown", MemoryLightGolden.markdown),
                      ("csv", MemoryLightGolden.csv)])
    func compareGolden(format: String, expected: String) throws {
        try write("base.csv", MemoryLightGolden.baseline)
        try write("head.csv", MemoryLightGolden.candidate)
        let result = scrollsim(["compare", directory + "/base.csv", directory + "/head.csv", "--format", format])
        #expect(result.code == 2)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput
                == expected.replacingOccurrences(of: "base.csv", with: directory + "/base.csv")
                    .replacingOccurrences(of: "head.csv", with: directory + "/head.csv"))
    }

    @Test("a packed value that is not at its column's scale or not 32 bits is kept exactly aside")
    func asideValues() throws {
        let text = "scenario,strategy,seed,bytes_downloaded,hitch_ratio\n"
            + "g,a,1,5,1.500\ng,a,2,-2147483648,1.5\ng,a,3,9000000000,-0.001\ng,a,4,2147483647,1.50\n"
        let document = try SummaryDocument.read(Array(text.utf8), file: "x.csv")
        let side = try ComparisonSide(document: document, file: "x.csv")
        let bytes = try #require(SummaryColumn.index(of: "bytes_downloaded"))
        let hitch = try #require(SummaryColumn.index(of: "hitch_ratio"))
        #expect((0..<4).map { side.value(row: $0, column: bytes).text } == ["5", "-2147483648", "9000000000",
                                                                            "2147483647"])
        #expect((0..<4).map { side.value(row: $0, column: hitch).text } == ["1.500", "1.5", "-0.001", "1.50"])
    }

    @Test("rank keeps one value a row and ranks as with every value kept", arguments: ["hitch_ratio", "ready_ratio"])
    func rankProjection(metric: String) throws {
        let path = try write("runs.csv", Self.wideSummary())
        let column = try #require(SummaryColumn.index(of: metric))
        let full = try SummaryDocument.load(path: path)
        let projected = try SummaryDocument.load(path: path, keeping: [column])
        #expect(projected.rows.allSatisfy { $0.values.presentCount == 1 && $0.values[column] != nil })
        let numbers = SummaryColumn.all.filter { !["scenario", "strategy", "seed", "profile"].contains($0.name) }
        #expect(full.rows.allSatisfy { $0.values.presentCount == numbers.count })
        let fromFull = try Ranking([(path, full)], metric: try #require(SummaryColumn.named(metric)))
        let fromProjected = try Ranking([(path, projected)], metric: try #require(SummaryColumn.named(metric)))
        #expect(RankReport.table(fromProjected) == RankReport.table(fromFull))
        #expect(RankReport.csv(fromProjected) == RankReport.csv(fromFull))
        #expect(scrollsim(["rank", path, "--metric", metric, "--format", "csv"]).standardOutput
                == RankReport.csv(fromFull))
    }

    @Test("report keeps the columns it shows, streams its page, and writes what the full rows give")
    func reportProjection() throws {
        // Plain runs (per-seed error bars) and a sweep (axis charts).
        for (name, csv) in [("runs.csv", Self.withoutAxes(Self.wideSummary())), ("sweep.csv", Self.wideSummary())] {
            let path = try write(name, csv)
            let full = try SummaryDocument.load(path: path)
            let projected = try HTMLReport.loadSummaries([path]).get()
            #expect(projected.rows.allSatisfy { $0.values.presentCount == HTMLReport.shownColumns.count })
            #expect(projected.rows.count == full.rows.count)
            let expected = HTMLReport.render(full, frames: HTMLReport.FrameData())
            var pieces: [String] = []
            HTMLReport.render(projected, frames: HTMLReport.FrameData()) { pieces.append($0) }
            #expect(pieces.count > 3 && pieces.joined() == expected)
            let html = directory + "/\(name).html"
            #expect(scrollsim(["report", path, "--html", html]).code == 0)
            #expect(try String(contentsOfFile: html, encoding: .utf8) == expected)
            #expect(directoryEntries(directory).allSatisfy { !$0.contains("scrollsim-tmp") })
        }
    }

    /// `text` without its two axis columns (the last two fields of every line), rows repeated by
    /// that dropped: only the first of each scenario, strategy and seed kept.
    static func withoutAxes(_ text: String) -> String {
        var seen = Set<String>()
        var lines: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            let kept = fields.dropLast(2).joined(separator: ",")
            let key = fields.prefix(4).joined(separator: ",")
            if seen.insert(key).inserted { lines.append(kept) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("merge keeps each row as its line and prints f513ee6's bytes, to stdout and to --out")
    func mergeGolden() throws {
        let first = try write("s1.csv", MemoryLightGolden.shard1)
        let second = try write("s2.csv", MemoryLightGolden.shard2)
        let shard = try ShardMerge.read(first)
        #expect(shard.lines.count == 2 && shard.document.rows.allSatisfy { $0.values.presentCount == 0 })
        let printed = scrollsim(["merge", second, first])
        #expect(printed.code == 0 && printed.standardOutput == MemoryLightGolden.merged)
        let out = directory + "/out/merged.csv"
        #expect(scrollsim(["merge", second, first, "--out", out]).code == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == MemoryLightGolden.merged)
        #expect(directoryEntries(directory + "/out") == ["merged.csv"])
        // Two shards repeating a run: the error, and no file.
        let repeated = try write("s3.csv",
                                 MemoryLightGolden.shard2.replacingOccurrences(of: "naive,2,", with: "naive,1,"))
        let refused = scrollsim(["merge", repeated, first, "--out", directory + "/none/merged.csv"])
        #expect(refused.code == 65 && refused.standardOutput.isEmpty)
        #expect(refused.standardError.contains("duplicate row: line 2 has the same scenario, strategy, seed"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/none"))
    }

    @Test("SummaryValues: any sequence of sets and removals reads back as the array of optionals it replaces")
    func summaryValuesModel() {
        var values = SummaryValues()
        var model = [SummaryValue?](repeating: nil, count: SummaryColumn.all.count)
        var state: UInt64 = 7
        for step in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let index = Int((state >> 33) % UInt64(model.count))
            let value = (state >> 20) % 3 == 0 ? nil : SummaryValue("\(step).5")
            values[index] = value
            model[index] = value
            #expect(Array(values) == model)
            #expect(values.presentCount == model.compactMap { $0 }.count)
        }
        #expect(SummaryValues(model) == values && SummaryValues(model) != SummaryValues())
    }
}
