@testable import FetchStrategies
import ScrollSimCore
import Testing

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

/// The metrics of a request sent at once on a reused connection.
private func completed(_ imageID: Int, sent: SimTime, firstByte: SimTime, end: SimTime, bytes: Int64) -> TaskMetrics {
    TaskMetrics(imageID: imageID, fetchStart: sent, requestStart: sent, responseStart: firstByte, responseEnd: end,
                bytesReceived: bytes, isReusedConnection: true, outcome: .completed)
}

/// `adaptive`'s online estimation: the window, the link's share correction and the estimator,
/// each on hand-computed sequences of observations.
@Suite struct ObservationWindowTests {
    @Test func thePriorDecidesUntilObservationsOutnumberItThenLeavesFirst() {
        // Given a window of 4 starting with two copies of a 0.15 prior
        var window = ObservationWindow(capacity: 4, prior: 0.15, priorWeight: 2)
        #expect(window.values == [0.15, 0.15])
        #expect(window.median == 0.15)
        // When observations arrive, Then the median is the window's, the prior leaving first
        window.add(0.05)
        #expect(window.median == 0.15)  // {0.05, 0.15, 0.15}
        window.add(0.07)
        #expect(window.median == (0.07 + 0.15) / 2)  // {0.05, 0.07, 0.15, 0.15}
        window.add(0.09)
        #expect(window.values == [0.15, 0.05, 0.07, 0.09])
        #expect(window.median == (0.07 + 0.09) / 2)
        window.add(0.2)
        #expect(window.values == [0.05, 0.07, 0.09, 0.2])
        #expect(window.observationCount == 4)
        // and the nearest-rank quantiles of {0.05, 0.07, 0.09, 0.2}
        #expect(window.quantile(0.95) == 0.2)  // rank ⌈3.8⌉ = 4
        #expect(window.quantile(0.5) == 0.07)  // rank 2
        #expect(window.quantile(0) == 0.05)
    }

    @Test func nonFiniteAndNegativeObservationsAreIgnored() {
        var window = ObservationWindow(capacity: 3, prior: 1, priorWeight: 1)
        window.add(.infinity)
        window.add(.nan)
        window.add(-1)
        #expect(window.values == [1])
        #expect(window.observationCount == 0)
    }
}

@Suite struct LinkShareLogTests {
    @Test func overlappingTransfersAreMeasuredAsIfAloneOnceBothHaveReported() {
        // Given A (first byte at 100 ns, last at 300) and B (200 to 400), both resumed at 0, of
        // 1000 bytes each: A alone for 100 ns, then sharing for 100 ns (half the link), so 150 ns
        // of link time; B the same
        var log = LinkShareLog()
        log.resumed(imageID: 1, at: 0)
        log.resumed(imageID: 2, at: 0)
        let a = TaskMetrics(imageID: 1, fetchStart: 0, requestStart: 0, responseStart: 100, responseEnd: 300,
                            bytesReceived: 1000, isReusedConnection: false, outcome: .completed)
        let b = TaskMetrics(imageID: 2, fetchStart: 0, requestStart: 0, responseStart: 200, responseEnd: 400,
                            bytesReceived: 1000, isReusedConnection: false, outcome: .completed)
        // When A reports, B (resumed before A ended) has not: A cannot be measured yet
        #expect(log.ended(a) == [])
        #expect(log.outstandingCount == 1)
        // When B reports, Then both are measured: 150 ns / 1000 B each, where b / (e − s) would
        // have read 200 ns per byte
        #expect(log.ended(b) == [0.15, 0.15])
        #expect(log.outstandingCount == 0)
    }

    @Test func aCancelledTransferSharesTheLinkButIsNotMeasured() {
        // Given A (100 to 300 ns, 1000 B, completed) and B cancelled after transferring 200 to 300
        var log = LinkShareLog()
        log.resumed(imageID: 1, at: 0)
        log.resumed(imageID: 2, at: 50)
        let b = TaskMetrics(imageID: 2, fetchStart: 50, requestStart: 50, responseStart: 200, responseEnd: 300,
                            bytesReceived: 400, isReusedConnection: false, outcome: .cancelled)
        let a = TaskMetrics(imageID: 1, fetchStart: 0, requestStart: 0, responseStart: 100, responseEnd: 300,
                            bytesReceived: 1000, isReusedConnection: false, outcome: .completed)
        #expect(log.ended(b) == [])
        // Then A's link time is 100 + 100 / 2 = 150 ns: only A is measured
        #expect(log.ended(a) == [0.15])
    }

    @Test func aRequestResumedAfterATransferEndedDoesNotHoldItBack() {
        // Given A done at 300 and C resumed at 500, still waiting
        var log = LinkShareLog()
        log.resumed(imageID: 1, at: 0)
        log.resumed(imageID: 3, at: 500)
        let a = TaskMetrics(imageID: 1, fetchStart: 0, requestStart: 0, responseStart: 100, responseEnd: 300,
                            bytesReceived: 1000, isReusedConnection: false, outcome: .completed)
        // Then A is measured at once (C cannot have overlapped it): 200 ns alone
        #expect(log.ended(a) == [0.2])
    }
}

@Suite struct LoadEstimatorTests {
    /// 1200 × 1200 px sources.
    static let pixels: Int64 = 1_440_000

