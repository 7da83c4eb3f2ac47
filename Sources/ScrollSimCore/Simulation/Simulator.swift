/// The state of one cell (a `UICollectionViewCell` and its image view).
struct CellRecord {
    /// The item the cell is attached to, or −1 when pooled.
    var item: Int = -1
    /// The image the attached item shows (set when attached; −1 when pooled).
    var expectedImageID: Int = -1
    /// Between `willDisplay` and `didEndDisplaying`.
    var isDisplayed = false
    /// The image shown.
    var image: ImageObject?
    /// `image?.imageID`, or −1 (kept as a plain integer for the per-frame accounting).
    var shownImageID: Int = -1
    /// Whether `image` is the strategy's final image (false: a placeholder).
    var isFinal = false
    /// Present time of the frame of a display still waiting for its image, or −1.
    var pendingDisplayPresent: SimTime = -1
    /// The app's own identity tag (`representedIdentifier`).
    var representedIdentifier: Int?
    /// Whether the cell is in `Simulator.changedCells` (changed since the last frame's accounting).
    var isChanged = false
    /// The item under which the frame accounting counts the cell as blank (in `blankItems`), or −1.
    var blankItem = -1
    /// Whether the frame accounting counts the cell as showing a wrong image.
    var isCountedWrong = false
}

/// Work items of the serial main thread.
enum MainItem {
    case frame(Int)
    case block(() -> Void)
    /// A block setting an image (`Simulator.enqueueMainImageSet`), its captures in slot `n` of
    /// `Simulator.pendingImageSets`.
    case imageSet(Int)
    /// A block of a `MainQueueTarget` (`Simulator.enqueueMainTarget`), its target and tag in slot
    /// `n` of `Simulator.pendingMainTargets`.
    case target(Int)
    case idlePreparation
    /// `UIApplication.didReceiveMemoryWarningNotification` (scripted or the footprint's warning).
    case memoryWarning
    /// A `DispatchSource` memory-pressure event (scripted only).
    case memoryPressure(MemoryPressureLevel)
}

/// One run of the model (single-threaded: the hot stored properties opt out of dynamic
/// exclusivity checks, which cost a tenth of the run time and can never fire here). Its parts live
/// in extensions by concern: the main thread and display (`Simulator+Display.swift`), the cell
/// lifecycle (`Simulator+Lifecycle.swift`).
final class Simulator {
    let scenario: Scenario
    let seed: UInt64
    let scheduler = Scheduler()
    let context: SimContext
    let streams: RandomStreams
    let layout: CollectionLayout
    let timeline: ScrollTimeline
    let images: ImageCatalog
    let memory = MemoryLedger()
    // The services are constants (made before `self` is complete): a call through one needs no
    // retain of it.
    let network: NetworkModel
    let disk: ServerPool
    let decoders: ServerPool
    /// The strategy, kept alive for the whole run (the guarantee `FetchStrategy`'s "Lifetime" states);
    /// callbacks go through `withStrategy`.
    private var strategyOwner: (any FetchStrategy)?
    /// `strategyOwner`'s object, unretained (`BorrowedReference`), and its dynamic type
    /// (`withStrategy`).
    @exclusivity(unchecked) private var strategyObject: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var strategyType: (any FetchStrategy.Type)?
    @exclusivity(unchecked) var environment: FetchEnvironment!
    @exclusivity(unchecked) var recorder = MetricsRecorder()
    let observer: (any RunObserver)?
    /// When set, every lifecycle callback is appended (tests).
    @exclusivity(unchecked) var lifecycleTrace: [LifecycleEvent]?
    /// When set, the lifecycle and accounting state is checked after every frame and each
    /// violation appended (tests; `Simulator+Invariants.swift`).
    @exclusivity(unchecked) var invariantViolations: [String]?

