/// A map from `Int` keys to values without SipHash, the table for integer keys that are few at any
/// time compared to their range: image ids a cache holds out of a large catalog, items of a range
/// that slides with the scroll (Texture's nodes, prefetch tokens by item), load tokens that only
/// grow.
///
/// Keys are plain integers that need no protection against chosen collisions, so a multiplicative
/// (Fibonacci) hash spreads them for one multiply and one shift: a key's home slot is the top bits
/// of `key × ⌊2^64/φ⌋` (Knuth, The Art of Computer Programming vol. 3, §6.4). Consecutive keys
/// land far apart (the three-distance theorem), so a window of keys sliding over the integers
/// probes as little as scattered keys do. Open addressing with linear probing over an array of
/// keys (`Int.min` marks a free slot, so it is the one key that cannot be held), deletion by
/// backward shift (no tombstones: keys that slide forever never leave dead slots behind); at most
/// 3/4 full, doubling from 16 slots (2 until its second key), never shrinking. Memory is
/// proportional to the most keys held at once, not to the largest key written nor to the span of
/// the keys.
///
/// The keys and values live in one storage object (`IntKeyedTableStorage`, two manually
/// allocated buffers) that a table copies on its first change after it was copied, once per
/// change: the slots are then read and written through pointers, without the bounds check and
/// the uniqueness check an `Array` pays at every access (a removal moves several entries).
///
/// For dense ids most of which get written (cell ids), FetchStrategies' `DenseTable`, an array
/// indexed by the id, costs less (no hash, no key check), but its memory follows the largest id
/// written; for image ids (anywhere below the catalogue's size) most of which get written,
/// `PagedSlotTable` (and FetchStrategies' `PagedTable` over it), whose memory follows the pages of
/// the ids written.
///
/// Only looked up and updated, never iterated, so its slot order can never reach a result.
public struct IntKeyedTable<Value> {
    /// The slots' keys and values (`mask + 1` of each).
    @usableFromInline var storage: IntKeyedTableStorage<Value>
    /// `capacity − 1`: the capacity is a power of two, at least 2 (2 free slots at first, so that
    /// a lookup in a new table needs no special case).
    @usableFromInline var mask = 1
    /// `64 − log2(capacity)`: the hash keeps the product's top bits.
    @usableFromInline var shift = 63
    /// Number of keys held.
    @usableFromInline var heldCount = 0

    /// The key marking a free slot: `Int.min`, the one integer that cannot be held (looking it up
    /// finds nothing).
    @usableFromInline static var freeKey: Int { Int.min }

    /// An empty table (2 slots; 16 from its second key on).
    @inlinable public init() { storage = IntKeyedTableStorage(capacity: 2) }

    /// Number of keys held.
    @inlinable public var count: Int { heldCount }

    /// Number of slots (a power of two): memory follows it.
    @inlinable public var slotCount: Int { mask + 1 }

    /// The key of each slot, or `freeKey` when the slot is free (tests; `slotCount` of them).
    var keys: UnsafeMutablePointer<Int> { storage.keys }
    /// The value of each slot, nil when free (tests; `slotCount` of them).
    var values: UnsafeMutablePointer<Value?> { storage.values }

