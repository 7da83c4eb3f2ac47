/// A lognormal distribution given by its median and 95th percentile (`DMath.lognormal`), its
/// parameters worked out once: a model that draws from the same distribution again and again
/// (each request's latency, each image's encoded size) pays one `exp` per draw instead of two
/// `log`s and an `exp`. The same operations in the same order as `DMath.lognormal`, which is
/// written through this type, so a draw is the same to the last bit either way.
struct Lognormal {
    /// ln median.
    let mu: Double
    /// (ln p95 − mu) / Φ⁻¹(0.95).
    let sigma: Double

    /// The distribution whose median is `median` and 95th percentile `p95` (both > 0).
    init(median: Double, p95: Double) {
        mu = DMath.log(median)
        sigma = (DMath.log(p95) - mu) / 1.6448536269514722
    }

    /// The quantile at `uniform` in (0, 1): `exp(mu + sigma·Φ⁻¹(uniform))`.
    /// - Complexity: O(1).
    @inline(__always)
    func quantile(_ uniform: Double) -> Double {
        DMath.exp(mu + sigma * DMath.inverseNormalCDF(uniform))
    }
}
