/// `floor(k · 1e9 / refreshHz)`, the time of vsync `k`, without a division by the refresh rate
/// (a hardware division costs tens of cycles, and the frame loop asks several vsync times per
/// frame and one per sampled vsync).
///
/// With `1e9 = period · hz + remainder`, `floor(k · 1e9 / hz) = k · period + floor(k · remainder / hz)`,
/// and the last quotient is the high half of `(k · remainder) · magic` with
/// `magic = floor((2^64 − 1) / hz) + 1`: for `n = k · remainder` with `n · hz < 2^64`, that product
/// is `n / hz` plus an error below `n / 2^64 < 1 / hz`, which never reaches the next integer
/// (the fraction of `n / hz` is at most `1 − 1 / hz`). A power-of-two `hz` makes `magic` exactly
/// `2^64 / hz` (no error at all). Vsyncs beyond `fastLimit` (or below 0) take the plain formula.
struct VsyncDivision {
    /// The refresh rate, Hz.
    let hz: Int64
    /// `1e9 / hz`, rounded down.
    let period: Int64
    /// `1e9 mod hz`.
    let remainder: Int64
    /// `floor((2^64 − 1) / hz) + 1` (unused when `remainder` is 0).
    let magic: UInt64
    /// The largest `k` on the fast path: `k · remainder · hz < 2^63` and `k · 1e9` fits.
    let fastLimit: Int64
    /// `fastLimit + 1` as an unsigned bound (0 when there is no fast path): `0 ≤ k ≤ fastLimit`
    /// is one unsigned comparison, `UInt64(bitPattern: k) < fastEnd`.
    let fastEnd: UInt64

    init(refreshHz: Int64) {
        hz = refreshHz
        guard refreshHz > 0 else {
            period = 0
            remainder = 0
            magic = 0
            fastLimit = -1
            fastEnd = 0
            return
        }
        period = SimDuration.second / refreshHz
        remainder = SimDuration.second % refreshHz
        magic = remainder > 0 ? UInt64.max / UInt64(refreshHz) + 1 : 0
        fastLimit = min(9_000_000_000, Int64.max / max(1, remainder * refreshHz))
        fastEnd = UInt64(fastLimit) + 1
    }

    /// Time of vsync `k`: floor(k · 1e9 / hz) ns.
    @inline(__always)
    func time(_ k: Int) -> SimTime {
        let k = SimTime(k)
        if UInt64(bitPattern: k) < fastEnd {
            let n = UInt64(truncatingIfNeeded: k &* remainder)
            return k &* period &+ Int64(truncatingIfNeeded: n.multipliedFullWidth(by: magic).high)
        }
        return Self.plainTime(k, hz: hz)
    }

    /// The same by division (the definition), for the vsyncs off the fast path.
    static func plainTime(_ k: SimTime, hz: Int64) -> SimTime {
        // k · 1e9 fits in Int64 for any vsync of the first ~290 years; beyond, the split form.
        if k < 9_000_000_000 { return k * SimDuration.second / hz }
        return (k / hz) * SimDuration.second + (k % hz) * SimDuration.second / hz
    }
}
