import ScrollSimCore

/// The metric values of one summary row, by index in `SummaryColumn.all`, keeping only those
/// present: a row read for one metric (`rank`) holds one value, not a slot per column of the
/// table, so a summary read by a command takes memory in proportion to rows × columns it uses.
///
/// A collection of `SummaryColumn.all.count` optionals, as the array it replaces: `values[i]`
/// is nil for a column without a value. Which columns have one is a bit set (two words: the
/// table has at most 128 columns, checked); the values are stored in column order.
public struct SummaryValues: RandomAccessCollection, Equatable, Sendable {
    /// Bits 0–63 of the set of columns with a value.
    private var low: UInt64 = 0
    /// Bits 64–127.
    private var high: UInt64 = 0
    /// The present values, in column order.
    private var present: [SummaryValue] = []

    /// The most columns the bit set holds.
    static let capacity = 128

    /// No values.
    public init() {
        precondition(SummaryColumn.all.count <= Self.capacity, "SummaryValues: more than 128 summary columns")
    }

    /// The values of `values` (one optional per `SummaryColumn.all` entry).
    public init(_ values: [SummaryValue?]) {
        self.init()
        precondition(values.count == SummaryColumn.all.count, "SummaryValues: one value slot per SummaryColumn")
        for (index, value) in values.enumerated() where value != nil { self[index] = value }
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// `SummaryColumn.all.count`.
    public var endIndex: Int { SummaryColumn.all.count }

    /// How many columns have a value.
    public var presentCount: Int { present.count }

    /// Whether column `index` has a value.
    private func has(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    /// The position in `present` of column `index`'s value (present or not): the set bits below it.
    private func slot(_ index: Int) -> Int {
        if index < 64 { return (low & ((1 << UInt64(index)) - 1)).nonzeroBitCount }
        let below = index == 64 ? 0 : high & ((1 << UInt64(index - 64)) - 1)
        return low.nonzeroBitCount + below.nonzeroBitCount
    }

    /// Marks column `index` as present or not.
    private mutating func mark(_ index: Int, _ isPresent: Bool) {
        if index < 64 {
            low = isPresent ? low | (1 << UInt64(index)) : low & ~(1 << UInt64(index))
        } else {
            high = isPresent ? high | (1 << UInt64(index - 64)) : high & ~(1 << UInt64(index - 64))
        }
    }

    /// The value of column `index`, or nil.
    public subscript(index: Int) -> SummaryValue? {
        get {
            precondition(index >= 0 && index < endIndex, "SummaryValues: column \(index) out of range")
            return has(index) ? present[slot(index)] : nil
        }
        set {
            precondition(index >= 0 && index < endIndex, "SummaryValues: column \(index) out of range")
            let position = slot(index)
            switch (has(index), newValue) {
            case (true, let value?): present[position] = value
            case (true, nil): present.remove(at: position)
            case (false, let value?): present.insert(value, at: position)
            case (false, nil): return
            }
            mark(index, newValue != nil)
        }
    }
}
