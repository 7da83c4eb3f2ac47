/// A span of simulated time during which the content offset moves: start and end in ns.
public struct ScrollInterval: Sendable, Equatable {
    /// When the motion starts (the offset has not moved yet at this instant).
    public var start: SimTime
    /// When the motion ends (the offset has its final value at this instant).
    public var end: SimTime

    /// An interval from `start` to `end`, both in ns.
    public init(start: SimTime, end: SimTime) {
        self.start = start
        self.end = end
    }
}

/// A scroll script turned into the content offset as a function of time (docs/model.md, "Scroll input").
///
/// Steps run in order from time 0, each starting when the previous one ends; `repeatSteps` is
/// expanded inline. Step durations become `SimTime` once, via `SimDuration.seconds(_:)`. Offsets
/// are always clamped to `0...maxOffset`; there is no rubber band.
///
/// - `drag(v, s)`: `x = clamp(x0 + v·τ)` for `s` seconds. The whole step is a scroll interval
///   (the finger is down), even where the offset is pinned at an edge; the velocity is then 0.
/// - `fling(v0, rate)`: UIScrollView's exponential deceleration with `d = rate.perMillisecond`,
///   `k = 1000·ln d`: `v(τ) = v0·d^(1000τ)`, `x(τ) = x0 + v0·(d^(1000τ) − 1)/k`. It stops when
///   `|v|` falls to 10 pt/s, at `T = ln(10/|v0|)/k` with final offset `x0 + (10·sign v0 − v0)/k`,
///   or earlier, exactly at the edge, when it reaches 0 or `maxOffset`
///   (`d^(1000τ) = 1 + k·(edge − x0)/v0`). `|v0| ≤ 10`, or a fling outward from the edge it sits
///   on, takes no time. `T` is rounded to the ns; from the end on the offset is exactly final.
/// - `pause(s)`: nothing moves for `s` seconds.
/// - `scrollTo(item, animated, s)`: to `targetOffset(item)`. Animated (and `s > 0`): eased by the
///   cubic Bézier (0.42, 0, 0.58, 1) (CSS `ease-in-out`, Core Animation `easeInEaseOut`) over `s`
///   seconds; when the target is the current offset nothing moves, the step only takes its time
///   and is no scroll interval (UIKit does not animate a no-op `setContentOffset`). Not animated:
///   the offset jumps at the step's start, which takes no time and is no scroll interval.
/// - `memoryWarning`: takes no time; its instant is recorded.
/// - `replay(gesture)`: `x = clamp(x0 + g(τ))` where `g` interpolates the recording's offsets
///   relative to its first sample (`ReplayGesture.delta(atNanos:)`), for the recording's length.
///   Its scroll intervals are the recording's (`ReplayGesture.scrollIntervals`: motion, with
///   still stretches of 40 ms or more left out), and every run of motion after a still one is a
///   change time, so the display wakes for it. A recording of zero length jumps to its end.
/// - `user(model)`: expanded here, from `seed`, into pauses, drags, flings and `scrollTo`s
///   (`ScrollTimeline+User.swift`), which then run as above; it lasts exactly `model.seconds`.
///
/// Every exp/log goes through `DMath`, so offsets are the same bits on every platform. Queries
/// binary-search the moving segments, so the type holds no cursor and is `Sendable`.
public final class ScrollTimeline: Sendable {
    /// When the last step ends (the script starts at time 0).
    public let endTime: SimTime
    /// The scroll intervals in time order: drags, flings until they stop, animated scrolls that
    /// move. Zero-length ones are omitted; back-to-back ones (a drag then a fling) are kept apart.
    public let intervals: [ScrollInterval]
    /// Σ (end − start) over `intervals`, ns.
    public let totalScrollNanos: SimTime
    /// Instants of the `memoryWarning` steps, in script order.
    public let memoryWarnings: [SimTime]
    /// Every instant a step starts, every non-animated `scrollTo` jump and every start of a
    /// replay's run of motion, sorted (may repeat), so the caller can request frames.
    public let changeTimes: [SimTime]

    /// The offset before the first segment starts.
    let initialOffset: Double
    /// The pieces of motion (and instantaneous jumps) in time order; pauses are gaps between them.
    let segments: [Segment]
    /// `segments[i].start`, for binary search.
    let segmentStarts: [SimTime]

