import ScrollSimCore

/// Turns a strategy's own request metrics into exact measurements of its link's speed: for each
/// completed transfer, the time it would have taken alone on the link.
///
/// A transfer's bytes arrive at the link's rate divided by the number of transfers sharing it
/// (docs/model.md, Resources: processor sharing). So a transfer of `b` bytes from `s` to `e`,
/// sharing the link with `n(t)` transfers at time `t` (itself included), would have taken
/// `∫ₛᵉ dt / n(t)` alone: its *link time*. `b / link time` is the link's rate, whatever the
/// concurrency, where `b / (e − s)` would read low by the factor of sharing.
///
/// `n(t)` comes from the metrics of the strategy's own requests (each transfer's `responseStart`
/// and `responseEnd`), which arrive only when each request ends. A transfer is therefore measured
/// once every request that could have overlapped it has reported: when no request still
/// outstanding was resumed before it ended (a request cannot transfer before it was resumed).
/// Transfers of other apps are invisible; an app cannot see them either.
///
/// Bounded: a request that never reports (a first byte that never comes) would hold every later
/// transfer back, so at most `pendingLimit` transfers wait (the oldest beyond that is dropped
/// unmeasured) and at most `intervalLimit` reported transfers are kept (the oldest beyond that is
/// forgotten: a transfer measured later that overlapped it would read the link slightly slow).
///
/// Origin: ours (the processor-sharing correction of the issue's "throughput corrected for the
/// number of transfers in flight", made exact by waiting for the overlapping reports).
/// Deterministic: records are kept in report order (which is time order) and summed in time order.
struct LinkShareLog {
    /// A request resumed and not yet reported.
    private struct Outstanding: Equatable {
        var imageID: Int
        var fetchStart: SimTime
    }

    /// A reported transfer: when its first and last bytes arrived.
    private struct Interval: Equatable {
        var start: SimTime
        var end: SimTime
    }

    /// A completed transfer waiting for the reports that could overlap it.
    private struct Pending: Equatable {
        var interval: Interval
        var bytes: Int64
    }

    /// Completed transfers waiting at most.
    static let pendingLimit = 64
    /// Reported transfers kept at most.
    static let intervalLimit = 256

    /// Requests resumed and not yet reported, in resume order.
    private var outstanding: [Outstanding] = []
    /// Reported transfers still needed to measure a pending or future one, by end time.
    private var intervals: [Interval] = []
    /// Completed transfers not yet measured, by end time.
    private var pending: [Pending] = []
    /// Scratch for `linkTime`: the starts and the ends of the reported transfers overlapping it.
    private var starts: [SimTime] = [], ends: [SimTime] = []
    /// Whether `intervals` is in ascending order of `end` (reports come in time order, so it
    /// stays true; `linkTime` then finds the overlapping transfers by binary search).
    private var isSortedByEnd = true

    /// An empty log.
    init() {}

    /// Requests resumed and not yet reported.
    var outstandingCount: Int { outstanding.count }

    /// The strategy resumed a request for `imageID` at `time` (its `fetchStart`).
    mutating func resumed(imageID: Int, at time: SimTime) {
        outstanding.append(Outstanding(imageID: imageID, fetchStart: time))
    }

    /// A request's metrics arrived. Returns the link times per byte, nanoseconds, of the
    /// transfers this report made measurable (oldest first): each the inverse of a measurement
    /// of the link's rate. (`end(_:)` without the array: the measurements stay in `measured`.)
    /// - Complexity: O(k log k) per measured transfer for k reported transfers overlapping it.
    mutating func ended(_ metrics: TaskMetrics) -> [Double] {
        end(metrics)
        return measured
    }

    /// The link times per byte, nanoseconds, the last `end(_:)` measured (oldest first); kept
    /// between reports for its capacity.
    private(set) var measured: [Double] = []

    /// A request's metrics arrived: `measured` becomes the link times per byte, nanoseconds, of
    /// the transfers this report made measurable (oldest first), as `ended(_:)` returns them.
    mutating func end(_ metrics: TaskMetrics) {
        measured.removeAll(keepingCapacity: true)
        if let index = outstanding.firstIndex(where: {
            $0.imageID == metrics.imageID && $0.fetchStart == metrics.fetchStart
        }) {
            outstanding.remove(at: index)
        }
        if let start = metrics.responseStart, let end = metrics.responseEnd, end > start {
            let interval = Interval(start: start, end: end)
            if let last = intervals.last, end < last.end { isSortedByEnd = false }
            intervals.append(interval)
            if metrics.outcome == .completed && metrics.bytesReceived > 0 {
                pending.append(Pending(interval: interval, bytes: metrics.bytesReceived))
            }
        }
        // Nothing outstanding was resumed before `frontier`, so every transfer ending by then
        // has all its overlapping transfers reported.
        var frontier = SimTime.max
        for request in outstanding where request.fetchStart < frontier { frontier = request.fetchStart }
        var ready = 0
        while ready < pending.count && pending[ready].interval.end <= frontier {
            let sample = pending[ready]
            measured.append(Double(linkTime(of: sample.interval)) / Double(sample.bytes))
            ready += 1
        }
        if ready > 0 { pending.removeFirst(ready) }
        // Intervals ending before every pending and future transfer can start are no longer needed.
        var horizon = frontier
        for sample in pending where sample.interval.start < horizon { horizon = sample.interval.start }
        if pending.count > Self.pendingLimit { pending.removeFirst(pending.count - Self.pendingLimit) }
        var stale = 0
        while stale < intervals.count && intervals[stale].end <= horizon { stale += 1 }
        stale = max(stale, intervals.count - Self.intervalLimit)
        if stale > 0 { intervals.removeFirst(stale) }
    }

