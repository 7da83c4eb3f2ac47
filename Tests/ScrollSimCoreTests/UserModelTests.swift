import Testing

@testable import ScrollSimCore
import ScrollSimTestSupport

/// The `user` step: a stochastic user expanded into ordinary steps from the run's seed
/// (docs/workloads.md).
@Suite struct UserModelTests {
    /// Content far longer than any session.
    static let longContent = 80_000.0

    /// `user` expanded from offset 0 with `seed` on content ending at `maxOffset`, items 100 pt apart.
    static func expansion(_ user: UserModel, seed: UInt64, maxOffset: Double = longContent) -> [ScriptStep] {
        ScrollTimeline.expand(user, seed: seed, maxOffset: maxOffset) { Double($0) * 100 }
    }

    /// A timeline of `steps` seeded with `seed`.
    static func timeline(_ steps: [ScriptStep], seed: UInt64, maxOffset: Double = longContent) -> ScrollTimeline {
        ScrollTimeline(steps: steps, maxOffset: maxOffset, seed: seed) { Double($0) * 100 }
    }

    /// The offsets at every 60 Hz vsync from 0 to the end.
    static func offsetsAtEveryVsync(_ timeline: ScrollTimeline) -> [Double] {
        var offsets: [Double] = []
        var k: Int64 = 0
        while k * SimDuration.second / 60 <= timeline.endTime {
            offsets.append(timeline.offset(at: k * SimDuration.second / 60))
            k += 1
        }
        return offsets
    }

