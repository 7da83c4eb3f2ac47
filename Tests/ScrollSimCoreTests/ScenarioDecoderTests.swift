import Testing

@testable import ScrollSimCore

/// A full example scenario file (every section; the former contract's example), verbatim.
private let specExample = """
    {
      "name": "photo-grid",
      "seed": 7,
      "display": { "refreshHz": 60 },
      "layout": { "kind": "grid", "columns": 3, "itemCount": 3000, "itemHeight": 130, "spacing": 2,
                  "viewport": { "width": 390, "height": 844, "scale": 3 } },
      "cells": { "profile": "ios15", "dataPrefetch": true, "prefetchScreens": 1.0 },
      "images": { "width": 1200, "height": 1200, "bytesMedian": 150000, "bytesP95": 450000,
                  "distinct": 3000, "zipfAlpha": 0 },
      "network": { "latencyMsMedian": 80, "latencyMsP95": 400, "bandwidthMbps": 20, "maxConnections": 6 },
      "costs": { "frameBaseMs": 2.0, "cellCreateMs": 1.2, "cellForItemMs": 0.6,
                 "prepareForReuseMs": 0.05, "willDisplayMs": 0.02, "setImageMs": 0.1,
                 "decodeMsPerMegapixel": 8, "thumbnailMsPerMegapixel": 2 },
      "script": [ { "drag": { "velocity": 350, "seconds": 1.0 } },
                  { "fling": { "velocity": 3500 } },
                  { "pause": { "seconds": 0.8 } },
                  { "fling": { "velocity": -2800, "deceleration": "fast" } } ],
      "strategies": [ "apple-prefetching-sample", { "name": "asset-store", "memoryCacheMB": 50 } ]
    }
    """

/// The error `text` gets as `scenario.json`, or nil when it decodes.
private func failure(_ text: String, file: String = "scenario.json") -> ScenarioError? {
    do {
        _ = try ScenarioLoader.parse(text, file: file)
        return nil
    } catch {
        return error
    }
}

@Suite struct ScenarioDecoderTests {
    // MARK: Defaults and the full example

