import ScrollSimCore

/// `adaptive`: ScrollSim's own strategy, what a performance engineer writes after reading the
/// others (no single source; the origin of each mechanism is named).
///
/// - **Plans from the scroll, not from prefetch calls** (as Texture does; UIKit's prefetch calls
///   are ignored). At each layout pass it reads the offset and velocity and estimates the
///   deceleration rate from two successive velocities (UIScrollView's exponential decay), hence
///   where a fling will rest (what `targetContentOffset` tells an app).
/// - **Velocity-aware horizon**: candidates are the prepared cells without their image, the items
///   within `max(|v| × expected load time × lookaheadLoads, stopping distance)` ahead (clamped to
///   `minPrefetchScreens...maxPrefetchScreens` screens), and `minPrefetchScreens` beyond where
///   the content will rest (a guess about the next scroll, loaded last, `maxSpeculativeLoads`
///   at a time). The expected load time comes from the scenario's network: median latency plus
///   the median image's transfer at a `1/maxConnections` share of the bandwidth.
/// - **Only what will be seen**: candidates are ordered by when they enter the screen and admitted
///   against a bandwidth-serial estimate of when each image would arrive. While a fling
///   decelerates, items where it will rest come first; an item it carries past is loaded only if
///   its time on screen with the image beats the delay it adds to resting items.
/// - **Few downloads at once** (`downloadSlots`): enough to cover the p95 latency with transfers,
///   at most `maxConnections`, started in plan order by the strategy itself, so the most urgent
///   image gets the most bandwidth and the plan, not the network's FIFO, decides what goes next.
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
        /// Downloads at once for the guess beyond the resting viewport. Default 1.
        var maxSpeculativeLoads = 1
    }

    /// One load (disk or network, then a downsampling decode) of one image.
    private final class Load {
        enum Phase {
            case disk(PoolTask)
            case network(NetworkTask)
            case decode(PoolTask)
        }
        let imageID: Int
        var phase: Phase?
        var priority: RequestPriority
        let maxPixelSize: Int
        /// Whether it counts against `maxSpeculativeLoads`.
        var isSpeculative = false
        /// When the current phase started.
        var started: SimTime = 0
        init(imageID: Int, priority: RequestPriority, maxPixelSize: Int) {
            self.imageID = imageID
            self.priority = priority
            self.maxPixelSize = maxPixelSize
        }
    }

    /// An item whose image may be wanted, with its predicted time on screen.
    private struct Candidate {
        var item: Int
        var imageID: Int
        /// Long side of the bitmap it needs, pixels.
        var maxPixelSize = 0
        /// Whether its image must come from the network (not cached, not on disk, not loading).
        var needsDownload = false
        /// Whether the memory cache already has a large enough bitmap.
        var isCached = false
        /// Seconds until it enters the screen (0: on screen; `atRest`: a guess about the next scroll).
        var enter: Double
        /// Seconds until it has left the screen (infinity: never, as predicted).
        var leave: Double
        var isDisplayed: Bool
        /// Whether a cell is prepared for it.
        var isAttached = true
    }

    /// One wanted image in the plan.
    private struct PlanEntry {
        var imageID: Int
        var item: Int
        var priority: RequestPriority
        var isSpeculative: Bool
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
    /// Its own session, with the default per-host limit.
    private let session: NetworkSession
    private let configuration: Configuration
    private let layout: CollectionLayout
    private let memory: ImageMemoryCache
    private let disk: CacheIndex
    /// Expected time from request to decoded image with every connection busy, seconds.
    let expectedLoadSeconds: Double
    /// Fastest time from request to decoded image (median latency, whole bandwidth), seconds.
    let fastestLoadSeconds: Double
    /// Median latency, seconds.
    let latencySeconds: Double
    /// Transfer time of a median image with the whole bandwidth, seconds.
    let transferSeconds: Double
    /// Downloads in flight at once: enough that a p95 latency is covered by transfers (one more
    /// than p95 latency / median transfer time, at least 2), at most `maxConnections`. Fewer
    /// transfers sharing the bandwidth means the most urgent image arrives sooner.
    let downloadSlots: Int
    private var loads: [Int: Load] = [:]
    /// Images whose last download failed, with the time before which they are not retried.
    private var retryNotBefore: [Int: SimTime] = [:]
    /// How long a failed image waits before it is downloaded again.
    static let retryDelay: SimTime = SimDuration.second
    /// Wanted images, most urgent first, as the last layout pass planned them.
    private var plan: [PlanEntry] = []
    private var itemOfCell: [CellID: Int] = [:]
    /// Cells showing their item's final image.
    private var satisfied: Set<CellID> = []
    private var displayedCells: Set<CellID> = []
    /// Displayed cells per image (its cache entry is protected while > 0).
    private var displayedCount: [Int: Int] = [:]
    private var motion = Motion()
    private var lastSampleTime: SimTime = -1
    private var lastVelocity = 0.0
    /// Decoded images not yet set, in arrival order.
    private var pending: [(imageID: Int, image: ImageObject)] = []
    /// Whether the cells changed since the last plan.
    private var needsPlan = true
    private var lastPlanTime: SimTime = 0
    private var isFlushTimerArmed = false
    private var isFlushBlockQueued = false
    private var lastFlushBlockInterval = -1

    init(environment: FetchEnvironment, configuration: Configuration = Configuration()) {
        self.environment = environment
        session = environment.makeSession(.init(name: "adaptive"))
        self.configuration = configuration
        layout = environment.layout
        memory = ImageMemoryCache(environment: environment, configuration: .init(
            policy: .lru, costLimitBytes: Int64(configuration.memoryCacheMB * 1_048_576)))
        disk = CacheIndex(policy: .lru, costLimit: Int64(configuration.diskCacheMB * 1_048_576))
        let scenario = environment.scenario
        let network = scenario.network
        let megapixels = Double(scenario.images.width) * Double(scenario.images.height) / 1_000_000
        let transferSeconds = network.bandwidthMbps > 0
            ? scenario.images.bytesMedian * 8 / (network.bandwidthMbps * 1_000_000) : 0
        self.transferSeconds = transferSeconds
        let fixedSeconds = network.latencyMsMedian / 1000 + scenario.costs.thumbnailMsPerMegapixel * megapixels / 1000
        expectedLoadSeconds = fixedSeconds + transferSeconds * Double(max(1, network.maxConnections))
        fastestLoadSeconds = fixedSeconds + transferSeconds
        let connections = max(1, network.maxConnections)
        latencySeconds = network.latencyMsMedian / 1000
        let p95Seconds = max(network.latencyMsP95, network.latencyMsMedian) / 1000
        let depth = transferSeconds > 0 ? Int(min(64, (p95Seconds / transferSeconds).rounded(.up))) + 1 : connections
        downloadSlots = min(connections, max(2, depth))
    }

    // MARK: Cells

    func cellForItem(_ cell: CellID, item: Int) {
        needsPlan = true
        itemOfCell[cell] = item
        satisfied.remove(cell)
        let imageID = environment.imageID(forItem: item)
        let size = maxPixelSize(ofItem: item)
        if let image = cachedImage(imageID, maxPixelSize: size) {
            environment.record(.memoryHit, imageID: imageID)
            environment.setImage(image, on: cell)
            satisfied.insert(cell)
            return
        }
        if environment.image(on: cell) != nil { environment.setImage(nil, on: cell) }
        environment.record(loads[imageID] != nil ? .inflightJoin : disk.contains(imageID) ? .diskHit : .miss,
                           imageID: imageID)
        if let load = loads[imageID] {
            raise(load, to: .normal)
        } else if staysLongEnough(item) {
            plan.insert(PlanEntry(imageID: imageID, item: item, priority: .normal, isSpeculative: false), at: 0)
            pump()
        }
    }

    func prepareForReuse(_ cell: CellID) {
        needsPlan = true
        itemOfCell[cell] = nil
        satisfied.remove(cell)
    }

    func willDisplay(_ cell: CellID, item: Int) {
        needsPlan = true
        displayedCells.insert(cell)
        let imageID = environment.imageID(forItem: item)
        displayedCount[imageID, default: 0] += 1
        memory.setProtected(imageID, true)
        if let load = loads[imageID] { raise(load, to: .high) }
    }

    func didEndDisplaying(_ cell: CellID, item: Int) {
        displayedCells.remove(cell)
        let imageID = environment.imageID(forItem: item)
        let count = displayedCount[imageID, default: 1] - 1
        displayedCount[imageID] = count > 0 ? count : nil
        if count <= 0 { memory.setProtected(imageID, false) }
    }

    func didReceiveMemoryWarning() {
        for key in memory.keysInEvictionOrder() where displayedCount[key] == nil { memory.remove(key) }
    }

    // MARK: Planning

    func scrollDidUpdate(_ update: ScrollUpdate) {
        flush()
        let previous = motion
        updateMotion(update)
        // Replan when the cells changed, the motion changed course, or 1/30 s has passed.
        let isNewCourse = motion.direction != previous.direction || (motion.decay > 0) != (previous.decay > 0)
            || (motion.speed > 0) != (previous.speed > 0)
        guard needsPlan || isNewCourse || update.time - lastPlanTime >= Self.replanInterval else { return }
        needsPlan = false
        lastPlanTime = update.time
        reconcile(update)
    }

    /// Longest time between two plans while the scroll keeps its course.
    static let replanInterval = SimDuration.second / 30

    private func updateMotion(_ update: ScrollUpdate) {
        var next = Motion(offset: update.offset, speed: abs(update.velocity),
                          direction: update.velocity > 0 ? 1 : update.velocity < 0 ? -1 : (update.direction < 0 ? -1 : 1),
                          decay: 0)
        let dt = SimDuration.toSeconds(update.time - lastSampleTime)
        if lastSampleTime >= 0, dt > 0, update.velocity * lastVelocity > 0, abs(update.velocity) < abs(lastVelocity) {
            next.decay = DMath.log(abs(lastVelocity) / abs(update.velocity)) / dt
        }
        lastSampleTime = update.time
        lastVelocity = update.velocity
        motion = next
    }

    /// The look-ahead beyond the viewport edge in the direction of motion, points: deeper when
    /// faster, at least to where a fling will stop, within the configured screens.
    func prefetchHorizon(speed: Double, decay: Double) -> Double {
        let height = layout.viewportHeight
        var points = speed * expectedLoadSeconds * configuration.lookaheadLoads
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
        let frame = layout.frame(ofItem: item)
        let distance = motion.direction > 0
            ? frame.maxY - motion.offset
            : motion.offset + layout.viewportHeight - frame.y
        return timeToTravel(distance)
    }

    /// Seconds until `item` enters the viewport under the predicted motion (0 if visible,
    /// infinity if never).
    private func timeToEnter(_ item: Int) -> Double {
        let frame = layout.frame(ofItem: item)
        let distance = motion.direction > 0
            ? frame.y - (motion.offset + layout.viewportHeight)
            : motion.offset - frame.maxY
        return timeToTravel(distance)
    }

    /// Seconds the content needs to travel `distance` points in the direction of motion.
    private func timeToTravel(_ distance: Double) -> Double {
        if distance <= 0 { return 0 }
        if distance >= remainingTravel() { return .infinity }
        if motion.decay > 0 {
            return -DMath.log(1 - motion.decay * distance / motion.speed) / motion.decay
        }
        return distance / motion.speed
    }

    /// Whether `item` will be on screen long enough for its image to arrive.
    private func staysLongEnough(_ item: Int) -> Bool {
        timeToLeave(item) > fastestLoadSeconds
    }

    /// Gathers the candidates (prepared cells without their image, the horizon ahead, the guess
    /// beyond the resting viewport) and plans them.
    private func reconcile(_ update: ScrollUpdate) {
        var candidates: [Candidate] = []
        var seen: Set<Int> = []
        // Cells in item order, ties (a pooled cell still holding its old item) by cell id; an
        // item is displayed if any of its cells is.
        var firstIndexOfImage: [Int: Int] = [:]
        for (cell, item) in itemOfCell.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) where !satisfied.contains(cell) {
            let isDisplayed = displayedCells.contains(cell)
            let leave = timeToLeave(item)
            let imageID = environment.imageID(forItem: item)
            if let index = firstIndexOfImage[imageID] {
                if isDisplayed && candidates[index].item == item { candidates[index].isDisplayed = true }
                continue
            }
            seen.insert(imageID)
            firstIndexOfImage[imageID] = candidates.count
            candidates.append(Candidate(item: item, imageID: imageID, enter: timeToEnter(item),
                                        leave: leave, isDisplayed: isDisplayed))
        }
        let height = layout.viewportHeight
        let depth = prefetchHorizon(speed: motion.speed, decay: motion.decay)
        let ahead = motion.direction > 0
            ? layout.items(intersecting: motion.offset + height, motion.offset + height + depth)
            : layout.items(intersecting: motion.offset - depth, motion.offset)
        for step in 0..<ahead.count {
            let item = motion.direction > 0 ? ahead.lowerBound + step : ahead.upperBound - 1 - step
            // At rest the horizon is a guess about the next scroll: needed last.
            let enter = motion.speed > 0 ? timeToEnter(item) : atRest
            guard enter < .infinity else { continue }
            let imageID = environment.imageID(forItem: item)
            guard seen.insert(imageID).inserted else { continue }
            candidates.append(Candidate(item: item, imageID: imageID, enter: enter, leave: timeToLeave(item),
                                        isDisplayed: false, isAttached: false))
        }
        // Beyond where a fling will rest (or beyond the viewport when dragging or at rest): a
        // guess about the next scroll, needed last.
        let restOffset = motion.offset + (motion.decay > 0 ? Double(motion.direction) * remainingTravel() : 0)
        let restDepth = configuration.minPrefetchScreens * height
        let beyond = motion.direction > 0
            ? layout.items(intersecting: restOffset + height, restOffset + height + restDepth)
            : layout.items(intersecting: restOffset - restDepth, restOffset)
        for step in 0..<beyond.count {
            let item = motion.direction > 0 ? beyond.lowerBound + step : beyond.upperBound - 1 - step
            let imageID = environment.imageID(forItem: item)
            guard seen.insert(imageID).inserted else { continue }
            candidates.append(Candidate(item: item, imageID: imageID, enter: atRest, leave: .infinity,
                                        isDisplayed: false, isAttached: false))
        }
        for index in candidates.indices { describe(&candidates[index]) }
        plan(candidates)
    }

    /// Orders the candidates by the time they enter the screen (earliest deadline first) and
    /// admits them against a bandwidth-serial estimate of when each image would arrive (median
    /// latency, then the transfers ahead of it and its own):
    /// - prepared cells while dragging or at rest are always admitted (a finger may stop);
    /// - while a fling decelerates, the items where it will rest (on screen until it ends) are
    ///   admitted; an item it carries past is admitted only if the time it would spend on screen
    ///   with its image exceeds the delay its transfer adds to resting items it would make late;
    /// - a download already in flight that cannot arrive in time is dropped.
    /// Then cancels what nobody wants, re-prioritises the rest and starts more.
    private func plan(_ candidates: [Candidate]) {
        let order = candidates.enumerated().sorted { a, b in
            a.element.enter != b.element.enter ? a.element.enter < b.element.enter : a.offset < b.offset
        }.map(\.element)
        let now = environment.now
        let isFling = motion.decay > 0
        let settle = isFling ? DMath.log(max(1, motion.speed / 10)) / motion.decay : 0
        // Seconds of transfer still ahead in the downloads in flight (summed in image order:
        // a Double sum must not depend on the dictionary's order).
        var backlog = 0.0
        for imageID in loads.keys.sorted() {
            let load = loads[imageID]!
            guard case .network? = load.phase else { continue }
            backlog += remainingTransfer(load, now: now)
        }
        func isResting(_ c: Candidate) -> Bool { c.leave >= settle }
        // Slack of each resting item to download if only resting items were loaded (fling only),
        // as (index, slack) in plan order.
        var resting: [(index: Int, slack: Double)] = []
        if isFling {
            var restingBacklog = backlog
            for (index, c) in order.enumerated() where isResting(c) && c.needsDownload {
                restingBacklog += transferSeconds
                resting.append((index, c.enter - (fastestLoadSeconds - transferSeconds + restingBacklog)))
            }
        }
        var firstLaterResting = 0
        var next: [PlanEntry] = []
        var wanted: Set<Int> = []
        var delay = 0.0
        for (index, c) in order.enumerated() {
            if let load = loads[c.imageID] {
                if case .network? = load.phase {
                    let arrival = remainingLatency(load, now: now) + remainingTransfer(load, now: now)
                    if arrival >= c.leave && (isFling || !c.isAttached) { continue }
                }
            } else if c.isCached {
                continue
            } else if c.needsDownload {
                let arrival = fastestLoadSeconds + backlog
                if isFling && !isResting(c) {
                    let gain = min(c.leave, settle) - max(c.enter, arrival)
                    while firstLaterResting < resting.count && resting[firstLaterResting].index <= index {
                        firstLaterResting += 1
                    }
                    var late = 0
                    for later in resting[firstLaterResting...] where later.slack - delay < transferSeconds {
                        late += 1
                    }
                    guard gain > 0, gain > Double(late) * transferSeconds else { continue }
                    delay += transferSeconds
                } else if !(c.isAttached && !isFling) {
                    guard arrival < c.leave else { continue }
                }
                backlog += transferSeconds
            }
            let isImminent = c.enter <= expectedLoadSeconds
            let priority: RequestPriority = c.isDisplayed ? .high : isImminent ? .normal : .low
            let isSpeculative = c.enter == atRest
            next.append(PlanEntry(imageID: c.imageID, item: c.item, priority: priority, isSpeculative: isSpeculative))
            wanted.insert(c.imageID)
        }
        plan = next
        // Cancel loads nobody wants (in image order), re-prioritise the others, start more.
        for imageID in loads.keys.sorted() where !wanted.contains(imageID) {
            cancel(loads[imageID]!)
        }
        for entry in plan {
            guard let load = loads[entry.imageID] else { continue }
            load.isSpeculative = entry.isSpeculative
            if load.priority != entry.priority { setPriority(load, entry.priority) }
        }
        pump()
    }

    /// The `enter` time given to horizon items at rest (finite, after every moving estimate).
    private let atRest = Double.greatestFiniteMagnitude

    /// Expected latency still ahead of a download, seconds.
    private func remainingLatency(_ load: Load, now: SimTime) -> Double {
        max(0, latencySeconds - SimDuration.toSeconds(now - load.started))
    }

    /// Expected transfer still ahead of a download, seconds.
    private func remainingTransfer(_ load: Load, now: SimTime) -> Double {
        let elapsed = SimDuration.toSeconds(now - load.started)
        return min(transferSeconds, max(0, transferSeconds - max(0, elapsed - latencySeconds)))
    }

    /// Starts planned loads in plan order: disk reads at once, downloads while fewer than
    /// `downloadSlots` are in flight, speculative ones while fewer than `maxSpeculativeLoads`
    /// are and no other download waits.
    private func pump() {
        var downloads = 0, speculative = 0
        for (_, load) in loads {  // counts only: the order does not matter
            guard case .network? = load.phase else { continue }
            downloads += 1
            if load.isSpeculative { speculative += 1 }
        }
        var isUrgentWaiting = false
        let now = environment.now
        for entry in plan where loads[entry.imageID] == nil {
            if let notBefore = retryNotBefore[entry.imageID] {
                if now < notBefore { continue }
                retryNotBefore[entry.imageID] = nil
            }
            let size = maxPixelSize(ofItem: entry.item)
            if memory.contains(entry.imageID) && cachedImage(entry.imageID, maxPixelSize: size) != nil { continue }
            if disk.contains(entry.imageID) {
                startLoad(entry, maxPixelSize: size)
                continue
            }
            guard downloads < downloadSlots else {
                if !entry.isSpeculative { isUrgentWaiting = true }
                break
            }
            if entry.isSpeculative && (isUrgentWaiting || speculative >= configuration.maxSpeculativeLoads) { continue }
            startLoad(entry, maxPixelSize: size)
            downloads += 1
            if entry.isSpeculative { speculative += 1 }
        }
    }

    // MARK: Loads

    private func maxPixelSize(ofItem item: Int) -> Int {
        let size = layout.cellPixelSize(ofItem: item)
        return max(size.width, size.height)
    }

    /// The cached bitmap of `imageID` if it is at least `maxPixelSize` on its long side (or the
    /// full image); a hit refreshes its recency.
    private func cachedImage(_ imageID: Int, maxPixelSize: Int) -> ImageObject? {
        guard memory.contains(imageID), let image = memory.image(for: imageID) else { return nil }
        let longSide = max(image.pixelWidth, image.pixelHeight)
        let source = environment.imagePixelSize(ofImage: imageID)
        return longSide >= min(maxPixelSize, max(source.width, source.height)) ? image : nil
    }

    /// Fills in what the plan needs to know about a candidate's image.
    private func describe(_ candidate: inout Candidate) {
        candidate.maxPixelSize = maxPixelSize(ofItem: candidate.item)
        guard loads[candidate.imageID] == nil else { return }
        candidate.isCached = cachedImage(candidate.imageID, maxPixelSize: candidate.maxPixelSize) != nil
        candidate.needsDownload = !candidate.isCached && !disk.contains(candidate.imageID)
    }

    private func startLoad(_ entry: PlanEntry, maxPixelSize: Int) {
        let imageID = entry.imageID, priority = entry.priority
        let load = Load(imageID: imageID, priority: priority, maxPixelSize: maxPixelSize)
        load.isSpeculative = entry.isSpeculative
        loads[imageID] = load
        if disk.touch(imageID) {
            load.phase = .disk(environment.readDisk(bytes: environment.encodedBytes(ofImage: imageID)) { [weak self] in
                self?.dataReady(load)
            })
            return
        }
        load.started = environment.now
        load.phase = .network(session.load(imageID, priority: priority) { [weak self] result in
            guard let self, self.loads[imageID] === load else { return }
            defer { self.pump() }
            guard case .success(let bytes) = result else {
                self.loads[imageID] = nil
                self.retryNotBefore[imageID] = self.environment.now + Self.retryDelay
                return
            }
            var evicted: [Int] = []
            self.disk.insert(imageID, cost: bytes, evicted: &evicted)
            self.environment.writeDisk(bytes: bytes)
            self.dataReady(load)
        })
    }

    private func dataReady(_ load: Load) {
        guard loads[load.imageID] === load else { return }
        load.phase = .decode(environment.decode(load.imageID, mode: .thumbnail(maxPixelSize: load.maxPixelSize)) { [weak self] image in
            self?.decoded(load, image: image)
        })
    }

    private func decoded(_ load: Load, image: ImageObject) {
        guard loads[load.imageID] === load else { return }
        loads[load.imageID] = nil
        memory.store(image, for: load.imageID)
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

    private func cancel(_ load: Load) {
        loads[load.imageID] = nil
        switch load.phase {
        case .disk(let task)?, .decode(let task)?: task.cancel()
        case .network(let task)?: task.cancel()
        case nil: break
        }
    }

    // MARK: Batched image sets

    /// Sets every pending image on the cells waiting for it (main thread).
    private func flush() {
        guard !pending.isEmpty else { return }
        var delivered: [Int: ImageObject] = [:]
        for (imageID, image) in pending where delivered[imageID] == nil { delivered[imageID] = image }
        for cell in itemOfCell.keys.sorted() where !satisfied.contains(cell) {
            let imageID = environment.imageID(forItem: itemOfCell[cell]!)
            guard let image = delivered[imageID] else { continue }
            environment.setImage(image, on: cell)
            satisfied.insert(cell)
        }
        for (_, image) in pending { environment.release(image) }
        pending.removeAll()
    }

    /// Vsync `k` of the display's grid (as the simulator computes it).
    private func vsyncTime(_ k: Int) -> SimTime {
        SimTime(k) * SimDuration.second / SimTime(environment.scenario.display.refreshHz)
    }

    /// The frame interval containing `time`: `k` with vsync(k) ≤ time < vsync(k + 1).
    private func frameInterval(at time: SimTime) -> Int {
        var k = Int(time * SimTime(environment.scenario.display.refreshHz) / SimDuration.second)
        while vsyncTime(k + 1) <= time { k += 1 }
        while k > 0 && vsyncTime(k) > time { k -= 1 }
        return k
    }

    /// Arms the fallback flush for the middle of a frame interval after the last flush block's.
    private func armFlush() {
        guard !isFlushTimerArmed && !isFlushBlockQueued else { return }
        let now = environment.now
        var k = frameInterval(at: now)
        func middle(_ k: Int) -> SimTime { (vsyncTime(k) + vsyncTime(k + 1)) / 2 }
        if middle(k) <= now || k <= lastFlushBlockInterval { k = max(k + 1, lastFlushBlockInterval + 1) }
        isFlushTimerArmed = true
        environment.schedule(after: middle(k) - now) { [weak self] in self?.flushTimerFired() }
    }

    private func flushTimerFired() {
        isFlushTimerArmed = false
        guard !pending.isEmpty else { return }  // a layout pass set them already
        isFlushBlockQueued = true
        environment.async(onMain: { [weak self] in
            guard let self else { return }
            self.isFlushBlockQueued = false
            self.lastFlushBlockInterval = self.frameInterval(at: self.environment.now)
            self.flush()
        })
    }

    // MARK: Tests

    /// The motion estimated at the last layout pass.
    var lastMotion: Motion { motion }
    /// Images in the memory cache, next victim first.
    var memoryCacheKeys: [Int] { memory.keysInEvictionOrder() }
}
