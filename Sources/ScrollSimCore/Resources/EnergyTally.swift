/// An exact sum of energy: whole joules plus femtojoules (10⁻¹⁵ J), so that adding a power in
/// integer microwatts over an integer number of nanoseconds (µW · ns = 1 fJ) never rounds, and
/// the total does not depend on the order of the additions.
///
/// - Complexity: each addition is O(1) (one 64 × 64 → 128-bit product and one 128 / 64 division).
struct EnergyTally: Sendable, Equatable {
    /// Femtojoules in a joule.
    static let femtojoulesPerJoule: Int64 = 1_000_000_000_000_000
    /// Whole joules.
    private(set) var joules: Int64 = 0
    /// Femtojoules beyond `joules`, 0 ..< 10¹⁵.
    private(set) var femtojoules: Int64 = 0

    /// Nothing yet.
    init() {}

    /// Adds `powerMicrowatts` for `duration` ns (nothing for a duration ≤ 0).
    mutating func add(powerMicrowatts: Int64, for duration: SimTime) {
        guard duration > 0, powerMicrowatts > 0 else { return }
        add(UInt64(powerMicrowatts), times: UInt64(duration))
    }

    /// Adds `count` items of `femtojoulesEach` (e.g. bytes at an energy per byte).
    mutating func add(count: Int64, femtojoulesEach: Int64) {
        guard count > 0, femtojoulesEach > 0 else { return }
        add(UInt64(count), times: UInt64(femtojoulesEach))
    }

    /// The total in nanojoules, rounded down (the column prints it in joules with 3 decimals, so
    /// the dropped part, under 1 nJ, can never change a printed digit: see `SummaryCSV`).
    var nanojoules: Int64 {
        let (whole, overflow) = joules.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, overflow2) = whole.addingReportingOverflow(femtojoules / 1_000_000)
        return overflow2 ? .max : total
    }

    /// Adds the exact product `a · b` femtojoules.
    private mutating func add(_ a: UInt64, times b: UInt64) {
        let product = a.multipliedFullWidth(by: b)
        let divisor = UInt64(Self.femtojoulesPerJoule)
        guard product.high < divisor else {  // beyond 2⁶⁴ J: out of any run's reach; saturate
            joules = .max
            return
        }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        femtojoules += Int64(remainder)
        var carry: Int64 = 0
        if femtojoules >= Self.femtojoulesPerJoule {
            femtojoules -= Self.femtojoulesPerJoule
            carry = 1
        }
        let (sum, overflow) = joules.addingReportingOverflow(Int64(clamping: quotient) &+ carry)
        joules = overflow ? .max : sum
    }
}
