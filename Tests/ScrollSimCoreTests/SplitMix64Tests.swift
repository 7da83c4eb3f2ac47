import Testing

import ScrollSimCore

/// SplitMix64 against published reference outputs.
@Suite struct SplitMix64Tests {
    /// Seed 1234567 gives the values Rosetta Code lists ("Pseudo-random numbers/Splitmix64"),
    /// re-derived from Vigna's splitmix64.c with an independent Python implementation.
    @Test func seed1234567MatchesRosettaCode() {
        var rng = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        #expect((0..<5).map { _ in rng.next() } == expected)
    }

    /// Seed 0 gives the outputs of Vigna's splitmix64.c (https://prng.di.unimi.it/splitmix64.c),
    /// the words xoshiro's seeding examples start from.
    @Test func seed0MatchesReference() {
        var rng = SplitMix64(seed: 0)
        let expected: [UInt64] = [
            0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC,
        ]
        #expect((0..<4).map { _ in rng.next() } == expected)
    }

    /// `mix` is the finalizer alone: the first output is `mix(seed + golden gamma)`.
    @Test func mixIsTheFinalizer() {
        var rng = SplitMix64(seed: 42)
        #expect(rng.next() == SplitMix64.mix(42 &+ 0x9E37_79B9_7F4A_7C15))
        #expect(SplitMix64.mix(0) == 0)
    }

    /// It works as a `RandomNumberGenerator` for the standard library's sampling.
    @Test func drivesStandardLibrarySampling() {
        var a = SplitMix64(seed: 9)
        var b = SplitMix64(seed: 9)
        let drawsA = (0..<100).map { _ in Int.random(in: 0..<1000, using: &a) }
        let drawsB = (0..<100).map { _ in Int.random(in: 0..<1000, using: &b) }
        #expect(drawsA == drawsB)
        #expect(Set(drawsA).count > 80)
    }
}
