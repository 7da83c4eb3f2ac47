/// A growable array of records that one object owns and never shares (the network model's
/// requests, connections and sessions; a server pool's jobs; the simulator's cells and its
/// per-frame lists of changed and newly displayed cells; `MinHeap`'s elements): elements are
/// appended and then read and changed in place by index, removed only from the end, all at once
/// (keeping the room) or a prefix at once; an owner may recycle a record's place for a new one
/// (`overwrite`).
///
/// A class over one manually allocated buffer, as `EventQueue` is, so that changing a field of a
/// record (`requests[id].state = .finished`) pays no copy-on-write uniqueness check: an `Array`
/// held by a class pays one per write, because the class could have shared it. Indices are still
/// checked against `count`. Appending may move the records: nobody keeps an element's address
/// across a call that could append (the accesses end before any call out of the owner).
/// Public and inlinable for the strategies' shared work queue (`PriorityWorkQueue`).
public final class RecordBuffer<Element> {
    /// The records, `count` of them initialised, room for `capacity`.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    /// Number of records.
    @usableFromInline @exclusivity(unchecked) var storedCount = 0
    /// Records `base` has room for.
    @usableFromInline @exclusivity(unchecked) var capacity = 0

    /// An empty buffer.
    @inlinable
    public init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    }

    deinit {
        base.deinitialize(count: storedCount)
        base.deallocate()
    }

    /// Number of records.
    @inlinable
    public var count: Int { storedCount }

    /// Whether it holds no record.
    @inlinable
    public var isEmpty: Bool { storedCount == 0 }

    /// Appends `element` (amortised O(1): the room doubles from 16).
    @inlinable @inline(__always)
    public func append(_ element: Element) {
        if storedCount == capacity { grow() }
        (base + storedCount).initialize(to: element)
        storedCount &+= 1  // (below `capacity`: no overflow)
    }

    /// Whether `index` is in `0 ..< count` (`count` ≥ 0): one unsigned comparison, a negative
    /// index reading as a huge one (the check every access pays).
    @inlinable @inline(__always)
    static func isValid(_ index: Int, below count: Int) -> Bool {
        UInt(bitPattern: index) < UInt(bitPattern: count)
    }

    /// The records, in the order appended (valid until the next append or `removeAll()`).
    @inlinable
    public var elements: UnsafeBufferPointer<Element> {
        @inline(__always) get { UnsafeBufferPointer(start: base, count: storedCount) }
    }

    /// The records, changeable in place (valid until the next append or `removeAll()`).
    @inlinable
    public var mutableElements: UnsafeMutableBufferPointer<Element> {
        @inline(__always) get { UnsafeMutableBufferPointer(start: base, count: storedCount) }
    }

    /// Puts `element` at `index` (0 ..< `count`) without destroying the record there: for a record
    /// recycled by its owner that holds nothing to release (its references all nil), so that
    /// dropping it leaks nothing.
    @inlinable @inline(__always)
    public func overwrite(_ index: Int, with element: __owned Element) {
        precondition(Self.isValid(index, below: storedCount), "RecordBuffer index out of range")
        (base + index).initialize(to: element)
    }

    /// Removes the last record and returns it (`count` > 0).
    @inlinable @inline(__always)
    public func removeLast() -> Element {
        precondition(storedCount > 0, "RecordBuffer removeLast on an empty buffer")
        storedCount -= 1
        return (base + storedCount).move()
    }

    /// Removes the first `k` records (0 ... `count`), moving the others to the front.
    /// - Complexity: O(`count`).
    @inlinable
    public func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= storedCount, "RecordBuffer removeFirst out of range")
        base.deinitialize(count: k)
        base.moveInitialize(from: base + k, count: storedCount - k)  // (the regions may overlap)
        storedCount -= k
    }

    /// Removes every record, keeping the room: for plain values (the simulator's per-frame lists of
    /// cells) it is setting the count to 0.
    @inlinable @inline(__always)
    public func removeAll() {
        base.deinitialize(count: storedCount)
        storedCount = 0
    }

    /// Doubles the room, moving the records.
    @inlinable @inline(never)
    func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(16, 2 * capacity))
        grown.moveInitialize(from: base, count: storedCount)
        base.deallocate()
        base = grown
        capacity = max(16, 2 * capacity)
    }

    /// The record at `index` (0 ..< `count`), read or changed in place.
    @inlinable
    public subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(Self.isValid(index, below: storedCount), "RecordBuffer index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always) unsafeMutableAddress {
            precondition(Self.isValid(index, below: storedCount), "RecordBuffer index out of range")
            return base + index
        }
    }
}
