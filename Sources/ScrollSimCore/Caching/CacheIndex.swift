/// The bookkeeping of a cache: which keys it holds, their costs, and who goes first when it must
/// evict — without the values, so one engine serves memory caches, disk caches and
/// `scrollsim cache-replay`.
///
/// Policies (all deterministic; never dependent on hash order):
/// - `lru`: least recently used first; a lookup hit (`touch`) refreshes recency (Nuke's
///   `ImageCache`, strict LRU).
/// - `fifo`: oldest insertion first; lookups change nothing (the capped actor loader; also the
///   documented model of `NSCache` under limits, whose real order Apple does not guarantee —
///   small Darwin tests look insertion-ordered).
/// - `clock`: CLOCK, or second chance, exactly as Nuke's memory cache does it since 13.0.5
///   (kean/Nuke 13.2.0, `Sources/Nuke/Caching/Cache.swift`, commit a01bcfb3): a hit sets the
///   entry's reference bit and moves nothing; re-inserting a held key updates its cost and sets
///   the bit in place; a new entry goes to the back with the bit clear. An insertion is followed
///   by a sweep from the front while over a limit (`Cache._trim(while:)`): a referenced entry
///   has its bit cleared and moves to the back, an unreferenced one is evicted. The sweep runs
///   after the insertion, so the new entry itself is evicted when every older entry was
///   referenced (they all move behind it) — unlike libCacheSim's Clock, which evicts before
///   inserting. Protected entries stay where they are and are passed over.
///
/// Limits: `countLimit` entries and `costLimit` total cost (0 = no limit). An entry whose own
/// cost exceeds `costLimit` is not inserted (the cache-simulator convention). Protected keys
/// (e.g. images of visible cells) are skipped by eviction, so a cache may stay over its limit
/// while everything left is protected.
///
/// Entries live in arrays linked into one doubly linked list (head = next victim), with a
/// table from key to slot (`IntKeyedTable`, no SipHash) used only for lookups. Stored properties
/// skip the runtime exclusivity checks (half of `cache-replay`'s time): no method calls out while
/// it mutates them, so overlapping accesses cannot happen.
/// - Complexity: `touch`, `insert`, `remove` O(1) amortised, plus O(p) per eviction when p
///   protected entries sit at the head.
public final class CacheIndex {
    /// Eviction order.
    public enum Policy: String, Sendable, CaseIterable {
        case lru, fifo, clock
    }

    /// The policy.
    public let policy: Policy
    /// Maximum number of entries; 0 means no limit.
    public let countLimit: Int
    /// Maximum total cost; 0 means no limit.
    public let costLimit: Int64

    /// The slot of each held key (an array indexed by key: keys are image ids, items or trace
    /// objects, dense from 0; `IntKeyedTable`).
    @usableFromInline @exclusivity(unchecked) var slotOfKey = IntKeyedTable<Int32>()
    @usableFromInline @exclusivity(unchecked) var keys: [Int] = []
    @usableFromInline @exclusivity(unchecked) var costs: [Int64] = []
    @usableFromInline @exclusivity(unchecked) var previous: [Int32] = []
    @usableFromInline @exclusivity(unchecked) var next: [Int32] = []
    @usableFromInline @exclusivity(unchecked) var isProtected: [Bool] = []
    /// CLOCK reference bits, per slot (`clock` only; false otherwise).
    @usableFromInline @exclusivity(unchecked) var isReferenced: [Bool] = []
    @usableFromInline @exclusivity(unchecked) var freeSlots: [Int32] = []
    @usableFromInline @exclusivity(unchecked) var head: Int32 = -1
    @usableFromInline @exclusivity(unchecked) var tail: Int32 = -1
    /// Number of entries.
    @exclusivity(unchecked) public private(set) var count = 0
    /// Sum of the entries' costs.
    @exclusivity(unchecked) public private(set) var totalCost: Int64 = 0

    public init(policy: Policy, countLimit: Int = 0, costLimit: Int64 = 0) {
        self.policy = policy
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
    }