    /// The home slot of `key`: the top bits of `key × 2^64/φ`.
    @inlinable @inline(__always)
    func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(shift))
    }

    /// Makes the storage this table's own before a change (a copy of a copied table's).
    @inlinable @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The slot holding `key` (`isHeld`), or else the free slot that ends its probe run, where
    /// it goes in.
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    func probe(_ key: Int) -> (slot: Int, isHeld: Bool) {
        let keys = storage.keys
        var slot = home(key)
        while true {
            let held = keys[slot]
            if held == Self.freeKey { return (slot, false) }
            if held == key { return (slot, true) }
            slot = (slot + 1) & mask
        }
    }

    /// The slot holding `key`, if any.
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    func slot(of key: Int) -> Int? {
        let (slot, isHeld) = probe(key)
        return isHeld ? slot : nil
    }

    /// The value of `key`, or nil; setting nil removes the key. Changes made through it in place
    /// (`table[key]!.field = x`) find the slot once. An in-place access must not end by a thrown
    /// error (its bookkeeping runs after the access; a `defer` for it costs texture 0.5% of its
    /// instructions): use `update` for a change that can throw.
    /// - Complexity: O(1) expected (amortised when the table grows).
    @inlinable
    public subscript(key: Int) -> Value? {
        @inline(__always) get {
            guard let slot = slot(of: key) else { return nil }
            return storage.values[slot]
        }
        _modify {
            makeUnique()
            let (slot, isHeld) = probe(key)
            // The caller writes straight into the slot (a free slot holds nil): no copy of the value.
            yield &storage.values[slot]
            if isHeld {
                if case .none = storage.values[slot] {
                    heldCount -= 1
                    closeGap(at: slot)
                }
            } else if case .some = storage.values[slot] {
                precondition(key != Self.freeKey, "IntKeyedTable cannot hold the key Int.min")
                storage.keys[slot] = key
                heldCount += 1
                // A free slot stays: the table grows once it is more than 3/4 full
                if heldCount * 4 > (mask + 1) * 3 { resize(to: max(16, (mask + 1) * 2)) }
            }
        }
    }

    /// The value held at `slot`, which `probe` found holding its key.
    @inlinable @inline(__always)
    func value(atSlot slot: Int) -> Value { storage.values[slot]! }

    /// Replaces the value held at `slot`, which `probe` found holding its key.
    @inlinable @inline(__always)
    mutating func setValue(_ value: Value, atSlot slot: Int) {
        makeUnique()
        storage.values[slot] = value
    }

    /// Puts `value` for `key` at `slot`: the free slot `probe(key)` returned, with no change to the
    /// table since (one probe for a lookup that misses and then inserts).
    /// - Complexity: O(1) (amortised when the table grows).
    @inlinable
    mutating func insertNew(_ key: Int, _ value: Value, atProbedSlot slot: Int) {
        precondition(key != Self.freeKey, "IntKeyedTable cannot hold the key Int.min")
        makeUnique()
        assert(storage.keys[slot] == Self.freeKey, "insertNew at a slot the table filled since the probe")
        storage.keys[slot] = key
        storage.values[slot] = value
        heldCount += 1
        // A free slot stays: the table grows once it is more than 3/4 full
        if heldCount * 4 > (mask + 1) * 3 { resize(to: max(16, (mask + 1) * 2)) }
    }

    /// Adds 1 to `key`'s count (0 when absent, so it goes in as 1) and returns the count it had:
    /// one probe for the lookup and the update.
    /// - Complexity: O(1) expected (amortised when the table grows).
    @inlinable @inline(__always) @discardableResult
    public mutating func increment(_ key: Int) -> Int where Value == Int {
        let (slot, isHeld) = probe(key)
        guard isHeld else {
            insertNew(key, 1, atProbedSlot: slot)
            return 0
        }
        let old = value(atSlot: slot)
        setValue(old + 1, atSlot: slot)
        return old
    }

    /// Puts `value` for `key` unless `key` has a value (which stays): one probe for the lookup
    /// and the insertion. Returns whether it put it.
    /// - Complexity: O(1) expected (amortised when the table grows).
    @inlinable @inline(__always)
    mutating func insertIfAbsent(_ key: Int, _ value: Value) -> Bool {
        let (slot, isHeld) = probe(key)
        if isHeld { return false }
        insertNew(key, value, atProbedSlot: slot)
        return true
    }

    /// The value of `key`, or `defaultValue` when absent.
    @inlinable
    public subscript(key: Int, default defaultValue: @autoclosure () -> Value) -> Value {
        self[key] ?? defaultValue()
    }

    /// Applies `body` to `key`'s value in place (one lookup for several changes) and returns its
    /// result; nil, without calling `body`, when `key` has no value.
    /// - Complexity: O(1) expected, plus `body`.
    @inlinable
    public mutating func update<Result>(_ key: Int, _ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard let slot = slot(of: key) else { return nil }
        makeUnique()
        return try body(&storage.values[slot]!)
    }

    /// Removes `key` and returns its value, if it was held.
    /// - Complexity: O(1) expected.
    @inlinable @discardableResult
    public mutating func removeValue(forKey key: Int) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        makeUnique()
        let old = (storage.values + slot).move()
        (storage.values + slot).initialize(to: nil)
        heldCount -= 1
        closeGap(at: slot)
        return old
    }

    /// Removes every key, keeping the storage.
    /// - Complexity: O(capacity).
    @inlinable
    public mutating func removeAll() {
        guard heldCount > 0 else { return }
        makeUnique()
        for index in 0...mask {
            storage.keys[index] = Self.freeKey
            storage.values[index] = nil
        }
        heldCount = 0
    }

    /// Makes room for `keyCount` keys without growing later.
    /// - Complexity: O(capacity) when it grows.
    @inlinable
    public mutating func reserveCapacity(_ keyCount: Int) {
        var capacity = max(16, mask + 1)
        while keyCount * 4 > capacity * 3 { capacity *= 2 }
        if capacity > mask + 1 { resize(to: capacity) }
    }

    /// Closes the gap left at `gap` by a removal (its value already nil): the entries after it in
    /// its probe run move back into the gap when their home allows (backward-shift deletion), and
    /// the last gap is marked free. The storage is this table's own (`makeUnique`).
    /// - Complexity: O(length of the probe run).
    @inlinable
    mutating func closeGap(at gap: Int) {
        let keys = storage.keys, values = storage.values
        var gap = gap
        var next = (gap + 1) & mask
        while true {
            let key = keys[next]
            if key == Self.freeKey { break }
            let want = home(key)
            // The entry at `next` stays when its home lies cyclically in (gap, next].
            let stays = gap <= next ? (gap < want && want <= next) : (gap < want || want <= next)
            if !stays {
                keys[gap] = key
                // The gap's nil moves on; no copy of the value.
                (values + gap).moveUpdate(from: values + next, count: 1)
                (values + next).initialize(to: nil)
                gap = next
            }
            next = (next + 1) & mask
        }
        keys[gap] = Self.freeKey
    }

    /// Re-inserts every entry into `capacity` slots (a power of two).
    /// - Complexity: O(capacity).
    @inlinable @inline(never)
    mutating func resize(to capacity: Int) {
        let old = storage, oldCapacity = mask + 1
        storage = IntKeyedTableStorage(capacity: capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
        let keys = storage.keys, values = storage.values
        for index in 0..<oldCapacity where old.keys[index] != Self.freeKey {
            var slot = home(old.keys[index])
            while keys[slot] != Self.freeKey { slot = (slot + 1) & mask }
            keys[slot] = old.keys[index]
            values[slot] = old.values[index]
        }
    }
}

