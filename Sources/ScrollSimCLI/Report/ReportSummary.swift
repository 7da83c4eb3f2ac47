import ScrollSimCore

/// Summary CSV rows as the HTML report reads them: the columns of `SummaryCSV`, in order, then any
/// axis columns (a sweep's parameters, e.g. `cells.prefetchScreens`) after `peak_memory_mb`.
///
/// Validation is strict so that the report never draws from a misread file: the header must start
/// with exactly `SummaryCSV.columns`; axis names must be non-empty and distinct; every row has as
/// many fields as the header; `seed` is an unsigned integer, `refresh_hz` a positive integer, and
/// every other column but `scenario`, `strategy` and `profile` a number as ScrollSim writes them.
/// Axis values are free text (numbers when they all parse as numbers). Several files concatenate
/// in the order given and must have identical headers.
struct ReportSummary {
    /// One run: one row of a summary CSV.
    struct Row {
        /// Every field, in header order, as written (the table shows these texts unchanged).
        var fields: [String]
        /// The value of each `SummaryCSV` column that holds a number (0 for the text columns).
        var numbers: [Double]
        /// `refresh_hz`.
        var refreshHz: Int

        /// The `scenario` field.
        var scenario: String { fields[0] }
        /// The `strategy` field.
        var strategy: String { fields[1] }
        /// The `seed` field.
        var seed: String { fields[2] }
        /// The axis fields (after `peak_memory_mb`), in header order.
        var axisValues: ArraySlice<String> { fields[SummaryCSV.columns.count...] }

        /// The field of `SummaryCSV` column `column`.
        func text(_ column: Column) -> String { fields[column.index] }
        /// The number in `SummaryCSV` column `column`.
        func number(_ column: Column) -> Double { numbers[column.index] }
    }

    /// A `SummaryCSV` column the report reads, by name (checked against `SummaryCSV.columns` once).
    struct Column: Sendable {
        /// The column's name.
        let name: String
        /// Its position in `SummaryCSV.columns`.
        let index: Int

        /// The column called `name`; it must be one of `SummaryCSV.columns`.
        init(_ name: String) {
            self.name = name
            index = SummaryCSV.columns.firstIndex(of: name) ?? 0
            assert(SummaryCSV.columns[index] == name, "not a SummaryCSV column: \(name)")
        }

        /// `hitch_ratio`.
        static let hitchRatio = Column("hitch_ratio")
        /// `dropped_frames`.
        static let droppedFrames = Column("dropped_frames")
        /// `hitches`.
        static let hitches = Column("hitches")
        /// `max_hitch_ms`.
        static let maxHitch = Column("max_hitch_ms")
        /// `frame_work_p95_ms`.
        static let workP95 = Column("frame_work_p95_ms")
        /// `blank_ratio_mean`.
        static let blankMean = Column("blank_ratio_mean")
        /// `ready_ratio`.
        static let readyRatio = Column("ready_ratio")
        /// `hit_ratio`.
        static let hitRatio = Column("hit_ratio")
        /// `bytes_downloaded`.
        static let bytesDownloaded = Column("bytes_downloaded")
        /// `wrong_image_frames`.
        static let wrongImageFrames = Column("wrong_image_frames")
        /// `peak_memory_mb`.
        static let peakMemory = Column("peak_memory_mb")
    }

    /// Columns holding text rather than numbers.
    static let textColumns: Set<String> = ["scenario", "strategy", "profile"]

    /// The axis column names (after `peak_memory_mb`), in header order; empty for a plain run.
    var axisNames: [String] = []
    /// Every row, files in the order given, rows in file order.
    var rows: [Row] = []

    /// The rows of the summary CSV `text`, read from `file` (named in errors).
    /// - Throws: `ReportInputError` (invalid) naming the file, the line, the column and what is allowed.
    static func parse(_ text: String, file: String) throws(ReportInputError) -> ReportSummary {
        let records = try ReportInput.records(text, file: file)
        guard let header = records.first, header.fields != [""] else {
            throw ReportInputError(file: file, message: "empty file; expected a summary CSV header starting 'scenario,strategy,seed,…'")
        }
        let expected = SummaryCSV.columns
        for (index, name) in expected.enumerated() where index >= header.fields.count || header.fields[index] != name {
            let found = index < header.fields.count ? "'\(header.fields[index])'" : "the end of the line"
            throw ReportInputError(file: file, message: "line 1: not a summary CSV: column \(index + 1) must be '\(name)', found \(found)")
        }
        let axisNames = Array(header.fields[expected.count...])
        for (index, name) in axisNames.enumerated() {
            if name.isEmpty {
                throw ReportInputError(file: file, message: "line 1: column \(expected.count + index + 1) (an axis column) has no name")
            }
            if axisNames[..<index].contains(name) || expected.contains(name) {
                throw ReportInputError(file: file, message: "line 1: column '\(name)' appears twice")
            }
        }
        var summary = ReportSummary(axisNames: axisNames)
        for record in records.dropFirst() {
            summary.rows.append(try row(record, columnCount: header.fields.count, file: file))
        }
        guard !summary.rows.isEmpty else {
            throw ReportInputError(file: file, message: "no runs: the file has a header but no rows")
        }
        return summary
    }

    /// One validated row.
    private static func row(_ record: ReportInput.Record, columnCount: Int, file: String) throws(ReportInputError) -> Row {
        guard record.fields.count == columnCount else {
            throw ReportInputError(file: file, message: "line \(record.line): expected \(columnCount) fields, found \(record.fields.count)")
        }
        var numbers: [Double] = []
        var refreshHz = 0
        for (index, name) in SummaryCSV.columns.enumerated() {
            let field = record.fields[index]
            if textColumns.contains(name) {
                if field.isEmpty && name != "profile" {
                    throw ReportInputError(file: file, message: "line \(record.line): column '\(name)' is empty")
                }
                numbers.append(0)
                continue
            }
            func invalid(_ allowed: String) -> ReportInputError {
                ReportInputError(file: file, message: "line \(record.line): column '\(name)': expected \(allowed), found '\(field)'")
            }
            switch name {
            case "seed":
                guard isDigits(field), let seed = UInt64(field) else { throw invalid("an unsigned integer") }
                numbers.append(Double(seed))
            case "refresh_hz":
                guard isDigits(field), let hz = Int(field), hz > 0, hz <= 1000 else {
                    throw invalid("an integer from 1 to 1000")
                }
                refreshHz = hz
                numbers.append(Double(hz))
            default:
                guard let value = ReportInput.decimal(field) else { throw invalid("a number like 12 or 0.125") }
                numbers.append(value)
            }
        }
        return Row(fields: record.fields, numbers: numbers, refreshHz: refreshHz)
    }

    /// Whether `text` is one or more ASCII digits.
    static func isDigits(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }

    /// `summaries` (file, content) concatenated in order.
    /// - Throws: invalid, naming the first file whose header differs from the first file's.
    static func concatenate(_ summaries: [(file: String, summary: ReportSummary)]) throws(ReportInputError) -> ReportSummary {
        guard let first = summaries.first else { return ReportSummary() }
        var result = ReportSummary(axisNames: first.summary.axisNames)
        for (file, summary) in summaries {
            guard summary.axisNames == first.summary.axisNames else {
                func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ") }
                throw ReportInputError(file: file, message: "line 1: axis columns \(list(summary.axisNames)) differ from "
                                       + "\(list(first.summary.axisNames)) in \(first.file); report files of one kind together")
            }
            result.rows += summary.rows
        }
        return result
    }
}
