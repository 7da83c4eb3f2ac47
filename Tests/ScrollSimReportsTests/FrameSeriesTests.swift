import ScrollSimCore
@testable import ScrollSimReports
import Testing

/// A run's frames in memory and read back from its per-frame CSV are the same numbers, so
/// `run --html` and `report --frames` draw the same charts.
@Suite struct FrameSeriesTests {
    @Test("ms from whole µs equal the per-frame CSV's text parsed, over many values")
    func millisecondsMatchTheText() {
        var mismatches: [SimTime] = []
        var value: SimTime = 0
        var step: SimTime = 1
        while value < 4_000_000_000_000 {
            for nanos in [value, value + 499, value + 500, value + 501, value + 999] {
                let text = DecimalFormat.fixed(nanos, over: SimDuration.millisecond, decimals: 3)
                if FrameSeries.Frame.milliseconds(nanos) != Double(text) { mismatches.append(nanos) }
            }
            value += step
            step = step * 3 / 2 + 7
        }
        #expect(mismatches.isEmpty)
    }

    @Test("a per-frame CSV reads back as the frames of the run")
    func readsBack() throws {
        let record = FrameRecord(frame: 3, vsync: 50_000_000, start: 50_000_000, commit: 71_234_567,
                                 present: 83_333_333, offset: 812.25, inScroll: true, work: 21_234_567,
                                 hitch: 16_666_667, missedVsyncs: 1, visibleCells: 21, blankRatio: 0.125)
        let frames = try FrameSeries.read(Array((FramesCSV.header + FramesCSV.row(record)).utf8), file: "f.csv")
        #expect(frames == [FrameSeries.Frame(record)])
        #expect(throws: InputError.self) { try FrameSeries.read(Array("frame\n".utf8), file: "f.csv") }
    }
}