/// The slots of an `IntKeyedTable`: `capacity` keys and `capacity` values, every key `Int.min`
/// and every value nil at first. Never shared while it is changed (the table copies it first).
@usableFromInline
final class IntKeyedTableStorage<Value> {
    /// The key of each slot (`Int.min`: free).
    @usableFromInline let keys: UnsafeMutablePointer<Int>
    /// The value of each slot (nil when free, so that a removed value is released at once).
    @usableFromInline let values: UnsafeMutablePointer<Value?>
    /// Number of slots.
    @usableFromInline let capacity: Int

    /// `capacity` free slots.
    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: Int.min, count: capacity)
        values = .allocate(capacity: capacity)
        values.initialize(repeating: nil, count: capacity)
    }

    deinit {
        values.deinitialize(count: capacity)
        values.deallocate()
        keys.deallocate()
    }

    /// A copy of the slots (a table's first change after it was copied).
    @usableFromInline @inline(never)
    func copy() -> IntKeyedTableStorage {
        let copy = IntKeyedTableStorage(capacity: capacity)
        copy.keys.update(from: keys, count: capacity)
        copy.values.update(from: values, count: capacity)
        return copy
    }
}

/// Sendable when its values are: its storage is never changed while shared (copy on write).
extension IntKeyedTable: @unchecked Sendable where Value: Sendable {}
