import ScrollSimCore

/// One run's frames, as the frame-time chart draws them (at most `FrameChart.maximumBars` bars): from the run
/// itself (`run --html`) or read back from its per-frame CSV (`report --frames`, `FramesCSV`). Both give the
/// same values (work and hitch in ms rounded to the CSV's 3 decimals), so the two draw identical charts.
public struct FrameSeries: Sendable {
    /// One frame.
    public struct Frame: Sendable, Equatable {
        /// The vsync the frame was made for, ns.
        public var vsyncNanos: Int64
        /// Main-thread time from start to commit, ms (3 decimals, as the per-frame CSV has it).
        public var workMilliseconds: Double
        /// How late the frame appeared, ms (0 when on time; 3 decimals).
        public var hitchMilliseconds: Double
        /// Whether the vsync lies in a scroll interval.
        public var isInScroll: Bool

        /// A frame from its values.
        public init(vsyncNanos: Int64, workMilliseconds: Double, hitchMilliseconds: Double, isInScroll: Bool) {
            self.vsyncNanos = vsyncNanos
            self.workMilliseconds = workMilliseconds
            self.hitchMilliseconds = hitchMilliseconds
            self.isInScroll = isInScroll
        }

        /// The frame of a run, its durations rounded to whole µs as the per-frame CSV prints them.
        public init(_ record: FrameRecord) {
            self.init(vsyncNanos: record.vsync, workMilliseconds: Self.milliseconds(record.work),
                      hitchMilliseconds: Self.milliseconds(record.hitch), isInScroll: record.inScroll)
        }

        /// `nanos` in ms rounded half away from zero to 3 decimals: whole µs over 1000, which is
        /// the `Double` nearest to the decimal the CSV prints (an IEEE division of two exact
        /// integers is correctly rounded, like parsing the text).
        static func milliseconds(_ nanos: SimTime) -> Double {
            let (micros, remainder) = nanos.magnitude.quotientAndRemainder(dividingBy: 1000)
            let rounded = Double(remainder >= 500 ? micros + 1 : micros)
            return (nanos < 0 ? -rounded : rounded) / 1000
        }
    }

    /// The run's scenario.
    public var scenario: String
    /// The run's strategy.
    public var strategy: String
    /// The run's seed.
    public var seed: UInt64
    /// The display's refresh rate, Hz (the frame budget is 1000 / `refreshHz` ms).
    public var refreshHz: Int
    /// The frames as the chart draws them (bounded: `FrameChart`).
    public var chart: FrameChart

    /// A run's series, its frames drawn by `chart`.
    public init(scenario: String, strategy: String, seed: UInt64, refreshHz: Int, chart: FrameChart) {
        self.scenario = scenario
        self.strategy = strategy
        self.seed = seed
        self.refreshHz = refreshHz
        self.chart = chart
    }

    /// A run's series of `frames`, in order.
    public init(scenario: String, strategy: String, seed: UInt64, refreshHz: Int, frames: [Frame]) {
        var chart = FrameChart()
        for frame in frames { chart.append(frame) }
        self.init(scenario: scenario, strategy: strategy, seed: seed, refreshHz: refreshHz, chart: chart)
    }

    /// The longest `work_ms` or `hitch_ms` a per-frame CSV may give, and the most the `work_ms` of
    /// all its frames may add up to, in whole µs: 9·10^15 µs (about 104 days, within the time
    /// base's 2^63 ns and exact as a `Double`). A run's frames work one after another on its one
    /// main thread, so their work adds up to less than the run's length; the bound keeps the
    /// chart's sums of µs (`FrameChart`) from overflowing.
    public static let maximumWorkMicros: Int64 = 9_000_000_000_000_000

    /// The frames of the per-frame CSV `bytes`, read from `file` (named in errors), in order. The
    /// rules are those of `chart(_:file:)`.
    /// - Throws: `InputError` (invalid) naming the line and column.
    public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> [Frame] {
        var frames: [Frame] = []
        try forEachFrame(.bytes(bytes), file: file) { frames.append($0) }
        return frames
    }

    /// The chart of the per-frame CSV `bytes`, read from `file` (named in errors), in memory
    /// bounded by the file itself: each frame goes into the chart as it is read, none is kept.
    /// The header must be `FramesCSV.columns`; times and counts are unsigned integers, `in_scroll`
    /// is 0 or 1, `offset_pt` and `blank_ratio` plain decimal numbers, `work_ms` and `hitch_ms`
    /// plain decimal numbers from 0 to `maximumWorkMicros` / 1000, and the `work_ms` of all the
    /// frames add up to at most that too.
    /// - Throws: `InputError` (invalid) naming the line and column.
    public static func chart(_ bytes: [UInt8], file: String) throws(InputError) -> FrameChart {
        var chart = FrameChart()
        try forEachFrame(.bytes(bytes), file: file) { chart.append($0) }
        return chart
    }

