@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `adaptive`: downsampling, batched image sets, a horizon that grows with velocity, a plan on
/// the prior until its own requests have measured the network.
@Suite struct AdaptiveStrategyTests {
    /// A 3-column grid of 130-pt rows in a 390 × 844-pt viewport at 3× (cells 386 × 390 px).
    static func photoGrid() -> Scenario {
        var layout = Scenario.Layout(itemCount: 600)
        layout.kind = .grid
        layout.columns = 3
        layout.itemHeight = 130
        layout.spacing = 2
        layout.viewportWidth = 390
        layout.viewportHeight = 844
        var scenario = Scenario(layout: layout)
        scenario.display.refreshHz = 60  // the rate the expected values were computed at
        scenario.network.httpProtocol = .http1_1  // the connection behaviour the expected values assume
        scenario.name = "grid"
        scenario.script = [.drag(velocity: 350, seconds: 1), .fling(velocity: 3000, deceleration: .normal),
                           .pause(seconds: 2)]
        return scenario
    }

    @Test func aLargestLookAheadBelowTheSmallestIsRejectedWithItsPath() throws {
        let spec = StrategySpec(name: "adaptive", parameters: [("minPrefetchScreens", .number(2.5, text: "2.5")),
                                                               ("maxPrefetchScreens", .number(2, text: "2"))],
                                path: "strategies[0]")
        let expected = StrategyConfigError(path: "strategies[0].maxPrefetchScreens",
                                           message: "must be at least minPrefetchScreens (2.5), found 2")
        #expect(throws: expected) {
            _ = try StrategyCatalog.makeFactory(spec)
        }
        // Equal bounds are a fixed look-ahead, and allowed.
        let fixed = StrategySpec(name: "adaptive", parameters: [("minPrefetchScreens", .number(2, text: "2")),
                                                                ("maxPrefetchScreens", .number(2, text: "2"))],
                                 path: "strategies[0]")
        _ = try StrategyCatalog.makeFactory(fixed)
    }

    @Test func downsamplesToTheCellOffTheMainThread() {
        // Given 1200 × 1200 px images in 386 × 390 px cells
        let scenario = Self.photoGrid()
        var adaptiveDecodes: [SimTime] = [], assetStoreDecodes: [SimTime] = []
        let observer = ClosureObserver()
        observer.onDecode = { adaptiveDecodes.append($0) }
        let adaptive = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "adaptive",
                                          strategy: try! StrategyCatalog.makeFactory(StrategySpec(name: "adaptive")))
            .run(observer: observer)
        observer.onDecode = { assetStoreDecodes.append($0) }
        let assetStoreFactory = try! StrategyCatalog.makeFactory(StrategySpec(name: "asset-store"))
        let assetStore = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "asset-store",
                                            strategy: assetStoreFactory)
            .run(observer: observer)
        // Then every decode is a thumbnail decode off the main thread: 2 ms/MP × 1.44 MP = 2.88 ms,
        // where the asset store's full decodes take 8 ms/MP × 1.44 MP = 11.52 ms
        #expect(adaptive.mainDecodeNanos == 0)
        #expect(!adaptiveDecodes.isEmpty && adaptiveDecodes.allSatisfy { $0 == 2_880_000 })
        #expect(!assetStoreDecodes.isEmpty && assetStoreDecodes.allSatisfy { $0 == 11_520_000 })
        // and bitmaps of 390 × 390 px (608 400 B) instead of 5 760 000 B keep the peak far lower
        #expect(adaptive.peakMemoryBytes % 608_400 == 0)
        #expect(adaptive.peakMemoryBytes * 4 < assetStore.peakMemoryBytes)
    }

    @Test func imageSetsAreBatchedIntoAtMostOneMainBlockPerFrame() {
        // Given many 400 ms-median loads landing while scrolling and after it stops
        let scenario = StrategyTests.slowList(script: [
            .drag(velocity: 1500, seconds: 2), .pause(seconds: 4),
            .drag(velocity: -800, seconds: 1), .pause(seconds: 3),
        ])
        func blocks(_ name: String) -> (perInterval: [Int: Int], longest: SimTime, metrics: RunMetrics, images: Int) {
            var perInterval: [Int: Int] = [:]
            var longest: SimTime = 0
            var images = 0
            let observer = ClosureObserver()
            observer.onDecode = { _ in images += 1 }
            observer.onMainWork = { work, start, end in
                guard work == .block else { return }
                perInterval[StrategyTests.frameInterval(start, refreshHz: 60), default: 0] += 1
                longest = max(longest, end - start)
            }
            let metrics = try! SimulationRun(scenario: scenario, seed: 1, strategyName: name,
                                             strategy: try! StrategyCatalog.makeFactory(StrategySpec(name: name)))
                .run(observer: observer)
            return (perInterval, longest, metrics, images)
        }
        let adaptive = blocks("adaptive")
        // Then no frame interval runs two of its main-queue blocks (images landing between frames
        // wait for the next layout pass or one armed block; each set costs 0.1 ms)
        #expect(!adaptive.perInterval.isEmpty)
        #expect(adaptive.perInterval.values.allSatisfy { $0 == 1 })
        #expect(adaptive.longest >= 100_000)
        #expect(adaptive.metrics.wrongImageFrames == 0)
        // where the asset store posts one block per image, several in one interval, and more blocks
        let assetStore = blocks("asset-store")
        #expect(assetStore.perInterval.values.contains { $0 >= 2 })
        // and adaptive sets its images in fewer blocks than it has images (several per block)
        #expect(adaptive.perInterval.values.reduce(0, +) < adaptive.images)
    }

    @Test func beforeMeasuringAnythingThePlanRunsOnThePriorWhateverTheNetwork() {
        /// What the strategy plans with at its first frame (nothing has been measured yet).
        struct Plan: Equatable {
            var downloadSlots: Int
            var speculativeSlots: Int
            var expectedLoadSeconds: Double
            var fastestLoadSeconds: Double
            var horizons: [Double]
        }
        // Given two networks as far apart as a fast Wi-Fi and a slow 3G link
        func firstPlan(latencyMs: Double, bandwidthMbps: Double) -> Plan? {
            var scenario = StrategyTests.slowList(script: [.pause(seconds: 0.1)])
            scenario.network.latencyMsMedian = latencyMs
            scenario.network.latencyMsP95 = latencyMs * 4
            scenario.network.bandwidthMbps = bandwidthMbps
            let probe = StrategyProbe { AdaptiveStrategy(environment: $0) }
            var plan: Plan?
            let observer = ClosureObserver()
            observer.onFrame = { _ in
                guard plan == nil, let adaptive = probe.strategy else { return }
                plan = Plan(downloadSlots: adaptive.downloadSlots, speculativeSlots: adaptive.speculativeSlots,
                            expectedLoadSeconds: adaptive.expectedLoadSeconds,
                            fastestLoadSeconds: adaptive.fastestLoadSeconds,
                            horizons: [0.0, 50, 100, 200, 300].map { adaptive.prefetchHorizon(speed: $0, decay: 0) }
                                + [adaptive.prefetchHorizon(speed: 100, decay: 0.04)])
            }
            _ = probe.run(scenario, name: "adaptive", observer: observer)
            return plan
        }
        let slow = firstPlan(latencyMs: 400, bandwidthMbps: 1)
        let fast = firstPlan(latencyMs: 20, bandwidthMbps: 100)
        // Then both plan with the prior: a 0.15 s first byte, a 4.32 ms decode, a 1.35 s transfer
        // (270 kB at 1.6 Mbit/s), 6 downloads (URLSession's default) and 1 guess at a time until
        // measured: an expected load of 0.15 + 0.00432 + 6 × 1.35 s, a fastest of 0.15 + 0.00432 +
        // 1.35 s; the horizon one screen (1000 pt) whatever the speed, since the expected load is
        // a guess, but at least the distance a decelerating fling still travels (speed / decay)
        #expect(slow == fast)
        #expect(slow == Plan(downloadSlots: 6, speculativeSlots: 1, expectedLoadSeconds: 0.15 + 0.00432 + 1.35 * 6,
                             fastestLoadSeconds: 0.15 + 0.00432 + 1.35,
                             horizons: [1000, 1000, 1000, 1000, 1000, 2500]))
    }

    @Test func itLearnsTheLinkTheLatencyAndTheImageSizeFromItsOwnRequests() {
        // Given a constant 400 ms first byte, a 20 Mbit/s link (400 ns per byte) and every image
        // 150 kB, over a drag that loads a few dozen images
        var scenario = StrategyTests.constantLatencyList(latencyMs: 400, script: [
            .drag(velocity: 800, seconds: 3), .pause(seconds: 2),
        ])
        scenario.images.bytesP95 = scenario.images.bytesMedian
        let probe = StrategyProbe { AdaptiveStrategy(environment: $0) }
        _ = probe.run(scenario, name: "adaptive")
        let estimator = probe.strategy.estimator
        // Then it measured exactly what the network does, its own transfers sharing the link
        // notwithstanding (link time to within a nanosecond per transfer)
        #expect(estimator.isDepthMeasured)
        #expect(estimator.latencySeconds == 0.4)
        #expect(estimator.imageBytesMedian == 150_000)
        #expect(abs(estimator.bitsPerSecond - 20_000_000) < 1)
        // and sized its depth from it: ⌈0.4 s / 0.06 s⌉ + 1 = 8 downloads, Little's law 8 too
        #expect(probe.strategy.downloadSlots == 8)
        #expect(probe.strategy.speculativeSlots == 8)
        // its decodes took at least the 2 ms/MP × 1.44 MP = 2.88 ms they cost (queueing included)
        #expect(estimator.decodeSeconds >= 0.00288)
        // and the horizon now grows with speed: speed × (0.4 s + decode + 8 × 0.06 s) × 2, within
        // 1...4 screens (one screen = 1000 pt)
        let adaptive = probe.strategy!
        let load = 0.4 + estimator.decodeSeconds + estimator.transferSeconds * 8
        #expect(abs(adaptive.expectedLoadSeconds - load) < 1e-12)
        #expect(abs(estimator.transferSeconds - 0.06) < 1e-9)
        let horizons = [0.0, 500, 1000, 3000].map { adaptive.prefetchHorizon(speed: $0, decay: 0) }
        #expect(horizons[0] == 1000 && horizons[3] == 4000)
        #expect(abs(horizons[1] - max(1000, 500 * load * 2)) < 1e-9)
        #expect(abs(horizons[2] - 1000 * load * 2) < 1e-9)
    }

    @Test func aFlingsDecelerationAndRestingPlaceAreEstimated() {
        // Given a fling at 3000 pt/s with UIScrollView's normal rate (0.998 per ms)
        var scenario = StrategyTests.slowList(script: [.fling(velocity: 3000, deceleration: .normal),
                                                       .pause(seconds: 1)])
        scenario.layout.itemCount = 1000
        let probe = StrategyProbe { AdaptiveStrategy(environment: $0) }
        var motions: [AdaptiveStrategy.Motion] = []
        var finalOffset = 0.0
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            if frame.inScroll { motions.append(probe.strategy.lastMotion) }
            finalOffset = frame.offset
        }
        _ = probe.run(scenario, name: "adaptive", observer: observer)
        // Then every moving frame estimates the decay −1000 · ln 0.998 = 2.002 per second, and
        // where the content will rest (offset + speed / decay) within 10 pt of where it stops
        // (it stops at 10 pt/s, about 5 pt short of the projection)
        #expect(motions.count > 100)
        for motion in motions where motion.speed > 0 {
            #expect(abs(motion.decay - 2.002002) < 1e-3)
            #expect(abs(motion.offset + motion.speed / motion.decay - finalOffset) < 10)
        }
    }

    @Test func aHesitantFingerDoesNotCancelAndRestartTheSameDownloads() throws {
        // Given a finger that drags and stops every other frame (the plan deepens and shrinks its
        // horizon with each start and stop) on a 400 ms-median network
        let scenario = StrategyTests.slowList(script: [
            .repeatSteps(times: 40, steps: [.drag(velocity: 600, seconds: 0.034), .pause(seconds: 0.034)]),
            .pause(seconds: 3),
        ])
        func run(_ parameters: [(String, Double)]) throws -> RunMetrics {
            let factory = try StrategyCatalog.makeFactory(StrategyTests.spec("adaptive", parameters))
            return try SimulationRun(scenario: scenario, seed: 1, strategyName: "adaptive", strategy: factory).run()
        }
        let kept = try run([])
        let dropped = try run([("keepScreens", 0), ("cancelGraceSeconds", 0)])
        // Then keeping dropped downloads near the viewport (and for 0.5 s) sends fewer requests
        // for the same cells: a download is finished instead of cancelled and sent again
        #expect(kept.requests == dropped.requests)
        #expect(kept.networkFetches < dropped.networkFetches,
                "fetches kept \(kept.networkFetches), dropped \(dropped.networkFetches)")
    }

    @Test func itForgetsTheRetryTimesOfFailuresThatHavePassed() {
        // Given a network that fails every request at once and a fast drag past 240 items, each
        // image failing once as it comes near and then scrolling away, and a pause on the last
        // screen, whose images fail again each second
        var scenario = StrategyTests.slowList(itemCount: 3000, script: [
            .drag(velocity: 6000, seconds: 4), .pause(seconds: 3),
        ])
        scenario.network.offline = true
        let probe = StrategyProbe { AdaptiveStrategy(environment: $0) }
        let metrics = probe.run(scenario, name: "adaptive")
        // Then it holds retry times only for the images that failed in the last second (those on
        // the resting screen and in its horizon: 68), not for the hundreds that failed and
        // scrolled away as well (260 when a time is dropped only as the pump meets its image)
        #expect(metrics.networkFetches == 0)
        let held = probe.strategy.retryTimesHeld
        #expect(held > 0 && held < 100, "retry times held: \(held)")
    }

    /// A run of `adaptive` (a memory cache of `memoryCacheMB`) reusing its last gathering when it
    /// may, or gathering at every reconcile: its metrics, frames, the memory cache's eviction
    /// order after every frame, and the reconciles that reused.
    static func gatheringRun(_ scenario: Scenario, memoryCacheMB: Double, reusing: Bool)
        -> (metrics: RunMetrics, frames: [FrameRecord], keys: [[Int]], reused: Int) {
        var configuration = AdaptiveStrategy.Configuration()
        configuration.memoryCacheMB = memoryCacheMB
        return gatheringRun(scenario, configuration, seed: 1, reusing: reusing)
    }

    /// `gatheringRun` with `configuration` and `seed`.
    static func gatheringRun(_ scenario: Scenario, _ configuration: AdaptiveStrategy.Configuration, seed: UInt64,
                             reusing: Bool)
        -> (metrics: RunMetrics, frames: [FrameRecord], keys: [[Int]], reused: Int) {
        let probe = StrategyProbe { environment -> AdaptiveStrategy in
            let strategy = AdaptiveStrategy(environment: environment, configuration: configuration)
            strategy.reusesGathering = reusing
            return strategy
        }
        var frames: [FrameRecord] = [], keys: [[Int]] = []
        let observer = ClosureObserver()
        observer.onFrame = { frame in
            frames.append(frame)
            keys.append(probe.strategy.memoryCacheKeys)
        }
        let metrics = probe.run(scenario, name: "adaptive", seed: seed, observer: observer)
        return (metrics, frames, keys, probe.strategy.gatheringsReused)
    }

    @Test func aReconcileThatReusesTheLastGatheringDecidesAndTouchesTheCacheAsAFullGathering() {
        // Given drags, flings both ways and pauses over a grid whose memory cache holds about 30
        // bitmaps (evictions follow the recency the plans' lookups leave), with failed downloads
        var scenario = Self.photoGrid()
        scenario.network.failureRate = 0.2
        scenario.script = [.pause(seconds: 0.5), .drag(velocity: 350, seconds: 1.5),
                           .fling(velocity: 3000, deceleration: .normal), .pause(seconds: 1),
                           .fling(velocity: -2500, deceleration: .normal), .pause(seconds: 0.5),
                           .drag(velocity: 150, seconds: 2), .fling(velocity: 4000, deceleration: .normal),
                           .pause(seconds: 2), .drag(velocity: -600, seconds: 1), .pause(seconds: 1)]
        let reusing = Self.gatheringRun(scenario, memoryCacheMB: 18, reusing: true)
        let gathering = Self.gatheringRun(scenario, memoryCacheMB: 18, reusing: false)
        // Then reconciles reuse the last gathering (a drag within a row), and every frame and the
        // memory cache's eviction order after every frame are those of full gatherings
        #expect(gathering.reused == 0)
        #expect(reusing.reused > 50, "reused: \(reusing.reused)")
        let evictions = zip(reusing.keys, reusing.keys.dropFirst()).map { Set($0).subtracting($1).count }
            .reduce(0, +)
        #expect(evictions > 0)
        #expect(reusing.metrics == gathering.metrics)
        #expect(reusing.frames == gathering.frames)
        #expect(reusing.keys == gathering.keys)
    }

    /// A 400-pixel list loaded by a fast drag, then `script` (one memory warning and slow drags within
    /// the same rows), run reusing the last gathering and gathering every time; checks that the
    /// warning happened, that some reconcile reused, and that both runs decided and touched the
    /// memory cache alike. Returns the run gathering every time.
    static func expectWarningGathersAsFullGatherings(
        _ script: [ScriptStep], sourceLocation: SourceLocation = #_sourceLocation
    ) -> (metrics: RunMetrics, frames: [FrameRecord], keys: [[Int]], reused: Int) {
        var scenario = StrategyTests.constantLatencyList(latencyMs: 20, script: [
            .drag(velocity: 1000, seconds: 2), .pause(seconds: 2),
        ] + script)
        scenario.network.bandwidthMbps = 100
        scenario.images.width = 400
        scenario.images.height = 400
        let reusing = Self.gatheringRun(scenario, memoryCacheMB: 100, reusing: true)
        let gathering = Self.gatheringRun(scenario, memoryCacheMB: 100, reusing: false)
        #expect(reusing.metrics.memoryWarnings == 1, sourceLocation: sourceLocation)
        #expect(reusing.reused > 0, "reused: \(reusing.reused)", sourceLocation: sourceLocation)
        #expect(reusing.metrics == gathering.metrics, sourceLocation: sourceLocation)
        #expect(reusing.frames == gathering.frames, sourceLocation: sourceLocation)
        #expect(reusing.keys == gathering.keys, sourceLocation: sourceLocation)
        return gathering
    }

    @Test func aMemoryWarningThenASlowDragDecideAndTouchTheCacheAsFullGatherings() {
        // Given everything loaded, a memory warning (the cache keeps only the visible bitmaps),
        // then a slow drag within the same rows: no cell, load or disk changes at first
        // Then the images the warning evicted are gathered (and loaded) again, as full gatherings do
        _ = Self.expectWarningGathersAsFullGatherings([.memoryWarning, .drag(velocity: 20, seconds: 1)])
    }

    @Test func aMemoryWarningWithinASlowDragDecidesAndTouchesTheCacheAsFullGatherings() {
        // Given everything near the viewport loaded, then a slow drag within the same rows with a
        // memory warning in its middle (the cache keeps only the visible bitmaps): the warning
        // changes no cell, load, disk entry or range, only the memory cache (its use is counted)
        // Then the reconciles after the warning gather again: the images it evicted from beyond the
        // viewport are loaded again at once, as full gatherings do (and the cache holds them again)
        let gathering = Self.expectWarningGathersAsFullGatherings([
            .drag(velocity: 20, seconds: 0.5), .memoryWarning, .drag(velocity: 20, seconds: 0.5),
        ])
        let smallest = gathering.keys.map(\.count).min() ?? 0
        #expect(smallest < gathering.keys.last?.count ?? 0, "the warning emptied the cache in part, loads refilled it")
    }
}
