import FetchStrategies
import ScrollSimCore
import Testing

/// SPEC §1: every strategy meets the same network for the same image and attempt; seeds differ.
@Suite struct CommonRandomNumbersTests {
    static func draws(_ strategy: String, seed: UInt64) -> [NetworkDraw] {
        var scenario = StrategyTests.slowList(script: [.drag(velocity: 1500, seconds: 2), .pause(seconds: 4)])
        scenario.network.failureRate = 0.2
        let factory = try! StrategyCatalog.makeFactory(StrategySpec(name: strategy))
        return SimulationRun(scenario: scenario, seed: seed, strategyName: strategy, strategy: factory)
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

    @Test func differentSeedsGiveDifferentDraws() {
        let a = Self.byKey(Self.draws("naive", seed: 7))
        let b = Self.byKey(Self.draws("naive", seed: 8))
        let shared = a.keys.filter { b[$0] != nil }.sorted()
        let differing = shared.filter { a[$0]!.latency != b[$0]!.latency && a[$0]!.bytes != b[$0]!.bytes }
        #expect(shared.count > 20)
        #expect(differing.count == shared.count)
    }
}
