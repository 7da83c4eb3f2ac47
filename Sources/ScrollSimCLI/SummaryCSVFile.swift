import ScrollSimCore

/// A summary CSV read back for `compare`: `scrollsim run --format csv` output, or a merged
/// `scrollsim sweep` output (the same columns with one column per sweep axis appended).
///
/// Columns are found by header name, so their order does not matter. Recognised names: the
/// identity columns `scenario`, `strategy`, `seed` (required: they join rows); every compared
/// metric (`SummaryColumn.metrics`; any subset, so a CSV from an older or newer ScrollSim with fewer or
/// more metric columns still compares on the ones both have); `profile` (ignored); and sweep axis
/// columns, named by a JSON path into a scenario (`cells.prefetchScreens`,
/// `strategies[0].memoryCacheMB`: a valid `JSONPath` whose first key is a scenario top-level
/// key). Anything else is an unknown column. Every metric value must be a plain decimal number.
/// A sweep shard (`# scrollsim-shard …` first line) is refused with a pointer to `merge`.
struct SummaryCSVFile {
    /// The identity of a row: the join key of `compare`.
    struct Key: Hashable {
        /// `scenario`.
        var scenario: String
        /// `strategy`.
        var strategy: String
        /// `seed`, as text.
        var seed: String
        /// The axis values, in the order of `axisColumns` of the baseline.
        var axisValues: [String]
    }

    /// One data row.
    struct Row {
        /// Its identity.
        var key: Key
        /// The line it starts on.
        var line: Int
        /// Values by index into `SummaryColumn.metrics`; nil when the file has no such column.
        var values: [ExactDecimal?]
    }

    /// The columns that identify a row (`scenario`, `strategy`, `seed`).
    static let identityColumns = SummaryColumn.all.filter { $0.role == .identity }.map(\.name)
    /// The text columns that are not compared (`profile`).
    static let labelColumns = SummaryColumn.all.filter { $0.role == .label }.map(\.name)

    /// The file as the user named it.
    var file: String
    /// The axis columns, in file order.
    var axisColumns: [String]
    /// Whether each of `SummaryColumn.metrics` has a column.
    var hasMetric: [Bool]
    /// The rows, in file order.
    var rows: [Row]

