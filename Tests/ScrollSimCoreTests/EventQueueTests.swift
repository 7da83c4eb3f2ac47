import Testing
@testable import ScrollSimCore

@Suite struct EventQueueTests {
    @Test func popsInTimeOrderAndBreaksTiesByInsertion() {
        // Given events at equal and different times, inserted out of order
        var queue = EventQueue<String>()
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
            var queue = EventQueue<Int>()
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
}
