extension SummaryColumn {
    /// Bytes in one MiB: `peak_memory_mb` is in mebibytes.
    static let bytesPerMebibyte: Int64 = 1_048_576
    /// Nanojoules in one joule: `radio_energy_j` is in joules.
    static let nanojoulesPerJoule: Int64 = 1_000_000_000

    /// Integer nanoseconds as a quantity in `unit` nanoseconds (e.g. 1 000 000 for ms), exactly.
    static func nanos(_ value: SimTime, per unit: SimTime) -> Quantity { .ratio(value, over: unit, timesPowerOfTen: 0) }

    /// A percentage limit of `percent` %.
    static func percent(_ percent: Int64) -> RegressionLimit { .percent(ExactDecimal(units: percent, scale: 0)) }

    /// An absolute limit of `amount` in the metric's unit.
    static func amount(_ amount: Int64) -> RegressionLimit { .absolute(ExactDecimal(units: amount, scale: 0)) }

    /// The summary CSV's columns, in file order: the metric table (docs/metrics.md). Frame metrics
    /// count only frames whose vsync lies in a scroll interval; durations are exact from integer
    /// nanoseconds; a ratio without a denominator is 0.
    public static let all: [SummaryColumn] = [
        SummaryColumn("scenario", role: .identity, "the scenario's name (its file's base name when it has none)") {
            .text($0.scenario)
        },
        SummaryColumn("strategy", role: .identity, "the strategy's name") { .text($0.strategy) },
        SummaryColumn("seed", role: .identity, "the run's seed") { .unsigned($0.seed) },
        SummaryColumn("profile", role: .label, "the cell lifecycle profile: ios9, ios10 or ios15") {
            .text($0.profile)
        },
        SummaryColumn("refresh_hz", unit: "Hz", role: .metric(.workload), "the display's refresh rate") {
            .integer(Int64($0.refreshHz))
        },
        SummaryColumn("scroll_s", unit: "s", decimals: 3, role: .metric(.workload),
                      "total length of the scroll intervals") { nanos($0.scrollNanos, per: SimDuration.second) },
        SummaryColumn("frames", role: .metric(.workload), "frames whose vsync lies in a scroll interval") {
            .integer(Int64($0.frames))
        },
        SummaryColumn("dropped_frames", role: .metric(.lowerIsBetter), limit: amount(2),
                      "missed vsyncs summed over scroll frames (r − k − 1 for a frame for vsync k first shown "
                      + "at r + 1)") {
            .integer(Int64($0.droppedFrames))
        },
        SummaryColumn("hitches", role: .metric(.lowerIsBetter), "scroll frames with a hitch time above 0") {
            .integer(Int64($0.hitches))
        },
        SummaryColumn("hitch_ratio", unit: "ms/s", decimals: 3, role: .metric(.lowerIsBetter), limit: percent(5),
                      "hitch time summed over scroll frames / scroll_s: Apple's hitch time ratio") {
            .ratio($0.hitchNanos, over: $0.scrollNanos, timesPowerOfTen: 3)
        },
        SummaryColumn("max_hitch_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter), limit: percent(10),
                      "the largest hitch time of a scroll frame") {
            nanos($0.maxHitchNanos, per: SimDuration.millisecond)
        },
        SummaryColumn("frame_work_p50_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter),
                      "median main-thread time from a scroll frame's start to its commit (nearest rank)") {
            nanos($0.frameWorkP50Nanos, per: SimDuration.millisecond)
        },
        SummaryColumn("frame_work_p95_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter), limit: percent(10),
                      "95th percentile of that time (nearest rank)") {
            nanos($0.frameWorkP95Nanos, per: SimDuration.millisecond)
        },
        SummaryColumn("frame_work_p99_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter),
                      "99th percentile of that time (nearest rank)") {
            nanos($0.frameWorkP99Nanos, per: SimDuration.millisecond)
        },
        SummaryColumn("requests", role: .metric(.workload),
                      "image requests made to configure a cell (prefetches excluded)") { .integer(Int64($0.requests)) },
        SummaryColumn("memory_hits", role: .metric(.higherIsBetter), "requests answered at once from a memory cache") {
            .integer(Int64($0.memoryHits))
        },
        SummaryColumn("hit_ratio", decimals: 4, role: .metric(.higherIsBetter), limit: percent(5),
                      "memory_hits / requests") {
            .ratio(Int64($0.memoryHits), over: Int64($0.requests), timesPowerOfTen: 0)
        },
        SummaryColumn("disk_hits", role: .metric(.workload), "requests served from a disk cache") {
            .integer(Int64($0.diskHits))
        },
        SummaryColumn("inflight_joins", role: .metric(.workload), "requests that joined a load already in flight") {
            .integer(Int64($0.inflightJoins))
        },
        SummaryColumn("network_fetches", role: .metric(.lowerIsBetter),
                      "network requests sent on a connection (or HTTP/2 stream), prefetches included; "
                      + "connection setups are not counted") {
            .integer(Int64($0.networkFetches))
        },
        SummaryColumn("bytes_downloaded", unit: "bytes", role: .metric(.lowerIsBetter), limit: percent(10),
                      "bytes transferred, partial (cancelled) transfers included") { .integer($0.bytesDownloaded) },
        SummaryColumn("duplicate_downloads", role: .metric(.lowerIsBetter),
                      "completed downloads of an image already downloaded earlier in the run") {
            .integer(Int64($0.duplicateDownloads))
        },
        SummaryColumn("prefetches", role: .metric(.workload), "items passed to prefetch(items)") {
            .integer(Int64($0.prefetches))
        },
        SummaryColumn("prefetch_cancels", role: .metric(.workload), "items passed to cancelPrefetching(items)") {
            .integer(Int64($0.prefetchCancels))
        },
        SummaryColumn("wasted_prefetches", role: .metric(.lowerIsBetter),
                      "prefetches of an item not displayed before it was prefetched again or the run ended") {
            .integer(Int64($0.wastedPrefetches))
        },
        SummaryColumn("displays", role: .metric(.workload), "willDisplay events") { .integer(Int64($0.displays)) },
        SummaryColumn("ready_ratio", decimals: 4, role: .metric(.higherIsBetter), limit: percent(5),
                      "share of displays whose cell shows its own final image in the frame where it first appears") {
            .ratio(Int64($0.readyDisplays), over: Int64($0.displays), timesPowerOfTen: 0)
        },
        SummaryColumn("blank_ratio_mean", decimals: 4, role: .metric(.lowerIsBetter), limit: percent(5),
                      "mean over scroll frames of the viewport's share covered by visible cells without their "
                      + "own final image") {
            .real($0.blankRatioMean)
        },
        SummaryColumn("blank_ratio_max", decimals: 4, role: .metric(.lowerIsBetter),
                      "the largest of those shares") { .real($0.blankRatioMax) },
        SummaryColumn("time_to_image_p95_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter),
                      limit: percent(10),
                      "for displays not ready in their first frame, that frame's present time to the image's (p95)") {
            nanos($0.timeToImageP95Nanos, per: SimDuration.millisecond)
        },
        SummaryColumn("wrong_image_frames", role: .metric(.lowerIsBetter), limit: amount(0),
                      "visible cells showing another item's image, summed over all frames (not only scroll frames)") {
            .integer(Int64($0.wrongImageFrames))
        },
        SummaryColumn("main_decode_ms", unit: "ms", decimals: 3, role: .metric(.lowerIsBetter),
                      "image decode time spent on the main thread") {
            nanos($0.mainDecodeNanos, per: SimDuration.millisecond)
        },
        SummaryColumn("cells_created", role: .metric(.lowerIsBetter), "cell creations") {
            .integer(Int64($0.cellsCreated))
        },
        SummaryColumn("cells_reused", role: .metric(.workload), "prepareForReuse calls") {
            .integer(Int64($0.cellsReused))
        },
        SummaryColumn("peak_memory_mb", unit: "MiB", decimals: 3, role: .metric(.lowerIsBetter), limit: percent(10),
                      "peak decoded-image bytes (width × height × 4) held by caches and cells, plus the responses "
                      + "held in HTTP caches' memory tiers, the encoded data `texture`'s PINCache memory holds and "
                      + "the bytes `nuke` keeps to resume downloads (up to the kill in a killed run); the app's "
                      + "footprint is this plus the device's baselineFootprintMB") {
            .ratio($0.peakMemoryBytes, over: bytesPerMebibyte, timesPowerOfTen: 0)
        },
        SummaryColumn("blank_ratio_vsync_mean", decimals: 4, role: .metric(.lowerIsBetter), limit: percent(5),
                      "the blank share of the frame on screen, sampled at every vsync of a scroll interval") {
            .real($0.blankRatioVsyncMean)
        },
        SummaryColumn("memory_warnings", role: .metric(.lowerIsBetter),
                      "memory warnings the app received (didReceiveMemoryWarning delivered on the main thread): "
                      + "each scripted memoryWarning step, and each time the footprint rose above the device's "
                      + "warning level (the level re-arms only once the footprint is back at or below it); a "
                      + "warning posted but not yet delivered when the app is killed is not counted") {
            .integer(Int64($0.memoryWarnings))
        },
        // A run the OS killed regresses by default: 0 → 1 exceeds `+0`.
        SummaryColumn("killed", role: .metric(.lowerIsBetter), limit: amount(0),
                      "0 or 1: 1 when the footprint exceeded the device's memory limit, so the OS killed the "
                      + "app there and the run stopped (docs/model.md, \"Device and memory\"; see Killed runs "
                      + "below)") {
            .integer($0.killed ? 1 : 0)
        },
        SummaryColumn("radio_energy_j", unit: "J", decimals: 3, role: .metric(.lowerIsBetter),
                      "energy the radio spends from time 0 to the script's end plus the 60 s settle limit (the "
                      + "same window for every strategy of a scenario; up to the kill in a killed run), from the "
                      + "RRC state machine of network.radio (docs/model.md, \"Radio energy\")") {
            .ratio($0.radioEnergyNanojoules, over: nanojoulesPerJoule, timesPowerOfTen: 0)
        },
    ]
}
