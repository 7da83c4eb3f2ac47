/// The members of a JSON object, in file order: a random-access collection of
/// `(key: String, value: JSONValue)` that is either a view into a parsed text (`JSONTape`, each
/// member made when it is read) or an ordinary array (built or changed by code). It reads and
/// changes like `[(key: String, value: JSONValue)]`; the first change to a parsed object copies
/// its members into an array of its own. Keys are unique in a parsed object (the parser refuses
/// duplicates); code that builds one keeps them unique.
public struct JSONObject: Sendable {
    /// One member.
    public typealias Member = (key: String, value: JSONValue)

    /// Where the members are.
    private enum Storage: Sendable {
        /// Members of their own.
        case owned([Member])
        /// `count` members in `tape` from node index `start` on (key, value, key, value, …).
        case parsed(JSONTape, start: Int, count: Int)
    }

    /// Where the members are.
    private var storage: Storage

    /// The object of a parsed text: `count` members from node index `start` of `tape`.
    init(tape: JSONTape, start: Int, count: Int) { storage = .parsed(tape, start: start, count: count) }

    /// An object of `members`, in order.
    public init(_ members: [Member]) { storage = .owned(members) }

    /// The members as an array of their own.
    /// - Complexity: O(n) for a parsed object, O(1) otherwise.
    public var members: [Member] {
        switch storage {
        case .owned(let members): members
        case .parsed: map { $0 }
        }
    }
}

extension JSONObject: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty object.
    public init() { storage = .owned([]) }

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of members.
    public var endIndex: Int {
        switch storage {
        case .owned(let members): members.count
        case .parsed(_, _, let count): count
        }
    }

    /// The member at `position` (made from the text for a parsed object).
    /// - Complexity: O(1) plus the length of its key and of a number or string value; writing
    ///   copies a parsed object's members first (O(n), once).
    public subscript(position: Int) -> Member {
        get {
            switch storage {
            case .owned(let members): return members[position]
            case .parsed(let tape, let start, let count):
                precondition(position >= 0 && position < count, "JSONObject index out of range")
                return (tape.string(at: start + 2 * position), tape.value(at: start + 2 * position + 1))
            }
        }
        set {
            var members = takeMembers()
            members[position] = newValue
            storage = .owned(members)
        }
    }

    /// Replaces the members in `subrange` with `newMembers`.
    /// - Complexity: O(n + m) (a parsed object's members are copied first).
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newMembers: C)
    where C.Element == Member {
        var members = takeMembers()
        members.replaceSubrange(subrange, with: newMembers)
        storage = .owned(members)
    }

    /// Reserves room for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        var members = takeMembers()
        members.reserveCapacity(minimumCapacity)
        storage = .owned(members)
    }

    /// The members as an array of their own, leaving this object empty (so that an owned
    /// object is changed in place, without a copy).
    private mutating func takeMembers() -> [Member] {
        let members = self.members
        storage = .owned([])
        return members
    }
}

extension JSONObject: ExpressibleByArrayLiteral, Equatable {
    /// An object of the literal's members, in order.
    public init(arrayLiteral members: Member...) { storage = .owned(members) }

    /// Member-wise equality in order: equal keys and equal values (`JSONValue.==`).
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    }
}
