import Foundation
import Testing
import ScrollSimCore
import ScrollSimTestSupport

/// The metric table (`SummaryColumn.all`) is the one source of the summary CSV's columns, and
/// docs/metrics.md shows exactly its text.
@Suite struct MetricTableTests {
    /// docs/metrics.md in this checkout.
    static let documentPath = packagePath("docs/metrics.md")
    /// The lines around the generated table.
    static let begin = "<!-- metric table: generated from SummaryColumn.all, checked by MetricTableTests -->\n"
    static let end = "<!-- end of metric table -->\n"

    @Test("docs/metrics.md holds the metric table (SCROLLSIM_UPDATE_DOCS=1 rewrites it)")
    func documentation() throws {
        let text = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        guard let start = text.range(of: Self.begin),
              let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex) else {
            Issue.record("docs/metrics.md lacks the markers \(Self.begin) and \(Self.end)")
            return
        }
        let documented = String(text[start.upperBound..<stop.lowerBound])
        if documented != SummaryColumn.markdownTable,
           ProcessInfo.processInfo.environment["SCROLLSIM_UPDATE_DOCS"] == "1" {
            let updated = text.replacingCharacters(in: start.upperBound..<stop.lowerBound,
                                                   with: SummaryColumn.markdownTable)
            try updated.write(toFile: Self.documentPath, atomically: true, encoding: .utf8)
            return
        }
        let expected = SummaryColumn.markdownTable
        #expect(documented == expected,
                "docs/metrics.md is out of date; rerun with SCROLLSIM_UPDATE_DOCS=1. Expected:\n\(expected)")
    }

    @Test("the columns are unique, the identity leads, and only metrics with a direction have limits")
    func shape() {
        let names = SummaryColumn.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.prefix(4) == ["scenario", "strategy", "seed", "profile"])
        #expect(SummaryColumn.all.filter { $0.role == .identity }.map(\.name) == ["scenario", "strategy", "seed"])
        for column in SummaryColumn.all where column.defaultLimit != nil {
            #expect(column.polarity == .lowerIsBetter || column.polarity == .higherIsBetter, "\(column.name)")
        }
        #expect(SummaryColumn.all.allSatisfy { !$0.definition.isEmpty && !$0.definition.contains("\n") })
        #expect(SummaryCSV.columns == names)
    }

    @Test("compare's default limits, as its help lists them")
    func defaultLimits() {
        #expect(SummaryColumn.defaultLimitsText == "dropped_frames=+2, hitch_ratio=5%, max_hitch_ms=10%, "
            + "frame_work_p95_ms=10%, hit_ratio=-5%, bytes_downloaded=10%, ready_ratio=-5%, blank_ratio_mean=5%, "
            + "time_to_image_p95_ms=10%, wrong_image_frames=+0, peak_memory_mb=10%, blank_ratio_vsync_mean=5%, "
            + "killed=+0")
    }

    @Test("decimals are what the writer prints: a run's every field has the column's decimals")
    func decimals() {
        var metrics = RunMetrics()
        metrics.scrollNanos = 1_234_567_890
        for column in SummaryColumn.all where column.polarity != nil {
            let field = column.field(of: metrics)
            let fraction = field.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first ?? ""
            #expect(fraction.count == column.decimals, "\(column.name): \(field)")
        }
    }
}
