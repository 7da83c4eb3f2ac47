import ScrollSimCore

/// `kingfisher`: `imageView.kf.setImage(with:)` in `cellForItem` and `ImagePrefetcher(urls:)
/// .start()` in `prefetchItemsAt`, with Kingfisher 8 defaults (onevcat/Kingfisher 8.11.0), or
/// the options apps tune (`Configuration`).
///
/// - Memory: `MemoryStorage` on `NSCache`, `totalCostLimit` = `ProcessInfo.physicalMemory / 4`
///   in bytes (`ImageCache.createMemoryStorage`; the device's, `FetchEnvironment.device`:
///   1441.5 MiB on the default iPhone 14 Pro), cost = decoded bytes, modelled as FIFO eviction
///   (the documented NSCache model). Entries expire 300 s after their last access (`expiration
///   .seconds(300)`, `memoryCacheAccessExtendingExpiration .cacheTime`); cleared on
///   `didReceiveMemoryWarningNotification` (`ImageCache.init` observes it: `clearMemoryCache`).
///   The 120 s sweep of expired entries is not modelled (an expired entry is dropped when next
///   looked up).
/// - Disk: `DiskStorage` with `sizeLimit 0` (unlimited) on a serial `ioQueue`; `kf.setImage`
///   checks the file synchronously (`imageCachedType`), reads it asynchronously and stores the
///   image in memory too. Each request reads on its own (disk reads are not coalesced).
/// - Superseded requests (8.8.1+, commit bca55bbc): `setImage` cancels the view's previous
///   `CancellationToken` (`ImageView+Kingfisher.swift`), and `ImageCache.retrieveImageInDiskCache`
///   checks it when its block starts on the `ioQueue` (the read is skipped), after the read
///   (nothing is deserialized) and after deserialization (no background decode): a stale read
///   stores nothing in memory and delivers nothing. `KingfisherManager` then starts no retry,
///   alternative source or fallback download for it; none of those paths exist under the
///   modelled options (no retry strategy, no alternative sources, and the original-cache fallback
///   needs a processed entry missing beside its original, which an unlimited disk never has).
/// - Downloads: `ImageDownloader` coalesces by URL (`SessionDataTask` callbacks), default
///   `URLSessionTask` priority, no concurrency cap of its own (the network's connection limit
///   applies). The data is processed on the downloader's one serial processing queue
///   (`ImageDataProcessor.swift`, `sharedProcessingQueue`), then the image is stored in memory
///   and written to disk. The session's ephemeral URL cache keeps the responses in memory, never
///   read (`ephemeralURLCache`): its bytes count toward the footprint.
/// - No background decode by default (`backgroundDecode` false, `KingfisherOptionsInfo.swift`):
///   the image is a `UIImage(data:)`, decoded on the main thread when first displayed; the cached
///   instance then stays decoded. A disk read makes a new, undecoded instance. With
///   `backgroundDecode` the processing queue decodes a download (`image.kf.decoded`, serial,
///   full cost) and the `ioQueue` decodes a disk read before it is delivered.
/// - Downsampling (`downsample`: `.processor(DownsamplingImageProcessor(size: cell size))`,
///   `.scaleFactor(screen scale)` and `.cacheOriginalImage`, the combination Kingfisher's
///   performance guide gives, for cells and prefetcher alike): the processing queue makes an
///   ImageIO thumbnail whose long side is max(cell width, height) in pixels
///   (`KingfisherWrapper.downsampledImage`, `kCGImageSourceShouldCacheImmediately`: decoded, at
///   the thumbnail cost). Memory holds the thumbnail under the processor's key; the disk gets the
///   thumbnail re-encoded under that key (`DefaultCacheSerializer`) and the downloaded data under
///   the original key (`cacheOriginalImage`). A memory miss reads the small thumbnail entry,
///   decoded lazily on the main thread (or on the `ioQueue` with `backgroundDecode`).
/// - No cancellation on reuse (`ImageView+Kingfisher.swift`): the old download completes and is
///   cached, and its result is dropped by the task-identifier check (`.notCurrentSourceTask`).
///   `setImage` first clears the image (nil placeholder), then sets a memory hit synchronously
///   (`callbackQueue .mainCurrentOrAsync`) or a later result through the main queue.
/// - Prefetch: one `ImagePrefetcher` per `prefetchItemsAt` call (`Topic_Prefetch.md`), at most
///   5 downloads of its own at a time (`maxConcurrentDownloads`), skipping images in memory or on
///   disk (`alsoPrefetchToMemory` false), never stopped: `cancelPrefetching` does nothing.
/// - Not modelled: re-encoding by `DefaultCacheSerializer` on the serial `ioQueue` before a write
///   (`preferCacheOriginalData` false: even a plain download is re-encoded, in the original's
///   format at `compressionQuality` 1.0; no figure for the encode found, so writes cost only their
///   disk time, and of the download's bytes, not the re-encode's); a request arriving while its
///   download's data is being processed joins it (Kingfisher would start a second download).
final class KingfisherStrategy: FetchStrategy, PriorityWorkTarget, SharedImageLoadStages {
    /// The options apps change; every default is Kingfisher's.
    struct Configuration: Sendable {
        /// `MemoryStorage.Config.totalCostLimit` in MB; nil (the default) is Kingfisher's
        /// `physicalMemory / 4` for the device.
        var memoryCacheMB: Int? = nil
        /// `DownsamplingImageProcessor` to the cell's size, `.scaleFactor`, `.cacheOriginalImage`.
        /// Default false.
        var isDownsampling = false
        /// `.backgroundDecode`. Default false.
        var isBackgroundDecoding = false
    }

