import Testing
@testable import ScrollSimCore

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

/// `TaskMetrics` as a session's `metricsHandler` receives them, on hand-computed cases of the
/// network model: constant 10 ms latency, 8 Mbit/s = 1 byte/µs, 100 kB images (100 ms alone on
/// the link), a round trip of 20 ms (connection setup 2 × 20 ms) unless said otherwise.
@Suite struct TaskMetricsTests {
    /// What happened, in order: "metrics 1" when image 1's metrics arrive, "done 1" when its
    /// completion runs, "cancel 1 returned" after a `cancel()` call.
    final class Log {
        var events: [String] = []
        var metrics: [TaskMetrics] = []
    }

    /// A harness over `config` whose session records into `log`.
    static func harness(_ config: Scenario.Network, log: Log) -> (NetworkHarness, NetworkSession) {
        let harness = NetworkHarness(config)
        let session = harness.network.makeSession(.init(name: "probe"))
        session.metricsHandler = { metrics in
            log.events.append("metrics \(metrics.imageID)")
            log.metrics.append(metrics)
        }
        return (harness, session)
    }

    /// Loads `image` on `session` at `time`, logging its completion; returns nothing (the task is
    /// kept by the harness under the image's tag).
    static func load(_ image: Int, _ harness: NetworkHarness, _ session: NetworkSession, at time: SimTime, log: Log) {
        harness.at(time) {
            let task = session.load(image, priority: .normal) { _ in log.events.append("done \(image)") }
            harness.keep(task, tag: image)
        }
    }

    @Test func aNewConnectionThenAReusedOneOverHTTP1() {
        // Given image 1 at 0 (a new connection: 40 ms of TCP and TLS) and image 2 at 200 ms,
        // after 1 has freed the connection at 150 ms
        let log = Log()
        let (harness, session) = Self.harness(NetworkModelTests.config(rttMs: 20), log: log)
        Self.load(1, harness, session, at: 0, log: log)
        Self.load(2, harness, session, at: ms(200), log: log)
        harness.drain()
        // Then 1 reports its connection's setup, send at 40, first byte at 50, last at 150;
        // 2 reused the connection: no setup, sent at once
        #expect(log.metrics == [
            TaskMetrics(imageID: 1, fetchStart: 0, connectStart: 0, connectEnd: ms(40), requestStart: ms(40),
                        responseStart: ms(50), responseEnd: ms(150), bytesReceived: 100_000,
                        isReusedConnection: false, outcome: .completed),
            TaskMetrics(imageID: 2, fetchStart: ms(200), requestStart: ms(200), responseStart: ms(210),
                        responseEnd: ms(310), bytesReceived: 100_000, isReusedConnection: true, outcome: .completed),
        ])
        // and each request's metrics come just before its completion (URLSession's order)
        #expect(log.events == ["metrics 1", "done 1", "metrics 2", "done 2"])
    }

    @Test func http2StreamsAfterTheFirstReportAReusedConnection() {
        // Given two requests at 0 on an HTTP/2 session: one connection, two streams sharing the link
        let log = Log()
        let (harness, session) = Self.harness(NetworkModelTests.config(rttMs: 20) { $0.httpProtocol = .http2 },
                                              log: log)
        Self.load(1, harness, session, at: 0, log: log)
        Self.load(2, harness, session, at: 0, log: log)
        harness.drain()
        // Then both are sent at 40 ms, get their first byte at 50 and share the link (200 kB at
        // 1 B/µs: both end at 250 ms); only the first stream reports the connection's setup
        #expect(log.metrics == [
            TaskMetrics(imageID: 1, fetchStart: 0, connectStart: 0, connectEnd: ms(40), requestStart: ms(40),
                        responseStart: ms(50), responseEnd: ms(250), bytesReceived: 100_000,
                        isReusedConnection: false, outcome: .completed),
            TaskMetrics(imageID: 2, fetchStart: 0, requestStart: ms(40), responseStart: ms(50),
                        responseEnd: ms(250), bytesReceived: 100_000, isReusedConnection: true, outcome: .completed),
        ])
    }

    @Test func aCancelledTransferReportsItsPartialBytesAsAnEventOfItsOwn() {
        // Given image 1 at 0 with no round trip (ready at once), cancelled 50 ms into its transfer
        let log = Log()
        let (harness, session) = Self.harness(NetworkModelTests.config(rttMs: 0), log: log)
        Self.load(1, harness, session, at: 0, log: log)
        harness.at(ms(60)) {
            harness.task(1)?.cancel()
            log.events.append("cancel 1 returned")
        }
        harness.drain()
        // Then its metrics arrive after `cancel()` returned, with the 50 kB received, the stop as
        // its last byte, and no completion
        #expect(log.events == ["cancel 1 returned", "metrics 1"])
        #expect(log.metrics == [
            TaskMetrics(imageID: 1, fetchStart: 0, connectStart: 0, connectEnd: 0, requestStart: 0,
                        responseStart: ms(10), responseEnd: ms(60), bytesReceived: 50_000,
                        isReusedConnection: false, outcome: .cancelled),
        ])
    }

    @Test func aFailureReportsItsErrorResponseAndOfflineReportsNoRequest() {
        // Given every request failing at its first byte
        let log = Log()
        let (harness, session) = Self.harness(NetworkModelTests.config(rttMs: 0) { $0.failureRate = 1 }, log: log)
        Self.load(1, harness, session, at: 0, log: log)
        harness.drain()
        // Then the error response is its first and last byte, 10 ms after sending, no bytes
        #expect(log.metrics == [
            TaskMetrics(imageID: 1, fetchStart: 0, connectStart: 0, connectEnd: 0, requestStart: 0,
                        responseStart: ms(10), responseEnd: ms(10), bytesReceived: 0,
                        isReusedConnection: false, outcome: .failed),
        ])
        #expect(log.events == ["metrics 1", "done 1"])
        // Given no network at all
        let offlineLog = Log()
        let (offline, offlineSession) = Self.harness(NetworkModelTests.config(rttMs: 0) { $0.offline = true },
                                                     log: offlineLog)
        Self.load(1, offline, offlineSession, at: ms(5), log: offlineLog)
        offline.drain()
        // Then the request was never sent: only its fetch start is known
        #expect(offlineLog.metrics == [
            TaskMetrics(imageID: 1, fetchStart: ms(5), requestStart: nil, responseStart: nil, responseEnd: nil,
                        bytesReceived: 0, isReusedConnection: false, outcome: .failed),
        ])
    }

    @Test func aSessionWithoutAHandlerSchedulesNothingMoreWhenItCancels() {
        // Given the same cancelled transfer on a session with a handler and on one without
        func eventsHandled(withHandler: Bool) -> Int {
            let harness = NetworkHarness(NetworkModelTests.config(rttMs: 0))
            let session = harness.network.makeSession(.init(name: "probe"))
            if withHandler { session.metricsHandler = { _ in } }
            harness.at(0) { harness.keep(session.load(1, priority: .normal) { _ in }, tag: 1) }
            harness.at(ms(60)) { harness.task(1)?.cancel() }
            harness.drain()
            return harness.scheduler.eventsHandled
        }
        // Then only the session with a handler pays one more event (its metrics' delivery):
        // strategies that collect no metrics run exactly as before
        #expect(eventsHandled(withHandler: true) == eventsHandled(withHandler: false) + 1)
    }
}
