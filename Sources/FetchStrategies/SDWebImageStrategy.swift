import ScrollSimCore

/// `sdwebimage`: `imageView.sd_setImage(with:)` in `cellForItem` and
/// `SDWebImagePrefetcher.shared.prefetchURLs(_:)` in `prefetchItemsAt`, with SDWebImage 5
/// defaults (SDWebImage/SDWebImage 5.21.5), or the settings apps tune (`Configuration`).
///
/// - Memory: `SDMemoryCache` (an `NSCache`) with `maxMemoryCost` and `maxMemoryCount` 0, i.e.
///   unbounded (`SDImageCacheConfig.m`), whatever the device's memory; emptied on
///   `UIApplicationDidReceiveMemoryWarningNotification`, which it observes (`SDMemoryCache.m`); the
///   weak cache is off since 5.12. Lookups are synchronous; a hit is set at once.
/// - Disk: `SDDiskCache`, unlimited (`maxDiskSize` 0), on the serial `ioQueue`. A memory miss
///   queries the disk there; a hit is read and force-decoded on the `ioQueue`, stored in memory
///   and set through the main queue. Each request queries on its own.
/// - Downloads: `SDWebImageDownloader`'s `NSOperationQueue`, `maxConcurrentDownloads` 6, above
///   the network (whose own connection limit also applies). One operation per URL: a later
///   request only adds its handlers (`SDWebImageDownloader.m`, the reuse branch of
///   `downloadImageWithURL:options:context:progress:completed:`). Until 5.15.2 a joiner also set
///   a pending operation's `queuePriority` from its own options; that was removed as wrong
///   (PR #3483, commit 7cec27ba), so the operation keeps its creator's priority: a visible
///   request joining a queued low-priority prefetch waits at low priority. The `URLSessionTask`
///   priority is fixed when the operation is created (low for a prefetch).
/// - Download order (`SDWebImageDownloaderConfig.executionOrder`): FIFO by default; LIFO makes
///   every operation in the queue depend on the new one, so a backlog drains newest first and
///   one at a time (`PriorityWorkQueue.StartOrder.lastInFirstOut`).
/// - Decode: after the download, on the operation's own serial coder queue
///   (`SDWebImageDownloaderOperation.m`, `coderQueue.maxConcurrentOperationCount = 1`), off the
///   main thread, before caching and setting; the operation keeps its queue slot until then
///   (`[self done]` after the decode). With one coder queue per operation, up to 6 decodes are
///   submitted at once; they run on the device's decoder threads. `main_decode_ms` stays 0.
/// - Downsampling (`downsample`, the `.imageThumbnailPixelSize` context option set to the cell's
///   pixel size, passed to the prefetcher too, `preserveAspectRatio` YES by default): the
///   operation's coder queue decodes with `CGImageSourceCreateThumbnailAtIndex`, aspect-fit in
///   the cell (`SDImageIOAnimatedCoder.m`, `createFrameAtIndex:`), unless the image already fits
///   (then a full decode). The memory cache holds the thumbnail under the thumbnail key; the disk
///   gets the downloaded data under the URL's key and the thumbnail re-encoded under the
///   thumbnail key (`SDWebImageManager.m`, `callStoreOriginCacheProcessForOperation:` and
///   `callStoreCacheProcessForOperation:`; `SDImageCache.m` encodes an image stored without data).
///   A later memory miss reads and decodes the small thumbnail entry.
/// - Reuse: a new `sd_setImage` on the cell cancels the previous load
///   (`sd_cancelCurrentImageLoad`, `UIView+WebCache.m`) and sets the nil placeholder; a shared
///   download continues while another requester wants it, else it is cancelled.
/// - Prefetch: `SDWebImagePrefetcher`, `maxConcurrentPrefetchCount` 3 (its own queue, FIFO),
///   `SDWebImageLowPriority`. Its API cancels per batch token or everything, not per item, so
///   `cancelPrefetching` does nothing (the common integration).
/// - Disk writes after a download (`SDWebImageManager.m`): the original-store step writes the
///   data under the original key (disk only), then the store step stores the image in memory and
///   writes again. With no transformer and no thumbnail both keys are the URL's, so the same data
///   is written twice, one `ioQueue` block after the other (the serial queue, `NSDataWritingAtomic`
///   replacing the file); with a thumbnail the second write is the re-encoded thumbnail under its
///   own key. The memory cache is stored once.
/// - Not modelled: the failed-URL blacklist (our failures are transient network errors, which
///   SDWebImage does not blacklist); disk expiry (1 week); the CPU cost of re-encoding a thumbnail
///   (a global queue, assumed small); one thumbnail size per image (the first requester's), where
///   SDWebImage keys each size apart.
final class SDWebImageStrategy: FetchStrategy, PriorityWorkTarget, SharedImageLoadStages {
    /// The settings apps change; every default is SDWebImage's.
    struct Configuration: Sendable {
        /// `SDImageCacheConfig.maxMemoryCost` in MB; 0 (the default) means no limit.
        var memoryCacheMB = 0
        /// Whether requests carry `.imageThumbnailPixelSize` = the cell's pixel size. Default false.
        var isDownsampling = false
        /// `SDWebImageDownloaderConfig.executionOrder`. Default FIFO.
        var downloadOrder: DownloadOrder = .fifo
    }

