import ScrollSimCore

/// `nuke`: Nuke 13's `ImagePipeline`, images loaded per cell (`LazyImage` /
/// `loadImage(with:into:)`) and `ImagePrefetcher` in the prefetch callbacks (kean/Nuke 13.2.0).
/// By default the pipeline an app gets, `ImagePipeline.shared`, built with `.withURLCache`
/// (`Pipeline/ImagePipeline.swift`, `_shared`); `diskCache: "dataCache"` builds it with
/// `.withDataCache` instead (`DiskCache`).
///
/// - Memory: `ImageCache` of decompressed images, CLOCK (second chance) since 13.0.5 (commit
///   a01bcfb3, `Cache._trim(while:)`; `CacheIndex.Policy.clock`), not the strict LRU its
///   documentation still describes; `costLimit` `min(Int(0.15 × physicalMemory), 805 306 368)`
///   bytes (15 % of the device's memory, at most 768 MB: 768 MB on the default iPhone 14 Pro),
///   `entryCostLimit` 0.1 (an image must cost less than `Int(0.1 × costLimit)` to be stored), no
///   TTL (`Caching/ImageCache.swift`, `Cache.swift`). Cleared by its
///   `DispatchSource.makeMemoryPressureSource([.warning, .critical], queue: .main)` handler
///   (`Cache.init`), not by UIKit's memory warning, which it does not observe:
///   `didReceiveMemoryPressure`. Looked up synchronously on the main thread; a hit is set at once.
/// - Disk, `.withURLCache` (default): no `DataCache`, so `TaskLoadImage.start` finds no cached
///   data and every memory miss starts a data task (`TaskFetchOriginalData`): the `RateLimiter`,
///   then a `dataLoadingQueue` slot, then `DataLoader`'s `URLSession`, which answers from
///   `DataLoader.sharedUrlCache` (`sharedURLCache`: the session's HTTP cache, docs/model.md,
///   Resources; a disk read while the slot is held) when it holds the response, else from the
///   network, and stores the response after the download (`ImagePipeline.swift:37`,
///   `ImagePipeline+Configuration.swift:185-190`, `TaskFetchOriginalData.swift:40-71` at 13.2.0;
///   what is assumed of `URLCache`, which is not open source, is listed in docs/fidelity.md,
///   section `nuke`).
/// - Disk, `.withDataCache`: `DataCache` (150 MB, LRU by access), read on the pipeline's serial
///   queue before any network work (`TaskLoadImage.start`); downloads are stored after they
///   complete (staged, batched writes beside the reads); `URLCache` off. The 30-min sweep to
///   70 % is modelled as LRU eviction at insertion.
/// - Coalescing at every stage: one task per image whatever its requesters, with the highest
///   priority among them (`AsyncTask.updatePriority`), raised on join and lowered when one
///   leaves, applied to the task's queue operation (`TaskQueue`: per-priority buckets, FIFO
///   within, raised operations appended, lowered prepended); cancelled only when every
///   requester has cancelled. Nuke leaves the `URLSessionTask` priority at its default
///   (`DataLoader.swift`), and so does the model.
/// - Data tasks start: the token-bucket `RateLimiter` (80/s, burst 25; a cancelled task takes no
///   token), then `dataLoadingQueue` (6 at once, `ImagePipeline+Configuration.swift`), held for the
///   whole task (a download, or a URL-cache read under `.withURLCache`).
/// - Decode off the main thread: `ImageDecoders.Default` makes a lazily decoded
///   `UIImage(data:)` on `imageDecodingQueue` (1), a negligible cost not modelled; the bitmap is
///   made by decompression on `imageDecompressingQueue` (2), modelled as one full decode per
///   image through a queue of width 2 on the decoder threads. `main_decode_ms` stays 0.
/// - Downsampling (`downsample`: `ImageRequest(url:processors: [.resize(size: cell size)])`, the
///   performance guide's advice, with the same processors for the prefetcher): the data cache
///   keeps only the original data (`dataCachePolicy` `.storeOriginalData`, the default), so a
///   disk hit or a download yields the original, decoded lazily; the resize processor then draws
///   it into a bitmap scaled to fill the cell (`ImageProcessors.Resize`, aspect fill, no crop, no
///   upscale: scale = max(cell w / w, cell h / h), size rounded) on `imageProcessingQueue` (2),
///   paying the full decode there (`DecodeMode.drawn`). A drawn image is not decompressed again
///   (`ImageDecompression`: only decoder output is flagged), and only the processed image goes
///   into the memory cache (`TaskLoadImage`: the inner original task has no direct subscriber).
///   When the cell is as large as the image (scale ≥ 1) the processor returns the image as is
///   and it is decompressed as without downsampling.
/// - Reuse: the cell's `ImageTask` is cancelled in `prepareForReuse`; a miss shows no image
///   (`isPrepareForReuseEnabled`); results arrive through the main queue.
/// - Prefetch: `ImagePrefetcher`, destination `.memoryCache`, its own queue of 2
///   (`maxConcurrentRequestCount`) in front of the pipeline, priority `.low`, skipping images in
///   memory and de-duplicating by image; `stopPrefetching` (from `cancelPrefetching`) cancels a
///   queued operation or leaves the shared task.
/// - Resumable downloads (`isResumableDataEnabled`, on by default): a download cancelled (or
///   failed) after some bytes arrived keeps them in `ResumableDataStorage` (1 % of the device's
///   memory, 100 entries); the next data task for the image takes them out and asks for the rest
///   with `Range`/`If-Range`, and a 206 response is appended to them (`TaskFetchOriginalData.swift`
///   at 13.2.0; the servers' `Accept-Ranges`, validators and 206 answers are assumed: docs/fidelity.md).
final class NukeStrategy: FetchStrategy, PriorityWorkTarget, SharedImageLoadStages {
    /// `ImageCache.defaultCostLimit` on `device`, bytes: `min(Int(Double(physicalMemory) × 0.15),
    /// 805_306_368)` (768 MB), computed as Nuke 13.2.0 does.
    static func defaultMemoryCostLimitBytes(on device: DeviceInfo) -> Int64 {
        min(Int64(Double(device.physicalMemoryBytes) * 0.15), 805_306_368)
    }
    /// `ImageCache.entryCostLimit`.
    static let maxEntryCostFraction = 0.1
    /// Bytes in the "MB" of `memoryCacheMB`.
    static let bytesPerMB: Int64 = 1_048_576
    /// `DataCache.sizeLimit`: 150 MB.
    static let dataCacheBytes: Int64 = 150 * bytesPerMB
    /// `DataLoader.sharedUrlCache`: `URLCache(memoryCapacity: 0, diskCapacity: 150 × 1 048 576)`
    /// (`Sources/Nuke/Loading/DataLoader.swift` at 13.2.0); responses up to 5 % of it are stored.
    static let sharedURLCache = URLCacheConfiguration(
        name: "DataLoader.sharedUrlCache", memoryCapacityBytes: 0, diskCapacityBytes: 150 * bytesPerMB)
    /// `dataLoadingQueue.maxConcurrentOperationCount`.
    static let maxConcurrentDownloads = 6
    /// `imageDecompressingQueue.maxConcurrentOperationCount`.
    static let decompressionWidth = 2
    /// `imageProcessingQueue.maxConcurrentOperationCount`.
    static let processingWidth = 2
    /// `ImagePrefetcher.maxConcurrentRequestCount`.
    static let prefetcherWidth = 2

