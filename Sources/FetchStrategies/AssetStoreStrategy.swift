import ScrollSimCore

/// `asset-store`: the `AssetStore` of Apple's sample "Building high-performance lists and
/// collection views" (iOS 15, WWDC21 session 10252 "Make blazing fast lists and collection views").
///
/// - Memory: a cache limited in bytes (`memoryCacheMB`, default 50 MiB;
///   the sample's figure is not documented), cost = decoded size, least recently used first.
///   Entries of displayed items are protected from eviction (`willDisplay` protects,
///   `didEndDisplaying` lifts it), so the cache may stay over its limit with only visible
///   entries left. A memory warning evicts every entry that is not protected.
/// - Disk: a file-based cache of the downloaded data (unbounded), read before the network;
///   written after each download.
/// - Placeholders: the store ships a low-resolution version of each asset (modelled as a
///   `placeholderPixelSize` px thumbnail, default 64, decoded on the main thread at first use —
///   about 0.03 ms — and kept by the placeholder store), shown at once in `cellForItem` while the
///   full image loads; a placeholder counts as blank in the metrics.
/// - One shared request per asset (a shared publisher): every subscriber (a prefetch, a cell)
///   holds a token; the request is cancelled when the last token is cancelled. A prefetch's token
///   is handed to the cell configured for its item, so the request is not restarted; the cell
///   cancels its token in `prepareForReuse`; `cancelPrefetching` cancels tokens not yet handed over.
/// - Loaded data goes through `prepareForDisplay` on a background thread (a full-size decode)
///   before it is stored and shown; then one main-queue block reconfigures the affected items
///   (the cells holding a token for that asset): the cell provider runs again (`cellForItemMs`)
///   and sets the prepared image.
///
/// Not modelled: the sample's Combine and diffable-data-source overheads beyond those costs;
/// retries after a failed download (the placeholder stays until the cell is configured again).
final class AssetStoreStrategy: FetchStrategy {
    /// The tuning.
    struct Configuration: Sendable {
        /// Memory cache limit, MiB. Default 50.
        var memoryCacheMB = 50.0
        /// Long side of the bundled low-resolution placeholders, pixels. Default 64.
        var placeholderPixelSize = 64
    }

    /// The shared request for one asset.
    private final class Request: PoolJobTarget, NetworkLoadTarget, MainQueueTarget {
        enum Phase {
            case disk(PoolTask)
            case network(NetworkTask)
            case prepare(PoolTask)
            case starting
        }
        @exclusivity(unchecked) private(set) var imageID: Int
        /// Tokens not cancelled yet.
        @exclusivity(unchecked) var tokens = 1
        @exclusivity(unchecked) var phase = Phase.starting
        /// Every cell handed a token of this request, in hand-over order (a cell may appear more
        /// than once, or have moved on: `reconfigure` checks `cellTokens`), so finishing looks at
        /// these cells only, not at every cell: the first (−1 before), then `moreCells` (most
        /// requests have one cell, and an array of one would be an allocation per request).
        @exclusivity(unchecked) var firstCell: CellID = -1
        @exclusivity(unchecked) var moreCells: [CellID] = []
        /// Every item whose prefetch took a token of this request (checked like the cells), the
        /// first (−1 before), then `morePrefetchItems`.
        @exclusivity(unchecked) var firstPrefetchItem = -1
        @exclusivity(unchecked) var morePrefetchItems: [Int] = []
        /// The prepared image, from the preparation's end until the main-queue block that
        /// reconfigures the items runs.
        @exclusivity(unchecked) var prepared: ImageObject?
        /// The strategy, told when the request's disk read, download or preparation ends
        /// (`unowned(unsafe)`: `FetchStrategy`, "Lifetime").
        unowned(unsafe) let strategy: AssetStoreStrategy
        init(imageID: Int, strategy: AssetStoreStrategy) {
            self.imageID = imageID
            self.strategy = strategy
        }

        /// Sets every field as `init` does (a retired request reused by `makeRequest`).
        func reset(imageID: Int) {
            self.imageID = imageID
            tokens = 1
            phase = .starting
            firstCell = -1
            moreCells.removeAllKeepingCapacity()  // (empty already: `reconfigure` emptied them)
            firstPrefetchItem = -1
            morePrefetchItems.removeAllKeepingCapacity()
            prepared = nil
        }

        /// The disk read (no image) or the preparation (`image`) ended.
        func poolJobEnded(tag: Int, image: ImageObject?) {
            if let image {
                strategy.prepared(imageID, request: self, image: image)
            } else {
                strategy.prepare(imageID, request: self)
            }
        }

        /// The download ended.
        func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult) {
            strategy.downloaded(imageID, request: self, result: result)
        }

