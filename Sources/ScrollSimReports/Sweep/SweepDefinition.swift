import ScrollSimCore

/// A sweep file, read and checked: the base scenario document and the axes to vary.
///
/// Format (JSON; keys `description`, `scenario`, `strategies`, `axes`):
/// ```json
/// { "description": "optional text",
///   "scenario": "../Scenarios/photo-grid-lte.json",      // a path relative to the sweep file,
///                                                         // or an inline scenario object
///   "strategies": ["naive", { "name": "apple-prefetching-sample" }],   // optional: replaces the scenario's list
///   "axes": { "cells.prefetchScreens": [0, 0.5, 1, 2],
///             "strategies[0].memoryCacheMB": [25, 50, 100],
///             "seed": [1, 2, 3] } }
/// ```
/// An axis is a JSON path into the scenario (`JSONPath`: any scenario field, `strategies[i].<parameter>`
/// or `strategies[*].<parameter>` for every listed strategy that takes the parameter) with a
/// non-empty array of values; the
/// axis `strategy` instead picks the strategy each run uses (a name, taking the scenario's entry
/// of that name when it lists one, or a `{ "name": …, <parameters> }` object), so
/// `strategies[0]` then means the picked strategy. Axes keep their order in the file.
///
/// The file is parsed once. Strategy entries given as names become `{ "name": … }` objects so a
/// parameter axis can set a member on them. Errors name the sweep file and, for axis problems,
/// the axis as `axes["<path>"]` (and the value as `[i]`).
public struct SweepDefinition: Sendable {
    /// One axis.
    public struct Axis: Sendable {
        /// What an axis sets.
        public enum Target: Sendable {
            /// The value at a path of the scenario document.
            case path(JSONPath)
            /// The strategy of the run (axis `strategy`).
            case strategy
        }

        /// The axis as written in the file, e.g. `cells.prefetchScreens`.
        public var name: String
        /// What it sets.
        public var target: Target
        /// Its values, in order.
        public var values: [JSONValue]

        /// Whether the axis gets a column of its own in the summary CSV: not `seed` and
        /// `strategy`, which are the CSV's own `seed` and `strategy` columns.
        public var hasColumn: Bool { name != "seed" && name != "strategy" }

        /// `axes["cells.prefetchScreens"]`, how messages name the axis.
        public var location: String { SweepDefinition.axisLocation(name) }

        /// A value as its CSV cell shows it: a string as is, a number by its text in the sweep
        /// file, anything else as compact JSON.
        public static func cellText(_ value: JSONValue) -> String {
            switch value {
            case .string(let text): text
            case .number(_, let text): text
            default: value.compactText
            }
        }
    }

    /// The sweep file as the user named it.
    public var file: String
    /// The file that scenario errors name: the scenario's own file, or the sweep file when inline.
    public var scenarioFile: String
    /// Whether the scenario is inline in the sweep file.
    public var isScenarioInline: Bool
    /// The base scenario document (the sweep's `strategies` applied, names turned into objects).
    public var document: JSONValue
    /// The axes, in file order.
    public var axes: [Axis]
    /// FNV-1a 64 of the sweep file's bytes and, when separate, the scenario file's: shards of
    /// one sweep carry it so `merge` refuses shards of different sweeps.
    public var fingerprint: UInt64
    /// The scenario's `replay` recordings, read once for every combination.
    var files = ReplayFileCache()

    /// The files the sweep reads, which no output may overwrite: the sweep file, the scenario's
    /// file when separate, and the `replay` recordings read so far.
    public var inputFiles: [String] {
        [file] + (isScenarioInline ? [] : [scenarioFile]) + files.paths
    }

    /// The keys a sweep file may hold.
    public static let keys = ["description", "scenario", "strategies", "axes"]

