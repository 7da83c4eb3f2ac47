import ScrollSimCore
import ScrollSimReports

/// `scrollsim merge`: combines the shard files of one sweep (`scrollsim sweep --shard i/n`) into
/// exactly the bytes the unsharded sweep writes.
///
/// The checks are `ShardMerge`'s, each reported as `Error: <file>: line …` (exit 65; 66 for a
/// missing file or shard). The result is the header without `run`, then every row without its
/// index, in run order; printed, or written atomically to `--out`.
struct MergeCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim merge`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "merge"],
        abstract: "Combine sweep shards into the unsharded sweep's CSV.",
        discussion: """
            Give every shard file of one sweep ('scrollsim sweep --shard i/n --out …'), in any \
            order, or directories holding them (each directory's .csv files, sorted by name; \
            --out is skipped if it is among them); the output is byte for byte what the sweep \
            writes without --shard.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid, duplicate or \
            mismatched shards, 66 a shard file or a shard missing.
            """,
        arguments: [ArgumentSpec(valueName: "shards", abstract: "The shard files, or directories of them.")],
        options: [OptionSpec(name: "out", valueName: "file", abstract: "Write the CSV to this file instead of stdout.")]
    )

    /// The shard files, as given.
    var paths: [String]
    /// `--out`, if given.
    var outFile: String?

    /// Typed values from checked arguments.
    init(_ arguments: ParsedArguments) {
        paths = arguments.positionals
        outFile = arguments.value(of: "out")
    }

    /// `--out` must not be one of the shards.
    func validate() throws(CommandLineError) {
        if let outFile, let conflict = OutputConflict.find(outputs: [(outFile, "--out <file>")], inputs: paths) {
            throw CommandLineError(conflict.description)
        }
    }

    /// Reads, checks, merges (`ShardMerge`); see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        var shards: [ShardMerge.Shard] = []
        var problems: [InputError] = []
        let files: [String]
        do {
            files = try ShardMerge.shardFiles(paths, excluding: outFile)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        // The files the directories expand to are inputs too.
        if let outFile, let conflict = OutputConflict.find(outputs: [(outFile, "--out <file>")], inputs: files) {
            return ScrollSimCommand.reportUsageError(CommandLineError(conflict.description), of: Self.configuration,
                                                     output: output)
        }
        for path in files {
            do {
                shards.append(try ShardMerge.read(path))
            } catch {
                problems.append(error)
            }
        }
        if problems.isEmpty { problems = ShardMerge.problems(across: shards) }
        if !problems.isEmpty { return ScrollSimCommand.report(problems, output: output) }
        let order: ShardMerge.RunOrder
        do {
            order = try ShardMerge.checkRows(shards)
        } catch {
            return ScrollSimCommand.report([error], output: output)
        }
        // The merged CSV is streamed (to stdout, or to --out's temporary name, renamed over it once
        // complete), never held whole.
        guard let outFile else {
            ShardMerge.write(shards, in: order, emit: output.write)
            return ExitCode.success
        }
        do {
            try OutputSet.writeStreamed(toFile: outFile) { emit in ShardMerge.write(shards, in: order, emit: emit) }
        } catch {
            return ScrollSimCommand.reportFailure(error.description, code: ExitCode.of(error), output: output)
        }
        return ExitCode.success
    }
}
