@testable import FetchStrategies
import Testing

/// `FIFOQueue` against a plain array model, across drains and compactions.
@Suite struct FIFOQueueTests {
    @Test func itPopsWhatWasAppendedInOrderAcrossCompactions() {
        var queue = FIFOQueue<Int>()
        var model: [Int] = []
        var next = 0
        // rounds of appends, then fewer pops: the popped prefix passes the compaction floor and
        // half of the array while elements are still held
        for round in 0..<200 {
            for _ in 0..<(100 + round % 7) {
                queue.append(next)
                model.append(next)
                next += 1
            }
            for _ in 0..<(95 + round % 11) {
                let popped = queue.popFirst()
                #expect(popped == (model.isEmpty ? nil : model.removeFirst()))
            }
            #expect(queue.count == model.count && queue.first == model.first && queue.isEmpty == model.isEmpty)
        }
        for _ in 0..<500 { queue.append(next); model.append(next); next += 1 }
        while let value = queue.popFirst() { #expect(value == model.removeFirst()) }
        #expect(model.isEmpty && queue.isEmpty && queue.popFirst() == nil)
    }
}
