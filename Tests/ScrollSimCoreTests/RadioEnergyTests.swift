import Testing
@testable import ScrollSimCore
import ScrollSimTestSupport

/// Milliseconds as `SimTime`.
private func ms(_ value: SimTime) -> SimTime { value * SimDuration.millisecond }

extension NetworkHarness {
    /// Runs the events due at or before `time` (the rest stay queued).
    func drain(through time: SimTime) {
        while let next = scheduler.nextTime, next <= time, let event = scheduler.next() {
            switch event {
            case .deferred(let body): body()
            case .networkSubmit(let id): network.submit(id)
            case .networkLatencyDone(let id): network.latencyDone(id)
            case .networkTransferCheck(let generation): network.transferCheck(generation)
            case .networkCacheAnswer(let id): network.cacheAnswered(id)
            case .networkConnectionReady(let c): network.connectionSetUp(c)
            default: break
            }
        }
    }
}

/// `radio_energy_j` on hand-computed transfer patterns (docs/model.md, "Radio energy").
///
/// The network of every case: latency 10 ms, round trip 0 (a connection is set up at once),
/// 8 Mbit/s = 1 byte/µs, 100 kB images (100 ms on the link). One image is loaded at 1 s: with the
/// radio connected it is sent at 1 s, its first byte arrives at 1.01 s and its last at 1.11 s.
///
/// LTE (AT&T ARO's parameters), in joules:
/// - idle 0 → 1 s: one paging wake-up at the start, 0.043 s × 0.594 W = 0.025542;
/// - promotion 0.26 s × 1.21 W = 0.3146;
/// - active (β) 0.11 s × 1.2 W = 0.132 (10 ms waiting for the first byte, 100 ms of bytes);
/// - α_d: 100 000 B × 8 × 51.97 nJ/bit = 0.041576;
/// - tail: 0.1 s × 1.2 W + 0.02 s × 1.122 W + 10 s × 1.091 W = 11.05244 (short DRX: a 2 ms ping at
///   1.68 W every 20 ms over 1.06 W; long DRX: the same every 40 ms);
/// - idle after the tail to 30 s: 18.51 s (or 18.77 s) = 14 paging periods of 1.28 s and 0.59 s
///   (0.85 s) more, 15 wake-ups: 0.645 s × 0.594 W = 0.38313.
@Suite struct RadioEnergyTests {
    /// The cases' network on `radio`, with or without `promotionDelay`.
    static func config(_ radio: Scenario.Radio, promotionDelay: Bool) -> Scenario.Network {
        NetworkModelTests.config(rttMs: 0) {
            $0.radio = radio
            $0.promotionDelay = promotionDelay
        }
    }

    /// A harness that loads image 1 at `start` (and image 2 at `second`, if given), run to `end`.
    static func run(_ radio: Scenario.Radio, promotionDelay: Bool, start: SimTime = ms(1000), second: SimTime? = nil,
                    until end: SimTime) -> (harness: NetworkHarness, nanojoules: Int64) {
        let harness = NetworkHarness(config(radio, promotionDelay: promotionDelay))
        let session = harness.network.sharedSession
        harness.load(1, on: session, at: start)
        if let second { harness.load(2, on: session, at: second) }
        harness.drain(through: end)
        return (harness, harness.network.radioEnergyNanojoules(until: end))
    }

    // MARK: LTE

    @Test func lteTransferFromIdleWaitsForThePromotionThenPaysItsTail() {
        // Given the LTE radio idle and promotions delaying requests
        let (harness, energy) = Self.run(.lte, promotionDelay: true, until: ms(30_000))
        // Then the request waits 0.26 s: sent at 1.26 s, done at 1.37 s
        #expect(harness.finished[1] == ms(1370))
        #expect(harness.network.radioPromotions == 1)
        // idle 0.025542 + promotion 0.3146 + active 0.132 + α 0.041576 + tail 11.05244 + idle 0.38313
        #expect(energy == 11_949_288_000)
    }

    @Test func lteWithoutPromotionDelayChargesTheSamePromotionBeforeTheRequest() {
        // Given promotions that do not delay: the request goes at 1 s, as with the radio connected
        let (harness, energy) = Self.run(.lte, promotionDelay: false, until: ms(30_000))
        #expect(harness.finished[1] == ms(1110))
        // Then the promotion is read as ARO reads a trace, 0.74 s → 1 s: the same energy, earlier
        #expect(harness.network.radioPromotions == 1)
        #expect(energy == 11_949_288_000)
    }

