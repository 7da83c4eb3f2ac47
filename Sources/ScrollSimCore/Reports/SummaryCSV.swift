/// The summary CSV (SPEC §8): one header line, then one row per scenario × strategy × seed.
///
/// Column order is part of the file format: new columns go at the end, never in between.
/// Integers print plainly; every other number has a fixed number of decimals and `.` as the
/// separator, whatever the locale (`DecimalFormat`). Durations kept in integer nanoseconds and
/// ratios of integer counters are converted exactly (no `Double` on the way), so ties round the
/// same everywhere. A value with no denominator (no scroll, no request, no display) prints as 0.
/// Every line, the header included, ends with "\n".
public enum SummaryCSV {
    /// The column names, in file order.
    public static let columns: [String] = [
        "scenario", "strategy", "seed", "profile", "refresh_hz", "scroll_s", "frames", "dropped_frames",
        "hitches", "hitch_ratio", "max_hitch_ms", "frame_work_p50_ms", "frame_work_p95_ms",
        "frame_work_p99_ms", "requests", "memory_hits", "hit_ratio", "disk_hits", "inflight_joins",
        "network_fetches", "bytes_downloaded", "duplicate_downloads", "prefetches", "prefetch_cancels",
        "wasted_prefetches", "displays", "ready_ratio", "blank_ratio_mean", "blank_ratio_max",
        "time_to_image_p95_ms", "wrong_image_frames", "main_decode_ms", "cells_created", "cells_reused",
        "peak_memory_mb", "blank_ratio_vsync_mean", "memory_warnings", "killed", "radio_energy_j",
    ]

    /// The header line, "\n"-terminated.
    public static var header: String { columns.joined(separator: ",") + "\n" }

    /// One run's row, "\n"-terminated: `scroll_s` and every `*_ms` with 3 decimals (from integer ns),
    /// `hitch_ratio` (ms/s) with 3, `hit_ratio`, `ready_ratio` and `blank_ratio_*` with 4,
    /// `peak_memory_mb` (bytes / 1 048 576) with 3, `killed` as 0 or 1, `radio_energy_j` with 3
    /// (from integer nJ, exactly: the sub-nJ part the metric drops cannot change the third decimal).
    public static func row(_ m: RunMetrics) -> String {
        let fields: [String] = [
            field(m.scenario),
            field(m.strategy),
            String(m.seed),
            field(m.profile),
            String(m.refreshHz),
            DecimalFormat.fixed(m.scrollNanos, over: SimDuration.second, decimals: 3),
            String(m.frames),
            String(m.droppedFrames),
            String(m.hitches),
            DecimalFormat.fixed(m.hitchNanos, over: m.scrollNanos, decimals: 3, timesPowerOfTen: 3),
            milliseconds(m.maxHitchNanos),
            milliseconds(m.frameWorkP50Nanos),
            milliseconds(m.frameWorkP95Nanos),
            milliseconds(m.frameWorkP99Nanos),
            String(m.requests),
            String(m.memoryHits),
            DecimalFormat.fixed(Int64(m.memoryHits), over: Int64(m.requests), decimals: 4),
            String(m.diskHits),
            String(m.inflightJoins),
            String(m.networkFetches),
            String(m.bytesDownloaded),
            String(m.duplicateDownloads),
            String(m.prefetches),
            String(m.prefetchCancels),
            String(m.wastedPrefetches),
            String(m.displays),
            DecimalFormat.fixed(Int64(m.readyDisplays), over: Int64(m.displays), decimals: 4),
            DecimalFormat.fixed(m.blankRatioMean, decimals: 4),
            DecimalFormat.fixed(m.blankRatioMax, decimals: 4),
            milliseconds(m.timeToImageP95Nanos),
            String(m.wrongImageFrames),
            milliseconds(m.mainDecodeNanos),
            String(m.cellsCreated),
            String(m.cellsReused),
            DecimalFormat.fixed(m.peakMemoryBytes, over: bytesPerMebibyte, decimals: 3),
            DecimalFormat.fixed(m.blankRatioVsyncMean, decimals: 4),
            String(m.memoryWarnings),
            m.killed ? "1" : "0",
            DecimalFormat.fixed(m.radioEnergyNanojoules, over: nanojoulesPerJoule, decimals: 3),
        ]
        assert(fields.count == columns.count, "SummaryCSV.row out of step with SummaryCSV.columns")
        return fields.joined(separator: ",") + "\n"
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

    /// Bytes in one MiB: `peak_memory_mb` is in mebibytes (SPEC §8).
    static let bytesPerMebibyte: Int64 = 1_048_576

    /// Nanojoules in one joule: `radio_energy_j` is in joules.
    static let nanojoulesPerJoule: Int64 = 1_000_000_000

    /// Integer nanoseconds as milliseconds with 3 decimals, exactly.
    static func milliseconds(_ nanos: SimTime) -> String {
        DecimalFormat.fixed(nanos, over: SimDuration.millisecond, decimals: 3)
    }
}
