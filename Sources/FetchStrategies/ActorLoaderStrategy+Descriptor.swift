extension ActorLoaderStrategy {
    /// `actor-loader` in the catalogue: no parameters.
    static let descriptor = StrategyDescriptor(
        name: "actor-loader",
        summary: "First actor loader: dictionary of ready images, no coalescing (one download per request), load "
            + "cancelled when the cell moves to another item, no prefetch, main-thread decode at display.",
        source: "The Swift-concurrency image loader pattern, first version (actor with [URL: UIImage], "
            + "view .task(id:)).",
        parameters: [],
        make: { _ in { ActorLoaderStrategy(environment: $0) } })
}