    /// `∫ dt / n(t)` over `interval`, nanoseconds (rounded down per piece), where `n(t)` counts
    /// the reported transfers in progress at `t` (`interval`'s own among them).
    private mutating func linkTime(of interval: Interval) -> SimTime {
        // Only the reported transfers ending after `interval` starts can overlap it: in end order,
        // a suffix of `intervals`.
        var first = 0
        if isSortedByEnd {
            // The first transfer ending after `interval` starts.
            first = intervals.withUnsafeBufferPointer { intervals in
                BranchFreeSearch.lowerBound(count: intervals.count) { intervals[$0].end <= interval.start }
            }
        }
        // The starts and the ends of the overlapping transfers, sorted (sized once, filled
        // through their buffers).
        let most = intervals.count - first
        if starts.count < most {
            starts.append(contentsOf: repeatElement(0, count: most - starts.count))
            ends.append(contentsOf: repeatElement(0, count: most - ends.count))
        }
        let isSortedByEnd = self.isSortedByEnd
        return intervals.withUnsafeBufferPointer { intervals in
            starts.withUnsafeMutableBufferPointer { startBuffer in
                ends.withUnsafeMutableBufferPointer { endBuffer in
                    // The overlapping transfers from `first` on (in end order, every one of them ends
                    // after `interval` starts: `endsAfterStart` then needs no check).
                    @inline(__always)
                    func collect(endsAfterStart: Bool) -> Int {
                        var count = 0
                        for index in first..<intervals.count {
                            let other = intervals[index]
                            guard (endsAfterStart || other.end > interval.start) && other.start < interval.end
                            else { continue }
                            startBuffer[count] = other.start
                            endBuffer[count] = other.end
                            count += 1
                        }
                        return count
                    }
                    let count = isSortedByEnd ? collect(endsAfterStart: true) : collect(endsAfterStart: false)
                    var starts = UnsafeMutableBufferPointer(rebasing: startBuffer[0..<count])
                    var ends = UnsafeMutableBufferPointer(rebasing: endBuffer[0..<count])
                    if count <= Self.insertionSortLimit {
                        InsertionSort.sort(starts)
                        if !isSortedByEnd { InsertionSort.sort(ends) }  // in end order already: `intervals` is
                    } else {
                        starts.sort()
                        if !isSortedByEnd { ends.sort() }
                    }
                    return Self.sharedTime(of: interval, starts: UnsafeBufferPointer(starts),
                                           ends: UnsafeBufferPointer(ends))
                }
            }
        }
    }

    /// Overlapping transfers this many or fewer are sorted by insertion.
    private static let insertionSortLimit = 32

    /// `∫ dt / n(t)` over `interval` given the sorted starts and ends of the reported transfers
    /// overlapping it (its own among them).
    private static func sharedTime(of interval: Interval, starts: UnsafeBufferPointer<SimTime>,
                                   ends: UnsafeBufferPointer<SimTime>) -> SimTime {
        var total: SimTime = 0
        // Only a transfer overlapping `interval` can be in progress over a piece of it. Every
        // start after `interval.start` and every end before `interval.end` is a cut, so over a
        // piece `from..<to` between neighbouring cuts an overlapping transfer is in progress iff
        // it started by `from` and had not ended by `from`: the count is (starts ≤ from) − (ends
        // ≤ from) (a transfer ending by `from` started before it), read off the sorted lists.
        // The cuts in ascending order: `interval.start`, the starts after it and the ends before
        // `interval.end` merged (both lie strictly inside `interval`), then `interval.end`; each
        // piece is measured as its upper cut comes. When it comes, every cut up to `from` was
        // taken (the merge ascends) and none after it, so the count is the starts taken (those up
        // to `interval.start` among them) less the ends taken (an end at or after `interval.end`
        // is never up to `from`).
        var from = interval.start
        func piece(to: SimTime, count: Int) {
            guard to > from else { return }
            total += (to - from) / SimTime(max(1, count))
            from = to
        }
        var nextStart = 0, nextEnd = 0
        while nextStart < starts.count && starts[nextStart] <= interval.start { nextStart += 1 }
        var endCount = ends.count
        while nextStart < starts.count || nextEnd < endCount {
            if nextEnd < endCount && ends[nextEnd] >= interval.end {
                endCount = nextEnd  // the rest end at or after `interval.end` too: no cuts
                continue
            }
            if nextEnd == endCount || (nextStart < starts.count && starts[nextStart] <= ends[nextEnd]) {
                piece(to: starts[nextStart], count: nextStart - nextEnd)
                nextStart += 1
            } else {
                piece(to: ends[nextEnd], count: nextStart - nextEnd)
                nextEnd += 1
            }
        }
        piece(to: interval.end, count: nextStart - nextEnd)
        return total
    }
}
