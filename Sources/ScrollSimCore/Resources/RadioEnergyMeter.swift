/// The radio's state machine driven by a run's network activity, and the energy it spends
/// (`radio_energy_j`; docs/model.md, "Radio energy"), as AT&T ARO derives RRC states from a
/// packet trace (attdevsupport/ARO, 5.0.0/ARO.Core/src/main/java/com/att/aro/core/packetanalysis/
/// impl/RrcStateRangeFactoryImpl.java, `createLTE`, `createWiFi`; energies as in
/// configuration/impl/ProfileFactoryImpl.java, `energyLTE`, `energy3G`, `energyWiFi`).
///
/// `NetworkModel` reports *activity*: stretches while packets flow (a connection's handshakes, a
/// response's bytes; `begin` / `end`) and instants (a request sent, an error response;
/// `instant`). While any activity is in progress the radio is active and spends its active
/// power; downlink bytes add their per-byte energy (LTE's α_d term). After the last activity
/// the radio passes through the profile's tail stages, then idles (with paging). Activity that
/// resumes in a stage with a promotion, or while idle, needs that promotion first:
/// - with `readyTime(at:)` (`network.promotionDelay`), the network asks before it sends and
///   waits: the promotion runs from the request to the time returned, and is charged then;
/// - otherwise (and for activity the device did not start, such as a late response) the
///   promotion is taken to end when the activity starts, as ARO reads a packet trace: it starts
///   `duration` earlier, or when the radio entered the stage it leaves if that is later. Before the
///   run's first activity the radio counts as idle since before time 0, so that promotion is
///   charged in full even when it would start before 0.
///
/// Energies are exact (`EnergyTally`): integer µW over integer ns. The throughput term needs no
/// windows: ARO averages throughput over 0.5 s windows, but its power is affine in throughput, so
/// a window's energy is β · length + α · bits and the windows' sum is β · (active time) + α ·
/// (bits moved) whatever their boundaries.
///
/// - Complexity: O(1) per call, O(tail stages) per gap between activities.
struct RadioEnergyMeter {
    /// The radio's power model.
    let profile: RadioProfile
    /// Energy charged so far (`finish` adds the rest).
    private(set) var energy = EnergyTally()
    /// Activities in progress.
    private(set) var activeCount = 0
    /// When the current active stretch began (meaningful while `activeCount > 0`).
    private var busyStart: SimTime = 0
    /// When the last activity ended, or when the last promotion ends; nil before any: the radio
    /// has been idle since before the run.
    private(set) var lastEnd: SimTime?
    /// A promotion started by `readyTime(at:)` and not charged yet: when it started, and what it is.
    private var pendingPromotion: (start: SimTime, promotion: RadioProfile.Promotion)?
    /// Promotions so far (delayed ones and ones read from the trace).
    private(set) var promotions = 0
    /// Downlink bytes reported so far.
    private(set) var downlinkBytes: Int64 = 0

    /// A meter for `profile`, the radio idle.
    init(profile: RadioProfile) { self.profile = profile }

    // MARK: Activity

    /// When the device can send at `now`: `now` while the radio is connected; otherwise the end of
    /// the promotion this call starts (or of the one already in progress).
    mutating func readyTime(at now: SimTime) -> SimTime {
        guard activeCount == 0 else { return now }
        if let pending = pendingPromotion {
            let end = pending.start + pending.promotion.duration
            if end > now { return end }
            settlePendingPromotion(cutAt: end)
        }
        guard let promotion = promotionNeeded(at: now) else { return now }
        chargeGap(to: now, activityFollows: false)
        pendingPromotion = (now, promotion)
        promotions += 1
        lastEnd = now + promotion.duration
        return now + promotion.duration
    }

    /// The promotion activity starting at `now` would need, or nil when the radio is connected.
    func promotionNeeded(at now: SimTime) -> RadioProfile.Promotion? {
        guard activeCount == 0 else { return nil }
        guard let lastEnd else { return profile.idlePromotion }
        if now <= lastEnd { return nil }
        var stageEnd = lastEnd
        for stage in profile.tail {
            stageEnd += stage.duration
            if now <= stageEnd { return stage.promotion }
        }
        return profile.idlePromotion
    }

    /// A stretch of activity begins at `t`.
    mutating func begin(at t: SimTime) {
        if activeCount == 0 {
            if let pending = pendingPromotion, pending.start + pending.promotion.duration <= t {
                settlePendingPromotion(cutAt: t)
            }
            chargeGap(to: t, activityFollows: true)
            busyStart = max(t, lastEnd ?? t)
        }
        activeCount += 1
    }

