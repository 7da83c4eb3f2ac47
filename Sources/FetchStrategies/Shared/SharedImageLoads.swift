import ScrollSimCore

/// The work behind one image request, shared by every requester that joined it: where it is
/// now (a queue slot, a network request, a disk or decode job) so that a priority change or a
/// cancellation reaches it, whatever stage the strategy has moved it to.
///
/// The strategy drives the stages (`enqueue`/`leaveQueue`, `network`, `job`); `SharedImageLoads`
/// keeps the requesters, the priority and the cancellation.
final class SharedImageLoad {
    /// The image loaded.
    let imageID: Int
    /// The priority of the requester that created the load.
    let initialPriority: RequestPriority
    /// The current priority (see `SharedImageLoads.PriorityRule`).
    @exclusivity(unchecked) fileprivate(set) var priority: RequestPriority
    /// The first requester in join order (nil when none), kept apart from the others: most loads
    /// have one requester, and an array of one would be an allocation per load.
    @exclusivity(unchecked) fileprivate var firstRequester: SharedImageLoads.Requester?
    /// The requesters after the first, in join order (empty while `firstRequester` is nil).
    @exclusivity(unchecked) fileprivate var moreRequesters: [SharedImageLoads.Requester] = []
    /// Set when the last requester left; a stage that starts later must not run.
    @exclusivity(unchecked) private(set) var isCancelled = false
    /// The queue the load waits in or holds a slot of.
    @exclusivity(unchecked) private var queue: PriorityWorkQueue?
    /// Its ticket in `queue`.
    @exclusivity(unchecked) private var ticket = -1
    /// The network request in flight, if any.
    @exclusivity(unchecked) var network: NetworkTask?
    /// The disk or decode job in flight, if any.
    @exclusivity(unchecked) var job: PoolTask?
    /// Runs once when the load is cancelled, after its stages were stopped (Nuke's `onCancelled`).
    @exclusivity(unchecked) var onCancel: (() -> Void)?

    /// A load of `imageID` created by a requester at `priority`.
    fileprivate init(imageID: Int, priority: RequestPriority) {
        self.imageID = imageID
        self.initialPriority = priority
        self.priority = priority
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

    /// Gives the queue slot back (or leaves the queue when still pending).
    func leaveQueue() {
        guard let queue = queue.take() else { return }  // (moved out: no retain and release)
        queue.release(ticket)
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
        network?.cancel()
        network = nil
        job?.cancel()
        job = nil
        if let onCancel = onCancel.take() { onCancel() }
    }
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

    /// One requester: its token, priority and delivery (off the main thread; nil = failed).
    fileprivate struct Requester {
        /// The requester's token.
        var token: Int
        /// The requester's priority.
        var priority: RequestPriority
        /// Receives the image (nil: failed).
        var deliver: ((ImageObject?) -> Void)?
    }

    /// How requesters set a load's priority.
    private let rule: PriorityRule
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

    /// A fresh requester token (tokens are never reused).
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
        let requester = Requester(token: token, priority: priority, deliver: deliver)
        if let load = inflight[imageID] {
            load.addRequester(requester)
            loadOfToken[token] = load
            if rule == .highest && priority > load.priority { load.setPriority(priority) }
            return (load, false)
        }
        let load = SharedImageLoad(imageID: imageID, priority: priority)
        load.addRequester(requester)
        inflight[imageID] = load
        loadOfToken[token] = load
        return (load, true)
    }

    /// An unshared load for requester `token` (others cannot join it).
    func makePrivate(_ imageID: Int, token: Int, priority: RequestPriority,
                     deliver: ((ImageObject?) -> Void)?) -> SharedImageLoad {
        let load = SharedImageLoad(imageID: imageID, priority: priority)
        load.addRequester(Requester(token: token, priority: priority, deliver: deliver))
        loadOfToken[token] = load
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
            for requester in load.moreRequesters where requester.priority > highest { highest = requester.priority }
            if highest != load.priority { load.setPriority(highest) }
        }
    }

    /// The load produced `image`: every requester gets it, in join order.
    func complete(_ load: SharedImageLoad, with image: ImageObject) {
        let (first, more) = finish(load)
        first?.deliver?(image)
        for requester in more { requester.deliver?(image) }
    }

    /// The load failed: every requester is told (nil), in join order.
    func fail(_ load: SharedImageLoad) {
        let (first, more) = finish(load)
        first?.deliver?(nil)
        for requester in more { requester.deliver?(nil) }
    }

    /// Forgets `load` and its requesters; returns the requesters in join order (the first, then
    /// the others).
    private func finish(_ load: SharedImageLoad) -> (first: Requester?, more: [Requester]) {
        if inflight[load.imageID] === load { inflight[load.imageID] = nil }
        let first = load.firstRequester.take()  // (moved out: no retain and release)
        var more: [Requester] = []
        swap(&more, &load.moreRequesters)
        if let first { loadOfToken[first.token] = nil }
        for requester in more { loadOfToken[requester.token] = nil }
        return (first, more)
    }
}

extension SharedImageLoad {
    /// Adds `requester` after the others.
    fileprivate func addRequester(_ requester: SharedImageLoads.Requester) {
        if firstRequester == nil {
            firstRequester = requester
        } else {
            moreRequesters.append(requester)
        }
    }

    /// Removes requester `token`, if it is one; the order of the others stays.
    fileprivate func removeRequester(_ token: Int) {
        if firstRequester?.token == token {
            firstRequester = moreRequesters.isEmpty ? nil : moreRequesters.removeFirst()
        } else if let index = moreRequesters.firstIndex(where: { $0.token == token }) {
            moreRequesters.remove(at: index)
        }
    }
}
