import ScrollSimCore

/// `actor-loader`: the first actor image loader of the Swift-concurrency pattern, before it
/// cached in-flight tasks.
///
/// - `actor ImageLoader { var images: [URL: UIImage] }`: `fetch(url)` returns a ready image or
///   awaits `URLSession.data(from:)`. The actor is re-entrant across that `await`, so two views
///   asking for one URL download it twice (no coalescing); each completion stores its own
///   `UIImage(data:)`, the later replacing the earlier in the dictionary (unbounded).
/// - The view loads in `.task(id: item)`: when the cell is configured for another item the task
///   is cancelled, and the cancellation reaches the `URLSessionTask` (modelled in
///   `prepareForReuse`, where the reused view gets its new identity and no image).
/// - `UIImage(data:)` is decoded on the main thread at first display; each instance once.
/// - The result is set on the main actor (one main-queue hop, even for a ready image) with an
///   identity check. No prefetching; a memory warning changes nothing.
final class ActorLoaderStrategy: FetchStrategy {
    /// The run's services.
    private let environment: FetchEnvironment
    /// `URLSession.shared`, which `URLSession.data(from:)` in the pattern is called on.
    private let session: NetworkSession
    /// The actor's ready images, by image (never iterated: no SipHash).
    @exclusivity(unchecked) private var images = IntKeyedTable<ImageObject>()
    /// The task of each cell's view (indexed by cell), nil when none is running.
    @exclusivity(unchecked) private var tasks: [NetworkTask?] = []

    /// A loader with no image yet.
    init(environment: FetchEnvironment) {
        self.environment = environment
        session = environment.sharedSession
    }

    func prepareForReuse(_ cell: CellID) {
        cancelTask(of: cell)  // `.task(id:)`: the id changes, the task is cancelled
        environment.setImage(nil, on: cell)
    }

    func cellForItem(_ cell: CellID, item: Int) {
        while tasks.count <= cell { tasks.append(nil) }
        cancelTask(of: cell)
        environment.setRepresentedIdentifier(item, of: cell)
        let environment = self.environment
        let deliver: (ImageObject) -> Void = { image in
            environment.setImageOnMain(image, on: cell, ifRepresenting: item)
        }
        let imageID = environment.imageID(forItem: item)
        if let image = images[imageID] {
            environment.record(.memoryHit, imageID: imageID)
            deliver(image)
            return
        }
        environment.record(session.outcomeOfLoad(imageID), imageID: imageID)
        // `unowned(unsafe)` here and below: `FetchStrategy`, "Lifetime".
        tasks[cell] = session.load(imageID, priority: .normal) { [unowned(unsafe) self] result in
            tasks[cell] = nil  // a cancelled task never completes, so this is the cell's task
            guard case .success = result else { return }
            let image = environment.makeUndecodedImage(imageID)
            if let old = images[imageID] { environment.release(old) }
            images[imageID] = image
            environment.retain(image)
            deliver(image)
        }
    }

    /// Cancels the task of `cell`'s view, if one is running.
    private func cancelTask(of cell: CellID) {
        guard cell < tasks.count, let task = tasks[cell] else { return }
        task.cancel()
        tasks[cell] = nil
    }
}