    /// A stretch of activity that began ends at `t`.
    mutating func end(at t: SimTime) {
        assert(activeCount > 0, "RadioEnergyMeter.end without begin")
        guard activeCount > 0 else { return }
        activeCount -= 1
        guard activeCount == 0 else { return }
        let stop = max(t, busyStart)
        energy.add(powerMicrowatts: profile.activePowerMicrowatts, for: stop - busyStart)
        lastEnd = stop
    }

    /// An instant of activity at `t`.
    mutating func instant(at t: SimTime) {
        begin(at: t)
        end(at: t)
    }

    /// `bytes` arrived over the downlink.
    mutating func received(bytes: Int64) {
        downlinkBytes += max(0, bytes)
    }

    /// The energy from time 0 to `end`, the run's end: activity in progress, a promotion, the tail
    /// or idle time are cut there; the downlink bytes reported add their energy. Call once, last.
    mutating func finish(at end: SimTime) -> EnergyTally {
        if pendingPromotion != nil { settlePendingPromotion(cutAt: end) }
        if activeCount > 0 {
            energy.add(powerMicrowatts: profile.activePowerMicrowatts, for: end - busyStart)
        } else if lastEnd.map({ $0 < end }) ?? true {
            chargeGap(to: end, activityFollows: false)
        }
        energy.add(count: downlinkBytes, femtojoulesEach: profile.downlinkFemtojoulesPerByte)
        return energy
    }

    // MARK: Charging

    /// Charges the pending promotion from its start to its end or `cutAt`, whichever is first.
    private mutating func settlePendingPromotion(cutAt limit: SimTime) {
        guard let pending = pendingPromotion else { return }
        let stop = min(pending.start + pending.promotion.duration, limit)
        energy.add(powerMicrowatts: pending.promotion.powerMicrowatts, for: stop - pending.start)
        pendingPromotion = nil
    }

    /// Charges the time from `lastEnd` to `t` without activity: the tail stages, then idle; when
    /// `activityFollows` and the stage reached at `t` (or idle) needs a promotion, the promotion
    /// ending at `t` replaces the end of that stage.
    private mutating func chargeGap(to t: SimTime, activityFollows: Bool) {
        guard let lastEnd else {
            var idleEnd = t
            if activityFollows, let promotion = profile.idlePromotion {
                idleEnd = max(0, t - promotion.duration)
                energy.add(powerMicrowatts: promotion.powerMicrowatts, for: promotion.duration)
                promotions += 1
            }
            chargeIdle(for: idleEnd)
            return
        }
        guard t > lastEnd else { return }
        var stageStart = lastEnd
        for stage in profile.tail {
            let stageEnd = stageStart + stage.duration
            if t <= stageEnd {
                let promotion = activityFollows ? stage.promotion : nil
                chargeStage(powerMicrowatts: stage.powerMicrowatts, from: stageStart, to: t, endingIn: promotion)
                return
            }
            energy.add(powerMicrowatts: stage.powerMicrowatts, for: stage.duration)
            stageStart = stageEnd
        }
        let promotion = activityFollows ? profile.idlePromotion : nil
        let idleEnd = promotion.map { max(stageStart, t - $0.duration) } ?? t
        chargeIdle(for: idleEnd - stageStart)
        if let promotion {
            energy.add(powerMicrowatts: promotion.powerMicrowatts, for: t - idleEnd)
            promotions += 1
        }
    }

    /// Charges a stage at `powerMicrowatts` from `start` to `end`, its last part replaced by
    /// `promotion` (ending at `end`) when one is given.
    private mutating func chargeStage(powerMicrowatts: Int64, from start: SimTime, to end: SimTime,
                                      endingIn promotion: RadioProfile.Promotion?) {
        guard let promotion else {
            energy.add(powerMicrowatts: powerMicrowatts, for: end - start)
            return
        }
        let promotionStart = max(start, end - promotion.duration)
        energy.add(powerMicrowatts: powerMicrowatts, for: promotionStart - start)
        energy.add(powerMicrowatts: promotion.powerMicrowatts, for: end - promotionStart)
        promotions += 1
    }

    /// Charges an idle stretch of `duration` ns: a paging wake-up at its start and every period
    /// after (ARO's phase), the idle power between.
    private mutating func chargeIdle(for duration: SimTime) {
        guard duration > 0 else { return }
        guard let paging = profile.paging, paging.period > 0 else {
            energy.add(powerMicrowatts: profile.idlePowerMicrowatts, for: duration)
            return
        }
        let periods = duration / paging.period, rest = duration % paging.period
        let awake = periods * paging.onDuration + min(rest, paging.onDuration)
        energy.add(powerMicrowatts: paging.powerMicrowatts, for: awake)
        energy.add(powerMicrowatts: profile.idlePowerMicrowatts, for: duration - awake)
    }
}
