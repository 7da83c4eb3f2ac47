/// A growable array of records that one object owns and never shares (the network model's
/// requests, connections and sessions; a server pool's jobs): elements are appended and then
/// read and changed in place by index, never removed one by one.
///
/// A class over one manually allocated buffer, as `EventQueue` is, so that changing a field of a
/// record (`requests[id].state = .finished`) pays no copy-on-write uniqueness check: an `Array`
/// held by a class pays one per write, because the class could have shared it. Indices are still
/// checked against `count`. Appending may move the records: nobody keeps an element's address
/// across a call that could append (the accesses end before any call out of the owner).
final class RecordBuffer<Element> {
    /// The records, `count` of them initialised, room for `capacity`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    /// Number of records.
    @exclusivity(unchecked) private(set) var count = 0
    /// Records `base` has room for.
    @exclusivity(unchecked) private var capacity = 0

    /// An empty buffer.
    init() {
        base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether it holds no record.
    var isEmpty: Bool { count == 0 }

    /// Appends `element` (amortised O(1): the room doubles from 16).
    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Doubles the room, moving the records.
    @inline(never)
    private func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: max(16, 2 * capacity))
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = max(16, 2 * capacity)
    }

    /// The record at `index` (0 ..< `count`), read or changed in place.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            precondition(index >= 0 && index < count, "RecordBuffer index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always) unsafeMutableAddress {
            precondition(index >= 0 && index < count, "RecordBuffer index out of range")
            return base + index
        }
    }
}
