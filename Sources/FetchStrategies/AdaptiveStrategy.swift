import ScrollSimCore

/// `adaptive`: ScrollSim's own strategy, what a performance engineer writes after reading the
/// others (no single source; the origin of each mechanism is named).
///
/// - **Plans from the scroll, not from prefetch calls** (as Texture does; UIKit's prefetch calls
///   are ignored). At each layout pass it reads the offset and velocity and estimates the
///   deceleration rate from two successive velocities (UIScrollView's exponential decay), hence
///   where a fling will rest (what `targetContentOffset` tells an app).
/// - **Learns what a load costs** (no oracle): a `LoadEstimator` fed only by its own session's
///   `TaskMetrics` and the durations of its own decodes keeps windowed medians of the first-byte
///   time, the link's rate (corrected for its own transfers sharing it), the bytes of an image
///   and the decode time, starting from a cautious prior (docs/fidelity.md, `adaptive`).
/// - **Velocity-aware horizon**: candidates are the prepared cells without their image, the items
///   within `max(|v| × expected load time × lookaheadLoads, stopping distance)` ahead (clamped to
///   `minPrefetchScreens...maxPrefetchScreens` screens), and `minPrefetchScreens` beyond where
///   the content will rest (a guess about the next scroll, loaded last, `speculativeSlots` at a
///   time). The expected load time is the estimated first-byte time and decode plus a median
///   image's transfer with every download slot sharing the link.
/// - **Only what will be seen**: candidates are ordered by when they enter the screen and admitted
///   against a bandwidth-serial estimate of when each image would arrive. While a fling
///   decelerates, items where it will rest come first; an item it carries past is loaded only if
///   its time on screen with the image beats the delay it adds to resting items.
/// - **Few downloads at once** (`downloadSlots`): enough to cover the estimated p95 first-byte time
///   with transfers, at most `maxDownloads`, started in plan order by the strategy itself, so the
///   most urgent image gets the most bandwidth and the plan, not the network's FIFO, decides what
///   goes next. Its own session allows `maxDownloads` connections, so the strategy, not
///   URLSession's default of 6, sets the concurrency (as PINRemoteImage does with its session).
///   Guesses about the next scroll run at `speculativeSlots`, the depth that keeps an otherwise
///   idle link busy (Little's law on the median first-byte time).
/// - **Priorities**: displayed cells high, items entering within one expected load time normal,
///   the rest low; raised at once when a displayed cell joins a load (Nuke, PINRemoteImage).
/// - **Cancellation by reference count**: a load lives while a prepared cell or a horizon item
///   still wants it (counted again at every layout pass), as in Nuke and PINRemoteImage; a download
///   that can no longer arrive while its item is on screen is dropped too.
/// - **Downsampling** off the main thread to the cell's pixel size
///   (`.thumbnail(maxPixelSize: max(cell width, height) px)`, WWDC18 session 219): a cheaper
///   decode and a small bitmap; nothing is decoded on the main thread.
/// - **Caches**: an LRU memory cache of the downsampled bitmaps (`memoryCacheMB`, default 100 MiB,
///   our choice) whose displayed entries are protected (Apple's asset store); a memory warning
///   evicts the rest. An LRU disk cache of the data (`diskCacheMB`, default 150 MiB, Nuke
///   `DataCache`'s default), read before the network, written after each download.
/// - **Batched image sets**: decoded images wait in a list; the next layout pass sets them all
///   (inside the frame, so they show in that frame), and when no frame comes a single main-queue
///   block, armed for the middle of a later frame interval, does: at most one image-setting
///   block per frame interval.
///
/// No placeholders; a failed download is not retried for `retryDelay` (1 s), then is wanted again
/// like any other image (no retry storm on a failing network, no re-entrant retry loop).
final class AdaptiveStrategy: FetchStrategy {
    /// The tuning.
    struct Configuration: Sendable {
        /// Memory cache limit for downsampled bitmaps, MiB. Default 100.
        var memoryCacheMB = 100.0
        /// Disk cache limit for downloaded data, MiB. Default 150 (Nuke `DataCache`).
        var diskCacheMB = 150.0
        /// Smallest look-ahead, screens (also the look-ahead at rest). Default 1 (UIKit's window).
        var minPrefetchScreens = 1.0
        /// Largest look-ahead, screens. Default 4.
        var maxPrefetchScreens = 4.0
        /// Look-ahead in expected load times at the current speed. Default 2.
        var lookaheadLoads = 2.0
        /// Downloads at once at most for the guess beyond the resting viewport (the link's
        /// `speculativeSlots` decide below it). Default 10.
        var maxSpeculativeLoads = 10
        /// Downloads in flight at most, and the session's `httpMaximumConnectionsPerHost`: a
        /// ceiling for the bandwidth-delay rule that sets `downloadSlots`. Default 10,
        /// PINRemoteImage's `maxConcurrentDownloads`, the most any library of the catalogue runs.
        var maxDownloads = 10
        /// Screens beyond each edge of the viewport within which a download the plan no longer
        /// wants is kept (at low priority) rather than cancelled. Default 1 (UIKit's prefetch
        /// window; Texture's trailing preload buffer).
        var keepScreens = 1.0
        /// Seconds a download the plan dropped is kept (at low priority) before it is cancelled,
        /// unless a fling carries the content away. Default 0.5.
        var cancelGraceSeconds = 0.5
    }

    /// One load (disk or network, then a downsampling decode) of one image.
    private final class Load: PoolJobTarget, NetworkLoadTarget {
        enum Phase {
            case disk(PoolTask)
            case network(NetworkTask)
            case decode(PoolTask)
        }
        let imageID: Int
        var phase: Phase? {
            didSet {
                if case .network? = phase { isDownloading = true } else { isDownloading = false }
            }
        }
        /// Whether `phase` is `.network` (kept by `phase`: the plan and the pump read a flag, not
        /// the enum and its task).
        private(set) var isDownloading = false
        var priority: RequestPriority
        let maxPixelSize: Int
        /// Whether it counts against `maxSpeculativeLoads`.
        var isSpeculative = false
        /// When the current phase started.
        var started: SimTime = 0
        /// The item it was started for.
        var item = 0
        /// When the plan stopped wanting it (nil: wanted).
        var droppedAt: SimTime?
        /// When its decode was submitted.
        var decodeSubmitted: SimTime = 0
        /// The strategy, told when the load's disk read, download or decode ends (`unowned(unsafe)`:
        /// `FetchStrategy`, "Lifetime").
        unowned(unsafe) let strategy: AdaptiveStrategy
        init(imageID: Int, priority: RequestPriority, maxPixelSize: Int, strategy: AdaptiveStrategy) {
            self.imageID = imageID
            self.priority = priority
            self.maxPixelSize = maxPixelSize
            self.strategy = strategy
        }

        /// The disk read (no image) or the decode (`image`) ended.
        func poolJobEnded(tag: Int, image: ImageObject?) {
            if let image {
                strategy.decodeEnded(self, image: image)
            } else {
                strategy.dataReady(self)
            }
        }

