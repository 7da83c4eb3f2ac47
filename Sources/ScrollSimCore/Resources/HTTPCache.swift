/// One `URLCache` instance of a run (docs/model.md, Resources, "A session's HTTP cache"): the
/// responses stored by image, in a memory tier and a disk tier, each LRU by access with its cost
/// in bytes. Only the bookkeeping lives here; `NetworkModel` charges the disk. The memory tier is
/// memory of the app's process, so it is a `ChargedCache`: the bytes it holds are charged to the
/// footprint's ledger when one is given (net growth on insertion, released on eviction;
/// docs/fidelity.md, "HTTP cache" rows).
///
/// Rules (docs/fidelity.md marks what is documented and what is assumed): a response is stored
/// when its download from the network completes, if it is at most 5 % of the disk capacity
/// (documented); it is then in the disk tier and, if it is at most 5 % of the memory capacity
/// (assumed), in the memory tier too. A lookup asks the memory tier first, then the disk; a disk
/// hit is copied into the memory tier under the same bound (assumed). Stored responses are never
/// revalidated (the scenarios' images are assumed immutable with a long `max-age`). Every order is
/// the `CacheIndex`'s list order: no dictionary is iterated.
final class HTTPCache {
    /// Where a lookup found a response.
    enum Tier: Equatable { case memory, disk }

    /// The instance's configuration (name and capacities).
    let configuration: URLCacheConfiguration
    /// The memory tier, or nil without memory capacity, charged to the footprint given.
    private let memory: ChargedCache?
    /// The disk tier, or nil without disk capacity.
    private let disk: CacheIndex?
    /// Scratch buffer for evicted keys.
    @exclusivity(unchecked) private var evicted: [Int] = []

    /// An empty cache of `configuration`'s capacities (each run starts with empty caches), its memory
    /// tier charged to `footprint`.
    init(_ configuration: URLCacheConfiguration, footprint: MemoryLedger? = nil) {
        self.configuration = configuration
        memory = configuration.memoryCapacityBytes > 0
            ? ChargedCache(CacheIndex(policy: .lru, costLimit: configuration.memoryCapacityBytes),
                           ledger: footprint) : nil
        disk = configuration.diskCapacityBytes > 0
            ? CacheIndex(policy: .lru, costLimit: configuration.diskCapacityBytes) : nil
    }

    /// Whether a response for `imageID` is stored in either tier (changes no recency).
    func contains(_ imageID: Int) -> Bool {
        memory?.contains(imageID) == true || disk?.contains(imageID) == true
    }

    /// Looks `imageID` up (memory, then disk), refreshing its recency where it is found; a disk
    /// hit is copied into memory. Returns the tier and the response's bytes, or nil.
    func lookUp(_ imageID: Int) -> (tier: Tier, bytes: Int64)? {
        // (A touch finds the entry and refreshes it in one probe; the cost is read by its slot.)
        if let memory, let bytes = memory.touchedCost(imageID) {
            if let disk { _ = disk.touch(imageID) }
            return (.memory, bytes)
        }
        guard let disk else { return nil }
        let slot = disk.touchedSlot(imageID)
        guard slot >= 0 else { return nil }
        let bytes = disk.cost(ofSlot: slot)
        insertInMemory(imageID, bytes: bytes)
        return (.disk, bytes)
    }

    /// Stores the response of a completed download of `bytes` for `imageID`, unless it exceeds
    /// 5 % of the disk capacity. Returns whether it went into the disk tier (the caller charges
    /// the write).
    @discardableResult
    func store(_ imageID: Int, bytes: Int64) -> Bool {
        var isOnDisk = false
        if let disk, bytes <= configuration.maxStoredBytes {
            if !evicted.isEmpty { evicted.removeAllKeepingCapacity() }  // (not free on an empty array)
            isOnDisk = disk.insert(imageID, cost: bytes, evicted: &evicted)
        }
        if disk == nil || isOnDisk { insertInMemory(imageID, bytes: bytes) }
        return isOnDisk
    }

    /// The images the disk tier holds, the next to be evicted first (tests).
    func diskKeysInEvictionOrder() -> [Int] { disk?.keysInEvictionOrder() ?? [] }

    /// The images the memory tier holds, the next to be evicted first (tests).
    func memoryKeysInEvictionOrder() -> [Int] { memory?.keysInEvictionOrder() ?? [] }

    /// The bytes the memory tier holds (tests).
    var memoryBytes: Int64 { memory?.totalCost ?? 0 }

    /// Puts `imageID` in the memory tier if it fits the tier's entry bound (the `ChargedCache`
    /// charges the footprint the tier's net growth: the entry less what it evicted, or releases the
    /// net shrinkage).
    private func insertInMemory(_ imageID: Int, bytes: Int64) {
        guard let memory, bytes <= configuration.maxMemoryEntryBytes else { return }
        if !evicted.isEmpty { evicted.removeAllKeepingCapacity() }
        memory.insert(imageID, cost: bytes, evicted: &evicted)
    }
}
