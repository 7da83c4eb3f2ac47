/// The last `capacity` observations of one quantity, oldest first, seeded with a prior.
///
/// The window starts holding `priorWeight` copies of the prior value (pseudo-observations); each
/// real observation is appended, and once the window is full the oldest value leaves it, prior
/// copies first. So the prior decides the median until real observations outnumber its copies,
/// and is gone entirely after `capacity` observations. The statistics are order statistics of
/// the values in the window (a windowed median, robust to a heavy tail: a single slow request
/// moves the median by at most one rank).
///
/// Deterministic: the window is a ring in arrival order plus an ascending copy kept by
/// binary-search insertion (every value is finite, so the order is total); the median of an even
/// count averages its two middle values in a fixed order.
struct ObservationWindow: Equatable {
    /// How many values the window holds at most (at least 1).
    let capacity: Int
    /// The values in arrival order from `oldest` (wrapping): a ring, so the oldest leaves in O(1).
    private var ring: [Double]
    /// Position of the oldest value in `ring` (0 until the window is full).
    private var oldest = 0
    /// The same values in ascending order, kept up to date by `add` (statistics read it without
    /// sorting).
    private(set) var ascending: [Double]
    /// Real observations added so far (the prior copies not counted).
    private(set) var observationCount = 0

    /// A window of `capacity` values holding `priorWeight` copies of `prior` (at most `capacity`).
    init(capacity: Int, prior: Double, priorWeight: Int) {
        precondition(capacity >= 1 && priorWeight >= 0, "a window holds at least one value")
        self.capacity = capacity
        ring = Array(repeating: prior, count: min(priorWeight, capacity))
        ring.reserveCapacity(capacity)
        ascending = ring
        ascending.reserveCapacity(capacity)
    }

    /// The values, oldest first.
    var values: [Double] { Array(ring[oldest...] + ring[..<oldest]) }

    /// Two windows are equal when they hold the same values in the same order (wherever their
    /// rings start) and the same observation count.
    static func == (lhs: ObservationWindow, rhs: ObservationWindow) -> Bool {
        lhs.capacity == rhs.capacity && lhs.observationCount == rhs.observationCount && lhs.values == rhs.values
    }

    /// The first position in `ascending` whose value is not below `value` (binary search).
    private func insertionIndex(of value: Double) -> Int {
        ascending.withUnsafeBufferPointer { Self.insertionIndex(of: value, in: $0) }
    }

    /// The first position in `sorted` whose value is not below `value` (`BranchFreeSearch`).
    /// A full window of `LoadEstimator.windowCapacity` values, the common case, searches with that
    /// constant count: its steps unrolled.
    @inline(__always)
    static func insertionIndex(of value: Double, in sorted: UnsafeBufferPointer<Double>) -> Int {
        guard let values = sorted.baseAddress else { return 0 }
        if sorted.count == LoadEstimator.windowCapacity {
            return BranchFreeSearch.lowerBound(count: LoadEstimator.windowCapacity) { values[$0] < value }
        }
        return BranchFreeSearch.lowerBound(count: sorted.count) { values[$0] < value }
    }

    /// Adds an observation; the oldest value leaves when the window is full. Non-finite or
    /// negative values are ignored (a clock step or a failed measurement, never a duration).
    /// - Complexity: O(capacity).
    mutating func add(_ value: Double) {
        guard value.isFinite, value >= 0 else { return }
        observationCount += 1
        guard ring.count == capacity else {
            ring.append(value)
            ascending.insert(value, at: insertionIndex(of: value))
            return
        }
        let leaving = ring.withUnsafeMutableBufferPointer { ring in
            let leaving = ring[oldest]
            ring[oldest] = value
            return leaving
        }
        oldest = oldest + 1 == capacity ? 0 : oldest + 1
        ascending.withUnsafeMutableBufferPointer { sorted in
            // Remove the leaving value (equal values are interchangeable: any copy of it), then
            // insert the new one: one shift of the values between.
            let removeAt = Self.insertionIndex(of: leaving, in: UnsafeBufferPointer(sorted))
            let insertAt = Self.insertionIndex(of: value, in: UnsafeBufferPointer(sorted))
            // The values between move by one place in a single block move (memmove).
            guard let values = sorted.baseAddress else { return }
            if removeAt < insertAt {  // the new value lands after the hole (its index counts the leaving one)
                (values + removeAt).update(from: values + removeAt + 1, count: insertAt - 1 - removeAt)
                values[insertAt - 1] = value
            } else {
                (values + insertAt + 1).update(from: values + insertAt, count: removeAt - insertAt)
                values[insertAt] = value
            }
        }
    }

    /// The median of the values in the window (the mean of the two middle ones for an even
    /// count); 0 for an empty window.
    /// - Complexity: O(1).
    var median: Double {
        ascending.withUnsafeBufferPointer { sorted in
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// The `fraction` quantile by nearest rank: the smallest value with at least `fraction` of
    /// the window at or below it (`fraction` in 0...1; the largest value for 1); 0 when empty.
    /// - Complexity: O(1).
    func quantile(_ fraction: Double) -> Double {
        ascending.withUnsafeBufferPointer { sorted in
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((fraction * Double(sorted.count)).rounded(.up))
            return sorted[min(max(rank, 1), sorted.count) - 1]
        }
    }
}
