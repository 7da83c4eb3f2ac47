import Foundation
import ScrollSimCore

/// Combines the shard files of one sweep (`scrollsim sweep --shard i/n`) into the unsharded
/// sweep's summary document, whose CSV is exactly the bytes the unsharded sweep writes.
///
/// Checks, each an `InputError` naming the shard file and line: every file is a shard (line 1
/// `# scrollsim-shard i/n runs=… sweep=…`, line 2 the header with a leading `run`); each row's run
/// index belongs to its shard, rows ascend, each shard holds exactly its runs, and its rows read
/// as summary rows (numbers where numbers belong); all shards come from one sweep (same
/// fingerprint and run count) and one shard count n, with identical headers, none given twice;
/// and no shard of 1…n is missing (`.missing`, exit 66).
public enum ShardMerge {
    /// One shard file, read and checked on its own.
    public struct Shard: Sendable {
        /// The file.
        public var file: String
        /// Line 1.
        public var metadata: ShardCSV.Metadata
        /// Line 2, the header with `run`.
        public var header: String
        /// The run index of each row, ascending.
        public var indices: [Int]
        /// The rows, as a summary document (the header without `run`), each without its values:
        /// only what the checks across shards need (its key), its line being in `lines`.
        public var document: SummaryDocument
        /// Each row's line as the summary CSV writes it (`SummaryDocument.line`), "\n"-terminated:
        /// what the merged CSV is made of, kept as text instead of as parsed values.
        public var lines: [String]
    }

