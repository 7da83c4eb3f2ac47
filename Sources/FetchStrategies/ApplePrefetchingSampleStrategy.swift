import ScrollSimCore

/// `apple-prefetching-sample`: Apple's "Prefetching collection view data" sample (`AsyncFetcher`).
///
/// - A cache keyed by the model object's identifier (one per item): an `NSCache`, unbounded by
///   default (`memoryCacheMB` sets its `totalCostLimit`, evicting in insertion order, the
///   documented model of NSCache), emptied on a memory warning. The sample has no handler of its
///   own: NSCache evicts by itself when memory is needed (Apple's NSCache documentation), by a
///   mechanism Apple does not describe; modelled as emptying on the app's memory warning (assumed).
/// - One fetch operation per identifier; later callers add a completion handler to it (coalescing).
/// - `prefetch` starts fetches; `cancelPrefetching` calls `cancelFetch`, which cancels the
///   operation and drops its completion handlers.
/// - `cellForItem` stores `representedIdentifier`, shows the cached data at once or nothing, and the
///   completion (hopping to the main queue) checks the identifier before configuring the cell.
/// - The fetched data becomes a `UIImage(data:)`: decoded on the main thread at first display,
///   then kept decoded in the cache.
final class ApplePrefetchingSampleStrategy: FetchStrategy, NetworkLoadTarget {
    private struct Fetch {
        var task: NetworkTask
        var handlers: [Handler]
    }

    /// A completion handler of `fetchAsync`. (A struct, not a bare closure: an array of closures
    /// stores each one reabstracted, through a thunk allocated when stored and another when read.)
    private struct Handler {
        /// The handler itself.
        let run: (ImageObject) -> Void
    }

    private let environment: FetchEnvironment
    /// `URLSession.shared` (the sample's fetch has no network code; an app fills it in with the
    /// shared session).
    private let session: NetworkSession
    private let cache: ImageMemoryCache
    /// The fetch operations in flight by item (items near the viewport; never iterated: no SipHash).
    @exclusivity(unchecked) private var fetches = IntKeyedTable<Fetch>()

    init(environment: FetchEnvironment, memoryCacheMB: Int = 0) {
        self.environment = environment
        session = environment.sharedSession
        cache = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .fifo, costLimitBytes: Int64(memoryCacheMB) * 1_048_576))
    }

    func cellForItem(_ cell: CellID, item: Int) {
        environment.setRepresentedIdentifier(item, of: cell)
        let imageID = environment.imageID(forItem: item)
        if let image = cache.image(for: item) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        environment.setImage(nil, on: cell)
        environment.record(fetches[item] != nil ? .inflightJoin
                           : session.outcomeOfLoad(imageID), imageID: imageID)
        let environment = self.environment
        fetchAsync(item) { image in
            environment.setImageOnMain(image, on: cell, ifRepresenting: item)
        }
    }

    func prefetch(items: [Int]) {
        for item in items { fetchAsync(item, completion: nil) }
    }

    func cancelPrefetching(items: [Int]) {
        for item in items {
            guard let fetch = fetches.removeValue(forKey: item) else { continue }
            fetch.task.cancel()
        }
    }

    func didReceiveMemoryWarning() {
        cache.removeAll()
    }

    /// `AsyncFetcher.fetchAsync(_:completion:)`.
    private func fetchAsync(_ item: Int, completion: ((ImageObject) -> Void)?) {
        if let image = cache.image(for: item) {
            completion?(image)
            return
        }
        if fetches[item] != nil {
            if let completion { fetches[item]?.handlers.append(Handler(run: completion)) }
            return
        }
        let imageID = environment.imageID(forItem: item)
        // The sample's completion captures `self` weakly; the run holds its strategy until it ends
        // (`FetchStrategy`, "Lifetime"), so the closure-free form, which holds it, behaves the same.
        let task = session.load(imageID, priority: .normal, target: self, tag: item)
        fetches[item] = Fetch(task: task, handlers: completion.map { [Handler(run: $0)] } ?? [])
    }

    /// The fetch of `item` (the tag) ended.
    func networkLoadEnded(tag item: Int, imageID: Int, result: NetworkResult) {
        guard let fetch = fetches.removeValue(forKey: item) else { return }
        guard case .success = result else { return }
        let image = environment.makeUndecodedImage(imageID)
        cache.store(image, for: item)
        for handler in fetch.handlers { handler.run(image) }
    }
}
