@testable import FetchStrategies
import ScrollSimCore
import Testing

/// The shared pieces of the library strategies: the priority work queue, coalesced loads and
/// Nuke's rate limiter.
@Suite struct PriorityWorkQueueTests {
    /// Records the order in which work items start.
    final class StartLog {
        var started: [String] = []
    }

    @Test func startsHighestPriorityFirstAndFIFOWithinAPriority() {
        // Given a queue of width 2 and four items of mixed priority
        let queue = PriorityWorkQueue(width: 2)
        let log = StartLog()
        var tickets: [String: Int] = [:]
        for (name, priority) in [("a", RequestPriority.normal), ("b", .low), ("c", .normal), ("d", .high)] {
            tickets[name] = queue.add(priority: priority) { log.started.append(name) }
        }
        #expect(log.started.isEmpty)  // `add` never starts work
        // When slots free one by one
        queue.startReady()
        #expect(log.started == ["d", "a"])
        queue.release(tickets["d"]!)
        #expect(log.started == ["d", "a", "c"])
        queue.release(tickets["a"]!)
        queue.release(tickets["a"]!)  // twice: no effect
        #expect(log.started == ["d", "a", "c", "b"])
        #expect(queue.runningCount == 2 && queue.pendingCount == 0)
    }

    /// A work target recording the tags it is told to start.
    final class TagLog: PriorityWorkTarget {
        var started: [String] = []
        func workStarted(tag: Int) { started.append("t\(tag)") }
    }

    @Test func targetWorkStartsInTheSameOrderAsClosureWork() {
        // Given a queue of width 1 and items of mixed priority, some closures, some a target's
        let queue = PriorityWorkQueue(width: 1)
        let target = TagLog()
        var tickets: [Int] = []
        tickets.append(queue.add(priority: .low) { target.started.append("a") })
        tickets.append(queue.add(priority: .normal, target: target, tag: 7))
        tickets.append(queue.add(priority: .high) { target.started.append("b") })
        tickets.append(queue.add(priority: .high, target: target, tag: 8))
        tickets.append(queue.add(priority: .veryLow, target: target, tag: 9))
        // When the lowest target item is cancelled and the slot frees after each start
        queue.release(tickets[4])
        queue.startReady()
        for ticket in [2, 3, 1, 0] { queue.release(tickets[ticket]) }
        // Then items start by priority, then submission order, whatever their form; the cancelled
        // target item never starts, and its target is told only of the items that started
        #expect(target.started == ["b", "t8", "t7", "a"])
        #expect(queue.runningCount == 0 && queue.pendingCount == 0)
    }

    @Test("first in, first out: a serial dispatch queue ignores priorities and their changes")
    func firstInFirstOutIgnoresPriorities() {
        // Given one slot: a runs; b (low), c (high), d (normal), e (low) wait; e is raised to
        // very high and b cancelled
        let queue = PriorityWorkQueue(width: 1, order: .firstInFirstOut)
        let log = StartLog()
        var tickets: [String: Int] = [:]
        let priorities: [String: RequestPriority] = ["a": .normal, "b": .low, "c": .high, "d": .normal, "e": .low]
        for name in ["a", "b", "c", "d", "e"] {
            tickets[name] = queue.add(priority: priorities[name]!) { log.started.append(name) }
            queue.startReady()
        }
        queue.setPriority(tickets["e"]!, .veryHigh)
        queue.release(tickets["b"]!)
        // Then each ends in turn and the next in submission order starts (by priority: c, e, d)
        for name in ["a", "c", "d", "e"] { queue.release(tickets[name]!) }
        #expect(log.started == ["a", "c", "d", "e"])
        #expect(queue.runningCount == 0 && queue.pendingCount == 0)
    }