    @Test func theHTTPVersionDefaultsToHTTP2InAFileAndInCodeAndAnExplicitOneIsKept() throws {
        // Image hosts are CDNs speaking HTTP/2 or later (docs/fidelity.md, "Network"): one default.
        let omitted = try ScenarioLoader.parse(#"{"layout": {"itemCount": 1}}"#, file: "a.json")
        #expect(omitted.network.httpProtocol == .http2)
        #expect(Scenario(layout: .init(itemCount: 1)).network.httpProtocol == .http2)
        #expect(ScenarioKeys.network["protocol"].defaultValue == .string("http2"))
        let origin = try ScenarioLoader.parse(#"{"layout": {"itemCount": 1}, "network": {"protocol": "http1.1"}}"#,
                                              file: "b.json")
        #expect(origin.network.httpProtocol == .http1_1)
    }

    @Test func minimalFileGetsEveryDefault() throws {
        // Given only the required key
        let scenario = try ScenarioLoader.parse(#"{"layout":{"itemCount":10}}"#, file: "Scenarios/minimal.json")

        // Then everything else is Scenario's default, the same as a Scenario built in code: the
        // refresh rate is the default device's maximum (120 Hz, iphone-14-pro)
        var expected = Scenario(layout: .init(itemCount: 10))
        expected.name = "minimal"
        #expect(scenario == expected)
        #expect(scenario.seed == 1)
        #expect(scenario.display.refreshHz == nil && scenario.refreshHz == 120 && scenario.display.renderMs == 0)
        #expect(scenario.layout.kind == .list && scenario.layout.columns == 1)
        #expect(scenario.layout.itemHeight == 100 && scenario.layout.itemHeightRange == nil)
        #expect(scenario.layout.viewportWidth == 390 && scenario.layout.viewportHeight == 844
                    && scenario.layout.scale == 3)
        #expect(scenario.cells.profile == .ios15 && scenario.cells.dataPrefetch)
        #expect(scenario.cells.prefetchScreens == 1.0 && scenario.cells.cellLeadScreens == 0.25
                    && scenario.cells.retainScreens == 0.5)
        #expect(scenario.images.distinct == nil && scenario.images.bytesP95 == 450_000)
        #expect(scenario.network.maxConnections == 6 && scenario.network.latencyMsMedian == 80
                    && !scenario.network.offline)
        #expect(scenario.disk.queues == 2 && scenario.disk.throughputMBps == 400)
        #expect(scenario.device.decoderThreads == 2)
        #expect(scenario.costs.cellCreateMs == 1.2 && scenario.costs.decodeMsPerMegapixel == 8)
        #expect(scenario.script.isEmpty && scenario.strategies.isEmpty)
        #expect(scenario.description.isEmpty)
    }

    @Test func specExampleDecodesToExactValues() throws {
        let scenario = try ScenarioLoader.parse(specExample, file: "x.json")

        var expected = Scenario(layout: .init(itemCount: 3000))
        expected.name = "photo-grid"
        expected.seed = 7
        expected.display.refreshHz = 60  // the file gives it
        expected.layout.kind = .grid
        expected.layout.columns = 3
        expected.layout.itemHeight = 130
        expected.layout.spacing = 2
        expected.images.distinct = 3000
        expected.script = [
            .drag(velocity: 350, seconds: 1.0),
            .fling(velocity: 3500, deceleration: .normal),
            .pause(seconds: 0.8),
            .fling(velocity: -2800, deceleration: .fast),
        ]
        expected.strategies = [
            StrategySpec(name: "apple-prefetching-sample", path: "strategies[0]"),
            StrategySpec(name: "asset-store", parameters: [("memoryCacheMB", .number(50, text: "50"))],
                         path: "strategies[1]"),
        ]
        #expect(scenario == expected)
    }

    @Test func everyKeyIsReadIntoItsField() throws {
        let text = """
            {"name": "all keys", "description": "d", "seed": 18446744073709551615,
             "display": {"refreshHz": 120, "renderMs": 1.5},
             "layout": {"kind": "grid", "columns": 4, "itemCount": 50, "itemHeightRange": [80, 240], "spacing": 1,
                        "contentInset": {"top": 10, "bottom": 20}, "viewport": {"width": 430, "height": 932, "scale": 2}},
             "cells": {"profile": "ios9", "dataPrefetch": false, "prefetchScreens": 2, "cellLeadScreens": 0.5, "retainScreens": 1},
             "images": {"width": 300, "height": 200, "bytesMedian": 1000, "bytesP95": 1000, "distinct": 7, "zipfAlpha": 1.1},
             "network": {"latencyMsMedian": 5, "latencyMsP95": 9, "bandwidthMbps": 100, "maxConnections": 1,
                         "failureRate": 0.25, "offline": true, "protocol": "http2", "rttMs": 12.5,
                         "idleTimeoutSeconds": 30, "maxConcurrentStreams": 128, "radio": "3g", "promotionDelay": true},
             "disk": {"latencyMs": 0, "throughputMBps": 50, "queues": 8},
             "device": {"decoderThreads": 4},
             "costs": {"frameBaseMs": 1, "cellCreateMs": 2, "cellForItemMs": 3, "prepareForReuseMs": 4, "willDisplayMs": 5,
                       "didEndDisplayingMs": 6, "setImageMs": 7, "decodeMsPerMegapixel": 8.5, "thumbnailMsPerMegapixel": 9}}
            """
        let scenario = try ScenarioLoader.parse(text, file: "f.json")

        var expected = Scenario(layout: .init(itemCount: 50))
        expected.name = "all keys"
        expected.description = "d"
        expected.seed = .max
        expected.display.refreshHz = 120
        expected.display.renderMs = 1.5
        expected.layout.kind = .grid
        expected.layout.columns = 4
        expected.layout.itemHeightRange = 80...240
        expected.layout.spacing = 1
        expected.layout.contentInsetTop = 10
        expected.layout.contentInsetBottom = 20
        expected.layout.viewportWidth = 430
        expected.layout.viewportHeight = 932
        expected.layout.scale = 2
        expected.cells.profile = .ios9
        expected.cells.dataPrefetch = false
        expected.cells.prefetchScreens = 2
        expected.cells.cellLeadScreens = 0.5
        expected.cells.retainScreens = 1
        expected.images = .init()
        expected.images.width = 300
        expected.images.height = 200
        expected.images.bytesMedian = 1000
        expected.images.bytesP95 = 1000
        expected.images.distinct = 7
        expected.images.zipfAlpha = 1.1
        expected.network.latencyMsMedian = 5
        expected.network.latencyMsP95 = 9
        expected.network.bandwidthMbps = 100
        expected.network.maxConnections = 1
        expected.network.failureRate = 0.25
        expected.network.offline = true
        expected.network.httpProtocol = .http2
        expected.network.rttMs = 12.5
        expected.network.idleTimeoutSeconds = 30
        expected.network.maxConcurrentStreams = 128
        expected.network.radio = .threeG
        expected.network.promotionDelay = true
        expected.disk.latencyMs = 0
        expected.disk.throughputMBps = 50
        expected.disk.queues = 8
        expected.device.decoderThreads = 4
        expected.costs.frameBaseMs = 1
        expected.costs.cellCreateMs = 2
        expected.costs.cellForItemMs = 3
        expected.costs.prepareForReuseMs = 4
        expected.costs.willDisplayMs = 5
        expected.costs.didEndDisplayingMs = 6
        expected.costs.setImageMs = 7
        expected.costs.decodeMsPerMegapixel = 8.5
        expected.costs.thumbnailMsPerMegapixel = 9
        #expect(scenario == expected)
    }

    @Test func gridWithoutColumnsGetsThreeAndIntegersMayBeWrittenAsIntegralNumbers() throws {
        let scenario = try ScenarioLoader.parse(#"{"layout": {"kind": "grid", "itemCount": 3e3}}"#, file: "g.json")
        #expect(scenario.layout.columns == 3)
        #expect(scenario.layout.itemCount == 3000)
        let other = try ScenarioLoader.parse(#"{"layout": {"itemCount": 12.0}, "seed": 0}"#, file: "g.json")
        #expect(other.layout.itemCount == 12 && other.seed == 0)
    }

    @Test func defaultNameIsTheFileBaseNameMadeSafe() throws {
        let minimal = #"{"layout":{"itemCount":1}}"#
        #expect(try ScenarioLoader.parse(minimal, file: "a/b/photo-grid.json").name == "photo-grid")
        #expect(try ScenarioLoader.parse(minimal, file: "feed").name == "feed")
        #expect(try ScenarioLoader.parse(minimal, file: "dir/a,b\"c.json").name == "a_b_c")
        #expect(try ScenarioLoader.parse(minimal, file: "dir/.json").name == "scenario")
        #expect(try ScenarioLoader.parse(#"{"name": "given", "layout":{"itemCount":1}}"#,
                                         file: "x.json").name == "given")
    }

    // MARK: Script

    @Test func scriptStepsDecodeWithTheirDefaults() throws {
        let text = """
            {"layout": {"itemCount": 100}, "script": [
              {"scrollTo": {"item": 99}},
              {"scrollTo": {"item": 0, "animated": false}},
              {"scrollTo": {"item": 5, "seconds": 1.5}},
              {"repeat": {"times": 3, "script": [{"memoryWarning": {}}, {"repeat": {"times": 2, "script": [{"pause": {"seconds": 0.5}}]}}]}}
            ]}
            """
        let scenario = try ScenarioLoader.parse(text, file: "s.json")
        #expect(
            scenario.script == [
                .scrollTo(item: 99, animated: true, seconds: 0.3),
                .scrollTo(item: 0, animated: false, seconds: 0),
                .scrollTo(item: 5, animated: true, seconds: 1.5),
                .repeatSteps(times: 3, steps: [.memoryWarning, .repeatSteps(times: 2, steps: [.pause(seconds: 0.5)])]),
            ])
    }

    @Test func repeatsNestUpToEightDeep() throws {
        func nested(_ depth: Int) -> String {
            var step = #"{"pause": {"seconds": 1}}"#
            for _ in 0..<depth { step = #"{"repeat": {"times": 1, "script": [\#(step)]}}"# }
            return #"{"layout": {"itemCount": 1}, "script": [\#(step)]}"#
        }
        #expect(throws: Never.self) { try ScenarioLoader.parse(nested(8), file: "r.json") }
        let path = "script[0]" + String(repeating: ".repeat.script[0]", count: 8) + ".repeat"
        #expect(failure(nested(9))?.description == "scenario.json: \(path): repeats can be nested at most 8 deep")
    }

    @Test func expandedScriptLimits() {
        let tooManySteps = """
            {"layout": {"itemCount": 1}, "script": [{"repeat": {"times": 1001, "script": [
              {"repeat": {"times": 1000, "script": [{"memoryWarning": {}}]}}]}}]}
            """
        #expect(
            failure(tooManySteps)?.description
                == "scenario.json: script: expands to 1001000 steps once repeats are unrolled; at most 1000000 are "
                    + "allowed")
        let exactlyAMillion = """
            {"layout": {"itemCount": 1}, "script": [{"repeat": {"times": 1000, "script": [
              {"repeat": {"times": 1000, "script": [{"memoryWarning": {}}]}}]}}]}
            """
        #expect(failure(exactlyAMillion) == nil)

        let overflowing = """
            {"layout": {"itemCount": 1}, "script": [{"repeat": {"times": 100000, "script": [{"repeat": {"times": 100000,
              "script": [{"repeat": {"times": 100000, "script": [{"repeat": {"times": 100000, "script": [{"fling": {"velocity": 1}}]}}]}}]}}]}}]}
            """
        #expect(
            failure(overflowing)?.description
                == "scenario.json: script: expands to more than 9223372036854775807 steps once repeats are unrolled; "
                    + "at most 1000000 are allowed"
        )

        let tooLong = """
            {"layout": {"itemCount": 1}, "script": [{"drag": {"velocity": 0, "seconds": 3600}},
              {"repeat": {"times": 24, "script": [{"pause": {"seconds": 3600}}]}}]}
            """
        #expect(
            failure(tooLong)?.description
                == "scenario.json: script: drags, pauses, flings, animated scrolls, replays and users last 90000 s "
                    + "once repeats are unrolled; at most 10800 s (3 hours) are allowed"
        )
        // Flings count with their duration until |v| < 10 pt/s: 3000 flings at 100000 pt/s last
        // ln(10/100000) / (1000 ln 0.998) = 4.6 s each, 13 800 s in all.
        let manyFlings = """
            {"layout": {"itemCount": 1}, "script": [{"repeat": {"times": 3000, "script": [{"fling": {"velocity": 100000}}]}}]}
            """
        #expect(failure(manyFlings)?.description.hasPrefix("scenario.json: script: drags, pauses, flings, animated "
            + "scrolls, replays and users last 13") == true)
    }

    // MARK: Pinned error texts

    /// Each invalid scenario and the exact error it gets.
    static let invalidScenarios: [(text: String, message: String)] = [
        // Unknown keys
        (
            #"{"layout": {"itemCont": 5}}"#,
            "scenario.json: layout.itemCont: unknown key; did you mean 'itemCount'?"
        ),
        (
            #"{"Layout": {"itemCount": 5}}"#,
            "scenario.json: Layout: unknown key; did you mean 'layout'?"
        ),
        (
            #"{"layout": {"itemCount": 5, "rows": 2}}"#,
            "scenario.json: layout.rows: unknown key; allowed keys: kind, columns, itemCount, catalog, itemHeight, "
                + "itemHeightRange, spacing, contentInset, viewport"
        ),
        (
            #"{"layout": {"itemCount": 5, "viewport": {"with": 300}}}"#,
            "scenario.json: layout.viewport.with: unknown key; did you mean 'width'?"
        ),
        (
            #"{"cost": {}, "layout": {"itemCount": 5}}"#,
            "scenario.json: cost: unknown key; did you mean 'costs'?"
        ),
        (
            #"{"my key": 1}"#,
            #"scenario.json: ["my key"]: unknown key; allowed keys: $schema, name, description, seed, display, "#
                + #"layout, cells, images, network, disk, device, costs, script, strategies"#
        ),
        // Types
        (
            #"{"layout": {"itemCount": "10"}}"#,
            "scenario.json: layout.itemCount: expected an integer, found a string"
        ),
        (
            #"{"layout": {"itemCount": 10, "spacing": "2"}}"#,
            "scenario.json: layout.spacing: expected a number, found a string"
        ),
        (
            #"{"layout": {"itemCount": 10}, "cells": {"dataPrefetch": 1}}"#,
            "scenario.json: cells.dataPrefetch: expected true or false, found a number"
        ),
        (
            #"{"layout": [10]}"#,
            "scenario.json: layout: expected an object, found an array"
        ),
        (
            #"{"layout": {"itemCount": 10}, "name": null}"#,
            "scenario.json: name: expected a string, found null"
        ),
        ("[]", "scenario.json: the top level must be a JSON object {…}, found an array"),
        // Integer ranges, from the exact text
        (
            #"{"layout": {"itemCount": 1000000000000}}"#,
            "scenario.json: layout.itemCount: must be an integer from 1 to 10000000, found 1000000000000"
        ),
        (
            #"{"layout": {"itemCount": 1e12}}"#,
            "scenario.json: layout.itemCount: must be an integer from 1 to 10000000, found 1e12"
        ),
        (
            #"{"layout": {"itemCount": 2.5}}"#,
            "scenario.json: layout.itemCount: must be an integer from 1 to 10000000, found 2.5"
        ),
        (
            #"{"layout": {"itemCount": 0}}"#,
            "scenario.json: layout.itemCount: must be an integer from 1 to 10000000, found 0"
        ),
        (
            #"{"seed": 18446744073709551616, "layout": {"itemCount": 1}}"#,
            "scenario.json: seed: must be an integer from 0 to 18446744073709551615, found 18446744073709551616"
        ),
        (
            #"{"seed": -1, "layout": {"itemCount": 1}}"#,
            "scenario.json: seed: must be an integer from 0 to 18446744073709551615, found -1"
        ),
        (
            #"{"display": {"refreshHz": 241}, "layout": {"itemCount": 1}}"#,
            "scenario.json: display.refreshHz: must be an integer from 1 to 120, found 241"
        ),
        // Number ranges and finiteness
        (
            #"{"layout": {"itemCount": 1, "viewport": {"width": 0}}}"#,
            "scenario.json: layout.viewport.width: must be a number greater than 0 and at most 10000, found 0"
        ),
        (
            #"{"layout": {"itemCount": 1}, "costs": {"setImageMs": 1e999}}"#,
            "scenario.json: costs.setImageMs: must be a number from 0 to 10000, found 1e999"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"failureRate": 1.5}}"#,
            "scenario.json: network.failureRate: must be a number from 0 to 1, found 1.5"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"protocol": "http3"}}"#,
            "scenario.json: network.protocol: must be 'http1.1' or 'http2', found 'http3'"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"protocol": 2}}"#,
            "scenario.json: network.protocol: expected a string, found a number"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"rttMs": -1}}"#,
            "scenario.json: network.rttMs: must be a number from 0 to 60000, found -1"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"rttMs": null}}"#,
            "scenario.json: network.rttMs: expected a number, found null"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"idleTimeoutSeconds": 1e6}}"#,
            "scenario.json: network.idleTimeoutSeconds: must be a number from 0 to 86400, found 1e6"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"maxConcurrentStreams": 0}}"#,
            "scenario.json: network.maxConcurrentStreams: must be an integer from 1 to 1000, found 0"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"maxConcurrentStreams": 1.5}}"#,
            "scenario.json: network.maxConcurrentStreams: must be an integer from 1 to 1000, found 1.5"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"protcol": "http2"}}"#,
            "scenario.json: network.protcol: unknown key; did you mean 'protocol'?"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"radio": "LTE"}}"#,
            "scenario.json: network.radio: must be 'lte', '3g', '5g' or 'wifi', found 'LTE'; did you mean 'lte'?"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"radio": "wi-fi"}}"#,
            "scenario.json: network.radio: must be 'lte', '3g', '5g' or 'wifi', found 'wi-fi'; did you mean 'wifi'?"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"radio": "satellite"}}"#,
            "scenario.json: network.radio: must be 'lte', '3g', '5g' or 'wifi', found 'satellite'"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"radio": 5}}"#,
            "scenario.json: network.radio: expected a string, found a number"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"promotionDelay": "yes"}}"#,
            "scenario.json: network.promotionDelay: expected true or false, found a string"
        ),
        (
            #"{"layout": {"itemCount": 1}, "network": {"radios": "lte"}}"#,
            "scenario.json: network.radios: unknown key; did you mean 'radio'?"
        ),
        (
            #"{"layout": {"itemCount": 1}, "images": {"bytesMedian": 2e9}}"#,
            "scenario.json: images.bytesMedian: must be a number from 1 to 1000000000, found 2e9"
        ),
        // Syntax (whole-file problems have no path)
        (
            #"{"layout": {"itemCount": NaN}}"#,
            "scenario.json: invalid JSON at line 1, column 26: 'NaN' is not allowed: JSON numbers must be finite"
        ),
        (
            "{\n  \"layout\": {\"itemCount\": 1},\n  \"seed\": 7\n  \"name\": \"x\"\n}",
            #"scenario.json: invalid JSON at line 4, column 3: expected ',' or '}' after an object member, found '"'"#
        ),
        (
            #"{"seed": 1, "seed": 2, "layout": {"itemCount": 1}}"#,
            "scenario.json: invalid JSON at line 1, column 13: duplicate key 'seed'"
        ),
        // Required and cross-member rules
        (
            #"{"layout": {"kind": "grid"}}"#,
            "scenario.json: layout.itemCount: required key is missing; expected an integer from 1 to 10000000 (or give "
                + "layout.catalog instead)"
        ),
        (
            #"{"seed": 3}"#,
            "scenario.json: layout.itemCount: required key is missing; expected an integer from 1 to 10000000 (or give "
                + "layout.catalog instead)"
        ),
        (
            #"{"layout": {"itemCount": 9, "columns": 3}}"#,
            #"scenario.json: layout.columns: must be 1 for a list layout (set "kind": "grid" for more), found 3"#
        ),
        (
            #"{"layout": {"itemCount": 9, "itemHeightRange": [40, 80], "itemHeight": 50}}"#,
            "scenario.json: layout.itemHeight: cannot be combined with itemHeightRange; give one or the other"
        ),
        (
            #"{"layout": {"itemCount": 9, "itemHeightRange": [80, 40]}}"#,
            "scenario.json: layout.itemHeightRange: min must not exceed max, found [80, 40]"
        ),
        (
            #"{"layout": {"itemCount": 9, "itemHeightRange": [80]}}"#,
            "scenario.json: layout.itemHeightRange: must be an array [min, max] of two numbers, found 1 elements"
        ),
        (
            #"{"layout": {"itemCount": 9, "itemHeightRange": [0, 80]}}"#,
            "scenario.json: layout.itemHeightRange[0]: must be a number from 1 to 10000, found 0"
        ),
        (
            #"{"layout": {"itemCount": 9}, "images": {"bytesP95": 100000}}"#,
            "scenario.json: images.bytesP95: must be at least bytesMedian (150000, the default), found 100000"
        ),
        (
            #"{"layout": {"itemCount": 9}, "network": {"latencyMsP95": 50, "latencyMsMedian": 60}}"#,
            "scenario.json: network.latencyMsP95: must be at least latencyMsMedian (60), found 50"
        ),
        (
            #"{"layout": {"itemCount": 9}, "network": {"latencyMsMedian": 500}}"#,
            "scenario.json: network.latencyMsMedian: must not exceed latencyMsP95 (400, the default), found 500; set "
                + "latencyMsP95 too"
        ),
        // Enumerations
        (
            #"{"layout": {"itemCount": 9}, "cells": {"profile": "ios16"}}"#,
            "scenario.json: cells.profile: must be 'ios9', 'ios10' or 'ios15', found 'ios16'"
        ),
        (
            #"{"layout": {"itemCount": 9, "kind": "table"}}"#,
            "scenario.json: layout.kind: must be 'list' or 'grid', found 'table'"
        ),
        // Names
        (
            #"{"name": "a,b", "layout": {"itemCount": 9}}"#,
            "scenario.json: name: must be 1 to 200 printable characters without commas, quotes, slashes or line breaks "
                + "(it is used in CSV reports and file names), found 'a,b'"
        ),
        (
            #"{"name": "two\nlines", "layout": {"itemCount": 9}}"#,
            #"scenario.json: name: must be 1 to 200 printable characters without commas, quotes, slashes or line "#
                + #"breaks (it is used in CSV reports and file names), found 'two\nlines'"#
        ),
        (
            #"{"name": "", "layout": {"itemCount": 9}}"#,
            "scenario.json: name: must be 1 to 200 printable characters without commas, quotes, slashes or line breaks "
                + "(it is used in CSV reports and file names), found ''"
        ),
        // Script
        (
            #"{"layout": {"itemCount": 9}, "script": [{"pause": {"seconds": 1}}, {"swipe": {}}]}"#,
            "scenario.json: script[1].swipe: unknown step kind; allowed step kinds: drag, fling, pause, scrollTo, "
                + "repeat, memoryWarning, replay, user"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"flnig": {"velocity": 1}}]}"#,
            "scenario.json: script[0].flnig: unknown step kind; did you mean 'fling'?"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"drag": {"velocity": 1, "seconds": -0.5}}]}"#,
            "scenario.json: script[0].drag.seconds: must be a number greater than 0 and at most 3600, found -0.5"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"drag": {"velocity": 1}}]}"#,
            "scenario.json: script[0].drag.seconds: required key is missing; expected a number greater than 0 and at "
                + "most 3600"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"pause": {"seconds": 1}}, {"pause": {"seconds": 1}}, {"fling": "#
                + #"{"velocity": 200000}}]}"#,
            "scenario.json: script[2].fling.velocity: must be a number from -100000 to 100000, found 200000"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"fling": {"velocity": 100, "deceleration": "slow"}}]}"#,
            "scenario.json: script[0].fling.deceleration: must be 'normal' or 'fast', found 'slow'"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": [{"pause": {}}, {"pause": "#
                + #"{"seconds": 0}}]}}]}"#,
            "scenario.json: script[0].repeat.script[0].pause.seconds: required key is missing; expected a number "
                + "greater than 0 and at most 3600"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": [{"pause": {"seconds": 1}}, "#
                + #"{"pause": {"seconds": 0}}]}}]}"#,
            "scenario.json: script[0].repeat.script[1].pause.seconds: must be a number greater than 0 and at most "
                + "3600, found 0"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"times": 2, "script": []}}]}"#,
            "scenario.json: script[0].repeat.script: must list at least one step"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"repeat": {"script": [{"memoryWarning": {}}]}}]}"#,
            "scenario.json: script[0].repeat.times: required key is missing; expected an integer from 1 to 100000"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"drag": {"velocity": 1, "seconds": 1}, "pause": {"seconds": "#
                + #"1}}]}"#,
            "scenario.json: script[0]: a step must have exactly one key naming its kind (drag, fling, pause, scrollTo, "
                + "repeat, memoryWarning, replay, user); found 2: 'drag', 'pause'"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{}]}"#,
            "scenario.json: script[0]: a step must have exactly one key naming its kind (drag, fling, pause, scrollTo, "
                + "repeat, memoryWarning, replay, user); found none"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": ["pause"]}"#,
            #"scenario.json: script[0]: expected a step such as {"pause": {"seconds": 1}}, found a string"#
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"memoryWarning": {"level": 2}}]}"#,
            "scenario.json: script[0].memoryWarning: must be an empty object {}: memoryWarning takes no parameters"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"memoryWarning": null}]}"#,
            "scenario.json: script[0].memoryWarning: expected an empty object {}, found null"
        ),
        (
            #"{"script": [{"scrollTo": {"item": 9}}], "layout": {"itemCount": 9}}"#,
            "scenario.json: script[0].scrollTo.item: must be an integer from 0 to 8 (below layout.itemCount), found 9"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"scrollTo": {"item": 1, "animated": false, "seconds": 1}}]}"#,
            "scenario.json: script[0].scrollTo.seconds: only allowed when animated is true (a jump takes no time)"
        ),
        (
            #"{"layout": {"itemCount": 9}, "script": [{"scrollTo": {"item": 1, "seconds": 61}}]}"#,
            "scenario.json: script[0].scrollTo.seconds: must be a number greater than 0 and at most 60, found 61"
        ),
        // Strategies
        (
            #"{"layout": {"itemCount": 9}, "strategies": []}"#,
            "scenario.json: strategies: must list at least one strategy (leave the key out to run every built-in "
                + "strategy)"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": ["a", {"memoryCacheMB": 5}]}"#,
            "scenario.json: strategies[1].name: required key is missing; expected the strategy's name, a string"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": ["a", {"name": 5}]}"#,
            "scenario.json: strategies[1].name: expected a string, found a number"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": ["nuke,fast"]}"#,
            "scenario.json: strategies[0]: must be 1 to 200 printable characters without commas, quotes, slashes or "
                + "line breaks (it is used in CSV reports and file names), found 'nuke,fast'"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": [3]}"#,
            #"scenario.json: strategies[0]: expected a strategy name or an object with a "name", found a number"#
        ),
        // Labels
        (
            #"{"layout": {"itemCount": 9}, "strategies": [{"name": "nuke", "label": "a/b"}]}"#,
            "scenario.json: strategies[0].label: must be 1 to 200 printable characters without commas, quotes, slashes "
                + "or line breaks (it is used in CSV reports and file names), found 'a/b'"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": [{"name": "nuke", "label": 3}]}"#,
            "scenario.json: strategies[0].label: expected a string, found a number"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": [{"name": "nuke", "label": "t"}, {"name": "kingfisher", "#
                + #""label": "t"}]}"#,
            "scenario.json: strategies[1].label: 't' is already the label of strategies[0]; labels must be unique in a "
                + "scenario and must not repeat another entry's name"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": ["nuke", {"name": "kingfisher", "label": "nuke"}]}"#,
            "scenario.json: strategies[1].label: 'nuke' is already the name of strategies[0]; labels must be unique in "
                + "a scenario and must not repeat another entry's name"
        ),
        (
            #"{"layout": {"itemCount": 9}, "strategies": [{"name": "kingfisher", "label": "nuke"}, "naive", {"name": "#
                + #""nuke"}]}"#,
            "scenario.json: strategies[2]: 'nuke' is already the label of strategies[0]; labels must be unique in a "
                + "scenario and must not repeat another entry's name"
        ),
    ]

    @Test(arguments: invalidScenarios)
    func rejectsWithAnExactMessage(text: String, message: String) {
        let error = failure(text)
        #expect(error?.description == message)
        #expect(error?.kind == .invalid)
    }

    @Test func syntaxErrorsHaveAnEmptyPathAndContentErrorsAPath() {
        #expect(failure("{")?.path == "")
        #expect(failure("[]")?.path == "")
        #expect(failure(#"{"layout": {"itemCount": 0}}"#)?.path == "layout.itemCount")
    }

    @Test func theFirstErrorInFileOrderIsReported() {
        // Given two errors, the one earlier in the file wins, whichever section it is in
        let text = #"{"network": {"maxConnections": 0}, "layout": {"itemCount": 0}}"#
        #expect(failure(text)?.path == "network.maxConnections")
        let swapped = #"{"layout": {"itemCount": 0}, "network": {"maxConnections": 0}}"#
        #expect(failure(swapped)?.path == "layout.itemCount")
    }

    @Test func strategyParametersAreKeptVerbatimAndInOrder() throws {
        let text = #"{"layout": {"itemCount": 1}, "strategies": [{"z": [1, {"k": null}], "name": "s", "a": "x", "m": "#
            + #"1.50}]}"#
        let spec = try #require(try ScenarioLoader.parse(text, file: "s.json").strategies.first)
        #expect(spec.name == "s" && spec.path == "strategies[0]")
        #expect(spec.parameters.map(\.key) == ["z", "a", "m"])
        #expect(spec.parameters[0].value == .array([.number(1, text: "1"), .object([("k", .null)])]))
        #expect(spec.parameters[2].value == .number(1.5, text: "1.50"))
        if case .number(_, let text) = spec.parameters[2].value { #expect(text == "1.50") }
    }

    @Test func aLabelNamesTheEntryAndIsNotAParameter() throws {
        // Given the default and a tuned configuration of one strategy, and a label equal to its own name
        let text = #"{"layout": {"itemCount": 1}, "strategies": ["kingfisher", {"name": "kingfisher", "label": "#
            + #""kingfisher-tuned", "downsample": true}, {"label": "nuke", "name": "nuke"}]}"#
        let specs = try ScenarioLoader.parse(text, file: "s.json").strategies
        #expect(specs.map(\.displayName) == ["kingfisher", "kingfisher-tuned", "nuke"])
        #expect(specs.map(\.name) == ["kingfisher", "kingfisher", "nuke"])
        #expect(specs[1].label == "kingfisher-tuned" && specs[1].parameters.map(\.key) == ["downsample"])
        #expect(specs[0].label == nil && specs[2].parameters.isEmpty)
        // Two unlabelled entries of one strategy are refused here, so validate and run agree (issue 8)
        let twice = failure(#"{"layout": {"itemCount": 1}, "strategies": ["nuke", {"name": "nuke"}]}"#)
        #expect(twice?.path == "strategies[1]")
        #expect(twice?.message == "'nuke' is already listed at strategies[0]; list each strategy once, "
                + "or give each entry of it a distinct \"label\"")
    }

    // MARK: Helpers

    @Test func exactIntegerReadsTextWithoutRounding() {
        let cases: [(String, Bool, UInt64)?] = [
            ("18446744073709551615", false, .max), ("9007199254740993", false, 9_007_199_254_740_993),
            ("-9223372036854775808", true, 9_223_372_036_854_775_808), ("1.5e1", false, 15),
            ("0e999999999999", false, 0),
            ("-0.0", true, 0), ("120e-1", false, 12),
        ]
        for case let (text, isNegative, magnitude)? in cases {
            let exact = ScenarioDecoder.exactInteger(text)
            #expect(exact?.isNegative == isNegative && exact?.magnitude == magnitude, "\(text)")
        }
        for text in ["18446744073709551616", "1.5", "1e-1", "1e20", "1e999999999999999999", "-"] {
            #expect(ScenarioDecoder.exactInteger(text) == nil, "\(text)")
        }
        #expect(ScenarioDecoder.exactInteger("-9223372036854775808")?.asInt == .min)
        #expect(ScenarioDecoder.exactInteger("9223372036854775808")?.asInt == nil)
    }
}
