/// The mean of a few numbers (one metric over seeds, or paired differences over seeds) with its
/// two-sided 95% Student t confidence interval: `mean ± t(0.975, n − 1) × s ÷ √n` (docs/rank.md).
///
/// The arithmetic is IEEE double precision in a fixed order, so the same values in the same order
/// give the same bits on every platform: `sum = ((x₁ + x₂) + x₃) + …`, `mean = sum ÷ n`,
/// `ss = ((x₁ − mean)² + (x₂ − mean)²) + …` (each square as `d × d`), `s = √(ss ÷ (n − 1))`,
/// `half = t × (s ÷ √n)`, `low = mean − half`, `high = mean + half`. Callers pass values in
/// ascending seed order. One value has a mean and no interval.
///
/// Why the bits are the same on every platform (checked for this code, and pinned by
/// `RankingTests.meanIntervalBits`): every step is one IEEE 754 operation that the standard
/// rounds exactly (`+`, `−`, `×`, `÷`, `squareRoot()`, and the conversions of counts, exact below
/// 2^53); no libm function is called (`t` is a table entry ÷ 1000, or `(1960 + 2400 ÷ ν) ÷ 1000`:
/// `StudentT`); the loops are sequential, and Swift lets the optimiser neither reorder them nor
/// fuse `d × d + ss` into a fused multiply-add (its IR carries no `fast`/`reassoc`/`contract`
/// flags: `swiftc -O -emit-ir` of this code shows plain `fadd`/`fmul` in source order); x86-64 and
/// arm64 compute in double precision, not in extended registers. The inputs are deterministic
/// too: `rank` and the HTML report pass `ExactDecimal.doubleValue` (two correctly rounded
/// operations), and the printed bounds (`MeanInterval+Text`) go through `DecimalFormat.fixed`
/// (one `×` and an exact rounding).
///
/// It assumes the values are independent draws (seeds are) whose mean is roughly normal; with a
/// handful of seeds of a skewed metric the interval is an approximation, and it says nothing
/// about scenarios that were not run.
public struct MeanInterval: Equatable, Sendable {
    /// How many values.
    public let count: Int
    /// Their mean.
    public let mean: Double
    /// Their sample standard deviation (n − 1 in the denominator); nil for one value.
    public let standardDeviation: Double?
    /// The interval's half width `t × s ÷ √n`; nil for one value.
    public let halfWidth: Double?
    /// The same mean computed exactly from the values as written, when the caller had them (the
    /// HTML report's bars and points): what is printed, so an 18-digit value is not rounded.
    public internal(set) var exact: ExactMean?

    /// The mean and interval of `values`, in their order.
    /// - Precondition: `values` is not empty.
    /// - Complexity: O(n).
    public init(_ values: [Double]) {
        precondition(!values.isEmpty, "MeanInterval of no values")
        count = values.count
        var sum = 0.0
        for value in values { sum += value }
        let mean = sum / Double(values.count)
        self.mean = mean
        guard values.count >= 2 else {
            standardDeviation = nil
            halfWidth = nil
            return
        }
        var squares = 0.0
        for value in values {
            let deviation = value - mean
            squares += deviation * deviation
        }
        let deviation = (squares / Double(values.count - 1)).squareRoot()
        standardDeviation = deviation
        halfWidth = StudentT.critical975(degreesOfFreedom: values.count - 1)
            * (deviation / Double(values.count).squareRoot())
    }

    /// A mean of `count` values known without its values (the HTML report's means over sweep
    /// points, which are not draws of one distribution): no interval.
    init(mean: Double, count: Int) {
        self.count = count
        self.mean = mean
        standardDeviation = nil
        halfWidth = nil
    }

    /// `mean − halfWidth`, or nil for one value.
    public var low: Double? { halfWidth.map { mean - $0 } }

    /// `mean + halfWidth`, or nil for one value.
    public var high: Double? { halfWidth.map { mean + $0 } }
}
