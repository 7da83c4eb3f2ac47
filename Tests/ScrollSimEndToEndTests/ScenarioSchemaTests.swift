import FetchStrategies
import Foundation
import Testing
import ScrollSimCLI
@testable import ScrollSimCore
import ScrollSimTestSupport

/// `docs/scenario.schema.json`: it is what `scrollsim schema` writes from the decoder's key table,
/// every bundled scenario and example is valid against it, and the schema and the decoder agree
/// key by key (type, range, values, default, unknown keys) and on the rules between keys.
@Suite struct ScenarioSchemaTests: ScratchDirectorySuite {
    /// A scratch directory for this test.
    let directory: String

    /// Creates the scratch directory.
    init() throws { directory = try makeTemporaryDirectory() }

    /// The committed schema's path.
    static let schemaPath = packagePath("docs/scenario.schema.json")

    /// A validator of the committed schema.
    static func validator() throws -> JSONSchemaValidator {
        let text = try #require(fileText(schemaPath), "docs/scenario.schema.json is missing")
        return try JSONSchemaValidator(schema: try JSONParser.parse(text))
    }

    /// The schema's problems with `text`.
    static func schemaErrors(_ text: String, _ validator: JSONSchemaValidator) throws -> [String] {
        validator.errors(of: try JSONParser.parse(text))
    }

    // MARK: The file

    @Test func theCommittedSchemaIsWhatScrollsimSchemaWrites() throws {
        let result = scrollsim("schema")
        #expect(result.code == 0)
        #expect(result.standardError == "")
        let committed = try #require(fileText(Self.schemaPath))
        // Byte for byte; regenerate with `swift run scrollsim schema > docs/scenario.schema.json`.
        #expect(result.standardOutput == committed)
        #expect(committed == ScenarioSchema.text(strategies: StrategyCatalog.all.map(\.schema)))
    }

    @Test func everyBundledScenarioAndExampleIsValid() throws {
        let validator = try Self.validator()
        var files: [String] = []
        for directory in ["Scenarios", "Examples"] {
            let base = packagePath(directory)
            let found = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
            files += found.filter { $0.hasSuffix(".json") && !$0.contains(".build/") }.sorted().map { base + "/" + $0 }
        }
        #expect(files.count >= 9)  // 7 bundled scenarios, the example's scenario and its sweep file
        var scenarios = 0
        for file in files {
            let text = try #require(fileText(file))
            // A sweep file (top-level `axes`) is not a scenario; the scenario it names is checked.
            if case .object(let members) = try JSONParser.parse(text), members.contains(where: { $0.key == "axes" }) {
                continue
            }
            scenarios += 1
            let errors = try Self.schemaErrors(text, validator)
            #expect(errors.isEmpty, "\(file): \(errors)")
        }
        #expect(scenarios >= 8)  // the 7 bundled scenarios and the example's
    }

    // MARK: Rules between keys

    /// Scenarios the decoder or the strategy catalogue refuses (`scrollsim validate`), which the
    /// schema must refuse too.
    static let invalidDocuments = [
        #"{}"#,
        #"{"layout": {}}"#,
        #"{"layout": {"itemCount": 9, "catalog": "items.csv"}}"#,
        #"{"layout": {"catalog": "items.csv"}, "images": {"width": 300}}"#,
        #"{"layout": {"itemCount": 9, "itemHeight": 50, "itemHeightRange": [40, 80]}}"#,
        #"{"layout": {"itemCount": 9, "columns": 3}}"#,
        #"{"layout": {"itemCount": 9, "kind": "list", "columns": 2}}"#,
        #"{"layout": {"itemCount": 9}, "display": {"refreshHz": 0}}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"scrollTo": {"item": 1, "animated": false, "seconds": 1}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"drag": {"velocity": 1}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"drag": {"velocity": 1, "seconds": 1}, "pause": {"seconds": 1}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"memoryWarning": {"level": 1}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": []}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": [{"swipe": {}}]}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"user": {"seconds": 10, "flingShare": 2}}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"replay": {}}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": []}"#,
        #"{"layout": {"itemCount": 9}, "strategies": ["naive", 3]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"label": "x"}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "kingfisher", "downsampel": true}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "sdwebimage", "downloadOrder": "random"}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "nuke", "memoryCacheMB": 0}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "naive", "label": ""}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "texture", "diskCacheMB": "50"}]}"#,
    ]