    /// The shard files `paths` name: a file as given; a directory (one `--shard` job's outputs
    /// collected, or an object store synced) as its `*.csv` regular files (and symbolic links to
    /// them: a FIFO, socket or device is skipped, since reading it could block forever), sorted
    /// by name byte for byte,
    /// skipping `excluding` (the merge's own `--out`, which may sit among them, by any spelling or
    /// symbolic link: compared as `OutputConflict` compares paths). Files are not read here; a
    /// non-shard `.csv` in the directory is refused when read.
    /// - Throws: `InputError`: `.missing` for a directory without `.csv` files, `.unreadable` for
    ///   one that cannot be listed.
    public static func shardFiles(_ paths: [String], excluding: String? = nil) throws(InputError) -> [String] {
        let manager = FileManager.default
        let excluded = excluding.map(OutputConflict.resolvedPath)
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: path)
            } catch {
                throw InputError(.unreadable, file: path, "cannot list the directory's shard files")
            }
            let separator = path.hasSuffix("/") ? "" : "/"
            let shards = names.filter { $0.hasSuffix(".csv") && !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { path + separator + $0 }
                .filter { InputFile.isRegularFile($0) && OutputConflict.resolvedPath($0) != excluded }
            guard !shards.isEmpty else {
                throw InputError(.missing, file: path, "no shard files (*.csv) in this directory")
            }
            files += shards
        }
        return files
    }

    /// Reads one shard file and checks it on its own, a record at a time
    /// (`CSVReader.forEachRecord(atPath:)`): only its parsed rows are kept, never its text.
    /// - Throws: `InputError` for the first problem, in file order.
    public static func read(_ path: String) throws(InputError) -> Shard {
        func invalid(_ line: Int, _ message: String) -> InputError {
            InputError(.invalid, file: path, at: .line(line), message)
        }
        var metadata: ShardCSV.Metadata?
        var header: CSVReader.Record?
        var indices: [Int] = []
        var reader = SummaryDocumentReader(file: path)
        var rows: [SummaryRow] = []
        var lines: [String] = []
        // The rows are summary rows without their leading `run` field: errors point one column on.
        func add(_ record: CSVReader.Record) throws(InputError) {
            do {
                guard var row = try reader.read(record), let columns = reader.header else { return }
                lines.append(columns.line(row))
                row.values = SummaryValues()
                rows.append(row)
            } catch {
                var shifted = error
                if case .line(let line, let column, let name) = error.location {
                    shifted.location = .line(line, column: column.map { $0 + 1 }, name: name)
                }
                throw shifted
            }
        }
        try CSVReader.forEachRecord(atPath: path) { (record) throws(InputError) in
            guard let metadata else {
                guard let first = ShardCSV.Metadata(line: record.text) else {
                    throw invalid(1, "not a sweep shard: expected '\(ShardCSV.marker)i/n runs=… sweep=…' "
                                  + "as 'scrollsim sweep --shard' writes")
                }
                metadata = first
                return
            }
            guard let header else {
                guard record.fields.first == ShardCSV.runColumn else {
                    throw invalid(2, "expected the header, starting with '\(ShardCSV.runColumn),'")
                }
                header = record
                try add(withoutRun(record))
                return
            }
            let field = record.fields[0]
            guard record.fields.count == header.fields.count else {
                throw invalid(record.line,
                              "expected \(header.fields.count) fields as in the header, found \(record.fields.count)")
            }
            guard !field.isEmpty, field.count <= 9, field.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                  let index = Int(field), index < metadata.runs else {
                throw invalid(record.line,
                              "the run index must be an integer from 0 to \(metadata.runs - 1), "
                                  + "found \(MessageLine.quoted(field))")
            }
            guard metadata.contains(run: index) else {
                throw invalid(record.line, "run \(index) does not belong to shard \(metadata.name) "
                              + "(its runs have index modulo \(metadata.count) = \(metadata.shard - 1))")
            }
            if let last = indices.last, index <= last {
                throw invalid(record.line, "run \(index) after run \(last): rows must ascend, each once")
            }
            indices.append(index)
            try add(withoutRun(record))
        }
        guard let metadata else {
            throw invalid(1, "not a sweep shard: expected '\(ShardCSV.marker)i/n runs=… sweep=…' "
                          + "as 'scrollsim sweep --shard' writes")
        }
        guard let header else { throw invalid(2, "expected the header, starting with '\(ShardCSV.runColumn),'") }
        guard indices.count == metadata.runCount else {
            throw InputError(.invalid, file: path, "shard \(metadata.name) of \(metadata.runs) runs should hold "
                             + "\(metadata.runCount) rows, holds \(indices.count) (a truncated file?)")
        }
        var document = try reader.document()
        document.rows = rows
        return Shard(file: path, metadata: metadata, header: header.text, indices: indices, document: document,
                     lines: lines)
    }

    /// `record` without its first field (`run`) and the comma after it.
    static func withoutRun(_ record: CSVReader.Record) -> CSVReader.Record {
        CSVReader.Record(line: record.line, fields: Array(record.fields.dropFirst()),
                         text: String(decoding: record.text.utf8.dropFirst(record.fields[0].utf8.count + 1),
                                      as: UTF8.self))
    }

    /// The missing shards a message names before "and N more".
    static let missingShardsListed = 10

    /// Problems between shards: different sweeps, counts or headers, duplicates, missing shards.
    public static func problems(across shards: [Shard]) -> [InputError] {
        guard let first = shards.first else { return [] }
        var problems: [InputError] = []
        var seen: [Int: String] = [:]  // shard number → file; lookups only
        for shard in shards {
            func problem(_ line: Int, _ message: String) {
                problems.append(InputError(.invalid, file: shard.file, at: .line(line), message))
            }
            if shard.metadata.fingerprint != first.metadata.fingerprint || shard.metadata.runs != first.metadata.runs {
                problem(1, "from a different sweep than \(first.file) (sweep and run count differ); "
                        + "merge the shards of one sweep")
            } else if shard.metadata.count != first.metadata.count {
                problem(1, "shard \(shard.metadata.name), but \(first.file) is shard \(first.metadata.name); "
                        + "merge shards made with one --shard count")
            } else if shard.header != first.header {
                problem(2, "the header differs from that of \(first.file)")
            } else if let other = seen[shard.metadata.shard] {
                problem(1, "shard \(shard.metadata.name) given twice (also \(other))")
            } else {
                seen[shard.metadata.shard] = shard.file
            }
        }
        if problems.isEmpty {
            // The first few missing shards, found in O(shards given) whatever the count claims.
            let count = first.metadata.count, missingCount = count - seen.count
            var missing: [Int] = []
            var candidate = 1
            while missing.count < min(missingCount, Self.missingShardsListed) {
                if seen[candidate] == nil { missing.append(candidate) }
                candidate += 1
            }
            if !missing.isEmpty {
                var names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                if missingCount > missing.count { names += " and \(missingCount - missing.count) more" }
                let (noun, verb) = missingCount == 1 ? ("shard", "is") : ("shards", "are")
                problems.append(InputError(.missing, file: first.file,
                                           "\(noun) \(names) of this sweep \(verb) missing"))
            }
        }
        return problems
    }

    /// The unsharded sweep's CSV of `shards` (checked by `problems(across:)`): the header, then
    /// the rows in run order, each line as the shard's reader rendered it.
    /// - Throws: `InputError` for two rows with the same scenario, strategy, seed and axis values.
    public static func merge(_ shards: [Shard]) throws(InputError) -> String {
        try TextPieces.whole { (emit) throws(InputError) in try merge(shards, emit: emit) }
    }

    /// The unsharded sweep's CSV of `shards`, handed to `emit` in pieces of about `TextPieces.bytes`
    /// (so `merge` streams it to its output instead of holding it), once every row is checked
    /// (`checkRows`): nothing is emitted when the shards' rows repeat one another.
    /// - Throws: `InputError` for two rows with the same scenario, strategy, seed and axis values.
    public static func merge(_ shards: [Shard], emit: (String) -> Void) throws(InputError) {
        write(shards, in: try checkRows(shards), emit: emit)
    }

    /// The rows of shards in run order, checked not to repeat one another (`checkRows`): what
    /// `write` hands over, worked out once.
    public struct RunOrder: Sendable {
        /// Each row's (shard, row) place, in run order.
        fileprivate let places: [(shard: Int, row: Int)]
    }

    /// The rows of `shards` in run order, as (shard, row) places.
    static func runOrder(_ shards: [Shard]) -> [(shard: Int, row: Int)] {
        guard let first = shards.first else { return [] }
        var places = [(shard: Int, row: Int)?](repeating: nil, count: first.metadata.runs)
        for (number, shard) in shards.enumerated() {
            for (row, index) in shard.indices.enumerated() { places[index] = (number, row) }
        }
        return places.compactMap { $0 }
    }

    /// Checks that the rows of `shards` (checked by `problems(across:)`) do not repeat one
    /// another: rows of different shards may still do so. Each key once, as a reader of the merged
    /// CSV would check it (row i on line i + 2), without writing and reading that CSV.
    /// - Returns: the run order, for `write`.
    /// - Throws: `InputError` for two rows with the same scenario, strategy, seed and axis values.
    public static func checkRows(_ shards: [Shard]) throws(InputError) -> RunOrder {
        let places = runOrder(shards)
        var reader = SummaryDocumentReader(file: "the merged shards")
        for (line, place) in places.enumerated() {
            try reader.checkKey(of: shards[place.shard].document.rows[place.row], line: line + 2)
        }
        return RunOrder(places: places)
    }

    /// Hands the merged CSV of `shards` (checked by `problems(across:)`; `order` from `checkRows`)
    /// to `emit` in pieces of about `TextPieces.bytes`.
    public static func write(_ shards: [Shard], in order: RunOrder, emit: (String) -> Void) {
        guard let first = shards.first else { return emit(SummaryDocument(columns: []).csv) }
        var text = first.document.header
        for place in order.places {
            text += shards[place.shard].lines[place.row]
            text.handOverIfFull(to: emit)
        }
        emit(text)
    }
}
