extension AssetStoreStrategy {
    /// `asset-store` in the catalogue, with its parameters (defaults from `Configuration`).
    static let descriptor = StrategyDescriptor(
        name: "asset-store",
        summary: "AssetStore: byte-limited LRU memory cache with visible entries protected, file disk cache, bundled "
            + "low-res placeholders shown at once, one shared request per asset with prefetch tokens handed to "
            + "cells, prepareForDisplay off the main thread, one reconfigure per delivered image.",
        source: "Apple sample code \"Building high-performance lists and collection views\" (WWDC21 session 10252).",
        parameters: [
            .number("memoryCacheMB", default: Configuration().memoryCacheMB, in: 0.01...1_000_000,
                    "Memory cache limit in MiB of decoded images (visible entries may exceed it)."),
            .integer("placeholderPixelSize", default: Configuration().placeholderPixelSize, in: 1...4096,
                     "Long side of the bundled low-resolution placeholders, pixels."),
        ],
        make: { parameters in
            var configuration = Configuration()
            configuration.memoryCacheMB = parameters.number("memoryCacheMB")
            configuration.placeholderPixelSize = parameters.integer("placeholderPixelSize")
            return { [configuration] in AssetStoreStrategy(environment: $0, configuration: configuration) }
        })
}
