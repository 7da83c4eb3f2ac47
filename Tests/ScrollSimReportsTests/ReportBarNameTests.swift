import ScrollSimCore
@testable import ScrollSimReports
import ScrollSimTestSupport
import Testing

/// The bar charts name every bar: colours repeat past the palette's thirteen, so a colour cannot.
@Suite struct ReportBarNameTests {
    @Test("fourteen strategies: the first and the fourteenth share a colour, and each bar is named")
    func repeatedColoursAreNamed() {
        let names = (1...14).map { "s\($0)" }
        let rows = names.enumerated().map { index, name in
            var metrics = ReportErrorBarTests.run(name, seed: 1, hitchMilliseconds: Int64(index))
            metrics.scenario = "grid"
            return SummaryRow(metrics)
        }
        let html = HTMLReport.render(SummaryDocument(rows: rows), frames: HTMLReport.FrameData())
        #expect(Palette.color(0) == Palette.color(13))
        // The longest names ("s10" … "s14") take 12 + 3 × 6 + 6 = 36 px; names end 6 px before the bars.
        // Bar k (from 0) has its text baseline at top 6 + heading 18 + k × 18 + 11.
        #expect(html.contains("<text class=\"name\" x=\"30.0\" y=\"35.0\" text-anchor=\"end\">s1</text>"))
        #expect(html.contains("<text class=\"name\" x=\"30.0\" y=\"269.0\" text-anchor=\"end\">s14</text>"))
    }

    @Test("a name over 24 characters is cut to 23 and an ellipsis; its tooltip keeps it whole")
    func longNamesAreCut() {
        let long = "a-custom-strategy-with-a-long-name"  // 34 characters
        var metrics = ReportErrorBarTests.run(long, seed: 1, hitchMilliseconds: 2)
        metrics.scenario = "grid"
        let html = HTMLReport.render(SummaryDocument(rows: [SummaryRow(metrics)]), frames: HTMLReport.FrameData())
        // The column is 12 + 24 × 6 + 6 = 162 px wide; the name ends at 156.
        #expect(html.contains("<text class=\"name\" x=\"156.0\" y=\"35.0\" text-anchor=\"end\">"
                              + "a-custom-strategy-with-…</text>"))
        #expect(html.contains("<title>\(long): 2.0</title>"))
    }
}

/// A sweep chart's lines: a strategy whose colour repeats an earlier one's draws dashed.
@Suite struct ReportSweepLineDashTests {
    @Test("fourteen strategies in a sweep: the fourteenth's lines are dashed and its legend swatch shows it")
    func repeatedColoursAreDashed() {
        let rows = (1...14).flatMap { number in
            ["1", "2"].map { value in
                var metrics = ReportErrorBarTests.run("s\(number)", seed: 1, hitchMilliseconds: Int64(number))
                metrics.scenario = "grid"
                var row = SummaryRow(metrics)
                row.axisValues = [value]
                return row
            }
        }
        let html = HTMLReport.render(SummaryDocument(axes: ["cells.prefetchScreens"], rows: rows),
                                     frames: HTMLReport.FrameData())
        let first = Palette.color(0)
        #expect(Palette.color(13) == first && Palette.dash(0) == nil && Palette.dash(13) == "7 4")
        // Two charts (hitch and blank ratio): s1's lines solid, s14's dashed, in the same colour
        #expect(occurrences(of: "<path class=\"series\" stroke=\"\(first)\" d=", in: html) == 2)
        #expect(occurrences(of: "<path class=\"series\" stroke=\"\(first)\" stroke-dasharray=\"7 4\" d=", in: html)
                    == 2)
        #expect(html.contains("<span class=\"swatch\" style=\"background:\(first)\"></span>s1</li>"))
        #expect(html.contains("<span class=\"swatch\" style=\"background:repeating-linear-gradient(90deg, "
                              + "\(first) 0 4px, transparent 4px 6px)\"></span>s14</li>"))
    }
}
