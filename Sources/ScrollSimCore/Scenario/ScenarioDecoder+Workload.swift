// The `replay` and `user` steps: recorded gestures and a stochastic user (docs/workloads.md).

extension ScenarioDecoder {
    /// The keys of each new step, in documentation order.
    enum WorkloadKeys {
        /// `replay`.
        static let replay = ["file"]
        /// `user`.
        static let user = [
            "seconds", "pauseSecondsMedian", "pauseSecondsP95", "flingShare", "flingVelocityMedian", "flingVelocityP95",
            "flickSeconds", "dragVelocityMedian", "dragVelocityP95", "dragSecondsMedian", "dragSecondsP95",
            "reversalProbability", "returnToTopProbability", "deceleration",
        ]
    }

    /// Allowed values of the `user` step's parameters.
    enum UserLimits {
        /// `seconds`: up to the script's 3 hours.
        static let seconds = NumberRange.above(0, atMost: ScriptLimits.expandedSeconds)
        /// `pauseSecondsMedian`.
        static let pauseMedian = NumberRange.above(0, atMost: 600)
        /// `pauseSecondsP95`.
        static let pauseP95 = NumberRange.above(0, atMost: 3600)
        /// `flingVelocityMedian`: within the fling limits.
        static let flingMedian = NumberRange.from(UserModel.minFlingVelocity, to: UserModel.maxFlingVelocity)
        /// `flingVelocityP95`.
        static let flingP95 = NumberRange.from(UserModel.minFlingVelocity, to: 100_000)
        /// `flickSeconds`.
        static let flick = NumberRange.from(UserModel.minGestureSeconds, to: 1)
        /// `dragVelocityMedian`.
        static let dragVelocityMedian = NumberRange.above(0, atMost: 10_000)
        /// `dragVelocityP95`.
        static let dragVelocityP95 = NumberRange.above(0, atMost: 100_000)
        /// `dragSecondsMedian`.
        static let dragSecondsMedian = NumberRange.from(UserModel.minGestureSeconds, to: 60)
        /// `dragSecondsP95`.
        static let dragSecondsP95 = NumberRange.from(UserModel.minGestureSeconds, to: 600)
        /// A share or a probability.
        static let probability = NumberRange.from(0, to: 1)
    }

    /// `replay {file}`: the recording, read now (through `files`) so the scenario holds it.
    func replay(_ body: JSONValue, at path: String) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        var given: (name: String, path: String)?
        try members(of: body, at: path, keys: WorkloadKeys.replay) { _, value, path throws(ScenarioError) in
            let name = try string(value, at: path)
            guard !name.isEmpty else {
                throw invalid(path, "must name a CSV file (a path relative to the scenario file), found ''")
            }
            given = (name, path)
        }
        guard let given else {
            throw missing(Self.path(path, "file"), expected: "a CSV file's path, relative to the scenario file")
        }
        let gesture: ReplayGesture
        do {
            gesture = try files.replayGesture(atPath: Self.resolve(given.name, nextTo: file))
        } catch {
            // The recording's own problem, at the step's `file` key; a missing or unreadable
            // recording keeps its kind (exit 66).
            throw ScenarioError(kind: error.kind, file: file, path: given.path, message: error.description)
        }
        // The timeline places one interval and one wake-up per run of motion.
        let steps = 1 + gesture.motionStarts.count
        return (.replay(gesture), ScriptTotals(steps: steps, seconds: Double(gesture.durationNanos) / 1e9))
    }

    /// `user {seconds, …}`: every parameter checked; percentiles ordered.
    func user(_ body: JSONValue, at path: String) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        var user = UserModel(seconds: 0)
        var hasSeconds = false
        var givenPaths: [String: String] = [:]  // looked up only, never iterated
        try members(of: body, at: path, keys: WorkloadKeys.user) { key, value, path throws(ScenarioError) in
            givenPaths[key] = path
            switch key {
            case "seconds":
                user.seconds = try number(value, at: path, UserLimits.seconds)
                hasSeconds = true
            case "pauseSecondsMedian": user.pauseSecondsMedian = try number(value, at: path, UserLimits.pauseMedian)
            case "pauseSecondsP95": user.pauseSecondsP95 = try number(value, at: path, UserLimits.pauseP95)
            case "flingShare": user.flingShare = try number(value, at: path, UserLimits.probability)
            case "flingVelocityMedian": user.flingVelocityMedian = try number(value, at: path, UserLimits.flingMedian)
            case "flingVelocityP95": user.flingVelocityP95 = try number(value, at: path, UserLimits.flingP95)
            case "flickSeconds": user.flickSeconds = try number(value, at: path, UserLimits.flick)
            case "dragVelocityMedian":
                user.dragVelocityMedian = try number(value, at: path, UserLimits.dragVelocityMedian)
            case "dragVelocityP95": user.dragVelocityP95 = try number(value, at: path, UserLimits.dragVelocityP95)
            case "dragSecondsMedian": user.dragSecondsMedian = try number(value, at: path, UserLimits.dragSecondsMedian)
            case "dragSecondsP95": user.dragSecondsP95 = try number(value, at: path, UserLimits.dragSecondsP95)
            case "reversalProbability": user.reversalProbability = try number(value, at: path, UserLimits.probability)
            case "returnToTopProbability":
                user.returnToTopProbability = try number(value, at: path, UserLimits.probability)
            case "deceleration": user.deceleration = try choice(value, at: path)
            default: break  // `members` admits only `WorkloadKeys.user`
            }
        }
        guard hasSeconds else { throw missing(Self.path(path, "seconds"), expected: UserLimits.seconds.phrase) }
        let pairs: [(median: String, p95: String, values: (Double, Double))] = [
            ("pauseSecondsMedian", "pauseSecondsP95", (user.pauseSecondsMedian, user.pauseSecondsP95)),
            ("flingVelocityMedian", "flingVelocityP95", (user.flingVelocityMedian, user.flingVelocityP95)),
            ("dragVelocityMedian", "dragVelocityP95", (user.dragVelocityMedian, user.dragVelocityP95)),
            ("dragSecondsMedian", "dragSecondsP95", (user.dragSecondsMedian, user.dragSecondsP95)),
        ]
        for pair in pairs {
            try checkPercentiles(
                median: (pair.values.0, pair.median, givenPaths[pair.median] != nil),
                p95: (pair.values.1, pair.p95, givenPaths[pair.p95]), in: path)
        }
        let steps = UserModel.maxExpandedSteps(seconds: user.seconds)
        return (.user(user), ScriptTotals(steps: steps, seconds: user.seconds))
    }

    /// `relative` resolved against the directory of `file` (an absolute path, or a file named
    /// without a directory, leaves it as is): how a scenario names the files next to it.
    static func resolve(_ relative: String, nextTo file: String) -> String {
        guard !relative.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return relative }
        return String(file[...slash]) + relative
    }
}
