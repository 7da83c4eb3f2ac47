import Foundation
import Testing

import ScrollSimCore

/// Scroll scripts turned into offsets over time (docs/model.md, "Scroll input").
@Suite struct ScrollTimelineTests {
    /// A long list's largest offset: far beyond any fling.
    static let longContent = 1_000_000.0

    /// A timeline where `scrollTo(item)` targets `item · 100` points.
    static func timeline(_ steps: [ScriptStep], maxOffset: Double = longContent,
                         initialOffset: Double = 0) -> ScrollTimeline {
        ScrollTimeline(steps: steps, maxOffset: maxOffset, initialOffset: initialOffset) { Double($0) * 100 }
    }

    /// k = 1000·ln d, computed with libm for the closed forms.
    static func k(_ d: Double) -> Double { 1000 * Foundation.log(d) }

    /// A 3500 pt/s fling ends at x0 + (10 − v0)/k at round(ln(10/v0)/k) s, near WWDC18's projection.
    @Test func flingEndsAtClosedForm() {
        // Given a fling of 3500 pt/s from 0 on a long list
        let timeline = Self.timeline([.fling(velocity: 3500, deceleration: .normal)])
        let k = Self.k(0.998)
        let expectedEnd = SimTime((Foundation.log(10.0 / 3500) / k * 1e9).rounded())
        let expectedFinal = (10 - 3500) / k
        // Then it stops at the closed-form time and offset
        #expect(timeline.endTime == expectedEnd)
        #expect(abs(expectedEnd - 2_926_010_000) < 1_000_000)  // ≈ 2.93 s (research table: 2.85 s at 3000 pt/s)
        #expect(abs(timeline.offset(at: timeline.endTime) - expectedFinal) < 1e-6)
        #expect(timeline.offset(at: timeline.endTime + 5 * SimDuration.second) == timeline.offset(at: timeline.endTime))
        #expect(timeline.intervals == [ScrollInterval(start: 0, end: expectedEnd)])
        #expect(timeline.totalScrollNanos == expectedEnd)
        // And the distance is the WWDC18 projection minus a few points
        let projection = (3500.0 / 1000) * 0.998 / (1 - 0.998)
        let distance = timeline.offset(at: timeline.endTime)
        #expect(abs(projection - distance) < 6)
        #expect(distance < projection)
    }

    /// During a fling, offset and velocity follow x0 + v0(d^(1000τ) − 1)/k and v0·d^(1000τ).
    @Test func flingFollowsExponentialDecay() {
        let timeline = Self.timeline([.fling(velocity: -2800, deceleration: .fast)], initialOffset: 5000)
        let k = Self.k(0.99)
        for ms in stride(from: 0, to: 500, by: 7) {
            let t = SimTime(ms) * SimDuration.millisecond
            let tau = Double(ms) / 1000
            let decay = Foundation.pow(0.99, 1000 * tau)
            #expect(abs(timeline.offset(at: t) - (5000 - 2800 * (decay - 1) / k)) < 1e-9)
            #expect(abs(timeline.velocity(at: t) - -2800 * decay) < 1e-9)
        }
        #expect(timeline.velocity(at: 0) == -2800)
        #expect(timeline.velocity(at: timeline.endTime) == 0)
        #expect(abs(timeline.offset(at: timeline.endTime) - (5000 + (-10 + 2800) / k)) < 1e-6)
    }

    /// A fling that reaches the end of the content stops exactly at maxOffset, earlier than a free one.
    @Test func flingStopsAtTheEdge() {
        let free = Self.timeline([.fling(velocity: 3500, deceleration: .normal)])
        let bounded = Self.timeline([.fling(velocity: 3500, deceleration: .normal)], maxOffset: 1200)
        #expect(bounded.offset(at: bounded.endTime) == 1200)
        #expect(bounded.endTime < free.endTime)
        // It reaches the edge when d^(1000τ) = 1 + k·1200/v0.
        let k = Self.k(0.998)
        let expected = SimTime((Foundation.log(1 + k * 1200 / 3500) / k * 1e9).rounded())
        #expect(bounded.endTime == expected)
        // Never beyond the edge on the way.
        for ms in stride(from: 0, through: Int(bounded.endTime / SimDuration.millisecond), by: 1) {
            #expect(bounded.offset(at: SimTime(ms) * SimDuration.millisecond) <= 1200)
        }
        #expect(bounded.velocity(at: bounded.endTime) == 0)
        // Toward 0 too.
        let up = Self.timeline([.fling(velocity: -3500, deceleration: .normal)], initialOffset: 300)
        #expect(up.offset(at: up.endTime) == 0)
    }

    /// A fling at or below 10 pt/s, or outward from the edge it sits on, takes no time.
    @Test func degenerateFlingsTakeNoTime() {
        let slow = Self.timeline([.fling(velocity: 10, deceleration: .normal), .pause(seconds: 1)])
        #expect(slow.intervals.isEmpty)
        #expect(slow.endTime == SimDuration.second)
        let atTop = Self.timeline([.fling(velocity: -3000, deceleration: .normal)])
        #expect(atTop.endTime == 0)
        #expect(atTop.intervals.isEmpty)
        let atEnd = Self.timeline([.fling(velocity: 3000, deceleration: .normal)], maxOffset: 500, initialOffset: 500)
        #expect(atEnd.endTime == 0)
        #expect(atEnd.offset(at: 100) == 500)
    }

