import ScrollSimCore

/// `kingfisher`: `imageView.kf.setImage(with:)` in `cellForItem` and `ImagePrefetcher(urls:)
/// .start()` in `prefetchItemsAt`, with Kingfisher 8 defaults (onevcat/Kingfisher 8.11.0).
///
/// - Memory: `MemoryStorage` on `NSCache`, `totalCostLimit` = physical RAM / 4
///   (`ImageCache.createMemoryStorage`; 1536 MB on the 6 GB reference device), cost = decoded
///   bytes, modelled as FIFO eviction (the documented NSCache model). Entries expire 300 s
///   after their last access (`expiration .seconds(300)`, `memoryCacheAccessExtendingExpiration
///   .cacheTime`); cleared on `didReceiveMemoryWarningNotification`. The 120 s sweep of expired
///   entries is not modelled (an expired entry is dropped when next looked up).
/// - Disk: `DiskStorage` with `sizeLimit 0` (unlimited) on a serial `ioQueue`; `kf.setImage`
///   checks the file synchronously (`imageCachedType`), reads it asynchronously and stores the
///   image in memory too. Each request reads on its own (disk reads are not coalesced).
/// - Downloads: `ImageDownloader` coalesces by URL (`SessionDataTask` callbacks), default
///   `URLSessionTask` priority, no concurrency cap of its own (the network's connection limit
///   applies). The downloaded image is stored in memory and written to disk.
/// - No background decode (`backgroundDecode` false, `KingfisherOptionsInfo.swift`): the image
///   is a `UIImage(data:)`, decoded on the main thread when first displayed; the cached instance
///   then stays decoded. A disk read makes a new, undecoded instance.
/// - No cancellation on reuse (`ImageView+Kingfisher.swift`): the old download completes and is
///   cached, and its result is dropped by the task-identifier check (`.notCurrentSourceTask`).
///   `setImage` first clears the image (nil placeholder), then sets a memory hit synchronously
///   (`callbackQueue .mainCurrentOrAsync`) or a later result through the main queue.
/// - Prefetch: one `ImagePrefetcher` per `prefetchItemsAt` call (`Topic_Prefetch.md`), at most
///   5 downloads of its own at a time (`maxConcurrentDownloads`), skipping images in memory or on
///   disk (`alsoPrefetchToMemory` false), never stopped: `cancelPrefetching` does nothing.
final class KingfisherStrategy: FetchStrategy {
    /// Default memory-cache cost limit: RAM / 4 of the 6 GB reference device.
    static let defaultMemoryCacheMB = ReferenceDevice.physicalMemoryMB / 4
    /// `ImagePrefetcher.maxConcurrentDownloads`.
    static let prefetcherWidth = 5
    /// `MemoryStorage.Config.expiration`: 300 s.
    static let memoryExpiration: SimTime = 300 * SimDuration.second

    /// The run's services.
    private let environment: FetchEnvironment
    /// `ImageCache.memoryStorage`.
    private let memory: ImageMemoryCache
    /// `ImageCache.diskStorage`.
    private let disk: DiskCacheModel
    /// `ImageDownloader`'s tasks by URL, and the per-request disk reads.
    private let loads = SharedImageLoads(rule: .first)
    /// The last `kf.taskIdentifier` issued.
    private var lastTaskIdentifier = 0

    /// Kingfisher with a memory cache of `memoryCacheMB` MB.
    init(environment: FetchEnvironment, memoryCacheMB: Int) {
        self.environment = environment
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .fifo, costLimitBytes: Int64(memoryCacheMB) * ReferenceDevice.bytesPerMB,
            expiration: Self.memoryExpiration))
        disk = DiskCacheModel(environment: environment, writesUseIOQueue: true)
    }

    func cellForItem(_ cell: CellID, item: Int) {
        let imageID = environment.imageID(forItem: item)
        lastTaskIdentifier += 1
        let issued = lastTaskIdentifier
        environment.setRepresentedIdentifier(issued, of: cell)  // `kf.taskIdentifier`
        environment.setImage(nil, on: cell)  // the nil placeholder
        if let image = memory.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        let environment = self.environment
        let outcome = retrieve(imageID) { image in
            guard let image else { return }
            environment.async(onMain: {
                guard environment.representedIdentifier(of: cell) == issued else { return }
                environment.setImage(image, on: cell)
            })
        }
        environment.record(outcome, imageID: imageID)
    }

    func prefetch(items: [Int]) {
        let prefetcher = PriorityWorkQueue(width: Self.prefetcherWidth)  // this call's ImagePrefetcher
        for item in items {
            let imageID = environment.imageID(forItem: item)
            var ticket = -1
            ticket = prefetcher.add(priority: .normal) { [unowned self] in
                // `startPrefetching`: sources cached in memory or on disk are skipped.
                if memory.contains(imageID) || disk.contains(imageID) {
                    prefetcher.release(ticket)
                    return
                }
                _ = download(imageID) { _ in prefetcher.release(ticket) }
            }
        }
        prefetcher.startReady()
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()
    }

    /// `KingfisherManager.retrieveImage` after a memory miss: the disk, else the download.
    private func retrieve(_ imageID: Int, deliver: @escaping (ImageObject?) -> Void) -> RequestOutcome {
        if disk.contains(imageID) {
            let load = loads.makePrivate(imageID, token: loads.makeToken(), priority: .normal, deliver: deliver)
            disk.read(into: load) { [unowned self] in
                load.leaveQueue()
                let image = environment.makeUndecodedImage(imageID)
                memory.store(image, for: imageID)
                loads.complete(load, with: image)
            }
            return .diskHit
        }
        return download(imageID, deliver: deliver)
    }

    /// `ImageDownloader.downloadImage`, joining a download of the same URL in flight; the result
    /// is cached in memory and on disk.
    private func download(_ imageID: Int, deliver: @escaping (ImageObject?) -> Void) -> RequestOutcome {
        let (load, isNew) = loads.join(imageID, token: loads.makeToken(), priority: .normal, deliver: deliver)
        guard isNew else { return .inflightJoin }
        load.network = environment.load(imageID, priority: .normal) { [unowned self] result in
            load.network = nil
            guard case .success = result else {
                loads.fail(load)
                return
            }
            let image = environment.makeUndecodedImage(imageID)
            memory.store(image, for: imageID)
            disk.store(imageID)
            loads.complete(load, with: image)
        }
        return .miss
    }
}