    /// Reserves storage for `entryCount` entries, so that inserting up to that many allocates
    /// nothing (`cache-replay` reserves one per distinct object).
    public func reserveCapacity(_ entryCount: Int) {
        slotOfKey.reserveCapacity(entryCount)
        keys.reserveCapacity(entryCount)
        costs.reserveCapacity(entryCount)
        previous.reserveCapacity(entryCount)
        next.reserveCapacity(entryCount)
        isProtected.reserveCapacity(entryCount)
        isReferenced.reserveCapacity(entryCount)
        freeSlots.reserveCapacity(entryCount)
    }

    /// Whether `key` is held (no recency change).
    @inlinable
    public func contains(_ key: Int) -> Bool { slotOfKey[key] != nil }

    /// Cost of `key`, if held.
    public func cost(of key: Int) -> Int64? { slotOfKey[key].map { costs[Int($0)] } }

    /// A lookup: true on a hit, which refreshes recency under `lru` and sets the reference bit
    /// under `clock`.
    @inlinable
    public func touch(_ key: Int) -> Bool { touchedSlot(key) >= 0 }

    /// `touch(key)` returning the slot of `key` on a hit (−1 on a miss): a caller keeping values
    /// per slot (`ImageMemoryCache`) reads them without a second lookup by key. A key's slot stays
    /// the same while it is held.
    @inlinable
    public func touchedSlot(_ key: Int) -> Int {
        guard let slot = slotOfKey[key] else { return -1 }
        switch policy {
        case .lru:
            if slot != tail { moveToTail(slot) }
        case .clock:
            isReferenced[Int(slot)] = true
        case .fifo:
            break
        }
        return Int(slot)
    }

    /// The slot of `key` if held (−1 otherwise), without touching it.
    public func slot(of key: Int) -> Int { slotOfKey[key].map { Int($0) } ?? -1 }

    /// Inserts `key` (or updates its cost and, for `lru`, its recency; for `clock`, its reference
    /// bit), then evicts until within the limits. Evicted keys are appended to `evicted` in
    /// eviction order; under `clock` that may include `key` itself (check `contains`).
    /// - Returns: false when the entry alone exceeds `costLimit` and was not inserted (an older
    ///   entry for `key` is then removed and reported as evicted).
    @discardableResult
    public func insert(_ key: Int, cost: Int64, evicted: inout [Int]) -> Bool {
        if costLimit > 0 && cost > costLimit {
            if remove(key) { evicted.append(key) }
            return false
        }
        if let slot = slotOfKey[key] {
            totalCost += cost - costs[Int(slot)]
            costs[Int(slot)] = cost
            if policy == .lru && slot != tail { moveToTail(slot) }
            if policy == .clock { isReferenced[Int(slot)] = true }  // an update counts as a use
        } else {
            let slot: Int32
            if let free = freeSlots.popLast() {
                slot = free
                keys[Int(slot)] = key
                costs[Int(slot)] = cost
                isProtected[Int(slot)] = false
                isReferenced[Int(slot)] = false
            } else {
                slot = Int32(keys.count)
                keys.append(key)
                costs.append(cost)
                previous.append(-1)
                next.append(-1)
                isProtected.append(false)
                isReferenced.append(false)
            }
            slotOfKey[key] = slot
            append(slot)
            count += 1
            totalCost += cost
        }
        if policy == .clock {
            sweepToLimits(evicted: &evicted)
        } else {
            evictToLimits(keeping: key, evicted: &evicted)
        }
        return true
    }

