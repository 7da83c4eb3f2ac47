/// Common random numbers: every random quantity of a run is a pure function of
/// `(scenario seed, stream name, key0, key1)` (docs/model.md, "Time, randomness, determinism").
///
/// A draw does not depend on how many draws came before it, so every strategy meets the same
/// latencies and image sizes for the same request, and adding a request never shifts another's
/// draw. The exact mapping, which is part of the output contract (changing it changes results):
///
/// ```
/// fnv   = FNV-1a 64 of name.utf8        // offset basis 0xCBF29CE484222325, prime 0x100000001B3
/// s     = mix(seed ^ fnv)                // precomputed by stream(_:)
/// h     = mix((s ^ UInt64(bitPattern: key0)) &+ 0x9E3779B97F4A7C15)
/// raw   = mix((h ^ UInt64(bitPattern: key1)) &+ 0xC2B2AE3D27D4EB4F)
/// ```
///
/// where `mix` is `SplitMix64.mix`, `0x9E3779B97F4A7C15` is SplitMix64's golden gamma and
/// `0xC2B2AE3D27D4EB4F` is xxHash64's PRIME64_2 (any odd constant would do; these are fixed).
/// The name is hashed with FNV-1a rather than Swift's `Hasher`, which is seeded per process.
///
/// Doubles: `uniform = Double(raw >> 11) · 2^-53` (top 53 bits) in [0, 1), and
/// `uniformOpen = (Double(raw >> 12) + 0.5) · 2^-52` (top 52 bits) in [2^-53, 1 − 2^-53]. Every
/// step is exact. `uniformOpen` keeps 52 bits because `2^53 − 1 + 0.5` is not a `Double`: with 53
/// bits the largest draw would round to exactly 1.
public struct RandomStreams: Sendable {
    /// The scenario seed.
    public let seed: UInt64

    /// The streams of a run seeded with `seed`.
    public init(seed: UInt64) {
        self.seed = seed
    }

    /// The stream called `name`; its hash is computed here once, so draws cost three `mix`es.
    /// - Complexity: O(`name.utf8.count`).
    public func stream(_ name: String) -> RandomStream {
        RandomStream(streamHash: SplitMix64.mix(seed ^ Self.fnv1a64(name)))
    }

    /// FNV-1a 64 of the UTF-8 bytes of `text` (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// One named stream of `RandomStreams`: a keyed hash from one or two integer keys to 64 random bits.
public struct RandomStream: Sendable {
    /// `mix(seed ^ fnv1a64(name))`, the state every draw of this stream starts from.
    @usableFromInline
    let streamHash: UInt64

    /// A stream starting from a precomputed hash (see `RandomStreams.stream(_:)`).
    init(streamHash: UInt64) {
        self.streamHash = streamHash
    }

    /// 64 random bits for `(key0, key1)`.
    /// - Complexity: O(1): two `mix`es.
    @inlinable
    public func raw(_ key0: Int64, _ key1: Int64 = 0) -> UInt64 {
        let h = SplitMix64.mix((streamHash ^ UInt64(bitPattern: key0)) &+ 0x9E37_79B9_7F4A_7C15)
        return SplitMix64.mix((h ^ UInt64(bitPattern: key1)) &+ 0xC2B2_AE3D_27D4_EB4F)
    }

    /// A uniform double in [0, 1): the top 53 bits of `raw` times 2^-53.
    @inlinable
    public func uniform(_ key0: Int64, _ key1: Int64 = 0) -> Double {
        Self.unitInterval(raw(key0, key1))
    }

    /// A uniform double in (0, 1), never 0 or 1: (top 52 bits + 0.5) times 2^-52 (for logs and quantiles).
    @inlinable
    public func uniformOpen(_ key0: Int64, _ key1: Int64 = 0) -> Double {
        Self.openUnitInterval(raw(key0, key1))
    }

    /// `bits`' top 53 bits as a double in [0, 1), exactly.
    @inlinable
    static func unitInterval(_ bits: UInt64) -> Double {
        Double(bits >> 11) * 0x1p-53
    }

    /// `bits`' top 52 bits as the midpoint of their 2^-52-wide cell, a double in [2^-53, 1 − 2^-53], exactly.
    @inlinable
    static func openUnitInterval(_ bits: UInt64) -> Double {
        (Double(bits >> 12) + 0.5) * 0x1p-52
    }
}
