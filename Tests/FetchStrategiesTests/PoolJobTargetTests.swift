import ScrollSimCore
import Testing

/// The closure-free forms of a pool job's end (`FetchEnvironment.readDisk(bytes:target:tag:)`,
/// `decode(_:mode:target:tag:)`) behave as the closures they replace: the same run, frame by
/// frame, with disk reads queueing behind each other, decodes, and cancels of both.
@Suite struct PoolJobTargetTests {
    /// Reads each item's image from the disk in `cellForItem`, decodes it when the read ends,
    /// then sets it on the main queue; cancels the job in flight in `didEndDisplaying` for every
    /// other item. The ends go through closures (`usesTargets` false) or through the target form.
    final class Loader: FetchStrategy, PoolJobTarget {
        let environment: FetchEnvironment
        let usesTargets: Bool
        /// Each cell's job in flight.
        var jobs: [CellID: PoolTask] = [:]
        /// Each cell's image (the job's tag is the cell).
        var imageOfCell: [CellID: Int] = [:]
        /// Every end the strategy was told, in order: "cell:image:read" or "cell:image:decoded".
        var ends: [String] = []

        init(environment: FetchEnvironment, usesTargets: Bool) {
            self.environment = environment
            self.usesTargets = usesTargets
        }

        func cellForItem(_ cell: CellID, item: Int) {
            let imageID = environment.imageID(forItem: item)
            imageOfCell[cell] = imageID
            environment.setRepresentedIdentifier(imageID, of: cell)
            environment.record(.diskHit, imageID: imageID)
            let bytes = Int64(4_000_000 + 100_000 * (imageID % 7))
            if usesTargets {
                jobs[cell] = environment.readDisk(bytes: bytes, target: self, tag: cell)
            } else {
                jobs[cell] = environment.readDisk(bytes: bytes) { [self] in poolJobEnded(tag: cell, image: nil) }
            }
        }

        func didEndDisplaying(_ cell: CellID, item: Int) {
            if item % 2 == 0 { jobs[cell]?.cancel() }
        }

        func poolJobEnded(tag cell: Int, image: ImageObject?) {
            let imageID = imageOfCell[cell] ?? -1
            guard let image else {
                ends.append("\(cell):\(imageID):read")
                if usesTargets {
                    jobs[cell] = environment.decode(imageID, mode: .full, target: self, tag: cell)
                } else {
                    jobs[cell] = environment.decode(imageID, mode: .full) { [self] image in
                        poolJobEnded(tag: cell, image: image)
                    }
                }
                return
            }
            ends.append("\(cell):\(image.imageID):decoded")
            environment.setImageOnMain(image, on: cell, ifRepresenting: image.imageID)
        }
    }

    /// A list scrolled down and back, fast enough that cells leave with jobs in flight.
    static func scenario() -> Scenario {
        var scenario = StrategyTests.slowList(itemCount: 200, script: [
            .drag(velocity: 3000, seconds: 2), .pause(seconds: 1), .drag(velocity: -2500, seconds: 2),
            .pause(seconds: 3),
        ])
        scenario.images.distinct = 40
        scenario.disk.throughputMBps = 20  // reads of 4 MB take 200 ms: cells leave with reads queued
        return scenario
    }

    /// The run's metrics, frames and told ends with `usesTargets`.
    static func run(usesTargets: Bool) -> (RunMetrics, [FrameRecord], [String]) {
        /// The strategy the run made (the factory is `@Sendable`; the run is single-threaded).
        final class Made: @unchecked Sendable { var loader: Loader? }
        let made = Made()
        let run = try! SimulationRun(scenario: scenario(), seed: 5, strategyName: "pool-loader") { environment in
            let loader = Loader(environment: environment, usesTargets: usesTargets)
            made.loader = loader
            return loader
        }
        var frames: [FrameRecord] = []
        let metrics = run.run(frameSink: { frames.append($0) })
        return (metrics, frames, made.loader?.ends ?? [])
    }

    @Test("disk reads and decodes with a target run as their closures")
    func targetsRunAsTheirClosures() {
        let closures = Self.run(usesTargets: false)
        let targets = Self.run(usesTargets: true)
        // The case exercises what it should: reads and decodes ended, some cancelled (more reads
        // than decodes), images shown.
        let reads = closures.2.filter { $0.hasSuffix(":read") }.count
        let decodes = closures.2.filter { $0.hasSuffix(":decoded") }.count
        #expect(decodes > 0 && reads > decodes, "\(reads) reads, \(decodes) decodes")
        #expect(closures.0.readyDisplays > 0)
        #expect(targets.2 == closures.2)
        #expect(targets.1 == closures.1)
        #expect(targets.0 == closures.0)
    }
}
