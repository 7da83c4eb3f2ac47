import ScrollSimCore

/// Where `scrollsim run` writes its optional outputs, and the files that makes.
///
/// - `outDirectory`: `summary.csv`, and with `writesFrames` one per-frame CSV per run in `frames/`;
/// - `requestsDirectory`: each run's request trace, `<scenario>__<strategy>__<seed>.csv`;
/// - `traceDirectory`: each run's Chrome trace, `<scenario>__<strategy>__<seed>.json`;
/// - `htmlFile`: the HTML report, rendered from the runs in memory (the same bytes as `report` on
///   the summary and per-frame CSVs the run writes).
///
/// Every file goes into one `OutputSet`: published only when all of them could be written.
public struct RunOutputs: Sendable, Equatable {
    /// `--out`.
    public var outDirectory: String?
    /// `--frames` (needs `outDirectory`).
    public var writesFrames: Bool
    /// `--requests`.
    public var requestsDirectory: String?
    /// `--trace`.
    public var traceDirectory: String?
    /// `--html`.
    public var htmlFile: String?

    /// Outputs; none by default.
    public init(outDirectory: String? = nil, writesFrames: Bool = false, requestsDirectory: String? = nil,
                traceDirectory: String? = nil, htmlFile: String? = nil) {
        self.outDirectory = outDirectory
        self.writesFrames = writesFrames
        self.requestsDirectory = requestsDirectory
        self.traceDirectory = traceDirectory
        self.htmlFile = htmlFile
    }

    /// What the runs must record for these outputs.
    public var recording: RunRecording.Options {
        RunRecording.Options(frames: writesFrames || htmlFile != nil, trace: traceDirectory != nil,
                             requests: requestsDirectory != nil)
    }

    /// Every file `plan` would write, each with the option that names it (for `OutputConflict`).
    public func files(of plan: RunPlan) -> [(path: String, option: String)] {
        var files: [(path: String, option: String)] = []
        func addPerRun(in directory: String, extension: String, option: String) {
            files += plan.runs.map { (Self.path(of: $0, in: directory, extension: `extension`), option) }
        }
        if let outDirectory {
            files.append((AtomicFileWriter.join(outDirectory, "summary.csv"), "--out <dir>"))
            if writesFrames {
                addPerRun(in: AtomicFileWriter.join(outDirectory, "frames"), extension: "csv", option: "--out <dir>")
            }
        }
        if let requestsDirectory { addPerRun(in: requestsDirectory, extension: "csv", option: "--requests <dir>") }
        if let traceDirectory { addPerRun(in: traceDirectory, extension: "json", option: "--trace <dir>") }
        if let htmlFile { files.append((htmlFile, "--html <file>")) }
        return files
    }

    /// The file of `run` in `directory`: `<scenario>__<strategy>__<seed>.<extension>`.
    private static func path(of run: RunPlan.Run, in directory: String, extension: String) -> String {
        AtomicFileWriter.join(directory, run.fileName(extension: `extension`))
    }

    /// Runs `plan` in order, writing each run's frames, trace and request trace as it goes
    /// (`RunStreamRecording`, bounded memory), and returns the results (with their frame charts when
    /// there is an HTML report) and the output set, complete: streamed files, then `summary.csv`
    /// and the HTML report. The caller publishes it (or discards it).
    /// - Throws: `FileWriteError` when an output cannot be started or written; nothing is left then.
    public func run(_ plan: RunPlan) throws(FileWriteError) -> (results: [RunResult], outputs: OutputSet) {
        var set = OutputSet()
        do {
            var results: [RunResult] = []
            var sharing = RunPlan.SampleSharing(plan.runs)  // each scenario's strategies share its samples
            for (index, run) in plan.runs.enumerated() {
                var frames: StreamedFile?
                if writesFrames, let outDirectory {
                    let directory = AtomicFileWriter.join(outDirectory, "frames")
                    frames = try set.addStream(toFile: Self.path(of: run, in: directory, extension: "csv"))
                }
                var trace: (file: StreamedFile, scratch: ScratchFile)?
                if let traceDirectory {
                    let path = Self.path(of: run, in: traceDirectory, extension: "json")
                    trace = (try set.addStream(toFile: path), try set.addScratch(near: path))
                }
                var requests: StreamedFile?
                if let requestsDirectory {
                    requests = try set.addStream(toFile: Self.path(of: run, in: requestsDirectory, extension: "csv"))
                }
                let recording = RunStreamRecording(run, frames: frames, trace: trace, requests: requests,
                                                   drawsChart: htmlFile != nil)
                let metrics = run.run(observer: recording.isRecording ? recording : nil,
                                      sampleStore: sharing.store(forRunAt: index))
                try recording.finish()
                results.append(RunResult(run: run, metrics: metrics, chart: recording.chart))
            }
            if let requestsDirectory { set.addDirectory(requestsDirectory) }
            if let outDirectory {
                set.addDirectory(outDirectory)
                set.add(results.summary.csv, toFile: AtomicFileWriter.join(outDirectory, "summary.csv"))
                if writesFrames { set.addDirectory(AtomicFileWriter.join(outDirectory, "frames")) }
            }
            if let traceDirectory { set.addDirectory(traceDirectory) }
            if let htmlFile {
                set.add(HTMLReport.render(results.summary, frames: results.frameData), toFile: htmlFile)
            }
            return (results, set)
        } catch {
            set.discard()
            throw error
        }
    }

    /// The output set of `results` (recorded with `recording`): every directory, then every file.
    public func outputSet(_ results: [RunResult]) -> OutputSet {
        var set = OutputSet()
        func addPerRun(in directory: String, extension: String, _ text: (RunResult) -> String) {
            set.addDirectory(directory)
            for result in results {
                set.add(text(result), toFile: Self.path(of: result.run, in: directory, extension: `extension`))
            }
        }
        if let requestsDirectory { addPerRun(in: requestsDirectory, extension: "csv") { $0.requests ?? "" } }
        if let outDirectory {
            set.addDirectory(outDirectory)
            set.add(results.summary.csv, toFile: AtomicFileWriter.join(outDirectory, "summary.csv"))
            if writesFrames {
                addPerRun(in: AtomicFileWriter.join(outDirectory, "frames"), extension: "csv") {
                    FramesCSV.header + $0.frames.map(FramesCSV.row).joined()
                }
            }
        }
        if let traceDirectory { addPerRun(in: traceDirectory, extension: "json") { $0.traceJSON ?? "" } }
        if let htmlFile { set.add(HTMLReport.render(results.summary, frames: results.frameData), toFile: htmlFile) }
        return set
    }
}
