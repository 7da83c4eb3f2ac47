/// The `user` step: a stochastic user who browses for `seconds` (docs/workloads.md).
///
/// The user alternates reading pauses and gestures: slow drags (finger moving at a drawn speed
/// for a drawn time, lifted at rest) and flicks (a short contact at a drawn velocity, then
/// `UIScrollView` deceleration), heads toward the end of the content and back up once there,
/// looks back now and then (a reversal) and sometimes returns to the top (a status-bar tap). It
/// does not react to what is on screen, so the gestures are the same for every strategy.
///
/// Every draw is keyed by `(seed, "user", occurrence, gesture · 8 + slot)` in `RandomStreams`:
/// one seed is one user, and a draw never depends on another. Magnitudes and durations are
/// lognormal, given by a median and a 95th percentile (`DMath.lognormal`).
///
/// Sources: the platform constants (deceleration, fling velocity limits) are documented or read
/// in source; the human distributions are assumptions. The pause median was then fitted so that
/// the default user spends 1.7 s per feed item of 358 pt (350-pt posts and 8 pt spacing, as in
/// `feed-slow-3g`), Facebook's published time per item on mobile: over 200 seeds × 600 s it
/// scrolls 208 pt/s (1.72 s per item), 0.18 gestures/s, and is scrolling 33% of the time
/// (docs/fidelity.md, "Scroll input").
public struct UserModel: Sendable, Equatable {
    /// How long the user browses, seconds: the step lasts exactly this long. Required, (0, 10800].
    public var seconds: Double
    /// Median reading pause before each gesture, s. Default 2.3 (fitted: see the type's comment).
    public var pauseSecondsMedian = 2.3
    /// 95th-percentile reading pause, s (≥ the median). Default 11.5.
    public var pauseSecondsP95 = 11.5
    /// Share of gestures that are flicks (the rest are slow drags), 0...1. Default 0.6.
    public var flingShare = 0.6
    /// Median lift velocity of a flick, pt/s. Default 1500.
    public var flingVelocityMedian = 1500.0
    /// 95th-percentile lift velocity, pt/s (≥ the median). Default 5000. Draws are clamped to
    /// `minFlingVelocity...maxFlingVelocity`.
    public var flingVelocityP95 = 5000.0
    /// How long the finger touches during a flick before it lifts, s. Default 0.1.
    public var flickSeconds = 0.1
    /// Median speed of a slow drag, pt/s. Default 250.
    public var dragVelocityMedian = 250.0
    /// 95th-percentile drag speed, pt/s (≥ the median). Default 1000.
    public var dragVelocityP95 = 1000.0
    /// Median length of a slow drag, s. Default 0.6. Draws are at least `minGestureSeconds`.
    public var dragSecondsMedian = 0.6
    /// 95th-percentile drag length, s (≥ the median). Default 2.
    public var dragSecondsP95 = 2.0
    /// Chance that a gesture goes against the user's heading (a look back), 0...1. Default 0.1.
    public var reversalProbability = 0.1
    /// Chance, per gesture away from the top, of a status-bar tap back to the top, 0...1. Default 0.02.
    public var returnToTopProbability = 0.02
    /// The scroll view's deceleration rate. Default `normal`.
    public var deceleration = DecelerationRate.normal

    /// A user browsing for `seconds` with every other parameter at its default.
    public init(seconds: Double) { self.seconds = seconds }

    /// Slowest flick, pt/s: a slower lift is no fling (Flutter `kMinFlingVelocity`, Android
    /// `ViewConfiguration.MINIMUM_FLING_VELOCITY`: 50).
    public static let minFlingVelocity = 50.0
    /// Fastest flick, pt/s (Flutter `kMaxFlingVelocity`, Android `MAXIMUM_FLING_VELOCITY`: 8000;
    /// UIKit publishes no limit).
    public static let maxFlingVelocity = 8000.0
    /// Fastest slow drag, pt/s: the script's velocity limit.
    public static let maxDragVelocity = 100_000.0
    /// Shortest drag or flick contact, s: three frames at 60 Hz. It bounds the steps a user
    /// expands to (at most 3 per gesture).
    public static let minGestureSeconds = 0.05
    /// Length of the animated scroll back to the top, s (the `scrollTo` default).
    public static let returnToTopSeconds = 0.3

    /// The most ordinary steps `seconds` of browsing expand to: 3 per `minGestureSeconds`, plus
    /// the last, cut-short gesture.
    public static func maxExpandedSteps(seconds: Double) -> Int {
        Int((seconds / minGestureSeconds).rounded(.up)) * 3 + 3
    }
}
