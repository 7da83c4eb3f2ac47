import FetchStrategies
import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimCore
import ScrollSimReports
import ScrollSimTestSupport

/// `scrollsim run` beyond argument parsing: loading failures, the report, the output files.
@Suite struct RunCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// A `run` command parsed from `arguments`.
    func runCommand(_ arguments: [String]) throws -> RunCommand {
        RunCommand(try ArgumentParser(spec: RunCommand.configuration).parse(arguments))
    }

    /// A run of a small scenario named `name` with the idle strategy.
    func plannedRun(scenario name: String, strategy: String = "idle", seed: UInt64 = 7) -> RunPlan.Run {
        var scenario = Scenario(layout: .init(itemCount: 10))
        scenario.name = name
        return try! RunPlan.Run(file: "\(name).json", scenario: scenario, seed: seed, strategyName: strategy,
                                factory: { _ in IdleStrategy() })
    }

    /// A strategy descriptor called `name` that builds the idle strategy and takes an integer
    /// parameter `x` (required when `needsX`).
    static func idle(_ name: String, needsX: Bool = false) -> StrategyDescriptor {
        StrategyDescriptor(name: name, summary: "Idle.", source: "A test.",
                           parameters: [.integer("x", default: -1, in: -1...9, "Needed when needsX.")],
                           make: { parameters throws(StrategyConfigError) in
            let x = parameters.integer("x")
            if needsX && x < 0 { throw StrategyConfigError(path: parameters.path, message: "needs x") }
            return { _ in IdleStrategy() }
        })
    }

    @Test("a missing scenario exits 66 and creates no output directory")
    func missingScenario() {
        let out = directory + "/out"
        let result = scrollsim("run", directory + "/missing.json", "--out", out, "--frames")
        #expect(result.code == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("Error: \(directory)/missing.json"))
        #expect(result.standardError.hasSuffix("\n"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an empty scenario directory is an input error, not an empty report")
    func emptyDirectory() {
        // `RunCommand` says "no scenario files" (66) when expansion finds nothing; the scenario
        // loader may also reject an empty directory itself (65 or 66): either way nothing runs.
        let result = scrollsim("run", directory)
        #expect([65, 66].contains(result.code))
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(directory))
    }

    @Test("a labelled entry is reported under its label: summary rows, frames and trace file names")
    func labelsNameTheRows() throws {
        // Given one strategy in its default and a labelled configuration
        let scenario = try write("labels.json", #"""
            {"name": "labels", "layout": {"itemCount": 20}, "script": [{"pause": {"seconds": 0.2}}],
             "strategies": ["nuke", {"name": "nuke", "label": "nuke-small", "memoryCacheMB": 1}]}
            """#)
        let out = directory + "/out"
        let result = scrollsim("run", scenario, "--format", "csv", "--out", out, "--frames", "--trace", out + "/traces")
        #expect(result.code == 0)
        let rows = result.standardOutput.split(separator: "\n").dropFirst()
            .map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
        #expect(rows == ["labels,nuke", "labels,nuke-small"])
        #expect(directoryEntries(out + "/frames") == ["labels__nuke-small__1.csv", "labels__nuke__1.csv"])
        #expect(directoryEntries(out + "/traces") == ["labels__nuke-small__1.json", "labels__nuke__1.json"])
        // And --strategy nuke picks the entry reported as nuke, not the labelled one
        let byName = scrollsim("run", scenario, "--format", "csv", "--strategy", "nuke")
        let picked = byName.standardOutput.split(separator: "\n").dropFirst().map { String($0.prefix(12)) }
        #expect(picked == ["labels,nuke,"])
    }

    @Test("--strategy takes a label of the scenario's entries; a name that is neither is refused")
    func strategyLabels() throws {
        // Given a scenario with a labelled configuration, and one without labels
        let scenario = try write("labels.json", #"""
            {"name": "labels", "layout": {"itemCount": 20}, "script": [{"pause": {"seconds": 0.2}}],
             "strategies": ["nuke", {"name": "nuke", "label": "nuke-small", "memoryCacheMB": 1}]}
            """#)
        let plain = try write(
            "plain.json", #"{"name": "plain", "layout": {"itemCount": 20}, "script": [{"pause": {"seconds": 0.2}}]}"#)
        // When --strategy names the label, that configuration runs, under its label
        let byLabel = scrollsim("run", scenario, "--format", "csv", "--strategy", "nuke-small")
        #expect(byLabel.code == 0)
        let rows = byLabel.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.map { $0.split(separator: ",").prefix(2).joined(separator: ",") } == ["labels,nuke-small"])
        // with its parameters: the same row as the full run's labelled one
        let all = scrollsim("run", scenario, "--format", "csv").standardOutput.split(separator: "\n")
        #expect(rows.first == all.last && all.count == 3)
        // A label with a typo is a usage error, with the closest strategy or label
        let typo = scrollsim("run", scenario, "--strategy", "nuke-smal")
        #expect(typo.code == 64)
        #expect(typo.standardError.hasPrefix("Error: Unknown strategy 'nuke-smal'. Did you mean 'nuke-small'?\n"))
        let unknown = scrollsim("run", scenario, "--strategy", "no-such-strategy")
        #expect(unknown.code == 64)
        #expect(unknown.standardError.hasPrefix(
            "Error: Unknown strategy 'no-such-strategy'. See 'scrollsim strategies' for the list.\n"
                + "Usage: scrollsim run"))
        // A label that only some of the scenarios define is refused for the others, before any run
        let partly = scrollsim("run", scenario, plain, "--strategy", "nuke-small")
        #expect(partly.code == 65)
        #expect(partly.standardOutput == "")
        #expect(partly.standardError == "Error: \(plain): --strategy 'nuke-small' is neither a strategy nor a label "
            + "of this scenario's entries (it has none)\n")
    }

    @Test("csv output equals summary.csv; one frames file per run; no temporary file left")
    func writesFiles() throws {
        let out = directory + "/results/nested"
        let command = try runCommand(["x.json", "--format", "csv", "--out", out + "/", "--frames"])
        let output = CommandOutput.capturing()
        let code = command.execute(RunPlan(runs: [plannedRun(scenario: "list"), plannedRun(scenario: "grid", seed: 3)]),
                                   inputs: [], output: output)
        #expect(code == 0)
        #expect(output.capturedStandardError == "")
        let lines = output.capturedStandardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] + "\n" == SummaryCSV.header)
        #expect(lines[1].hasPrefix("list,idle,7,"))
        #expect(lines[2].hasPrefix("grid,idle,3,"))
        #expect(fileText(out + "/summary.csv") == output.capturedStandardOutput)
        #expect(directoryEntries(out) == ["frames", "summary.csv"])
        #expect(directoryEntries(out + "/frames") == ["grid__idle__3.csv", "list__idle__7.csv"])
        #expect(fileText(out + "/frames/list__idle__7.csv")?.hasPrefix(FramesCSV.header) == true)
    }

    @Test("the table goes to stdout; without --out nothing is written")
    func tableOnly() throws {
        let command = try runCommand(["x.json"])
        let output = CommandOutput.capturing()
        let code = command.execute(RunPlan(runs: [plannedRun(scenario: "list")]), inputs: [], output: output)
        #expect(code == 0)
        #expect(output.capturedStandardOutput.hasPrefix("scenario  strategy  seed  hitch ms/s"))
        #expect(output.capturedStandardOutput.split(separator: "\n").count == 3)
        #expect(directoryEntries(directory) == [])
    }

    @Test("two runs with the same scenario, strategy and seed are refused before anything runs")
    func duplicateRuns() throws {
        var scenario = Scenario(layout: .init(itemCount: 10))
        scenario.name = "same"
        scenario.seed = 7
        let result = RunPlan.make(scenarios: [("a.json", scenario), ("b.json", scenario)],
                                  strategies: [Self.idle("idle")])
        #expect(throws: InputErrors([InputError(
            .invalid, file: "b.json",
            "two runs have the same scenario, strategy and seed (same, idle, 7); "
                + "give the scenarios distinct names and list each strategy once")])) {
            try result.get()
        }
    }

    @Test("an output directory that cannot be created is an I/O failure, exit 1")
    func unwritableOutput() throws {
        let blocker = try write("file", "not a directory\n")
        let command = try runCommand(["x.json", "--out", blocker + "/out"])
        let output = CommandOutput.capturing()
        let code = command.execute(RunPlan(runs: [plannedRun(scenario: "list")]), inputs: [], output: output)
        #expect(code == 1)
        #expect(output.capturedStandardError == "Error: cannot write '\(blocker)': exists and is not a directory\n")
        #expect(directoryEntries(directory) == ["file"])
    }

    @Test("run file names keep path separators out")
    func runFileName() {
        #expect(plannedRun(scenario: "a/b", strategy: "c\\d", seed: 42).fileName(extension: "csv")
                    == "a_b__c_d__42.csv")
    }

    @Test("with --strategy, a scenario's own entry of that name supplies the parameters")
    func strategySelection() throws {
        var scenario = Scenario(layout: .init(itemCount: 1))
        let configured = StrategySpec(name: "a", parameters: [(key: "x", value: .number(3, text: "3"))],
                                      path: "strategies[0]")
        scenario.strategies = [configured, StrategySpec(name: "b", path: "strategies[1]")]
        let known = [Self.idle("a", needsX: true), Self.idle("b"), Self.idle("c")]
        let chosen = try RunPlan.make(scenarios: [("s.json", scenario)], strategyNames: ["c", "a"],
                                      strategies: known).get()
        #expect(chosen.runs.map(\.strategyName) == ["c", "a"])
        let listed = try RunPlan.make(scenarios: [("s.json", scenario)], strategies: known).get()
        #expect(listed.runs.map(\.strategyName) == ["a", "b"])
        scenario.strategies = []
        let all = try RunPlan.make(scenarios: [("s.json", scenario)],
                                   strategies: [Self.idle("b"), Self.idle("c")]).get()
        #expect(all.runs.map(\.strategyName) == ["b", "c"])
    }

    @Test("a scenario built in code runs at its device's maximum, and a faster explicit rate is refused")
    func codeBuiltRefreshRate() throws {
        var scenario = Scenario(layout: .init(itemCount: 1))
        scenario.strategies = [StrategySpec(name: "idle")]
        let plan = try RunPlan.make(scenarios: [("s.json", scenario)], strategies: [Self.idle("idle")]).get()
        #expect(plan.runs.map(\.scenario.refreshHz) == [120])
        scenario.device = DeviceModel.iphone12.preset
        scenario.display.refreshHz = 120
        #expect(throws: InputErrors([InputError(
            kind: .invalid, file: "s.json", path: "display.refreshHz",
            message: "must be an integer from 1 to 60 on device.model iphone-12, whose display refreshes at most "
                + "60 times a second (omit it for that rate), found 120")])) {
            try RunPlan.make(scenarios: [("s.json", scenario)], strategies: [Self.idle("idle")]).get()
        }
    }

    @Test("a run made from its parts checks its scenario under its file: refreshHz 0 is refused, no run")
    func codeBuiltRunIsChecked() {
        var scenario = Scenario(layout: .init(itemCount: 1))
        scenario.display.refreshHz = 0
        let expected = InputError(
            kind: .invalid, file: "s.json", path: "display.refreshHz",
            message: "must be an integer from 1 to 120 on device.model iphone-14-pro, whose display refreshes at "
                + "most 120 times a second (omit it for that rate), found 0")
        #expect(throws: expected) {
            _ = try RunPlan.Run(file: "s.json", scenario: scenario, seed: 1, strategyName: "idle",
                                factory: { _ in IdleStrategy() })
        }
    }

    @Test("a strategy entry that cannot be built is reported as <file>: <JSON path>: <message>")
    func strategyProblems() throws {
        var scenario = Scenario(layout: .init(itemCount: 1))
        scenario.strategies = [StrategySpec(name: "no-such-strategy", path: "strategies[0]")]
        let names = StrategyCatalog.all.map(\.name).joined(separator: ", ")
        #expect(names.hasPrefix("naive, apple-prefetching-sample, actor-loader-coalescing, "))
        #expect(throws: InputErrors([InputError(.invalid, file: "s.json",
                                                "strategies[0]: unknown strategy 'no-such-strategy'; "
                                                    + "built-in strategies: \(names)")])) {
            try RunPlan.make(scenarios: [(file: "s.json", scenario: scenario)]).get()
        }
    }
}

/// `scrollsim validate` and `scrollsim strategies`.
@Suite struct OtherCommandTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    @Test("validate reports each missing file and exits 66")
    func validateMissing() throws {
        let result = scrollsim("validate", directory + "/a.json", directory + "/b.json")
        #expect(result.code == 66)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("Error: \(directory)/a.json"))
        #expect(lines[1].hasPrefix("Error: \(directory)/b.json"))
    }

    @Test("validate's summary counts items, strategies and top-level script steps, and gives the refresh rate")
    func validateSummary() {
        var scenario = Scenario(layout: .init(itemCount: 3000))
        scenario.strategies = [StrategySpec(name: "a"), StrategySpec(name: "b")]
        scenario.script = [.drag(velocity: 350, seconds: 1), .fling(velocity: 3500, deceleration: .normal),
                           .repeatSteps(times: 3, steps: [.pause(seconds: 1), .memoryWarning])]
        scenario.display.refreshHz = 120
        #expect(ValidateCommand.summary(of: scenario)
                    == "3000 items, 2 strategies, 3 script steps, 120 Hz, the iphone-14-pro's maximum, "
                        + "http2, one connection a session")
        var single = Scenario(layout: .init(itemCount: 1))
        single.strategies = [StrategySpec(name: "a")]
        single.script = [.pause(seconds: 1)]
        single.device = DeviceModel.iphone15Pro.preset
        single.display.refreshHz = 60  // Low Power Mode or Limit Frame Rate
        single.network.httpProtocol = .http1_1
        #expect(ValidateCommand.summary(of: single)
                    == "1 item, 1 strategy, 1 script step, 60 Hz, below the iphone-15-pro's 120, "
                        + "http1.1, up to 6 connections a session that sets no limit")
        single.device = DeviceModel.iphone8.preset
        single.network.maxConnections = 1
        #expect(ValidateCommand.summary(of: single)
                    == "1 item, 1 strategy, 1 script step, 60 Hz, the iphone-8's maximum, "
                        + "http1.1, up to 1 connection a session that sets no limit")
    }

    @Test("validate prints the rate a file runs at; a rate above the device's is one line, exit 65")
    func validateRefreshRate() throws {
        let omitted = try write("omitted.json", #"{"layout": {"itemCount": 9}, "device": {"model": "iphone-12"}, "#
                                                + #""strategies": ["naive"]}"#)
        let ok = scrollsim("validate", omitted)
        #expect(ok.standardOutput
                    == "\(omitted): ok (9 items, 1 strategy, 0 script steps, 60 Hz, the iphone-12's maximum, "
                        + "http2, one connection a session)\n")
        #expect(ok.code == 0)
        let above = try write("above.json", #"{"display": {"refreshHz": 120}, "layout": {"itemCount": 9}, "#
                                            + #""device": {"model": "iphone-12"}}"#)
        let result = scrollsim("validate", above)
        #expect(result.standardError == "Error: \(above): display.refreshHz: must be an integer from 1 to 60 on "
                    + "device.model iphone-12, whose display refreshes at most 60 times a second (omit it for that "
                    + "rate), found 120\n")
        #expect(result.code == 65)
        #expect(result.standardOutput == "")
    }

    @Test("a bad device value is one line naming the file and the JSON path, exit 65")
    func validateBadDevice() throws {
        let path = try write("phone.json",
                             #"{"layout": {"itemCount": 9}, "device": {"model": "iphone-8", "memoryLimitMB": 2000}}"#)
        let result = scrollsim("validate", path)
        #expect(result.code == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError
            == "Error: \(path): device.memoryLimitMB: must be below physicalMemoryMB (1990, the iphone-8 preset's), "
                + "found 2000\n")
    }

    @Test("a run the OS kills reports its warnings and killed = 1 at the end of its row")
    func killedRun() throws {
        // 40 rows of 1200 × 1200 images (5 760 000 bytes decoded); the actor loader keeps every
        // bitmap: the 15th crosses 80 MiB (a warning), the 19th exceeds the 100 MiB limit (over HTTP/1.1's
        // six connections the images arrive a few at a time)
        let path = try write("tight.json", #"""
            {"layout": {"itemCount": 40, "itemHeight": 100, "viewport": {"height": 1000}},
             "cells": {"profile": "ios9"},
             "images": {"bytesMedian": 20000, "bytesP95": 20000},
             "network": {"latencyMsMedian": 100, "latencyMsP95": 100, "protocol": "http1.1"},
             "device": {"model": "iphone-8", "baselineFootprintMB": 0, "memoryWarningMB": 80, "memoryLimitMB": 100},
             "script": [{"pause": {"seconds": 1}}, {"scrollTo": {"item": 20, "animated": false}},
                        {"pause": {"seconds": 1}}, {"scrollTo": {"item": 0, "animated": false}},
                        {"pause": {"seconds": 1}}],
             "strategies": ["actor-loader-coalescing", "kingfisher"]}
            """#)
        let result = scrollsim("run", path, "--format", "csv")
        #expect(result.code == 0)
        let rows = result.standardOutput.split(separator: "\n")
        #expect(rows.count == 3)
        #expect(rows[0].hasSuffix(",memory_warnings,killed,radio_energy_j"))
        // memory_warnings, killed (radio_energy_j follows)
        #expect(rows[1].hasPrefix("tight,actor-loader-coalescing,"))
        #expect(Array(rows[1].split(separator: ",").suffix(3).prefix(2)) == ["1", "1"])
        #expect(rows[2].hasPrefix("tight,kingfisher,"))
        #expect(Array(rows[2].split(separator: ",").suffix(3).prefix(2)) == ["1", "0"])
    }

    @Test("strategies --format csv starts with its header")
    func strategiesCSV() {
        let result = scrollsim("strategies", "--format", "csv")
        #expect(result.code == 0)
        #expect(result.standardOutput.hasPrefix("name,parameters,source\n"))
        #expect(result.standardError == "")
    }
}
