/// A session's HTTP cache, as `URLSessionConfiguration.urlCache` names one (docs/model.md,
/// Resources, "A session's HTTP cache"): which `URLCache` instance, its two capacities, and
/// whether the session's requests read it and store into it.
///
/// Sessions whose configurations name the same `name` share one cache object in a run (every
/// session on `URLSession.shared` shares `URLCache.shared`), so their capacities must agree.
public struct URLCacheConfiguration: Sendable, Equatable {
    /// The `URLCache` instance (sessions with the same name share it).
    public var name: String
    /// `memoryCapacity` in bytes (0: no memory tier).
    public var memoryCapacityBytes: Int64
    /// `diskCapacity` in bytes (0: no disk tier).
    public var diskCapacityBytes: Int64
    /// Whether a request is answered from the cache (false for `.reloadIgnoringLocalCacheData`).
    public var readsCache: Bool
    /// Whether a completed download is stored (false when `willCacheResponse` returns nil).
    public var storesResponses: Bool

    /// A cache `name` of the given capacities, read and written by default.
    public init(name: String, memoryCapacityBytes: Int64, diskCapacityBytes: Int64,
                readsCache: Bool = true, storesResponses: Bool = true) {
        self.name = name
        self.memoryCapacityBytes = max(0, memoryCapacityBytes)
        self.diskCapacityBytes = max(0, diskCapacityBytes)
        self.readsCache = readsCache
        self.storesResponses = storesResponses
    }

    /// `URLCache.shared`: 4 MiB of memory and 20 MiB of disk (the SDK header `NSURLCache.h`,
    /// `+sharedURLCache`; docs/fidelity.md, "HTTP cache" rows).
    public static let shared = URLCacheConfiguration(
        name: "URLCache.shared", memoryCapacityBytes: 4 * 1_048_576, diskCapacityBytes: 20 * 1_048_576)

    /// The largest response stored: 5 % of the disk capacity (Apple,
    /// `urlSession(_:dataTask:willCacheResponse:completionHandler:)`: "no larger than about 5% of
    /// the disk cache size"; taken as exact).
    public var maxStoredBytes: Int64 { diskCapacityBytes / 20 }

    /// The largest response the memory tier keeps: 5 % of the memory capacity (assumed: Apple
    /// documents no memory-tier bound).
    public var maxMemoryEntryBytes: Int64 { memoryCapacityBytes / 20 }
}
