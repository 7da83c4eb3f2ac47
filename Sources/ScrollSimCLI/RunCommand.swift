import FetchStrategies
import ScrollSimCore
import ScrollSimReports

/// `scrollsim run`: runs every scenario with its strategies and reports the metrics.
///
/// Order of work, so that bad input never costs a run and never leaves a file behind:
/// 1. expand the paths, load every scenario and build every strategy (`RunPlan`; each problem
///    `Error: <file>: …`, exit 66 if a file is missing or unreadable, else 65);
/// 2. refuse an output that would overwrite a scenario (`OutputConflict`, exit 64);
/// 3. run scenario × strategy in order (scenarios in expanded order, strategies in listed order);
/// 4. print the table or the summary CSV to stdout;
/// 5. publish the output files (`RunOutputs`: `--out`, `--frames`, `--requests`, `--trace`,
///    `--html`) together, only when all of them could be written (failure: exit 1). Frames,
///    traces and request traces are written to their temporary files while the runs go (bounded
///    memory), so an output that cannot be started fails the command before the first run.
///
/// Strategies: the `--strategy` names if given, else the scenario's `strategies`, else every
/// known strategy. A `--strategy` name is a label of the scenario's entries (that configuration)
/// or a strategy (its entry in the scenario when there is one, else its defaults); a name that is
/// neither in any scenario is a usage error (exit 64, with a suggestion), and a label that only
/// some of the scenarios define is refused for the others (exit 65, naming the file and its
/// labels). `--seed` replaces every scenario's seed.
struct RunCommand: ScrollSimSubcommand {
    /// What `run` prints on stdout.
    enum Format: String, OutputFormat {
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
                       abstract: "A strategy to run (see 'scrollsim strategies'), or a label of a scenario's entry.",
                       isRepeatable: true),
            OptionSpec(name: "seed", valueName: "n", kind: .unsignedInteger,
                       abstract: "Seed of every run, instead of each scenario's seed."),
            OptionSpec.format(Format.self, abstract: "Output format on stdout."),
            OptionSpec(name: "out", valueName: "dir", abstract: "Also write summary.csv into this directory."),
            OptionSpec(name: "frames", valueName: nil, abstract: "Also write per-frame CSVs into <dir>/frames."),
            OptionSpec(name: "requests", valueName: "dir",
                       abstract: "Also write each run's image request trace (id,size, for 'scrollsim cache-replay') "
                           + "into this directory."),
            OptionSpec(name: "trace", valueName: "dir",
                       abstract: "Also write a Chrome trace (Perfetto) per run into this directory."),
            OptionSpec(name: "html", valueName: "file",
                       abstract: "Also write an HTML report with charts to this file."),
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
        format = arguments.format()
        outDirectory = arguments.value(of: "out")
        writesFrames = arguments.isSet("frames")
        requestsDirectory = arguments.value(of: "requests")
        traceDirectory = arguments.value(of: "trace")
        htmlFile = arguments.value(of: "html")
    }

    /// `--frames` needs `--out`. (`--strategy` names are checked once the scenarios, whose labels
    /// they may name, are loaded: `unknownStrategy(in:)`.)
    func validate() throws(CommandLineError) {
        if writesFrames && outDirectory == nil {
            throw CommandLineError("'--frames' requires '--out <dir>'")
        }
    }

    /// The usage error for the first `--strategy` name that is neither a known strategy nor a
    /// label in any of `scenarios`, with the closest strategy or label; nil when every name is one.
    func unknownStrategy(in scenarios: [(file: String, scenario: Scenario)]) -> CommandLineError? {
        let labels = scenarios.flatMap { $0.scenario.strategies.compactMap(\.label) }
        for name in strategyNames where StrategyRegistry.descriptor(named: name) == nil && !labels.contains(name) {
            let known = StrategyRegistry.all.map(\.name) + labels
            if let suggestion = Suggestion.closest(to: name, among: known) {
                return CommandLineError("Unknown strategy '\(name)'. Did you mean '\(suggestion)'?")
            }
            return CommandLineError("Unknown strategy '\(name)'. See 'scrollsim strategies' for the list.")
        }
        return nil
    }

    /// The outputs asked for.
    var outputs: RunOutputs {
        RunOutputs(outDirectory: outDirectory, writesFrames: writesFrames, requestsDirectory: requestsDirectory,
                   traceDirectory: traceDirectory, htmlFile: htmlFile)
    }

    /// Loads, plans, runs, reports; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        let loaded: (scenarios: [(file: String, scenario: Scenario)], files: [String])
        switch RunPlan.load(paths: scenarioPaths) {
        case .failure(let failures): return ScrollSimCommand.report(failures.errors, output: output)
        case .success(let value): loaded = value
        }
        if let error = unknownStrategy(in: loaded.scenarios) {
            return ScrollSimCommand.reportUsageError(error, of: Self.configuration, output: output)
        }
        switch RunPlan.make(scenarios: loaded.scenarios, strategyNames: strategyNames, seed: seed,
                            strategies: StrategyRegistry.all) {
        case .failure(let failures): return ScrollSimCommand.report(failures.errors, output: output)
        case .success(let plan): return execute(plan, inputs: loaded.files, output: output)
        }
    }

    /// Runs `plan` in order, prints the report, then publishes the output files; `inputs` are the
    /// files read, which no output may overwrite.
    func execute(_ plan: RunPlan, inputs: [String], output: CommandOutput) -> Int32 {
        let outputs = self.outputs
        let files = outputs.files(of: plan)
        if let conflict = OutputConflict.find(outputs: files, inputs: inputs) {
            return ScrollSimCommand.reportUsageError(CommandLineError(conflict.description), of: Self.configuration,
                                                     output: output)
        }
        let results: [RunResult]
        do {
            // An output under a file fails now, not after every run.
            var checked = Set<String>()  // membership only
            for file in files {
                let directory = AtomicFileWriter.split(file.path).directory
                if checked.insert(directory).inserted { try AtomicFileWriter.checkDirectory(atPath: directory) }
            }
            let ran = try outputs.run(plan)
            results = ran.results
            output.write(format == .csv ? results.summary.csv : SummaryTable.render(results.map(\.metrics)))
            try ran.outputs.publish()
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.of(error), output: output)
        }
        return ExitCode.success
    }
}
