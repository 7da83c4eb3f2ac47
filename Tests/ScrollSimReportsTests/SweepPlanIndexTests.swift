import Foundation
import Testing
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// The lazily planned sweep: run `k` found by index arithmetic (first axis slowest, strategies
/// fastest), lists of different lengths, shards' index sets, and combination problems found only
/// when their run is made.
@Suite struct SweepPlanIndexTests: ScratchDirectorySuite {
    /// A scratch directory with a tiny scenario listing two strategies.
    let directory: String

    /// Creates the scratch directory and the scenario.
    init() throws {
        directory = try makeTemporaryDirectory()
        try write("tiny.json", TestScenarios.tinyJSON())
    }

    /// Plans the sweep file `text`.
    func plan(_ text: String) throws -> SweepPlan {
        let path = try write("sweep.json", text)
        return try SweepPlan.make(try SweepDefinition.load(path: path))
    }

    @Test("runs in order: first axis slowest, the scenario's strategies fastest")
    func order() throws {
        let plan = try plan("""
            { "scenario": "tiny.json", "axes": { "cells.prefetchScreens": [0, 1.5], "seed": [1, 2, 3] } }
            """)
        #expect(plan.runCount == 12)
        let runs = try plan.allRuns()
        let pair = ["naive", "apple-prefetching-sample"]
        #expect(runs.map(\.strategyName) == Array(repeating: pair, count: 6).flatMap { $0 })
        #expect(runs.map(\.scenario.seed) == [1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3])
        #expect(runs.map(\.axisValues) == Array(repeating: ["0"], count: 6) + Array(repeating: ["1.5"], count: 6))
        #expect(runs.map(\.scenario.cells.prefetchScreens)
                == Array(repeating: 0, count: 6) + Array(repeating: 1.5, count: 6))
    }

    @Test("an axis setting the whole strategies list to lists of different lengths")
    func listsOfDifferentLengths() throws {
        let plan = try plan("""
            { "scenario": "tiny.json",
              "axes": { "strategies": [["naive"], ["naive", "nuke"], ["texture"]], "seed": [1, 2] } }
            """)
        #expect(plan.runCount == 8)
        let runs = try plan.allRuns()
        #expect(runs.map(\.strategyName) == ["naive", "naive", "naive", "nuke", "naive", "nuke", "texture", "texture"])
        #expect(runs.map(\.scenario.seed) == [1, 2, 1, 1, 2, 2, 1, 2])
    }

    @Test("a 1,000,000-run sweep plans without decoding its combinations; any run is found by index")
    func millionRuns() throws {
        let screens = (0..<100).map { $0 % 10 == 0 ? "\($0 / 10)" : "\($0 / 10).\($0 % 10)" }
        let plan = try plan("""
            { "scenario": "tiny.json", "strategies": ["naive"],
              "axes": { "cells.prefetchScreens": [\(screens.joined(separator: ", "))],
                        "network.latencyMsMedian": [\((1...100).map(String.init).joined(separator: ", "))],
                        "seed": [\((1...100).map(String.init).joined(separator: ", "))] } }
            """)
        #expect(plan.runCount == 1_000_000)
        let run = try plan.run(at: 123_456)
        #expect(run.axisValues == ["1.2", "35"])
        #expect(run.scenario.seed == 57)
        #expect(run.scenario.network.latencyMsMedian == 35)
        let last = try plan.run(at: 999_999)
        #expect(last.axisValues == ["9.9", "100"] && last.scenario.seed == 100)
        let shard = plan.indices(ofShard: 64, of: 64)
        #expect(shard.count == 15_625 && shard.first == 63 && shard.last == 999_999)
        #expect((1...64).map { plan.indices(ofShard: $0, of: 64).count }.reduce(0, +) == 1_000_000)
        #expect(plan.indices(ofShard: 3, of: 7).prefix(3) == [2, 9, 16])
    }

    @Test("a problem only some combinations have is found when their run is made, and run() reports the first")
    func lazyCombinationProblem() throws {
        let plan = try plan("""
            { "scenario": "tiny.json",
              "axes": { "network.latencyMsMedian": [100, 350], "network.latencyMsP95": [300, 1000] } }
            """)
        #expect(plan.runCount == 8)
        _ = try plan.run(at: 0)
        _ = try plan.run(at: 7)
        let message = "axes combination (network.latencyMsMedian=350, network.latencyMsP95=300): "
            + "network.latencyMsP95: must be at least latencyMsMedian (350), found 300"
        #expect(throws: InputError.self) { try plan.run(at: 4) }
        do {
            _ = try plan.run(jobs: 2)
            Issue.record("expected the combination's problem")
        } catch {
            #expect(error.description == directory + "/sweep.json: " + message)
        }
        #expect(try plan.run([0, 1, 6, 7], jobs: 2).count == 4)
    }
}
