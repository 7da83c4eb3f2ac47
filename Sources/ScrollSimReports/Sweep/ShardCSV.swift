/// The file `scrollsim sweep --shard i/n` writes, and what `scrollsim merge` needs to rebuild
/// the unsharded sweep's exact bytes.
///
/// Format:
/// ```
/// # scrollsim-shard 2/3 runs=1000 sweep=9f2c4e1a0b3d5c77
/// run,scenario,strategy,seed,…,<axis columns>
/// 1,<the unsharded sweep's row of run 1>
/// 4,<row of run 4>
/// ```
/// Line 1 names the shard, the sweep's total run count and the sweep's fingerprint (FNV-1a of
/// the sweep and scenario files), so a shard with no rows still says what it is and shards of
/// different sweeps are refused. Line 2 is the sweep's header with a leading `run` column; each
/// row is the sweep's row of run `k` (0-based, in sweep order) after `k,`. Shard `i` of `n` holds
/// the runs with `k % n == i − 1`, in increasing order: the slices interleave, so every shard
/// gets a similar mix of slow and fast combinations.
public enum ShardCSV {
    /// The start of line 1.
    public static let marker = "# scrollsim-shard "

    /// The name of the leading column.
    public static let runColumn = "run"

    /// What line 1 says.
    public struct Metadata: Equatable, Sendable {
        /// This shard's number, 1...count.
        public var shard: Int
        /// The number of shards.
        public var count: Int
        /// The sweep's total number of runs.
        public var runs: Int
        /// The sweep's fingerprint.
        public var fingerprint: UInt64

        /// Line 1, "\n"-terminated.
        public var line: String {
            let hex = String(fingerprint, radix: 16)
            let paddedHex = String(repeating: "0", count: 16 - hex.count) + hex
            return "\(ShardCSV.marker)\(shard)/\(count) runs=\(runs) sweep=\(paddedHex)\n"
        }

        /// "2/3".
        public var name: String { "\(shard)/\(count)" }

        /// Whether run `index` belongs to this shard.
        public func contains(run index: Int) -> Bool { index % count == shard - 1 }

        /// How many runs this shard holds.
        public var runCount: Int { shard - 1 < runs ? (runs - shard) / count + 1 : 0 }

        /// Parses line 1 (without its line break); nil if it is not one.
        public init?(line text: String) {
            guard text.hasPrefix(ShardCSV.marker) else { return nil }
            let words = text.dropFirst(ShardCSV.marker.count).split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, let (shard, count) = ShardCSV.parseShard(String(words[0])),
                  words[1].hasPrefix("runs="), let runs = Int(words[1].dropFirst(5)), runs >= 0,
                  words[2].hasPrefix("sweep="), words[2].count == 22,
                  let fingerprint = UInt64(words[2].dropFirst(6), radix: 16)
            else { return nil }
            self.init(shard: shard, count: count, runs: runs, fingerprint: fingerprint)
        }

        /// Metadata from its parts.
        public init(shard: Int, count: Int, runs: Int, fingerprint: UInt64) {
            self.shard = shard
            self.count = count
            self.runs = runs
            self.fingerprint = fingerprint
        }
    }

    /// Parses "i/n" with 1 ≤ i ≤ n ≤ 1 000 000 (digits only); nil otherwise.
    public static func parseShard(_ text: String) -> (shard: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let shard = Int(parts[0]), let count = Int(parts[1]), 1 <= shard, shard <= count, count <= 1_000_000
        else { return nil }
        return (shard, count)
    }

    /// The shard file: line 1, the header with `run`, and each row of `document` after its run
    /// index (`indices`, one per row).
    public static func text(metadata: Metadata, document: SummaryDocument, indices: [Int]) -> String {
        var text = metadata.line + runColumn + "," + document.header
        for (index, row) in zip(indices, document.rows) { text += String(index) + "," + document.line(row) }
        return text
    }
}
