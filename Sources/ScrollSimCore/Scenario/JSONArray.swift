/// The elements of a JSON array, in order: a random-access collection of `JSONValue`s that is
/// either a view into a parsed text (`JSONTape`, each element made when it is read) or an
/// ordinary array (built or changed by code). It reads and changes like `[JSONValue]`; the
/// first change to a parsed array copies its elements into an array of its own.
///
/// Why not `[JSONValue]`: a parsed document would then hold every value as an enum of tens of
/// bytes; a view holds none (see `JSONTape`).
public struct JSONArray: Sendable {
    /// Where the elements are.
    private enum Storage: Sendable {
        /// Elements of their own.
        case owned([JSONValue])
        /// `count` elements in `tape` from node index `start` on.
        case parsed(JSONTape, start: Int, count: Int)
    }

    /// Where the elements are.
    private var storage: Storage

    /// The array of a parsed text: `count` elements from node index `start` of `tape`.
    init(tape: JSONTape, start: Int, count: Int) { storage = .parsed(tape, start: start, count: count) }

    /// An array of `elements`.
    public init(_ elements: [JSONValue]) { storage = .owned(elements) }

    /// The elements as an array of their own.
    /// - Complexity: O(n) for a parsed array, O(1) otherwise.
    public var elements: [JSONValue] {
        switch storage {
        case .owned(let elements): elements
        case .parsed: map { $0 }
        }
    }
}

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty array.
    public init() { storage = .owned([]) }

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of elements.
    public var endIndex: Int {
        switch storage {
        case .owned(let elements): elements.count
        case .parsed(_, _, let count): count
        }
    }

    /// The element at `position` (made from the text for a parsed array).
    /// - Complexity: O(1) to read a container or literal, O(length) a number or string; writing
    ///   copies a parsed array's elements first (O(n), once).
    public subscript(position: Int) -> JSONValue {
        get {
            switch storage {
            case .owned(let elements): return elements[position]
            case .parsed(let tape, let start, let count):
                precondition(position >= 0 && position < count, "JSONArray index out of range")
                return tape.value(at: start + position)
            }
        }
        set {
            var elements = takeElements()
            elements[position] = newValue
            storage = .owned(elements)
        }
    }

    /// Replaces the elements in `subrange` with `newElements`.
    /// - Complexity: O(n + m) (a parsed array's elements are copied first).
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == JSONValue {
        var elements = takeElements()
        elements.replaceSubrange(subrange, with: newElements)
        storage = .owned(elements)
    }

    /// Reserves room for `minimumCapacity` elements.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        var elements = takeElements()
        elements.reserveCapacity(minimumCapacity)
        storage = .owned(elements)
    }

    /// The elements as an array of their own, leaving this array empty (so that an owned array
    /// is changed in place, without a copy).
    private mutating func takeElements() -> [JSONValue] {
        let elements = self.elements
        storage = .owned([])
        return elements
    }
}

extension JSONArray: ExpressibleByArrayLiteral, Equatable {
    /// An array of the literal's elements.
    public init(arrayLiteral elements: JSONValue...) { storage = .owned(elements) }

    /// Element-wise equality (`JSONValue.==`), whatever the storage.
    public static func == (a: JSONArray, b: JSONArray) -> Bool { a.elementsEqual(b) }
}
