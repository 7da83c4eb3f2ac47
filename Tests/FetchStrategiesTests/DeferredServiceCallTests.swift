import ScrollSimCore
import Testing

/// Service calls made by main-thread code ahead of the clock (after a charge moved the main
/// cursor on) take effect at the code's time, as events of their own (`SimContext.perform`):
/// timers, cancels and priority changes included.
@Suite struct DeferredServiceCallTests {
    /// On the first `cellForItem`, charges 5 ms, then sets two timers, starts and cancels a
    /// decode, and starts a download whose priority it raises and which it then cancels.
    final class AheadOfTheClock: FetchStrategy {
        let environment: FetchEnvironment
        let session: NetworkSession
        /// The main cursor after the charge (the calls' time).
        var callTime: SimTime = -1
        /// When each timer fired, by tag.
        var fired: [(tag: Int, at: SimTime)] = []
        /// Completions that ran (none should: both jobs are cancelled).
        var completions: [String] = []
        /// Whether the download was finished, and its priority, right after the calls.
        var downloadStateAfterCalls: (isFinished: Bool, priority: RequestPriority)?
        /// Whether the download was finished when the last timer fired.
        var downloadFinishedAtLastTimer: Bool?

        init(environment: FetchEnvironment) {
            self.environment = environment
            session = environment.makeSession(.init(name: "ahead"))
        }

        func cellForItem(_ cell: CellID, item: Int) {
            guard callTime < 0 else { return }
            environment.chargeMainThread(milliseconds: 5)
            callTime = environment.now
            let environment = self.environment
            let decode = environment.decode(environment.imageID(forItem: item), mode: .full) { [self] _ in
                completions.append("decode")
            }
            let download = session.load(environment.imageID(forItem: item), priority: .low) { [self] _ in
                completions.append("download")
            }
            environment.schedule(after: SimDuration.milliseconds(2)) { [self] in
                fired.append((2, environment.now))
                downloadFinishedAtLastTimer = download.isFinished
            }
            environment.schedule(after: SimDuration.milliseconds(1)) { [self] in fired.append((1, environment.now)) }
            environment.schedule(after: SimDuration.milliseconds(1)) { [self] in fired.append((3, environment.now)) }
            download.setPriority(.veryHigh)
            decode.cancel()
            download.cancel()
            downloadStateAfterCalls = (download.isFinished, download.priority)
        }
    }

    /// The strategy a run made.
    final class Made: @unchecked Sendable {
        var strategy: AheadOfTheClock?
    }

    @Test func timersCancelsAndPriorityChangesTakeEffectAtTheCodesTime() throws {
        // Given a strategy whose first cellForItem makes its calls 5 ms into its work item
        var layout = Scenario.Layout(itemCount: 20)
        layout.itemHeight = 100
        layout.viewportHeight = 1000
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.script = [.pause(seconds: 0.5)]
        let made = Made()
        let run = try SimulationRun(scenario: scenario, seed: 1, strategyName: "ahead") { environment in
            let strategy = AheadOfTheClock(environment: environment)
            made.strategy = strategy
            return strategy
        }
        // When the run ends
        _ = run.run()
        let strategy = try #require(made.strategy)
        // Then the calls were made ahead of the clock (the cursor was 5 ms on)
        #expect(strategy.callTime >= SimDuration.milliseconds(5))
        // And nothing had taken effect inside the call (the cancel and the priority change wait
        // for the cursor's event, as the download's submission does)
        #expect(strategy.downloadStateAfterCalls?.isFinished == false)
        #expect(strategy.downloadStateAfterCalls?.priority == .low)
        // And each timer fired its delay after the calls' time, the two 1 ms ones in the order set
        #expect(strategy.fired.map(\.tag) == [1, 3, 2])
        #expect(strategy.fired.map(\.at) == [1, 1, 2].map { strategy.callTime + SimDuration.milliseconds($0) })
        // And the cancels took effect: the download was over by then, and no completion ever ran
        #expect(strategy.downloadFinishedAtLastTimer == true)
        #expect(strategy.completions.isEmpty)
    }
}
