import ScrollSimCore

/// The HTTP cache behind `nuke`'s default pipeline (`.withURLCache`): `DataLoader.sharedUrlCache`,
/// a `URLCache` of 0 bytes of memory and 150 MB of disk (kean/Nuke 13.2.0
/// `Sources/Nuke/Loading/DataLoader.swift`, `sharedUrlCache`), which the pipeline never asks:
/// `URLSession` consults it inside each data task. docs/fidelity.md, section `nuke`, marks what
/// is documented and what is assumed.
///
/// - Documented (Apple, `URLSessionDataDelegate.urlSession(_:dataTask:willCacheResponse:)`): a
///   response is stored after its task has received all the data, only when it came from the
///   server, and only when it is no larger than about 5 % of the disk cache.
/// - Assumed: the 5 % is exact (`maxStoredBytes`); a stored response is readable from the moment
///   its download completes (the write costs the disk beside, like `DataCache`'s staged writes);
///   the scenarios' images are immutable with a long `max-age`, so a stored response is served
///   without revalidation; eviction is LRU by access; a read is one `readDisk` of the response's
///   bytes with no `URLSession` overhead of its own, concurrent with other reads (no serial
///   queue; the data-loading queue's 6 slots bound them).
final class NukeURLCache {
    /// `sharedUrlCache`'s `diskCapacity`: 150 × 1 048 576 bytes.
    static let diskCapacityBytes: Int64 = 150 * 1_048_576
    /// The largest response stored: 5 % of the disk capacity (Apple: "no larger than about 5% of
    /// the disk cache size").
    static let maxStoredBytes: Int64 = diskCapacityBytes / 20

    /// The run's services.
    private let environment: FetchEnvironment
    /// The stored responses by image, LRU by access, costing their bytes.
    private let index = CacheIndex(policy: .lru, costLimit: NukeURLCache.diskCapacityBytes)
    /// Scratch buffer for evicted keys.
    private var evicted: [Int] = []

    /// An empty cache (each run starts with an empty disk, as every library's disk cache does).
    init(environment: FetchEnvironment) {
        self.environment = environment
    }

    /// Whether a response for `imageID` is stored (a lookup that costs nothing and changes no
    /// recency).
    func contains(_ imageID: Int) -> Bool { index.contains(imageID) }

    /// Reads `imageID`'s stored response for `load` (call only when `contains(imageID)`): one disk
    /// read of its bytes, then `then` off the main thread.
    func read(_ imageID: Int, into load: SharedImageLoad, then: @escaping () -> Void) {
        guard let bytes = index.cost(of: imageID) else {
            preconditionFailure("NukeURLCache.read: image \(imageID) is not stored")
        }
        _ = index.touch(imageID)
        load.job = environment.readDisk(bytes: bytes) {
            load.job = nil
            then()
        }
    }

    /// Stores the response of a completed download of `bytes` for `imageID`, unless it is larger
    /// than `maxStoredBytes`.
    func store(_ imageID: Int, bytes: Int64) {
        guard bytes <= Self.maxStoredBytes else { return }
        evicted.removeAll(keepingCapacity: true)
        index.insert(imageID, cost: bytes, evicted: &evicted)
        environment.writeDisk(bytes: bytes)
    }
}
