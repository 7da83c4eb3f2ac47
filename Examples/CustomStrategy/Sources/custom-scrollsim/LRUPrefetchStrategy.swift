import ScrollSim

/// `lru-prefetch`: an example strategy written outside ScrollSim, against its public API only.
///
/// - A strict-LRU memory cache of decoded images holding at most `cacheCount` of them
///   (`ImageMemoryCache`, which also does the memory accounting).
/// - One download per image at a time (later requests join it); a visible cell joining a
///   prefetch raises it from low to high priority.
/// - `prefetch(items:)` starts low-priority downloads; `cancelPrefetching(items:)` cancels those
///   no cell waits for.
/// - Decodes off the main thread, then sets the image on the main queue if the cell still shows
///   the item (a `representedIdentifier` check).
final class LRUPrefetchStrategy: FetchStrategy {
    /// A download in flight and the cells waiting for it.
    private struct Load {
        /// The network request.
        var task: NetworkTask
        /// Cells to fill when the image is ready, with the item each was configured for.
        var waiters: [(cell: CellID, item: Int)]
    }

    /// The run's services.
    private let environment: FetchEnvironment
    /// The strategy's own `URLSession` (default per-host connection limit).
    private let session: NetworkSession
    /// Decoded images by image id.
    private let cache: ImageMemoryCache
    /// Downloads in flight by image id.
    private var loads: [Int: Load] = [:]

    /// A strategy keeping at most `cacheCount` decoded images.
    init(environment: FetchEnvironment, cacheCount: Int) {
        self.environment = environment
        session = environment.makeSession(.init(name: "lru-prefetch"))
        cache = ImageMemoryCache(environment: environment,
                                 configuration: .init(policy: .lru, countLimit: cacheCount))
    }

    /// Clears the reused cell so it never shows the previous item's image.
    func prepareForReuse(_ cell: CellID) {
        environment.setImage(nil, on: cell)
    }

    /// A cached image at once; else joins the download in flight (raising it) or starts one.
    func cellForItem(_ cell: CellID, item: Int) {
        environment.setRepresentedIdentifier(item, of: cell)
        let imageID = environment.imageID(forItem: item)
        if let image = cache.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
        } else if var load = loads[imageID] {
            environment.record(.inflightJoin, imageID: imageID)
            load.task.setPriority(.high)
            load.waiters.append((cell, item))
            loads[imageID] = load
        } else {
            environment.record(.miss, imageID: imageID)
            start(imageID, priority: .normal, waiter: (cell, item))
        }
    }

    /// Low-priority downloads for items about to appear.
    func prefetch(items: [Int]) {
        for item in items {
            let imageID = environment.imageID(forItem: item)
            if loads[imageID] == nil && !cache.contains(imageID) { start(imageID, priority: .low, waiter: nil) }
        }
    }

    /// Cancels prefetches that no cell waits for.
    func cancelPrefetching(items: [Int]) {
        for item in items {
            let imageID = environment.imageID(forItem: item)
            if let load = loads[imageID], load.waiters.isEmpty {
                load.task.cancel()
                loads[imageID] = nil
            }
        }
    }

    /// Empties the cache, as an app should on a memory warning.
    func didReceiveMemoryWarning() {
        cache.removeAll()
    }

    /// Downloads `imageID`, decodes it off the main thread, caches it and fills the waiting cells.
    private func start(_ imageID: Int, priority: RequestPriority, waiter: (cell: CellID, item: Int)?) {
        let environment = self.environment
        let task = session.load(imageID, priority: priority) { [weak self] result in
            guard case .success = result else {
                environment.async(onMain: { self?.loads[imageID] = nil })
                return
            }
            environment.decode(imageID, mode: .full) { image in
                environment.async(onMain: { self?.finish(imageID, image: image) })
            }
        }
        loads[imageID] = Load(task: task, waiters: waiter.map { [$0] } ?? [])
    }

    /// On the main queue: caches `image` and sets it on every waiting cell still showing its item.
    private func finish(_ imageID: Int, image: ImageObject) {
        guard let load = loads.removeValue(forKey: imageID) else { return }
        cache.store(image, for: imageID)
        for waiter in load.waiters where environment.representedIdentifier(of: waiter.cell) == waiter.item {
            environment.setImage(image, on: waiter.cell)
        }
    }
}
