/// A `URLSession` as a strategy holds it: its own pool of connections to the image host, with its
/// own per-host connection limit. Make one with `FetchEnvironment.makeSession(_:)`, or use
/// `FetchEnvironment.sharedSession` (`URLSession.shared`).
///
/// Connection pools are per session (Apple documents `httpMaximumConnectionsPerHost` as "per
/// session"): two sessions never share a connection, and each opens up to its own limit over
/// HTTP/1.1. Over HTTP/2 a session has one connection to the host and the limit does not apply.
/// Every transfer of every session shares the device's one link. See docs/model.md, Resources.
public final class NetworkSession {
    /// How a session is set up, as a library configures its `URLSessionConfiguration`.
    public struct Configuration: Sendable, Equatable {
        /// The session's name, shown on its connections' trace tracks (a library's
        /// `sessionDescription` or the class that owns the session).
        public var name: String
        /// `httpMaximumConnectionsPerHost`: HTTP/1.1 connections the session opens to the host at
        /// most (1 or more). nil (default): the scenario's `network.maxConnections`, which stands
        /// for URLSession's default of 6. Ignored over HTTP/2.
        public var httpMaximumConnectionsPerHost: Int?
        /// `urlCache`: the session's HTTP cache, or nil (the default) for none, as `urlCache = nil`.
        /// Sessions naming the same cache share it (docs/model.md, Resources).
        public var urlCache: URLCacheConfiguration?

        /// A configuration named `name` with the default per-host limit unless one is given, and
        /// no HTTP cache unless one is given.
        public init(name: String, httpMaximumConnectionsPerHost: Int? = nil, urlCache: URLCacheConfiguration? = nil) {
            self.name = name
            self.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
            self.urlCache = urlCache
        }
    }

    /// The session's name.
    public let name: String
    /// The per-host connection limit in force (HTTP/1.1): the configuration's, or the scenario's
    /// `network.maxConnections`.
    public let httpMaximumConnectionsPerHost: Int
    /// The model the session's requests run on.
    unowned(unsafe) let model: NetworkModel
    /// The session's index in the model.
    let index: Int

    init(name: String, httpMaximumConnectionsPerHost: Int, model: NetworkModel, index: Int) {
        self.name = name
        self.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        self.model = model
        self.index = index
    }

    /// The session delegate's `urlSession(_:task:didFinishCollecting:)`: receives the metrics of
    /// every request of this session when it ends (completed, failed or cancelled), off the main
    /// thread. A completed or failed request's metrics come just before its completion runs, in
    /// the same instant; a cancelled request's come as a separate event at the instant of the
    /// cancel, never inside `cancel()`. nil (the default): no metrics are collected.
    public var metricsHandler: ((TaskMetrics) -> Void)? {
        get { model.metricsHandler(ofSession: index) }
        set { model.setMetricsHandler(newValue, ofSession: index) }
    }

    /// The session's HTTP cache configuration, or nil when it has none.
    public var urlCache: URLCacheConfiguration? { model.urlCache(ofSession: index) }

    /// Whether a request for `imageID` started now would be answered from the session's HTTP
    /// cache (`URLCache.cachedResponse(for:)`, which an app can call): false without a cache or
    /// when the session does not read it. Changes no recency.
    public func hasCachedResponse(for imageID: Int) -> Bool {
        model.hasCachedResponse(for: imageID, session: index)
    }

    /// How a request for `imageID` that no cache of the app's own holds counts: a disk hit when
    /// this session's HTTP cache will answer it (`hasCachedResponse(for:)`), else a miss.
    public func outcomeOfLoad(_ imageID: Int) -> RequestOutcome {
        hasCachedResponse(for: imageID) ? .diskHit : .miss
    }

    /// Starts a request for `imageID` on this session (a data task, resumed); `completion` runs
    /// off the main thread when it ends, never after `cancel()`.
    ///
    /// `rangeStart` > 0 (less than the image's size) asks for the bytes from there on, as the
    /// `Range: bytes=N-` and `If-Range` headers of a download resumed with data kept from an
    /// earlier one: the server answers 206 with the remaining bytes (their count is what
    /// `.success` reports), and the session's HTTP cache neither answers nor stores it
    /// (docs/model.md, Resources).
    @discardableResult
    public func load(_ imageID: Int, priority: RequestPriority, rangeStart: Int64 = 0,
                     completion: @escaping (NetworkResult) -> Void) -> NetworkTask {
        model.load(imageID: imageID, priority: priority, session: index, rangeStart: rangeStart,
                   completion: completion)
    }

    /// `load(_:priority:completion:)` whose end calls `target.networkLoadEnded(tag:imageID:result:)`
    /// instead of a completion closure (the target is held until then).
    @discardableResult
    public func load(_ imageID: Int, priority: RequestPriority, target: any NetworkLoadTarget,
                     tag: Int) -> NetworkTask {
        model.load(imageID: imageID, priority: priority, session: index, target: target, tag: tag)
    }

    /// `load(_:priority:target:tag:)` for the bytes from `rangeStart` on, as
    /// `load(_:priority:rangeStart:completion:)` asks for them.
    @discardableResult
    public func load(_ imageID: Int, priority: RequestPriority, rangeStart: Int64, target: any NetworkLoadTarget,
                     tag: Int) -> NetworkTask {
        model.load(imageID: imageID, priority: priority, session: index, rangeStart: rangeStart, target: target,
                   tag: tag)
    }
}
