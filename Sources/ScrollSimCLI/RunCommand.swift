import FetchStrategies
import ScrollSimCore

/// `scrollsim run`: runs every scenario with its strategies and reports the metrics (SPEC §10).
///
/// Order of work, so that bad input never costs a run and never leaves a file behind:
/// 1. expand the paths and load every scenario (any failure: `Error: <file>: …` for each bad
///    file, exit 66 if one is missing or unreadable, else 65);
/// 2. build every strategy factory (any `StrategyConfigError`: `Error: <file>: …`, exit 65);
/// 3. run scenario × strategy in order (scenarios in expanded order, strategies in listed order);
/// 4. print the table or the summary CSV to stdout;
/// 5. with `--out`, write `summary.csv` (and with `--frames` one `frames/<scenario>__<strategy>__<seed>.csv`
///    per run), with `--trace` one `<scenario>__<strategy>__<seed>.json` Chrome trace per run, with
///    `--html` the HTML report (`RunCommand+Outputs.swift`), each atomically, creating the
///    directories as needed (failure: exit 1);
/// 6. with `--requests <dir>`, write each run's image request trace as `<dir>/<scenario>__<strategy>__<seed>.csv`
///    in the `cache-replay` format (`id,size`, one line per request to configure a cell, in order:
///    the image id, and the image's full decoded size width × height × 4 bytes, so the trace sizes
///    a decoded-image memory cache), also atomically and only after every run has finished.
///
/// Strategies: the `--strategy` names if given (each takes its parameters from the scenario's
/// entry of the same name when there is one, else the defaults), else the scenario's
/// `strategies`, else every built-in strategy. `--seed` replaces every scenario's seed.
struct RunCommand: ScrollSimSubcommand {
    /// What `run` prints on stdout.
    enum Format: String, CaseIterable {
        /// `SummaryTable`, for people.
        case table
        /// The summary CSV, header and rows.
        case csv
    }

