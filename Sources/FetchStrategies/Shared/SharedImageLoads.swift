import ScrollSimCore

/// The work behind one image request, shared by every requester that joined it: where it is
/// now (a queue slot, a network request, a disk or decode job) so that a priority change or a
/// cancellation reaches it, whatever stage the strategy has moved it to.
///
/// The strategy drives the stages (`enqueue`/`leaveQueue`, `network`, `job`); `SharedImageLoads`
/// keeps the requesters, the priority and the cancellation.
///
/// A stage may take the load itself as its target (`NetworkLoadTarget`, `PoolJobTarget`,
/// `enqueue(on:stageTag:)`) instead of a closure that captures it: the load forwards the stage's
/// end to its table's `stages` with itself and the tag, so a completion that arrives after a
/// cancellation still runs on its own (cancelled) load, as a closure capturing it would.
///
/// A load does not hold the queue it waits in (the strategy that owns the queue outlives its
/// loads: `FetchStrategy`, "Lifetime"); the queue holds what waits in it (a closure capturing the
/// load, or the load as its own target). So a load still queued when the run ends is freed with
/// the strategy, with what its requesters' deliveries capture (a load that held its queue, or
/// itself, kept the run's environment).
final class SharedImageLoad: NetworkLoadTarget, PoolJobTarget, PriorityWorkTarget, RateLimitedTarget {
    /// The image loaded.
    let imageID: Int
    /// The priority of the requester that created the load.
    let initialPriority: RequestPriority
    /// The current priority (see `SharedImageLoads.PriorityRule`).
    @exclusivity(unchecked) fileprivate(set) var priority: RequestPriority
    /// The first requester in join order (nil when none), kept apart from the others: most loads
    /// have one requester, and an array of one would be an allocation per load.
    @exclusivity(unchecked) fileprivate var firstRequester: SharedImageLoads.Requester?
    /// The second requester (nil when none), also kept apart: a cell often joins a prefetch.
    @exclusivity(unchecked) fileprivate var secondRequester: SharedImageLoads.Requester?
    /// The requesters after the second, in join order (empty while `secondRequester` is nil).
    @exclusivity(unchecked) fileprivate var moreRequesters: [SharedImageLoads.Requester] = []
    /// Set when the last requester left; a stage that starts later must not run.
    @exclusivity(unchecked) private(set) var isCancelled = false
    /// The queue the load waits in or holds a slot of (not retained: its owner, the strategy,
    /// outlives the load's stages).
    @exclusivity(unchecked) private unowned(unsafe) var queue: PriorityWorkQueue?
    /// Its ticket in `queue`.
    @exclusivity(unchecked) private var ticket = -1
    /// The network request in flight, if any.
    @exclusivity(unchecked) var network: NetworkTask?
    /// The disk or decode job in flight, if any.
    @exclusivity(unchecked) var job: PoolTask?
    /// When set, a cancellation ends with `stages.loadCancelled(self, tag:network:)`, after its
    /// stages were stopped, with this tag and the network request it stopped (Nuke's `onCancelled`).
    /// The cancellation leaves it set: a completion that arrives after it (a cancel deferred to the
    /// main thread's cursor) may still read it.
    @exclusivity(unchecked) var cancelTag: Int?
    /// Receives the ends of the stages that have the load as their target (the strategy, which
    /// outlives its loads: `FetchStrategy`, "Lifetime").
    private unowned(unsafe) let stages: any SharedImageLoadStages

    /// A load of `imageID` created by a requester at `priority`, its stages reporting to `stages`.
    fileprivate init(imageID: Int, priority: RequestPriority, stages: any SharedImageLoadStages) {
        self.imageID = imageID
        self.initialPriority = priority
        self.priority = priority
        self.stages = stages
    }

    /// Waits for a slot of `queue` at the load's priority, then runs `start` (possibly at once).
    func enqueue(on queue: PriorityWorkQueue, _ start: @escaping () -> Void) {
        self.queue = queue
        ticket = queue.add(priority: priority, start)
        queue.startReady()
    }

    /// `enqueue(on:_:)` without a closure: `target.workStarted(tag:)` starts the load (the target
    /// owns `queue`; see `PriorityWorkQueue.add(priority:target:tag:)`).
    func enqueue(on queue: PriorityWorkQueue, target: any PriorityWorkTarget, tag: Int) {
        self.queue = queue
        ticket = queue.add(priority: priority, target: target, tag: tag)
        queue.startReady()
    }

