extension AdaptiveStrategy {
    /// `adaptive` in the catalogue, with its parameters (defaults from `Configuration`). In a file
    /// of its own, apart from the strategy's code.
    static let descriptor = StrategyDescriptor(
        name: "adaptive",
        summary: "Ours: plans from the scroll (velocity, fling resting offset) with a velocity-aware horizon, loads "
            + "only what will be on screen long enough (resting items first), few downloads at once in plan order, "
            + "visible-first priorities raised on join, reference-counted cancellation, downsampled decode off the "
            + "main thread, LRU memory (visible protected) and disk caches, image sets batched to at most one main "
            + "block per frame.",
        source: "ScrollSim's own design from the catalogue's sources: Texture (range planning), Nuke and "
            + "PINRemoteImage (coalescing, priority raise, cancel when unwanted), WWDC18 session 219 (downsampling), "
            + "Apple's asset store (protected visible entries).",
        parameters: [
            .number("memoryCacheMB", default: Configuration().memoryCacheMB, in: 0.01...1_000_000,
                    "Memory cache limit in MiB of downsampled bitmaps (visible entries may exceed it)."),
            .number("diskCacheMB", default: Configuration().diskCacheMB, in: 0.01...1_000_000,
                    "Disk cache limit in MiB of downloaded data."),
            .number("minPrefetchScreens", default: Configuration().minPrefetchScreens, in: 0...10,
                    "Smallest look-ahead, screens (the look-ahead at rest)."),
            .number("maxPrefetchScreens", default: Configuration().maxPrefetchScreens, in: 0...10,
                    "Largest look-ahead, screens."),
            .number("lookaheadLoads", default: Configuration().lookaheadLoads, in: 0...100,
                    "Look-ahead in expected load times at the current speed."),
            .integer("maxSpeculativeLoads", default: Configuration().maxSpeculativeLoads, in: 0...1000,
                     "Downloads at once for the guess beyond where the scroll will rest."),
        ],
        make: { parameters in
            var configuration = Configuration()
            configuration.memoryCacheMB = parameters.number("memoryCacheMB")
            configuration.diskCacheMB = parameters.number("diskCacheMB")
            configuration.minPrefetchScreens = parameters.number("minPrefetchScreens")
            configuration.maxPrefetchScreens = parameters.number("maxPrefetchScreens")
            configuration.lookaheadLoads = parameters.number("lookaheadLoads")
            configuration.maxSpeculativeLoads = parameters.integer("maxSpeculativeLoads")
            return { [configuration] in AdaptiveStrategy(environment: $0, configuration: configuration) }
        })
}
