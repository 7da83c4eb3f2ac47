/// SplitMix64, the 64-bit generator of Steele, Lea and Flood, "Fast Splittable Pseudorandom
/// Number Generators" (OOPSLA 2014), in the form of Vigna's reference `splitmix64.c`
/// (https://prng.di.unimi.it/splitmix64.c).
///
/// The state advances by the golden gamma `0x9E3779B97F4A7C15` (2^64/φ, odd) and each output is
/// the state passed through the `mix` finalizer (a variant of MurmurHash3's `fmix64` with
/// Stafford's "Mix13" constants). It is the project's only source of randomness (docs/model.md, "Time, randomness,
/// determinism"): it never reads the system, and its outputs are the same on every platform.
///
/// It is not cryptographic, and it is not meant to be split: keyed, order-independent draws go
/// through `RandomStreams`, which uses `mix` as a hash.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The golden gamma added to the state before each output.
    @usableFromInline
    static let gamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The current state: the seed plus `gamma` times the number of outputs drawn so far.
    @usableFromInline
    var state: UInt64

    /// A generator whose first output is `mix(seed &+ 0x9E3779B97F4A7C15)`.
    @inlinable
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64-bit output.
    /// - Complexity: O(1): one add, two multiplies.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= Self.gamma
        return Self.mix(state)
    }

    /// The SplitMix64 finalizer alone: a bijection of `UInt64` with good avalanche.
    /// - Complexity: O(1): two multiplies, three shift-xors.
    @inlinable
    public static func mix(_ z: UInt64) -> UInt64 {
        var z = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
