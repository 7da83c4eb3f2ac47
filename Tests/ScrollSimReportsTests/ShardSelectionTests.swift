import Testing
import ScrollSimReports

/// `--shard i/n` and `--shard env/n`: the index taken from a Kubernetes Indexed Job or a Slurm job
/// array (0-based), which variable wins, and one-line refusals of missing and invalid values.
@Suite struct ShardSelectionTests {
    /// `text` resolved against `environment`, or the error's line.
    func resolve(_ text: String, _ environment: [String: String]) -> Result<ShardSelection, ShardSelectionError> {
        Result { () throws(ShardSelectionError) -> ShardSelection in
            try ShardSelection.resolve(text, environment: environment)
        }
    }

    @Test("i/n is taken as given, whatever the environment says")
    func explicit() {
        #expect(resolve("3/8", ["JOB_COMPLETION_INDEX": "0"]) == .success(ShardSelection(shard: 3, count: 8)))
    }

    @Test("every Kubernetes completion index 0…n−1 runs a different shard, and together they run all n")
    func kubernetesIndices() throws {
        var shards: [Int] = []
        for index in 0..<64 {
            let selection = try ShardSelection.resolve("env/64", environment: ["JOB_COMPLETION_INDEX": String(index)])
            #expect(selection.count == 64)
            shards.append(selection.shard)
        }
        #expect(shards == Array(1...64))
    }

    @Test("a Slurm array submitted 0-based: task id k runs shard k + 1, resubmitted subsets included")
    func slurmIndices() {
        #expect(resolve("env/4", ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MAX": "3"])
                == .success(ShardSelection(shard: 1, count: 4)))
        #expect(resolve("env/4", ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MAX": "3"])
                == .success(ShardSelection(shard: 4, count: 4)))
        #expect(resolve("env/4", ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_MAX": "2"])
                == .success(ShardSelection(shard: 3, count: 4)))
        #expect(resolve("env/4", ["SLURM_ARRAY_TASK_ID": "1"]) == .success(ShardSelection(shard: 2, count: 4)))
    }

    @Test("both set: JOB_COMPLETION_INDEX wins and the Slurm variables are not read")
    func kubernetesWins() {
        #expect(resolve("env/4", ["JOB_COMPLETION_INDEX": "2", "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MAX": "9"])
                == .success(ShardSelection(shard: 3, count: 4)))
    }

    @Test("a 1-based Slurm array is refused at every task, naming the array to submit")
    func slurmOneBased() {
        for task in 1...4 {
            #expect(resolve("env/4", ["SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MAX": "4"])
                    == .failure(ShardSelectionError("--shard env/4: SLURM_ARRAY_TASK_MAX is 4, but array task ids "
                                                    + "are taken 0-based; submit the array as --array=0-3")))
        }
    }

    @Test("neither variable set: one line naming both and the alternative")
    func neither() {
        #expect(resolve("env/64", ["PATH": "/bin"]) == .failure(ShardSelectionError(
            "--shard env/64 takes the shard index from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or "
            + "SLURM_ARRAY_TASK_ID (Slurm job array), and neither is set; give --shard i/64 instead")))
    }

    @Test("invalid values: one line naming the variable, the value and the range",
          arguments: ["", "64", "-1", "+3", " 3", "3 ", "1e3", "0x10", "abc", "99999999"])
    func invalid(value: String) {
        let expected = "expected an integer from 0 to 63 (0-based: shard k + 1 of 64 runs at index k)"
        #expect(resolve("env/64", ["JOB_COMPLETION_INDEX": value]) == .failure(ShardSelectionError(
            "--shard env/64: JOB_COMPLETION_INDEX is \(value.debugDescription); \(expected)")))
        #expect(resolve("env/64", ["SLURM_ARRAY_TASK_ID": value]) == .failure(ShardSelectionError(
            "--shard env/64: SLURM_ARRAY_TASK_ID is \(value.debugDescription); \(expected)")))
    }

    @Test("well-formed values", arguments: [("1/1", true), ("64/64", true), ("env/1", true), ("env/1000000", true),
                                            ("env/0", false), ("env/1000001", false), ("env/", false), ("env", false),
                                            ("env/6 4", false), ("Env/4", false), ("0/4", false), ("env/+4", false)])
    func wellFormed(text: String, expected: Bool) {
        #expect(ShardSelection.isWellFormed(text) == expected)
    }
}
