/// An append-only array kept in chunks of `ChunkedArray.chunkLength` elements: growing never
/// copies what is stored nor holds up to twice the memory needed, as an array's doubling does,
/// so a `ComparisonSide` of a million rows takes what its rows take.
struct ChunkedArray<Element: Sendable>: RandomAccessCollection, Sendable {
    /// log2 of the elements in a chunk.
    private static var chunkShift: Int { 16 }
    /// The elements in a chunk.
    static var chunkLength: Int { 1 << chunkShift }

    /// The chunks, each full but the last.
    private var chunks: [[Element]] = []
    /// How many elements.
    private(set) var count = 0

    /// Empty.
    init() {}

    /// 0.
    var startIndex: Int { 0 }
    /// `count`.
    var endIndex: Int { count }

    /// Appends `element`.
    mutating func append(_ element: Element) {
        if count & (Self.chunkLength - 1) == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(Self.chunkLength)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "ChunkedArray: index \(index) out of 0..<\(count)")
        return chunks[index >> Self.chunkShift][index & (Self.chunkLength - 1)]
    }
}
