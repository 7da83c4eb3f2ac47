// The `script` array: steps, nested repeats and the limits on the expanded script (docs/model.md).

extension ScenarioDecoder {
    /// A `scrollTo` target, checked against `layout.itemCount` once the whole file is read.
    struct ScrollTarget {
        /// The item scrolled to.
        var item: Int
        /// JSON path of the `item` member, for the error.
        var path: String
    }

    /// What a script amounts to once every repeat is unrolled.
    struct ScriptTotals {
        /// Steps other than `repeat`, saturating at `Int.max`.
        var steps = 0
        /// Seconds of drags, pauses and animated scrolls.
        var seconds: Double = 0

        /// These totals run `times` times.
        func repeated(_ times: Int) -> ScriptTotals {
            let (steps, overflow) = steps.multipliedReportingOverflow(by: times)
            return ScriptTotals(steps: overflow ? .max : steps, seconds: seconds * Double(times))
        }

        /// Adds `other` to these totals.
        mutating func add(_ other: ScriptTotals) {
            let (sum, overflow) = steps.addingReportingOverflow(other.steps)
            steps = overflow ? .max : sum
            seconds += other.seconds
        }
    }

    /// Limits of the script format.
    enum ScriptLimits {
        /// Most steps after unrolling repeats.
        static let expandedSteps = 1_000_000
        /// Most seconds of drags, pauses, flings, animated scrolls, replays and users after unrolling repeats
        /// (3 h: a run's cost grows with its length, and every strategy runs it).
        static let expandedSeconds: Double = 10_800
        /// Deepest nesting of `repeat`.
        static let repeatDepth = 8
        /// The step kinds, in documentation order (README, docs/workloads.md for `replay` and `user`).
        static var stepKinds: [String] { ScenarioKeys.steps.map(\.name) }
        /// Any velocity, points per second.
        static let velocity = NumberRange.from(-100_000, to: 100_000)
        /// `drag.seconds` and `pause.seconds`.
        static let duration = NumberRange.above(0, atMost: 3600)
        /// `scrollTo.seconds`.
        static let scrollDuration = NumberRange.above(0, atMost: 60)
        /// `scrollTo.seconds` when not given, per UIKit's animated scroll.
        static let defaultScrollSeconds = 0.3
    }

    /// The top-level `script`, the `scrollTo` targets in it, after checking the expanded totals.
    func script(_ value: JSONValue, at path: String) throws(ScenarioError) -> ([ScriptStep], [ScrollTarget]) {
        var targets: [ScrollTarget] = []
        let (steps, totals) = try steps(value, at: path, repeatDepth: 0, targets: &targets)
        if totals.steps > ScriptLimits.expandedSteps {
            let count = totals.steps == .max ? "more than \(Int.max)" : "\(totals.steps)"
            throw invalid(path, "expands to \(count) steps once repeats are unrolled; "
                              + "at most \(ScriptLimits.expandedSteps) are allowed")
        }
        if totals.seconds > ScriptLimits.expandedSeconds {
            throw invalid(
                path,
                "drags, pauses, flings, animated scrolls, replays and users last \(Self.formatted(totals.seconds)) s "
                    + "once repeats are unrolled; at most \(Self.formatted(ScriptLimits.expandedSeconds)) s (3 hours) "
                    + "are allowed"
            )
        }
        return (steps, targets)
    }

    /// An array of steps inside `repeatDepth` repeats.
    private func steps(
        _ value: JSONValue, at path: String, repeatDepth: Int, targets: inout [ScrollTarget]
    ) throws(ScenarioError) -> ([ScriptStep], ScriptTotals) {
        guard case .array(let items) = value else {
            throw typeMismatch(expected: "an array of steps", found: value, at: path)
        }
        var steps: [ScriptStep] = []
        var totals = ScriptTotals()
        for (index, item) in items.enumerated() {
            let (step, stepTotals) = try step(item, at: Self.path(path, index), repeatDepth: repeatDepth,
                                              targets: &targets)
            steps.append(step)
            totals.add(stepTotals)
        }
        return (steps, totals)
    }