    /// A 350 pt/s drag for 1 s moves 350 pt at constant velocity.
    @Test func dragMovesLinearly() {
        let timeline = Self.timeline([.drag(velocity: 350, seconds: 1.0)])
        #expect(timeline.offset(at: SimDuration.second) == 350)
        #expect(timeline.offset(at: SimDuration.second / 2) == 175)
        #expect(timeline.velocity(at: SimDuration.second / 2) == 350)
        #expect(timeline.velocity(at: SimDuration.second) == 0)  // the finger lifts with zero velocity
        #expect(timeline.endTime == SimDuration.second)
        #expect(timeline.intervals == [ScrollInterval(start: 0, end: SimDuration.second)])
    }

    /// A drag pinned at 0 moving negative stays at 0 with velocity 0, yet the step is a scroll interval.
    @Test func dragPinnedAtEdge() {
        let timeline = Self.timeline([.drag(velocity: -300, seconds: 0.5)])
        #expect(timeline.offset(at: SimDuration.second / 4) == 0)
        #expect(timeline.velocity(at: SimDuration.second / 4) == 0)
        #expect(timeline.isInScrollInterval(SimDuration.second / 4))
        // Starting at 100: moves for 1/3 s, then pinned.
        let partly = Self.timeline([.drag(velocity: -300, seconds: 0.5)], initialOffset: 100)
        #expect(partly.velocity(at: SimDuration.second / 10) == -300)
        #expect(abs(partly.offset(at: SimDuration.second / 10) - 70) < 1e-9)
        #expect(partly.offset(at: 400 * SimDuration.millisecond) == 0)
        #expect(partly.velocity(at: 400 * SimDuration.millisecond) == 0)
        // And at the far edge.
        let end = Self.timeline([.drag(velocity: 300, seconds: 1)], maxOffset: 150)
        #expect(end.offset(at: SimDuration.second) == 150)
        #expect(end.velocity(at: 600 * SimDuration.millisecond) == 0)
        #expect(end.velocity(at: 400 * SimDuration.millisecond) == 300)
    }

    /// Intervals are open at the start and closed at the end; pauses are outside them.
    @Test func intervalEnds() {
        let timeline = Self.timeline([.pause(seconds: 0.5), .drag(velocity: 200, seconds: 0.25), .pause(seconds: 1)])
        let start = 500 * SimDuration.millisecond
        let end = 750 * SimDuration.millisecond
        #expect(timeline.intervals == [ScrollInterval(start: start, end: end)])
        #expect(!timeline.isInScrollInterval(start))
        #expect(timeline.isInScrollInterval(start + 1))
        #expect(timeline.isInScrollInterval(end))
        #expect(!timeline.isInScrollInterval(end + 1))
        #expect(!timeline.isInScrollInterval(0))
        #expect(!timeline.isInScrollInterval(-5))
        #expect(timeline.offset(at: start) == 0)
        #expect(timeline.offset(at: end) == 50)
        #expect(timeline.offset(at: -SimDuration.second) == 0)
        #expect(timeline.endTime == 1_750 * SimDuration.millisecond)
        #expect(timeline.totalScrollNanos == 250 * SimDuration.millisecond)
        #expect(timeline.changeTimes == [0, start, end])
    }

    /// Back-to-back drag and fling give two adjacent intervals and a continuous offset.
    @Test func dragThenFlingIsContinuous() {
        let timeline = Self.timeline([.drag(velocity: 350, seconds: 1), .fling(velocity: 3500, deceleration: .normal)])
        #expect(timeline.intervals.count == 2)
        #expect(timeline.intervals[0].end == timeline.intervals[1].start)
        #expect(timeline.offset(at: SimDuration.second) == 350)
        #expect(timeline.velocity(at: SimDuration.second) == 3500)
        #expect(abs(timeline.offset(at: SimDuration.second + 1) - 350) < 0.01)
        #expect(timeline.isInScrollInterval(SimDuration.second))
        #expect(timeline.isInScrollInterval(SimDuration.second + 1))
        #expect(timeline.totalScrollNanos == timeline.endTime)
    }

