import ScrollSimCore

extension AdaptiveStrategy {
    /// `adaptive` in the catalogue, with its parameters (defaults from `Configuration`). In a file
    /// of its own, apart from the strategy's code.
    static let descriptor = StrategyDescriptor(
        name: "adaptive",
        summary: "Ours: learns latency, link rate, image size and decode time from its own request metrics "
            + "(no oracle); plans from the scroll (velocity, fling resting offset) with a velocity-aware horizon, "
            + "loads only what will be on screen long enough (resting items first), a bandwidth-delay number of "
            + "downloads in plan order, visible-first priorities raised on join, reference-counted cancellation "
            + "(a dropped download near the viewport kept briefly), downsampled decode off the main thread, LRU "
            + "memory (visible protected) and disk caches, image sets batched to at most one main block per frame.",
        source: "ScrollSim's own design from the catalogue's sources: Texture (range planning, its trailing "
            + "buffer), Nuke and PINRemoteImage (coalescing, priority raise, cancel when unwanted, PIN's 10 "
            + "downloads on its own session), WWDC18 session 219 (downsampling), Apple's asset store (protected "
            + "visible entries), URLSessionTaskMetrics (what it learns from).",
        parameters: [
            .number("memoryCacheMB", default: Configuration().memoryCacheMB, in: 0.01...1_000_000,
                    "Memory cache limit in MiB of downsampled bitmaps (visible entries may exceed it)."),
            .number("diskCacheMB", default: Configuration().diskCacheMB, in: 0.01...1_000_000,
                    "Disk cache limit in MiB of downloaded data."),
            .number("minPrefetchScreens", default: Configuration().minPrefetchScreens, in: 0...10,
                    "Smallest look-ahead, screens (the look-ahead at rest)."),
            .number("maxPrefetchScreens", default: Configuration().maxPrefetchScreens, in: 0...10,
                    "Largest look-ahead, screens (at least minPrefetchScreens)."),
            .number("lookaheadLoads", default: Configuration().lookaheadLoads, in: 0...100,
                    "Look-ahead in expected load times at the current speed."),
            .integer("maxSpeculativeLoads", default: Configuration().maxSpeculativeLoads, in: 0...1000,
                     "Downloads at once at most for the guess beyond where the scroll rests."),
            .integer("maxDownloads", default: Configuration().maxDownloads, in: 1...1000,
                     "Downloads in flight at most (its session's per-host connection limit)."),
            .number("keepScreens", default: Configuration().keepScreens, in: 0...10,
                    "Screens beyond the viewport within which a dropped download is kept."),
            .number("cancelGraceSeconds", default: Configuration().cancelGraceSeconds, in: 0...60,
                    "Seconds a dropped download is kept before it is cancelled (not in a fling)."),
        ],
        make: { (parameters: StrategyParameters) throws(StrategyConfigError) -> StrategyFactory in
            var configuration = Configuration()
            configuration.memoryCacheMB = parameters.number("memoryCacheMB")
            configuration.diskCacheMB = parameters.number("diskCacheMB")
            configuration.minPrefetchScreens = parameters.number("minPrefetchScreens")
            configuration.maxPrefetchScreens = parameters.number("maxPrefetchScreens")
            guard configuration.maxPrefetchScreens >= configuration.minPrefetchScreens else {
                let path = parameters.path.isEmpty ? "maxPrefetchScreens" : parameters.path + ".maxPrefetchScreens"
                let least = StrategyParameter.formatted(configuration.minPrefetchScreens)
                let found = StrategyParameter.formatted(configuration.maxPrefetchScreens)
                throw StrategyConfigError(path: path, message: "must be at least minPrefetchScreens (\(least)), found \(found)")
            }
            configuration.lookaheadLoads = parameters.number("lookaheadLoads")
            configuration.maxSpeculativeLoads = parameters.integer("maxSpeculativeLoads")
            configuration.maxDownloads = parameters.integer("maxDownloads")
            configuration.keepScreens = parameters.number("keepScreens")
            configuration.cancelGraceSeconds = parameters.number("cancelGraceSeconds")
            return { [configuration] in AdaptiveStrategy(environment: $0, configuration: configuration) }
        })
}
