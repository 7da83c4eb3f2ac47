import Foundation
import ScrollSimCore
import ScrollSimReports

/// `scrollsim sweep`: runs a scenario over the cartesian product of parameter axes, in
/// parallel, and writes one summary CSV with a column per axis.
///
/// Order of work, so that bad input never costs a run and never leaves a file behind:
/// 1. read the sweep file and its scenario (`SweepDefinition`; exit 66 if a file is missing,
///    65 for bad content);
/// 2. check every axis value and count the runs (`SweepPlan`; exit 65 naming the axis);
///    `--shard env/n` reads its index from the environment (`ShardSelection`; exit 64);
/// 3. run the runs of this shard (all of them without `--shard`) on `--jobs` threads
///    (`SweepPlan.run`), each run's combination decoded when it runs, rows placed by run index,
///    so the bytes never depend on `--jobs`; a combination's problem exits 65 naming it, and
///    nothing is written;
/// 4. print the CSV, or write it atomically to `--out` (creating its directory; exit 1 on
///    failure).
///
/// Output: the summary CSV header and rows (`SummaryCSV`), with one column per axis appended in
/// the sweep file's order (named by the axis path; the `seed` and `strategy` axes are the CSV's
/// own `seed` and `strategy` columns). With `--shard i/n`: a shard file (`ShardCSV`) for
/// `scrollsim merge`. The progress line appears only when stderr is a terminal.
struct SweepCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim sweep`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "sweep"],
        abstract: "Run a scenario over every combination of axis values.",
        discussion: """
            A sweep file names a scenario (a path relative to the sweep file, or an inline \
            object), optionally the strategies, and axes: JSON paths into the scenario with \
            their values, e.g. {"scenario": "grid.json", "axes": {"cells.prefetchScreens": [0, 1, \
            2], "strategies[0].memoryCacheMB": [25, 50], "seed": [1, 2]}}; the axis "strategy" \
            picks the strategy. Runs go in axis order, the first axis slowest, each with every \
            strategy; the output is the summary CSV with one column per axis appended (the seed \
            and strategy axes use the CSV's own columns), the same bytes for any --jobs.

            With --shard i/n only the runs whose index modulo n is i-1 run, and the output is a \
            shard file; 'scrollsim merge' combines the n shards into the unsharded bytes. With \
            --shard env/n the index comes from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) \
            or else SLURM_ARRAY_TASK_ID (a Slurm job array), 0-based: index k runs shard k+1.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid sweep or \
            scenario, 66 missing or unreadable sweep or scenario file.
            """,
        arguments: [ArgumentSpec(valueName: "sweep", abstract: "The sweep file (.json).", isRepeatable: false)],
        options: [
            OptionSpec(name: "jobs", valueName: "n", kind: .unsignedInteger,
                       abstract: "Runs in parallel (default: one per core)."),
            OptionSpec(name: "shard", valueName: "i/n", abstract: "Run only shard i of n (i/n or env/n)."),
            OptionSpec(name: "out", valueName: "file", abstract: "Write the CSV to this file instead of stdout."),
        ]
    )

    /// The sweep file (and any extra positionals, refused by `validate()`).
    var paths: [String]
    /// `--jobs`, if given.
    var jobs: UInt64?
    /// `--shard`, as given.
    var shardText: String?
    /// `--out`, if given.
    var outFile: String?

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        paths = arguments.positionals
        jobs = arguments.value(of: "jobs").flatMap { UInt64($0) }
        shardText = arguments.value(of: "shard")
        outFile = arguments.value(of: "out")
    }

    /// One sweep file, not named by `--out`; `--jobs` at least 1; `--shard` of the form i/n.
    func validate() throws(CommandLineError) {
        if paths.count > 1 { throw CommandLineError("Unexpected argument '\(paths[1])'") }
        if let outFile, let conflict = OutputConflict.find(outputs: [(outFile, "--out <file>")], inputs: paths) {
            throw CommandLineError(conflict.description)
        }
        let options = Self.configuration.options
        if jobs == 0 {
            throw CommandLineError("The value '0' is invalid for '--jobs <n>': at least 1 job is needed",
                                   help: options[0].helpLine)
        }
        if let shardText, !ShardSelection.isWellFormed(shardText) {
            throw CommandLineError("The value '\(shardText)' is invalid for '--shard <i/n>': "
                                   + "expected i/n with i from 1 to n, e.g. 2/3, or env/n", help: options[1].helpLine)
        }
    }

    /// Loads, plans, runs, writes; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        let jobCount = jobs.map { Int(clamping: $0) } ?? ProcessInfo.processInfo.activeProcessorCount
        var shard: ShardSelection?
        if let shardText {
            do {
                shard = try ShardSelection.resolve(shardText, environment: ProcessInfo.processInfo.environment)
            } catch {
                return ScrollSimCommand.reportFailure(error.description, code: ExitCode.usage, output: output)
            }
        }
        let plan: SweepPlan
        do {
            plan = try SweepPlan.make(try SweepDefinition.load(path: paths[0]), strategies: StrategyRegistry.all,
                                      jobs: jobCount)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        if let outFile,
           let conflict = OutputConflict.find(outputs: [(outFile, "--out <file>")],
                                              inputs: plan.definition.inputFiles) {
            return ScrollSimCommand.reportUsageError(CommandLineError(conflict.description), of: Self.configuration,
                                                     output: output)
        }
        if let outFile {
            do {
                // An --out under a file fails now, not after every run.
                try AtomicFileWriter.checkDirectory(atPath: AtomicFileWriter.split(outFile).directory)
            } catch {
                return ScrollSimCommand.reportFailure(error.description, code: ExitCode.of(error), output: output)
            }
        }
        let metadata = shard.map {
            ShardCSV.Metadata(shard: $0.shard, count: $0.count, runs: plan.runCount,
                              fingerprint: plan.definition.fingerprint)
        }
        let indices = shard.map { plan.indices(ofShard: $0.shard, of: $0.count) } ?? Array(0..<plan.runCount)
        let progressLine = SweepProgressLine.isTerminal(output) ? SweepProgressLine(output: output) : nil
        let progress = progressLine.map { line in { line.draw(done: $0, total: $1) } }
        let rows: [SummaryRow]
        do {
            rows = try plan.run(indices, jobs: jobCount, progress: progress)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        let document = plan.document(rows)
        let text = metadata.map { ShardCSV.text(metadata: $0, document: document, indices: indices) } ?? document.csv
        return Self.emit(text, to: outFile, output: output)
    }

    /// Prints `text`, or writes it atomically to `file` (creating its directory).
    static func emit(_ text: String, to file: String?, output: CommandOutput) -> Int32 {
        guard let file else {
            output.write(text)
            return ExitCode.success
        }
        var outputs = OutputSet()
        outputs.add(text, toFile: file)
        do {
            try outputs.publish()
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.of(error), output: output)
        }
        return ExitCode.success
    }
}