    /// One step: an object with exactly one key naming its kind.
    private func step(
        _ value: JSONValue, at path: String, repeatDepth: Int, targets: inout [ScrollTarget]
    ) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        guard case .object(let entries) = value else {
            throw typeMismatch(expected: "a step such as {\"pause\": {\"seconds\": 1}}", found: value, at: path)
        }
        guard entries.count == 1 else {
            let found = entries.isEmpty
                ? "none"
                : "\(entries.count): " + entries.map(\.key.quotedForMessage).joined(separator: ", ")
            throw invalid(
                path,
                "a step must have exactly one key naming its kind (\(ScriptLimits.stepKinds.joined(separator: ", "))); "
                    + "found \(found)")
        }
        let (kind, body) = entries[0]
        let stepPath = Self.path(path, kind)
        switch kind {
        case "drag":
            var velocity = 0.0, seconds = 0.0
            let given = try members(of: body, at: stepPath, section: ScenarioKeys.drag) {
                key, value, path throws(ScenarioError) in
                if key.name == "velocity" {
                    velocity = try number(value, at: path, key)
                } else {
                    seconds = try number(value, at: path, key)
                }
            }
            try checkRequired(ScenarioKeys.drag, given: given, at: stepPath)
            return (.drag(velocity: velocity, seconds: seconds), ScriptTotals(steps: 1, seconds: seconds))
        case "fling":
            var velocity = 0.0
            var deceleration = DecelerationRate.normal
            let given = try members(of: body, at: stepPath, section: ScenarioKeys.fling) {
                key, value, path throws(ScenarioError) in
                if key.name == "velocity" {
                    velocity = try number(value, at: path, key)
                } else {
                    deceleration = try choice(value, at: path, key)
                }
            }
            try checkRequired(ScenarioKeys.fling, given: given, at: stepPath)
            // A fling lasts until |v| < 10 pt/s (at most; an edge can stop it earlier).
            let flingSeconds = abs(velocity) > 10
                ? DMath.log(10 / abs(velocity)) / (1000 * DMath.log(deceleration.perMillisecond)) : 0
            return (.fling(velocity: velocity, deceleration: deceleration),
                    ScriptTotals(steps: 1, seconds: flingSeconds))
        case "pause":
            var seconds = 0.0
            let given = try members(of: body, at: stepPath, section: ScenarioKeys.pause) {
                key, value, path throws(ScenarioError) in
                seconds = try number(value, at: path, key)
            }
            try checkRequired(ScenarioKeys.pause, given: given, at: stepPath)
            return (.pause(seconds: seconds), ScriptTotals(steps: 1, seconds: seconds))
        case "scrollTo":
            return try scrollTo(body, at: stepPath, targets: &targets)
        case "repeat":
            return try repeatStep(body, at: stepPath, repeatDepth: repeatDepth + 1, targets: &targets)
        case "memoryWarning":
            guard case .object(let parameters) = body else {
                throw typeMismatch(expected: "an empty object {}", found: body, at: stepPath)
            }
            guard parameters.isEmpty else {
                throw invalid(stepPath, "must be an empty object {}: memoryWarning takes no parameters")
            }
            return (.memoryWarning, ScriptTotals(steps: 1))
        case "replay":
            return try replay(body, at: stepPath)
        case "user":
            return try user(body, at: stepPath)
        default:
            throw unknownName(kind, at: stepPath, allowed: ScriptLimits.stepKinds, noun: "step kind")
        }
    }

    /// `scrollTo {item, animated?, seconds?}`; a jump (`animated: false`) takes no time and no `seconds`.
    private func scrollTo(
        _ body: JSONValue, at path: String, targets: inout [ScrollTarget]
    ) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        var target = ScrollTarget(item: 0, path: "")
        var animated = true
        var secondsGiven: (value: Double, path: String)?
        let given = try members(of: body, at: path, section: ScenarioKeys.scrollTo) {
            key, value, path throws(ScenarioError) in
            switch key.name {
            case "item": target = ScrollTarget(item: try integer(value, at: path, key), path: path)
            case "animated": animated = try boolean(value, at: path, key)
            case "seconds": secondsGiven = (try number(value, at: path, key), path)
            default: break  // `members` admits only the section's keys
            }
        }
        try checkRequired(ScenarioKeys.scrollTo, given: given, at: path)
        if !animated, let secondsGiven {
            throw invalid(secondsGiven.path, "only allowed when animated is true (a jump takes no time)")
        }
        targets.append(target)
        let seconds = animated ? secondsGiven?.value ?? ScriptLimits.defaultScrollSeconds : 0
        return (.scrollTo(item: target.item, animated: animated, seconds: seconds),
                ScriptTotals(steps: 1, seconds: seconds))
    }

    /// `repeat {times, script}`, the `repeatDepth`-th nested repeat.
    private func repeatStep(
        _ body: JSONValue, at path: String, repeatDepth: Int, targets: inout [ScrollTarget]
    ) throws(ScenarioError) -> (ScriptStep, ScriptTotals) {
        guard repeatDepth <= ScriptLimits.repeatDepth else {
            throw invalid(path, "repeats can be nested at most \(ScriptLimits.repeatDepth) deep")
        }
        var times = 0
        var (innerSteps, innerTotals) = ([ScriptStep](), ScriptTotals())
        let section = ScenarioKeys.repeatStep
        let given = try members(of: body, at: path, section: section) { key, value, path throws(ScenarioError) in
            if key.name == "times" {
                times = try integer(value, at: path, key)
            } else {
                (innerSteps, innerTotals) = try steps(value, at: path, repeatDepth: repeatDepth, targets: &targets)
                guard case .steps(let minimumCount) = key.kind, innerSteps.count >= minimumCount else {
                    throw invalid(path, "must list at least one step")
                }
            }
        }
        try checkRequired(section, given: given, at: path)
        return (.repeatSteps(times: times, steps: innerSteps), innerTotals.repeated(times))
    }
}
