import ScrollSimCore

/// Builds a `SummaryDocument` from a summary CSV's records as they are read (the header first,
/// then the rows), checking each as `SummaryDocument.read` describes, so a reader that streams a
/// file (`SummaryDocument.load`, `ShardMerge.read`) keeps only the parsed rows.
///
/// Every field is checked whatever is kept: a reader told to keep some metric columns only
/// (`keeping`) stores no other value, and the names and axis values repeated from row to row
/// (scenario, strategy, profile, a sweep point's axis values) share one copy, so the rows take
/// memory in proportion to the columns kept. `read(_:)` checks a record without keeping its row,
/// for a caller that keeps rows its own way (`ComparisonSide`).
struct SummaryDocumentReader {
    /// The file, for errors.
    let file: String
    /// Whether each column of `SummaryColumn.all` is kept; nil: all.
    private let kept: [Bool]?
    /// The document so far; nil before the header.
    private var partial: SummaryDocument?
    /// The ordinal of each row's key so far (its place among the rows checked); lookups only,
    /// never iterated.
    private(set) var rowOfKey: [RowKey: Int] = [:]
    /// The line of each row checked, by ordinal (for the duplicate-row error).
    private var lines: [Int] = []
    /// One copy of each name read (scenario, strategy, profile); lookups only.
    private var names: Set<String> = []
    /// One copy of each list of axis values read; lookups only.
    private var points: Set<[String]> = []

    /// A reader of `file`, before its header, keeping the values of the columns of
    /// `SummaryColumn.all` whose indices are in `keeping` (nil: every column).
    init(file: String, keeping: Set<Int>? = nil) {
        self.file = file
        kept = keeping.map { keeping in SummaryColumn.all.indices.map(keeping.contains) }
    }

    /// The header read so far (no rows), or nil before it.
    var header: SummaryDocument? {
        partial.map { SummaryDocument(columns: $0.columns) }
    }

    /// Takes the next record: the header, then each row.
    /// - Throws: `InputError` for the first problem of the record (a duplicate row names the line
    ///   of the first).
    mutating func add(_ record: CSVReader.Record) throws(InputError) {
        guard let row = try read(record) else { return }
        partial?.rows.append(row)
    }

    /// Checks the next record (the header, then each row) and returns its row, without keeping it
    /// (nil for the header): its names shared with earlier rows, its values only those kept.
    /// `exactValue` is given each metric value of a row as it is checked (`SummaryDocument.row`).
    /// - Throws: `InputError` for the first problem of the record (a duplicate row names the line
    ///   of the first).
    mutating func read(_ record: CSVReader.Record,
                       exactValue: (_ column: Int, _ value: ExactDecimal) -> Void = { _, _ in }) throws(InputError)
        -> SummaryRow? {
        guard let document = partial else {
            partial = try SummaryDocument.header(record, file: file)
            return nil
        }
        var row = try document.row(record, file: file, keeping: kept, exactValue: exactValue)
        row.scenario = shared(row.scenario)
        row.strategy = shared(row.strategy)
        row.profile = shared(row.profile)
        if !row.axisValues.isEmpty {
            let (isNew, first) = points.insert(row.axisValues)
            if !isNew { row.axisValues = first }
        }
        try checkKey(of: row, line: record.line)
        return row
    }

    /// The one copy of `name`.
    private mutating func shared(_ name: String) -> String {
        names.insert(name).memberAfterInsert
    }

    /// Notes the key of `row`, on `line`.
    /// - Throws: `InputError` (invalid, at `line`) when an earlier row has the same key, naming its line.
    mutating func checkKey(of row: SummaryRow, line: Int) throws(InputError) {
        let key = RowKey(row)
        if let first = rowOfKey[key] {
            let axes = row.axisValues.isEmpty ? "" : " and axis values"
            throw InputError(.invalid, file: file, at: .line(line),
                             "duplicate row: line \(lines[first]) has the same scenario, strategy, seed\(axes)")
        }
        rowOfKey[key] = lines.count
        lines.append(line)
    }

    /// The document read.
    /// - Throws: `InputError` for a file without a header (empty).
    func document() throws(InputError) -> SummaryDocument {
        guard let partial else {
            let identity = "\(SummaryCSV.columns.prefix(3).joined(separator: ",")),…"
            throw InputError(.invalid, file: file, at: .line(1),
                             "empty file; expected a summary CSV header (\(identity))")
        }
        return partial
    }
}
