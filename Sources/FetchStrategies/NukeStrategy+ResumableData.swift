import ScrollSimCore

extension NukeStrategy {
    /// `ResumableDataStorage`: the bytes of downloads that ended early, kept so that the next
    /// download of the same image asks only for the rest (kean/Nuke 13.2.0,
    /// `Sources/Nuke/Internal/ResumableData.swift`). Only byte counts are modelled.
    ///
    /// It is a `Cache<Key, ResumableData>` (`Caching/Cache.swift`) made with
    /// `costLimit` = `Int(Double(physicalMemory) × 0.01)` (1 % of the device's memory; the comment
    /// above it says "capped at 32 MB", the code has no cap) and `countLimit` 100
    /// (`ResumableData.swift:76-86`), the cost of an entry its byte count (`:106-109`): the same
    /// `Cache` as Nuke's memory cache, so the same `CacheIndex` policy, `clock`. The cache's
    /// `entryCostLimit` 0.1 refuses an entry costing `Int(0.1 × costLimit)` or more (`Cache.swift:22-34,
    /// 73-74, 132-134`). The storage only sets and removes (`:101-109`), never reads with
    /// `value(forKey:)`, so the CLOCK reference bit is set only when a value replaces another for the
    /// same key (`Cache.swift:155-166`); the sweep after an insertion evicts from the oldest
    /// (`Cache.swift:195-235`: cost then count, which is the same sweep as one while over either).
    /// Cleared by the cache's memory-pressure source (`Cache.swift:78-82`).
    ///
    /// The kept bytes are `Data` in the app's heap: with an `environment` they count in its
    /// footprint, following the storage's total (a `ChargedCache` settles the charge).
    final class ResumableDataStorage {
        /// `countLimit` of the storage's cache.
        static let countLimit = 100
        /// `Cache.Configuration.entryCostLimit` (its `init(costLimit:countLimit:)` default).
        static let entryCostLimit = 0.1

        /// `costLimit`, bytes.
        let costLimitBytes: Int64
        /// `entryMaxCost`: an entry must cost less than this to be stored.
        let entryMaxCostBytes: Int64
        /// The entries: image → bytes kept, in the cache's CLOCK order, charged to the footprint.
        private let index: ChargedCache
        /// Scratch for the keys an insertion evicts.
        @exclusivity(unchecked) private var evicted: [Int] = []

        /// The storage on a device with `physicalMemoryBytes` of memory, charging `environment`.
        init(physicalMemoryBytes: Int64, environment: FetchEnvironment? = nil) {
            // `Int(Double(ProcessInfo.processInfo.physicalMemory) * 0.01)`
            costLimitBytes = Int64(Double(physicalMemoryBytes) * 0.01)
            // `recomputeEntryMaxCost`: `Int(clamped × Double(costLimit))`
            entryMaxCostBytes = Int64(Self.entryCostLimit * Double(costLimitBytes))
            index = ChargedCache(CacheIndex(policy: .clock, countLimit: Self.countLimit,
                                            costLimit: costLimitBytes), chargingTo: environment)
        }

        /// Entries kept.
        var count: Int { index.count }
        /// Sum of the entries' bytes.
        var totalBytes: Int64 { index.totalCost }

        /// Bytes kept for `imageID`, if any (for tests; changes nothing).
        func bytes(for imageID: Int) -> Int64? { index.cost(of: imageID) }

        /// `removeResumableData(for:pipeline:)`: takes the bytes kept for `imageID` out, if any.
        func remove(_ imageID: Int) -> Int64? {
            guard let bytes = index.cost(of: imageID) else { return nil }
            index.remove(imageID)
            return bytes
        }

        /// `storeResumableData(_:for:pipeline:)` (`Cache.set`): refused when it costs `entryMaxCost`
        /// or more; replaces (and marks referenced) an entry for the same image, else appends; then
        /// sweeps to the limits.
        func store(_ imageID: Int, bytes: Int64) {
            guard bytes < entryMaxCostBytes else { return }
            index.insert(imageID, cost: bytes, evicted: &evicted)
            evicted.removeAllKeepingCapacity()
        }

        /// `removeAllCachedValues()`.
        func removeAll() {
            index.removeAll()
        }
    }
}
