import ScrollSimCore

/// `texture`: Texture (AsyncDisplayKit) 3.2.0's range controller driving one `ASNetworkImageNode`
/// per item, downloading with PINRemoteImage 3.0.4 and caching with PINCache 3.0.4.
///
/// - Ranges (`ASAbstractLayoutController.mm`, `defaultTuningParameters`), in screenfuls of the
///   viewport: Full mode preload leading 2.5 / trailing 1.5, display 1.0 / 0.5; Minimum mode
///   (the first range update, `ASRangeController.mm` `rangeModeForInterfaceState:`) preload
///   0.5 / 0.25, display 0.25 / 0.25. Leading is the scroll direction; with no direction yet the
///   leading buffer lies above the viewport (`ASDirectionalScreenfulBufferVertical`).
/// - Loading is driven by the range updates (`scrollDidUpdate`, on frames where the offset moved,
///   plus the first), not by UIKit's prefetch calls, which are ignored (ASCollectionView turns
///   UIKit prefetching off). Entering the preload range starts the node's load: PINCache memory
///   (synchronous), then PINCache disk, then a download (`didEnterPreloadState`). Leaving it
///   cancels the load, resets the node's image (`didExitPreloadState`), also on a cell, and removes
///   the image's data from PINCache memory (by URL: also while another node shows the image).
/// - PIN is called with `SkipDecode` (`ASPINRemoteImageDownloader.mm`): the node gets an
///   undecoded image (`pin_decodedImageWithData:skipDecodeIfPossible:`, a `CGImage` made with
///   `kCGImageSourceShouldCache` false), and PINCache memory keeps the downloaded *data*
///   (`materializeAndCacheObject:`: a skip-decode container holds data, costed by its length), so
///   no full-size bitmap is ever held.
/// - Drawing (`ASImageNode.mm`, `displayWithParameters:`): a node with its image draws it, off the
///   main thread (asynchronous display), into a backing store the size of the node in pixels
///   (crop on, aspect fill: `ASCroppedImageBackingSizeAndDrawRectInBounds`, smaller only when the
///   image cannot fill the node), committed on the main thread, then shown on the item's cell if
///   one is attached. The draw decodes the whole image (`DecodeMode.drawn`: the full decode cost;
///   the scaled draw itself is assumed free). Nodes of one image and backing size share a draw
///   in flight and contents still held (the `ASWeakMap` contents cache). A node draws only in
///   the display range: leaving it cancels the draw and, on the next main-queue turn if it is
///   still out, clears the contents (`ASDisplayNode.mm`, `clearContents`); coming back draws again.
/// - Priority follows the interface state (`ASImageDownloaderPriorityWithInterfaceState`,
///   `ASPINRemoteImageDownloader.mm`): preload → PIN low, display → default, visible → high,
///   updated at every range update; a download shared by several nodes takes the highest.
/// - PINRemoteImage: 10 downloads at once (`maxConcurrentDownloads`), the rest in three priority
///   sets dequeued highest first, FIFO within a set (`PINRemoteImageDownloadQueue.m`); a priority
///   change moves a queued download to the end of its new set and re-prioritises a running one.
///   Downloads are coalesced by URL and cancelled only when no node wants them, and PIN skips a
///   node's cancel when the download's estimated remaining time is at most the host's averaged
///   time to first byte (`HostSpeed`: always before a response), which keeps the download to its
///   end whoever leaves later (`PINRemoteImageDownloadTask.m:98-106`). PIN's own session
///   allows `UINT16_MAX` connections per host (`PINRemoteImageManager.h`,
///   `PINRemoteImageHTTPMaximumConnectionsPerHost`), so this queue is PIN's real limit. PIN's
///   `concurrentOperationQueue` (`PINRemoteImageManagerConfiguration.m`: `activeProcessorCount × 2`)
///   only runs the work after a download (an undecoded image from the data, the cache writes),
///   which costs nothing here, so it never limits anything and is not modelled.
/// - PINCache memory: no cost or age limit, emptied on a memory warning
///   (`removeAllObjectsOnMemoryWarning`); its data counts in the app's footprint; disk: 50 MB (`byteLimit` set by
///   `ASPINRemoteImageDownloader`), trimmed least recently used first (PINDiskCache trims by date).
/// - Resume data: a cancel that goes through after bytes arrived stores them on PINCache disk
///   (`storeResumeData`), where they take their share of the 50 MB; Texture's `IgnoreCache` option
///   makes PIN skip the lookup at the next download, which fetches the whole image again.
///
/// Not modelled: progressive JPEG renders, the age limits (30 days), VisibleOnly and
/// LowMemory modes, drawing costs beyond the decode; the contents cache is keyed by image and
/// size rather than by `UIImage` instance.
final class TextureStrategy: FetchStrategy, MainQueueTarget {
    /// The tuning; every default is Texture's or PINRemoteImage's.
    struct Configuration: Sendable {
        /// Full-mode preload range ahead of the viewport, screens. Default 2.5.
        var preloadLeadingScreens = 2.5
        /// Full-mode preload range behind the viewport, screens. Default 1.5.
        var preloadTrailingScreens = 1.5
        /// Full-mode display range ahead of the viewport, screens. Default 1.0.
        var displayLeadingScreens = 1.0
        /// Full-mode display range behind the viewport, screens. Default 0.5.
        var displayTrailingScreens = 0.5
        /// PINRemoteImage `maxConcurrentDownloads`. Default 10.
        var maxConcurrentDownloads = 10
        /// PINCache disk `byteLimit`, MiB. Default 50.
        var diskCacheMB = 50.0
    }

    /// PINRemoteImage's download priorities.
    enum Tier: Int, Comparable {
        case low, normal, high
        static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
        /// The URLSession task priority PIN sets for the tier.
        var requestPriority: RequestPriority {
            switch self {
            case .low: .low
            case .normal: .normal
            case .high: .high
            }
        }
    }

