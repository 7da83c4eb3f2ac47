import ScrollSimCore

/// The actor image loader that caches in-flight tasks, with its SwiftUI view, shared by
/// `actor-loader-coalescing` (every ready image kept) and `actor-loader-capped` (at most
/// `maxImages` ready images, the oldest inserted evicted first).
///
/// - `images: [URL: .inProgress(Task) | .fetched(UIImage)]`: a second caller awaits the task in
///   flight, so each URL downloads once while in flight; a failed load removes its entry so a
///   later call retries.
/// - Ready images live in an `ImageMemoryCache` with FIFO eviction and the count limit (0 = no
///   limit): a lookup does not refresh an entry, so a hot image is evicted as readily as a cold
///   one. An evicted image that is asked for again is downloaded again.
/// - Images are `UIImage(data:)`: decoded on the main thread at first display, then kept decoded.
/// - The view awaits the loader and sets the image back on the main actor (one main-queue hop,
///   even for a cached image), dropping a late result for a previous item (identity check).
///   Nothing is cancelled, nothing is prefetched, a memory warning changes nothing.
final class ActorImageLoader: NetworkLoadTarget {
    /// The run's services.
    private let environment: FetchEnvironment
    /// `URLSession.shared`, which `URLSession.data(from:)` in the pattern is called on.
    private let session: NetworkSession
    /// The `.fetched` images, FIFO under the count limit.
    private let ready: ImageMemoryCache
    /// The `.inProgress` entries: the callers awaiting each download, by image (looked up, never
    /// iterated: no hash order reaches a result).
    @exclusivity(unchecked) private var inProgress = IntKeyedTable<Waiters>()

    /// A caller awaiting a download: the view of `item` in `cell`, which sets the image on the
    /// main actor if it still shows `item`. (Plain values, not a closure: nothing is allocated
    /// per call.)
    private struct Waiter {
        /// The cell whose view awaits.
        let cell: CellID
        /// The item the view showed when it asked (its identity check).
        let item: Int
    }

    /// The callers awaiting one download, in the order they asked: the first apart from the
    /// others (most downloads have one caller, and an array of one would be an allocation).
    private struct Waiters {
        /// The caller that started the download.
        var first: Waiter
        /// The callers that joined it, in order.
        var more: [Waiter] = []
    }

    /// A loader keeping at most `maxImages` ready images (0 = every image).
    init(environment: FetchEnvironment, maxImages: Int) {
        self.environment = environment
        session = environment.sharedSession
        ready = ImageMemoryCache(environment: environment,
                                 configuration: .init(policy: .fifo, countLimit: maxImages))
    }

    /// The view of a reused cell gets a new identity: it starts without an image.
    func prepareForReuse(_ cell: CellID) {
        environment.setImage(nil, on: cell)
    }

    /// The view for `item` appears in `cell` and asks the loader for its image.
    func cellForItem(_ cell: CellID, item: Int) {
        environment.setRepresentedIdentifier(item, of: cell)
        let imageID = environment.imageID(forItem: item)
        if let image = ready.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            deliver(image, to: Waiter(cell: cell, item: item))
        } else if inProgress.update(imageID, { $0.more.append(Waiter(cell: cell, item: item)) }) != nil {
            environment.record(.inflightJoin, imageID: imageID)
        } else {
            environment.record(session.outcomeOfLoad(imageID), imageID: imageID)
            inProgress[imageID] = Waiters(first: Waiter(cell: cell, item: item))
            // The loader is held by its strategy for the whole run (`FetchStrategy`, "Lifetime").
            session.load(imageID, priority: .normal, target: self, tag: 0)
        }
    }

    /// A download ended (`NetworkLoadTarget`).
    func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult) {
        loadEnded(imageID, result: result)
    }

    /// A download ended: keep and hand out the image, or forget the entry so a later call retries.
    private func loadEnded(_ imageID: Int, result: NetworkResult) {
        guard let waiters = inProgress.removeValue(forKey: imageID) else { return }
        guard case .success = result else { return }  // a later call retries
        let image = environment.makeUndecodedImage(imageID)
        ready.store(image, for: imageID)
        deliver(image, to: waiters.first)
        for waiter in waiters.more { deliver(image, to: waiter) }
    }

    /// Hands `image` to `waiter`: set on the main actor if its cell still shows its item.
    private func deliver(_ image: ImageObject, to waiter: Waiter) {
        environment.setImageOnMain(image, on: waiter.cell, ifRepresenting: waiter.item)
    }
}
