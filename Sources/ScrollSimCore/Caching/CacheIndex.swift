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
/// Entries live in slots linked into one doubly linked list (head = next victim), with a
/// table from key to slot (`IntKeyedTable`, no SipHash) used only for lookups. The slots (key,
/// cost, protection, CLOCK bit and links) live in one buffer the index owns (`Slot`: no uniqueness
/// check or bounds check per write; an LRU hit is two link updates), and the free slots form a
/// stack linked through it. Stored properties skip the runtime exclusivity checks (half of
/// `cache-replay`'s time): no method calls out while it mutates them, so overlapping accesses
/// cannot happen.
///
/// Eviction passes over protected entries in place, so a run of protected entries at the head
/// (the images of visible cells, which an LRU list lets drift to the front) would be walked by
/// every eviction. `scanStart` remembers where that run ends: every entry before it is protected,
/// so a walk from it finds the same victims as a walk from the head. Each link carries the order
/// of its last append (increasing along the list), which tells in O(1) whether an entry whose
/// protection is lifted lies before `scanStart` (it then becomes the start).
/// - Complexity: `touch`, `insert`, `remove`, `setProtected` O(1) amortised, plus O(p) per
///   eviction for the p protected entries passed over that no earlier eviction passed over.
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

    /// The slot of each held key (a hash table of the keys held: keys are image ids, items or
    /// trace objects, and its memory follows the entries, not the largest key).
    @usableFromInline @exclusivity(unchecked) var slotOfKey = IntKeyedTable<Int32>()
    /// The slots (`slotCount` of them initialised, room for `slotCapacity`).
    @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<Slot>
    /// Slots made so far (held or free).
    @usableFromInline @exclusivity(unchecked) var slotCount = 0
    /// Slots `slots` has room for.
    @usableFromInline @exclusivity(unchecked) var slotCapacity = 0
    /// The free slot freed last (the top of the stack linked through `Slot.next`), or −1.
    @usableFromInline @exclusivity(unchecked) var freeSlot: Int32 = -1
    /// The order the next appended slot gets (`Slot.order`).
    @usableFromInline @exclusivity(unchecked) var nextOrder: Int64 = 0
    /// Where eviction walks start: a linked slot with only protected entries before it, or −1 for
    /// the head.
    @usableFromInline @exclusivity(unchecked) var scanStart: Int32 = -1
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
        slots = UnsafeMutablePointer<Slot>.allocate(capacity: 0)
    }

    deinit { slots.deallocate() }

    /// Makes room in `slots` for `capacity` slots (at least doubling), keeping the slots made.
    @inline(never)
    private func growSlots(to capacity: Int) {
        let capacity = max(capacity, 2 * slotCapacity, 16)
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        grown.moveInitialize(from: slots, count: slotCount)
        slots.deallocate()
        slots = grown
        slotCapacity = capacity
    }

    /// Reserves storage for `entryCount` entries, so that inserting up to that many allocates
    /// nothing (`cache-replay` reserves one per distinct object).
    public func reserveCapacity(_ entryCount: Int) {
        slotOfKey.reserveCapacity(entryCount)
        if entryCount > slotCapacity { growSlots(to: entryCount) }
    }

    /// Whether `key` is held (no recency change).
    @inlinable
    public func contains(_ key: Int) -> Bool { slotOfKey[key] != nil }

    /// Cost of `key`, if held.
    public func cost(of key: Int) -> Int64? { slotOfKey[key].map { slots[Int($0)].cost } }

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
            slots[Int(slot)].isReferenced = true
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
        insert(key, cost: cost, evicted: &evicted, reportsSlots: false) >= 0
    }

    /// `insert(_:cost:evicted:)` that appends the evicted entries' slots to `evictedSlots` instead
    /// of their keys (a caller keeping values per slot, `ImageMemoryCache`, drops them without a
    /// lookup by key). An evicted slot keeps its key (`key(ofSlot:)`) until an insertion reuses it.
    @discardableResult
    func insert(_ key: Int, cost: Int64, evictedSlots: inout [Int]) -> Bool {
        insert(key, cost: cost, evicted: &evictedSlots, reportsSlots: true) >= 0
    }

    /// `insert(_:cost:evictedSlots:)` returning the slot `key` went into (the slot it held when it
    /// was held), or −1 when it was refused: the caller needs no lookup after it. Under `clock` the
    /// sweep may have evicted the new entry again: its slot is then among `evictedSlots`.
    func insertedSlot(_ key: Int, cost: Int64, evictedSlots: inout [Int]) -> Int {
        insert(key, cost: cost, evicted: &evictedSlots, reportsSlots: true)
    }

    /// The key slot `slot` holds, or held last when it was evicted or removed.
    func key(ofSlot slot: Int) -> Int { slots[slot].key }

    /// The cost of the entry slot `slot` holds (a slot `touchedSlot` returned).
    @inlinable
    public func cost(ofSlot slot: Int) -> Int64 { slots[slot].cost }

    /// The slots of the held keys, next victim first (the order of `keysInEvictionOrder()`).
    func slotsInEvictionOrder() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var slot = head
        while slot >= 0 {
            result.append(Int(slot))
            slot = slots[Int(slot)].next
        }
        return result
    }

    /// `insert`, reporting each eviction by key or, with `reportsSlots`, by slot; returns the slot
    /// `key` went into, or −1 when it was refused.
    @inline(__always)
    private func insert(_ key: Int, cost: Int64, evicted: inout [Int], reportsSlots: Bool) -> Int {
        if costLimit > 0 && cost > costLimit {
            guard let slot = slotOfKey[key] else { return -1 }
            remove(key)
            evicted.append(reportsSlots ? Int(slot) : key)
            return -1
        }
        let (tableSlot, isHeld) = slotOfKey.probe(key)
        let slot: Int32
        if isHeld {
            slot = slotOfKey.value(atSlot: tableSlot)
            totalCost += cost - slots[Int(slot)].cost
            slots[Int(slot)].cost = cost
            if policy == .lru && slot != tail { moveToTail(slot) }
            if policy == .clock { slots[Int(slot)].isReferenced = true }  // an update counts as a use
        } else {
            if freeSlot >= 0 {
                slot = freeSlot
                freeSlot = slots[Int(slot)].next
                slots[Int(slot)] = Slot(key: key, cost: cost)
            } else {
                slot = Int32(slotCount)
                if slotCount == slotCapacity { growSlots(to: slotCount + 1) }
                (slots + slotCount).initialize(to: Slot(key: key, cost: cost))
                slotCount += 1
            }
            slotOfKey.insertNew(key, slot, atProbedSlot: tableSlot)
            append(slot)
            count += 1
            totalCost += cost
        }
        if policy == .clock {
            sweepToLimits(evicted: &evicted, reportsSlots: reportsSlots)
        } else {
            evictToLimits(keeping: key, evicted: &evicted, reportsSlots: reportsSlots)
        }
        return Int(slot)
    }

    /// Removes `key`; returns whether it was held.
    @discardableResult
    public func remove(_ key: Int) -> Bool {
        guard let slot = slotOfKey.removeValue(forKey: key) else { return false }
        unlink(slot)
        count -= 1
        totalCost -= slots[Int(slot)].cost
        slots[Int(slot)].next = freeSlot
        freeSlot = slot
        return true
    }

    /// Removes everything; returns the keys in eviction order.
    @discardableResult
    public func removeAll() -> [Int] {
        let all = keysInEvictionOrder()
        slotOfKey.removeAll()
        slotCount = 0  // the slots need no deinitialisation (`Slot` is trivial)
        freeSlot = -1
        scanStart = -1
        head = -1
        tail = -1
        count = 0
        totalCost = 0
        return all
    }

    /// Protects `key` from eviction (or lifts the protection). No effect if not held.
    public func setProtected(_ key: Int, _ protected: Bool) {
        guard let slot = slotOfKey[key] else { return }
        slots[Int(slot)].isProtected = protected
        // An entry before the start of the walks that loses its protection is the new start.
        if !protected && scanStart >= 0 && slots[Int(slot)].order < slots[Int(scanStart)].order {
            scanStart = slot
        }
    }

    /// Held keys, next victim first (under `clock`: in list order, front first; a referenced
    /// entry there gets its second chance before it can be evicted).
    public func keysInEvictionOrder() -> [Int] {
        slotsInEvictionOrder().map { slots[$0].key }
    }

    private func isOverLimit() -> Bool {
        (countLimit > 0 && count > countLimit) || (costLimit > 0 && totalCost > costLimit)
    }

    /// From the front (`scanStart`: the protected entries before it would be passed over) while
    /// over a limit, every entry but the protected ones and `newKey` is evicted (reported by
    /// slot with `reportsSlots`, else by key).
    @inline(__always)  // (into each form of `insert`, where `reportsSlots` is a constant)
    private func evictToLimits(keeping newKey: Int, evicted: inout [Int], reportsSlots: Bool) {
        guard isOverLimit() else { return }
        var slot = scanStart >= 0 ? scanStart : head
        var isProtectedRun = true
        while isOverLimit() && slot >= 0 {
            let following = slots[Int(slot)].next
            if slots[Int(slot)].isProtected {
                if isProtectedRun { scanStart = following }  // −1 (the head) at the end: still true
            } else {
                isProtectedRun = false
                let key = slots[Int(slot)].key
                if key != newKey {
                    remove(key)
                    evicted.append(reportsSlots ? Int(slot) : key)
                }
            }
            slot = following
        }
    }

    /// `Cache._trim(while:)`: from the front while over a limit, a referenced entry loses its bit
    /// and moves to the back, an unreferenced one is evicted (the entry just inserted included).
    /// Protected entries are passed over in place, so the sweep ends after at most two visits of
    /// every entry even when everything left is protected.
    /// The sweep starts at `scanStart`: the protected entries before it would be passed over.
    /// Evictions are reported by slot with `reportsSlots`, else by key.
    @inline(__always)  // (into each form of `insert`, where `reportsSlots` is a constant)
    private func sweepToLimits(evicted: inout [Int], reportsSlots: Bool) {
        var slot = scanStart >= 0 ? scanStart : head
        var isProtectedRun = true
        while isOverLimit() && slot >= 0 {
            var following = slots[Int(slot)].next
            if slots[Int(slot)].isProtected {
                if isProtectedRun { scanStart = following }
                slot = following
                continue
            }
            isProtectedRun = false
            if slots[Int(slot)].isReferenced {
                slots[Int(slot)].isReferenced = false
                if following < 0 {
                    following = slot  // already the back: visited again at once, now unreferenced
                } else {
                    unlink(slot)
                    append(slot)
                }
            } else {
                let key = slots[Int(slot)].key
                remove(key)
                evicted.append(reportsSlots ? Int(slot) : key)
            }
            slot = following
        }
    }

    /// `unlink(slot)` then `append(slot)` (a hit under `lru`). `slot` must be linked, not the tail.
    @usableFromInline @inline(__always)  // (on every hit, insertion and eviction: no call)
    func moveToTail(_ slot: Int32) {
        precondition(slot != tail, "moveToTail of the tail")
        let s = Int(slot)
        let p = slots[s].previous, n = slots[s].next
        // `slot` is not the tail, so `n` is a slot and the list keeps another entry: the tail.
        if p >= 0 { slots[Int(p)].next = n } else { head = n }
        slots[Int(n)].previous = p
        if scanStart == slot { scanStart = n }
        slots[s].previous = tail
        slots[s].next = -1
        slots[s].order = nextOrder
        nextOrder += 1
        slots[Int(tail)].next = slot
        tail = slot
    }

    @usableFromInline @inline(__always)
    func unlink(_ slot: Int32) {
        let p = slots[Int(slot)].previous, n = slots[Int(slot)].next
        if p >= 0 { slots[Int(p)].next = n } else { head = n }
        if n >= 0 { slots[Int(n)].previous = p } else { tail = p }
        if scanStart == slot { scanStart = n }  // the entries before `n` are those before `slot`
        slots[Int(slot)].previous = -1
        slots[Int(slot)].next = -1
    }

    @usableFromInline @inline(__always)
    func append(_ slot: Int32) {
        slots[Int(slot)].previous = tail
        slots[Int(slot)].next = -1
        slots[Int(slot)].order = nextOrder
        nextOrder += 1
        if tail >= 0 { slots[Int(tail)].next = slot } else { head = slot }
        tail = slot
    }

    /// Checks the list against the key map and the sums (tests run it after every mutation).
    public func checkInvariants() -> Bool {
        var seen = 0
        var cost: Int64 = 0
        var slot = head
        var last: Int32 = -1
        // Orders increase along the list; `scanStart`, when set, is linked behind protected entries.
        var isProtectedRun = true, isScanStartLinked = scanStart < 0
        while slot >= 0 {
            guard slots[Int(slot)].previous == last, slotOfKey[slots[Int(slot)].key] == slot else { return false }
            if last >= 0 && slots[Int(last)].order >= slots[Int(slot)].order { return false }
            if slot == scanStart {
                guard isProtectedRun else { return false }
                isScanStartLinked = true
            }
            if !slots[Int(slot)].isProtected { isProtectedRun = false }
            seen += 1
            cost += slots[Int(slot)].cost
            last = slot
            slot = slots[Int(slot)].next
        }
        return isScanStartLinked && last == tail && seen == count && seen == slotOfKey.count && cost == totalCost
    }
}
