import Testing
@testable import ScrollSimCore

@Suite struct EventQueueTests {
    @Test func popsInTimeOrderAndBreaksTiesByInsertion() {
        // Given events at equal and different times, inserted out of order
        let queue = EventQueue<String>()
        queue.push("c", at: 5)
        queue.push("a", at: 1)
        queue.push("d", at: 5)
        queue.push("b", at: 1)
        queue.push("e", at: 9)
        // Then they pop by time, and by insertion order within a time
        var popped: [String] = []
        while let entry = queue.pop() { popped.append(entry.payload) }
        #expect(popped == ["a", "b", "c", "d", "e"])
    }

    @Test func matchesASortedOracleOnRandomOperations() {
        for seed in UInt64(1)...50 {
            var generator = SplitMix64(seed: seed)
            let queue = EventQueue<Int>()
            var oracle: [(time: SimTime, order: Int)] = []
            var order = 0
            for _ in 0..<400 {
                if generator.next() % 3 != 0 || oracle.isEmpty {
                    let time = SimTime(generator.next() % 50)
                    queue.push(order, at: time)
                    oracle.append((time, order))
                    order += 1
                } else {
                    oracle.sort { ($0.time, $0.order) < ($1.time, $1.order) }
                    let expected = oracle.removeFirst()
                    let entry = queue.pop()
                    #expect(entry?.time == expected.time && entry?.payload == expected.order, "seed \(seed)")
                }
                #expect(queue.checkInvariants())
            }
        }
    }

    @Test func reusesPayloadSlotsSoStorageStaysAtThePeakPending() {
        // Given a queue that never holds more than 10 events, filled and drained 100 times
        let queue = EventQueue<Int>()
        for round in 0..<100 {
            for i in 0..<10 { queue.push(round * 10 + i, at: SimTime(round * 100 + (i * 7) % 10)) }
            for _ in 0..<10 { _ = queue.pop() }
            #expect(queue.checkInvariants())
        }
        // Then the payload storage has 10 slots, not one per event ever pushed
        #expect(queue.isEmpty)
        #expect(queue.slotCount == 10)
    }

    @Test func releasesAPayloadWhenItsEventIsPopped() {
        // Given a closure payload capturing an object, queued behind another event
        final class Token {}
        weak var weakToken: Token?
        let queue = EventQueue<() -> Void>()
        do {
            let token = Token()
            weakToken = token
            queue.push({ _ = token }, at: 5)
        }
        queue.push({}, at: 1)
        #expect(weakToken != nil)
        // When both are popped (the token's event second)
        _ = queue.pop()
        #expect(weakToken != nil)
        var entry = queue.pop()
        #expect(entry?.time == 5)
        // Then the queue no longer holds the token once the caller drops the payload
        entry = nil
        #expect(weakToken == nil)
        #expect(queue.isEmpty && queue.checkInvariants())
    }

    @Test func releasesPendingPayloadsWhenDroppedAndKeepsThemAcrossGrowth() {
        // Given 40 pending closure payloads (the buffers grow past their first 16 slots), each
        // capturing a token
        final class Token {}
        var weakTokens: [Weak<Token>] = []
        var queue: EventQueue<() -> Void>? = EventQueue()
        for i in 0..<40 {
            let token = Token()
            weakTokens.append(Weak(token))
            queue?.push({ _ = token }, at: SimTime(40 - i))
        }
        // Then growth kept every payload, and popping half of them releases exactly those
        #expect(weakTokens.allSatisfy { $0.value != nil })
        for _ in 0..<20 { _ = queue?.pop() }
        #expect(weakTokens.filter { $0.value == nil }.count == 20)
        #expect(queue?.checkInvariants() == true)
        // When the queue is dropped with 20 events pending, then they are released too
        queue = nil
        #expect(weakTokens.allSatisfy { $0.value == nil })
    }

    /// A weak reference, to watch an object's lifetime.
    private struct Weak<Object: AnyObject> {
        /// The object, while it lives.
        weak var value: Object?
        init(_ value: Object) { self.value = value }
    }

