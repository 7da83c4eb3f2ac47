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

    @Test func aPrefetchCallsItemsRecordAsEachOfThemDoes() {
        // Given item lists as prefetch calls pass them (ascending or descending, across bit words,
        // growing the bit array from nothing), recorded at once and one by one
        var atOnce = MetricsRecorder(), oneByOne = MetricsRecorder()
        for items in [[3, 4, 5], [130, 129, 128, 64, 63], [], [200]] {
            atOnce.recordPrefetches(items)
            for item in items { oneByOne.recordPrefetch(item) }
        }
        // Then the counts and the bits (read by later displays) are the same
        #expect(atOnce.metrics.prefetches == 9)
        #expect(atOnce.prefetchedSinceDisplay == oneByOne.prefetchedSinceDisplay)
        #expect(atOnce.prefetchedSinceDisplay.count == 4)
        for item in [3, 64, 129, 200, 6] {
            atOnce.recordDisplay(item)
            oneByOne.recordDisplay(item)
        }
        #expect(atOnce.usefulPrefetches == 4 && oneByOne.usefulPrefetches == 4)
        #expect(atOnce.finish() == oneByOne.finish())
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
