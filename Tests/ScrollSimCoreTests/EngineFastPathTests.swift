import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// The engine's fast paths give exactly what the definitions they replace give (issue 9: speed
/// without changing one output bit).
@Suite struct EngineFastPathTests {
    /// A timeline with every kind of segment: drags (one pinned at the top), flings (one stopped
    /// by the bottom edge), pauses, an eased and an instant `scrollTo`, and a replayed gesture.
    static func mixedTimeline() -> ScrollTimeline {
        let gesture = ReplayGesture(file: "g.csv", times: [0, 8_000_000, 16_000_000, 90_000_000, 120_000_000],
                                    deltas: [0, 12, 30, 30, -45])
        let steps: [ScriptStep] = [
            .drag(velocity: -300, seconds: 0.2),
            .drag(velocity: 700, seconds: 1.5),
            .fling(velocity: 5000, deceleration: .normal),
            .pause(seconds: 0.3),
            .fling(velocity: -3000, deceleration: .fast),
            .scrollTo(item: 40, animated: true, seconds: 0.4),
            .scrollTo(item: 10, animated: false, seconds: 0),
            .replay(gesture),
            .fling(velocity: 90_000, deceleration: .normal),
            .pause(seconds: 0.5),
        ]
        return ScrollTimeline(steps: steps, maxOffset: 20_000) { Double($0) * 100 }
    }

    @Test func timelineSampleEqualsOffsetAndVelocityBitForBit() {
        // Given the mixed timeline sampled at every 120 Hz vsync in order (the hint follows), and
        // at random instants in random order (the hint is stale)
        let timeline = Self.mixedTimeline()
        var times: [SimTime] = (0...(timeline.endTime / 8_333_333 + 2)).map { $0 * 8_333_333 }
        var generator = SplitMix64(seed: 5)
        for _ in 0..<2_000 { times.append(SimTime(generator.next() % UInt64(timeline.endTime + 1_000_000))) }
        times += timeline.changeTimes + timeline.intervals.flatMap { [$0.start, $0.end, $0.end - 1] }
        var hint = 0
        var moving = 0
        for t in times {
            // Then each sample is the offset and the velocity, to the bit
            let sample = timeline.sample(at: t, segmentHint: &hint)
            #expect(sample.offset.bitPattern == timeline.offset(at: t).bitPattern, "offset at \(t)")
            #expect(sample.velocity.bitPattern == timeline.velocity(at: t).bitPattern, "velocity at \(t)")
            if sample.velocity != 0 { moving += 1 }
        }
        // And the comparison covered motion, not only rest
        #expect(moving > 500)
    }

    @Test func vsyncIndexIsTheFirstVsyncAtOrAfterTheTime() throws {
        for hz in [1, 7, 24, 48, 60, 90, 120, 144, 240] {
            // Given a run at `hz` (built in code: a file may not exceed its device's 120 Hz)
            var scenario = Scenario(layout: .init(itemCount: 10))
            scenario.display.refreshHz = hz
            let simulator = Simulator(scenario: scenario, seed: 1, strategyName: "idle",
                                      factory: { _ in IdleStrategy() }, observer: nil)
            var generator = SplitMix64(seed: UInt64(hz))
            var times: [SimTime] = [0, 1, SimDuration.second - 1, SimDuration.second, 1 << 50]
            for _ in 0..<500 {
                let k = Int(generator.next() % 100_000_000)
                let t = simulator.vsyncTime(k)
                times += [t - 1, t, t + 1, SimTime(generator.next() % (1 << 45))]
            }
            for time in times where time >= 0 {
                // Then the index is the smallest vsync at or after the time
                let k = simulator.vsyncIndex(atOrAfter: time)
                #expect(simulator.vsyncTime(k) >= time, "\(hz) Hz, t = \(time)")
                #expect(k == 0 || simulator.vsyncTime(k - 1) < time, "\(hz) Hz, t = \(time)")
            }
        }
    }

    @Test func vsyncTimeByMultiplicationEqualsTheDivision() {
        // Given every refresh rate up to 1,000 Hz (the power-of-two ones included) and vsyncs
        // from 0, around every multiple of the rate, at random up to the fast path's end, and
        // past it
        for hz in Int64(1)...1_000 {
            let division = VsyncDivision(refreshHz: hz)
            var generator = SplitMix64(seed: UInt64(hz))
            var vsyncs: [Int64] = Array(0...(3 * hz + 2))
            for _ in 0..<300 {
                let k = Int64(generator.next() % UInt64(division.fastLimit))
                vsyncs += [k, k + 1, (k / hz) * hz, (k / hz) * hz - 1]
            }
            vsyncs += [division.fastLimit - 1, division.fastLimit, division.fastLimit + 1, 9_200_000_000, -1, -hz]
            for k in vsyncs {
                // Then the time is floor(k · 1e9 / hz), the definition (truncated below 0, as before)
                let expected = k < 9_000_000_000 ? k * SimDuration.second / hz
                    : (k / hz) * SimDuration.second + (k % hz) * SimDuration.second / hz
                #expect(division.time(Int(k)) == expected, "\(hz) Hz, k = \(k)")
            }
        }
    }
}
