import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// The run loop's dispatch (`Simulator.run` by `Scheduler.nextSource`) on a run where a vsync, the
/// main thread's item done and two queued completions (timers) fall on the same nanosecond: the
/// exact order of what the strategy sees, and the frames, computed by hand.
///
/// Main-thread code runs ahead of the clock, so which of those events is handled first changes
/// what the others find: a main item started by the main item done sets an image, which a vsync
/// handled after it finds dirty (a frame at once), and one handled before it does not (the set asks
/// for the next vsync); a timer handled after it sees the image on the cell, one before it does not.
@Suite struct GoldenEventOrderTests {
    /// Logs its callbacks; at the first frame sets the timers the case needs (below).
    final class Timers: FetchStrategy {
        let environment: FetchEnvironment
        /// What happened, in order: the time in ms, then the callback.
        var log: [String] = []

        init(_ environment: FetchEnvironment) {
            self.environment = environment
        }

        func note(_ text: String) {
            let now = environment.now
            log.append("\(now / 1_000_000)\(now % 1_000_000 == 0 ? "" : "+") \(text)")
        }

        /// The image `cell` shows, as text.
        func shown(on cell: CellID) -> String {
            environment.image(on: cell).map { "image \($0.imageID)" } ?? "no image"
        }

        func cellForItem(_ cell: CellID, item: Int) {
            note("cellForItem(c\(cell),\(item))")
            guard item == 0 else { return }
            // Set at 0 ms: the timer at 300 ms is numbered before the vsync the script change at
            // 250 ms asks for, and that before the main item done of the block started at 260 ms.
            environment.schedule(after: SimDuration.milliseconds(300)) { [self] in
                note("timer A, c0 shows \(shown(on: 0))")
                environment.async(onMain: { [self] in
                    note("block B")
                    environment.setImage(environment.makeUndecodedImage(7), on: 0)
                })
            }
            environment.schedule(after: SimDuration.milliseconds(260)) { [self] in
                note("timer C")
                // The main thread is idle: the block runs at once, to 300 ms; its item done is
                // numbered now, before timer E's.
                environment.async(onMain: { [self] in
                    note("block D")
                    environment.chargeMainThread(milliseconds: 40)
                })
                environment.schedule(after: SimDuration.milliseconds(40)) { [self] in
                    note("timer E, c0 shows \(shown(on: 0))")
                }
            }
        }

        func scrollDidUpdate(_ update: ScrollUpdate) {
            note("frame for vsync \(update.time / 1_000_000)")
        }
    }

    @Test func vsyncMainItemDoneAndTimersAtOneNanosecondRunInTimeThenInsertionOrder() {
        // Rows 0, 1, 2 on screen (250-pt viewport), 10 Hz (a vsync every 100 ms), every cost 0
        // except setImage's 10 ms. Two pauses: the script change at 250 ms asks for vsync 3 (300 ms).
        var scenario = TestScenarios.zeroCostList(itemCount: 20, viewportHeight: 250, refreshHz: 10,
                                                  script: [.pause(seconds: 0.25), .pause(seconds: 1)])
        scenario.costs.setImageMs = 10
        scenario.costs.decodeMsPerMegapixel = 0
        /// The strategy the run made (the factory is `@Sendable`; the run is single-threaded).
        final class Made: @unchecked Sendable { var timers: Timers? }
        let made = Made()
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "timers") { environment in
            let timers = Timers(environment)
            made.timers = timers
            return timers
        }
        var frames: [FrameRecord] = []
        _ = run.run(frameSink: { frames.append($0) })
        // At 300 ms, in (time, insertion) order:
        //   timer A (set at 0 ms): block B queues behind block D, which holds the main thread to 300 ms;
        //   vsync 3 (asked at 250 ms): nothing moved and nothing is dirty, so no frame;
        //   block D's item done (260 ms): block B runs, its setImage (10 ms, to 310 ms) marks the
        //     display dirty and asks for the first vsync at or after 310 ms: vsync 4;
        //   timer E (set at 260 ms): block B ran (ahead of the clock), c0 shows image 7.
        // The frame for vsync 4 (400 ms) commits at 400 ms and is shown two vsyncs later, at 600 ms.
        #expect(made.timers?.log == [
            "0 cellForItem(c0,0)", "0 cellForItem(c1,1)", "0 cellForItem(c2,2)",
            "0 frame for vsync 0",
            "260 timer C",
            "260 block D",
            "300 timer A, c0 shows no image",
            "300 block B",
            "300 timer E, c0 shows image 7",
            "400 frame for vsync 400",
        ])
        #expect(frames.map(\.vsync) == [0, 400_000_000])
        #expect(frames.map(\.commit) == [0, 400_000_000])
        #expect(frames.map(\.present) == [200_000_000, 600_000_000])
    }
}
