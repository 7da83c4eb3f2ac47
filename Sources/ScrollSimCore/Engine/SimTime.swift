/// Simulated time: an integer count of nanoseconds since the run started (docs/model.md, "Time, randomness,
/// determinism").
///
/// Every duration read from a file in ms or s is converted once, by rounding to the nearest
/// nanosecond; nothing in the simulation accumulates `Double` seconds.
public typealias SimTime = Int64

/// Conversions between file units and `SimTime`.
public enum SimDuration {
    /// One millisecond in nanoseconds.
    public static let millisecond: SimTime = 1_000_000
    /// One second in nanoseconds.
    public static let second: SimTime = 1_000_000_000

    /// `ms` milliseconds, rounded to the nearest nanosecond (ties away from zero).
    @inlinable
    public static func milliseconds(_ ms: Double) -> SimTime {
        SimTime((ms * 1_000_000).rounded(.toNearestOrAwayFromZero))
    }

    /// `s` seconds, rounded to the nearest nanosecond (ties away from zero).
    @inlinable
    public static func seconds(_ s: Double) -> SimTime {
        SimTime((s * 1_000_000_000).rounded(.toNearestOrAwayFromZero))
    }

    /// The largest duration the model produces: about 146 years. Longer computed durations (a
    /// lognormal tail, a nearly zero bandwidth) saturate here instead of overflowing `Int64`;
    /// events that far out lie past every run's end and are never handled.
    public static let saturation: SimTime = 1 << 62

    /// `nanoseconds` rounded to the nearest nanosecond, clamped to `0...saturation` (NaN gives 0).
    @inlinable
    public static func saturating(nanoseconds: Double) -> SimTime {
        guard nanoseconds > 0 else { return 0 }
        guard nanoseconds < Double(saturation) else { return saturation }
        return SimTime(nanoseconds.rounded(.toNearestOrAwayFromZero))
    }

    /// `t` as fractional milliseconds (for reports only).
    @inlinable
    public static func toMilliseconds(_ t: SimTime) -> Double { Double(t) / 1_000_000 }

    /// `t` as fractional seconds (for reports only).
    @inlinable
    public static func toSeconds(_ t: SimTime) -> Double { Double(t) / 1_000_000_000 }
}
