import Dispatch

/// The scroll timeline sampled at every vsync, computed once for all the runs of one scenario and
/// seed (`scrollsim run` runs every strategy on the same scenario and seed: each run sampled the
/// same timeline at the same vsyncs).
///
/// A run samples the offset and velocity at its frames' vsyncs (`Simulator.sample(atVsync:)`).
/// That sample is a pure function of the scenario and the seed: the timeline is built from
/// `scenario.script`, the layout's `maxOffset` and `offsetToShow(item:)` (the layout is built from
/// `scenario.layout` and the "height" stream of `RandomStreams(seed:)`, whose draws are keyed by
/// the seed and the row alone) and the seed (a `user` step's draws); vsync `k`'s time is
/// `floor(k · 1e9 / scenario.refreshHz)`. Nothing a strategy does reaches it. So the store is keyed
/// by exactly those inputs (`Key`), and a run given a store of another key stops (a precondition).
///
/// Samples are computed in chunks of `chunkSize` vsyncs, each by the first run that asks for a
/// vsync in it, with `ScrollTimeline.sample(at:segmentHint:)` (the same bits as a run computes
/// alone), under the store's lock; a published chunk never changes. A run keeps the chunk it
/// reads and takes the lock only to move to another one, so runs of one store may run on
/// different threads at once, and what a run reads cannot depend on which run filled a chunk.
/// Memory: 16 bytes per vsync of the chunks asked for (the long session's eleven minutes at
/// 120 Hz: 1.25 MB), freed with the store when the runs sharing it are gone, and never more than
/// `maxChunks` chunks (2 MiB: 18 minutes at 120 Hz): a run samples a vsync past them alone, as
/// without a store, so a long session's memory does not grow with its length.
///
/// It does not compute ahead of the runs (a chunk is filled when first asked for) and keeps no
/// per-run cursor: that is the run's.
package final class ScrollSampleStore: @unchecked Sendable {
    /// What the samples depend on: two runs may share a store exactly when their keys are equal.
    package struct Key: Equatable, Sendable {
        /// The run's seed (the layout's heights and `user` steps draw from it).
        let seed: UInt64
        /// `scenario.refreshHz`: the vsync grid.
        let refreshHz: Int
        /// `scenario.script`.
        let script: [ScriptStep]
        /// `scenario.layout`: `maxOffset` and `offsetToShow(item:)`.
        let layout: Scenario.Layout

        /// The key of a run of `scenario` with `seed`.
        package init(scenario: Scenario, seed: UInt64) {
            self.seed = seed
            refreshHz = scenario.refreshHz
            script = scenario.script
            layout = scenario.layout
        }
    }

    /// The samples of vsyncs `first ..< first + chunkSize`; never changed once published.
    final class Chunk: @unchecked Sendable {
        /// The chunk's first vsync (a multiple of `chunkSize`).
        let first: Int
        /// `chunkSize` samples, vsync `first + i` at `i`.
        let samples: UnsafeMutableBufferPointer<ScrollTimeline.Sample>

        /// The chunk from vsync `first`, sampled from `timeline` on the grid `division`.
        init(first: Int, timeline: ScrollTimeline, division: VsyncDivision) {
            self.first = first
            samples = .allocate(capacity: ScrollSampleStore.chunkSize)
            var hint = 0
            for i in 0..<ScrollSampleStore.chunkSize {
                let sample = timeline.sample(at: division.time(first + i), segmentHint: &hint)
                (samples.baseAddress! + i).initialize(to: sample)
            }
        }

        deinit {
            samples.deallocate()  // trivial elements: nothing to deinitialize
        }
    }

    /// Vsyncs per chunk: 64 KiB of samples (34 s at 120 Hz).
    static let chunkSize = 4096
    /// The most chunks a store holds: vsyncs from `vsyncLimit` on are sampled by each run alone.
    static let maxChunks = 32
    /// The first vsync a store does not hold (`chunkSize · maxChunks`).
    static let vsyncLimit = chunkSize * maxChunks

    /// The inputs of every sample here.
    package let key: Key
    /// The vsync grid of `key.refreshHz`.
    private let division: VsyncDivision
    /// Guards `storedTimeline` and `chunks`.
    private let lock = DispatchQueue(label: "ScrollSampleStore")
    /// The timeline, built by the first run (`timeline(orMake:)`).
    private var storedTimeline: ScrollTimeline?
    /// The chunks, by index (vsync / `chunkSize`); nil: not asked for yet.
    private var chunks: [Chunk?] = []

    /// An empty store for the runs of `scenario` with `seed`.
    package init(scenario: Scenario, seed: UInt64) {
        key = Key(scenario: scenario, seed: seed)
        division = VsyncDivision(refreshHz: Int64(scenario.refreshHz))
    }

    /// Whether a run of `scenario` with `seed` samples what this store holds.
    /// - Complexity: O(size of the script and layout).
    package func matches(_ scenario: Scenario, seed: UInt64) -> Bool {
        key == Key(scenario: scenario, seed: seed)
    }

    /// The store's timeline: the first caller's `make()` (every run of the key builds the same).
    func timeline(orMake make: () -> ScrollTimeline) -> ScrollTimeline {
        lock.sync {
            if let storedTimeline { return storedTimeline }
            let timeline = make()
            storedTimeline = timeline
            return timeline
        }
    }

    /// The chunk holding vsync `k` (0 ≤ k < `vsyncLimit`), computed now if no run has asked for it
    /// yet.
    /// - Complexity: O(`chunkSize`) the first time, O(1) after.
    func chunk(containing k: Int) -> Chunk {
        precondition(k >= 0 && k < Self.vsyncLimit, "vsync \(k) outside the store")
        let index = k / Self.chunkSize
        return lock.sync {
            if index < chunks.count, let chunk = chunks[index] { return chunk }
            guard let timeline = storedTimeline else { preconditionFailure("a chunk asked for before the timeline") }
            if index >= chunks.count { chunks += [Chunk?](repeating: nil, count: index + 1 - chunks.count) }
            let chunk = Chunk(first: index * Self.chunkSize, timeline: timeline, division: division)
            chunks[index] = chunk
            return chunk
        }
    }

    /// Vsyncs whose samples are computed (a whole chunk each), for tests.
    var computedVsyncs: Int {
        lock.sync { chunks.reduce(0) { $0 + ($1 == nil ? 0 : Self.chunkSize) } }
    }
}
