@testable import ScrollSimCore
import Testing

/// `MinHeap`: the request queue's and the shared link's heap pops its elements in ascending order.
@Suite struct MinHeapTests {
    @Test("random pushes and pops give what a sorted array gives")
    func matchesASortedArray() {
        let heap = MinHeap<Int>()
        var reference: [Int] = []
        var state: UInt64 = 7
        for _ in 0..<3_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let draw = Int(state >> 33)
            if draw % 3 == 0 {
                heap.removeFirst()
                if !reference.isEmpty { reference.removeFirst() }
            } else {
                heap.push(draw % 500)
                reference.append(draw % 500)
                reference.sort()
            }
            #expect(heap.first == reference.first)
            #expect(heap.count == reference.count)
        }
    }

    @Test("pushes 5, 1, 4, 1, 3 pop as 1, 1, 3, 4, 5; removeFirst on an empty heap does nothing")
    func smallCase() {
        let heap = MinHeap<Int>()
        heap.removeFirst()
        #expect(heap.isEmpty)
        for value in [5, 1, 4, 1, 3] { heap.push(value) }
        var popped: [Int] = []
        while let first = heap.first { popped.append(first); heap.removeFirst() }
        #expect(popped == [1, 1, 3, 4, 5])
    }
}
