import ScrollSimCore

/// Watches one run and writes its optional outputs as it goes, in bounded memory (`scrollsim run`):
/// its per-frame CSV, its Chrome trace (`ChromeTraceStreamRecorder`, whose segments wait in a
/// scratch file until the run ends), its image request trace and its frame chart for the HTML
/// report (`FrameChart`). The files are the same bytes `RunRecording` and `RunOutputs.outputSet`
/// make in memory.
public final class RunStreamRecording: RunObserver {
    /// The per-frame CSV, when written.
    private let frames: StreamedFile?
    /// The trace recorder, its segments and its file, when tracing.
    private let trace: (recorder: ChromeTraceStreamRecorder, spill: ChromeTraceSpill, file: StreamedFile)?
    /// The request trace, when written.
    private let requests: StreamedFile?
    /// The scenario run (its images' sizes: each its own with a `layout.catalog`).
    private let scenario: Scenario
    /// The frame chart, when drawn.
    public private(set) var chart: FrameChart?

    /// A recording of `run` into the given files (each nil when not written); `drawsChart` keeps
    /// the frame chart; `traceScratch` holds the trace's segments until the run ends.
    public init(_ run: RunPlan.Run, frames: StreamedFile?, trace: (file: StreamedFile, scratch: ScratchFile)?,
                requests: StreamedFile?, drawsChart: Bool) {
        self.frames = frames
        frames?.write(FramesCSV.header)
        if let trace {
            let spill = ChromeTraceSpill(scratch: trace.scratch)
            let recorder = ChromeTraceStreamRecorder(scenario: run.scenario, strategyName: run.strategyName,
                                                     seed: run.seed, segments: spill)
            self.trace = (recorder, spill, trace.file)
        } else {
            self.trace = nil
        }
        self.requests = requests
        requests?.write(RequestTrace.header + "\n")
        scenario = run.scenario
        chart = drawsChart ? FrameChart() : nil
    }

    /// Whether anything is recorded (else the run needs no observer).
    public var isRecording: Bool { frames != nil || trace != nil || requests != nil || chart != nil }

    /// Writes what is left of the trace; the run has ended.
    /// - Throws: `FileWriteError` when the trace's scratch file failed.
    public func finish() throws(FileWriteError) {
        if let trace { try trace.spill.write(trace.recorder.finish(), to: trace.file) }
    }

    /// Writes the request's line.
    public func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        guard let requests else { return }
        let size = scenario.imagePixelSize(ofImage: imageID)
        requests.write("\(imageID),\(Int64(size.width) * Int64(size.height) * 4)\n")
    }

    /// Writes the frame's row, adds it to the chart; forwards.
    public func frameCommitted(_ frame: FrameRecord) {
        frames?.write(FramesCSV.row(frame))
        chart?.append(FrameSeries.Frame(frame))
        trace?.recorder.frameCommitted(frame)
    }

    /// Forwards.
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {
        trace?.recorder.lifecycleCallback(event, duration: duration)
    }
    /// Forwards.
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        trace?.recorder.mainThreadWork(work, start: start, end: end)
    }
    /// Forwards.
    public func connectionEnded(_ span: ConnectionSpan) { trace?.recorder.connectionEnded(span) }
    /// Forwards.
    public func connectionOpened(_ setup: ConnectionSetup) { trace?.recorder.connectionOpened(setup) }
    /// Forwards.
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {
        trace?.recorder.decodeRan(thread: thread, start: start, end: end)
    }
    /// Forwards.
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {
        trace?.recorder.diskRan(queue: queue, start: start, end: end)
    }
    /// Forwards.
    public func memoryChanged(bytes: Int64, at time: SimTime) {
        trace?.recorder.memoryChanged(bytes: bytes, at: time)
    }
    /// Forwards.
    public func appKilled(at time: SimTime, footprintBytes: Int64) {
        trace?.recorder.appKilled(at: time, footprintBytes: footprintBytes)
    }
}
