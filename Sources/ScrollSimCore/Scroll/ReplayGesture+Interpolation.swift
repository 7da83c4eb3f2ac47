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

    /// The velocity at `nanos` ns from the first sample, pt/s: the slope of the pair of samples
    /// around it, `(d[i+1] − d[i]) / (t[i+1] − t[i])`, which is what an app sees when it differences
    /// the offsets of consecutive frames; 0 while still and from the last sample on.
    /// - Complexity: O(log samples).
    public func velocity(atNanos nanos: SimTime) -> Double {
        let i = sampleIndex(atNanos: nanos)
        guard i + 1 < times.count else { return 0 }
        return (deltas[i + 1] - deltas[i]) / (Double(times[i + 1] - times[i]) / 1e9)
    }
}