    /// Reads and checks the sweep file at `path` (not the combinations: see `SweepPlan`).
    /// - Throws: `InputError`: missing or unreadable for the sweep or scenario file, invalid for
    ///   the content (naming the sweep file and the key, the axis or the scenario path).
    public static func load(path: String) throws(InputError) -> SweepDefinition {
        let bytes = try InputFile.read(path, limit: .json)
        func invalid(_ location: String, _ message: String) -> InputError {
            InputError(kind: .invalid, file: path, path: location, message: message)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw invalid("", error.description)
        }
        guard case .object(let members) = root else {
            throw invalid("", "the top level must be a JSON object with \"scenario\" and \"axes\"")
        }
        for member in members where !keys.contains(member.key) {
            let hint = Suggestion.closest(to: member.key, among: keys).map { "did you mean '\($0)'?" }
                ?? "allowed keys: \(keys.joined(separator: ", "))"
            throw invalid(MessageLine.echoed(member.key), "unknown key; \(hint)")
        }
        func member(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }
        if let description = member("description") {
            guard case .string = description else {
                throw invalid("description", "expected a string, found \(description.kindName)")
            }
        }

        // The scenario: a file next to the sweep file, or inline.
        var scenarioBytes: [UInt8] = []
        var document: JSONValue
        let scenarioFile: String
        switch member("scenario") {
        case .string(let relative)?:
            scenarioFile = resolve(relative, nextTo: path)
            do {
                scenarioBytes = try InputFile.read(scenarioFile, limit: .json)
            } catch {
                throw InputError(error.kind, file: path, at: .path("scenario"), error.description)
            }
            do {
                document = try JSONParser.parse(scenarioBytes)
            } catch {
                throw invalid("scenario", "\(scenarioFile): \(error.description)")
            }
        case .object(let scenario)?:
            scenarioFile = path
            document = .object(scenario)
        case nil:
            throw invalid("scenario", "required key is missing; expected a scenario file's path "
                                      + "(relative to the sweep file) or a scenario object")
        case let other?:
            throw invalid("scenario", "expected a path (a string) or a scenario object, found \(other.kindName)")
        }
        let isInline = scenarioFile == path
        if let strategies = member("strategies") {
            guard case .array(let entries) = strategies, !entries.isEmpty else {
                throw invalid("strategies", "expected a non-empty array of strategy names or { \"name\": … } objects")
            }
            document = (try? document.setting(strategies, at: JSONPath(parsing: "strategies"))) ?? document
        }
        document = normalizingStrategies(document)
        let files = ReplayFileCache()
        _ = try decode(document, file: scenarioFile, files: files, sweepFile: path, isInline: isInline, location: "")

        // The axes.
        guard let axesValue = member("axes") else {
            throw invalid("axes", "required key is missing; expected an object of axes, "
                                  + "e.g. { \"cells.prefetchScreens\": [0, 1, 2] }")
        }
        guard case .object(let axisMembers) = axesValue else {
            throw invalid("axes", "expected an object of axes, e.g. { \"cells.prefetchScreens\": [0, 1, 2] }, "
                                  + "found \(axesValue.kindName)")
        }
        var axes: [Axis] = []
        for (name, valuesValue) in axisMembers {
            let location = Self.axisLocation(name)
            let target: Axis.Target
            if name == "strategy" {
                target = .strategy
            } else {
                do {
                    target = .path(try JSONPath(parsing: name))
                } catch {
                    throw invalid(location, error.message)
                }
            }
            guard case .array(let values) = valuesValue else {
                throw invalid(location, "expected an array of values, found \(valuesValue.kindName)")
            }
            guard !values.isEmpty else { throw invalid(location, "expected at least one value, found an empty array") }
            var seen = Set<String>()  // membership only
            for (index, value) in values.enumerated() where !seen.insert(Self.identityKey(value)).inserted {
                // Two equal values would give two rows no comparison can tell apart.
                throw invalid(location + "[\(index)]", "repeats an earlier value of this axis; give each value once")
            }
            for earlier in axes where Self.overlaps(earlier.name, name) {
                // One axis inside another would set a value the other then replaces (or the
                // reverse), and the CSV would report a value the run never used.
                throw invalid(location, "overlaps the axis \(Self.escapedName(earlier.name)); give each field one axis")
            }
            axes.append(Axis(name: name, target: target, values: values.elements))
        }
        var fingerprint = FNV1a()
        fingerprint.add(bytes)
        if !isInline {
            fingerprint.add([0xFF])
            fingerprint.add(scenarioBytes)
        }
        return SweepDefinition(file: path, scenarioFile: scenarioFile, isScenarioInline: isInline, document: document,
                               axes: axes, fingerprint: fingerprint.value, files: files)
    }

    /// `axes["name"]` for messages, escaped and bounded (`MessageLine`).
    static func axisLocation(_ name: String) -> String { "axes[" + escapedName(name) + "]" }

    /// `"name"` for messages: Swift's quoting, then `MessageLine`'s escapes and bound.
    static func escapedName(_ name: String) -> String {
        MessageLine.echoed(name.debugDescription, limit: MessageLine.maximumPathScalars)
    }