    /// Removes `key`; returns whether it was held.
    @discardableResult
    public func remove(_ key: Int) -> Bool {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return false }
        unlink(slot)
        count -= 1
        totalCost -= costs[Int(slot)]
        freeSlots.append(slot)
        return true
    }

    /// Removes everything; returns the keys in eviction order.
    @discardableResult
    public func removeAll() -> [Int] {
        let all = keysInEvictionOrder()
        slotOfKey.removeAll()
        keys.removeAll()
        costs.removeAll()
        previous.removeAll()
        next.removeAll()
        isProtected.removeAll()
        isReferenced.removeAll()
        freeSlots.removeAll()
        head = -1
        tail = -1
        count = 0
        totalCost = 0
        return all
    }

    /// Protects `key` from eviction (or lifts the protection). No effect if not held.
    public func setProtected(_ key: Int, _ protected: Bool) {
        guard let slot = slotOfKey[key] else { return }
        isProtected[Int(slot)] = protected
    }

    /// Held keys, next victim first (under `clock`: in list order, front first; a referenced
    /// entry there gets its second chance before it can be evicted).
    public func keysInEvictionOrder() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var slot = head
        while slot >= 0 {
            result.append(keys[Int(slot)])
            slot = next[Int(slot)]
        }
        return result
    }

    private func isOverLimit() -> Bool {
        (countLimit > 0 && count > countLimit) || (costLimit > 0 && totalCost > costLimit)
    }

    private func evictToLimits(keeping newKey: Int, evicted: inout [Int]) {
        guard isOverLimit() else { return }
        var slot = head
        while isOverLimit() && slot >= 0 {
            let following = next[Int(slot)]
            let key = keys[Int(slot)]
            if !isProtected[Int(slot)] && key != newKey {
                remove(key)
                evicted.append(key)
            }
            slot = following
        }
    }

    /// `Cache._trim(while:)`: from the front while over a limit, a referenced entry loses its bit
    /// and moves to the back, an unreferenced one is evicted (the entry just inserted included).
    /// Protected entries are passed over in place, so the sweep ends after at most two visits of
    /// every entry even when everything left is protected.
    private func sweepToLimits(evicted: inout [Int]) {
        var slot = head
        while isOverLimit() && slot >= 0 {
            var following = next[Int(slot)]
            if isProtected[Int(slot)] {
                slot = following
                continue
            }
            if isReferenced[Int(slot)] {
                isReferenced[Int(slot)] = false
                if following < 0 {
                    following = slot  // already the back: visited again at once, now unreferenced
                } else {
                    unlink(slot)
                    append(slot)
                }
            } else {
                let key = keys[Int(slot)]
                remove(key)
                evicted.append(key)
            }
            slot = following
        }
    }

    /// `unlink(slot)` then `append(slot)` (a hit under `lru`) on the link arrays' storage: one
    /// uniqueness check per array instead of one per write. `slot` must be linked, not the tail.
    @usableFromInline
    func moveToTail(_ slot: Int32) {
        precondition(slot != tail, "moveToTail of the tail")
        var newHead = head, newTail = tail
        previous.withUnsafeMutableBufferPointer { previous in
            next.withUnsafeMutableBufferPointer { next in
                let s = Int(slot)
                let p = previous[s], n = next[s]
                if p >= 0 { next[Int(p)] = n } else { newHead = n }
                if n >= 0 { previous[Int(n)] = p } else { newTail = p }
                // `slot` is not the tail, so the list keeps at least one other entry: `newTail`.
                previous[s] = newTail
                next[s] = -1
                next[Int(newTail)] = slot
                newTail = slot
            }
        }
        head = newHead
        tail = newTail
    }

    @usableFromInline
    func unlink(_ slot: Int32) {
        let p = previous[Int(slot)], n = next[Int(slot)]
        if p >= 0 { next[Int(p)] = n } else { head = n }
        if n >= 0 { previous[Int(n)] = p } else { tail = p }
        previous[Int(slot)] = -1
        next[Int(slot)] = -1
    }

    @usableFromInline
    func append(_ slot: Int32) {
        previous[Int(slot)] = tail
        next[Int(slot)] = -1
        if tail >= 0 { next[Int(tail)] = slot } else { head = slot }
        tail = slot
    }

    /// Checks the list against the key map and the sums (tests run it after every mutation).
    public func checkInvariants() -> Bool {
        var seen = 0
        var cost: Int64 = 0
        var slot = head
        var last: Int32 = -1
        while slot >= 0 {
            guard previous[Int(slot)] == last, slotOfKey[keys[Int(slot)]] == slot else { return false }
            seen += 1
            cost += costs[Int(slot)]
            last = slot
            slot = next[Int(slot)]
        }
        return last == tail && seen == count && seen == slotOfKey.count && cost == totalCost
    }
}
