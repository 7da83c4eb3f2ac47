import ScrollSimCore

/// `naive`: the control. Loads in `cellForItem` with no cache, no coalescing, no cancellation and
/// no identity check; sets `UIImage(data:)`, so the decode happens on the main thread at display.
///
/// A reused cell keeps showing its previous item's image until its new load lands, and a slow
/// load for the previous item can land after the new one: both show the wrong image, the bug
/// every image-loading tutorial starts from.
///
/// The load's end comes to the strategy as a `NetworkLoadTarget` (tag: the cell), and the image
/// hops to the main queue by `setImageOnMain(_:on:)`: the tutorial's two closures, without making
/// them per request. The image object is made before the hop rather than in it (making one has no
/// effect until it is set).
final class NaiveStrategy: FetchStrategy, NetworkLoadTarget {
    private let environment: FetchEnvironment
    /// `URLSession.shared`, as the tutorials' `dataTask(with:)` uses it.
    private let session: NetworkSession

    init(environment: FetchEnvironment) {
        self.environment = environment
        session = environment.sharedSession
    }

    func cellForItem(_ cell: CellID, item: Int) {
        let environment = self.environment
        let imageID = environment.imageID(forItem: item)
        // A task `URLSession.shared` answers from `URLCache.shared` is a disk hit (docs/metrics.md).
        environment.record(session.outcomeOfLoad(imageID), imageID: imageID)
        session.load(imageID, priority: .normal, target: self, tag: cell)
    }

    /// The load for `cell` ended: on success, `UIImage(data:)` is set on the cell on the main queue.
    func networkLoadEnded(tag cell: Int, imageID: Int, result: NetworkResult) {
        guard case .success = result else { return }
        environment.setImageOnMain(environment.makeUndecodedImage(imageID), on: cell)
    }
}