    /// Kingfisher's default memory-cache cost limit on `device`, bytes: `physicalMemory / 4`
    /// (`ImageCache.createMemoryStorage`, Kingfisher 8.11.0).
    static func defaultMemoryCostLimitBytes(on device: DeviceInfo) -> Int64 { device.physicalMemoryBytes / 4 }
    /// Bytes in the "MB" of `memoryCacheMB`.
    static let bytesPerMB: Int64 = 1_048_576
    /// `ImagePrefetcher.maxConcurrentDownloads`.
    static let prefetcherWidth = 5
    /// `ImageDownloader`'s session's URL cache: `URLSessionConfiguration.ephemeral`'s private cache,
    /// memory only (Apple, `URLSessionConfiguration.urlCache`); its capacity is not documented:
    /// assumed `URLCache.shared`'s 4 MiB. Requests are `.reloadIgnoringLocalCacheData`
    /// (`ImageDownloader.swift:379`, 8.11.0), so it is never read; `SessionDelegate` implements no
    /// `willCacheResponse`, so completed downloads are stored (assumed: the policy governs only
    /// reads, `NSURLRequest.h`). docs/fidelity.md, `kingfisher`, "HTTP cache".
    static let ephemeralURLCache = URLCacheConfiguration(
        name: "Kingfisher.ImageDownloader ephemeral", memoryCapacityBytes: 4 * 1_048_576, diskCapacityBytes: 0,
        readsCache: false, storesResponses: true)
    /// `MemoryStorage.Config.expiration`: 300 s.
    static let memoryExpiration: SimTime = 300 * SimDuration.second

    /// The run's services.
    private let environment: FetchEnvironment
    /// `ImageDownloader.session`: its own session (`URLSessionConfiguration.ephemeral`, default
    /// per-host limit; `Sources/Networking/ImageDownloader.swift`, 8.11.0).
    private let session: NetworkSession
    /// The options.
    private let configuration: Configuration
    /// `ImageCache.memoryStorage`.
    private let memory: ImageMemoryCache
    /// `ImageCache.diskStorage`.
    private let disk: DiskCacheModel
    /// `ImageDownloader`'s shared serial processing queue: a serial `DispatchQueue`, so first in,
    /// first out whatever the requests' priorities (`ImageDataProcessor.swift:29-30`, 8.11.0).
    private let processingQueue = PriorityWorkQueue(width: 1, order: .firstInFirstOut)
    /// `ImageDownloader`'s tasks by URL, and the per-request disk reads.
    private let loads = SharedImageLoads(rule: .first)
    /// The last `kf.taskIdentifier` issued.
    private var lastTaskIdentifier = 0
    /// The `ImagePrefetcher`s running (one per `prefetchItemsAt` call, kept until its last item
    /// ended) by slot; they report to `workStarted` and `loadDelivered` with a `PrefetcherTag` (no
    /// closure per item).
    private let prefetchers = RecordBuffer<PrefetcherSlot>()
    /// The free slots of `prefetchers` (last freed, first taken).
    @exclusivity(unchecked) private var freePrefetchers = FreeList()

