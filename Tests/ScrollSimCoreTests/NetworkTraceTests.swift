import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// What a run reports about its connections (setups and requests), on real runs over HTTP/1.1 and
/// HTTP/2: setups take two round trips, and no two spans share a trace track at once.
@Suite struct NetworkTraceTests {
    /// Loads each configured item on one of two sessions (even items on the first) and cancels a
    /// reused cell's load, so connections close, reopen and carry many requests.
    final class TwoSessionLoader: FetchStrategy {
        let sessions: [NetworkSession]
        var tasks: [CellID: NetworkTask] = [:]
        init(_ environment: FetchEnvironment) {
            sessions = [environment.makeSession(.init(name: "even", httpMaximumConnectionsPerHost: 2)),
                        environment.makeSession(.init(name: "odd"))]
        }
        func cellForItem(_ cell: CellID, item: Int) {
            tasks[cell] = sessions[item % 2].load(item, priority: .normal) { _ in }
        }
        func prepareForReuse(_ cell: CellID) { tasks[cell]?.cancel() }
    }

    /// Keeps every setup and span.
    final class Log: RunObserver {
        var setups: [ConnectionSetup] = []
        var spans: [ConnectionSpan] = []
        func connectionOpened(_ setup: ConnectionSetup) { setups.append(setup) }
        func connectionEnded(_ span: ConnectionSpan) { spans.append(span) }
    }

    /// A 600-item list flung twice with a 30 ms round trip.
    static func run(_ httpProtocol: Scenario.HTTPProtocol) -> (RunMetrics, Log) {
        var scenario = TestScenarios.zeroCostList(itemCount: 600, script: [
            .drag(velocity: 3000, seconds: 1), .pause(seconds: 0.5),
            .drag(velocity: -2000, seconds: 1), .pause(seconds: 1),
        ])
        scenario.network.httpProtocol = httpProtocol
        scenario.network.rttMs = 30
        scenario.network.maxConcurrentStreams = 4
        let log = Log()
        let run = try! SimulationRun(scenario: scenario, seed: 5, strategyName: "two",
                                     strategy: { TwoSessionLoader($0) })
        let metrics = run.run(observer: log)
        return (metrics, log)
    }

    /// Pairs of intervals on one track that overlap (a track: session, connection, stream).
    static func overlaps(_ log: Log) -> [String] {
        var intervals: [NetworkTrack: [(start: SimTime, end: SimTime)]] = [:]
        for setup in log.setups where setup.end > setup.start {
            intervals[NetworkTrack(session: setup.session, connection: setup.connection, stream: -1), default: []]
                .append((setup.start, setup.end))
        }
        for span in log.spans {
            let track = NetworkTrack(session: span.session, connection: span.connection, stream: span.stream)
            intervals[track, default: []].append((span.start, span.end))
        }
        var problems: [String] = []
        for track in intervals.keys.sorted() {
            let sorted = (intervals[track] ?? []).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            for (a, b) in zip(sorted, sorted.dropFirst()) where b.start < a.end {
                problems.append("\(track): [\(a.start), \(a.end)] and [\(b.start), \(b.end)]")
            }
        }
        return problems
    }

    @Test func http1SetupsTakeTwoRoundTripsAndRequestsOnAConnectionNeverOverlap() {
        let (metrics, log) = Self.run(.http1_1)
        // Setups: TCP then TLS, 30 ms each; the "even" session never has more than 2 connections.
        #expect(!log.setups.isEmpty)
        #expect(log.setups.allSatisfy { $0.tcpEnd - $0.start == 30_000_000 && $0.end - $0.tcpEnd == 30_000_000 })
        #expect(log.setups.allSatisfy { $0.httpProtocol == .http1_1 })
        #expect(log.setups.filter { $0.session == 0 }.allSatisfy { $0.connection < 2 })
        #expect(log.spans.allSatisfy { $0.stream == -1 })
        // Cancelled requests close their connections, so both sessions open more than their limit over time.
        #expect(log.spans.contains { $0.outcome == .cancelled })
        #expect(log.setups.filter { $0.session == 0 }.count > 2)
        #expect(Self.overlaps(log) == [])
        // Every request sent ended (the run drains), each with one span.
        #expect(metrics.networkFetches == log.spans.count)
    }

    @Test func http2StreamsShareOneConnectionPerSessionOnLanesThatNeverOverlap() {
        let (_, log) = Self.run(.http2)
        // One connection per session at a time (slot 0), streams on up to 4 lanes, some at once.
        #expect(log.setups.allSatisfy { $0.connection == 0 && $0.httpProtocol == .http2 })
        #expect(Set(log.setups.map(\.session)) == [0, 1])
        #expect(log.spans.allSatisfy { (0..<4).contains($0.stream) })
        #expect(log.spans.contains { $0.stream == 3 })
        #expect(Self.overlaps(log) == [])
    }
}
