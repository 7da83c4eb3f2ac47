/// A recorded gesture, the content of a `replay` step's CSV file: the scroll view's content
/// offset sampled over time (docs/workloads.md).
///
/// Samples are stored re-based: `times[0] == 0` and `deltas[0] == 0`, every other sample as its
/// time in ns and its offset in points relative to the first one, so the gesture can be applied
/// from wherever the step starts. Memory is 16 bytes per sample plus the derived lists below
/// (at most one entry per sample); a `Scenario` holding it stays a self-contained value, and
/// copies share the arrays.
///
/// Derived once, here, so that a timeline can place the gesture in O(its motion runs) however
/// often a `repeat` runs it:
/// - `scrollIntervals`: what counts as scrolling for the frame metrics. A pair of consecutive
///   samples whose offsets differ is *moving*; a run of equal samples that lasts at least
///   `stillNanos` (40 ms) is a still stretch, which is not scrolling; a shorter one (pixel-rounded
///   slow motion, a dropped sample) stays inside the interval around it. Intervals go from the
///   first moving pair's start to the last moving pair's end before a still stretch; zero-length
///   ones (a lone jump) are omitted.
/// - `motionStarts`: the start of every maximal run of moving pairs, when the display must be
///   woken (it stops asking for frames while the offset stands still).
///
/// It does not know the content size: clamping happens where the gesture is applied.
public struct ReplayGesture: Sendable, Equatable {
    /// The file the samples were read from, as the decoder resolved it (for messages).
    public let file: String
    /// Sample times in ns from the first sample, non-decreasing; `times[0] == 0`.
    public let times: [SimTime]
    /// Sample offsets in points minus the first sample's offset; `deltas[0] == 0`.
    public let deltas: [Double]
    /// The scroll intervals, in ns from the first sample, in time order, non-overlapping.
    public let scrollIntervals: [ScrollInterval]
    /// Starts of the runs of moving pairs, in ns from the first sample, non-decreasing.
    public let motionStarts: [SimTime]

    /// A still stretch at least this long (ns) ends a scroll interval: Flutter's
    /// `kAssumePointerMoveStoppedMilliseconds` (40 ms), after which its velocity tracker treats a
    /// pointer as stopped (flutter/flutter `packages/flutter/lib/src/gestures/velocity_tracker.dart`).
    public static let stillNanos: SimTime = 40 * SimDuration.millisecond

    /// A gesture from re-based samples (`times[0] == 0`, `deltas[0] == 0`, times non-decreasing,
    /// at least one sample, as many deltas as times).
    /// - Complexity: O(samples).
    public init(file: String, times: [SimTime], deltas: [Double]) {
        precondition(!times.isEmpty && times.count == deltas.count, "a gesture needs one delta per time, and a sample")
        precondition(times[0] == 0 && deltas[0] == 0, "a gesture's samples are re-based on the first one")
        self.file = file
        self.times = times
        self.deltas = deltas
        var intervals: [ScrollInterval] = []
        var starts: [SimTime] = []
        var open: ScrollInterval?  // the interval being built
        var stillSince: SimTime?  // start of the current run of still pairs inside `open`
        var previousMoved = false
        for i in 0..<(times.count - 1) {
            let moved = deltas[i] != deltas[i + 1]
            if moved {
                if !previousMoved { starts.append(times[i]) }
                if var current = open, let since = stillSince, times[i] - since >= Self.stillNanos {
                    current.end = since
                    if current.end > current.start { intervals.append(current) }
                    open = nil
                }
                if open == nil { open = ScrollInterval(start: times[i], end: times[i + 1]) }
                open?.end = times[i + 1]
                stillSince = nil
            } else if open != nil, previousMoved {
                stillSince = times[i]
            }
            previousMoved = moved
        }
        if let current = open, current.end > current.start { intervals.append(current) }
        scrollIntervals = intervals
        motionStarts = starts
    }

    /// The gesture's length: the last sample's time, ns.
    public var durationNanos: SimTime { times[times.count - 1] }

    /// The last sample's offset relative to the first, points.
    public var finalDelta: Double { deltas[deltas.count - 1] }
}
