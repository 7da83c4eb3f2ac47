/// One replay of `CacheReplay` fed a request at a time: a `CacheIndex` of one policy and capacity
/// and its counts. `CacheReplay.replay` runs one over a parsed trace; `cache-replay` runs one per
/// policy and capacity side by side over a trace streamed from its file, each request handed to
/// each in turn, which gives the same counts as replaying them one after another.
public struct CacheReplayer {
    /// The cache.
    private let index: CacheIndex
    /// The policy.
    public let policy: CacheIndex.Policy
    /// The capacity, in the trace's size unit.
    public let capacity: Int64
    /// Reused list of evicted keys.
    private var evicted: [Int] = []
    /// Requests so far.
    public private(set) var requests = 0
    /// Hits so far.
    public private(set) var hits = 0
    /// Sum of the sizes requested so far.
    public private(set) var requestBytes: Int64 = 0
    /// Sum of the missed requests' sizes so far.
    public private(set) var missBytes: Int64 = 0

    /// An empty `policy` cache of `capacity` (negative is 0), with room reserved for
    /// `expectedObjects` objects (0 when unknown: it grows).
    public init(policy: CacheIndex.Policy, capacity: Int64, expectedObjects: Int = 0) {
        self.policy = policy
        self.capacity = capacity
        index = CacheIndex(policy: policy, costLimit: max(0, capacity))
        if expectedObjects > 0 { index.reserveCapacity(expectedObjects) }
        evicted.reserveCapacity(64)
    }

    /// Replays one request of `object` (a dense number) and `size`; whether it hit.
    /// - Semantics: `CacheReplay`'s.
    @inline(__always)
    public mutating func request(_ object: Int, size: Int64) -> Bool {
        requests += 1
        requestBytes += size
        if index.touch(object) {
            hits += 1
            return true
        }
        missBytes += size
        if size <= capacity {  // sizes are ≥ 1, so capacity 0 holds nothing
            index.insert(object, cost: size, evicted: &evicted)
            evicted.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// The counts so far.
    public var result: CacheReplayResult {
        CacheReplayResult(policy: policy, capacity: capacity, requests: requests, hits: hits,
                          requestBytes: requestBytes, missBytes: missBytes)
    }
}