    /// Expands `steps` from time 0 at `initialOffset`; `targetOffset(item)` gives `scrollTo`'s
    /// target, normally `layout.offsetToShow(item:)`; `seed` is the run's, from which `user`
    /// steps draw. Offsets are clamped to `0...maxOffset` (a negative `maxOffset` counts as 0).
    /// - Complexity: O(number of expanded steps, counting a replay's runs of motion).
    public init(steps: [ScriptStep], maxOffset: Double, initialOffset: Double = 0, seed: UInt64 = 1,
                targetOffset: (Int) -> Double) {
        let maxOffset = max(0, maxOffset)
        var builder = Builder(maxOffset: maxOffset, offset: min(max(initialOffset, 0), maxOffset), seed: seed)
        builder.run(steps, targetOffset: targetOffset)
        self.initialOffset = min(max(initialOffset, 0), maxOffset)
        endTime = builder.time
        intervals = builder.intervals
        totalScrollNanos = builder.intervals.reduce(0) { $0 + ($1.end - $1.start) }
        memoryWarnings = builder.memoryWarnings
        changeTimes = builder.changeTimes
        segments = builder.segments
        segmentStarts = builder.segments.map(\.start)
    }

    /// The content offset at `t`, clamped to 0...maxOffset; constant before 0 and after the end.
    /// - Complexity: O(log segments).
    public func offset(at t: SimTime) -> Double {
        guard let index = segmentIndex(at: t) else { return initialOffset }
        return segments[index].offset(at: t)
    }

    /// The offset's velocity at `t` in pt/s; 0 when not moving (incl. a drag pinned at an edge,
    /// and at a segment's end instant).
    /// - Complexity: O(log segments).
    public func velocity(at t: SimTime) -> Double {
        guard let index = segmentIndex(at: t) else { return 0 }
        return segments[index].velocity(at: t)
    }

    /// True when `start < t <= end` for some interval (open at the start: the offset has not
    /// moved yet at the start vsync).
    /// - Complexity: O(log intervals).
    public func isInScrollInterval(_ t: SimTime) -> Bool {
        // The last interval starting before t is the only candidate: intervals do not overlap.
        var low = 0
        var high = intervals.count
        while low < high {
            let mid = low + (high - low) / 2
            if intervals[mid].start < t { low = mid + 1 } else { high = mid }
        }
        return low > 0 && t <= intervals[low - 1].end
    }

