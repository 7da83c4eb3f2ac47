import ScrollSimCore

/// One run's frames, as the frame-time chart draws them, read from a per-frame CSV (SPEC §8,
/// `FramesCSV`). `run --html` goes through the same text (it renders its frames with `FramesCSV`
/// and reads them back), so `run --html` and `report --frames` draw identical charts.
struct FrameSeries {
    /// One frame.
    struct Frame {
        /// The vsync the frame was made for, ns.
        var vsyncNanos: Int64
        /// Main-thread time from start to commit, ms (as written, 3 decimals).
        var workMilliseconds: Double
        /// How late the frame appeared, ms (0 when on time).
        var hitchMilliseconds: Double
        /// Whether the vsync lies in a scroll interval.
        var isInScroll: Bool
    }

    /// The run's scenario.
    var scenario: String
    /// The run's strategy.
    var strategy: String
    /// The run's seed, as written.
    var seed: String
    /// The display's refresh rate, Hz (the frame budget is 1000 / `refreshHz` ms).
    var refreshHz: Int
    /// The frames, in order.
    var frames: [Frame]

    /// The frames of the per-frame CSV `text`, read from `file` (named in errors).
    /// - Throws: invalid, naming the file, the line, the column and what is allowed.
    static func parse(_ text: String, file: String) throws(ReportInputError) -> [Frame] {
        let records = try ReportInput.records(text, file: file)
        guard let header = records.first, header.fields == FramesCSV.columns else {
            throw ReportInputError(file: file, message: "line 1: not a per-frame CSV: the header must be '"
                                   + FramesCSV.columns.joined(separator: ",") + "'")
        }
        var frames: [Frame] = []
        for record in records.dropFirst() {
            guard record.fields.count == FramesCSV.columns.count else {
                throw ReportInputError(file: file, message: "line \(record.line): expected \(FramesCSV.columns.count) fields, found \(record.fields.count)")
            }
            var integers: [String: Int64] = [:]
            var decimals: [String: Double] = [:]
            for (name, field) in zip(FramesCSV.columns, record.fields) {
                func invalid(_ allowed: String) -> ReportInputError {
                    ReportInputError(file: file, message: "line \(record.line): column '\(name)': expected \(allowed), found '\(field)'")
                }
                switch name {
                case "offset_pt", "work_ms", "hitch_ms", "blank_ratio":
                    guard let value = ReportInput.decimal(field) else { throw invalid("a number like 12 or 0.125") }
                    decimals[name] = value
                case "in_scroll":
                    guard field == "0" || field == "1" else { throw invalid("0 or 1") }
                    integers[name] = field == "1" ? 1 : 0
                default:
                    guard ReportSummary.isDigits(field), let value = Int64(field) else { throw invalid("an unsigned integer") }
                    integers[name] = value
                }
            }
            frames.append(Frame(vsyncNanos: integers["vsync_ns"] ?? 0, workMilliseconds: decimals["work_ms"] ?? 0,
                                hitchMilliseconds: decimals["hitch_ms"] ?? 0, isInScroll: integers["in_scroll"] == 1))
        }
        return frames
    }
}
