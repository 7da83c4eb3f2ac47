extension CacheIndex {
    /// One slot: its entry (key, cost, protection, CLOCK bit) and its place in the eviction list:
    /// its neighbours (−1 at an end) and the order of its last append, which increases along the
    /// list (how `setProtected` tells whether an entry lies before `scanStart` without walking).
    /// A free slot's `next` links the stack of free slots. Trivial, so the buffer needs no
    /// deinitialisation.
    @usableFromInline
    struct Slot {
        /// The key held.
        @usableFromInline var key: Int
        /// Its cost.
        @usableFromInline var cost: Int64
        /// When the slot was last appended at the tail (`CacheIndex.nextOrder`).
        @usableFromInline var order: Int64 = 0
        /// The slot before this one (towards the head), or −1.
        @usableFromInline var previous: Int32 = -1
        /// The slot after this one (towards the tail), or −1; for a free slot, the next free one.
        @usableFromInline var next: Int32 = -1
        /// Whether eviction passes over it.
        @usableFromInline var isProtected = false
        /// The CLOCK reference bit (`clock` only; false otherwise).
        @usableFromInline var isReferenced = false

        /// A slot holding `key` at `cost`, unlinked, unprotected and unreferenced.
        @usableFromInline
        init(key: Int, cost: Int64) {
            self.key = key
            self.cost = cost
        }
    }
}
