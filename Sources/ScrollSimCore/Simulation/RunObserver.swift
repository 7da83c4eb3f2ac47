/// What a main-thread work item was.
public enum MainThreadWork: String, Sendable, Equatable {
    case frame, block, idlePreparation, memoryWarning
    /// A `DispatchSource` memory-pressure event handled on the main queue.
    case memoryPressure
}

/// How a network connection's request ended.
public enum ConnectionOutcome: String, Sendable, Equatable {
    case completed, failed, cancelled
}

/// One request's time on a connection (for traces): from when it was sent to its end.
public struct ConnectionSpan: Sendable, Equatable {
    /// The session (in the order the strategy made its sessions).
    public var session: Int
    /// The connection's slot in its session (the lowest free one is taken when it opens).
    public var connection: Int
    /// HTTP/2: the stream's lane on its connection (the lowest free one); −1 over HTTP/1.1.
    public var stream: Int
    /// The image requested.
    public var imageID: Int
    /// When the request was sent on the connection.
    public var start: SimTime
    /// End of the latency phase (or `end` when it never got there).
    public var firstByte: SimTime
    /// When it completed, failed or was cancelled.
    public var end: SimTime
    /// Bytes received.
    public var bytes: Int64
    /// How it ended.
    public var outcome: ConnectionOutcome

    /// A span of request `imageID` on connection slot `connection` of `session` (`stream` −1 over HTTP/1.1).
    public init(session: Int = 0, connection: Int, stream: Int = -1, imageID: Int, start: SimTime,
                firstByte: SimTime, end: SimTime, bytes: Int64, outcome: ConnectionOutcome) {
        self.session = session
        self.connection = connection
        self.stream = stream
        self.imageID = imageID
        self.start = start
        self.firstByte = firstByte
        self.end = end
        self.bytes = bytes
        self.outcome = outcome
    }
}

/// A connection's setup (for traces): TCP's handshake from `start` to `tcpEnd`, TLS's from
/// `tcpEnd` to `end`, when the connection can carry its first request.
public struct ConnectionSetup: Sendable, Equatable {
    /// The session (in the order the strategy made its sessions).
    public var session: Int
    /// The session's name.
    public var sessionName: String
    /// The protocol the connection speaks.
    public var httpProtocol: Scenario.HTTPProtocol
    /// The connection's slot in its session.
    public var connection: Int
    /// When the connection was opened.
    public var start: SimTime
    /// End of the TCP handshake (one round trip).
    public var tcpEnd: SimTime
    /// End of the TLS handshake (one more round trip): the connection is ready.
    public var end: SimTime

    /// The setup of connection slot `connection` of `session`.
    public init(session: Int, sessionName: String, httpProtocol: Scenario.HTTPProtocol, connection: Int,
                start: SimTime, tcpEnd: SimTime, end: SimTime) {
        self.session = session
        self.sessionName = sessionName
        self.httpProtocol = httpProtocol
        self.connection = connection
        self.start = start
        self.tcpEnd = tcpEnd
        self.end = end
    }
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
    /// A session opened a connection (reported when it opens, with its whole setup).
    func connectionOpened(_ setup: ConnectionSetup)
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
    /// The app's footprint (`footprintBytes`, baseline included) exceeded the device's memory
    /// limit at `time`: the app was killed and the run ends.
    func appKilled(at time: SimTime, footprintBytes: Int64)
}

extension RunObserver {
    public func frameCommitted(_ frame: FrameRecord) {}
    public func lifecycleCallback(_ event: LifecycleEvent, duration: SimTime) {}
    public func mainThreadWork(_ work: MainThreadWork, start: SimTime, end: SimTime) {}
    public func connectionOpened(_ setup: ConnectionSetup) {}
    public func connectionEnded(_ span: ConnectionSpan) {}
    public func decodeRan(thread: Int, start: SimTime, end: SimTime) {}
    public func diskRan(queue: Int, start: SimTime, end: SimTime) {}
    public func memoryChanged(bytes: Int64, at time: SimTime) {}
    public func imageRequested(imageID: Int, outcome: RequestOutcome, at time: SimTime) {}
    public func imageSet(imageID: Int?, on cell: CellID, isFinal: Bool, at time: SimTime) {}
    public func imageRetained(_ image: ImageObject, at time: SimTime) {}
    public func imageReleased(_ image: ImageObject, at time: SimTime) {}
    public func appKilled(at time: SimTime, footprintBytes: Int64) {}
}

/// Adapts the `frameSink` closure of `SimulationRun.run(frameSink:)` to an observer.
final class FrameSinkObserver: RunObserver {
    let sink: (FrameRecord) -> Void
    init(_ sink: @escaping (FrameRecord) -> Void) { self.sink = sink }
    func frameCommitted(_ frame: FrameRecord) { sink(frame) }
}
