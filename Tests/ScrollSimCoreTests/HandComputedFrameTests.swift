import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// Frame and hitch accounting (docs/model.md, "Display, main thread and frames") on scenarios computed by hand.
@Suite struct HandComputedFrameTests {
    /// A list of 100-pt rows in a 1000-pt viewport, `ios9`, every cost 0 except `cellForItemMs` = 20,
    /// a 1 s pause (the first layout's 200 ms is out of the way) then a drag at 600 pt/s for 0.5 s.
    static func twentyMillisecondCells() -> Scenario {
        var scenario = TestScenarios.zeroCostList(script: [.pause(seconds: 1), .drag(velocity: 600, seconds: 0.5)])
        scenario.costs.cellForItemMs = 20
        return scenario
    }

    @Test func everyCellForItemOfTwentyMillisecondsHitchesOneVsync() {
        // Rows 10, 11, 12 enter at the vsyncs 1/60, 11/60 and 21/60 s into the drag (offset > 0,
        // > 100, > 200). Each of those frames commits 20 ms after its vsync, past the next one:
        //   vsync 61 (1.016666666 s) commits 1.036666666 → shown after t63: hitch t63 − t62 = 16 666 667
        //   vsync 71 (1.183333333 s) commits 1.203333333 → hitch t73 − t72 = 16 666 666
        //   vsync 81 (1.350000000 s) commits 1.370000000 → hitch t83 − t82 = 16 666 667
        // Vsyncs 62, 72 and 82 get no frame: 30 − 3 = 27 frames.
        let (metrics, frames) = TestScenarios.run(Self.twentyMillisecondCells())
        #expect(metrics.scrollNanos == 500_000_000)
        #expect(metrics.frames == 27)
        #expect(metrics.hitches == 3)
        #expect(metrics.droppedFrames == 3)
        #expect(metrics.hitchNanos == 50_000_000)
        #expect(metrics.maxHitchNanos == 16_666_667)
        #expect(metrics.hitchRatio == 100)
        // 24 frames of 0 work and 3 of 20 ms: nearest-rank p50 = rank 14 → 0, p95 = rank 26 → 20 ms.
        #expect(metrics.frameWorkP50Nanos == 0)
        #expect(metrics.frameWorkP95Nanos == 20_000_000)
        #expect(metrics.frameWorkP99Nanos == 20_000_000)

        let hitching = frames.filter { $0.inScroll && $0.hitch > 0 }
        #expect(hitching.map(\.vsync) == [1_016_666_666, 1_183_333_333, 1_350_000_000])
        #expect(hitching.map(\.commit) == [1_036_666_666, 1_203_333_333, 1_370_000_000])
        #expect(hitching.map(\.present) == [1_066_666_666, 1_233_333_333, 1_400_000_000])
        #expect(hitching.map(\.missedVsyncs) == [1, 1, 1])
        // The frame after each hitch is for the vsync at which the main thread came free.
        let vsyncs = frames.map(\.vsync)
        #expect(!vsyncs.contains(1_033_333_333) && vsyncs.contains(1_050_000_000))
    }

    @Test func zeroCostScrollNeverHitches() {
        let scenario = TestScenarios.zeroCostList(script: [.pause(seconds: 1), .drag(velocity: 600, seconds: 0.5)])
        let (metrics, frames) = TestScenarios.run(scenario)
        #expect(metrics.frames == 30)
        #expect(metrics.hitches == 0)
        #expect(metrics.droppedFrames == 0)
        #expect(metrics.hitchNanos == 0)
        #expect(frames.allSatisfy { $0.hitch == 0 && $0.missedVsyncs == 0 && $0.work == 0 })
        // Every scroll frame is shown two vsyncs after its own (double buffering).
        for frame in frames where frame.inScroll {
            let k = Int((frame.vsync * 60 + 999_999_999) / 1_000_000_000)
            #expect(frame.present == SimTime(k + 2) * 1_000_000_000 / 60)
        }
    }

    @Test func flingEndsAtTheClosedFormOffset() {
        // v0 = 3500 pt/s, d = 0.998: stops when |v| < 10 pt/s, at x0 + (10 − v0)/k, k = 1000 ln d.
        var layout = Scenario.Layout(itemCount: 10_000)
        layout.itemHeight = 100
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.script = [.fling(velocity: 3500, deceleration: .normal)]
        let (_, frames) = TestScenarios.run(scenario)
        let k = 1000 * DMath.log(0.998)
        let expected = (10 - 3500) / k
        let last = frames.last?.offset ?? 0
        #expect(abs(last - expected) < 1, "last frame offset \(last), closed form \(expected)")
        #expect(abs(expected - 1743.25) < 0.01)
    }

    @Test func oneHundredTwentyHertzHalvesTheBudget() {
        // The same 20 ms cells at 120 Hz: each commits 20 ms after its vsync, 2.4 budgets, so it
        // is shown at the first vsync ≥ commit + 1 and misses 2 vsyncs.
        var scenario = Self.twentyMillisecondCells()
        scenario.display.refreshHz = 120
        let (metrics, _) = TestScenarios.run(scenario)
        #expect(metrics.hitches == 3)
        #expect(metrics.droppedFrames == 6)
    }
}
