import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// `blank_ratio_vsync_mean` against a reference computed from the frames: at every vsync of a
/// scroll interval, the frame on screen is the last one presented at or before it (all blank
/// before the first), and its blank share is sampled.
@Suite struct VsyncBlankRatioTests {
    @Test(arguments: [60, 120])
    func equalsTheFrameByFrameReference(refreshHz: Int) {
        // Given a scroll whose frames drop (20 ms cells and main-thread decodes) while images land
        var scenario = TestScenarios.zeroCostList(itemCount: 300, viewportHeight: 1000, profile: .ios15,
                                                  refreshHz: refreshHz,
                                                  script: [.pause(seconds: 0.3), .drag(velocity: 900, seconds: 1.5),
                                                           .fling(velocity: -2500, deceleration: .normal)])
        scenario.costs.cellForItemMs = 20
        scenario.costs.decodeMsPerMegapixel = 8
        scenario.network.latencyMsMedian = 60
        scenario.network.latencyMsP95 = 300
        let (metrics, frames) = TestScenarios.run(scenario, strategy: { LoadingStrategy($0, showsImages: true) })
        #expect(metrics.droppedFrames > 0)

        // The reference: walk every vsync, keep the frame on screen, sample inside scroll intervals
        let timeline = ScrollTimeline(steps: scenario.script, maxOffset: CollectionLayout(scenario.layout,
                                      streams: RandomStreams(seed: 1)).maxOffset, targetOffset: { _ in 0 })
        var sum = 0.0, samples = 0, next = 0, shown = 1.0
        var v = 0
        while true {
            let t = SimTime(v) * 1_000_000_000 / SimTime(refreshHz)
            if t > timeline.intervals.last!.end { break }
            while next < frames.count && frames[next].present <= t {
                shown = frames[next].blankRatio
                next += 1
            }
            if timeline.isInScrollInterval(t) {
                sum += shown
                samples += 1
            }
            v += 1
        }
        #expect(samples > metrics.frames)  // dropped frames leave vsyncs showing an older frame
        #expect(metrics.blankRatioVsyncMean == sum / Double(samples))
        #expect(metrics.blankRatioVsyncMean != metrics.blankRatioMean)
    }
}
