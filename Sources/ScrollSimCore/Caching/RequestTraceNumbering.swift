/// Numbers a request trace's objects densely by first appearance, a request at a time, as
/// `RequestTrace` numbers them all at once (the same numbers, so a streamed replay is the same
/// replay): ids below 2^22 through a direct table grown as they come (at most 16 MiB), larger
/// ids through a dictionary (looked up only, never iterated). It keeps per object only its
/// number, not its id, so a replay of a trace streamed from its file costs memory for its
/// distinct objects, not its requests.
public struct RequestTraceNumbering: Sendable {
    /// The largest id + 1 that the direct table holds.
    static let tableLimit = 1 << 22
    /// The number of each small id, -1 for one not seen yet.
    private var table: [Int32] = []
    /// The number of each large id seen.
    private var numberOfLargeID: [Int: Int32] = [:]
    /// Number of distinct objects so far.
    public private(set) var objectCount = 0
    /// Sum of each distinct object's size at its first request (the base of `p%` capacities).
    public private(set) var distinctBytes: Int64 = 0

    /// No objects yet.
    public init() {}

    /// The dense number of the object `id`, numbering it (with `size` counted in
    /// `distinctBytes`) at its first request.
    /// - Precondition: `id ≥ 0`; `distinctBytes` stays within `Int64` (the trace's sizes are
    ///   checked to sum within it) and there are fewer than 2^31 objects.
    public mutating func object(id: Int, size: Int64) -> Int32 {
        if id < Self.tableLimit {
            if id >= table.count {
                let newCount = min(Self.tableLimit, max(id + 1, 2 * table.count, 1024))
                table.append(contentsOf: repeatElement(-1, count: newCount - table.count))
            }
            let known = table[id]
            if known >= 0 { return known }
            let object = newObject(size: size)
            table[id] = object
            return object
        }
        if let known = numberOfLargeID[id] { return known }
        let object = newObject(size: size)
        numberOfLargeID[id] = object
        return object
    }

    /// The next number, counting `size`.
    private mutating func newObject(size: Int64) -> Int32 {
        precondition(objectCount < Int(Int32.max), "RequestTraceNumbering: more than 2^31 objects")
        let object = Int32(objectCount)
        objectCount += 1
        distinctBytes += size
        return object
    }
}
