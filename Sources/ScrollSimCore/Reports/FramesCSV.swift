/// The per-frame CSV written with `--frames` (docs/metrics.md): one header line, then one row per frame.
///
/// Times are integer nanoseconds as recorded; `offset_pt` has 3 decimals, `in_scroll` is 0 or 1,
/// `work_ms` and `hitch_ms` have 3 decimals (exact, from integer ns), `blank_ratio` has 4.
/// Every line, the header included, ends with "\n".
public enum FramesCSV {
    /// The column names, in file order.
    public static let columns: [String] = [
        "frame", "vsync_ns", "start_ns", "commit_ns", "present_ns", "offset_pt", "in_scroll", "work_ms",
        "hitch_ms", "missed_vsyncs", "visible_cells", "blank_ratio",
    ]

    /// The header line, "\n"-terminated.
    public static var header: String { columns.joined(separator: ",") + "\n" }

    /// One frame's row, "\n"-terminated.
    public static func row(_ f: FrameRecord) -> String {
        let fields: [String] = [
            String(f.frame),
            String(f.vsync),
            String(f.start),
            String(f.commit),
            String(f.present),
            DecimalFormat.fixed(f.offset, decimals: 3),
            f.inScroll ? "1" : "0",
            SummaryCSV.milliseconds(f.work),
            SummaryCSV.milliseconds(f.hitch),
            String(f.missedVsyncs),
            String(f.visibleCells),
            DecimalFormat.fixed(f.blankRatio, decimals: 4),
        ]
        assert(fields.count == columns.count, "FramesCSV.row out of step with FramesCSV.columns")
        return fields.joined(separator: ",") + "\n"
    }
}