    /// One `ImagePrefetcher` task: its queue ticket (which also tells it from a later task of the
    /// same image), then its requester token once started. A value in `prefetchTasks`: no object
    /// per task.
    private struct PrefetchTask {
        /// Its ticket in the prefetcher's queue.
        var ticket: Int
        /// Its requester token once started (0 before).
        var token = 0
    }

    /// The run's services.
    private let environment: FetchEnvironment
    /// `DataLoader.session`: its own session (`URLSessionConfiguration.default`, default per-host
    /// limit, `sessionDescription` "Nuke URLSession"; `Sources/Nuke/Loading/DataLoader.swift`, 13.2.0).
    private let session: NetworkSession
    /// `ImagePipeline.Configuration.imageCache`.
    private let memory: ImageMemoryCache
    /// `ImagePipeline.Configuration.dataCache` (`.withDataCache`; nil with `.withURLCache`).
    private let dataCache: DiskCacheModel?
    /// The pipeline's `RateLimiter`.
    private let rateLimiter: TokenBucketRateLimiter
    /// `dataLoadingQueue`.
    private let dataLoadingQueue = PriorityWorkQueue(width: maxConcurrentDownloads)
    /// `imageDecompressingQueue`.
    private let decompressionQueue = PriorityWorkQueue(width: decompressionWidth)
    /// `imageProcessingQueue`.
    private let processingQueue = PriorityWorkQueue(width: processingWidth)
    /// Whether requests carry the resize processor.
    private let isDownsampling: Bool
    /// The `ImagePrefetcher`'s own queue.
    private let prefetcher = PriorityWorkQueue(width: prefetcherWidth)
    /// The pipeline's tasks, one per image.
    private let loads: SharedImageLoads
    /// The prefetcher's tasks by image (images near the viewport: memory follows the tasks held).
    @exclusivity(unchecked) private var prefetchTasks = IntKeyedTable<PrefetchTask>()
    /// The token of each cell's current `ImageTask` (indexed by cell), 0 when none.
    private let cellLoads: CellLoadTokens  // (not lazy: a lazy getter retains it on every access)
    /// `ResumableDataStorage.shared` (one pipeline).
    let resumableData: ResumableDataStorage