    /// `enqueue(on:target:tag:)` with the load as the target: when it starts,
    /// `stages.loadWorkStarted(self, tag:)` runs. The queue holds the load until then (or until
    /// it leaves the queue): a load cancelled and forgotten by its table may still be queued by a
    /// late completion.
    func enqueue(on queue: PriorityWorkQueue, stageTag tag: Int) {
        self.queue = queue
        ticket = queue.add(priority: priority, retainedTarget: self, tag: tag)
        queue.startReady()
    }

    /// Gives the queue slot back (or leaves the queue when still pending).
    func leaveQueue() {
        guard let queue = queue.take() else { return }
        queue.release(ticket)  // (it may let go of the load: the caller holds it)
    }

    /// Its turn in the queue came (`enqueue(on:stageTag:)`; the queue hands over its reference
    /// for the call).
    func workStarted(tag: Int) {
        stages.loadWorkStarted(self, tag: tag)
    }

    /// A rate limiter let the load's work run (`TokenBucketRateLimiter.execute(target:tag:)`).
    func rateLimitedWorkRuns(tag: Int) -> Bool {
        stages.loadPassedRateLimit(self, tag: tag)
    }

    /// A network stage started with the load as its target ended.
    func networkLoadEnded(tag: Int, imageID: Int, result: NetworkResult) {
        stages.loadNetworkEnded(self, tag: tag, result: result)
    }

    /// A disk or decode stage started with the load as its target ended.
    func poolJobEnded(tag: Int, image: ImageObject?) {
        stages.loadJobEnded(self, tag: tag, image: image)
    }

    /// Changes the priority, moving the queued operation.
    fileprivate func setPriority(_ newPriority: RequestPriority) {
        priority = newPriority
        queue?.setPriority(ticket, newPriority)
    }

    /// Stops every stage in flight.
    fileprivate func cancel() {
        isCancelled = true
        leaveQueue()
        let network = network.take()
        network?.cancel()
        job?.cancel()
        job = nil
        if let tag = cancelTag { stages.loadCancelled(self, tag: tag, network: network) }  // (kept: see `cancelTag`)
    }
}

/// Receives the ends of the stages a `SharedImageLoad` runs as their target: the load, and the tag
/// the stage was started with. A stage a strategy never starts that way has a default that traps.
protocol SharedImageLoadStages: AnyObject {
    /// The load's turn in a queue came (`SharedImageLoad.enqueue(on:stageTag:)`).
    func loadWorkStarted(_ load: SharedImageLoad, tag: Int)
    /// A rate limiter let the load's work (`tag`) run: runs it and returns true, or returns false
    /// when the load no longer needs it (no token is taken).
    func loadPassedRateLimit(_ load: SharedImageLoad, tag: Int) -> Bool
    /// A network request with the load as its target ended.
    func loadNetworkEnded(_ load: SharedImageLoad, tag: Int, result: NetworkResult)
    /// A disk or decode job with the load as its target ended (`image`: the decoded bitmap, nil
    /// for a disk job).
    func loadJobEnded(_ load: SharedImageLoad, tag: Int, image: ImageObject?)
    /// The load was cancelled with a `cancelTag` (`tag`), its stages stopped; `network` is the
    /// request it stopped, if any.
    func loadCancelled(_ load: SharedImageLoad, tag: Int, network: NetworkTask?)
    /// A requester that joined with a delivery tag (`SharedImageLoads.Delivery.tag`) receives its
    /// image (nil: the load failed), off the main thread.
    func loadDelivered(tag: Int, image: ImageObject?)
}

extension SharedImageLoadStages {
    func loadWorkStarted(_ load: SharedImageLoad, tag: Int) { preconditionFailure("no queued stage") }
    func loadPassedRateLimit(_ load: SharedImageLoad, tag: Int) -> Bool { preconditionFailure("no rate limit") }
    func loadNetworkEnded(_ load: SharedImageLoad, tag: Int, result: NetworkResult) {
        preconditionFailure("no network stage")
    }
    func loadJobEnded(_ load: SharedImageLoad, tag: Int, image: ImageObject?) { preconditionFailure("no job stage") }
    func loadCancelled(_ load: SharedImageLoad, tag: Int, network: NetworkTask?) {
        preconditionFailure("no cancel tag")
    }
    func loadDelivered(tag: Int, image: ImageObject?) { preconditionFailure("no delivery tag") }
}

