import ScrollSimCore

/// A summary CSV as typed data: its columns in file order and its rows. `run` and `sweep` build
/// one from their runs, `compare`, `report` and `merge` read one, and the same code writes it
/// (`csv`) and reads it (`SummaryDocument+Reading.swift`): `read(write(doc)) == doc`.
///
/// A summary CSV has the identity columns `scenario`, `strategy` and `seed`, any other columns of
/// the metric table (`SummaryColumn.all`: a CSV from an older ScrollSim with fewer columns is
/// still a summary CSV), and a sweep's axis columns, named by a JSON path into a scenario
/// (`cells.prefetchScreens`, `strategies[0].memoryCacheMB`), in any order.
public struct SummaryDocument: Equatable, Sendable {
    /// A column.
    public enum Column: Equatable, Hashable, Sendable {
        /// A column of the metric table, by its index in `SummaryColumn.all`.
        case summary(Int)
        /// A sweep axis, named by its JSON path.
        case axis(String)
    }

    /// The columns, in file order.
    public var columns: [Column]
    /// The rows, in file order.
    public var rows: [SummaryRow]

    /// A document of `columns` and `rows`.
    public init(columns: [Column], rows: [SummaryRow] = []) {
        self.columns = columns
        self.rows = rows
    }

    /// A document with every column of the metric table, in order, then the axis columns `axes`
    /// (the columns `run` and `sweep` write).
    public init(axes: [String] = [], rows: [SummaryRow] = []) {
        self.init(columns: SummaryColumn.all.indices.map(Column.summary) + axes.map(Column.axis), rows: rows)
    }

    /// The names of the axis columns, in file order.
    public var axisNames: [String] {
        columns.compactMap { if case .axis(let name) = $0 { name } else { nil } }
    }

    /// Whether the document has the column of the metric table called `name`.
    public func hasColumn(_ name: String) -> Bool {
        SummaryColumn.index(of: name).map { columns.contains(.summary($0)) } ?? false
    }

    /// The header line, "\n"-terminated.
    public var header: String {
        columns.map { column in
            switch column {
            case .summary(let index): SummaryColumn.all[index].name
            case .axis(let name): SummaryCSV.field(name)
            }
        }.joined(separator: ",") + "\n"
    }

    /// `row`'s line in this document's columns, "\n"-terminated.
    public func line(_ row: SummaryRow) -> String {
        var axis = 0
        return columns.map { column in
            switch column {
            case .summary(let index):
                return row.field(index)
            case .axis:
                defer { axis += 1 }
                return SummaryCSV.field(row.axisValues[axis])
            }
        }.joined(separator: ",") + "\n"
    }

    /// The whole CSV: the header, then every row.
    public var csv: String { header + rows.map(line).joined() }
}
