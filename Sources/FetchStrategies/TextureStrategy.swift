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
///   cancels the load and resets the node's image (`didExitPreloadState`), also on a cell.
/// - A node in the display range with downloaded data decodes it on a background thread
///   (full size); the decoded image goes into PINCache memory and, through one main-queue block
///   per decode, onto the item's cell if one is attached. A cell configured for an item whose
///   node already has its image shows it at once.
/// - Priority follows the interface state (`ASImageDownloaderPriorityWithInterfaceState`,
///   `ASPINRemoteImageDownloader.mm`): preload → PIN low, display → default, visible → high,
///   updated at every range update; a download shared by several nodes takes the highest.
/// - PINRemoteImage: 10 downloads at once (`maxConcurrentDownloads`), the rest in three priority
///   sets dequeued highest first, FIFO within a set (`PINRemoteImageDownloadQueue.m`); a priority
///   change moves a queued download to the end of its new set and re-prioritises a running one.
///   Downloads are coalesced by URL and cancelled only when no node wants them. The network's
///   own connection limit still applies below PIN's queue.
/// - PINCache memory: no cost or age limit, emptied on a memory warning
///   (`removeAllObjectsOnMemoryWarning`); disk: 50 MB (`byteLimit` set by
///   `ASPINRemoteImageDownloader`), trimmed least recently used first (PINDiskCache trims by date).
///
/// Not modelled: progressive JPEG renders, resume data, the age limits (30 days), VisibleOnly and
/// LowMemory modes, drawing costs beyond the decode. Data is decoded at display-range entry
/// rather than by PIN right after the download, as the range model describes.
final class TextureStrategy: FetchStrategy {
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
        var imageID: Int
        var tier: Tier
        var isInDisplayRange: Bool
        /// The node's image (retained while set).
        var image: ImageObject?
        /// Downloaded or read data is available.
        var hasData = false
    }

    /// A shared data load for one image: a PINCache disk read or a PIN download. Completions
    /// check the fetch's identity: a cancel made on the main thread takes effect at the main
    /// thread's cursor, so a completion may still arrive for a fetch already dropped.
    private final class Fetch {
        enum Phase {
            case disk(PoolTask)
            case queued
            case downloading(NetworkTask)
        }
        /// The nodes waiting for it, in join order.
        var items: InsertionOrderedSet
        /// How many of them are at each tier (so the highest is found in O(1)).
        var tierCounts = [0, 0, 0]
        var phase: Phase
        /// The PIN priority (the highest of its nodes').
        var tier: Tier
        /// The stamp of its live entry in PIN's queue (older entries are stale).
        var queueStamp = -1
        init(item: Int, phase: Phase, tier: Tier) {
            self.items = InsertionOrderedSet(item)
            self.phase = phase
            self.tier = tier
            tierCounts[tier.rawValue] = 1
        }
    }

    /// A shared background decode for one image (identity-checked like `Fetch`).
    private final class Decode {
        var task: PoolTask?
        /// The nodes waiting for it, in join order.
        var items: InsertionOrderedSet
        init(item: Int) { self.items = InsertionOrderedSet(item) }
    }

    private let environment: FetchEnvironment
    private let configuration: Configuration
    /// PINCache memory: decoded images, no limits.
    private let memory: ImageMemoryCache
    /// PINCache disk: downloaded data by image, costs in bytes.
    private let disk: CacheIndex
    /// Nodes of the items in the preload range.
    private var nodes: [Int: Node] = [:]
    /// Data loads by image.
    private var fetches: [Int: Fetch] = [:]
    /// Decodes by image.
    private var decodes: [Int: Decode] = [:]
    /// PIN's queued downloads by tier, FIFO: stamped entries, skipped once their fetch's stamp
    /// has moved on (cancelled, or re-queued at another tier), so removal is O(1).
    private var pinQueue: [[(stamp: Int, imageID: Int)]] = [[], [], []]
    /// The first unread entry of each tier.
    private var pinQueueHeads = [0, 0, 0]
    /// The last stamp handed out.
    private var lastQueueStamp = 0
    /// Downloads PIN has handed to the network.
    private var runningDownloads = 0
    /// The cell hosting each item's node, and back.
    private var cellOfItem: [Int: CellID] = [:]
    private var itemOfCell: [CellID: Int] = [:]
    /// The ranges of the last update.
    private var preloadRange: Range<Int> = 0..<0
    private var displayRange: Range<Int> = 0..<0
    private var visibleRange: Range<Int> = 0..<0
    /// Offset of the last range update (nil before the first).
    private var lastOffset: Double?

    /// Loads cancelled because their last node left the preload range (for tests).
    private(set) var cancelledFetches = 0
    /// Cell images reset because their node left the preload range (for tests).
    private(set) var clearedImages = 0

    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        self.configuration = configuration
        memory = ImageMemoryCache(environment: environment, configuration: .init(policy: .lru))
        disk = CacheIndex(policy: .lru, costLimit: Int64(configuration.diskCacheMB * 1_048_576))
    }

    // MARK: Cells

    func cellForItem(_ cell: CellID, item: Int) {
        cellOfItem[item] = cell
        itemOfCell[cell] = item
        let imageID = environment.imageID(forItem: item)
        if let image = nodes[item]?.image {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
        let isLoading = nodes[item] != nil
        environment.record(isLoading ? .inflightJoin : .miss, imageID: imageID)
    }

    func prepareForReuse(_ cell: CellID) {
        if let item = itemOfCell.removeValue(forKey: cell), cellOfItem[item] == cell { cellOfItem[item] = nil }
        // The cell's previous node leaves with its contents.
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()
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
        let preload = range(update, ahead: preloadAhead, behind: preloadBehind)
        let display = range(update, ahead: displayAhead, behind: displayBehind)
        let visible = update.visibleItems
        // Only items whose interface state changes need work: the ranges are contiguous, so
        // those lie in the differences between the old and new ranges.
        for item in preloadRange where !preload.contains(item) { exitPreload(item) }
        var changed: [Int] = []
        for (old, new) in [(preloadRange, preload), (displayRange, display), (visibleRange, visible)] {
            for item in new where !old.contains(item) { changed.append(item) }
            for item in old where !new.contains(item) && preload.contains(item) { changed.append(item) }
        }
        changed.sort()
        preloadRange = preload
        displayRange = display
        visibleRange = visible
        var last = -1
        for item in changed where item != last {
            last = item
            let tier: Tier = visible.contains(item) ? .high : display.contains(item) ? .normal : .low
            let inDisplay = display.contains(item)
            if nodes[item] == nil {
                enterPreload(item, tier: tier, inDisplay: inDisplay)
                continue
            }
            let oldTier = nodes[item]!.tier
            nodes[item]!.tier = tier
            nodes[item]!.isInDisplayRange = inDisplay
            if tier != oldTier {
                let imageID = nodes[item]!.imageID
                if let fetch = fetches[imageID], fetch.items.contains(item) {
                    fetch.tierCounts[oldTier.rawValue] -= 1
                    fetch.tierCounts[tier.rawValue] += 1
                }
                updatePriority(of: imageID)
            }
            if inDisplay { decodeIfReady(item) }
        }
    }

    /// Items of the viewport extended `ahead` screens in the scroll direction and `behind` the
    /// other way (ahead lies above the viewport before any scroll, as in Texture).
    private func range(_ update: ScrollUpdate, ahead: Double, behind: Double) -> Range<Int> {
        let height = update.viewportHeight
        let below = update.direction > 0 ? ahead : behind
        let above = update.direction > 0 ? behind : ahead
        return environment.layout.items(intersecting: update.offset - above * height,
                                        update.offset + height + below * height)
    }

    private func enterPreload(_ item: Int, tier: Tier, inDisplay: Bool) {
        let imageID = environment.imageID(forItem: item)
        nodes[item] = Node(imageID: imageID, tier: tier, isInDisplayRange: inDisplay)
        if let image = memory.image(for: imageID) {
            show(image, item: item)  // PINCache memory answers synchronously
            return
        }
        if let fetch = fetches[imageID] {
            fetch.items.insert(item)
            fetch.tierCounts[tier.rawValue] += 1
            updatePriority(of: imageID)
            return
        }
        let fetch = Fetch(item: item, phase: .queued, tier: tier)
        fetches[imageID] = fetch
        if disk.touch(imageID) {
            fetch.phase = .disk(environment.readDisk(bytes: environment.encodedBytes(ofImage: imageID)) { [weak self] in
                self?.dataArrived(imageID, fetch: fetch)
            })
            return
        }
        enqueue(fetch, imageID)
        startDownloads()
    }

    private func exitPreload(_ item: Int) {
        guard let node = nodes.removeValue(forKey: item) else { return }
        let imageID = node.imageID
        if let fetch = fetches[imageID], fetch.items.remove(item) {
            fetch.tierCounts[node.tier.rawValue] -= 1
            if fetch.items.isEmpty { cancelFetch(imageID) } else { updatePriority(of: imageID) }
        }
        if let decode = decodes[imageID], decode.items.remove(item) {
            if decode.items.isEmpty {
                decode.task?.cancel()
                decodes[imageID] = nil
            }
        }
        guard let image = node.image else { return }
        environment.release(image)
        if let cell = cellOfItem[item], environment.image(on: cell) === image {
            environment.setImage(nil, on: cell)  // reset to defaultImage
            clearedImages += 1
        }
    }

    // MARK: PINRemoteImage

    private func cancelFetch(_ imageID: Int) {
        guard let fetch = fetches.removeValue(forKey: imageID) else { return }
        cancelledFetches += 1
        switch fetch.phase {
        case .disk(let task):
            task.cancel()
        case .queued:
            break  // its queue entry is now stale
        case .downloading(let task):
            task.cancel()
            runningDownloads -= 1
            startDownloads()
        }
    }

    /// The highest tier among the nodes sharing `imageID`'s download.
    /// - Complexity: O(1).
    private func tier(of fetch: Fetch) -> Tier {
        fetch.tierCounts[Tier.high.rawValue] > 0 ? .high : fetch.tierCounts[Tier.normal.rawValue] > 0 ? .normal : .low
    }

    private func updatePriority(of imageID: Int) {
        guard let fetch = fetches[imageID] else { return }
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
    private func startDownloads() {
        while runningDownloads < configuration.maxConcurrentDownloads {
            guard let (fetch, imageID) = dequeueFetch() else { return }
            fetch.queueStamp = -1
            runningDownloads += 1
            fetch.phase = .downloading(environment.load(imageID, priority: fetch.tier.requestPriority) { [weak self] result in
                self?.downloadEnded(imageID, fetch: fetch, result: result)
            })
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
        var evicted: [Int] = []
        environment.writeDisk(bytes: bytes) {}
        disk.insert(imageID, cost: bytes, evicted: &evicted)
        dataArrived(imageID, fetch: fetch)
    }

    private func dataArrived(_ imageID: Int, fetch: Fetch) {
        guard fetches[imageID] === fetch else { return }  // cancelled
        fetches[imageID] = nil
        for item in fetch.items {
            guard nodes[item] != nil else { continue }
            nodes[item]!.hasData = true
            if nodes[item]!.isInDisplayRange { decodeIfReady(item) }
        }
    }

    // MARK: Display

    /// A node in the display range with data and no image decodes it off the main thread.
    private func decodeIfReady(_ item: Int) {
        guard let node = nodes[item], node.hasData, node.image == nil else { return }
        let imageID = node.imageID
        if let image = memory.image(for: imageID) {
            // Another node's decode of this image is in PINCache's memory: reuse it, decode nothing.
            environment.async(onMain: { [weak self] in
                guard let self, self.nodes[item]?.imageID == imageID, self.nodes[item]?.image == nil else { return }
                self.show(image, item: item)
            })
            return
        }
        if let decode = decodes[imageID] {
            decode.items.insert(item)
            return
        }
        let decode = Decode(item: item)
        decodes[imageID] = decode
        decode.task = environment.decode(imageID, mode: .full) { [weak self] image in
            self?.decoded(imageID, decode: decode, image: image)
        }
    }

    private func decoded(_ imageID: Int, decode: Decode, image: ImageObject) {
        guard decodes[imageID] === decode else { return }  // cancelled
        decodes[imageID] = nil
        memory.store(image, for: imageID)
        environment.async(onMain: { [weak self] in
            guard let self else { return }
            for item in decode.items where self.nodes[item]?.imageID == imageID && self.nodes[item]?.image == nil {
                self.show(image, item: item)
            }
        })
    }

    /// Gives the node its image and shows it on the item's cell, if one is attached.
    private func show(_ image: ImageObject, item: Int) {
        environment.retain(image)
        nodes[item]!.image = image
        if let cell = cellOfItem[item] { environment.setImage(image, on: cell) }
    }

    // MARK: Tests

    /// The priority of the load `item`'s node waits on (nil when it has none).
    func loadPriority(ofItem item: Int) -> RequestPriority? {
        guard let node = nodes[item], let fetch = fetches[node.imageID] else { return nil }
        if case .disk = fetch.phase { return nil }
        return fetch.tier.requestPriority
    }

    /// The cell attached to `item`, if any.
    func cell(forItem item: Int) -> CellID? { cellOfItem[item] }

    /// Images in the PINCache memory cache.
    var memoryCacheCount: Int { memory.count }
}
