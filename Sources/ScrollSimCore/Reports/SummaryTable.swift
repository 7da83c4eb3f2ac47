/// The human-readable summary printed by `scrollsim run` (the default `--format table`).
///
/// One line per run with the key columns of the summary CSV, aligned: names left-aligned, numbers
/// right-aligned, two spaces between columns, a header line and a rule of dashes under it, no
/// trailing spaces. Precision is chosen for reading, not for diffing (use `--format csv` for
/// that): hitch ratio (ms per second of scroll) and times with 1 decimal, ratios with 3, sizes
/// in MiB (1 048 576 bytes) with 1.
public enum SummaryTable {
    /// The column titles, in order.
    public static let columns: [String] = [
        "scenario", "strategy", "seed", "hitch ms/s", "dropped", "hitches", "max hitch ms", "blank mean",
        "ready", "hit", "MiB down", "peak MiB", "wrong img",
    ]

    /// How many leading columns hold names (left-aligned); the others hold numbers.
    static let textColumnCount = 2

    /// The table for `runs`, in the given order (`TextTable`'s layout); every line ends with "\n".
    /// - Complexity: O(total characters).
    public static func render(_ runs: [RunMetrics]) -> String {
        TextTable.render(header: columns, rows: runs.map(cells),
                         rightAligned: columns.indices.map { $0 >= textColumnCount })
    }

    /// One run's cells, in column order.
    static func cells(_ m: RunMetrics) -> [String] {
        [
            m.scenario,
            m.strategy,
            String(m.seed),
            DecimalFormat.fixed(m.hitchNanos, over: m.scrollNanos, decimals: 1, timesPowerOfTen: 3),
            String(m.droppedFrames),
            String(m.hitches),
            DecimalFormat.fixed(m.maxHitchNanos, over: SimDuration.millisecond, decimals: 1),
            DecimalFormat.fixed(m.blankRatioMean, decimals: 3),
            DecimalFormat.fixed(Int64(m.readyDisplays), over: Int64(m.displays), decimals: 3),
            DecimalFormat.fixed(Int64(m.memoryHits), over: Int64(m.requests), decimals: 3),
            DecimalFormat.fixed(m.bytesDownloaded, over: SummaryCSV.bytesPerMebibyte, decimals: 1),
            DecimalFormat.fixed(m.peakMemoryBytes, over: SummaryCSV.bytesPerMebibyte, decimals: 1),
            String(m.wrongImageFrames),
        ]
    }
}
