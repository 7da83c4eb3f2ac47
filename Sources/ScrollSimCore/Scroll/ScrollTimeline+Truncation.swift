/// The scroll time of a run cut short (the app was killed).
extension ScrollTimeline {
    /// Σ over the scroll intervals of their part before `time`, ns: `totalScrollNanos` for a
    /// time at or after the last interval's end.
    /// - Complexity: O(intervals).
    public func scrollNanos(before time: SimTime) -> SimTime {
        var total: SimTime = 0
        for interval in intervals where interval.start < time {
            total += min(interval.end, time) - interval.start
        }
        return total
    }
}
