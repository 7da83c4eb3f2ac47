/// A memory cache of images keyed by an `Int` (an image id, or an item's identifier), with the
/// eviction of a `CacheIndex` and memory accounting through the run's environment: a held image's
/// decoded bytes count toward `peak_memory_mb` until it is evicted or removed.
///
/// Options cover the libraries' models: count and byte limits, entries over a share of the byte
/// limit refused (Nuke: 10%), an expiry extended on access (Kingfisher: 300 s), protection of
/// entries (Apple's asset store protects visible items). Cost is the image's decoded size
/// (width × height × 4), as Nuke and SDWebImage compute it.
public final class ImageMemoryCache {
    /// Configuration; every limit 0 means none.
    public struct Configuration: Sendable {
        public var policy: CacheIndex.Policy
        public var countLimit: Int
        public var costLimitBytes: Int64
        /// Entries costing `Int(fraction × costLimitBytes)` or more are not stored (0 = no rule):
        /// Nuke's `entryCostLimit` (`Cache.swift`: `guard cost < entryMaxCost`, Nuke 13.2.0).
        public var maxEntryCostFraction: Double
        /// Entries expire this long after their last access (0 = never).
        public var expiration: SimTime

        public init(policy: CacheIndex.Policy, countLimit: Int = 0, costLimitBytes: Int64 = 0,
                    maxEntryCostFraction: Double = 0, expiration: SimTime = 0) {
            self.policy = policy
            self.countLimit = countLimit
            self.costLimitBytes = costLimitBytes
            self.maxEntryCostFraction = maxEntryCostFraction
            self.expiration = expiration
        }
    }

    private let environment: FetchEnvironment
    /// The configuration.
    public let configuration: Configuration
    private let index: CacheIndex
    /// Entries costing this much or more are refused (`maxEntryCost(_:)` of `configuration`, once).
    private let maxEntryCost: Int64
    /// The held image of each `index` slot (nil for a free slot): a key's image is found by the
    /// slot its lookup in `index` returns, and an evicted entry's by the slot `index` reports, with
    /// no table of its own to look up or update. (Buffers only this cache holds: a change pays no
    /// uniqueness check.)
    private let imageOfSlot = RecordBuffer<ImageObject?>()
    /// Expiry instants by key (`configuration.expiration` > 0 only).
    @exclusivity(unchecked) private var expiresAt = IntKeyedTable<SimTime>()
    /// The long side in pixels of the held image of each `index` slot (meaningless for a free
    /// slot): `imageLongSide(for:)`'s hit path reads it by the slot its touch returns.
    private let longSideOfSlot = RecordBuffer<Int>()
    /// Scratch buffer for the slots an insertion evicted.
    @exclusivity(unchecked) private var evicted: [Int] = []
    /// Entries evicted for space (not removals or purges), for tests.
    @exclusivity(unchecked) public private(set) var evictionCount = 0

    public init(environment: FetchEnvironment, configuration: Configuration) {
        self.environment = environment
        self.configuration = configuration
        maxEntryCost = Self.maxEntryCost(configuration)
        index = CacheIndex(policy: configuration.policy, countLimit: configuration.countLimit,
                           costLimit: configuration.costLimitBytes)
    }

    /// Number of entries.
    public var count: Int { index.count }
    /// Sum of the entries' decoded sizes.
    public var totalCost: Int64 { index.totalCost }

    /// The image for `key`, refreshing its recency (LRU) and expiry; nil when absent or expired.
    public func image(for key: Int) -> ImageObject? {
        guard configuration.expiration > 0 else {
            let slot = index.touchedSlot(key)
            return slot >= 0 ? imageOfSlot[slot] : nil
        }
        let slot = index.slot(of: key)
        guard slot >= 0 else { return nil }
        let now = environment.now
        if let deadline = expiresAt[key], deadline <= now {
            remove(key)
            return nil
        }
        expiresAt[key] = now + configuration.expiration
        _ = index.touch(key)
        return imageOfSlot[slot]
    }

    /// `image(for: key).map { max($0.pixelWidth, $0.pixelHeight) }`, with the same effect on the
    /// cache (recency, expiry), in one table lookup when entries do not expire.
    public func imageLongSide(for key: Int) -> Int? {
        guard configuration.expiration == 0 else {
            return image(for: key).map { max($0.pixelWidth, $0.pixelHeight) }
        }
        let slot = index.touchedSlot(key)
        return slot >= 0 ? longSideOfSlot[slot] : nil
    }

    /// Whether `key` is held (and not expired), without touching it.
    public func contains(_ key: Int) -> Bool {
        guard index.contains(key) else { return false }
        if configuration.expiration > 0, let deadline = expiresAt[key], deadline <= environment.now { return false }
        return true
    }

