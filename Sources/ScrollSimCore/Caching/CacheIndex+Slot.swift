extension CacheIndex {
    /// The place of a slot in the eviction list: its neighbours (−1 at an end) and the order of
    /// its last append, which increases along the list (how `setProtected` tells whether an entry
    /// lies before `scanStart` without walking). Trivial, so the buffer needs no deinitialisation.
    @usableFromInline
    struct Link {
        /// The slot before this one (towards the head), or −1.
        @usableFromInline var previous: Int32
        /// The slot after this one (towards the tail), or −1.
        @usableFromInline var next: Int32
        /// When the slot was last appended at the tail (`CacheIndex.nextOrder`).
        @usableFromInline var order: Int64

        /// A link.
        @usableFromInline
        init(previous: Int32, next: Int32, order: Int64) {
            self.previous = previous
            self.next = next
            self.order = order
        }
    }
}
