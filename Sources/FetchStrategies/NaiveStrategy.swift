import ScrollSimCore

/// `naive`: the control. Loads in `cellForItem` with no cache, no coalescing, no cancellation and
/// no identity check; sets `UIImage(data:)`, so the decode happens on the main thread at display.
///
/// A reused cell keeps showing its previous item's image until its new load lands, and a slow
/// load for the previous item can land after the new one: both show the wrong image, the bug
/// every image-loading tutorial starts from.
final class NaiveStrategy: FetchStrategy {
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
        session.load(imageID, priority: .normal) { result in
            guard case .success = result else { return }
            environment.async(onMain: {
                environment.setImage(environment.makeUndecodedImage(imageID), on: cell)
            })
        }
    }
}
