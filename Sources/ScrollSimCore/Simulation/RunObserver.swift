/// What a main-thread work item was.
public enum MainThreadWork: String, Sendable, Equatable {
    case frame, block, idlePreparation, memoryWarning
}

/// How a network connection's request ended.
public enum ConnectionOutcome: String, Sendable, Equatable {
    case completed, failed, cancelled
}

/// One request's time on a connection (for traces).
public struct ConnectionSpan: Sendable, Equatable {
    /// Connection slot, 0..<maxConnections (the lowest free one is taken).
    public var connection: Int
    public var imageID: Int
    public var start: SimTime
    /// End of the latency phase (or `end` when it never got there).
    public var firstByte: SimTime
    public var end: SimTime
    public var bytes: Int64
    public var outcome: ConnectionOutcome
}

/// Watches a run as it happens: traces, request logs, progress. Every method has an empty
/// default; calls arrive in simulation order, so an observer's output is as deterministic as
/// the run.
public protocol RunObserver: AnyObject {
    /// A frame committed (every frame, scroll or not).
    func frameCommitted(_ frame: FrameRecord)
    /// A lifecycle callback ran from `event.time` for `duration` (its cost and the strategy's work).
    func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime)
    /// A main-thread work item ran from `start` to `end`.
    func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime)
    /// A request left its connection.
    func connectionEnded(_ span: ConnectionSpan)
    /// A decode job ran on decoder thread `thread`.
    func decodeRan(thread: Int, start: SimTime, end: SimTime)
    /// A disk job ran on disk queue `queue`.
    func diskRan(queue: Int, start: SimTime, end: SimTime)
    /// Decoded bytes held changed.
    func memoryChanged(bytes: Int64, at time: SimTime)
    /// A strategy recorded a request to configure a cell for `imageID`.
    func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime)
    /// An image (nil for none) was set on `cell`; `isFinal` false for a placeholder.
    func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime)
    /// A strategy started holding `image` (`FetchEnvironment.retain`).
    func imageRetained(_ image: ImageObject, at time: SimTime)
    /// A strategy stopped holding `image` (`FetchEnvironment.release`).
    func imageReleased(_ image: ImageObject, at time: SimTime)
}

extension RunObserver {
    public func frameCommitted(_ frame: FrameRecord) {}
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {}
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {}
    public func connectionEnded(_ span: ConnectionSpan) {}
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {}
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {}
    public func memoryChanged(bytes: Int64, at time: SimTime) {}
    public func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {}
    public func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime) {}
    public func imageRetained(_ image: ImageObject, at time: SimTime) {}
    public func imageReleased(_ image: ImageObject, at time: SimTime) {}
}

/// Adapts the `frameSink` closure of `SimulationRun.run(frameSink:)` to an observer.
final class FrameSinkObserver: RunObserver {
    let sink: (FrameRecord) -> Void
    init(_ sink: @escaping (FrameRecord) -> Void) { self.sink = sink }
    func frameCommitted(_ frame: FrameRecord) { sink(frame) }
}