    /// `SDWebImageDownloaderExecutionOrder`.
    enum DownloadOrder: String, Sendable, CaseIterable {
        /// `SDWebImageDownloaderFIFOExecutionOrder`, the default.
        case fifo
        /// `SDWebImageDownloaderLIFOExecutionOrder`.
        case lifo
    }

    /// `SDWebImageDownloaderConfig.maxConcurrentDownloads`.
    static let maxConcurrentDownloads = 6
    /// `SDWebImagePrefetcher.maxConcurrentPrefetchCount`.
    static let prefetcherWidth = 3

    /// The run's services.
    private let environment: FetchEnvironment
    /// `SDWebImageDownloader`'s own session (`defaultSessionConfiguration`, default per-host limit;
    /// `SDWebImage/Core/SDWebImageDownloader.m`, 5.21.5).
    private let session: NetworkSession
    /// The settings.
    private let configuration: Configuration
    /// `SDImageCache.memoryCache`.
    private let memory: ImageMemoryCache
    /// `SDImageCache.diskCache`.
    private let disk: DiskCacheModel
    /// `SDWebImageDownloader.downloadQueue`.
    private let downloadQueue: PriorityWorkQueue
    /// `SDWebImagePrefetcher.prefetchQueue`.
    private let prefetcher = PriorityWorkQueue(width: prefetcherWidth)
    /// The downloader's operations by URL, and the per-request disk queries.
    private let loads: SharedImageLoads
    /// The load each cell waits for.
    private let cellLoads: CellLoadTokens  // (not lazy: a lazy getter retains it on every access)