    /// Stores `image` under `key` (replacing an older image), evicting as the policy says.
    /// - Returns: false when the image was refused (too large for the cache or its entry rule) or,
    ///   under `clock`, evicted again by the sweep its insertion started.
    @discardableResult
    public func store(_ image: ImageObject, for key: Int) -> Bool {
        let cost = image.decodedBytes
        if cost >= maxEntryCost { return false }
        if !evicted.isEmpty { evicted.removeAllKeepingCapacity() }  // (not free on an empty array)
        // The slot `key` went into (its old one when it was held), −1 when refused (a held entry is
        // then removed and among the evicted, whose images are released below).
        let newSlot = index.insertedSlot(key, cost: cost, evictedSlots: &evicted)
        let inserted = newSlot >= 0
        // The image `key` held: its slot holds it (a free slot, or one made now, holds nil; the
        // victims' slots were freed after `key` took its slot). Released before the new image is
        // retained and the victims are released, as when it was replaced before the insertion.
        let old = inserted && newSlot < imageOfSlot.count ? imageOfSlot[newSlot] : nil
        if let old, old !== image {
            environment.release(old)
            imageOfSlot[newSlot] = nil
        }
        // Under `clock` the sweep of its insertion may have evicted the new entry: its slot is then
        // among the evicted ones (no other policy evicts it), and it holds `image` until the entry
        // is dropped below.
        let isHeld = inserted && (evicted.isEmpty || configuration.policy != .clock || !evicted.contains(newSlot))
        let slot = isHeld ? newSlot : -1
        if inserted {
            // Retained before the victims are released: the new bitmap exists while they go.
            if old !== image {
                while newSlot >= imageOfSlot.count { imageOfSlot.append(nil) }
                imageOfSlot[newSlot] = image
                environment.retain(image)
            }
            if slot >= 0 {
                while slot >= longSideOfSlot.count { longSideOfSlot.append(0) }
                longSideOfSlot[slot] = max(image.pixelWidth, image.pixelHeight)
            }
            if configuration.expiration > 0 { expiresAt[key] = environment.now + configuration.expiration }
        }
        for victim in evicted {
            let victimKey = index.key(ofSlot: victim)
            guard victimKey != key || !inserted else { continue }
            drop(victim, key: victimKey)
            evictionCount += 1
        }
        if inserted && !isHeld {  // clock: the sweep its insertion started evicted it again
            drop(newSlot, key: key)
            evictionCount += 1
        }
        return isHeld
    }

    /// Entries costing this much or more are refused: Nuke's `entryMaxCost`,
    /// `Int(entryCostLimit × costLimit)` with `cost < entryMaxCost` required
    /// (kean/Nuke 13.2.0, `Sources/Nuke/Caching/Cache.swift`); `Int64.max` without the rule.
    private static func maxEntryCost(_ configuration: Configuration) -> Int64 {
        let limit = configuration.costLimitBytes
        guard limit > 0 && configuration.maxEntryCostFraction > 0 else { return .max }
        return entryMaxCost(limit: limit, fraction: configuration.maxEntryCostFraction)
    }

    /// The smallest cost refused by the entry rule: `Int(min(max(fraction, 0), 1) × limit)`, as
    /// Nuke's `Cache.Configuration.recomputeEntryMaxCost` computes it.
    public static func entryMaxCost(limit: Int64, fraction: Double) -> Int64 {
        let product = min(max(fraction, 0), 1) * Double(limit)
        return product >= Double(Int64.max) ? .max : Int64(product)
    }

    /// Removes `key`.
    public func remove(_ key: Int) {
        let slot = index.slot(of: key)
        guard slot >= 0 else { return }
        index.remove(key)
        drop(slot, key: key)
    }

    /// Removes everything (a memory-warning purge), the next victim first.
    public func removeAll() {
        let victims = index.slotsInEvictionOrder().map { (slot: $0, key: index.key(ofSlot: $0)) }
        index.removeAll()
        for victim in victims { drop(victim.slot, key: victim.key) }
    }

    /// Protects `key` from eviction, or lifts the protection.
    public func setProtected(_ key: Int, _ protected: Bool) { index.setProtected(key, protected) }

    /// Keys, next victim first (for tests).
    public func keysInEvictionOrder() -> [Int] { index.keysInEvictionOrder() }

    /// Forgets the entry of `key` that `index` held at `slot` (evicted or removed): its expiry and
    /// its image, released.
    private func drop(_ slot: Int, key: Int) {
        if configuration.expiration > 0 { expiresAt[key] = nil }  // else it holds nothing
        if let image = imageOfSlot[slot].take() { environment.release(image) }  // (moved out: no retain)
    }
}
