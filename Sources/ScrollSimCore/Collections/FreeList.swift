/// A record kept by slot in a `RecordBuffer` whose slot may be free (`FreeList`): it names the field
/// that links a free slot to the next one. A live record uses that field for its own purpose; the
/// owner writes nothing else into a free record, and overwrites it whole when it takes the slot.
public protocol FreeListLinked {
    /// While the slot is free: the next free slot (−1: none).
    var nextFreeSlot: Int { get set }
}

/// The free slots of records that an owner keeps by slot in a `RecordBuffer` and recycles once it
/// is done with them (the network model's requests, a server pool's jobs, the link's transfers):
/// a stack linked through the free records themselves (`FreeListLinked`), so the slot freed last
/// is the first taken again, and it needs no memory of its own.
///
/// The order slots are taken in reaches what the owners number by slot (a job's id, a transfer's
/// number), so it is part of the results: last freed, first taken.
/// Public and inlinable for the strategies.
/// - Complexity: `take` and `free` O(1).
public struct FreeList {
    /// The slot freed last, or −1 when none is free.
    @usableFromInline var head = -1

    /// No slot free.
    @inlinable public init() {}

    /// Whether a slot is free.
    @inlinable public var isEmpty: Bool { head < 0 }

    /// Takes the slot of `records` freed last, or returns nil when none is free (the record then goes
    /// in a new slot).
    @inlinable @inline(__always)
    public mutating func take<Record: FreeListLinked>(from records: RecordBuffer<Record>) -> Int? {
        let slot = head
        guard slot >= 0 else { return nil }
        head = records[slot].nextFreeSlot
        return slot
    }

    /// Frees `slot` of `records`, whose record nothing reads any more: it is taken before every slot
    /// freed earlier.
    @inlinable @inline(__always)
    public mutating func free<Record: FreeListLinked>(_ slot: Int, in records: RecordBuffer<Record>) {
        records[slot].nextFreeSlot = head
        head = slot
    }
}