    @Test func thePriorIsALighthouseSlow4GLinkAndTypicalWebJPEGs() {
        // Given nothing measured
        let estimator = LoadEstimator(imagePixels: Self.pixels)
        // Then: a 150 ms first byte; 1.44 MP × 1.5 bits = 270 000 B at 1.6 Mbit/s (5 000 ns per
        // byte) = 1.35 s; a 3 ms/MP downsampling decode = 4.32 ms; the depth not yet measured
        #expect(estimator.latencySeconds == 0.15)
        #expect(estimator.latencyP95Seconds == 0.15)
        #expect(estimator.imageBytesMedian == 270_000)
        #expect(estimator.bitsPerSecond == 1_600_000)
        #expect(estimator.transferSeconds == 270_000 * 5000 / 1e9)
        #expect(estimator.decodeSeconds == 3 * 1_440_000 / 1e9)
        #expect(!estimator.isDepthMeasured)
    }

    @Test func aHandComputedSequenceOfRequestsAndDecodes() {
        var estimator = LoadEstimator(imagePixels: Self.pixels)
        // Given three requests one after the other on an 8 Mbit/s link (1 000 ns per byte):
        // first bytes after 80, 60 and 100 ms; 100, 200 and 50 kB
        let requests = [
            completed(1, sent: 0, firstByte: ms(80), end: ms(180), bytes: 100_000),
            completed(2, sent: ms(200), firstByte: ms(260), end: ms(460), bytes: 200_000),
            completed(3, sent: ms(500), firstByte: ms(600), end: ms(650), bytes: 50_000),
        ]
        var latencies: [Double] = []
        for metrics in requests {
            estimator.resumed(imageID: metrics.imageID, at: metrics.fetchStart)
            estimator.observe(metrics)
            latencies.append(estimator.latencySeconds)
        }
        // Then the first-byte median moves off the prior's two copies as observations outnumber
        // them: {.15 .15 .08} → .15; {.06 .08 .15 .15} → (.08 + .15) / 2; {.06 .08 .1 .15 .15} → .1
        #expect(latencies == [0.15, (0.08 + 0.15) / 2, 0.1])
        #expect(estimator.latencyP95Seconds == 0.15)  // rank ⌈4.75⌉ = 5 of 5
        // the link: 1 000 ns per byte in each of the three, two prior copies of 5 000
        #expect(estimator.bitsPerSecond == 8_000_000)
        // bytes: {50k, 100k, 200k, 270k, 270k} → 200 000; a median image takes 0.2 s alone
        #expect(estimator.imageBytesMedian == 200_000)
        #expect(estimator.transferSeconds == 0.2)
        #expect(estimator.isDepthMeasured)
        // When three decodes of 2.88 ms are measured, Then the decode median follows
        for _ in 0..<3 { estimator.observeDecode(2_880_000) }
        #expect(estimator.decodeSeconds == 0.00288)
    }

    @Test func failuresTeachOnlyTheirFirstByteAndCancelsBeforeOneTeachNothing() {
        var estimator = LoadEstimator(imagePixels: Self.pixels)
        // Given an error response after 300 ms, a request that never got a response (offline),
        // and one cancelled while waiting for its first byte
        estimator.resumed(imageID: 1, at: 0)
        estimator.observe(TaskMetrics(imageID: 1, fetchStart: 0, requestStart: 0, responseStart: ms(300),
                                      responseEnd: ms(300), bytesReceived: 0, isReusedConnection: true,
                                      outcome: .failed))
        estimator.resumed(imageID: 2, at: 0)
        estimator.observe(TaskMetrics(imageID: 2, fetchStart: 0, requestStart: nil, responseStart: nil,
                                      responseEnd: nil, bytesReceived: 0, isReusedConnection: false, outcome: .failed))
        estimator.resumed(imageID: 3, at: 0)
        estimator.observe(TaskMetrics(imageID: 3, fetchStart: 0, requestStart: 0, responseStart: nil,
                                      responseEnd: nil, bytesReceived: 0, isReusedConnection: true,
                                      outcome: .cancelled))
        // Then only the error response's 300 ms joined a window
        #expect(estimator.firstByte.values == [0.15, 0.15, 0.3])
        #expect(estimator.imageBytes.observationCount == 0)
        #expect(estimator.linkNanosPerByte.observationCount == 0)
        #expect(estimator.latencySeconds == 0.15)
    }
}

extension LinkShareLogTests {
    @Test func aRequestThatNeverReportsHoldsBackAtMostTheLastSixtyFourTransfers() {
        // Given a request resumed at 0 that never reports, then 100 transfers one after the other
        var log = LinkShareLog()
        log.resumed(imageID: 0, at: 0)
        var measured: [Double] = []
        for k in 1...100 {
            let start = SimTime(k) * 1000
            log.resumed(imageID: k, at: start)
            measured += log.ended(TaskMetrics(imageID: k, fetchStart: start, requestStart: start,
                                              responseStart: start + 100, responseEnd: start + 600, bytesReceived: 1000,
                                              isReusedConnection: true, outcome: .completed))
        }
        // Then none is measured while it is outstanding
        #expect(measured.isEmpty)
        // When it finally fails, Then the 64 latest are measured (500 ns each alone: 0.5 ns/B)
        let last = log.ended(TaskMetrics(imageID: 0, fetchStart: 0, requestStart: 0, responseStart: nil,
                                         responseEnd: nil, bytesReceived: 0, isReusedConnection: true,
                                         outcome: .failed))
        #expect(last == Array(repeating: 0.5, count: LinkShareLog.pendingLimit))
    }
}
