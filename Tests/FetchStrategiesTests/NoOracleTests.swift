import Foundation
import ScrollSimCore
import ScrollSimTestSupport
import Testing

/// No oracles: a strategy can reach only what an app can know (docs/model.md, "What a strategy
/// can know"). The guarantee is the compiler's: strategies live in their own module and import
/// `ScrollSimCore` without `@testable`, so only public declarations exist for them, and
/// `FetchEnvironment`'s public surface is the list below. This suite pins that list, so that a
/// member added to it (a `scenario`, an image's encoded size, a cost, the seed) fails here and is
/// reviewed against the rule.
@Suite struct NoOracleTests {
    /// The repository's `Sources/ScrollSimCore` directory.
    static let core = URL(fileURLWithPath: packagePath("Sources/ScrollSimCore"))

    /// The names of the public members declared in `FetchEnvironment`'s body, in file order.
    static func publicMembersOfFetchEnvironment() throws -> [String] {
        let text = try String(contentsOf: core.appendingPathComponent("Fetching/FetchEnvironment.swift"),
                              encoding: .utf8)
        let body = try #require(text.range(of: "public final class FetchEnvironment {"))
        var names: [String] = []
        for line in text[body.upperBound...].split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.count >= 3, words[0] == "public", ["var", "let", "func"].contains(words[1]) else { continue }
            names.append(String(words[2].prefix { $0.isLetter || $0.isNumber }))
        }
        return names
    }

    @Test func theEnvironmentOffersOnlyWhatAnAppCanKnow() throws {
        let names = try Self.publicMembersOfFetchEnvironment()
        // Clock and display; the device; the layout, the images' pixel size and identity; the
        // services that charge the modelled costs; cells; memory accounting; request records
        #expect(names == [
            "now", "display", "isOnMainThread", "device", "availableMemoryBytes",
            "imageID", "imagePixelSize", "cellPixelSize", "layout",
            "makeBundledThumbnail", "makeUndecodedImage", "makeUndecodedImage", "pixelSize",
            "makeSession", "sharedSession", "readDisk", "readDisk", "writeDisk", "writeDisk", "decode", "decode",
            "async", "async",
            "schedule",
            "chargeMainThread", "chargeCellConfiguration",
            "setImage", "setImageOnMain", "image", "representedIdentifier", "setRepresentedIdentifier",
            "retain", "release", "chargeMemory", "releaseMemory", "record",
        ])
        for forbidden in ["scenario", "encodedBytes", "seed", "costs", "network", "disk", "images"] {
            #expect(!names.contains(forbidden))
        }
    }

    /// The names of the public members declared in the body of `type` in `file` (under
    /// `Sources/ScrollSimCore`), in file order, nested types included.
    static func publicMembers(of type: String, in file: String) throws -> [String] {
        let text = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
        let body = try #require(text.range(of: "public final class \(type) {")
                                ?? text.range(of: "public struct \(type) {"))
        var names: [String] = []
        var depth = 1
        for line in text[body.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let words = trimmed.split(separator: " ")
            if words.count >= 3, words[0] == "public", ["var", "let", "func", "struct", "init"].contains(words[1]) {
                names.append(String(words[2].prefix { $0.isLetter || $0.isNumber }))
            } else if words.count >= 1, words[0].hasPrefix("public"), trimmed.hasPrefix("public init") {
                names.append("init")
            }
            depth += trimmed.filter { $0 == "{" }.count - trimmed.filter { $0 == "}" }.count
            if depth <= 0 { break }
        }
        return names
    }

    @Test func theObjectsAStrategyHoldsRevealNothingOfTheScenario() throws {
        // A session: its own configuration, a request, the metrics of its own requests; no
        // network figure (latency, bandwidth, protocol, loss)
        #expect(try Self.publicMembers(of: "NetworkSession", in: "Resources/NetworkSession.swift") == [
            "Configuration", "name", "httpMaximumConnectionsPerHost", "urlCache", "init", "name",
            "httpMaximumConnectionsPerHost", "metricsHandler", "urlCache", "hasCachedResponse", "outcomeOfLoad", "load",
            "load", "load",
        ])
        // A request: identity, state, priority, cancel, and (as `URLSessionTask`) the body bytes
        // received so far and the length its response announced, unknown (−1) before the response;
        // no draw (its latency, failure)
        #expect(try Self.publicMembers(of: "NetworkTask", in: "Resources/NetworkModel.swift") == [
            "id", "imageID", "isFinished", "priority", "countOfBytesReceived", "countOfBytesExpectedToReceive",
            "cancel", "setPriority",
        ])
        // A disk or decode job: identity, state, cancel; no duration
        #expect(try Self.publicMembers(of: "PoolTask", in: "Resources/ServerPool.swift") == [
            "id", "isFinished", "cancel",
        ])
    }

    @Test func noStrategySourceReachesTheSimulationsInternals() throws {
        // Strategies import the core without @testable and never name the scenario, the seed's
        // streams, the network's draws or the simulator (a run is built by the caller, never
        // by a strategy)
        let strategies = Self.core.deletingLastPathComponent().appendingPathComponent("FetchStrategies")
        let files = try #require(FileManager.default.enumerator(atPath: strategies.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: strategies.appendingPathComponent(file), encoding: .utf8)
            for forbidden in ["@testable", "RandomStreams", "NetworkDraw", "SimulationRun", "Simulator",
                              "ScenarioLoader", "Scenario.", ": Scenario", "encodedBytes(ofImage"] {
                #expect(!Self.mentions(text, forbidden), "\(file) mentions \(forbidden)")
            }
        }
    }

    /// Whether `text` holds `name` not followed by a letter or digit (`: Scenario` is the type,
    /// `: ScenarioSchema` the schema's description of one, which strategies may produce).
    static func mentions(_ text: String, _ name: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.range(of: name) {
            let next = rest[range.upperBound...].first
            if name.last?.isLetter != true || !(next?.isLetter == true || next?.isNumber == true) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func whatARequestTeachesIsWhatURLSessionTaskMetricsGives() {
        // The metrics a session hands its strategy carry timings, a byte count, reuse and the
        // outcome: no latency draw, no bandwidth, no image size before the download
        let labels = Mirror(reflecting: TaskMetrics(imageID: 0, fetchStart: 0, requestStart: nil, responseStart: nil,
                                                    responseEnd: nil, bytesReceived: 0, isReusedConnection: false,
                                                    outcome: .completed)).children.compactMap(\.label)
        #expect(labels == ["imageID", "fetchStart", "connectStart", "connectEnd", "requestStart", "responseStart",
                           "responseEnd", "bytesReceived", "isReusedConnection", "outcome"])
    }
}
