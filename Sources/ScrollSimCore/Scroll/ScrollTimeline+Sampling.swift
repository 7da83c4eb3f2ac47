/// The offset and the velocity at one instant, computed together (the simulator samples both at
/// every frame's vsync).
extension ScrollTimeline {
    /// The content offset and its velocity at one instant.
    struct Sample {
        /// Content offset, points (as `offset(at:)` gives it).
        var offset: Double
        /// Velocity, pt/s (as `velocity(at:)` gives it).
        var velocity: Double
    }

    /// `offset(at: t)` and `velocity(at: t)`, bit for bit, at the cost of one: a fling's `exp`, an
    /// ease's bisection and a replay's interpolation are computed once for both. `hint` is the
    /// segment index of the previous sample (queries mostly ascend): it is tried, then its
    /// successor, before a binary search, and is updated to the segment used.
    /// - Complexity: O(1) when `t` lies in the hinted segment or the next, else O(log segments).
    @inline(__always)  // into `Simulator.sampleMissed`, its one caller on the hot path
    func sample(at t: SimTime, segmentHint hint: inout Int) -> Sample {
        guard let index = segmentIndex(at: t, hint: hint) else { return Sample(offset: initialOffset, velocity: 0) }
        hint = index
        return segments[index].sample(at: t)
    }

    /// `segmentIndex(at:)`, trying `hint` and `hint + 1` first: index `i` is the answer exactly
    /// when segment `i` starts at or before `t` and segment `i + 1` (if any) starts after it.
    @inline(__always)
    func segmentIndex(at t: SimTime, hint: Int) -> Int? {
        let starts = segmentStarts
        let count = starts.count
        if hint >= 0 && hint < count && starts[hint] <= t {
            let next = hint + 1
            if next == count || starts[next] > t { return hint }
            if next + 1 == count || starts[next + 1] > t { return next }  // starts[next] ≤ t
        }
        return segmentIndex(at: t)
    }
}

extension ScrollTimeline.Segment {
    /// `offset(at: t)` and `velocity(at: t)` (t ≥ start), sharing their common work; each value
    /// is computed by the same expression as in those methods, so the bits agree. Inlined into
    /// `ScrollTimeline.sample(at:segmentHint:)`: no copy of the segment for the call.
    @inline(__always)
    func sample(at t: SimTime) -> ScrollTimeline.Sample {
        if t >= end { return ScrollTimeline.Sample(offset: endOffset, velocity: 0) }
        switch motion {
        case .jump:
            return ScrollTimeline.Sample(offset: endOffset, velocity: 0)
        case let .drag(velocity):
            let x = startOffset + velocity * elapsedSeconds(t)
            let pinned = (velocity > 0 && x >= maxOffset) || (velocity < 0 && x <= 0)
            return ScrollTimeline.Sample(offset: min(max(x, 0), maxOffset), velocity: pinned ? 0 : velocity)
        case let .fling(velocity, rate):
            let decay = DMath.exp(rate * elapsedSeconds(t))
            let x = startOffset + velocity * (decay - 1) / rate
            // Never past the final offset (T was rounded to the ns), never outside the content.
            let offset = min(max(x, min(startOffset, endOffset)), max(startOffset, endOffset))
            return ScrollTimeline.Sample(offset: offset, velocity: velocity * decay)
        case let .ease(distance):
            let s = ScrollTimeline.EaseInEaseOut.parameter(forProgress: progress(t))
            let seconds = Double(end - start) / 1e9
            return ScrollTimeline.Sample(offset: startOffset + distance * ScrollTimeline.EaseInEaseOut.y(s),
                                         velocity: distance * ScrollTimeline.EaseInEaseOut.slope(s) / seconds)
        case let .replay(gesture):
            let delta = gesture.delta(atNanos: t - start)
            let velocity = gesture.velocity(atNanos: t - start)
            let x = startOffset + delta
            let pinned = (velocity > 0 && x >= maxOffset) || (velocity < 0 && x <= 0)
            return ScrollTimeline.Sample(offset: min(max(x, 0), maxOffset), velocity: pinned ? 0 : velocity)
        }
    }
}
