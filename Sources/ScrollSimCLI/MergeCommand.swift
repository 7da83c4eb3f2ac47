/// `scrollsim merge`: combines the shard files of one sweep (`scrollsim sweep --shard i/n`) into
/// exactly the bytes the unsharded sweep writes.
///
/// Checks, each reported as `Error: <file>: line …` (exit 65 unless noted): every file is a shard
/// (line 1 `# scrollsim-shard i/n runs=… sweep=…`); all come from one sweep (same fingerprint and
/// run count) and one shard count n; no shard is given twice; all headers are identical; each
/// row's run index belongs to its shard, rows ascend, and each shard holds exactly its runs; and
/// no shard of 1…n is missing (exit 66, naming the missing shards). The result is the header
/// without `run`, then every row without its index, in run order; printed, or written atomically
/// to `--out`.
struct MergeCommand: ScrollSimSubcommand {
    /// The interface of `scrollsim merge`.
    static let configuration = CommandSpec(
        path: ["scrollsim", "merge"],
        abstract: "Combine sweep shards into the unsharded sweep's CSV.",
        discussion: """
            Give every shard file of one sweep ('scrollsim sweep --shard i/n --out …'), in any \
            order; the output is byte for byte what the sweep writes without --shard.

            Exit codes: 0 success, 1 I/O failure, 64 bad command line, 65 invalid, duplicate or \
            mismatched shards, 66 a shard file or a shard missing.
            """,
        arguments: [ArgumentSpec(valueName: "shards", abstract: "The shard files.")],
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

    /// `--out` must not name one of the shards.
    func validate() throws(CommandLineError) {
        if let outFile, let input = AtomicFileWriter.overwritesInput(outFile, inputs: paths) {
            throw CommandLineError("'--out <file>' names the input '\(input)'; write the merged CSV elsewhere")
        }
    }

    /// One shard file, read and checked on its own.
    struct Shard {
        /// The file.
        var file: String
        /// Line 1.
        var metadata: ShardCSV.Metadata
        /// Line 2, the header with `run`.
        var header: String
        /// (run index, row text without the index), ascending.
        var rows: [(index: Int, text: String)]
    }

    /// Reads, checks, merges; see the type's documentation.
    func run(output: CommandOutput) -> Int32 {
        var shards: [Shard] = []
        var problems: [(message: String, code: Int32)] = []
        for path in paths {
            do {
                shards.append(try Self.read(path))
            } catch {
                problems.append((error.message, error.code))
            }
        }
        if problems.isEmpty {
            problems = Self.problems(across: shards).map { ($0.message, $0.code) }
        }
        if !problems.isEmpty {
            for problem in problems { output.writeError("Error: \(problem.message)\n") }
            return problems.contains { $0.code == ExitCode.missingInput } ? ExitCode.missingInput : ExitCode.invalidInput
        }
        let first = shards[0]
        var rows = [String](repeating: "", count: first.metadata.runs)
        for shard in shards { for row in shard.rows { rows[row.index] = row.text } }
        var text = String(first.header.dropFirst(ShardCSV.runColumn.count + 1)) + "\n"
        for row in rows { text += row + "\n" }
        // The merged CSV must read back as a summary CSV (numbers where numbers belong), so a
        // damaged shard fails here rather than in a later `compare` or `report`.
        do {
            _ = try SummaryCSVFile.parse(Array(text.utf8), file: "merged shards")
        } catch {
            output.writeError("Error: \(error.description) (a value in the shards is damaged)\n")
            return ExitCode.invalidInput
        }
        return SweepCommand.emit(text, to: outFile, output: output)
    }

    /// A problem with a message and an exit code.
    struct Problem: Error {
        /// The text after "Error: ".
        var message: String
        /// 65 or 66.
        var code: Int32
    }

    /// Reads one shard file and checks it on its own.
    static func read(_ path: String) throws(Problem) -> Shard {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path)
        } catch {
            throw Problem(message: error.description, code: ExitCode.missingInput)
        }
        func invalid(_ line: Int, _ message: String) -> Problem {
            Problem(message: "\(path): line \(line): \(message)", code: ExitCode.invalidInput)
        }
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(bytes, file: path)
        } catch {
            throw Problem(message: error.description, code: ExitCode.invalidInput)
        }
        guard let first = records.first, let metadata = ShardCSV.Metadata(line: first.text) else {
            throw invalid(1, "not a sweep shard: expected '\(ShardCSV.marker)i/n runs=… sweep=…' as 'scrollsim sweep --shard' writes")
        }
        guard records.count >= 2, records[1].fields.first == ShardCSV.runColumn else {
            throw invalid(2, "expected the header, starting with '\(ShardCSV.runColumn),'")
        }
        var rows: [(index: Int, text: String)] = []
        for record in records.dropFirst(2) {
            let field = record.fields[0]
            guard record.fields.count == records[1].fields.count else {
                throw invalid(record.line, "expected \(records[1].fields.count) fields as in the header, found \(record.fields.count)")
            }
            guard !field.isEmpty, field.count <= 9, field.allSatisfy(\.isASCIIDigit), let index = Int(field), index < metadata.runs else {
                throw invalid(record.line, "the run index must be an integer from 0 to \(metadata.runs - 1), found '\(field)'")
            }
            guard metadata.contains(run: index) else {
                throw invalid(record.line, "run \(index) does not belong to shard \(metadata.name) (its runs have index modulo \(metadata.count) = \(metadata.shard - 1))")
            }
            if let last = rows.last, index <= last.index {
                throw invalid(record.line, "run \(index) after run \(last.index): rows must ascend, each once")
            }
            rows.append((index, String(record.text.dropFirst(field.count + 1))))
        }
        guard rows.count == metadata.runCount else {
            throw Problem(message: "\(path): shard \(metadata.name) of \(metadata.runs) runs should hold \(metadata.runCount) rows, holds \(rows.count) (a truncated file?)",
                          code: ExitCode.invalidInput)
        }
        return Shard(file: path, metadata: metadata, header: records[1].text, rows: rows)
    }

    /// Problems between shards: different sweeps, counts or headers, duplicates, missing shards.
    static func problems(across shards: [Shard]) -> [Problem] {
        guard let first = shards.first else { return [] }
        var problems: [Problem] = []
        var seen: [Int: String] = [:]  // shard number → file; lookups only
        for shard in shards {
            if shard.metadata.fingerprint != first.metadata.fingerprint || shard.metadata.runs != first.metadata.runs {
                problems.append(Problem(message: "\(shard.file): line 1: from a different sweep than \(first.file) (sweep and run count differ); merge the shards of one sweep",
                                        code: ExitCode.invalidInput))
                continue
            }
            if shard.metadata.count != first.metadata.count {
                problems.append(Problem(message: "\(shard.file): line 1: shard \(shard.metadata.name), but \(first.file) is shard \(first.metadata.name); merge shards made with one --shard count",
                                        code: ExitCode.invalidInput))
                continue
            }
            if shard.header != first.header {
                problems.append(Problem(message: "\(shard.file): line 2: the header differs from that of \(first.file)", code: ExitCode.invalidInput))
                continue
            }
            if let other = seen[shard.metadata.shard] {
                problems.append(Problem(message: "\(shard.file): line 1: shard \(shard.metadata.name) given twice (also \(other))", code: ExitCode.invalidInput))
                continue
            }
            seen[shard.metadata.shard] = shard.file
        }
        if problems.isEmpty {
            let missing = (1...first.metadata.count).filter { seen[$0] == nil }
            if !missing.isEmpty {
                let names = missing.map { "\($0)/\(first.metadata.count)" }
                problems.append(Problem(message: "missing shard\(missing.count == 1 ? "" : "s") \(names.joined(separator: ", ")) of the sweep in \(first.file)",
                                        code: ExitCode.missingInput))
            }
        }
        return problems
    }
}