    @Test("seed 1's user, pinned: a long read, a slow drag, a look back, then flicks down the feed")
    func expansionIsPinned() {
        let steps = Self.expansion(UserModel(seconds: 30), seed: 1)
        #expect(Array(steps.prefix(9)) == [
            .pause(seconds: 13.975172583224843),
            .drag(velocity: 377.0377030728596, seconds: 1.7303479756970233),
            .pause(seconds: 0.9776409977559546),
            .drag(velocity: -6766.232016814789, seconds: 0.1),
            .fling(velocity: -6766.232016814789, deceleration: .normal),
            .pause(seconds: 1.7301534644973946),
            .drag(velocity: 3142.902709043673, seconds: 0.1),
            .fling(velocity: 3142.902709043673, deceleration: .normal),
            .pause(seconds: 0.5932257662028182),
        ])
        #expect(steps.count == 13)
    }

    @Test func anotherSeedIsAnotherUser() {
        let user = UserModel(seconds: 30)
        let one = Self.expansion(user, seed: 1)
        let two = Self.expansion(user, seed: 2)
        #expect(one != two)
        #expect(two.first == .pause(seconds: 1.3118953308591803))
        #expect(Self.offsetsAtEveryVsync(Self.timeline([.user(user)], seed: 1))
            != Self.offsetsAtEveryVsync(Self.timeline([.user(user)], seed: 2)))
        // The same seed is the same user, every time.
        #expect(Self.expansion(user, seed: 2) == two)
    }

    @Test("a user's timeline is its expansion's, and lasts exactly its seconds", arguments: [UInt64(1), 2, 3, 4, 5, 99])
    func timelineIsTheExpansion(seed: UInt64) {
        var user = UserModel(seconds: 45.5)
        user.returnToTopProbability = 0.2  // exercise the scrollTo branch
        let steps = Self.expansion(user, seed: seed, maxOffset: 6000)
        let fromUser = Self.timeline([.user(user)], seed: seed, maxOffset: 6000)
        let fromSteps = Self.timeline(steps, seed: 12345, maxOffset: 6000)  // plain steps draw nothing
        #expect(fromUser.endTime == 45_500_000_000)
        #expect(fromSteps.endTime == fromUser.endTime)
        #expect(fromSteps.intervals == fromUser.intervals)
        #expect(Self.offsetsAtEveryVsync(fromSteps) == Self.offsetsAtEveryVsync(fromUser))
        #expect(steps.count <= UserModel.maxExpandedSteps(seconds: 45.5))
        // Only ordinary steps, and every drag or pause within the decoder's limits.
        for step in steps {
            switch step {
            case .drag(let velocity, let seconds): #expect(abs(velocity) <= 100_000 && seconds > 0)
            case .fling(let velocity, _): #expect(abs(velocity) >= 50 && abs(velocity) <= 8000)
            case .pause(let seconds): #expect(seconds > 0)
            case .scrollTo(let item, let animated, let seconds): #expect(item == 0 && animated && seconds == 0.3)
            default: Issue.record("unexpected step \(step)")
            }
        }
    }

    @Test("a session of any length ends exactly on time", arguments: [0.001, 0.04, 1, 7.3, 120])
    func endsExactlyOnTime(seconds: Double) {
        for seed in UInt64(1)...20 {
            let timeline = Self.timeline([.user(UserModel(seconds: seconds)), .pause(seconds: 1)], seed: seed)
            #expect(timeline.endTime == SimDuration.seconds(seconds) + SimDuration.second)
        }
    }

    @Test func theUserHeadsBackOnceTheEndIsReached() {
        // Given a short feed, flicks only, no look-backs and no returns to the top
        var user = UserModel(seconds: 120)
        user.flingShare = 1
        user.reversalProbability = 0
        user.returnToTopProbability = 0
        let timeline = Self.timeline([.user(user)], seed: 3, maxOffset: 3000)
        let offsets = Self.offsetsAtEveryVsync(timeline)
        // Then it only moves down until it reaches the end, and then moves up
        let firstAtEnd = offsets.firstIndex(of: 3000) ?? offsets.count
        #expect(firstAtEnd < offsets.count)
        #expect(zip(offsets[..<firstAtEnd], offsets[1...firstAtEnd]).allSatisfy { $0 <= $1 })
        #expect(offsets[firstAtEnd...].contains { $0 < 3000 })
        #expect(offsets.allSatisfy { $0 >= 0 && $0 <= 3000 })
    }

    @Test func aLookBackNeverPushesIntoTheEdgeItSitsOn() {
        // Given a user who always goes against the heading
        var user = UserModel(seconds: 600)
        user.reversalProbability = 1
        for seed in UInt64(1)...10 {
            // Then the first gesture from the top still goes down
            let first = Self.expansion(user, seed: seed).first { if case .pause = $0 { false } else { true } }
            switch first {
            case .drag(let velocity, _)?: #expect(velocity > 0)
            default: Issue.record("expected a drag first, found \(String(describing: first))")
            }
        }
    }

    @Test func eachOccurrenceIsANewSession() {
        // Given the same user twice in one script
        let user = UserModel(seconds: 30)
        let twice = Self.timeline([.user(user), .user(user)], seed: 1)
        // Then the second session's gestures are not the first's again
        let first = twice.intervals.filter { $0.end <= 30 * SimDuration.second }.map { $0.end - $0.start }
        let second = twice.intervals.filter { $0.start >= 30 * SimDuration.second }.map { $0.end - $0.start }
        #expect(!first.isEmpty && !second.isEmpty)
        #expect(first != second)
        #expect(twice.endTime == 60 * SimDuration.second)
    }

    @Test("the same seed gives every strategy the same gestures: frames match the seed's timeline at their vsyncs")
    func everyStrategyMeetsTheSameUser() {
        var scenario = TestScenarios.zeroCostList(itemCount: 400, viewportHeight: 800, profile: .ios15,
                                                  script: [.user(UserModel(seconds: 20))])
        scenario.costs.cellForItemMs = 3  // frames cost something, and the strategies differ
        let layout = CollectionLayout(scenario.layout, streams: RandomStreams(seed: 4))
        let reference = ScrollTimeline(steps: scenario.script, maxOffset: layout.maxOffset, seed: 4) {
            layout.offsetToShow(item: $0)
        }
        let (idleMetrics, idleFrames) = TestScenarios.run(scenario, seed: 4)
        let (_, loadingFrames) = TestScenarios.run(scenario, seed: 4,
                                                   strategy: { LoadingStrategy($0, showsImages: true) })
        // The runs differ (one shows images, the other never does), so the comparison below is not trivial.
        #expect(idleFrames.count > 100)
        #expect(idleFrames.map(\.blankRatio) != loadingFrames.map(\.blankRatio))
        for frame in idleFrames + loadingFrames {
            #expect(frame.offset == reference.offset(at: frame.vsync))
        }
        #expect(idleMetrics.scrollNanos == reference.totalScrollNanos)
        // Another seed scrolls elsewhere.
        let (_, otherFrames) = TestScenarios.run(scenario, seed: 5)
        #expect(otherFrames.map(\.offset) != idleFrames.map(\.offset))
    }
}
