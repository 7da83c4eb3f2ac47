// `strategies`, and the rule for names that end up in CSV cells and file names.

extension ScenarioDecoder {
    /// The most characters (Unicode scalars) of a scenario or strategy name.
    static let maximumLabelLength = 200

    /// `strategies`: a non-empty array of names or `{ "name": …, "label": …, <parameters> }`
    /// objects. Parameters are kept verbatim in file order; the strategy catalog validates them.
    /// A label follows the rules for names and must be unique in the scenario: it may not repeat
    /// another entry's label or name (the rows of both would be indistinguishable).
    func strategies(_ value: JSONValue, at path: String) throws(ScenarioError) -> [StrategySpec] {
        guard case .array(let items) = value else { throw typeMismatch(expected: "an array", found: value, at: path) }
        guard !items.isEmpty else {
            throw invalid(path, "must list at least one strategy (leave the key out to run every built-in strategy)")
        }
        var specs: [StrategySpec] = []
        for (index, item) in items.enumerated() {
            let itemPath = Self.path(path, index)
            switch item {
            case .string:
                specs.append(StrategySpec(name: try label(item, at: itemPath), path: itemPath))
            case .object(let members):
                var name: String?
                var displayLabel: String?
                var parameters: [(key: String, value: JSONValue)] = []
                for (key, member) in members {
                    if key == "name" {
                        name = try label(member, at: Self.path(itemPath, key))
                    } else if key == "label" {
                        displayLabel = try label(member, at: Self.path(itemPath, key))
                    } else {
                        parameters.append((key, member))
                    }
                }
                guard let name else {
                    throw missing(Self.path(itemPath, "name"), expected: "the strategy's name, a string")
                }
                specs.append(StrategySpec(name: name, label: displayLabel, parameters: parameters, path: itemPath))
            default:
                throw typeMismatch(expected: "a strategy name or an object with a \"name\"", found: item, at: itemPath)
            }
            try checkLabelIsUnique(specs[specs.count - 1], among: specs.dropLast())
        }
        return specs
    }

    /// Refuses `spec` when its reported name clashes with an earlier entry's: its label repeats an
    /// earlier entry's label or name, its name repeats an earlier label, or it is a second
    /// unlabelled entry of the same strategy (`validate` and `run` refuse the same scenarios).
    private func checkLabelIsUnique(_ spec: StrategySpec,
                                    among earlier: ArraySlice<StrategySpec>) throws(ScenarioError) {
        let rule = "labels must be unique in a scenario and must not repeat another entry's name"
        for other in earlier where other.displayName == spec.displayName {
            let shown = spec.displayName.quotedForMessage
            if spec.label == nil && other.label == nil {
                throw invalid(spec.path, "\(shown) is already listed at \(other.path); list each strategy once, "
                              + "or give each entry of it a distinct \"label\"")
            }
            if spec.label != nil {
                let what = other.label != nil ? "label" : "name"
                throw invalid(Self.path(spec.path, "label"),
                              "\(shown) is already the \(what) of \(other.path); \(rule)")
            }
            throw invalid(spec.path, "\(shown) is already the label of \(other.path); \(rule)")
        }
    }

    /// A scenario or strategy name: 1...200 printable characters without commas, quotes, slashes
    /// or line breaks, because names go into CSV cells and file names.
    func label(_ value: JSONValue, at path: String) throws(ScenarioError) -> String {
        let text = try string(value, at: path)
        let scalars = text.unicodeScalars
        guard !scalars.isEmpty, scalars.count <= Self.maximumLabelLength, scalars.allSatisfy(Self.isLabelScalar) else {
            throw invalid(
                path,
                "must be 1 to \(Self.maximumLabelLength) printable characters without commas, quotes, slashes "
                    + "or line breaks (it is used in CSV reports and file names), found \(text.quotedForMessage)"
            )
        }
        return text
    }

    /// The default scenario name for `file`: its base name without `.json`, with characters a name
    /// may not hold replaced by `_`, cut to 200 characters; "scenario" when nothing is left.
    static func defaultName(forFile file: String) -> String {
        var base = Substring(file)
        if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
        if base.hasSuffix(".json") { base = base.dropLast(".json".count) }
        var name = String.UnicodeScalarView()
        for scalar in base.unicodeScalars.prefix(maximumLabelLength) {
            name.append(isLabelScalar(scalar) ? scalar : "_")
        }
        return name.isEmpty ? "scenario" : String(name)
    }

    /// Whether `scalar` may appear in a name.
    private static func isLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", "\"", "'", "/", "\\": return false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse: return false
            default: return true
            }
        }
    }
}
