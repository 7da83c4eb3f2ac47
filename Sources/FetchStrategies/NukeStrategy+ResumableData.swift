import ScrollSimCore

extension NukeStrategy {
    /// `ResumableDataStorage`: the bytes of downloads that ended early, kept so that the next
    /// download of the same image asks only for the rest (kean/Nuke 13.2.0,
    /// `Sources/Nuke/Internal/ResumableData.swift`). Only byte counts are modelled.
    ///
    /// It is a `Cache<Key, ResumableData>` (`Caching/Cache.swift`) made with
    /// `costLimit` = `Int(Double(physicalMemory) × 0.01)` (1 % of the device's memory; the comment
    /// above it says "capped at 32 MB", the code has no cap) and `countLimit` 100
    /// (`ResumableData.swift:76-86`), the cost of an entry its byte count (`:106-109`). The cache's
    /// `entryCostLimit` 0.1 refuses an entry costing `Int(0.1 × costLimit)` or more (`Cache.swift:22-34,
    /// 73-74, 132-134`). The storage only sets and removes (`:101-109`), never reads with
    /// `value(forKey:)`, so the CLOCK reference bit is set only when a value replaces another for the
    /// same key (`Cache.swift:155-166`); eviction sweeps from the oldest (`Cache.swift:195-235`).
    /// Cleared by the cache's memory-pressure source (`Cache.swift:78-82`).
    ///
    /// The kept bytes are not charged to the app's memory footprint (download buffers are not).
    /// - Complexity: O(entries) per operation, at most 100 entries.
    final class ResumableDataStorage {
        /// One kept download.
        private struct Entry {
            /// The image (the key: `ImageRequest.imageID`, one pipeline).
            var imageID: Int
            /// Its bytes kept (the cost).
            var bytes: Int64
            /// The CLOCK reference bit.
            var referenced = false
        }

        /// `countLimit` of the storage's cache.
        static let countLimit = 100
        /// `Cache.Configuration.entryCostLimit` (its `init(costLimit:countLimit:)` default).
        static let entryCostLimit = 0.1

        /// `costLimit`, bytes.
        let costLimitBytes: Int64
        /// `entryMaxCost`: an entry must cost less than this to be stored.
        let entryMaxCostBytes: Int64
        /// Entries in the cache's list order (oldest first).
        @exclusivity(unchecked) private var entries: [Entry] = []
        /// Sum of the entries' bytes.
        @exclusivity(unchecked) private(set) var totalBytes: Int64 = 0

        /// The storage on a device with `physicalMemoryBytes` of memory.
        init(physicalMemoryBytes: Int64) {
            // `Int(Double(ProcessInfo.processInfo.physicalMemory) * 0.01)`
            costLimitBytes = Int64(Double(physicalMemoryBytes) * 0.01)
            // `recomputeEntryMaxCost`: `Int(clamped × Double(costLimit))`
            entryMaxCostBytes = Int64(Self.entryCostLimit * Double(costLimitBytes))
        }

        /// Entries kept.
        var count: Int { entries.count }

        /// Bytes kept for `imageID`, if any (for tests; changes nothing).
        func bytes(for imageID: Int) -> Int64? { entries.first { $0.imageID == imageID }?.bytes }

        /// `removeResumableData(for:pipeline:)`: takes the bytes kept for `imageID` out, if any.
        func remove(_ imageID: Int) -> Int64? {
            guard let index = entries.firstIndex(where: { $0.imageID == imageID }) else { return nil }
            let entry = entries.remove(at: index)
            totalBytes -= entry.bytes
            return entry.bytes
        }

        /// `storeResumableData(_:for:pipeline:)` (`Cache.set`): refused when it costs `entryMaxCost`
        /// or more; replaces (and marks referenced) an entry for the same image, else appends; then
        /// trims to the cost limit, then to the count limit.
        func store(_ imageID: Int, bytes: Int64) {
            guard bytes < entryMaxCostBytes else { return }
            if let index = entries.firstIndex(where: { $0.imageID == imageID }) {
                totalBytes += bytes - entries[index].bytes
                entries[index].bytes = bytes
                entries[index].referenced = true
            } else {
                entries.append(Entry(imageID: imageID, bytes: bytes))
                totalBytes += bytes
            }
            guard totalBytes > costLimitBytes || entries.count > Self.countLimit else { return }
            trim { $0.totalBytes > $0.costLimitBytes }
            trim { $0.entries.count > Self.countLimit }
        }

        /// `removeAllCachedValues()`.
        func removeAll() {
            entries.removeAll()
            totalBytes = 0
        }

        /// The CLOCK sweep while `condition` holds: a referenced front entry loses its bit and
        /// moves to the back, an unreferenced one is evicted.
        private func trim(while condition: (ResumableDataStorage) -> Bool) {
            while condition(self), !entries.isEmpty {
                var front = entries.removeFirst()
                if front.referenced {
                    front.referenced = false
                    entries.append(front)
                } else {
                    totalBytes -= front.bytes
                }
            }
        }
    }
}
