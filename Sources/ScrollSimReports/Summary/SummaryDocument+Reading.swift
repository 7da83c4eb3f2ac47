import ScrollSimCore

extension SummaryDocument {
    /// Reads and checks the summary CSV at `path`, a record at a time
    /// (`CSVReader.forEachRecord(atPath:)`): only its rows are kept, never its text.
    /// - Throws: `InputError`: missing or unreadable, or invalid at a line and column.
    /// Only the values of the columns of `SummaryColumn.all` whose indices are in `keeping` are
    /// kept (nil: all); every field is checked all the same, so the errors do not depend on it.
    public static func load(path: String, keeping: Set<Int>? = nil) throws(InputError) -> SummaryDocument {
        var reader = SummaryDocumentReader(file: path, keeping: keeping)
        try CSVReader.forEachRecord(atPath: path) { (record) throws(InputError) in try reader.add(record) }
        return try reader.document()
    }

    /// Reads the summary CSV `bytes` (UTF-8); `file` names it in errors. The one set of rules for
    /// every reader of summary CSVs (`compare`, `report`, `merge`):
    /// - the header holds `scenario`, `strategy` and `seed`, any other metric-table columns, and
    ///   axis columns (a JSON path whose first key is a scenario key, e.g. `cells.prefetchScreens`),
    ///   each once, in any order; a sweep shard is refused with a pointer to `merge`;
    /// - every row has the header's number of fields; `scenario` and `strategy` are not empty;
    ///   `seed` is an integer from 0 to 2^64−1; every metric is a plain decimal number (`12`,
    ///   `0.125`, `-3`: no exponent, sign `+` or spaces) of at most 18 significant digits and 9
    ///   decimals, an integer in a column without decimals, and `refresh_hz` is from 1 to 1000;
    /// - no two rows have the same scenario, strategy, seed and axis values.
    /// - Throws: `InputError` for the first problem, in file order.
    public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> SummaryDocument {
        var reader = SummaryDocumentReader(file: file)
        try CSVReader.forEachRecord(bytes, file: file) { (record) throws(InputError) in try reader.add(record) }
        return try reader.document()
    }

    /// The empty document of the header `record` (line 1), checked: `read`'s header rules.
    /// - Throws: `InputError` for the first problem, in column order.
    static func header(_ record: CSVReader.Record, file: String) throws(InputError) -> SummaryDocument {
        let header = record
        let identity = "\(SummaryCSV.columns.prefix(3).joined(separator: ",")),…"
        if header.text.hasPrefix(ShardCSV.marker) {
            throw InputError(.invalid, file: file, at: .line(header.line),
                             "this is a sweep shard; combine the shards with 'scrollsim merge' first")
        }
        var columns: [Column] = []
        var names: Set<String> = []  // membership only: a header of n columns is read in O(n)
        for (index, name) in header.fields.enumerated() {
            let place = InputError.Location.line(header.line, column: index + 1)
            if !names.insert(name).inserted {
                throw InputError(.invalid, file: file, at: place, "duplicate column \(MessageLine.quoted(name))")
            }
            if let summary = SummaryColumn.index(of: name) {
                columns.append(.summary(summary))
            } else if isAxisColumn(name) {
                columns.append(.axis(name))
            } else {
                let hint = Suggestion.closest(to: name, among: SummaryCSV.columns).map { "; did you mean '\($0)'?" }
                    ?? "; expected a summary CSV column (\(SummaryCSV.columns.prefix(3).joined(separator: ", ")), …) "
                    + "or a sweep axis path such as 'cells.prefetchScreens'"
                throw InputError(.invalid, file: file, at: place, "unknown column \(MessageLine.quoted(name))\(hint)")
            }
        }
        for column in SummaryColumn.all.indices where SummaryColumn.all[column].role == .identity
            && !columns.contains(.summary(column)) {
            let name = SummaryColumn.all[column].name
            throw InputError(.invalid, file: file, at: .line(header.line),
                             "missing required column \(MessageLine.quoted(name)) (a summary CSV starts \(identity))")
        }
        return SummaryDocument(columns: columns)
    }

