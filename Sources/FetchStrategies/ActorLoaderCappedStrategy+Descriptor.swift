extension ActorLoaderCappedStrategy {
    /// `actor-loader-capped` in the catalogue, with its parameters.
    static let descriptor = StrategyDescriptor(
        name: "actor-loader-capped",
        summary: "actor-loader-coalescing with at most maxImages ready images, evicting the oldest inserted (FIFO, "
            + "not LRU).",
        source: "The Swift-concurrency image loader pattern, capped version (insertion-ordered keys, oldest removed "
            + "first).",
        parameters: [
            .integer("maxImages", default: defaultMaxImages, in: 1...1_000_000,
                     "Ready images kept; the oldest inserted is evicted first."),
        ],
        make: { parameters in
            let maxImages = parameters.integer("maxImages")
            return { ActorLoaderCappedStrategy(environment: $0, maxImages: maxImages) }
        })
}
