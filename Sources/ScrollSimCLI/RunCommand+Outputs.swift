import ScrollSimCore

extension RunCommand {
    /// `<scenario>__<strategy>__<seed>.<extension>`, with any `/`, `\` or NUL in a name replaced
    /// by `_` (names are validated not to contain them; this keeps the file inside its directory).
    /// `run --frames` and `--trace` name their files so, and `report --frames` looks them up so.
    static func runFileName(scenario: String, strategy: String, seed: String, extension: String) -> String {
        func safe(_ name: String) -> String {
            String(name.map { $0 == "/" || $0 == "\\" || $0 == "\0" ? "_" : $0 })
        }
        return "\(safe(scenario))__\(safe(strategy))__\(safe(seed)).\(`extension`)"
    }
}

extension RunCommand.PlannedRun {
    /// `<scenario>__<strategy>__<seed>.json`: this run's Chrome trace.
    var traceFileName: String {
        RunCommand.runFileName(scenario: scenario.name, strategy: strategyName, seed: String(seed), extension: "json")
    }
}

/// Watches one run for `run`'s optional outputs: its frames (`--frames`, `--html`), its Chrome
/// trace (`--trace`, a `ChromeTraceRecorder` it forwards every call to) and its image request
/// trace (`--requests`).
///
/// The request trace is `RequestTrace`'s format, one `<image id>,<size>` line per request to
/// configure a cell, in the order the strategy recorded them (`RunObserver.imageRequested`),
/// whatever the outcome (memory hit, disk hit, join, miss): the stream of lookups a cache in
/// front of the images would see. The size is the image's full decoded size, width × height × 4
/// bytes (the cost Nuke and SDWebImage give a decoded image), so `cache-replay` sizes a
/// decoded-image memory cache; every image of a scenario has the same size, unless it has a
/// `layout.catalog`.
final class RunRecording: RunObserver {
    /// The trace recorder, when tracing.
    let trace: ChromeTraceRecorder?
    /// Whether frames are kept.
    let keepsFrames: Bool
    /// Whether image requests are recorded.
    let recordsRequests: Bool
    /// The run's frames, in order (when kept).
    private(set) var frames: [FrameRecord] = []
    /// The request trace so far, header included (when recorded).
    private(set) var requests: String
    /// The scenario run (for its images' sizes).
    private let scenario: Scenario

    /// A recording of `planned`, keeping frames, tracing and recording requests as asked.
    init(_ planned: RunCommand.PlannedRun, keepsFrames: Bool, traces: Bool, requests: Bool = false) {
        self.keepsFrames = keepsFrames
        recordsRequests = requests
        trace = traces ? ChromeTraceRecorder(scenario: planned.scenario, strategyName: planned.strategyName,
                                             seed: planned.seed) : nil
        scenario = planned.scenario
        self.requests = requests ? RequestTrace.header + "\n" : ""
    }

    /// Whether anything is watched (else the run needs no observer).
    var isRecording: Bool { keepsFrames || recordsRequests || trace != nil }

    /// Appends the request's line.
    func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        guard recordsRequests else { return }
        let size = scenario.imagePixelSize(ofImage: imageID)
        requests += "\(imageID),\(Int64(size.width) * Int64(size.height) * 4)\n"
    }

    /// The per-frame CSV of the kept frames, built once after the run (`--frames` and `--html`
    /// both use it).
    private(set) lazy var framesCSV: String = FramesCSV.header + frames.map(FramesCSV.row).joined()

    /// Keeps the frame; forwards.
    func frameCommitted(_ frame: FrameRecord) {
        if keepsFrames { frames.append(frame) }
        trace?.frameCommitted(frame)
    }

    /// Forwards.
    func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) { trace?.lifecycleCallback(event, duration: duration) }
    /// Forwards.
    func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        trace?.mainThreadWork(work, start: start, end: end)
    }
    /// Forwards.
    func connectionEnded(_ span: ConnectionSpan) { trace?.connectionEnded(span) }
    /// Forwards.
    func connectionOpened(_ setup: ConnectionSetup) { trace?.connectionOpened(setup) }
    /// Forwards.
    func decodeRan(thread: Int, start: SimTime, end: SimTime) { trace?.decodeRan(thread: thread, start: start, end: end) }
    /// Forwards.
    func diskRan(queue: Int, start: SimTime, end: SimTime) { trace?.diskRan(queue: queue, start: start, end: end) }
    /// Forwards.
    func memoryChanged(bytes: Int64, at time: SimTime) { trace?.memoryChanged(bytes: bytes, at: time) }
}

/// `run`'s trace files and HTML report, collected over the runs and written after the last one.
///
/// The HTML report is rendered from the same texts `run --out --frames` writes (the summary CSV and
/// each run's per-frame CSV, read back by the report's readers), so `run --html` gives exactly the
/// bytes of `report <out>/summary.csv --frames <out>/frames --html`.
struct RunOutputs {
    /// Trace files: name and JSON text, in run order.
    private(set) var traces: [(name: String, text: String)] = []
    /// Each run's per-frame CSV for the report, in run order (empty unless frames are kept).
    private(set) var frameTexts: [(planned: RunCommand.PlannedRun, csv: String)] = []

    /// Takes `recording`'s trace and frames.
    mutating func add(_ recording: RunRecording, of planned: RunCommand.PlannedRun) {
        if let trace = recording.trace { traces.append((planned.traceFileName, trace.makeJSON())) }
        if recording.keepsFrames { frameTexts.append((planned, recording.framesCSV)) }
    }

    /// Writes the traces into `traceDirectory` (created as needed) and the report to `htmlFile`, each atomically.
    /// - Throws: the first `FileWriteError`.
    func write(summary: String, traceDirectory: String?, htmlFile: String?) throws(FileWriteError) {
        if let traceDirectory {
            try AtomicFileWriter.createDirectory(atPath: traceDirectory)
            for trace in traces {
                try AtomicFileWriter.write(trace.text, toFile: RunCommand.join(traceDirectory, trace.name))
            }
        }
        if let htmlFile {
            try AtomicFileWriter.write(try html(summary: summary, file: htmlFile), toFile: htmlFile)
        }
    }

    /// The HTML report of `summary` and the kept frames.
    /// - Throws: a `FileWriteError` for `file` if ScrollSim's own CSV text does not read back (a bug).
    func html(summary: String, file: String) throws(FileWriteError) -> String {
        do {
            let report = try ReportSummary.parse(summary, file: "summary.csv")
            var frames = HTMLReport.FrameData(isRequested: true)
            for (planned, csv) in frameTexts {
                let name = planned.framesFileName
                frames.series.append(FrameSeries(scenario: planned.scenario.name, strategy: planned.strategyName,
                                                 seed: String(planned.seed), refreshHz: planned.scenario.display.refreshHz,
                                                 frames: try FrameSeries.parse(csv, file: name)))
            }
            return HTMLReport.render(summary: report, frames: frames)
        } catch {
            throw FileWriteError(path: file, reason: "internal error, the report cannot read its own data: \(error.description)")
        }
    }
}
