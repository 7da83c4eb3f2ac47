// The `replay` and `user` steps: recorded gestures and a stochastic user (docs/workloads.md).

extension ScenarioDecoder {
    /// `replay {file}`: the recording, read now (through `files`) so the scenario holds it.
    func replay(_ body: JSONValue, at path: String) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        var given = (name: "", path: "")
        let keys = try members(of: body, at: path, section: ScenarioKeys.replay) {
            key, value, path throws(ScenarioError) in
            given = (try filePath(value, at: path, key), path)
        }
        try checkRequired(ScenarioKeys.replay, given: keys, at: path)
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
        var givenPaths: [String: String] = [:]  // looked up only, never iterated
        let given = try members(of: body, at: path, section: ScenarioKeys.user) {
            key, value, path throws(ScenarioError) in
            givenPaths[key.name] = path
            switch key.name {
            case "seconds": user.seconds = try number(value, at: path, key)
            case "pauseSecondsMedian": user.pauseSecondsMedian = try number(value, at: path, key)
            case "pauseSecondsP95": user.pauseSecondsP95 = try number(value, at: path, key)
            case "flingShare": user.flingShare = try number(value, at: path, key)
            case "flingVelocityMedian": user.flingVelocityMedian = try number(value, at: path, key)
            case "flingVelocityP95": user.flingVelocityP95 = try number(value, at: path, key)
            case "flickSeconds": user.flickSeconds = try number(value, at: path, key)
            case "dragVelocityMedian": user.dragVelocityMedian = try number(value, at: path, key)
            case "dragVelocityP95": user.dragVelocityP95 = try number(value, at: path, key)
            case "dragSecondsMedian": user.dragSecondsMedian = try number(value, at: path, key)
            case "dragSecondsP95": user.dragSecondsP95 = try number(value, at: path, key)
            case "reversalProbability": user.reversalProbability = try number(value, at: path, key)
            case "returnToTopProbability": user.returnToTopProbability = try number(value, at: path, key)
            case "deceleration": user.deceleration = try choice(value, at: path, key)
            default: break  // `members` admits only the section's keys
            }
        }
        try checkRequired(ScenarioKeys.user, given: given, at: path)
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