    @Test func lteRequestAtTimeZeroIsChargedItsWholePromotion() {
        // Given a request at time 0 without delay: its promotion would start at −0.26 s
        let (harness, energy) = Self.run(.lte, promotionDelay: false, start: 0, until: ms(20_000))
        #expect(harness.finished[1] == ms(110))
        // promotion 0.3146 + active 0.132 + α 0.041576 + tail 11.05244 + idle 10.23 s → 20 s:
        // 7 periods and 0.81 s, 8 wake-ups, 0.344 s × 0.594 W = 0.204336
        #expect(energy == 11_744_952_000)
    }

    @Test func lteRunEndingDuringTheTailIsCutThere() {
        // The transfer of the first case ends at 1.37 s; the run ends 5 s later, in long DRX:
        // idle 0.025542 + promotion 0.3146 + active 0.132 + α 0.041576
        // + 0.1 s × 1.2 W + 0.02 s × 1.122 W + 4.88 s × 1.091 W (= 5.46652)
        let (_, energy) = Self.run(.lte, promotionDelay: true, until: ms(6370))
        #expect(energy == 5_980_238_000)
    }

    @Test func lteRunEndingDuringATransferCountsTheBytesReceived() {
        // The run ends at 1.32 s, 50 ms into the transfer that started at 1.27 s: 50 000 bytes.
        // idle 0.025542 + promotion 0.3146 + active 0.06 s × 1.2 W + α 50 000 B × 415.76 nJ/B
        let (harness, energy) = Self.run(.lte, promotionDelay: true, until: ms(1320))
        #expect(harness.finished[1] == nil)
        #expect(energy == 25_542_000 + 314_600_000 + 72_000_000 + 20_788_000)
    }

    @Test func lteRunEndingDuringThePromotionIsCutThere() {
        // idle 0.025542 + 0.1 s of the promotion × 1.21 W
        let (_, energy) = Self.run(.lte, promotionDelay: true, until: ms(1100))
        #expect(energy == 25_542_000 + 121_000_000)
    }