    // Costs in ns, converted once.
    let frameBaseCost: SimTime
    let cellCreateCost: SimTime
    let cellForItemCost: SimTime
    let prepareForReuseCost: SimTime
    let willDisplayCost: SimTime
    let didEndDisplayingCost: SimTime
    let setImageCost: SimTime
    let renderCost: SimTime
    let refreshHz: Int64
    /// `vsyncTime(_:)` by multiplication.
    let vsyncDivision: VsyncDivision
    /// The largest time for which `vsyncIndex(atOrAfter:)` may compute `time · refreshHz + 1 s`
    /// without overflow.
    let vsyncIndexDirectLimit: SimTime
    /// Full decode, ms per source megapixel on this device (`costs` ÷ `device.decodeSpeed`).
    let decodeMsPerMegapixel: Double
    /// Thumbnail decode, ms per source megapixel on this device.
    let thumbnailMsPerMegapixel: Double
    /// What the app reads of its device.
    let deviceInfo: DeviceInfo
    /// When the footprint exceeded the device's memory limit: the app was killed and the run
    /// ends with the work in progress (docs/model.md, "Device and memory").
    @exclusivity(unchecked) var killedAt: SimTime?
    /// The peak of decoded bytes at the kill (the work in progress runs on, uncounted).
    @exclusivity(unchecked) var peakBytesAtKill: Int64 = 0

    // Display state.
    @exclusivity(unchecked) var scheduledVsync: Int?
    @exclusivity(unchecked) var isFrameInFlight = false
    @exclusivity(unchecked) var isFrameRunning = false
    @exclusivity(unchecked) var isDirty = false
    @exclusivity(unchecked) var needsInitialLayout = true
    @exclusivity(unchecked) var laidOutOffset: Double = 0
    @exclusivity(unchecked) var lastFrameVsync = -1
    @exclusivity(unchecked) var frameNumber = 0
    @exclusivity(unchecked) var renderFreeAt: SimTime = 0
    @exclusivity(unchecked) var nextScriptChange = 0
    @exclusivity(unchecked) var nextMemoryWarning = 0

    // Main thread state.
    @exclusivity(unchecked) var mainQueue: [MainItem] = []
    @exclusivity(unchecked) var mainQueueHead = 0
    @exclusivity(unchecked) var isMainBusy = false
    @exclusivity(unchecked) var runningItemIsFrame: Int?

