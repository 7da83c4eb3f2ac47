/// The power model of one radio (`network.radio`): what `radio_energy_j` charges for each
/// state of the radio's state machine (docs/model.md, "Radio energy"; sources and confidence in
/// docs/fidelity.md, "Radio energy").
///
/// A radio is *active* while packets flow and for a sequence of *tail stages* after the last
/// one (LTE: the continuous-reception inactivity timer, then short and long DRX; 3G: DCH, then
/// FACH; Wi-Fi: its 0.25 s tail), then *idle*. Activity that resumes during a tail stage continues
/// at once, unless that stage has a promotion (3G's FACH → DCH); activity that resumes while idle
/// first needs the idle promotion (LTE's IDLE → CONNECTED, 3G's IDLE → DCH; Wi-Fi has none).
///
/// Powers are integer microwatts and durations integer nanoseconds, so a stage's energy is an
/// exact integer number of femtojoules (µW · ns = 10⁻¹⁵ J). Where AT&T ARO charges a duty cycle
/// (DRX pings over a tail power), the stage's power is the cycle's exact average.
///
/// It does not model the 3G RLC buffer thresholds (every image response exceeds them), ARO's
/// "dynamic" DCH tail (small packets that do not reset the DCH timer) or DRX wake-up latency.
struct RadioProfile: Sendable, Equatable {
    /// A promotion: the time the radio needs, and its power meanwhile.
    struct Promotion: Sendable, Equatable {
        /// How long it takes, ns.
        var duration: SimTime
        /// Power meanwhile, µW.
        var powerMicrowatts: Int64
    }

    /// A stage of the tail after the last activity.
    struct Stage: Sendable, Equatable {
        /// How long the radio stays in it without activity, ns.
        var duration: SimTime
        /// Its average power, µW.
        var powerMicrowatts: Int64
        /// The promotion activity needs in this stage before it can flow (nil: none).
        var promotion: Promotion?
    }

    /// Idle paging: the radio wakes for `onDuration` every `period` (the first wake-up at the start
    /// of each idle stretch, as ARO counts it).
    struct Paging: Sendable, Equatable {
        /// Time between wake-ups, ns.
        var period: SimTime
        /// Length of a wake-up, ns.
        var onDuration: SimTime
        /// Power during a wake-up, µW.
        var powerMicrowatts: Int64
    }

    /// Power while packets flow, before the throughput term (LTE's β; 3G's DCH; Wi-Fi active), µW.
    var activePowerMicrowatts: Int64
    /// Energy per downlink byte while active (LTE's α_d · 8 bits), fJ.
    var downlinkFemtojoulesPerByte: Int64
    /// The tail stages after the last activity, in order.
    var tail: [Stage]
    /// Power while idle between paging wake-ups, µW.
    var idlePowerMicrowatts: Int64
    /// Idle paging (nil: none).
    var paging: Paging?
    /// The promotion activity needs when the radio is idle (nil: none).
    var idlePromotion: Promotion?

    /// How long the tail lasts in all, ns: activity within this long after the last keeps the radio
    /// connected.
    var tailDuration: SimTime { tail.reduce(0) { $0 + $1.duration } }

    /// The profile of `radio`.
    init(_ radio: Scenario.Radio) {
        switch radio {
        case .lte: self = .lte
        case .threeG: self = .threeG
        case .fiveG: self = .fiveG
        case .wifi: self = .wifi
        }
    }

    /// A profile with every part given.
    init(activePowerMicrowatts: Int64, downlinkFemtojoulesPerByte: Int64, tail: [Stage], idlePowerMicrowatts: Int64,
         paging: Paging?, idlePromotion: Promotion?) {
        self.activePowerMicrowatts = activePowerMicrowatts
        self.downlinkFemtojoulesPerByte = downlinkFemtojoulesPerByte
        self.tail = tail
        self.idlePowerMicrowatts = idlePowerMicrowatts
        self.paging = paging
        self.idlePromotion = idlePromotion
    }

    /// Milliseconds as ns.
    private static func ms(_ milliseconds: Int64) -> SimTime { milliseconds * SimDuration.millisecond }

    /// The exact average power, µW, of a duty cycle: `on` ns at `onPower` in every `period` ns,
    /// `offPower` the rest (ARO's DRX energy: pings over the tail power).
    static func dutyCycleAverage(period: SimTime, on: SimTime, onPower: Int64, offPower: Int64) -> Int64 {
        let energyPerPeriod = on * onPower + (period - on) * offPower
        assert(energyPerPeriod % period == 0, "a duty cycle whose average is not a whole µW")
        return energyPerPeriod / period
    }