    /// An `ASNetworkImageNode` while its item is in the preload range.
    private struct Node {
        /// The image it shows.
        var imageID: Int
        /// Its PIN priority.
        var tier: Tier
        /// Whether it is in the display range.
        var isInDisplayRange: Bool
        /// It has its (undecoded) image: from PINCache memory, the disk or a download.
        var hasImage = false
        /// It waits for a draw of its backing store.
        var isDrawing = false
        /// Its drawn backing store, node-sized (retained while set).
        var contents: ImageObject?
        /// What its draw produces, once computed (the layout and the image never change).
        var drawKey: DrawKey?
    }

    /// What a node's draw produces: its image at its backing-store size.
    private struct DrawKey: Equatable {
        var imageID: Int
        var width: Int
        var height: Int
    }

    /// One backing store of an image (`imageID` is its table's key): its draw in flight and the
    /// contents nodes hold, with how many nodes hold them. Dropped when it has neither. The
    /// default value (0 × 0) is no backing store: a node draws only into a positive size.
    private struct BackingStore {
        var width = 0
        var height = 0
        var draw: Draw?
        var held: (image: ImageObject, nodes: Int)?
        /// Whether it has neither a draw nor held contents.
        var isEmpty: Bool { draw == nil && held == nil }
        /// Whether it is `key`'s.
        func isStore(of key: DrawKey) -> Bool { width == key.width && height == key.height }
        /// Applies `change` in place; whether it left the store empty (read in place: no copy).
        @inline(__always)
        mutating func change(_ change: (inout BackingStore) -> Void) -> Bool {
            change(&self)
            return isEmpty
        }
    }

    /// A shared data load for one image: a PINCache disk read or a PIN download, and the target
    /// its disk read (tag: the data's bytes) or download reports to. Completions check the
    /// fetch's identity: a cancel made on the main thread takes effect at the main thread's
    /// cursor, so a completion may still arrive for a fetch already dropped.
    private final class Fetch: PoolJobTarget, NetworkLoadTarget {
        enum Phase {
            case disk(PoolTask)
            case queued
            case downloading(NetworkTask)
        }
        /// The nodes waiting for it, in join order.
        @exclusivity(unchecked) var items: InsertionOrderedSet
        /// How many of them are at each tier (so the highest is found in O(1)).
        @exclusivity(unchecked) var tierCounts = SIMD3<Int>(0, 0, 0)
        @exclusivity(unchecked) var phase: Phase
        /// The PIN priority (the highest of its nodes').
        @exclusivity(unchecked) var tier: Tier
        /// The stamp of its live entry in PIN's queue (older entries are stale).
        @exclusivity(unchecked) var queueStamp = -1
        /// A node's cancel of this download was skipped (`HostSpeed.skipsCancel`): that node's
        /// callback stays registered with PIN's task, so no later cancel empties it and the
        /// download runs to its end (`PINRemoteImageTask.m:123-130`, `l_cancelWithUUID:`).
        @exclusivity(unchecked) var isPinned = false
        /// The image it loads.
        @exclusivity(unchecked) private(set) var imageID: Int
        /// The strategy, told when the load ends (`unowned(unsafe)`: `FetchStrategy`, "Lifetime").
        unowned(unsafe) let strategy: TextureStrategy
        init(item: Int, imageID: Int, phase: Phase, tier: Tier, strategy: TextureStrategy) {
            self.items = InsertionOrderedSet(item)
            self.phase = phase
            self.tier = tier
            self.imageID = imageID
            self.strategy = strategy
            tierCounts[tier.rawValue] = 1
        }

        /// Sets every field as `init` does (a retired fetch reused by `makeFetch`).
        func reset(item: Int, imageID: Int, phase: Phase, tier: Tier) {
            items.reset(to: item)
            tierCounts = SIMD3<Int>(0, 0, 0)
            tierCounts[tier.rawValue] = 1
            self.phase = phase
            self.tier = tier
            queueStamp = -1
            isPinned = false
            self.imageID = imageID
        }

        /// The PINCache disk read of `tag` bytes ended.
        func poolJobEnded(tag: Int, image: ImageObject?) {
            strategy.dataArrived(imageID, bytes: Int64(tag), fetch: self)
        }

