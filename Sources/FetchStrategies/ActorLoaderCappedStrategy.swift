import ScrollSimCore

/// `actor-loader-capped`: `actor-loader-coalescing` with a cap on the ready images, the last
/// version of the actor-loader pattern: when a new image would exceed `maxImages`, the oldest
/// inserted one is removed (FIFO: an insertion-order key list, lookups do not refresh it).
///
/// Everything else is `actor-loader-coalescing` (shared `ActorImageLoader`): in-flight
/// coalescing, main-thread decode at display, no cancellation, no prefetch. Because a lookup
/// does not refresh an entry, an image the user keeps returning to is evicted like any other
/// and downloaded again, where an LRU cache of the same size would keep it.
final class ActorLoaderCappedStrategy: FetchStrategy {
    /// Default cap on ready images.
    static let defaultMaxImages = 100
    /// The capped loader and its view.
    private let loader: ActorImageLoader

    /// A loader keeping at most `maxImages` ready images.
    init(environment: FetchEnvironment, maxImages: Int) {
        loader = ActorImageLoader(environment: environment, maxImages: maxImages)
    }

    func prepareForReuse(_ cell: CellID) { loader.prepareForReuse(cell) }

    func cellForItem(_ cell: CellID, item: Int) { loader.cellForItem(cell, item: item) }
}
