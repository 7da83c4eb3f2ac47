import Testing
@testable import ScrollSimReports

/// `FrameChart`: the bounded frame chart of the HTML report (exact frames up to its limit, then
/// buckets of a power-of-two number of consecutive frames).
@Suite struct FrameChartTests {
    /// Frame `n`: vsync n ms, work n + 1 ms, a hitch on frame 6, in a scroll from frame 3 on.
    static func frame(_ n: Int) -> FrameSeries.Frame {
        FrameSeries.Frame(vsyncNanos: Int64(n) * 1_000_000, workMilliseconds: Double(n + 1) + 0.001,
                          hitchMilliseconds: n == 6 ? 4.5 : 0, isInScroll: n >= 3)
    }

    @Test("up to its limit the chart keeps every frame; one more makes buckets of two")
    func exactThenPairs() {
        var chart = FrameChart(barLimit: 4)
        for n in 0..<4 { chart.append(Self.frame(n)) }
        #expect(!chart.isSummarised && chart.frames == (0..<4).map(Self.frame) && chart.buckets.isEmpty)
        chart.append(Self.frame(4))
        #expect(chart.isSummarised && chart.bucketWidth == 2 && chart.frames.isEmpty)
        #expect(chart.buckets.map(\.frameCount) == [2, 2, 1])
    }

    @Test("11 frames, at most 4 bars: buckets of 4 frames, each with its least, mean and greatest work")
    func exactBuckets() {
        var chart = FrameChart(barLimit: 4)
        for n in 0..<11 { chart.append(Self.frame(n)) }
        #expect(chart.bucketWidth == 4)
        #expect(chart.buckets.map(\.frameCount) == [4, 4, 3])
        #expect(chart.buckets.map(\.firstVsyncNanos) == [0, 4_000_000, 8_000_000])
        #expect(chart.buckets.map(\.lastVsyncNanos) == [3_000_000, 7_000_000, 10_000_000])
        #expect(chart.buckets.map(\.minimumWorkMilliseconds) == [1.001, 5.001, 9.001])
        #expect(chart.buckets.map(\.maximumWorkMilliseconds) == [4.001, 8.001, 11.001])
        // Sums in whole µs: 1001 + 2001 + 3001 + 4001 = 10004 over 4 frames.
        #expect(chart.buckets.map(\.totalWorkMicros) == [10_004, 26_004, 30_003])
        #expect(chart.buckets.map(\.meanWorkMilliseconds) == [2.501, 6.501, 10.001])
        #expect(chart.buckets.map(\.hasHitch) == [false, true, false])
        #expect(chart.buckets.map(\.hasScroll) == [true, true, true])
        // The caption's counts cover every frame.
        #expect(chart.frameCount == 11 && chart.scrollingCount == 8 && chart.scrollingHitchCount == 1)
        #expect(chart.longestWorkMilliseconds == 11.001 && chart.lastVsyncNanos == 10_000_000)
    }

    @Test("adding frames one at a time gives the buckets of all frames at once, for every count", arguments: [5, 8])
    func onlineIsOffline(limit: Int) {
        for count in 0...70 {
            var chart = FrameChart(barLimit: limit)
            for n in 0..<count { chart.append(Self.frame(n)) }
            #expect(chart.frameCount == count)
            guard count > limit else {
                #expect(chart.frames.count == count && chart.bucketWidth == 1)
                continue
            }
            var width = 2
            while (count + width - 1) / width > limit { width *= 2 }
            #expect(chart.bucketWidth == width, "\(count) frames")
            let expected = stride(from: 0, to: count, by: width).map { start in
                (start..<min(start + width, count)).map { FrameChart.Bucket(Self.frame($0)) }.dropFirst()
                    .reduce(FrameChart.Bucket(Self.frame(start))) { $0.merged(with: $1) }
            }
            #expect(chart.buckets == expected, "\(count) frames")
            #expect(chart.buckets.count <= limit)
        }
    }

    @Test("the HTML chart of a summarised run draws one bar and one mean mark per bucket and says so")
    func summarisedHTML() {
        let series = FrameSeries(scenario: "s", strategy: "naive", seed: 1, refreshHz: 60,
                                 frames: (0..<(FrameChart.maximumBars + 1)).map(Self.frame))
        #expect(series.chart.bucketWidth == 2 && series.chart.buckets.count == FrameChart.maximumBars / 2 + 1)
        let figure = HTMLReport.frameFigure(series, timeEnd: 0)
        #expect(figure.contains("4097 frames (4094 while scrolling), 1 hitch while scrolling"))
        #expect(figure.contains("drawn as 2049 bars of 2 frames (least to greatest work, mean marked)"))
        let short = FrameSeries(scenario: "s", strategy: "naive", seed: 1, refreshHz: 60,
                                frames: (0..<FrameChart.maximumBars).map(Self.frame))
        #expect(!HTMLReport.frameFigure(short, timeEnd: 0).contains("drawn as"))
    }
}