    @Test func sameTimeEventsPopInInsertionOrderWhateverTheHeapShape() {
        // Given 1,000 events at one time pushed between pops of earlier ones
        let queue = EventQueue<Int>()
        var generator = SplitMix64(seed: 9)
        var popped: [Int] = []
        for i in 0..<1_000 {
            queue.push(i, at: 100)
            if generator.next() % 4 == 0 { queue.push(-1, at: SimTime(generator.next() % 100)) }
            if generator.next() % 3 == 0, let entry = queue.pop(), entry.time == 100 { popped.append(entry.payload) }
        }
        while let entry = queue.pop() {
            if entry.time == 100 { popped.append(entry.payload) }
        }
        // Then the same-time events came out in insertion order
        #expect(popped == Array(0..<1_000))
    }
}

@Suite struct SchedulerMainItemSlotTests {
    /// The kind of an event, for comparing pop orders.
    private static func name(_ event: SimEvent) -> String {
        switch event {
        case .mainItemDone: return "main"
        case .diskDone(let id): return "disk \(id)"
        case .vsync(let k): return "vsync \(k)"
        default: return "other"
        }
    }

    @Test func mainItemDonePopsWhereAQueuedOneWould() {
        // Given the same random schedule on a Scheduler (main item done in its slot) and on a
        // plain event queue (everything queued), with many ties at equal times
        for seed in UInt64(1)...40 {
            var generator = SplitMix64(seed: seed)
            let scheduler = Scheduler()
            let oracle = EventQueue<String>()
            var now: SimTime = 0
            var mainPending = false
            var next = 0
            for _ in 0..<300 {
                let roll = generator.next() % 4
                if roll == 0 && !mainPending {
                    let time = now + SimTime(generator.next() % 3)
                    scheduler.schedule(.mainItemDone, at: time)
                    oracle.push("main", at: time)
                    mainPending = true
                } else if roll <= 2 || scheduler.isEmpty {
                    let time = now + SimTime(generator.next() % 3)
                    scheduler.schedule(.diskDone(next), at: time)
                    oracle.push("disk \(next)", at: time)
                    next += 1
                } else {
                    // When one event pops from each
                    let expectedTime = oracle.nextTime
                    #expect(scheduler.nextTime == expectedTime, "seed \(seed)")
                    let event = scheduler.next()
                    let expected = oracle.pop()
                    // Then it is the same event at the same time
                    #expect(event.map(Self.name) == expected?.payload, "seed \(seed)")
                    #expect(scheduler.now == expected?.time, "seed \(seed)")
                    if case .mainItemDone = event { mainPending = false }
                    now = scheduler.now
                }
            }
            while let expected = oracle.pop() {
                #expect(scheduler.next().map(Self.name) == expected.payload, "seed \(seed)")
            }
            #expect(scheduler.isEmpty && scheduler.next() == nil)
        }
    }

    @Test func vsyncsPopWhereQueuedOnesWouldAlongsideTheMainItemDone() {
        // Given the same random schedule on a Scheduler (the latest vsync and the main item done
        // in their slots; a vsync asked while one waits sends the waiting one to the queue) and on
        // a plain event queue (everything queued), with many ties at equal times
        for seed in UInt64(1)...60 {
            var generator = SplitMix64(seed: seed)
            let scheduler = Scheduler()
            let oracle = EventQueue<String>()
            var now: SimTime = 0
            var mainPending = false
            var next = 0
            for _ in 0..<400 {
                let roll = generator.next() % 5
                let time = now + SimTime(generator.next() % 3)
                if roll == 0 && !mainPending {
                    scheduler.schedule(.mainItemDone, at: time)
                    oracle.push("main", at: time)
                    mainPending = true
                } else if roll <= 1 {
                    scheduler.schedule(.vsync(next), at: time)
                    oracle.push("vsync \(next)", at: time)
                    next += 1
                } else if roll <= 2 || scheduler.isEmpty {
                    scheduler.schedule(.diskDone(next), at: time)
                    oracle.push("disk \(next)", at: time)
                    next += 1
                } else {
                    // When one event pops from each
                    #expect(scheduler.nextTime == oracle.nextTime, "seed \(seed)")
                    let event = scheduler.next()
                    let expected = oracle.pop()
                    // Then it is the same event at the same time
                    #expect(event.map(Self.name) == expected?.payload, "seed \(seed)")
                    #expect(scheduler.now == expected?.time, "seed \(seed)")
                    if case .mainItemDone = event { mainPending = false }
                    now = scheduler.now
                }
            }
            while let expected = oracle.pop() {
                #expect(scheduler.nextTime == expected.time, "seed \(seed)")
                #expect(scheduler.next().map(Self.name) == expected.payload, "seed \(seed)")
            }
            #expect(scheduler.isEmpty && scheduler.next() == nil)
        }
    }
}
