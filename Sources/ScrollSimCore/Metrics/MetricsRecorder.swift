/// Accumulates a run's metrics as events happen; `finish` turns the sums into `RunMetrics`.
///
/// Sums are integers (nanoseconds, counts) except the blank ratio, which is summed in frame
/// order, one fixed order for every run.
struct MetricsRecorder {
    var metrics = RunMetrics()
    /// Main-thread work of every scroll frame, ns (a `RecordBuffer`: appended to on every scroll
    /// frame, with no copy-on-write check; reordered by `finish`).
    let frameWork = RecordBuffer<SimTime>()
    /// Σ blank ratio over scroll frames.
    var blankSum: Double = 0
    /// Time from a not-ready display's frame to the frame showing its image, ns (reordered by
    /// `finish`).
    let timeToImage = RecordBuffer<SimTime>()
    /// Σ over in-scroll vsyncs of the blank share on screen, and the number of those vsyncs.
    var vsyncBlankSum: Double = 0
    var vsyncSamples = 0
    /// One bit per item: prefetched since its last display (grown on demand; at most 1.25 MB for
    /// the largest layout). A bit array, not a dictionary: this runs for every prefetch and display.
    var prefetchedSinceDisplay: [UInt64] = []
    /// Displays of an item prefetched since its previous display: the useful prefetches.
    var usefulPrefetches = 0

    /// Counts one scroll frame.
    mutating func recordScrollFrame(work: SimTime, hitch: SimTime, missed: Int, blank: Double) {
        metrics.frames += 1
        metrics.droppedFrames += missed
        if hitch > 0 {
            metrics.hitches += 1
            metrics.hitchNanos += hitch
            metrics.maxHitchNanos = max(metrics.maxHitchNanos, hitch)
        }
        frameWork.append(work)
        blankSum += blank
        metrics.blankRatioMax = max(metrics.blankRatioMax, blank)
    }

    /// An item was passed to `prefetch`.
    mutating func recordPrefetch(_ item: Int) {
        metrics.prefetches += 1
        let word = item >> 6
        if word >= prefetchedSinceDisplay.count {
            prefetchedSinceDisplay.append(contentsOf: repeatElement(0, count: word + 1 - prefetchedSinceDisplay.count))
        }
        prefetchedSinceDisplay[word] |= 1 << UInt64(item & 63)
    }

    /// Items were passed to `prefetch`, ascending or descending (their ends are the smallest and
    /// the largest): `recordPrefetch` of each, with the bit array grown once and written
    /// without a uniqueness check per item.
    mutating func recordPrefetches(_ items: [Int]) {
        guard let first = items.first, let last = items.last else { return }
        metrics.prefetches += items.count
        let words = (max(first, last) >> 6) + 1
        if words > prefetchedSinceDisplay.count {
            prefetchedSinceDisplay.append(contentsOf: repeatElement(0, count: words - prefetchedSinceDisplay.count))
        }
        prefetchedSinceDisplay.withUnsafeMutableBufferPointer { bits in
            for item in items {
                precondition(item >= 0 && item >> 6 < bits.count, "items must be ascending or descending")
                bits[item >> 6] |= 1 << UInt64(item & 63)
            }
        }
    }

    /// An item was displayed: the last of its prefetches since its previous display was useful,
    /// the others were wasted (every prefetch not counted useful is wasted; see `finish`).
    mutating func recordDisplay(_ item: Int) {
        metrics.displays += 1
        let word = item >> 6, bit: UInt64 = 1 << UInt64(item & 63)
        if word < prefetchedSinceDisplay.count && prefetchedSinceDisplay[word] & bit != 0 {
            prefetchedSinceDisplay[word] &= ~bit
            usefulPrefetches += 1
        }
    }

    /// Final metrics.
    mutating func finish() -> RunMetrics {
        // Each display after prefetches uses one of them; the rest, and prefetches never followed
        // by a display, are wasted.
        metrics.wastedPrefetches = metrics.prefetches - usefulPrefetches
        // Nearest-rank percentiles, selected rather than sorted (RankSelection).
        // Selected in the recorder's own buffers (left reordered: `finish` is called once).
        let work = RankSelection.nearestRanks([50, 95, 99], reordering: frameWork.mutableElements)
        metrics.frameWorkP50Nanos = work[0]
        metrics.frameWorkP95Nanos = work[1]
        metrics.frameWorkP99Nanos = work[2]
        metrics.timeToImageP95Nanos = RankSelection.nearestRanks([95], reordering: timeToImage.mutableElements)[0]
        metrics.blankRatioMean = metrics.frames > 0 ? blankSum / Double(metrics.frames) : 0
        metrics.blankRatioVsyncMean = vsyncSamples > 0 ? vsyncBlankSum / Double(vsyncSamples) : 0
        return metrics
    }
}
