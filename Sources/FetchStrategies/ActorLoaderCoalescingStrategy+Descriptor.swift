extension ActorLoaderCoalescingStrategy {
    /// `actor-loader-coalescing` in the catalogue: no parameters.
    static let descriptor = StrategyDescriptor(
        name: "actor-loader-coalescing",
        summary: "Actor loader caching in-flight tasks: one download per URL, failed entries removed, every image "
            + "kept, no cancellation, no prefetch, main-thread decode at display.",
        source: "The Swift-concurrency image loader pattern (actor with [URL: .inProgress(Task) | .fetched(UIImage)]).",
        parameters: [],
        make: { _ in { ActorLoaderCoalescingStrategy(environment: $0) } })
}