    /// Index of the last segment starting at or before `t`, or nil if none has started.
    func segmentIndex(at t: SimTime) -> Int? {
        var low = 0
        var high = segmentStarts.count
        while low < high {
            let mid = low + (high - low) / 2
            if segmentStarts[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }
}

/// The timeline's building blocks: segments, the easing curve and the script walker.
extension ScrollTimeline {
    /// Fling stop threshold, pt/s: fitted to four measured UIScrollView flings (docs/model.md, "Scroll input";
    /// docs/fidelity.md).
    static let flingStopVelocity = 10.0

    /// One piece of motion from `start` to `end`; at and after `end` the offset is `endOffset`.
    struct Segment: Sendable {
        /// How the offset moves within a segment.
        enum Motion: Sendable {
            /// No motion: an instantaneous jump (start == end).
            case jump
            /// Constant velocity in pt/s, clamped to the content.
            case drag(velocity: Double)
            /// Exponential deceleration from `velocity` pt/s with `rate` = 1000·ln d per second.
            case fling(velocity: Double, rate: Double)
            /// Ease-in-out over the segment by `distance` points.
            case ease(distance: Double)
            /// A recorded gesture applied from `startOffset` (boxed: a segment stays small).
            indirect case replay(ReplayGesture)
        }

        /// Start instant, ns.
        let start: SimTime
        /// End instant, ns.
        let end: SimTime
        /// Offset at `start`.
        let startOffset: Double
        /// Offset from `end` on.
        let endOffset: Double
        /// The motion in between.
        let motion: Motion
        /// The content's largest offset.
        let maxOffset: Double

        /// Seconds from `start` to `t`.
        @inline(__always)
        func elapsedSeconds(_ t: SimTime) -> Double {
            Double(t - start) / 1e9
        }

        /// The offset at `t` (t ≥ start).
        func offset(at t: SimTime) -> Double {
            if t >= end { return endOffset }
            switch motion {
            case .jump:
                return endOffset
            case let .drag(velocity):
                return min(max(startOffset + velocity * elapsedSeconds(t), 0), maxOffset)
            case let .fling(velocity, rate):
                let x = startOffset + velocity * (DMath.exp(rate * elapsedSeconds(t)) - 1) / rate
                // Never past the final offset (T was rounded to the ns), never outside the content.
                return min(max(x, min(startOffset, endOffset)), max(startOffset, endOffset))
            case let .ease(distance):
                let s = EaseInEaseOut.parameter(forProgress: progress(t))
                return startOffset + distance * EaseInEaseOut.y(s)
            case let .replay(gesture):
                return min(max(startOffset + gesture.delta(atNanos: t - start), 0), maxOffset)
            }
        }

        /// The velocity at `t` (t ≥ start), pt/s.
        func velocity(at t: SimTime) -> Double {
            if t >= end { return 0 }
            switch motion {
            case .jump:
                return 0
            case let .drag(velocity):
                let x = startOffset + velocity * elapsedSeconds(t)
                if (velocity > 0 && x >= maxOffset) || (velocity < 0 && x <= 0) { return 0 }
                return velocity
            case let .fling(velocity, rate):
                return velocity * DMath.exp(rate * elapsedSeconds(t))
            case let .ease(distance):
                let s = EaseInEaseOut.parameter(forProgress: progress(t))
                let seconds = Double(end - start) / 1e9
                return distance * EaseInEaseOut.slope(s) / seconds
            case let .replay(gesture):
                // 0 while pinned at an edge, as for a drag.
                let velocity = gesture.velocity(atNanos: t - start)
                let x = startOffset + gesture.delta(atNanos: t - start)
                if (velocity > 0 && x >= maxOffset) || (velocity < 0 && x <= 0) { return 0 }
                return velocity
            }
        }

        /// Fraction of the segment elapsed at `t`, in [0, 1).
        func progress(_ t: SimTime) -> Double {
            Double(t - start) / Double(end - start)
        }
    }

    /// The cubic Bézier timing curve (0.42, 0, 0.58, 1): CSS `ease-in-out`, Core Animation's
    /// `kCAMediaTimingFunctionEaseInEaseOut`. x(s) is time, y(s) progress, for s in [0, 1].
    enum EaseInEaseOut {
        /// First control point's x.
        static let x1 = 0.42
        /// Second control point's x.
        static let x2 = 0.58
        /// Bisection steps: 2^-53 of [0, 1], the resolution of a `Double` near 1.
        static let iterations = 53

        /// x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³, increasing (x′ ≥ 0.87).
        static func x(_ s: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * x1 + 3 * r * s * s * x2 + s * s * s
        }

        /// y(s) = 3(1−s)s² + s³ = 3s² − 2s³ (control ys 0 and 1).
        static func y(_ s: Double) -> Double {
            s * s * (3 - 2 * s)
        }

        /// dy/dx at parameter s: y′(s) / x′(s).
        static func slope(_ s: Double) -> Double {
            let r = 1 - s
            let dx = 3 * r * r * x1 + 6 * r * s * (x2 - x1) + 3 * s * s * (1 - x2)
            let dy = 6 * r * s
            return dy / dx
        }

        /// The s with x(s) = progress, by a fixed number of bisection steps (deterministic).
        static func parameter(forProgress progress: Double) -> Double {
            var low = 0.0
            var high = 1.0
            for _ in 0..<iterations {
                let mid = 0.5 * (low + high)
                if x(mid) < progress { low = mid } else { high = mid }
            }
            return 0.5 * (low + high)
        }
    }

    /// Walks the script, accumulating time, offset, segments and the recorded instants.
    struct Builder {
        /// The content's largest offset.
        let maxOffset: Double
        /// The offset where the next step starts.
        var offset: Double
        /// The time the next step starts, ns.
        var time: SimTime = 0
        /// Segments so far.
        var segments: [Segment] = []
        /// Scroll intervals so far.
        var intervals: [ScrollInterval] = []
        /// Memory warning instants so far.
        var memoryWarnings: [SimTime] = []
        /// Step starts and jumps so far.
        var changeTimes: [SimTime] = []
        /// The `user` steps' draws: the run's `"user"` stream.
        let userStream: RandomStream
        /// `user` steps expanded so far (each occurrence draws its own gestures).
        var userOccurrences = 0
        /// When not nil, the steps `user` steps expand to are appended here (`expand(_:…)`).
        var expansion: [ScriptStep]?

        /// A builder at time 0 and `offset`, whose users draw from `seed`.
        init(maxOffset: Double, offset: Double, seed: UInt64) {
            self.maxOffset = maxOffset
            self.offset = offset
            userStream = RandomStreams(seed: seed).stream("user")
        }

        /// `value` clamped to the content's offsets.
        func clamped(_ value: Double) -> Double {
            min(max(value, 0), maxOffset)
        }

        /// Appends `steps`, expanding repeats.
        mutating func run(_ steps: [ScriptStep], targetOffset: (Int) -> Double) {
            for step in steps {
                if case let .repeatSteps(times, inner) = step {
                    for _ in 0..<max(0, times) { run(inner, targetOffset: targetOffset) }
                } else {
                    changeTimes.append(time)
                    append(step, targetOffset: targetOffset)
                }
            }
        }

        /// Appends one non-repeat step.
        mutating func append(_ step: ScriptStep, targetOffset: (Int) -> Double) {
            switch step {
            case let .drag(velocity, seconds):
                let duration = max(0, SimDuration.seconds(seconds))
                guard duration > 0 else { return }
                let end = clamped(offset + velocity * (Double(duration) / 1e9))
                move(for: duration, to: end, .drag(velocity: velocity))
            case let .fling(velocity, deceleration):
                appendFling(velocity: velocity, deceleration: deceleration)
            case let .pause(seconds):
                time += max(0, SimDuration.seconds(seconds))
            case let .scrollTo(item, animated, seconds):
                let target = clamped(targetOffset(item))
                let duration = max(0, SimDuration.seconds(seconds))
                if animated && duration > 0 {
                    if target == offset {
                        time += duration
                    } else {
                        move(for: duration, to: target, .ease(distance: target - offset))
                    }
                } else {
                    changeTimes.append(time)
                    jump(to: target)
                }
            case .memoryWarning:
                memoryWarnings.append(time)
            case let .replay(gesture):
                appendReplay(gesture)
            case let .user(model):
                appendUser(model, targetOffset: targetOffset)
            case .repeatSteps:
                preconditionFailure("repeatSteps is expanded by run(_:targetOffset:)")
            }
        }

        /// Appends a fling: to the 10 pt/s stop, or to the edge if that comes first.
        mutating func appendFling(velocity v0: Double, deceleration: DecelerationRate) {
            guard v0.magnitude > ScrollTimeline.flingStopVelocity else { return }
            if (v0 > 0 && offset >= maxOffset) || (v0 < 0 && offset <= 0) { return }
            let rate = 1000 * DMath.log(deceleration.perMillisecond)  // k, per second (< 0)
            let stopVelocity = v0 > 0 ? ScrollTimeline.flingStopVelocity : -ScrollTimeline.flingStopVelocity
            let stopDistance = (stopVelocity - v0) / rate  // signed, same sign as v0
            let edgeDistance = (v0 > 0 ? maxOffset : 0) - offset
            let seconds: Double
            let final: Double
            if edgeDistance.magnitude <= stopDistance.magnitude {
                seconds = DMath.log(1 + rate * edgeDistance / v0) / rate
                final = v0 > 0 ? maxOffset : 0
            } else {
                seconds = DMath.log(ScrollTimeline.flingStopVelocity / v0.magnitude) / rate
                final = clamped(offset + stopDistance)
            }
            let duration = max(0, SimDuration.seconds(seconds))
            if duration > 0 {
                move(for: duration, to: final, .fling(velocity: v0, rate: rate))
            } else {
                jump(to: final)
            }
        }

        /// Appends a moving segment of `duration` ns ending at `end`, and its scroll interval.
        mutating func move(for duration: SimTime, to end: Double, _ motion: Segment.Motion) {
            segments.append(Segment(start: time, end: time + duration, startOffset: offset, endOffset: end,
                                    motion: motion, maxOffset: maxOffset))
            intervals.append(ScrollInterval(start: time, end: time + duration))
            time += duration
            offset = end
        }

        /// Appends a recorded gesture from the current offset: one segment, the recording's scroll
        /// intervals and a change time at each run of motion.
        mutating func appendReplay(_ gesture: ReplayGesture) {
            let start = time
            let final = clamped(offset + gesture.finalDelta)
            for motion in gesture.motionStarts where motion > 0 { changeTimes.append(start + motion) }
            for interval in gesture.scrollIntervals {
                intervals.append(ScrollInterval(start: start + interval.start, end: start + interval.end))
            }
            let duration = gesture.durationNanos
            guard duration > 0 else { return jump(to: final) }
            segments.append(Segment(start: start, end: start + duration, startOffset: offset, endOffset: final,
                                    motion: .replay(gesture), maxOffset: maxOffset))
            time += duration
            offset = final
        }

        /// Moves the offset to `target` at the current instant (no segment when it is already there).
        mutating func jump(to target: Double) {
            guard target != offset else { return }
            segments.append(Segment(start: time, end: time, startOffset: offset, endOffset: target, motion: .jump,
                                    maxOffset: maxOffset))
            offset = target
        }
    }
}
