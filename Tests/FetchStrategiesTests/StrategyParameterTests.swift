@testable import FetchStrategies
import ScrollSimCore
import Testing

/// Strategy parameters declared once (`StrategyParameter`): the check of a scenario's entry, the
/// values `make` reads and the descriptor's invariants all come from the declarations.
@Suite struct StrategyParameterTests {
    /// A JSON number with its text.
    static func number(_ text: String) -> JSONValue { .number(Double(text)!, text: text) }

    /// The error of building `name` from `parameters` at `strategies[2]`, or nil.
    static func error(_ name: String, _ parameters: [(key: String, value: JSONValue)]) -> String? {
        do {
            _ = try StrategyCatalog.makeFactory(StrategySpec(name: name, parameters: parameters, path: "strategies[2]"))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func whatIsAllowedIsSaidFromTheDeclaration() {
        #expect(StrategyParameter.integer("a", default: 0, in: 0...65_536, "").allowed == "an integer from 0 to 65536")
        #expect(StrategyParameter.number("b", default: 1, in: 0.01...1_000_000, "").allowed
            == "a number from 0.01 to 1000000")
        #expect(StrategyParameter.boolean("c", default: false, "").allowed == "true or false")
        #expect(StrategyParameter.choice("d", default: "x", in: ["x", "y", "z"], "").allowed == #""x", "y" or "z""#)
        #expect(StrategyParameter.number("e", default: 2.5, in: 0...100, "").defaultText == "2.5")
        #expect(StrategyParameter.number("e", default: 1, in: 0...100, "").defaultValue == .number(1, text: "1"))
        #expect(StrategyParameter.integer("f", computedDefault: "RAM / 4", in: 1...9, "").defaultValue == nil)
    }

    @Test func badValuesAreOneLineNamingThePathAndWhatIsAllowed() {
        #expect(Self.error("texture", [("preloadLeadingScreens", Self.number("101"))])
            == "strategies[2].preloadLeadingScreens: must be a number from 0 to 100, found 101")
        #expect(Self.error("sdwebimage", [("downloadOrder", .string("lilo"))])
            == #"strategies[2].downloadOrder: must be "fifo" or "lifo", found the string "lilo""#)
        #expect(Self.error("kingfisher", [("downsample", Self.number("1"))])
            == "strategies[2].downsample: must be true or false, found 1")
        #expect(Self.error("nuke", [("memoryCacheMB", Self.number("1.5"))])
            == "strategies[2].memoryCacheMB: must be an integer from 1 to 65536, found 1.5")
        #expect(Self.error("adaptive", [("maxPrefetchScreen", Self.number("2"))])
            == "strategies[2].maxPrefetchScreen: unknown parameter; did you mean 'maxPrefetchScreens'?")
        #expect(Self.error("naive", [("x", Self.number("2"))])
            == "strategies[2].x: unknown parameter; 'naive' takes no parameters")
        #expect(Self.error("actor-loader-capped", [("zzzzzzzz", .bool(true))])
            == "strategies[2].zzzzzzzz: unknown parameter; 'actor-loader-capped' takes: maxImages")
        // The entry's order decides which problem is reported.
        #expect(Self.error("texture", [("diskCacheMB", Self.number("0")), ("nope", .null)])
            == "strategies[2].diskCacheMB: must be a number from 0.01 to 1000000, found 0")
    }

    @Test func everyDeclaredParameterOfEveryBuiltInStrategyIsCheckedAndRead() throws {
        for descriptor in StrategyCatalog.all {
            // make reads every declaration (with the defaults, and with each set explicitly)...
            let (_, unread) = try descriptor.built(StrategySpec(name: descriptor.name))
            #expect(unread == [], "\(descriptor.name)")
            for parameter in descriptor.parameters {
                let path = "strategies[2].\(parameter.name)"
                if let defaultValue = parameter.defaultValue {
                    #expect(Self.error(descriptor.name, [(parameter.name, defaultValue)]) == nil, "\(path)")
                }
                // ...and refuses what the declaration does not allow, saying what it allows.
                let refused: [JSONValue]
                switch parameter.kind {
                case .number(let range):
                    refused = [.number(range.upperBound + 1, text: "big"), .string("1")]
                case .integer(let range):
                    refused = [.number(Double(range.lowerBound) - 1, text: "small"), .number(0.5, text: "0.5")]
                case .boolean: refused = [.string("true")]
                case .choice: refused = [.string("zz"), .null]
                }
                for value in refused {
                    let message = Self.error(descriptor.name, [(parameter.name, value)])
                    #expect(message?.hasPrefix("\(path): must be \(parameter.allowed), found ") == true, "\(path)")
                }
            }
        }
    }

    @Test func aDeclarationMakeDoesNotReadIsReported() throws {
        let lazy = StrategyDescriptor(name: "lazy", summary: "", source: "",
                                      parameters: [.integer("a", default: 1, in: 0...9, ""),
                                                   .boolean("b", default: true, "")],
                                      make: { parameters in
                                          _ = parameters.bool("b")
                                          return { _ in fatalError("never built") }
                                      })
        #expect(try lazy.built(StrategySpec(name: "lazy")).unread == ["a"])
        #expect(try lazy.built(StrategySpec(name: "lazy", parameters: [("a", .number(3, text: "3"))])).unread == ["a"])
    }

    @Test func readValuesAreTheEntrysOrTheDeclaredDefaults() throws {
        let values = StrategyParameters(
            StrategySpec(name: "t", parameters: [("n", .number(7, text: "7")), ("c", .string("y"))]),
            declared: [.integer("n", default: 1, in: 0...9, ""), .integer("m", computedDefault: "RAM", in: 0...9, ""),
                       .number("x", default: 0.5, in: 0...1, ""), .choice("c", default: "x", in: ["x", "y"], "")])
        #expect(values.integer("n") == 7)
        #expect(values.integerIfPresent("m") == nil)
        #expect(values.number("x") == 0.5)
        #expect(values.choice("c") == "y")
        #expect(values.unreadNames == [])
    }
}