    // Lifecycle state.
    /// The cells by id, changed in place (a `RecordBuffer`: no copy-on-write check per change).
    let cells = RecordBuffer<CellRecord>()
    @exclusivity(unchecked) var pool: [CellID] = []
    @exclusivity(unchecked) var prepared = PreparedCells()
    @exclusivity(unchecked) var visible: Range<Int> = 0..<0
    @exclusivity(unchecked) var direction = 0
    @exclusivity(unchecked) var leadCandidates: [Int] = []
    @exclusivity(unchecked) var leadCandidateHead = 0
    @exclusivity(unchecked) var idleDeadline: SimTime = 0
    @exclusivity(unchecked) var outstandingPrefetches = SortedItems()
    @exclusivity(unchecked) var prefetchDirection = 0
    /// Cells displayed since the last frame's accounting.
    let newlyDisplayed = RecordBuffer<CellID>()
    /// Cells whose display, image or item changed since the last frame's accounting.
    let changedCells = RecordBuffer<CellID>()
    /// Visible items whose cell is not ready (blank), as the last frame's accounting left them.
    @exclusivity(unchecked) var blankItems = SortedItems()
    /// Visible cells showing a wrong image, as the last frame's accounting left them.
    @exclusivity(unchecked) var wrongVisibleCount = 0
    /// The timeline sampled at the last two vsyncs asked (`offset(atVsync:)`), older first.
    @exclusivity(unchecked) var sampleCache: ((vsync: Int, sample: ScrollTimeline.Sample),
                                              (vsync: Int, sample: ScrollTimeline.Sample))
        = ((-1, .init(offset: 0, velocity: 0)), (-1, .init(offset: 0, velocity: 0)))
    /// The timeline segment of the last sample (`ScrollTimeline.sample(at:segmentHint:)`).
    @exclusivity(unchecked) var segmentHint = 0
    /// The samples shared with the other runs of this scenario and seed, or nil: this run samples
    /// its own timeline (`sampleMissed(atVsync:)`).
    let sampleStore: ScrollSampleStore?
    /// The chunk of `sampleStore` read last, kept alive here (the store's lock is taken only to
    /// move to another chunk); `sampleChunkFirst` and `sampleChunkBase` are its first vsync and
    /// its samples.
    @exclusivity(unchecked) var sampleChunk: ScrollSampleStore.Chunk?
    /// The first vsync of `sampleChunk`; before the first, −`chunkSize` (no vsync ≥ 0 is in it).
    @exclusivity(unchecked) var sampleChunkFirst = -ScrollSampleStore.chunkSize
    /// The samples of `sampleChunk`.
    @exclusivity(unchecked) var sampleChunkBase: UnsafePointer<ScrollTimeline.Sample>?
    /// The first scroll interval that may hold a frame's vsync not yet asked (`runFrame`).
    @exclusivity(unchecked) var frameIntervalCursor = 0
    /// The blank share of the frame on screen, and the vsync from which it is on screen (nothing
    /// is drawn before the first frame: all blank).
    @exclusivity(unchecked) var shownBlank: Double = 1
    @exclusivity(unchecked) var shownSinceVsync = 0
    /// The in-scroll vsyncs of the scroll interval `sampleShownBlank` is at (empty before it
    /// starts), and the index of the next interval.
    @exclusivity(unchecked) var sampledScrollVsyncs = 0..<0
    @exclusivity(unchecked) var sampledIntervalCursor = 0
    @exclusivity(unchecked) var lastPrefetchWindow: Range<Int> = 0..<0
    @exclusivity(unchecked) var lastPrefetchVisible: Range<Int> = 0..<0
    /// The boundary rows of the layout pass's bands at the last frame (visible, retained, lead)
    /// and of the prefetch window: a frame's bands most often have the same ones
    /// (`CollectionLayout.items(intersecting:_:hint:)`).
    @exclusivity(unchecked) var visibleRowHint = CollectionLayout.RowHint()
    /// The retain band's rows at the last frame (see `visibleRowHint`).
    @exclusivity(unchecked) var retainRowHint = CollectionLayout.RowHint()
    /// The lead band's rows at the last frame (see `visibleRowHint`).
    @exclusivity(unchecked) var leadRowHint = CollectionLayout.RowHint()
    /// The prefetch window's rows at the last frame (see `visibleRowHint`).
    @exclusivity(unchecked) var prefetchRowHint = CollectionLayout.RowHint()
    /// Timers set by main-thread code ahead of the clock, waiting for their `timerStart` events
    /// from `timersToStartHead` on: each with its block, its due time and its event's time (the
    /// code's cursor). The events were queued at nondecreasing cursors (the main thread is
    /// serial), so they pop in this order.
    @exclusivity(unchecked) var timersToStart: [(block: () -> Void, due: SimTime, start: SimTime)] = []
    /// The first timer of `timersToStart` whose event has not popped.
    @exclusivity(unchecked) var timersToStartHead = 0
    /// Image sets waiting on the main queue (`enqueueMainImageSet`), by slot; a slot is reused
    /// once its set has run (a `RecordBuffer`, as `pendingMainTargets`).
    let pendingImageSets = RecordBuffer<PendingImageSet>()
    /// The free slots of `pendingImageSets`, chained through their `cell` (last freed, first taken).
    @exclusivity(unchecked) var freeImageSets = FreeList()
    /// Main-queue blocks of targets waiting to run (`enqueueMainTarget`), by slot; a slot is
    /// reused once its block has run (free slots are chained through their `tag`).
    let pendingMainTargets = RecordBuffer<PendingMainTarget>()
    /// The free slots of `pendingMainTargets`, chained through their `tag` (last freed, first taken).
    @exclusivity(unchecked) var freeMainTargets = FreeList()
    /// Storage reused by `updatePrefetchWindow` for the items it cancels.
    @exclusivity(unchecked) var prefetchCancelledScratch: [Int] = []
    /// Storage reused by `updatePrefetchWindow` for the items it passes to `prefetch`.
    @exclusivity(unchecked) var prefetchFreshScratch: [Int] = []

