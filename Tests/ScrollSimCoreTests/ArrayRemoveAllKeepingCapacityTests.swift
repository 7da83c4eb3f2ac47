import ScrollSimCore
import Testing

/// `removeAllKeepingCapacity()` against `removeAll(keepingCapacity: true)`: both empty the array
/// and keep its storage, for the short arrays it removes one by one and the longer ones it hands on.
@Suite struct ArrayRemoveAllKeepingCapacityTests {
    @Test(arguments: 0...12)
    func emptiesAndKeepsTheStorageAsRemoveAllDoes(count: Int) {
        func reserved() -> [Int] {
            var array = Array(0..<count)
            array.reserveCapacity(16)
            return array
        }
        var array = reserved()
        let capacity = array.capacity
        array.removeAllKeepingCapacity()
        #expect(array.isEmpty)
        #expect(array.capacity == capacity)
        array.append(contentsOf: [7, 8])
        #expect(array == [7, 8])
        // removeAll(keepingCapacity:) on an array of its own keeps its storage too. (Not on a copy
        // sharing it: that allocates, and the allocator may round the new storage up differently,
        // which made a comparison with such a copy fail now and then.)
        var reference = reserved()
        let referenceCapacity = reference.capacity
        reference.removeAll(keepingCapacity: true)
        #expect(reference.isEmpty && reference.capacity == referenceCapacity)
    }

    @Test func leavesACopySharingTheStorageUntouched() {
        var array = [1, 2, 3]
        let copy = array
        array.removeAllKeepingCapacity()
        #expect(array.isEmpty)
        #expect(copy == [1, 2, 3])
    }
}