    /// LTE: the RRC state machine of Huang et al., MobiSys 2012, with the parameters AT&T ARO ships
    /// (attdevsupport/ARO, 5.0.0/ARO.Core/src/main/resources/lte.conf, and the same defaults in
    /// ProfileFactoryImpl.createLTE): promotion 0.26 s at 1.21 W; β 1.2 W and α_d 51.97 mW/Mbps;
    /// inactivity timer 0.1 s (at β, ARO's CR tail); short DRX 0.02 s and long DRX 10 s with a
    /// 2 ms ping at 1.68 W every 20 / 40 ms over a 1.06 W tail; IDLE paging 43 ms at 0.594 W
    /// every 1.28 s, 0 W between.
    static let lte = RadioProfile(
        activePowerMicrowatts: 1_200_000,
        // 51.97 mW/Mbps = 51.97 nJ/bit = 51 970 000 fJ/bit; × 8 bits.
        downlinkFemtojoulesPerByte: 415_760_000,
        tail: [
            Stage(duration: ms(100), powerMicrowatts: 1_200_000, promotion: nil),
            Stage(duration: ms(20), powerMicrowatts: dutyCycleAverage(
                period: ms(20), on: ms(2), onPower: 1_680_000, offPower: 1_060_000), promotion: nil),
            Stage(duration: ms(10_000), powerMicrowatts: dutyCycleAverage(
                period: ms(40), on: ms(2), onPower: 1_680_000, offPower: 1_060_000), promotion: nil),
        ],
        idlePowerMicrowatts: 0,
        paging: Paging(period: ms(1280), onDuration: ms(43), powerMicrowatts: 594_000),
        idlePromotion: Promotion(duration: ms(260), powerMicrowatts: 1_210_000))

    /// 3G UMTS: the DCH/FACH state machine with AT&T ARO's Profile3G defaults (attdevsupport/ARO,
    /// 4.1.1/src/com/att/aro/model/Profile3G.java): DCH 0.70 W, DCH → FACH after 5 s, FACH 0.35 W,
    /// FACH → IDLE after 12 s, IDLE 0 W; IDLE → DCH promotion 2.0 s at 0.53 W and FACH → DCH 1.5 s at
    /// 0.55 W (ARO's average promotion times). No throughput term (ARO's 3G model has none).
    static let threeG = RadioProfile(
        activePowerMicrowatts: 700_000,
        downlinkFemtojoulesPerByte: 0,
        tail: [
            Stage(duration: ms(5_000), powerMicrowatts: 700_000, promotion: nil),
            Stage(duration: ms(12_000), powerMicrowatts: 350_000,
                  promotion: Promotion(duration: ms(1_500), powerMicrowatts: 550_000)),
        ],
        idlePowerMicrowatts: 0,
        paging: nil,
        idlePromotion: Promotion(duration: ms(2_000), powerMicrowatts: 530_000))

    /// 5G (assumed): no per-state measurements were found, so LTE's state machine and timers with
    /// every power, α included, multiplied by 2.5, the middle of the 2–3× more power than 4G that
    /// Xu et al., "Understanding Operational 5G", SIGCOMM 2020, measured (NSA, 3.5 GHz).
    static let fiveG = RadioProfile(
        activePowerMicrowatts: 3_000_000,
        downlinkFemtojoulesPerByte: 1_039_400_000,
        tail: [
            Stage(duration: ms(100), powerMicrowatts: 3_000_000, promotion: nil),
            Stage(duration: ms(20), powerMicrowatts: dutyCycleAverage(
                period: ms(20), on: ms(2), onPower: 4_200_000, offPower: 2_650_000), promotion: nil),
            Stage(duration: ms(10_000), powerMicrowatts: dutyCycleAverage(
                period: ms(40), on: ms(2), onPower: 4_200_000, offPower: 2_650_000), promotion: nil),
        ],
        idlePowerMicrowatts: 0,
        paging: Paging(period: ms(1280), onDuration: ms(43), powerMicrowatts: 1_485_000),
        idlePromotion: Promotion(duration: ms(260), powerMicrowatts: 3_025_000))

    /// Wi-Fi: AT&T ARO's model (attdevsupport/ARO, 5.0.0/ARO.Core/src/main/resources/WiFi.conf):
    /// 0.403 W while active and for a 0.25 s tail, 0.02 W standby, no promotion.
    static let wifi = RadioProfile(
        activePowerMicrowatts: 403_000,
        downlinkFemtojoulesPerByte: 0,
        tail: [Stage(duration: ms(250), powerMicrowatts: 403_000, promotion: nil)],
        idlePowerMicrowatts: 20_000,
        paging: nil,
        idlePromotion: nil)
}
