@testable import FetchStrategies
import ScrollSimCore
import Testing

/// `PriorityWorkQueue` (buckets read from a head index) against a plain model of the same rules
/// (buckets shifted by `removeFirst`, the structure it replaced), on random sequences of adds,
/// starts, releases and priority changes: the same items start in the same order.
@Suite struct PriorityWorkQueueEquivalenceTests {
    /// The queue's rules written plainly: one array per priority, the front removed on start.
    final class Model {
        let width: Int
        let placement: PriorityWorkQueue.Placement
        let order: PriorityWorkQueue.StartOrder
        var buckets: [[Int]] = Array(repeating: [], count: RequestPriority.allCases.count)
        var priorities: [RequestPriority] = []
        /// 0 pending, 1 running, 2 released.
        var states: [Int] = []
        var running = 0
        var started: [Int] = []

        init(width: Int, placement: PriorityWorkQueue.Placement, order: PriorityWorkQueue.StartOrder) {
            (self.width, self.placement, self.order) = (width, placement, order)
        }

        func add(_ priority: RequestPriority) {
            buckets[priority.rawValue].append(states.count)
            priorities.append(priority)
            states.append(0)
        }

        func startReady() {
            while running < width, let ticket = dequeue() {
                states[ticket] = 1
                running += 1
                started.append(ticket)
            }
        }

        func dequeue() -> Int? {
            if order == .lastInFirstOut {
                guard let newest = states.lastIndex(where: { $0 != 2 }), states[newest] == 0 else { return nil }
                buckets[priorities[newest].rawValue].removeAll { $0 == newest }
                return newest
            }
            for p in buckets.indices.reversed() where !buckets[p].isEmpty { return buckets[p].removeFirst() }
            return nil
        }

        func release(_ ticket: Int) {
            switch states[ticket] {
            case 0:
                buckets[priorities[ticket].rawValue].removeAll { $0 == ticket }
                states[ticket] = 2
            case 1:
                states[ticket] = 2
                running -= 1
                startReady()
            default:
                break
            }
        }

        func setPriority(_ ticket: Int, _ priority: RequestPriority) {
            let old = priorities[ticket]
            guard old != priority else { return }
            priorities[ticket] = priority
            guard states[ticket] == 0 else { return }
            buckets[old.rawValue].removeAll { $0 == ticket }
            switch placement {
            case .taskQueue:
                if priority < old {
                    buckets[priority.rawValue].insert(ticket, at: 0)
                } else {
                    buckets[priority.rawValue].append(ticket)
                }
            case .submissionOrder:
                let at = buckets[priority.rawValue].firstIndex { $0 > ticket } ?? buckets[priority.rawValue].count
                buckets[priority.rawValue].insert(ticket, at: at)
            }
        }
    }

    /// Records the start order of the queue under test.
    final class StartLog {
        var started: [Int] = []
    }

    @Test(arguments: [
        (PriorityWorkQueue.Placement.taskQueue, PriorityWorkQueue.StartOrder.priority),
        (.submissionOrder, .priority), (.taskQueue, .lastInFirstOut),
    ])
    func startsWhatThePlainModelStarts(placement: PriorityWorkQueue.Placement, order: PriorityWorkQueue.StartOrder) {
        for seed: UInt64 in 1...10 {
            var generator = SplitMix64(seed: seed)
            let width = Int.random(in: 1...3, using: &generator)
            let queue = PriorityWorkQueue(width: width, placement: placement, order: order)
            let model = Model(width: width, placement: placement, order: order)
            let log = StartLog()
            var tickets: [Int] = []
            for step in 0..<600 {
                let priority = RequestPriority.allCases.randomElement(using: &generator)!
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<4:
                    // Bursts of adds make long buckets, so the head moves far and compaction runs.
                    for _ in 0..<Int.random(in: 1...16, using: &generator) {
                        let ticket = queue.nextTicket
                        tickets.append(queue.add(priority: priority) { log.started.append(ticket) })
                        model.add(priority)
                    }
                case 4..<6:
                    queue.startReady()
                    model.startReady()
                case 6..<8 where !tickets.isEmpty:
                    let ticket = tickets.randomElement(using: &generator)!
                    queue.release(ticket)
                    model.release(ticket)
                case 8..<10 where !tickets.isEmpty:
                    let ticket = tickets.randomElement(using: &generator)!
                    queue.setPriority(ticket, priority)
                    model.setPriority(ticket, priority)
                default:
                    break
                }
                if step % 50 == 0 { #expect(queue.pendingCount == model.states.filter { $0 == 0 }.count) }
            }
            for ticket in tickets {
                queue.release(ticket)
                model.release(ticket)
            }
            #expect(log.started == model.started, "seed \(seed)")
            #expect(queue.entryRecordCount == 0, "seed \(seed): every ticket released, no record is left")
            // (Under LIFO a backlog waits for every newer item, so few start.)
            #expect(model.started.count > (order == .priority ? 100 : 1), "seed \(seed): too few starts to compare")
        }
    }
}