    @Test func lastInFirstOutReplaysSDWebImagesOwnOrderTest() {
        // SDWebImage's test15DownloaderLIFOExecutionOrder: one download at a time; 1...7 are
        // added (1 starts at once); when 7 starts, 8...14 are added. Expected start order:
        // 1, 7, 14, 13, 12, 11, 10, 9, 8, 6, 5, 4, 3, 2.
        let queue = PriorityWorkQueue(width: 1, order: .lastInFirstOut)
        let log = StartLog()
        var tickets: [Int: Int] = [:]
        func add(_ number: Int) {
            tickets[number] = queue.add(priority: .normal) {
                log.started.append(String(number))
                if number == 7 { for later in 8...14 { add(later) } }
            }
            queue.startReady()
        }
        for number in 1...7 { add(number) }
        #expect(log.started == ["1"])
        while let last = log.started.last, queue.runningCount > 0 { queue.release(tickets[Int(last)!]!) }
        #expect(log.started == ["1", "7", "14", "13", "12", "11", "10", "9", "8", "6", "5", "4", "3", "2"])
    }

    @Test func lastInFirstOutDrainsABacklogOneAtATimeWhateverTheWidth() {
        // Given two slots: a and b start, c, d, e wait
        let queue = PriorityWorkQueue(width: 2, order: .lastInFirstOut)
        let log = StartLog()
        var tickets: [String: Int] = [:]
        for name in ["a", "b", "c", "d", "e"] {
            tickets[name] = queue.add(priority: name == "c" ? .high : .normal) { log.started.append(name) }
            queue.startReady()
        }
        #expect(log.started == ["a", "b"])
        // a ends: e, the newest, starts; b ends: nothing starts, since d and c wait for e
        queue.release(tickets["a"]!)
        queue.release(tickets["b"]!)
        #expect(log.started == ["a", "b", "e"] && queue.runningCount == 1)
        // e ends: d (not c, whatever its priority); d ends: c
        queue.release(tickets["e"]!)
        #expect(log.started == ["a", "b", "e", "d"] && queue.runningCount == 1)
        queue.release(tickets["d"]!)
        #expect(log.started == ["a", "b", "e", "d", "c"])
        // Cancelling a pending newer item frees the older ones: f and g run, h and i wait; i is
        // cancelled, so when f ends h starts (it no longer waits for i)
        queue.release(tickets["c"]!)
        let f = queue.add(priority: .normal) { log.started.append("f") }
        queue.startReady()
        _ = queue.add(priority: .normal) { log.started.append("g") }
        queue.startReady()
        _ = queue.add(priority: .normal) { log.started.append("h") }
        queue.startReady()
        let i = queue.add(priority: .normal) { log.started.append("i") }
        queue.startReady()
        #expect(log.started.suffix(2) == ["f", "g"] && queue.pendingCount == 2)
        queue.release(i)
        queue.release(f)
        #expect(log.started.suffix(3) == ["f", "g", "h"] && queue.pendingCount == 0)
    }

    @Test func releasingAPendingItemRemovesIt() {
        let queue = PriorityWorkQueue(width: 1)
        let log = StartLog()
        let first = queue.add(priority: .normal) { log.started.append("first") }
        let second = queue.add(priority: .normal) { log.started.append("second") }
        _ = queue.add(priority: .normal) { log.started.append("third") }
        queue.startReady()
        queue.release(second)
        queue.release(first)
        #expect(log.started == ["first", "third"])
    }

