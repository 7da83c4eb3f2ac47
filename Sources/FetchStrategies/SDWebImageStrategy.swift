import ScrollSimCore

/// `sdwebimage`: `imageView.sd_setImage(with:)` in `cellForItem` and
/// `SDWebImagePrefetcher.shared.prefetchURLs(_:)` in `prefetchItemsAt`, with SDWebImage 5
/// defaults (SDWebImage/SDWebImage 5.21.5).
///
/// - Memory: `SDMemoryCache` (an `NSCache`) with `maxMemoryCost` and `maxMemoryCount` 0, i.e.
///   unbounded (`SDImageCacheConfig.m`), whatever the device's memory; emptied on
///   `UIApplicationDidReceiveMemoryWarningNotification`, which it observes (`SDMemoryCache.m`); the
///   weak cache is off since 5.12. Lookups are synchronous; a hit is set at once.
/// - Disk: `SDDiskCache`, unlimited (`maxDiskSize` 0), on the serial `ioQueue`. A memory miss
///   queries the disk there; a hit is read and force-decoded on the `ioQueue`, stored in memory
///   and set through the main queue. Each request queries on its own.
/// - Downloads: `SDWebImageDownloader`'s `NSOperationQueue`, `maxConcurrentDownloads` 6, FIFO
///   execution order, above the network (whose own connection limit also applies). One
///   operation per URL: a later request adds its handlers (coalescing) and, while the operation
///   is still pending, sets its `queuePriority` from its own options (`SDWebImageDownloader.m`,
///   `downloadImageWithURL:options:context:progress:completed:`; since 5.0, PR #2562): the latest
///   requester's priority wins, so a visible request raises a queued prefetch to normal and a
///   prefetch joining a queued visible request demotes it to low. The `URLSessionTask` priority
///   is fixed when the operation is created (low for a prefetch).
/// - Decode: force-decoded after the download on the operation's coder queue, off the main
///   thread (`SDImageCoderHelper`, automatic policy), before caching and setting; the operation
///   keeps its queue slot until then (`[self done]` after the decode,
///   `SDWebImageDownloaderOperation.m`). `main_decode_ms` stays 0.
/// - Reuse: a new `sd_setImage` on the cell cancels the previous load
///   (`sd_cancelCurrentImageLoad`, `UIView+WebCache.m`) and sets the nil placeholder; a shared
///   download continues while another requester wants it, else it is cancelled.
/// - Prefetch: `SDWebImagePrefetcher`, `maxConcurrentPrefetchCount` 3 (its own queue, FIFO),
///   `SDWebImageLowPriority`. Its API cancels per batch token or everything, not per item, so
///   `cancelPrefetching` does nothing (the common integration).
/// - Not modelled: the failed-URL blacklist (our failures are transient network errors, which
///   SDWebImage does not blacklist); disk expiry (1 week).
final class SDWebImageStrategy: FetchStrategy {
    /// `SDWebImageDownloaderConfig.maxConcurrentDownloads`.
    static let maxConcurrentDownloads = 6
    /// `SDWebImagePrefetcher.maxConcurrentPrefetchCount`.
    static let prefetcherWidth = 3

    /// The run's services.
    private let environment: FetchEnvironment
    /// `SDWebImageDownloader`'s own session (`defaultSessionConfiguration`, default per-host limit;
    /// `SDWebImage/Core/SDWebImageDownloader.m`, 5.21.5).
    private let session: NetworkSession
    /// `SDImageCache.memoryCache`.
    private let memory: ImageMemoryCache
    /// `SDImageCache.diskCache`.
    private let disk: DiskCacheModel
    /// `SDWebImageDownloader.downloadQueue`.
    private let downloadQueue = PriorityWorkQueue(width: maxConcurrentDownloads, placement: .submissionOrder)
    /// `SDWebImagePrefetcher.prefetchQueue`.
    private let prefetcher = PriorityWorkQueue(width: prefetcherWidth)
    /// The downloader's operations by URL, and the per-request disk queries.
    private let loads = SharedImageLoads(rule: .latest)
    /// The load each cell waits for.
    private lazy var cellLoads = CellLoadTokens(loads: loads)

    /// SDWebImage with its default configuration; `memoryCacheMB` is `SDImageCacheConfig.maxMemoryCost`
    /// in MB (0, the default, means no limit).
    init(environment: FetchEnvironment, memoryCacheMB: Int = 0) {
        self.environment = environment
        session = environment.makeSession(.init(name: "SDWebImageDownloader"))
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .fifo, costLimitBytes: Int64(memoryCacheMB) * 1_048_576))
        disk = DiskCacheModel(environment: environment, writesUseIOQueue: true)
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
        let outcome = request(imageID, token: token, priority: .normal,
                              deliver: cellLoads.delivery(to: cell, token: token, environment: environment))
        environment.record(outcome, imageID: imageID)
    }

    func prefetch(items: [Int]) {
        for item in items {
            let imageID = environment.imageID(forItem: item)
            var ticket = -1
            ticket = prefetcher.add(priority: .normal) { [unowned self] in
                // `loadImageWithURL:options:SDWebImageLowPriority`
                if memory.image(for: imageID) != nil {
                    prefetcher.release(ticket)
                    return
                }
                _ = request(imageID, token: loads.makeToken(), priority: .low) { [unowned self] _ in
                    prefetcher.release(ticket)
                }
            }
        }
        prefetcher.startReady()
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()
    }

    /// `SDWebImageManager` after a memory miss: the disk query, else the downloader.
    private func request(_ imageID: Int, token: Int, priority: RequestPriority,
                         deliver: @escaping (ImageObject?) -> Void) -> RequestOutcome {
        if disk.contains(imageID) {
            let load = loads.makePrivate(imageID, token: token, priority: priority, deliver: deliver)
            disk.read(into: load) { [unowned self] in
                load.job = environment.decode(imageID, mode: .full) { [unowned self] image in
                    load.job = nil
                    load.leaveQueue()  // the decode ran on the serial ioQueue
                    memory.store(image, for: imageID)
                    loads.complete(load, with: image)
                }
            }
            return .diskHit
        }
        let (load, isNew) = loads.join(imageID, token: token, priority: priority, deliver: deliver)
        guard isNew else { return .inflightJoin }
        load.enqueue(on: downloadQueue) { [unowned self] in
            load.network = session.load(imageID, priority: load.initialPriority) { [unowned self] result in
                load.network = nil
                guard case .success = result else {
                    load.leaveQueue()
                    loads.fail(load)
                    return
                }
                load.job = environment.decode(imageID, mode: .full) { [unowned self] image in
                    load.job = nil
                    load.leaveQueue()
                    memory.store(image, for: imageID)
                    disk.store(imageID)
                    loads.complete(load, with: image)
                }
            }
        }
        return .miss
    }
}