    /// Nuke with a memory cache of `memoryCacheMB` MB, or (nil) `ImageCache.defaultCostLimit` for
    /// the device, requesting with the resize processor when `isDownsampling`, its pipeline built
    /// with the configuration `diskCache` names.
    init(environment: FetchEnvironment, memoryCacheMB: Int? = nil, isDownsampling: Bool = false,
         diskCache: DiskCache = .urlCache) {
        self.environment = environment
        self.isDownsampling = isDownsampling
        // `.withURLCache`: the session's `urlCache` is `DataLoader.sharedUrlCache`; `.withDataCache`
        // sets it to nil.
        session = environment.makeSession(.init(
            name: "Nuke URLSession", urlCache: diskCache == .urlCache ? Self.sharedURLCache : nil))
        let costLimit = memoryCacheMB.map { Int64($0) * Self.bytesPerMB }
            ?? Self.defaultMemoryCostLimitBytes(on: environment.device)
        let loads = SharedImageLoads(rule: .highest)
        self.loads = loads
        cellLoads = CellLoadTokens(loads: loads)
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .clock, costLimitBytes: costLimit, maxEntryCostFraction: Self.maxEntryCostFraction))
        switch diskCache {
        case .urlCache:
            dataCache = nil
        case .dataCache:
            dataCache = DiskCacheModel(environment: environment, sizeLimitBytes: Self.dataCacheBytes,
                                       writesUseIOQueue: false)
        }
        rateLimiter = TokenBucketRateLimiter(environment: environment)
        resumableData = ResumableDataStorage(physicalMemoryBytes: environment.device.physicalMemoryBytes,
                                             environment: environment)
        loads.reportStages(to: self)
    }

    func prepareForReuse(_ cell: CellID) {
        cellLoads.cancel(cell)  // `ImageTask.cancel()`
    }

    func cellForItem(_ cell: CellID, item: Int) {
        cellLoads.cancel(cell)
        let imageID = environment.imageID(forItem: item)
        if let image = memory.image(for: imageID) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            return
        }
        environment.setImage(nil, on: cell)
        let token = cellLoads.begin(cell)
        let outcome = loadImage(imageID, item: item, token: token, priority: .normal,
                                delivery: .closure(cellLoads.delivery(to: cell, token: token,
                                                                      environment: environment)))
        environment.record(outcome, imageID: imageID)
    }

    func prefetch(items: [Int]) {
        for item in items {
            let imageID = environment.imageID(forItem: item)
            guard prefetchTasks[imageID] == nil, memory.image(for: imageID) == nil else { continue }
            let ticket = prefetcher.nextTicket
            prefetchTasks[imageID] = PrefetchTask(ticket: ticket)
            let added = prefetcher.add(priority: .low, target: self, tag: PrefetchTag.make(item: item, ticket: ticket))
            assert(added == ticket)
        }
        prefetcher.startReady()
    }

    /// A prefetch task's turn in the prefetcher came (`PriorityWorkTarget`; `tag` from
    /// `PrefetchTag`): it loads the image, holding its slot until the load ends.
    /// Tags below zero are `DataLoadTag`s: `dataLoadStarted(tag:)`.
    func workStarted(tag: Int) {
        guard tag >= 0 else {
            dataLoadStarted(tag: tag)
            return
        }
        let item = PrefetchTag.item(tag), ticket = PrefetchTag.ticket(tag)
        let imageID = environment.imageID(forItem: item)
        if memory.image(for: imageID) != nil {
            prefetchEnded(imageID, ticket: ticket)
            return
        }
        let token = loads.makeToken()
        // The task is still held: its work runs only while its ticket is (a cancel releases both).
        prefetchTasks.update(imageID) { $0.token = token }
        _ = loadImage(imageID, item: item, token: token, priority: .low, delivery: .tag(tag))  // `loadDelivered`
    }

    /// A prefetch task's load ended (`tag`: its `PrefetchTag`).
    func loadDelivered(tag: Int, image: ImageObject?) {
        prefetchEnded(environment.imageID(forItem: PrefetchTag.item(tag)), ticket: PrefetchTag.ticket(tag))
    }

    func cancelPrefetching(items: [Int]) {
        for item in items {
            let imageID = environment.imageID(forItem: item)
            guard let task = prefetchTasks.removeValue(forKey: imageID) else { continue }
            loads.leave(task.token)
            prefetcher.release(task.ticket)
        }
    }

    /// The memory-pressure source's handler: `removeAllCachedValues()` on `.warning` and
    /// `.critical` (`Cache.swift`, Nuke 13.2.0). UIKit's memory warning is not observed.
    func didReceiveMemoryPressure(_ level: MemoryPressureLevel) {
        memory.removeAll()
        resumableData.removeAll()  // its `Cache` has the same handler
    }

    /// The prefetch task of `ticket` finished: forget it (unless a later task of the image replaced
    /// it) and free its slot.
    private func prefetchEnded(_ imageID: Int, ticket: Int) {
        if prefetchTasks[imageID]?.ticket == ticket { prefetchTasks[imageID] = nil }
        prefetcher.release(ticket)
    }

    /// The resize processor's output for `item`'s cell, or nil when the image needs no scaling
    /// (`ImageProcessingExtensions.byResizing`: aspect fill, returned as is when scale ≥ 1).
    static func resizedSize(source: (width: Int, height: Int),
                            cell: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        let scale = max(Double(cell.width) / Double(source.width), Double(cell.height) / Double(source.height))
        guard scale < 1 else { return nil }
        return (Int((Double(source.width) * scale).rounded()), Int((Double(source.height) * scale).rounded()))
    }

    /// The pipeline after a memory miss: join the task in flight, else read the data cache
    /// (`.withDataCache`) or start a data task (rate limiter, `dataLoadingQueue`, then URLSession:
    /// its URL cache under `.withURLCache`, else the network), then process or decompress and
    /// store in memory. A request URLSession will answer from its URL cache counts as a disk hit.
    private func loadImage(_ imageID: Int, item: Int, token: Int, priority: RequestPriority,
                           delivery: consuming SharedImageLoads.Delivery) -> RequestOutcome {
        let (load, isNew) = loads.join(imageID, token: token, priority: priority, delivery: delivery)
        guard isNew else { return .inflightJoin }
        let resized = isDownsampling
            ? Self.resizedSize(source: environment.imagePixelSize(ofImage: imageID),
                               cell: environment.cellPixelSize(ofItem: item)) : nil
        if let dataCache, dataCache.contains(imageID) {
            dataCache.read(into: load) { [unowned(unsafe) self] in
                load.leaveQueue()
                finish(load, resizedTo: resized)
            }
            return .diskHit
        }
        rateLimiter.execute(target: load, tag: DataLoadTag.make(imageID, resizedTo: resized))  // `loadPassedRateLimit`
        return session.outcomeOfLoad(imageID)
    }

    /// The rate limiter let `load`'s data task (`tag` from `DataLoadTag`) go on to `dataLoadingQueue`,
    /// unless the load was cancelled meanwhile.
    func loadPassedRateLimit(_ load: SharedImageLoad, tag: Int) -> Bool {
        guard !load.isCancelled else { return false }
        load.enqueue(on: dataLoadingQueue, target: self, tag: tag)
        return true
    }

    /// `load`'s data task starts on `dataLoadingQueue` (`resized`: the processor's output size).
    private func dataLoadStarted(_ load: SharedImageLoad, resizedTo resized: (width: Int, height: Int)?) {
        // `performDataLoad`: bytes kept from an earlier download are taken out and the rest
        // asked for (`Range: bytes=N-`, `If-Range`). URLSession answers a whole-image request
        // from its URL cache when it holds the response (a disk read, no connection), else
        // from the network, and stores the download.
        let kept = resumableData.remove(load.imageID) ?? 0
        load.network = session.load(load.imageID, priority: .normal, rangeStart: kept, target: load,
                                    tag: SizeBits.make(resized))
        load.cancelTag = Int(kept)  // for `downloadCancelled`, and read when the task ends
    }

    /// `load`'s data task ended (`tag`: the resized size, `SizeBits`); its `cancelTag` holds the
    /// bytes it resumed from (also after a cancel whose completion came first).
    func loadNetworkEnded(_ load: SharedImageLoad, tag: Int, result: NetworkResult) {
        let imageID = load.imageID
        guard let kept = load.cancelTag.take().map(Int64.init) else { preconditionFailure("no kept bytes") }
        load.network = nil
        load.leaveQueue()
        guard case .success(let bytes) = result else {
            // No response body: the bytes taken out go back (`tryToSaveResumableData`).
            if kept > 0 { resumableData.store(imageID, bytes: kept) }
            loads.fail(load)
            return
        }
        // A 206 is appended to the kept bytes (`dataTask(didReceiveResponse:)`).
        dataCache?.store(imageID, bytes: kept + bytes)
        finish(load, resizedTo: SizeBits.size(tag))
    }

    /// `load`'s data task was cancelled (`kept`: the bytes it resumed from).
    func loadCancelled(_ load: SharedImageLoad, tag kept: Int, network: NetworkTask?) {
        guard let network else { preconditionFailure("a data task's cancel without its task") }
        downloadCancelled(network, imageID: load.imageID, kept: Int64(kept))
    }

    /// `onCancelled` of a data task: once the cancel has taken effect (the task then reports the
    /// bytes it received), `tryToSaveResumableData` keeps them after the `kept` bytes it resumed
    /// from when `ResumableData(response:data:)` accepts them, else puts `kept` back when no
    /// response came (`TaskFetchOriginalData.swift:90-96, 169-180, 280-292`, `ResumableData.swift:13-32`).
    private func downloadCancelled(_ task: NetworkTask, imageID: Int, kept: Int64) {
        guard task.isFinished else {
            // The cancel is an event at the caller's (main-thread) time: save after it.
            environment.schedule(after: 0) { [unowned(unsafe) self] in
                downloadCancelled(task, imageID: imageID, kept: kept)
            }
            return
        }
        let received = task.countOfBytesReceived
        if received > 0 {
            // `data` is the kept bytes and what arrived since; it must be shorter than the response's
            // `expectedContentLength` (a 206's: the remaining bytes), which is 200 or 206 with
            // `Accept-Ranges: bytes` and a validator (assumed of every response).
            let data = kept + received
            if data < task.countOfBytesExpectedToReceive { resumableData.store(imageID, bytes: data) }
        } else if kept > 0 {
            resumableData.store(imageID, bytes: kept)
        }
    }

    /// The original image is here: the resize processor draws it (`imageProcessingQueue`), or it
    /// is decompressed (`imageDecompressingQueue`). (These stages have the load as their target,
    /// with the size drawn as tag (`SizeBits`; 0: decompression): a late network or disk
    /// completion, whose cancel was deferred to the main thread's cursor, runs them on a cancelled
    /// load that is no longer the one in the table.)
    private func finish(_ load: SharedImageLoad, resizedTo size: (width: Int, height: Int)?) {
        load.enqueue(on: size == nil ? decompressionQueue : processingQueue, stageTag: SizeBits.make(size))
    }

    /// `load`'s turn on the processing or decompression queue (`tag` from `SizeBits`) came: it is
    /// drawn at its size, or decompressed.
    func loadWorkStarted(_ load: SharedImageLoad, tag: Int) {
        let mode = SizeBits.size(tag).map { DecodeMode.drawn(width: $0.width, height: $0.height) } ?? .full
        load.job = environment.decode(load.imageID, mode: mode, target: load, tag: 0)
    }

    /// `load`'s drawing or decompression ended: the memory cache, then the requesters.
    func loadJobEnded(_ load: SharedImageLoad, tag: Int, image: ImageObject?) {
        guard let image else { preconditionFailure("a decode without an image") }
        load.job = nil
        load.leaveQueue()
        memory.store(image, for: load.imageID)
        loads.complete(load, with: image)
    }

    /// A data load (`tag` from `DataLoadTag`) starts on `dataLoadingQueue`. Its load is the one in
    /// flight for the image: the rate limiter queues only a load not cancelled, and a cancel takes
    /// a load out of its queue and of the table at once.
    private func dataLoadStarted(tag: Int) {
        let imageID = DataLoadTag.imageID(tag)
        guard let load = loads.inflightLoad(for: imageID) else { preconditionFailure("no load of image \(imageID)") }
        dataLoadStarted(load, resizedTo: DataLoadTag.size(tag))
    }

    /// The tag of a data load in `dataLoadingQueue`: below zero (apart from `PrefetchTag`), `~tag`
    /// holding the image ID (low 31 bits) and the resized size if any (`SizeBits`, above).
    private enum DataLoadTag {
        static func make(_ imageID: Int, resizedTo size: (width: Int, height: Int)?) -> Int {
            precondition(imageID >= 0 && imageID >> 31 == 0, "image ID out of range")
            return ~(SizeBits.make(size) << 31 | imageID)
        }
        static func imageID(_ tag: Int) -> Int { ~tag & (1 << 31 - 1) }
        static func size(_ tag: Int) -> (width: Int, height: Int)? { SizeBits.size(~tag >> 31) }
    }

    /// An optional size in 31 bits: 0 for none, else a flag (bit 30), the width (bits 15-29) and
    /// the height (bits 0-14). `size` reads the low 31 bits.
    private enum SizeBits {
        private static let flag = 1 << 30
        static func make(_ size: (width: Int, height: Int)?) -> Int {
            guard let size else { return 0 }
            precondition(size.width >= 0 && size.width >> 15 == 0 && size.height >= 0 && size.height >> 15 == 0,
                         "size out of range")
            return flag | size.width << 15 | size.height
        }
        static func size(_ bits: Int) -> (width: Int, height: Int)? {
            guard bits & flag != 0 else { return nil }
            return (bits >> 15 & (1 << 15 - 1), bits & (1 << 15 - 1))
        }
    }
}

extension NukeStrategy {
    /// The memory cache's cost limit, bytes (for tests).
    var memoryCostLimitBytes: Int64 { memory.configuration.costLimitBytes }
    /// The smallest image cost the memory cache refuses, bytes (for tests).
    var memoryEntryMaxCostBytes: Int64 {
        ImageMemoryCache.entryMaxCost(limit: memory.configuration.costLimitBytes,
                                      fraction: memory.configuration.maxEntryCostFraction)
    }
    /// Images in the memory cache (for tests).
    var memoryCacheCount: Int { memory.count }
}
