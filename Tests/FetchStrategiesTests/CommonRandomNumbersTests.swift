import FetchStrategies
import ScrollSimCore
import Testing

/// docs/model.md, "Time, randomness, determinism": every strategy meets the same network for the same image and
/// attempt; seeds differ.
@Suite struct CommonRandomNumbersTests {
    static func draws(_ strategy: String, seed: UInt64) -> [NetworkDraw] {
        var scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 4)])
        scenario.network.failureRate = 0.2
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: strategy))
        return try! SimulationRun(scenario: scenario, seed: seed, strategyName: strategy, strategy: factory)
            .runRecordingNetworkDraws().1
    }

    static func byKey(_ draws: [NetworkDraw]) -> [String: NetworkDraw] {
        Dictionary(draws.map { ("\($0.imageID)/\($0.attempt)", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func strategiesMeetTheSameDrawForTheSameImageAndAttempt() {
        let naive = Self.byKey(Self.draws("naive", seed: 7))
        let sample = Self.byKey(Self.draws("apple-prefetching-sample", seed: 7))
        let shared = naive.keys.filter { sample[$0] != nil }.sorted()
        #expect(shared.count > 20)
        for key in shared { #expect(naive[key] == sample[key], "draw \(key)") }
        // The strategies do not make the same requests: the comparison is not trivial.
        #expect(naive.count != sample.count)
    }

    /// Each frame's offset by vsync, and the scroll time, of `strategy` on a list that seed
    /// `seed`'s `user` browses for 40 s.
    static func userFrames(_ strategy: String, seed: UInt64) -> (offsets: [SimTime: Double], scrollNanos: SimTime) {
        let scenario = StrategyTests.slowList(itemCount: 2000, script: [.user(UserModel(seconds: 40))])
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: strategy))
        var offsets: [SimTime: Double] = [:]
        let metrics = try! SimulationRun(scenario: scenario, seed: seed, strategyName: strategy, strategy: factory)
            .run { offsets[$0.vsync] = $0.offset }
        return (offsets, metrics.scrollNanos)
    }

    @Test("one seed is one user: two strategies see the same offset at every vsync both draw; another seed differs")
    func oneSeedIsOneUserForEveryStrategy() {
        let naive = Self.userFrames("naive", seed: 7)
        let nuke = Self.userFrames("nuke", seed: 7)
        let shared = naive.offsets.keys.filter { nuke.offsets[$0] != nil }.sorted()
        #expect(shared.count > 300)
        for vsync in shared { #expect(naive.offsets[vsync] == nuke.offsets[vsync], "vsync at \(vsync) ns") }
        #expect(naive.scrollNanos == nuke.scrollNanos)
        // The runs are not the same run: naive decodes on the main thread and drops frames.
        #expect(naive.offsets.count != nuke.offsets.count)
        // Another seed is another user.
        let other = Self.userFrames("naive", seed: 8)
        #expect(other.scrollNanos != naive.scrollNanos)
        #expect(shared.contains { other.offsets[$0] != nil && other.offsets[$0] != naive.offsets[$0] })
    }

    @Test func differentSeedsGiveDifferentDraws() {
        let a = Self.byKey(Self.draws("naive", seed: 7))
        let b = Self.byKey(Self.draws("naive", seed: 8))
        let shared = a.keys.filter { b[$0] != nil }.sorted()
        let differing = shared.filter { a[$0]!.latency != b[$0]!.latency && a[$0]!.bytes != b[$0]!.bytes }
        #expect(shared.count > 20)
        #expect(differing.count == shared.count)
    }
}