    @Test(arguments: [
        (PriorityWorkQueue.Placement.taskQueue, ["n1", "n2", "l2", "l1"], ["n", "l1", "l2"]),
        (.submissionOrder, ["l2", "n1", "n2", "l1"], ["l1", "l2", "n"]),
    ])
    func aReprioritisedItemMovesAsItsPlacementSays(placement: PriorityWorkQueue.Placement,
                                                  afterRaise: [String], afterLower: [String]) {
        // Raised: low l1, l2 then normal n1, n2 are queued; l2 is raised to normal
        do {
            let queue = PriorityWorkQueue(width: 1, placement: placement)
            let log = StartLog()
            let blocker = queue.add(priority: .veryHigh) {}
            var tickets: [String: Int] = [:]
            for (name, priority) in [("l1", RequestPriority.low), ("l2", .low), ("n1", .normal), ("n2", .normal)] {
                tickets[name] = queue.add(priority: priority) { log.started.append(name) }
            }
            queue.startReady()
            queue.setPriority(tickets["l2"]!, .normal)
            queue.release(blocker)
            for _ in 0..<tickets.count { queue.release(tickets[log.started.last!]!) }  // finish each as it starts
            #expect(log.started == afterRaise)
        }
        // Lowered: low l1, l2 then normal n are queued; n is lowered to low
        do {
            let queue = PriorityWorkQueue(width: 1, placement: placement)
            let log = StartLog()
            let blocker = queue.add(priority: .veryHigh) {}
            var tickets: [String: Int] = [:]
            for (name, priority) in [("l1", RequestPriority.low), ("l2", .low), ("n", .normal)] {
                tickets[name] = queue.add(priority: priority) { log.started.append(name) }
            }
            queue.startReady()
            queue.setPriority(tickets["n"]!, .low)
            queue.release(blocker)
            for _ in 0..<tickets.count { queue.release(tickets[log.started.last!]!) }
            #expect(log.started == afterLower)
        }
    }
}

@Suite struct SharedImageLoadsTests {
    /// A queue with its only slot taken, so that loads enqueued on it stay pending.
    static func blockedQueue() -> PriorityWorkQueue {
        let queue = PriorityWorkQueue(width: 1)
        _ = queue.add(priority: .veryHigh) {}
        queue.startReady()
        return queue
    }

    @Test func highestRuleFollowsTheRequestersAndCancelsWhenTheLastLeaves() {
        let loads = SharedImageLoads(rule: .highest)
        let queue = Self.blockedQueue()
        let prefetch = loads.makeToken(), cell = loads.makeToken()
        let (load, isNew) = loads.join(7, token: prefetch, priority: .low, deliver: nil)
        #expect(isNew)
        load.enqueue(on: queue) {}
        // A visible request joins: the shared load is raised
        let joined = loads.join(7, token: cell, priority: .normal, deliver: nil)
        #expect(!joined.isNew && joined.load === load)
        #expect(load.priority == .normal)
        // The visible request leaves: back to the prefetch's priority, still alive
        loads.leave(cell)
        #expect(load.priority == .low && !load.isCancelled)
        #expect(loads.inflightLoad(for: 7) === load)
        // The last requester leaves: cancelled and out of the queue
        loads.leave(prefetch)
        #expect(load.isCancelled)
        #expect(loads.inflightLoad(for: 7) == nil)
        #expect(queue.pendingCount == 0)
    }

    @Test func firstRuleKeepsTheCreatorsPriorityWhoeverJoinsOrLeaves() {
        let loads = SharedImageLoads(rule: .first)
        let queue = Self.blockedQueue()
        let creator = loads.makeToken(), low = loads.makeToken(), high = loads.makeToken()
        let (load, _) = loads.join(3, token: creator, priority: .normal, deliver: nil)
        load.enqueue(on: queue) {}
        _ = loads.join(3, token: low, priority: .low, deliver: nil)
        _ = loads.join(3, token: high, priority: .high, deliver: nil)
        #expect(load.priority == .normal && load.initialPriority == .normal)
        loads.leave(creator)
        #expect(load.priority == .normal && !load.isCancelled)
    }

    @Test func completionDeliversToEveryRequesterInJoinOrder() {
        let loads = SharedImageLoads(rule: .highest)
        let log = PriorityWorkQueueTests.StartLog()
        let (load, _) = loads.join(1, token: loads.makeToken(), priority: .low,
                                   deliver: { log.started.append("a:\($0 == nil ? "nil" : "image")") })
        let late = loads.makeToken()
        _ = loads.join(1, token: late, priority: .normal,
                       deliver: { log.started.append("b:\($0 == nil ? "nil" : "image")") })
        loads.fail(load)
        #expect(log.started == ["a:nil", "b:nil"])
        loads.leave(late)  // a finished token is ignored
        #expect(!load.isCancelled && loads.inflightLoad(for: 1) == nil)
    }

