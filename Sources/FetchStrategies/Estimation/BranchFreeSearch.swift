/// Binary search without a data-dependent branch, for the estimators' sorted buffers
/// (`ObservationWindow`, `LinkShareLog`).
enum BranchFreeSearch {
    /// The first position in `0..<count` that is not below the target, where `isBelow(i)` says
    /// whether position `i` is (true on a prefix of the positions, false after it); `count` when
    /// every position is below.
    ///
    /// Branch-free: the answer lies in `base...base + length`; each step halves `length` and moves
    /// `base` by a select on one comparison (no data-dependent branch to mispredict), the same
    /// position as the textbook search. Inlined, so with a constant `count` the compiler unrolls
    /// the steps (no loop branch whose exit is mispredicted).
    @inline(__always)
    static func lowerBound(count: Int, isBelow: (Int) -> Bool) -> Int {
        guard count > 0 else { return 0 }
        var base = 0, length = count
        while length > 1 {
            let half = length / 2
            base = isBelow(base + half) ? base + half : base
            length -= half
        }
        return isBelow(base) ? base + 1 : base
    }
}
