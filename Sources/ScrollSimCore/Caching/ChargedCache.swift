/// The one way a cache of data in the app's memory (encoded bytes, not bitmaps) counts in the
/// footprint (`peak_memory_mb`, the warning level and the limit; docs/model.md, "Resources"): a
/// `CacheIndex` whose total cost the footprint follows. Every change of the index goes through
/// here, and each settles the charge right after it: the growth of `totalCost` since the last
/// change is charged, a shrink is released (`MemoryLedger.charge` / `discharge`), so the ledger
/// holds exactly `totalCost` for the cache and no caller charges by hand. One settlement per
/// change, at the moment of the change: an insertion that evicts is charged its net growth (or
/// releases its net shrink) once, after the insertion.
///
/// Users: `URLCache`'s memory tier (`HTTPCache`), Texture's PINCache memory cache and Nuke's
/// `ResumableDataStorage` (docs/fidelity.md, the footprint rows).
public final class ChargedCache {
    /// The entries and their costs (bytes); read by the inlinable lookups (one call less on a
    /// strategy's hot path), changed only here.
    @usableFromInline let index: CacheIndex
    /// The footprint charged (nil: not charged, for tests of a cache alone).
    private let ledger: MemoryLedger?
    /// Bytes charged to `ledger` so far: `totalCost` after every change.
    @exclusivity(unchecked) private var charged: Int64 = 0

    /// A cache keeping its entries in `index` (empty), charging `ledger`.
    init(_ index: CacheIndex, ledger: MemoryLedger?) {
        precondition(index.count == 0, "a charged cache starts empty")
        self.index = index
        self.ledger = ledger
    }

    /// A cache keeping its entries in `index` (empty), charging the footprint of `environment`'s
    /// run (nil: nowhere).
    public convenience init(_ index: CacheIndex, chargingTo environment: FetchEnvironment?) {
        self.init(index, ledger: environment?.memory)
    }

    /// Entries held.
    @inlinable public var count: Int { index.count }
    /// Sum of the entries' costs: the bytes charged.
    @inlinable public var totalCost: Int64 { index.totalCost }
    /// Whether `key` is held (no recency change).
    @inlinable public func contains(_ key: Int) -> Bool { index.contains(key) }
    /// Cost of `key`, if held.
    @inlinable public func cost(of key: Int) -> Int64? { index.cost(of: key) }
    /// A lookup (`CacheIndex.touch`): true on a hit. Costs do not change.
    @inlinable public func touch(_ key: Int) -> Bool { index.touch(key) }
    /// A lookup (`CacheIndex.touch`) returning the cost of `key` on a hit, nil on a miss (one probe
    /// for `cost(of:)` and `touch`).
    @inlinable public func touchedCost(_ key: Int) -> Int64? {
        let slot = index.touchedSlot(key)
        return slot >= 0 ? index.cost(ofSlot: slot) : nil
    }
    /// Held keys, next victim first.
    public func keysInEvictionOrder() -> [Int] { index.keysInEvictionOrder() }

    /// `CacheIndex.insert`, then the charge settles (net of what it evicted).
    @discardableResult
    public func insert(_ key: Int, cost: Int64, evicted: inout [Int]) -> Bool {
        let isInserted = index.insert(key, cost: cost, evicted: &evicted)
        settle()
        return isInserted
    }

    /// `CacheIndex.remove`, then the charge settles.
    @discardableResult
    public func remove(_ key: Int) -> Bool {
        let wasHeld = index.remove(key)
        settle()
        return wasHeld
    }

    /// `CacheIndex.removeAll`, then everything charged is released.
    public func removeAll() {
        _ = index.removeAll()
        settle()
    }

    /// Charges the growth of `totalCost` since the last settlement, or releases its shrink.
    private func settle() {
        let total = index.totalCost
        guard total != charged else { return }
        if let ledger {
            if total > charged { ledger.charge(total - charged) } else { ledger.discharge(charged - total) }
        }
        charged = total
    }
}
