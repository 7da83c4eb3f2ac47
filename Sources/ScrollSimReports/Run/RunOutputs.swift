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
        if let outDirectory {
            files.append((AtomicFileWriter.join(outDirectory, "summary.csv"), "--out <dir>"))
            if writesFrames {
                let frames = AtomicFileWriter.join(outDirectory, "frames")
                files += plan.runs.map { (AtomicFileWriter.join(frames, $0.fileName(extension: "csv")), "--out <dir>") }
            }
        }
        if let requestsDirectory {
            files += plan.runs.map {
                (AtomicFileWriter.join(requestsDirectory, $0.fileName(extension: "csv")), "--requests <dir>")
            }
        }
        if let traceDirectory {
            files += plan.runs.map {
                (AtomicFileWriter.join(traceDirectory, $0.fileName(extension: "json")), "--trace <dir>")
            }
        }
        if let htmlFile { files.append((htmlFile, "--html <file>")) }
        return files
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
            for run in plan.runs {
                let name = run.fileName(extension: "csv")
                var frames: StreamedFile?
                if writesFrames, let outDirectory {
                    frames = try set.addStream(toFile: join(outDirectory, "frames", name))
                }
                var trace: (file: StreamedFile, scratch: ScratchFile)?
                if let traceDirectory {
                    let path = AtomicFileWriter.join(traceDirectory, run.fileName(extension: "json"))
                    trace = (try set.addStream(toFile: path), try set.addScratch(near: path))
                }
                var requests: StreamedFile?
                if let requestsDirectory {
                    requests = try set.addStream(toFile: AtomicFileWriter.join(requestsDirectory, name))
                }
                let recording = RunStreamRecording(run, frames: frames, trace: trace, requests: requests,
                                                   drawsChart: htmlFile != nil)
                let metrics = run.run(observer: recording.isRecording ? recording : nil)
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

    /// `directory/subdirectory/name`.
    private func join(_ directory: String, _ subdirectory: String, _ name: String) -> String {
        AtomicFileWriter.join(AtomicFileWriter.join(directory, subdirectory), name)
    }

    /// The output set of `results` (recorded with `recording`): every directory, then every file.
    public func outputSet(_ results: [RunResult]) -> OutputSet {
        var set = OutputSet()
        if let requestsDirectory {
            set.addDirectory(requestsDirectory)
            for result in results {
                let path = AtomicFileWriter.join(requestsDirectory, result.run.fileName(extension: "csv"))
                set.add(result.requests ?? "", toFile: path)
            }
        }
        if let outDirectory {
            set.addDirectory(outDirectory)
            set.add(results.summary.csv, toFile: AtomicFileWriter.join(outDirectory, "summary.csv"))
            if writesFrames {
                let frames = AtomicFileWriter.join(outDirectory, "frames")
                set.addDirectory(frames)
                for result in results {
                    let text = FramesCSV.header + result.frames.map(FramesCSV.row).joined()
                    set.add(text, toFile: AtomicFileWriter.join(frames, result.run.fileName(extension: "csv")))
                }
            }
        }
        if let traceDirectory {
            set.addDirectory(traceDirectory)
            for result in results {
                let path = AtomicFileWriter.join(traceDirectory, result.run.fileName(extension: "json"))
                set.add(result.traceJSON ?? "", toFile: path)
            }
        }
        if let htmlFile { set.add(HTMLReport.render(results.summary, frames: results.frameData), toFile: htmlFile) }
        return set
    }
}
