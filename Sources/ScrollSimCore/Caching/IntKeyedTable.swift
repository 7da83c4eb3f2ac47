/// A map from `Int` keys to values without SipHash: image ids, item numbers and trace objects are
/// plain integers that need no protection against chosen collisions, so a multiplicative
/// (Fibonacci) hash spreads them well enough and costs one multiply. Open addressing with linear
/// probing, deletion by backward shift (no tombstones); at most 3/4 full, doubling. Memory is
/// proportional to the most keys held at once, not to the largest key.
///
/// Only looked up and updated, never iterated, so its slot order can never reach a result.
@usableFromInline
struct IntKeyedTable<Value> {
    /// Key of each slot (meaningless where `values` is nil).
    @usableFromInline var keys: [Int] = []
    /// Value of each slot; nil marks an empty slot.
    @usableFromInline var values: [Value?] = []
    /// `capacity − 1` (the capacity is a power of two, or 0 before the first insertion).
    @usableFromInline var mask = -1
    /// `64 − log2(capacity)`: the hash keeps the product's top bits.
    @usableFromInline var shift = 64
    /// Number of keys held.
    @usableFromInline var count = 0

    /// An empty table (it allocates at its first insertion).
    @inlinable init() {}

    /// The home slot of `key`: the top bits of `key × 2^64/φ`.
    @inlinable @inline(__always)
    func home(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// The slot holding `key`, if any.
    /// - Complexity: O(1) expected.
    @inlinable @inline(__always)
    func slot(of key: Int) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(key)
        while values[slot] != nil {
            if keys[slot] == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The value of `key`, or nil; setting nil removes the key.
    /// - Complexity: O(1) expected (amortised when the table grows).
    @inlinable
    subscript(key: Int) -> Value? {
        @inline(__always) get {
            guard let slot = slot(of: key) else { return nil }
            return values[slot]
        }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            if let slot = slot(of: key) {
                values[slot] = newValue
                return
            }
            if (count + 1) * 4 > (mask + 1) * 3 { resize(to: max(16, (mask + 1) * 2)) }
            var slot = home(key)
            while values[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = key
            values[slot] = newValue
            count += 1
        }
    }

    /// The value of `key`, or `defaultValue` when absent.
    @inlinable
    subscript(key: Int, default defaultValue: @autoclosure () -> Value) -> Value {
        self[key] ?? defaultValue()
    }

    /// Removes `key` and returns its value, if it was held. The entries after it in its probe
    /// run move back into the gap when their home allows (backward-shift deletion).
    /// - Complexity: O(1) expected.
    @inlinable @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        guard var gap = slot(of: key) else { return nil }
        let old = values[gap]
        values[gap] = nil
        count -= 1
        var next = (gap + 1) & mask
        while values[next] != nil {
            let want = home(keys[next])
            // The entry at `next` stays when its home lies cyclically in (gap, next].
            let stays = gap <= next ? (gap < want && want <= next) : (gap < want || want <= next)
            if !stays {
                keys[gap] = keys[next]
                values[gap] = values[next]
                values[next] = nil
                gap = next
            }
            next = (next + 1) & mask
        }
        return old
    }

    /// Removes every key, keeping the storage.
    /// - Complexity: O(capacity).
    @inlinable
    mutating func removeAll() {
        guard count > 0 else { return }
        for index in values.indices { values[index] = nil }
        count = 0
    }

    /// Makes room for `keyCount` keys without growing later.
    @inlinable
    mutating func reserveCapacity(_ keyCount: Int) {
        var capacity = max(16, mask + 1)
        while keyCount * 4 > capacity * 3 { capacity *= 2 }
        if capacity > mask + 1 { resize(to: capacity) }
    }

    /// Re-inserts every entry into `capacity` slots (a power of two).
    @usableFromInline
    mutating func resize(to capacity: Int) {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: nil, count: capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
        for index in oldValues.indices {
            guard let value = oldValues[index] else { continue }
            var slot = home(oldKeys[index])
            while values[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[index]
            values[slot] = value
        }
    }

    /// Checks that every held key is found from its home without crossing an empty slot, and
    /// that `count` is the number held (tests).
    func checkInvariants() -> Bool {
        var held = 0
        for index in values.indices where values[index] != nil {
            held += 1
            guard slot(of: keys[index]) == index else { return false }
        }
        return held == count
    }
}