    /// SDWebImage with `configuration`.
    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        self.configuration = configuration
        session = environment.makeSession(.init(name: "SDWebImageDownloader"))
        let loads = SharedImageLoads(rule: .first)
        self.loads = loads
        cellLoads = CellLoadTokens(loads: loads)
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .fifo, costLimitBytes: Int64(configuration.memoryCacheMB) * 1_048_576))
        disk = DiskCacheModel(environment: environment, writesUseIOQueue: true)
        downloadQueue = PriorityWorkQueue(width: Self.maxConcurrentDownloads, placement: .submissionOrder,
                                          order: configuration.downloadOrder == .lifo ? .lastInFirstOut : .priority)
        loads.reportStages(to: self)
    }

    func cellForItem(_ cell: CellID, item: Int) {
        cellLoads.cancel(cell)  // `sd_cancelCurrentImageLoad`
        environment.setImage(nil, on: cell)  // the nil placeholder
        let imageID = environment.imageID(forItem: item)
        if let image = memory.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        let token = cellLoads.begin(cell)
        let outcome = request(imageID, item: item, token: token, priority: .normal,
                              delivery: .closure(cellLoads.delivery(to: cell, token: token, environment: environment)))
        environment.record(outcome, imageID: imageID)
    }

    func prefetch(items: [Int]) {
        for item in items {
            let ticket = prefetcher.nextTicket
            let tag = PrefetchTag.make(item: item, ticket: ticket)
            let added = prefetcher.add(priority: .normal, target: self, tag: tag)
            assert(added == ticket)
        }
        prefetcher.startReady()
    }

    /// A prefetch's turn in the prefetcher came (`PriorityWorkTarget`; `tag` from `PrefetchTag`):
    /// `loadImageWithURL:options:SDWebImageLowPriority`, which holds the slot until it ends.
    /// Tags below zero are downloads' turns in `downloadQueue`: `downloadStarted(item: ~tag)`.
    func workStarted(tag: Int) {
        guard tag >= 0 else {
            downloadStarted(item: ~tag)
            return
        }
        let item = PrefetchTag.item(tag), ticket = PrefetchTag.ticket(tag)
        let imageID = environment.imageID(forItem: item)
        if memory.image(for: imageID) != nil {
            prefetcher.release(ticket)
            return
        }
        // Token 0: a prefetch never leaves its load; `loadDelivered` releases the slot.
        _ = request(imageID, item: item, token: 0, priority: .low, delivery: .tag(ticket))
    }

    /// A prefetch's load ended (`tag`: its ticket in the prefetcher).
    func loadDelivered(tag ticket: Int, image: ImageObject?) {
        prefetcher.release(ticket)
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()
    }

    /// The decode the download operation's coder queue does for a request of `imageID` from `item`.
    private func decodeMode(_ imageID: Int, forItem item: Int) -> DecodeMode {
        guard configuration.isDownsampling else { return .full }
        let source = environment.imagePixelSize(ofImage: imageID)
        return Self.thumbnailDecode(source: source, thumbnailPixelSize: environment.cellPixelSize(ofItem: item))
    }

    /// `SDImageIOAnimatedCoder` with `.imageThumbnailPixelSize` and `preserveAspectRatio` YES
    /// (5.21.5, `createFrameAtIndex:source:scale:preserveAspectRatio:thumbnailSize:…`): a full
    /// decode when the image already fits in the thumbnail size, else an ImageIO thumbnail whose
    /// long side (`kCGImageSourceThumbnailMaxPixelSize`) makes the image fit in it, truncated to
    /// whole pixels.
    static func thumbnailDecode(source: (width: Int, height: Int),
                                thumbnailPixelSize size: (width: Int, height: Int)) -> DecodeMode {
        if size.width == 0 || size.height == 0 || (source.width <= size.width && source.height <= size.height) {
            return .full
        }
        let pixelRatio = Double(source.width) / Double(source.height)
        let thumbnailRatio = Double(size.width) / Double(size.height)
        let maxPixelSize = pixelRatio > thumbnailRatio
            ? max(Double(size.width), Double(size.width) / pixelRatio)
            : max(Double(size.height), Double(size.height) * pixelRatio)
        return .thumbnail(maxPixelSize: Int(maxPixelSize))
    }

    /// `SDWebImageManager` after a memory miss: the disk query, else the downloader.
    private func request(_ imageID: Int, item: Int, token: Int, priority: RequestPriority,
                         delivery: consuming SharedImageLoads.Delivery) -> RequestOutcome {
        // Downsampling: the thumbnail key is queried, and it is always written with the data
        // (an unlimited disk never drops one without the other).
        let diskKey = configuration.isDownsampling
            ? DiskCacheModel.processedKey(imageID) : DiskCacheModel.originalKey(imageID)
        if disk.contains(key: diskKey) {
            let load = loads.makePrivate(imageID, token: token, priority: priority, delivery: delivery)
            let stored: DecodeMode
            if configuration.isDownsampling {
                let size = environment.pixelSize(ofImage: imageID, mode: decodeMode(imageID, forItem: item))
                stored = .stored(width: size.width, height: size.height)
            } else {
                stored = .full
            }
            disk.read(into: load, key: diskKey, unlessStale: nil) { [unowned(unsafe) self] _ in
                load.job = environment.decode(imageID, mode: stored) { [unowned(unsafe) self] image in
                    load.job = nil
                    load.leaveQueue()  // the decode ran on the serial ioQueue
                    memory.store(image, for: imageID)
                    loads.complete(load, with: image)
                }
            }
            return .diskHit
        }
        let (load, isNew) = loads.join(imageID, token: token, priority: priority, delivery: delivery)
        guard isNew else { return .inflightJoin }  // only the handlers are added
        load.enqueue(on: downloadQueue, target: self, tag: ~item)  // (negative: not a `PrefetchTag`)
        return .miss
    }

    /// The download operation of the load in flight for `item`'s image, which `item`'s request
    /// created, starts. That load is the one queued: a cancelled load left the queue (and the
    /// table) at once, and a load ends only after its download started. The later stages have the
    /// load as their target (`loadNetworkEnded`, `loadJobEnded`): a cancel can reach the network
    /// or the decoders after their completion (it is deferred to the main thread's cursor), which
    /// then runs on the cancelled load, no longer the one in the table.
    private func downloadStarted(item: Int) {
        let imageID = environment.imageID(forItem: item)
        guard let load = loads.inflightLoad(for: imageID) else { preconditionFailure("no load of image \(imageID)") }
        let mode = decodeMode(imageID, forItem: item)
        load.network = session.load(imageID, priority: load.initialPriority, target: load, tag: DecodeTag.make(mode))
    }

    /// The download of `load` ended (`tag`: its `DecodeTag`): the operation's coder queue decodes it.
    func loadNetworkEnded(_ load: SharedImageLoad, tag: Int, result: NetworkResult) {
        load.network = nil
        guard case .success(let bytes) = result else {
            load.leaveQueue()
            loads.fail(load)
            return
        }
        load.job = environment.decode(load.imageID, mode: DecodeTag.mode(tag), target: load, tag: Int(bytes))
    }

    /// The decode of `load`'s download ended (`tag`: the downloaded bytes): the caches, then the
    /// requesters.
    func loadJobEnded(_ load: SharedImageLoad, tag bytes: Int, image: ImageObject?) {
        guard let image else { preconditionFailure("a decode without an image") }
        let imageID = load.imageID
        load.job = nil
        load.leaveQueue()
        // `callStoreOriginCacheProcessForOperation:` writes the data under the original
        // key, disk only (`originalStoreCacheType` SDImageCacheTypeDisk), in one `ioQueue`
        // block; `callStoreCacheProcessForOperation:` (SDImageCacheTypeAll) stores the
        // image in memory, then enqueues a second block after the first
        memory.store(image, for: imageID)
        if configuration.isDownsampling {
            // A thumbnail (`sd_isThumbnail`): the second block writes it re-encoded
            // under the thumbnail key
            disk.store(imageID, bytes: Int64(bytes))
            let processed = ProcessedImageData.encodedBytes(of: image, dataBytes: Int64(bytes),
                                                            environment: environment)
            disk.store(key: DiskCacheModel.processedKey(imageID), bytes: processed)
        } else {
            // No transformer, no thumbnail: both blocks write the data to the URL's file
            // (`NSDataWritingAtomic` replacing it)
            disk.store(imageID, bytes: Int64(bytes), writes: 2)
        }
        loads.complete(load, with: image)
    }

    /// A download's decode as a tag: -1 for a full decode, else a thumbnail's maximum pixel size.
    private enum DecodeTag {
        static func make(_ mode: DecodeMode) -> Int {
            switch mode {
            case .full: return -1
            case .thumbnail(let maxPixelSize):
                precondition(maxPixelSize >= 0, "thumbnail size out of range")
                return maxPixelSize
            default: preconditionFailure("not a download's decode")
            }
        }
        static func mode(_ tag: Int) -> DecodeMode { tag < 0 ? .full : .thumbnail(maxPixelSize: tag) }
    }
}
