import Testing
@testable import ScrollSimReports

/// The HTML report's pieces: axis order, ticks, escaping.
@Suite struct ReportPiecesTests {
    @Test("sweep axis values: numeric order when all are numbers, else first seen")
    func axisOrder() {
        #expect(HTMLReport.axisOrder(["100", "25", "0.5", "x"]) == ["100", "25", "0.5", "x"])
        #expect(HTMLReport.axisOrder(["100", "25", "0.5", "25"]) == ["0.5", "25", "100"])
    }

    @Test("axis ticks: 1, 2, 2.5 or 5 × 10^k from 0 past the maximum")
    func ticks() {
        func labels(_ maximum: Double) -> [String] {
            let ticks = AxisTicks(covering: maximum)
            return ticks.values.map(ticks.label)
        }
        #expect(labels(274.1) == ["0", "100", "200", "300"])
        #expect(labels(0.839) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        #expect(labels(12) == ["0.0", "2.5", "5.0", "7.5", "10.0", "12.5"])
        #expect(labels(50) == ["0", "10", "20", "30", "40", "50"])
        #expect(labels(0.03) == ["0.00", "0.01", "0.02", "0.03"])
        #expect(labels(0) == ["0.00", "0.25", "0.50", "0.75", "1.00"])
    }

    @Test("HTML text escaping")
    func escaping() {
        #expect(HTMLText.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }
}
