/// Which shard of a sweep to run: `--shard i/n`, or `--shard env/n`, which takes the index from
/// the batch system that started the process.
///
/// `env/n` reads, in this order (the first one set wins; the other is then ignored):
/// 1. `JOB_COMPLETION_INDEX`, set by a Kubernetes Indexed Job (`completionMode: Indexed`,
///    `completions: n`) to 0 … n − 1;
/// 2. `SLURM_ARRAY_TASK_ID`, set by a Slurm job array to the task's id.
///
/// Both are taken **0-based**: index `k` runs shard `k + 1` of `n`, so the Slurm array is
/// submitted as `--array=0-<n−1>`. A 1-based array (`--array=1-<n>`) is refused at every task,
/// because Slurm sets `SLURM_ARRAY_TASK_MAX` to `n` (with it, shard 1 would never run and task
/// `n` would be out of range). A value that is not a decimal integer from 0 to n − 1 is refused
/// with one line naming the variable, its value and the allowed range.
public struct ShardSelection: Equatable, Sendable {
    /// The shard, 1 … `count`.
    public var shard: Int
    /// The number of shards.
    public var count: Int

    /// The Kubernetes Indexed Job's variable.
    public static let kubernetesVariable = "JOB_COMPLETION_INDEX"
    /// The Slurm job array's variable.
    public static let slurmVariable = "SLURM_ARRAY_TASK_ID"
    /// The highest task id of the Slurm job array (set by Slurm beside the task's id).
    public static let slurmMaximumVariable = "SLURM_ARRAY_TASK_MAX"
    /// What `--shard env/n` starts with.
    public static let environmentPrefix = "env/"

    /// A shard from its parts.
    public init(shard: Int, count: Int) {
        self.shard = shard
        self.count = count
    }

    /// Whether `text` has the form of a `--shard` value: `i/n` with 1 ≤ i ≤ n ≤ 1,000,000, or
    /// `env/n` with 1 ≤ n ≤ 1,000,000 (digits only).
    public static func isWellFormed(_ text: String) -> Bool {
        environmentCount(text) != nil || ShardCSV.parseShard(text) != nil
    }

    /// `n` of `env/n`; nil when `text` is not of that form.
    static func environmentCount(_ text: String) -> Int? {
        guard text.hasPrefix(environmentPrefix) else { return nil }
        let digits = text.dropFirst(environmentPrefix.count)
        guard !digits.isEmpty, digits.count <= 7, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let count = Int(digits), count >= 1, count <= 1_000_000 else { return nil }
        return count
    }

    /// The shard `text` names, reading `environment` for `env/n`.
    /// - Throws: `ShardSelectionError`, one line: a malformed value, neither variable set, or a
    ///   variable that is not an index from 0 to n − 1 (or a 1-based Slurm array).
    public static func resolve(_ text: String, environment: [String: String]) throws(ShardSelectionError)
        -> ShardSelection {
        if let (shard, count) = ShardCSV.parseShard(text) { return ShardSelection(shard: shard, count: count) }
        guard let count = environmentCount(text) else {
            throw ShardSelectionError("'\(text)' is not a shard: expected i/n with i from 1 to n, or env/n")
        }
        let range = "an integer from 0 to \(count - 1) (0-based: shard k + 1 of \(count) runs at index k)"
        let variable: String
        if environment[kubernetesVariable] != nil {
            variable = kubernetesVariable
        } else if environment[slurmVariable] != nil {
            variable = slurmVariable
            if let maximum = environment[slurmMaximumVariable].flatMap(Int.init), maximum >= count {
                throw ShardSelectionError("--shard \(text): \(slurmMaximumVariable) is \(maximum), but array task "
                                          + "ids are taken 0-based; submit the array as --array=0-\(count - 1)")
            }
        } else {
            throw ShardSelectionError("--shard \(text) takes the shard index from \(kubernetesVariable) "
                                      + "(Kubernetes Indexed Job) or \(slurmVariable) (Slurm job array), "
                                      + "and neither is set; give --shard i/\(count) instead")
        }
        let value = environment[variable] ?? ""
        guard !value.isEmpty, value.count <= 7, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let index = Int(value), index < count else {
            let shown = String(value.prefix(40)).debugDescription
            throw ShardSelectionError("--shard \(text): \(variable) is \(shown); expected \(range)")
        }
        return ShardSelection(shard: index + 1, count: count)
    }
}

/// Why `--shard` names no shard: one line, for a usage error (exit 64).
public struct ShardSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line.
    public var description: String

    /// An error with `description`.
    public init(_ description: String) { self.description = description }
}
