/// What an app can read about the display it draws on: its refresh rate
/// (`UIScreen.maximumFramesPerSecond`) and, from `CADisplayLink` timestamps, the vsync grid the
/// frames are committed on (docs/model.md, "Display and main thread").
public struct DisplayInfo: Sendable, Equatable {
    /// Refresh rate, Hz (60, or 120 on a ProMotion display).
    public var refreshHz: Int

    /// A display refreshing `refreshHz` times a second (at least 1).
    public init(refreshHz: Int) {
        precondition(refreshHz >= 1, "a display refreshes at least once a second")
        self.refreshHz = refreshHz
    }

    /// Time of vsync `k` (k ≥ 0): floor(k · 1 s / refreshHz), as the simulator places it.
    public func vsyncTime(_ k: Int) -> SimTime {
        let k = SimTime(k), hz = SimTime(refreshHz)
        // k · 1e9 fits in Int64 for any vsync of the first ~290 years; beyond, the split form.
        if k < 9_000_000_000 { return k * SimDuration.second / hz }
        return (k / hz) * SimDuration.second + (k % hz) * SimDuration.second / hz
    }

    /// The frame interval containing `time` (≥ 0): the `k` with vsync(k) ≤ time < vsync(k + 1).
    public func frameInterval(containing time: SimTime) -> Int {
        let hz = SimTime(refreshHz)
        var k = Int((time / SimDuration.second) * hz + (time % SimDuration.second) * hz / SimDuration.second)
        while vsyncTime(k + 1) <= time { k += 1 }
        while k > 0 && vsyncTime(k) > time { k -= 1 }
        return k
    }
}
