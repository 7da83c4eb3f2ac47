/// Sorting by insertion, for the short arrays of the hot paths (a plan's loads in flight, the
/// transfers overlapping one measurement, texture's changed ranges): no allocation, and fast on
/// the nearly sorted input those arrays usually hold. O(n²) in the worst case: callers bound the
/// count and fall back to the standard library's sort beyond it.
enum InsertionSort {
    /// Sorts `a` ascending in place.
    @inline(__always)
    static func sort<Element: Comparable>(_ a: UnsafeMutableBufferPointer<Element>) {
        sort(a) { $0 }
    }

    /// Sorts `a` by ascending `key` in place; elements of equal keys keep their order (stable).
    @inline(__always)
    static func sort<Element, Key: Comparable>(_ a: UnsafeMutableBufferPointer<Element>,
                                               by key: (Element) -> Key) {
        guard a.count > 1 else { return }
        for index in 1..<a.count {
            let value = a[index]
            var hole = index
            while hole > 0 && key(a[hole - 1]) > key(value) {
                a[hole] = a[hole - 1]
                hole -= 1
            }
            a[hole] = value
        }
    }
}
