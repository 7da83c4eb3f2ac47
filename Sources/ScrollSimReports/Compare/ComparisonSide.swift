import ScrollSimCore

/// One file of a comparison, kept compactly: each row's key, and every metric value as a 32-bit
/// count of units at its column's scale (the scale of the column's first value). A value that
/// does not fit that way (another scale, or more than 32 bits) is kept exactly aside. So a summary
/// of a million rows and forty metrics takes about 4 bytes a value, not a parsed row of text
/// fields, and `compare` holds two files in a small multiple of their size (docs/sweeps.md,
/// "Reading large summaries").
///
/// Built by reading the file a record at a time through the one summary reader
/// (`SummaryDocumentReader`, so every check and error is `SummaryDocument.load`'s), or from a
/// document in memory; either way the values read back are those of the document.
public struct ComparisonSide: Sendable {
    /// The file's name.
    public let file: String
    /// The header: the file's columns (no rows).
    public let header: SummaryDocument
    /// The metric columns the file has (indices in `SummaryColumn.all`), ascending: the values of
    /// a row are stored in this order.
    let metricColumns: [Int]
    /// The slot of each column of `SummaryColumn.all` in `metricColumns`, or nil.
    let slotOfColumn: [Int?]
    /// Each row's key, in file order.
    private(set) var keys = ChunkedArray<RowKey>()
    /// Each row's values, `metricColumns.count` per row: units at the column's scale, or
    /// `Self.aside` when the value is in `asideValues`.
    private var units = ChunkedArray<Int32>()
    /// The scale of each metric column (that of its first value); nil before the first row.
    private var scales: [Int?]
    /// The values that do not fit `units`, by their index there; lookups only, never iterated.
    private var asideValues: [Int: ExactDecimal] = [:]
    /// The row of each key (in this file's axis order); lookups only. Kept when asked for.
    private(set) var rowOfKey: [RowKey: Int] = [:]

    /// The marker of a value kept in `asideValues`.
    static let aside = Int32.min

    /// An empty side of `file` with the columns of `header`.
    init(file: String, header: SummaryDocument) {
        self.file = file
        self.header = SummaryDocument(columns: header.columns)
        metricColumns = SummaryColumn.all.indices.filter { index in
            SummaryColumn.all[index].polarity != nil && header.columns.contains(.summary(index))
        }
        var slots = [Int?](repeating: nil, count: SummaryColumn.all.count)
        for (slot, column) in metricColumns.enumerated() { slots[column] = slot }
        slotOfColumn = slots
        scales = [Int?](repeating: nil, count: metricColumns.count)
    }

    /// The side of `document`, read from `file`.
    /// - Throws: `InputError` (invalid) when two rows have the same scenario, strategy, seed and
    ///   axis values, as the summary reader refuses in a file (a document built in code may have them).
    init(document: SummaryDocument, file: String) throws(InputError) {
        self.init(file: file, header: document)
        for row in document.rows { append(row) }
        for (row, key) in keys.enumerated() {
            if let first = rowOfKey[key] {
                let axes = key.axisValues.isEmpty ? "" : " and axis values"
                throw InputError(.invalid, file: file, "duplicate row: rows \(first + 1) and \(row + 1) have the "
                                 + "same scenario, strategy, seed\(axes)")
            }
            rowOfKey[key] = row
        }
    }

    /// Reads the summary CSV at `path` a record at a time (`SummaryDocument.load`'s checks and
    /// errors), keeping the row index of each key when `isIndexed`.
    /// - Throws: `InputError`, as `SummaryDocument.load(path:)`.
    public static func load(path: String, isIndexed: Bool) throws(InputError) -> ComparisonSide {
        // The reader keeps no value of a row (each is parsed once, as it is checked, and packed
        // from `exact`); each row is dropped once packed.
        var reader = SummaryDocumentReader(file: path, keeping: [])
        var side: ComparisonSide?
        var exact = [ExactDecimal](repeating: .zero, count: SummaryColumn.all.count)  // this row's
        try CSVReader.forEachRecord(atPath: path) { (record) throws(InputError) in
            guard let row = try reader.read(record, exactValue: { column, value in exact[column] = value }) else {
                return
            }
            if side == nil, let header = reader.header { side = ComparisonSide(file: path, header: header) }
            side?.append(key: RowKey(row)) { column in exact[column] }
        }
        var result: ComparisonSide
        if let side {
            result = side
        } else {
            result = ComparisonSide(file: path, header: try reader.document())  // a header and no rows
        }
        if isIndexed { result.rowOfKey = reader.rowOfKey }
        return result
    }

    /// How many rows.
    public var rowCount: Int { keys.count }

    /// Appends `row` (its key, and the value of every metric column of the header).
    mutating func append(_ row: SummaryRow) {
        append(key: RowKey(row)) { column in row.values[column]?.exact ?? .zero }  // the reader guarantees one
    }

    /// Appends the row of `key` whose value in each metric column of the header (an index in
    /// `SummaryColumn.all`) is `value(column)`.
    private mutating func append(key: RowKey, value valueOf: (_ column: Int) -> ExactDecimal) {
        keys.append(key)
        let base = units.count
        for (slot, column) in metricColumns.enumerated() {
            let value = valueOf(column)
            let scale = scales[slot] ?? value.scale
            scales[slot] = scale
            if value.scale == scale, let packed = Int32(exactly: value.units), packed != Self.aside {
                units.append(packed)
            } else {
                asideValues[base + slot] = value
                units.append(Self.aside)
            }
        }
    }

    /// The value of metric column `column` (an index in `SummaryColumn.all` the file has) in row `row`.
    func value(row: Int, column: Int) -> ExactDecimal {
        guard let slot = slotOfColumn[column] else { preconditionFailure("ComparisonSide: no column \(column)") }
        let index = row * metricColumns.count + slot
        let packed = units[index]
        if packed == Self.aside, let value = asideValues[index] { return value }
        return ExactDecimal(units: Int64(packed), scale: scales[slot] ?? 0)
    }
}
