import Testing
@testable import ScrollSimCore

/// The run loop's dispatch (`Scheduler.nextSource` and the `take` methods, as `Simulator.run` uses
/// them) and the event queue's bottom-up pop, each against a plain sorted list: every event pops in
/// `(time, insertion)` order, whichever of the vsync slot, the main item done's slot and the queue
/// it waits in (review17b of loop17).
@Suite struct RunLoopOrderTests {
    /// One scheduled event in the oracle: when, its insertion number, and what.
    private struct Scheduled {
        var time: SimTime
        var order: Int
        var name: String
    }

    /// Removes and returns the oracle's earliest event by `(time, order)` (a linear scan).
    private static func popEarliest(_ oracle: inout [Scheduled]) -> Scheduled? {
        guard var best = oracle.indices.first else { return nil }
        for index in oracle.indices where (oracle[index].time, oracle[index].order)
            < (oracle[best].time, oracle[best].order) {
            best = index
        }
        return oracle.remove(at: best)
    }

    /// Takes the scheduler's next event the way `Simulator.run` does; returns its name and the
    /// events handled count's change, or nil when nothing is pending.
    private static func takeAsTheRunLoopDoes(_ scheduler: Scheduler) -> (name: String, counted: Int)? {
        let before = scheduler.eventsHandled
        let name: String
        switch scheduler.nextSource {
        case .vsync: name = "vsync \(scheduler.takeVsync())"
        case .mainItemDone:
            scheduler.takeMainItemDone()
            name = "main"
        case .queue:
            switch scheduler.takeQueued() {
            case .vsync(let k): name = "vsync \(k)"
            case .diskDone(let id): name = "disk \(id)"
            case .mainItemDone: name = "main (queued)"
            default: name = "other"
            }
        case .none: return nil
        }
        return (name, scheduler.eventsHandled - before)
    }

    @Test("The run loop's dispatch pops the slots' and the queue's events in (time, insertion) order")
    func runLoopDispatchMatchesASortedList() {
        for seed in UInt64(1)...200 {
            // Given a random schedule with many ties at equal times: vsyncs (a later one sends the
            // waiting one to the queue), one main item done at most, queued events
            var generator = SplitMix64(seed: seed)
            let scheduler = Scheduler()
            var oracle: [Scheduled] = []
            var order = 0
            var mainPending = false
            var next = 0
            var taken = 0
            for _ in 0..<500 {
                let roll = generator.next() % 6
                let time = scheduler.now + SimTime(generator.next() % 3)
                if roll == 0 && !mainPending {
                    scheduler.schedule(.mainItemDone, at: time)
                    oracle.append(Scheduled(time: time, order: order, name: "main"))
                    mainPending = true
                } else if roll <= 1 {
                    scheduler.schedule(.vsync(next), at: time)
                    oracle.append(Scheduled(time: time, order: order, name: "vsync \(next)"))
                    next += 1
                } else if roll <= 2 || oracle.isEmpty {
                    scheduler.schedule(.diskDone(next), at: time)
                    oracle.append(Scheduled(time: time, order: order, name: "disk \(next)"))
                    next += 1
                } else {
                    // When the run loop takes one event
                    let expected = Self.popEarliest(&oracle)
                    let got = Self.takeAsTheRunLoopDoes(scheduler)
                    taken += 1
                    // Then it is the sorted list's first, at its time, counted once
                    #expect(got?.name == expected?.name, "seed \(seed)")
                    #expect(scheduler.now == expected?.time, "seed \(seed)")
                    #expect(got?.counted == 1, "seed \(seed)")
                    if got?.name == "main" { mainPending = false }
                    continue
                }
                order += 1
            }
            while let expected = Self.popEarliest(&oracle) {
                #expect(scheduler.nextTime == expected.time, "seed \(seed)")
                let got = Self.takeAsTheRunLoopDoes(scheduler)
                taken += 1
                #expect(got?.name == expected.name && got?.counted == 1, "seed \(seed)")
                #expect(scheduler.now == expected.time, "seed \(seed)")
            }
            #expect(scheduler.nextSource == .none && scheduler.isEmpty, "seed \(seed)")
            #expect(scheduler.eventsHandled == taken, "seed \(seed)")
        }
    }

    @Test("The bottom-up pop gives a sorted list's order in deep heaps with many equal times")
    func bottomUpPopMatchesASortedListInDeepHeaps() {
        for seed in UInt64(1)...12 {
            // Given bursts of pushes (up to 700 pending) at a few distinct times, and bursts of pops
            var generator = SplitMix64(seed: seed)
            let queue = EventQueue<Int>()
            var oracle: [Scheduled] = []
            var order = 0
            var floor: SimTime = 0
            for _ in 0..<12 {
                for _ in 0..<Int(generator.next() % 700) {
                    let time = floor + SimTime(generator.next() % 6)
                    queue.push(order, at: time)
                    oracle.append(Scheduled(time: time, order: order, name: ""))
                    order += 1
                }
                for _ in 0..<Int(generator.next() % UInt64(oracle.count + 1)) {
                    // Then each pop is the sorted list's first
                    let expected = Self.popEarliest(&oracle)
                    let entry = queue.pop()
                    #expect(entry?.payload == expected?.order && entry?.time == expected?.time, "seed \(seed)")
                    floor = entry?.time ?? floor
                }
                #expect(queue.checkInvariants() && queue.count == oracle.count, "seed \(seed)")
            }
            while let expected = Self.popEarliest(&oracle) {
                #expect(queue.pop()?.payload == expected.order, "seed \(seed)")
            }
            #expect(queue.isEmpty && queue.checkInvariants())
        }
    }
}