    @Test func lteRequestDuringTheTailNeedsNoPromotion() {
        // Given a second request at 6 s, in long DRX after the first transfer (done at 1.37 s)
        let (harness, energy) = Self.run(.lte, promotionDelay: true, second: ms(6000), until: ms(30_000))
        // Then it is sent at once: first byte 6.01 s, done 6.11 s; one promotion in all
        #expect(harness.finished[2] == ms(6110))
        #expect(harness.network.radioPromotions == 1)
        // idle 0.025542 + promotion 0.3146 + active 2 × 0.132 + α 2 × 0.041576
        // + CR tail 0.12 + short DRX 0.02244 + long DRX 1.37 + 0.12 → 6: 4.51 s × 1.091 W = 4.92041
        // + the second tail 11.05244 + idle 16.23 s → 30 s: 10 periods and 0.97 s, 11 wake-ups: 0.280962
        #expect(energy == 25_542_000 + 314_600_000 + 264_000_000 + 83_152_000 + 120_000_000 + 22_440_000
                + 4_920_410_000 + 11_052_440_000 + 280_962_000)
    }

    @Test func requestsDuringAPromotionWaitForTheSameOne() {
        // Given a second request at 1.1 s, while the promotion started at 1 s runs
        let (harness, _) = Self.run(.lte, promotionDelay: true, second: ms(1100), until: ms(30_000))
        // Then both are sent at 1.26 s (two connections at once): they share the link, 200 ms
        #expect(harness.finished[1] == ms(1470))
        #expect(harness.finished[2] == ms(1470))
        #expect(harness.network.radioPromotions == 1)
    }

    @Test func fiveGScalesEveryLTEPowerByTwoAndAHalf() {
        let (harness, energy) = Self.run(.fiveG, promotionDelay: true, until: ms(30_000))
        #expect(harness.finished[1] == ms(1370))
        #expect(energy == 11_949_288_000 * 5 / 2)
    }

    // MARK: 3G

    @Test func threeGPromotesFromIdleThenFromFACH() {
        // Given the 3G radio idle, promotions delaying requests, loads at 1 s and 10 s
        let (harness, energy) = Self.run(.threeG, promotionDelay: true, second: ms(10_000), until: ms(40_000))
        // Then the first waits for IDLE → DCH (2 s): sent at 3 s, done at 3.11 s; the second finds
        // FACH (DCH tail 3.11 → 8.11 s, FACH to 20.11 s) and waits for FACH → DCH (1.5 s)
        #expect(harness.finished[1] == ms(3110))
        #expect(harness.finished[2] == ms(11_610))
        #expect(harness.network.radioPromotions == 2)
        // idle 0 W; IDLE → DCH 2 s × 0.53 W = 1.06; DCH 0.11 s × 0.7 W = 0.077; DCH tail 5 s × 0.7 W
        // = 3.5; FACH 8.11 → 10 s: 1.89 s × 0.35 W = 0.6615; FACH → DCH 1.5 s × 0.55 W = 0.825;
        // DCH 0.077; DCH tail 3.5; FACH 12 s × 0.35 W = 4.2; idle from 28.61 s: 0 W
        #expect(energy == 1_060_000_000 + 77_000_000 + 3_500_000_000 + 661_500_000 + 825_000_000 + 77_000_000
                + 3_500_000_000 + 4_200_000_000)
    }

    // MARK: Wi-Fi

    @Test func wifiHasNoPromotionAndAQuarterSecondTail() {
        let (harness, energy) = Self.run(.wifi, promotionDelay: true, until: ms(10_000))
        #expect(harness.finished[1] == ms(1110))
        #expect(harness.network.radioPromotions == 0)
        // standby 1 s × 0.02 W + active 0.11 s × 0.403 W + tail 0.25 s × 0.403 W + standby 8.64 s × 0.02 W
        #expect(energy == 20_000_000 + 44_330_000 + 100_750_000 + 172_800_000)
    }

    // MARK: The meter alone

    @Test func dutyCycleAveragesAreExact() {
        #expect(RadioProfile.lte.tail.map(\.powerMicrowatts) == [1_200_000, 1_122_000, 1_091_000])
        #expect(RadioProfile.fiveG.tail.map(\.powerMicrowatts) == [3_000_000, 2_805_000, 2_727_500])
        #expect(RadioProfile.lte.tailDuration == ms(10_120))
        #expect(RadioProfile.threeG.tailDuration == ms(17_000))
    }

    @Test func activityExactlyAtTheEndOfTheTailNeedsNoPromotion() {
        var meter = RadioEnergyMeter(profile: .lte)
        meter.instant(at: ms(1000))
        #expect(meter.promotionNeeded(at: ms(1000) + ms(10_120)) == nil)
        #expect(meter.promotionNeeded(at: ms(1000) + ms(10_120) + 1) == RadioProfile.lte.idlePromotion)
        #expect(RadioEnergyMeter(profile: .wifi).promotionNeeded(at: 0) == nil)
        var threeG = RadioEnergyMeter(profile: .threeG)
        threeG.instant(at: 0)
        #expect(threeG.promotionNeeded(at: ms(5000)) == nil)
        #expect(threeG.promotionNeeded(at: ms(5000) + 1) == RadioProfile.threeG.tail[1].promotion)
    }

    @Test func energyTallyCarriesFemtojoulesExactly() {
        var tally = EnergyTally()
        // 0.999999999999999 J three times: 2.999999999999997 J
        for _ in 0..<3 { tally.add(powerMicrowatts: 999_999_999_999_999, for: 1) }
        #expect(tally.joules == 2)
        #expect(tally.femtojoules == 999_999_999_999_997)
        #expect(tally.nanojoules == 2_999_999_999)
        tally.add(count: 3, femtojoulesEach: 1)
        #expect(tally.joules == 3 && tally.femtojoules == 0)
    }
}

/// `radio_energy_j` through a whole run.
@Suite struct RadioEnergyRunTests {
    @Test(arguments: [
        // 61 s (1 s of script + the 60 s settle limit): 47 paging periods and 0.84 s, 48 wake-ups of
        // 0.043 s at 0.594 W
        (Scenario.Radio.lte, Int64(1_226_016_000)),
        (.threeG, 0),
        (.wifi, 1_220_000_000),  // 61 s × 0.02 W
    ])
    func aRunWithoutRequestsPaysIdlePowerToItsHorizon(radio: Scenario.Radio, nanojoules: Int64) {
        var scenario = TestScenarios.zeroCostList(script: [.pause(seconds: 1)])
        scenario.network.radio = radio
        let (metrics, _) = TestScenarios.run(scenario)
        #expect(metrics.radioEnergyNanojoules == nanojoules)
    }
}
