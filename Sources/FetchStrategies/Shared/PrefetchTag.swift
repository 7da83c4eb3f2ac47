/// A prefetch's item and its prefetcher ticket in one `PriorityWorkQueue` tag
/// (`add(priority:target:tag:)`): what a closure per prefetch captured before.
enum PrefetchTag {
    /// Bits kept for the item (an index into the scenario's items: far below 2^32).
    private static let itemBits = 32

    /// The tag of `item`'s prefetch queued as `ticket`.
    @inline(__always)
    static func make(item: Int, ticket: Int) -> Int {
        assert(item >= 0 && item >> itemBits == 0 && ticket >= 0 && ticket >> (Int.bitWidth - 1 - itemBits) == 0)
        return ticket << itemBits | item
    }

    /// The item of `tag`.
    @inline(__always)
    static func item(_ tag: Int) -> Int { tag & (1 << itemBits - 1) }

    /// The ticket of `tag`.
    @inline(__always)
    static func ticket(_ tag: Int) -> Int { tag >> itemBits }
}
