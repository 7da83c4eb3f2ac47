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
}
