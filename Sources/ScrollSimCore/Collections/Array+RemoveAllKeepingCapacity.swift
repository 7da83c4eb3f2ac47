extension Array where Element: BitwiseCopyable {
    /// Empties the array and keeps its storage: `removeAll(keepingCapacity: true)`, cheaper for
    /// the few elements the engine's scratch arrays usually hold. Up to four elements are removed
    /// one by one (a `removeLast` costs a fraction of the general `replaceSubrange` that
    /// `removeAll(keepingCapacity:)` goes through, about 85 instructions even on a short array);
    /// more go at once. The elements are plain bits, so the order they go in is unobservable.
    @inlinable
    public mutating func removeAllKeepingCapacity() {
        guard count <= 4 else {
            removeAll(keepingCapacity: true)
            return
        }
        while !isEmpty { removeLast() }
    }
}
