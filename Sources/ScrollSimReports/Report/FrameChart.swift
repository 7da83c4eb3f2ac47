/// What a run's frame-time chart draws, in bounded memory: the frames themselves while there are
/// at most `maximumBars`, else buckets of `bucketWidth` consecutive frames (a power of two, the
/// smallest that gives at most `maximumBars` buckets), each with the least, mean and greatest work
/// of its frames (docs/model.md, "Traces and the HTML report"). Frames are added one at a time, in order
/// (`append`); when the frames or buckets would exceed the limit, adjacent pairs merge, so the
/// result is the same as bucketing all the frames at once: bucket k holds frames
/// k·w ..< (k+1)·w. The caption's counts cover every frame.
public struct FrameChart: Sendable, Equatable {
    /// One bucket of consecutive frames.
    public struct Bucket: Sendable, Equatable {
        /// Vsync of its first frame, ns.
        public var firstVsyncNanos: Int64
        /// Vsync of its last frame, ns.
        public var lastVsyncNanos: Int64
        /// Frames in it.
        public var frameCount: Int
        /// Least work of its frames, ms.
        public var minimumWorkMilliseconds: Double
        /// Greatest work of its frames, ms.
        public var maximumWorkMilliseconds: Double
        /// Sum of its frames' work in whole µs (exact: the work is in ms with 3 decimals).
        public var totalWorkMicros: Int64
        /// Whether a frame of it appeared late.
        public var hasHitch: Bool
        /// Whether a frame of it was in a scroll.
        public var hasScroll: Bool

        /// The bucket of one frame.
        init(_ frame: FrameSeries.Frame) {
            firstVsyncNanos = frame.vsyncNanos
            lastVsyncNanos = frame.vsyncNanos
            frameCount = 1
            minimumWorkMilliseconds = frame.workMilliseconds
            maximumWorkMilliseconds = frame.workMilliseconds
            totalWorkMicros = FrameChart.micros(frame.workMilliseconds)
            hasHitch = frame.hitchMilliseconds > 0
            hasScroll = frame.isInScroll
        }

        /// Mean work of its frames, ms.
        public var meanWorkMilliseconds: Double { Double(totalWorkMicros) / Double(frameCount) / 1000 }

        /// This bucket followed by `next`.
        func merged(with next: Bucket) -> Bucket {
            var result = self
            result.lastVsyncNanos = next.lastVsyncNanos
            result.frameCount += next.frameCount
            result.minimumWorkMilliseconds = min(minimumWorkMilliseconds, next.minimumWorkMilliseconds)
            result.maximumWorkMilliseconds = max(maximumWorkMilliseconds, next.maximumWorkMilliseconds)
            result.totalWorkMicros += next.totalWorkMicros
            result.hasHitch = hasHitch || next.hasHitch
            result.hasScroll = hasScroll || next.hasScroll
            return result
        }
    }

    /// The most bars a chart draws (`run --html` and `report` alike).
    public static let maximumBars = 4096

    /// The most bars this chart draws (`maximumBars`; smaller in tests).
    public let barLimit: Int
    /// Frames added.
    public private(set) var frameCount = 0
    /// Frames in a scroll.
    public private(set) var scrollingCount = 0
    /// Frames in a scroll that appeared late.
    public private(set) var scrollingHitchCount = 0
    /// The greatest work of a frame, ms (0 without frames).
    public private(set) var longestWorkMilliseconds = 0.0
    /// Vsync of the last frame, ns.
    public private(set) var lastVsyncNanos: Int64?
    /// The frames, while there are at most `barLimit` (else empty).
    public private(set) var frames: [FrameSeries.Frame] = []
    /// The buckets, once there are more than `barLimit` frames (else empty).
    public private(set) var buckets: [Bucket] = []
    /// Frames per bucket: 1 while the frames are kept, then a power of two.
    public private(set) var bucketWidth = 1

    /// An empty chart drawing at most `barLimit` bars (at least 2).
    public init(barLimit: Int = FrameChart.maximumBars) {
        precondition(barLimit >= 2, "FrameChart: at least two bars")
        self.barLimit = barLimit
    }

    /// Whether the frames are drawn as buckets.
    public var isSummarised: Bool { bucketWidth > 1 }

    /// Adds the next frame.
    public mutating func append(_ frame: FrameSeries.Frame) {
        frameCount += 1
        if frame.isInScroll {
            scrollingCount += 1
            if frame.hitchMilliseconds > 0 { scrollingHitchCount += 1 }
        }
        longestWorkMilliseconds = max(longestWorkMilliseconds, frame.workMilliseconds)
        lastVsyncNanos = frame.vsyncNanos
        if bucketWidth == 1 {
            frames.append(frame)
            guard frames.count > barLimit else { return }
            buckets = frames.map(Bucket.init)
            frames = []
            mergePairs()
            return
        }
        if let last = buckets.last, last.frameCount < bucketWidth {
            buckets[buckets.count - 1] = last.merged(with: Bucket(frame))
        } else {
            buckets.append(Bucket(frame))
            if buckets.count > barLimit { mergePairs() }
        }
    }

    /// Merges adjacent buckets pairwise: the width doubles.
    private mutating func mergePairs() {
        var merged: [Bucket] = []
        merged.reserveCapacity(barLimit)
        var index = 0
        while index < buckets.count {
            merged.append(index + 1 < buckets.count ? buckets[index].merged(with: buckets[index + 1]) : buckets[index])
            index += 2
        }
        buckets = merged
        bucketWidth *= 2
    }

    /// `milliseconds` (3 decimals) in whole µs.
    static func micros(_ milliseconds: Double) -> Int64 { Int64((milliseconds * 1000).rounded()) }
}
