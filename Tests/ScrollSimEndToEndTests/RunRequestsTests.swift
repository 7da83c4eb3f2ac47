import FetchStrategies
import Foundation
import ScrollSimCore
import Testing
import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim run --requests <dir>`: one `id,size` trace per run, in the order requests were made.
@Suite struct RunRequestsTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A 30-row list, 3 rows visible, images of 10 × 5 px cycling over 3 ids, dragged for 1 s.
    static let scenarioJSON = """
        {"name": "tiny", "seed": 3,
         "layout": {"itemCount": 30, "itemHeight": 100, "viewport": {"width": 390, "height": 300, "scale": 1}},
         "images": {"width": 10, "height": 5, "distinct": 3},
         "script": [{"drag": {"velocity": 500, "seconds": 1}}],
         "strategies": ["naive"]}
        """

    @Test("naive: one line per cellForItem, id = the item's image, size = 10 × 5 × 4 bytes")
    func naiveTrace() throws {
        // Given the scenario on disk
        let path = try write("tiny.json", Self.scenarioJSON)
        let requests = directory + "/requests/nested"

        // When it runs with --requests
        let result = scrollsim("run", path, "--requests", requests, "--format", "csv")
        #expect(result.code == 0)
        #expect(result.standardError == "")

        // Then the trace has naive's requests: one per cellForItem, in lifecycle order, image = item mod 3
        #expect(directoryEntries(requests) == ["tiny__naive__3.csv"])
        let scenario = try ScenarioFiles.load(path: path)
        let factory = try StrategyCatalog.makeFactory(StrategySpec(name: "naive"))
        let (_, lifecycle) = try SimulationRun(scenario: scenario, seed: 3, strategyName: "naive", strategy: factory)
            .runTracingLifecycle()
        let items = lifecycle.filter { $0.kind == .cellForItem }.flatMap(\.items)
        let expected = "id,size\n" + items.map { "\($0 % 3),200\n" }.joined()
        #expect(fileText(requests + "/tiny__naive__3.csv") == expected)
        // Nine rows are configured, in item order
        #expect(expected == "id,size\n0,200\n1,200\n2,200\n0,200\n1,200\n2,200\n0,200\n1,200\n2,200\n")

        // And cache-replay reads it: 3 slots of 200 bytes hold every image after its first miss
        let replay = scrollsim("cache-replay", requests + "/tiny__naive__3.csv", "--capacity", "100%",
                               "--format", "csv")
        #expect(replay.standardOutput
                    == "policy,capacity,requests,hits,misses,miss_ratio,byte_miss_ratio\nlru,600,9,6,3,0.3333,0.3333\n")
    }

    @Test("no trace is written when a run cannot start; the summary is unchanged by --requests")
    func nothingOnFailure() throws {
        let path = try write("bad.json", #"{"layout": {"itemCount": 0}}"#)
        let requests = directory + "/requests"
        let result = scrollsim("run", path, "--requests", requests)
        #expect(result.code == 65)
        #expect(!FileManager.default.fileExists(atPath: requests))

        let good = try write("tiny.json", Self.scenarioJSON)
        #expect(scrollsim("run", good, "--format", "csv").standardOutput
                == scrollsim("run", good, "--format", "csv", "--requests", requests).standardOutput)
    }
}