    @Test(arguments: invalidDocuments)
    func aDocumentScrollsimRefusesFailsTheSchema(_ text: String) throws {
        let path = try writeScenario(text, with: [("items.csv", Self.catalog)])
        #expect(scrollsim("validate", path).code == 65)
        #expect(try !Self.schemaErrors(text, try Self.validator()).isEmpty)
    }

    /// Scenarios both accept.
    static let validDocuments = [
        #"{"$schema": "../docs/scenario.schema.json", "layout": {"itemCount": 9}}"#,
        #"{"layout": {"catalog": "items.csv", "kind": "grid", "columns": 2}, "images": {}}"#,
        #"{"layout": {"itemCount": 9, "kind": "grid"}, "script": [{"scrollTo": {"item": 1, "animated": false}}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": ["naive", {"name": "nuke", "label": "n2", "downsample": true}]}"#,
        #"{"layout": {"itemCount": 9}, "strategies": [{"name": "kingfisher", "memoryCacheMB": 100}]}"#,
        #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": [{"memoryWarning": {}}]}}]}"#,
    ]

    @Test(arguments: validDocuments)
    func aDocumentScrollsimAcceptsPassesTheSchema(_ text: String) throws {
        let result = scrollsim("validate", try writeScenario(text, with: [("items.csv", Self.catalog)]))
        #expect(result.code == 0, "\(result.standardError)")
        #expect(try Self.schemaErrors(text, try Self.validator()) == [])
    }

    @Test func aPackagesOwnStrategyPassesTheBuiltInSchemaAndIsDescribedInItsOwn() throws {
        let validator = try Self.validator()
        let own = #"{"layout": {"itemCount": 9}, "strategies": ["mine", {"name": "mine", "label": "m", "size": 3}]}"#
        #expect(try Self.schemaErrors(own, validator) == [])
        let mine = StrategyDescriptor(
            name: "mine", summary: "Mine.", source: "Here.",
            parameters: [.integer("size", default: 60, in: 1...100, "Items kept.")],
            make: { parameters in
                _ = parameters.integer("size")
                return { _ in NoStrategy() }
            })
        let result = scrollsim(["schema"], strategies: [mine])
        #expect(result.code == 0)
        let withMine = try JSONSchemaValidator(schema: try JSONParser.parse(result.standardOutput))
        #expect(try Self.schemaErrors(own, withMine) == [])
        let badSize = #"{"layout": {"itemCount": 9}, "strategies": [{"name": "mine", "size": 300}]}"#
        #expect(try !Self.schemaErrors(badSize, withMine).isEmpty)
        #expect(try Self.schemaErrors(badSize, validator) == [])  // the built-in schema cannot know `mine`
    }

    // MARK: Strategy parameters

    @Test func strategyParametersHaveTheirDeclaredTypesRangesAndDefaults() throws {
        let schemas = StrategyCatalog.all.map(\.schema)
        #expect(schemas.map(\.name) == StrategyCatalog.all.map(\.name))
        func parameter(_ strategy: String, _ name: String) -> ScenarioSchema.Parameter? {
            schemas.first { $0.name == strategy }?.parameters.first { $0.name == name }
        }
        #expect(parameter("sdwebimage", "downloadOrder")?.value == .choice(["fifo", "lifo"]))
        #expect(parameter("sdwebimage", "downloadOrder")?.defaultValue == .string("fifo"))
        #expect(parameter("nuke", "memoryCacheMB")?.value == .integer(1...65_536))
        #expect(parameter("nuke", "memoryCacheMB")?.defaultValue == nil)
        #expect(parameter("nuke", "memoryCacheMB")?.defaultText == "min(15% of physicalMemory, 768)")
        #expect(parameter("texture", "preloadLeadingScreens")?.value == .number(0...100))
        #expect(parameter("texture", "preloadLeadingScreens")?.defaultValue == .number(2.5, text: "2.5"))
        #expect(parameter("kingfisher", "downsample")?.value == .boolean)
        // The schema lists every declared parameter of every built-in strategy, in order.
        for strategy in schemas {
            let declared = try #require(StrategyCatalog.descriptor(named: strategy.name)).parameters.map(\.name)
            #expect(strategy.parameters.map(\.name) == declared, "\(strategy.name)")
        }
    }

    // MARK: Key by key

    /// Where a section's object sits in a minimal valid scenario, and the members its steps need.
    struct Place {
        /// The section.
        var section: ScenarioSection
        /// The JSON path of the section's object.
        var path: String
        /// A minimal valid scenario with `members` in the section's object.
        var document: ([(key: String, value: JSONValue)]) -> JSONValue
    }

