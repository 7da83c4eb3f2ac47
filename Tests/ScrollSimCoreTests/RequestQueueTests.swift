import Testing
@testable import ScrollSimCore

/// `RequestQueue` against a plain list kept in submission order: the first request is the one of
/// highest priority, earliest submitted, after any mix of pushes, removals, moves and pops.
@Suite struct RequestQueueTests {
    /// The oracle: waiting (ticket, id, priority) in submission order; the first is found by a scan.
    struct Oracle {
        var waiting: [(ticket: Int, id: Int, priority: RequestPriority)] = []

        mutating func popFirst() -> Int? {
            guard let best = waiting.indices.max(by: { a, b in
                (waiting[a].priority.rawValue, -waiting[a].ticket) < (waiting[b].priority.rawValue, -waiting[b].ticket)
            }) else { return nil }
            return waiting.remove(at: best).id
        }
    }

    @Test("random operations over 200 seeds give the oracle's order exactly", arguments: 0..<200)
    func matchesTheOracle(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        var queue = RequestQueue()
        var oracle = Oracle()
        var nextID = 0
        for _ in 0..<400 {
            let operation = generator.next() % 10
            switch operation {
            case 0...3:
                let priority = RequestPriority.allCases[Int(generator.next() % 5)]
                let ticket = queue.push(nextID, priority: priority)
                oracle.waiting.append((ticket, nextID, priority))
                nextID += 1
            case 4, 5:
                #expect(queue.popFirst() == oracle.popFirst())
            case 6, 7:
                guard !oracle.waiting.isEmpty else { continue }
                let index = Int(generator.next() % UInt64(oracle.waiting.count))
                let priority = RequestPriority.allCases[Int(generator.next() % 5)]
                queue.move(oracle.waiting[index].ticket, to: priority)
                oracle.waiting[index].priority = priority
            default:
                guard !oracle.waiting.isEmpty else { continue }
                let index = Int(generator.next() % UInt64(oracle.waiting.count))
                queue.remove(oracle.waiting[index].ticket)
                #expect(!queue.contains(oracle.waiting[index].ticket))
                oracle.waiting.remove(at: index)
            }
            #expect(queue.count == oracle.waiting.count)
        }
        while let id = oracle.popFirst() { #expect(queue.popFirst() == id) }
        #expect(queue.popFirst() == nil && queue.isEmpty)
    }

    @Test func aRequestMovedAwayAndBackIsQueuedOnce() {
        // Given 0 (low), 1 (low); 0 moved to high and back to low
        var queue = RequestQueue()
        let first = queue.push(0, priority: .low)
        _ = queue.push(1, priority: .low)
        queue.move(first, to: .high)
        queue.move(first, to: .low)
        // Then the order is 0, 1, and nothing else.
        #expect(queue.popFirst() == 0)
        #expect(queue.popFirst() == 1)
        #expect(queue.popFirst() == nil)
    }

    @Test func aLongFIFOKeepsItsOrderAcrossPopsAndPushes() {
        var queue = RequestQueue()
        for id in 0..<5_000 { _ = queue.push(id, priority: .normal) }
        for id in 0..<3_000 { #expect(queue.popFirst() == id) }
        for id in 5_000..<6_000 { _ = queue.push(id, priority: .normal) }
        for id in 3_000..<6_000 { #expect(queue.popFirst() == id) }
        #expect(queue.isEmpty)
    }
}

/// `RequestQueue` starts its records again when it empties with `restartRecords` of them, under a
/// new epoch: memory follows the requests queued since it last emptied.
@Suite struct RequestQueueRestartTests {
    @Test("an emptied queue starts its records again and never takes an earlier ticket for a later one")
    func anEmptiedQueueRestarts() {
        // Given as many requests as restart the records, each pushed and popped in turn
        var queue = RequestQueue()
        var first = -1
        for id in 0..<RequestQueue.restartRecords {
            let ticket = queue.push(id, priority: .normal)
            if id == 0 { first = ticket }
            #expect(queue.popFirst() == id)
        }
        #expect(queue.ticketRecordCount == 0)
        // When a request is queued after the restart (in the first ticket's record)
        let later = queue.push(1_000, priority: .low)
        // Then the first ticket is not taken for it: removing or moving it does nothing
        #expect(later != first && !queue.contains(first) && queue.contains(later))
        queue.remove(first)
        queue.move(first, to: .high)
        #expect(queue.count == 1)
        #expect(queue.popFirst() == 1_000)
    }

    @Test("a queue that never empties keeps its records in order across many requests")
    func aBusyQueueKeepsOrder() {
        // Given one request always waiting while 600 more pass through
        var queue = RequestQueue()
        _ = queue.push(-1, priority: .veryLow)
        var popped: [Int] = []
        for id in 0..<600 {
            _ = queue.push(id, priority: .normal)
            popped.append(queue.popFirst()!)
        }
        #expect(popped == Array(0..<600))
        #expect(queue.ticketRecordCount == 601)
        #expect(queue.popFirst() == -1)
    }
}
