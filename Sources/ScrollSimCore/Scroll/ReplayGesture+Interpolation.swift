// The offset and velocity of a recorded gesture between its samples (docs/workloads.md).

extension ReplayGesture {
    /// The index of the last sample at or before `nanos` (ns from the first sample, ≥ 0): with
    /// several samples at one instant, the last of them, so a jump takes effect at its instant.
    /// - Complexity: O(log samples).
    func sampleIndex(atNanos nanos: SimTime) -> Int {
        var low = 0
        var high = times.count
        while low < high {
            let mid = low + (high - low) / 2
            if times[mid] <= nanos { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }

    /// The offset relative to the first sample at `nanos` ns from it: the linear interpolation
    /// `d[i] + (d[i+1] − d[i]) · (τ − t[i]) / (t[i+1] − t[i])` between the samples around it,
    /// evaluated in that order in IEEE-754 doubles (no libm); the last delta from the end on.
    /// - Complexity: O(log samples).
    public func delta(atNanos nanos: SimTime) -> Double {
        let i = sampleIndex(atNanos: nanos)
        guard i + 1 < times.count else { return deltas[i] }
        // t[i] ≤ τ < t[i+1]: the pair has a positive length.
        return deltas[i] + (deltas[i + 1] - deltas[i]) * Double(nanos - times[i]) / Double(times[i + 1] - times[i])
    }

    /// The velocity at `nanos` ns from the first sample, pt/s: the slope of the interpolated offset
    /// as it arrives at `nanos`, that of the pair of samples `t[j] < τ ≤ t[j+1]` (`j` the last
    /// sample strictly before τ): `(d[j+1] − d[j]) / (t[j+1] − t[j])`. That is what differencing
    /// the offsets the app has already seen gives, never the slope of a pair that starts at τ (at a
    /// sample's instant the gesture's next move is not yet known); 0 at the first sample, while
    /// still, and after the last sample.
    /// - Complexity: O(log samples).
    public func velocity(atNanos nanos: SimTime) -> Double {
        guard nanos > 0 else { return 0 }
        // Times are integer ns, so "the last sample at or before τ − 1 ns" is the last before τ.
        let j = sampleIndex(atNanos: nanos - 1)
        guard j + 1 < times.count else { return 0 }
        // t[j] < τ ≤ t[j+1]: the pair has a positive length.
        return (deltas[j + 1] - deltas[j]) / (Double(times[j + 1] - times[j]) / 1e9)
    }
}
