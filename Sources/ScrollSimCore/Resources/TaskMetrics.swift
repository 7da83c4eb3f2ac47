/// What `URLSessionTaskMetrics` tells an app about one of its requests once it has ended: the
/// timings and counts of its one transaction (`URLSessionTaskTransactionMetrics`), and how it
/// ended. A session delivers them to its `metricsHandler` (the delegate's
/// `urlSession(_:task:didFinishCollecting:)`); see docs/model.md, Resources.
///
/// This is everything a strategy may learn about the network: the scenario's latency, bandwidth
/// and image sizes are not visible, only what its own requests measured. Times are simulated
/// nanoseconds on the run's clock (the `Date` values of the real type).
///
/// Deliberately not here: `networkProtocolName` (whether the host speaks HTTP/2 must be inferred
/// from `isReusedConnection` and the timings), DNS timings (not modelled), request and header
/// byte counts (not modelled).
public struct TaskMetrics: Sendable, Equatable {
    /// How a request ended.
    public enum Outcome: Sendable, Equatable {
        /// Every byte arrived (the completion receives `.success`).
        case completed
        /// The request failed: an error response at its first byte, or no network (`offline`).
        case failed
        /// The app cancelled it (its completion is never called).
        case cancelled
    }

    /// The image requested (its URL).
    public var imageID: Int
    /// `fetchStartDate`: when the task was resumed (it reached the session).
    public var fetchStart: SimTime
    /// `connectStartDate`: when the connection the request was sent on started its setup; nil
    /// when it reused an open connection or was never sent.
    public var connectStart: SimTime?
    /// `connectEndDate`: when that connection's TCP and TLS handshakes were done; nil when
    /// `connectStart` is.
    public var connectEnd: SimTime?
    /// `requestStartDate`: when the request was sent on a ready connection (after waiting for a
    /// connection and its setup); nil if it never was.
    public var requestStart: SimTime?
    /// `responseStartDate`: when the first byte of the response arrived (for a failure, the error
    /// response); nil if none did.
    public var responseStart: SimTime?
    /// `responseEndDate`: when the last byte received arrived (for a cancelled transfer, when it
    /// stopped); nil if no byte did.
    public var responseEnd: SimTime?
    /// `countOfResponseBodyBytesReceived`: bytes of the image received (all of them when
    /// completed; the part received before a cancel; 0 for a failure).
    public var bytesReceived: Int64
    /// `isReusedConnection`: whether the request went out on a connection that had carried an
    /// earlier request (always true for every stream but the first of an HTTP/2 connection).
    public var isReusedConnection: Bool
    /// How it ended.
    public var outcome: Outcome

    /// Metrics with every field given.
    public init(imageID: Int, fetchStart: SimTime, connectStart: SimTime? = nil, connectEnd: SimTime? = nil,
                requestStart: SimTime?, responseStart: SimTime?, responseEnd: SimTime?, bytesReceived: Int64,
                isReusedConnection: Bool, outcome: Outcome) {
        self.imageID = imageID
        self.fetchStart = fetchStart
        self.connectStart = connectStart
        self.connectEnd = connectEnd
        self.requestStart = requestStart
        self.responseStart = responseStart
        self.responseEnd = responseEnd
        self.bytesReceived = bytesReceived
        self.isReusedConnection = isReusedConnection
        self.outcome = outcome
    }
}
