import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// Main-queue image sets (`FetchEnvironment.setImageOnMain`) wait in slots that are reused, last
/// freed first (`Simulator.enqueueMainImageSet`): with several sets pending at once, and slots
/// reused, each set still lands on its own cell with its own image and guard.
@Suite struct MainImageSetSlotTests {
    /// Keeps the main thread busy for 50 ms from each phase's start (a timer), and meanwhile
    /// queues that phase's image sets, each followed by a block that logs what the three cells show.
    final class Sets: FetchStrategy {
        /// An image set: the image, the cell, the identifier the cell must represent (nil: none).
        typealias ImageSet = (imageID: Int, cell: CellID, identifier: Int?)

        let environment: FetchEnvironment
        /// Each phase: its start and its sets, in the order they are queued.
        let phases: [(at: SimTime, sets: [ImageSet])]
        /// What happened, in order.
        var log: [String] = []

        init(_ environment: FetchEnvironment, phases: [(at: SimTime, sets: [ImageSet])]) {
            self.environment = environment
            self.phases = phases
        }

        func cellForItem(_ cell: CellID, item: Int) {
            environment.setRepresentedIdentifier(item, of: cell)
            log.append("t=\(environment.now / 1_000_000) cellForItem(c\(cell),\(item))")
            guard item == 0 else { return }
            for phase in phases {
                environment.schedule(after: phase.at - environment.now) { [self] in run(phase.sets) }
            }
        }

        /// A phase (off the main thread): a 50 ms block goes to the idle main thread, the sets and
        /// their logs queue behind it.
        func run(_ sets: [ImageSet]) {
            environment.async(onMain: { [self] in
                log.append("t=\(environment.now / 1_000_000) busy")
                environment.chargeMainThread(milliseconds: 50)
            })
            for set in sets {
                environment.setImageOnMain(environment.makeUndecodedImage(set.imageID), on: set.cell,
                                           ifRepresenting: set.identifier)
                environment.async(onMain: { [self] in
                    let shown = (0..<3).map { cell in
                        "c\(cell)=" + (environment.image(on: cell).map { String($0.imageID) } ?? "-")
                    }
                    log.append("t=\(environment.now / 1_000_000) " + shown.joined(separator: " "))
                })
            }
        }
    }

    @Test func pendingSetsInReusedSlotsEachSetTheirOwnImageOnTheirOwnCell() {
        // Rows 0, 1, 2 on screen (250-pt viewport) in cells c0, c1, c2, representing items 0, 1, 2;
        // every cost 0 (lazy decode too), nothing scrolls.
        var scenario = TestScenarios.zeroCostList(itemCount: 20, viewportHeight: 250, refreshHz: 10,
                                                  script: [.pause(seconds: 1.2)])
        scenario.costs.decodeMsPerMegapixel = 0
        let ms = SimDuration.milliseconds
        // Slots (the free list: last freed first):
        //   100 ms: three sets pending at once take new slots 0, 1, 2; they run (150 ms) in that
        //           order, freeing 0, 1, 2: the free list is 2 → 1 → 0.
        //   500 ms: four pending at once: slots 2, 1, 0 reused, then a new slot 3; they run in that
        //           order (the set on c0 guarded by identifier 1 is dropped): free list 3 → 0 → 1 → 2.
        //   900 ms: three pending at once reuse slots 3, 0, 1 (the first unguarded).
        let phases: [(at: SimTime, sets: [Sets.ImageSet])] = [
            (ms(100), [(10, 0, 0), (11, 1, 1), (12, 2, 2)]),
            (ms(500), [(13, 2, 2), (14, 0, 1), (15, 1, 1), (16, 0, 0)]),
            (ms(900), [(17, 1, nil), (18, 2, 2), (19, 0, 0)]),
        ]
        /// The strategy the run made (the factory is `@Sendable`; the run is single-threaded).
        final class Made: @unchecked Sendable { var sets: Sets? }
        let made = Made()
        let run = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "sets") { environment in
            let sets = Sets(environment, phases: phases)
            made.sets = sets
            return sets
        }
        _ = run.run(frameSink: { _ in })
        #expect(made.sets?.log == [
            "t=0 cellForItem(c0,0)", "t=0 cellForItem(c1,1)", "t=0 cellForItem(c2,2)",
            "t=100 busy",
            "t=150 c0=10 c1=- c2=-",
            "t=150 c0=10 c1=11 c2=-",
            "t=150 c0=10 c1=11 c2=12",
            "t=500 busy",
            "t=550 c0=10 c1=11 c2=13",
            "t=550 c0=10 c1=11 c2=13",  // c0 represents 0, not 1: image 14 is dropped
            "t=550 c0=10 c1=15 c2=13",
            "t=550 c0=16 c1=15 c2=13",
            "t=900 busy",
            "t=950 c0=16 c1=17 c2=13",
            "t=950 c0=16 c1=17 c2=18",
            "t=950 c0=19 c1=17 c2=18",
        ])
    }
}