    /// A run of `scenario` with `seed`; with `sampleStore` (whose key must be this run's), the
    /// timeline and its samples are the store's, shared with the other runs of that key.
    init(scenario: Scenario, seed: UInt64, strategyName: String, factory: StrategyFactory,
         observer: (any RunObserver)?, sampleStore: ScrollSampleStore? = nil) {
        precondition(sampleStore?.matches(scenario, seed: seed) ?? true,
                     "a run given the samples of another scenario or seed")
        self.scenario = scenario
        self.seed = seed
        self.observer = observer
        self.sampleStore = sampleStore
        context = SimContext(scheduler: scheduler)
        streams = RandomStreams(seed: seed)
        layout = CollectionLayout(scenario.layout, streams: streams)
        let layout = self.layout
        let makeTimeline = {
            ScrollTimeline(steps: scenario.script, maxOffset: layout.maxOffset, seed: seed,
                           targetOffset: { layout.offsetToShow(item: $0) })
        }
        timeline = sampleStore?.timeline(orMake: makeTimeline) ?? makeTimeline()
        images = ImageCatalog(scenario.images, itemCount: scenario.layout.itemCount, catalog: scenario.layout.catalog,
                              streams: streams)
        let costs = scenario.costs
        frameBaseCost = SimDuration.milliseconds(costs.frameBaseMs)
        cellCreateCost = SimDuration.milliseconds(costs.cellCreateMs)
        cellForItemCost = SimDuration.milliseconds(costs.cellForItemMs)
        prepareForReuseCost = SimDuration.milliseconds(costs.prepareForReuseMs)
        willDisplayCost = SimDuration.milliseconds(costs.willDisplayMs)
        didEndDisplayingCost = SimDuration.milliseconds(costs.didEndDisplayingMs)
        setImageCost = SimDuration.milliseconds(costs.setImageMs)
        renderCost = SimDuration.milliseconds(scenario.display.renderMs)
        refreshHz = Int64(scenario.refreshHz)
        vsyncDivision = VsyncDivision(refreshHz: refreshHz)
        vsyncIndexDirectLimit = refreshHz > 0 ? (SimTime.max - SimDuration.second) / refreshHz : -1
        decodeMsPerMegapixel = costs.decodeMsPerMegapixel / scenario.device.decodeSpeed
        thumbnailMsPerMegapixel = costs.thumbnailMsPerMegapixel / scenario.device.decodeSpeed
        deviceInfo = DeviceInfo(scenario.device)
        recorder.metrics.scenario = scenario.name
        recorder.metrics.strategy = strategyName
        recorder.metrics.seed = seed
        recorder.metrics.profile = scenario.cells.profile.rawValue
        recorder.metrics.refreshHz = scenario.refreshHz
        recorder.metrics.scrollNanos = timeline.totalScrollNanos

        let images = self.images
        network = NetworkModel(context: context, config: scenario.network, streams: streams,
                               bytesOfImage: { images.encodedBytes(ofImage: $0) })
        disk = ServerPool(context: context, servers: scenario.disk.queues, role: .disk)
        let disk = self.disk, diskLatency = SimDuration.milliseconds(scenario.disk.latencyMs)
        let diskThroughputMBps = scenario.disk.throughputMBps
        network.diskIO = { bytes, completion in  // the sessions' HTTP caches: `diskDuration(bytes:)`
            let duration = diskLatency
                + SimDuration.saturating(nanoseconds: Double(bytes) / (diskThroughputMBps * 1_000_000) * 1e9)
            return disk.submit(duration: duration, completion: completion)
        }
        network.diskWrite = { bytes in  // the same duration as `diskIO`'s
            let duration = diskLatency
                + SimDuration.saturating(nanoseconds: Double(bytes) / (diskThroughputMBps * 1_000_000) * 1e9)
            disk.submitDetached(duration: duration)
        }
        network.footprint = memory  // the HTTP caches' memory tiers
        decoders = ServerPool(context: context, servers: scenario.device.decoderThreads, role: .decoders,
                              memory: memory)
        if let observer {
            network.observer = observer
            disk.onJobRan = { [unowned observer] in observer.diskRan(queue: $0, start: $1, end: $2) }
            decoders.onJobRan = { [unowned observer] in observer.decodeRan(thread: $0, start: $1, end: $2) }
            let scheduler = self.scheduler, context = self.context
            memory.onChange = { [unowned observer] bytes in
                observer.memoryChanged(bytes: bytes, at: context.isOnMainThread ? context.mainCursor : scheduler.now)
            }
        }
        watchFootprint()
        environment = FetchEnvironment(sim: self)
        let strategy = factory(environment)
        strategyOwner = strategy
        strategyObject = Unmanaged.passUnretained(strategy as AnyObject).toOpaque()
        strategyType = type(of: strategy)
    }