    /// Kingfisher with `configuration`.
    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        self.configuration = configuration
        session = environment.makeSession(.init(name: "Kingfisher.ImageDownloader", urlCache: Self.ephemeralURLCache))
        let costLimit = configuration.memoryCacheMB.map { Int64($0) * Self.bytesPerMB }
            ?? Self.defaultMemoryCostLimitBytes(on: environment.device)
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .fifo, costLimitBytes: costLimit, expiration: Self.memoryExpiration))
        disk = DiskCacheModel(environment: environment, writesUseIOQueue: true)
        loads.reportStages(to: self)
    }

    func cellForItem(_ cell: CellID, item: Int) {
        let imageID = environment.imageID(forItem: item)
        lastTaskIdentifier += 1
        let issued = lastTaskIdentifier
        // `kf.taskIdentifier`; a new one also cancels the view's previous `CancellationToken`
        environment.setRepresentedIdentifier(issued, of: cell)
        environment.setImage(nil, on: cell)  // the nil placeholder
        if let image = memory.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        // The result hops to the main queue and is set if the view's `taskIdentifier` is still
        // `issued` (`loadDelivered`, `setImageOnMain(_:on:ifRepresenting:)`: no block made per delivery).
        let outcome = retrieve(imageID, item: item, cell: cell, issued: issued,
                               delivery: .tag(CellDeliveryTag.make(cell: cell, issued: issued)))
        environment.record(outcome, imageID: imageID)
    }

    func prefetch(items: [Int]) {
        let prefetcher = PriorityWorkQueue(width: Self.prefetcherWidth)  // this call's ImagePrefetcher
        let slot: Int
        if let free = freePrefetchers.take(from: prefetchers) {
            slot = free
            prefetchers[slot] = PrefetcherSlot(prefetcher: prefetcher, items: items)
        } else {
            slot = prefetchers.count
            prefetchers.append(PrefetcherSlot(prefetcher: prefetcher, items: items))
        }
        for ticket in items.indices {
            let tag = PrefetcherTag.make(slot: slot, ticket: ticket)
            let added = prefetcher.add(priority: .normal, target: self, tag: tag)
            assert(added == ticket)
        }
        prefetcher.startReady()
        freeIfDone(prefetcher, slot: slot)
    }

    /// A prefetch's turn in its prefetcher came (`tag` from `PrefetcherTag`): `startPrefetching`
    /// skips sources cached in memory or on disk, else downloads.
    func workStarted(tag: Int) {
        let item = prefetchers[PrefetcherTag.slot(tag)].items[PrefetcherTag.ticket(tag)]
        let imageID = environment.imageID(forItem: item)
        if memory.contains(imageID) || disk.contains(key: diskKey(imageID)) {
            prefetchEnded(tag: tag)
            return
        }
        _ = download(imageID, item: item, delivery: .tag(tag))
    }

    /// A load ended for a requester that joined with `tag`: a prefetch's (`PrefetcherTag`, at least
    /// 0), or a cell's (`CellDeliveryTag`, below 0).
    func loadDelivered(tag: Int, image: ImageObject?) {
        guard tag < 0 else {
            prefetchEnded(tag: tag)
            return
        }
        guard let image else { return }
        environment.setImageOnMain(image, on: CellDeliveryTag.cell(tag), ifRepresenting: CellDeliveryTag.issued(tag))
    }

    /// The prefetch of `tag` ended: its prefetcher's slot is free for the next item.
    private func prefetchEnded(tag: Int) {
        let slot = PrefetcherTag.slot(tag)
        guard let prefetcher = prefetchers[slot].prefetcher else {
            preconditionFailure("no prefetcher in slot \(slot)")
        }
        prefetcher.release(PrefetcherTag.ticket(tag))
        freeIfDone(prefetcher, slot: slot)
    }

    /// Frees `slot` once its `prefetcher` has nothing pending or running (every item ended).
    private func freeIfDone(_ prefetcher: PriorityWorkQueue, slot: Int) {
        guard prefetcher.runningCount == 0 && prefetcher.pendingCount == 0
            && prefetchers[slot].prefetcher === prefetcher else {
            return
        }
        prefetchers[slot] = PrefetcherSlot(prefetcher: nil, items: [])
        freePrefetchers.free(slot, in: prefetchers)
    }

    /// A running prefetcher and its items, by ticket (`prefetchers`); a free slot holds neither and
    /// links to the next free one.
    private struct PrefetcherSlot: FreeListLinked {
        /// The prefetcher, nil once the slot is free.
        var prefetcher: PriorityWorkQueue?
        /// Its items, by ticket.
        var items: [Int]
        /// While the slot is free: the next free slot (`FreeList`).
        var nextFreeSlot = -1
    }

    /// A prefetch's tag: its prefetcher's slot (high bits) and its ticket there (low 32 bits).
    private enum PrefetcherTag {
        static func make(slot: Int, ticket: Int) -> Int {
            precondition(ticket >> 32 == 0 && slot >> 30 == 0, "prefetcher slot or ticket out of range")
            return slot << 32 | ticket
        }
        static func slot(_ tag: Int) -> Int { tag >> 32 }
        static func ticket(_ tag: Int) -> Int { tag & (1 << 32 - 1) }
    }

    /// A cell's delivery tag, below 0: `~tag` holds the `kf.taskIdentifier` issued (high bits) and
    /// the cell (low 24 bits).
    private enum CellDeliveryTag {
        static func make(cell: CellID, issued: Int) -> Int {
            precondition(cell >= 0 && cell >> 24 == 0 && issued >= 0 && issued >> 38 == 0, "cell or task out of range")
            return ~(issued << 24 | cell)
        }
        static func cell(_ tag: Int) -> CellID { ~tag & (1 << 24 - 1) }
        static func issued(_ tag: Int) -> Int { ~tag >> 24 }
    }

    func didReceiveMemoryWarning() {
        memory.removeAll()
    }

    /// The disk entry a request looks for: the processor's key when downsampling.
    private func diskKey(_ imageID: Int) -> Int {
        configuration.isDownsampling ? DiskCacheModel.processedKey(imageID) : DiskCacheModel.originalKey(imageID)
    }

    /// `DownsamplingImageProcessor(size:)` with `.scaleFactor`: an ImageIO thumbnail whose long
    /// side is max(width, height) of the cell in pixels (`KingfisherWrapper.downsampledImage`).
    private func thumbnailMode(forItem item: Int) -> DecodeMode {
        let cell = environment.cellPixelSize(ofItem: item)
        return .thumbnail(maxPixelSize: max(cell.width, cell.height))
    }

    /// `KingfisherManager.retrieveImage` after a memory miss: the disk, else the download. A disk
    /// read is stale once `cell`'s `kf.taskIdentifier` is no longer `issued`.
    private func retrieve(_ imageID: Int, item: Int, cell: CellID, issued: Int,
                          delivery: consuming SharedImageLoads.Delivery) -> RequestOutcome {
        let key = diskKey(imageID)
        guard disk.contains(key: key) else { return download(imageID, item: item, delivery: delivery) }
        let environment = self.environment
        let isStale = { environment.representedIdentifier(of: cell) != issued }
        let load = loads.makePrivate(imageID, token: 0, priority: .normal, delivery: delivery)  // (never left)
        let size = configuration.isDownsampling
            ? environment.pixelSize(ofImage: imageID, mode: thumbnailMode(forItem: item)) : nil
        // CHECK 1 (before the read) in `unlessStale`; CHECKs 2 and 3 (after the read and after
        // the deserialization, which costs nothing here) at the read's end.
        disk.read(into: load, key: key, unlessStale: isStale) { [unowned(unsafe) self] wasRead in
            guard wasRead, !isStale() else {
                load.leaveQueue()
                loads.fail(load)  // `.stale`: nothing stored in memory, nothing delivered
                return
            }
            guard configuration.isBackgroundDecoding else {
                load.leaveQueue()
                let image = size.map { environment.makeUndecodedImage(imageID, width: $0.width, height: $0.height) }
                    ?? environment.makeUndecodedImage(imageID)
                memory.store(image, for: imageID)
                loads.complete(load, with: image)
                return
            }
            let mode = size.map { DecodeMode.stored(width: $0.width, height: $0.height) } ?? .full
            load.job = environment.decode(imageID, mode: mode) { [unowned(unsafe) self] image in
                load.job = nil
                load.leaveQueue()  // `image.kf.decoded` ran on the ioQueue
                memory.store(image, for: imageID)
                loads.complete(load, with: image)
            }
        }
        return .diskHit
    }

    /// `ImageDownloader.downloadImage`, joining a download of the same URL in flight; the data is
    /// processed on the serial processing queue, then cached in memory and on disk. The download
    /// has the load as its target and `item` as its tag (`loadNetworkEnded`: no completion
    /// closure per download).
    private func download(_ imageID: Int, item: Int, delivery: consuming SharedImageLoads.Delivery) -> RequestOutcome {
        // Token 0: Kingfisher never cancels a request, so no requester leaves.
        let (load, isNew) = loads.join(imageID, token: 0, priority: .normal, delivery: delivery)
        guard isNew else { return .inflightJoin }
        load.network = session.load(imageID, priority: .normal, target: load, tag: item)
        return .miss
    }

    /// The download of `load` started for `item` (`tag`) ended.
    func loadNetworkEnded(_ load: SharedImageLoad, tag item: Int, result: NetworkResult) {
        load.network = nil
        guard case .success(let bytes) = result else {
            loads.fail(load)
            return
        }
        process(load, item: item, dataBytes: bytes)
    }

    /// `ImageDataProcessor`: the downsampling processor or the default one (`UIImage(data:)`,
    /// free), then `image.kf.decoded` with `backgroundDecode` (free for a thumbnail ImageIO made
    /// decoded), then the caches. `dataBytes`: the downloaded data's size.
    private func process(_ load: SharedImageLoad, item: Int, dataBytes: Int64) {
        let imageID = load.imageID
        let mode: DecodeMode? = configuration.isDownsampling ? thumbnailMode(forItem: item)
            : configuration.isBackgroundDecoding ? .full : nil
        guard let mode else {
            cache(environment.makeUndecodedImage(imageID), of: load, dataBytes: dataBytes)
            return
        }
        load.enqueue(on: processingQueue) { [unowned(unsafe) self] in
            load.job = environment.decode(imageID, mode: mode) { [unowned(unsafe) self] image in
                load.job = nil
                load.leaveQueue()
                cache(image, of: load, dataBytes: dataBytes)
            }
        }
    }

    /// `KingfisherManager.cacheImage`: memory, then the disk (the processed image under the
    /// processor's key, then the original with `cacheOriginalImage`), then the requesters.
    /// `dataBytes`: the downloaded data's size.
    private func cache(_ image: ImageObject, of load: SharedImageLoad, dataBytes: Int64) {
        let imageID = load.imageID
        memory.store(image, for: imageID)
        if configuration.isDownsampling {
            let processed = ProcessedImageData.encodedBytes(of: image, dataBytes: dataBytes, environment: environment)
            disk.store(key: DiskCacheModel.processedKey(imageID), bytes: processed)
        }
        disk.store(imageID, bytes: dataBytes)
        loads.complete(load, with: image)
    }
}

extension KingfisherStrategy {
    /// The memory cache's cost limit, bytes (for tests).
    var memoryCostLimitBytes: Int64 { memory.configuration.costLimitBytes }
    /// Images in the memory cache (for tests).
    var memoryCacheCount: Int { memory.count }
}