    /// `{"itemCount": 9}`.
    static let nineItems: [(key: String, value: JSONValue)] = [("itemCount", JSONValue(9))]

    /// Every section of the table, in a minimal scenario.
    static var places: [Place] {
        func section(_ name: String, _ section: ScenarioSection) -> Place {
            Place(section: section, path: name) { .object([("layout", .object(nineItems)), (name, .object($0))]) }
        }
        func inLayout(_ name: String, _ section: ScenarioSection) -> Place {
            Place(section: section, path: "layout." + name) {
                .object([("layout", .object(nineItems + [(name, .object($0))]))])
            }
        }
        var places = [
            Place(section: ScenarioKeys.topLevel, path: "") { members in
                .object((members.contains { $0.key == "layout" } ? [] : [("layout", .object(nineItems))]) + members)
            },
            Place(section: ScenarioKeys.layout, path: "layout") { members in
                let isCatalog = members.contains { $0.key == "catalog" || $0.key == "itemCount" }
                return .object([("layout", .object((isCatalog ? [] : nineItems) + members))])
            },
            inLayout("contentInset", ScenarioKeys.contentInset), inLayout("viewport", ScenarioKeys.viewport),
            section("display", ScenarioKeys.display), section("cells", ScenarioKeys.cells),
            section("images", ScenarioKeys.images), section("network", ScenarioKeys.network),
            section("disk", ScenarioKeys.disk), section("device", ScenarioKeys.device),
            section("costs", ScenarioKeys.costs),
        ]
        for step in ScenarioKeys.steps {
            places.append(Place(section: step, path: "script[0].\(step.name)") { members in
                var body = members
                for key in step.keys where key.isRequired && !members.contains(where: { $0.key == key.name }) {
                    body.append((key.name, validValue(key)))
                }
                return .object([("layout", .object(nineItems)),
                                ("script", .array([.object([(step.name, .object(body))])]))])
            })
        }
        return places
    }

    /// A value the decoder accepts for `key` in a minimal scenario: its default, else one inside
    /// its range that the rules between keys accept too.
    static func validValue(_ key: ScenarioKey) -> JSONValue {
        if let value = key.defaultValue { return value }
        if key.name == "layout" { return .object(nineItems) }
        let device: [String: JSONValue] = [  // the iPhone 14 Pro's values: the memory rules hold
            "ramGB": JSONValue(6), "physicalMemoryMB": JSONValue(5766), "cpuCores": JSONValue(6),
            "decodeSpeed": JSONValue(1), "memoryLimitMB": JSONValue(3064), "memoryWarningMB": JSONValue(2000),
        ]
        if let value = device[key.name] { return value }
        switch key.kind {
        case .number(let range): return JSONValue(range.upper)
        case .integer(let range): return JSONValue(range.lowerBound)
        case .unsignedInteger: return JSONValue(7)
        case .boolean: return .bool(true)
        case .text, .name: return .string("x")
        case .choice(let values): return .string(values[0])
        case .file: return .string(key.name == "catalog" ? "items.csv" : "g.csv")
        case .pair(let range): return .array([JSONValue(range.lower + 1), JSONValue(range.upper)])
        case .object: return .object([])
        case .steps(let minimumCount):
            return .array(minimumCount == 0 ? [] : [.object([("pause", .object([("seconds", JSONValue(1))]))])])
        case .strategies: return .array([.string("naive")])
        }
    }

    /// Values the decoder refuses for `key`, by its kind.
    static func invalidValues(_ key: ScenarioKey) -> [JSONValue] {
        switch key.kind {
        case .number(let range):
            var values = [JSONValue(range.upper + abs(range.upper) + 1), .string("1")]
            if range.isLowerExclusive { values.append(JSONValue(range.lower)) }
            if range.lower > -1e300 { values.append(JSONValue(range.lower - 1)) }
            return values
        case .integer(let range):
            return [JSONValue(range.upperBound + 1), JSONValue(range.lowerBound - 1), .number(1.5, text: "1.5")]
        case .unsignedInteger: return [JSONValue(-1), .number(0.5, text: "0.5")]
        case .boolean: return [.string("true"), JSONValue(1)]
        case .text: return [JSONValue(3)]
        case .name, .file: return [.string(""), JSONValue(3)]
        case .choice: return [.string("zz"), JSONValue(0)]
        case .pair(let range):
            return [.array([JSONValue(range.lower)]), .array([JSONValue(range.upper + 1), JSONValue(1)])]
        case .object: return [.array([]), .object([("zzz", JSONValue(1))])]
        case .steps: return [.string("x"), .array([.object([])])]
        case .strategies: return [.array([]), .array([JSONValue(3)])]
        }
    }

