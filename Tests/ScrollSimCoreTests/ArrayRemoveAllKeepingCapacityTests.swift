import ScrollSimCore
import Testing

/// `removeAllKeepingCapacity()` against `removeAll(keepingCapacity: true)`: both empty the array
/// and keep its storage, for the short arrays it removes one by one and the longer ones it hands on.
@Suite struct ArrayRemoveAllKeepingCapacityTests {
    @Test(arguments: 0...12)
    func emptiesAndKeepsTheStorageAsRemoveAllDoes(count: Int) {
        var array = Array(0..<count)
        array.reserveCapacity(16)
        var reference = array
        reference.removeAll(keepingCapacity: true)
        let capacity = array.capacity
        array.removeAllKeepingCapacity()
        #expect(array.isEmpty)
        #expect(array.capacity == capacity)
        #expect(array.capacity == reference.capacity)
        array.append(contentsOf: [7, 8])
        #expect(array == [7, 8])
    }

    @Test func leavesACopySharingTheStorageUntouched() {
        var array = [1, 2, 3]
        let copy = array
        array.removeAllKeepingCapacity()
        #expect(array.isEmpty)
        #expect(copy == [1, 2, 3])
    }
}
