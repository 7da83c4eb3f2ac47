import Testing
@testable import ScrollSimCore

/// `ScratchList`: the engine's per-frame lists, appended to and emptied frame after frame.
@Suite struct ScratchListTests {
    @Test func keepsAppendedElementsInOrderAcrossGrowthAndEmptying() {
        // Given a list filled past its first room (16), emptied, then filled again
        let list = ScratchList<Int>()
        for value in 0..<40 { list.append(value * 3) }
        #expect(list.count == 40 && Array(list.elements) == (0..<40).map { $0 * 3 })
        list.removeAll()
        #expect(list.isEmpty && list.elements.isEmpty)
        for value in [7, 5, 9] { list.append(value) }
        // Then it holds exactly what was appended since, in order, changeable in place
        #expect(list.count == 3 && list[0] == 7 && list[2] == 9)
        var elements = list.mutableElements
        elements.sort()
        #expect(Array(list.elements) == [5, 7, 9])
    }
}