        /// The download ended.
        func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult) {
            strategy.downloaded(self, result: result)
        }
    }

    /// An item whose image may be wanted, with its predicted time on screen.
    /// (The eight-byte fields first, the 32-bit ids and the flags after them: 32 bytes a candidate,
    /// in the arrays the plan fills and reads on every plan. A downloading candidate's start is read from its load
    /// by the plan, which runs right after the gathering: the same `Load.started`.)
    private struct Candidate {
        /// Seconds until it enters the screen (0: on screen; `atRest`: a guess about the next scroll).
        var enter: Double
        /// Seconds until it has left the screen (infinity: never, as predicted).
        var leave: Double
        /// `item`, stored (32 bits, as `PlanEntry` holds it).
        private var storedItem: Int32
        /// `imageID`, stored (32 bits, as `ItemFacts` holds it).
        private var storedImageID: Int32
        var isDisplayed: Bool
        /// Whether a cell is prepared for it.
        var isAttached = true
        /// Whether its image must come from the network (not cached, not on disk, not loading).
        var needsDownload = false
        /// Whether its image has a load in flight.
        var isLoading = false
        /// Whether that load is downloading (its network phase).
        var isDownloading = false
        /// Whether the plan dropped its load in flight (it cannot arrive in time; set by `plan`).
        var isDropped = false
        /// The item.
        var item: Int { Int(storedItem) }
        /// The image it shows.
        var imageID: Int { Int(storedImageID) }

        /// A candidate for `item` (below 10⁷) showing `imageID` (an `ItemFacts.imageID`).
        init(item: Int, imageID: Int, enter: Double, leave: Double, isDisplayed: Bool, isAttached: Bool = true) {
            self.enter = enter
            self.leave = leave
            storedItem = Int32(truncatingIfNeeded: item)
            storedImageID = Int32(truncatingIfNeeded: imageID)
            self.isDisplayed = isDisplayed
            self.isAttached = isAttached
        }
    }

    /// What the strategy needs to know of an item that never changes during a run.
    /// (32-bit fields: a catalogue holds fewer than 2³¹ images, the layout at most 10⁷ items, and
    /// pixel sizes are far below 2³¹; and the image's `stateOf` slot, whose address never changes:
    /// 24 bytes an item. The plan reads one entry per item it visits, and its image's state
    /// through it without a second table lookup.)
    private struct ItemFacts {
        /// `imageID`, stored.
        private var storedImageID: Int32 = -1
        /// `maxPixelSize`, stored.
        private var storedMaxPixelSize: Int32 = 0
        /// `cacheLimit`, stored.
        private var storedCacheLimit: Int32 = 0
        /// `state`, stored (nil: not computed yet).
        private var storedState: UnsafeMutablePointer<ImageState>?
        /// The image the item shows (−1: not computed yet).
        var imageID: Int { Int(storedImageID) }
        /// Long side of the bitmap the item's cell needs, pixels.
        var maxPixelSize: Int { Int(storedMaxPixelSize) }
        /// The smallest long side, pixels, of a cached bitmap that serves the item: the cell's
        /// (`maxPixelSize`), or the full image's when that is smaller.
        var cacheLimit: Int { Int(storedCacheLimit) }
        /// The image's entry in `stateOf` (`stateOf.slot(imageID)`); only of computed facts.
        var state: UnsafeMutablePointer<ImageState> {
            assert(storedState != nil, "the state slot of facts not computed")
            return storedState.unsafelyUnwrapped
        }
        /// Facts not computed yet.
        init() {}
        /// The facts of an item (each value within 32 bits, see above).
        init(imageID: Int, maxPixelSize: Int, cacheLimit: Int, state: UnsafeMutablePointer<ImageState>) {
            storedImageID = Int32(clamping: imageID)
            storedMaxPixelSize = Int32(clamping: maxPixelSize)
            storedCacheLimit = Int32(clamping: cacheLimit)
            storedState = state
        }
    }

    /// One wanted image in the plan (12 bytes: 32-bit ids, as `ItemFacts` holds them; the plan
    /// writes one entry per admitted candidate and the pump reads them).
    private struct PlanEntry {
        /// `imageID`, stored.
        private var storedImageID: Int32
        /// `item`, stored.
        private var storedItem: Int32
        var priority: RequestPriority
        var isSpeculative: Bool
        /// The image to load.
        var imageID: Int { Int(storedImageID) }
        /// The item it was planned for.
        var item: Int { Int(storedItem) }

        /// An entry for `imageID` (an `ItemFacts.imageID`) shown by `item` (below 10⁷).
        init(imageID: Int, item: Int, priority: RequestPriority, isSpeculative: Bool) {
            storedImageID = Int32(truncatingIfNeeded: imageID)
            storedItem = Int32(truncatingIfNeeded: item)
            self.priority = priority
            self.isSpeculative = isSpeculative
        }
    }

    /// What the strategy knows about the motion at the last layout pass.
    struct Motion: Equatable {
        /// Content offset, points.
        var offset: Double = 0
        /// Speed, points per second (≥ 0).
        var speed: Double = 0
        /// +1 toward the end of the content, −1 toward its start.
        var direction = 1
        /// Exponential deceleration rate, 1/s (0: not decelerating).
        var decay: Double = 0
    }

    private let environment: FetchEnvironment
    /// Its own session, whose per-host limit is `maxDownloads`: the strategy, not the session,
    /// decides how many downloads run.
    private let session: NetworkSession
    /// The display's vsync grid (image sets are batched per frame interval).
    private let display: DisplayInfo
    private let configuration: Configuration
    private let layout: CollectionLayout
    private let memory: ImageMemoryCache
    private let disk: CacheIndex
    /// Scratch buffer for the keys `disk` evicts (their `ImageState.isOnDisk` is cleared), kept so
    /// that an insertion that evicts allocates nothing.
    private var diskEvicted: [Int] = []
    /// What a load costs, learned from the strategy's own requests and decodes.
    @exclusivity(unchecked) private(set) var estimator: LoadEstimator
    /// Expected time from request to decoded image with every download slot busy, seconds.
    @exclusivity(unchecked) private(set) var expectedLoadSeconds = 0.0
    /// Fastest time from request to decoded image (median latency, the whole link), seconds.
    @exclusivity(unchecked) private(set) var fastestLoadSeconds = 0.0
    /// Median first-byte time, seconds.
    @exclusivity(unchecked) private(set) var latencySeconds = 0.0
    /// Transfer time of a median image with the whole link, seconds.
    @exclusivity(unchecked) private(set) var transferSeconds = 0.0
    /// Downloads in flight at once: enough that a p95 first-byte time is covered by transfers
    /// (one more than p95 latency / median transfer time, at least 2), at most `maxDownloads`;
    /// `unmeasuredDepth` until the estimator has measured both. Fewer transfers sharing the link
    /// means the most urgent image arrives sooner.
    @exclusivity(unchecked) private(set) var downloadSlots = 2
    /// Speculative downloads at once: enough to keep an otherwise idle link busy (one more than
    /// median latency / median transfer time, Little's law), at most `maxSpeculativeLoads` and
    /// `downloadSlots`; 1 until the link is measured.
    @exclusivity(unchecked) private(set) var speculativeSlots = 1
    /// Image ids of the loads in flight, in no particular order (sorted where order matters);
    /// an image's `ImageState.activeSlot` is its position.
    @exclusivity(unchecked) private var activeLoads: [Int] = []
    /// The loads in flight, at their image's position in `activeLoads` (`load(of:)`): no table by
    /// image id, whose memory would follow every id ever loaded.
    @exclusivity(unchecked) private var activeLoadObjects: [Load] = []
    /// For images whose last download failed, the time before which they are not retried. A time
    /// passed is dropped at the next failure (`expireRetryTimes`) or when the pump next meets the
    /// image, whichever comes first, so the table holds the failures of the last `retryDelay` and
    /// those not met since: its memory follows the failures at once, not every image that ever
    /// failed and scrolled away.
    @exclusivity(unchecked) private var retryNotBefore = IntKeyedTable<SimTime>()
    /// The retry times not yet expired, in the order they were set, ascending (`retryDelay` is
    /// constant); an entry whose image failed again since (a later time in the table) or was
    /// retried already is skipped.
    @exclusivity(unchecked) private var retryQueue = FIFOQueue<(imageID: Int, notBefore: SimTime)>()
    /// Downloads at once before the estimator has measured the first-byte time and the link:
    /// URLSession's default per-host limit (6), what the libraries of the catalogue run.
    static let unmeasuredDepth = 6
    /// How long a failed image waits before it is downloaded again.
    static let retryDelay: SimTime = SimDuration.second
    /// Wanted images, most urgent first, as the last layout pass planned them: `plan[0..<planCount]`
    /// (the array keeps its largest size, see `plan(_:)`).
    @exclusivity(unchecked) private var plan: [PlanEntry] = []
    /// Entries of `plan` planned so far (`extendPlan` plans the rest as the pump reads on).
    @exclusivity(unchecked) private var planCount = 0
    /// Where the last plan is in its candidates (`scratch.candidates`), and its figures.
    @exclusivity(unchecked) private var cursor = PlanCursor()
    /// Images wanted by cells configured since the last plan, most urgent (latest) last: they
    /// come before `plan`, newest first (a stack, not an insertion at the front of `plan`).
    @exclusivity(unchecked) private var urgent: [PlanEntry] = []
    /// The item each cell is configured for, by cell id (−1: none).
    @exclusivity(unchecked) private var itemOfCell = DenseTable<Int>(empty: -1)
    /// Whether each cell shows its item's final image, by cell id.
    @exclusivity(unchecked) private var satisfied = DenseTable<Bool>(empty: false)
    /// The configured cells that may lack their image, in item order (`reconcile`'s first
    /// candidates): kept by `cellForItem` and `prepareForReuse`, the satisfied dropped by `reconcile`.
    @exclusivity(unchecked) private var unsatisfiedCells = CellKeys()
    /// Whether each cell is on screen, by cell id.
    @exclusivity(unchecked) private var isDisplayed = DenseTable<Bool>(empty: false)
    /// Displayed cells per image (its cache entry is protected while > 0; an image with none has
    /// no key: memory by the images on screen at once), by image id.
    @exclusivity(unchecked) private var displayedCount = IntKeyedTable<Int>()
    /// Per image id: its mark, its candidate's position, its slot in `activeLoads`, whether it
    /// was ever cached (`ImageState`).
    private let stateOf = PagedSlotTable(empty: ImageState())
    /// Per-item constants of the layout and the catalogue, filled on first use (they never change
    /// during a run), so a plan reads one array entry instead of asking again (`facts(ofItem:)`).
    private let factsOfItem = PagedSlotTable(empty: ItemFacts())
    /// The plans' memory-cache lookups, to skip those that cannot change the cache's recency
    /// order (every other use of the cache is reported to it).
    private let recency = LRUTouchLog()
    /// Scratch arrays of `reconcile` and `plan`, kept between plans for their capacity.
    @exclusivity(unchecked) private var scratch = PlanScratch()
    /// The layout's row spans (`reconcile`'s times).
    private let rowSpans: RowSpans
    /// What the last gathering read and found, for a reconcile that may reuse it (`reuseGathering`).
    @exclusivity(unchecked) private var gathering = GatheringMemo()
    /// Whether a reconcile may reuse the last gathering (tests turn it off to compare).
    @exclusivity(unchecked) var reusesGathering = true
    /// Reconciles that reused the last gathering (tests).
    @exclusivity(unchecked) private(set) var gatheringsReused = 0
    /// Bumped by every change to the cells the gathering reads (configured, displayed, satisfied).
    @exclusivity(unchecked) private var cellVersion = 0
    /// Bumped by every change to the image states the gathering reads (a load tracked or
    /// untracked, a load's phase, the disk index, `wasInMemory`).
    @exclusivity(unchecked) private var stateVersion = 0
    /// Whether the disk cache holds `imageID` (`ImageState.isOnDisk`, kept with the index).
    private func isOnDisk(_ imageID: Int) -> Bool {
        assert(stateOf[imageID].isOnDisk == disk.contains(imageID), "isOnDisk follows the disk index")
        return stateOf[imageID].isOnDisk
    }
    /// The current stamp for `ImageState.mark` (`nextGeneration()`).
    @exclusivity(unchecked) private var generation: Int32 = 0
    /// A new stamp for `ImageState.mark`, never 0 (an unmarked image's). Stamps are 32-bit: before
    /// one would repeat (after 2³¹ − 1 of them, two per plan and one per flush), every mark is
    /// cleared, so a stale mark never equals a new stamp however long the run.
    private func nextGeneration() -> Int32 {
        if generation == Int32.max {
            stateOf.forEachSlot { $0.pointee.mark = 0 }
            generation = 0
        }
        generation += 1
        return generation
    }
    /// The motion at the last layout pass (`motion`), its `decay` 0 while `pendingDecay` holds
    /// what computes it.
    @exclusivity(unchecked) private var storedMotion = Motion()
    /// The speed ratio and the seconds between the last two samples of a decelerating scroll, while
    /// `storedMotion.decay` is not computed: a frame that does not plan needs only its sign
    /// (`isDecaying`), so the logarithm waits for the first read of `motion`.
    @exclusivity(unchecked) private var pendingDecay: (ratio: Double, seconds: Double)?
    /// Whether `motion.decay > 0`: the speed ratio is above 1 (for x > 1, `DMath.log(x) > 0`, and
    /// the seconds are positive and finite).
    @exclusivity(unchecked) private var isDecaying = false
    /// The motion estimated at the last layout pass (its decay computed on first read).
    private var motion: Motion {
        if let pending = pendingDecay {
            storedMotion.decay = DMath.log(pending.ratio) / pending.seconds
            pendingDecay = nil
        }
        return storedMotion
    }
    @exclusivity(unchecked) private var lastSampleTime: SimTime = -1
    @exclusivity(unchecked) private var lastVelocity = 0.0
    /// Scratch of `flush`: the cells it sets, kept for its capacity.
    @exclusivity(unchecked) private var flushCells: [Int] = []
    /// Decoded images not yet set, in arrival order.
    @exclusivity(unchecked) private var pending: [(imageID: Int, image: ImageObject)] = []
    /// Whether the cells changed since the last plan.
    @exclusivity(unchecked) private var needsPlan = true
    @exclusivity(unchecked) private var lastPlanTime: SimTime = 0
    @exclusivity(unchecked) private var isFlushTimerArmed = false
    @exclusivity(unchecked) private var isFlushBlockQueued = false
    /// The flush timer's body and the main-queue block it queues, made once in `init` (an arm
    /// passes them on: no closure allocated per timer or block).
    private var flushTimerBody: () -> Void = {}
    private var flushBlockBody: () -> Void = {}
    @exclusivity(unchecked) private var lastFlushBlockInterval = -1
    /// The ahead, beyond and kept bands' rows at their last query (`CollectionLayout.RowHint`).
    @exclusivity(unchecked) private var aheadRowHint = CollectionLayout.RowHint()
    @exclusivity(unchecked) private var beyondRowHint = CollectionLayout.RowHint()
    @exclusivity(unchecked) private var keptRowHint = CollectionLayout.RowHint()

    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        session = environment.makeSession(.init(name: "adaptive",
                                                httpMaximumConnectionsPerHost: max(1, configuration.maxDownloads)))
        display = environment.display
        self.configuration = configuration
        layout = environment.layout
        rowSpans = RowSpans(layout: environment.layout)
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .lru, costLimitBytes: Int64(configuration.memoryCacheMB * 1_048_576)))
        disk = CacheIndex(policy: .lru, costLimit: Int64(configuration.diskCacheMB * 1_048_576))
        // The prior's image: the first item's (every image's pixel size comes with its URL; with a
        // `layout.catalog` they differ, and the estimator learns the bytes from the downloads).
        let source = layout.itemCount > 0
            ? environment.imagePixelSize(ofImage: environment.imageID(forItem: 0)) : (width: 0, height: 0)
        estimator = LoadEstimator(imagePixels: Int64(source.width) * Int64(source.height))
        refreshEstimates()
        // `unowned(unsafe)` here and in the timers and main-queue blocks: `FetchStrategy`, "Lifetime".
        session.metricsHandler = { [unowned(unsafe) self] metrics in
            estimator.observe(metrics)
            refreshEstimates()
        }
        flushTimerBody = { [unowned(unsafe) self] in flushTimerFired() }
        flushBlockBody = { [unowned(unsafe) self] in
            isFlushBlockQueued = false
            lastFlushBlockInterval = frameInterval(at: environment.now)
            flush()
        }
    }

    /// Derives the plan's figures from the estimator: the first-byte time, a median image's
    /// transfer alone on the link, the decode, and the download depth that covers a p95 first
    /// byte with transfers.
    private func refreshEstimates() {
        let latency = estimator.latencySeconds
        let transfer = estimator.transferSeconds
        let fixed = latency + estimator.decodeSeconds
        let p95 = max(estimator.latencyP95Seconds, latency)
        let ceiling = max(1, configuration.maxDownloads)
        let depth = transfer > 0 ? Int(min(64, (p95 / transfer).rounded(.up))) + 1 : ceiling
        let busy = transfer > 0 ? Int(min(64, (latency / transfer).rounded(.up))) + 1 : ceiling
        if estimator.isDepthMeasured {
            downloadSlots = min(ceiling, max(2, depth))
            speculativeSlots = min(configuration.maxSpeculativeLoads, downloadSlots, busy)
        } else {
            downloadSlots = min(ceiling, Self.unmeasuredDepth)
            speculativeSlots = min(configuration.maxSpeculativeLoads, 1)
        }
        latencySeconds = latency
        transferSeconds = transfer
        fastestLoadSeconds = fixed + transfer
        expectedLoadSeconds = fixed + transfer * Double(downloadSlots)
    }

    // MARK: Cells

    func cellForItem(_ cell: CellID, item: Int) {
        needsPlan = true
        cellVersion &+= 1
        if itemOfCell[cell] >= 0 { unsatisfiedCells.remove(item: itemOfCell[cell], cell: cell) }
        itemOfCell[cell] = item
        satisfied[cell] = false
        let facts = facts(ofItem: item)
        let imageID = facts.imageID
        if let image = cachedImage(imageID, limit: facts.cacheLimit) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            satisfied[cell] = true
            return
        }
        unsatisfiedCells.insert(item: item, cell: cell)
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
        let load = load(of: imageID)
        environment.record(load != nil ? .inflightJoin : isOnDisk(imageID) ? .diskHit : .miss,
                           imageID: imageID)
        if let load {
            raise(load, to: .normal)
        } else if staysLongEnough(item) {
            urgent.append(PlanEntry(imageID: imageID, item: item, priority: .normal, isSpeculative: false))
            pump()
        }
    }

    func prepareForReuse(_ cell: CellID) {
        needsPlan = true
        cellVersion &+= 1
        if itemOfCell[cell] >= 0 { unsatisfiedCells.remove(item: itemOfCell[cell], cell: cell) }
        itemOfCell[cell] = -1
        satisfied[cell] = false
    }

    func willDisplay(_ cell: CellID, item: Int) {
        needsPlan = true
        cellVersion &+= 1
        isDisplayed[cell] = true
        let imageID = catalogImageID(ofItem: item)
        displayedCount.increment(imageID)
        memory.setProtected(imageID, true)
        if let load = load(of: imageID) { raise(load, to: .high) }
    }

    func didEndDisplaying(_ cell: CellID, item: Int) {
        cellVersion &+= 1
        isDisplayed[cell] = false
        let imageID = catalogImageID(ofItem: item)
        // One lookup while other cells still show it; its key goes with the last.
        let count = displayedCount.update(imageID) { count -> Int in
            count -= 1
            return count
        } ?? 0
        guard count <= 0 else { return }
        _ = displayedCount.removeValue(forKey: imageID)
        memory.setProtected(imageID, false)
    }

    func didReceiveMemoryWarning() {
        recency.recordOperation()
        for key in memory.keysInEvictionOrder() where displayedCount[key] == nil { memory.remove(key) }
    }

    // MARK: Planning

    func scrollDidUpdate(_ update: ScrollUpdate) {
        // The per-frame path is kept compact (it runs every frame, after the engine's code has
        // evicted it from the instruction cache): the flush is entered only with images pending,
        // and the motion update is inlined.
        if !pending.isEmpty { flush() }
        let previousDirection = storedMotion.direction, previousSpeed = storedMotion.speed
        let wasDecaying = isDecaying
        updateMotion(update)
        // Replan when the cells changed, the motion changed course, or 1/30 s has passed.
        let isNewCourse = storedMotion.direction != previousDirection || isDecaying != wasDecaying
            || (storedMotion.speed > 0) != (previousSpeed > 0)
        guard needsPlan || isNewCourse || update.time - lastPlanTime >= Self.replanInterval else { return }
        needsPlan = false
        lastPlanTime = update.time
        reconcile(update)
    }

    /// Longest time between two plans while the scroll keeps its course.
    static let replanInterval = SimDuration.second / 30

    @inline(__always)
    private func updateMotion(_ update: ScrollUpdate) {
        let next = Motion(offset: update.offset, speed: abs(update.velocity),
                          direction: update.velocity > 0 ? 1
                              : update.velocity < 0 ? -1 : (update.direction < 0 ? -1 : 1),
                          decay: 0)
        let dt = SimDuration.toSeconds(update.time - lastSampleTime)
        pendingDecay = nil
        isDecaying = false
        if lastSampleTime >= 0, dt > 0, update.velocity * lastVelocity > 0, abs(update.velocity) < abs(lastVelocity) {
            // `decay = DMath.log(ratio) / dt`, computed when `motion` is first read.
            let ratio = abs(lastVelocity) / abs(update.velocity)
            pendingDecay = (ratio, dt)
            isDecaying = ratio > 1
        }
        lastSampleTime = update.time
        lastVelocity = update.velocity
        storedMotion = next
    }

    /// The look-ahead beyond the viewport edge in the direction of motion, points: deeper when
    /// faster (speed × expected load × `lookaheadLoads`, once the link is measured: until then
    /// the expected load is a guess, and the look-ahead stays at `minPrefetchScreens`), at least
    /// to where a fling will stop, within the configured screens.
    func prefetchHorizon(speed: Double, decay: Double) -> Double {
        let height = layout.viewportHeight
        var points = estimator.isDepthMeasured ? speed * expectedLoadSeconds * configuration.lookaheadLoads : 0
        if decay > 0 { points = max(points, speed / decay) }
        return min(max(points, configuration.minPrefetchScreens * height), configuration.maxPrefetchScreens * height)
    }

    /// Distance the content will still travel in the direction of motion (to the edge at most).
    private func remainingTravel() -> Double {
        let edge = motion.direction > 0 ? layout.maxOffset - motion.offset : motion.offset
        guard motion.speed > 0 else { return 0 }
        return max(0, motion.decay > 0 ? min(motion.speed / motion.decay, edge) : edge)
    }

    /// Seconds until `item` has left the viewport under the predicted motion (infinity if never).
    private func timeToLeave(_ item: Int) -> Double {
        var clock = TravelClock(motion: motion, viewportHeight: layout.viewportHeight, remaining: remainingTravel())
        let frame = layout.frame(ofItem: item)
        return clock.leave(top: frame.y, bottom: frame.maxY)
    }

    /// Seconds until items enter and leave the viewport under one predicted motion (0 if visible,
    /// infinity if never). The items of a row share their distances, so each direction remembers
    /// its last distance and time: the same arithmetic, computed once per row.
    private struct TravelClock {
        /// The predicted motion.
        let motion: Motion
        /// Viewport height, points.
        let viewportHeight: Double
        /// Distance the content will still travel (`remainingTravel()`), points.
        let remaining: Double
        /// The last distance to enter (NaN: none yet) and its time, seconds.
        private var enterDistance = Double.nan, enterSeconds = 0.0
        /// The last distance to leave (NaN: none yet) and its time, seconds.
        private var leaveDistance = Double.nan, leaveSeconds = 0.0

        /// A clock for `motion` in a viewport `viewportHeight` points high.
        init(motion: Motion, viewportHeight: Double, remaining: Double) {
            self.motion = motion
            self.viewportHeight = viewportHeight
            self.remaining = remaining
        }

        /// Seconds until an item from `top` to `bottom` (content coordinates, points) enters the
        /// viewport.
        @inline(__always)
        mutating func enter(top: Double, bottom: Double) -> Double {
            let distance = motion.direction > 0
                ? top - (motion.offset + viewportHeight)
                : motion.offset - bottom
            if distance != enterDistance {
                enterDistance = distance
                enterSeconds = travelSeconds(distance)
            }
            return enterSeconds
        }

        /// Seconds until an item from `top` to `bottom` (content coordinates, points) has left
        /// the viewport.
        @inline(__always)
        mutating func leave(top: Double, bottom: Double) -> Double {
            let distance = motion.direction > 0
                ? bottom - motion.offset
                : motion.offset + viewportHeight - top
            if distance != leaveDistance {
                leaveDistance = distance
                leaveSeconds = travelSeconds(distance)
            }
            return leaveSeconds
        }

        /// Seconds the content needs to travel `distance` points in the direction of motion.
        func travelSeconds(_ distance: Double) -> Double {
            if distance <= 0 { return 0 }
            if distance >= remaining { return .infinity }
            if motion.decay > 0 {
                return -DMath.log(1 - motion.decay * distance / motion.speed) / motion.decay
            }
            return distance / motion.speed
        }
    }

    /// The enter and leave times of the row of the last item asked: cells come in item order and
    /// those of one row share its times, computed for its first cell (a function of the row).
    private struct RowTimes {
        /// The items of that row (empty before the first).
        private var items = 0..<0
        /// Its times, seconds.
        private(set) var enter = 0.0, leave = 0.0

        /// Makes `enter` and `leave` those of `item`'s row.
        @inline(__always)
        mutating func move(toItem item: Int, spans: RowSpans, clock: inout TravelClock) {
            guard !items.contains(item) else { return }
            let columns = spans.columns, row = item / columns
            items = row * columns..<row * columns + columns
            let span = spans.span(ofRow: row)
            enter = clock.enter(top: span.top, bottom: span.bottom)
            leave = clock.leave(top: span.top, bottom: span.bottom)
        }
    }

    /// The top and bottom of the layout's rows (a row holds `columns` items,
    /// `CollectionLayout.row(ofItem:)`, which share its top and height): arithmetic on the row
    /// index when every row has the same height (`CollectionLayout.uniformRows`, the same bits as
    /// the item frames), else `CollectionLayout.rowSpan(_:)`.
    private struct RowSpans {
        /// The layout.
        let layout: CollectionLayout
        /// Items per row.
        let columns: Int
        /// `layout.uniformRows`, read once (nil: row heights vary).
        let uniform: (insetTop: Double, pitch: Double, height: Double)?

        /// The spans of `layout`'s rows.
        init(layout: CollectionLayout) {
            self.layout = layout
            columns = layout.columns
            uniform = layout.uniformRows
        }

        /// Top and bottom of `row` in content coordinates, points.
        @inline(__always)
        func span(ofRow row: Int) -> (top: Double, bottom: Double) {
            guard let uniform else { return layout.rowSpan(row) }
            let top = uniform.insetTop + Double(row) * uniform.pitch
            return (top, top + uniform.height)
        }
    }

    /// Arrays `reconcile` and `plan` fill on every plan, kept between plans for their capacity.
    private struct PlanScratch {
        /// The candidates, in gathering order (the first ones: the array keeps its largest size).
        var candidates: [Candidate] = []
        /// Candidate indices in plan order.
        var order: [Int] = []
        /// The loads in flight as `imageID << 32 | slot` (their position in `activeLoads` when the
        /// plan began), ascending: in image order (`plan`).
        var sortedActive: [Int] = []
        /// Resting items (fling only): position in plan order and slack, seconds (`fillResting`,
        /// read in place by `extendPlan`).
        var resting: [(index: Int, slack: Double)] = []
        /// The plan's entries of the candidates with a load in flight, in plan order.
        var next: [PlanEntry] = []
        /// The resting items not yet passed that would be late (fling only; `fillResting`, used
        /// in place by `extendPlan`).
        var lateResting = LateRestingCounter()
        /// Each candidate's `enter`, by candidate index (the sort key of `order`).
        var enters: [Double] = []
        /// Scratch of `PlanOrder.sort`.
        var sortBuffer: [Int] = []
        /// Positions of the candidates with a load in flight, ascending (`reconcile`'s gathering;
        /// the first ones: the array keeps its largest size).
        var loading: [Int] = []

        /// Swaps `plan`'s arrays with the kept ones: the same call moves them out (each then
        /// uniquely referenced while the plan fills it, no allocation, no copy) and back.
        @inline(__always)
        mutating func exchange(
            _ order: inout [Int],
            _ sortedActive: inout [Int],
            _ next: inout [PlanEntry],
            _ enters: inout [Double],
            _ sortBuffer: inout [Int]
        ) {
            swap(&order, &self.order)
            swap(&sortedActive, &self.sortedActive)
            swap(&next, &self.next)
            swap(&enters, &self.enters)
            swap(&sortBuffer, &self.sortBuffer)
        }
    }

    /// Whether `item` will be on screen long enough for its image to arrive.
    private func staysLongEnough(_ item: Int) -> Bool {
        timeToLeave(item) > fastestLoadSeconds
    }

    /// Gathers the candidates (prepared cells without their image, the horizon ahead, the guess
    /// beyond the resting viewport), or reuses the last gathering when it would find the same
    /// (`reuseGathering`), and plans them.
    private func reconcile(_ update: ScrollUpdate) {
        let height = layout.viewportHeight
        var clock = TravelClock(motion: motion, viewportHeight: height, remaining: remainingTravel())
        // The satisfied cells leave the unsatisfied ones (the gathering's first candidates).
        satisfied.values.withUnsafeBufferPointer { isSatisfied in
            unsatisfiedCells.removeSatisfied { $0 < isSatisfied.count && isSatisfied[$0] }
        }
        // The ranges (functions of the motion and the layout) first: they bound the candidates,
        // whose array keeps its largest size between plans and is filled through its buffer.
        let depth = prefetchHorizon(speed: motion.speed, decay: motion.decay)
        let ahead = motion.direction > 0
            ? layout.items(intersecting: motion.offset + height, motion.offset + height + depth, hint: &aheadRowHint)
            : layout.items(intersecting: motion.offset - depth, motion.offset, hint: &aheadRowHint)
        // Beyond where a fling will rest (or beyond the viewport when dragging or at rest): a
        // guess about the next scroll, needed last.
        let restOffset = motion.offset + (motion.decay > 0 ? Double(motion.direction) * remainingTravel() : 0)
        let restDepth = configuration.minPrefetchScreens * height
        let beyond = motion.direction > 0
            ? layout.items(intersecting: restOffset + height, restOffset + height + restDepth, hint: &beyondRowHint)
            : layout.items(intersecting: restOffset - restDepth, restOffset, hint: &beyondRowHint)
        if let isGatheringOrder = reuseGathering(ahead: ahead, beyond: beyond, isForward: motion.direction > 0,
                                                 isMoving: motion.speed > 0, clock: &clock) {
            gatheringsReused += 1
            plan(gathering.count, isGatheringOrder: isGatheringOrder, loadingCount: gathering.loadingCount)
        } else {
            gatherAndPlan(ahead: ahead, beyond: beyond, clock: &clock)
        }
        pump()
    }

    /// `reconcile`'s gathering of the candidates in `ahead`, `beyond` and the unsatisfied cells
    /// (their times from `clock`), then the plan (out of line: the reuse's branch stays apart from
    /// its loops).
    @inline(never)
    private func gatherAndPlan(ahead: Range<Int>, beyond: Range<Int>, clock: inout TravelClock) {
        // Cells in item order, ties (a pooled cell still holding its old item) by cell id; an
        // item is displayed if any of its cells is. Keys pack (item, cell) into one integer
        // (`unsatisfiedCells`, kept in that order by the cell callbacks).
        // Each candidate is described as it is gathered (its memory-cache lookup refreshes the
        // recency of a cached image, in gathering order); a cached one is then left out: the
        // plan passes over it, and leaving it out keeps the others' order (positions in the plan
        // are only compared with each other).
        let keys = unsatisfiedCells.keys
        let spans = rowSpans, columns = rowSpans.columns
        // Read once: the loops call out (cache lookups), after which a property would be read again.
        let isForward = motion.direction > 0, isMoving = motion.speed > 0, atRest = self.atRest
        // The scratch arrays are moved out (swapped with empty ones: no retain, no copy) and back.
        var candidates: [Candidate] = []
        swap(&candidates, &scratch.candidates)
        // `seen`: images already among the candidates (marked with this pass's stamp).
        let seen = nextGeneration()
        recency.beginPass()
        let bound = keys.count + ahead.count + beyond.count
        if candidates.count < bound {
            let filler = Candidate(item: 0, imageID: 0, enter: 0, leave: 0, isDisplayed: false)
            candidates.append(contentsOf: repeatElement(filler, count: bound - candidates.count))
        }
        var count = 0
        // Whether the candidates are in `enter` order as gathered (each `enter` not below the one
        // before: `plan` reads them in place then), and the positions of those with a load in
        // flight (`plan` plans them at once), noted as each is gathered.
        // (`loading[0..<loadingCount]`: the array keeps its largest size, filled through its buffer.)
        var isGatheringOrder = true, previousEnter = 0.0, loadingCount = 0
        var loading: [Int] = []
        swap(&loading, &scratch.loading)
        if loading.count < bound { PlanOrder.resize(&loading, to: bound, filler: 0) }
        // The horizon's rows (a row's items share its span and times).
        let firstRow = ahead.lowerBound / columns
        let rowsAhead = ahead.isEmpty ? 0 : (ahead.upperBound - 1) / columns + 1 - firstRow
        // Which rows of `ahead` are visited, in visiting order (`gathering`'s; the first
        // `rowsAhead`: the array keeps its largest size, written through its buffer).
        var aheadRowVisited: [Bool] = []
        swap(&aheadRowVisited, &gathering.aheadRowVisited)
        if aheadRowVisited.count < rowsAhead { PlanOrder.resize(&aheadRowVisited, to: rowsAhead, filler: false) }
        var keyCandidates = 0, aheadEnd = 0
        // Items are visited in the direction of motion: `origin &+ step &* stride` (in range).
        let stride = isForward ? 1 : -1
        candidates.withUnsafeMutableBufferPointer { candidates in
            loading.withUnsafeMutableBufferPointer { loading in
                aheadRowVisited.withUnsafeMutableBufferPointer { aheadRowVisited in
                    // The loops visit items mostly in order: their facts' pages are reached through a
                    // cursor (a local of this closure, not a captured variable).
                    var factsCursor = PagedSlotTable<ItemFacts>.Cursor()
                    // The cells come in item order: those of one row share its times, computed for
                    // its first cell kept.
                    var rowTimes = RowTimes()
                    for key in keys {
                        let item = key >> 32, cell = key & 0xFFFF_FFFF
                        let isDisplayed = self.isDisplayed[cell]
                        let facts = facts(ofItem: item, cursor: &factsCursor)
                        let imageID = facts.imageID
                        let state = facts.state
                        if state.pointee.mark == seen {
                            let index = Int(state.pointee.candidateIndex)
                            if index >= 0 && isDisplayed && candidates[index].item == item {
                                candidates[index].isDisplayed = true
                            }
                            continue
                        }
                        state.pointee.mark = seen
                        guard !isServedFromMemory(imageID, state: state, facts: facts) else {
                            state.pointee.candidateIndex = -1
                            continue
                        }
                        // Times are computed only for a candidate kept (the clock remembers its last
                        // answers, but each is a function of the item: skipping one changes none), once
                        // per row (a function of the row: remembering it changes none either).
                        rowTimes.move(toItem: item, spans: spans, clock: &clock)
                        var candidate = Candidate(item: item, imageID: imageID, enter: rowTimes.enter,
                                                  leave: rowTimes.leave,
                                                  isDisplayed: isDisplayed)
                        describe(&candidate, state: state, facts: facts)
                        state.pointee.candidateIndex = Int32(truncatingIfNeeded: count)
                        candidates[count] = candidate
                        noteGathered(candidate, at: count, &isGatheringOrder, &previousEnter, loading, &loadingCount)
                        count += 1
                    }
                    keyCandidates = count
                    // Row by row, in the direction of motion: a row's items share its span and times.
                    // Whether every item of `ahead` was visited (so its image is marked `seen`).
                    var isAheadVisited = true
                    for rowStep in 0..<rowsAhead {
                        let row = isForward ? firstRow + rowStep : firstRow + rowsAhead - 1 - rowStep
                        let span = spans.span(ofRow: row)
                        // At rest the horizon is a guess about the next scroll: needed last.
                        let enter = isMoving ? clock.enter(top: span.top, bottom: span.bottom) : atRest
                        aheadRowVisited[rowStep] = enter < .infinity
                        guard enter < .infinity else {
                            isAheadVisited = false
                            continue
                        }
                        let rowStart = max(row * columns, ahead.lowerBound)
                        let rowItems = rowStart..<min(row * columns + columns, ahead.upperBound)
                        let origin = isForward ? rowItems.lowerBound : rowItems.upperBound &- 1
                        for step in 0..<rowItems.count {
                            let item = origin &+ step &* stride
                            guard let (facts, state) = newUnservedImage(ofItem: item, seen: seen,
                                                                        cursor: &factsCursor)
                            else { continue }
                            let imageID = facts.imageID
                            var candidate = Candidate(item: item, imageID: imageID, enter: enter,
                                                      leave: clock.leave(top: span.top, bottom: span.bottom),
                                                      isDisplayed: false, isAttached: false)
                            describe(&candidate, state: state, facts: facts)
                            candidates[count] = candidate
                            noteGathered(candidate, at: count, &isGatheringOrder, &previousEnter, loading,
                                         &loadingCount)
                            count += 1
                        }
                    }
                    aheadEnd = count
                    // Beyond where a fling will rest (or beyond the viewport when dragging or at rest): a
                    // guess about the next scroll, needed last.
                    // The items it shares with a visited `ahead` are passed over (their images are marked
                    // `seen`: visiting them would do nothing): steps `skip` of the walk.
                    let beyondOrigin = isForward ? beyond.lowerBound : beyond.upperBound &- 1
                    var skip = beyond.count..<beyond.count
                    let shared = beyond.clamped(to: ahead)
                    if isAheadVisited && !shared.isEmpty {
                        skip = isForward
                            ? (shared.lowerBound - beyond.lowerBound)..<(shared.upperBound - beyond.lowerBound)
                            : (beyond.upperBound - shared.upperBound)..<(beyond.upperBound - shared.lowerBound)
                    }
                    for part in 0..<2 {
                        for step in part == 0 ? 0..<skip.lowerBound : skip.upperBound..<beyond.count {
                            let item = beyondOrigin &+ step &* stride
                            guard let (facts, state) = newUnservedImage(ofItem: item, seen: seen,
                                                                        cursor: &factsCursor)
                            else { continue }
                            let imageID = facts.imageID
                            var candidate = Candidate(item: item, imageID: imageID, enter: atRest, leave: .infinity,
                                                      isDisplayed: false, isAttached: false)
                            describe(&candidate, state: state, facts: facts)
                            candidates[count] = candidate
                            noteGathered(candidate, at: count, &isGatheringOrder, &previousEnter, loading,
                                         &loadingCount)
                            count += 1
                        }
                    }
                    recency.endPass { _ = memory.imageLongSide(for: $0) }
                }
            }
        }
        // Back into the scratch (swapped: uniquely referenced there), where the plan reads them.
        swap(&candidates, &scratch.candidates)
        swap(&loading, &scratch.loading)
        swap(&aheadRowVisited, &gathering.aheadRowVisited)
        gathering.record(cellVersion: cellVersion, stateVersion: stateVersion, operations: recency.operations,
                         ahead: ahead, beyond: beyond, isForward: isForward, isMoving: isMoving,
                         counts: (keyCandidates, aheadEnd, count, loadingCount, rowsAhead))
        plan(count, isGatheringOrder: isGatheringOrder, loadingCount: loadingCount)
    }

    /// Notes the candidate just gathered at `position`: whether the candidates are still in
    /// `enter` order (`!(enter >= previous enter)` breaks it, as `plan` compared them), and its
    /// position in `loading` when its image has a load in flight.
    @inline(__always)
    private func noteGathered(_ candidate: Candidate, at position: Int, _ isGatheringOrder: inout Bool,
                              _ previousEnter: inout Double, _ loading: UnsafeMutableBufferPointer<Int>,
                              _ loadingCount: inout Int) {
        if position > 0 && !(candidate.enter >= previousEnter) { isGatheringOrder = false }
        previousEnter = candidate.enter
        if candidate.isLoading {
            loading[loadingCount] = position
            loadingCount += 1
        }
    }

    /// What the last gathering read and found: a reconcile whose gathering would read the same
    /// (`reuseGathering`) finds the same candidates, and recomputes only their times.
    private struct GatheringMemo {
        /// Whether a gathering was recorded.
        var isValid = false
        /// `cellVersion`, `stateVersion` and `recency.operations` when it ran.
        var cellVersion = 0, stateVersion = 0, operations = 0
        /// Its horizon and the guess beyond where the scroll rests.
        var ahead = 0..<0, beyond = 0..<0
        /// Its motion's direction and whether it moved.
        var isForward = true, isMoving = false
        /// Whether each row of `ahead` was visited (its `enter` finite), in visiting order: the
        /// first `rowsAhead` (the array keeps its largest size).
        var aheadRowVisited: [Bool] = []
        /// Rows of `ahead`.
        var rowsAhead = 0
        /// Candidates from the cells (the first), then up to `aheadEnd` from the horizon, then
        /// from beyond it, `count` in all; `loadingCount` positions in `PlanScratch.loading`.
        var keyCandidates = 0, aheadEnd = 0, count = 0, loadingCount = 0

        /// Records a gathering (`aheadRowVisited` is written by the gathering itself).
        mutating func record(cellVersion: Int, stateVersion: Int, operations: Int, ahead: Range<Int>,
                             beyond: Range<Int>, isForward: Bool, isMoving: Bool,
                             counts: (keyCandidates: Int, aheadEnd: Int, count: Int, loading: Int, rows: Int)) {
            isValid = true
            self.cellVersion = cellVersion
            self.stateVersion = stateVersion
            self.operations = operations
            self.ahead = ahead
            self.beyond = beyond
            self.isForward = isForward
            self.isMoving = isMoving
            keyCandidates = counts.keyCandidates
            aheadEnd = counts.aheadEnd
            count = counts.count
            loadingCount = counts.loading
            rowsAhead = counts.rows
        }
    }

    /// The last gathering's candidates (`scratch.candidates`, `scratch.loading`), their times
    /// computed again with `clock`, when this reconcile's gathering would find the same: nothing
    /// it reads has changed (the cells and their flags, the image states, the memory cache: no
    /// use of it since the last pass's lookups), it would visit the same items (the same horizon,
    /// rows visited and guess beyond), and so it would look up the same images in the same
    /// order, each a hit the last pass already made, in that order: `recency` would defer and
    /// then skip them all (the recency list already ends with them, in order), and a miss
    /// changes nothing. Returns whether the candidates are in `enter` order, or nil (gather).
    @inline(never)
    private func reuseGathering(ahead: Range<Int>, beyond: Range<Int>, isForward: Bool, isMoving: Bool,
                                clock: inout TravelClock) -> Bool? {
        guard reusesGathering, gathering.isValid, gathering.cellVersion == cellVersion,
              gathering.stateVersion == stateVersion, gathering.operations == recency.operations,
              gathering.ahead == ahead, gathering.beyond == beyond, gathering.isForward == isForward,
              gathering.isMoving == isMoving
        else { return nil }
        let spans = rowSpans, columns = rowSpans.columns, atRest = self.atRest
        let keyCandidates = gathering.keyCandidates, aheadEnd = gathering.aheadEnd, count = gathering.count
        return scratch.candidates.withUnsafeMutableBufferPointer { candidates -> Bool? in
            gathering.aheadRowVisited.withUnsafeBufferPointer { aheadRowVisited -> Bool? in
                // The horizon's rows first: the same rows visited (each `enter` finite or not).
                let firstRow = ahead.lowerBound / columns
                let rowsAhead = ahead.isEmpty ? 0 : (ahead.upperBound - 1) / columns + 1 - firstRow
                guard rowsAhead == gathering.rowsAhead else { return nil }
                var position = keyCandidates
                for rowStep in 0..<rowsAhead {
                    let row = isForward ? firstRow + rowStep : firstRow + rowsAhead - 1 - rowStep
                    let span = spans.span(ofRow: row)
                    let enter = isMoving ? clock.enter(top: span.top, bottom: span.bottom) : atRest
                    guard (enter < .infinity) == aheadRowVisited[rowStep] else { return nil }
                    guard enter < .infinity else { continue }
                    let leave = clock.leave(top: span.top, bottom: span.bottom)
                    while position < aheadEnd && candidates[position].item / columns == row {
                        candidates[position].enter = enter
                        candidates[position].leave = leave
                        position += 1
                    }
                }
                assert(position == aheadEnd, "the horizon's candidates lie in its visited rows")
                // The cells' candidates: their rows' times (the guess beyond keeps its constant times).
                var rowTimes = RowTimes()
                for position in 0..<keyCandidates {
                    rowTimes.move(toItem: candidates[position].item, spans: spans, clock: &clock)
                    candidates[position].enter = rowTimes.enter
                    candidates[position].leave = rowTimes.leave
                }
                // As gathered: not dropped, and whether in `enter` order (`noteGathered`).
                var isGatheringOrder = true, previousEnter = 0.0
                for position in 0..<count {
                    candidates[position].isDropped = false
                    let enter = candidates[position].enter
                    if position > 0 && !(enter >= previousEnter) { isGatheringOrder = false }
                    previousEnter = enter
                }
                return isGatheringOrder
            }
        }
    }

    /// Orders the candidates by the time they enter the screen (earliest deadline first) and
    /// decides at once only those whose image has a load in flight: a download that cannot arrive
    /// in time is dropped, the others are wanted; then cancels what nobody wants and
    /// re-prioritises the rest. The other candidates are admitted as the pump reads the plan
    /// (`extendPlan`, from the cursor this sets, with this plan's figures); `reconcile` pumps.
    private func plan(_ candidateCount: Int, isGatheringOrder: Bool, loadingCount: Int) {
        // The scratch arrays are moved out (swapped with empty ones: no allocation, no copy) and
        // back, so each is uniquely referenced while the plan fills it.
        var order: [Int] = [], sortedActive: [Int] = [], next: [PlanEntry] = [], enters: [Double] = []
        var sortBuffer: [Int] = []
        scratch.exchange(&order, &sortedActive, &next, &enters, &sortBuffer)
        defer { scratch.exchange(&order, &sortedActive, &next, &enters, &sortBuffer) }
        // Earliest `enter` first, ties in gathering order: often the gathering order itself (the
        // cells, the horizon and the guess beyond it, each in the order they are entered), as the
        // gathering noted (`isGatheringOrder`).
        scratch.candidates.withUnsafeBufferPointer { whole in
            let candidates = UnsafeBufferPointer(rebasing: whole[0..<candidateCount])
            // In gathering order the plan reads the candidates in place (position `index` is
            // candidate `index`): no identity order is written and read back.
            if !isGatheringOrder {
                enters.removeAll(keepingCapacity: true)
                for candidate in candidates { enters.append(candidate.enter) }
                enters.withUnsafeBufferPointer { PlanOrder.sort(&order, byKeys: $0, buffer: &sortBuffer) }
            }
        }
        let now = environment.now
        let isFling = motion.decay > 0
        let settle = isFling ? DMath.log(max(1, motion.speed / 10)) / motion.decay : 0
        // Seconds of transfer still ahead in the downloads in flight (summed in image order:
        // a Double sum must not depend on the order the loads are kept in).
        // (`sortedActive[0..<activeCount]`: the array keeps its largest size, as `next` does.)
        // Each entry packs an image id (below 2³¹, the ids are distinct) above its load's slot:
        // ascending entries are in image order, and the loads are read by slot (no table lookup,
        // no optional load to unwrap, retain and release).
        let activeCount = activeLoads.count
        if sortedActive.count < activeCount { PlanOrder.resize(&sortedActive, to: activeCount, filler: 0) }
        var backlog = 0.0
        sortedActive.withUnsafeMutableBufferPointer { whole in
            let sorted = UnsafeMutableBufferPointer(rebasing: whole[0..<activeCount])
            activeLoads.withUnsafeBufferPointer { active in
                for position in 0..<activeCount { sorted[position] = active[position] << 32 | position }
            }
            PlanOrder.sortAscending(sorted)
            activeLoadObjects.withUnsafeBufferPointer { loads in
                for packed in sorted {
                    let load = loads[packed & 0xFFFF_FFFF]
                    guard load.isDownloading else { continue }
                    backlog += remainingTransfer(started: load.started, now: now)
                }
            }
        }
        // The candidates whose image has a load in flight are planned now (their loads are read
        // as they are now), in plan order, into `next`: a download that cannot arrive in time is
        // dropped, the others are wanted. Their admission depends on nothing else the plan sums.
        let wanted = nextGeneration()
        let placeholder = PlanEntry(imageID: 0, item: 0, priority: .low, isSpeculative: false)
        if next.count < candidateCount { PlanOrder.resize(&next, to: candidateCount, filler: placeholder) }
        var loadEntryCount = 0
        let expectedLoadSeconds = self.expectedLoadSeconds
        // (In gathering order they are the candidates `loading` lists, in order; else the plan
        // order is read through.)
        let loadingCount = isGatheringOrder ? loadingCount : candidateCount
        scratch.candidates.withUnsafeMutableBufferPointer { candidates in
            next.withUnsafeMutableBufferPointer { next in
                for position in 0..<loadingCount {
                    let index = isGatheringOrder ? scratch.loading[position] : order[position]
                    guard candidates[index].isLoading else { continue }
                    let c = candidates[index]
                    if c.isDownloading {
                        let started = load(of: c.imageID)!.started
                        let arrival = remainingLatency(started: started, now: now)
                            + remainingTransfer(started: started, now: now)
                        if arrival >= c.leave && (isFling || !c.isAttached) {
                            candidates[index].isDropped = true
                            continue
                        }
                    }
                    next[loadEntryCount] = entry(for: c, expectedLoadSeconds: expectedLoadSeconds)
                    loadEntryCount += 1
                    stateOf[c.imageID].mark = wanted
                }
            }
        }
        // The other candidates are planned as the pump reads the plan (`extendPlan`): the plan's
        // figures are kept in the cursor, so an entry is the same whenever it is planned.
        if plan.count < candidateCount { PlanOrder.resize(&plan, to: candidateCount, filler: placeholder) }
        planCount = 0
        cursor = PlanCursor(count: candidateCount, isGatheringOrder: isGatheringOrder, isFling: isFling,
                            settle: settle, backlog: backlog, fastestLoadSeconds: fastestLoadSeconds,
                            transferSeconds: transferSeconds, expectedLoadSeconds: expectedLoadSeconds)
        if !urgent.isEmpty { urgent.removeAll(keepingCapacity: true) }
        // Cancel loads nobody wants (in image order), re-prioritise the others, start more.
        // A download the plan drops is kept at low priority instead while its item is near the
        // viewport (a trailing buffer, as Texture's ranges keep one) or, unless a fling is
        // carrying the content away, for `cancelGraceSeconds` after the plan dropped it: a plan
        // that changes its mind from one frame to the next (a hesitant or replayed finger) must
        // not cancel and restart the same download, each restart paying a new connection.
        var keep: Range<Int>?  // computed when first needed
        let grace = SimDuration.seconds(configuration.cancelGraceSeconds)
        // (By image id: `cancel` moves loads to other slots.)
        for position in 0..<activeCount {
            let imageID = sortedActive[position] >> 32
            guard stateOf[imageID].mark != wanted else { continue }
            let load = load(of: imageID)!
            if case .network? = load.phase {
                let droppedAt = load.droppedAt ?? now
                load.droppedAt = droppedAt
                if !isFling && (keptItems(&keep).contains(load.item) || now - droppedAt < grace) {
                    load.isSpeculative = false
                    if load.priority != .low { setPriority(load, .low) }
                    continue
                }
            }
            cancel(load)
        }
        // Only the entries whose image had a load when planned can have one now: the plan started
        // none, and what it cancelled it does not want.
        // (The load is read in place, without a call while it is held: no retain and release per
        // entry; a change of priority, rare, looks it up again.)
        for position in 0..<loadEntryCount {
            let entry = next[position]
            let slot = Int(stateOf[entry.imageID].activeSlot)
            guard slot >= 0 else { continue }
            let isChanged = activeLoadObjects.withUnsafeBufferPointer { loads in
                let load = loads[slot]
                load.droppedAt = nil
                load.isSpeculative = entry.isSpeculative
                return load.priority != entry.priority
            }
            if isChanged { setPriority(load(of: entry.imageID)!, entry.priority) }
        }
    }

    /// The plan entry of candidate `c`: high priority when displayed, normal when it enters within
    /// `expectedLoadSeconds` (the plan's), low otherwise; speculative when it enters at rest.
    @inline(__always)
    private func entry(for c: Candidate, expectedLoadSeconds: Double) -> PlanEntry {
        let isImminent = c.enter <= expectedLoadSeconds
        let priority: RequestPriority = c.isDisplayed ? .high : isImminent ? .normal : .low
        return PlanEntry(imageID: c.imageID, item: c.item, priority: priority, isSpeculative: c.enter == atRest)
    }

    /// Where the plan is in its candidates, and the figures it plans them with (those of the
    /// layout pass that made it: the estimates and the motion may change before the pump reads
    /// further).
    private struct PlanCursor {
        /// The next position in plan order to plan.
        var position = 0
        /// The candidates.
        var count = 0
        /// Whether plan order is gathering order (else `scratch.order`).
        var isGatheringOrder = true
        /// Whether a fling decelerated, and when it settles, seconds.
        var isFling = false
        var settle = 0.0
        /// Seconds of transfer ahead of the next download admitted.
        var backlog = 0.0
        /// The backlog of the loads in flight alone (the resting items' slacks start from it).
        var restingBacklog = 0.0
        /// Whether `scratch.resting` and `scratch.lateResting` are filled (at the first count).
        var isRestingFilled = false
        /// The resting items, and those passed.
        var restingCount = 0
        var firstLaterResting = 0
        /// The plan's `fastestLoadSeconds`, `transferSeconds` and `expectedLoadSeconds`.
        var fastestLoadSeconds = 0.0
        var transferSeconds = 0.0
        var expectedLoadSeconds = 0.0

        /// An empty plan.
        init() {}

        /// A plan of `count` candidates with these figures, none planned yet.
        init(count: Int, isGatheringOrder: Bool, isFling: Bool, settle: Double, backlog: Double,
             fastestLoadSeconds: Double, transferSeconds: Double, expectedLoadSeconds: Double) {
            self.count = count
            self.isGatheringOrder = isGatheringOrder
            self.isFling = isFling
            self.settle = settle
            self.backlog = backlog
            restingBacklog = backlog
            self.fastestLoadSeconds = fastestLoadSeconds
            self.transferSeconds = transferSeconds
            self.expectedLoadSeconds = expectedLoadSeconds
        }
    }

    /// Plans candidates from the cursor on, in plan order, until `plan` holds more than `position`
    /// entries or every candidate is planned; returns whether it does. A candidate with a load
    /// in flight is wanted unless `plan` dropped it; one that needs a download is admitted against
    /// a bandwidth-serial estimate of when its image would arrive (median latency, then the
    /// transfers ahead of it and its own): prepared cells while dragging or at rest always (a
    /// finger may stop); while a fling decelerates, the items where it will rest (on screen until
    /// it ends); an item the fling carries past only if the time it would spend on screen with its
    /// image exceeds the delay its transfer adds to resting items it would make late.
    @inline(never)
    private func extendPlan(toInclude position: Int) -> Bool {
        // `cursor` is read and written in place (a copy in and out per call cost more).
        // `planBatch` entries beyond the one asked for, at once (the pump usually reads on).
        let target = min(position + Self.planBatch, cursor.count)
        while planCount <= target && cursor.position < cursor.count {
            let position = cursor.position
            cursor.position += 1
            let c = scratch.candidates[cursor.isGatheringOrder ? position : scratch.order[position]]
            if c.isLoading {
                if c.isDropped { continue }
            } else if c.needsDownload {
                let arrival = cursor.fastestLoadSeconds + cursor.backlog
                if cursor.isFling && !(c.leave >= cursor.settle) {
                    let gain = min(c.leave, cursor.settle) - max(c.enter, arrival)
                    // The count is asked only when the gain could pay for it (it depends on the
                    // items passed and the admissions alone, so a count skipped changes no later one).
                    guard gain > 0 else { continue }
                    if !cursor.isRestingFilled {
                        cursor.isRestingFilled = true
                        cursor.restingCount = fillResting(cursor)
                    }
                    while cursor.firstLaterResting < cursor.restingCount
                        && scratch.resting[cursor.firstLaterResting].index <= position {
                        scratch.lateResting.passNext()
                        cursor.firstLaterResting += 1
                    }
                    let late = scratch.lateResting.lateCount()
                    guard gain > Double(late) * cursor.transferSeconds else { continue }
                    scratch.lateResting.admitted()
                } else if !(c.isAttached && !cursor.isFling) {
                    guard arrival < c.leave else { continue }
                }
                cursor.backlog += cursor.transferSeconds
            }
            plan[planCount] = entry(for: c, expectedLoadSeconds: cursor.expectedLoadSeconds)
            planCount += 1
        }
        return planCount > position
    }

    /// Entries `extendPlan` plans beyond the one the pump asks for.
    static let planBatch = 1

    /// Fills `scratch.resting` with the resting items that need a download, in plan order, each
    /// with its slack if only resting items were loaded after the loads in flight
    /// (`cursor.restingBacklog`), and resets `scratch.lateResting` to them; returns how many there
    /// are. Fling only (`cursor.settle`: when it ends).
    @inline(never)
    private func fillResting(_ cursor: PlanCursor) -> Int {
        let candidateCount = cursor.count
        if scratch.resting.count < candidateCount {
            PlanOrder.resize(&scratch.resting, to: candidateCount, filler: (0, 0))
        }
        var restingBacklog = cursor.restingBacklog, restingCount = 0
        let fastestLoadSeconds = cursor.fastestLoadSeconds, transferSeconds = cursor.transferSeconds
        let settle = cursor.settle, isGatheringOrder = cursor.isGatheringOrder
        var resting = scratch.resting
        scratch.resting = []
        scratch.candidates.withUnsafeBufferPointer { candidates in
            scratch.order.withUnsafeBufferPointer { order in
                resting.withUnsafeMutableBufferPointer { resting in
                    for index in 0..<candidateCount {
                        let c = candidates[isGatheringOrder ? index : order[index]]
                        guard c.leave >= settle && c.needsDownload else { continue }
                        restingBacklog += transferSeconds
                        let slack = c.enter - (fastestLoadSeconds - transferSeconds + restingBacklog)
                        resting[restingCount] = (index, slack)
                        restingCount += 1
                    }
                }
            }
        }
        // "How many later resting items would be late" (`LateRestingCounter`: no sort of the
        // slacks, O(1) per count, O(n) per plan, not O(n²)). Each admission is of a candidate.
        resting.withUnsafeBufferPointer {
            scratch.lateResting.reset(UnsafeBufferPointer(rebasing: $0[0..<restingCount]),
                                      transferSeconds: transferSeconds, maxAdmissions: candidateCount)
        }
        scratch.resting = resting
        return restingCount
    }

    /// Items within `keepScreens` of the viewport (computed once into `keep`).
    private func keptItems(_ keep: inout Range<Int>?) -> Range<Int> {
        if let keep { return keep }
        let keepDepth = configuration.keepScreens * layout.viewportHeight
        let items = layout.items(intersecting: motion.offset - keepDepth,
                                 motion.offset + layout.viewportHeight + keepDepth, hint: &keptRowHint)
        keep = items
        return items
    }

    /// The `enter` time given to horizon items at rest (finite, after every moving estimate).
    private let atRest = Double.greatestFiniteMagnitude

    /// Expected latency still ahead of a download, seconds.
    private func remainingLatency(started: SimTime, now: SimTime) -> Double {
        max(0, latencySeconds - SimDuration.toSeconds(now - started))
    }

    /// Expected transfer still ahead of a download, seconds.
    private func remainingTransfer(started: SimTime, now: SimTime) -> Double {
        let elapsed = SimDuration.toSeconds(now - started)
        return min(transferSeconds, max(0, transferSeconds - max(0, elapsed - latencySeconds)))
    }

    /// Starts planned loads in plan order (the cells configured since the plan first, newest
    /// first): disk reads at once, downloads while fewer than `downloadSlots` are in flight,
    /// speculative ones while fewer than `maxSpeculativeLoads` are and no other download waits.
    private func pump() {
        // The downloads in flight, counted when a download is first considered (the disk reads
        // started before then are not downloads: the count is the same as at the start).
        var downloads = -1, speculative = 0
        var position = -1
        while true {
            position += 1
            let entry: PlanEntry
            if position < urgent.count {
                entry = urgent[urgent.count - 1 - position]
            } else {
                let planPosition = position - urgent.count
                guard planPosition < planCount || extendPlan(toInclude: planPosition) else { break }
                entry = plan[planPosition]
            }
            // The item's facts (computed when it was planned) and its image's state, read once:
            // nothing below changes the state before `startLoad`.
            let facts = facts(ofItem: entry.item)
            let state = facts.state.pointee
            guard state.activeSlot < 0 else { continue }  // a slot means a load
            if state.hasRetryTime, let notBefore = retryNotBefore[entry.imageID] {
                if environment.now < notBefore { continue }
                retryNotBefore[entry.imageID] = nil
                facts.state.pointee.hasRetryTime = false
            }
            let size = facts.maxPixelSize
            if state.wasInMemory && cachedImage(entry.imageID, limit: facts.cacheLimit) != nil { continue }
            assert(state.isOnDisk == disk.contains(entry.imageID), "isOnDisk follows the disk index")
            if state.isOnDisk {
                startLoad(entry, maxPixelSize: size)
                continue
            }
            if downloads < 0 { (downloads, speculative) = countDownloads() }
            // The first download without a slot ends the pass: nothing after it in plan order
            // starts one. Speculative entries enter at `atRest`, the latest time, after the others.
            guard downloads < downloadSlots else { break }
            if entry.isSpeculative && speculative >= speculativeSlots { continue }
            startLoad(entry, maxPixelSize: size)
            downloads += 1
            if entry.isSpeculative { speculative += 1 }
        }
    }

    /// The loads in flight in their network phase, and how many of them are speculative.
    private func countDownloads() -> (downloads: Int, speculative: Int) {
        var downloads = 0, speculative = 0
        for load in activeLoadObjects {  // counts only: the order does not matter
            guard load.isDownloading else { continue }
            downloads += 1
            if load.isSpeculative { speculative += 1 }
        }
        return (downloads, speculative)
    }

    // MARK: Loads

    /// The constants of `item` (computed on first use).
    @inline(__always)
    private func facts(ofItem item: Int) -> ItemFacts {
        let known = factsOfItem.slot(item)
        return known.pointee.imageID >= 0 ? known.pointee : computeFacts(ofItem: item)
    }

    /// `facts(ofItem:)` through `cursor` (a loop over items mostly in order).
    @inline(__always)
    private func facts(ofItem item: Int, cursor: inout PagedSlotTable<ItemFacts>.Cursor) -> ItemFacts {
        let known = factsOfItem.slot(item, cursor: &cursor)
        return known.pointee.imageID >= 0 ? known.pointee : computeFacts(ofItem: item)
    }

    /// Asks the catalogue and the layout for `item`'s constants, once.
    @inline(never)
    private func computeFacts(ofItem item: Int) -> ItemFacts {
        let imageID = environment.imageID(forItem: item)
        let cell = layout.cellPixelSize(ofItem: item)
        let source = environment.imagePixelSize(ofImage: imageID)
        let maxPixelSize = max(cell.width, cell.height)
        let facts = ItemFacts(imageID: imageID, maxPixelSize: maxPixelSize,
                              cacheLimit: min(maxPixelSize, max(source.width, source.height)),
                              state: stateOf.slot(imageID))
        factsOfItem[item] = facts
        return facts
    }

    /// The image `item` shows.
    private func catalogImageID(ofItem item: Int) -> Int { facts(ofItem: item).imageID }

    /// The cached bitmap of `imageID` if it is at least `limit` (an `ItemFacts.cacheLimit`) on
    /// its long side; a hit refreshes its recency.
    private func cachedImage(_ imageID: Int, limit: Int) -> ImageObject? {
        guard stateOf[imageID].wasInMemory else { return nil }
        recency.recordOperation()
        // `image(for:)` alone: this cache has no expiration, so `contains` adds nothing.
        guard let image = memory.image(for: imageID) else { return nil }
        let longSide = max(image.pixelWidth, image.pixelHeight)
        return longSide >= limit ? image : nil
    }

    /// Whether the memory cache has a bitmap of `imageID` at least `limit` on its long side (an
    /// `ItemFacts.cacheLimit`), for a plan: `cachedImage` within `recency`'s pass, whose lookup
    /// of an image the last plan looked up too is deferred (and skipped when it cannot change
    /// the recency order).
    @inline(__always)
    private func isCachedForPlan(_ imageID: Int, state: UnsafeMutablePointer<ImageState>, limit: Int) -> Bool {
        guard state.pointee.wasInMemory else { return false }
        if let longSide = recency.deferredValue(of: imageID) { return longSide >= limit }
        return lookUpForPlan(imageID, limit: limit)
    }

    /// `isCachedForPlan`'s real lookup (one table lookup: `imageLongSide(for:)`).
    @inline(never)
    private func lookUpForPlan(_ imageID: Int, limit: Int) -> Bool {
        if recency.isDeferring { recency.stopDeferring { _ = memory.imageLongSide(for: $0) } }
        guard let longSide = memory.imageLongSide(for: imageID) else { return false }
        recency.touched(imageID, value: longSide)
        return longSide >= limit
    }

    /// Whether a candidate for `imageID` is left out of the plan: it has no load in flight and
    /// the memory cache has a large enough bitmap (`isCachedForPlan`: the lookup refreshes its
    /// recency). Asked of every candidate, in gathering order, before anything else is computed
    /// for it.
    @inline(__always)
    private func isServedFromMemory(_ imageID: Int, state: UnsafeMutablePointer<ImageState>,
                                    facts: ItemFacts) -> Bool {
        // A slot in `activeLoads` means a load (`track`, `untrack`).
        state.pointee.activeSlot < 0 && isCachedForPlan(imageID, state: state, limit: facts.cacheLimit)
    }

    /// `item`'s facts and its image's state when the image is new to this reconcile (not marked
    /// `seen` yet: it is marked now) and not `isServedFromMemory`; nil otherwise. For the horizon
    /// and beyond it, where a later mention of an image already gathered adds nothing.
    @inline(__always)
    private func newUnservedImage(ofItem item: Int, seen: Int32,
                                  cursor: inout PagedSlotTable<ItemFacts>.Cursor)
        -> (facts: ItemFacts, state: UnsafeMutablePointer<ImageState>)? {
        let facts = facts(ofItem: item, cursor: &cursor)
        let state = facts.state
        guard state.pointee.mark != seen else { return nil }
        state.pointee.mark = seen
        guard !isServedFromMemory(facts.imageID, state: state, facts: facts) else { return nil }
        return (facts, state)
    }

    /// Fills in what the plan needs to know about the image of a candidate kept in the plan (not
    /// `isServedFromMemory`).
    @inline(__always)
    private func describe(_ candidate: inout Candidate, state: UnsafeMutablePointer<ImageState>,
                          facts: ItemFacts) {
        if state.pointee.activeSlot >= 0 {
            candidate.isLoading = true
            if activeLoadObjects[Int(state.pointee.activeSlot)].isDownloading {
                candidate.isDownloading = true
            }
            return
        }
        assert(state.pointee.isOnDisk == disk.contains(candidate.imageID), "isOnDisk follows the disk index")
        candidate.needsDownload = !state.pointee.isOnDisk
    }

    private func startLoad(_ entry: PlanEntry, maxPixelSize: Int) {
        let imageID = entry.imageID, priority = entry.priority
        let load = Load(imageID: imageID, priority: priority, maxPixelSize: maxPixelSize, strategy: self)
        load.item = entry.item
        load.isSpeculative = entry.isSpeculative
        track(load)
        if disk.touch(imageID), let bytes = disk.cost(of: imageID) {
            load.phase = .disk(environment.readDisk(bytes: bytes, target: load, tag: 0))
            return
        }
        load.started = environment.now
        estimator.resumed(imageID: imageID, at: load.started)
        load.phase = .network(session.load(imageID, priority: priority, target: load, tag: 0))
    }

    /// Drops the retry times that have passed: the pump would retry those images at once, as it
    /// does when it meets an image whose time has passed (it drops the time then), so nothing it
    /// decides changes; only the table's memory does.
    /// - Complexity: O(1) amortised per failure.
    private func expireRetryTimes() {
        let now = environment.now
        while let (imageID, notBefore) = retryQueue.first, notBefore <= now {
            retryQueue.popFirst()
            guard retryNotBefore[imageID] == notBefore else { continue }  // failed again, or retried
            retryNotBefore[imageID] = nil
            stateOf[imageID].hasRetryTime = false
        }
    }

    /// The retry times held (tests: the table's size follows the failures at once).
    var retryTimesHeld: Int { retryNotBefore.count }

    /// `load`'s download ended with `result`.
    private func downloaded(_ load: Load, result: NetworkResult) {
        let imageID = load.imageID
        guard self.load(of: imageID) === load else { return }
        defer { pump() }
        guard case .success(let bytes) = result else {
            untrack(imageID)
            expireRetryTimes()
            let notBefore = environment.now + Self.retryDelay
            retryNotBefore[imageID] = notBefore
            retryQueue.append((imageID, notBefore))
            stateOf[imageID].hasRetryTime = true
            return
        }
        diskEvicted.removeAllKeepingCapacity()
        let isInserted = disk.insert(imageID, cost: bytes, evicted: &diskEvicted)
        stateOf[imageID].isOnDisk = isInserted
        for key in diskEvicted { stateOf[key].isOnDisk = false }  // `imageID` only when refused
        stateVersion &+= 1
        environment.writeDisk(bytes: bytes)
        dataReady(load)
    }

    private func dataReady(_ load: Load) {
        guard self.load(of: load.imageID) === load else { return }
        load.decodeSubmitted = environment.now
        stateVersion &+= 1  // its phase
        let mode = DecodeMode.thumbnail(maxPixelSize: load.maxPixelSize)
        load.phase = .decode(environment.decode(load.imageID, mode: mode, target: load, tag: 0))
    }

    /// `load`'s decode ended with `image`.
    private func decodeEnded(_ load: Load, image: ImageObject) {
        // Only the decode median changed, if anything: the estimates follow from it.
        let decodeBefore = estimator.decodeSeconds.bitPattern
        estimator.observeDecode(environment.now - load.decodeSubmitted)
        if estimator.decodeSeconds.bitPattern != decodeBefore { refreshEstimates() }
        decoded(load, image: image)
    }

    private func decoded(_ load: Load, image: ImageObject) {
        guard self.load(of: load.imageID) === load else { return }
        untrack(load.imageID)
        recency.recordOperation()
        memory.store(image, for: load.imageID)
        stateOf[load.imageID].wasInMemory = true
        stateVersion &+= 1
        if displayedCount[load.imageID] != nil { memory.setProtected(load.imageID, true) }
        environment.retain(image)  // held by the pending list until set
        pending.append((load.imageID, image))
        armFlush()
    }

    private func raise(_ load: Load, to priority: RequestPriority) {
        if priority > load.priority { setPriority(load, priority) }
    }

    private func setPriority(_ load: Load, _ priority: RequestPriority) {
        load.priority = priority
        if case .network(let task)? = load.phase { task.setPriority(priority) }
    }

    /// The load in flight of `imageID`, if any.
    @inline(__always)
    private func load(of imageID: Int) -> Load? {
        let slot = stateOf[imageID].activeSlot
        return slot >= 0 ? activeLoadObjects[Int(slot)] : nil
    }

    /// Records `load` as its image's load in flight.
    private func track(_ load: Load) {
        stateVersion &+= 1
        stateOf[load.imageID].activeSlot = Int32(truncatingIfNeeded: activeLoads.count)
        activeLoads.append(load.imageID)
        activeLoadObjects.append(load)
    }

    /// Forgets the load in flight of `imageID` (O(1): the last id takes its place).
    private func untrack(_ imageID: Int) {
        let slot = stateOf[imageID].activeSlot
        guard slot >= 0 else { return }
        stateVersion &+= 1
        let last = activeLoads.removeLast()
        let lastLoad = activeLoadObjects.removeLast()
        if last != imageID {
            activeLoads[Int(slot)] = last
            activeLoadObjects[Int(slot)] = lastLoad
            stateOf[last].activeSlot = slot
        }
        stateOf[imageID].activeSlot = -1
    }

    private func cancel(_ load: Load) {
        untrack(load.imageID)
        switch load.phase {
        case .disk(let task)?, .decode(let task)?: task.cancel()
        case .network(let task)?: task.cancel()
        case nil: break
        }
    }

    // MARK: Batched image sets

    /// Sets every pending image on the cells waiting for it (main thread).
    @inline(never)
    private func flush() {
        guard !pending.isEmpty else { return }
        // The first pending image of each id: its image's state is marked with this flush's stamp
        // and holds the image's position in `pending` (`candidateIndex`: a flush runs outside a
        // reconcile, where nothing else reads it).
        let delivered = nextGeneration()
        pending.withUnsafeBufferPointer { pending in
            for position in pending.indices {
                let state = stateOf.slot(pending[position].imageID)
                guard state.pointee.mark != delivered else { continue }
                state.pointee.mark = delivered
                state.pointee.candidateIndex = Int32(truncatingIfNeeded: position)
            }
        }
        // The cells waiting for a delivered image, in cell order (read first, then set: reading
        // changes nothing, so the sets come in the same order). A cell holding an item and not
        // satisfied is among `unsatisfiedCells` (each cell once, with its item; satisfied cells
        // not yet dropped are passed over): its few keys are read instead of every cell, and the
        // cells found sorted.
        flushCells.removeAll(keepingCapacity: true)
        satisfied.values.withUnsafeBufferPointer { isSatisfied in
            // Keys in item order: the items' facts are reached through a cursor.
            var factsCursor = PagedSlotTable<ItemFacts>.Cursor()
            for key in unsatisfiedCells.keys {
                let cell = key & 0xFFFF_FFFF
                guard !(cell < isSatisfied.count && isSatisfied[cell]) else { continue }
                if facts(ofItem: key >> 32, cursor: &factsCursor).state.pointee.mark == delivered {
                    flushCells.append(cell)
                }
            }
        }
        PlanOrder.sortAscending(&flushCells)
        for cell in flushCells {
            let position = Int(facts(ofItem: itemOfCell[cell]).state.pointee.candidateIndex)
            environment.setImage(pending[position].image, on: cell)
            satisfied[cell] = true
            cellVersion &+= 1
        }
        for (_, image) in pending { environment.release(image) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Vsync `k` of the display's grid.
    private func vsyncTime(_ k: Int) -> SimTime { display.vsyncTime(k) }

    /// The frame interval containing `time`: `k` with vsync(k) ≤ time < vsync(k + 1).
    private func frameInterval(at time: SimTime) -> Int { display.frameInterval(containing: time) }

    /// Arms the fallback flush for the middle of a frame interval after the last flush block's.
    private func armFlush() {
        guard !isFlushTimerArmed && !isFlushBlockQueued else { return }
        let now = environment.now
        var k = frameInterval(at: now)
        func middle(_ k: Int) -> SimTime { (vsyncTime(k) + vsyncTime(k + 1)) / 2 }
        if middle(k) <= now || k <= lastFlushBlockInterval { k = max(k + 1, lastFlushBlockInterval + 1) }
        isFlushTimerArmed = true
        environment.schedule(after: middle(k) - now, flushTimerBody)
    }

    private func flushTimerFired() {
        isFlushTimerArmed = false
        guard !pending.isEmpty else { return }  // a layout pass set them already
        isFlushBlockQueued = true
        environment.async(onMain: flushBlockBody)
    }

    // MARK: Tests

    /// The motion estimated at the last layout pass.
    var lastMotion: Motion { motion }
    /// Images in the memory cache, next victim first.
    var memoryCacheKeys: [Int] { memory.keysInEvictionOrder() }
}
