/// The summary of one run: one row of the summary CSV (docs/metrics.md), in column order.
///
/// Frame metrics count frames whose vsync lies in a scroll interval. Durations are kept in integer
/// nanoseconds and ratios are computed once, at the end, from integer sums.
public struct RunMetrics: Sendable, Equatable {
    public var scenario: String = ""
    public var strategy: String = ""
    public var seed: UInt64 = 0
    public var profile: String = ""
    public var refreshHz: Int = 60
    /// Total length of the scroll intervals, ns.
    public var scrollNanos: SimTime = 0
    public var frames: Int = 0
    public var droppedFrames: Int = 0
    public var hitches: Int = 0
    /// Σ hitch time over scroll frames, ns.
    public var hitchNanos: SimTime = 0
    public var maxHitchNanos: SimTime = 0
    public var frameWorkP50Nanos: SimTime = 0
    public var frameWorkP95Nanos: SimTime = 0
    public var frameWorkP99Nanos: SimTime = 0
    public var requests: Int = 0
    public var memoryHits: Int = 0
    public var diskHits: Int = 0
    public var inflightJoins: Int = 0
    public var networkFetches: Int = 0
    public var bytesDownloaded: Int64 = 0
    public var duplicateDownloads: Int = 0
    public var prefetches: Int = 0
    public var prefetchCancels: Int = 0
    public var wastedPrefetches: Int = 0
    public var displays: Int = 0
    /// Displays whose cell showed its own final image in the frame it first appeared.
    public var readyDisplays: Int = 0
    /// Mean over scroll frames of the blank share of the viewport.
    public var blankRatioMean: Double = 0
    public var blankRatioMax: Double = 0
    public var timeToImageP95Nanos: SimTime = 0
    public var wrongImageFrames: Int = 0
    public var mainDecodeNanos: SimTime = 0
    public var cellsCreated: Int = 0
    public var cellsReused: Int = 0
    /// Peak decoded-image bytes held (caches + cells).
    public var peakMemoryBytes: Int64 = 0
    /// Mean over every vsync in a scroll interval of the blank share of the frame on screen then
    /// (a late frame leaves the previous one on screen, so dropped frames count as what the user
    /// kept seeing, not as absent samples).
    public var blankRatioVsyncMean: Double = 0
    /// Memory warnings the app received (`didReceiveMemoryWarning`): scripted steps and the
    /// footprint's crossings of the device's warning level.
    public var memoryWarnings: Int = 0
    /// Whether the app's footprint exceeded the device's memory limit: the OS killed it and the
    /// run's metrics stop there.
    public var killed: Bool = false
    /// Energy the radio spent from time 0 to the run's horizon (the script's end plus the settle
    /// limit; a killed run's kill), nanojoules, rounded down (docs/model.md, "Radio energy").
    public var radioEnergyNanojoules: Int64 = 0

    public init() {}

    /// `hitch_ratio`: Σ hitch ms per second of scroll (Apple's hitch time ratio). 0 without scroll.
    public var hitchRatio: Double {
        scrollNanos > 0 ? (Double(hitchNanos) / 1e6) / (Double(scrollNanos) / 1e9) : 0
    }
    /// `hit_ratio`: memory hits / requests; 0 without requests.
    public var hitRatio: Double { requests > 0 ? Double(memoryHits) / Double(requests) : 0 }
    /// `ready_ratio`: ready displays / displays; 0 without displays.
    public var readyRatio: Double { displays > 0 ? Double(readyDisplays) / Double(displays) : 0 }
}