    /// Calls `body` with the strategy, borrowed (`BorrowedReference`, opened at its dynamic type):
    /// no retain and release of it around each callback, which a stored strategy costs (it is set
    /// after `init`, so it cannot be a `let`).
    @inline(__always)
    func withStrategy(_ body: (any FetchStrategy) -> Void) {
        func call<Strategy: FetchStrategy>(_: Strategy.Type) {
            BorrowedReference<Strategy>(opaque: strategyObject.unsafelyUnwrapped).with { body($0) }
        }
        call(strategyType.unsafelyUnwrapped)
    }

    /// Hard stop: a run never goes past the script's end by more than this (documented in docs/model.md).
    static let settleLimit: SimTime = 60 * SimDuration.second

    /// Runs to the end (or to the app's death) and returns the metrics.
    func run() -> RunMetrics {
        requestFrame(atOrAfter: 0)
        scheduleNextScriptEvents()
        let stopAt = timeline.endTime + Self.settleLimit
        // The slots' events (`Scheduler.nextSource`) are handled here without making a `SimEvent`
        // (and without `handle`'s call), in the order `scheduler.next()` gives.
        events: while true {
            switch scheduler.nextSource {
            case .vsync:
                let k = scheduler.takeVsync()
                if scheduler.now > stopAt { break events }
                vsyncFired(k)
            case .mainItemDone:
                scheduler.takeMainItemDone()
                if scheduler.now > stopAt { break events }
                mainItemDone()
            case .queue:
                let event = scheduler.takeQueued()
                if scheduler.now > stopAt { break events }
                handle(event)
            case .none:
                break events
            }
            if killedAt != nil { break }
        }
        if let killedAt {
            recorder.metrics.killed = true
            recorder.metrics.scrollNanos = timeline.scrollNanos(before: killedAt)
            sampleShownBlank(untilVsync: min(lastScrollVsync() + 1, vsyncIndex(atOrAfter: killedAt)))
        } else {
            sampleShownBlank(untilVsync: lastScrollVsync() + 1)
        }
        recorder.metrics.networkFetches = network.fetchesStarted
        recorder.metrics.bytesDownloaded = network.bytesDownloaded
        recorder.metrics.duplicateDownloads = network.duplicateDownloads
        recorder.metrics.peakMemoryBytes = killedAt == nil ? memory.peakBytes : peakBytesAtKill
        // The radio is charged to the run's horizon, the same instant for every strategy (or to the kill).
        recorder.metrics.radioEnergyNanojoules = network.radioEnergyNanojoules(until: killedAt ?? stopAt)
        let metrics = recorder.finish()
        // Work still queued is dropped uncalled (`FetchStrategy`, "Lifetime"), freeing what it holds: a
        // killed run stops with completions whose captures hold the services that hold them.
        scheduler.dropPending()
        network.dropPendingWork()
        disk.dropPendingWork()
        decoders.dropPendingWork()
        return metrics
    }

    /// Takes the event (its closures move into the work they start; no copy, and no destroy of
    /// the event after the call).
    private func handle(_ event: consuming SimEvent) {
        switch consume event {
        case .vsync(let k): vsyncFired(k)
        case .mainItemDone: mainItemDone()
        case .scriptChange:
            nextScriptChange += 1
            scheduleNextScriptEvents()
            requestFrame(atOrAfter: scheduler.now)
        case .memoryWarning:
            // A scripted warning stands for system-wide memory pressure: UIKit's notification,
            // then the dispatch source's event (docs/model.md, "Device and memory").
            nextMemoryWarning += 1
            scheduleNextScriptEvents()
            enqueueMain(.memoryWarning)
            enqueueMain(.memoryPressure(.warning))
        case .footprintWarning:
            enqueueMain(.memoryWarning)
        case .mainBlock(let block): enqueueMain(.block(block))
        case .mainImageSet(let slot): enqueueMain(.imageSet(slot))
        case .mainTarget(let slot): enqueueMain(.target(slot))
        case .networkSubmit(let id): network.submit(id)
        case .networkLatencyDone(let id): network.latencyDone(id)
        case .networkTransferCheck(let generation): network.transferCheck(generation)
        case .networkCacheAnswer(let id): network.cacheAnswered(id)
        case .networkConnectionReady(let c): network.connectionSetUp(c)
        case .diskEnqueue(let id): disk.enqueue(id)
        case .diskDone(let id): disk.jobDone(id)
        case .decodeEnqueue(let id): decoders.enqueue(id)
        case .decodeDone(let id): decoders.jobDone(id)
        case .networkCancel(let id): network.cancel(id)
        case .networkPriority(let id, let priority): network.setPriority(id, priority)
        case .diskCancel(let id): disk.cancel(id)
        case .decodeCancel(let id): decoders.cancel(id)
        case .timerStart: startTimer()
        case .deferred(let body): body()
        }
    }

