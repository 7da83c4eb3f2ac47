/// Simulated time: an integer count of nanoseconds since the run started (SPEC §1).
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

    /// `t` as fractional milliseconds (for reports only).
    @inlinable
    public static func toMilliseconds(_ t: SimTime) -> Double { Double(t) / 1_000_000 }

    /// `t` as fractional seconds (for reports only).
    @inlinable
    public static func toSeconds(_ t: SimTime) -> Double { Double(t) / 1_000_000_000 }
}
