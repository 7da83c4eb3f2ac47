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

/// A per-frame CSV from outside (`report --frames`) cannot make the chart's µs sums overflow,
/// and is read into its chart without keeping its frames.
@Suite struct FrameSeriesLimitTests {
    /// A per-frame CSV of frames with `works` (the `work_ms` texts) and hitch `hitch`.
    static func csv(_ works: [String], hitch: String = "0.000") -> [UInt8] {
        var text = FramesCSV.header
        for (index, work) in works.enumerated() {
            let vsync = index * 16_666_667
            text += "\(index),\(vsync),\(vsync),\(vsync),\(vsync + 33_333_333),0.000,1,\(work),\(hitch),0,21,0.1000\n"
        }
        return Array(text.utf8)
    }

    /// The message of the error `read` throws for `bytes`, or nil when it reads them.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try FrameSeries.read(bytes, file: "f.csv")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a work_ms or hitch_ms past 9·10^15 µs, or below 0, is refused at its line and column")
    func valueOutOfRange() {
        let allowed = "expected a number of ms from 0 to 9000000000000.000, like 12 or 0.125"
        #expect(Self.refusal(Self.csv(["5.000", "99999999999999999999"]))
                    == "f.csv: line 3, column 8 (work_ms): \(allowed), found '99999999999999999999'")
        #expect(Self.refusal(Self.csv(["9000000000000.001"]))
                    == "f.csv: line 2, column 8 (work_ms): \(allowed), found '9000000000000.001'")
        #expect(Self.refusal(Self.csv(["-1.000"])) == "f.csv: line 2, column 8 (work_ms): \(allowed), found '-1.000'")
        #expect(Self.refusal(Self.csv(["1.000"], hitch: "1" + String(repeating: "0", count: 300)))?
                    .hasPrefix("f.csv: line 2, column 9 (hitch_ms): \(allowed), found '1000") == true)
        #expect(Self.refusal(Self.csv(["9000000000000.000"], hitch: "9000000000000.000")) == nil)
    }

    @Test("frames whose work adds up past 9·10^15 µs are refused at the line where the sum passes it")
    func sumOutOfRange() {
        let bytes = Self.csv(["4000000000000.000", "4000000000000.000", "2000000000000.000", "1.000"])
        #expect(Self.refusal(bytes) == "f.csv: line 4, column 8 (work_ms): the frames' work up to this line adds up to "
                    + "more than 9000000000000.000 ms; a run's frames follow one another on its main thread, so their "
                    + "work adds up to less than the run's length")
        #expect(Self.refusal(Array(Self.csv(["4000000000000.000", "4000000000000.000"]))) == nil)
    }

    @Test("chart(_:file:) is the chart of the frames read(_:file:) gives, bucketed or not")
    func chartMatchesFrames() throws {
        for count in [1, 4096, 4097, 10_001] {
            let works = (0..<count).map { DecimalFormat.fixed(Int64($0 * 7919 % 50_000), over: 1000, decimals: 3) }
            let bytes = Self.csv(works, hitch: count % 2 == 0 ? "0.000" : "16.667")
            let frames = try FrameSeries.read(bytes, file: "f.csv")
            var expected = FrameChart()
            for frame in frames { expected.append(frame) }
            let chart = try FrameSeries.chart(bytes, file: "f.csv")
            #expect(chart == expected)
            #expect(chart.frameCount == count)
        }
        #expect(throws: InputError.self) { try FrameSeries.chart(Array("frame\n".utf8), file: "f.csv") }
        #expect(throws: InputError.self) { try FrameSeries.chart([], file: "f.csv") }
    }
}
