@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `adaptive`: downsampling, batched image sets, a horizon that grows with velocity.
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
        scenario.name = "grid"
        scenario.script = [.drag(velocity: 350, seconds: 1), .fling(velocity: 3000, deceleration: .normal), .pause(seconds: 2)]
        return scenario
    }

    @Test func downsamplesToTheCellOffTheMainThread() {
        // Given 1200 × 1200 px images in 386 × 390 px cells
        let scenario = Self.photoGrid()
        var adaptiveDecodes: [SimTime] = [], assetStoreDecodes: [SimTime] = []
        let observer = ClosureObserver()
        observer.onDecode = { adaptiveDecodes.append($0) }
        let adaptive = SimulationRun(scenario: scenario, seed: 1, strategyName: "adaptive",
                                     strategy: try! StrategyCatalog.makeFactory(StrategySpec(name: "adaptive")))
            .run(observer: observer)
        observer.onDecode = { assetStoreDecodes.append($0) }
        let assetStore = SimulationRun(scenario: scenario, seed: 1, strategyName: "asset-store",
                                       strategy: try! StrategyCatalog.makeFactory(StrategySpec(name: "asset-store")))
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
            .drag(velocity: 1500, seconds: 2), .pause(seconds: 4), .drag(velocity: -800, seconds: 1), .pause(seconds: 3),
        ])
        func blocks(_ name: String) -> (perInterval: [Int: Int], longest: SimTime, metrics: RunMetrics) {
            var perInterval: [Int: Int] = [:]
            var longest: SimTime = 0
            let observer = ClosureObserver()
            observer.onMainWork = { work, start, end in
                guard work == .block else { return }
                perInterval[StrategyTests.frameInterval(start, refreshHz: 60), default: 0] += 1
                longest = max(longest, end - start)
            }
            let metrics = SimulationRun(scenario: scenario, seed: 1, strategyName: name,
                                        strategy: try! StrategyCatalog.makeFactory(StrategySpec(name: name)))
                .run(observer: observer)
            return (perInterval, longest, metrics)
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
        #expect(assetStore.perInterval.values.reduce(0, +) > adaptive.perInterval.values.reduce(0, +))
    }

    @Test func thePrefetchHorizonGrowsWithVelocity() {
        // Given the slow list's network: 400 ms median latency, 150 kB median images at
        // 20 Mbit/s shared by 6 connections (0.36 s), a 2.88 ms thumbnail decode: an expected
        // load of 0.76288 s; one screen = 1000 pt
        let probe = StrategyProbe { AdaptiveStrategy(environment: $0) }
        _ = probe.run(StrategyTests.slowList(script: [.pause(seconds: 0.1)]), name: "adaptive")
        let adaptive = probe.strategy!
        #expect(abs(adaptive.expectedLoadSeconds - 0.76288) < 1e-12)
        // Then the horizon is speed × 0.76288 s × 2, within 1...4 screens, and at least the
        // distance a decelerating fling still travels (speed / decay)
        let horizons = [0.0, 500, 1000, 2000, 3000].map { adaptive.prefetchHorizon(speed: $0, decay: 0) }
        let expected = [1000, 1000, 1525.76, 3051.52, 4000]
        for (horizon, value) in zip(horizons, expected) { #expect(abs(horizon - value) < 1e-9) }
        #expect(zip(horizons, horizons.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(adaptive.prefetchHorizon(speed: 1000, decay: 2) - 1525.76) < 1e-9)
        #expect(abs(adaptive.prefetchHorizon(speed: 100, decay: 0.04) - 2500) < 1e-9)
    }

    @Test func aFlingsDecelerationAndRestingPlaceAreEstimated() {
        // Given a fling at 3000 pt/s with UIScrollView's normal rate (0.998 per ms)
        var scenario = StrategyTests.slowList(script: [.fling(velocity: 3000, deceleration: .normal), .pause(seconds: 1)])
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
}