    /// A `timerStart` popped: the oldest waiting timer is set, at its due time.
    private func startTimer() {
        let timer = timersToStart[timersToStartHead]
        precondition(timer.start == scheduler.now, "a timerStart out of order")
        timersToStartHead += 1
        if timersToStartHead == timersToStart.count {
            timersToStart.removeAll(keepingCapacity: true)
            timersToStartHead = 0
        }
        scheduler.schedule(.deferred(timer.block), at: timer.due)
    }

    /// Keeps one pending event for the next script change and the next memory warning (not all
    /// of them at once: a long repeated script would fill the queue).
    private func scheduleNextScriptEvents() {
        if nextScriptChange < timeline.changeTimes.count, scheduledScriptChange != nextScriptChange {
            scheduledScriptChange = nextScriptChange
            scheduler.schedule(.scriptChange, at: timeline.changeTimes[nextScriptChange])
        }
        if nextMemoryWarning < timeline.memoryWarnings.count, scheduledMemoryWarning != nextMemoryWarning {
            scheduledMemoryWarning = nextMemoryWarning
            scheduler.schedule(.memoryWarning, at: timeline.memoryWarnings[nextMemoryWarning])
        }
    }
    @exclusivity(unchecked) private var scheduledScriptChange = -1
    @exclusivity(unchecked) private var scheduledMemoryWarning = -1

    /// Connects the memory ledger to the device's warning level and limit: the app's footprint
    /// is the baseline plus the decoded bytes held. A warning is posted to the main queue at the
    /// instant the footprint exceeds the warning level (as an event, after the work in progress);
    /// exceeding the limit kills the app at that instant.
    private func watchFootprint() {
        let device = scenario.device
        memory.warningThresholdBytes = device.memoryWarningBytes - device.baselineFootprintBytes
        memory.limitThresholdBytes = device.memoryLimitBytes - device.baselineFootprintBytes
        let scheduler = self.scheduler, context = self.context
        memory.onWarning = { scheduler.schedule(.footprintWarning, at: context.now) }
        memory.onLimitExceeded = { [unowned self] in
            guard killedAt == nil else { return }
            killedAt = context.now
            peakBytesAtKill = memory.peakBytes
            observer?.appKilled(at: context.now, footprintBytes: device.baselineFootprintBytes + memory.currentBytes)
        }
    }

    // MARK: Services used by the environment

    func diskDuration(bytes: Int64) -> SimTime {
        SimDuration.milliseconds(scenario.disk.latencyMs)
            + SimDuration.saturating(nanoseconds: Double(bytes) / (scenario.disk.throughputMBps * 1_000_000) * 1e9)
    }