/// Coalescing: one `SharedImageLoad` per image in flight with the set of its requesters (cells
/// and prefetchers, each holding a token), cancelled only when the last requester leaves.
///
/// - `join` adds a requester to the load in flight for the image, or creates one the caller
///   then starts; `makePrivate` makes an unshared load with one requester (a per-request disk
///   lookup, as Kingfisher and SDWebImage do).
/// - Priority: `.highest` keeps the highest priority of the requesters, raised on join and
///   lowered when one leaves (Nuke's `AsyncTask.updatePriority`); `.first` keeps the priority of
///   the requester that created the load, whoever joins (SDWebImage 5.21.5's downloader only
///   adds a joiner's handlers: the re-prioritisation of a queued operation was removed in 5.15.2,
///   PR #3483, commit 7cec27ba; Kingfisher's `ImageDownloader` adds callbacks to its
///   `SessionDataTask`).
/// - `complete`/`fail` deliver to the requesters in join order (nil for a failure) and forget
///   the load. Nothing iterates a dictionary, so the order is deterministic.
final class SharedImageLoads {
    /// How requesters set a shared load's priority.
    enum PriorityRule {
        /// The highest priority among the requesters (Nuke).
        case highest
        /// The priority of the requester that created the load (SDWebImage, Kingfisher).
        case first
    }

    /// How a requester receives its image, off the main thread (nil: the load failed).
    enum Delivery {
        /// It receives nothing.
        case none
        /// A closure receives it.
        case closure((ImageObject?) -> Void)
        /// `stages.loadDelivered(tag:image:)` receives it with this tag (no closure per request).
        case tag(Int)
    }

    /// One requester: its token, priority and delivery.
    fileprivate struct Requester {
        /// The requester's token (0: one that never leaves, not tracked).
        var token: Int
        /// The requester's priority.
        var priority: RequestPriority
        /// How it receives the image.
        var delivery: Delivery
    }

    /// How requesters set a load's priority.
    private let rule: PriorityRule
    /// Where the loads' stages report (`SharedImageLoad`'s targets); set by the strategy once it
    /// exists, before its first load.
    private unowned(unsafe) var stages: any SharedImageLoadStages = NoStages.instance
    /// The shared load in flight per image (a hash table of the images in flight: its memory
    /// follows the loads held at once, not every image ever loaded).
    @exclusivity(unchecked) private var inflight = IntKeyedTable<SharedImageLoad>()
    /// The load of each live requester token (tokens grow by one and live while their load is
    /// in flight: memory follows the live tokens, not the last one).
    @exclusivity(unchecked) private var loadOfToken = IntKeyedTable<SharedImageLoad>()
    /// The last token handed out.
    @exclusivity(unchecked) private var lastToken = 0

    /// A coalescing table whose loads follow `rule`.
    init(rule: PriorityRule) { self.rule = rule }

    /// Makes `stages` receive the ends of the stages of the loads made from now on.
    func reportStages(to stages: any SharedImageLoadStages) { self.stages = stages }

    /// A fresh requester token (tokens are never reused; 0 is never one: a requester that never
    /// leaves may join with token 0, which is not tracked).
    func makeToken() -> Int {
        lastToken += 1
        return lastToken
    }

    /// The shared load in flight for `imageID`, if any.
    func inflightLoad(for imageID: Int) -> SharedImageLoad? { inflight[imageID] }

    /// Adds requester `token` to the load in flight for `imageID`, or creates it.
    /// - Returns: the load, and whether it is new (the caller then starts its first stage).
    func join(_ imageID: Int, token: Int, priority: RequestPriority,
              deliver: ((ImageObject?) -> Void)?) -> (load: SharedImageLoad, isNew: Bool) {
        join(imageID, token: token, priority: priority, delivery: deliver.map { .closure($0) } ?? .none)
    }

    /// `join(_:token:priority:deliver:)` with the image delivered as `delivery` says.
    func join(_ imageID: Int, token: Int, priority: RequestPriority,
              delivery: consuming Delivery) -> (load: SharedImageLoad, isNew: Bool) {
        let requester = Requester(token: token, priority: priority, delivery: delivery)  // (moved: no retain)
        if let load = inflight[imageID] {
            load.addRequester(consume requester)
            if token != 0 { loadOfToken[token] = load }
            if rule == .highest && priority > load.priority { load.setPriority(priority) }
            return (load, false)
        }
        let load = SharedImageLoad(imageID: imageID, priority: priority, stages: stages)
        load.addRequester(consume requester)
        inflight[imageID] = load
        if token != 0 { loadOfToken[token] = load }
        return (load, true)
    }

