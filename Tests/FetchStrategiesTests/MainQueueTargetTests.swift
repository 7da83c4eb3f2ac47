import ScrollSimCore
import Testing

/// The closure-free main-queue block (`FetchEnvironment.async(onMain:tag:)`) behaves as the
/// closure it replaces: queued from the main thread ahead of the clock (a configuration's block)
/// and from a load's end off the main thread, its blocks run in the same order, at the same
/// times, as the closures'.
@Suite struct MainQueueTargetTests {
    /// Queues a block in `cellForItem` (after charging the main thread, so the cursor is ahead of
    /// the clock) and another when a load ends; each block logs where and when it ran and charges
    /// the main thread. With `usesTargets`, the first goes through the strategy as target (tag: the
    /// cell and item), the second through a `Hop` nothing else holds (the queue must hold it).
    final class Loader: FetchStrategy, NetworkLoadTarget, MainQueueTarget {
        /// A load's end hopping to the main queue, held by the queue alone.
        final class Hop: MainQueueTarget {
            unowned let loader: Loader
            let image: ImageObject
            let cell: CellID
            init(loader: Loader, image: ImageObject, cell: CellID) {
                self.loader = loader
                self.image = image
                self.cell = cell
            }
            func mainQueueBlockRuns(tag: Int) { loader.show(image, on: cell, tag: tag) }
        }

        let environment: FetchEnvironment
        let session: NetworkSession
        let usesTargets: Bool
        /// Every block run, in order: what, the time, whether on the main thread.
        var log: [String] = []

        init(environment: FetchEnvironment, usesTargets: Bool) {
            self.environment = environment
            self.usesTargets = usesTargets
            session = environment.makeSession(.init(name: "loader", httpMaximumConnectionsPerHost: 2))
        }

        func cellForItem(_ cell: CellID, item: Int) {
            let imageID = environment.imageID(forItem: item)
            environment.record(.miss, imageID: imageID)
            environment.chargeMainThread(milliseconds: 6)
            if usesTargets {
                environment.async(onMain: self, tag: cell * 1_000_000 + item)
            } else {
                environment.async(onMain: { [self] in configured(cell, item: item) })
            }
            _ = session.load(imageID, priority: .normal, target: self, tag: cell)
        }

        func networkLoadEnded(tag cell: Int, imageID: Int, result: NetworkResult) {
            guard result != .failure else { return }
            let image = environment.makeUndecodedImage(imageID)
            if usesTargets {
                environment.async(onMain: Hop(loader: self, image: image, cell: cell), tag: imageID)
            } else {
                environment.async(onMain: { [self] in show(image, on: cell, tag: imageID) })
            }
        }

        func mainQueueBlockRuns(tag: Int) { configured(tag / 1_000_000, item: tag % 1_000_000) }

        func configured(_ cell: CellID, item: Int) {
            log.append("configured \(cell):\(item) at \(environment.now) \(environment.isOnMainThread)")
            environment.chargeMainThread(milliseconds: 0.2)
        }

        func show(_ image: ImageObject, on cell: CellID, tag: Int) {
            log.append("shown \(cell):\(image.imageID):\(tag) at \(environment.now) \(environment.isOnMainThread)")
            environment.setImage(image, on: cell)
        }
    }

    /// The run's metrics, frames and block log.
    static func run(usesTargets: Bool) -> (RunMetrics, [FrameRecord], [String]) {
        /// The strategy the run made (the factory is `@Sendable`; the run is single-threaded).
        final class Made: @unchecked Sendable { var loader: Loader? }
        let made = Made()
        var scenario = StrategyTests.slowList(itemCount: 200, script: [
            .drag(velocity: 3000, seconds: 2), .pause(seconds: 1), .drag(velocity: -2500, seconds: 2),
            .pause(seconds: 2),
        ])
        scenario.network.failureRate = 0.2
        let run = try! SimulationRun(scenario: scenario, seed: 5, strategyName: "loader") { environment in
            let loader = Loader(environment: environment, usesTargets: usesTargets)
            made.loader = loader
            return loader
        }
        var frames: [FrameRecord] = []
        let metrics = run.run(frameSink: { frames.append($0) })
        return (metrics, frames, made.loader?.log ?? [])
    }

    @Test("main-queue targets run as the closures they replace, in order and in time")
    func targetsRunAsTheirClosures() {
        let closures = Self.run(usesTargets: false)
        let targets = Self.run(usesTargets: true)
        // The case exercises what it should: many blocks of both kinds, all on the main thread.
        #expect(closures.2.filter { $0.hasPrefix("configured") }.count > 20)
        #expect(closures.2.filter { $0.hasPrefix("shown") }.count > 20)
        #expect(closures.2.allSatisfy { $0.hasSuffix(" true") })
        #expect(targets.2 == closures.2)
        #expect(targets.1 == closures.1)
        #expect(targets.0 == closures.0)
    }
}
