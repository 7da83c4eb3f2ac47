import ScrollSimCore

/// Watches one run for its optional outputs: its frames (`--frames`, `--html`), its Chrome trace
/// (`--trace`, a `ChromeTraceRecorder` it forwards every call to) and its image request trace
/// (`--requests`).
///
/// The request trace is `RequestTrace`'s format, one `<image id>,<size>` line per request to
/// configure a cell, in the order the strategy recorded them (`RunObserver.imageRequested`),
/// whatever the outcome (memory hit, disk hit, join, miss): the stream of lookups a cache in
/// front of the images would see. The size is the image's full decoded size, width × height × 4
/// bytes (the cost Nuke and SDWebImage give a decoded image), so `cache-replay` sizes a
/// decoded-image memory cache; every image of a scenario has the same size, unless it has a
/// `layout.catalog`.
public final class RunRecording: RunObserver {
    /// What to record.
    public struct Options: Sendable, Equatable {
        /// Keep every frame.
        public var frames: Bool
        /// Record a Chrome trace.
        public var trace: Bool
        /// Record the image request trace.
        public var requests: Bool

        /// Options; all off by default.
        public init(frames: Bool = false, trace: Bool = false, requests: Bool = false) {
            self.frames = frames
            self.trace = trace
            self.requests = requests
        }

        /// Whether anything is recorded (else a run needs no observer).
        public var isRecording: Bool { frames || trace || requests }
    }

    /// What is recorded.
    public let options: Options
    /// The trace recorder, when tracing.
    let trace: ChromeTraceRecorder?
    /// The run's frames, in order (when kept).
    public private(set) var frames: [FrameRecord] = []
    /// The request trace so far, header included (when recorded).
    public private(set) var requests: String
    /// The scenario run (for its images' sizes).
    private let scenario: Scenario

    /// A recording of `run`.
    public init(_ run: RunPlan.Run, options: Options) {
        self.options = options
        trace = options.trace
            ? ChromeTraceRecorder(scenario: run.scenario, strategyName: run.strategyName, seed: run.seed) : nil
        scenario = run.scenario
        requests = options.requests ? RequestTrace.header + "\n" : ""
    }

    /// The Chrome trace JSON (when tracing).
    public var traceJSON: String? { trace?.makeJSON() }

    /// Appends the request's line.
    public func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {
        guard options.requests else { return }
        let size = scenario.imagePixelSize(ofImage: imageID)
        requests += "\(imageID),\(Int64(size.width) * Int64(size.height) * 4)\n"
    }

    /// Keeps the frame; forwards.
    public func frameCommitted(_ frame: FrameRecord) {
        if options.frames { frames.append(frame) }
        trace?.frameCommitted(frame)
    }

    /// Forwards.
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {
        trace?.lifecycleCallback(event, duration: duration)
    }
    /// Forwards.
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {
        trace?.mainThreadWork(work, start: start, end: end)
    }
    /// Forwards.
    public func connectionEnded(_ span: ConnectionSpan) { trace?.connectionEnded(span) }
    /// Forwards.
    public func connectionOpened(_ setup: ConnectionSetup) { trace?.connectionOpened(setup) }
    /// Forwards.
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {
        trace?.decodeRan(thread: thread, start: start, end: end)
    }
    /// Forwards.
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {
        trace?.diskRan(queue: queue, start: start, end: end)
    }
    /// Forwards.
    public func memoryChanged(bytes: Int64, at time: SimTime) { trace?.memoryChanged(bytes: bytes, at: time) }
    /// Forwards (the trace's `killed (memory limit)` instant).
    public func appKilled(at time: SimTime, footprintBytes: Int64) {
        trace?.appKilled(at: time, footprintBytes: footprintBytes)
    }
}