    /// Records what the loads' stages report.
    final class StageLog: SharedImageLoadStages {
        var events: [String] = []
        var started: [SharedImageLoad] = []
        func loadWorkStarted(_ load: SharedImageLoad, tag: Int) {
            events.append("started \(load.imageID) tag \(tag)")
            started.append(load)
        }
        func loadDelivered(tag: Int, image: ImageObject?) { events.append("\(tag):\(image == nil ? "nil" : "image")") }
    }

    @Test("A load queued as its own target is held by its queue until its turn, then reports itself and its tag")
    func loadQueuedAsItsOwnTargetHoldsItself() throws {
        let loads = SharedImageLoads(rule: .first)
        let stages = StageLog()
        loads.reportStages(to: stages)
        let queue = PriorityWorkQueue(width: 1)
        let blocker = queue.add(priority: .veryHigh) {}
        queue.startReady()
        weak var weakLoad: SharedImageLoad?
        do {
            // Unshared and untracked (token 0): only its place in the queue keeps it, as a load a
            // late completion queues after it was cancelled and forgotten
            let load = loads.makePrivate(5, token: 0, priority: .normal, delivery: .none)
            load.enqueue(on: queue, stageTag: 42)
            weakLoad = load
        }
        try #require(weakLoad != nil)
        queue.release(blocker)
        #expect(stages.events == ["started 5 tag 42"])
        #expect(stages.started.first === weakLoad)
        stages.started.removeAll()
        #expect(weakLoad == nil)  // started: the queue no longer holds it
    }

    @Test("Loads still queued are freed with their queue, which they do not hold (a run that ends with them)")
    func queuedLoadsFreedWithTheirQueue() throws {
        let loads = SharedImageLoads(rule: .first)
        let stages = StageLog()
        loads.reportStages(to: stages)
        weak var weakQueue: PriorityWorkQueue?
        weak var weakOwnTarget: SharedImageLoad?
        weak var weakCaptured: SharedImageLoad?
        do {
            let queue = PriorityWorkQueue(width: 1)
            weakQueue = queue
            _ = queue.add(priority: .veryHigh) {}  // holds the only slot until the end
            queue.startReady()
            let ownTarget = loads.makePrivate(5, token: 0, priority: .normal, delivery: .none)
            ownTarget.enqueue(on: queue, stageTag: 1)
            weakOwnTarget = ownTarget
            let captured = loads.makePrivate(6, token: 0, priority: .normal, delivery: .none)
            captured.enqueue(on: queue) { captured.leaveQueue() }  // (a closure capturing its load)
            weakCaptured = captured
            #expect(queue.pendingCount == 2)
        }
        #expect(weakQueue == nil)
        #expect(weakOwnTarget == nil)
        #expect(weakCaptured == nil)
        #expect(stages.events.isEmpty)
    }

    @Test("A load queued as its own target lets go of itself when cancelled while pending")
    func cancelledSelfQueuedLoadLetsGo() throws {
        let loads = SharedImageLoads(rule: .first)
        let stages = StageLog()
        loads.reportStages(to: stages)
        let queue = PriorityWorkQueue(width: 1)
        let blocker = queue.add(priority: .veryHigh) {}
        queue.startReady()
        let token = loads.makeToken()
        weak var weakLoad: SharedImageLoad?
        do {
            let (load, _) = loads.join(5, token: token, priority: .normal, delivery: .none)
            load.enqueue(on: queue, stageTag: 1)
            weakLoad = load
        }
        try #require(weakLoad != nil)
        loads.leave(token)
        #expect(weakLoad == nil && queue.pendingCount == 0)
        queue.release(blocker)
        #expect(stages.events.isEmpty)
    }