    /// The interface of `scrollsim run`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "run"],
        abstract: "Run scenarios and report hitch and image metrics.",
        discussion: """
            Scenarios run in the order given (a directory's files sorted by name), each with the \
            strategies given, else those its file lists, else every built-in one. Output files are \
            written after every run has finished, each atomically.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid scenario, 66 \
            missing or unreadable scenario.
            """,
        arguments: [ArgumentSpec(valueName: "scenarios", abstract: "Scenario files (.json), or directories of them.")],
        options: [
            OptionSpec(name: "strategy", valueName: "name",
                       abstract: "A strategy to run (see 'scrollsim strategies').", isRepeatable: true),
            OptionSpec(name: "seed", valueName: "n", kind: .unsignedInteger,
                       abstract: "Seed of every run, instead of each scenario's seed."),
            OptionSpec(name: "format", valueName: "format", kind: .choice(Format.allCases.map(\.rawValue)),
                       abstract: "Output format on stdout.", defaultValue: Format.table.rawValue),
            OptionSpec(name: "out", valueName: "dir", abstract: "Also write summary.csv into this directory."),
            OptionSpec(name: "frames", valueName: nil, abstract: "Also write per-frame CSVs into <dir>/frames."),
            OptionSpec(name: "requests", valueName: "dir",
                       abstract: "Also write each run's image request trace (id,size, for 'scrollsim cache-replay') into this directory."),
            OptionSpec(name: "trace", valueName: "dir", abstract: "Also write a Chrome trace (Perfetto) per run into this directory."),
            OptionSpec(name: "html", valueName: "file", abstract: "Also write an HTML report with charts to this file."),
        ]
    )

    /// Scenario files and directories, as given.
    var scenarioPaths: [String]
    /// `--strategy` names, in order, each once.
    var strategyNames: [String]
    /// `--seed`, if given.
    var seed: UInt64?
    /// `--format`.
    var format: Format
    /// `--out`, if given.
    var outDirectory: String?
    /// `--frames`.
    var writesFrames: Bool
    /// `--requests`, if given.
    var requestsDirectory: String?
    /// `--trace`, if given.
    var traceDirectory: String?
    /// `--html`, if given.
    var htmlFile: String?

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        scenarioPaths = arguments.positionals
        var names: [String] = []
        for name in arguments.values(of: "strategy") where !names.contains(name) { names.append(name) }
        strategyNames = names
        seed = arguments.value(of: "seed").flatMap { UInt64($0) }
        format = arguments.value(of: "format").flatMap(Format.init(rawValue:)) ?? .table
        outDirectory = arguments.value(of: "out")
        writesFrames = arguments.isSet("frames")
        requestsDirectory = arguments.value(of: "requests")
        traceDirectory = arguments.value(of: "trace")
        htmlFile = arguments.value(of: "html")
    }

    /// `--frames` needs `--out`; every `--strategy` must be a built-in strategy.
    func validate() throws(CommandLineError) {
        if writesFrames && outDirectory == nil {
            throw CommandLineError("'--frames' requires '--out <dir>'")
        }
        for name in strategyNames where StrategyRegistry.descriptor(named: name) == nil {
            let known = StrategyRegistry.all.map(\.name)
            if let suggestion = Suggestion.closest(to: name, among: known) {
                throw CommandLineError("Unknown strategy '\(name)'. Did you mean '\(suggestion)'?")
            }
            throw CommandLineError("Unknown strategy '\(name)'. See 'scrollsim strategies' for the list.")
        }
    }

    /// Loads, plans, runs, reports; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        let files: [String]
        do {
            files = try ScenarioFiles.expand(paths: scenarioPaths)
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: error.exitCode, output: output)
        }
        guard !files.isEmpty else {
            let paths = scenarioPaths.map { "'\($0)'" }.joined(separator: ", ")
            return ScrollSimCommand.reportFailure("no scenario files (.json) in \(paths)",
                                                  code: ExitCode.missingInput, output: output)
        }
        var scenarios: [(file: String, scenario: Scenario)] = []
        var failures: [ScenarioError] = []
        for file in files {
            do {
                scenarios.append((file, try ScenarioFiles.load(path: file)))
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty {
            for failure in failures { output.writeError("Error: \(failure.description)\n") }
            return failures.contains { $0.kind == .unreadable } ? ExitCode.missingInput : ExitCode.invalidInput
        }
        let (plan, problems) = makePlan(scenarios)
        if !problems.isEmpty {
            for problem in problems { output.writeError("Error: \(problem)\n") }
            return ExitCode.invalidInput
        }
        return execute(plan, output: output)
    }

    /// One run to do: a loaded scenario, its seed, a strategy and its factory.
    struct PlannedRun {
        /// The scenario's file, for messages.
        var file: String
        /// The scenario.
        var scenario: Scenario
        /// The seed of this run (`--seed` or the scenario's).
        var seed: UInt64
        /// The strategy's name, as reported.
        var strategyName: String
        /// Makes the strategy for the run.
        var factory: StrategyFactory

        /// `<scenario>__<strategy>__<seed>.csv`, with any `/` or `\` in a name replaced by `_`
        /// (names are validated not to contain them; this keeps the file inside `frames/`).
        var framesFileName: String {
            RunCommand.runFileName(scenario: scenario.name, strategy: strategyName, seed: String(seed), extension: "csv")
        }
    }

    /// Every run, scenarios in order and strategies in listed order, with every factory built; or
    /// the problems (`<file>: <StrategyConfigError>`) of every entry that cannot be built.
    func makePlan(_ scenarios: [(file: String, scenario: Scenario)]) -> (plan: [PlannedRun], problems: [String]) {
        var plan: [PlannedRun] = []
        var problems: [String] = []
        for (file, scenario) in scenarios {
            for spec in strategySpecs(for: scenario) {
                do {
                    let factory = try StrategyRegistry.makeFactory(spec)
                    plan.append(PlannedRun(file: file, scenario: scenario, seed: seed ?? scenario.seed,
                                           strategyName: spec.name, factory: factory))
                } catch {
                    problems.append("\(file): \(error.description)")
                }
            }
        }
        return (plan, problems)
    }

    /// The strategies to run `scenario` with, in order: the `--strategy` names (each with the
    /// scenario's entry of that name when there is one, else default parameters), else the
    /// scenario's `strategies`, else every built-in strategy.
    func strategySpecs(for scenario: Scenario) -> [StrategySpec] {
        if !strategyNames.isEmpty {
            return strategyNames.map { name in scenario.strategies.first { $0.name == name } ?? StrategySpec(name: name) }
        }
        if !scenario.strategies.isEmpty { return scenario.strategies }
        return StrategyRegistry.all.map { StrategySpec(name: $0.name) }
    }

    /// Runs `plan` in order, prints the report, then writes the output files.
    func execute(_ plan: [PlannedRun], output: CommandOutput) -> Int32 {
        // Two runs with the same scenario, strategy and seed would give two rows `compare` cannot
        // tell apart (and the same per-run file names): refused whatever is written.
        var seen: Set<String> = []
        for run in plan {
            guard seen.insert(run.framesFileName).inserted else {
                let what = writesFrames ? "would write frames/\(run.framesFileName)"
                    : traceDirectory != nil ? "would write \(run.traceFileName)"
                    : requestsDirectory != nil ? "would write \(Self.join(requestsDirectory ?? "", run.framesFileName))"
                    : "have the same scenario, strategy and seed (\(run.scenario.name), \(run.strategyName), \(run.seed))"
                return ScrollSimCommand.reportFailure(
                    "two runs \(what); give the scenarios distinct names and list each strategy once",
                    code: ExitCode.invalidInput, output: output)
            }
        }
        var results: [RunMetrics] = []
        var framesFiles: [(name: String, text: String)] = []
        var requestFiles: [(name: String, text: String)] = []
        var outputs = RunOutputs()
        for planned in plan {
            let recording = RunRecording(planned, keepsFrames: writesFrames || htmlFile != nil, traces: traceDirectory != nil,
                                         requests: requestsDirectory != nil)
            let simulation = SimulationRun(scenario: planned.scenario, seed: planned.seed,
                                           strategyName: planned.strategyName, strategy: planned.factory)
            results.append(simulation.run(observer: recording.isRecording ? recording : nil))
            if writesFrames { framesFiles.append((planned.framesFileName, recording.framesCSV)) }
            if requestsDirectory != nil { requestFiles.append((planned.framesFileName, recording.requests)) }
            outputs.add(recording, of: planned)
        }
        let summary = SummaryCSV.header + results.map(SummaryCSV.row).joined()
        output.write(format == .csv ? summary : SummaryTable.render(results))

        do {
            // Every output location first, so a bad one fails before any file is written.
            for directory in [requestsDirectory, outDirectory, writesFrames ? outDirectory.map { Self.join($0, "frames") } : nil,
                              traceDirectory].compactMap({ $0 }) {
                try AtomicFileWriter.createDirectory(atPath: directory)
            }
            if let htmlFile { _ = try AtomicFileWriter.destination(of: htmlFile) }
            if let requestsDirectory {
                for file in requestFiles {
                    try AtomicFileWriter.write(file.text, toFile: Self.join(requestsDirectory, file.name))
                }
            }
            if let outDirectory {
                try AtomicFileWriter.write(summary, toFile: Self.join(outDirectory, "summary.csv"))
                if writesFrames {
                    let framesDirectory = Self.join(outDirectory, "frames")
                    for file in framesFiles {
                        try AtomicFileWriter.write(file.text, toFile: Self.join(framesDirectory, file.name))
                    }
                }
            }
            try outputs.write(summary: summary, traceDirectory: traceDirectory, htmlFile: htmlFile)
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.failure, output: output)
        }
        return ExitCode.success
    }

    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

extension ScenarioError {
    /// 66 for a missing or unreadable file, 65 for invalid content (SPEC §10).
    var exitCode: Int32 { kind == .unreadable ? ExitCode.missingInput : ExitCode.invalidInput }
}
