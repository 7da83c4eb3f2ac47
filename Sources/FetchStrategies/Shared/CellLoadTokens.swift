import ScrollSimCore

/// The load each cell waits for, as a `SharedImageLoads` token per cell (0 when none): the
/// per-view task of `sd_setImage` (`sd_cancelCurrentImageLoad`) and of Nuke's `LazyImage`
/// (`ImageTask.cancel()`). Starting a new load for a cell, or reusing it, leaves the previous one;
/// a result that arrives after the cell moved on is dropped.
final class CellLoadTokens {
    private let loads: SharedImageLoads
    @exclusivity(unchecked) private var tokens: [Int] = []

    init(loads: SharedImageLoads) { self.loads = loads }

    /// Leaves the load `cell` waits for, if any (cancelling it when it was its last requester).
    func cancel(_ cell: CellID) {
        guard cell < tokens.count else { return }
        loads.leave(tokens[cell])
        tokens[cell] = 0
    }

    /// A new token that `cell` now waits for (after leaving its previous load).
    func begin(_ cell: CellID) -> Int {
        while tokens.count <= cell { tokens.append(0) }
        cancel(cell)
        let token = loads.makeToken()
        tokens[cell] = token
        return token
    }

    /// The completion of `cell`'s load `token`: hops to the main queue and sets the image if the
    /// cell still waits for that load.
    func delivery(to cell: CellID, token: Int, environment: FetchEnvironment) -> (ImageObject?) -> Void {
        // `unowned(unsafe)`: held by its strategy for the whole run (`FetchStrategy`, "Lifetime").
        { [unowned(unsafe) self] image in
            guard let image else { return }
            environment.async(onMain: { [unowned(unsafe) self] in
                guard cell < tokens.count, tokens[cell] == token else { return }  // cancelled meanwhile
                tokens[cell] = 0
                environment.setImage(image, on: cell)
            })
        }
    }
}