    /// The decode job's duration and the (not yet decoded) image it will produce, from
    /// `imageID`'s own pixel size.
    func makeDecodedImage(_ imageID: Int, mode: DecodeMode) -> (SimTime, ImageObject) {
        let source = images.pixelSize(ofImage: imageID)
        let sourceMegapixels = Double(source.width) * Double(source.height) / 1_000_000
        switch mode {
        case .full:
            let image = ImageObject(imageID: imageID, pixelWidth: source.width, pixelHeight: source.height,
                                    isThumbnail: false, isDecoded: false)
            return (SimDuration.milliseconds(decodeMsPerMegapixel * sourceMegapixels), image)
        case .thumbnail(let maxPixelSize):
            let longSide = max(source.width, source.height)
            let factor = longSide > maxPixelSize && maxPixelSize > 0 ? Double(maxPixelSize) / Double(longSide) : 1
            let w = max(1, Int((Double(source.width) * factor).rounded()))
            let h = max(1, Int((Double(source.height) * factor).rounded()))
            let image = ImageObject(imageID: imageID, pixelWidth: w, pixelHeight: h, isThumbnail: true,
                                    isDecoded: false)
            return (SimDuration.milliseconds(thumbnailMsPerMegapixel * sourceMegapixels), image)
        case .drawn(let width, let height):
            let image = ImageObject(imageID: imageID, pixelWidth: max(1, width), pixelHeight: max(1, height),
                                    isThumbnail: true, isDecoded: false)
            return (SimDuration.milliseconds(decodeMsPerMegapixel * sourceMegapixels), image)
        case .stored(let width, let height):
            let image = ImageObject(imageID: imageID, pixelWidth: max(1, width), pixelHeight: max(1, height),
                                    isThumbnail: true, isDecoded: false)
            return (SimDuration.milliseconds(decodeMsPerMegapixel * image.megapixels), image)
        }
    }

    func recordRequest(_ outcome: RequestOutcome, imageID: Int) {
        observer?.imageRequested(imageID: imageID, outcome: outcome, at: context.now)
        recorder.metrics.requests += 1
        switch outcome {
        case .memoryHit: recorder.metrics.memoryHits += 1
        case .diskHit: recorder.metrics.diskHits += 1
        case .inflightJoin: recorder.metrics.inflightJoins += 1
        case .miss: break
        }
    }

    func chargeMain(_ cost: SimTime) {
        guard context.isOnMainThread else { return }
        context.mainCursor += cost
    }

    /// Sets `image` on `cell`. Consumed: the cell takes the caller's reference (a main-queue image
    /// set moves its own in, `runImageSet`; a strategy's reference is copied at the call).
    func setImage(_ image: consuming ImageObject?, on cell: CellID, isFinal: Bool) {
        chargeMain(setImageCost)
        let imageID = image?.imageID
        if let image { memory.retain(image) }
        // The record's fields one by one (the old image swapped out, so neither the record nor an
        // image is copied and retained).
        var old = consume image
        swap(&old, &cells[cell].image)
        cells[cell].shownImageID = imageID ?? -1
        cells[cell].isFinal = imageID != nil && isFinal
        markChanged(cell)
        let isDisplayed = cells[cell].isDisplayed
        // Consumed: the binding takes the reference swapped out (no retain and release around
        // the call, as a copy of the variable costs).
        if let old = consume old { memory.release(old) }
        observer?.imageSet(imageID: imageID, on: cell, isFinal: isFinal, at: context.now)
        if isDisplayed && !isFrameRunning {
            isDirty = true
            requestFrame(atOrAfter: context.now)
        }
    }

    /// The cell records in place, unchecked, for the per-frame loops over the changed and newly
    /// displayed cells and the lifecycle steps on a cell (`display`, `endDisplay`,
    /// `enqueueForReuse`, `markChanged`, `prepareCell`), each given an existing cell (asserted in
    /// debug; the invariants check it after every frame in the tests); valid until the next
    /// `cells.append`.
    @inline(__always)
    var cellRecords: UnsafeMutablePointer<CellRecord> { cells.base }

    /// `trace` for a one-item callback; builds the item array only when someone listens (this
    /// runs for every callback, on the hot path).
    @inline(__always)
    func trace(_ kind: LifecycleEvent.Kind, cell: CellID, item: Int, start: SimTime) {
        guard lifecycleTrace != nil || observer != nil else { return }
        trace(kind, cell: cell, items: [item], start: start)
    }

    /// Reports a lifecycle callback that started at `start` (and ends at the cursor).
    func trace(_ kind: LifecycleEvent.Kind, cell: CellID, items: [Int], start: SimTime) {
        guard lifecycleTrace != nil || observer != nil else { return }
        let event = LifecycleEvent(time: start, kind: kind, cell: cell, items: items)
        lifecycleTrace?.append(event)
        observer?.lifecycleCallback(event, duration: context.now - start)
    }
}