    /// The one-item catalog a minimal scenario may name.
    static let catalog = "height_pt,image_id,width_px,height_px,bytes\n80,a,10,10,100\n"

    /// The files a minimal scenario may name.
    static let files = InMemoryScenarioFiles([
        "items.csv": catalog,
        "g.csv": "t_ms,offset_pt\n0,0\n100,10\n",
    ])

    /// The decoded scenario of `document`, or its error.
    static func decode(_ document: JSONValue) -> Result<Scenario, ScenarioError> {
        Result { () throws(ScenarioError) -> Scenario in
            try ScenarioLoader.decode(document, file: "s.json", files: files)
        }
    }

    @Test func theSchemaAndTheDecoderAgreeOnEveryKey() throws {
        let validator = try Self.validator()
        var checked = 0
        for place in Self.places {
            // An unknown key is refused by both.
            let unknown = place.document([("zzz", JSONValue(1))])
            #expect(throws: ScenarioError.self, "\(place.path).zzz") { try Self.decode(unknown).get() }
            #expect(!validator.errors(of: unknown).isEmpty, "\(place.path).zzz")
            for key in place.section.keys {
                let keyPath = ScenarioDecoder.path(place.path, key.name)
                // A valid value is accepted by both; the default decodes like the key left out.
                let valid = place.document([(key.name, Self.validValue(key))])
                guard case .success = Self.decode(valid) else {
                    Issue.record("\(keyPath) = \(Self.validValue(key).compactText): \(Self.decode(valid))")
                    continue
                }
                #expect(validator.errors(of: valid) == [], "\(keyPath)")
                if let defaultValue = key.defaultValue, !key.isRequired {
                    let withDefault = place.document([(key.name, defaultValue)])
                    let without = place.document([])
                    #expect(try Self.decode(withDefault).get() == Self.decode(without).get(), "\(keyPath) default")
                }
                // Each invalid value is refused by both, the decoder at this key.
                for value in Self.invalidValues(key) {
                    let invalid = place.document([(key.name, value)])
                    switch Self.decode(invalid) {
                    case .success: Issue.record("\(keyPath) = \(value.compactText) decoded")
                    case .failure(let error):
                        #expect(error.path.hasPrefix(keyPath), "\(keyPath) = \(value.compactText): \(error)")
                    }
                    #expect(!validator.errors(of: invalid).isEmpty, "\(keyPath) = \(value.compactText)")
                }
                // A required step key left out is refused by both.
                if key.isRequired, place.path.hasPrefix("script") {
                    let left = place.document([]).removingKey(key.name, inSection: place.section.name)
                    #expect(throws: ScenarioError.self, "\(keyPath) missing") { try Self.decode(left).get() }
                    #expect(!validator.errors(of: left).isEmpty, "\(keyPath) missing")
                }
                checked += 1
            }
        }
        // Every key of the table was checked (the count fails when a section is left out above).
        let all = Self.places.map(\.section.keys.count).reduce(0, +)
        #expect(checked == all && all == 99)
    }

    // MARK: Text

    @Test func prettyTextIndentsObjectsAndKeepsScalarArraysOnOneLine() {
        let value = JSONValue.object([
            ("a", .array([JSONValue(1), .string("x")])), ("b", .object([])),
            ("c", .array([.object([("d", .bool(true))])])), ("e", .array([])),
        ])
        #expect(value.prettyText == """
            {
              "a": [1, "x"],
              "b": {},
              "c": [
                {
                  "d": true
                }
              ],
              "e": []
            }
            """)
    }
}

/// A strategy that does nothing (for a package's own descriptor in a test).
final class NoStrategy: FetchStrategy {}

extension JSONValue {
    /// This document with the member `name` removed from the step object `section` of its first
    /// script step (a required step key).
    func removingKey(_ name: String, inSection section: String) -> JSONValue {
        guard case .object(var members) = self,
              let index = members.firstIndex(where: { $0.key == "script" }),
              case .array(var steps) = members[index].value, case .object(var step)? = steps.first,
              let stepIndex = step.firstIndex(where: { $0.key == section }),
              case .object(let body) = step[stepIndex].value else { return self }
        step[stepIndex].value = .object(body.filter { $0.key != name })
        steps[0] = .object(step)
        members[index].value = .array(steps)
        return .object(members)
    }
}
