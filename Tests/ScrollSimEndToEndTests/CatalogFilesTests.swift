import Foundation
import Testing
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `layout.catalog` files read from disk next to their scenario: runs, request traces with each
/// image's own size, sweeps sharing one catalog, and the exit codes of bad files
/// (docs/workloads.md).
@Suite struct CatalogFilesTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The feed catalog (`TestScenarios.feedCatalogCSV`): eight items, all on screen, showing
    /// images 0 (1080×1350, items 0 and 2), 1 (150×150, items 1, 4 and 6), 2 (1080×566, items 3
    /// and 7) and 3 (1080×1080, item 5).
    static let catalog = TestScenarios.feedCatalogCSV

    /// The feed scenario (`TestScenarios.feedJSON`) listing `file`'s items, with one strategy.
    static func scenario(_ file: String, strategy: String = "actor-loader-coalescing") -> String {
        TestScenarios.feedJSON(catalog: file, strategies: [strategy])
    }

    @Test func aCatalogIsReadNextToItsScenarioAndRuns() throws {
        let scenario = try writeScenario(Self.scenario("feeds/items.csv"), with: [("feeds/items.csv", Self.catalog)])
        let loaded = try ScenarioFiles.load(path: scenario)
        #expect(loaded.layout.catalog?.file == directory + "/feeds/items.csv")
        #expect(loaded.layout.itemCount == 8)
        let result = scrollsim("run", scenario, "--format", "csv")
        #expect(result.code == 0)
        #expect(result.standardError == "")
        // network_fetches and bytes_downloaded: four images, 120 000 + 5000 + 60 000 + 90 000 bytes.
        let header = result.standardOutput.split(separator: "\n")[0].split(separator: ",")
        let row = result.standardOutput.split(separator: "\n")[1].split(separator: ",")
        let fetches = try #require(header.firstIndex(of: "network_fetches"))
        let bytes = try #require(header.firstIndex(of: "bytes_downloaded"))
        #expect(row[fetches] == "4" && row[bytes] == "275000")
    }

    @Test("a request trace gives each image its own decoded size")
    func requestTraceSizes() throws {
        let scenario = try writeScenario(Self.scenario("items.csv", strategy: "naive"),
                                         with: [("items.csv", Self.catalog)])
        let traces = directory + "/traces"
        let result = scrollsim("run", scenario, "--requests", traces)
        #expect(result.code == 0)
        let name = try #require(directoryEntries(traces).first)
        // One request per cell, in cellForItem order (items 0 to 7), each its image's width · height · 4:
        // 1080·1350·4, 150·150·4, 1080·1350·4, 1080·566·4, 150·150·4, 1080·1080·4, 150·150·4, 1080·566·4.
        #expect(fileText(traces + "/" + name) == "id,size\n0,5832000\n1,90000\n0,5832000\n2,2445120\n"
            + "1,90000\n3,4665600\n1,90000\n2,2445120\n")
    }

    @Test("a missing catalog exits 66, a bad one 65, naming the scenario, the key and the file")
    func badCatalogs() throws {
        let missing = try write("missing.json", Self.scenario("absent.csv"))
        let run = scrollsim("run", missing)
        #expect(run.code == 66)
        #expect(run.standardError == "Error: \(missing): layout.catalog: \(directory)/absent.csv: no such file\n")
        #expect(scrollsim("validate", missing).code == 66)
        let bad = try writeScenario(Self.scenario("bad.csv"), named: "bad.json", with: [
            ("bad.csv", "height_pt,image_id,width_px,height_px,bytes\n100,a,300,200,9000\n90,a,300,201,9000\n"),
        ])
        let result = scrollsim("run", bad)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(bad): layout.catalog: \(directory)/bad.csv: line 3, column 4 "
            + "(height_px): "
            + "image_id 'a' has two sizes: 300×200 px and 9000 bytes on line 2, 300×201 px and 9000 bytes on line 3; "
            + "every row of one image must give the same size\n")
        let conflict = try writeScenario(#"{"layout": {"catalog": "items.csv", "itemCount": 3}}"#,
                                         named: "conflict.json", with: [("items.csv", Self.catalog)])
        let refused = scrollsim("validate", conflict)
        #expect(refused.code == 65)
        #expect(refused.standardError == "Error: \(conflict): layout.itemCount: cannot be combined with layout.catalog "
            + "(\(directory)/items.csv), which gives the item count (one item per line); remove itemCount\n")
    }

    @Test("a catalog over 64 MiB is refused without being read")
    func tooLargeCatalog() throws {
        let path = directory + "/big.csv"
        try writeSparseFile(at: path, bytes: CatalogCSV.maxBytes + 1)
        let scenario = try write("s.json", Self.scenario("big.csv"))
        let result = scrollsim("run", scenario)
        #expect(result.code == 65)
        #expect(result.standardError == "Error: \(scenario): layout.catalog: \(path): larger than 64 MiB, the limit "
            + "for this kind of file\n")
    }

    @Test("a sweep's runs share one copy of a catalog")
    func sweepSharesTheCatalog() throws {
        try writeScenario(Self.scenario("items.csv"), with: [("items.csv", Self.catalog)])
        let sweep = try write("sweep.json", #"{ "scenario": "s.json", "axes": { "seed": [1, 2, 3] } }"#)
        let plan = try SweepPlan.make(try SweepDefinition.load(path: sweep), jobs: 2)
        #expect(plan.runCount == 3)
        let addresses = try plan.allRuns().map { run -> UInt? in
            run.scenario.layout.catalog?.itemHeights.withUnsafeBufferPointer {
                $0.baseAddress.map { UInt(bitPattern: $0) }
            }
        }
        #expect(addresses[0] != nil)
        #expect(Set(addresses).count == 1)
    }
}
