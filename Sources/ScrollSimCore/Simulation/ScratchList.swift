/// A list of plain values that the simulator fills and empties frame after frame (the cells
/// changed since the last frame's accounting, the cells newly displayed, the lead band's
/// candidates).
///
/// A class over one manually allocated buffer (one owner: the run's `Simulator`), as
/// `EventQueue` and `RecordBuffer` are, so an append pays no copy-on-write uniqueness check and
/// emptying the list is setting its count to 0 (an `Array` held by a class pays a uniqueness
/// check per change, and `removeAll(keepingCapacity:)` goes through the general
/// `replaceSubrange`). The elements are plain bits: nothing to retain, release or destroy. Indices
/// are checked against `count`.
final class ScratchList<Element: BitwiseCopyable> {
    /// The elements, `count` of them, room for `capacity`.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Element>
    /// Number of elements.
    @exclusivity(unchecked) private(set) var count = 0
    /// Elements `base` has room for.
    @exclusivity(unchecked) private var capacity: Int

    /// An empty list.
    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Whether the list holds no element.
    var isEmpty: Bool {
        @inline(__always) get { count == 0 }
    }

    /// The elements, in the order appended.
    var elements: UnsafeBufferPointer<Element> {
        @inline(__always) get { UnsafeBufferPointer(start: base, count: count) }
    }

    /// The elements, changeable in place (valid until the next append).
    var mutableElements: UnsafeMutableBufferPointer<Element> {
        @inline(__always) get { UnsafeMutableBufferPointer(start: base, count: count) }
    }

    /// Appends `element` (amortised O(1): the room doubles).
    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element
        count += 1
    }

    /// Empties the list, keeping its room.
    @inline(__always)
    func removeAll() {
        count = 0
    }

    /// The element at `index` (0 ..< `count`).
    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(index >= 0 && index < count, "ScratchList index out of range")
            return base[index]
        }
    }

    /// Doubles the room.
    @inline(never)
    private func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
