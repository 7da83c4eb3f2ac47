import ScrollSimCore

/// `actor-loader-coalescing`: the actor image loader that caches in-flight tasks (the "image
/// loader with actors" pattern).
///
/// - `images: [URL: .inProgress(Task) | .fetched(UIImage)]`: a second caller awaits the task in
///   flight, so each URL downloads once; a failed load removes its entry so a later call retries.
/// - Every ready image is kept (unbounded), as `UIImage(data:)`: decoded on the main thread at
///   first display, then kept decoded.
/// - Downloads are not cancelled when a cell is reused; there is no prefetching.
/// - The view awaits the loader and sets the image back on the main actor (one main-queue hop,
///   even for a cached image). The view is keyed by its item (SwiftUI identity), so a late result
///   for a previous item is dropped: modelled as an identity check.
///
/// The loader and view are `ActorImageLoader`, shared with `actor-loader-capped`.
final class ActorLoaderCoalescingStrategy: FetchStrategy {
    /// The loader (every ready image kept) and its view.
    private let loader: ActorImageLoader

    /// A loader with no image yet.
    init(environment: FetchEnvironment) {
        loader = ActorImageLoader(environment: environment, maxImages: 0)
    }

    func prepareForReuse(_ cell: CellID) { loader.prepareForReuse(cell) }

    func cellForItem(_ cell: CellID, item: Int) { loader.cellForItem(cell, item: item) }
}