    /// A text equal for two axis values exactly when they are the same JSON value, numbers
    /// compared by their exact decimal value rather than their nearest `Double` (so the seeds
    /// 18446744073709551615 and 18446744073709551614 differ, while 1, 1.0 and 10e-1 are one value).
    static func identityKey(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(_, let text): "n" + exactNumberKey(text)
        case .string(let text): "s" + text.debugDescription
        case .array(let items): "[" + items.map(identityKey).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { $0.key.debugDescription + ":" + identityKey($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A JSON number's exact value as `[-]digits e exponent` with no leading or trailing zeros in
    /// the digits ("0" for zero); the text itself when its exponent does not fit an `Int`.
    static func exactNumberKey(_ text: String) -> String {
        var rest = Substring(text)
        let isNegative = rest.first == "-"
        if isNegative { rest = rest.dropFirst() }
        var exponent = 0
        if let marker = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let exponentText = rest[rest.index(after: marker)...]
            guard let value = Int(exponentText.first == "+" ? exponentText.dropFirst() : exponentText) else {
                return text
            }
            exponent = value
            rest = rest[..<marker]
        }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count == 2 ? parts[1] : ""
        var digits = Substring((parts.first ?? "") + fraction).drop { $0 == "0" }
        let (shifted, overflow) = exponent.subtractingReportingOverflow(fraction.count)
        if overflow { return text }
        exponent = shifted
        if digits.isEmpty { return "0" }
        while digits.last == "0" {
            digits = digits.dropLast()
            let (next, overflow) = exponent.addingReportingOverflow(1)
            if overflow { return text }
            exponent = next
        }
        return (isNegative ? "-" : "") + digits + "e" + String(exponent)
    }

    /// Whether axis paths `a` and `b` reach the same field, or one lies inside the other
    /// (`layout.viewport` and `layout.viewport.width`; `strategies[0].x` and `strategies[*].x`).
    /// The `strategy` axis overlaps nothing: it is applied first, and `strategies[0].x` then sets
    /// a parameter of the picked strategy, by design.
    static func overlaps(_ a: String, _ b: String) -> Bool {
        func components(_ name: String) -> [JSONPath.Component]? {
            name == "strategy" ? nil : (try? JSONPath(parsing: name))?.components
        }
        guard let x = components(a), let y = components(b) else { return false }
        for (p, q) in zip(x, y) {
            switch (p, q) {
            case (.key(let k), .key(let l)) where k == l: continue
            case (.index(let i), .index(let j)) where i == j: continue
            case (.everyElement, .index), (.index, .everyElement), (.everyElement, .everyElement): continue
            default: return false
            }
        }
        return true  // one is a prefix of the other
    }

    /// `relative` resolved against the directory of `file` (an absolute path stays as is).
    static func resolve(_ relative: String, nextTo file: String) -> String {
        guard !relative.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return relative }
        return String(file[...slash]) + relative
    }

    /// `document` with every strategy given by name turned into `{ "name": <name> }`.
    static func normalizingStrategies(_ document: JSONValue) -> JSONValue {
        guard case .object(var members) = document,
              let index = members.firstIndex(where: { $0.key == "strategies" }),
              case .array(let entries) = members[index].value else { return document }
        members[index].value = .array(entries.map { entry in
            if case .string = entry { return .object([("name", entry)]) }
            return entry
        })
        return .object(members)
    }

    /// The scenario of `document`, checked by the strict scenario decoder.
    /// - Throws: `InputError` naming the sweep file, `location` (an axis or a combination, or
    ///   nothing for the base scenario) and the scenario path: invalid for the content, missing or
    ///   unreadable for a `replay` recording that cannot be read.
    static func decode(_ document: JSONValue, file: String, files: ReplayFileCache, sweepFile: String, isInline: Bool,
                       location: String) throws(InputError) -> Scenario {
        do {
            return try ScenarioLoader.decode(document, file: file, files: files)
        } catch {
            // A recording the scenario names that cannot be read keeps its kind (exit 66).
            throw describe(error.path, error.message, kind: error.kind, sweepFile: sweepFile, scenarioFile: file,
                           isInline: isInline, location: location)
        }
    }

    /// The error of a scenario problem at `scenarioPath`: with an axis `location`,
    /// "<sweep>: <location>: <scenarioPath>: <message>"; for the base scenario,
    /// "<sweep>: scenario.<scenarioPath>: …" when inline, else "<sweep>: scenario: <file>: <scenarioPath>: …";
    /// of `kind` (a `replay` recording that cannot be read stays missing or unreadable).
    static func describe(_ scenarioPath: String, _ message: String, kind: InputError.Kind = .invalid,
                         sweepFile: String, scenarioFile: String, isInline: Bool, location: String) -> InputError {
        let detail = scenarioPath.isEmpty ? message : "\(scenarioPath): \(message)"
        if !location.isEmpty { return InputError(kind, file: sweepFile, at: .path(location), detail) }
        if isInline {
            let path = "scenario" + (scenarioPath.isEmpty ? "" : "." + scenarioPath)
            return InputError(kind, file: sweepFile, at: .path(path), message)
        }
        return InputError(kind, file: sweepFile, at: .path("scenario"), "\(scenarioFile): \(detail)")
    }
}

/// The 64-bit FNV-1a hash (Fowler–Noll–Vo), for fingerprints; not cryptographic.
struct FNV1a {
    /// The hash so far.
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `bytes`.
    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }
}
