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
enum ShardCSV {
    /// The start of line 1.
    static let marker = "# scrollsim-shard "

    /// The name of the leading column.
    static let runColumn = "run"

    /// What line 1 says.
    struct Metadata: Equatable {
        /// This shard's number, 1...count.
        var shard: Int
        /// The number of shards.
        var count: Int
        /// The sweep's total number of runs.
        var runs: Int
        /// The sweep's fingerprint.
        var fingerprint: UInt64

        /// Line 1, "\n"-terminated.
        var line: String {
            let hex = String(fingerprint, radix: 16)
            return "\(ShardCSV.marker)\(shard)/\(count) runs=\(runs) sweep=\(String(repeating: "0", count: 16 - hex.count) + hex)\n"
        }

        /// "2/3".
        var name: String { "\(shard)/\(count)" }

        /// Whether run `index` belongs to this shard.
        func contains(run index: Int) -> Bool { index % count == shard - 1 }

        /// How many runs this shard holds.
        var runCount: Int { shard - 1 < runs ? (runs - shard) / count + 1 : 0 }

        /// Parses line 1 (without its line break); nil if it is not one.
        init?(line text: String) {
            guard text.hasPrefix(ShardCSV.marker) else { return nil }
            let words = text.dropFirst(ShardCSV.marker.count).split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, let (shard, count) = ShardCSV.parseShard(String(words[0])),
                  words[1].hasPrefix("runs="), let runs = Int(words[1].dropFirst(5)), runs >= 0,
                  words[2].hasPrefix("sweep="), words[2].count == 22, let fingerprint = UInt64(words[2].dropFirst(6), radix: 16)
            else { return nil }
            self.init(shard: shard, count: count, runs: runs, fingerprint: fingerprint)
        }

        /// Metadata from its parts.
        init(shard: Int, count: Int, runs: Int, fingerprint: UInt64) {
            self.shard = shard
            self.count = count
            self.runs = runs
            self.fingerprint = fingerprint
        }
    }

    /// Parses "i/n" with 1 ≤ i ≤ n ≤ 1 000 000 (digits only); nil otherwise.
    static func parseShard(_ text: String) -> (shard: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.allSatisfy(\.isASCIIDigit) }),
              let shard = Int(parts[0]), let count = Int(parts[1]), 1 <= shard, shard <= count, count <= 1_000_000
        else { return nil }
        return (shard, count)
    }

    /// The shard file: line 1, the header with `run`, and each row after its run index.
    static func text(metadata: Metadata, header: String, indices: [Int], rows: [String]) -> String {
        var text = metadata.line + runColumn + "," + header
        for (index, row) in zip(indices, rows) { text += String(index) + "," + row }
        return text
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}