        /// The download ended.
        func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult) {
            strategy.downloadEnded(imageID, fetch: self, result: result)
        }
    }

    /// A draw in flight, shared by the nodes of one `DrawKey` (identity-checked like `Fetch`),
    /// the target its decode reports to, and then the main-queue block that commits its contents
    /// (also made for contents taken from the contents cache, which commit the same way).
    private final class Draw: PoolJobTarget, MainQueueTarget {
        @exclusivity(unchecked) var task: PoolTask?
        /// The nodes waiting for it, in join order.
        @exclusivity(unchecked) var items: InsertionOrderedSet
        /// The contents its main-queue block commits (held by the display transaction until then).
        @exclusivity(unchecked) var contents: ImageObject?
        /// What it draws.
        @exclusivity(unchecked) private(set) var key: DrawKey
        /// The strategy, told when the draw ends (`unowned(unsafe)`: `FetchStrategy`, "Lifetime").
        unowned(unsafe) let strategy: TextureStrategy
        init(item: Int, key: DrawKey, strategy: TextureStrategy) {
            self.items = InsertionOrderedSet(item)
            self.key = key
            self.strategy = strategy
        }

        /// Sets every field as `init` does (a retired draw reused by `makeDraw`).
        func reset(item: Int, key: DrawKey) {
            task = nil
            items.reset(to: item)
            contents = nil
            self.key = key
        }

        /// The draw's decode ended.
        func poolJobEnded(tag: Int, image: ImageObject?) {
            // A decode always hands over its image.
            if let image { strategy.drawn(image, key: key, draw: self) }
        }

        /// The main-queue block committing `contents` runs.
        func mainQueueBlockRuns(tag: Int) {
            guard let image = contents.take() else { return }  // always set when queued
            strategy.commit(image, key: key, to: items)
            strategy.environment.release(image)
            strategy.retiredDraws.append(self)  // done: reused once nothing else holds it
        }
    }

    /// The run's services.
    private let environment: FetchEnvironment
    /// The collection's layout (`environment.layout`, fixed for the run).
    private let layout: CollectionLayout
    /// `PINURLSessionManager`'s session: ephemeral, `HTTPMaximumConnectionsPerHost = UINT16_MAX`
    /// (`Source/Classes/PINRemoteImageManager.m`, PINRemoteImage 3.0.4): PIN's own queue is the limit.
    private let session: NetworkSession
    /// The tuning.
    private let configuration: Configuration
    /// PINCache memory: downloaded data by image (costs its bytes), no limits. The data is malloc'd
    /// memory of the app: charged to the footprint (`peak_memory_mb`, the memory warning) while
    /// held, released on preload exit and on a memory warning (a `ChargedCache` settles it).
    private let memory: ChargedCache
    /// PINCache disk: downloaded data by image, and resume data (`resumeKey`), costs in bytes.
    private let disk: CacheIndex
    /// Nodes of the items in the preload range (a contiguous range of items that slides with the
    /// scroll: keyed by item, memory follows the range, not the largest item).
    @exclusivity(unchecked) private var nodes = IntKeyedTable<Node>()
    /// Data loads by image.
    @exclusivity(unchecked) private var fetches = PagedTable<Fetch?>(empty: nil)
    /// Fetches and draws that ended (their data arrived; their contents were committed), reused
    /// for new ones instead of allocating: nothing else holds them (no job, load or main-queue
    /// block can still tell them anything: a cancelled or failed one is never retired).
    @exclusivity(unchecked) private var retiredFetches: [Fetch] = []
    @exclusivity(unchecked) private var retiredDraws: [Draw] = []
    /// Storage reused for the keys a PINCache insertion evicts (read by nobody: PINCache trims
    /// without telling), so a trim allocates nothing.
    @exclusivity(unchecked) private var evictedScratch: [Int] = []
    /// Draws in flight and backing stores held by nodes (the weak contents cache), by image: one
    /// entry per backing size in use, the first in this table (no list to allocate for the usual
    /// single size; `BackingStore()` when it has none) ...
    @exclusivity(unchecked) private var backingStores = PagedTable<BackingStore>(empty: BackingStore())
    /// ... and the image's other sizes in use (rare): by image, then a scan of its sizes.
    @exclusivity(unchecked) private var moreBackingStores = IntKeyedTable<[BackingStore]>()
    /// PIN's queued downloads by tier, FIFO: stamped entries, skipped once their fetch's stamp
    /// has moved on (cancelled, or re-queued at another tier), so removal is O(1).
    @exclusivity(unchecked) private var pinQueue: [[(stamp: Int, imageID: Int)]] = [[], [], []]
    /// The first unread entry of each tier.
    @exclusivity(unchecked) private var pinQueueHeads = [0, 0, 0]
    /// The last stamp handed out.
    @exclusivity(unchecked) private var lastQueueStamp = 0
    /// Downloads PIN has handed to the network.
    @exclusivity(unchecked) private var runningDownloads = 0
    /// `PINSpeedRecorder`'s averages for the image host, from PIN's own requests' metrics.
    @exclusivity(unchecked) private(set) var hostSpeed = HostSpeed()
    /// The cell hosting each item's node (items near the viewport, keyed by item), and back (-1: none).
    @exclusivity(unchecked) private var cellOfItem = IntKeyedTable<CellID>()
    @exclusivity(unchecked) private var itemOfCell = DenseTable<Int>(empty: -1)
    /// The ranges of the last update.
    @exclusivity(unchecked) private var preloadRange: Range<Int> = 0..<0
    @exclusivity(unchecked) private var displayRange: Range<Int> = 0..<0
    @exclusivity(unchecked) private var visibleRange: Range<Int> = 0..<0
    /// The preload and display ranges' rows at the last update (`CollectionLayout.RowHint`).
    @exclusivity(unchecked) private var preloadRowHint = CollectionLayout.RowHint()
    @exclusivity(unchecked) private var displayRowHint = CollectionLayout.RowHint()
    /// Offset of the last range update (nil before the first).
    @exclusivity(unchecked) private var lastOffset: Double?
    /// The ranges of items whose interface state the last range update changed, its first ones
    /// (storage kept between updates: room for the most an update collects, 3 × 4, written in
    /// place, never emptied).
    @exclusivity(unchecked) private var changedRanges = [Range<Int>](repeating: 0..<0, count: 12)

    /// Loads cancelled because their last node left the preload range (for tests).
    @exclusivity(unchecked) private(set) var cancelledFetches = 0
    /// Cell images reset because their node left the preload range (for tests).
    @exclusivity(unchecked) private(set) var clearedImages = 0
    /// Backing stores cleared because their node left the display range (for tests).
    @exclusivity(unchecked) private(set) var clearedContents = 0
    /// Draws started (for tests).
    @exclusivity(unchecked) private(set) var drawsStarted = 0
    /// Fetches and draws made from retired ones (for tests).
    @exclusivity(unchecked) private(set) var reusedFetches = 0
    @exclusivity(unchecked) private(set) var reusedDraws = 0
    /// PINCache disk reads started (for tests).
    @exclusivity(unchecked) private(set) var diskReads = 0
    /// Downloads a node's cancel left running (`HostSpeed.skipsCancel`; for tests).
    @exclusivity(unchecked) private(set) var pinnedDownloads = 0
    /// Resume data written to PINCache disk, and its bytes (`storeResumeData`; for tests).
    @exclusivity(unchecked) private(set) var resumeDataWrites = 0
    @exclusivity(unchecked) private(set) var resumeDataBytes: Int64 = 0

    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        layout = environment.layout
        session = environment.makeSession(.init(name: "PINURLSessionManager", httpMaximumConnectionsPerHost: 65_535))
        self.configuration = configuration
        memory = ChargedCache(CacheIndex(policy: .lru), chargingTo: environment)
        disk = CacheIndex(policy: .lru, costLimit: Int64(configuration.diskCacheMB * 1_048_576))
        // `PINURLSessionManager`'s `didFinishCollectingMetrics:` feeds `PINSpeedRecorder`.
        session.metricsHandler = { [unowned(unsafe) self] metrics in self.hostSpeed.record(metrics) }
    }

    // MARK: Cells

    func cellForItem(_ cell: CellID, item: Int) {
        cellOfItem[item] = cell
        itemOfCell[cell] = item
        let imageID = environment.imageID(forItem: item)
        let contents = nodes.update(item) { $0.contents }  // nil: no node (one access, no copy)
        if let contents = contents ?? nil {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(contents, on: cell)
            return
        }
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
        let isLoading = contents != nil
        environment.record(isLoading ? .inflightJoin : .miss, imageID: imageID)
    }

    func prepareForReuse(_ cell: CellID) {
        let item = itemOfCell[cell]
        if item != -1 {
            itemOfCell[cell] = -1
            if cellOfItem[item] == cell { cellOfItem[item] = nil }
        }
        // The cell's previous node leaves with its contents.
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()  // releases the footprint charge
    }

    // MARK: Ranges

    func scrollDidUpdate(_ update: ScrollUpdate) {
        let isFirst = lastOffset == nil
        guard isFirst || update.offset != lastOffset else { return }
        lastOffset = update.offset
        let (preloadAhead, preloadBehind, displayAhead, displayBehind) = isFirst
            ? (0.5, 0.25, 0.25, 0.25)
            : (configuration.preloadLeadingScreens, configuration.preloadTrailingScreens,
               configuration.displayLeadingScreens, configuration.displayTrailingScreens)
        let preload = range(update, ahead: preloadAhead, behind: preloadBehind, hint: &preloadRowHint)
        let display = range(update, ahead: displayAhead, behind: displayBehind, hint: &displayRowHint)
        let visible = update.visibleItems
        // No range moved (most updates of a slow scroll): no interface state changes.
        guard preload != preloadRange || display != displayRange || visible != visibleRange else { return }
        // Only items whose interface state changes need work: the ranges are contiguous, so
        // those lie in the differences between the old and new ranges, found by range arithmetic
        // (O(changed items) per update, not O(range length)).
        let leaving = Self.difference(preloadRange, preload)
        for item in leaving.below { exitPreload(item) }
        for item in leaving.above { exitPreload(item) }
        var changed: [Range<Int>] = []
        swap(&changed, &changedRanges)  // uniquely referenced: written in place
        var count = 0
        Self.collectChanges(from: preloadRange, to: preload, within: preload, into: &changed, count: &count)
        Self.collectChanges(from: displayRange, to: display, within: preload, into: &changed, count: &count)
        Self.collectChanges(from: visibleRange, to: visible, within: preload, into: &changed, count: &count)
        // By lower bound, by insertion (at most 12 ranges); equal bounds keep their order.
        changed.withUnsafeMutableBufferPointer {
            InsertionSort.sort(UnsafeMutableBufferPointer(rebasing: $0[..<count]), by: \.lowerBound)
        }
        changedRanges = changed
        preloadRange = preload
        displayRange = display
        visibleRange = visible
        // The union of the changed ranges, ascending, each item once.
        var next = Int.min
        for index in 0..<count {
            let range = changed[index]
            for item in max(next, range.lowerBound)..<max(next, range.upperBound) {
                updateInterfaceState(item, display: display, visible: visible)
            }
            next = max(next, range.upperBound)
        }
    }

    /// Writes into `changed` from `count` on (advancing it) the non-empty ranges of the items whose
    /// membership of a range changes from `old` to `new`: those entering it, and those leaving it
    /// that stay within `preload` (at most 4).
    private static func collectChanges(from old: Range<Int>, to new: Range<Int>, within preload: Range<Int>,
                                       into changed: inout [Range<Int>], count: inout Int) {
        guard old != new else { return }
        let entered = difference(new, old)
        let left = difference(old, new)
        let leftBelow = left.below.clamped(to: preload), leftAbove = left.above.clamped(to: preload)
        if !entered.below.isEmpty { (changed[count], count) = (entered.below, count + 1) }
        if !entered.above.isEmpty { (changed[count], count) = (entered.above, count + 1) }
        if !leftBelow.isEmpty { (changed[count], count) = (leftBelow, count + 1) }
        if !leftAbove.isEmpty { (changed[count], count) = (leftAbove, count + 1) }
    }

    /// The range update reached `item`, in the preload range, whose interface state may have changed.
    @inline(__always)
    private func updateInterfaceState(_ item: Int, display: Range<Int>, visible: Range<Int>) {
        let tier: Tier = visible.contains(item) ? .high : display.contains(item) ? .normal : .low
        let inDisplay = display.contains(item)
        let previous = nodes.update(item) { node in
            defer { (node.tier, node.isInDisplayRange) = (tier, inDisplay) }
            // Whether `drawIfReady` would start or join a draw (its first check, read in this access).
            let wantsDraw = node.hasImage && node.contents == nil && !node.isDrawing
            return (tier: node.tier, isInDisplayRange: node.isInDisplayRange, imageID: node.imageID,
                    wantsDraw: wantsDraw)
        }
        guard let (oldTier, wasInDisplay, imageID, wantsDraw) = previous else {
            enterPreload(item, tier: tier, inDisplay: inDisplay)
            return
        }
        if tier != oldTier, let fetch = fetches[imageID] {
            if fetch.items.contains(item) {
                fetch.tierCounts[oldTier.rawValue] -= 1
                fetch.tierCounts[tier.rawValue] += 1
            }
            updatePriority(of: fetch, imageID)
        }
        if inDisplay {
            if wantsDraw { drawIfReady(item) }  // else it has its contents or waits for them
        } else if wasInDisplay {
            leaveDisplay(item)
        }
    }

    /// The items of `a` not in `b`, ascending: those below `b` and those above it.
    /// - Complexity: O(1).
    static func difference(_ a: Range<Int>, _ b: Range<Int>) -> (below: Range<Int>, above: Range<Int>) {
        let belowEnd = max(a.lowerBound, min(a.upperBound, b.lowerBound))
        let aboveStart = min(a.upperBound, max(belowEnd, b.upperBound))
        return (a.lowerBound..<belowEnd, aboveStart..<a.upperBound)
    }

    /// Items of the viewport extended `ahead` screens in the scroll direction and `behind` the
    /// other way (ahead lies above the viewport before any scroll, as in Texture). `hint`: the
    /// range's rows at the last update (the same items as the unhinted query, found faster).
    private func range(_ update: ScrollUpdate, ahead: Double, behind: Double,
                       hint: inout CollectionLayout.RowHint) -> Range<Int> {
        let height = update.viewportHeight
        let below = update.direction > 0 ? ahead : behind
        let above = update.direction > 0 ? behind : ahead
        return layout.items(intersecting: update.offset - above * height,
                                        update.offset + height + below * height, hint: &hint)
    }

    private func enterPreload(_ item: Int, tier: Tier, inDisplay: Bool) {
        let imageID = environment.imageID(forItem: item)
        nodes[item] = Node(imageID: imageID, tier: tier, isInDisplayRange: inDisplay)
        if memory.touch(imageID) {
            nodes[item]!.hasImage = true  // PINCache memory answers synchronously
            if inDisplay { drawIfReady(item) }
            return
        }
        if let fetch = fetches[imageID] {
            fetch.items.insert(item)
            fetch.tierCounts[tier.rawValue] += 1
            updatePriority(of: fetch, imageID)
            return
        }
        let fetch = makeFetch(item: item, imageID: imageID, tier: tier)
        fetches[imageID] = fetch
        if disk.touch(imageID), let bytes = disk.cost(of: imageID) {
            diskReads += 1
            fetch.phase = .disk(environment.readDisk(bytes: bytes, target: fetch, tag: Int(bytes)))
            return
        }
        enqueue(fetch, imageID)
        startDownloads()
    }

    /// The node of `item` left the preload range (`didExitPreloadState`): its load stops, its image
    /// is reset, and its image's data leaves PINCache memory (`clearFetchedImageFromCacheWithURL:`
    /// → `removeObjectForKeyFromMemory:`, Texture 3.2.0 `Source/ASNetworkImageNode.mm:440-449`,
    /// `:571-590`, `Source/Details/ASPINRemoteImageDownloader.mm:248-255`): keyed by URL, so also
    /// while another node still shows the image; the disk keeps it.
    private func exitPreload(_ item: Int) {
        guard let node = nodes.removeValue(forKey: item) else { return }
        let imageID = node.imageID
        memory.remove(imageID)  // releases its footprint charge
        if let fetch = fetches[imageID], fetch.items.remove(item) {
            fetch.tierCounts[node.tier.rawValue] -= 1
            // Each node cancels its own callback; PIN may skip it, which pins the download.
            if !fetch.isPinned && skipsCancel(fetch) {
                fetch.isPinned = true
                pinnedDownloads += 1
            }
            if !fetch.items.isEmpty {
                updatePriority(of: fetch, imageID)
            } else if !fetch.isPinned {
                cancelFetch(imageID)
            }  // a pinned download nobody waits for keeps its last priority and runs to its end
        }
        if node.isDrawing { leaveDraw(item, key: drawKey(of: node, item: item)) }
        guard let contents = node.contents else { return }
        release(contents, of: node, item: item)
        if let cell = cellOfItem[item], environment.image(on: cell) === contents {
            environment.setImage(nil, on: cell)  // reset to defaultImage
            clearedImages += 1
        }
    }

    // MARK: PINRemoteImage

    /// Whether PIN skips a node's cancel of `fetch` (`PINRemoteImageDownloadTask.m:98-106`), from
    /// what PIN sees of its data task: a download still in PIN's queue has a data task that has
    /// not started (expected length 0, as before a response: skipped); a PINCache disk read is
    /// Texture's own lookup, not a PIN task (never skipped).
    private func skipsCancel(_ fetch: Fetch) -> Bool {
        switch fetch.phase {
        case .disk:
            return false
        case .queued:
            return hostSpeed.skipsCancel(expected: 0, received: 0)
        case .downloading(let task):
            return hostSpeed.skipsCancel(expected: task.countOfBytesExpectedToReceive,
                                         received: task.countOfBytesReceived)
        }
    }

    private func cancelFetch(_ imageID: Int) {
        guard let fetch = fetches[imageID] else { return }
        fetches[imageID] = nil
        cancelledFetches += 1
        switch fetch.phase {
        case .disk(let task):
            task.cancel()
        case .queued:
            break  // its queue entry is now stale
        case .downloading(let task):
            task.cancel()
            storeResumeData(imageID, of: task)
            runningDownloads -= 1
            startDownloads()
        }
    }

    /// PINCache disk's key of `imageID`'s resume data (PIN's `R-` prefixed URL key,
    /// `resumeCacheKeyForURL:`): negative, apart from the image keys.
    static func resumeKey(_ imageID: Int) -> Int { -1 - imageID }

    /// A cancel that goes through keeps what the download received (Texture cancels with resume
    /// possibility at preload exit, `storeResumeData:YES`): once the response announced its
    /// length and bytes arrived, PIN makes a `PINResume` (`PINRemoteImageDownloadTask.m:115-120`;
    /// the `If-Range` validator it needs, from `Accept-Ranges: bytes` and a strong `ETag` or
    /// `Last-Modified`, `:242-260`, assumed sent as for `nuke`), and stores it on PINCache disk
    /// (`PINRemoteImageManager.m:1095-1097`, `:1650-1654`: `setObjectOnDisk:forKey:`, a synchronous
    /// write counted in the disk's byte count, replacing an older entry of the same key, trimmed
    /// like the images; PINCache `PINDiskCache.m:1296-1374`). Costed as the data's bytes (the
    /// archive's few more are left out). Nothing reads it back: the lookup at the next download
    /// runs only without `IgnoreCache` (`PINRemoteImageManager.m:872-877`), which Texture always
    /// passes (`ASPINRemoteImageDownloader.mm:307`), so the entry only takes room until trimmed.
    /// The data is what had arrived when the cancel took effect (PIN reads it just after
    /// `[dataTask cancel]`), as `nuke` keeps its bytes: a cancel made on the main thread ahead of
    /// the clock is an event at that instant, so this runs again just after it.
    private func storeResumeData(_ imageID: Int, of task: NetworkTask) {
        guard task.isFinished else {
            environment.schedule(after: 0) { [unowned(unsafe) self] in storeResumeData(imageID, of: task) }
            return
        }
        let received = task.countOfBytesReceived
        guard task.countOfBytesExpectedToReceive > 0, received > 0 else { return }
        resumeDataWrites += 1
        resumeDataBytes += received
        environment.writeDisk(bytes: received)
        evictedScratch.removeAllKeepingCapacity()
        disk.insert(Self.resumeKey(imageID), cost: received, evicted: &evictedScratch)
    }

    /// The highest tier among the nodes sharing `imageID`'s download.
    /// - Complexity: O(1).
    private func tier(of fetch: Fetch) -> Tier {
        fetch.tierCounts[Tier.high.rawValue] > 0 ? .high : fetch.tierCounts[Tier.normal.rawValue] > 0 ? .normal : .low
    }

    /// `fetch`, `imageID`'s load, takes the highest tier of its nodes.
    private func updatePriority(of fetch: Fetch, _ imageID: Int) {
        let tier = tier(of: fetch)
        let old = fetch.tier
        guard tier != old else { return }
        fetch.tier = tier
        switch fetch.phase {
        case .disk:
            break
        case .queued:
            enqueue(fetch, imageID)  // to the end of its new set; the old entry goes stale
        case .downloading(let task):
            task.setPriority(tier.requestPriority)
        }
    }

    /// Puts `fetch` at the end of its tier's set in PIN's queue.
    private func enqueue(_ fetch: Fetch, _ imageID: Int) {
        lastQueueStamp += 1
        fetch.queueStamp = lastQueueStamp
        pinQueue[fetch.tier.rawValue].append((lastQueueStamp, imageID))
    }

    /// The next queued fetch, highest set first, FIFO within a set, stale entries dropped.
    /// - Complexity: O(1) amortised (every entry is read once).
    private func dequeueFetch() -> (Fetch, Int)? {
        for set in stride(from: pinQueue.count - 1, through: 0, by: -1) {
            while pinQueueHeads[set] < pinQueue[set].count {
                let entry = pinQueue[set][pinQueueHeads[set]]
                pinQueueHeads[set] += 1
                if pinQueueHeads[set] == pinQueue[set].count {
                    pinQueue[set].removeAll(keepingCapacity: true)
                    pinQueueHeads[set] = 0
                }
                if let fetch = fetches[entry.imageID], fetch.queueStamp == entry.stamp { return (fetch, entry.imageID) }
            }
        }
        return nil
    }

    /// Starts queued downloads, highest set first, FIFO within a set, up to the PIN limit.
    ///
    /// PIN's queue (10) is its only limit: its own `URLSession` allows `UINT16_MAX` connections
    /// per host (`PINRemoteImageManager.m`, the ephemeral configuration Texture's shared
    /// downloader gets), so over HTTP/1.1 every running download has a connection of its own.
    private func startDownloads() {
        while runningDownloads < configuration.maxConcurrentDownloads {
            guard let (fetch, imageID) = dequeueFetch() else { return }
            fetch.queueStamp = -1
            runningDownloads += 1
            let priority = fetch.tier.requestPriority
            fetch.phase = .downloading(session.load(imageID, priority: priority, target: fetch, tag: 0))
        }
    }

    private func downloadEnded(_ imageID: Int, fetch: Fetch, result: NetworkResult) {
        guard fetches[imageID] === fetch else { return }  // cancelled
        runningDownloads -= 1
        defer { startDownloads() }
        guard case .success(let bytes) = result else {
            fetches[imageID] = nil  // the nodes keep no image; a later preload entry retries
            return
        }
        environment.writeDisk(bytes: bytes) {}
        evictedScratch.removeAllKeepingCapacity()
        disk.insert(imageID, cost: bytes, evicted: &evictedScratch)
        dataArrived(imageID, bytes: bytes, fetch: fetch)
    }

    /// The data is read or downloaded: PINCache memory keeps it, and every node waiting gets its
    /// (undecoded) image, drawing it if it is in the display range. `bytes`: the data's size.
    private func dataArrived(_ imageID: Int, bytes: Int64, fetch: Fetch) {
        guard fetches[imageID] === fetch else { return }  // cancelled
        fetches[imageID] = nil
        // Unlimited: nothing is evicted (and no fetch runs for an image already held).
        evictedScratch.removeAllKeepingCapacity()
        memory.insert(imageID, cost: bytes, evicted: &evictedScratch)  // malloc'd data: charged to the footprint
        for item in fetch.items {
            let isInDisplayRange = nodes.update(item) { node in
                node.hasImage = true
                return node.isInDisplayRange
            }
            if isInDisplayRange == true { drawIfReady(item) }
        }
        retiredFetches.append(fetch)  // done: reused once nothing else holds it
    }

    // MARK: Display

    /// The backing store of a node of `bounds` pixels showing a `source` image, crop on, aspect
    /// fill (`ASCroppedImageBackingSizeAndDrawRectInBounds`, Texture 3.2.0
    /// `Source/Private/ASImageNode+CGExtras.mm`): the node's size, or the largest rectangle of the
    /// node's aspect ratio inside the image when that has fewer pixels (no upscaling on the CPU).
    static func backingSize(source: (width: Int, height: Int),
                            bounds: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard bounds.width > 0 && bounds.height > 0 else { return (0, 0) }
        let boundsAspectRatio = Double(bounds.width) / Double(bounds.height)
        let sourceAspectRatio = Double(source.width) / Double(source.height)
        let minimum = boundsAspectRatio > sourceAspectRatio
            ? (width: Double(source.width), height: Double(source.width) / boundsAspectRatio)
            : (width: Double(source.height) * boundsAspectRatio, height: Double(source.height))
        guard minimum.width * minimum.height < Double(bounds.width) * Double(bounds.height) else { return bounds }
        return (Int(minimum.width.rounded()), Int(minimum.height.rounded()))
    }

    /// The draw of `item`'s node: its image at the backing size of its bounds in pixels,
    /// `floor(points × scale)` as `ASImageNode` computes them.
    private func drawKey(_ item: Int, imageID: Int) -> DrawKey {
        let frame = layout.frame(ofItem: item)
        let scale = layout.scale
        let bounds = (width: Int((frame.width * scale).rounded(.down)),
                      height: Int((frame.height * scale).rounded(.down)))
        let size = Self.backingSize(source: environment.imagePixelSize(ofImage: imageID), bounds: bounds)
        return DrawKey(imageID: imageID, width: size.width, height: size.height)
    }

    /// The draw of `node`, the node of `item` (its cached key, else computed).
    @inline(__always)
    private func drawKey(of node: Node, item: Int) -> DrawKey {
        node.drawKey ?? drawKey(item, imageID: node.imageID)
    }

    /// A node in the display range with its image and no contents draws them off the main
    /// thread, joining a draw of the same image and size in flight or taking contents another
    /// node holds.
    private func drawIfReady(_ item: Int) {
        // One access in place (the node is not copied): its draw, now waited for.
        let ready = nodes.update(item) { node -> DrawKey? in
            guard node.isInDisplayRange, node.hasImage, node.contents == nil, !node.isDrawing else { return nil }
            let key = drawKey(of: node, item: item)
            node.drawKey = key
            if key.width > 0 && key.height > 0 { node.isDrawing = true }
            return key
        }
        guard let key = ready ?? nil, key.width > 0 && key.height > 0 else { return }  // else nothing to draw into
        // One access to the backing store: its held contents, else its draw in flight (joined), else
        // a new draw.
        var heldImage: ImageObject?
        var started: Draw?
        modifyBackingStore(key) { store in
            if let held = store.held {
                heldImage = held.image
            } else if let draw = store.draw {
                draw.items.insert(item)
            } else {
                let draw = makeDraw(item: item, key: key)
                store.draw = draw
                started = draw
            }
        }
        if let heldImage {
            // The contents cache: committed on the main thread, like a draw (one of `item` alone).
            let commit = makeDraw(item: item, key: key)
            commit.contents = heldImage
            environment.retain(heldImage)  // held by the display transaction until it commits
            environment.async(onMain: commit, tag: 0)
            return
        }
        guard let draw = started else { return }  // joined the draw in flight
        drawsStarted += 1
        let mode = DecodeMode.drawn(width: key.width, height: key.height)
        draw.task = environment.decode(key.imageID, mode: mode, target: draw, tag: 0)
    }

    /// A draw ended off the main thread: its contents are committed on the main thread.
    private func drawn(_ image: ImageObject, key: DrawKey, draw: Draw) {
        // One access to the backing store: the draw ends if it is still `key`'s (else it was cancelled).
        var isCurrent = false
        modifyBackingStore(key) { store in
            guard store.draw === draw else { return }
            store.draw = nil
            isCurrent = true
        }
        guard isCurrent else { return }
        draw.contents = image
        environment.retain(image)  // held by the display transaction until it commits
        environment.async(onMain: draw, tag: 0)  // commits to the nodes then in `draw.items`
    }

    /// Gives `image` to the nodes of `items` still waiting for it in the display range, and shows
    /// it on their cells.
    private func commit(_ image: ImageObject, key: DrawKey, to items: InsertionOrderedSet) {
        for item in items {
            // One access in place: the node stops waiting, and takes the contents if it still wants them.
            let takes = nodes.update(item) { node -> Bool in
                guard node.isDrawing, node.imageID == key.imageID else { return false }
                node.isDrawing = false
                guard node.isInDisplayRange, node.contents == nil else { return false }
                node.contents = image
                return true
            }
            guard takes == true else { continue }
            modifyBackingStore(key) { store in  // one access: held by one more node, or by this one
                if let held = store.held, held.image === image {
                    store.held = (image, held.nodes + 1)
                } else {
                    store.held = (image, 1)
                }
            }
            environment.retain(image)
            if let cell = cellOfItem[item] { environment.setImage(image, on: cell) }
        }
    }

    /// The node of `item` stops waiting for its draw of `key`; a draw nobody waits for is cancelled.
    private func leaveDraw(_ item: Int, key: DrawKey) {
        // One access to the backing store: the draw ends when its last node leaves it.
        var abandoned: Draw?
        modifyBackingStore(key) { store in
            guard let draw = store.draw, draw.items.remove(item), draw.items.isEmpty else { return }
            store.draw = nil
            abandoned = draw
        }
        abandoned?.task?.cancel()  // a cancel tells the strategy nothing (a job never ends after it)
        if nodes[item] != nil { nodes[item]!.isDrawing = false }
    }

    /// The node of `item` left the display range (but not the preload range): its draw stops, and
    /// its contents are cleared on the next main-queue turn if it is still out by then.
    private func leaveDisplay(_ item: Int) {
        // One access in place: the node is not copied.
        let state = nodes.update(item) { node in
            (drawing: node.isDrawing ? drawKey(of: node, item: item) : nil, hasContents: node.contents != nil)
        }
        guard let state else { return }
        if let key = state.drawing { leaveDraw(item, key: key) }
        guard state.hasContents else { return }
        environment.async(onMain: self, tag: item)  // `mainQueueBlockRuns`: `clearContents(ofItem:)`
    }

    /// The main-queue block queued by `leaveDisplay` for the node of item `tag` runs.
    func mainQueueBlockRuns(tag: Int) { clearContents(ofItem: tag) }

    /// The main-queue turn after `item`'s node left the display range: if it is still out, its
    /// contents are cleared, and taken off its cell.
    private func clearContents(ofItem item: Int) {
        // One access in place: the node is not copied.
        let cleared = nodes.update(item) { node -> (contents: ImageObject, key: DrawKey)? in
            guard !node.isInDisplayRange, let contents = node.contents else { return nil }
            node.contents = nil
            return (contents, drawKey(of: node, item: item))
        }
        guard let (contents, key) = cleared ?? nil else { return }
        release(contents, key: key)
        clearedContents += 1
        if let cell = cellOfItem[item], environment.image(on: cell) === contents {
            environment.setImage(nil, on: cell)
        }
    }

    /// The node of `item` lets go of `contents`.
    private func release(_ contents: ImageObject, of node: Node, item: Int) {
        release(contents, key: drawKey(of: node, item: item))
    }

    /// A node lets go of `contents`, drawn for `key`.
    private func release(_ contents: ImageObject, key: DrawKey) {
        modifyBackingStore(key) { store in  // one access: held by one node fewer (dropped by the last)
            guard let held = store.held, held.image === contents else { return }
            store.held = held.nodes > 1 ? (contents, held.nodes - 1) : nil
        }
        environment.release(contents)
    }

    // MARK: Fetch and draw records

    /// A fetch of `imageID` for the node of `item` at `tier`, queued: a retired one, else a new one.
    /// A retired fetch is held by nothing else (checked): it is retired at the end of its
    /// `dataArrived`, in the one call of its only job's or load's end (whose record let go of it:
    /// only that call's caller still holds it, and no fetch is made before it returns), after
    /// `fetches` dropped it (nothing else holds a fetch); a cancelled or failed one is never
    /// retired.
    private func makeFetch(item: Int, imageID: Int, tier: Tier) -> Fetch {
        if var fetch = retiredFetches.popLast(), isUnheldRetiredRecord(&fetch) {
            reusedFetches += 1
            fetch.reset(item: item, imageID: imageID, phase: .queued, tier: tier)
            return fetch
        }
        return Fetch(item: item, imageID: imageID, phase: .queued, tier: tier, strategy: self)
    }

    /// A draw of `key` for the node of `item`: a retired one, else a new one. A retired draw is
    /// held by nothing else (checked): it is retired at the end of its main-queue block (whose
    /// slot let go of it: only the block's runner, and the decode's end or `drawIfReady` when the
    /// block ran at once, still hold it, and no draw is made before they return), after the
    /// backing store dropped it (`drawn`; a contents-cache commit is in none); a cancelled draw is
    /// never retired.
    private func makeDraw(item: Int, key: DrawKey) -> Draw {
        if var draw = retiredDraws.popLast(), isUnheldRetiredRecord(&draw) {
            reusedDraws += 1
            draw.reset(item: item, key: key)
            return draw
        }
        return Draw(item: item, key: key, strategy: self)
    }

    // MARK: Backing stores

    /// Applies `change` to `key`'s backing store (made if missing, dropped once it has neither
    /// a draw nor held contents): every read and write of a store, in one access (a change that
    /// only reads, or writes nothing, leaves a missing store missing).
    @inline(__always)
    private func modifyBackingStore(_ key: DrawKey, _ change: (inout BackingStore) -> Void) {
        let imageID = key.imageID
        if backingStores[imageID].isStore(of: key) {  // the usual case: written in place
            if backingStores[imageID].change(change) { backingStores[imageID] = BackingStore() }
            return
        }
        if backingStores[imageID].width == 0 && moreBackingStores.count == 0 {  // the image's first store
            var store = BackingStore(width: key.width, height: key.height)
            change(&store)
            if !store.isEmpty { backingStores[imageID] = store }
            return
        }
        modifyOtherBackingStore(key, change)
    }

    /// `modifyBackingStore` when other sizes are in use (rare): `key`'s store among its image's
    /// other sizes, else a new one, first if the image's first store is free. Inlined: passing
    /// `change` on to a call would build its context on every change (a retain and a release).
    @inline(__always)
    private func modifyOtherBackingStore(_ key: DrawKey, _ change: (inout BackingStore) -> Void) {
        let imageID = key.imageID
        if moreBackingStores.count > 0, var more = moreBackingStores.removeValue(forKey: imageID) {
            if let index = more.firstIndex(where: { $0.isStore(of: key) }) {
                if more[index].change(change) { more.remove(at: index) }
                if !more.isEmpty { moreBackingStores[imageID] = more }
                return
            }
            moreBackingStores[imageID] = more
        }
        var store = BackingStore(width: key.width, height: key.height)
        change(&store)
        guard !store.isEmpty else { return }
        if backingStores[imageID].width == 0 {
            backingStores[imageID] = store
        } else {
            var more = moreBackingStores.removeValue(forKey: imageID) ?? []
            more.append(store)
            moreBackingStores[imageID] = more
        }
    }

    // MARK: Tests

    /// The priority of the load `item`'s node waits on (nil when it has none).
    func loadPriority(ofItem item: Int) -> RequestPriority? {
        guard let node = nodes[item], let fetch = fetches[node.imageID] else { return nil }
        if case .disk = fetch.phase { return nil }
        return fetch.tier.requestPriority
    }

    /// The pixel size of the contents `item`'s node holds (nil when it holds none).
    func contentsSize(ofItem item: Int) -> (width: Int, height: Int)? {
        nodes[item]?.contents.map { ($0.pixelWidth, $0.pixelHeight) }
    }

    /// The cell attached to `item`, if any.
    func cell(forItem item: Int) -> CellID? { cellOfItem[item] }

    /// Images in the PINCache memory cache.
    var memoryCacheCount: Int { memory.count }
}