    /// The chart of the per-frame CSV at `path`, read a chunk at a time
    /// (`CSVReader.forEachRecord(atPath:)`): neither its text nor its frames are kept, whatever its
    /// length. The rules are those of `chart(_:file:)`.
    /// - Throws: `InputError`: `InputFile`'s reasons, or invalid naming the line and column.
    public static func chart(atPath path: String) throws(InputError) -> FrameChart {
        var chart = FrameChart()
        try forEachFrame(.path(path), file: path) { chart.append($0) }
        return chart
    }

    /// Where a per-frame CSV comes from.
    enum Source {
        /// Its bytes, in memory.
        case bytes([UInt8])
        /// Its file, read a chunk at a time.
        case path(String)
    }

    /// Calls `body` with each frame of the per-frame CSV `file` from `source`, checked
    /// (`chart(_:file:)`'s rules).
    static func forEachFrame(_ source: Source, file: String, _ body: (Frame) -> Void) throws(InputError) {
        var isHeader = true
        var totalWorkMicros: Int64 = 0
        let largest = DecimalFormat.fixed(maximumWorkMicros, over: 1000, decimals: 3)
        func handle(_ record: CSVReader.Record) throws(InputError) {
            if isHeader {
                isHeader = false
                guard record.fields == FramesCSV.columns else { throw notAFramesCSV(file) }
                return
            }
            guard record.fields.count == FramesCSV.columns.count else {
                throw InputError(.invalid, file: file, at: .line(record.line),
                                 "expected \(FramesCSV.columns.count) fields as in the header, "
                                 + "found \(record.fields.count)")
            }
            var frame = Frame(vsyncNanos: 0, workMilliseconds: 0, hitchMilliseconds: 0, isInScroll: false)
            for (index, (name, field)) in zip(FramesCSV.columns, record.fields).enumerated() {
                func invalid(_ allowed: String) -> InputError {
                    InputError(.invalid, file: file, at: .line(record.line, column: index + 1, name: name),
                               "expected \(allowed), found \(MessageLine.quoted(field))")
                }
                switch name {
                case "offset_pt", "blank_ratio":
                    guard isPlainDecimal(field), let value = Double(field), value.isFinite else {
                        throw invalid("a number like 12 or 0.125")
                    }
                case "work_ms", "hitch_ms":
                    // Compared as a Double before `micros`: a larger value has no µs in Int64.
                    guard isPlainDecimal(field), let value = Double(field), value >= 0,
                          value * 1000 <= Double(maximumWorkMicros) else {
                        throw invalid("a number of ms from 0 to \(largest), like 12 or 0.125")
                    }
                    if name == "hitch_ms" {
                        frame.hitchMilliseconds = value
                        continue
                    }
                    frame.workMilliseconds = value
                    totalWorkMicros += FrameChart.micros(value)
                    guard totalWorkMicros <= maximumWorkMicros else {
                        throw InputError(.invalid, file: file, at: .line(record.line, column: index + 1, name: name),
                                         "the frames' work up to this line adds up to more than \(largest) ms; "
                                             + "a run's frames follow one another on its main thread, so their work "
                                             + "adds up to less than the run's length")
                    }
                case "in_scroll":
                    guard field == "0" || field == "1" else { throw invalid("0 or 1") }
                    frame.isInScroll = field == "1"
                default:
                    guard !field.isEmpty, field.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
                          let value = Int64(field) else {
                        throw invalid("an integer from 0 to \(Int64.max)")
                    }
                    if name == "vsync_ns" { frame.vsyncNanos = value }
                }
            }
            body(frame)
        }
        switch source {
        case .bytes(let bytes): try CSVReader.forEachRecord(bytes, file: file, handle)
        case .path(let path): try CSVReader.forEachRecord(atPath: path, handle)
        }
        if isHeader { throw notAFramesCSV(file) }
    }

    /// The refusal of a file whose first line is not the per-frame CSV header.
    static func notAFramesCSV(_ file: String) -> InputError {
        InputError(.invalid, file: file, at: .line(1),
                   "not a per-frame CSV: the header must be '\(FramesCSV.columns.joined(separator: ","))'")
    }

    /// Whether `text` is written as ScrollSim writes numbers: an optional "-", digits, and
    /// optionally "." and digits (no "+", exponent, spaces or "nan").
    static func isPlainDecimal(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
    }
}
