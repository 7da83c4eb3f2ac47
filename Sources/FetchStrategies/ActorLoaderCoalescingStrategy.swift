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
final class ActorLoaderCoalescingStrategy: FetchStrategy {
    private enum Entry {
        case inProgress([(ImageObject) -> Void])
        case fetched(ImageObject)
    }

    private let environment: FetchEnvironment
    private var entries: [Int: Entry] = [:]

    init(environment: FetchEnvironment) { self.environment = environment }

    func prepareForReuse(_ cell: CellID) {
        environment.setImage(nil, on: cell)  // a new view identity starts without an image
    }

    func cellForItem(_ cell: CellID, item: Int) {
        environment.setRepresentedIdentifier(item, of: cell)
        let environment = self.environment
        let deliver: (ImageObject) -> Void = { image in
            environment.async(onMain: {
                guard environment.representedIdentifier(of: cell) == item else { return }
                environment.setImage(image, on: cell)
            })
        }
        let imageID = environment.imageID(forItem: item)
        switch entries[imageID] {
        case .fetched(let image)?:
            environment.record(.memoryHit, imageID: imageID)
            deliver(image)
        case .inProgress(var waiters)?:
            environment.record(.inflightJoin, imageID: imageID)
            waiters.append(deliver)
            entries[imageID] = .inProgress(waiters)
        case nil:
            environment.record(.miss, imageID: imageID)
            entries[imageID] = .inProgress([deliver])
            environment.load(imageID, priority: .normal) { [weak self] result in
                self?.loadEnded(imageID, result: result)
            }
        }
    }

    private func loadEnded(_ imageID: Int, result: NetworkResult) {
        guard case .inProgress(let waiters)? = entries[imageID] else { return }
        guard case .success = result else {
            entries[imageID] = nil  // a later call retries
            return
        }
        let image = environment.makeUndecodedImage(imageID)
        environment.retain(image)
        entries[imageID] = .fetched(image)
        for waiter in waiters { waiter(image) }
    }
}
