import Dispatch
import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// The scroll samples shared by the runs of one scenario and seed (`ScrollSampleStore`) are the
/// bits each run computes alone, whoever fills them and on whatever thread.
@Suite struct ScrollSampleStoreTests {
    /// A scenario whose script has every kind of motion (drags, one pinned at the top; flings, one
    /// stopped by the bottom edge; an eased and an instant `scrollTo`; a replayed gesture; a
    /// simulated user for `userSeconds`), variable row heights drawn from the seed, at `hz`; by
    /// default long enough for more than one chunk of vsyncs at 24 Hz.
    static func mixedScenario(hz: Int, userSeconds: Double = 140) -> Scenario {
        let gesture = ReplayGesture(file: "g.csv", times: [0, 8_000_000, 16_000_000, 90_000_000, 120_000_000],
                                    deltas: [0, 12, 30, 30, -45])
        var scenario = Scenario(layout: .init(itemCount: 400))
        scenario.layout.itemHeightRange = 60...140
        scenario.display.refreshHz = hz
        scenario.script = [
            .drag(velocity: -300, seconds: 0.2),
            .repeatSteps(times: 6, steps: [
                .drag(velocity: 700, seconds: 1.5),
                .fling(velocity: 5000, deceleration: .normal),
                .pause(seconds: 0.3),
                .fling(velocity: -3000, deceleration: .fast),
                .scrollTo(item: 40, animated: true, seconds: 0.4),
                .scrollTo(item: 10, animated: false, seconds: 0),
                .replay(gesture),
                .fling(velocity: 90_000, deceleration: .normal),
                .pause(seconds: 0.5),
            ]),
            .user(UserModel(seconds: userSeconds)),
        ]
        return scenario
    }

    /// A simulator of `scenario` with seed 3 and no strategy work, reading from `store` if given.
    static func simulator(_ scenario: Scenario, store: ScrollSampleStore? = nil) -> Simulator {
        Simulator(scenario: scenario, seed: 3, strategyName: "idle", factory: { _ in IdleStrategy() },
                  observer: nil, sampleStore: store)
    }