    @Test("Closures and tags are delivered in join order; the first two requesters leave like the others")
    func mixedDeliveriesInJoinOrder() {
        let loads = SharedImageLoads(rule: .highest)
        let stages = StageLog()
        loads.reportStages(to: stages)
        let a = loads.makeToken(), b = loads.makeToken(), d = loads.makeToken(), e = loads.makeToken()
        let (load, _) = loads.join(2, token: a, priority: .low,
                                   delivery: .closure { stages.events.append("a:\($0 == nil ? "nil" : "image")") })
        _ = loads.join(2, token: b, priority: .high, delivery: .tag(20))
        _ = loads.join(2, token: 0, priority: .normal, delivery: .tag(30))  // never leaves: untracked
        _ = loads.join(2, token: d, priority: .veryHigh, delivery: .closure { _ in stages.events.append("d") })
        _ = loads.join(2, token: e, priority: .low, delivery: .tag(50))
        #expect(load.priority == .veryHigh)
        loads.leave(d)
        #expect(load.priority == .high)  // the second requester's
        loads.leave(a)
        #expect(load.priority == .high)
        loads.leave(b)
        #expect(load.priority == .normal)  // the untracked one's
        loads.leave(0)  // not a token: ignored
        #expect(!load.isCancelled)
        loads.fail(load)
        #expect(stages.events == ["30:nil", "50:nil"])
    }
}

/// Runs Nuke's rate limiter inside a run: 45 network starts asked for at once, the first five
/// queued ones cancelled before their turn.
final class RateLimiterProbe: FetchStrategy {
    /// Offsets from the first request at which work ran, ns.
    static func offsets() -> [SimTime] {
        let scenario = StrategyTests.fixedList(itemCount: 1, script: [.pause(seconds: 1)])
        final class Box: @unchecked Sendable { var probe: RateLimiterProbe? }
        let box = Box()
        _ = try! SimulationRun(scenario: scenario, seed: 1, strategyName: "probe", strategy: { environment in
            let probe = RateLimiterProbe(environment: environment)
            box.probe = probe
            return probe
        }).run()
        return box.probe!.ranAt.map { $0 - box.probe!.askedAt }
    }

    private let environment: FetchEnvironment
    private let limiter: TokenBucketRateLimiter
    private(set) var askedAt: SimTime = 0
    private(set) var ranAt: [SimTime] = []

    init(environment: FetchEnvironment) {
        self.environment = environment
        limiter = TokenBucketRateLimiter(environment: environment)
    }

    func cellForItem(_ cell: CellID, item: Int) {
        askedAt = environment.now
        for index in 0..<45 {
            limiter.execute { [unowned self] in
                guard !(25..<30).contains(index) else { return false }  // cancelled meanwhile
                ranAt.append(environment.now)
                return true
            }
        }
    }
}

@Suite struct TokenBucketRateLimiterTests {
    @Test func aBurstOf25ThenTwoTokensPerRetryEvery26Milliseconds() {
        // 25 tokens at once; then every 26 ms adds 26 / 12.5 = 2.08 tokens: the cancelled five
        // are dropped without a token, and the other 15 run 2, 2, 2, 2, 2, 2, 2, then 1 (the credit
        // left grows by 1 ms per retry: 1, 2, …, 7 ms, then 33 ms at 208 ms)
        let ms = SimDuration.milliseconds(1)
        var expected = Array(repeating: SimTime(0), count: 25)
        for retry in 1...7 { expected += [SimTime(26 * retry) * ms, SimTime(26 * retry) * ms] }
        expected.append(208 * ms)
        #expect(RateLimiterProbe.offsets() == expected)
    }
}

/// The tag that replaces a closure per prefetch.
@Suite struct WorkTagTests {
    @Test("PrefetchTag gives back the item and the ticket it packs")
    func tagsRoundTrip() {
        let prefetch = PrefetchTag.make(item: 99_999, ticket: 1_234_567)
        #expect(PrefetchTag.item(prefetch) == 99_999)
        #expect(PrefetchTag.ticket(prefetch) == 1_234_567)
        #expect(prefetch >= 0)  // apart from the queue tags below zero
        let last = PrefetchTag.make(item: (1 << 32) - 1, ticket: 0)
        #expect(PrefetchTag.item(last) == (1 << 32) - 1)
        #expect(PrefetchTag.ticket(last) == 0)
    }
}
