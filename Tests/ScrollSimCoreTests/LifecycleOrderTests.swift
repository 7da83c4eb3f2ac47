import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// The exact callback order of each lifecycle profile (docs/model.md, "Cell lifecycle") on a small scroll computed by
/// hand.
///
/// 20 rows of 100 pt, a 250-pt viewport, 10 Hz (a vsync every 100 ms), every cost 0;
/// prefetch window 0.5 screen (125 pt), lead band 0.25 (62.5 pt), retain band 0.4 (100 pt).
/// Drag down at 500 pt/s for 0.4 s (offsets 50, 100, 150, 200 at the vsyncs), then up at 500 pt/s
/// for 0.2 s (150, 100). Visible rows: offset 0–50 → 0…2; 100–150 → 1…3; 200 → 2…4.
@Suite struct LifecycleOrderTests {
    static func trace(_ profile: Scenario.Profile) -> [String] {
        var scenario = TestScenarios.zeroCostList(
            itemCount: 20, viewportHeight: 250, profile: profile, refreshHz: 10,
            script: [.drag(velocity: 500, seconds: 0.4), .drag(velocity: -500, seconds: 0.2)])
        scenario.cells.prefetchScreens = 0.5
        scenario.cells.cellLeadScreens = 0.25
        scenario.cells.retainScreens = 0.4
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "idle",
                                     strategy: { _ in IdleStrategy() })
        let (_, events) = run.runTracingLifecycle()
        var lines: [String] = []
        var time: SimTime = -1
        for event in events {
            if event.time != time {
                time = event.time
                lines.append("t=\(time / 1_000_000):")
            }
            lines[lines.count - 1] += " \(event)"
        }
        return lines
    }

    @Test func ios9PreparesWholeRowsAtViewportEntryAndPoolsAtExit() {
        #expect(Self.trace(.ios9) == [
            "t=0: create(c0,0) cellForItem(c0,0) willDisplay(c0,0) create(c1,1) cellForItem(c1,1) willDisplay(c1,1) "
                + "create(c2,2) cellForItem(c2,2) willDisplay(c2,2)",
            // offset 100: row 0 leaves and is pooled at once; row 3 reuses its cell
            "t=200: didEndDisplaying(c0,0) enqueue(c0,0) prepareForReuse(c0,3) cellForItem(c0,3) willDisplay(c0,3)",
            "t=400: didEndDisplaying(c1,1) enqueue(c1,1) prepareForReuse(c1,4) cellForItem(c1,4) willDisplay(c1,4)",
            // reversal: row 1 comes back through the whole cycle again, no prefetching in ios9
            "t=500: didEndDisplaying(c1,4) enqueue(c1,4) prepareForReuse(c1,1) cellForItem(c1,1) willDisplay(c1,1)",
        ])
    }

    @Test func ios10PreparesOneLeadCellPerPassRetainsAndCancelsPrefetchOnReversal() {
        #expect(Self.trace(.ios10) == [
            "t=0: create(c0,0) cellForItem(c0,0) willDisplay(c0,0) create(c1,1) cellForItem(c1,1) willDisplay(c1,1) "
                + "create(c2,2) cellForItem(c2,2) willDisplay(c2,2)",
            // first movement: row 3 in the lead band [300, 362.5) is prepared in the pass; window [300, 425)
            "t=100: create(c3,3) cellForItem(c3,3) prefetch(3,4)",
            // row 0 ends its display but stays attached (retain band [0, 450)); row 3 only gets willDisplay
            "t=200: didEndDisplaying(c0,0) willDisplay(c3,3) create(c4,4) cellForItem(c4,4)",
            "t=300: prefetch(5)",
            // row 0 leaves the retain band [100, 550): pooled, then reused for the lead row 5
            "t=400: didEndDisplaying(c1,1) enqueue(c0,0) willDisplay(c4,4) prepareForReuse(c0,5) cellForItem(c0,5)",
            // reversal: row 1 returns with willDisplay only; row 5 pooled; outstanding prefetch cancelled
            "t=500: didEndDisplaying(c4,4) enqueue(c0,5) willDisplay(c1,1) prepareForReuse(c0,0) cellForItem(c0,0) "
                + "cancelPrefetching(5) prefetch(0)",
        ])
    }

    @Test func ios15PreparesLeadCellsInIdleTimeAfterTheCommit() {
        #expect(Self.trace(.ios15) == [
            "t=0: create(c0,0) cellForItem(c0,0) willDisplay(c0,0) create(c1,1) cellForItem(c1,1) willDisplay(c1,1) "
                + "create(c2,2) cellForItem(c2,2) willDisplay(c2,2)",
            // the lead cell comes after the frame (its prefetch call), in idle time
            "t=100: prefetch(3,4) create(c3,3) cellForItem(c3,3)",
            "t=200: didEndDisplaying(c0,0) willDisplay(c3,3) create(c4,4) cellForItem(c4,4)",
            "t=300: prefetch(5)",
            "t=400: didEndDisplaying(c1,1) enqueue(c0,0) willDisplay(c4,4) prepareForReuse(c0,5) cellForItem(c0,5)",
            "t=500: didEndDisplaying(c4,4) enqueue(c0,5) willDisplay(c1,1) cancelPrefetching(5) prefetch(0) "
                + "prepareForReuse(c0,0) cellForItem(c0,0)",
        ])
    }

    @Test func ios15IdlePreparationStopsAtTheNextVsync() {
        // Cells that cost 60 ms each at 10 Hz: after the first moving frame (commit at 100 ms, next
        // vsync 200 ms) idle time prepares lead rows one at a time; one that starts before 200 ms
        // may overrun it, none starts after.
        var scenario = TestScenarios.zeroCostList(itemCount: 40, viewportHeight: 250, profile: .ios15, refreshHz: 10,
                                                  script: [.pause(seconds: 1), .drag(velocity: 500, seconds: 0.1)])
        scenario.cells.cellLeadScreens = 1.0
        scenario.cells.retainScreens = 1.0
        scenario.cells.dataPrefetch = false
        scenario.costs.cellForItemMs = 60
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "idle",
                                     strategy: { _ in IdleStrategy() })
        let (_, events) = run.runTracingLifecycle()
        let idle = events.filter { $0.kind == .cellForItem && $0.time >= 1_000_000_000 }
        // Frame for 1.1 s lays out offset 50 (no new visible row) and commits at 1.1 s; rows 3 and
        // 4 are prepared at 1.1 s and 1.16 s; the next starts after 1.2 s would be too late.
        #expect(idle.map(\.items) == [[3], [4]])
        #expect(idle.map(\.time) == [1_100_000_000, 1_160_000_000])
    }
}
