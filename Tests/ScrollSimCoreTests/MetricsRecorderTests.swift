import Testing
@testable import ScrollSimCore

@Suite struct MetricsRecorderTests {
    @Test func wastedPrefetchesAreThoseNotUsedByTheNextDisplay() {
        // Given item 5 prefetched twice then displayed, 7 prefetched and never displayed,
        // 9 displayed without a prefetch, 70 (another bit word) prefetched, displayed, prefetched
        var recorder = MetricsRecorder()
        recorder.recordPrefetch(5)
        recorder.recordPrefetch(5)
        recorder.recordDisplay(5)
        recorder.recordPrefetch(7)
        recorder.recordDisplay(9)
        recorder.recordPrefetch(70)
        recorder.recordDisplay(70)
        recorder.recordDisplay(70)
        recorder.recordPrefetch(70)
        let metrics = recorder.finish()
        // Then 5 prefetches, 4 displays; wasted: one of 5's, 7's, 70's second
        #expect(metrics.prefetches == 5)
        #expect(metrics.displays == 4)
        #expect(metrics.wastedPrefetches == 3)
    }

    @Test func percentilesAreTheNearestRanksOfTheRecordedFramesAndTimesToImage() {
        // Given 20 scroll frames whose work is 1...20 ns in a shuffled order, and three times to image
        var recorder = MetricsRecorder()
        for work in [7, 19, 3, 12, 1, 20, 5, 16, 9, 14, 2, 18, 11, 6, 15, 4, 17, 8, 13, 10] {
            recorder.recordScrollFrame(work: SimTime(work), hitch: 0, missed: 0, blank: 0)
        }
        for time in [7, 3, 9] { recorder.timeToImage.append(SimTime(time)) }
        // When the run finishes
        let metrics = recorder.finish()
        // Then p50, p95, p99 are ranks 10, 19 and 20 of the work, p95 of time to image rank 3
        #expect(metrics.frames == 20)
        #expect([metrics.frameWorkP50Nanos, metrics.frameWorkP95Nanos, metrics.frameWorkP99Nanos] == [10, 19, 20])
        #expect(metrics.timeToImageP95Nanos == 9)
    }
}