        /// The main-queue block queued when the preparation ended runs.
        func mainQueueBlockRuns(tag: Int) {
            guard let image = prepared.take() else { return }  // always set when queued
            strategy.reconfigure(self, image: image)
            strategy.retiredRequests.append(self)  // done: reused once nothing else holds it
        }
    }

    private let environment: FetchEnvironment
    /// `URLSession.shared` (the sample's store does not show a session of its own).
    private let session: NetworkSession
    private let configuration: Configuration
    private let memory: ImageMemoryCache
    /// The disk cache: the size of each image's data on disk, by image (0: not on disk; data is
    /// at least 1 byte).
    @exclusivity(unchecked) private var diskCache = PagedTable<Int64>(empty: 0)
    /// The decoded placeholders, by image.
    @exclusivity(unchecked) private var placeholders = PagedTable<ImageObject?>(empty: nil)
    /// Placeholders decoded so far.
    private var placeholdersDecoded = 0
    /// The request of each image in flight.
    @exclusivity(unchecked) private var requests = PagedTable<Request?>(empty: nil)
    /// Requests whose items were reconfigured, reused for new ones instead of allocating: nothing
    /// else holds them (no token, job, load or main-queue block: a cancelled or failed request is
    /// never retired, so a late completion cannot reach a reused one).
    @exclusivity(unchecked) private var retiredRequests: [Request] = []
    /// Requests started from retired ones (for tests).
    @exclusivity(unchecked) private(set) var reusedRequests = 0
    /// The token each cell holds: the request it waits for.
    @exclusivity(unchecked) private var cellTokens = DenseTable<Request?>(empty: nil)
    /// Prefetch tokens not yet handed to a cell, by item (items near the viewport).
    @exclusivity(unchecked) private var prefetchTokens = IntKeyedTable<Request>()
    /// Displayed cells per asset (its entry is protected while > 0).
    @exclusivity(unchecked) private var displayedCount = PagedTable<Int>(empty: 0)
    /// The item each attached cell shows (-1: none).
    @exclusivity(unchecked) private var itemOfCell = DenseTable<Int>(empty: -1)

    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        session = environment.sharedSession
        self.configuration = configuration
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .lru, costLimitBytes: Int64(configuration.memoryCacheMB * 1_048_576)))
    }

    // MARK: Cells

    func cellForItem(_ cell: CellID, item: Int) {
        itemOfCell[cell] = item
        let imageID = environment.imageID(forItem: item)
        if let image = memory.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            if let token = prefetchTokens.removeValue(forKey: item) { cancel(token) }
            return
        }
        environment.setImage(placeholder(imageID), on: cell, isFinal: false)
        if let token = prefetchTokens.removeValue(forKey: item) {
            if requests[imageID] === token {
                environment.record(.inflightJoin, imageID: imageID)
                hand(token, to: cell)  // the prefetch's request becomes the cell's
                return
            }
            cancel(token)
        }
        if let request = requests[imageID] {
            environment.record(.inflightJoin, imageID: imageID)
            request.tokens += 1
            hand(request, to: cell)
            return
        }
        let isOnDisk = diskCache[imageID] != 0 || session.hasCachedResponse(for: imageID)
        environment.record(isOnDisk ? .diskHit : .miss, imageID: imageID)
        hand(startRequest(imageID), to: cell)
    }

    func prepareForReuse(_ cell: CellID) {
        itemOfCell[cell] = -1
        if let token = cellTokens[cell] {
            cellTokens[cell] = nil
            cancel(token)
        }
    }

    /// `cell` holds a token of `request` (replacing any it held, as a dictionary write would).
    private func hand(_ request: Request, to cell: CellID) {
        cellTokens[cell] = request
        if request.firstCell < 0 { request.firstCell = cell } else { request.moreCells.append(cell) }
    }

    func willDisplay(_ cell: CellID, item: Int) {
        let imageID = environment.imageID(forItem: item)
        displayedCount[imageID] += 1
        memory.setProtected(imageID, true)
    }

    func didEndDisplaying(_ cell: CellID, item: Int) {
        let imageID = environment.imageID(forItem: item)
        let count = max(displayedCount[imageID], 1) - 1  // a count never stored reads as 1, like main's
        displayedCount[imageID] = count
        if count <= 0 { memory.setProtected(imageID, false) }
    }

    // MARK: Prefetching

    func prefetch(items: [Int]) {
        for item in items where prefetchTokens[item] == nil {
            let imageID = environment.imageID(forItem: item)
            if memory.contains(imageID) { continue }
            let request: Request
            if let shared = requests[imageID] {
                shared.tokens += 1
                request = shared
            } else {
                request = startRequest(imageID)
            }
            prefetchTokens[item] = request
            if request.firstPrefetchItem < 0 {
                request.firstPrefetchItem = item
            } else {
                request.morePrefetchItems.append(item)
            }
        }
    }

    func cancelPrefetching(items: [Int]) {
        for item in items {
            if let token = prefetchTokens.removeValue(forKey: item) { cancel(token) }
        }
    }

    func didReceiveMemoryWarning() {
        for key in memory.keysInEvictionOrder() where displayedCount[key] == 0 { memory.remove(key) }
    }

    // MARK: The asset store

    /// The bundled low-resolution placeholder of `imageID` (decoded at first use, then kept).
    private func placeholder(_ imageID: Int) -> ImageObject {
        if let image = placeholders[imageID] { return image }
        let image = environment.makeBundledThumbnail(imageID, maxPixelSize: configuration.placeholderPixelSize)
        environment.retain(image)
        placeholders[imageID] = image
        placeholdersDecoded += 1
        return image
    }

    /// Starts the shared request for `imageID`, holding one token.
    private func startRequest(_ imageID: Int) -> Request {
        let request: Request
        if var retired = retiredRequests.popLast(), isUnheldRetiredRecord(&retired) {
            // Held by nothing else: retired at the end of its main-queue block (its slot let go of
            // it as it ran), after `prepared` dropped it from `requests` and `reconfigure` from
            // every cell and prefetch token it recorded (the only holders); a cancelled or failed
            // request is never retired, and no request starts before the block returns.
            reusedRequests += 1
            retired.reset(imageID: imageID)
            request = retired
        } else {
            request = Request(imageID: imageID, strategy: self)
        }
        requests[imageID] = request
        let bytes = diskCache[imageID]
        if bytes != 0 {
            request.phase = .disk(environment.readDisk(bytes: bytes, target: request, tag: 0))
            return request
        }
        request.phase = .network(session.load(imageID, priority: .normal, target: request, tag: 0))
        return request
    }

    /// `request`'s download for `imageID` ended with `result`.
    private func downloaded(_ imageID: Int, request: Request, result: NetworkResult) {
        guard requests[imageID] === request else { return }
        guard case .success(let bytes) = result else {
            requests[imageID] = nil
            return
        }
        diskCache[imageID] = bytes
        environment.writeDisk(bytes: bytes)
        prepare(imageID, request: request)
    }

    /// `prepareForDisplay` on a background thread.
    private func prepare(_ imageID: Int, request: Request) {
        guard requests[imageID] === request else { return }
        request.phase = .prepare(environment.decode(imageID, mode: .full, target: request, tag: 0))
    }

    private func prepared(_ imageID: Int, request: Request, image: ImageObject) {
        guard requests[imageID] === request else { return }
        requests[imageID] = nil
        memory.store(image, for: imageID)
        if displayedCount[imageID] != 0 { memory.setProtected(imageID, true) }
        request.prepared = image
        environment.async(onMain: request, tag: 0)  // `reconfigure(request, image: image)`
    }

    /// Reconfigures the items whose cells wait for `request` (one main-queue block per image).
    private func reconfigure(_ request: Request, image: ImageObject) {
        // Cells in id order (the cells still holding a token of `request`, among those it was
        // ever handed to).
        if request.moreCells.isEmpty {
            if request.firstCell >= 0 { reconfigure(request.firstCell, of: request, image: image) }
        } else {
            request.moreCells.append(request.firstCell)
            request.moreCells.sort()
            var last = -1
            for cell in request.moreCells where cell != last {
                last = cell
                reconfigure(cell, of: request, image: image)
            }
        }
        request.firstCell = -1
        request.moreCells.removeAllKeepingCapacity()  // kept for the request's reuse
        if request.firstPrefetchItem >= 0 && prefetchTokens[request.firstPrefetchItem] === request {
            prefetchTokens[request.firstPrefetchItem] = nil  // fulfilled
        }
        for item in request.morePrefetchItems where prefetchTokens[item] === request {
            prefetchTokens[item] = nil  // fulfilled
        }
        request.firstPrefetchItem = -1
        request.morePrefetchItems.removeAllKeepingCapacity()
    }

    /// Shows `image` in `cell` if it still holds a token of `request` and shows an item.
    private func reconfigure(_ cell: CellID, of request: Request, image: ImageObject) {
        guard cellTokens[cell] === request else { return }
        cellTokens[cell] = nil
        guard itemOfCell[cell] != -1 else { return }
        environment.chargeCellConfiguration()
        environment.setImage(memory.image(for: request.imageID) ?? image, on: cell)
    }

    /// Cancels one token; the request stops when none is left.
    private func cancel(_ request: Request) {
        guard requests[request.imageID] === request else { return }  // already finished
        request.tokens -= 1
        guard request.tokens <= 0 else { return }
        requests[request.imageID] = nil
        switch request.phase {
        case .disk(let task), .prepare(let task): task.cancel()
        case .network(let task): task.cancel()
        case .starting: break
        }
    }

    // MARK: Tests

    /// Whether the memory cache holds `imageID`.
    func memoryCacheContains(_ imageID: Int) -> Bool { memory.contains(imageID) }
    /// Entries evicted for space so far.
    var evictionCount: Int { memory.evictionCount }
    /// Decoded bytes the memory cache holds.
    var memoryCacheBytes: Int64 { memory.totalCost }
    /// Images in the memory cache, next victim first.
    var memoryCacheKeys: [Int] { memory.keysInEvictionOrder() }
    /// Placeholders decoded so far.
    var placeholderCount: Int { placeholdersDecoded }
    /// The attached cells and their items, by cell.
    var attachedCells: [(cell: CellID, item: Int)] {
        itemOfCell.values.indices.compactMap { itemOfCell[$0] == -1 ? nil : ($0, itemOfCell[$0]) }
    }
}
