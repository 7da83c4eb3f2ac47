import FetchStrategies
import Foundation
import ScrollSimCore
import Testing
import ScrollSimCLI
import ScrollSimReports
import ScrollSimTestSupport

/// A package's own strategy: records a miss for every cell and loads nothing; `level` is read
/// through the public `StrategyParameters`.
final class RecordingStrategy: FetchStrategy {
    /// The run's environment.
    let environment: FetchEnvironment

    /// A strategy acting through `environment`.
    init(environment: FetchEnvironment) { self.environment = environment }

    /// Records one miss for the item's image.
    func cellForItem(_ cell: CellID, item: Int) {
        environment.record(.miss, imageID: environment.imageID(forItem: item))
    }
}

/// `ScrollSimCommand.run(arguments:output:strategies:)`: custom strategies next to the built-in ones.
@Suite struct CustomStrategyTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The custom strategy's descriptor.
    static let custom = StrategyDescriptor(
        name: "recording", summary: "Records a miss per cell.", source: "A test.",
        parameters: [.integer("level", default: 2, in: 0...9, "Unused.")],
        make: { parameters in
            _ = parameters.integer("level")
            return { RecordingStrategy(environment: $0) }
        })

    /// Runs `scrollsim` in process with the custom strategy registered.
    func scrollsimWithCustom(_ arguments: String...) -> Invocation {
        scrollsim(arguments, strategies: [Self.custom])
    }

    /// Writes a small scenario listing `strategies` (JSON text) to `name` and returns its path.
    func scenario(strategies: String, name: String = "small.json") throws -> String {
        try write(name, TestScenarios.smallJSON(strategies: strategies))
    }

    @Test("strategies lists the custom strategy after the built-in ones")
    func listed() {
        let result = scrollsimWithCustom("strategies", "--format", "csv")
        let builtIn = scrollsim("strategies", "--format", "csv").standardOutput
        #expect(result.standardOutput == builtIn + "recording,level=2,A test.\n")
        #expect(result.code == 0)
    }

    @Test("run and validate accept it by --strategy and in a scenario, with its parameters checked")
    func runs() throws {
        let path = try scenario(strategies: #"[{"name": "recording", "level": 5}]"#)
        let run = scrollsimWithCustom("run", path, "--format", "csv")
        #expect(run.code == 0)
        #expect(run.standardOutput.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("small,recording,1,") })
        #expect(scrollsimWithCustom("run", path, "--strategy", "recording", "--strategy", "naive").code == 0)
        #expect(scrollsimWithCustom("validate", path).standardOutput
                    == "\(path): ok (20 items, 1 strategy, 1 script step, 120 Hz, the iphone-14-pro's maximum, "
                        + "http2, one connection a session)\n")

        let misspelt = try scenario(strategies: #"[{"name": "recording", "levle": 5}]"#, name: "misspelt.json")
        let bad = scrollsimWithCustom("run", misspelt)
        #expect(bad.standardError
                    == "Error: \(misspelt): strategies[0].levle: unknown parameter; did you mean 'level'?\n")
        #expect(bad.code == 65)
    }

    @Test("without registration the name is unknown, so one call never leaks into another")
    func scopedToTheCall() throws {
        _ = scrollsimWithCustom("strategies")
        let path = try scenario(strategies: #"["recording"]"#)
        let result = scrollsim("run", path, "--strategy", "recording")
        #expect(result.code == 64)
        #expect(result.standardError.hasPrefix("Error: Unknown strategy 'recording'."))
    }

    @Test("a name already taken is refused before anything runs, exit 1")
    func duplicateName() {
        var clash = Self.custom
        clash.name = "naive"
        let output = CommandOutput.capturing()
        let code = ScrollSimCommand.run(arguments: ["strategies"], output: output, strategies: [clash])
        #expect(code == 1)
        #expect(output.capturedStandardOutput == "")
        #expect(output.capturedStandardError == "Error: the strategy name 'naive' is registered twice; "
                    + "give custom strategies names of their own\n")
    }
}

/// The library, used from Swift: a team's own strategy run, swept and compared without the
/// command line.
@Suite struct LibraryTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A small scenario file listing the custom strategy.
    func scenarioFile() throws -> String {
        try write("small.json", TestScenarios.smallJSON(strategies: #"[{"name": "recording", "level": 3}, "naive"]"#))
    }

    @Test("RunPlan runs files with the caller's strategies; the summary document is what run writes")
    func runs() throws {
        let path = try scenarioFile()
        let strategies = StrategyCatalog.all + [CustomStrategyTests.custom]
        let (plan, files) = try RunPlan.make(paths: [path], strategies: strategies).get()
        #expect(files == [path])
        #expect(plan.runs.map(\.strategyName) == ["recording", "naive"])
        let results = plan.run()
        #expect(results.map(\.metrics.strategy) == ["recording", "naive"])
        #expect(results.summary.csv
                    == scrollsim(["run", path, "--format", "csv"], strategies: [CustomStrategyTests.custom])
            .standardOutput)
    }

    @Test("a sweep over the caller's own strategy, then a comparison of two sweeps, in Swift")
    func sweepsAndCompares() throws {
        _ = try scenarioFile()
        let sweepPath = try write("sweep.json", #"{"scenario": "small.json", "strategies": ["recording"], "#
                                      + #""axes": {"strategies[0].level": [1, 2], "seed": [1, 2]}}"#)
        let strategies = StrategyCatalog.all + [CustomStrategyTests.custom]
        let plan = try SweepPlan.make(try SweepDefinition.load(path: sweepPath), strategies: strategies)
        let document = plan.document(try plan.run(jobs: 2))
        #expect(document.axisNames == ["strategies[0].level"])
        #expect(document.rows.map(\.strategy) == Array(repeating: "recording", count: 4))
        #expect(document.rows.map(\.seed) == [1, 2, 1, 2])
        #expect(try SummaryDocument.read(Array(document.csv.utf8), file: "sweep.csv") == document)

        var worse = document
        worse.rows[0].values[SummaryColumn.index(of: "hitch_ratio")!] = SummaryValue("7.500")
        let comparison = try Comparison(baseline: document, file: "base", candidate: worse, file: "head",
                                        limits: SummaryColumn.all.map(\.defaultLimit))
        #expect(comparison.regressionCount == 1)
        #expect(ComparisonReport.verdict(comparison, failsOnMissing: false) == .regression)

        // The same sweep through the command line with the strategy registered.
        let cli = scrollsim(["sweep", sweepPath], strategies: [CustomStrategyTests.custom])
        #expect(cli.code == 0)
        #expect(cli.standardOutput == document.csv)
        #expect(scrollsim(["sweep", sweepPath]).code == 65)  // unknown without registration
    }
}