    /// Reads and checks the CSV at `path`.
    /// - Throws: `SummaryCSVFile.Failure`: `.unreadable` (exit 66) or `.invalid` (exit 65).
    static func load(path: String) throws(Failure) -> SummaryCSVFile {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path)
        } catch {
            throw .unreadable(error)
        }
        do {
            return try parse(bytes, file: path)
        } catch {
            throw .invalid(error)
        }
    }

    /// Why a file could not be used.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// Missing or unreadable (exit 66).
        case unreadable(InputFileError)
        /// Invalid content (exit 65).
        case invalid(CSVFileError)

        /// The message after "Error: ".
        var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .invalid(let error): error.description
            }
        }

        /// 66 or 65.
        var exitCode: Int32 {
            switch self {
            case .unreadable: ExitCode.missingInput
            case .invalid: ExitCode.invalidInput
            }
        }
    }

    /// Parses CSV `bytes`; `file` names it in errors.
    /// - Throws: `CSVFileError` for the first problem, in file order.
    static func parse(_ bytes: [UInt8], file: String) throws(CSVFileError) -> SummaryCSVFile {
        let records = try CSVReader.records(bytes, file: file)
        guard let header = records.first else {
            throw CSVFileError(file: file, line: 1, message: "empty file; expected a summary CSV header (\(SummaryCSV.columns.prefix(3).joined(separator: ",")),…)")
        }
        if header.text.hasPrefix(ShardCSV.marker) {
            throw CSVFileError(file: file, line: 1, message: "this is a sweep shard; combine the shards with 'scrollsim merge' first")
        }
        var identityIndex: [Int?] = [nil, nil, nil]
        var metricIndex = [Int?](repeating: nil, count: SummaryColumn.metrics.count)
        var axisColumns: [(name: String, index: Int)] = []
        for (index, name) in header.fields.enumerated() {
            let column = index + 1
            if header.fields[..<index].contains(name) {
                throw CSVFileError(file: file, line: 1, column: column, message: "duplicate column '\(name)'")
            }
            if let identity = Self.identityColumns.firstIndex(of: name) {
                identityIndex[identity] = index
            } else if let metric = SummaryColumn.metrics.firstIndex(where: { $0.name == name }) {
                metricIndex[metric] = index
            } else if Self.labelColumns.contains(name) {
                continue
            } else if isAxisColumn(name) {
                axisColumns.append((name, index))
            } else {
                let hint = Suggestion.closest(to: name, among: SummaryCSV.columns)
                    .map { "; did you mean '\($0)'?" }
                    ?? "; expected a summary CSV column (\(SummaryCSV.columns.prefix(3).joined(separator: ", ")), …) or a sweep axis path such as 'cells.prefetchScreens'"
                throw CSVFileError(file: file, line: 1, column: column, message: "unknown column '\(name)'\(hint)")
            }
        }
        for (position, name) in Self.identityColumns.enumerated() where identityIndex[position] == nil {
            throw CSVFileError(file: file, line: 1, message: "missing required column '\(name)' (a summary CSV starts \(SummaryCSV.columns.prefix(3).joined(separator: ",")),…)")
        }
        var rows: [Row] = []
        var lineOfKey: [Key: Int] = [:]  // lookups only, never iterated
        for record in records.dropFirst() {
            guard record.fields.count == header.fields.count else {
                throw CSVFileError(file: file, line: record.line,
                                   message: "expected \(header.fields.count) fields as in the header, found \(record.fields.count)")
            }
            func field(_ index: Int) -> String { record.fields[index] }
            let seedIndex = identityIndex[2] ?? 0
            guard !field(seedIndex).isEmpty, field(seedIndex).allSatisfy(\.isASCIIDigit), UInt64(field(seedIndex)) != nil else {
                throw CSVFileError(file: file, line: record.line, column: seedIndex + 1, columnName: "seed",
                                   message: "expected an integer from 0 to \(UInt64.max), found '\(field(seedIndex))'")
            }
            var values = [ExactDecimal?](repeating: nil, count: SummaryColumn.metrics.count)
            for (metric, index) in metricIndex.enumerated() {
                guard let index else { continue }
                guard let value = ExactDecimal(field(index)) else {
                    throw CSVFileError(file: file, line: record.line, column: index + 1, columnName: SummaryColumn.metrics[metric].name,
                                       message: "expected a number like 12 or 0.125, found '\(field(index))'")
                }
                values[metric] = value
            }
            let key = Key(scenario: field(identityIndex[0] ?? 0), strategy: field(identityIndex[1] ?? 0), seed: field(seedIndex),
                          axisValues: axisColumns.map { field($0.index) })
            if let first = lineOfKey[key] {
                throw CSVFileError(file: file, line: record.line,
                                   message: "duplicate row: line \(first) has the same scenario, strategy, seed\(axisColumns.isEmpty ? "" : " and axis values")")
            }
            lineOfKey[key] = record.line
            rows.append(Row(key: key, line: record.line, values: values))
        }
        return SummaryCSVFile(file: file, axisColumns: axisColumns.map(\.name), hasMetric: metricIndex.map { $0 != nil }, rows: rows)
    }

    /// Whether `name` is a sweep axis column: a JSON path into a scenario (its first key is a
    /// scenario top-level key, other than `seed`, which is an identity column).
    static func isAxisColumn(_ name: String) -> Bool {
        guard let path = try? JSONPath(parsing: name), case .key(let first) = path.components[0] else { return false }
        return ScenarioLoader.topLevelKeys.contains(first) && name != "seed"
    }
}