    /// An animated scrollTo eases in and out: the midpoint at half time, exactly on target at the end.
    @Test func animatedScrollToEasesInAndOut() {
        let timeline = Self.timeline([.scrollTo(item: 30, animated: true, seconds: 0.3)], initialOffset: 1000)
        let duration = 300 * SimDuration.millisecond
        #expect(timeline.endTime == duration)
        #expect(timeline.intervals == [ScrollInterval(start: 0, end: duration)])
        #expect(abs(timeline.offset(at: duration / 2) - 2000) < 1e-9)
        #expect(timeline.offset(at: duration) == 3000)
        #expect(timeline.offset(at: 0) == 1000)
        // Symmetric: x(t) − start = end − x(T − t).
        for ms in stride(from: 0, through: 300, by: 10) {
            let t = SimTime(ms) * SimDuration.millisecond
            #expect(abs((timeline.offset(at: t) - 1000) - (3000 - timeline.offset(at: duration - t))) < 1e-9)
        }
        // Slow at both ends, fastest in the middle; the velocity is the offset's derivative.
        let early = timeline.velocity(at: 10 * SimDuration.millisecond)
        let middle = timeline.velocity(at: duration / 2)
        #expect(early > 0 && early < middle / 5)
        let h: SimTime = 1000
        let numeric = (timeline.offset(at: duration / 2 + h) - timeline.offset(at: duration / 2 - h))
            / (2 * Double(h) / 1e9)
        #expect(abs(numeric - middle) < 1e-3)
        // Bézier (0.42, 0, 0.58, 1): slope at the midpoint is 0.75 / 0.435 of the average speed.
        #expect(abs(middle - 2000 / 0.3 * (1.5 / 0.87)) < 1e-6)
        #expect(timeline.velocity(at: duration) == 0)
    }

    /// A non-animated scrollTo jumps at its instant, takes no time and is no scroll interval.
    @Test func instantScrollToJumps() {
        let timeline = Self.timeline([.pause(seconds: 1), .scrollTo(item: 50, animated: false, seconds: 0.3),
                                      .pause(seconds: 1)])
        #expect(timeline.offset(at: SimDuration.second - 1) == 0)
        #expect(timeline.offset(at: SimDuration.second) == 5000)
        #expect(timeline.velocity(at: SimDuration.second) == 0)
        #expect(timeline.intervals.isEmpty)
        #expect(timeline.endTime == 2 * SimDuration.second)
        #expect(timeline.changeTimes == [0, SimDuration.second, SimDuration.second, SimDuration.second])
        // Targets are clamped to the content.
        let clamped = Self.timeline([.scrollTo(item: 50, animated: false, seconds: 0)], maxOffset: 1234)
        #expect(clamped.offset(at: 0) == 1234)
        // An animated scroll to where it already is moves nothing but takes its time.
        let still = Self.timeline([.scrollTo(item: 2, animated: true, seconds: 0.3)], initialOffset: 200)
        #expect(still.intervals.isEmpty)
        #expect(still.endTime == 300 * SimDuration.millisecond)
    }

    /// `repeatSteps` expands inline; memory warnings are recorded at their instants.
    @Test func repeatExpandsAndMemoryWarningsAreRecorded() {
        let steps: [ScriptStep] = [
            .repeatSteps(times: 3, steps: [.drag(velocity: 100, seconds: 0.5), .memoryWarning, .pause(seconds: 0.25)]),
            .memoryWarning,
        ]
        let timeline = Self.timeline(steps)
        let ms = SimDuration.millisecond
        #expect(timeline.intervals == [
            ScrollInterval(start: 0, end: 500 * ms),
            ScrollInterval(start: 750 * ms, end: 1250 * ms),
            ScrollInterval(start: 1500 * ms, end: 2000 * ms),
        ])
        #expect(timeline.memoryWarnings == [500 * ms, 1250 * ms, 2000 * ms, 2250 * ms])
        #expect(timeline.endTime == 2250 * ms)
        #expect(timeline.offset(at: timeline.endTime) == 150)
        #expect(timeline.totalScrollNanos == 1500 * ms)
        #expect(timeline.changeTimes.count == 10)
        #expect(timeline.changeTimes == timeline.changeTimes.sorted())
        // Nested repeats multiply.
        let nested = Self.timeline([
            .repeatSteps(times: 2, steps: [.repeatSteps(times: 3, steps: [.drag(velocity: 10, seconds: 0.1)])]),
        ])
        #expect(nested.intervals.count == 6)
        #expect(abs(nested.offset(at: nested.endTime) - 6) < 1e-12)
    }

    /// Durations are rounded to the nearest nanosecond once.
    @Test func durationsRoundToNanoseconds() {
        let timeline = Self.timeline([.pause(seconds: 1e-9 * 2.5), .drag(velocity: 1, seconds: 1.0000000004)])
        #expect(timeline.intervals == [ScrollInterval(start: 3, end: 3 + 1_000_000_000)])
    }

    /// Offsets sampled over a long mixed script never leave 0...maxOffset, and queries are stable.
    @Test func offsetsStayInsideTheContent() {
        let steps: [ScriptStep] = [
            .drag(velocity: 400, seconds: 1), .fling(velocity: 6000, deceleration: .normal),
            .fling(velocity: -8000, deceleration: .fast), .scrollTo(item: 70, animated: true, seconds: 0.3),
            .drag(velocity: -900, seconds: 2), .fling(velocity: 5000, deceleration: .normal),
        ]
        let timeline = Self.timeline(steps, maxOffset: 3000)
        var t: SimTime = -SimDuration.second
        while t < timeline.endTime + SimDuration.second {
            let offset = timeline.offset(at: t)
            #expect(offset >= 0 && offset <= 3000)
            t += 4_166_667
        }
        #expect(timeline.offset(at: timeline.endTime) == 3000)
    }
}