    /// An unshared load for requester `token` (others cannot join it).
    func makePrivate(_ imageID: Int, token: Int, priority: RequestPriority,
                     deliver: ((ImageObject?) -> Void)?) -> SharedImageLoad {
        makePrivate(imageID, token: token, priority: priority, delivery: deliver.map { .closure($0) } ?? .none)
    }

    /// `makePrivate(_:token:priority:deliver:)` with the image delivered as `delivery` says.
    func makePrivate(_ imageID: Int, token: Int, priority: RequestPriority,
                     delivery: consuming Delivery) -> SharedImageLoad {
        let load = SharedImageLoad(imageID: imageID, priority: priority, stages: stages)
        load.addRequester(Requester(token: token, priority: priority, delivery: delivery))
        if token != 0 { loadOfToken[token] = load }
        return load
    }

    /// Requester `token` no longer wants its image: the load is cancelled when it was the last
    /// one, else (rule `.highest`) its priority follows the remaining requesters. Unknown or
    /// finished tokens are ignored.
    func leave(_ token: Int) {
        guard let load = loadOfToken.removeValue(forKey: token) else { return }
        load.removeRequester(token)
        if load.firstRequester == nil {
            load.cancel()
            if inflight[load.imageID] === load { inflight[load.imageID] = nil }
            return
        }
        if rule == .highest {
            var highest = RequestPriority.veryLow
            if let first = load.firstRequester { highest = first.priority }
            if let second = load.secondRequester, second.priority > highest { highest = second.priority }
            for requester in load.moreRequesters where requester.priority > highest { highest = requester.priority }
            if highest != load.priority { load.setPriority(highest) }
        }
    }

    /// The load produced `image`: every requester gets it, in join order.
    func complete(_ load: SharedImageLoad, with image: ImageObject) {
        let (first, second, more) = finish(load)
        if let first { deliver(image, as: first.delivery) }
        if let second { deliver(image, as: second.delivery) }
        for requester in more { deliver(image, as: requester.delivery) }
    }

    /// The load failed: every requester is told (nil), in join order.
    func fail(_ load: SharedImageLoad) {
        let (first, second, more) = finish(load)
        if let first { deliver(nil, as: first.delivery) }
        if let second { deliver(nil, as: second.delivery) }
        for requester in more { deliver(nil, as: requester.delivery) }
    }

    /// Hands `image` (nil: failed) to a requester.
    @inline(__always)
    private func deliver(_ image: ImageObject?, as delivery: Delivery) {
        switch delivery {
        case .none: break
        case .closure(let deliver): deliver(image)
        case .tag(let tag): stages.loadDelivered(tag: tag, image: image)
        }
    }

    /// Forgets `load` and its requesters; returns the requesters in join order (the first, the
    /// second, then the others).
    private func finish(_ load: SharedImageLoad) -> (first: Requester?, second: Requester?, more: [Requester]) {
        if inflight[load.imageID] === load { inflight[load.imageID] = nil }
        let first = load.firstRequester.take()  // (moved out: no retain and release)
        let second = load.secondRequester.take()
        var more: [Requester] = []
        swap(&more, &load.moreRequesters)
        if let first, first.token != 0 { loadOfToken[first.token] = nil }
        if let second, second.token != 0 { loadOfToken[second.token] = nil }
        for requester in more where requester.token != 0 { loadOfToken[requester.token] = nil }
        return (first, second, more)
    }
}

/// The stages of loads whose strategy starts none with the load as target (every stage traps).
private final class NoStages: SharedImageLoadStages, Sendable {
    /// The one instance (never released).
    static let instance = NoStages()
}

extension SharedImageLoad {
    /// Adds `requester` after the others.
    fileprivate func addRequester(_ requester: consuming SharedImageLoads.Requester) {
        if firstRequester == nil {
            firstRequester = consume requester
        } else if secondRequester == nil {
            secondRequester = consume requester
        } else {
            moreRequesters.append(consume requester)
        }
    }

    /// Removes requester `token`, if it is one; the order of the others stays.
    fileprivate func removeRequester(_ token: Int) {
        if firstRequester?.token == token {
            firstRequester = secondRequester.take()
            if !moreRequesters.isEmpty { secondRequester = moreRequesters.removeFirst() }
        } else if secondRequester?.token == token {
            secondRequester = moreRequesters.isEmpty ? nil : moreRequesters.removeFirst()
        } else if let index = moreRequesters.firstIndex(where: { $0.token == token }) {
            moreRequesters.remove(at: index)
        }
    }
}
