/// A table keyed by non-negative integers that stay within a short window at any time (the items
/// of a range that slides with the scroll: Texture's nodes, prefetched items), held in a
/// power-of-two array: key `k` lives in slot `k & mask`, so a lookup is an index and a key check,
/// not a hash. A write whose slot holds another live key doubles the array until the keys fall
/// apart, so any keys are correct; keys that span `n` consecutive integers need at most `2n`
/// slots, and memory follows the span of the live keys, not the largest key ever written.
/// Never iterated: no order to keep.
struct WindowTable<Value> {
    /// The key of each slot, or -1 when the slot is free.
    private var keys: [Int]
    /// The value of each slot (nil when free).
    private var values: [Value?]
    /// `keys.count - 1` (the count is a power of two).
    private var mask: Int
    /// Number of keys held.
    private(set) var count = 0

    /// An empty table with room for keys spanning `capacity` integers (rounded up to a power of two).
    init(capacity: Int = 64) {
        var slots = 1
        while slots < max(1, capacity) { slots *= 2 }
        keys = Array(repeating: -1, count: slots)
        values = Array(repeating: nil, count: slots)
        mask = slots - 1
    }

    /// The value of `key` (nil if none); writing nil removes it. `key` must be ≥ 0.
    /// - Complexity: O(1); a write that collides with another live key grows the table (O(slots)).
    subscript(key: Int) -> Value? {
        get {
            let slot = key & mask
            return keys[slot] == key ? values[slot] : nil
        }
        _modify {
            precondition(key >= 0, "WindowTable keys are non-negative, found \(key)")
            var slot = key & mask
            if keys[slot] != key {
                var value: Value?
                yield &value
                guard let value else { return }
                if keys[slot] != -1 {
                    grow(toFit: key)
                    slot = key & mask
                }
                keys[slot] = key
                values[slot] = value
                count += 1
                return
            }
            yield &values[slot]
            if values[slot] == nil {
                keys[slot] = -1
                count -= 1
            }
        }
    }

    /// Applies `body` to `key`'s value in place (one lookup for several changes) and returns
    /// its result; nil, without calling `body`, when `key` has no value.
    mutating func update<Result>(_ key: Int, _ body: (inout Value) -> Result) -> Result? {
        let slot = key & mask
        guard keys[slot] == key else { return nil }
        return body(&values[slot]!)
    }

    /// Removes `key`'s value and returns it (nil if none).
    @discardableResult
    mutating func removeValue(forKey key: Int) -> Value? {
        let slot = key & mask
        guard keys[slot] == key else { return nil }
        let value = values[slot]
        keys[slot] = -1
        values[slot] = nil
        count -= 1
        return value
    }

    /// Number of slots (for tests: memory follows the span of the live keys).
    var slotCount: Int { keys.count }

    /// Doubles the slots until `key`'s slot is free. Two keys apart in `2s` slots are apart in
    /// `s` slots too, so live keys never collide with each other after a doubling.
    private mutating func grow(toFit key: Int) {
        var slots = keys.count
        repeat {
            slots *= 2
        } while live(collidesWith: key, slots: slots)
        var newKeys = Array(repeating: -1, count: slots)
        var newValues = [Value?](repeating: nil, count: slots)
        for (slot, liveKey) in keys.enumerated() where liveKey != -1 {
            newKeys[liveKey & (slots - 1)] = liveKey
            newValues[liveKey & (slots - 1)] = values[slot]
        }
        keys = newKeys
        values = newValues
        mask = slots - 1
    }

    /// Whether a live key other than `key` takes `key`'s slot in a table of `slots` slots.
    private func live(collidesWith key: Int, slots: Int) -> Bool {
        keys.contains { $0 != -1 && $0 != key && ($0 ^ key) & (slots - 1) == 0 }
    }
}
