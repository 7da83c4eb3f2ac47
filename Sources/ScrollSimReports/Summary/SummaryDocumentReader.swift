import ScrollSimCore

/// Builds a `SummaryDocument` from a summary CSV's records as they are read (the header first,
/// then the rows), checking each as `SummaryDocument.read` describes, so a reader that streams a
/// file (`SummaryDocument.load`, `ShardMerge.read`) keeps only the parsed rows.
struct SummaryDocumentReader {
    /// The file, for errors.
    let file: String
    /// The document so far; nil before the header.
    private var partial: SummaryDocument?
    /// The line of each row's key so far; lookups only, never iterated.
    private var lineOfKey: [RowKey: Int] = [:]

    /// A reader of `file`, before its header.
    init(file: String) {
        self.file = file
    }

    /// Takes the next record: the header, then each row.
    /// - Throws: `InputError` for the first problem of the record (a duplicate row names the line
    ///   of the first).
    mutating func add(_ record: CSVReader.Record) throws(InputError) {
        guard var document = partial else {
            partial = try SummaryDocument.header(record, file: file)
            return
        }
        partial = nil  // the rows are appended without a copy
        defer { partial = document }
        let row = try document.row(record, file: file)
        try checkKey(of: row, line: record.line)
        document.rows.append(row)
    }

    /// Notes the key of `row`, on `line`.
    /// - Throws: `InputError` (invalid, at `line`) when an earlier row has the same key, naming its line.
    mutating func checkKey(of row: SummaryRow, line: Int) throws(InputError) {
        let key = RowKey(row)
        if let first = lineOfKey[key] {
            let axes = row.axisValues.isEmpty ? "" : " and axis values"
            throw InputError(.invalid, file: file, at: .line(line),
                             "duplicate row: line \(first) has the same scenario, strategy, seed\(axes)")
        }
        lineOfKey[key] = line
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
