import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// The HTML report's error bars (the intervals of `scrollsim rank`) and its newer summary columns.
@Suite struct ReportErrorBarTests {
    /// A run of `strategy` on `seed` with a hitch ratio of `hitchMilliseconds` ms/s (1 s of scrolling).
    static func run(_ strategy: String, seed: UInt64, hitchMilliseconds: Int64, killed: Bool = false) -> RunMetrics {
        var metrics = RunMetrics()
        metrics.scenario = "grid"
        metrics.strategy = strategy
        metrics.seed = seed
        metrics.profile = "ios15"
        metrics.refreshHz = 60
        metrics.scrollNanos = 1_000_000_000
        metrics.hitchNanos = hitchMilliseconds * 1_000_000
        metrics.killed = killed
        metrics.memoryWarnings = 2
        metrics.radioEnergyNanojoules = 1_500_000_000
        return metrics
    }

    /// Strategy a on seeds 1–3 (2, 3, 4 ms/s) and b on seed 1 only (5 ms/s), killed.
    static let rows = [
        SummaryRow(run("a", seed: 1, hitchMilliseconds: 2)), SummaryRow(run("a", seed: 2, hitchMilliseconds: 3)),
        SummaryRow(run("a", seed: 3, hitchMilliseconds: 4)),
        SummaryRow(run("b", seed: 1, hitchMilliseconds: 5, killed: true)),
    ]

    @Test("several seeds: a bar of several runs carries rank's interval, in its tooltip and as a whisker")
    func errorBarsOnBars() {
        let html = HTMLReport.render(SummaryDocument(rows: Self.rows), frames: HTMLReport.FrameData())
        // a: mean 3, 95% CI 3 ± 4.303 / √3 = [0.5157, 5.4843], printed with the chart's 1 decimal.
        #expect(html.contains("<title>a: 3.0 (mean of 3 runs; 95% CI 0.5 to 5.5)</title>"))
        // b has one run: a bar without a whisker, its value alone.
        #expect(html.contains("<title>b: 5.0</title>"))
        // One whisker per chart (hitch and blank ratio) for a; none for b.
        #expect(occurrences(of: "class=\"whisker\"", in: html) == 2)
        #expect(html.contains("Error bars: the 95% confidence interval of the mean over seeds"))
        // Hitch chart: the names "a" and "b" take a column of 12 + 1 × 6 + 6 = 24 px, the axis reaches the
        // 10 ms/s reference line, x(v) = 24 + v / 10 × (540 − 24 − 64 = 452); the whisker runs from
        // x(0.515662) = 47.3 to x(5.484338) = 271.9 at the bar's middle (top 6 + heading 18 + half a
        // bar 7 = 31), with 8 px caps.
        #expect(html.contains("<path class=\"whisker\" stroke=\"#1d2330\" "
                              + "d=\"M47.3 31.0H271.9M47.3 27.0v8M271.9 27.0v8\"/>"))
        // Each bar is named at the right edge of that column, level with the bar's value.
        #expect(html.contains("<text class=\"name\" x=\"18.0\" y=\"35.0\" text-anchor=\"end\">a</text>"))
        #expect(html.contains("<text class=\"name\" x=\"18.0\" y=\"53.0\" text-anchor=\"end\">b</text>"))
    }

    @Test("one seed per strategy: no error bars and no note about them")
    func noErrorBarsForOneSeed() {
        let document = SummaryDocument(rows: [Self.rows[0], Self.rows[3]])
        let html = HTMLReport.render(document, frames: HTMLReport.FrameData())
        #expect(!html.contains("class=\"whisker\""))
        #expect(!html.contains("Error bars:"))
    }

    @Test("a sweep of one axis draws error bars at its points; one of two axes does not (its points average axes)")
    func sweeps() {
        let oneAxis = SummaryDocument(axes: ["cells.prefetchScreens"], rows: Self.rows.map { row in
            var row = row
            row.axisValues = ["1"]
            return row
        })
        let html = HTMLReport.render(oneAxis, frames: HTMLReport.FrameData())
        // Sweep charts: one whisker per chart for a at its one point; the ratio bars average sweep points: none.
        #expect(occurrences(of: "class=\"whisker\"", in: html) == 2)
        #expect(html.contains("<title>a, cells.prefetchScreens = 1: 3.0 (mean of 3 runs; 95% CI 0.5 to 5.5)</title>"))
        let twoAxes = SummaryDocument(axes: ["cells.prefetchScreens", "network.latencyMsMedian"],
                                      rows: Self.rows.map { row in
                                          var row = row
                                          row.axisValues = ["1", "20"]
                                          return row
                                      })
        #expect(!HTMLReport.render(twoAxes, frames: HTMLReport.FrameData()).contains("class=\"whisker\""))
    }

    @Test("the summary table shows vsync blank, memory warnings, killed (red at 1) and radio J when the CSV has them")
    func newerColumns() throws {
        let html = HTMLReport.render(SummaryDocument(rows: Self.rows), frames: HTMLReport.FrameData())
        for heading in ["vsync blank", "mem warnings", "killed", "radio J"] {
            #expect(html.contains("<th class=\"num\">\(heading)</th>"))
        }
        #expect(html.contains("<td class=\"num crit\">1</td><td class=\"num\">1.500</td></tr>"))
        #expect(html.contains("<td class=\"num\">2</td><td class=\"num\">0</td><td class=\"num\">1.500</td></tr>"))
        // A CSV of an older version, without those columns, still renders, without them.
        let required = SummaryColumn.all.indices.filter { index in
            SummaryColumn.all[index].role == .identity
                || HTMLReport.requiredColumns.contains(SummaryColumn.all[index].name)
        }
        let old = SummaryDocument(columns: required.map(SummaryDocument.Column.summary), rows: Self.rows)
        let oldHTML = HTMLReport.render(old, frames: HTMLReport.FrameData())
        #expect(!oldHTML.contains("<th class=\"num\">radio J</th>"))
        #expect(!oldHTML.contains("<th class=\"num\">mem warnings</th>"))
        #expect(oldHTML.contains("<th class=\"num\">wrong img</th></tr>"))
    }
}
