extension NaiveStrategy {
    /// `naive` in the catalogue: no parameters.
    static let descriptor = StrategyDescriptor(
        name: "naive",
        summary: "Loads in cellForItem; no cache, no coalescing, no cancellation, no identity check; main-thread "
            + "decode at display.",
        source: "The control: the first image-loading code of most tutorials.",
        parameters: [],
        make: { _ in { NaiveStrategy(environment: $0) } })
}
