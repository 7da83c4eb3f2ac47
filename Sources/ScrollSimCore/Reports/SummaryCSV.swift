/// The summary CSV: one header line, then one row per scenario × strategy × seed.
///
/// Column order is part of the file format: new columns go at the end, never in between.
/// Integers print plainly; every other number has a fixed number of decimals and `.` as the
/// separator, whatever the locale (`DecimalFormat`). Durations kept in integer nanoseconds and
/// ratios of integer counters are converted exactly (no `Double` on the way), so ties round the
/// same everywhere. A value with no denominator (no scroll, no request, no display) prints as 0.
/// Every line, the header included, ends with "\n".
public enum SummaryCSV {
    /// The column names, in file order (`SummaryColumn.all`).
    public static let columns: [String] = SummaryColumn.all.map(\.name)

    /// The header line, "\n"-terminated.
    public static var header: String { columns.joined(separator: ",") + "\n" }

    /// One run's row, "\n"-terminated: every column's field with its decimals (`SummaryColumn`).
    public static func row(_ m: RunMetrics) -> String {
        SummaryColumn.all.map { $0.field(of: m) }.joined(separator: ",") + "\n"
    }

    /// `text` as one CSV field per RFC 4180: unchanged unless it contains a comma, a double quote,
    /// CR or LF, in which case it is enclosed in double quotes with inner quotes doubled.
    /// (Scenario and strategy names are validated to need no quoting; this is defensive.)
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    /// Bytes in one MiB: `peak_memory_mb` is in mebibytes.
    static let bytesPerMebibyte = SummaryColumn.bytesPerMebibyte

    /// Integer nanoseconds as milliseconds with 3 decimals, exactly.
    static func milliseconds(_ nanos: SimTime) -> String {
        DecimalFormat.fixed(nanos, over: SimDuration.millisecond, decimals: 3)
    }
}