    @Test func samplesFromASharedStoreEqualTheTimelineBitForBit() {
        for hz in [24, 60, 90, 120, 144] {
            // Given two runs of the mixed scenario sharing a store, and a run alone
            let scenario = Self.mixedScenario(hz: hz)
            let store = ScrollSampleStore(scenario: scenario, seed: 3)
            let first = Self.simulator(scenario, store: store)
            let second = Self.simulator(scenario, store: store)
            let alone = Self.simulator(scenario)
            let timeline = alone.timeline
            let last = alone.vsyncIndex(atOrAfter: timeline.endTime) + 100
            #expect(last > ScrollSampleStore.chunkSize, "\(hz) Hz: more than one chunk")
            // When the first asks every vsync in order and the second (and the run alone) asks
            // them in a random order, crossing chunks, with repeats
            var generator = SplitMix64(seed: UInt64(hz))
            let shuffled = (0..<3_000).map { _ in Int(generator.next() % UInt64(last + 1)) }
            var moving = 0
            for k in Array(0...last) + shuffled {
                let t = alone.vsyncTime(k)
                let expected = (offset: timeline.offset(at: t), velocity: timeline.velocity(at: t))
                for simulator in [first, second, alone] {
                    // Then each sample is the timeline's offset and velocity at the vsync, to the bit
                    let sample = simulator.sample(atVsync: k)
                    #expect(sample.offset.bitPattern == expected.offset.bitPattern, "\(hz) Hz, offset at vsync \(k)")
                    #expect(sample.velocity.bitPattern == expected.velocity.bitPattern,
                            "\(hz) Hz, velocity at vsync \(k)")
                }
                if expected.velocity != 0 { moving += 1 }
            }
            // And the runs of the store share its timeline, and the comparison covered motion
            #expect(first.timeline === second.timeline)
            #expect(moving > 1_000, "\(hz) Hz")
        }
    }

    @Test func aStoreComputesOnlyTheChunksAskedFor() {
        // Given a store and a run of it
        let scenario = Self.mixedScenario(hz: 60)
        let store = ScrollSampleStore(scenario: scenario, seed: 3)
        let simulator = Self.simulator(scenario, store: store)
        // When nothing is asked, then nothing is computed
        #expect(store.computedVsyncs == 0)
        // When vsyncs of the first chunk and of the third are asked
        _ = simulator.sample(atVsync: 5)
        _ = simulator.sample(atVsync: 7)
        _ = simulator.sample(atVsync: 2 * ScrollSampleStore.chunkSize + 1)
        // Then those two chunks are computed, once
        #expect(store.computedVsyncs == 2 * ScrollSampleStore.chunkSize)
        _ = Self.simulator(scenario, store: store).sample(atVsync: 9)
        #expect(store.computedVsyncs == 2 * ScrollSampleStore.chunkSize)
    }

    @Test("a chunk is computed once: the runs of a store read the same chunk object")
    func aChunkIsComputedOnceAndReadByEveryRun() {
        // Given two runs of one store (found by review17a: counting computed vsyncs cannot see a
        // chunk computed again)
        let scenario = Self.mixedScenario(hz: 60)
        let store = ScrollSampleStore(scenario: scenario, seed: 3)
        let first = Self.simulator(scenario, store: store)
        let second = Self.simulator(scenario, store: store)
        // When both read vsyncs of the first chunk, then the first reads the next chunk and comes back
        _ = first.sample(atVsync: 5)
        _ = second.sample(atVsync: 9)
        let firstChunk = first.sampleChunk
        _ = first.sample(atVsync: ScrollSampleStore.chunkSize + 3)
        _ = first.sample(atVsync: 11)
        // Then every read of the first chunk is of the one object computed first
        #expect(firstChunk != nil)
        #expect(second.sampleChunk === firstChunk)
        #expect(first.sampleChunk === firstChunk)
        #expect(store.computedVsyncs == 2 * ScrollSampleStore.chunkSize)
    }

    @Test("vsyncs past a store's last chunk are sampled by each run alone, with the same bits")
    func vsyncsPastTheStoresLimitAreSampledAlone() {
        // Given a 60 Hz scenario that pauses until just before the store's limit, then drags and flings
        var scenario = Scenario(layout: .init(itemCount: 400))
        scenario.display.refreshHz = 60
        let limit = ScrollSampleStore.vsyncLimit
        scenario.script = [.pause(seconds: Double(limit - 30) / 60), .drag(velocity: 800, seconds: 2),
                           .fling(velocity: 4000, deceleration: .normal)]
        let store = ScrollSampleStore(scenario: scenario, seed: 3)
        let shared = Self.simulator(scenario, store: store)
        let alone = Self.simulator(scenario)
        // When the shared run samples every vsync from 40 before the limit to 400 after it
        for k in (limit - 40)..<(limit + 400) {
            let a = alone.sample(atVsync: k), b = shared.sample(atVsync: k)
            #expect(a.offset.bitPattern == b.offset.bitPattern && a.velocity.bitPattern == b.velocity.bitPattern,
                    "vsync \(k)")
        }
        // Then the store holds only its last chunk: memory stays bounded however long the script
        #expect(store.computedVsyncs == ScrollSampleStore.chunkSize)
        #expect(shared.sampleChunk?.first == limit - ScrollSampleStore.chunkSize)
    }

    @Test func aStoreMatchesExactlyTheRunsOfItsScenarioAndSeed() {
        // Given a store for the mixed scenario with seed 3
        let scenario = Self.mixedScenario(hz: 60)
        let store = ScrollSampleStore(scenario: scenario, seed: 3)
        // Then a run of another seed, rate, script or layout does not match it
        #expect(store.matches(scenario, seed: 3))
        #expect(!store.matches(scenario, seed: 4))
        var other = scenario
        other.display.refreshHz = 120
        #expect(!store.matches(other, seed: 3))
        other = scenario
        other.script.append(.pause(seconds: 1))
        #expect(!store.matches(other, seed: 3))
        other = scenario
        other.layout.itemHeightRange = 60...141
        #expect(!store.matches(other, seed: 3))
        // And what the samples do not depend on (the network, the strategies) does not matter
        other = scenario
        other.network.latencyMsMedian += 10
        other.strategies = [StrategySpec(name: "naive")]
        #expect(store.matches(other, seed: 3))
    }

    @Test func twoRunsSharingAStoreOnTwoThreadsGiveTheSameOutputsAsAlone() throws {
        // Given a loading strategy on the mixed scenario at 60 Hz
        let scenario = Self.mixedScenario(hz: 60, userSeconds: 20)
        let factory: StrategyFactory = { LoadingStrategy($0, showsImages: true) }
        @Sendable func run(_ store: ScrollSampleStore?) -> (RunMetrics, [FrameRecord]) {
            var frames: [FrameRecord] = []
            let metrics = SimulationRun(validatedScenario: scenario, seed: 3, strategyName: "loading",
                                        strategy: factory, sampleStore: store).run { frames.append($0) }
            return (metrics, frames)
        }
        try scenario.validate(file: "mixed")
        let alone = run(nil)
        // When two runs sharing one store run at once on two threads
        let store = ScrollSampleStore(scenario: scenario, seed: 3)
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { index in results.set(index, run(store)) }
        // Then each has the metrics and frames of the run alone
        for index in 0..<2 {
            let shared = try #require(results.get(index))
            #expect(shared.0 == alone.0)
            #expect(shared.1 == alone.1)
        }
        #expect(alone.1.count > 1_000)
        #expect(store.computedVsyncs > 0)
    }

    /// Results written by two threads.
    final class Results: @unchecked Sendable {
        private let lock = DispatchQueue(label: "Results")
        private var values: [Int: (RunMetrics, [FrameRecord])] = [:]  // lookups only

        func set(_ index: Int, _ value: (RunMetrics, [FrameRecord])) { lock.sync { values[index] = value } }
        func get(_ index: Int) -> (RunMetrics, [FrameRecord])? { lock.sync { values[index] } }
    }
}
