import ScrollSimCore
import Testing

/// The closure-free forms of a request's end and of a main-queue image set
/// (`NetworkSession.load(_:priority:target:tag:)`, `FetchEnvironment.setImageOnMain`) behave as
/// the closures they replace: the same run, frame by frame, with failures, cancels, an HTTP cache
/// and reused cells.
@Suite struct ClosureFreeCompletionTests {
    /// Loads in `cellForItem`, cancels in `didEndDisplaying`; the load's end and the image's hop
    /// to the main queue go through closures (`usesTargets` false) or through the closure-free
    /// forms (true). With `guarded`, the set is dropped when the cell represents another image by then.
    final class Loader: FetchStrategy, NetworkLoadTarget {
        let environment: FetchEnvironment
        let session: NetworkSession
        let usesTargets: Bool
        let guarded: Bool
        /// Each cell's load in flight.
        var tasks: [CellID: NetworkTask] = [:]
        /// Every end the strategy was told, in order: (cell, image, success).
        var ends: [String] = []

        init(environment: FetchEnvironment, usesTargets: Bool, guarded: Bool) {
            self.environment = environment
            self.usesTargets = usesTargets
            self.guarded = guarded
            session = environment.makeSession(.init(name: "loader", httpMaximumConnectionsPerHost: 2,
                                                    urlCache: .shared))
        }

        func cellForItem(_ cell: CellID, item: Int) {
            let imageID = environment.imageID(forItem: item)
            environment.setRepresentedIdentifier(imageID, of: cell)
            environment.record(session.outcomeOfLoad(imageID), imageID: imageID)
            if usesTargets {
                tasks[cell] = session.load(imageID, priority: .normal, target: self, tag: cell)
            } else {
                tasks[cell] = session.load(imageID, priority: .normal) { [self] result in
                    networkLoadEnded(tag: cell, imageID: imageID, result: result)
                }
            }
        }

        func didEndDisplaying(_ cell: CellID, item: Int) {
            // Every other item's load is cancelled when its cell leaves the screen.
            if item % 2 == 0 { tasks[cell]?.cancel() }
        }

        func networkLoadEnded(tag cell: Int, imageID: Int, result: NetworkResult) {
            let succeeded = result != .failure
            ends.append("\(cell):\(imageID):\(succeeded)")
            guard succeeded else { return }
            let image = environment.makeUndecodedImage(imageID)
            // Guarded: set only if the cell still shows an item of this image when the hop runs.
            let identifier = imageID
            switch (usesTargets, guarded) {
            case (true, true):
                environment.setImageOnMain(image, on: cell, ifRepresenting: identifier)
            case (true, false):
                environment.setImageOnMain(image, on: cell)
            case (false, true):
                environment.async(onMain: { [environment] in
                    guard environment.representedIdentifier(of: cell) == identifier else { return }
                    environment.setImage(image, on: cell)
                })
            case (false, false):
                environment.async(onMain: { [environment] in environment.setImage(image, on: cell) })
            }
        }
    }

    /// A list scrolled down and back with failing requests and repeated images (HTTP cache hits).
    static func scenario() -> Scenario {
        var scenario = StrategyTests.slowList(itemCount: 200, script: [
            .drag(velocity: 3000, seconds: 2), .pause(seconds: 1), .drag(velocity: -2500, seconds: 2),
            .pause(seconds: 3),
        ])
        scenario.images.distinct = 40
        scenario.network.failureRate = 0.2
        return scenario
    }

    /// The run's metrics, frames and told ends with `usesTargets`.
    static func run(usesTargets: Bool, guarded: Bool) -> (RunMetrics, [FrameRecord], [String]) {
        /// The strategy the run made (the factory is `@Sendable`; the run is single-threaded).
        final class Made: @unchecked Sendable { var loader: Loader? }
        let made = Made()
        let run = try! SimulationRun(scenario: scenario(), seed: 3, strategyName: "loader") { environment in
            let loader = Loader(environment: environment, usesTargets: usesTargets, guarded: guarded)
            made.loader = loader
            return loader
        }
        var frames: [FrameRecord] = []
        let metrics = run.run(frameSink: { frames.append($0) })
        return (metrics, frames, made.loader?.ends ?? [])
    }

    @Test(arguments: [false, true])
    func targetsAndImageSetsRunAsTheirClosures(guarded: Bool) {
        let closures = Self.run(usesTargets: false, guarded: guarded)
        let targets = Self.run(usesTargets: true, guarded: guarded)
        // The case exercises what it should: failures, cancels (fewer ends than loads), images shown.
        #expect(closures.2.contains { $0.hasSuffix(":false") })
        #expect(closures.0.networkFetches > 0 && closures.0.readyDisplays > 0)
        #expect(closures.0.diskHits > 0)
        #expect(targets.2 == closures.2)
        #expect(targets.1 == closures.1)
        #expect(targets.0 == closures.0)
    }
}
