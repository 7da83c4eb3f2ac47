extension ApplePrefetchingSampleStrategy {
    /// `apple-prefetching-sample` in the catalogue, with its parameters.
    static let descriptor = StrategyDescriptor(
        name: "apple-prefetching-sample",
        summary: "AsyncFetcher: unbounded NSCache-like cache purged on memory warning, coalesced completion handlers, "
            + "cancelFetch on cancelPrefetching, representedIdentifier guard, main-thread decode at display.",
        source: "Apple sample code \"Prefetching collection view data\" (UICollectionViewDataSourcePrefetching).",
        parameters: [
            .integer("memoryCacheMB", default: 0, in: 0...65_536,
                     "The NSCache's totalCostLimit in MB of decoded image; 0, NSCache's default, means no limit."),
        ],
        make: { parameters in
            let memoryCacheMB = parameters.integer("memoryCacheMB")
            return { ApplePrefetchingSampleStrategy(environment: $0, memoryCacheMB: memoryCacheMB) }
        })
}