    /// The row of `record`, checked, with the values of the columns `kept` marks (nil: all).
    /// `exactValue` is given each metric value as it is checked (its column's index in
    /// `SummaryColumn.all` and its exact value, parsed once): `ComparisonSide` packs it there,
    /// keeping no text.
    func row(_ record: CSVReader.Record, file: String, keeping kept: [Bool]? = nil,
             exactValue: (_ column: Int, _ value: ExactDecimal) -> Void = { _, _ in }) throws(InputError)
        -> SummaryRow {
        guard record.fields.count == columns.count else {
            throw InputError(.invalid, file: file, at: .line(record.line),
                             "expected \(columns.count) fields as in the header, found \(record.fields.count)")
        }
        var row = SummaryRow(scenario: "", strategy: "", seed: 0, profile: "", values: SummaryValues())
        for (position, column) in columns.enumerated() {
            let field = record.fields[position]
            guard case .summary(let index) = column else {
                row.axisValues.append(field)
                continue
            }
            let name = SummaryColumn.all[index].name
            func invalid(_ allowed: String) -> InputError {
                InputError(.invalid, file: file, at: .line(record.line, column: position + 1, name: name),
                           "expected \(allowed), found \(MessageLine.quoted(field))")
            }
            switch name {
            case "scenario", "strategy":
                guard !field.isEmpty else { throw invalid("a name") }
                if name == "scenario" { row.scenario = field } else { row.strategy = field }
            case "profile":
                row.profile = field
            case "seed":
                guard !field.isEmpty, field.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let seed = UInt64(field) else {
                    throw invalid("an integer from 0 to \(UInt64.max)")
                }
                row.seed = seed
            default:
                let value = SummaryValue(field)
                guard let exact = value.exact else { throw invalid(Self.numberRule) }
                if SummaryColumn.all[index].decimals == 0 && exact.scale > 0 { throw invalid("an integer") }
                if name == "refresh_hz" && !(1...1000).contains(exact.units) {
                    throw invalid("an integer from 1 to 1000")
                }
                if kept?[index] ?? true { row.values[index] = value }
                exactValue(index, exact)
            }
        }
        return row
    }

    /// What a metric value may be: `ExactDecimal`'s range.
    static let numberRule = "a number like 12 or 0.125 (at most 18 digits, 9 after the point)"

    /// Whether `name` is a sweep axis column: a JSON path into a scenario whose first key is a
    /// scenario key, other than `seed` (an identity column).
    public static func isAxisColumn(_ name: String) -> Bool {
        guard let path = try? JSONPath(parsing: name), case .key(let first) = path.components[0] else { return false }
        return ScenarioLoader.topLevelKeys.contains(first) && name != "seed"
    }

    /// `documents` (each with its file) as one document, rows in order.
    /// - Throws: `InputError` naming the first file whose columns differ from the first file's, or
    ///   the first row that repeats a run of an earlier file (the same file given twice would
    ///   count every run twice in the report's means), as `rank` refuses it.
    public static func concatenating(_ documents: [(file: String, document: SummaryDocument)]) throws(InputError)
        -> SummaryDocument {
        guard let first = documents.first else { return SummaryDocument(columns: []) }
        guard documents.count > 1 else { return first.document }  // no key index for a lone file
        var result = first.document
        var fileOfKey: [RowKey: String] = [:]  // lookups only, never iterated
        for row in first.document.rows { fileOfKey[RowKey(row)] = first.file }
        for (file, document) in documents.dropFirst() {
            guard document.columns == first.document.columns else {
                throw InputError(.invalid, file: file, at: .line(1), "its columns differ from those of \(first.file); "
                                 + "give CSVs with the same columns together")
            }
            for row in document.rows {
                let key = RowKey(row)
                if let earlier = fileOfKey[key] {
                    let point = zip(first.document.axisNames, key.axisValues).map { " \($0)=\($1)" }.joined()
                    throw InputError(.invalid, file: file, "the run of scenario '\(key.scenario)', strategy "
                                     + "'\(key.strategy)', seed \(key.seed)\(point) is also in \(earlier); give each "
                                     + "run once")
                }
                fileOfKey[key] = file
            }
            result.rows += document.rows
        }
        return result
    }
}

/// What identifies a row: scenario, strategy, seed and axis values (the join key of `compare`).
public struct RowKey: Hashable, Sendable {
    /// `scenario`.
    public var scenario: String
    /// `strategy`.
    public var strategy: String
    /// `seed`.
    public var seed: UInt64
    /// The axis values, in a document's axis order.
    public var axisValues: [String]

    /// The key of `row`.
    public init(_ row: SummaryRow) {
        scenario = row.scenario
        strategy = row.strategy
        seed = row.seed
        axisValues = row.axisValues
    }
}
